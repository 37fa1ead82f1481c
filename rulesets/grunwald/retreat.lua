-- [5.4] Retreat.  Each retreating unit retreats by itself from the hex it
-- fought on (A-024): every step ends one hex farther from that hex, never
-- off the map [4.4.1], into inaccessible terrain, onto enemy units or into
-- an enemy ZoC [5.4.5], nor over the stacking limit [4.5.2]; cavalry may
-- ride down friendly non-cavalry units on its way [5.4.4].  The owner
-- chooses each step among the hexes that still allow the longest retreat.
-- Hexes not retreated cost 1 SP each [5.4.6]; leaders go with their stack
-- [8.1.7]; the unit may turn freely at the end [4.3.7] and keeps its CF
-- [5.4.3].
local M = {}

local function T() return rules.tables end
local function U() return rules.units end

local function crossing_ok(from, to)
  local dir = bitwa.hex.direction(from, to)
  local edge = bitwa.map.edge(from, dir)
  if edge.river then
    for _, f in ipairs(T().movement.river_crossings) do if edge[f] then return true end end
    return false
  end
  return true
end

-- Whether terrain lets u enter `to` from `from` at all (not units).
function M.accessible(u, from, to)
  if to == nil then return false end                         -- [4.4.1] the map edge
  if rules.movement.impassable[bitwa.map.terrain(to)] then return false end
  return crossing_ok(from, to)                               -- [4.2.7]
end

-- [5.4.4] Whether cavalry u entering h rides down the friendly non-cavalry
-- units there (not in fortifications or villages, 5.8.6).
-- here: the units on h (bitwa.units{hex = h}), read once by can_enter.
local function rides_down(u, h, here)
  local Un = rules.units
  if not Un.is_cavalry(u) then return false end
  local any, side = false, u.side
  for i = 1, #here do
    local x = here[i]
    if x.side == side and Un.is_field(x) and not Un.is_cavalry(x) then any = true; break end
  end
  return any and rules.ride_down.can_ride_down(u, h, "retreat")
end

-- [4.5.2] stacking on h once the units ridden down are gone.
local function fits(u, h, ride)
  if not ride then return U().can_stack(u, h) end
  if U().stack_sp(u) == 0 then return true end
  local sp = 0
  for _, x in ipairs(U().field_units_at(h)) do
    if U().is_cavalry(x) and x.id ~= u.id then sp = sp + U().stack_sp(x) end
  end
  return sp + U().stack_sp(u) <= T().stacking.limit
end

-- Whether u may retreat from `from` into h (distance aside); second
-- result: it rides down friendly units there.
function M.can_enter(u, from, h, side)
  if not rules.retreat.accessible(u, from, h) then return false end
  local here = bitwa.units { hex = h }
  if #here > 0 then
    local Un = rules.units
    for i = 1, #here do
      local x = here[i]
      if x.side ~= side and (Un.is_field(x) or Un.is_leader(x)) then return false end
    end
  end
  if rules.zoc.in_enemy_zoc(h, side) then return false end   -- [5.4.5]
  local ride = #here > 0 and rides_down(u, h, here)
  if not fits(u, h, ride) then return false end
  return true, ride
end

-- [11.7.4] bombards in combat formation cannot retreat (A-069: 5.4.6).
function M.can_retreat(u)
  if u.kind == "bombards" and u.formation == "combat" then return false end
  return true
end

-- [11.7.4] u must retreat but cannot (can_retreat): whatever happens to
-- it instead of the retreat.  The English book states no consequence, so
-- it stays and its side takes the 5.4.6 losses (A-069); returns false.
-- true means u was dealt with and counts neither as retreating nor for
-- the 5.4.6 shortfall.
function M.instead_of_retreat(u, hexes, combat_hex, side)
  return false
end

