-- Movement [4.0], stopping in an enemy ZoC [3.3], leaving the map [4.4.1]
-- [4.4.2] and the MP of 8.1.2 and 9.2.1 (Grunwald 1410, English rules).
-- MP are kept in sixths: 8 MP = 48.  T-nn are the worked examples of
-- MATRIX.md §6.1.
--
-- Map facts (maps/test-field.map, odd columns sit lower): forest
-- 0305-0306, village 0505, swamp 0705, hill 0909-0910 (elevation 1),
-- fortification 1105 (gate on its S side), lake 1305, a stream along the
-- east side of column 15 (rows 1-8), a river along the east side of column
-- 17 with a bridge 1704:SE and a ford 1707:SE, a road 0112-1012 (it runs
-- NE, SE, NE ... from 0112).  Columns 2, 4, 8 and 12 run clear from N to S
-- above row 12.

local function setup(units, extra)
  extra = extra or {}
  units[#units + 1] = { name = "far", side = "TO", kind = "infantry", hex = "2015", facing = "N", sp = 1, mp = 4 }
  return game { ruleset = "grunwald", seed = 1, dice = extra.dice, options = extra.options,
    scenario = { map = "test-field", turns = extra.turns or 3, units = units,
                 vars = { { "side.A", "PL" } }, hooks = extra.hooks } }
end

-- a field unit; t overrides sp, mp, armour, cf, condition, ...
local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8 }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function six(n) return n * 6 end
local function left(g, name) return g:unit_table(name).mp_left end

-- act, passing every reaction window the enemy is offered
local function act(g, side, line)
  local r = g:act(side, line)
  while r.status == "decision" and r.request.kind == "reaction" do r = g:answer("pass") end
  return r
end

local function end_phase(g) done(g:act(g:acting_side(), "end"), "end of " .. g:phase_info().name) end

-- play on to phase `name` of turn `turn`
local function to_phase(g, turn, name)
  for _ = 1, 200 do
    if g:turn() == turn and g:phase_info().name == name then return end
    end_phase(g)
  end
  error("phase " .. name .. " of turn " .. turn .. " not reached")
end

---------------------------------------------------------------- MP

test("4.1.3-a: a unit starts its movement phase with its printed MP", function()
  local g = setup { U("a", "PL", "cavalry", "0202", "S", { mp = 8 }) }
  eq(left(g, "a"), six(8))
  done(act(g, "PL", "move a"))
  eq(left(g, "a"), six(7))
end)

test("4.1.4-a: MP not spent do not carry over to the next turn", function()
  local g = setup { U("a", "PL", "cavalry", "0202", "S", { mp = 8 }) }
  done(act(g, "PL", "move a"))
  to_phase(g, 2, "A.cavalry_move")
  eq(left(g, "a"), six(8))
  eq(g:unit_table("a").moved, false)
end)

test("9.2.1-a: disorganized cavalry has 2 MP less, disorganized infantry 1", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { mp = 8, condition = "disorganized" }),
                    U("i", "PL", "infantry", "0402", "S", { mp = 4, condition = "disorganized" }) }
  eq(left(g, "c"), six(6))
  to_phase(g, 1, "A.infantry_move")
  eq(left(g, "i"), six(3))
end)

test("8.1.2-a: a leader has 10 MP and moves like cavalry (1/3 MP on a road)", function()
  local g = setup { { name = "L", side = "PL", kind = "leader", hex = "0112", facing = "NE", range = 2 } }
  eq(left(g, "L"), six(10))
  done(act(g, "PL", "move L"))                 -- along the road 0112-0212
  eq(left(g, "L"), six(10) - 2)
  eq(g:unit_table("L").hex, "0212")
end)

test("8.1.2-b: a leader moves in both movement phases of his side, on the same 10 MP", function()
  local g = setup { { name = "L", side = "PL", kind = "leader", hex = "0202", facing = "S", range = 2 } }
  done(act(g, "PL", "move L"))
  to_phase(g, 1, "A.infantry_move")
  eq(left(g, "L"), six(9))
  done(act(g, "PL", "move L"))
  eq(g:unit_table("L").hex, "0204")
  eq(left(g, "L"), six(8))
  to_phase(g, 2, "A.cavalry_move")
  eq(left(g, "L"), six(10))
end)

