-- [5.7.1] Legnica: a countercharge is made "on currently moving enemy
-- cavalry unit" (LG L590): a moving leader or foot unit cannot be
-- countercharged.
local M = inherit()

local base_can_target = M.can_target

function M.can_target(mover, side)
  if not base_can_target(mover, side) then return false end
  return rules.units.is_cavalry(mover)
end

return M
