-- (being written)
local M = {}
function M.refresh() end
return M
