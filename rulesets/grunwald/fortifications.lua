-- (being written)
local M = {}
function M.start_of_movement() end
return M
