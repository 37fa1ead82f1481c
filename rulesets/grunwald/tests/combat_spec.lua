-- Combat [1.4]-[1.7] [5.1]-[5.3] [9.2] [11.3] [12.1.1] [12.1.8] of the
-- English Grunwald book, with forced dice.  T-nn are the worked examples
-- of MATRIX.md §6.1.  Map: rulesets/grunwald/maps/test-field.map (odd
-- columns sit lower): forest 0305-0306, village 0505, swamp 0705,
-- fortification 1105, a stream east of column 15 (rows 1-8).
-- TO is player A: its phases come first.

local function setup(units, extra)
  extra = extra or {}
  local vars = { { "side.A", extra.first or "TO" } }
  for _, v in ipairs(extra.vars or {}) do vars[#vars + 1] = v end
  local options = { complementary = false }
  for k, v in pairs(extra.options or {}) do options[k] = v end
  return game { ruleset = "grunwald", seed = 1, options = options,
    scenario = { map = "test-field", turns = extra.turns or 3, units = units, vars = vars } }
end

local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8, armour = 0, cf = 0 }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function to_phase(g, name)
  for _ = 1, 20 do
    if g:phase_info().name == name then return end
    done(g:act(g:acting_side(), "end"), "end of " .. g:phase_info().name)
  end
  error("phase " .. name .. " not reached")
end

