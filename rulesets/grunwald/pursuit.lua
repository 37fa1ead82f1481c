-- [5.5] Pursuit.  After the enemy has retreated, the units of the other
-- side that took part in the combat pursue (A-026): obligatory or
-- voluntary by the PURSUIT table [5.5.2] [5.5.3] and MORALE [6.1.8];
-- obligatory pursuit follows a retreat path as far as it can [5.5.4],
-- voluntary pursuit may stop anywhere or leave the path by one hex
-- [5.5.5]; the first hex is always the hex the enemy left [5.5.6].  Enemy
-- ZoCs are ignored [5.5.7]; CF does not grow [5.5.8] and is lost only for
-- turns of 120 degrees or more [5.5.9]; cavalry rides down enemy
-- non-cavalry units in its way [5.5.10].  At most as many hexes as the
-- retreat was long.
local M = {}

local function T() return rules.tables end
local function U() return rules.units end

local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- Hexes from u to the nearest leader of its side on the map (nil: none).
function M.leader_distance(u)
  local best
  for _, l in ipairs(rules.leaders.on_map(u.side)) do
    local d = bitwa.hex.distance(l.hex, u.hex)
    if best == nil or d < best then best = d end
  end
  return best
end

-- [5.5.2] [5.5.3] [6.1.8] "obligatory" or "voluntary" for u, and the rule.
-- Rolls 1D6 on the PURSUIT table when a leader is 1-5 hexes away.
function M.kind(u)
  local side = u.side
  local on_leader = #U().leaders_at(u.hex, side) > 0
  if rules.morale.value(side) >= T().morale.obligatory_pursuit and not on_leader then   -- A-045
    return "obligatory", "6.1.8"
  end
  local d = rules.pursuit.leader_distance(u)
  if d == nil or d > T().pursuit.obligatory_beyond then return "obligatory", "5.5.2" end
  local row
  for _, r in ipairs(T().pursuit.rows) do if r.hexes == d then row = r end end
  if not row.roll then return "voluntary", "5.5.3" end
  local roll = bitwa.roll(T().pursuit.dice, 6, "pursuit (5.5.3)",
    function(t) return rules.pursuit.table_kind(row, t) end, side)
  return rules.pursuit.table_kind(row, roll), "5.5.3"
end

-- [5.5.3] The PURSUIT table read for one roll on one row: voluntary (PV)
-- on the rolls the row lists, obligatory on any other.
function M.table_kind(row, roll)
  if contains(row.voluntary, roll) then return "voluntary" end
  return "obligatory"
end