---------------------------------------------------------------- 2.1, 4.2.1

test("2.1-a: cavalry moves in the cavalry phase, the other units in the infantry phase", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S"), U("i", "PL", "infantry", "0402", "S", { mp = 4 }),
                    U("t", "TO", "cavalry", "0802", "S") }
  refused(g:act("PL", "move i"), "2.1")
  refused(g:act("TO", "move t"), "2.1")
  to_phase(g, 1, "A.infantry_move")
  refused(g:act("PL", "move c"), "2.1")
  done(act(g, "PL", "move i"))
end)

test("4.2.1-a: a unit enters only its frontal hex and keeps its facing", function()
  local g = setup { U("a", "PL", "cavalry", "0202", "SE") }
  done(act(g, "PL", "move a"))
  local a = g:unit_table("a")
  eq(a.hex, "0302")            -- the SE neighbour of 0202 (column 2 sits higher)
  eq(a.facing, "SE")
  -- "move a 0303" is a path order (lua/engine/paths.lua): the unit does
  -- not enter a hex that is not its frontal hex; it turns first
  local r = act(g, "PL", "move a 0303")
  done(r)
  a = g:unit_table("a")
  eq(a.hex, "0303")
  ok(a.facing ~= "SE", "it turned to make 0303 its frontal hex")
end)

test("4.1.2-a: units move one after another: a unit is done once another has moved", function()
  local g = setup { U("a", "PL", "cavalry", "0202", "S"), U("b", "PL", "cavalry", "0402", "S") }
  done(act(g, "PL", "move a"))
  done(act(g, "PL", "move a"))
  done(act(g, "PL", "move b"))
  refused(g:act("PL", "move a"), "4.1.2")
  refused(g:act("PL", "turn a N"), "4.1.2")
  done(act(g, "PL", "move b"))
end)

test("7.1.2-a: a banner does not move by itself", function()
  local g = setup { U("a", "PL", "cavalry", "0202", "S"),
                    { name = "flag", side = "PL", kind = "banner", hex = "0202", holder = "a" } }
  refused(g:act("PL", "move flag"), "7.1.2")
end)

---------------------------------------------------------------- 4.1.7 costs

test("4.1.7-a: TERRAIN INFLUENCE: infantry pays 2 for forest and village, 1 for clear", function()
  local g = setup { U("i", "PL", "infantry", "0304", "S", { mp = 4 }),
                    U("j", "PL", "infantry", "0504", "S", { mp = 4 }) }
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "move i"))
  eq(g:unit_table("i").hex, "0305")
  eq(left(g, "i"), six(2))
  done(act(g, "PL", "move i"))                  -- 0306, forest again
  eq(left(g, "i"), 0)
  done(act(g, "PL", "move j"))                  -- village 0505
  eq(left(g, "j"), six(2))
  eq(g:unit_table("j").condition, "", "infantry is not disorganized by a village (4.2.6)")
end)

test("4.1.7-b: a stream adds 2 MP for cavalry and 1 for infantry", function()
  local g = setup { U("c", "PL", "cavalry", "1504", "NE"), U("i", "PL", "infantry", "1502", "NE", { mp = 4 }) }
  done(act(g, "PL", "move c"))
  eq(g:unit_table("c").hex, "1604")
  eq(left(g, "c"), six(8 - 3))
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "move i"))
  eq(g:unit_table("i").hex, "1602")
  eq(left(g, "i"), six(4 - 2))
end)

test("4.1.7-c: along a road cavalry pays 1/2 MP, leaders 1/3, infantry 1", function()
  local g = setup { U("c", "PL", "cavalry", "0112", "NE"), U("i", "PL", "infantry", "0312", "NE", { mp = 4 }) }
  done(act(g, "PL", "move c"))
  eq(left(g, "c"), six(8) - 3)
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "move i"))
  eq(g:unit_table("i").hex, "0412")
  eq(left(g, "i"), six(3))
end)

test("4.1.7-d: the lake is impassable", function()
  local g = setup { U("c", "PL", "cavalry", "1304", "S") }
  refused(g:act("PL", "move c"), "4.1.7")
end)

