-- Movement, Terrain, Facing and Formation, roads, zones of control and
-- disengaging, with forced dice.  Map facts (proving-ground, odd columns
-- sit lower): from an odd column's hex c,r the neighbours are N c,r-1
-- NE c+1,r  SE c+1,r+1  S c,r+1  SW c-1,r+1  NW c-1,r; from an even
-- column's N c,r-1  NE c+1,r-1  SE c+1,r  S c,r+1  SW c-1,r  NW c-1,r-1.
-- Terrain: ditch 0202, hill 0402 (elevation 1), rampart 0602, marsh 0802,
-- rough 1002, wooded 1202; stream 0209:NE, river 0409:NE; roads along row
-- 10 (0110-0610) and column 11 (1103-1110).  MP are half-inches: a clear
-- hex costs 6.
local F = loadfile(bitwa.home .. "/rulesets/grognard/tests/lib/field.lua", "t", _ENV)()
local U = F.U

-- a game at turn 1's first move phase, A moving first
local function at_move(units, options)
  local g = game { ruleset = "grognard", seed = 1, options = options,
    scenario = { map = "proving-ground", turns = 12, units = units } }
  done(g:answer("first"))
  eq(g:phase_info().name, "move.first")
  return g
end
local function unit(g, name) return g:find_unit(name) and g:unit_table(name) end

-- ends turn N for both sides (no fire, no melee) and starts the next with
-- A winning the initiative and moving first
local function next_turn(g)
  local t = g:turn()
  done(g:act("A", "end"))
  local r = g:act("B", "end")
  while g:turn() == t do
    ok(r.status == "done" or r.status == "decision", "the turn goes on")
    r = g:act(g:acting_side(), "end")
  end
  ok(g:pending_request() and g:pending_request().kind == "initiative")
  done(g:answer("first"))
end

local function force_initiative(g) g.dice:force { 6, 1 } end

test("Movement: T-85 a unit moves hex by hex into its frontal hex, 6 MP a clear hex: LC 24\" is 8 hexes", function()
  local g = at_move { U("lc", "A", "LC", "0510", "N", { figures = 6 }) }
  for i = 1, 8 do done(g:act("A", "move lc"), "hex " .. i) end
  eq({ unit(g, "lc").hex, unit(g, "lc").spent }, { "0502", 48 })
  refused(g:act("A", "move lc"), "Movement")
end)

test("Terrain: ditch slows movement 50% (a hex costs 12 MP); rough does not slow", function()
  local g = at_move { U("li", "A", "LI", "0203", "N"), U("r", "A", "LI", "1003", "N") }
  done(g:act("A", "move li"))
  eq({ unit(g, "li").hex, unit(g, "li").spent }, { "0202", 12 })
  done(g:act("A", "move r"))
  eq({ unit(g, "r").hex, unit(g, "r").spent }, { "1002", 6 })
end)

test("Terrain: hill uphill at half speed, downward movement at normal speed", function()
  local g = at_move { U("hi", "A", "HI", "0405", "N"), U("down", "A", "LI", "0402", "S") }
  done(g:act("A", "move down"))
  eq({ unit(g, "down").hex, unit(g, "down").spent }, { "0403", 6 }, "off the hill, downhill: one clear hex")
  local g2 = at_move { U("hi", "A", "HI", "0403", "N") }
  done(g2:act("A", "move hi"))
  eq({ unit(g2, "hi").hex, unit(g2, "hi").spent }, { "0402", 12 }, "HI's whole 6\" move for one hill hex")
  refused(g2:act("A", "move hi"), "Movement")
end)

test("Terrain: wooded prevents the movement of formed bodies; light infantry enters at half speed", function()
  local g = at_move { U("hi", "A", "HI", "1203", "N"), U("li", "A", "LI", "1103", "NE") }
  refused(g:act("A", "move hi"), "Terrain: wooded")
  -- 1103 (odd) NE is 1203: occupied; turn li to N and use 1102 -> NE 1202
  done(g:act("A", "turn li N"))
  done(g:act("A", "move li"))
  done(g:act("A", "turn li NE"))
  eq(unit(g, "li").spent, 18, "two 60-degree turns (6 each) and a hex")
  refused(g:act("A", "move li"), "Movement")
end)

test("Terrain: stream costs 6\" to cross; river halts before and after and costs an entire move", function()
  local g = at_move { U("s", "A", "LI", "0209", "NE"), U("r", "A", "LI", "0409", "NE") }
  done(g:act("A", "move s"))
  eq({ unit(g, "s").hex, unit(g, "s").spent }, { "0308", 18 }, "a clear hex and 6\" for the stream")
  done(g:act("A", "move r"))
  eq({ unit(g, "r").hex, unit(g, "r").spent, unit(g, "r").stopped }, { "0508", 18, true })
  refused(g:act("A", "move r"), "Terrain: river")
  local g2 = at_move { U("r", "A", "LI", "0409", "N") }
  done(g2:act("A", "turn r NE"))
  refused(g2:act("A", "move r"), "Terrain: river")
end)

