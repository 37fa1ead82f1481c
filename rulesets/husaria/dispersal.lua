-- [10.0] Dispersal.  A unit is dispersed by an R result or a failed roll
-- on Battle Dispersal [10.11] (and by fire results, chapters 12-13): it
-- leaves the map for its side's dispersed-units track, keeping its SP
-- [10.12], unless it fights with a commander on its hex [10.13].  At the
-- start of each own movement phase half the track (rounded up) may come
-- back next to the units' own commander [10.14]; a full track eliminates
-- every unit on it [10.15]; dispersal does not move the morale track
-- [10.16].  The track's size is printed on the map only: option
-- dispersal_track (estimate 15, NOTES.md).
local M = {}

local function U() return rules.units end

-- The units on side's track, in the order they came onto it.
function M.track(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do if u.dispersed then out[#out + 1] = u end end
  table.sort(out, function(a, b)
    if a.track_order ~= b.track_order then return a.track_order < b.track_order end
    return a.id < b.id
  end)
  return out
end

-- [10.13] a commander of u's side on u's hex
function M.with_commander(u)
  if u.hex == nil then return false end
  for _, c in ipairs(bitwa.units { hex = u.hex, kind = "commander" }) do
    if c.side == u.side then return true end
  end
  return false
end

-- [10.11] [10.12] [10.15] disperse u (rule: what caused it).  Returns
-- whether it was dispersed.
function M.disperse(u, rule)
  if rules.dispersal.with_commander(u) then
    bitwa.note(u.name .. " is not dispersed: a commander fights on its hex (10.13)")
    return false
  end
  local n = (bitwa.var("track.n") or 0) + 1
  bitwa.set_var("track.n", n)
  u.hex = nil
  u.dispersed = true
  u.track_order = n
  bitwa.note(u.name .. " is dispersed (" .. rule .. ") onto the dispersed units track (10.12)")
  local track = rules.dispersal.track(u.side)
  if #track >= bitwa.option("dispersal_track") then
    bitwa.note(u.side .. "'s dispersed units track is full: every unit on it is eliminated (10.15)")
    for _, x in ipairs(track) do U().eliminate(x, "10.15", "the dispersed units track is full", { no_morale = true }) end
  end
  return true
end

-- The Battle Dispersal column of u: infantry (and, as infantry,
-- artillery and pikes) by morale 6/7/8, cavalry by morale 6 or 7-8,
-- hussars their own (H-11: morale outside 6-8 reads the nearest column).
function M.column(u)
  local m = math.max(6, math.min(8, u.morale))
  if u.kind == "husaria" then return 6 end
  if U().is_cavalry(u) then return m == 6 and 4 or 5 end
  return m - 5
end

-- [6.21 step 9] after a retreat of n hexes (the result's n), 1D6 on
-- Battle Dispersal; the listed rolls disperse.
function M.after_retreat(u, n)
  if u.hex == nil or n < 1 then return false end
  local row = rules.tables.dispersal[math.min(n, 5)]
  local hi = row[rules.dispersal.column(u)]
  local r = bitwa.d6("battle dispersal " .. u.name .. " B" .. n .. "/A" .. n)
  if r <= hi then return rules.dispersal.disperse(u, "6.21, Battle Dispersal") end
  return false
end

-- [10.14] the commander units come back to: their own (attribute
-- `leader`), else the chief; with the weakening when their own died this
-- stage.  Returns the commander and whether they come back weakened.
function M.rally_point(u)
  local own = u.leader ~= "" and bitwa.unit(u.leader) or nil
  if own and own.hex ~= nil then return own, false end
  local died = u.leader ~= "" and bitwa.var("killed." .. u.leader) == bitwa.turn()
  for _, c in ipairs(bitwa.units { side = u.side, kind = "commander" }) do
    if c.chief and c.hex ~= nil then return c, died end
  end
  return nil, died
end

-- [10.14] at the start of the side's movement phase: half the track,
-- rounded up, may come back on free hexes next to their commander.
function M.return_units(side)
  local track = rules.dispersal.track(side)
  local n = (#track + 1) // 2
  for _ = 1, n do
    local opts = {}
    for _, u in ipairs(rules.dispersal.track(side)) do
      local c = rules.dispersal.rally_point(u)
      if c and #rules.dispersal.free_hexes(u, c) > 0 then opts[#opts + 1] = u.name end
    end
    if #opts == 0 then return end
    opts[#opts + 1] = "none"
    local pick = bitwa.decide { side = side, kind = "regroup", options = opts,
                                prompt = "10.14: which dispersed unit comes back?" }
    if pick == "none" then return end
    local u = bitwa.unit(pick)
    local c, weak = rules.dispersal.rally_point(u)
    local hexes = {}
    for _, h in ipairs(rules.dispersal.free_hexes(u, c)) do hexes[#hexes + 1] = h.label end
    local h = bitwa.hex.parse(bitwa.decide { side = side, kind = "regroup_hex", options = hexes,
                                             prompt = "10.14: where does " .. u.name .. " come back?" })
    local f = bitwa.decide { side = side, kind = "facing", options = bitwa.hex.FACINGS,
                             prompt = "facing of " .. u.name }
    u.dispersed = false
    u.hex, u.facing = h, bitwa.hex.facing(f)
    rules.movement.refresh(u)
    bitwa.note(u.name .. " comes back from the dispersed units track at " .. h.label .. " (10.14)")
    if weak then U().lose_sp(u, 1, "10.14") end
  end
end

-- Free hexes next to commander c where u may come back.
function M.free_hexes(u, c)
  local out = {}
  for _, h in ipairs(bitwa.hex.neighbours(c.hex)) do
    local terr = bitwa.map.terrain(h)
    local row = rules.tables.terrain[terr]
    if #U().field_units_at(h) == 0 and not (row and row.prohibited) then out[#out + 1] = h end
  end
  return out
end

return M
