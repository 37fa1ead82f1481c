-- Pursuit [5.5] (with 6.1.8, 8.1.7, 12.1.5, 4.3.7), forced dice.  T-nn:
-- MATRIX.md §6.1.  Map: test-field (odd columns sit lower).  Unless said
-- otherwise A (TO) at 0507 facing S attacks D (PL) at 0508 facing N, both
-- 2-SP infantry (1:1); A's ZoC covers 0608, 0508 and 0408, so D retreats
-- by 0609, 0509 or 0409.  TO is player A.

local H = loadfile(bitwa.home .. "/rulesets/grunwald/tests/lib/fights.lua", "t", _ENV)()
local setup, U, contains, answer_all, play, to_phase, purposes, asked, var =
  H.setup, H.U, H.contains, H.answer_all, H.play, H.to_phase, H.purposes, H.asked, H.var

local function duel(extra_units, extra, a, d)
  local units = { U("A", "TO", (a and a.kind) or "infantry", "0507", (a and a.facing) or "S", a),
                  U("D", "PL", "infantry", "0508", "N", d) }
  for _, u in ipairs(extra_units or {}) do units[#units + 1] = u end
  local g = setup(units, extra)
  to_phase(g, (a and a.kind == "cavalry") and "A.cavalry_attack" or "A.infantry_attack")
  return g
end

test("5.5.1 / 5.5.2: more than 5 hexes from a leader the pursuit is obligatory, without a roll", function()
  local g = duel { U("L", "TO", "leader", "1107", "N") }      -- 6 hexes from A
  g.dice:force { 4, 5 }                                        -- 1:1, 4 = D1; disorganization 5
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" })
  eq(#asked(r, "pursuit"), 0, "nothing to choose")
  eq(g:unit_table("A").hex, "0508")
end)

test("5.5.3-a / T-24: a leader on the unit's hex: voluntary without a roll; it may stop", function()
  local g = duel { U("L", "TO", "leader", "0507", "N") }
  g.dice:force { 7, 5 }                                        -- 1:1 +2 (leader) = 3:1, 7 = D1
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" })
  local q = asked(r, "pursuit")
  eq(#q, 1)
  eq(q[1].options, { "0508", "stop" })
  eq(g:unit_table("A").hex, "0507")
end)

test("5.5.3-b / 8.1.7: ... or pursue, and the leader left alone on its hex pursues with it", function()
  local g = duel { U("L", "TO", "leader", "0507", "N") }
  g.dice:force { 7, 5 }
  done(play(g, "TO", "attack A D", { retreat = "0509", pursuit = "0508" }))
  eq(g:unit_table("A").hex, "0508")
  eq(g:unit_table("L").hex, "0508")
end)

test("5.5.3-c / T-24: 3 hexes from a leader: 1-3 voluntary, 4-6 obligatory", function()
  local g = duel { U("L", "TO", "leader", "0207", "N") }       -- 3 hexes, range 2: no CM
  g.dice:force { 4, 3, 5 }
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "pursuit (5.5.3)", "combat disorganization (5.1.1 g)" })
  eq(#asked(r, "pursuit"), 1, "voluntary")
  eq(g:unit_table("A").hex, "0507")
  g = duel { U("L", "TO", "leader", "0207", "N") }
  g.dice:force { 4, 4, 5 }
  r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(#asked(r, "pursuit"), 0, "obligatory")
  eq(g:unit_table("A").hex, "0508")
end)

test("6.1.8 / A-045 / T-24: at MORALE +2 or more pursuit is obligatory unless on a leader's hex", function()
  local g = duel({ U("L", "TO", "leader", "0207", "N") }, { vars = { { "morale", -3 } }, options = { morale_value = "offset" } })
  g.dice:force { 8, 5 }                                        -- 1:1 +3 = 4:1, 8 = D1 -1
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" }, "no pursuit roll")
  eq(g:unit_table("A").hex, "0508")
  g = duel({ U("L", "TO", "leader", "0507", "N") }, { vars = { { "morale", -3 } }, options = { morale_value = "offset" } })
  g.dice:force { 10, 5 }                                       -- +3 +2 = 6:1, 10 = D1 -1
  r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(#asked(r, "pursuit"), 1, "with a leader on its hex: voluntary")
end)

test("5.5.4 / 5.5.6 / T-23: obligatory pursuit enters the hex left, then follows the retreat path", function()
  local g = duel()
  g.dice:force { 2, 5 }                                        -- 1:1, 2 = D2 -1
  local r = play(g, "TO", "attack A D", { retreat = { "0509", "0410" } })
  done(r)
  eq(g:unit_table("D").hex, "0410")
  eq(g:unit_table("A").hex, "0509", "0508, then 0509: as many hexes as the retreat, next to the enemy")
end)

test("5.5.5 / T-23: voluntary pursuit may leave the retreat path by one hex", function()
  local g = duel { U("L", "TO", "leader", "0507", "N") }
  g.dice:force { 4, 5 }                                        -- 3:1, 4 = D2
  local r = play(g, "TO", "attack A D", { retreat = { "0509", "0510" }, pursuit = { "0508", "0609" } })
  done(r)
  local q = asked(r, "pursuit")
  eq(#q, 2)
  ok(contains(q[2].options, "0509") and contains(q[2].options, "0609") and contains(q[2].options, "stop"),
    "the path, a hex beside it, or stop: " .. table.concat(q[2].options, " "))
  eq(g:unit_table("A").hex, "0609")
  eq(g:unit_table("L").hex, "0609")
end)

test("5.5.7: enemy ZoCs are ignored in a pursuit", function()
  -- E (PL) at 0409 facing NE: its ZoC covers 0408, 0508 and 0509
  local g = duel { U("E", "PL", "infantry", "0409", "NE") }
  g.dice:force { 2, 5 }
  done(play(g, "TO", "attack A D", { retreat = { "0509", "0510" } }))
  eq(g:unit_table("A").hex, "0509")
end)

test("5.5.8 / 5.5.9: no CF gain in a pursuit; a 60-degree turn keeps the CF", function()
  -- cavalry A faces SE (0508 is in its front area); CF 2, armour 2: 1:1 +4 = 5:1, 7 = D2
  local g = duel(nil, nil, { kind = "cavalry", facing = "SE", cf = 2, armour = 2 })
  g.dice:force { 7, 5 }
  done(play(g, "TO", "attack A D", { retreat = { "0509", "0510" } }))
  local a = g:unit_table("A")
  eq(a.hex, "0509")
  eq(a.cf, 1, "2 kept through the pursuit (no gain, a 60-degree turn), -1 after the combat (5.2.11)")
end)

test("5.5.9-b: a turn of 120 degrees in a pursuit costs the CF", function()
  local g = duel(nil, nil, { kind = "cavalry", facing = "SE", cf = 2, armour = 2 })
  g.dice:force { 7, 5 }
  local r = play(g, "TO", "attack A D", { retreat = { "0408" } })
  done(r)
  local a = g:unit_table("A")
  eq(a.hex, "0408", "0508 (60 degrees from SE), then 0408 (NW: 120 degrees from S)")
  eq(a.cf, 0)
end)

test("5.5.10: pursuing cavalry rides down enemy non-cavalry units in its way (no MORALE change, 5.8.2)", function()
  local g = duel({ U("E", "PL", "infantry", "0509", "N", { sp = 1 }) }, nil, { kind = "cavalry" }, { sp = 1 })
  g.dice:force { 2, 5 }                                        -- 2:1, 2 = D2
  done(play(g, "TO", "attack A D", { retreat = { "0509", "0510" } }))
  eq(g:unit_table("E"), nil, "ridden down")
  eq(g:unit_table("A").hex, "0509")
  eq(g:var("morale"), 0)
end)

test("12.1.5 / T-57: a defender in a fortification retreats; the pursuit enters its hex only", function()
  local g = setup({ U("A", "TO", "infantry", "1104", "S"), U("D", "PL", "infantry", "1105", "N") },
                  { vars = { { "morale", -2 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 2, 5 }                                        -- 1 (halved) vs 2: 1:2 +2 = 2:1, 2 = D2
  done(play(g, "TO", "attack A D", { retreat = { "1106", "1107" } }))
  eq(g:unit_table("D").hex, "1107")
  eq(g:unit_table("A").hex, "1105")
end)

test("4.3.7: after its pursuit a unit may face any way", function()
  local g = duel()
  g.dice:force { 4, 5 }
  local r = play(g, "TO", "attack A D", { retreat = "0509", facing = { "S", "NE" } })
  done(r)
  local q = asked(r, "facing")
  eq(#q, 2, "after the retreat, after the pursuit")
  eq(#q[2].options, 6)
  eq(g:unit_table("A").facing, "NE")
end)
