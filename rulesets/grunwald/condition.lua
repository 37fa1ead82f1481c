-- [6.2] Morale tests, [9] disorganization and [10] panic.  A field unit's
-- `condition` is "" (organized), "disorganized" or "panicked".  Leaders are
-- never disorganized or panicked [8.1.8]; units on a hex with a leader of
-- their side are not disorganized [9.1.3].
local M = {}

local function T() return rules.tables end
local function U() return rules.units end

local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

local function with_leader(u)
  return u.hex ~= nil and #U().leaders_at(u.hex, u.side) > 0
end

------------------------------------------------------------------ morale test

-- [6.2.2] [6.2.3] The leader modifier of u's morale tests: 2 on a hex with
-- a leader of its side, 1 within a leader's range (the better one).
function M.leader_modifier(u)
  local best = 0
  if u.hex == nil then return 0 end
  for _, l in ipairs(rules.leaders.on_map(u.side)) do
    local d = bitwa.hex.distance(l.hex, u.hex)
    if d == 0 then best = math.max(best, T().morale_test.leader_hex)
    elseif d <= rules.leaders.range(l) then best = math.max(best, T().morale_test.leader_range) end
  end
  return best
end

-- [6.2.1] 1D6 on the morale test table at the side's MORALE value (A-047:
-- limited to +/-2).  The leader modifier is added as the English text
-- prints (option leader_test_modifier = "add", the default) or subtracted
-- ("subtract", A-046, as the French edition).  A modified roll below 1 passes.  extra (optional)
-- is added to the die as well: a test "with + x to the die" that another rule asks for.  Returns
-- pass, roll, modified roll.
function M.morale_test(u, why, extra)
  local value = rules.morale.test_value(u.side)
  local row
  for _, r in ipairs(T().morale_test.rows) do if r.morale == value then row = r end end
  local mod = rules.condition.leader_modifier(u)
  local add = bitwa.option("leader_test_modifier") == "add"
  local function modified_of(roll)
    local m = add and roll + mod or roll - mod
    if extra then m = m + extra end
    return m
  end
  local function passes(roll)
    local m = modified_of(roll)
    return m < 1 or contains(row.pass, m)
  end
  local roll = bitwa.roll(T().morale_test.dice, 6, "morale test (6.2.1)", passes, u.side)
  local modified = modified_of(roll)
  local pass = passes(roll)
  bitwa.note(string.format("%s: morale test%s at MORALE %+d: %d%s%s -> %s (6.2.1)", u.name,
    why and (" (" .. why .. ")") or "", value, roll,
    mod ~= 0 and string.format(" (%d with the leader)", extra and modified - extra or modified) or "",
    extra and string.format(" %+d to the die: %d", extra, modified) or "", pass and "passed" or "failed"))
  return pass, roll, modified
end

------------------------------------------------------------------ conditions

local function set_condition(u, c, why)
  u.condition = c
  bitwa.note(u.name .. " is " .. (c == "" and "organized" or c) .. (why and (" (" .. why .. ")") or ""))
end

-- A-060 / 10.2.3: a panicked unit on a hex with enemy units or in an
-- enemy ZoC is eliminated, and counts for the enemy (A-061).  Returns
-- true when it was.
function M.check_contact(u)
  if not u:alive() or u.hex == nil or not U().is_panicked(u) then return false end
  if U().enemy_field_at(u.hex, u.side) or rules.zoc.in_enemy_zoc(u.hex, u.side) then
    U().eliminate(u, { by = U().enemy(u.side), rule = "10.2.3" })
    return true
  end
  return false
end

-- Every panicked unit of `side` in contact with the enemy (A-060).
-- (the side's panicked field units on the map, units.panicked_field_units;
-- all are found before any is judged, as the judging may remove units)
function M.check_contacts(side)
  local panicked = U().panicked_field_units(side)
  local n = #panicked
  for i = 1, n do rules.condition.check_contact(panicked[i]) end
end

