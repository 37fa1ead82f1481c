-- (being written)
local M = {}
function M.check_mandatory() end
return M