local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- g:act, then answer every decision: answers[kind] is a list (used in
-- order) or one answer; otherwise "stop" for a pursuit, else the first
-- option (for a facing: keep it).
local function play(g, side, line, answers)
  answers = answers or {}
  local r = g:act(side, line)
  local asked = {}
  for _ = 1, 100 do
    if r.status ~= "decision" then break end
    local req = r.request
    asked[#asked + 1] = req
    local q, a = answers[req.kind], nil
    if type(q) == "table" and #q > 0 then a = table.remove(q, 1)
    elseif type(q) == "string" then a = q
    elseif req.kind == "pursuit" and contains(req.options, "stop") then a = "stop"
    else a = req.options[1] end
    r = g:answer(a)
  end
  r.asked = asked
  return r
end

local function purposes(r)
  local out = {}
  for i, x in ipairs(r.rolls or {}) do out[i] = x.purpose end
  return out
end

-- combat.evaluate on named units: SP, columns and CMs by rule.
local function evaluate(g, atts, defs, cc)
  return g:query(function()
    local api, C = g.rs.api, g.rs.modules.combat
    local function list(ns)
      local t = {}
      for i, n in ipairs(ns) do t[i] = api.unit(n) end
      return t
    end
    local r = C.evaluate { attackers = list(atts), defenders = list(defs), countercharge = cc }
    local out = { att_sp = r.att_sp, def_sp = r.def_sp, initial = r.initial, final = r.final,
                  att_cm = r.att_cm, def_cm = r.def_cm, att = {}, def = {}, lone = r.lone_leader or false }
    for _, m in ipairs(r.att_mods) do out.att[m.rule] = m.cm end
    for _, m in ipairs(r.def_mods) do out.def[m.rule] = m.cm end
    return out
  end)
end

local function col(label)
  local a, d = label:match("^(%d+):(%d+)$")
  a, d = tonumber(a), tonumber(d)
  if d == 1 then return a + 3 end
  return 5 - d
end

------------------------------------------------------------------ 1.4 - 1.7

test("1.4-a / T-01: 2 cavalry x 2 SP against 1 SP: 4:1 (the book prints 5 and 5:1, an arithmetic slip)", function()
  local g = setup { U("K1", "TO", "cavalry", "0507", "S"), U("K2", "TO", "cavalry", "0408", "SE"),
                    U("P1", "PL", "infantry", "0508", "N", { sp = 1 }) }
  local e = evaluate(g, { "K1", "K2" }, { "P1" })
  eq(e.att_sp, 4)
  eq(e.def_sp, 1)
  eq(e.initial, col("4:1"))
  eq(e.att_cm, 0, "no CMs")
  eq(e.final, col("4:1"))
end)

test("1.5-a / T-02: 8 SP +3 CM against 3 SP +1 CM: 3:1 -> 6:1 -> 5:1", function()
  local g = setup { U("K1", "TO", "cavalry", "0507", "S") }
  local c = g:query(function()
    local A, C = g.rs.modules.arith, g.rs.modules.combat
    local i = A.ratio_column(8, 3)
    return { i, C.final_column(i, 3, 1) }
  end)
  eq(c, { col("3:1"), col("5:1") })
end)

test("1.5-b / T-03: 6 SP +7 CM against 1 SP +2 CM: 13:1, 11:1, then the table's limit 9:1 (EN: clamped once, at the end)", function()
  local g = setup { U("K1", "TO", "cavalry", "0507", "S") }
  local c = g:query(function()
    local A, C = g.rs.modules.arith, g.rs.modules.combat
    return { C.final_column(A.ratio_column(6, 1), 7, 2), C.final_column(A.ratio_column(1, 6), 0, 3) }
  end)
  eq(c, { col("9:1"), col("1:4") })
end)

test("1.7 / T-06: group CF 3,3,2,1 -> 2; group armour 1,1,0,0 -> 1; the CF CM is capped at armour + 1 = 2", function()
  local g = setup { U("K1", "TO", "cavalry", "0507", "S", { cf = 3, armour = 1 }),
                    U("K2", "TO", "cavalry", "0408", "SE", { cf = 3, armour = 1 }),
                    U("K3", "TO", "cavalry", "0608", "SW", { cf = 2 }),
                    U("K4", "TO", "cavalry", "0609", "NW", { cf = 1 }),
                    U("P1", "PL", "infantry", "0508", "N") }
  local e = evaluate(g, { "K1", "K2", "K3", "K4" }, { "P1" })
  eq(e.att["5.6.4"], 2, "CF CM")
  eq(e.att["5.2.7"], 1, "armour CM")
end)

test("5.2.7 / T-07: each side gains its group armour value: armour 0, 0, 2 -> 0.67 -> 1", function()
  local g = setup { U("I1", "TO", "infantry", "0507", "S", { sp = 1 }),
                    U("I2", "TO", "infantry", "0408", "SE", { sp = 1 }),
                    U("I3", "TO", "infantry", "0608", "SW", { sp = 1, armour = 2 }),
                    U("P1", "PL", "infantry", "0508", "N", { armour = 1 }) }
  local e = evaluate(g, { "I1", "I2", "I3" }, { "P1" })
  eq(e.att["5.2.7"], 1)
  eq(e.def["5.2.7"], 1)
end)

------------------------------------------------------------------ 5.1: T-18

-- T-18 (5.1 example): K1 (2 SP, CF 2, armour 2) and K2 (2 SP, CF 3, armour
-- 1) attack P1 (2 SP, CF 1, armour 0) across the stream east of 1504.
-- Leader L stands 3 hexes from both (range 2: no CM), so the pursuit
-- test is rolled (1 = voluntary: they stop).
local function t18(dice, answers)
  local g = setup { U("K1", "TO", "cavalry", "1604", "SW", { cf = 2, armour = 2 }),
                    U("K2", "TO", "cavalry", "1605", "NW", { cf = 3, armour = 1 }),
                    U("L", "TO", "leader", "1304", "N"),
                    U("P1", "PL", "cavalry", "1504", "SE", { cf = 1 }) }
  to_phase(g, "A.cavalry_attack")
  local e = evaluate(g, { "K1", "K2" }, { "P1" })
  g.dice:force(dice)
  local r = play(g, "TO", "attack K1,K2 P1", answers or { loss = "K1" })
  return g, r, e
end

test("5.1.1 / T-18: 4:2 = 2:1; attacker +2 CF (stream -1) +2 armour; defender +1 CF +1 stream; final 4:1", function()
  local g, r, e = t18({ 4, 1, 1, 3 })
  eq(e.initial, col("2:1"))
  eq(e.att, { ["5.6.4"] = 2, ["5.2.7"] = 2 })
  eq(e.def, { ["5.6.4"] = 1, ["5.3.2"] = 1 })
  eq(e.final, col("4:1"))
  done(r)
  eq(r.rolls[1].total, 4)
  eq(g:unit_table("K1").sp, 1, "-1: the attacker loses 1 SP, its owner's choice")
  eq(g:unit_table("K2").sp, 2)
  local p = g:unit_table("P1")
  eq(g:query(function() local api = g.rs.api return api.hex.distance(api.hex.parse(p.hex), api.hex.parse("1504")) end), 2,
    "D2: the defender ends 2 hexes from the combat hex")
end)

test("5.1.1-g / T-18 / A-019: the disorganization roll reads the table (light cavalry, B2: 2 and 12), not the text's 2, 3 and 12", function()
  local g, r = t18({ 4, 1, 1, 3 })
  done(r)
  eq(r.rolls[4].purpose, "combat disorganization (5.1.1 g)")
  eq(g:unit_table("P1").condition, "", "3 does not disorganize")
  g, r = t18({ 4, 1, 1, 12 })
  done(r)
  eq(g:unit_table("P1").condition, "disorganized", "12 does")
end)

test("5.1.1 / 5.5.3 / 5.1.1 g: the log names who rolled: the attacker its combat and pursuit rolls, the defender its disorganization roll", function()
  -- each roll names its side: the latest decision (PL's retreat, TO's loss) would give PL a pursuit roll and TO the disorganization roll
  local _, r = t18({ 4, 1, 1, 3 })
  done(r)
  local got = {}
  for i, x in ipairs(r.rolls) do got[i] = x.purpose .. ": " .. x.side end
  eq(got, { "combat (5.1.1): TO", "pursuit (5.5.3): TO", "pursuit (5.5.3): TO", "combat disorganization (5.1.1 g): PL" })
end)

test("5.1.1-f: losses first, then the retreat, then pursuit, then the disorganization roll", function()
  local _, r, _ = t18({ 4, 1, 1, 3 })
  eq(purposes(r), { "combat (5.1.1)", "pursuit (5.5.3)", "pursuit (5.5.3)", "combat disorganization (5.1.1 g)" })
  local function first(marker)
    for i, ev in ipairs(r.events) do if tostring(ev):find(marker, 1, true) then return i end end
    return nil
  end
  local a, b, c, d = first("loses 1 SP"), first("retreats to"), first("voluntary pursuit"), first("disorganization roll")
  ok(a and b and c and d and a < b and b < c and c < d, "events in the order loss, retreat, pursuit, disorganization")
end)

test("5.2.11 / 5.6.9 / T-18: CF -1 after combat for every cavalry unit; the stream cost the attackers 1 more", function()
  local g, r = t18({ 4, 1, 1, 3 })
  done(r)
  eq(g:unit_table("K1").cf, 0, "2, -1 stream, -1 combat")
  eq(g:unit_table("K2").cf, 1, "3, -1 stream, -1 combat")
  eq(g:unit_table("P1").cf, 0, "1, -1 combat")
end)

------------------------------------------------------------------ the legend (T-19)

-- A at 0507 facing S attacks D at 0508 facing N, both infantry without
-- armour unless told; the attacker's side is player A.
local function duel(att, def, extra)
  extra = extra or {}
  local att_side = extra.att_side or "TO"
  extra.first = att_side
  local g = setup({ U("A", att_side, extra.kind or "infantry", "0507", "S", att),
                    U("D", att_side == "TO" and "PL" or "TO", extra.def_kind or "infantry", "0508", "N", def) }, extra)
  local cav = extra.kind == "cavalry" or extra.kind == "horse_archers"
  to_phase(g, extra.phase or ("A." .. (cav and "cavalry" or "infantry") .. "_attack"))
  return g
end

test("T-19-a: -1 / -1: both sides lose 1 SP (1:1, roll 7)", function()
  local g = duel({}, {})
  g.dice:force { 7 }
  done(g:act("TO", "attack A D"))
  eq(g:unit_table("A").sp, 1)
  eq(g:unit_table("D").sp, 1)
end)

test("T-19-b: D2 -1: the defender loses 1 SP and retreats 2 (1:1, roll 2); no disorganization suffix: it rolls", function()
  local g = duel({}, {})
  g.dice:force { 2, 5 }
  local r = play(g, "TO", "attack A D", { retreat = { "0509", "0510" } })
  done(r)
  local d = g:unit_table("D")
  eq(d.sp, 1)
  eq(d.hex, "0510")
  eq(g:unit_table("A").hex, "0509", "obligatory pursuit (no leader): along the path, as far as the retreat was long less the last hex")
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" })
  eq(d.condition, "", "5 is not listed for Other, B2")
end)

test("T-19-c: -1 / D4D: the attacker loses 1; the defender retreats 4 and is disorganized without a roll (5:1, roll 2)", function()
  -- PL attacks with MORALE +3: 2:1 +3 = 5:1
  local g = duel({}, { sp = 1 }, { att_side = "PL", vars = { { "morale", 3 } }, options = { morale_value = "offset" } })
  g.dice:force { 2 }
  local r = play(g, "PL", "attack A D", { retreat = { "0509", "0510", "0511", "0512" } })
  done(r)
  eq(purposes(r), { "combat (5.1.1)" }, "no disorganization roll")
  eq(g:unit_table("A").sp, 1)
  local d = g:unit_table("D")
  eq(d.hex, "0512")
  eq(d.condition, "disorganized")
end)

test("T-19-d / 5.6.11: A1D: the attacker retreats 1, is disorganized without a roll and its CF falls to 0 (1:1, roll 12)", function()
  local g = duel({}, {}, { kind = "cavalry" })
  g.dice:force { 12 }
  local r = play(g, "TO", "attack A D")
  done(r)
  eq(purposes(r), { "combat (5.1.1)" })
  local a = g:unit_table("A")
  eq(a.hex, "0506")
  eq(a.condition, "disorganized")
  eq(g:unit_table("D").hex, "0507", "the defender pursues into the hex the attacker left (no leader: obligatory)")
end)

test("5.6.11: any Ax result sets the attacker's CF to 0 (1:1, roll 9 = A1)", function()
  local g = duel({ cf = 3 }, { cf = 2 }, { kind = "cavalry", def_kind = "cavalry" })
  g.dice:force { 9, 5 }
  local r = play(g, "TO", "attack A D")
  done(r)
  eq(g:unit_table("A").cf, 0)
  eq(g:unit_table("D").cf, 1, "the defender pursued straight ahead (5.5.9) and lost 1 after the combat")
end)

test("5.2.11 / T-20: CF 3 attacks CF 2: after the combat 2 and 1", function()
  local g = duel({ cf = 3 }, { cf = 2 }, { kind = "cavalry", def_kind = "cavalry" })
  g.dice:force { 6 }    -- 1:1 (+1 CF each): "-"
  local r = play(g, "TO", "attack A D")
  done(r)
  eq(g:unit_table("A").cf, 2)
  eq(g:unit_table("D").cf, 1)
end)

------------------------------------------------------------------ 5.2 general rules

test("5.2.1: no attack in a movement phase", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }
  eq(g:phase_info().name, "A.cavalry_move")
  refused(g:act("TO", "attack A D"), "2.1")
end)