test("4.1.7-e: the infantry's extra road hex: a move all on road gets 1 hex more", function()
  -- 0112 -NE- 0212 -SE- 0312 -NE- 0412: 3 road hexes and 2 turns for 4 MP
  local g = setup { U("i", "PL", "infantry", "0112", "NE", { mp = 4 }) }
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "move i"))
  done(act(g, "PL", "turn i SE"))
  done(act(g, "PL", "move i"))
  done(act(g, "PL", "turn i NE"))
  eq(left(g, "i"), 0)
  done(act(g, "PL", "move i"))
  local i = g:unit_table("i")
  eq(i.hex, "0412")
  eq(i.road_bonus, true)
  eq(i.mp_left, 0)
end)

test("4.1.7-f: no extra road hex once the unit has moved off the road", function()
  -- 0211 -S- 0212 is not a road hexside; then 0212 -SE- 0312 is
  local g = setup { U("i", "PL", "infantry", "0211", "S", { mp = 2 }) }
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "move i"))
  eq(g:unit_table("i").road_move, false)
  done(act(g, "PL", "turn i SE"))
  eq(left(g, "i"), 0)
  refused(g:act("PL", "move i"), "4.1.3")
end)

---------------------------------------------------------------- 4.2.2 - 4.2.4, 4.5

test("4.2.2-a: a unit cannot enter a hex holding enemy units", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 1 }), U("e", "TO", "cavalry", "0203", "N") }
  refused(g:act("PL", "move c"), "4.2.2")
  local g2 = setup { U("i", "PL", "infantry", "0402", "S", { mp = 4 }), U("f", "TO", "infantry", "0403", "N") }
  to_phase(g2, 1, "A.infantry_move")
  refused(g2:act("PL", "move i"), "4.2.2")
end)

test("4.2.4-a: entering a hex with a friendly unit costs 1 MP more (4.2.3 a)", function()
  local g = setup { U("a", "PL", "cavalry", "0202", "S", { sp = 1 }), U("b", "PL", "cavalry", "0203", "N", { sp = 1 }) }
  done(act(g, "PL", "move a"))
  eq(g:unit_table("a").hex, "0203")
  eq(left(g, "a"), six(8 - 2))
  eq(g:unit_table("b").hex, "0203")
end)

test("4.1.6-a: units move through hexes holding friendly units, within the stacking limit", function()
  local g = setup { U("a", "PL", "cavalry", "0202", "S", { sp = 1 }), U("b", "PL", "cavalry", "0203", "N", { sp = 1 }) }
  done(act(g, "PL", "move a"))
  done(act(g, "PL", "move a"))
  eq(g:unit_table("a").hex, "0204")
  eq(left(g, "a"), six(8 - 2 - 1))
end)

test("11.1.4-a: archers in combat formation (0 MP, 11.1.1) still move one hex (4.2.9)", function()
  local g = setup { U("x", "PL", "archers", "0202", "S", { sp = 1, mp = 4, formation = "combat" }) }
  to_phase(g, 1, "A.infantry_move")
  eq(left(g, "x"), 0)
  done(act(g, "PL", "move x"))
  eq(g:unit_table("x").hex, "0203")
  refused(g:act("PL", "move x"), "4.1.3")
end)

test("4.5.1-a: a hex holds 2 SP; a leader does not count (8.1.1)", function()
  local g = setup { U("a", "PL", "cavalry", "0202", "S", { sp = 1 }), U("b", "PL", "cavalry", "0203", "N", { sp = 1 }),
                    { name = "L", side = "PL", kind = "leader", hex = "0201", facing = "S", range = 2 } }
  done(act(g, "PL", "move a"))
  done(act(g, "PL", "move L"))
  done(act(g, "PL", "move L"))
  eq(g:unit_table("L").hex, "0203")
end)

test("4.5.2-a / T-17: a 2-SP unit cannot enter a hex holding a 1-SP infantry unit", function()
  local g = setup { U("i", "PL", "infantry", "0202", "S", { mp = 4 }), U("j", "PL", "infantry", "0203", "N", { sp = 1, mp = 4 }) }
  to_phase(g, 1, "A.infantry_move")
  refused(g:act("PL", "move i"), "4.5.2")
end)