-- The hexes of the next step from `cur` (A-024: one hex farther from the
-- combat hex).
function M.steps(u, cur, combat_hex, side)
  local out = {}
  local d = bitwa.hex.distance(cur, combat_hex)
  for _, n in ipairs(bitwa.hex.neighbours(cur)) do
    if bitwa.hex.distance(n, combat_hex) == d + 1 and rules.retreat.can_enter(u, cur, n, side) then out[#out + 1] = n end
  end
  return out
end

local own_steps = M.steps

-- The most steps u can still retreat from `cur`, at most `left`.  memo
-- holds the steps from each hex already asked, the depths already found
-- (by steps left) and each hex's answer of can_enter from each hex, for
-- one look ahead: nothing on the board changes during it.  While steps is
-- this module's own, the hexes of a step are tested one by one, each only
-- when the ones before it have not already given the longest retreat
-- possible (the answer is the same: the longest of them, and can_enter
-- changes nothing); a steps replaced is asked for the whole list.
local function depth(u, cur, combat_hex, side, left, memo)
  if left <= 0 then return 0 end
  local found = memo.depth[left]
  if not found then found = {}; memo.depth[left] = found end
  local known = found[cur]            -- hexes are interned: a hex is its own key
  if known then return known end
  local best = 0
  local R = rules.retreat
  if R.steps ~= own_steps then
    local steps = memo.steps[cur]
    if not steps then
      steps = R.steps(u, cur, combat_hex, side)
      memo.steps[cur] = steps
    end
    for i = 1, #steps do
      local d = 1 + depth(u, steps[i], combat_hex, side, left - 1, memo)
      if d > best then best = d end
      if best == left then break end
    end
  else
    local H = bitwa.hex
    local distance = H.distance
    local further = distance(cur, combat_hex) + 1
    local ok = memo.enter[cur]
    if not ok then ok = {}; memo.enter[cur] = ok end
    local can_enter = R.can_enter
    local around = H.neighbours(cur)
    for i = 1, #around do
      local n = around[i]
      if distance(n, combat_hex) == further then
        local yes = ok[n]
        if yes == nil then yes = can_enter(u, cur, n, side) and true or false; ok[n] = yes end
        if yes then
          local d = 1 + depth(u, n, combat_hex, side, left - 1, memo)
          if d > best then best = d end
          if best == left then break end
        end
      end
    end
  end
  found[cur] = best
  return best
end

local function labels(hexes)
  local out = {}
  for i, h in ipairs(hexes) do out[i] = h.label end
  return out
end

-- One unit's retreat of `n` hexes from combat_hex: the hexes entered.
function M.retreat_unit(u, n, combat_hex, side)
  local path = {}
  if not rules.retreat.can_retreat(u) then return path end
  for step = 1, n do
    if not u:alive() or u.hex == nil then break end
    local cur = u.hex
    local best, opts = 0, {}
    local memo = { steps = {}, depth = {}, enter = {} }
    for _, h in ipairs(rules.retreat.steps(u, cur, combat_hex, side)) do
      local d = 1 + depth(u, h, combat_hex, side, n - step, memo)
      if d > best then best, opts = d, { h } elseif d == best then opts[#opts + 1] = h end
    end
    if #opts == 0 then break end
    local to = opts[1]
    if #opts > 1 then
      to = bitwa.hex.parse(bitwa.decide { side = side, kind = "retreat", options = labels(opts),
        prompt = string.format("%s retreats %d of %d hexes from %s (5.4)", u.name, step, n, combat_hex.label) })
    end
    local _, ride = rules.retreat.can_enter(u, cur, to, side)
    if ride then rules.ride_down.retreat_through(u, to) end          -- [5.4.4]
    U().place(u, to)                                                 -- [5.4.3] facing and CF kept
    bitwa.note(u.name .. " retreats to " .. to.label .. " (5.4)")
    path[#path + 1] = to
    rules.movement.on_enter(u, cur, to, "retreat")
    if u:alive() and u.hex ~= nil then rules.banners.entered(u, to) end
  end
  return path
end

-- [8.1.7] The leaders of the retreating side that stood on combat_hex go
-- with their stack when no unit of theirs is left there: along the path
-- of the unit that got farthest (their owner's choice among several), and
-- stay on the last hex it reached.  A leader whose stack could not move
-- stays.  A leader whose units all died in the combat (none left to
-- retreat) still withdraws, "as regular unit", by himself (5.4.5 for
-- each step, his owner choosing) and stops where he cannot go on.
function M.leader_retreat(leaders, result, combat_hex, side)
  if #U().field_units_at(combat_hex, side) > 0 then return end
  if #result.units == 0 then
    for _, l in ipairs(leaders) do
      if l:alive() and l.hex == combat_hex then
        local path = rules.retreat.retreat_unit(l, result.required, combat_hex, side)
        if #path < result.required then
          bitwa.note(string.format("%s withdraws %d of %d hexes alone and stops on %s (8.1.7)", l.name, #path,
            result.required, l.hex.label))
        else
          bitwa.note(l.name .. " withdraws alone to " .. l.hex.label .. " (8.1.7)")
        end
      end
    end
    return
  end
  local best, ends = 0, {}
  for _, rec in ipairs(result.units) do
    local n = #rec.path
    if n > best then best, ends = n, { rec } elseif n == best and n > 0 then ends[#ends + 1] = rec end
  end
  if best == 0 then return end
  local seen, choice = {}, {}
  for _, rec in ipairs(ends) do
    local last = rec.path[#rec.path]
    if not seen[last] then seen[last] = true; choice[#choice + 1] = rec end   -- (hexes are interned)
  end
  for _, l in ipairs(leaders) do
    if l:alive() and l.hex == combat_hex then
      local rec = choice[1]
      if #choice > 1 then
        local opts = {}
        for i, r in ipairs(choice) do opts[i] = r.path[#r.path].label end
        local pick = bitwa.decide { side = side, kind = "retreat", options = opts,
          prompt = l.name .. " retreats with which unit's path (8.1.7)?" }
        for _, r in ipairs(choice) do if r.path[#r.path].label == pick then rec = r end end
      end
      U().place(l, rec.path[#rec.path])
      bitwa.note(l.name .. " retreats with his units to " .. l.hex.label .. " (8.1.7)")
    end
  end
end

-- [4.3.7] the free turn after a retreat or pursuit.
function M.free_turn(u, why)
  if not u:alive() or u.hex == nil then return end
  local opts = { bitwa.hex.facing_name(u.facing) }
  for f = 0, 5 do
    if f ~= u.facing then opts[#opts + 1] = bitwa.hex.facing_name(f) end
  end
  local pick = bitwa.decide { side = u.side, kind = "facing", options = opts,
    prompt = u.name .. " may face any way after its " .. (why or "retreat") .. " (4.3.7)" }
  u.facing = bitwa.hex.facing(pick)
end

-- Choose one of `units` (alive) for a loss; its owner decides.
function M.choose_loss(units, side, why)
  local alive = {}
  for _, u in ipairs(units) do if u:alive() and U().is_field(u) then alive[#alive + 1] = u end end
  if #alive == 0 then return nil end
  if #alive == 1 then return alive[1] end
  local names = {}
  for i, u in ipairs(alive) do names[i] = u.name end
  return bitwa.unit(bitwa.decide { side = side, kind = "loss", options = names,
    prompt = "which unit loses 1 SP (" .. why .. ")?" })
end

--[[
rules.retreat.retreat(units, hexes, combat_hex, side) -> result
Units of `side` retreat `hexes` hexes from combat_hex (the hex they
fought on).  result = { required = hexes, from = combat_hex,
units = { { unit =, path = {hex...} } ... }, shortfall = hexes not
retreated (the worst unit's), lost = { [unit id] = SP lost by 5.4.6 },
sp_lost = total }.
--]]
function M.retreat(units, hexes, combat_hex, side)
  return rules.retreat.retreat_side({ { hex = combat_hex, units = units } }, hexes, side)[1]
end

-- The units of one hex move back (5.4.1-5.4.5), and their leaders with
-- them or on their own (8.1.7); a result as retreat's, losses not taken.
function M.move_back(units, hexes, combat_hex, side)
  local result = { required = hexes, from = combat_hex, units = {}, shortfall = 0, lost = {}, sp_lost = 0,
                   list = {} }
  if hexes <= 0 then return result end
  local leaders = U().leaders_at(combat_hex, side)
  local list = result.list
  for _, u in ipairs(units) do if u:alive() and u.hex ~= nil and U().is_field(u) then list[#list + 1] = u end end
  table.sort(list, function(a, b) return a.id < b.id end)
  for _, u in ipairs(list) do
    if rules.retreat.can_retreat(u) or not rules.retreat.instead_of_retreat(u, hexes, combat_hex, side) then
      local path = rules.retreat.retreat_unit(u, hexes, combat_hex, side)
      result.units[#result.units + 1] = { unit = u, path = path }
      result.shortfall = math.max(result.shortfall, hexes - #path)
    end
  end
  rules.retreat.leader_retreat(leaders, result, combat_hex, side)
  return result
end

--[[
rules.retreat.retreat_side(groups, hexes, side) -> { result per group }
Every unit of `side` that must retreat `hexes` hexes after one combat,
groups = { { hex = the hex they fought on, units = {...} } ... } (A-024:
each group from its own hex).  All move first; then [5.4.6] the side
loses 1 SP per hex its worst unit could not retreat -- one loss for the
side, not one per hex -- from all its fighting units, the owner choosing
which; a unit dies on the last hex it reached.
--]]
function M.retreat_side(groups, hexes, side)
  -- A group's units turn freely and its hexes are checked for stacking
  -- (4.3.7, 9.x) once its losses are known: at once for a group that
  -- retreated in full, after the side's loss for one that fell short --
  -- so a retreat with no loss asks its decisions hex by hex, as before.
  local function finish(res)
    for _, rec in ipairs(res.units) do
      if #rec.path > 0 then rules.retreat.free_turn(rec.unit, "retreat") end
    end
    local done = {}
    for _, rec in ipairs(res.units) do
      local u = rec.unit
      if u:alive() and u.hex ~= nil and not done[u.hex] then   -- (hexes are interned)
        done[u.hex] = true
        rules.condition.check_stack(u.hex)
      end
    end
  end
  local results, all = {}, {}
  for i, g in ipairs(groups) do
    results[i] = rules.retreat.move_back(g.units, hexes, g.hex, side)
    for _, u in ipairs(results[i].list) do all[#all + 1] = { u = u, res = results[i] } end
    if hexes > 0 and results[i].shortfall == 0 then finish(results[i]) end
  end
  if hexes <= 0 then return results end
  table.sort(all, function(a, b) return a.u.id < b.u.id end)
  local shortfall = 0
  for _, res in ipairs(results) do shortfall = math.max(shortfall, res.shortfall) end
  local loss = rules.arith.retreat_loss(hexes, hexes - shortfall)
  if loss > 0 then
    bitwa.note(string.format("%s retreats %d of %d hexes: %d SP lost (5.4.6)", side, hexes - shortfall,
      hexes, loss))
  end
  local units, res_of = {}, {}
  for i, e in ipairs(all) do units[i] = e.u; res_of[e.u.id] = e.res end
  for _ = 1, loss do
    local u = rules.retreat.choose_loss(units, side, "5.4.6")
    if not u then break end
    local lost = U().lose_sp(u, 1, { by = U().enemy(side), rule = "5.4.6" })
    local res = res_of[u.id]
    res.lost[u.id] = (res.lost[u.id] or 0) + lost
    res.sp_lost = res.sp_lost + lost
  end
  for _, res in ipairs(results) do
    if res.shortfall > 0 then finish(res) end
  end
  return results
end

return M
