-- (being written)
local M = {}
function M.end_of_turn() end
return M
