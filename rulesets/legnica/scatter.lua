-- [9] Scatter: a unit that loses its will to fight leaves the map for its
-- side's "Scattered Units" track [9.1.2], is eliminated when the track is
-- full [9.1.4], and comes back on a 4+ at the start of its movement phase
-- near its leader [9.1.6] (or near the grand leader for 1 SP, [9.1.7]).
-- A scattered unit is off the map (hex nil) with condition "scattered".
-- The rule numbers cited here are Legnica's own ("=9.1.4").
local M = {}

local function T() return rules.tables end
local function U() return rules.units end

-- [9.1.2] [9.1.4] the boxes of side's track: the scenario's
-- data.scatter_track, else the table's (A-075).
function M.capacity(side)
  local d = bitwa.scenario().data
  local t = d and d.scatter_track
  if type(t) == "table" and math.type(t[side]) == "integer" then return t[side] end
  return T().scatter.track
end

function M.is_scattered(u) return u.condition == "scattered" and u.hex == nil end

-- The units on side's track, in id order.
function M.track(side)
  return bitwa.units { side = side, where = function(u)
    return U().is_field(u) and u.hex == nil and u.condition == "scattered"
  end }
end

-- [9.1.1] u scatters (why: the rule that scatters it; by: the side whose
-- action did it, nil for the unit's own movement or fatigue).  Not when a
-- leader of its side is on its hex [9.1.3]; eliminated when no box is free
-- [9.1.4], without a MORALE change [9.1.5].  A banner it holds passes to
-- another regular unit on the hex or falls there (A-050, 7.1.5).  Returns
-- true when u left the map.
function M.scatter(u, why, by)
  if not u:alive() or not U().is_field(u) or u.hex == nil then return false end
  if #U().leaders_at(u.hex, u.side) > 0 then
    bitwa.note(u.name .. " does not scatter: a leader is on its hex (=9.1.3)")
    return false
  end
  local h = u.hex
  if #rules.scatter.track(u.side) >= rules.scatter.capacity(u.side) then
    bitwa.note(u.name .. " scatters" .. (why and (" (" .. why .. ")") or "") ..
      " but the Scattered Units track is full (=9.1.4)")
    U().eliminate(u, { by = by, morale = false, rule = "=9.1.4" })
    return true
  end
  rules.banners.on_eliminated(u, h)
  u.condition = "scattered"
  u.cf = 0
  U().place(u, nil)
  bitwa.note(u.name .. " scatters" .. (why and (" (" .. why .. ")") or "") ..
    ": it goes onto " .. u.side .. "'s Scattered Units track (=9.1.2)")
  return true
end

-- Whether u may be placed on h when it regroups: on the map, passable,
-- no enemy unit there nor an enemy ZoC (A-075, 4.4.7 by analogy), and
-- within the stacking limit.
function M.placeable(u, h)
  if rules.movement.impassable[bitwa.map.terrain(h)] then return false end
  if U().enemy_field_at(h, u.side) then return false end
  if #U().leaders_at(h, U().enemy(u.side)) > 0 then return false end
  if rules.zoc.in_enemy_zoc(h, u.side) then return false end
  return U().can_stack(u, h)
end

-- [9.1.6] [9.1.7] Where u may regroup: within its leader's range, or,
-- its leader dead, within a grand leader's range (lose = true).  Returns
-- the hexes (map order) and lose.
function M.places(u)
  local centres, lose = {}, false
  local l = rules.organization.leader_of(u)
  if l and l:alive() then
    if l.hex then centres[1] = l end
  else
    lose = true
    for _, g in ipairs(rules.leaders.on_map(u.side)) do
      if rules.leaders.is_grand(g) then centres[#centres + 1] = g end
    end
  end
  local out, seen = {}, {}
  for _, c in ipairs(centres) do
    for _, h in ipairs(bitwa.hex.range(c.hex, rules.leaders.range(c))) do
      if not seen[h.key] and bitwa.hex.on_map(h) and rules.scatter.placeable(u, h) then
        seen[h.key] = true
        out[#out + 1] = h
      end
    end
  end
  table.sort(out, function(a, b) return a.key < b.key end)
  return out, lose
end

-- u regroups: its owner places it [9.1.6] (and it loses 1 SP when its
-- leader is dead, [9.1.7]); it counts as moved, with CF 0 [9.1.8].
function M.regroup(u)
  local hexes, lose = rules.scatter.places(u)
  if #hexes == 0 then
    bitwa.note(u.name .. " regroups but has no hex to go to within range of " ..
      (lose and "a grand leader" or "its leader") .. ": it stays on the track (=9.1.6)")
    return false
  end
  if lose then
    if u.sp <= T().scatter.leaderless_sp then
      bitwa.note(u.name .. " regroups without its leader and has no SP to spare (=9.1.7)")
      U().eliminate(u, { morale = false, rule = "=9.1.7" })
      return false
    end
    U().lose_sp(u, T().scatter.leaderless_sp, { morale = false, rule = "=9.1.7" })
  end
  local labels = {}
  for i, h in ipairs(hexes) do labels[i] = h.label end
  local pick = bitwa.hex.parse(bitwa.decide { side = u.side, kind = "regroup", options = labels,
    prompt = u.name .. " regroups: on which hex (" .. (lose and "=9.1.7" or "=9.1.6") .. ")?" })
  local facings = {}
  for f = 0, 5 do facings[#facings + 1] = bitwa.hex.facing_name(f) end
  local face = bitwa.decide { side = u.side, kind = "facing", options = facings,
    prompt = u.name .. " regroups on " .. pick.label .. ": facing?" }
  u.condition = ""
  U().place(u, pick, bitwa.hex.facing(face))
  u.cf = 0
  u.moved = true
  rules.movement.stop(u, "=9.1.8")
  bitwa.note(u.name .. " regroups on " .. pick.label .. " (=9.1.6): it counts as moved, CF 0 (=9.1.8)")
  return true
end

-- [9.1.6] At the start of a movement phase: one die for each unit of the
-- moving arm on the side's track; 4 and more regroups it.
function M.start_of_movement(side, arm)
  for _, u in ipairs(rules.scatter.track(side)) do
    local moves = (arm == "cavalry") == U().is_cavalry(u)
    if moves and u:alive() and u.hex == nil then
      local roll = bitwa.roll(T().scatter.regroup_dice, 6, "regroup (=9.1.6)",
        function(t) return t >= T().scatter.regroup_from end, side)
      if roll >= T().scatter.regroup_from then
        rules.scatter.regroup(u)
      else
        bitwa.note(string.format("%s stays scattered: %d (=9.1.6)", u.name, roll))
      end
    end
  end
end

return M