test("2.1-a: in the cavalry attack phase only cavalry attacks; in the infantry attack phase only the others", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("K", "TO", "cavalry", "0609", "NW"),
                    U("D", "PL", "infantry", "0508", "N") }
  to_phase(g, "A.cavalry_attack")
  refused(g:act("TO", "attack A D"), "2.1")
  refused(g:act("TO", "attack A,K D"), "2.1")
end)

test("5.2.2: a unit with an enemy in its ZoC must attack before the phase ends", function()
  local g = duel({}, {})
  refused(g:act("TO", "end"), "5.2.2")
  g.dice:force { 6 }     -- 1:1, roll 6: no effect
  done(play(g, "TO", "attack A D"))
  done(g:act("TO", "end"))
end)

test("5.2.2-b: each unit attacks once in a combat phase", function()
  local g = duel({}, {})
  g.dice:force { 6 }
  done(play(g, "TO", "attack A D"))
  refused(g:act("TO", "attack A D"), "5.2.2")
end)

-- A at 0507 facing S has D1 (0508) and D2 (0608) in its ZoC.
test("5.2.3-a: every enemy in an attacker's ZoC must be attacked: A cannot leave D2 out when nobody else can attack it", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("D1", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("D2", "PL", "infantry", "0608", "N", { sp = 1 }) }
  to_phase(g, "A.infantry_attack")
  refused(g:act("TO", "attack A D1"), "5.2.3")
  g.dice:force { 6 }
  done(play(g, "TO", "attack A D1,D2"), "one attacker against two hexes (5.2.5)")
  done(g:act("TO", "end"))
end)