-- [10.1.1] u panics.
function M.panic(u, why)
  if not u:alive() or not U().is_field(u) or U().is_panicked(u) then return false end
  set_condition(u, "panicked", why)
  if not rules.condition.check_contact(u) then rules.condition.check_stack(u.hex) end
  return true
end

-- [9.1.1] u is disorganized (combat, enemy action, terrain).  A unit
-- already disorganized panics when this comes from combat (by_combat,
-- 10.1.1) and is otherwise unaffected (A-059).  Returns true when its
-- condition changed.
function M.disorganize(u, why, by_combat)
  if not u:alive() or not U().is_field(u) or u.hex == nil then return false end
  if U().is_panicked(u) then return false end
  if with_leader(u) then
    bitwa.note(u.name .. " is not disorganized: a leader is on its hex (9.1.3)")
    return false
  end
  if U().is_disorganized(u) then
    if by_combat then return rules.condition.panic(u, "10.1.1: disorganized again in combat") end
    return false
  end
  set_condition(u, "disorganized", why)
  rules.condition.check_stack(u.hex)
  return true
end

-- [5.1.1 g] After a retreat: 2D6 on COMBAT DISORGANIZATION, row `row`
-- (an index of tables.disorganization.rows), column the unit's class.
-- Returns true when u became disorganized (or panicked).
function M.after_combat(u, row)
  if not u:alive() or u.hex == nil or not U().is_field(u) or U().is_panicked(u) then return false end
  local D = T().disorganization
  if with_leader(u) then
    bitwa.note(u.name .. ": no " .. D.roll .. " roll, a leader is on its hex (9.1.3)")
    return false
  end
  local r = D.rows[row]
  local class = U().class(u)
  local roll = bitwa.roll(D.dice, 6, D.roll .. " (5.1.1 g)",
    function(t) return contains(r[class], t) end, u.side)   -- a hit or a miss
  local hit = contains(r[class], roll)
  bitwa.note(string.format("%s: %s roll %d on row %s, %s -> %s", u.name, D.roll, roll, r.printed, class,
    hit and D.effect or "no effect"))
  if hit then return rules.condition.disorganize(u, "5.1.1 g", true) end
  return false
end

