-- Morale tests [6.2], disorganization [9] and panic [10] (with 8.1.8,
-- A-046, A-047, A-059 - A-061), forced dice.  T-nn: MATRIX.md §6.1.
-- Map: test-field (odd columns sit lower; rows 1-15).  TO is player A.

local H = loadfile(bitwa.home .. "/rulesets/grunwald/tests/lib/fights.lua", "t", _ENV)()
local setup, U, contains, answer_all, play, to_phase, purposes, asked, var =
  H.setup, H.U, H.contains, H.answer_all, H.play, H.to_phase, H.purposes, H.asked, H.var

------------------------------------------------------------------ 6.2 morale test, 9.3 rally

local function rally_game(unit, extra)
  local g = setup({ U("D", "TO", "cavalry", "0808", "N", unit), U("Z", "PL", "infantry", "2015", "N") }, extra)
  eq(g:phase_info().name, "A.cavalry_move")
  return g
end

test("6.2.1 / 6.2.5 / 6.2.6 / 9.3.1: rally: at MORALE 0 a 3 passes and the unit is organized; all MP and the CF are spent", function()
  local g = rally_game { condition = "disorganized", cf = 2 }
  g.dice:force { 3 }
  local r = g:act("TO", "rally D")
  done(r)
  eq(r.rolls[1].purpose, "morale test (6.2.1)")
  local d = g:unit_table("D")
  eq(d.condition, "")
  eq(d.mp_left, 0, "6.2.5: the test costs all MP")
  eq(d.cf, 0, "6.2.6: and the CF")
  eq(d.stopped, true)
end)

test("6.2.1-b: at MORALE 0 a 4 fails; the MP are spent all the same", function()
  local g = rally_game { condition = "disorganized" }
  g.dice:force { 4 }
  done(g:act("TO", "rally D"))
  local d = g:unit_table("D")
  eq(d.condition, "disorganized")
  eq(d.mp_left, 0)
  refused(g:act("TO", "rally D"), "6.2.5", "one test")
end)

test("6.2.1-c / A-047: beyond +2 the +2 row: at +5 a 5 passes, a 6 fails", function()
  local g = rally_game({ condition = "disorganized" }, { vars = { { "morale", -5 } }, options = { morale_value = "offset" } })
  g.dice:force { 5 }
  done(g:act("TO", "rally D"))
  eq(g:unit_table("D").condition, "")
  g = rally_game({ condition = "disorganized" }, { vars = { { "morale", -5 } }, options = { morale_value = "offset" } })
  g.dice:force { 6 }
  done(g:act("TO", "rally D"))
  eq(g:unit_table("D").condition, "disorganized")
end)

test("6.2.2 / A-046 / T-40: with leader_test_modifier = subtract (leaders help) the die counts 1 less within range: a 4 passes", function()
  local g = setup({ U("D", "TO", "cavalry", "0808", "N", { condition = "disorganized" }), U("L", "TO", "leader", "0810", "N"),
                    U("Z", "PL", "infantry", "2015", "N") }, { options = { leader_test_modifier = "subtract" } })
  g.dice:force { 4 }
  done(g:act("TO", "rally D"))
  eq(g:unit_table("D").condition, "")
end)

test("6.2.2-b / T-40: as the English text prints (the default), +1 within a leader's range: the 4 becomes 5 and fails", function()
  local g = setup { U("D", "TO", "cavalry", "0808", "N", { condition = "disorganized" }), U("L", "TO", "leader", "0810", "N"),
                    U("Z", "PL", "infantry", "2015", "N") }
  g.dice:force { 4 }
  done(g:act("TO", "rally D"))
  eq(g:unit_table("D").condition, "disorganized")
end)

test("6.2.3-a: as printed, +2 on a leader's hex: MORALE 0, a 2 becomes 4 and fails", function()
  local g = setup { U("D", "TO", "cavalry", "0808", "N", { condition = "disorganized" }), U("L", "TO", "leader", "0808", "N"),
                    U("Z", "PL", "infantry", "2015", "N") }
  g.dice:force { 2 }
  done(g:act("TO", "rally D"))
  eq(g:unit_table("D").condition, "disorganized")
end)