test("T-17 / 4.2.3-b: cavalry (CF above 1) may ride the friendly infantry down instead", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 1 }), U("j", "PL", "infantry", "0203", "N", { sp = 1, mp = 4 }) }
  done(act(g, "PL", "move c"))
  eq(g:unit_table("j"), nil, "the infantry is ridden down (5.8.1)")
  local c = g:unit_table("c")
  eq(c.hex, "0203")
  eq(c.cf, 2)
  eq(left(g, "c"), six(8 - 1 - 1), "1 MP for the hex and 1 for the 1 SP ridden down (5.8.4)")
end)

test("4.5.2-b: with a CF too low to ride down, the full hex stays closed", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 0 }), U("j", "PL", "infantry", "0203", "N", { sp = 1, mp = 4 }) }
  refused(g:act("PL", "move c"), "4.5.2")
end)

---------------------------------------------------------------- 4.2.7

test("4.2.7-a: a river is crossed only at a bridge or a ford", function()
  local g = setup { U("a", "PL", "cavalry", "1703", "SE"), U("b", "PL", "cavalry", "1704", "SE"),
                    U("c", "PL", "cavalry", "1707", "SE") }
  refused(g:act("PL", "move a"), "4.2.7")
  done(act(g, "PL", "move b"))
  eq(g:unit_table("b").hex, "1805")
  eq(left(g, "b"), six(7))
  done(act(g, "PL", "move c"))
  eq(g:unit_table("c").hex, "1808")
  eq(left(g, "c"), six(7))
end)

---------------------------------------------------------------- 3.3

test("3.3.2-a: a unit entering an enemy ZoC stops", function()
  -- TO infantry at 0104 faces SE: its ZoC covers 0204, 0205 and 0105
  local g = setup { U("a", "PL", "infantry", "0202", "S", { mp = 4 }), U("z", "TO", "infantry", "0104", "SE") }
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "move a"))
  eq(g:unit_table("a").stopped, false)
  done(act(g, "PL", "move a"))
  local a = g:unit_table("a")
  eq(a.hex, "0204")
  eq(a.stopped, true)
  refused(g:act("PL", "move a"), "3.3.2")
  done(act(g, "PL", "turn a SE"), "a stopped unit may still turn (4.3.5)")
end)

test("3.3.1-a: entering an enemy ZoC costs no extra MP", function()
  local g = setup { U("a", "PL", "cavalry", "0203", "S"), U("z", "TO", "infantry", "0104", "SE") }
  done(act(g, "PL", "move a"))
  eq(left(g, "a"), six(7))
end)

test("3.3.3-a / T-09: CF 2 against CF 0 need not stop; the next hex costs 1 MP more", function()
  local g = setup { U("a", "PL", "cavalry", "0203", "S", { cf = 1 }), U("z", "TO", "infantry", "0104", "SE") }
  done(act(g, "PL", "move a"))                  -- 0204, in z's ZoC, CF 2
  local a = g:unit_table("a")
  eq(a.cf, 2)
  eq(a.stopped, false)
  eq(a.zoc_pass, true)
  eq(left(g, "a"), six(7))
  done(act(g, "PL", "move a"))                  -- 0205: 1 + 1 MP, still in the ZoC (CF 3)
  eq(left(g, "a"), six(5))
  eq(g:unit_table("a").zoc_pass, true)
  done(act(g, "PL", "move a"))                  -- 0206: 1 + 1 MP, out of it
  eq(left(g, "a"), six(3))
  eq(g:unit_table("a").zoc_pass, false)
end)

test("3.3.3-b / T-09: CF 1 against CF 0 must stop (more than 1 is needed, A-009)", function()
  local g = setup { U("a", "PL", "cavalry", "0203", "S", { cf = 0 }), U("z", "TO", "infantry", "0104", "SE") }
  done(act(g, "PL", "move a"))
  eq(g:unit_table("a").cf, 1)
  eq(g:unit_table("a").stopped, true)
  refused(g:act("PL", "move a"), "3.3.2")
end)

test("3.3.3-c: the highest CF among the enemies whose ZoC is entered counts", function()
  -- 0204 is in the ZoC of z (infantry, CF 0) and of k (cavalry, CF 2) at 0304 facing NW
  local g = setup { U("a", "PL", "cavalry", "0203", "S", { cf = 2 }), U("z", "TO", "infantry", "0104", "SE"),
                    U("k", "TO", "cavalry", "0304", "NW", { cf = 2 }) }
  done(act(g, "PL", "move a"))
  eq(g:unit_table("a").cf, 3)
  eq(g:unit_table("a").stopped, true, "3 - 2 = 1 is not more than 1")
end)

