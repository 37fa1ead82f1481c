-- a field of the module table, set through the module's own upvalue
local M = {}
M.count = 0
function M.bump() M.count = M.count + 1 end
wrap("movement.move", function(orig, ...)
  M.bump()
  return orig(...)
end)
return M
