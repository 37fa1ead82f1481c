local M = {}
function M.spin()
  local n = 0
  while true do n = n + 1 end
end
return M