test("3.2.3-a: a ZoC does not reach across a river: no stop", function()
  -- TO infantry at 1804 faces SW: its front area 1703, 1704, 1805; the
  -- first two lie across the river (1703:SE, 1704:NE)
  local g = setup { U("a", "PL", "cavalry", "1702", "S"), U("z", "TO", "infantry", "1804", "SW") }
  done(act(g, "PL", "move a"))
  done(act(g, "PL", "move a"))
  eq(g:unit_table("a").hex, "1704")
  eq(g:unit_table("a").stopped, false)
end)

test("8.1.3-a: a leader ignores enemy ZoC", function()
  local g = setup { { name = "L", side = "PL", kind = "leader", hex = "0203", facing = "S", range = 2 },
                    U("z", "TO", "infantry", "0104", "SE") }
  done(act(g, "PL", "move L"))
  done(act(g, "PL", "move L"))
  eq(g:unit_table("L").hex, "0205")
  eq(g:unit_table("L").stopped, false)
end)

---------------------------------------------------------------- 4.2.9

test("4.2.9-a: a unit can always move 1 hex for all its MP; its CF becomes 0", function()
  -- the stream costs cavalry 3 MP; with 1 MP it may still cross, by 4.2.9
  local g = setup { U("c", "PL", "cavalry", "1504", "NE", { mp = 1, cf = 2 }) }
  done(act(g, "PL", "move c"))
  local c = g:unit_table("c")
  eq(c.hex, "1604")
  eq(c.mp_left, 0)
  eq(c.whole_mp, true)
  eq(c.cf, 0)
  done(act(g, "PL", "turn c S"), "and then any turn")
  eq(g:unit_table("c").facing, "S")
  refused(g:act("PL", "move c"), "4.1.3")
end)

test("4.2.9-b: a unit can always make any turn without moving, for all its MP", function()
  -- heavy cavalry, CF 0: 180 degrees cost 3 x 1 + 2 = 5 MP
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { mp = 2, armour = 2 }) }
  done(act(g, "PL", "turn c N"))
  local c = g:unit_table("c")
  eq(c.facing, "N")
  eq(c.mp_left, 0)
  refused(g:act("PL", "move c"), "4.1.3", "no hex after a 4.2.9 turn")
  refused(g:act("PL", "turn c S"), "4.3.8")
end)

test("4.2.9-c: not once the unit has spent MP", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { mp = 2, armour = 1 }) }
  done(act(g, "PL", "move c"))                  -- 1 MP left, CF 1
  refused(g:act("PL", "turn c SE"), "4.1.3")    -- 1 x (1 + 1) + 1 = 3 MP
end)

test("4.2.9-d: infantry moves 1 hex into forest with 1 MP", function()
  local g = setup { U("i", "PL", "infantry", "0304", "S", { mp = 1 }) }
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "move i"))
  eq(g:unit_table("i").hex, "0305")
  eq(left(g, "i"), 0)
end)

---------------------------------------------------------------- 4.2.5 / 4.2.6

test("4.2.5-a: cavalry entering forest is disorganized and loses its CF", function()
  local g = setup { U("c", "PL", "cavalry", "0304", "S", { cf = 2 }) }
  done(act(g, "PL", "move c"))
  local c = g:unit_table("c")
  eq(c.hex, "0305")
  eq(c.condition, "disorganized")
  eq(c.cf, 0)
  eq(c.mp_left, six(8 - 4))
end)

test("4.2.5-b: cavalry entering a village or swamps is disorganized", function()
  local g = setup { U("v", "PL", "cavalry", "0504", "S"), U("s", "PL", "cavalry", "0704", "S") }
  done(act(g, "PL", "move v"))
  done(act(g, "PL", "move s"))
  eq(g:unit_table("v").condition, "disorganized")
  eq(g:unit_table("s").condition, "disorganized")
  eq(left(g, "v"), six(5))
  eq(left(g, "s"), six(5))
end)

test("4.2.6-a: infantry entering swamps is disorganized", function()
  local g = setup { U("i", "PL", "infantry", "0704", "S", { mp = 4 }) }
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "move i"))
  eq(g:unit_table("i").condition, "disorganized")
  eq(left(g, "i"), six(2))