test("5.2.3-b: ... another unit may attack it instead, but then must before the phase ends", function()
  -- archers X at 0708 (no ZoC, 3.2.2) facing NW have D2 (0608) in their front area
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("X", "TO", "archers", "0708", "NW", { sp = 1, formation = "combat" }),
                    U("D1", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("D2", "PL", "infantry", "0608", "N", { sp = 1 }) }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 6 }
  done(play(g, "TO", "attack A D1"))
  refused(g:act("TO", "end"), "5.2.3")
  g.dice:force { 6 }
  done(play(g, "TO", "attack X D2"))
  done(g:act("TO", "end"))
end)

test("5.2.4: a unit attacks only units in its front area", function()
  local g = setup { U("A", "TO", "infantry", "0507", "N"), U("D", "PL", "infantry", "0508", "N") }
  to_phase(g, "A.infantry_attack")
  refused(g:act("TO", "attack A D"), "5.2.4")
end)

test("5.2.5: in one combat the attackers or the defenders are on one hex", function()
  -- A1 (0507, S) and A2 (0609, NW) both have 0508 and 0608 in front
  local g = setup { U("A1", "TO", "infantry", "0507", "S", { sp = 1 }), U("A2", "TO", "infantry", "0609", "NW", { sp = 1 }),
                    U("D1", "PL", "infantry", "0508", "N", { sp = 1 }), U("D2", "PL", "infantry", "0608", "S", { sp = 1 }) }
  to_phase(g, "A.infantry_attack")
  refused(g:act("TO", "attack A1,A2 D1,D2"), "5.2.5")
  g.dice:force { 6, 6 }
  done(play(g, "TO", "attack A1 D1,D2"), "one hex against two")
  done(play(g, "TO", "attack A2 D1"), "(D2 has been attacked)")
  local g2 = setup { U("A1", "TO", "infantry", "0507", "S", { sp = 1 }), U("A2", "TO", "infantry", "0609", "NW", { sp = 1 }),
                     U("D1", "PL", "infantry", "0508", "N", { sp = 1 }) }
  to_phase(g2, "A.infantry_attack")
  g2.dice:force { 11 }    -- 2:1 +2 (0609 is D1's rear) = 4:1; 11: no effect
  done(play(g2, "TO", "attack A1,A2 D1"), "two hexes against one")
end)

test("5.2.6 / 3.1.2: attackers from opposite sides: +1 CM (and the one behind the defender +2 for its rear hex)", function()
  local g = setup { U("A1", "TO", "infantry", "0507", "S", { sp = 1 }), U("A2", "TO", "infantry", "0509", "N", { sp = 1 }),
                    U("D", "PL", "infantry", "0508", "NE", { sp = 1 }) }
  local e = evaluate(g, { "A1", "A2" }, { "D" })
  eq(e.att["5.2.6"], 1)
  eq(e.att["3.1.2"], 2, "0509 is in the rear area of a unit facing NE")
end)

test("3.1.2 / T-08: a cavalry unit attacked by 4 infantry units, two of its rear-area hexes occupied: +4 CM", function()
  -- C faces N: its rear area is 0609 (SE), 0509 (S), 0409 (SW)
  local g = setup { U("I1", "TO", "infantry", "0507", "S", { sp = 1 }), U("I2", "TO", "infantry", "0408", "SE", { sp = 1 }),
                    U("I3", "TO", "infantry", "0509", "N", { sp = 1 }), U("I4", "TO", "infantry", "0609", "NW", { sp = 1 }),
                    U("C", "PL", "cavalry", "0508", "N") }
  local e = evaluate(g, { "I1", "I2", "I3", "I4" }, { "C" })
  eq(e.att["3.1.2"], 4)
end)

test("3.1.2-b / A-008: no rear-hex CM when the defenders stand on several hexes", function()
  -- A at 0507 facing S against D1 (0508, facing NE: 0507 is not its rear) and D2 (0608 facing SE: 0507 is its rear)
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("D1", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("D2", "PL", "infantry", "0608", "SE", { sp = 1 }) }
  local e = evaluate(g, { "A" }, { "D1", "D2" })
  eq(e.att["3.1.2"], nil)
end)

test("5.6.5 / T-26: armour 1 and CF 3: a CF CM of 2, and the armour's 1", function()
  local g = duel({ cf = 3, armour = 1 }, {}, { kind = "cavalry" })
  local e = evaluate(g, { "A" }, { "D" })
  eq(e.att["5.6.4"], 2)
  eq(e.att["5.2.7"], 1)
end)

test("9.2.4: a disorganized unit gains at most 1 CM from its CF", function()
  local g = duel({ cf = 3, armour = 2, condition = "disorganized" }, {}, { kind = "cavalry" })
  local e = evaluate(g, { "A" }, { "D" })
  eq(e.att["5.6.4"], 1)
end)

test("5.7.9 / T-31: an armour-0 countercharger gains no CM from its CF; with armour it does", function()
  local g = duel({ cf = 2 }, {}, { kind = "cavalry" })
  eq(evaluate(g, { "A" }, { "D" }, true).att["5.6.4"], nil)
  eq(evaluate(g, { "A" }, { "D" }, false).att["5.6.4"], 1, "in a normal attack: CF 2, capped at armour 0 + 1")
  g = duel({ cf = 2, armour = 1 }, {}, { kind = "cavalry" })
  eq(evaluate(g, { "A" }, { "D" }, true).att["5.6.4"], 2)
end)

test("5.6.6: attacking into a forest, cavalry counts no CF, and its CF is gone", function()
  -- K (CF 3, armour 2) at 0304 facing S against D in the forest at 0305: 1:1 +2 -2 (forest) = 1:1, 6 = no effect
  local g = setup { U("K", "TO", "cavalry", "0304", "S", { cf = 3, armour = 2 }), U("D", "PL", "infantry", "0305", "N") }
  to_phase(g, "A.cavalry_attack")
  eq(evaluate(g, { "K" }, { "D" }).att["5.6.4"], nil)
  g.dice:force { 6 }
  done(play(g, "TO", "attack K D"))
  eq(g:unit_table("K").cf, 0)
end)

test("11.5.3: horse archers gain no CM from their CF", function()
  local g = duel({ cf = 3, armour = 1 }, {}, { kind = "horse_archers" })
  eq(evaluate(g, { "A" }, { "D" }).att["5.6.4"], nil)
end)

test("5.6.4: infantry has no CF (5.6.1): it counts 0 in a group's mean", function()
  local g = setup { U("K", "TO", "cavalry", "0507", "S", { cf = 3, armour = 2 }), U("I", "TO", "infantry", "0408", "SE", { armour = 2 }),
                    U("D", "PL", "infantry", "0508", "N") }
  eq(evaluate(g, { "K", "I" }, { "D" }).att["5.6.4"], 2, "(3 + 0) / 2 = 1.5 -> 2")
end)

------------------------------------------------------------------ 5.3 terrain

test("5.3.1: the defender's terrain: forest 2 CMs, village 1, clear none", function()
  local g = setup { U("A", "TO", "infantry", "0304", "S"), U("D", "PL", "infantry", "0305", "N"),
                    U("B", "TO", "infantry", "0504", "S"), U("E", "PL", "infantry", "0505", "N"),
                    U("C", "TO", "infantry", "0507", "S"), U("F", "PL", "infantry", "0508", "N") }
  eq(evaluate(g, { "A" }, { "D" }).def["5.3.2"], 2)
  eq(evaluate(g, { "B" }, { "E" }).def["5.3.2"], 1)
  eq(evaluate(g, { "C" }, { "F" }).def["5.3.2"], nil)
end)

test("5.3.1-b / TERRAIN **: an attacker standing on swamps has its strength halved; the swamp gives no column", function()
  local g = setup { U("A", "TO", "infantry", "0705", "S"), U("D", "PL", "infantry", "0706", "N"),
                    U("B", "PL", "infantry", "0704", "S"), U("E", "TO", "infantry", "0705", "N", { sp = 0 }) }
  local e = evaluate(g, { "A" }, { "D" })
  eq(e.att_sp, 1)
  eq(e.def["5.3.2"], nil)
end)

test("5.3.2: defenders on several hexes: the hex with most SP gives the terrain CM", function()
  -- A at 0504 facing S: front 0605 (SE), 0505 (S, village), 0405 (SW)
  local g = setup { U("A", "TO", "infantry", "0504", "S"), U("V", "PL", "infantry", "0505", "N", { sp = 1 }),
                    U("C", "PL", "infantry", "0605", "N", { sp = 2 }) }
  eq(evaluate(g, { "A" }, { "V", "C" }).def["5.3.2"], nil, "the clear hex holds more SP")
  g = setup { U("A", "TO", "infantry", "0504", "S"), U("V", "PL", "infantry", "0505", "N", { sp = 2 }),
              U("C", "PL", "infantry", "0605", "N", { sp = 1 }) }
  eq(evaluate(g, { "A" }, { "V", "C" }).def["5.3.2"], 1, "the village holds more SP")
  g = setup { U("A", "TO", "infantry", "0504", "S"), U("V", "PL", "infantry", "0505", "N", { sp = 1 }),
              U("C", "PL", "infantry", "0605", "N", { sp = 1 }) }
  eq(evaluate(g, { "A" }, { "V", "C" }).def["5.3.2"], 1, "a tie: the better terrain (A-023)")
end)

------------------------------------------------------------------ 9.2 disorganized units

test("9.2.2 / A-058: disorganized units count half their SP, each rounded up: two 1-SP units count 2", function()
  local g = setup { U("A1", "TO", "infantry", "0507", "S", { sp = 1, condition = "disorganized" }),
                    U("A2", "TO", "infantry", "0408", "SE", { sp = 1, condition = "disorganized" }),
                    U("A3", "TO", "infantry", "0608", "SW", { sp = 1 }),
                    U("D", "PL", "infantry", "0508", "N", { sp = 2, condition = "disorganized" }) }
  local e = evaluate(g, { "A1", "A2", "A3" }, { "D" })
  eq(e.att_sp, 3)
  eq(e.def_sp, 1)
end)

test("9.2.3: when most of a side's units are disorganized the enemy gains 1 CM; half is not most", function()
  local g = setup { U("A1", "TO", "infantry", "0507", "S", { sp = 1, condition = "disorganized" }),
                    U("A2", "TO", "infantry", "0408", "SE", { sp = 1, condition = "disorganized" }),
                    U("A3", "TO", "infantry", "0608", "SW", { sp = 1 }),
                    U("D", "PL", "infantry", "0508", "N") }
  eq(evaluate(g, { "A1", "A2", "A3" }, { "D" }).def["9.2.3"], 1)
  eq(evaluate(g, { "A1", "A3" }, { "D" }).def["9.2.3"], nil)
end)

test("14.2.1: units of a leader with fatigue above 12 fight as disorganized (complementary rules)", function()
  local g = setup({ U("L", "TO", "leader", "0101", "N", { fatigue = 13 }),
                    U("A", "TO", "infantry", "0507", "S", { sp = 2, leader = "L" }),
                    U("D", "PL", "infantry", "0508", "N") }, { options = { complementary = true } })
  local e = evaluate(g, { "A" }, { "D" })
  eq(e.att_sp, 1)
  eq(e.def["9.2.3"], 1)
end)

------------------------------------------------------------------ 11.3 ranged units in combat

test("11.3.1: the enemy of ranged units in a combat gains 3 CMs", function()
  -- PL moves first: its archers have no reaction to make at the start
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("X", "PL", "archers", "0508", "N", { sp = 1, formation = "combat" }) },
                  { first = "PL" })
  eq(evaluate(g, { "A" }, { "X" }).att["11.3.1"], 3)
