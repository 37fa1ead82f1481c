-- [5.8] Ride-down in Legnica: cavalry with CF above 1 "can ride down"
-- [5.8.1] only when the CM its CF gives (5.6.4, 5.6.5) plus its armour,
-- less the terrain's defence and the armour of the units ridden down, is
-- above 0 [5.8.2].  In pursuit or retreat entering is enough [5.8.7]
-- (A-040: no 5.8.2 test there), as in the English rules.
local M = inherit()

local base_check = M.check

-- The 5.8.2 value for cav entering hex (keep: the move's CF choice): its
-- CF as it stands after entering (uphill -1 included: example b), its CM
-- capped at armour + 1, + armour, - the terrain CM the hex's units get
-- against cav, - their (group, 1.7) armour.
function M.margin(cav, hex, how, keep)
  local A = rules.arith
  local cf = rules.charge.cf_after_enter(cav, cav.hex, hex, how, keep)
  local cm = A.cf_cm(cf, cav.armour, { horse_archers = cav.kind == "horse_archers" })
  local armours = {}
  for _, v in ipairs(rules.ride_down.targets(hex)) do armours[#armours + 1] = v.armour end
  local target_armour = #armours > 0 and A.mean(armours) or 0
  local terrain = rules.combat.terrain_cm({ cav }, hex)
  return cm + cav.armour - terrain - target_armour, cm, terrain, target_armour
end

function M.check(cav, hex, how, keep)
  local ok, rule, why = base_check(cav, hex, how, keep)
  if not ok or how == "pursuit" or how == "retreat" then return ok, rule, why end
  local m, cm, terrain, armour = rules.ride_down.margin(cav, hex, how, keep)
  if m <= rules.tables.ride_down.margin then
    return false, "=5.8.2", string.format("%s cannot ride down the units on %s: CM from CF %d + armour %d" ..
      " - terrain %d - their armour %d = %d, not above 0", cav.name, hex.label, cm, cav.armour, terrain, armour, m)
  end
  return true
end

return M
