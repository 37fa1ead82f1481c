-- (being written)
local M = {}
function M.setup() end
function M.follow() end
function M.on_eliminated() end
return M
