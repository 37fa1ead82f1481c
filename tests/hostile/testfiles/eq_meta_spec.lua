-- Values whose metamethods loop, handed to the runner's eq and refused
local spin = function() while true do end end
local v = setmetatable({}, { __index = spin, __len = spin, __eq = spin, __tostring = spin, __concat = spin })
test("eq of a looping value", function() eq(v, { a = 1 }) end)
