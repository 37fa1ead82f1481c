-- Leaders in Legnica: every range-3 leader is a grand leader [8.1.5];
-- a leader retreats on his own, ignoring enemy ZoC [8.2.6], and stops
-- where he cannot go on [8.2.7] (T-42); the renumbered 8.2.8 - 8.2.10.
-- Map: the Grunwald test field.  A (MO) at 0507 facing S attacks D (PL)
-- at 0508, whose neighbours 0408 and 0608 are in A's ZoC.
local H = loadfile(bitwa.home .. "/rulesets/legnica/tests/lib/lg.lua", "t", _ENV)()
local setup, U, play, to_phase, purposes = H.setup, H.U, H.play, H.to_phase, H.purposes

local function base(extra)
  local units = { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }
  for _, u in ipairs(extra or {}) do units[#units + 1] = u end
  return units
end

test("8.1.5-a: a leader with range 3 is a grand leader: his death costs every unit of his player 1 SP", function()
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("G", "PL", "leader", "0508", "N", { range = 3 }),
                    U("P1", "PL", "cavalry", "1010", "N"), U("P2", "PL", "infantry", "1210", "N", { leader = "X" }) }
  ok(g:query(function() return g.rs.modules.leaders.is_grand(g.rs.api.unit("G")) end), "range 3: grand")
  to_phase(g, "A.infantry_attack")
  g.dice:force { 7 }
  done(play(g, "MO", "attack A G"))                   -- 9.2.9: a lone leader attacked is killed
  eq(g:unit_table("G"), nil)
  eq(g:unit_table("P1").sp, 1)
  eq(g:unit_table("P2").sp, 1)
  eq(g:var("morale"), -12, "6.1.7: 12 fields to the Mongols")
end)

test("8.1.5-b: a range-2 leader is not a grand leader, whatever the scenario's flag says", function()
  local g = setup { U("L", "PL", "leader", "0508", "N", { range = 2, grand = true }) }
  eq(g:query(function() return g.rs.modules.leaders.is_grand(g.rs.api.unit("L")) end), false)
end)

test("8.2.6 / T-42: the stack must retreat 2 and its units can go 1 hex only (friends block them): the leader retreats 2 on his own", function()
  local g = setup(base { U("L", "PL", "leader", "0508", "N"), U("B1", "PL", "infantry", "0609", "N"),
                         U("B2", "PL", "infantry", "0409", "N"), U("B3", "PL", "infantry", "0610", "N"),
                         U("B4", "PL", "infantry", "0510", "N"), U("B5", "PL", "infantry", "0410", "N") },
                  { vars = { { "morale", -5 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 6, 4, 6 }                            -- 1:1 +5 -2 = 4:1, 6 = D2; death roll 4 - 1 > 2; scatter roll 6
  local r = play(g, "MO", "attack A D")
  done(r)
  local d, l = g:unit_table("D"), g:unit_table("L")
  eq(d.hex, "0509")
  eq(d.sp, 1, "5.4.6: 1 SP for the hex not retreated")
  eq(g:query(function() local api = g.rs.api return api.hex.distance(api.hex.parse(l.hex), api.hex.parse("0508")) end), 2,
    "the leader ends 2 hexes from the combat hex")
  ok(H.notes(r):find("on his own", 1, true), "a note says so")
end)

test("8.2.6-b: a retreating leader ignores enemy ZoC (the units may not enter it, 5.4.5)", function()
  local g = setup(base { U("L", "PL", "leader", "0508", "N"), U("B1", "PL", "infantry", "0609", "N"),
                         U("B2", "PL", "infantry", "0409", "N"), U("B3", "PL", "infantry", "0509", "N") },
                  { vars = { { "morale", -5 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 6, 5 }                               -- D2: D cannot retreat at all, 2 SP lost; death roll 5 - 2 > 2
  done(play(g, "MO", "attack A D"))
  eq(g:unit_table("D"), nil)
  local l = g:unit_table("L")
  ok(l ~= nil and l.hex ~= "0508", "the leader left the combat hex through A's ZoC")
end)

test("8.2.7: a leader who cannot retreat stays where he is, with no other penalty; an enemy entering kills him (8.2.8)", function()
  local g = setup(base { U("L", "PL", "leader", "0508", "N"),
                         U("E1", "MO", "infantry", "0408", "S", { mp = 0 }), U("E2", "MO", "infantry", "0608", "S", { mp = 0 }),
                         U("E3", "MO", "infantry", "0409", "N", { mp = 0 }), U("E4", "MO", "infantry", "0609", "N", { mp = 0 }),
                         U("E5", "MO", "infantry", "0509", "N", { mp = 0 }) },
                  { vars = { { "morale", -5 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 6, 5 }
  local r = play(g, "MO", "attack A D")
  done(r)
  eq(g:unit_table("D"), nil)
  eq(g:unit_table("L").hex, "0508")
  ok(H.notes(r):find("stops on 0508 (8.2.7)", 1, true), "cites 8.2.7")
  done(g:act("MO", "advance A 0508"))
  eq(g:unit_table("L"), nil, "8.2.8: killed when the enemy enters")
end)

test("8.2.6 / 8.2.7 / 5.1.1 / 8.2.8: a leader whose units all die in the combat still retreats on his own; the advance finds the hex empty", function()
  local g = setup({ U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("L", "PL", "leader", "0508", "N"), U("B1", "PL", "infantry", "0609", "N"),
                    U("B2", "PL", "infantry", "0409", "N"), U("B3", "PL", "infantry", "0610", "N"),
                    U("B4", "PL", "infantry", "0410", "N"), U("B5", "PL", "infantry", "0611", "N"),
                    U("B6", "PL", "infantry", "0411", "N"), U("T", "MO", "infantry", "0511", "S", { sp = 1 }) },
                  { vars = { { "morale", -7 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 7, 12 }                              -- 2:1 +7 -2 = 7:1, 7 = D2 -1: D dies; death roll 12 - 1 > 2
  local r = play(g, "MO", "attack A D")
  done(r)
  eq(g:unit_table("D"), nil, "killed by the combat loss (5.1.1)")
  eq(purposes(r)[2], "leader death (8.2.4)")
  local l = g:unit_table("L")
  eq(g:query(function() local api = g.rs.api return api.hex.distance(api.hex.parse(l.hex), api.hex.parse("0508")) end), 2,
    "the required 2 hexes, on his own")
  done(g:act("MO", "advance A 0508"))
  ok(g:unit_table("L"), "8.2.8: not on the hex the enemy entered")
end)