end)

test("4.2.5-c: a leader entering forest is not disorganized (8.1.8)", function()
  local g = setup { { name = "L", side = "PL", kind = "leader", hex = "0304", facing = "S", range = 2 } }
  done(act(g, "PL", "move L"))
  eq(g:unit_table("L").condition, "")
  eq(left(g, "L"), six(10 - 4))
end)

test("4.2.5-d / A-010: the terrain disorganizes on every kind of entry, a retreat too", function()
  local G
  G = setup({ U("c", "PL", "cavalry", "0304", "S", { cf = 2 }) }, { hooks = { { "phase.A.cavalry_attack.enter", function()
    local api, R = G.rs.api, G.rs.modules
    local c, from, to = api.unit("c"), api.hex.parse("0304"), api.hex.parse("0305")
    R.units.place(c, to)
    R.movement.on_enter(c, from, to, "retreat")
  end } } })
  to_phase(G, 1, "A.cavalry_attack")
  local c = G:unit_table("c")
  eq(c.hex, "0305")
  eq(c.condition, "disorganized")
  eq(c.cf, 0)
end)

---------------------------------------------------------------- 8.2.6, 7.1

test("8.2.6-a: a unit entering the hex of a lone enemy leader kills him", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S"),
                    { name = "L", side = "TO", kind = "leader", hex = "0203", facing = "N", range = 2 } }
  done(act(g, "PL", "move c"))
  eq(g:unit_table("c").hex, "0203")
  eq(g:unit_table("L"), nil)
end)

test("8.2.6-b: riding down the units with an enemy leader leaves him alone: he is killed", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 2 }), U("i", "TO", "infantry", "0203", "N", { sp = 1 }),
                    { name = "L", side = "TO", kind = "leader", hex = "0203", facing = "N", range = 2 } }
  done(act(g, "PL", "move c"))
  eq(g:unit_table("i"), nil)
  eq(g:unit_table("L"), nil)
end)

test("7.1.3-a: a unit given a banner that has already moved cannot move", function()
  local g = setup { U("a", "PL", "cavalry", "0202", "S"), U("b", "PL", "cavalry", "0303", "S"),
                    { name = "flag", side = "PL", kind = "banner", hex = "0202", holder = "a" } }
  done(act(g, "PL", "move a"))                  -- 0203, next to b
  done(act(g, "PL", "pass_banner flag b"))
  refused(g:act("PL", "move b"), "7.1.3")
  done(act(g, "PL", "turn b SE"), "turning moves no banner")
end)

---------------------------------------------------------------- 4.3 turns

test("4.3.1-a / T-10: a 60-degree turn costs 1 MP at base: 180 degrees cost 3", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { armour = 0, cf = 0 }) }
  done(act(g, "PL", "turn c N"))
  eq(g:unit_table("c").facing, "N")
  eq(left(g, "c"), six(8 - 3))
end)

test("4.3.1-b: a unit cannot turn to the way it faces", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S") }
  refused(g:act("PL", "turn c S"), "4.3.1")
end)

test("4.3.2-a / T-11: heavy cavalry at CF 3 turns 60 degrees for 1 x (3 + 1) + 2 = 6 MP", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { armour = 2, cf = 3 }) }
  done(act(g, "PL", "turn c SE"))
  local c = g:unit_table("c")
  eq(c.mp_left, six(8 - 6))
  eq(c.cf, 0, "a turn sets CF to 0 (5.6.3)")
end)

test("4.3.3-a: infantry pays 1 MP for any turn", function()
  local g = setup { U("i", "PL", "infantry", "0202", "S", { mp = 4, armour = 2 }) }
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "turn i N"))
  eq(left(g, "i"), six(3))
end)

test("4.3.4-a: cavalry with CF above 1 turns by 60 degrees only", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 2 }) }
  refused(g:act("PL", "turn c NE"), "4.3.4")
  refused(g:act("PL", "turn c N"), "4.3.4")
  done(act(g, "PL", "turn c SE"))
end)

