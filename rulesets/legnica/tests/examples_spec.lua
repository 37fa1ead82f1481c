-- The worked examples of MATRIX.md §6.1 that the Legnica book shares
-- (tag LG or "all"), played under the Legnica rules: scatter (S, one die
-- on COMBAT SCATTER) instead of disorganization, the forced frontal move
-- of 5.6.12, independent leader retreats (8.2.6, 8.2.7) and the Legnica
-- COMBAT TABLE; rule numbers as the Legnica book
-- (legnica-1241-medieval-en.txt, "LG L123" = its line 123) numbers them.
-- T-02, T-03, T-18 and T-19 are in combat_spec.lua.
--
-- Map: test-field (odd columns sit lower): forest 0305-0306, village 0505,
-- swamp 0705, hill 0909-0910 (elevation 1), fortification 1105 (gate on
-- its S side), lake 1305, a stream east of column 15 (rows 1-8), a river
-- east of column 17 with a bridge (1704:SE) and a ford (1707:SE), a road
-- along row 12.  MORALE: the variable `morale` counts fields in PL's
-- favour (negative: MO's).
--
-- 5.6.12: a cavalry unit with CF above 0 must move on while it can; tests
-- that end a movement phase give such units no MP or a blocked front.

local H = loadfile(bitwa.home .. "/rulesets/legnica/tests/lib/lg.lua", "t", _ENV)()
local U, contains, answer_all, purposes, asked, notes = H.U, H.contains, H.answer_all, H.purposes, H.asked, H.notes

-- lg.setup, with hooks and reinforcements
local function setup(units, extra)
  extra = extra or {}
  local vars = { { "side.A", extra.first or "MO" } }
  for _, v in ipairs(extra.vars or {}) do vars[#vars + 1] = v end
  local options = { complementary = false }
  for k, v in pairs(extra.options or {}) do options[k] = v end
  return game { ruleset = "legnica", seed = 1, options = options, dice = extra.dice,
    scenario = { map = extra.map or "test-field", turns = extra.turns or 3, units = units, vars = vars,
                 hooks = extra.hooks, reinforcements = extra.reinforcements, data = extra.data } }
end

local function play(g, side, line, answers) return answer_all(g, g:act(side, line), answers) end

-- End phases until `name` (of turn `turn`, if given), answering decisions.
local function to_phase(g, name, turn, answers)
  if g:pending_request() then
    done(answer_all(g, { status = "decision", request = g:pending_request() }, answers), "the decision pending")
  end
  for _ = 1, 200 do
    if g:phase_info().name == name and (turn == nil or g:turn() == turn) then return end
    done(play(g, g:acting_side(), "end", answers), "end of " .. g:phase_info().name)
  end
  error("phase " .. name .. " not reached")
end

-- End phases until `name`, stopping at a decision (a fire window).
local function to_window(g, name)
  local r
  for _ = 1, 60 do
    if g:phase_info().name == name then return r end
    r = g:act(g:acting_side(), "end")
    if r.status == "decision" then return r end
    done(r)
  end
  error("phase " .. name .. " not reached")
end

local function unit(g, name) return g:unit_table(name) end
local function six(n) return math.floor(n * 6 + 0.5) end

-- rule code run on the game (no change): f(rules, api)
local function Q(g, f) return g:query(function() return f(g.rs.rules, g.rs.api) end) end

-- combat.evaluate on named units: SP, columns and CMs by rule.
local function evaluate(g, atts, defs, cc)
  return Q(g, function(R, api)
    local function list(ns)
      local t = {}
      for i, n in ipairs(ns) do t[i] = api.unit(n) end
      return t
    end
    local r = R.combat.evaluate { attackers = list(atts), defenders = list(defs), countercharge = cc }
    local out = { att_sp = r.att_sp, def_sp = r.def_sp, initial = r.initial, final = r.final,
                  att_cm = r.att_cm, def_cm = r.def_cm, att = {}, def = {} }
    for _, m in ipairs(r.att_mods) do out.att[m.rule] = m.cm end
    for _, m in ipairs(r.def_mods) do out.def[m.rule] = m.cm end
    return out
  end)
end

local function col(label)
  for i, c in ipairs { "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1" } do
    if c == label then return i end
  end
end

local function count(list, x)
  local n = 0
  for _, v in ipairs(list) do if v == x then n = n + 1 end end
  return n
end

local function far() return U("far", "PL", "infantry", "2015", "N", { sp = 1 }) end

------------------------------------------------------------------ 1.x: ratios

test("1.4 / T-01: two 2-SP cavalry units against a 1-SP infantry unit: 4 / 1 = 4:1 (LG prints 4:1)", function()
  local g = setup { U("K1", "MO", "cavalry", "0507", "S"), U("K2", "MO", "cavalry", "0408", "SE"),
                    U("P1", "PL", "infantry", "0508", "N", { sp = 1 }) }
  local e = evaluate(g, { "K1", "K2" }, { "P1" })
  eq({ e.att_sp, e.def_sp, e.initial, e.att_cm, e.def_cm, e.final }, { 4, 1, col("4:1"), 0, 0, col("4:1") })
end)

test("1.6-a / T-04: an SP of 1 halved still counts 1; 5 divided by 2 is 3", function()
  local g = setup { far() }
  eq(Q(g, function(R) return { R.arith.halve(1), R.arith.halve(5), R.arith.halve(2) } end), { 1, 3, 1 })
end)

test("1.6-b / T-05: 3 SP against 2 SP: 1.5:1 -> 2:1; 6.49:1 -> 6:1", function()
  local g = setup { far() }
  eq(Q(g, function(R) return { R.arith.ratio_column(3, 2), R.arith.ratio_column(649, 100) } end),
     { col("2:1"), col("6:1") })
end)

test("1.7 / 5.6.5 / T-06: group CF 3, 3, 2, 1 -> 2 (2.25); group armour 1, 1, none, none -> 1 (0.5): CF CM 2, armour CM 1", function()
  local g = setup { U("K1", "MO", "cavalry", "0507", "S", { cf = 3, armour = 1 }),
                    U("K2", "MO", "cavalry", "0408", "SE", { cf = 3, armour = 1 }),
                    U("K3", "MO", "cavalry", "0608", "SW", { cf = 2 }), U("K4", "MO", "cavalry", "0609", "NW", { cf = 1 }),
                    U("P1", "PL", "infantry", "0508", "N") }
  local e = evaluate(g, { "K1", "K2", "K3", "K4" }, { "P1" })
  eq(e.att["5.6.4"], 2, "CF CM 2: the mean 2.25 -> 2, within the cap 1 + 1 = 2")
  eq(e.att["5.2.7"], 1, "armour CM 1")
  eq(Q(g, function(R) return { R.arith.mean { 3, 3, 2, 1 }, R.arith.mean { 1, 1, 0, 0 } } end), { 2, 1 })
end)

------------------------------------------------------------------ 3.x: ZoC

test("3.1.2 / T-08: a cavalry unit attacked by 4 infantry units, two of its rear-area hexes holding attackers: +4 CM", function()
  local g = setup { U("I1", "MO", "infantry", "0507", "S", { sp = 1 }), U("I2", "MO", "infantry", "0408", "SE", { sp = 1 }),
                    U("I3", "MO", "infantry", "0509", "N", { sp = 1 }), U("I4", "MO", "infantry", "0609", "NW", { sp = 1 }),
                    U("C", "PL", "cavalry", "0508", "N") }
  local e = evaluate(g, { "I1", "I2", "I3", "I4" }, { "C" })
  eq(e.att["3.1.2"], 4)
  eq(evaluate(g, { "I1", "I2" }, { "C" }).att["3.1.2"], nil, "from its front area: nothing")
end)

test("3.3.3-a / T-09: CF 2 entering the ZoC of a CF 0 enemy need not stop; the next hex costs 1 MP more", function()
  -- C (CF 1) enters 0204, in the ZoC of E (0104 facing NE), with CF 2
  local g = setup { U("C", "MO", "cavalry", "0203", "S", { cf = 1 }), U("E", "PL", "infantry", "0104", "NE") }
  done(play(g, "MO", "move C"))
  local c = unit(g, "C")
  eq({ c.hex, c.cf, c.stopped, c.mp_left }, { "0204", 2, false, six(8 - 1) })
  done(play(g, "MO", "move C"))
  eq(unit(g, "C").hex, "0205")
  eq(unit(g, "C").mp_left, six(8 - 3), "1 for the hex, 1 for going on from the ZoC")
end)

test("3.3.3-b / T-09: CF 1 against CF 0 is not 'more than 1' greater: the unit stops (and 5.6.12 does not push it on)", function()
  local g = setup { U("C", "MO", "cavalry", "0203", "S"), U("E", "PL", "infantry", "0104", "NE") }
  done(play(g, "MO", "move C"))
  local c = unit(g, "C")
  eq({ c.hex, c.cf, c.stopped }, { "0204", 1, true })
  refused(g:act("MO", "move C"), "3.3.2")
  done(play(g, "MO", "end"), "a stopped unit owes no 5.6.12 move")
end)

------------------------------------------------------------------ 4.x: movement

test("4.3.1 / T-10: the base cost of a 180-degree turn is 3 MP", function()
  local g = setup { U("C", "MO", "cavalry", "0202", "S") }
  done(play(g, "MO", "turn C N"))
  eq(unit(g, "C").facing, "N")
  eq(unit(g, "C").mp_left, six(8 - 3))
end)

test("4.3.2 / T-11: heavy cavalry (armour 2) at CF 3 turns 60 degrees for 1 x (3 + 1) + 2 = 6 MP, and its CF falls to 0", function()
  local g = setup { U("C", "MO", "cavalry", "0202", "S", { armour = 2, cf = 3 }) }
  done(play(g, "MO", "turn C SE"))
  local c = unit(g, "C")
  eq({ c.mp_left, c.cf }, { six(8 - 6), 0 })
end)

test("4.3.4 / T-12: light cavalry breaks a charge: 3 + 4 + 1 + 4 + 1 = 13 MP; a 120-degree turn at CF 3 is refused", function()
  local g = setup { U("C", "MO", "cavalry", "0802", "S", { mp = 13 }) }
  for _ = 1, 3 do done(play(g, "MO", "move C")) end
  eq(unit(g, "C").cf, 3)
  refused(g:act("MO", "turn C NE"), "4.3.4", "120 degrees at CF 3")
  done(play(g, "MO", "turn C SE"))
  eq({ unit(g, "C").cf, unit(g, "C").mp_left }, { 0, six(13 - 3 - 4) }, "1 x (3 + 1) + 0 = 4")
  done(play(g, "MO", "move C"))
  eq({ unit(g, "C").hex, unit(g, "C").cf }, { "0905", 1 })
  done(play(g, "MO", "turn C N"))
  eq(unit(g, "C").mp_left, six(1), "2 x (1 + 1) + 0 = 4")
  done(play(g, "MO", "move C"))
  local c = unit(g, "C")
  eq({ c.hex, c.mp_left, c.cf }, { "0904", 0, 1 })
  done(play(g, "MO", "end"), "no MP left: 5.6.12 lets the phase end")
end)

test("4.3.4 / T-12: with a regular cavalry unit's 8 MP the manoeuvre does not fit in one turn", function()
  local g = setup { U("C", "MO", "cavalry", "0802", "S") }
  for _ = 1, 3 do done(play(g, "MO", "move C")) end
  done(play(g, "MO", "turn C SE"))
  done(play(g, "MO", "move C"))
  eq(unit(g, "C").mp_left, 0)
  refused(g:act("MO", "turn C N"), "4.1.3", "the 120-degree turn needs 4 more MP")
end)

test("4.3.6-a / T-13: heavy cavalry, CF 0, turns 120 degrees in a forest: 4 + the forest's 4 = 8 MP (the example adds 2)", function()
  -- LG L393-397: "Terrain cost in MPs (from TERRAIN INFLUENCE table) must
  -- be added"; the table's forest is 4 for cavalry (LG L1089), the
  -- example's "2 MPs (terrain cost)" is the infantry column.
  local g = setup { U("C", "MO", "cavalry", "0305", "S", { armour = 2, mp = 10 }) }
  done(play(g, "MO", "turn C NE"))
  eq(unit(g, "C").mp_left, six(10 - 8))
end)

test("4.3.6-b / T-13: with the option turn_terrain_cost = example it costs the example's 4 + 2 = 6 MP", function()
  local g = setup({ U("C", "MO", "cavalry", "0305", "S", { armour = 2, mp = 10 }) },
                  { options = { turn_terrain_cost = "example" } })
  done(play(g, "MO", "turn C NE"))
  eq(unit(g, "C").mp_left, six(10 - 6))
end)

test("4.4.3-a / T-14: a unit that left the map in turn 2, phase 1, returns in the turn 5 movement phase at the earliest", function()
  local g = setup({ U("C", "MO", "cavalry", "0201", "N"), far() }, { turns = 6 })
  to_phase(g, "A.cavalry_move", 2)
  done(play(g, "MO", "move C"))
  local c = unit(g, "C")
  eq({ c.hex, c.off_map, c.left_at }, { nil, 2, "0201" })
  to_phase(g, "A.cavalry_move", 4)
  refused(g:act("MO", "enter C 0201 S"), "4.4.3")
  to_phase(g, "A.cavalry_move", 5)
  done(play(g, "MO", "enter C 0201 S"))
  eq(unit(g, "C").hex, "0201")
end)

test("4.4.3-b / T-15: a unit that left the map in a pursuit in turn 2, phase 2, returns in turn 6", function()
  -- A pursuit never runs off the map here (the retreat it follows cannot,
  -- 4.4.1), so the hook takes C off the map as a pursuit would, in the
  -- cavalry attack phase of turn 2.
  local G
  local hooks = { { "phase.A.cavalry_attack.enter", function()
    local c = G.rs.api.unit("C")
    if G:turn() == 2 and c.hex then G.rs.modules.movement.leave_map(c, "pursuit") end
  end } }
  G = setup({ U("C", "MO", "cavalry", "0201", "N"), far() }, { turns = 7, hooks = hooks })
  to_phase(G, "A.infantry_move", 2)
  eq({ unit(G, "C").hex, unit(G, "C").left_phase }, { nil, "pursuit" })
  to_phase(G, "A.cavalry_move", 5)
  refused(G:act("MO", "enter C 0201 S"), "4.4.3", "turn 5 is too early after a pursuit")
  to_phase(G, "A.cavalry_move", 6)
  done(play(G, "MO", "enter C 0201 S"))
end)

test("4.4.4 / T-16: cavalry that left from 0801 comes back within 6 hexes along the edge (book: 2300 -> 1700-2900); infantry within 4", function()
  local function back(kind)
    local g = setup({ U("C", "MO", kind, "0801", "N"), far() }, { turns = 6 })
    if kind == "infantry" then to_phase(g, "A.infantry_move") end
    done(play(g, "MO", "move C"))
    return g, Q(g, function(R, api)
      local out = {}
      for _, h in ipairs(R.reinforcements.return_hexes(api.unit("C"))) do out[#out + 1] = h.label end
      table.sort(out)
      return out
    end)
  end
  local g, labels = back("cavalry")
  eq(labels, { "0201", "0301", "0401", "0501", "0601", "0701", "0801", "0901", "1001", "1101", "1201", "1301", "1401" })
  to_phase(g, "A.cavalry_move", 4)
  refused(g:act("MO", "enter C 1501 S"), "4.4.4")
  done(play(g, "MO", "enter C 1401 S"))
  g, labels = back("infantry")
  eq(labels, { "0401", "0501", "0601", "0701", "0801", "0901", "1001", "1101", "1201" })
end)

test("4.5.2 / T-17: a 2-SP unit may not enter a hex holding a 1-SP infantry unit", function()
  local g = setup { U("I", "MO", "infantry", "0202", "S"), U("J", "MO", "infantry", "0203", "N", { sp = 1 }) }
  to_phase(g, "A.infantry_move")
  refused(g:act("MO", "move I"), "4.5.2")
  eq(unit(g, "I").hex, "0202")
end)

test("4.5.2 / 5.8.2 / 5.8.6 / T-17: cavalry may ride the friendly infantry down instead: CM 1 + armour 0 - 0 - 0 = 1 > 0; 1 + 1 MP", function()
  local g = setup { U("C", "MO", "cavalry", "0202", "S", { cf = 1 }), U("J", "MO", "infantry", "0203", "N", { sp = 1 }) }
  local r = play(g, "MO", "move C")
  done(r)
  eq(unit(g, "J"), nil, "ridden down (5.8.3)")
  local c = unit(g, "C")
  eq({ c.hex, c.cf, c.mp_left }, { "0203", 2, six(8 - 1 - 1) })
  eq(g:var("morale"), 0, "5.8.4: no MORALE change")
end)

test("4.5.2 / 5.8.2 / T-17: with armour 1 on the infantry the ride-down fails (1 + 0 - 1 = 0): the full hex stays closed", function()
  local g = setup { U("C", "MO", "cavalry", "0202", "S", { cf = 1 }), U("J", "MO", "infantry", "0203", "N", { sp = 1, armour = 1 }) }
  refused(g:act("MO", "move C"), "4.5.2")
  ok(unit(g, "J") ~= nil)
end)

------------------------------------------------------------------ 5.2: combat

test("5.2.11 / T-20: CF 3 attacks CF 2: after the combat 2 and 1", function()
  -- 1:1, CF CM +1 each (armour 0: cap 1): 1:1; roll 6 = "-" (LG L1048)
  local g = setup({ U("A", "MO", "cavalry", "0507", "S", { cf = 3 }), U("D", "PL", "cavalry", "0508", "N", { cf = 2 }) },
                  { dice = { 6 } })
  to_phase(g, "A.cavalry_attack")
  local r = play(g, "MO", "attack A D")
  done(r)
  eq(purposes(r), { "combat (5.1.1)" })
  eq({ unit(g, "A").cf, unit(g, "D").cf, unit(g, "A").sp, unit(g, "D").sp }, { 2, 1, 2, 2 })
end)

------------------------------------------------------------------ 5.4: retreat

test("5.4.2 / T-21: D2: the defender ends its retreat 2 hexes from the hex it fought on; then one die for scatter", function()
  -- 1:1, roll 2 = "D2 -1" (LG L1044); scatter roll 5 (row B2 / A2, other: 1-2)
  local g = setup({ U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }, { dice = { 2, 5 } })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "MO", "attack A D", { retreat = { "0509", "0510" } })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "combat scatter (5.1.1 g)" })
  local d = unit(g, "D")
  eq({ d.hex, d.sp, d.condition }, { "0510", 1, "" })
  eq(Q(g, function(R, api) return api.hex.distance(api.unit("D").hex, api.hex.parse("0508")) end), 2)
  g = setup({ U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }, { dice = { 2, 2 } })
  to_phase(g, "A.infantry_attack")
  done(play(g, "MO", "attack A D", { retreat = { "0509", "0510" } }))
  d = unit(g, "D")
  eq({ d.hex, d.sp, d.condition }, { nil, 1, "scattered" }, "a 2 scatters it after the retreat (9.1.2)")
end)