test("Facing and Formation: T-GG-14 facing costs in MP (LI 60 degrees 6, elite 3, about face the whole move)", function()
  local g = at_move { U("li", "A", "LI", "0505", "N"), U("el", "A", "LI", "0705", "N", { elite = true }),
                      U("hi", "A", "HI", "0905", "N") }
  done(g:act("A", "turn li NE"))
  eq(unit(g, "li").spent, 6)
  done(g:act("A", "turn el NW"))
  eq(unit(g, "el").spent, 3)
  done(g:act("A", "turn hi S"))
  eq(unit(g, "hi").spent, 12, "about face: 1 move")
  refused(g:act("A", "turn hi SE"), "Facing and Formation")
end)

test("Historical Options: Peasants roll 2d6 >= 7 to move: a failure holds them for the turn", function()
  local g = at_move { U("p", "A", "peasants", "0505", "N"), U("q", "A", "peasants", "0705", "N") }
  g.dice:force { 6 }
  done(g:act("A", "move p"))
  eq({ unit(g, "p").hex, unit(g, "p").move_roll }, { "0505", "no" })
  refused(g:act("A", "turn p S"), "Historical Options: Peasants")
  g.dice:force { 7 }
  done(g:act("A", "turn q NE"))
  eq({ unit(g, "q").facing, unit(g, "q").spent }, { "NE", 12 }, "peasants pay double: 60 degrees = 2/3 move")
  done(g:act("A", "move q"))
  eq(g.dice:forced_left(), 0, "one roll a turn")
end)

test("Movement (road bonus): a column moving its whole move along the road gains the road bonus", function()
  -- MC 18" (36 MP) + 6" on the road (12 MP): 8 hexes in column, 6 in line
  local g = at_move { U("col", "A", "MC", "1103", "S", { figures = 6, formation = "column" }),
                      U("line", "A", "MC", "0103", "S", { figures = 6 }) }
  for i = 1, 7 do done(g:act("A", "move col"), "road hex " .. i) end
  eq({ unit(g, "col").hex, unit(g, "col").spent }, { "1110", 42 })
  for i = 1, 6 do done(g:act("A", "move line"), "hex " .. i) end
  refused(g:act("A", "move line"), "Movement")
  -- off the road the bonus is gone: col (42 MP spent) may not step off the road
  local g2 = at_move { U("col", "A", "MC", "1104", "S", { figures = 6, formation = "column", spent = 20 }) }
  done(g2:act("A", "turn col SE"))
  refused(g2:act("A", "move col"), "Movement")
end)

test("Movement: one body per hex, and no voluntary move off the table", function()
  local g = at_move { U("a", "A", "LI", "0505", "N"), U("b", "A", "LI", "0504", "N"), U("e", "A", "LI", "0501", "N") }
  refused(g:act("A", "move a"), "Movement: one body per hex")
  refused(g:act("A", "move e"), "Movement")
end)

test("Melees: Zone of Control (ZOC), rigid (the default) stops a unit entering it until next turn", function()
  local g = at_move { U("a", "A", "LI", "0507", "N"), U("e", "B", "LI", "0504", "S") }
  done(g:act("A", "move a"))
  done(g:act("A", "move a"))
  eq({ unit(g, "a").hex, unit(g, "a").stopped }, { "0505", true })
  refused(g:act("A", "move a"), "Melees: Zone of Control (ZOC), rigid")
  done(g:act("A", "turn a NE"), "turning is still allowed")
end)

test("Melees: Zone of Control (ZOC), elastic costs a hex more; locking forbids leaving; none has no effect", function()
  local g = at_move({ U("a", "A", "LI", "0507", "N"), U("e", "B", "LI", "0504", "S") }, { zoc = "elastic" })
  done(g:act("A", "move a")); done(g:act("A", "move a"))
  eq({ unit(g, "a").hex, unit(g, "a").spent, unit(g, "a").stopped }, { "0505", 18, false })
  local g2 = at_move({ U("a", "A", "LI", "0505", "S"), U("e", "B", "LI", "0504", "S") }, { zoc = "locking" })
  refused(g2:act("A", "move a"), "Melees: Zone of Control (ZOC), locking")
  local g3 = at_move({ U("a", "A", "LI", "0507", "N"), U("e", "B", "LI", "0504", "S") }, { zoc = "none" })
  done(g3:act("A", "move a")); done(g3:act("A", "move a"))
  eq({ unit(g3, "a").spent, unit(g3, "a").stopped }, { 12, false })
end)

