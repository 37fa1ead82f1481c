-- (being written)
local M = {}
function M.options() return {} end
return M
