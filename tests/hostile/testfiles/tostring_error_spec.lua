-- Error values whose __tostring loops: raised by a test, and by the
-- file itself; the runner shows neither by its __tostring.
local evil = setmetatable({}, { __tostring = function() while true do end end })
test("an error value that loops", function() error(evil) end)
error(evil)
