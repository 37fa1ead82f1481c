-- [5.0] Zone of control: the three hexes of a fighting unit's front zone
-- [4.1] [5.11]; several overlap without effect [5.12]; a unit's ZoC does
-- not affect its own side [5.13].  Commanders and wagons have none [9.12]
-- [11.11].
local M = {}

function M.has_zoc(u) return rules.units.is_field(u) and u.hex ~= nil and u.facing >= 0 end

-- Whether u's ZoC covers hex h.
function M.covers(u, h)
  return rules.zoc.has_zoc(u) and bitwa.hex.in_front(u.hex, u.facing, h)
end

-- The units of side's enemy whose ZoC covers h, in id order.
function M.enemies_covering(h, side)
  local out = {}
  for _, d in ipairs(bitwa.hex.neighbours(h)) do
    for _, e in ipairs(rules.units.field_units_at(d)) do
      if e.side ~= side and rules.zoc.covers(e, h) then out[#out + 1] = e end
    end
  end
  table.sort(out, function(a, b) return a.id < b.id end)
  return out
end

function M.in_enemy_zoc(h, side) return #rules.zoc.enemies_covering(h, side) > 0 end

-- The enemy fighting units in u's ZoC.
function M.enemies_in_zoc(u)
  local out = {}
  if not rules.zoc.has_zoc(u) then return out end
  for _, h in ipairs(bitwa.hex.front_area(u.hex, u.facing)) do
    for _, e in ipairs(rules.units.field_units_at(h)) do
      if e.side ~= u.side then out[#out + 1] = e end
    end
  end
  return out
end

return M
