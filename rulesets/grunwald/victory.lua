-- (being written)
local M = {}
function M.on_elimination() end
function M.end_of_turn() end
function M.game_end() end
return M