test("4.3.4-b / T-12: breaking a charge: 3 + 4 + 1 + 4 + 1 = 13 MP", function()
  -- light cavalry moves 3 hexes (CF 3), turns 60 (4 MP), moves 1 (CF 1),
  -- turns 120 (2 x 2 = 4 MP), moves 1: 13 MP, more than a regular unit's 8
  local g = setup { U("c", "PL", "cavalry", "0802", "S", { armour = 0, mp = 13 }) }
  for _ = 1, 3 do done(act(g, "PL", "move c")) end
  eq(g:unit_table("c").cf, 3)
  refused(g:act("PL", "turn c NE"), "4.3.4", "120 degrees at CF 3")
  done(act(g, "PL", "turn c SE"))
  eq(left(g, "c"), six(13 - 3 - 4))
  done(act(g, "PL", "move c"))
  eq(g:unit_table("c").hex, "0905")
  eq(g:unit_table("c").cf, 1)
  done(act(g, "PL", "turn c N"))
  eq(left(g, "c"), six(1))
  done(act(g, "PL", "move c"))
  local c = g:unit_table("c")
  eq(c.hex, "0904")
  eq(c.mp_left, 0)
  eq(c.cf, 1)
end)

test("4.3.5-a: a turn in an enemy ZoC costs 1 MP more", function()
  local g = setup { U("c", "PL", "cavalry", "0204", "S", { armour = 0 }), U("z", "TO", "infantry", "0104", "SE") }
  done(act(g, "PL", "turn c SE"))
  eq(left(g, "c"), six(8 - 2))
end)

test("4.3.6-a / T-13: heavy cavalry, CF 0, turns 120 degrees in forest: 4 + 4 = 8 MP (the book's example adds 2)", function()
  -- The example adds "2 MPs (terrain cost)", infantry's forest cost; the
  -- rule adds the TERRAIN INFLUENCE cost of the unit's arm, 4 for cavalry.
  local g = setup { U("c", "PL", "cavalry", "0305", "S", { armour = 2, mp = 10 }) }
  done(act(g, "PL", "turn c NE"))
  eq(left(g, "c"), six(10 - 8))
end)

test("4.3.6-b / T-13: with the option turn_terrain_cost = example it costs the example's 6 MP", function()
  local g = setup({ U("c", "PL", "cavalry", "0305", "S", { armour = 2, mp = 10 }) },
                  { options = { turn_terrain_cost = "example" } })
  done(act(g, "PL", "turn c NE"))
  eq(left(g, "c"), six(10 - 6))
end)

test("4.3.6-c: infantry turning in swamps pays 1 + 2", function()
  local g = setup { U("i", "PL", "infantry", "0705", "N", { mp = 4 }) }
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "turn i S"))
  eq(left(g, "i"), six(1))
end)

test("4.3.8-a: one turn per hex per phase", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S") }
  done(act(g, "PL", "turn c SE"))
  refused(g:act("PL", "turn c NE"), "4.3.8")
  done(act(g, "PL", "move c"))
  done(act(g, "PL", "turn c S"))
end)

test("11.5.2-a: horse archers turn at 1/2 MP base", function()
  local g = setup { U("h", "PL", "horse_archers", "0202", "S", { armour = 0, cf = 1 }) }
  done(act(g, "PL", "turn h SE"))               -- 1/2 x (1 + 1) + 0 = 1
  eq(left(g, "h"), six(7))
  done(act(g, "PL", "move h"))
  done(act(g, "PL", "turn h S"))                -- 1/2 x (1 + 1) = 1 (CF 1 after the hex)
  eq(left(g, "h"), six(5))
  local g2 = setup { U("h", "PL", "horse_archers", "0202", "S", { armour = 0, cf = 0 }) }
  done(act(g2, "PL", "turn h SE"))              -- 1/2 x (0 + 1) = 1/2
  eq(left(g2, "h"), six(8) - 3)
end)

---------------------------------------------------------------- 4.4

test("4.4.1-a / 4.4.2-a: a unit leaves the map by moving across its frontal hexside, for 1 MP", function()
  local g = setup({ U("c", "PL", "cavalry", "0201", "N") }, { turns = 6 })
  done(act(g, "PL", "move c"))
  local c = g:unit_table("c")
  eq(c.hex, nil)
  eq(c.off_map, 1)
  eq(c.left_phase, "move")
  eq(c.left_at, "0201")
  eq(c.mp_left, six(7))
end)

