-- Retreat [5.4] (with 4.3.7, 4.4.1, 4.5.2, 11.7.4, A-010, A-024), forced
-- dice.  T-nn: MATRIX.md §6.1.  Map: test-field (odd columns sit lower;
-- forest 0305-0306, lake 1305).  Unless said otherwise A (TO) at 0507
-- facing S attacks D (PL) at 0508 facing N, both 2-SP infantry (1:1);
-- A's ZoC covers 0608, 0508 and 0408.  TO is player A.

local H = loadfile(bitwa.home .. "/rulesets/grunwald/tests/lib/fights.lua", "t", _ENV)()
local setup, U, contains, answer_all, play, to_phase, purposes, asked, var =
  H.setup, H.U, H.contains, H.answer_all, H.play, H.to_phase, H.purposes, H.asked, H.var

local function duel(extra_units, extra, a, d)
  local units = { U("A", "TO", (a and a.kind) or "infantry", (a and a.hex) or "0507", (a and a.facing) or "S", a),
                  U("D", "PL", (d and d.kind) or "infantry", (d and d.hex) or "0508", (d and d.facing) or "N", d) }
  for _, u in ipairs(extra_units or {}) do units[#units + 1] = u end
  local g = setup(units, extra)
  to_phase(g, (a and a.kind == "cavalry") and "A.cavalry_attack" or "A.infantry_attack")
  return g
end

local function distance(g, a, b)
  return g:query(function() local api = g.rs.api return api.hex.distance(api.hex.parse(a), api.hex.parse(b)) end)
end

test("5.4.1 / 5.4.2 / T-21 / A-024: D2: the defender ends 2 hexes from the combat hex, each step one hex farther", function()
  local g = duel()
  g.dice:force { 2, 5 }                      -- 1:1, 2 = D2 -1
  local r = play(g, "TO", "attack A D", { retreat = { "0509", "0510" } })
  done(r)
  local q = asked(r, "retreat")
  eq(q[1].options, { "0609", "0509", "0409" }, "not into A's ZoC (0608, 0408)")
  eq(q[2].options, { "0610", "0510", "0410" }, "only hexes 2 away from 0508")
  eq(distance(g, g:unit_table("D").hex, "0508"), 2)
end)

test("5.4.5-a: no retreat into an enemy ZoC or onto a lake", function()
  -- A at 1404 facing S covers 1504, 1405, 1304; 1305 is a lake
  local g = duel(nil, nil, { hex = "1404" }, { hex = "1405" })
  g.dice:force { 4, 5 }                      -- 1:1, 4 = D1
  local r = play(g, "TO", "attack A D")
  done(r)
  eq(asked(r, "retreat")[1].options, { "1505", "1406" })
end)

test("4.4.1 / 5.4.5-b: the map edge is impassable for a retreat", function()
  local g = duel(nil, nil, { hex = "0502", facing = "N" }, { hex = "0501", facing = "S" })
  g.dice:force { 4, 5 }
  local r = play(g, "TO", "attack A D")
  done(r)
  eq(asked(r, "retreat")[1].options, { "0601", "0401" })
end)

test("4.5.2: a retreat never goes over the stacking limit", function()
  local g = duel { U("F", "PL", "infantry", "0509", "N", { sp = 1 }) }
  g.dice:force { 4, 5 }
  local r = play(g, "TO", "attack A D")
  done(r)
  eq(asked(r, "retreat")[1].options, { "0609", "0409" })
end)

test("5.4.3 / 4.3.7: a retreat costs no CF; at its end the unit may face any way", function()
  local g = duel(nil, nil, nil, { kind = "cavalry", cf = 2 })
  local e = g:query(function()
    local api = g.rs.api
    return g.rs.modules.combat.evaluate { attackers = { api.unit("A") }, defenders = { api.unit("D") } }.final
  end)
  eq(e, 3, "1:1 -1 (D's CF, at most armour 0 + 1) = 1:2")
  g.dice:force { 2, 5 }                      -- 1:2, 2 = D1
  local r = play(g, "TO", "attack A D", { retreat = "0509", facing = { "SW" } })
  done(r)
  local d = g:unit_table("D")
  eq(d.hex, "0509")
  eq(d.facing, "SW")
  eq(d.cf, 1, "2, -1 after the combat (5.2.11) only")
end)

test("5.4.4 / A-025: retreating cavalry rides down friendly infantry when that is its only way; no MORALE change", function()
  local g = duel({ U("I", "PL", "infantry", "0509", "N"), U("C1", "PL", "cavalry", "0609", "N"),
                   U("C2", "PL", "cavalry", "0409", "N") }, nil, nil, { kind = "cavalry" })
  g.dice:force { 4, 5 }                      -- 1:1, 4 = D1; light cavalry B1: 2 only
  local r = play(g, "TO", "attack A D")
  done(r)
  eq(#asked(r, "retreat"), 0, "one way only")
  eq(g:unit_table("I"), nil, "ridden down")
  eq(g:unit_table("D").hex, "0509")
  eq(g:var("morale"), 0)
end)

test("5.4.6 / T-22: D4 but only 3 hexes possible: 1 SP lost, the owner's choice; a unit it kills dies on the last hex", function()
  local blockers = {}
  for i, h in ipairs { "0609", "0409", "0610", "0410", "0611", "0411" } do
    blockers[#blockers + 1] = U("B" .. i, "PL", "infantry", h, "N")
  end
  blockers[#blockers + 1] = U("T1", "TO", "infantry", "0413", "NE", { sp = 1 })   -- ZoC 0512 0412
  blockers[#blockers + 1] = U("T2", "TO", "infantry", "0613", "NW", { sp = 1 })   -- ZoC 0512 0612
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D1", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("D2", "PL", "infantry", "0508", "N", { sp = 1 }), table.unpack(blockers) },
                  { vars = { { "morale", -6 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 4, 6 }                      -- 1:1 +6 (MORALE) = 7:1, 4 = D4; D1's disorganization roll 6
  local r = play(g, "TO", "attack A D1,D2", { loss = "D2" })
  done(r)
  local q = asked(r, "loss")
  eq(#q, 1)
  eq(q[1].options, { "D1", "D2" })
  eq(g:unit_table("D2"), nil)
  eq(g:unit_table("D1").hex, "0511")
  ok(contains(r.events, "D2 is eliminated (5.4.6)"), "eliminated by the retreat loss")
  eq(g:var("morale"), -7, "the loss counts for TO's MORALE (A-044)")
  eq(g:unit_table("A").hex, "0510", "the pursuit stops a hex short of the unit")
end)

test("5.4.6-b: a unit that cannot retreat at all loses 1 SP per hex", function()
  local g = duel { U("B1", "PL", "infantry", "0609", "N"), U("B2", "PL", "infantry", "0509", "N"),
                   U("B3", "PL", "infantry", "0409", "N") }
  g.dice:force { 4, 5 }
  done(play(g, "TO", "attack A D"))
  local d = g:unit_table("D")
  eq(d.hex, "0508")
  eq(d.sp, 1)
  eq(g:unit_table("A").hex, "0507", "no retreat, no pursuit")
end)

test("11.7.4 / A-069: bombards in combat formation cannot retreat: 1 SP per hex instead", function()
  -- PL moves first, so that its bombards have no reason to fire at setup;
  -- they pass when TO moves
  local g = setup({ U("A", "TO", "infantry", "0507", "S"),
                    U("D", "PL", "bombards", "0508", "N", { formation = "combat" }) }, { first = "PL" })
  to_phase(g, "B.infantry_attack", { reaction = "pass" })
  g.dice:force { 10, 5 }                     -- ranged alone: 2 vs 1 = 2:1 +3 (11.3.1) = 5:1, 10 = D1
  done(play(g, "TO", "attack A D"))
  local d = g:unit_table("D")
  eq(d.hex, "0508")
  eq(d.sp, 1)
end)

test("4.2.5 / A-010: cavalry retreating into a forest is disorganized", function()
  -- A at 0506 facing NW covers 0407, 0406, 0505; D (cavalry) at 0406
  local g = duel(nil, nil, { hex = "0506", facing = "NW" }, { kind = "cavalry", hex = "0406", facing = "SE" })
  g.dice:force { 4, 5 }
  local r = play(g, "TO", "attack A D", { retreat = "0306" })
  done(r)
  local d = g:unit_table("D")
  eq(d.hex, "0306")
  eq(d.condition, "disorganized")
end)

test("9.1.1 / A-059: a disorganized unit disorganized again by terrain stays disorganized (panic needs combat)", function()
  local g = duel(nil, nil, { hex = "0506", facing = "NW" },
                 { kind = "cavalry", hex = "0406", facing = "SE", condition = "disorganized" })
  g.dice:force { 7, 5 }                      -- 2 vs 1 (halved) = 2:1 +1 (9.2.3) = 3:1, 7 = D1
  done(play(g, "TO", "attack A D", { retreat = "0306" }))
  eq(g:unit_table("D").condition, "disorganized")
end)
