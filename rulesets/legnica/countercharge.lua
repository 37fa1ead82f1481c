-- [5.7.1] Legnica: a countercharge is made "on currently moving enemy
-- cavalry unit" (LG L590): a moving leader or foot unit cannot be
-- countercharged.
local M = inherit()

local base_can_target, base_barred = M.can_target, M.barred

function M.can_target(mover, side)
  if not base_can_target(mover, side) then return false end
  return rules.units.is_cavalry(mover)
end

-- A countercharge is a move: a unit the scenario's opening turns hold
-- back does not countercharge (rules.phases.held).
function M.barred(cc)
  if rules.phases.held(cc) then return true, "scenario" end
  return base_barred(cc)
end

return M