end)

test("11.3.2: ranged units fighting alone count 1 SP together", function()
  local g = setup { U("X1", "TO", "crossbowmen", "0507", "S", { sp = 2, formation = "combat" }),
                    U("X2", "TO", "archers", "0408", "SE", { sp = 2, formation = "combat" }),
                    U("D", "PL", "infantry", "0508", "N") }
  local e = evaluate(g, { "X1", "X2" }, { "D" })
  eq(e.att_sp, 1)
  eq(e.def["11.3.1"], 3)
end)

test("11.3.2-b / A-064: with other units, a ranged unit in combat formation adds its SP, in movement formation none", function()
  local g = setup { U("I", "TO", "infantry", "0507", "S", { sp = 1 }),
                    U("X1", "TO", "archers", "0408", "SE", { sp = 1, formation = "combat" }),
                    U("X2", "TO", "archers", "0608", "SW", { sp = 1, formation = "movement" }),
                    U("D", "PL", "infantry", "0508", "N") }
  eq(evaluate(g, { "I", "X1", "X2" }, { "D" }).att_sp, 2)
end)

------------------------------------------------------------------ 12.1 fortifications

test("12.1.1 / 12.1.8: attacking into a fortified hex halves the attackers' strength; the hex fights with at most 4 SP", function()
  -- fortification 1105; A at 1104 facing S
  local g = setup { U("A", "TO", "infantry", "1104", "S", { sp = 2 }),
                    U("D1", "PL", "infantry", "1105", "N", { sp = 2 }), U("D2", "PL", "infantry", "1105", "N", { sp = 2 }),
                    U("D3", "PL", "infantry", "1105", "N", { sp = 2 }) }
  local e = evaluate(g, { "A" }, { "D1", "D2", "D3" })
  eq(e.att_sp, 1)
  eq(e.def_sp, 4)
  eq(e.initial, col("1:4"))
end)