test("Movement: a path order walks the cheapest way by moves and turns (movement.reach)", function()
  local g = at_move { U("li", "A", "LI", "0505", "N") }
  done(g:act("A", "move li 0504"))
  eq({ unit(g, "li").hex, unit(g, "li").spent }, { "0504", 6 })
  done(g:act("A", "move li 0604"))
  eq({ unit(g, "li").hex, unit(g, "li").facing, unit(g, "li").spent }, { "0604", "NE", 18 },
    "a 60-degree turn (6) and a hex (6)")
  refused(g:act("A", "move li 0603"), nil, "no MP left for another turn")
  local legal = g:legal_actions("A")
  ok(#legal > 0)
end)

test("Facing and Formation: line to square costs 2 moves: the change takes this turn and the next", function()
  local g = at_move { U("li", "A", "LI", "0505", "N"), U("lc", "A", "LC", "0705", "N", { figures = 6 }) }
  refused(g:act("A", "form lc square"), "Facing and Formation", "square: infantry only")
  done(g:act("A", "form li square"))
  eq({ unit(g, "li").formation, unit(g, "li").spent, unit(g, "li").form_carry, unit(g, "li").forming },
     { "square", 18, 18, true })
  force_initiative(g)
  next_turn(g)
  eq({ unit(g, "li").form_busy, unit(g, "li").forming }, { 18, true })
  refused(g:act("A", "turn li S"), "Facing and Formation", "no MP left this turn")
  force_initiative(g)
  next_turn(g)
  eq({ unit(g, "li").form_busy, unit(g, "li").forming }, { 0, false })
  done(g:act("A", "form li column"), "out of square: 1 move (NOTES.md)")
  eq(unit(g, "li").spent, 18)
end)

test("Facing and Formation: units caught in melee during formation change are considered flanked; a square has no flank", function()
  local g = at_move { U("a", "A", "MI", "0505", "N", { forming = true }), U("b", "A", "MI", "0705", "N", { formation = "square" }),
                      U("c", "A", "MI", "0905", "N") }
  g:query(function()
    local M = g.rs.rules.melee
    local api = g.rs.api
    eq(M.position(api.unit("a"), api.hex.parse("0504")), "flank", "a frontal attack on a forming unit")
    eq(M.position(api.unit("b"), api.hex.parse("0706")), "front", "a square's rear is a front")
    eq(M.position(api.unit("c"), api.hex.parse("0906")), "rear")
  end)
end)

test("Melees: disengaging from a melee, units that fought stay in it while in contact", function()
  local g = at_move { U("a", "A", "LI", "0505", "S", { engaged = true }), U("e", "B", "LI", "0506", "N") }
  refused(g:act("A", "move a"), "Melees: disengaging from a melee")
end)

test("Retreat and Panic: a regrouping unit must remain unmoved; standing mercenaries will not move", function()
  local g = at_move { U("a", "A", "LI", "0505", "N", { retreat_turn = 1 }), U("m", "A", "LI", "0705", "N", { merc_state = "stand" }) }
  refused(g:act("A", "move a"), "Retreat and Panic")
  refused(g:act("A", "move m"), "Historical Options: Mercenaries")
end)

test("Fatigue: Penalty, movement uphill costs 2 normal moves per uphill move", function()
  local g = at_move { U("mc", "A", "MC", "0403", "N", { figures = 6, fatigued = true }), U("f", "A", "MC", "0405", "N", { figures = 6 }) }
  done(g:act("A", "move mc"))
  eq({ unit(g, "mc").hex, unit(g, "mc").spent }, { "0402", 24 }, "the hill's 12 MP twice")
end)

test("Melees: disengaging from a melee, an engaged unit that does not attack goes on fighting at the melee phase's end", function()
  local g = at_move { U("a", "A", "LI", "0505", "N", { engaged = true }), U("b", "B", "LI", "0504", "S", { engaged = true }) }
  done(g:act("A", "end")); done(g:act("B", "end"))
  eq(g:phase_info().name, "melee")
  done(g:act("A", "end"))
  -- a's 4 dice (two 6s), b's 4 (none), step 1: 2 x 1; a 64 + 2 + 2 = 68, b 56, doubled 136 and 112: 24, b goes back 1/2 move
  g.dice:force { 6, 6, 1, 1, 1, 1, 1, 1, 1, 6, 1 } -- and turn 2's initiative
  local r = g:act("B", "end")
  eq(g.dice:forced_left(), 0)
  ok(r.status == "done" or r.status == "decision", tostring(r.status) .. " " .. tostring(r.rule) .. " " .. tostring(r.message))
  eq(unit(g, "b").figures, 14)
  eq({ unit(g, "b").hex, unit(g, "b").facing }, { "0502", "S" }, "back 2 hexes in good order")
  eq(unit(g, "a").figures, 16)
end)
