-- The rules bot (bot.lua): what it proposes and answers in small
-- situations on the rules test field (odd columns sit lower; forest
-- 0305-0306, village 0505, swamp 0705).  PL is player A.
local botmod = require "engine.bot"

local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8, armour = 0, cf = 0 }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function setup(units, extra)
  extra = extra or {}
  units[#units + 1] = U("far", "TO", "infantry", "2015", "N", { sp = 1, mp = 4 })
  return game { ruleset = extra.ruleset or "grunwald", seed = 1, options = { complementary = false },
    scenario = { map = "test-field", turns = extra.turns or 3, units = units, vars = { { "side.A", "PL" } } } }
end

local function bot(side_index) return botmod.make("rules", 1, side_index) end

local H = loadfile(bitwa.home .. "/rulesets/grunwald/tests/lib/fights.lua", "t", _ENV)()
local function to_phase(g, name, turn) return H.to_phase(g, name, nil, turn) end

local function column(g, atts, defs, cc)
  return g:query(function()
    local api, C = g.rs.api, g.rs.modules.combat
    local a, d = {}, {}
    for i, n in ipairs(atts) do a[i] = api.unit(n) end
    for i, n in ipairs(defs) do d[i] = api.unit(n) end
    return g.rs.modules.tables.columns[C.evaluate { attackers = a, defenders = d, countercharge = cc }.final]
  end)
end

-- K1 (PL) moves S down column 4 to 0412, next to P2's front area (P2 at
-- 0613 facing NW): TO is asked whether P2 countercharges.
local function to_infantry_move(g)
  done(g:act("PL", "end"))
  done(g:act("PL", "end"))
  eq(g:phase_info().name, "A.infantry_move")
end

-- No forest, village or swamp lies within 3 hexes of K1's way, where the
-- pursuit that may follow the countercharge (5.5.3: T, a TO leader 3
-- hexes from P2, out of his range) would lead (the pursuit-trap test).
local function countercharge(k1, p2)
  local g = setup { U("K1", "PL", "cavalry", "0410", "S", k1), U("P2", "TO", "cavalry", "0613", "NW", p2),
                    U("T", "TO", "leader", "0913", "N", { sp = 0, mp = 10, range = 2 }) }
  done(g:act("PL", "move K1"))
  local r = g:act("PL", "move K1")
  eq(r.status, "decision")
  eq(r.request.options, { "countercharge P2 K1", "pass" })
  return g, bot(2).answer(g, r.request)
end

test("5.7 / bot: it countercharges at 2:1 or better by the rules' own column, and passes below", function()
  local g, a = countercharge({ armour = 0 }, { cf = 1, armour = 2 })
  eq(column(g, { "P2" }, { "K1" }, true), "3:1", "1:1, armour +2, CF +1")
  eq(a, "countercharge P2 K1")
  -- the same SP (1:1 by SP alone, which the bot took before) against
  -- better armour and a charge: 1:4
  g, a = countercharge({ armour = 2, cf = 2 }, { cf = 0, armour = 1 })
  eq(column(g, { "P2" }, { "K1" }, true), "1:4")
  eq(a, "pass")
end)

test("5.4 / 4.2.5 / bot: a retreat goes away from the enemy and not into forest, village or swamp", function()
  local g = setup { U("D", "PL", "cavalry", "0405", "S"), U("E", "TO", "cavalry", "0410", "N") }
  local req = { side = "PL", kind = "retreat", options = { "0305", "0404" }, prompt = "D retreats 1 of 1 hexes from 0405 (5.4)" }
  eq(bot(1).answer(g, req), "0404", "the forest disorganizes")
  req.options = { "0404", "0406" }
  eq(bot(1).answer(g, req), "0404", "farther from E")
end)

test("5.5.4 / bot: a voluntary pursuit is not made", function()
  local g = setup { U("D", "PL", "cavalry", "0405", "S"), U("E", "TO", "cavalry", "0410", "N") }
  eq(bot(1).answer(g, { side = "PL", kind = "pursuit", options = { "0406", "stop" }, prompt = "" }), "stop")
  eq(bot(1).answer(g, { side = "PL", kind = "pursuit", options = { "0305", "0406" }, prompt = "" }), "0406",
    "an obligatory one keeps out of the forest when it may")
end)