test("6.2.3-b: with leader_test_modifier = subtract, on a leader's hex the die counts 2 less: a 5 passes", function()
  local g = setup({ U("D", "TO", "cavalry", "0808", "N", { condition = "disorganized" }), U("L", "TO", "leader", "0808", "N"),
                    U("Z", "PL", "infantry", "2015", "N") }, { options = { leader_test_modifier = "subtract" } })
  g.dice:force { 5 }
  done(g:act("TO", "rally D"))
  eq(g:unit_table("D").condition, "")
end)

test("6.2.4: a morale test is made in the unit's own movement phase", function()
  local g = setup { U("I", "TO", "infantry", "0808", "N", { condition = "disorganized" }), U("Z", "PL", "infantry", "2015", "N") }
  refused(g:act("TO", "rally I"), "6.2.4", "infantry in the cavalry movement phase")
  to_phase(g, "A.infantry_move")
  local lines = {}
  for _, a in ipairs(g:legal_actions("TO")) do lines[#lines + 1] = a.line end
  ok(contains(lines, "rally I"), "listed for the bots")
  g.dice:force { 1 }
  done(g:act("TO", "rally I"))
end)

test("6.2.5: a unit that has moved cannot test any more", function()
  local g = rally_game { condition = "disorganized" }
  done(g:act("TO", "move D"))
  refused(g:act("TO", "rally D"), "6.2.5")
end)

test("9.3.1-b: only a disorganized (or panicked) unit rallies", function()
  local g = rally_game {}
  refused(g:act("TO", "rally D"), "9.3.1")
end)

------------------------------------------------------------------ 9.1 disorganization

test("9.1.3 / 8.1.8: units on a hex with a leader are not disorganized, nor is the leader", function()
  -- A and L at 0507 against D at 0508; TO +2 (leader), PL +2 (MORALE): 1:1, 12 = A1D
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("L", "TO", "leader", "0507", "S"),
                    U("D", "PL", "infantry", "0508", "N") }, { vars = { { "morale", 2 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 12, 7 }                     -- A1D; the leader's death roll 7 (> 1)
  local r = play(g, "TO", "attack A D")
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "leader death (8.2.4)" })
  local a, l = g:unit_table("A"), g:unit_table("L")
  eq(a.hex, l.hex, "the leader retreats with his unit (8.1.7)")
  eq(a.condition, "")
  eq(l.condition, "")
end)

-- D (PL, disorganized, 1 SP) at 0508 retreats onto F at 0509: 2 vs 1 =
-- 2:1 +1 (9.2.3) = 3:1, 7 = D1.
local function contagion(f)
  local g = setup { U("A", "TO", "infantry", "0507", "S"),
                    U("D", "PL", "infantry", "0508", "N", { sp = 1, condition = "disorganized" }),
                    U("F", "PL", "infantry", "0509", "N", f) }
  to_phase(g, "A.infantry_attack")
  return g
end

test("9.1.2: a unit stacked with a disorganized unit tests morale; on a failure it is disorganized", function()
  local g = contagion { sp = 1 }
  g.dice:force { 7, 4, 5 }                   -- D1; F's test 4 fails; D's disorganization roll 5
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "morale test (6.2.1)", "combat disorganization (5.1.1 g)" })
  eq(g:unit_table("F").condition, "disorganized")
  g = contagion { sp = 1 }
  g.dice:force { 7, 3, 5 }
  done(play(g, "TO", "attack A D", { retreat = "0509" }))
  eq(g:unit_table("F").condition, "", "3 passes")
end)

test("9.1.2 note / T-46: two disorganized units stacked do not test", function()
  local g = contagion { sp = 1, condition = "disorganized" }
  g.dice:force { 7, 5 }
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" })
end)

------------------------------------------------------------------ 10 panic

test("10.1.1 / A-060: a disorganized unit disorganized again in combat panics; in an enemy ZoC it is eliminated", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S"),
                    U("D", "PL", "infantry", "0508", "N", { condition = "disorganized" }) }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 7, 2 }                      -- 2 vs 1: 3:1, 7 = D1; B1 "Other": 2 disorganizes
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(g:unit_table("A").hex, "0508", "the pursuit: D is in A's ZoC")
  eq(g:unit_table("D"), nil)
  eq(g:var("morale"), -1, "an elimination by TO (A-061)")
end)

