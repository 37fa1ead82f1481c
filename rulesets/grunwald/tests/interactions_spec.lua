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

test("FR 5.4.6 / 5.4.5: the French edition says it outright ('1 PF perdu pour l'ensemble des unités'): the same single loss", function()
  local g = two_hex_defence { overlays = { "grunwald/fr-revised" } }
  g.dice:force { 2, 6, 6 }
  local r = play(g, "TO", "attack A D1,D2", { loss = "D1" })
  done(r)
  local q = asked(r, "loss")
  ok(#q >= 1, "the owner chooses")
  eq(q[#q].options, { "D1", "D2" })
  local sp = 0
  for _, n in ipairs { "D1", "D2" } do local u = g:unit_table(n); sp = sp + (u and u.sp or 0) end
  ok(r.rolls[1].purpose == "combat (5.1.1)")
  ok(contains(r.events, "PL retreats 0 of 1 hexes: 1 SP lost (5.4.6)"), "one 5.4.6 loss for the side")
  eq(sp, 2, "3 SP before, 1 lost")
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
    { vars = { { "morale", -7 } }, options = { morale_value = "offset" } })
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

test("5.4.6 / 5.4.5 / A-024: attackers from two hexes, each boxed in by friends and D's ZoC: 1 SP for the side, the owner's choice", function()
  -- A1 (0507, S) and A2 (0609, NW) attack D at 0508; TO's blockers fill
  -- 0506 0607 0407 and 0708 0709 0610 0509; D's ZoC covers 0408 and 0608.
  local function fight(pick)
    local g = setup({ U("A1", "TO", "infantry", "0507", "S", { sp = 1 }), U("A2", "TO", "infantry", "0609", "NW", { sp = 1 }),
      U("D", "PL", "infantry", "0508", "N"),
      U("B1", "TO", "infantry", "0506", "N"), U("B2", "TO", "infantry", "0607", "N"), U("B3", "TO", "infantry", "0407", "N"),
      U("B4", "TO", "infantry", "0708", "N"), U("B5", "TO", "infantry", "0709", "N"), U("B6", "TO", "infantry", "0610", "N"),
      U("B7", "TO", "infantry", "0509", "N") }, { vars = { { "morale", 3 } }, options = { morale_value = "offset" } })
    to_phase(g, "A.infantry_attack")
    g.dice:force { 7, 6 }                    -- 1:1 +2 (rear area) -3 (PL MORALE) = 1:2, 7 = A1
    local r = play(g, "TO", "attack A1,A2 D", { loss = pick })
    done(r)
    return g, r
  end
  local g, r = fight("A2")
  local q = asked(r, "loss")
  eq(#q, 1)
  eq(q[1].options, { "A1", "A2" })
  ok(contains(r.events, "TO retreats 0 of 1 hexes: 1 SP lost (5.4.6)"))
  eq(g:unit_table("A2"), nil)
  eq(g:unit_table("A1").hex, "0507", "the other attacker stays, whole")
  eq(g:unit_table("A1").sp, 1)
  g = fight("A1")
  eq(g:unit_table("A1"), nil)
  eq(g:unit_table("A2").sp, 1)
end)

-- A fortification 1105 destroyed before TO's infantry attacks (12.1.6:
-- here by a hook, as a bombard's D would, 11.7.5).
local function destroyed_1105(units)
  local G
  G = setup(units, { hooks = { { "phase.A.cavalry_attack.enter", function()
    G.rs.modules.fortifications.destroy(G.rs.api.hex.parse("1105"), "12.1.6")
  end } } })
  return G
end

test("12.1.6 / 4.5.2 / 5.4.5: a retreat cannot end on a destroyed fortification holding 2 SP (the standing one held 10)", function()
  -- A (TO) at 1103 facing S attacks D at 1104; A's ZoC covers 1204 and
  -- 1004; PL's F (2 SP) stands on 1105.
  local units = { U("A", "TO", "infantry", "1103", "S"), U("D", "PL", "infantry", "1104", "N"),
                  U("F", "PL", "infantry", "1105", "N") }
  local function retreat_options(g)
    to_phase(g, "A.infantry_attack")
    g.dice:force { 4, 6 }                    -- 1:1, 4 = D1; disorganization roll 6
    local r = play(g, "TO", "attack A D")
    done(r)
    local q = asked(r, "retreat")
    return q[1] and q[1].options
  end
  eq(retreat_options(setup(units)), { "1205", "1105", "1005" }, "into the standing fortification: 4 SP of 10")
  local g = destroyed_1105(units)
  eq(retreat_options(g), { "1205", "1005" }, "destroyed: open ground, 2 SP")
  eq(g:var("map.terrain.1105"), "clear")
end)

test("12.1.6 / 5.7.2 / 5.6.7: a countercharge into a destroyed fortification is one into open ground", function()
  -- PL (player A) moves K1 S from 1102 to 1104, next to 1105; TO's
  -- cavalry P at 1106 facing N has 1105 as its frontal hex.
  local function offer(destroy)
    local G
    G = game { ruleset = "grunwald", seed = 1, options = { complementary = false },
      scenario = { map = "test-field", turns = 3, vars = { { "side.A", "PL" } },
        units = { U("K1", "PL", "cavalry", "1102", "S"), U("P", "TO", "cavalry", "1106", "N", { cf = 1 }) },
        hooks = { { "phase.A.cavalry_attack.enter", function()
          if destroy then G.rs.modules.fortifications.destroy(G.rs.api.hex.parse("1105"), "12.1.6") end
        end } } } }
    for _ = 1, 40 do
      if G:turn() == 2 and G:phase_info().name == "A.cavalry_move" then break end
      H.answer_all(G, G:act(G:acting_side(), "end"), { reaction = "pass" })
    end
    eq(G:turn(), 2)
    done(G:act("PL", "move K1"), "1102 -> 1103")
    G.dice:force { 9, 7 }                    -- the combat: A1; P's disorganization roll
    local r = G:act("PL", "move K1")
    local opts = {}
    while r.status == "decision" do
      if r.request.kind == "reaction" then opts = r.request.options end
      r = G:answer(r.request.options[1])
    end
    done(r)
    return opts, r
  end
  local opts, r = offer(false)
  eq(opts, { "countercharge P K1", "pass" })
  ok(contains(r.events, "P countercharges from 1106 to 1105 with CF 0 (5.7)"), "into the standing fortification: CF 0")
  eq(r.rolls[1].purpose, "combat (5.1.1)")
  opts, r = offer(true)
  eq(opts, { "countercharge P K1", "pass" })
  ok(contains(r.events, "P countercharges from 1106 to 1105 with CF 2 (5.7)"), "destroyed: 1 + 1 for the hex, as on open ground")
end)

test("12.1.6 / 4.5.1 / scenario reinforcements: a reinforcement cannot enter a destroyed fortification that 2 SP fill", function()
  -- TO's R (2 SP cavalry) enters at 1105, the fortification, where TO's F
  -- (2 SP infantry) stands; PL is player A.
  local function enter(destroy)
    local G
    G = game { ruleset = "grunwald", seed = 1, options = { complementary = false },
      scenario = { map = "test-field", turns = 3, vars = { { "side.A", "PL" } },
        units = { { name = "R", side = "TO", kind = "cavalry", sp = 2, mp = 8 },
                  U("F", "TO", "infantry", "1105", "N"), U("far", "PL", "cavalry", "2015", "N") },
        reinforcements = { { turn = 1, side = "TO", at = { "1105" }, units = { "R" } } },
        hooks = { { "phase.A.cavalry_attack.enter", function()
          if destroy then G.rs.modules.fortifications.destroy(G.rs.api.hex.parse("1105"), "12.1.6") end
        end } } } }
    to_phase(G, "B.cavalry_move")
    return G:act("TO", "enter R 1105 S"), G
  end
  local r, g = enter(false)
  done(r, "the standing fortification: 4 SP of 10, 2 of them cavalry (12.1.8, 12.1.9)")
  eq(g:unit_table("R").hex, "1105")
  r, g = enter(true)
  refused(r, "4.5.1")
  eq(g:unit_table("R").hex, nil, "R waits off the map")
end)

test("8.1.7 / 5.1.1 / 8.2.4: the attackers' leader too: his only unit dies in the combat, he withdraws alone and rolls for his life", function()
  local g = setup({ U("A", "TO", "infantry", "0507", "S", { sp = 1 }), U("LA", "TO", "leader", "0507", "S"),
                    U("D", "PL", "infantry", "0508", "N") }, { vars = { { "morale", 1 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 10, 12 }                    -- 1:2 +2 (leader) -1 (PL MORALE) = 1:1, 10 = A1 -1; death roll 12
  local r = play(g, "TO", "attack A D", { retreat = "0607" })
  done(r)
  eq(g:unit_table("A"), nil, "killed by the combat loss")
  eq(asked(r, "retreat")[1].options, { "0506", "0607", "0407" }, "not into D's ZoC (0408, 0608)")
  eq(g:unit_table("LA").hex, "0607")
  eq(r.rolls[2].purpose, "leader death (8.2.4)")
  ok(contains(r.events, "LA: death roll 12 - 1 SP lost > 1 hexes to retreat (8.2.4, 8.2.5)"), "A's loss counts (8.2.5)")
end)