-- [9.1.2] [10.1.2] Units come together on hex h: every unit stacked with a
-- panicked unit of its side tests morale and panics on a failure; then
-- every organized unit stacked with a disorganized one tests and is
-- disorganized on a failure (not on a leader's hex, 9.1.3).  Two units of
-- the same condition do not test (9.1.2 note).  These tests cost no MP and
-- no CF (A-048).  Call after every step that brings units together.
function M.check_stack(h)
  if h == nil then return end
  for _, side in ipairs(bitwa.sides()) do
    local tested_p, tested_d = {}, {}
    for _ = 1, 64 do
      local changed = false
      local us = U().field_units_at(h, side)
      local any_p, any_d = false, false
      for _, u in ipairs(us) do
        if U().is_panicked(u) then any_p = true elseif U().is_disorganized(u) then any_d = true end
      end
      if any_p then
        for _, u in ipairs(us) do
          if u:alive() and u.hex ~= nil and not U().is_panicked(u) and not tested_p[u.id] then
            tested_p[u.id] = true
            if not rules.condition.morale_test(u, "10.1.2: stacked with a panicked unit") then
              set_condition(u, "panicked", "10.1.2")
              rules.condition.check_contact(u)
              changed = true
              break
            end
          end
        end
      end
      if not changed and any_d then
        for _, u in ipairs(us) do
          if u:alive() and u.condition == "" and not tested_d[u.id] and not with_leader(u) then
            tested_d[u.id] = true
            if not rules.condition.morale_test(u, "9.1.2: stacked with a disorganized unit") then
              set_condition(u, "disorganized", "9.1.2")
              changed = true
              break
            end
          end
        end
      end
      if not changed then break end
    end
  end
end

------------------------------------------------------------------ rally

local function rally_check(side, u)
  if u.side ~= side or not U().is_field(u) or u.hex == nil then
    refuse("9.3.1", u.name .. " is not a field unit of " .. side .. " on the map")
  end
  if u.condition ~= "disorganized" and u.condition ~= "panicked" then
    refuse("9.3.1", u.name .. " is neither disorganized nor panicked")
  end
  if not rules.phases.moves_now(u) then
    refuse("6.2.4", "a morale test is made in the unit's own movement phase")
  end
  if u.moved or u.stopped then
    refuse("6.2.5", "the test costs all the MP " .. u.name .. " had at the start of the phase; it has moved")
  end
end

-- Whether "rally UNIT" is accepted now (refuses as the action does).
M.check_rally = rally_check

-- [9.3.1] [10.3.1] rally UNIT: a morale test in the unit's movement phase,
-- costing all its MP [6.2.5] and its CF [6.2.6]; success organizes a
-- disorganized unit and makes a panicked unit disorganized.
function M.rally(side, u)
  rally_check(side, u)
  local was = u.condition
  local pass = rules.condition.morale_test(u, was == "panicked" and "10.3.1" or "9.3.1")
  u.mp_left = 0
  u.cf = 0
  u.stopped = true
  if pass then
    set_condition(u, was == "panicked" and "disorganized" or "", was == "panicked" and "10.3.1" or "9.3.1")
  end
  return pass
end

function M.legal_rallies(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side, where = function(x)
    return U().is_field(x) and x.hex ~= nil and (x.condition == "disorganized" or x.condition == "panicked")
  end }) do
    if bitwa.check(rally_check, side, u) then out[#out + 1] = { u.name } end
  end
  return out
end

------------------------------------------------------------------ panic march

-- [10.2.2] What entering `to` from `from` costs u in sixths of an MP
-- (TERRAIN INFLUENCE [4.1.7] and fortifications [12.1.3]), or nil when it
-- cannot (a lake, a river away from a bridge or ford [4.2.7]).  The route
-- ignores units [10.2.2].
function M.march_cost(u, from, to)
  if not rules.retreat.accessible(u, from, to) then return nil end
  return rules.movement.terrain_cost(u, from, to) + rules.fortifications.move_cost(u, from, to)
end

-- The rows of the map's friendly edge ("N": the first row, "S": the last).
local function edge_row(edge)
  local lo, hi
  for _, h in ipairs(bitwa.hex.all()) do
    if lo == nil or h.row < lo then lo = h.row end
    if hi == nil or h.row > hi then hi = h.row end
  end
  if edge == "N" then return lo end
  if edge == "S" then return hi end
  return nil
end

-- A small binary heap of { cost, key, hex }.
local function less(a, b)
  if a[1] ~= b[1] then return a[1] < b[1] end
  return a[2] < b[2]
end
local function push(heap, x)
  heap[#heap + 1] = x
  local i = #heap
  while i > 1 do
    local p = i // 2
    if less(heap[i], heap[p]) then heap[i], heap[p] = heap[p], heap[i]; i = p else break end
  end
end
local function pop(heap)
  local top = heap[1]
  local last = heap[#heap]
  heap[#heap] = nil
  if #heap > 0 then
    heap[1] = last
    local i = 1
    while true do
      local l, r, m = 2 * i, 2 * i + 1, i
      if l <= #heap and less(heap[l], heap[m]) then m = l end
      if r <= #heap and less(heap[r], heap[m]) then m = r end
      if m == i then break end
      heap[i], heap[m] = heap[m], heap[i]
      i = m
    end
  end
  return top
end

-- [10.2.2] The cheapest route from u's hex to the friendly edge: the list
-- of hexes to enter (the first hex of the edge row reached last), {} when
-- u is on the edge already, nil when there is none.
function M.route_to_edge(u, edge)
  local row = edge_row(edge)
  if row == nil or u.hex == nil then return nil end
  local start = u.hex
  if start.row == row then return {} end
  local dist, prev, hexes = { [start.key] = 0 }, {}, { [start.key] = start }
  local heap = {}
  push(heap, { 0, start.key, start })
  while #heap > 0 do
    local top = pop(heap)
    local c, h = top[1], top[3]
    if dist[h.key] == c then
      if h.row == row then
        local path = {}
        local k = h.key
        while k ~= start.key do
          table.insert(path, 1, hexes[k])
          k = prev[k]
        end
        return path
      end
      for _, n in ipairs(bitwa.hex.neighbours(h)) do
        local step = rules.condition.march_cost(u, h, n)
        if step then
          local nc = c + step
          if dist[n.key] == nil or nc < dist[n.key] then
            dist[n.key], prev[n.key], hexes[n.key] = nc, h.key, n
            push(heap, { nc, n.key, n })
          end
        end
      end
    end
  end
  return nil
end

-- [10.2.2] [10.2.3] [10.2.4] A panicked unit marches with its MP along the
-- cheapest route to its side's edge (variable edge.<side>, "N"/"S"); it is
-- eliminated on entering an enemy hex or enemy ZoC, and when it leaves the
-- map by that edge (counted for the enemy, A-061).  It can always move 1
-- hex [4.2.9].
function M.march(u)
  local side = u.side
  local edge = bitwa.var("edge." .. side)
  local path = rules.condition.route_to_edge(u, edge)
  if path == nil then
    bitwa.note(u.name .. " is panicked but has no way to a friendly edge (10.2.2)")
    return
  end
  local mp = u.mp_left
  local enemy = U().enemy(side)
  for i, h in ipairs(path) do
    local cost = rules.condition.march_cost(u, u.hex, h)
    if cost > mp and i > 1 then break end
    mp = math.max(0, mp - cost)
    local dir = bitwa.hex.direction(u.hex, h)
    U().place(u, h, dir)
    u.moved = true
    bitwa.note(u.name .. " flees to " .. h.label .. " (10.2.2)")
    if U().enemy_field_at(h, side) or #U().leaders_at(h, enemy) > 0 or rules.zoc.in_enemy_zoc(h, side) then
      U().eliminate(u, { by = enemy, rule = "10.2.3" })
      return
    end
    rules.banners.entered(u, h)
    rules.condition.check_stack(h)
    if not u:alive() or u.hex == nil or not U().is_panicked(u) then return end
  end
  u.mp_left = mp
  local leave = U().sixths(T().map_edge.leave_mp)
  if u.hex.row == edge_row(edge) and (mp >= leave or #path == 0) then
    bitwa.note(u.name .. " leaves the map by its friendly edge (10.2.4)")
    U().eliminate(u, { by = enemy, rule = "10.2.4" })
  end
end

-- [10.2.2] [10.3.1] At the start of a movement phase, every panicked unit
-- of the moving arm either tests morale to rally (its owner's choice: the
-- test costs all its MP, so a unit that fails stays) or marches.
function M.start_of_movement(side, arm)
  local function moves(u)
    if arm == "cavalry" then return U().is_cavalry(u) end
    if arm == "infantry" then return U().is_infantry(u) end
    return false
  end
  for _, u in ipairs(bitwa.units { side = side, where = function(x)
    return U().is_field(x) and x.hex ~= nil and U().is_panicked(x) and moves(x)
  end }) do
    if u:alive() and u.hex ~= nil and U().is_panicked(u) then
      local choice = bitwa.decide { side = side, kind = "panic", options = { "march", "rally" },
        prompt = u.name .. " is panicked: march to the friendly edge (10.2.2) or test morale to rally (10.3.1)?" }
      if choice == "rally" then
        local pass = rules.condition.morale_test(u, "10.3.1")
        u.mp_left = 0
        u.cf = 0
        u.stopped = true
        if pass then set_condition(u, "disorganized", "10.3.1") end
      else
        rules.condition.march(u)
      end
    end
  end
end

return M
