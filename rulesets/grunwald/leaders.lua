-- (being written)
local M = {}
return M
