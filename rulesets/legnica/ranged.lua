-- [10] Ranged units in Legnica: the English rules renumbered (chapter 11
-- there), with scatter for disorganization (condition.disorganize) and
-- no "stopped" result: a crossbow hit's 6 scatters the target [10.6.2],
-- which leaves the map, so there is nothing left to stop.
local M = inherit()

local base_stop = M.stop

function M.stop(u, rule)
  if u.hex == nil then return end
  return base_stop(u, rule)
end

return M