-- T-22: D1, D2 (PL, 1 SP each) at 0508 must retreat 4 from A (MO, 0507):
-- 0609 0409 0610 0410 0611 0411 are full, T1 and T2 (MO, facing 0512) close
-- the fourth hex.  1:1 +6 (MO's MORALE) = 7:1, roll 4 = "D4" (LG L1046).
local function t22(dice, answers)
  local units = { U("A", "MO", "infantry", "0507", "S"), U("D1", "PL", "infantry", "0508", "N", { sp = 1 }),
                  U("D2", "PL", "infantry", "0508", "N", { sp = 1 }),
                  U("T1", "MO", "infantry", "0413", "NE", { sp = 1 }), U("T2", "MO", "infantry", "0613", "NW", { sp = 1 }) }
  for i, h in ipairs { "0609", "0409", "0610", "0410", "0611", "0411" } do units[#units + 1] = U("B" .. i, "PL", "infantry", h, "N") end
  local g = setup(units, { vars = { { "morale", -6 } }, options = { morale_value = "offset" }, dice = dice })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "MO", "attack A D1,D2", answers)
  done(r)
  return g, r
end

test("5.4.6 / T-22: D4 but only 3 hexes: retreat 3, then 1 SP for the side (the owner's choice); the one it kills dies on the last hex", function()
  local g, r = t22({ 4, 6 }, { loss = "D2" })
  eq(#asked(r, "loss"), 1, "one SP for the side, the owner chooses")
  eq(unit(g, "D2"), nil)
  eq({ unit(g, "D1").hex, unit(g, "D1").sp }, { "0511", 1 })
  ok(notes(r):find("D2", 1, true) ~= nil)
  eq(g:var("morale"), -7, "the 5.4.6 loss is the enemy's doing (A-044): 1 field for MO")
end)

test("5.4.6 / 5.1.1-g / T-22: after the partial retreat the survivor rolls one die on row B4 / A4 (other: 1-4)", function()
  local g, r = t22({ 4, 6 }, { loss = "D2" })
  eq(purposes(r), { "combat (5.1.1)", "combat scatter (5.1.1 g)" }, "one die, not the English 2D6")
  eq(r.rolls[2].total, 6)
  eq(unit(g, "D1").condition, "")
  g, r = t22({ 4, 4 }, { loss = "D2" })
  local d1 = unit(g, "D1")
  eq({ d1.condition, d1.hex }, { "scattered", nil }, "4 is on row B4 / A4 for 'other' (LG L1076)")
end)

------------------------------------------------------------------ 5.5: pursuit

test("5.5.4 / 5.5.6 / T-23: obligatory pursuit enters the hex left, then follows the retreat path", function()
  -- no leader: obligatory (5.5.2); 1:1, roll 2 = "D2 -1"
  local g = setup({ U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }, { dice = { 2, 5 } })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "MO", "attack A D", { retreat = { "0509", "0510" } })
  done(r)
  eq(#asked(r, "pursuit"), 0, "no choice")
  eq(unit(g, "A").hex, "0509", "0508 (the vacated hex), then 0509 on the path")
end)

test("5.5.5 / 5.5.6 / T-23: voluntary pursuit may leave the retreat path by one hex", function()
  -- leader on A's hex: voluntary without a roll; 1:1 +2 = 3:1, roll 4 = "D2" (LG L1046)
  local g = setup({ U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"), U("L", "MO", "leader", "0507", "N") },
                  { dice = { 4, 5 } })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "MO", "attack A D", { retreat = { "0509", "0510" }, pursuit = { "0508", "0609" } })
  done(r)
  local p = asked(r, "pursuit")
  eq(p[1].options, { "0508", "stop" }, "the first hex is the vacated hex (5.5.6)")
  ok(contains(p[2].options, "0509") and contains(p[2].options, "0609"), "on the path or one hex beside it")
  eq(unit(g, "A").hex, "0609")
end)

-- T-24: A (MO) attacks D (PL); L (MO's leader) at `leader_hex`.
local function duel(leader_hex, dice, vars)
  local units = { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }
  if leader_hex then units[#units + 1] = U("L", "MO", "leader", leader_hex, "N") end
  local g = setup(units, { dice = dice, vars = vars,
                          options = vars and { morale_value = "offset" } or nil })   -- MORALE by its offset (+3)
  to_phase(g, "A.infantry_attack")
  local r = play(g, "MO", "attack A D", { retreat = "0509" })
  done(r)
  return g, r
end

test("5.5.3 / T-24: a leader on the unit's hex: voluntary without a roll", function()
  local g, r = duel("0507", { 7, 5 })                   -- 1:1 +2 = 3:1, 7 = "D1"
  eq(purposes(r), { "combat (5.1.1)", "combat scatter (5.1.1 g)" })
  eq(#asked(r, "pursuit"), 1)
  eq(unit(g, "A").hex, "0507", "it stopped")
end)

test("5.5.3 / T-24: 3 hexes from the leader: 1D6 1-3 voluntary, 4-6 obligatory", function()
  -- 3 hexes: outside the leader's range (no CM): 1:1, roll 4 = "D1" (LG L1046)
  local g, r = duel("0207", { 4, 3, 5 })
  eq(purposes(r), { "combat (5.1.1)", "pursuit (5.5.3)", "combat scatter (5.1.1 g)" })
  eq(r.rolls[2].total, 3)
  eq(#asked(r, "pursuit"), 1, "3: voluntary")
  eq(unit(g, "A").hex, "0507")
  g, r = duel("0207", { 4, 4, 5 })
  eq(#asked(r, "pursuit"), 0, "4: obligatory")
  eq(unit(g, "A").hex, "0508")
end)

test("5.5.2 / 5.5.3 / T-24: a leader 6 hexes away: obligatory without a roll", function()
  local g, r = duel("1107", { 4, 5 })
  eq(purposes(r), { "combat (5.1.1)", "combat scatter (5.1.1 g)" })
  eq(#asked(r, "pursuit"), 0)
  eq(unit(g, "A").hex, "0508")
end)

test("6.1.8 / 5.5.3 / T-24: at MORALE +2 (here +3) and no leader on the hex, pursuit is obligatory without a roll", function()
  local g, r = duel("0207", { 8, 5 }, { { "morale", -3 } })   -- 1:1 +3 = 4:1, 8 = "D1 -1"
  eq(purposes(r), { "combat (5.1.1)", "combat scatter (5.1.1 g)" })
  eq(#asked(r, "pursuit"), 0)
  eq(unit(g, "A").hex, "0508")
end)

------------------------------------------------------------------ 5.6: charge

test("5.6.3 / T-25: 3 hexes (CF 3), a 60-degree turn (CF 0), 2 hexes: CF 2 on contact", function()
  local g = setup { U("C", "MO", "cavalry", "0802", "S", { mp = 13 }) }
  for _ = 1, 3 do done(play(g, "MO", "move C")) end
  eq(unit(g, "C").cf, 3)
  done(play(g, "MO", "turn C SE"))
  eq(unit(g, "C").cf, 0)
  done(play(g, "MO", "move C"))
  done(play(g, "MO", "move C"))
  eq({ unit(g, "C").cf, unit(g, "C").mp_left }, { 2, six(13 - 3 - 4 - 2) })
  refused(g:act("MO", "end"), "5.6.12", "CF 2 and 4 MP: it must charge on")
end)

test("5.6.4 / 5.6.5 / T-26: armour 1, CF 3: CF CM 2 (armour + 1), armour CM 1; a 60-degree turn still costs 1 x (3 + 1) + 1 = 5", function()
  local g = setup { U("C", "MO", "cavalry", "0507", "S", { armour = 1, cf = 3 }), U("D", "PL", "infantry", "0510", "N") }
  local e = evaluate(g, { "C" }, { "D" })
  eq({ e.att["5.6.4"], e.att["5.2.7"] }, { 2, 1 })
  done(play(g, "MO", "turn C SE"))
  eq(unit(g, "C").mp_left, six(8 - 5))
end)

test("5.6.10 / T-27: each hex moved uphill costs 1 CF: two hexes uphill, CF 2 lower than on the flat", function()
  -- 0909 is at elevation 1; 0910 is raised to 2 for this test
  local g = setup { U("C", "MO", "cavalry", "0908", "S"), U("F", "MO", "cavalry", "0208", "S") }
  g.map:set_elevation(bitwa.hex.at(9, 10), 2)
  done(play(g, "MO", "move C"))                  -- 0909, uphill: 0 + 1 - 1
  eq({ unit(g, "C").hex, unit(g, "C").cf }, { "0909", 0 })
  done(play(g, "MO", "move C"))                  -- 0910, uphill again
  eq({ unit(g, "C").hex, unit(g, "C").cf }, { "0910", 0 })
  eq(unit(g, "C").mp_left, six(8 - 1.5 - 1.5), "4.1.7: the slope row (LG L1091) adds 1/2 MP per hex uphill for cavalry")
  done(play(g, "MO", "move F"))
  done(play(g, "MO", "move F"))
  eq(unit(g, "F").cf, 2, "the same two hexes on the flat")
end)

test("5.6.10 / T-27: after the hex's gain: CF 2 moving onto the flat (3), then uphill (3 - 1 = 2)", function()
  local g = setup { U("C", "MO", "cavalry", "0907", "S", { cf = 2 }) }
  done(play(g, "MO", "move C"))
  eq(unit(g, "C").cf, 3)
  done(play(g, "MO", "move C"))
  eq(unit(g, "C").cf, 2)
end)

------------------------------------------------------------------ 5.7: countercharge

-- PL (player A) moves K1 S down column 4 to 0408; MO's P2 at 0609 facing
-- NW (front area 0509, 0508, 0608) and P3 at 0410 facing N have a front
-- hex next to 0408.  K1 has 2 MP: at 0408 it has none left to move on
-- (5.6.12).
local function cc_game(extra_units, dice, k1)
  local units = { U("K1", "PL", "cavalry", "0406", "S", k1 or { mp = 2 }),
                  U("P2", "MO", "cavalry", "0609", "NW", { cf = 1, armour = 2 }), U("far", "MO", "infantry", "2015", "N", { sp = 1 }) }
  for _, u in ipairs(extra_units or {}) do units[#units + 1] = u end
  return setup(units, { first = "PL", dice = dice })
end

local function to_0408(g)
  done(play(g, "PL", "move K1"), "0407: not next to P2's front area yet")
  return g:act("PL", "move K1")
end

test("5.7.4 / 5.7.3 / 5.7.11 / T-28: P2 countercharges K1: the combat is fought right after P2's move; K1 stops", function()
  -- P2 (CF 1 -> 2, armour 2: +4) vs K1 (CF 2, armour 0: +1): 1:1 +4 -1 = 4:1; 11 = "-" (LG L1053, the OCR's "1")
  local g = cc_game(nil, { 11 })
  local r = to_0408(g)
  eq(r.status, "decision")
  eq(r.request.options, { "countercharge P2 K1", "pass" })
  r = g:answer("countercharge P2 K1")
  done(r)
  eq(purposes(r), { "combat (5.1.1)" })
  eq({ unit(g, "P2").hex, unit(g, "P2").countercharged }, { "0508", true })
  eq({ unit(g, "K1").hex, unit(g, "K1").stopped }, { "0408", true })
  refused(g:act("PL", "move K1"), "5.7.11")
end)

test("5.7.4 / T-28: once player K starts moving K2, K1 can no longer be countercharged", function()
  local g = cc_game { U("K2", "PL", "cavalry", "1202", "S") }
  local r = to_0408(g)
  eq(r.request.options, { "countercharge P2 K1", "pass" })
  done(g:answer("pass"))
  done(play(g, "PL", "move K2"))
  refused(g:act("PL", "move K1"), "4.1.2")
  eq(Q(g, function(R, api) return #R.countercharge.options(api.unit("K2"), "step", "MO") end), 0)
end)

test("5.7.4 / 5.6.12 / T-28: in Legnica K2 cannot even start while K1 still has the MP to charge on", function()
  local g = cc_game({ U("K2", "PL", "cavalry", "1202", "S") }, nil, { mp = 8 })
  to_0408(g)
  done(g:answer("pass"))
  refused(g:act("PL", "move K2"), "5.6.12")
end)

test("5.7.4 / T-28: after P2 countercharged K1, K2 may attack P2 in the cavalry combat phase", function()
  -- countercharge: 4:1, 11 = "-".  Then K1 (CF 1 after that combat) and K2
  -- (CF 0 after its one-hex move, from P2's rear area) attack P2 (CF 1,
  -- armour 2): 4:2 = 2:1, +1 CF +2 rear -2 armour -1 CF = 2:1; 7 = "-1 / D1"
  -- (LG L1049); P2's scatter roll 6
  local g = cc_game({ U("K2", "PL", "cavalry", "0607", "S", { mp = 1 }) }, { 11, 7, 6 })
  to_0408(g)
  done(g:answer("countercharge P2 K1"))
  done(play(g, "PL", "move K2"))                 -- 0608 (4.2.10: its whole MP), next to P2 at 0508
  done(play(g, "PL", "end"))
  eq(g:phase_info().name, "A.cavalry_attack")
  local r = play(g, "PL", "attack K1,K2 P2", { loss = "K1" })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "combat scatter (5.1.1 g)" })
  ok(notes(r):find("combat: K1,K2 (4 SP", 1, true) ~= nil, notes(r))
  eq(unit(g, "K1").sp, 1)
  eq(Q(g, function(R, api) return api.hex.distance(api.unit("P2").hex, api.hex.parse("0508")) end), 1, "D1")
end)

test("5.7.5 / T-29: several units may countercharge the same moving unit: one combat", function()
  local g = cc_game({ U("P3", "MO", "cavalry", "0410", "N") }, { 11, 11, 11, 11 })
  local r = to_0408(g)
  eq(r.request.options, { "countercharge P2 K1", "countercharge P3 K1", "pass" })
  r = g:answer("countercharge P2 K1")
  eq({ r.request.kind, r.request.options }, { "countercharge_join", { "P3", "no" } })
  r = answer_all(g, g:answer("P3"))
  done(r)
  eq(count(purposes(r), "combat (5.1.1)"), 1, "one combat")
  eq({ unit(g, "P2").countercharged, unit(g, "P3").countercharged }, { true, true })
  local k1 = unit(g, "K1")
  ok(k1 == nil or k1.stopped, "K1 stops")
end)

test("5.7.5 / T-29: any subset may countercharge: P3 stays out", function()
  local g = cc_game({ U("P3", "MO", "cavalry", "0410", "N") }, { 11 })
  to_0408(g)
  g:answer("countercharge P2 K1")
  done(g:answer("no"))
  eq({ unit(g, "P3").hex, unit(g, "P3").countercharged, unit(g, "P2").countercharged }, { "0410", false, true })
end)

test("5.7.6 / T-30: CF 1, armour 2: straight on CF 2 (CM 2); after a turn CF 1 (CM 1); through a ford CF 0 (CM 0)", function()
  local g = setup { U("K1", "PL", "cavalry", "0408", "S"), U("P2", "MO", "cavalry", "0609", "NW", { cf = 1, armour = 2 }),
                    U("Q", "MO", "cavalry", "0309", "NW", { cf = 1, armour = 2 }),
                    U("K4", "PL", "cavalry", "1907", "S"), U("R", "MO", "cavalry", "1707", "SE", { cf = 1, armour = 2 }) }
  local function plans(cc, mover)
    return Q(g, function(R, api)
      local out = {}
      for _, p in ipairs(R.countercharge.plans(api.unit(cc), api.unit(mover))) do
        out[#out + 1] = string.format("%s%s CF %d CM %d", p.to.label, p.turned and " turned" or "", p.cf,
          R.arith.cf_cm(p.cf, api.unit(cc).armour, { countercharge = true }))
      end
      return out
    end)
  end
  eq(plans("P2", "K1"), { "0508 CF 2 CM 2" })
  eq(plans("Q", "K1"), { "0308 turned CF 1 CM 1" })
  eq(plans("R", "K4"), { "1808 CF 0 CM 0" })
end)

test("5.7.9 / T-31: an armour-0 countercharger with CF 2 gains no CM from its CF (armour 1 would give 2)", function()
  local g = setup { U("K1", "PL", "cavalry", "0408", "S"), U("P3", "MO", "cavalry", "0410", "N", { cf = 2 }) }
  eq(Q(g, function(R) return { R.arith.cf_cm(2, 0, { countercharge = true }), R.arith.cf_cm(2, 0),
                               R.arith.cf_cm(2, 1, { countercharge = true }) } end), { 0, 1, 2 })
  local e = evaluate(g, { "P3" }, { "K1" }, true)
  eq(e.att["5.6.4"], nil, "no CF CM in the countercharge fight")
  eq(evaluate(g, { "P3" }, { "K1" }).att["5.6.4"], 1, "outside a countercharge: min(2, 0 + 1)")
end)

test("5.7.10 / T-32: P2 may not countercharge K1 while K1 is adjacent to P1", function()
  local g = cc_game { U("P1", "MO", "infantry", "0409", "S") }
  done(to_0408(g), "no reaction offered")
  eq(unit(g, "K1").stopped, false)
  g = cc_game()
  eq(to_0408(g).status, "decision", "without P1 it may")
end)

test("5.7.11 / T-33: when K1 starts to move, P2 may countercharge it at once: K1 stops before its first hex", function()
  -- P2 (CF 2, armour 2: +4) vs K1 (CF 0): 1:1 +4 = 5:1; 12 = "-1 / -1" (LG L1054)
  local g = setup({ U("K1", "PL", "cavalry", "0408", "S"), U("P2", "MO", "cavalry", "0609", "NW", { cf = 1, armour = 2 }) },
                  { first = "PL", dice = { 12 } })
  local r = g:act("PL", "move K1")
  eq(r.status, "decision")
  eq(r.request.options, { "countercharge P2 K1", "pass" })
  r = g:answer("countercharge P2 K1")
  done(r)
  local k1 = unit(g, "K1")
  eq({ k1.hex, k1.stopped, k1.moved, k1.sp }, { "0408", true, false, 1 })
  eq(unit(g, "P2").sp, 1)
  refused(g:act("PL", "move K1"), "5.7.11")
end)

------------------------------------------------------------------ 6, 7: MORALE, banners

test("6.1.2 / T-39: MORALE +1 for the Poles: every Polish unit (and its allies) gains 1 CM in every combat, the Mongols none", function()
  local g = setup({ U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                    U("O", "PL", "cavalry", "0608", "NW", { nation = "orders" }) }, { vars = { { "morale", 1 } }, options = { morale_value = "offset" } })
  local e = evaluate(g, { "A" }, { "D" })
  eq({ e.def["6.1.2"], e.att["6.1.2"] }, { 1, nil })
  eq(evaluate(g, { "D", "O" }, { "A" }).att["6.1.2"], 1)
end)

test("6.1.2 / 6.1.9 / T-39: MORALE reached during a turn gives its CM from phase 9 on", function()
  -- PL (A) at 0507 attacks M (1 SP) at 0508: 2:1, roll 3 = "D2 -1": M is eliminated, 1 field for PL,
  -- from 9 (zone 0) to 10 (zone +1: MORALE +1, tables.morale.zones)
  local g = setup({ U("A", "PL", "infantry", "0507", "S"), U("M", "MO", "infantry", "0508", "N", { sp = 1 }),
                    U("E", "MO", "infantry", "1010", "N") }, { first = "PL", dice = { 3 }, vars = { { "morale", 9 } } })
  to_phase(g, "A.infantry_attack")
  done(play(g, "PL", "attack A M"))
  eq(unit(g, "M"), nil)
  eq({ g:var("morale"), g:var("morale.effective") }, { 10, 9 })
  eq(evaluate(g, { "A" }, { "E" }).att["6.1.2"], nil, "not before phase 9")
  to_phase(g, "A.cavalry_move", 2)
  eq(g:var("morale.effective"), 10)
  eq(evaluate(g, { "A" }, { "E" }).att["6.1.2"], 1)
end)

-- T-41: H (MO) holds the banner TB at 0808; K stands at 0806 (in front of
-- H: H's move to 0807 leaves it no room to go on, 5.6.12).
local function banner_game(extra)
  local units = { U("H", "MO", "cavalry", "0808", "N"), { name = "TB", side = "MO", kind = "banner", holder = "H", hex = "0808" },
                  U("K", "MO", "cavalry", "0806", "N"), far() }
  for _, u in ipairs(extra or {}) do units[#units + 1] = u end
  return setup(units)
end

test("7.1.3 / 7.1.4 / T-41: passed before its holder moved, the banner moves with the new holder B (A pays 1 MP)", function()
  local g = banner_game { U("J", "MO", "cavalry", "0809", "S") }
  done(play(g, "MO", "pass_banner TB J"))
  eq(unit(g, "H").mp_left, six(8 - 1))
  done(play(g, "MO", "move J"))
  eq({ unit(g, "J").hex, unit(g, "TB").hex }, { "0810", "0810" })
end)

test("7.1.3 / T-41: passed after its holder moved, the receiver C cannot move this turn, though not yet activated", function()
  local g = banner_game()
  done(play(g, "MO", "move H"))
  done(play(g, "MO", "pass_banner TB K"))
  refused(g:act("MO", "move K"), "7.1.3")
  eq(unit(g, "K").hex, "0806")
end)

------------------------------------------------------------------ 8: leaders

-- T-43: A (2 SP) and L (MO) at 0507 attack D (PL) at 0508: 1:1 +2 (leader)
-- -3 (PL's MORALE) = 1:2, 11 = "A2 -1" (LG L1053).
local function t43(dice)
  local g = setup({ U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                    U("L", "MO", "leader", "0507", "N") }, { vars = { { "morale", 3 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force(dice)
  local r = play(g, "MO", "attack A D")
  done(r)
  return g, r
end

test("8.2.4 / 8.2.5-a / T-43: attackers stacked with a leader get A2 -1: 2D6 - 1 <= 2: he dies on 3", function()
  local g, r = t43 { 11, 3 }
  eq(purposes(r), { "combat (5.1.1)", "leader death (8.2.4)" })
  eq(r.rolls[2].total, 3)
  eq(unit(g, "L"), nil)
  eq(g:var("morale"), 3 + 8, "6.1.6: 8 fields for PL")
end)

test("8.2.4 / 8.2.5-a / T-43: ... and on 2; 4 - 1 > 2: he lives", function()
  local g = t43 { 11, 2 }
  eq(unit(g, "L"), nil)
  g = t43 { 11, 4, 6, 6 }
  local l = unit(g, "L")
  ok(l ~= nil and l.hex ~= nil, "he lives")
  eq(Q(g, function(R, api) return api.hex.distance(api.unit("L").hex, api.hex.parse("0507")) end), 2,
     "8.2.6: he retreats the 2 hexes on his own")
  eq(unit(g, "A").sp, 1)
end)

-- T-44: D (2 SP) and L (PL) at 0508; 0609 0409 0610 0410 0611 0411 full
-- of PL units and T (MO) on 0511: D can retreat 2 of 3.  1:1 +7 (MO's
-- MORALE) -2 (leader) = 6:1, 5 = "D3 -1" (LG L1047).
local function t44(dice)
  local units = { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"), U("L", "PL", "leader", "0508", "N"),
                  U("T", "MO", "infantry", "0511", "S", { sp = 1 }) }
  for i, h in ipairs { "0609", "0409", "0610", "0410", "0611", "0411" } do units[#units + 1] = U("B" .. i, "PL", "infantry", h, "N") end
  local g = setup(units, { vars = { { "morale", -7 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force(dice)
  local r = play(g, "MO", "attack A D")
  done(r)
  return g, r
end

test("8.2.5-b / T-44: defenders with a leader get D3 -1 and retreat only 2 (+1 SP, 5.4.6): 2D6 - 2 <= 3: he dies on 5", function()
  local g, r = t44 { 5, 5 }
  eq(purposes(r), { "combat (5.1.1)", "leader death (8.2.4)" })
  eq(unit(g, "D"), nil, "1 SP lost in combat, 1 for the missing hex")
  eq(unit(g, "L"), nil, "5 - 2 = 3 <= 3")
  eq(g:var("morale"), -7 - 1 - 8, "MO: 1 field for D, 8 for the leader")
end)

test("8.2.5-b / 8.2.6 / T-44: on 6 he lives (6 - 2 > 3), having retreated on his own the 3 hexes, ignoring enemy ZoC", function()
  local g = t44 { 5, 6 }
  local l = unit(g, "L")
  ok(l ~= nil and l.hex ~= nil, "he lives")
  eq(Q(g, function(R, api) return api.hex.distance(api.unit("L").hex, api.hex.parse("0508")) end), 3)
  eq(g:var("morale"), -7 - 1)
end)

test("8.2.9 / 6.1.6 / T-45: a lone leader attacked is killed whatever the roll; the fight is on 9:1: 2 = '-1 / D5S': the attacker loses 1 SP", function()
  local g = setup({ U("A", "MO", "infantry", "0507", "S"), U("L", "PL", "leader", "0508", "N") }, { dice = { 2 } })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "MO", "attack A L")
  done(r)
  eq(purposes(r), { "combat (5.1.1)" })
  ok(notes(r):find("9:1, roll 2: -1 / D5S", 1, true) ~= nil, notes(r))
  eq(unit(g, "A").sp, 1)
  eq(unit(g, "L"), nil)
  eq(g:var("morale"), -8)
end)

test("8.2.9 / 6.1.7 / 8.1.5 / T-45: a grand leader (range 3) alone: killed, 12 fields, every unit of his side loses 1 SP", function()
  local g = setup({ U("A", "MO", "infantry", "0507", "S"), U("L", "PL", "leader", "0508", "N", { range = 3 }),
                    U("P1", "PL", "cavalry", "1212", "N"), U("P2", "PL", "infantry", "1412", "N", { sp = 1 }) }, { dice = { 12 } })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "MO", "attack A L")                  -- 9:1, 12 = "-1 / D2 -1"
  done(r)
  eq(unit(g, "L"), nil)
  eq(unit(g, "A").sp, 1)
  eq(g:var("morale"), -12)
  eq(unit(g, "P1").sp, 1)
  eq(unit(g, "P2"), nil, "eliminated, without MORALE (8.1.6)")
end)

------------------------------------------------------------------ 10: ranged units

-- PL (player A) fires in MO's movement phases.
local function fire_game(units, dice, extra)
  extra = extra or {}
  extra.first, extra.dice = "PL", dice
  return setup(units, extra)
end

test("10.1.5-a / T-49: a ranged unit may fire just after the enemy movement phase started, before any enemy move", function()
  local g = fire_game({ U("A1", "PL", "archers", "0808", "N", { sp = 1 }), U("K1", "MO", "cavalry", "0806", "N") }, { 8 })
  local r = to_window(g, "B.cavalry_move")
  eq({ r.request.side, r.request.kind, r.request.options }, { "PL", "reaction", { "fire A1 K1", "pass" } })
  r = g:answer("fire A1 K1")
  done(r)
  eq(purposes(r), { "fire (10.4.1)" })
  eq(unit(g, "K1").sp, 1, "range 2, 8: -1")
  eq(unit(g, "A1").shots, 1)
end)

test("10.1.5-c / T-49: ... or after all enemy movement, before the phase ends", function()
  local g = fire_game({ U("A1", "PL", "archers", "0808", "N", { sp = 1 }), U("K1", "MO", "cavalry", "0806", "N") }, { 8 })
  to_window(g, "B.cavalry_move")
  done(g:answer("pass"))
  local r = g:act("MO", "end")
  eq({ r.status, r.request.options }, { "decision", { "fire A1 K1", "pass" } })
  done(g:answer("fire A1 K1"))
  eq(unit(g, "K1").sp, 1)
  eq(g:phase_info().name, "B.cavalry_attack")
end)

test("10.1.5-b / T-49: ... or as soon as an enemy unit enters its range", function()
  -- K1 moves S from 0803: 0804 is 4 hexes from A1, 0805 3, 0806 2 (in range)
  local g = fire_game({ U("A1", "PL", "archers", "0808", "N", { sp = 1 }), U("K1", "MO", "cavalry", "0803", "S") }, { 8 })
  local r = to_window(g, "B.cavalry_move")
  eq(r and r.status, "done", "nothing in range when the phase starts")
  done(g:act("MO", "move K1"))
  done(g:act("MO", "move K1"))
  r = g:act("MO", "move K1")
  eq({ r.status, r.request.options }, { "decision", { "fire A1 K1", "pass" } })
  eq(unit(g, "K1").hex, "0806")
  done(g:answer("fire A1 K1"))
  eq(unit(g, "K1").sp, 1)
end)

-- T-50, T-51: MO's K1 moves S from 0804: 0805 is 3 hexes from PL's
-- archers A1 (0808), 0806 is in their range and in the ZoC of PL's F1
-- (0807, facing N): A1 fires at it at once, over F1 (friendly units do not
-- block sight, 10.2.6).
local function entering(units, dice)
  units[#units + 1] = U("K1", "MO", "cavalry", "0804", "S")
  local g = fire_game(units, dice)
  local r = to_window(g, "B.cavalry_move")
  eq(r and r.status, "done", "nothing in range when the phase starts")
  done(g:act("MO", "move K1"))
  r = g:act("MO", "move K1")
  eq(r.status, "decision")
  eq(unit(g, "K1").hex, "0806")
  ok(Q(g, function(R, api) return R.zoc.in_enemy_zoc(api.unit("K1").hex, "MO") end), "K1 is in F1's ZoC")
  return g, r
end

test("10.2.2 / T-50: archers fire at cavalry next to friendly infantry; 1D6 = 1: the infantry loses 1 SP, the target nothing (no loss roll)", function()
  local g, r = entering({ U("A1", "PL", "archers", "0808", "N", { sp = 1 }), U("F1", "PL", "infantry", "0807", "N") }, { 1 })
  eq(r.request.options, { "fire A1 K1", "pass" })
  r = g:answer("fire A1 K1")
  done(r)
  eq(purposes(r), { "friendly fire (10.2.2)" })
  eq(r.rolls[1].total, 1)
  eq({ unit(g, "F1").sp, unit(g, "K1").sp }, { 1, 2 })
end)

test("10.2.2 / T-50: any other roll: the shot goes on (2, then 8 at range 2: -1)", function()
  local g = entering({ U("A1", "PL", "archers", "0808", "N", { sp = 1 }), U("F1", "PL", "infantry", "0807", "N") }, { 2, 8 })
  local r = g:answer("fire A1 K1")
  done(r)
  eq(purposes(r), { "friendly fire (10.2.2)", "fire (10.4.1)" })
  eq({ unit(g, "F1").sp, unit(g, "K1").sp }, { 2, 1 })
end)

test("10.2.2 / T-50: the owner chooses which friendly unit adjacent to the target loses the SP", function()
  local g = entering({ U("A1", "PL", "archers", "0808", "N", { sp = 1 }), U("F1", "PL", "infantry", "0807", "N"),
                       U("F2", "PL", "infantry", "0706", "S") }, { 1 })
  local r = g:answer("fire A1 K1")
  eq({ r.request.kind, r.request.side, r.request.options }, { "friendly_fire", "PL", { "F1", "F2" } })
  done(g:answer("F2"))
  eq({ unit(g, "F1").sp, unit(g, "F2").sp, unit(g, "K1").sp }, { 2, 1, 2 })
end)

test("10.2.5 / T-51: fire at a hex with a leader: 2D6 per firing unit, hit or not; 11: he lives, 12: he dies", function()
  local function go(dice)
    local g = fire_game({ U("A1", "PL", "archers", "0808", "N", { sp = 1 }), U("K1", "MO", "cavalry", "0806", "N"),
                          U("L1", "MO", "leader", "0806", "N") }, dice)
    to_window(g, "B.cavalry_move")
    local r = g:answer("fire A1 K1")
    done(r)
    return g, r
  end
  local g, r = go { 8, 11 }
  eq(purposes(r), { "fire (10.4.1)", "leader under fire (10.2.5)" })
  eq(unit(g, "K1").sp, 1)
  ok(unit(g, "L1") ~= nil and unit(g, "L1").hex == "0806", "11: he lives")
  g, r = go { 7, 12 }                              -- range 2, 7: no loss
  eq(purposes(r), { "fire (10.4.1)", "leader under fire (10.2.5)" })
  eq(unit(g, "L1"), nil, "12: he dies")
  eq(g:var("morale"), 8, "6.1.6: 8 fields for PL")
  eq(unit(g, "K1").sp, 1, "8.1.4 / 8.1.6: the unit stacked with him loses 1 SP, no MORALE for it")
end)

test("10.2.5 / 10.2.2 / T-51: friendly fire, 1D6 = 1, then 2D6 = 12: a friendly leader dies", function()
  local function units()
    return { U("A1", "PL", "archers", "0808", "N", { sp = 1 }), U("F1", "PL", "infantry", "0807", "N"),
             U("P1", "PL", "leader", "0807", "N") }
  end
  local g, r = entering(units(), { 1, 5 })
  r = g:answer("fire A1 K1")
  done(r)
  eq(purposes(r), { "friendly fire (10.2.2)", "leader under fire (10.2.5)" })
  ok(unit(g, "P1") ~= nil, "5: he lives")
  g = entering(units(), { 1, 12 })
  done(g:answer("fire A1 K1"))
  eq(unit(g, "P1"), nil, "12: killed by his own archers")
  eq(unit(g, "K1").sp, 2)
end)

test("10.1.5-b / 4.4 / T-49: ... or the moment an enemy unit enters the map within range", function()
  -- (also checks that a unit placed from off the map pays no slope: the
  -- uphill row needs a hex left)
  local g = fire_game({ U("A1", "PL", "archers", "0803", "N", { sp = 1 }), U("K1", "MO", "cavalry", nil, nil) }, { 8 },
                      { reinforcements = { { turn = 1, side = "MO", at = { "0801" }, units = { "K1" } } } })
  local r = to_window(g, "B.cavalry_move")
  eq(r and r.status, "done")
  r = g:act("MO", "enter K1 0801 S")
  eq(r.status, "decision", tostring(r.message))
  eq(r.request.options, { "fire A1 K1", "pass" })
  done(g:answer("fire A1 K1"))
  eq(unit(g, "K1").sp, 1)
end)

test("10.2.6 / T-52: the archers cannot fire at unit A (a village between) but can at unit B", function()
  local g = fire_game { U("A1", "PL", "archers", "0506", "N", { sp = 1 }), U("KA", "MO", "cavalry", "0504", "N"),
                        U("KB", "MO", "cavalry", "0605", "N") }
  eq(to_window(g, "B.cavalry_move").request.options, { "fire A1 KB", "pass" })
end)

test("10.2.6 / T-52: a hill between blocks the line of sight (LG L847: 'blocked by hex with hills'), as a forest does", function()
  local g = fire_game { U("A1", "PL", "archers", "0911", "N", { sp = 1 }), U("K1", "MO", "cavalry", "0909", "N") }
  eq(to_window(g, "B.cavalry_move").status, "done", "0910 (hill) hides K1 from A1: no fire offered")
  eq(Q(g, function(R, api) return { R.ranged.line_of_sight(api.hex.parse("0911"), api.hex.parse("0909"), "PL"),
                                    R.ranged.line_of_sight(api.hex.parse("0307"), api.hex.parse("0305"), "PL"),
                                    R.ranged.line_of_sight(api.hex.parse("0808"), api.hex.parse("0806"), "PL") } end),
     { false, false, true })
end)

-- T-53: MO's horse archers H1 (1003, facing S) ride at PL's crossbowmen X1
-- (1006, facing N): 1004 is in X1's range (2), 1005 next to it.  X1 may
-- fire at each step; it passes until H1 is adjacent.
local function ha_game(dice)
  local g = fire_game({ U("H1", "MO", "horse_archers", "1003", "S"), U("X1", "PL", "crossbowmen", "1006", "N", { sp = 1 }) }, dice)
  local r = to_window(g, "B.cavalry_move")
  eq(r and r.status, "done")
  r = g:act("MO", "move H1")
  eq({ r.status, r.request and r.request.options }, { "decision", { "fire X1 H1", "pass" } }, "range 2")
  done(g:answer("pass"))
  r = g:act("MO", "move H1")
  eq({ r.status, unit(g, "H1").hex }, { "decision", "1005" }, "adjacent")
  return g, r
end

test("10.2.7 / T-53: horse archers next to crossbowmen: both fire; both rolls use the strengths before either shot, losses after both", function()
  -- H1 (2 SP): 12 = -1 (10.5.5); X1 (1 SP): 4 at range 1 = -1 (10.6.1), then 3: no scatter (10.6.2)
  local g = ha_game { 12, 4, 3 }
  done(g:answer("pass"))
  local mp = unit(g, "H1").mp_left
  local r = g:act("MO", "fire H1 X1")
  eq({ r.request.side, r.request.kind, r.request.options }, { "PL", "return_fire", { "fire X1 H1", "hold" } })
  r = g:answer("fire X1 H1")
  done(r)
  eq(purposes(r), { "fire (10.5.5)", "fire (10.6.1)", "crossbow hit (10.6.2)" })
  eq(unit(g, "X1"), nil, "the crossbowmen are eliminated ...")
  eq(unit(g, "H1").sp, 1, "... and their shot, rolled before, still hits")
  eq(unit(g, "H1").mp_left, mp - 6, "10.5.8: 1 MP")
end)

test("10.2.7 / T-53: the crossbowmen fire first as the horse archers come next to them; the horse archers answer at once", function()
  local g = ha_game { 4, 12, 3 }
  local r = g:answer("fire X1 H1")
  eq({ r.request.side, r.request.options }, { "MO", { "fire H1 X1", "hold" } })
  r = g:answer("fire H1 X1")
  done(r)
  eq(purposes(r), { "fire (10.6.1)", "fire (10.5.5)", "crossbow hit (10.6.2)" })
  eq({ unit(g, "H1").sp, unit(g, "X1") }, { 1, nil })
end)

-- T-54: MO's horse archers H1 (1003, facing S) enter the ZoC of PL's
-- infantry P1 (1005, facing N) at 1004 and stop there (CF 1 is not more
-- than 1 above 0, 3.3.3).
local function ha_zoc(dice)
  local g = fire_game({ U("H1", "MO", "horse_archers", "1003", "S"), U("P1", "PL", "infantry", "1005", "N") }, dice)
  to_window(g, "B.cavalry_move")
  done(g:act("MO", "move H1"))
  ok(Q(g, function(R, api) return R.zoc.in_enemy_zoc(api.unit("H1").hex, "MO") end), "in P1's ZoC")
  return g
end

test("10.5.7 / 10.5.8 / 10.5.10 / T-54: horse archers enter enemy ZoC in their own movement phase and fire: 1 MP, once; the hit makes the target roll on row B1", function()
  -- 9 = -1 (10.5.5); P1 (infantry, armour 0: "other") rolls one die on row B1 / A1: 4, no effect
  local g = ha_zoc { 9, 4 }
  local mp = unit(g, "H1").mp_left
  eq(mp, six(8 - 1))
  local r = g:act("MO", "fire H1 P1")
  done(r)
  eq(purposes(r), { "fire (10.5.5)", "combat scatter (5.1.1 g)" })
  eq({ unit(g, "P1").sp, unit(g, "P1").condition }, { 1, "" })
  eq(unit(g, "H1").mp_left, mp - 6)
  refused(g:act("MO", "fire H1 P1"), "10.5.7")
end)

test("10.5.10 / T-54: a 1 on row B1 scatters the infantry hit by the horse archers", function()
  local g = ha_zoc { 9, 1 }
  done(g:act("MO", "fire H1 P1"))
  local p = unit(g, "P1")
  eq({ p.sp, p.condition, p.hex }, { 1, "scattered", nil })
end)

test("10.5.5 / 10.5.9 / T-55: 1-SP horse archers at armour 1: 2D6 - 1 - 1; raw 11 -> 9: -1 SP; raw 10 -> 8: nothing", function()
  local function go(dice)
    local g = fire_game({ U("H1", "PL", "horse_archers", "0808", "S", { sp = 1 }), U("K1", "MO", "cavalry", "0807", "N", { armour = 1 }) }, dice)
    to_window(g, "B.cavalry_move")
    local r = g:answer("fire H1 K1")
    done(r)
    return g, r
  end
  local g, r = go { 11, 1 }
  eq(purposes(r), { "fire (10.5.5)", "combat scatter (5.1.1 g)" })
  ok(notes(r):find("11-2", 1, true) ~= nil, notes(r))
  eq({ unit(g, "K1").sp, unit(g, "K1").condition }, { 1, "" }, "row B1: cavalry (armour 1) never scatters")
  g, r = go { 10 }
  eq(purposes(r), { "fire (10.5.5)" })
  eq(unit(g, "K1").sp, 2)
end)

------------------------------------------------------------------ 11: objects

test("11.1.5 / T-57: a defender in a fortification gets D2 and retreats 2; the attacker pursues only into the fortified hex it left", function()
  -- A (1104) attacks D in 1105 over the wall: 2 halved = 1 : 2 = 1:2, +2 (MO's MORALE) = 2:1; 2 = "D2" (LG L1044)
  local g = setup({ U("A", "MO", "infantry", "1104", "S"), U("D", "PL", "infantry", "1105", "N") },
                  { vars = { { "morale", -2 } }, options = { morale_value = "offset" }, dice = { 2, 5 } })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "MO", "attack A D", { retreat = { "1106", "1107" } })
  done(r)
  eq({ unit(g, "D").hex, unit(g, "D").sp }, { "1107", 2 })
  eq(unit(g, "A").hex, "1105", "no farther than the defender's hex, though the pursuit is obligatory")
end)

test("11.1.6 / 11.1.7 / T-58: infantry enters a fortified hex in turn 4 and its player declares destruction: destroyed at the start of the turn 8 movement phase; then it may move", function()
  local g = setup({ U("I", "MO", "infantry", "1104", "S"), far() }, { turns = 9 })
  to_phase(g, "A.infantry_move", 4)
  done(play(g, "MO", "move I"))
  done(play(g, "MO", "demolish I"))
  local seen = {}
  for t = 5, 7 do
    to_phase(g, "A.cavalry_move", t)
    seen[#seen + 1] = unit(g, "I").demolish
    eq(Q(g, function(R, api) return R.fortifications.is_fortified(api.hex.parse("1105")) end), true, "turn " .. t)
  end
  eq(seen, { 0, 1, 2 }, "full turns 5, 6 and 7")
  to_phase(g, "A.cavalry_move", 8)
  eq(Q(g, function(R, api) return R.fortifications.is_fortified(api.hex.parse("1105")) end), false)
  to_phase(g, "A.infantry_move", 8)
  done(play(g, "MO", "move I"), "and the unit may move")
end)

test("11.1.7 / T-58: any attack, even unsuccessful ranged fire, restarts the count", function()
  -- PL's archers X (1103, facing S) fire at I in 1105 at the start of MO's
  -- cavalry phase of turn 6 and miss (2): destroyed in turn 10, not 8
  local g = setup({ U("I", "MO", "infantry", "1105", "N"), U("X", "PL", "archers", "1103", "S", { sp = 1 }) },
                  { turns = 10 })
  local pass = { reaction = "pass" }
  to_phase(g, "A.infantry_move", 4, pass)
  done(play(g, "MO", "demolish I"))
  to_phase(g, "B.infantry_attack", 5, pass)
  local r = g:act(g:acting_side(), "end")
  eq({ g:turn(), g:phase_info().name, r.status }, { 6, "A.cavalry_move", "decision" })
  ok(contains(r.request.options, "fire X I"), "X may fire at I")
  g.dice:force { 2 }
  r = g:answer("fire X I")
  done(r)
  eq(purposes(r), { "fire (10.4.1)" })
  eq(unit(g, "I").sp, 2, "a miss")
  to_phase(g, "A.cavalry_move", 8, pass)
  eq(Q(g, function(R, api) return R.fortifications.is_fortified(api.hex.parse("1105")) end), true)
  to_phase(g, "A.cavalry_move", 10, pass)
  eq(Q(g, function(R, api) return R.fortifications.is_fortified(api.hex.parse("1105")) end), false)
end)
