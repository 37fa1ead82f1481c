-- Movement [4.0], zones of control [5.0], stacking [4.27] [13.34], the
-- commanders' movement [9.12]-[9.15] and the stage's phases [3.1].  MP are
-- kept in halves: 8 MP = 16.  Map facts (maps/test-field.map, odd columns
-- sit lower): forest 0305-0306, village 0505, swamp 0705 and 0714,
-- orchard 0905, hill 1109-1110 with a slope on 1109:N, a stream along the
-- east side of column 13 (rows 1-6), a river along the east side of column
-- 17 with a bridge 1704:SE and a ford 1707:SE, a road 0114-1014 across the
-- swamp at 0714.  T-nn are MATRIX.md §6.2's worked examples, T-HU-nn
-- HUSARIA.md's.

local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8 }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function setup(units, extra)
  extra = extra or {}
  units[#units + 1] = U("far", "SW", "infantry", "2015", "N", { sp = 1, mp = 4 })
  return game { ruleset = "husaria", seed = 1, options = extra.options, deploy = extra.deploy or "scenario",
    scenario = { map = "test-field", turns = extra.turns or 3, first = extra.first, units = units,
                 zones = extra.zones, vars = { { "side.A", "PL" } } } }
end

local function left(g, name) return g:unit_table(name).mp_left end
local function hex(g, name) return g:unit_table(name).hex end
local function facing(g, name) return g:unit_table(name).facing end
local function end_phase(g) done(g:act(g:acting_side(), "end"), "end of " .. g:phase_info().name) end

test("3.1: a stage's phases run A's artillery, movement, attack, then B's; a side without guns skips its artillery phase", function()
  local g = setup({ U("h", "PL", "husaria", "0203", "S"), U("gun", "SW", "artillery", "1003", "N", { gun = "heavy", mp = 2 }) })
  eq(g:turn(), 1)
  eq(g:phase_info().name, "A.movement", "PL has no guns: its artillery phase is skipped")
  end_phase(g)
  eq(g:phase_info().name, "A.attack")
  end_phase(g)
  eq(g:phase_info().name, "B.artillery", "SW has a gun")
  eq(g:acting_sides(), { "SW" })
  end_phase(g)
  eq(g:phase_info().name, "B.movement")
  refused(g:act("PL", "move h"), "3.1")
  end_phase(g)
  end_phase(g)
  eq(g:turn(), 2)
  eq(g:phase_info().name, "A.movement")
end)

test("3.1: deployment: each side places its units in its own zone before the first stage; a scenario may begin at stage 11", function()
  local g = setup({ U("h", "PL", "husaria", "0203", "S", { zone = "P" }), U("s", "SW", "cavalry", "1003", "N", { zone = "S" }) },
    { deploy = "players", first = 11, turns = 12,
      zones = { { "P", "0201-0205" }, { "S", "1001-1005", "1101" } } })
  eq(g:turn(), 11)
  eq(g:phase_info().name, "A.deploy")
  refused(g:act("PL", "deploy h 0206 S"), "3.1")
  refused(g:act("PL", "deploy s 0204 S"), "3.1")
  done(g:act("PL", "deploy h 0205 SE"))
  eq(hex(g, "h"), "0205")
  eq(facing(g, "h"), "SE")
  end_phase(g)
  eq(g:phase_info().name, "B.deploy")
  done(g:act("SW", "deploy s 1101 SW"))
  end_phase(g)
  eq(g:phase_info().name, "A.movement")
  eq(g:turn(), 11)
end)

test("4.21, 4.22, 4.41, 4.51, 4.23, 4.24, 4.25, 4.26: one hex at a time into the frontal hex, MP by the terrain table, back each phase", function()
  local g = setup({ U("h", "PL", "husaria", "0402", "S"), U("i", "PL", "infantry", "0802", "S", { mp = 4 }) })
  eq(left(g, "h"), 16, "4.22: 8 MP")
  done(g:act("PL", "move h"))
  eq(hex(g, "h"), "0403")
  eq(left(g, "h"), 14, "4.51: clear costs 1")
  -- 4.23 a unit cannot spend more than it has; 4.25 need not spend all
  for _ = 1, 7 do done(g:act("PL", "move h")) end
  eq(hex(g, "h"), "0410")
  eq(left(g, "h"), 0)
  refused(g:act("PL", "move h"), "4.23")
  done(g:act("PL", "move i"))
  eq(left(g, "i"), 6, "4.26: its own MP, not h's")
  -- 4.24 nothing carries over; 4.22 back at the next own movement phase
  end_phase(g); end_phase(g); end_phase(g); end_phase(g)
  eq(g:phase_info().name, "A.movement")
  eq(left(g, "h"), 16)
  eq(left(g, "i"), 8)
end)

test("4.41, 4.51: forest and village cost 2 (infantry) or 3 (cavalry); an orchard or a hill costs as clear ground", function()
  local g = setup({ U("c", "PL", "cavalry", "0304", "S"), U("i", "PL", "infantry", "0504", "S", { mp = 4 }),
                    U("o", "PL", "cavalry", "0904", "S") })
  done(g:act("PL", "move c"))
  eq(left(g, "c"), 10, "cavalry into forest: 3")
  done(g:act("PL", "move i"))
  eq(left(g, "i"), 4, "infantry into a village: 2")
  done(g:act("PL", "move o"))
  eq(left(g, "o"), 14, "orchard: as clear")
end)

test("4.52: a river is crossed only at a bridge or a ford, the ford for one more MP", function()
  local g = setup({ U("a", "PL", "infantry", "1703", "SE", { mp = 4 }), U("b", "PL", "infantry", "1704", "SE", { mp = 4 }),
                    U("f", "PL", "infantry", "1707", "SE", { mp = 4 }) })
  refused(g:act("PL", "move a"), "4.52")
  done(g:act("PL", "move b"))
  eq(left(g, "b"), 6, "the bridge: as clear")
  done(g:act("PL", "move f"))
  eq(left(g, "f"), 4, "the ford: 1 + 1")
end)

test("4.51: a stream costs +1 (infantry) or +2 (cavalry), a slope +1", function()
  local g = setup({ U("c", "PL", "cavalry", "1302", "SE"), U("i", "PL", "infantry", "1303", "SE", { mp = 4 }),
                    U("s", "PL", "cavalry", "1108", "S") })
  done(g:act("PL", "move c"))
  eq(left(g, "c"), 10, "cavalry: 1 + 2")
  done(g:act("PL", "move i"))
  eq(left(g, "i"), 4, "infantry: 1 + 1")
  done(g:act("PL", "move s"))
  eq(hex(g, "s"), "1109")
  eq(left(g, "s"), 12, "slope: 1 + 1")
end)

test("4.46: swamp is entered only along a road; cavalry on the road through it pays half an MP", function()
  local g = setup({ U("c", "PL", "cavalry", "0704", "S"), U("r", "PL", "cavalry", "0614", "SE"),
                    U("i", "PL", "infantry", "0605", "SE", { mp = 4 }) })
  refused(g:act("PL", "move c"), "4.46")
  refused(g:act("PL", "move i"), "4.46")
  eq(hex(g, "c"), "0704")
  -- 0614 -> 0714 along the road: 1/2 MP for cavalry
  done(g:act("PL", "move r"))
  eq(hex(g, "r"), "0714")
  eq(left(g, "r"), 15)
end)

test("4.27, 4.28, 4.29, 4.30, T-HU-20: 1 SP may pass through 1 SP of its own for +1 MP; 2 SP may not; nothing passes an enemy", function()
  local g = setup({ U("a", "PL", "cavalry", "0402", "S", { sp = 1 }), U("b", "PL", "cavalry", "0403", "S", { sp = 1 }),
                    U("c", "PL", "cavalry", "0602", "S"), U("d", "PL", "cavalry", "0603", "S", { sp = 1 }),
                    U("e", "PL", "cavalry", "0802", "S", { sp = 1 }), U("x", "SW", "infantry", "0803", "N", { sp = 1 }),
                    U("f", "PL", "cavalry", "0401", "S", { sp = 1 }) })
  done(g:act("PL", "move a"))
  eq(hex(g, "a"), "0403", "a joins b: 1 + 1 SP")
  eq(left(g, "a"), 14)
  done(g:act("PL", "move a"))
  eq(hex(g, "a"), "0404")
  eq(left(g, "a"), 10, "4.29: leaving the crossed hex costs 1 more")
  refused(g:act("PL", "move c"), "4.28", "2 SP into 1 SP of its own: more than 2 SP")
  refused(g:act("PL", "move e"), "4.28", "never into an enemy")
  -- 4.30: any number of units cross the same hex in a phase
  done(g:act("PL", "move f"))
  done(g:act("PL", "move f"))
  done(g:act("PL", "move f"))
  eq(hex(g, "f"), "0404", "f crossed b at 0403 and stacks with a")
end)

test("13.34, 4.27, T-71: artillery raises a hex's limit to 4 SP, of which infantry at most 2", function()
  local g = setup({ U("gun", "PL", "artillery", "0403", "S", { mp = 2, gun = "heavy" }),
                    U("i", "PL", "infantry", "0402", "S", { mp = 4 }), U("j", "PL", "infantry", "0602", "S", { mp = 4 }),
                    U("gun2", "PL", "artillery", "0603", "S", { mp = 2, gun = "light", sp = 1 }),
                    U("k", "PL", "infantry", "0601", "S", { mp = 4, sp = 1 }) })
  end_phase(g)   -- PL's artillery phase
  done(g:act("PL", "move i"))
  eq(hex(g, "i"), "0403", "2 SP infantry + 2 SP artillery: legal (T-71)")
  done(g:act("PL", "move j"))
  eq(hex(g, "j"), "0603")
  done(g:act("PL", "move k"))
  refused(g:act("PL", "move k"), "4.28", "a third infantry SP with the guns")
end)

test("4.31: a unit that leaves the battlefield is eliminated", function()
  local g = setup({ U("c", "PL", "cavalry", "0201", "N") })
  done(g:act("PL", "move c"))
  eq(g:unit_table("c"), nil)
  eq(g:var("eliminated.PL"), 1)
end)

test("4.43, 4.47: cavalry turns 60/120/180 degrees for 1/2/3 MP in clear terrain; infantry for 1 MP at any angle", function()
  local g = setup({ U("c", "PL", "cavalry", "0802", "S"), U("i", "PL", "infantry", "0302", "S", { mp = 4 }) })
  done(g:act("PL", "turn c SE"))
  eq(left(g, "c"), 14)
  done(g:act("PL", "turn c NW"))
  eq(left(g, "c"), 8, "180 degrees: 3")
  done(g:act("PL", "turn c S"))
  eq(left(g, "c"), 4, "120 degrees: 2")
  done(g:act("PL", "turn i N"))
  eq(left(g, "i"), 6, "4.47: 1 MP in a forest too")
end)

test("4.44, T-60: a cavalry turn in a forest adds the forest's 3 MP (the table); option 'example' adds 4 as the printed example", function()
  local g = setup({ U("c", "PL", "cavalry", "0305", "S") })
  done(g:act("PL", "turn c NE"))
  eq(left(g, "c"), 16 - 2 * (2 + 3), "120 degrees in a forest: 2 + 3 = 5 MP")
  local g2 = setup({ U("c", "PL", "cavalry", "0305", "S") }, { options = { forest_turn_cost = "example" } })
  done(g2:act("PL", "turn c NE"))
  eq(left(g2, "c"), 16 - 2 * 6, "the printed example: 4 + 2 = 6 MP")
end)

test("4.44, 4.54: on a road a turn pays no terrain; a unit travelling along the road turns to follow it for nothing", function()
  local g = setup({ U("r", "PL", "cavalry", "0114", "NE"), U("s", "PL", "cavalry", "0914", "N") })
  done(g:act("PL", "move r"))
  eq(hex(g, "r"), "0214")
  eq(left(g, "r"), 15)
  done(g:act("PL", "turn r SE"))
  eq(left(g, "r"), 15, "4.54: the road goes on SE")
  done(g:act("PL", "move r"))
  eq(hex(g, "r"), "0314")
  -- s has not travelled along the road: a turn costs its base, with no terrain
  done(g:act("PL", "turn s S"))
  eq(left(g, "s"), 10, "180 degrees: 3")
end)

test("4.53: a unit with too few MP for a hex or a turn may take it for all its MP, before it has moved", function()
  local g = setup({ U("i", "PL", "infantry", "0304", "S", { mp = 1 }), U("j", "PL", "infantry", "0504", "S", { mp = 1 }),
                    U("k", "PL", "infantry", "0704", "N", { mp = 1 }) })
  done(g:act("PL", "move i"))
  eq(hex(g, "i"), "0305", "forest for all its 1 MP")
  eq(left(g, "i"), 0)
  refused(g:act("PL", "turn i N"), "4.53")
  done(g:act("PL", "move k"))
  refused(g:act("PL", "move k"), "4.23", "after moving, no more")
end)

test("5.11, 5.12, 5.13: a ZoC is the three front hexes; overlapping ZoCs change nothing; own ZoC does not hinder", function()
  local g = setup({ U("e", "SW", "infantry", "0806", "N", { mp = 4 }), U("f", "SW", "infantry", "1006", "N", { mp = 4 }),
                    U("o", "PL", "cavalry", "0802", "S"), U("own", "PL", "infantry", "0405", "N", { mp = 4 }),
                    U("p", "PL", "cavalry", "0402", "S") })
  -- e's front zone: 0805 (N), 0905 (NE), 0705 (NW)
  g:query(function()
    local api = g.rs.api
    local Z = g.rs.rules.zoc
    ok(Z.covers(api.unit("e"), api.hex.parse("0805")))
    ok(Z.covers(api.unit("e"), api.hex.parse("0905")))
    ok(not Z.covers(api.unit("e"), api.hex.parse("0807")), "not behind")
    eq(#Z.enemies_covering(api.hex.parse("0905"), "PL"), 2, "5.12: e and f both, no more effect")
    ok(not Z.in_enemy_zoc(api.hex.parse("0404"), "PL"), "5.13: own's ZoC")
  end)
  done(g:act("PL", "move p"))
  done(g:act("PL", "move p"))
  eq(hex(g, "p"), "0404", "into own's front zone and on")
end)

test("5.21, 5.22: entering an enemy ZoC stops the unit and costs no more MP", function()
  local g = setup({ U("e", "SW", "infantry", "0806", "N", { mp = 4 }), U("c", "PL", "cavalry", "0803", "S") })
  done(g:act("PL", "move c"))
  eq(hex(g, "c"), "0804")
  done(g:act("PL", "move c"))
  eq(hex(g, "c"), "0805")
  eq(left(g, "c"), 12, "1 MP each, nothing for the ZoC")
  refused(g:act("PL", "move c"), "5.21")
  refused(g:act("PL", "turn c SE"), "5.21")
end)

test("4.45, 5.23, T-HU-01: cavalry beginning in an enemy ZoC turns before moving for 2/3/4 MP without terrain; later, or infantry, may not", function()
  local g = setup({ U("e", "SW", "infantry", "0307", "N", { mp = 4 }), U("c", "PL", "cavalry", "0306", "S"),
                    U("e2", "SW", "infantry", "0807", "N", { mp = 4 }), U("i", "PL", "infantry", "0806", "S", { mp = 4 }) },
    { })
  -- the phase began with c (in a forest) and i in enemy ZoC
  done(g:act("PL", "turn c N"))
  eq(left(g, "c"), 16 - 2 * 4, "180 degrees in ZoC: 4, the forest not added")
  refused(g:act("PL", "turn i N"), "4.45")
  local g2 = setup({ U("e", "SW", "infantry", "0307", "N", { mp = 4 }), U("c", "PL", "cavalry", "0306", "S") })
  done(g2:act("PL", "turn c NE"))
  eq(left(g2, "c"), 16 - 2 * 3, "120 degrees: 3")
  -- still in the ZoC after that turn: another is refused (the turn came after its first action)
  refused(g2:act("PL", "turn c N"), "4.45")
end)

test("5.24, T-HU-02: backing away spends all MP, into an empty back-zone hex outside enemy ZoC, with a free turn", function()
  local g = setup({ U("e", "SW", "infantry", "0807", "N", { mp = 4 }), U("c", "PL", "cavalry", "0806", "S"),
                    U("own", "PL", "infantry", "0704", "S", { sp = 1, mp = 4 }),
                    U("e2", "SW", "cavalry", "1005", "NW") })
  -- c faces S: its back zone is 0805 (N), 0705 (NW) and 0905 (NE)
  refused(g:act("PL", "back c 0807"), "5.24", "not behind")
  refused(g:act("PL", "back c 0905"), "5.24", "0905 is in e2's ZoC")
  done(g:act("PL", "back c 0805 N"))
  eq(hex(g, "c"), "0805")
  eq(facing(g, "c"), "N")
  eq(left(g, "c"), 0)
  refused(g:act("PL", "move c"), "5.24")
  refused(g:act("PL", "back own 0703"), "5.24", "own is in no enemy ZoC")
end)

test("9.12, 9.13, 9.14, 9.15: a commander moves 10 hexes on his own, ignoring terrain and ZoC; an enemy's hex or a swamp kills him", function()
  local g = setup({ U("ch", "PL", "commander", "0404", "S", { command = 1, sp = 0, mp = 0 }),
                    U("e", "SW", "infantry", "0407", "N", { mp = 4 }),
                    U("ch2", "PL", "commander", "0605", "S", { sp = 0, mp = 0 }),
                    U("ch3", "PL", "commander", "0408", "S", { sp = 0, mp = 0 }) })
  refused(g:act("PL", "move ch"), "9.13")
  done(g:act("PL", "lead ch 0405"))
  done(g:act("PL", "lead ch 0406"))
  eq(hex(g, "ch"), "0406", "9.15: into e's ZoC and on, alone")
  done(g:act("PL", "lead ch 0306"))
  eq(left(g, "ch"), 7, "the forest costs a hex like any other (9.13)")
  refused(g:act("PL", "lead ch 0308"), "9.13")
  g:query(function()
    ok(not g.rs.rules.zoc.has_zoc(g.rs.api.unit("ch")), "9.12: no ZoC")
  end)
  done(g:act("PL", "lead ch2 0705"))
  eq(g:unit_table("ch2"), nil, "9.15: the swamp kills him")
  done(g:act("PL", "lead ch3 0407"))
  eq(g:unit_table("ch3"), nil, "9.15: the enemy's hex kills him")
end)
