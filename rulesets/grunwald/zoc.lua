-- [3.0] Zone of control: front area only [3.2.1], none for archers,
-- crossbowmen and bombards [3.2.2] (nor for leaders, banners [7.1.2]
-- [8.1.1] and panicked units [10.2.1]), not through rivers [3.2.3].
local M = {}

function M.has_zoc(u)
  if not rules.units.is_field(u) or u.hex == nil then return false end
  if u.kind == "archers" or u.kind == "crossbowmen" or u.kind == "bombards" then return false end
  if rules.units.is_panicked(u) then return false end
  return true
end

-- Whether u's ZoC covers hex h.
function M.covers(u, h)
  if not rules.zoc.has_zoc(u) then return false end
  if not bitwa.hex.in_front(u.hex, u.facing, h) then return false end
  local dir = bitwa.hex.direction(u.hex, h)
  for _, f in ipairs(rules.tables.zoc.blocked_by) do
    if bitwa.map.has_edge(u.hex, dir, f) then return false end
  end
  return true
end

-- The enemy units (of `side`'s enemy) whose ZoC covers h, in id order:
-- field units next to h (a ZoC is the front area [3.2.1]), found with one
-- query of the units around h (each asked here, with no list of the
-- field units made first).
function M.enemies_covering(h, side, filter)
  local out = {}
  if bitwa.hex.on_map(h) then
    local U, covers = rules.units, rules.zoc.covers
    local near = bitwa.units { near = h, within = 1 }
    for i = 1, #near do
      local e = near[i]
      if e.side ~= side and e.hex ~= h and U.is_field(e) and covers(e, h) and (not filter or filter(e)) then
        out[#out + 1] = e
      end
    end
    return out
  end
  for _, d in ipairs(bitwa.hex.neighbours(h)) do
    for _, e in ipairs(rules.units.field_units_at(d)) do
      if e.side ~= side and rules.zoc.covers(e, h) and (not filter or filter(e)) then out[#out + 1] = e end
    end
  end
  table.sort(out, function(a, b) return a.id < b.id end)
  return out
end

local own_enemies_covering = M.enemies_covering
function M.in_enemy_zoc(h, side, filter)
  local Z = rules.zoc
  if Z.enemies_covering ~= own_enemies_covering or not bitwa.hex.on_map(h) then
    return #Z.enemies_covering(h, side, filter) > 0
  end
  -- enemies_covering's own test, stopping at the first enemy found
  local U, covers = rules.units, Z.covers
  local near = bitwa.units { near = h, within = 1 }
  for i = 1, #near do
    local e = near[i]
    if e.side ~= side and e.hex ~= h and U.is_field(e) and covers(e, h) and (not filter or filter(e)) then
      return true
    end
  end
  return false
end

-- The enemy units in u's ZoC [5.2.2].  (A hex of the front area with no
-- field unit adds nothing: its cover is asked only when a unit is there.)
function M.enemies_in_zoc(u)
  local out = {}
  if not rules.zoc.has_zoc(u) then return out end
  for _, h in ipairs(bitwa.hex.front_area(u.hex, u.facing)) do
    local here = rules.units.field_units_at(h)
    if #here > 0 and rules.zoc.covers(u, h) then
      for _, e in ipairs(here) do
        if e.side ~= u.side and not rules.units.is_panicked(e) then out[#out + 1] = e end
      end
    end
  end
  return out
end

return M
