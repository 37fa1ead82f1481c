scenario { title = "Errors", map = "skirmish", turns = 1 }
local ok = pcall(error, {})
local ok2 = pcall(error)
local ok3 = pcall(error, "plain", 0)
error(setmetatable({}, { __tostring = function () while true do end end }))