test("8.2.6 / 8.2.7 / 5.7.3 / bot: a leader alone joins his troops, but never where a countercharge can meet him", function()
  -- L at 0802 is alone; his unit F stands at 0806 (4 hexes S)
  local g = setup { U("L", "PL", "leader", "0802", "S", { sp = 0, mp = 10, range = 2 }),
                    U("F", "PL", "infantry", "0806", "S", { leader = "L", mp = 4 }),
                    U("E", "TO", "cavalry", "1415", "N") }
  eq(bot(1).propose(g, "PL", {}), "move L 0806 S", "the way is clear")
  -- enemy cavalry at 0606 facing SE: from 0806 on, it can enter 0706 next
  -- to him (5.7.2) and fight him alone (5.7.3) at 9:1 (8.2.7): in the
  -- cavalry phase he waits
  local function near_cavalry()
    return setup { U("L", "PL", "leader", "0802", "S", { sp = 0, mp = 10, range = 2 }),
                   U("F", "PL", "infantry", "0806", "S", { leader = "L", mp = 4 }),
                   U("E", "TO", "cavalry", "0606", "SE", { mp = 0 }) }
  end
  g = near_cavalry()
  local l = bot(1).propose(g, "PL", {})
  ok(not (l or ""):match("^move L") and not (l or ""):match("^turn L"), "L waits: " .. tostring(l))
  -- moving all the same, he is countercharged: the bot's reason, as the
  -- rules play it
  done(g:act("PL", "move L 0804 S"))
  local r = g:act("PL", "move L 0806 S")
  eq(r.status, "decision")
  ok(r.request.options[1]:match("^countercharge E L"), r.request.options[1])
  -- in the infantry movement phase no countercharge is made (2.1 d): he
  -- goes, with the MP he kept (8.1.2)
  g = near_cavalry()
  to_infantry_move(g)
  local tried = {}
  for _ = 1, 10 do
    l = bot(1).propose(g, "PL", tried)
    if l and l:match("^%a+ F") then tried[l] = true else break end
  end
  eq(l, "move L 0806 S")
end)

test("8.2.6 / bot: a lone enemy leader within a unit's reach is hunted down", function()
  local g = setup { U("A", "PL", "cavalry", "0402", "S", { mp = 8 }),
                    U("K", "TO", "leader", "0406", "N", { sp = 0, mp = 10, range = 2 }),
                    U("E", "TO", "cavalry", "1415", "N") }
  local l = bot(1).propose(g, "PL", {})
  eq(l, "move A 0406 S")
  done(g:act("PL", l))
  eq(g:query(function() return g.rs.api.unit("K") == nil or g.rs.api.unit("K").hex == nil end), true, "K is killed (8.2.6)")
end)

test("4.4.1 / 8.2.6 / bot: a lone leader with no friendly hex to go to keeps away from the enemy and leaves the map by his side's edge", function()
  -- L alone at 1002 (row 2, near the north edge), enemy cavalry 3 hexes S;
  -- no field unit of his side on the map: he goes north, away from it
  local g = game { ruleset = "grunwald", seed = 1, options = { complementary = false },
    scenario = { map = "test-field", turns = 3, vars = { { "side.A", "PL" }, { "edge.PL", "N" } },
      units = { U("L", "PL", "leader", "1002", "S", { sp = 0, mp = 10, range = 2 }),
                U("E", "TO", "cavalry", "1008", "N", { mp = 0 }),
                U("far", "TO", "infantry", "2015", "N", { sp = 1, mp = 4 }) } } }
  to_infantry_move(g)
  local l = bot(1).propose(g, "PL", {})
  ok((l or ""):match("^move L %d%d01 "), "to the edge row: " .. tostring(l))
  -- on the edge row facing off the map: he leaves it (4.4.1)
  g = game { ruleset = "grunwald", seed = 1, options = { complementary = false },
    scenario = { map = "test-field", turns = 3, vars = { { "side.A", "PL" }, { "edge.PL", "N" } },
      units = { U("L", "PL", "leader", "1001", "N", { sp = 0, mp = 10, range = 2 }),
                U("E", "TO", "cavalry", "1006", "N", { mp = 0 }),
                U("far", "TO", "infantry", "2015", "N", { sp = 1, mp = 4 }) } } }
  to_infantry_move(g)
  eq(bot(1).propose(g, "PL", {}), "move L")
  done(g:act("PL", "move L"))
  eq(g:query(function() return g.rs.api.unit("L").hex == nil end), true, "off the map")
end)

