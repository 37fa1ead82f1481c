scenario { title = "Checks", map = "skirmish", turns = 2 }
local function need(v, what) if v == nil then error(what .. " is required", 0) end return v end
unit { "R1", side = "A", kind = "infantry", hex = need(nil, "a hex") }
