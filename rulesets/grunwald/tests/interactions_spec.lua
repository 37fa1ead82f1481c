-- Rules where they meet: situations combining two or three rules the way
-- a player meets them, forced dice.  Map: test-field (odd columns sit
-- lower).  TO is player A.

local H = loadfile(bitwa.home .. "/rulesets/grunwald/tests/lib/fights.lua", "t", _ENV)()
local setup, U, contains, play, to_phase, asked =
  H.setup, H.U, H.contains, H.play, H.to_phase, H.asked

-- A (TO, 2 SP) at 0507 facing S attacks D1 (2 SP) at 0508 and D2 (1 SP) at
-- 0608, both in its front area; PL's 2-SP blockers fill every hex either
-- could retreat to.
local function two_hex_defence(extra)
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D1", "PL", "infantry", "0508", "N", { sp = 2 }),
    U("D2", "PL", "infantry", "0608", "NW", { sp = 1 }),
    U("B1", "PL", "infantry", "0609", "N"), U("B2", "PL", "infantry", "0509", "N"), U("B3", "PL", "infantry", "0409", "N"),
    U("B4", "PL", "infantry", "0607", "N"), U("B5", "PL", "infantry", "0707", "N"), U("B6", "PL", "infantry", "0708", "N") },
    extra)
  to_phase(g, "A.infantry_attack")
  return g
end

test("5.4.6 / 5.4.5 / 4.5.2: defenders on two hexes, each a hex short: 1 SP for the side, the owner's choice among both", function()
  local g = two_hex_defence()
  g.dice:force { 2, 6, 6 }                   -- 1:2, 2 = D1; disorganization rolls 6
  local r = play(g, "TO", "attack A D1,D2", { loss = "D2" })
  done(r)
  local q = asked(r, "loss")
  eq(#q, 1, "one choice for the side")
  eq(q[1].options, { "D1", "D2" }, "from all the fighting units, on both hexes")
  eq(g:unit_table("D2"), nil, "the owner's choice")
  eq(g:unit_table("D1").sp, 2, "one loss for the side, not one per hex")
  eq(g:unit_table("D1").hex, "0508")
  ok(contains(r.events, "PL retreats 0 of 1 hexes: 1 SP lost (5.4.6)"), "one 5.4.6 loss")
  eq(#r.rolls, 2, "the combat and D1's disorganization roll (D2 is gone)")
end)

test("5.4.6: the same, the owner keeping D2: D1 loses the SP", function()
  local g = two_hex_defence()
  g.dice:force { 2, 6, 6 }
  done(play(g, "TO", "attack A D1,D2", { loss = "D1" }))
  eq(g:unit_table("D1").sp, 1)
  eq(g:unit_table("D2").sp, 1)
end)

-- D (1 SP) and the leader L at 0508; PL's blockers at 0609 0409 0610 0410
-- 0611 0411, TO's T at 0511.  2:1 +7 (TO MORALE) -2 (leader) = 7:1.
local function leader_stack()
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
    U("L", "PL", "leader", "0508", "N"), U("B1", "PL", "infantry", "0609", "N"),
    U("B2", "PL", "infantry", "0409", "N"), U("B3", "PL", "infantry", "0610", "N"),
    U("B4", "PL", "infantry", "0410", "N"), U("B5", "PL", "infantry", "0611", "N"),
    U("B6", "PL", "infantry", "0411", "N"), U("T", "TO", "infantry", "0511", "S", { sp = 1 }) },
    { vars = { { "morale", -7 } } })
  to_phase(g, "A.infantry_attack")
  return g
end

test("8.1.7 / 5.1.1 / 5.2.8 / 8.2.6: a leader whose units all die in the combat withdraws alone; the advance does not kill him", function()
  local g = leader_stack()
  g.dice:force { 11, 6 }                     -- 7:1, 11 = D1 -1: D dies; death roll 6 - 1 > 1
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(g:unit_table("D"), nil, "killed by the combat loss (5.1.1)")
  local q = asked(r, "retreat")
  eq(#q, 1)
  eq(q[1].options, { "0609", "0509", "0409" }, "as a regular unit: not into A's ZoC (0608, 0408) (5.4.5)")
  eq(g:unit_table("L").hex, "0509", "he withdraws the required hex, his owner choosing")
  eq(r.rolls[2].purpose, "leader death (8.2.4)", "his units had to retreat: the death roll stays")
  done(g:act("TO", "advance A 0508"))
  eq(g:unit_table("A").hex, "0508")
  ok(g:unit_table("L"), "not on the hex the enemy entered (8.2.6)")
  eq(g:var("morale"), -8, "TO: 7, +1 for D only")
end)

test("8.1.7 / 5.4.5: alone, the leader withdraws the whole length through friendly stacks (he adds nothing to stacking)", function()
  local g = leader_stack()
  g.dice:force { 6, 12 }                     -- 7:1, 6 = D3 -1
  local r = play(g, "TO", "attack A D", { retreat = { "0609", "0708", "0808" } })
  done(r)
  eq(g:unit_table("L").hex, "0808")
  ok(contains(r.events, "L withdraws alone to 0808 (8.1.7)"))
end)