test("8.2.1 / 8.2.4 / bot: a leader on a hex of his troops in contact moves to a second-line hex within range of them", function()
  -- L and F1 at 0806 in contact with the enemy at 0807; F2 at 0804,
  -- out of contact, within L's range of F1
  local g = setup { U("L", "PL", "leader", "0806", "S", { sp = 0, mp = 10, range = 2 }),
                    U("F1", "PL", "infantry", "0806", "S", { leader = "L", mp = 0 }),
                    U("F2", "PL", "infantry", "0804", "S", { leader = "L", mp = 0 }),
                    U("E", "TO", "infantry", "0807", "N", { mp = 0 }) }
  local l = bot(1).propose(g, "PL", {})
  ok((l or ""):match("^move L 0804 "), tostring(l))
  -- with no such hex he stays with F1 (alone he would die, 8.2.6, 8.2.7)
  g = setup { U("L", "PL", "leader", "0806", "S", { sp = 0, mp = 10, range = 2 }),
              U("F1", "PL", "infantry", "0806", "S", { leader = "L", mp = 0 }),
              U("E", "TO", "infantry", "0807", "N", { mp = 0 }) }
  eq(bot(1).propose(g, "PL", {}), "end")
end)

test("5.2.3 / bot: a field unit closes into contact only at 1:1 or better", function()
  -- A (1 SP) against D (3 SP, armour 2): 1:3; A stays out of contact
  local g = setup { U("A", "PL", "infantry", "0804", "S", { sp = 1, mp = 4 }),
                    U("D", "TO", "infantry", "0807", "N", { sp = 3, armour = 2, mp = 0 }) }
  to_infantry_move(g)
  eq(column(g, { "A" }, { "D" }), "1:4")
  eq(bot(1).propose(g, "PL", {}), "end", "A keeps its distance")
  -- A (2 SP) against D (1 SP): 2:1; A closes in
  g = setup { U("A", "PL", "infantry", "0804", "S", { sp = 2, mp = 4 }),
              U("D", "TO", "infantry", "0807", "N", { sp = 1, mp = 0 }) }
  to_infantry_move(g)
  eq(column(g, { "A" }, { "D" }), "2:1")
  eq(bot(1).propose(g, "PL", {}), "move A 0806 S")
end)

test("8.2.6 / 5.7 / bot: the last unit on a leader's hex stays with him, even with the enemy far", function()
  -- L and his cavalry F at 0806, the enemy 9 hexes away: F would ride
  -- toward it and leave L alone on 0806 until he follows (a countercharge
  -- on F, its retreat and the pursuit through 0806 kill him there, 8.2.6);
  -- G, on a hex of its own, goes
  local units = { U("L", "PL", "leader", "0806", "S", { sp = 0, mp = 10, range = 2 }),
                  U("F", "PL", "cavalry", "0806", "S", { leader = "L" }),
                  U("G", "PL", "cavalry", "1006", "S", { leader = "L" }),
                  U("E", "TO", "cavalry", "0815", "N", { mp = 0 }) }
  local g = setup(units)
  local tried, moved = {}, {}
  for _ = 1, 20 do
    local l = bot(1).propose(g, "PL", tried)
    if not l or l == "end" then break end
    moved[l:match("^%a+ (%S+)")] = true
    tried[l] = true
  end
  ok(moved.G, "G moves")
  ok(not moved.F, "F stays with L")
  ok(not moved.L, "L stays with F (a full stack out of contact)")
end)

test("5.7.5 / 8.2.6 / bot: a unit on a leader's hex neither countercharges nor joins one", function()
  -- P2 and P3 with their leader T at 0609: P2 alone would countercharge K1
  -- at 3:1 (the first test); with T on its hex both stay, though neither
  -- is the last unit there (together they would leave him alone)
  local g = setup { U("K1", "PL", "cavalry", "0406", "S", { armour = 0 }),
                    U("P2", "TO", "cavalry", "0609", "NW", { sp = 1, cf = 1, armour = 2 }),
                    U("P3", "TO", "cavalry", "0609", "NW", { sp = 1, cf = 1, armour = 2 }),
                    U("T", "TO", "leader", "0609", "NW", { sp = 0, mp = 10, range = 2 }) }
  done(g:act("PL", "move K1"))
  local r = g:act("PL", "move K1")
  eq(r.status, "decision")
  ok(r.request.options[1]:match("^countercharge P"), r.request.options[1])
  eq(bot(2).answer(g, r.request), "pass")
  eq(bot(2).answer(g, { side = "TO", kind = "countercharge_join", options = { "P3", "no" },
    prompt = "P3 may join P2's countercharge on K1 (5.7.5)" }), "no")
end)

