scenario { title = "Loops", map = "skirmish", turns = 1 }
local n = 0
while true do n = n + 1 end
