-- (being written)
local M = {}
function M.setup() end
function M.options() return {} end
return M