------------------------------------------------------------------ 5.2.8 advance

test("5.2.8-a: the defender is eliminated: the attacker may enter its hex, turn, go on one hex and turn again", function()
  local g = duel({ sp = 2 }, { sp = 1 })
  g.dice:force { 3 }     -- 2:1, roll 3: D2 -1 -> the defender's 1 SP is lost first
  done(play(g, "TO", "attack A D"))
  eq(g:unit_table("D"), nil)
  local legal = {}
  for _, a in ipairs(g:legal_actions("TO")) do legal[a.line] = true end
  ok(legal["advance A 0508"] and legal["advance A 0509"], "the vacated hex and a hex beyond it are listed")
  done(g:act("TO", "advance A 0509 SW"))
  local a = g:unit_table("A")
  eq(a.hex, "0509")
  eq(a.facing, "SW")
  refused(g:act("TO", "advance A 0510"), "5.2.8", "one advance")
end)

test("5.2.8-b: the advance is regular movement: no going on out of an enemy ZoC (3.3.2)", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("E", "PL", "infantry", "0609", "NW", { sp = 1 }) }
  to_phase(g, "A.infantry_attack")
  -- E at 0609 facing NW covers 0508 (its NW hex); E is not in A's ZoC
  g.dice:force { 3 }
  done(play(g, "TO", "attack A D"))
  eq(g:unit_table("D"), nil)
  refused(g:act("TO", "advance A 0509"), "3.3.2")
  done(g:act("TO", "advance A 0508"))
