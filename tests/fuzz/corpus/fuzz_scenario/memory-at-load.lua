scenario { title = "Hungry", map = "skirmish", turns = 1 }
local t = {}
for i = 1, 300 do t[i] = string.rep("x", 10000000) end