test("5.4 / 8.2.6 / bot: a retreat does not pass through the hex of its leader alone, and ends there when it may", function()
  -- L alone at 0404: a retreat through 0404 with a hex still to go leaves
  -- him on the path the pursuit follows (8.2.6); its last hex there
  -- stacks with him again
  local g = setup { U("D", "PL", "cavalry", "0405", "S"), U("E", "TO", "cavalry", "0410", "N"),
                    U("L", "PL", "leader", "0404", "S", { sp = 0, mp = 10, range = 2 }) }
  local req = { side = "PL", kind = "retreat", options = { "0404", "0406" }, prompt = "D retreats 1 of 2 hexes from 0405 (5.4)" }
  eq(bot(1).answer(g, req), "0406", "not through L's hex (0404 farther from E)")
  req.prompt = "D retreats 2 of 2 hexes from 0405 (5.4)"
  req.options = { "0406", "0404" }
  eq(bot(1).answer(g, req), "0404", "onto it for the last hex")
  -- a leader withdrawing alone ends on a hex of his side's units
  g = setup { U("L", "PL", "leader", "0405", "S", { sp = 0, mp = 10, range = 2 }), U("E", "TO", "cavalry", "0410", "N"),
              U("F", "PL", "cavalry", "0406", "S") }
  eq(bot(1).answer(g, { side = "PL", kind = "retreat", options = { "0404", "0406" },
    prompt = "L retreats 1 of 1 hexes from 0405 (5.4)" }), "0406", "with F, though nearer E")
end)

test("8.2.1 / 8.2.4 / bot: a leader with a single unit of 1 SP goes to a full stack of his troops out of contact", function()
  -- L with F1 (1 SP) at 0806; F2 (2 SP) at 0804; the enemy 5 hexes away
  local g = setup { U("L", "PL", "leader", "0806", "S", { sp = 0, mp = 10, range = 2 }),
                    U("F1", "PL", "infantry", "0806", "S", { sp = 1, leader = "L", mp = 0 }),
                    U("F2", "PL", "infantry", "0804", "S", { sp = 2, leader = "L", mp = 0 }),
                    U("E", "TO", "infantry", "0811", "N", { mp = 0 }) }
  local l = bot(1).propose(g, "PL", {})
  ok((l or ""):match("^move L 0804 "), tostring(l))
  -- with F1 at 2 SP he stays
  g = setup { U("L", "PL", "leader", "0806", "S", { sp = 0, mp = 10, range = 2 }),
              U("F1", "PL", "infantry", "0806", "S", { sp = 2, leader = "L", mp = 0 }),
              U("F2", "PL", "infantry", "0804", "S", { sp = 2, leader = "L", mp = 0 }),
              U("E", "TO", "infantry", "0811", "N", { mp = 0 }) }
  eq(bot(1).propose(g, "PL", {}), "end")
end)

test("5.4.4 / 8.2.6 / bot: a cavalry retreat does not ride down its own foot, nor pass a leader it would leave alone", function()
  -- F (foot) and L on 0404: D (cavalry) retreating through 0404 would ride
  -- F down (5.4.4) and leave L alone on the pursuit's path (8.2.6)
  local g = setup { U("D", "PL", "cavalry", "0405", "S"), U("E", "TO", "cavalry", "0410", "N"),
                    U("F", "PL", "infantry", "0404", "S", { sp = 1 }),
                    U("L", "PL", "leader", "0404", "S", { sp = 0, mp = 10, range = 2 }) }
  eq(bot(1).answer(g, { side = "PL", kind = "retreat", options = { "0404", "0406" },
    prompt = "D retreats 1 of 2 hexes from 0405 (5.4)" }), "0406")
  eq(bot(1).answer(g, { side = "PL", kind = "retreat", options = { "0404", "0406" },
    prompt = "D retreats 2 of 2 hexes from 0405 (5.4)" }), "0406", "nor for its last hex")
end)