end)

test("5.2.10: a new attack ends the chance to advance", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S", { sp = 2 }), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("B", "TO", "infantry", "0207", "S", { sp = 2 }), U("E", "PL", "infantry", "0208", "N", { sp = 2 }) }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 3, 6 }
  done(play(g, "TO", "attack A D"))
  done(play(g, "TO", "attack B E"))
  refused(g:act("TO", "advance A 0508"), "5.2.8")
end)

------------------------------------------------------------------ bots

test("5.1.1-a: every attack the rules list for a bot is accepted when played", function()
  local g = setup { U("A1", "TO", "infantry", "0507", "S", { sp = 1 }), U("A2", "TO", "infantry", "0609", "NW", { sp = 1 }),
                    U("D1", "PL", "infantry", "0508", "N", { sp = 1 }), U("D2", "PL", "infantry", "0608", "S", { sp = 1 }),
                    U("X", "TO", "infantry", "0207", "S"), U("L", "PL", "leader", "0208", "N") }
  to_phase(g, "A.infantry_attack")
  local lines = {}
  for _, a in ipairs(g:legal_actions("TO")) do
    if a.line:match("^attack") then lines[#lines + 1] = a.line end
  end
  ok(#lines >= 5, "several attacks listed: " .. table.concat(lines, "; "))
  ok(contains(lines, "attack X L"), "a lone leader may be attacked")
  for _, line in ipairs(lines) do
    local c = g:clone()
    c.dice:force { 6, 6, 6, 6, 6, 6 }
    local r = play(c, "TO", line)
    eq(r.status, "done", line .. ": " .. tostring(r.message))
  end
end)