test("10.1.1-b: ... out of the enemy's ZoC the panicked unit stays", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("L", "TO", "leader", "0507", "S"),
                    U("D", "PL", "infantry", "0508", "N", { condition = "disorganized" }) }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 10, 2 }                     -- 3:1 +2 (leader) = 5:1, 10 = D1
  done(play(g, "TO", "attack A D", { retreat = "0509" }))     -- voluntary pursuit: stop
  local d = g:unit_table("D")
  eq(d.condition, "panicked")
  eq(d.hex, "0509")
end)

-- PL's panicked cavalry P at 0214 (an even column: 0215 is its only hex
-- on row 15, the PL edge); PL moves in phase 5.
local function panic_game(units, dice, answers)
  local list = { U("P", "PL", "cavalry", "0214", "N", { condition = "panicked" }),
                 U("Z", "TO", "infantry", "2001", "N") }
  for _, u in ipairs(units or {}) do list[#list + 1] = u end
  local g = setup(list, { vars = { { "edge.PL", "S" }, { "edge.TO", "N" } } })
  to_phase(g, "A.infantry_attack")
  g.dice:force(dice or {})
  local r = play(g, "TO", "end", answers or { panic = "march" })
  done(r)
  eq(g:phase_info().name, "B.cavalry_move")
  return g, r
end

test("10.1.2 / 10.1.3 / T-47: a panicked unit enters a hex holding 2 SP of cavalry; the cavalry tests and panics on a failure", function()
  local g, r = panic_game({ U("F", "PL", "cavalry", "0215", "N") }, { 4 })
  eq(asked(r, "panic")[1].options, { "march", "rally" })
  eq(purposes(r), { "morale test (6.2.1)" })
  eq(g:unit_table("F").condition, "panicked")
end)

test("10.2.4 / A-061: a panicked unit leaving the map by its friendly edge is eliminated, for the enemy", function()
  local g = panic_game()
  eq(g:unit_table("P"), nil)
  eq(g:var("morale"), -1, "MORALE: 1 field for TO")
end)

test("10.2.2: a panicked unit marches with its MP by the shortest way to its friendly edge", function()
  local g = setup({ U("P", "PL", "cavalry", "0205", "N", { condition = "panicked", mp = 3 }),
                    U("Z", "TO", "infantry", "2001", "N") }, { vars = { { "edge.PL", "S" } } })
  to_phase(g, "A.infantry_attack")
  done(play(g, "TO", "end", { panic = "march" }))
  local p = g:unit_table("P")
  eq(p.hex, "0208")
  eq(p.facing, "S")
end)

test("10.2.3 / T-48: the way runs through an enemy unit: the panicked unit is eliminated entering its hex", function()
  local g = panic_game { U("E", "TO", "infantry", "0215", "S") }
  eq(g:unit_table("P"), nil)
  eq(g:unit_table("E").hex, "0215")
end)

test("10.2.3-b: ... or entering an enemy ZoC", function()
  local g = panic_game { U("E", "TO", "infantry", "0115", "NE") }     -- covers 0215
  eq(g:unit_table("P"), nil)
end)

test("10.3.1: instead of marching a panicked unit may test: success makes it disorganized; the test costs its MP", function()
  local g = panic_game(nil, { 3 }, { panic = "rally" })
  local p = g:unit_table("P")
  eq(p.condition, "disorganized")
  eq(p.hex, "0214")
  eq(p.mp_left, 0)
  g = panic_game(nil, { 4 }, { panic = "rally" })
  p = g:unit_table("P")
  eq(p.condition, "panicked")
  eq(p.hex, "0214", "a failed test has spent its MP: it does not march")
end)

test("10.2.1: panicked units do not fight: they are not attacked and do not attack", function()
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("P", "PL", "infantry", "0508", "N", { condition = "panicked" }),
                    U("X", "TO", "infantry", "0707", "S", { condition = "panicked" }),
                    U("Q", "PL", "infantry", "0708", "N") }, { vars = { { "edge.TO", "N" } } })
  g.dice:force { 6 }                         -- X tests to rally at the start of the infantry phase, and fails
  to_phase(g, "A.infantry_attack", { panic = "rally" })
  refused(g:act("TO", "attack A P"), "10.2.1")
  refused(g:act("TO", "attack X Q"), "10.2.1")
  done(g:act("TO", "end"), "no enemy in a ZoC: a panicked unit has none, and is in none (5.2.2)")
end)