-- [5.5.10] Whether cavalry u entering h rides down the enemy units there
-- (all of them non-cavalry, not in fortifications or villages, 5.8.6);
-- second result: whether h may be entered as far as its units go.
local function rides_down(u, h)
  local here = bitwa.units { hex = h }
  if #here == 0 then return false, true end
  local Un, side = rules.units, u.side
  local enemies = {}
  for i = 1, #here do
    local x = here[i]
    if x.side ~= side and Un.is_field(x) then enemies[#enemies + 1] = x end
  end
  if #enemies == 0 then return false, true end
  for _, x in ipairs(enemies) do if Un.is_cavalry(x) then return false, false end end
  if not rules.ride_down.can_ride_down(u, h, "pursuit") then return false, false end
  return true, true
end

-- Whether u may pursue from `from` into h; second result: it rides down.
function M.can_enter(u, from, h, vacated)
  if not rules.retreat.accessible(u, from, h) then return false end
  if not rules.fortifications.pursuit_allowed(u, from, h, vacated) then return false end   -- [12.1.5]
  local ride, ok = rides_down(u, h)
  if not ok then return false end
  if ride then
    local sp = 0
    for _, x in ipairs(U().field_units_at(h, u.side)) do sp = sp + U().stack_sp(x) end
    if sp + U().stack_sp(u) > T().stacking.limit then return false end
    return true, true
  end
  if not U().can_stack(u, h) then return false end
  return true, false
end

-- One step of pursuit; false when u did not enter `to` (a ride-down that
-- failed, in a ruleset where it can).
local function step(u, to, vacated)
  local from = u.hex
  local dir = bitwa.hex.direction(from, to)
  local ride = rides_down(u, to)
  if ride and not rules.ride_down.attempt(u, to, "pursuit", from) then return false end   -- [5.5.10]
  if dir ~= u.facing then rules.charge.on_turn(u, bitwa.hex.steps(u.facing, dir), "pursuit") end   -- [5.5.9]
  U().place(u, to, dir)                                                  -- [5.5.8] no CF gain
  bitwa.note(u.name .. " pursues to " .. to.label .. " (5.5)")
  rules.movement.on_enter(u, from, to, "pursuit")
  if ride and u:alive() and u.hex ~= nil then rules.ride_down.after_enter(u, to, "pursuit") end
  if u:alive() and u.hex ~= nil then
    rules.banners.entered(u, to)
    rules.leaders.enemy_entered(u, to)                                   -- [8.2.6]
  end
  return true
end

local function labels(hexes)
  local out = {}
  for i, h in ipairs(hexes) do out[i] = h.label end
  return out
end

--[[
rules.pursuit.pursue_unit(u, r, kind): u pursues along retreat r = { from = vacated
hex, paths = { {hex...} ... } (each path starts with the vacated hex),
length = hexes the pursuit may cover }.  Returns the hexes entered.
--]]
-- (hexes are interned, one value per hex: a hex is its own key, and two
-- hexes are the same hex only when they are the same value)
function M.pursue_unit(u, r, kind)
  local entered = {}
  local live = r.paths
  local on_paths
  for i = 1, r.length do
    if not u:alive() or u.hex == nil then break end
    local cur = u.hex
    local nexts, seen = {}, {}
    for _, p in ipairs(live) do
      local h = p[i]
      if h and not seen[h] and rules.pursuit.can_enter(u, cur, h, r.from) then
        seen[h] = true
        nexts[#nexts + 1] = h
      end
    end
    local off = {}
    if kind == "voluntary" and i > 1 then                -- [5.5.5]
      if not on_paths then
        on_paths = {}
        for _, p in ipairs(r.paths) do for _, h in ipairs(p) do on_paths[h] = true end end
      end
      for _, n in ipairs(bitwa.hex.neighbours(cur)) do
        if not on_paths[n] and not seen[n] and rules.pursuit.can_enter(u, cur, n, r.from) then off[#off + 1] = n end
      end
    end
    local opts = labels(nexts)
    for _, h in ipairs(off) do opts[#opts + 1] = h.label end
    if kind == "voluntary" then opts[#opts + 1] = "stop" end
    if #opts == 0 or (#opts == 1 and opts[1] == "stop") then break end
    local pick = opts[1]
    if #opts > 1 then
      pick = bitwa.decide { side = u.side, kind = "pursuit", options = opts,
        prompt = string.format("%s: %s pursuit, hex %d of %d (5.5)", u.name, kind, i, r.length) }
    end
    if pick == "stop" then break end
    local to = bitwa.hex.parse(pick)
    local keep = {}
    for _, p in ipairs(live) do if rawequal(p[i], to) then keep[#keep + 1] = p end end
    if not step(u, to, r.from) then break end
    entered[#entered + 1] = to
    if #keep == 0 then break end                                        -- left the path: done
    live = keep
  end
  return entered
end

-- Leaders of u's side left alone on `from` after u pursued go with it
-- [8.1.7].
local function leaders_follow(u, from)
  if not u:alive() or u.hex == nil or u.hex == from then return end
  if #U().field_units_at(from, u.side) > 0 then return end
  for _, l in ipairs(U().leaders_at(from, u.side)) do
    U().place(l, u.hex)
    bitwa.note(l.name .. " pursues with " .. u.name .. " to " .. u.hex.label .. " (8.1.7)")
  end
end

--[[
rules.pursuit.pursue(pursuers, retreats, side): the units of `side` in `pursuers`
pursue the enemy retreats (retreat.retreat results).  A unit pursues one
retreat, whose vacated hex is adjacent to it and empty of enemy units.
--]]
function M.pursue(pursuers, retreats, side)
  local list = {}
  for _, u in ipairs(pursuers) do list[#list + 1] = u end
  table.sort(list, function(a, b) return a.id < b.id end)
  local tracks = {}
  for _, res in ipairs(retreats) do
    local paths, length = {}, 0
    for _, rec in ipairs(res.units) do
      if #rec.path > 0 then
        local p = { res.from }
        for _, h in ipairs(rec.path) do p[#p + 1] = h end
        paths[#paths + 1] = p
        length = math.max(length, #rec.path)
      end
    end
    if #paths > 0 then tracks[#tracks + 1] = { from = res.from, paths = paths, length = length } end
  end
  if #tracks == 0 then return end
  for _, u in ipairs(list) do
    if u:alive() and u.hex ~= nil and U().is_field(u) and not U().is_panicked(u) then
      local cands = {}
      for _, t in ipairs(tracks) do
        if bitwa.hex.distance(u.hex, t.from) == 1 and not U().enemy_field_at(t.from, side)
          and rules.pursuit.can_enter(u, u.hex, t.from, t.from) then
          cands[#cands + 1] = t
        end
      end
      if #cands > 0 then
        local kind, rule = rules.pursuit.kind(u)
        bitwa.note(u.name .. ": " .. kind .. " pursuit (" .. rule .. ")")
        local t = cands[1]
        if #cands > 1 then
          local opts = {}
          for i, c in ipairs(cands) do opts[i] = c.from.label end
          local pick = bitwa.decide { side = side, kind = "pursuit", options = opts,
            prompt = u.name .. " pursues into which hex (5.5.6)?" }
          for _, c in ipairs(cands) do if c.from.label == pick then t = c end end
        end
        local from = u.hex
        local entered = rules.pursuit.pursue_unit(u, t, kind)
        if #entered > 0 and u:alive() and u.hex ~= nil then
          leaders_follow(u, from)
          rules.retreat.free_turn(u, "pursuit")                          -- [4.3.7]
          rules.condition.check_stack(u.hex)
        end
      end
    end
  end
end

return M
