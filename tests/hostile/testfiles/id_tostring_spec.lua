-- A test id that is not a string (its __tostring loops)
local id = setmetatable({}, { __tostring = function() while true do end end })
test(id, function() ok(false, "fails") end)
