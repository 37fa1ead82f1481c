-- (being written)
local M = {}
function M.setup() end
return M