test("4.4.1 / 8.2.6 / bot: with the battle lost, a leader with a weak stack makes for his map edge", function()
  -- PL has one field unit (1 SP) to the enemy's five: L, on its hex,
  -- goes north toward his edge (edge.PL = N) instead of waiting there
  local function field(extra)
    local units = { U("L", "PL", "leader", "1004", "S", { sp = 0, mp = 10, range = 2 }),
                    U("F", "PL", "infantry", "1004", "S", { sp = 1, mp = 0 }) }
    for i = 1, 5 do units[#units + 1] = U("E" .. i, "TO", "infantry", string.format("%02d12", 2 * i), "N", { mp = 0 }) end
    for _, u in ipairs(extra or {}) do units[#units + 1] = u end
    return game { ruleset = "grunwald", seed = 1, options = { complementary = false },
      scenario = { map = "test-field", turns = 3, units = units, vars = { { "side.A", "PL" }, { "edge.PL", "N" } } } }
  end
  local l = bot(1).propose(field(), "PL", {})
  ok((l or ""):match("^move L %d%d0[0-3] "), "toward the edge: " .. tostring(l))
  -- not lost (two more units of his side): he goes to the full stack
  -- within reach (G2, 4 hexes; G1 is 8), not to the edge
  l = bot(1).propose(field { U("G1", "PL", "infantry", "1804", "S", { sp = 2, mp = 0 }),
                             U("G2", "PL", "infantry", "1404", "S", { sp = 2, mp = 0 }) }, "PL", {})
  ok((l or ""):match("^move L 1404 "), tostring(l))
end)

test("5.5.2 / 5.5.4 / 4.2.5 / bot: a unit does not close in on an enemy whose obligatory pursuit leads into rough terrain", function()
  -- A (cavalry, 2 SP) and D (foot, 1 SP): 2:1; with no PL leader on the
  -- map the pursuit is obligatory (5.5.2).  D in the village 0505: the
  -- pursuit enters it and disorganizes A (4.2.5), so A keeps off
  local g = setup { U("A", "PL", "cavalry", "0501", "S", { sp = 2 }),
                    U("D", "TO", "infantry", "0505", "N", { sp = 1, mp = 0 }) }
  local l = bot(1).propose(g, "PL", {})
  ok(not (l or ""):match("^move A") and not (l or ""):match("^turn A"), "A keeps off: " .. tostring(l))
  -- D on open ground (1205, nothing rough within 3 hexes beyond): A closes in
  g = setup { U("A", "PL", "cavalry", "1201", "S", { sp = 2 }),
              U("D", "TO", "infantry", "1205", "N", { sp = 1, mp = 0 }) }
  l = bot(1).propose(g, "PL", {})
  ok((l or ""):match("^move A"), tostring(l))
  -- nor countercharges so: P2 on K1 at 3:1 (the first test), but with no
  -- TO leader near its pursuit is obligatory, toward forest and village
  g = setup { U("K1", "PL", "cavalry", "0406", "S", { armour = 0 }), U("P2", "TO", "cavalry", "0609", "NW", { cf = 1, armour = 2 }) }
  done(g:act("PL", "move K1"))
  local r = g:act("PL", "move K1")
  eq(r.status, "decision")
  eq(bot(2).answer(g, r.request), "pass")
end)

test("5.5.3 / bot: the PURSUIT table's chance of an obligatory pursuit is a trap too", function()
  -- K would end on 0503 next to E on 0504, the village 0505 behind E; L, a
  -- PL leader, on K's hex or 1-5 hexes from it (5.5.3: obligatory on 1 to
  -- 5 rolls in 6), or none on the map (5.5.2: obligatory)
  local function ask(lhex)
    local units = { U("K", "PL", "cavalry", "0501", "S"), U("E", "TO", "infantry", "0504", "N", { sp = 1, mp = 0 }) }
    if lhex then units[#units + 1] = U("L", "PL", "leader", lhex, "S", { sp = 0, mp = 10, range = 2 }) end
    local g = setup(units)
    return g:query(function()
      local api, R = g.rs.api, g.rs.modules
      local s = R.movement.planned(api.unit("K"))
      s.hex = api.hex.parse("0503")
      local d = lhex and api.hex.distance(s.hex, api.hex.parse(lhex)) or nil
      return { d, R.bot.pursuit_chance("PL", s.hex), R.bot.pursuit_trap("PL", s) }
    end)
  end
  eq(ask(), { nil, 6, true }, "no leader: obligatory (5.5.2)")
  eq(ask("0503"), { 0, 0, false }, "a leader on K's hex: voluntary without a roll (5.5.3)")
  eq(ask("0502"), { 1, 1, true }, "1 hex: obligatory on a 6, a chance the bot does not take")
  eq(ask("0803"), { 3, 3, true }, "3 hexes: 3 chances in 6")
  eq(ask("0508"), { 5, 5, true }, "5 hexes: 5 chances in 6")
  eq(ask("0814"), { 12, 6, true }, "beyond 5 hexes: obligatory (5.5.2)")
end)

test("5.2.2 / 5.5.3 / bot: no attack by choice whose pursuit may lead into the swamp, nor at hopeless odds; an attack the rules require is made", function()
  -- A on 0703 facing S, E on 0704 in its front area, the swamp 0705 behind E
  local function propose(kind, leader)
    local units = { U("A", "PL", kind, "0703", "S", { sp = 2, mp = 4 }), U("E", "TO", "infantry", "0704", "N", { sp = 1, mp = 0 }) }
    if leader then units[#units + 1] = U("L", "PL", "leader", "0703", "S", { sp = 0, mp = 10, range = 2 }) end
    local g = setup(units)
    to_phase(g, "A.infantry_attack")
    local zoc = g:query(function() return #g.rs.modules.zoc.enemies_in_zoc(g.rs.api.unit("A")) end)
    return bot(1).propose(g, "PL", {}), zoc, column(g, { "A" }, { "E" })
  end
  local l, zoc = propose("archers")
  eq(zoc, 0, "archers have no ZoC (3.2.2): their attack is a choice")
  eq(l, "end", "the pursuit, obligatory with no leader (5.5.2), would follow E into the swamp (4.2.6)")
  local col
  l, zoc, col = propose("archers", true)
  eq(col, "1:2")
  eq(l, "end", "a leader on A's hex (no pursuit owed), but 1:2 by choice is hopeless")
  l, zoc = propose("infantry")
  eq(zoc, 1)
  eq(l, "attack A E", "E in A's ZoC: the attack is owed (5.2.2)")
  -- across the river (no ZoC through it, 3.2.3), at 2:1 or better and
  -- nothing rough behind E: by choice, and made
  local g = setup { U("A", "PL", "cavalry", "1703", "SE", { sp = 2, armour = 1 }), U("E", "TO", "infantry", "1804", "NW", { sp = 1, mp = 0 }),
                    U("L", "PL", "leader", "1703", "S", { sp = 0, mp = 10, range = 2 }) }
  to_phase(g, "A.cavalry_attack")
  eq(g:query(function() return #g.rs.modules.zoc.enemies_in_zoc(g.rs.api.unit("A")) end), 0)
  col = column(g, { "A" }, { "E" })
  eq(bot(1).propose(g, "PL", {}), "attack A E", col)
end)

test("5.2.3 / bot: an enemy left in the ZoC of a unit that has fought is attacked by a unit that still may, before the phase ends", function()
  -- F (fought) has E2 (0704) and E3 (0804) in its ZoC; X, archers with
  -- no ZoC (3.2.2) on 0904 facing NW, has E3 in its front area at 1:3
  local g = setup { U("F", "PL", "infantry", "0703", "S", { sp = 2, mp = 4 }),
                    U("X", "PL", "archers", "0904", "NW", { sp = 1, mp = 4 }),
                    U("E2", "TO", "infantry", "0704", "N", { sp = 2, mp = 0 }),
                    U("E3", "TO", "infantry", "0804", "N", { sp = 2, mp = 0 }) }
  to_phase(g, "A.infantry_attack")
  g.state:set(g:find_unit("F"), g.slot.fought, true)
  eq(g:query(function() return #g.rs.modules.zoc.enemies_in_zoc(g.rs.api.unit("F")) end), 2)
  eq(column(g, { "X" }, { "E3" }), "1:3")
  local r = g:act("PL", "end")
  eq(r.status, "refused")
  eq(r.rule, "5.2.3", r.message)
  eq(bot(1).propose(g, "PL", {}), "attack X E3", "E3 is owed an attack, which only X may still make (5.2.3)")
end)

test("4.4.4 / 8.2.6 / bot: a leader coming back enters onto his troops out of the enemy's reach, or stays off the map", function()
  -- L left the map from 1001 (the north edge) in turn 1 (4.4.3: back from
  -- turn 4, within 6 hexes of 1001, 4.4.4); F, his cavalry, on 0601 of
  -- that edge; P, PL cavalry, on 1403
  local function propose(f_hex)
    local g = setup({ U("L", "TO", "leader", nil, nil, { sp = 0, mp = 10, range = 2, starts_off_map = true }),
                      U("F", "TO", "cavalry", f_hex, "S", { leader = "L", mp = 0 }),
                      U("P", "PL", "cavalry", "1403", "N", { mp = 0 }) }, { turns = 5 })
    g.state:set(g:find_unit("L"), g.slot.off_map, 1)
    g.state:set(g:find_unit("L"), g.slot.left_phase, "move")
    g.state:set(g:find_unit("L"), g.slot.left_at, bitwa.hex.parse("1001"))
    to_phase(g, "B.cavalry_move", 4)
    return bot(2).propose(g, "TO", {})
  end
  local l = propose("0601")
  ok((l or ""):match("^enter L 0601 "), "onto F, 8 hexes from P: " .. tostring(l))
  -- F far from the edge: no hex of his troops to come back onto, and every
  -- hex of the edge within 9 hexes of P or next to none of his units
  eq(propose("0608"), "end", "he stays off the map")
end)

test("5.5.4 / 5.5.5 / 8.1.7 / bot: a voluntary pursuit goes on where the rules' columns make it worth it", function()
  -- D pursues E, which retreated from 1206 to 1207; 1206 is offered
  local function answer(e, extra, leader)
    local units = { U("D", "PL", "cavalry", "1205", "S", { sp = 2, armour = 1 }), e }
    if extra then units[#units + 1] = extra end
    if leader then units[#units + 1] = U("L", "PL", "leader", "1205", "S", { sp = 0, mp = 10, range = 2 }) end
    local g = setup(units)
    return bot(1).answer(g, { side = "PL", kind = "pursuit", options = { "1206", "stop" },
                              prompt = "D: voluntary pursuit, hex 1 of 2 (5.5)" })
  end
  local weak = U("E", "TO", "infantry", "1207", "N", { sp = 1, mp = 0 })
  eq(answer(weak), "1206", "next to E: E's attack on D 1:2, D's on E 2:1 or better")
  eq(answer(weak, nil, true), "stop", "D is L's last unit: L would follow it (8.1.7)")
  eq(answer(weak, U("F", "TO", "cavalry", "1106", "SE", { sp = 2, armour = 2, cf = 2 })), "stop",
     "F and E together would attack D at 1:1 or better there")
  eq(answer(U("E", "TO", "cavalry", "1208", "N", { sp = 1, mp = 0 })), "stop", "no enemy next to 1206: nothing gained")
end)

-- Plays the bot's lines of side 1 (PL) in this phase for unit `name`
-- while it proposes them (at most 10), and returns the unit's hex label.
local log = {}
local function drive(g, name)
  local tried = {}
  log = {}
  for _ = 1, 10 do
    local l = bot(1).propose(g, "PL", tried)
    log[#log + 1] = tostring(l)
    if not l or not l:match("^%a+ " .. name .. "[ ,]") and not l:match("^%a+ " .. name .. "$") then break end
    done(g:act("PL", l), l)
  end
  return g:query(function() local u = g.rs.api.unit(name); return u.hex and u.hex.label end)
end

local function dist(g, a, b)
  return g:query(function() local H = g.rs.api.hex; return H.distance(H.parse(a), H.parse(b)) end)
end

test("11.5.3 / 11.5.4 / 11.5.6 / bot: horse archers shoot at an adjacent enemy in their own phase and make no attack by choice", function()
  -- T (PL horse archers) next to E: it fires (1 MP, 11.5.8)
  local g = setup { U("T", "PL", "horse_archers", "0508", "S"), U("E", "TO", "infantry", "0509", "N", { mp = 4 }) }
  eq(bot(1).propose(g, "PL", {}), "fire T E")
  -- with less than the 1 MP a shot costs (11.5.8: half an MP left) it
  -- does not propose it
  g = setup { U("T", "PL", "horse_archers", "0508", "S"), U("E", "TO", "infantry", "0509", "N", { mp = 4 }) }
  g.state:set(g:find_unit("T"), g.slot.mp_left, 3)
  local l = bot(1).propose(g, "PL", {})
  ok(l ~= "fire T E", tostring(l))
  eq(g:act("PL", "fire T E").rule, "11.5.8")
  -- in its attack phase it makes no attack by choice (across the river:
  -- no ZoC through it, 3.2.3; a leader with it, so no pursuit owed);
  -- cavalry does
  for _, kind in ipairs { "horse_archers", "cavalry" } do
    g = setup { U("T", "PL", kind, "1703", "SE", { sp = 2, armour = 1 }), U("E", "TO", "infantry", "1804", "NW", { sp = 1, mp = 0 }),
                U("L", "PL", "leader", "1703", "S", { sp = 0, mp = 10, range = 2 }) }
    to_phase(g, "A.cavalry_attack")
    eq(g:query(function() return #g.rs.modules.zoc.enemies_in_zoc(g.rs.api.unit("T")) end), 0)
    eq(bot(1).propose(g, "PL", {}), kind == "horse_archers" and "end" or "attack T E", kind)
  end
end)

test("5.1 / 5.2.3 / bot: a unit closes in where it and the units already in contact attack at a fair column", function()
  -- E (TO, 2 SP) faces F (PL, 1 SP), already next to it; K (PL, 1 SP)
  -- alone would attack E at 1:2, with F at 1:1 (attack_line takes both)
  local g = setup { U("K", "PL", "cavalry", "1004", "S", { sp = 1 }), U("F", "PL", "cavalry", "0809", "SE", { sp = 1, mp = 0 }),
                    U("E", "TO", "cavalry", "0909", "NW", { sp = 2, mp = 0 }) }
  eq(column(g, { "K" }, { "E" }), "1:2")
  eq(column(g, { "K", "F" }, { "E" }), "1:1")
  local h = drive(g, "K")
  eq(dist(g, h, "0909"), 1, "K ends at " .. tostring(h) .. ": " .. table.concat(log, "; "))
  -- of the enemies little farther than the nearest, the nearest it may
  -- attack at a fair column: not E (2 SP, 3 hexes off), but W (1 SP, 6)
  g = setup { U("K", "PL", "cavalry", "0802", "S", { sp = 1 }), U("E", "TO", "infantry", "0805", "N", { sp = 2, mp = 0 }),
              U("W", "TO", "infantry", "1305", "N", { sp = 1, mp = 0 }) }
  eq(dist(g, "0802", "0805"), 3)
  eq(dist(g, "0802", "1305"), 6)
  h = drive(g, "K")
  ok(dist(g, h, "1305") < 6 and dist(g, h, "0805") > 1, "K ends at " .. tostring(h))
end)

test("bot: a share of the cavalry is held in reserve behind the line, committed against a shaken enemy within reach or later in the battle", function()
  -- four PL cavalry units (1 SP each: each alone attacks E at 1:1): the
  -- farthest from the enemy, K4 (10 hexes off E), is one in four and is
  -- held; the others close in on E
  local function field(e, k4, extra)
    -- (K4 first in the list: the bot asks it first)
    return setup({ U("K4", "PL", "cavalry", k4 or "1102", "S", { sp = 1 }), U("K1", "PL", "cavalry", "1108", "S", { sp = 1 }),
                   U("K2", "PL", "cavalry", "1008", "S", { sp = 1 }), U("K3", "PL", "cavalry", "1208", "S", { sp = 1 }),
                   U("E", "TO", "cavalry", "1112", "N", e) }, extra)
  end
  local g = field { sp = 1, mp = 0 }
  eq(column(g, { "K4" }, { "E" }), "1:1")
  eq(dist(g, "1102", "1112"), 10)
  eq(drive(g, "K4"), "1102", table.concat(log, "; "))
  ok(log[1]:match("^move K[123] "), "the line is committed: " .. log[1])
  -- E in good order 6 hexes off: K4 still waits; E disorganized (within
  -- K4's reach, 8 MP): K4 goes for him
  g = field({ sp = 1, mp = 0 }, "1106")
  ok(not bot(1).propose(g, "PL", {}):match("^%a+ K4 "), "K4 waits")
  g = field({ sp = 1, mp = 0, condition = "disorganized" }, "1106")
  ok(column(g, { "K4" }, { "E" }) ~= "1:2", "a fair column")
  local l = bot(1).propose(g, "PL", {})
  local to = l:match("^move K4 (%d+)")
  ok(to and dist(g, to, "1112") == 1, "K4 goes for E: " .. l)
  -- in the second half of the scenario's turns (turn 1 of 1) the whole
  -- reserve is committed
  g = field({ sp = 1, mp = 0 }, nil, { turns = 1 })
  l = bot(1).propose(g, "PL", {})
  to = l:match("^move K4 (%d+)")
  ok(to and dist(g, to, "1112") < 10, "K4 closes in: " .. l)
end)