test("4.4.2-b: a unit without the MP cannot leave", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "N", { mp = 1 }) }
  done(act(g, "PL", "move c"))
  eq(g:unit_table("c").hex, "0201")
  refused(g:act("PL", "move c"), "4.1.3")
end)

test("T-14 / 4.4.3-a: a unit that left the map in turn 2, phase 1, returns in turn 5 at the earliest", function()
  local g = setup({ U("c", "PL", "cavalry", "0201", "N") }, { turns = 6 })
  to_phase(g, 2, "A.cavalry_move")
  done(act(g, "PL", "move c"))
  eq(g:unit_table("c").off_map, 2)
  to_phase(g, 4, "A.cavalry_move")
  refused(g:act("PL", "enter c 0201 S"), "4.4.3")
  to_phase(g, 5, "A.cavalry_move")
  done(act(g, "PL", "enter c 0201 S"))
  eq(g:unit_table("c").hex, "0201")
end)

test("T-15 / 4.4.3-b: a unit that left the map by pursuit in turn 2, phase 2, returns in turn 6", function()
  local G
  local hooks = { { "phase.A.cavalry_attack.enter", function()
    local c = G.rs.api.unit("c")
    if G:turn() == 2 and c.hex then G.rs.modules.movement.leave_map(c, "pursuit") end
  end } }
  G = setup({ U("c", "PL", "cavalry", "0201", "N") }, { turns = 7, hooks = hooks })
  to_phase(G, 2, "A.infantry_move")
  eq(G:unit_table("c").left_phase, "pursuit")
  to_phase(G, 5, "A.cavalry_move")
  refused(G:act("PL", "enter c 0201 S"), "4.4.3")
  to_phase(G, 6, "A.cavalry_move")
  done(act(G, "PL", "enter c 0201 S"))
end)

test("T-16 / 4.4.4-a: cavalry returns within 6 hexes of its departure hex", function()
  local g = setup({ U("c", "PL", "cavalry", "0801", "N") }, { turns = 6 })
  done(act(g, "PL", "move c"))
  eq(g:unit_table("c").left_at, "0801")
  to_phase(g, 4, "A.cavalry_move")
  refused(g:act("PL", "enter c 1501 S"), "4.4.4")
  done(act(g, "PL", "enter c 1401 S"))
end)

---------------------------------------------------------------- legal lists

test("4.2.1-legal: legal_moves and legal_turns list exactly the moves and turns accepted", function()
  local g = setup { U("a", "PL", "cavalry", "0802", "S", { cf = 2 }), U("b", "PL", "cavalry", "1504", "NE", { mp = 1 }),
                    U("c", "PL", "cavalry", "0202", "S", { sp = 1, cf = 1 }), U("d", "PL", "infantry", "0203", "N", { sp = 1 }),
                    U("i", "PL", "infantry", "0304", "S", { mp = 1 }),
                    U("e", "PL", "cavalry", "1703", "SE"), U("f", "PL", "cavalry", "0201", "N"),
                    U("z", "TO", "infantry", "0104", "SE"),
                    { name = "L", side = "PL", kind = "leader", hex = "1304", facing = "S", range = 2 } }
  local function check(g)
    local listed = {}
    for _, f in ipairs { "legal_moves", "legal_turns" } do
      for _, args in ipairs(g:query(g.rs.modules.movement[f], "PL")) do
        listed[(f == "legal_moves" and "move " or "turn ") .. table.concat(args, " ")] = true
      end
    end
    local lines = {}
    for _, u in ipairs(g:units_table()) do
      if u.side == "PL" then
        lines[#lines + 1] = "move " .. u.name
        lines[#lines + 1] = "move " .. u.name .. " keep"
        for _, f in ipairs { "N", "NE", "SE", "S", "SW", "NW" } do lines[#lines + 1] = "turn " .. u.name .. " " .. f end
      end
    end
    for _, line in ipairs(lines) do
      local r = g:clone():act("PL", line)
      local accepted = r.status == "done" or r.status == "decision"
      eq(accepted, listed[line] == true, line .. (r.message and (" (" .. tostring(r.rule) .. ": " .. r.message .. ")") or ""))
    end
  end
  check(g)
  done(act(g, "PL", "move c"))
  check(g)
  to_phase(g, 1, "A.infantry_move")
  check(g)
end)
