-- [7.0] Attack effects: retreat [7.2] and chase [7.3].  A retreating unit
-- moves n hexes "in any direction" [7.12], one at a time, never onto a hex
-- holding units [7.21], into an enemy ZoC or inaccessible terrain [7.22]
-- (a swamp off a road, a river without bridge or ford, the map's edge),
-- nor twice onto one hex; its owner chooses each step among the hexes from
-- which the full retreat is still possible, when there are any (the 7.22
-- example).  A unit that cannot retreat the full distance stops where it
-- must and loses 1 SP per hex missing (the 7.22 example, A-095; option
-- blocked_retreat = "eliminate" eliminates it as 7.22's sentence says).
-- The winner may chase along the loser's route, straying one hex from it,
-- ignoring ZoC [7.31] [7.32]; artillery never chases [13.33], and
-- artillery that withdraws is destroyed when a chaser enters the hex it
-- left [13.32].
local M = {}

local function U() return rules.units end

-- Whether terrain lets u retreat from `from` into `to`.
function M.accessible(u, from, to)
  if to == nil or not bitwa.hex.on_map(to) then return false end
  local edge = bitwa.map.edge(from, bitwa.hex.direction(from, to))
  if edge.river and not edge.bridge and not edge.ford then return false end
  local row = rules.tables.terrain[bitwa.map.terrain(to)]
  if row and row.prohibited and not edge.road then return false end
  return true
end

-- The hexes u may retreat into from h, not in `seen`.
function M.steps(u, h, seen)
  local out = {}
  for _, n in ipairs(bitwa.hex.neighbours(h)) do
    if not seen[n.key] and rules.retreat.accessible(u, h, n) and #U().field_units_at(n) == 0
       and not rules.zoc.in_enemy_zoc(n, u.side) and not rules.markers.wagon_blocks(u, n) then
      out[#out + 1] = n
    end
  end
  return out
end

-- The longest retreat (up to `need`) u can still make from h.
function M.reach(u, h, seen, need)
  if need == 0 then return 0 end
  local best = 0
  for _, n in ipairs(rules.retreat.steps(u, h, seen)) do
    seen[n.key] = true
    local r = 1 + rules.retreat.reach(u, n, seen, need - 1)
    seen[n.key] = nil
    if r > best then best = r end
    if best == need then break end
  end
  return best
end

-- [7.12] [7.21] [7.22] u retreats n hexes.  Returns the route (the hexes
-- it entered, after its start hex `route.from`), or nil when the retreat
-- eliminated it.
function M.retreat(u, n, rule)
  local start = u.hex
  local route = { from = start }
  local seen = { [start.key] = true }
  local cmds = rules.commanders.stack_retreats(u.side, start)
  for k = 1, n do
    local steps = rules.retreat.steps(u, u.hex, seen)
    local need = n - k
    local full = {}
    for _, s in ipairs(steps) do
      seen[s.key] = true
      if rules.retreat.reach(u, s, seen, need) == need then full[#full + 1] = s end
      seen[s.key] = nil
    end
    if #full > 0 then steps = full end
    if #steps == 0 then
      local missing = n - k + 1
      if bitwa.option("blocked_retreat") == "eliminate" then
        U().eliminate(u, "7.22", "cannot retreat the full " .. n .. " hexes")
        return nil
      end
      bitwa.note(u.name .. " can retreat no farther: " .. missing .. " hex" .. (missing > 1 and "es" or "") ..
        " short, " .. missing .. " SP lost (7.22)")
      if not U().lose_sp(u, missing, "7.22") then return nil end
      break
    end
    local opts = {}
    for _, s in ipairs(steps) do opts[#opts + 1] = s.label end
    local pick = #opts == 1 and opts[1] or bitwa.decide { side = u.side, kind = "retreat", options = opts,
      prompt = rule .. ": " .. u.name .. " retreats (" .. k .. " of " .. n .. ")" }
    local h = bitwa.hex.parse(pick)
    seen[h.key] = true
    u.hex = h
    rules.markers.entered(u, h)
    route[#route + 1] = h
    for _, c in ipairs(cmds) do if c:alive() then c.hex = h end end
  end
  bitwa.note(u.name .. " retreats " .. #route .. " hex" .. (#route == 1 and "" or "es") .. " to " ..
    u.hex.label .. " (" .. rule .. ")")
  return route
end

-- [7.31] [7.32] The hexes a chaser at `at` may enter at step k of `route`
-- (the loser's start hex, then the hexes it entered): the route's hex or
-- one next to it, next to the chaser, free of enemy units, within the
-- stacking limit.  ZoC is ignored.
function M.chase_steps(c, at, route, k)
  local target = route[k]
  local cand = { target }
  for _, n in ipairs(bitwa.hex.neighbours(target)) do cand[#cand + 1] = n end
  local out, seen = {}, {}
  for _, h in ipairs(cand) do
    if not seen[h.key] and h ~= at and bitwa.hex.distance(at, h) == 1 and bitwa.hex.on_map(h) then
      seen[h.key] = true
      local edge = bitwa.map.edge(at, bitwa.hex.direction(at, h))
      local enemy = false
      for _, o in ipairs(U().field_units_at(h)) do if o.side ~= c.side then enemy = true end end
      if not enemy and not (edge.river and not edge.bridge and not edge.ford) and U().may_join(c, h)
         and not rules.markers.wagon_blocks(c, h) then
        out[#out + 1] = h
      end
    end
  end
  return out
end

-- [7.13] [7.31] The optional chase of `loser`'s retreat (its route: the
-- start hex and the hexes it entered) by the winners that fought.
function M.chase(winners, route, loser_was_artillery)
  local path = { route.from }
  for i = 1, #route - 1 do path[#path + 1] = route[i] end
  local side = winners[1] and winners[1].side
  if not side or #route == 0 then return end
  local opts = {}
  for _, w in ipairs(winners) do
    if w:alive() and w.hex ~= nil and not U().is_artillery(w) then opts[#opts + 1] = w.name end   -- [13.33]
  end
  if #opts == 0 then return end
  opts[#opts + 1] = "no"
  local pick = bitwa.decide { side = side, kind = "chase", options = opts, prompt = "7.13: chase?" }
  if pick == "no" then return end
  local c = bitwa.unit(pick)
  for k = 1, #path do
    local steps = rules.retreat.chase_steps(c, c.hex, path, k)
    if #steps == 0 then break end
    local o = { "stop" }
    for _, h in ipairs(steps) do o[#o + 1] = h.label end
    local p = bitwa.decide { side = side, kind = "chase_step", options = o,
                             prompt = "7.31: " .. c.name .. " chases (" .. k .. " of " .. #path .. ")" }
    if p == "stop" then break end
    local h = bitwa.hex.parse(p)
    local from = c.hex
    c.hex = h
    rules.markers.entered(c, h)
    -- [13.32] artillery that withdrew is destroyed as the chaser enters its hex
    if k == 1 and loser_was_artillery and loser_was_artillery:alive() and h == route.from then
      U().eliminate(loser_was_artillery, "13.32", "a chaser entered the hex it withdrew from")
    end
    -- [4.46] cavalry entering a swamp off a road is eliminated
    local edge = bitwa.map.edge(from, bitwa.hex.direction(from, h))
    local row = rules.tables.terrain[bitwa.map.terrain(h)]
    if U().is_cavalry(c) and row and row.prohibited and not edge.road then
      U().eliminate(c, "4.46", "cavalry entered a swamp off the road")
      return
    end
  end
end

return M
