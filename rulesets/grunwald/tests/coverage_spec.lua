-- Rules of the English Grunwald book that other specs only touch on the
-- way: the front and rear areas and the ZoC [3.1] [3.2], movement and MP
-- in general [4.1.1] [4.1.5], the combat order and the end of a combat
-- phase [5.2.9] [5.2.12], the MORALE track [6.1.1] and the cross
-- references of 7.1.8 and 8.2.8, the markers [9.1.4] [10.1.4] [10.2.5],
-- the horse archers' own rules [11.1.7] [11.5.1] [11.5.7], the CF against
-- fortifications [12.1.2], banners and assignments [13.1.1]-[13.1.3] and
-- whom fatigue touches [14.1.1].  Forced dice.
--
-- Map facts (maps/test-field.map, odd columns sit lower): forest
-- 0305-0306, village 0505, swamp 0705, hill 0909-0910, fortification 1105
-- (gate on its S side), lake 1305.  Columns 2, 4, 8 and 12 run clear from
-- N to S above row 12.  A unit at 1410 facing S has the front area 1310,
-- 1411, 1510 and the rear area 1309, 1409, 1509.

local function setup(units, extra)
  extra = extra or {}
  local vars = { { "side.A", extra.first or "TO" } }
  for _, v in ipairs(extra.vars or {}) do vars[#vars + 1] = v end
  local options = { complementary = false }
  for k, v in pairs(extra.options or {}) do options[k] = v end
  return game { ruleset = "grunwald", seed = 1, options = options, dice = extra.dice,
    scenario = { map = "test-field", turns = extra.turns or 3, units = units, vars = vars } }
end

-- a unit; t overrides sp, mp, armour, cf, condition, leader ...
local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8, armour = 0, cf = 0 }
  if kind == "infantry" or kind == "archers" or kind == "crossbowmen" or kind == "bombards" then u.mp = 4 end
  if kind == "leader" then u.sp, u.mp = 0, 10 end
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function B(name, side, holder, hex) return { name = name, side = side, kind = "banner", holder = holder, hex = hex } end

local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- answer every decision: answers[kind] is a list (used in order) or one
-- answer; otherwise "pass" for a reaction, "stop" for a pursuit, else the
-- first option (a facing: keep it).
local function answer_all(g, r, answers)
  answers = answers or {}
  for _ = 1, 100 do
    if r.status ~= "decision" then break end
    local req = r.request
    local q, a = answers[req.kind], nil
    if type(q) == "table" and #q > 0 then a = table.remove(q, 1)
    elseif type(q) == "string" then a = q
    elseif req.kind == "reaction" and contains(req.options, "pass") then a = "pass"
    elseif req.kind == "pursuit" and contains(req.options, "stop") then a = "stop"
    else a = req.options[1] end
    r = g:answer(a)
  end
  return r
end

local function play(g, side, line, answers) return answer_all(g, g:act(side, line), answers) end

-- end phases until phase `name` (of turn `turn`, if given)
local function to_phase(g, name, turn, answers)
  for _ = 1, 60 do
    if g:phase_info().name == name and (turn == nil or g:turn() == turn) then return end
    done(play(g, g:acting_side(), "end", answers), "end of " .. g:phase_info().name)
  end
  error("phase " .. name .. " not reached")
end

local function Q(g, f) return g:query(function() return f(g.rs.modules, g.rs.api) end) end

local function purposes(r)
  local out = {}
  for i, x in ipairs(r.rolls or {}) do out[i] = x.purpose end
  return out
end

-- the COMBAT TABLE column of a ratio ("1:1" -> 4)
local function col(label)
  local a, d = label:match("^(%d+):(%d+)$")
  a, d = tonumber(a), tonumber(d)
  if d == 1 then return a + 3 end
  return 5 - d
end

-- combat.evaluate on named units: SP, columns and CMs by rule
local function evaluate(g, atts, defs)
  return Q(g, function(R, api)
    local function list(ns)
      local t = {}
      for i, n in ipairs(ns) do t[i] = api.unit(n) end
      return t
    end
    local r = R.combat.evaluate { attackers = list(atts), defenders = list(defs) }
    local out = { att_sp = r.att_sp, def_sp = r.def_sp, initial = r.initial, final = r.final, att = {}, def = {} }
    for _, m in ipairs(r.att_mods) do out.att[m.rule] = m.cm end
    for _, m in ipairs(r.def_mods) do out.def[m.rule] = m.cm end
    return out
  end)
end

-- The counter of unit `name` as the board drawing shows it: its condition
-- marker ("D", "P") or nil.
local function marker(g, name)
  local svg = require("engine.render").svg(g)
  for line in svg:gmatch("[^\n]+") do
    if line:find('<g class="unit" data-unit="' .. name .. '"', 1, true) then
      return line:match('<text class="mark"[^>]*>(%a)</text>')
    end
  end
  error("no counter for " .. name)
end

---------------------------------------------------------------- 3.1 / 3.2 ZoC

-- labels of a list of hexes, sorted
local function labels(list)
  local t = {}
  for i, h in ipairs(list) do t[i] = h.label end
  table.sort(t)
  return t
end

local function areas(g, name)
  return Q(g, function(R, api)
    local z = api.unit(name)
    local cov = {}
    for _, h in ipairs(api.hex.neighbours(z.hex)) do cov[h.label] = R.zoc.covers(z, h) end
    return { front = labels(api.hex.front_area(z.hex, z.facing)), rear = labels(api.hex.rear_area(z.hex, z.facing)),
             covers = cov }
  end)
end

test("3.1.1-a: the front area is the 3 hexes ahead, the rear area the 3 behind; the ZoC covers the front 3, none of the rear", function()
  local g = setup { U("z", "TO", "infantry", "1410", "S"), U("p", "PL", "infantry", "0202", "N") }
  local a = areas(g, "z")
  eq(a.front, { "1310", "1411", "1510" })
  eq(a.rear, { "1309", "1409", "1509" })
  eq(a.covers, { ["1310"] = true, ["1411"] = true, ["1510"] = true,
                 ["1309"] = false, ["1409"] = false, ["1509"] = false })
  -- the areas turn with the counter
  to_phase(g, "A.infantry_move")
  done(play(g, "TO", "turn z N"))
  a = areas(g, "z")
  eq(a.front, { "1309", "1409", "1509" })
  eq(a.rear, { "1310", "1411", "1510" })
  eq(a.covers["1409"], true)
  eq(a.covers["1411"], false)
end)

test("3.1.1-b: the rear area is the one 3.1.2 reads: an attacker there gains 2 CMs, in the front area none", function()
  local g = setup { U("D", "PL", "infantry", "1410", "S"), U("R", "TO", "infantry", "1409", "S"),
                    U("F", "TO", "infantry", "1411", "N") }
  eq(evaluate(g, { "R" }, { "D" }).att["3.1.2"], 2, "from 1409, in D's rear area")
  eq(evaluate(g, { "F" }, { "D" }).att["3.1.2"], nil, "from 1411, in D's front area")
end)

-- PL's infantry m walks south down column 13 past z (TO, 1410 facing S):
-- 1308, 1309 (z's rear area), 1310 (z's front area).
test("3.2.1-a: the ZoC extends onto the front area only: a unit passes the rear area and stops in the front area", function()
  local g = setup({ U("m", "PL", "infantry", "1307", "S"), U("z", "TO", "infantry", "1410", "S") }, { first = "PL" })
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "move m"))
  done(play(g, "PL", "move m"))
  local m = g:unit_table("m")
  eq(m.hex, "1309")
  eq(m.stopped, false, "next to z, in its rear area: no ZoC there")
  done(play(g, "PL", "move m"))
  m = g:unit_table("m")
  eq(m.hex, "1310")
  eq(m.stopped, true, "in z's front area (3.3.2)")
  refused(g:act("PL", "move m"), "3.3.2")
end)

for _, kind in ipairs { "archers", "crossbowmen", "bombards" } do
  test("3.2.2-" .. kind .. ": " .. kind .. " have no ZoC: a unit passes through their front area without stopping", function()
    -- X (TO) at 1410 facing S; m walks 1309, 1310 (X's front area), 1311
    local g = setup({ U("m", "PL", "infantry", "1308", "S"), U("X", "TO", kind, "1410", "S", { sp = 1 }) },
                    { first = "PL" })
    eq(Q(g, function(R, api) return R.zoc.has_zoc(api.unit("X")) end), false)
    to_phase(g, "A.infantry_move")
    for _ = 1, 3 do done(play(g, "PL", "move m")) end
    local m = g:unit_table("m")
    eq(m.hex, "1311")
    eq(m.stopped, false)
  end)
end

test("3.2.2-b: the same walk past infantry stops in its front area", function()
  local g = setup({ U("m", "PL", "infantry", "1308", "S"), U("X", "TO", "infantry", "1410", "S", { sp = 1 }) },
                  { first = "PL" })
  eq(Q(g, function(R, api) return R.zoc.has_zoc(api.unit("X")) end), true)
  to_phase(g, "A.infantry_move")
  for _ = 1, 2 do done(play(g, "PL", "move m")) end
  eq(g:unit_table("m").hex, "1310")
  eq(g:unit_table("m").stopped, true)
  refused(g:act("PL", "move m"), "3.3.2")
end)

-- 1411 lies in the front area of p (PL, 1410 facing S) and of t (TO, 1412
-- facing N).
local function shared_zoc(first, mover)
  local g = setup({ U("p", "PL", "infantry", "1410", "S"), U("t", "TO", "infantry", "1412", "N"), mover },
                  { first = first })
  eq(Q(g, function(R, api)
    local h = api.hex.parse("1411")
    return { R.zoc.covers(api.unit("p"), h), R.zoc.covers(api.unit("t"), h) }
  end), { true, true })
  to_phase(g, "A.infantry_move")
  return g
end

test("3.2.4-a: a friendly ZoC on the hex does not cancel the enemy's: PL's unit entering 1411 stops", function()
  local g = shared_zoc("PL", U("m", "PL", "infantry", "1310", "SE"))
  done(play(g, "PL", "move m"))
  eq(g:unit_table("m").hex, "1411")
  eq(g:unit_table("m").stopped, true)
  refused(g:act("PL", "move m"), "3.3.2")
end)

test("3.2.4-b: ... and TO's unit entering the same hex stops too", function()
  local g = shared_zoc("TO", U("n", "TO", "infantry", "1511", "NW"))
  done(play(g, "TO", "move n"))
  eq(g:unit_table("n").hex, "1411")
  eq(g:unit_table("n").stopped, true)
  refused(g:act("TO", "move n"), "3.3.2")
end)

---------------------------------------------------------------- 4.1

test("4.1.1-a: units move in movement phases; in a combat phase 'move' and 'turn' are refused (2.1), retreat and pursuit move them", function()
  -- c (PL) enters d's ZoC at 0809 and stops; in the attack phase it may not
  -- move; its attack (1:1 +1 CF = 2:1, 4 = D2) makes d retreat 2 hexes and
  -- c pursue (5.5.2).
  local g = setup({ U("c", "PL", "cavalry", "0808", "S"), U("d", "TO", "infantry", "0810", "N") }, { first = "PL" })
  done(play(g, "PL", "move c"))
  eq(g:unit_table("c").hex, "0809")
  to_phase(g, "A.cavalry_attack")
  refused(g:act("PL", "move c"), "2.1")
  refused(g:act("PL", "turn c SE"), "2.1")
  g.dice:force { 4, 7 }                      -- D2; d's disorganization roll 7: none
  local r = play(g, "PL", "attack c d")
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" })
  eq(g:unit_table("d").hex, "1010", "d retreats (5.4): 0910, 1010")
  eq(g:unit_table("c").hex, "0910", "c pursues (5.5): 0810, 0910")
end)

test("4.1.5-a: a unit's MP are its own: one unit's moves and banner pass leave another's MP as they were", function()
  local g = setup({ U("a", "PL", "cavalry", "1202", "S"), U("b", "PL", "cavalry", "0802", "S"),
                    U("c", "PL", "cavalry", "0902", "S"), B("flag", "PL", "b", "0802"), U("z", "TO", "infantry", "2015", "N") },
                  { first = "PL" })
  eq(g:unit_table("a").mp_left, 48)
  done(play(g, "PL", "move a"))
  done(play(g, "PL", "move a"))
  eq(g:unit_table("a").mp_left, 36)
  eq(g:unit_table("b").mp_left, 48, "b keeps its 8 MP")
  done(play(g, "PL", "pass_banner flag c"))
  eq(g:unit_table("b").mp_left, 42, "the holder pays the pass (7.1.4)")
  eq(g:unit_table("c").mp_left, 48, "the receiver gains nothing")
  for _ = 1, 8 do done(play(g, "PL", "move c")) end
  eq(g:unit_table("c").mp_left, 0)
  refused(g:act("PL", "move c"), "4.1.3", "c has spent its own 8 MP; a's and b's are not its to use")
  eq(g:unit_table("a").mp_left, 36)
end)

test("4.1.5-b: no action open to a player raises the MP of any unit", function()
  local g = setup({ U("a", "PL", "cavalry", "0802", "S"), U("b", "PL", "cavalry", "0902", "S"),
                    B("flag", "PL", "a", "0802"), U("h", "PL", "horse_archers", "1208", "N"),
                    U("z", "TO", "cavalry", "1209", "S") }, { first = "PL" })
  done(play(g, "PL", "move a"))
  local function mps(x)
    local t = {}
    for _, u in ipairs(x:units_table()) do t[u.name] = u.mp_left end
    return t
  end
  local before = mps(g)
  local tried = 0
  for _, a in ipairs(g:legal_actions("PL")) do
    if a.line ~= "end" then
      local c = g:clone()
      c.dice:force { 5, 5, 5, 5 }
      local r = play(c, "PL", a.line)
      ok(r.status == "done", a.line .. ": " .. tostring(r.message))
      for name, mp in pairs(mps(c)) do
        ok(mp <= (before[name] or 0), a.line .. " raised the MP of " .. name)
      end
      tried = tried + 1
    end
  end
  ok(tried >= 4, "moves, turns, a banner pass and a shot were tried")
end)

---------------------------------------------------------------- 5.2.9 / 5.2.12

-- TO (player A) has two combats to fight: K1 (0507) against P1 (0508) and
-- K2 (0807) against P2 (0808), each 1:1, where a 6 is "-".
local function two_combats()
  local g = setup { U("K1", "TO", "infantry", "0507", "S"), U("P1", "PL", "infantry", "0508", "N"),
                    U("K2", "TO", "infantry", "0807", "S"), U("P2", "PL", "infantry", "0808", "N") }
  to_phase(g, "A.infantry_attack")
  return g
end

test("5.2.9-a: the attacking player chooses the combat order: either combat may be fought first", function()
  local g = two_combats()
  local lines = {}
  for _, a in ipairs(g:legal_actions("TO")) do lines[#lines + 1] = a.line end
  ok(contains(lines, "attack K1 P1") and contains(lines, "attack K2 P2"), "both are open at the start")
  for _, order in ipairs { { "attack K1 P1", "attack K2 P2" }, { "attack K2 P2", "attack K1 P1" } } do
    local c = g:clone()
    for _, line in ipairs(order) do
      c.dice:force { 6 }
      local r = play(c, "TO", line)
      done(r, line)
      eq(purposes(r), { "combat (5.1.1)" })
    end
    eq(c:unit_table("K1").fought, true)
    eq(c:unit_table("K2").fought, true)
    done(play(c, "TO", "end"), "both combats made")
  end
end)

test("5.2.12-a: the combat phase lasts until every attack is made: ending it before is refused (5.2.2)", function()
  local g = two_combats()
  local r = g:act("TO", "end")
  refused(r, "5.2.2")
  ok(r.message:find("K1", 1, true), r.message)
  g.dice:force { 6 }
  done(play(g, "TO", "attack K1 P1"))
  r = g:act("TO", "end")
  refused(r, "5.2.2")
  ok(r.message:find("K2", 1, true), r.message)
  eq(g:phase_info().name, "A.infantry_attack")
  g.dice:force { 6 }
  done(play(g, "TO", "attack K2 P2"))
  done(play(g, "TO", "end"))
  eq(g:phase_info().name, "B.cavalry_move")
end)

---------------------------------------------------------------- 6.1.1 MORALE track

-- PL (player A) eliminates D in turn 1 (2:1, 3 = D2 -1): the track moves
-- 1 field for PL, from 9 (zone 0: MORALE 0) to 10 (zone +1: MORALE +1 for
-- PL, -1 for TO; tables.morale.zones).  R, TO's disorganized cavalry, tries
-- to rally with a 3: it passes at MORALE 0 and fails at -1 (6.2.1).
local function morale_game()
  local g = setup({ U("A", "PL", "infantry", "0507", "S"), U("D", "TO", "infantry", "0508", "N", { sp = 1 }),
                    U("R", "TO", "cavalry", "1210", "N", { condition = "disorganized" }) },
                  { first = "PL", vars = { { "morale", 9 } } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 3 }
  done(play(g, "PL", "attack A D"))
  eq(g:unit_table("D"), nil)
  return g
end

local function value(g, side) return Q(g, function(R) return R.morale.value(side) end) end

test("6.1.1-a: the MORALE track shows the battle's course at once; the value units act by is set in phase 9", function()
  local g = morale_game()
  eq(g:var("morale"), 10, "the counter has moved 1 field for PL")
  eq(Q(g, function(R) return R.morale.track("TO") end), -10)
  eq(value(g, "TO"), 0, "the value in force is still 0")
  eq(Q(g, function(R) return R.morale.cm("PL") end), 0)
  local later = g:clone()
  -- this turn: at MORALE 0 a 3 passes
  to_phase(g, "B.cavalry_move", 1)
  g.dice:force { 3 }
  done(play(g, "TO", "rally R"))
  eq(g:unit_table("R").condition, "")
  -- after phase 9: at MORALE -1 the same 3 fails, and PL gains 1 CM
  to_phase(later, "B.cavalry_move", 2)
  eq(later:var("morale.effective"), 10)
  eq(value(later, "TO"), -1)
  eq(Q(later, function(R) return R.morale.cm("PL") end), 1)
  later.dice:force { 3 }
  done(play(later, "TO", "rally R"))
  eq(later:unit_table("R").condition, "disorganized")
end)

---------------------------------------------------------------- 7.1.8 / 8.2.8

test("7.1.8 / 6.1.5: a banner falling under fire moves MORALE 3 fields for the enemy, in force from phase 9", function()
  -- TO's archers X (0507) fire at D (0508, 1 SP, PB's only holder) as PL's
  -- movement phase starts: 12 at range 1 is -2.  The track stands 6 fields
  -- for TO (zone 0); 4 more take it to 10, zone +1 (tables.morale.zones).
  local g = setup({ U("X", "TO", "archers", "0507", "S", { sp = 1 }), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    B("PB", "PL", "D", "0508"), U("E", "PL", "infantry", "1212", "N") }, { vars = { { "morale", -6 } } })
  to_phase(g, "A.infantry_attack")
  local r = g:act("TO", "end")
  eq(r.status, "decision")
  ok(contains(r.request.options, "fire X D"), "X may fire as PL's phase starts")
  g.dice:force { 12 }
  r = answer_all(g, g:answer("fire X D"))
  done(r)
  eq(g:unit_table("D"), nil)
  local pb = g:unit_table("PB")
  eq(pb.holder, "", "fallen")
  eq(pb.hex, "0508")
  eq(g:var("morale"), -10, "1 field for D, 3 for the banner")
  eq(value(g, "TO"), 0)
  to_phase(g, "A.cavalry_move", 2)
  eq(value(g, "TO"), 1)
  eq(Q(g, function(R) return R.morale.cm("TO") end), 1)
end)

test("8.2.8 / 6.1.6 / 6.1.7: a leader killed moves MORALE 8 fields for the killer, the grand leader 12", function()
  local g = setup({ U("c1", "PL", "cavalry", "0202", "S"), U("L", "TO", "leader", "0203", "N"),
                    U("c2", "PL", "cavalry", "0802", "S"), U("GL", "TO", "leader", "0803", "N", { grand = true }),
                    U("K", "TO", "infantry", "2015", "N") }, { first = "PL" })
  done(play(g, "PL", "move c1"))
  eq(g:unit_table("L"), nil, "a lone leader entered is killed (8.2.6)")
  eq(g:var("morale"), 8)
  done(play(g, "PL", "move c2"))
  eq(g:unit_table("GL"), nil)
  eq(g:var("morale"), 20)
  eq(g:unit_table("K").sp, 1, "the grand leader's death costs his side 1 SP a unit (8.1.5), with no MORALE (8.1.6)")
end)

---------------------------------------------------------------- 9.1.4 / 10.1.4 / 10.2.5 markers

test("9.1.4 (marker: the condition attribute, drawn as D): a disorganized unit carries the marker until it rallies", function()
  local g = setup({ U("c", "PL", "cavalry", "0304", "S"), U("z", "TO", "infantry", "2015", "N") }, { first = "PL" })
  eq(g:unit_table("c").condition, "")
  eq(marker(g, "c"), nil)
  done(play(g, "PL", "move c"))              -- into the forest 0305 (4.2.5)
  eq(g:unit_table("c").condition, "disorganized")
  eq(marker(g, "c"), "D")
  to_phase(g, "A.cavalry_move", 2)
  eq(g:unit_table("c").condition, "disorganized", "the marker stays")
  eq(g:unit_table("c").mp_left, 36, "and the unit moves as disorganized (9.2.1)")
  g.dice:force { 1 }
  done(play(g, "PL", "rally c"))
  eq(g:unit_table("c").condition, "")
  eq(marker(g, "c"), nil, "rallied (9.3.1): the marker is removed")
end)

test("10.1.4 (marker: the condition attribute, drawn as P): a unit disorganized again in combat panics and carries the marker", function()
  -- 2 vs 1 (D halved) +1 (9.2.3) +2 (leader) = 5:1, 10 = D1; row B1 "Other": 2
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("L", "TO", "leader", "0507", "S"),
                    U("D", "PL", "infantry", "0508", "N", { condition = "disorganized" }) }
  eq(marker(g, "D"), "D")
  to_phase(g, "A.infantry_attack")
  g.dice:force { 10, 2 }
  done(play(g, "TO", "attack A D", { retreat = "0509" }))
  local d = g:unit_table("D")
  eq(d.hex, "0509")
  eq(d.condition, "panicked")
  eq(marker(g, "D"), "P")
end)

test("10.2.5 (marker: the condition attribute, drawn as P): a unit panicked by a panicked unit (10.1.2) carries it; a rally turns it to D", function()
  -- PL's panicked P marches from 0214 onto F at 0215; F fails its test (4)
  local g = setup({ U("P", "PL", "cavalry", "0214", "N", { condition = "panicked" }), U("F", "PL", "cavalry", "0215", "N"),
                    U("Z", "TO", "infantry", "2001", "N") }, { vars = { { "edge.PL", "S" }, { "edge.TO", "N" } } })
  eq(marker(g, "P"), "P")
  eq(marker(g, "F"), nil)
  to_phase(g, "A.infantry_attack")
  g.dice:force { 4 }
  done(play(g, "TO", "end", { panic = "march" }))
  eq(g:unit_table("F").condition, "panicked")
  eq(marker(g, "F"), "P")
  eq(Q(g, function(R, api) return R.zoc.has_zoc(api.unit("F")) end), false, "and acts as panicked: no ZoC (10.2.1)")
  -- turn 2, PL's cavalry phase starts: F tests instead of marching and
  -- passes with a 1 (MORALE 0: P's loss at the edge, 10.2.4, moved the
  -- track 1 field, still zone 0): panic gives way to disorganization (10.3.1)
  to_phase(g, "A.infantry_attack", 2)
  eq(g:var("morale.effective"), -1)
  eq(value(g, "PL"), 0)
  g.dice:force { 1 }
  done(play(g, "TO", "end", { panic = "rally" }))
  eq(g:unit_table("F").condition, "disorganized")
  eq(marker(g, "F"), "D")
end)

---------------------------------------------------------------- 11.1.7 / 11.5

-- PL (player A): archers X at 0808 and horse archers H at 1208, both
-- facing N; TO cavalry behind each (0809, 1209) and 2 hexes ahead (0806,
-- 1206), all facing away.
local function shooters()
  local g = setup({ U("X", "PL", "archers", "0808", "N", { sp = 1 }), U("H", "PL", "horse_archers", "1208", "N"),
                    U("T1", "TO", "cavalry", "0809", "S"), U("T2", "TO", "cavalry", "0806", "N"),
                    U("T3", "TO", "cavalry", "1209", "S"), U("T4", "TO", "cavalry", "1206", "N") }, { first = "PL" })
  return g
end

test("11.1.7-a: a unit's own section overrides the general fire rules: horse archers fire at any adjacent hex and no farther", function()
  local g = shooters()
  local t = Q(g, function(R, api)
    local out = {}
    for _, p in ipairs { { "X", "T1" }, { "X", "T2" }, { "H", "T3" }, { "H", "T4" } } do
      out[p[1] .. ">" .. p[2]] = R.ranged.can_target(api.unit(p[1]), api.unit(p[2]))
    end
    return out
  end)
  eq(t, { ["X>T1"] = false, ["X>T2"] = true, ["H>T3"] = true, ["H>T4"] = false },
     "archers: the forward arc, range 2 (11.2.1); horse archers: any adjacent hex (11.5.4)")
  to_phase(g, "A.infantry_attack")
  local r = g:act("PL", "end")
  eq(r.status, "decision", "TO's movement phase starts: PL may fire")
  eq(r.request.side, "PL")
  table.sort(r.request.options)
  eq(r.request.options, { "fire H T3", "fire X T2", "pass" })
end)

test("11.1.7-b: ... and they fire twice a turn where the general rule says once (11.1.6, 11.5.6)", function()
  local g = shooters()
  -- PL's own cavalry phase: H fires (11.5.6), the archers may not (11.1.5)
  g.dice:force { 5 }                         -- no effect
  done(play(g, "PL", "fire H T3"))
  refused(g:act("PL", "fire X T2"), "11.5.6")
  -- TO's cavalry phase starts: both fire, H for the second time this turn
  to_phase(g, "A.infantry_attack")
  local r = g:act("PL", "end")
  eq(r.status, "decision")
  table.sort(r.request.options)
  eq(r.request.options, { "fire H T3", "fire X T2", "pass" })
  g.dice:force { 5, 5 }
  r = g:answer("fire X T2")
  eq(r.status, "decision")
  eq(r.request.options, { "fire H T3", "pass" })
  r = g:answer("fire H T3")
  eq(r.status, "done", "nothing left to fire")
  eq(g:unit_table("X").shots, 1)
  eq(g:unit_table("H").shots, 2)
  eq(Q(g, function(R, api) return { R.ranged.can_shoot(api.unit("X")), R.ranged.can_shoot(api.unit("H")) } end),
     { false, false })
  done(g:act("TO", "end"))
  r = g:act("TO", "end")
  eq(r.status, "done", "TO's infantry phase starts with no shot offered")
  eq(g:phase_info().name, "B.infantry_move")
end)

test("11.5.1-a: horse archers are cavalry: they move in the cavalry phase, not the infantry one, and have no formations", function()
  local g = setup({ U("H", "PL", "horse_archers", "0802", "S"), U("z", "TO", "infantry", "2015", "N") }, { first = "PL" })
  eq(g:unit_table("H").formation, "")
  done(play(g, "PL", "move H"))
  eq(g:unit_table("H").hex, "0803")
  to_phase(g, "A.infantry_move")
  refused(g:act("PL", "move H"), "2.1")
  refused(g:act("PL", "formation H"), "11.1.1")
end)

test("11.5.1-b: horse archers have a ZoC: an enemy entering their front area stops", function()
  local g = setup({ U("H", "PL", "horse_archers", "0803", "S"), U("e", "TO", "infantry", "0805", "N") }, { first = "PL" })
  eq(Q(g, function(R, api) return R.zoc.has_zoc(api.unit("H")) end), true)
  to_phase(g, "B.infantry_move")
  done(play(g, "TO", "move e"))
  eq(g:unit_table("e").hex, "0804")
  eq(g:unit_table("e").stopped, true)
  refused(g:act("TO", "move e"), "3.3.2")
end)

test("11.5.1-c: horse archers attack in the cavalry attack phase, and 11.3 does not apply to them", function()
  local g = setup({ U("H", "PL", "horse_archers", "0808", "S"), U("e", "TO", "infantry", "0809", "N"),
                    U("X", "PL", "archers", "1208", "S", { sp = 2 }), U("f", "TO", "infantry", "1209", "N") },
                  { first = "PL" })
  local eh, ex = evaluate(g, { "H" }, { "e" }), evaluate(g, { "X" }, { "f" })
  eq(eh.def["11.3.1"], nil, "no 3 CMs for the enemy of horse archers")
  eq(eh.att_sp, 2, "their SP count in full (11.3.2)")
  eq(ex.def["11.3.1"], 3, "archers: 3 CMs for the enemy")
  eq(ex.att_sp, 1, "archers alone: 1 SP")
  to_phase(g, "A.cavalry_attack")
  local r = g:act("PL", "end")
  refused(r, "5.2.2")
  ok(r.message:find("H", 1, true), r.message)
  g.dice:force { 6 }                         -- 1:1, 6 = "-"
  refused(g:act("PL", "attack X f"), "2.1", "archers fight in the infantry attack phase")
  done(play(g, "PL", "attack H e"))
  done(play(g, "PL", "end"))
end)

test("11.5.7-a: horse archers fire only once during their own movement phase, whatever the target; next turn again", function()
  -- H (PL) at 0808 facing N; T1 (0809) and T2 (0908) behind it, adjacent
  local g = setup({ U("H", "PL", "horse_archers", "0808", "N"), U("T1", "TO", "cavalry", "0809", "S"),
                    U("T2", "TO", "cavalry", "0908", "S") }, { first = "PL" })
  g.dice:force { 5 }
  done(play(g, "PL", "fire H T1"))
  eq(g:unit_table("H").fired_own, true)
  eq(g:unit_table("H").mp_left, 42, "1 MP (11.5.8): 7 MP left")
  refused(g:act("PL", "fire H T2"), "11.5.7", "another target")
  refused(g:act("PL", "fire H T1"), "11.5.7")
  done(play(g, "PL", "turn H NW"))
  refused(g:act("PL", "fire H T2"), "11.5.7", "after a turn")
  to_phase(g, "A.cavalry_move", 2)
  eq(g:unit_table("H").fired_own, false)
  g.dice:force { 5 }
  done(play(g, "PL", "fire H T2"))
end)

---------------------------------------------------------------- 12.1.2

-- TO's cavalry K (CF 2, armour 1) attacks D (PL, 2 SP) from the north:
-- into the fortification 1105 from 1104, or into the clear 0807 from 0806.
local function fort_attack(fortified)
  local kh, dh = "0806", "0807"
  if fortified then kh, dh = "1104", "1105" end
  local g = setup { U("K", "TO", "cavalry", kh, "S", { cf = 2, armour = 1 }), U("D", "PL", "infantry", dh, "N") }
  return g
end

test("12.1.2-a: cavalry attacking through fortifications has no CF combat modifier", function()
  local open, fort = evaluate(fort_attack(false), { "K" }, { "D" }), evaluate(fort_attack(true), { "K" }, { "D" })
  eq(open.att["5.6.4"], 2, "in the open: CF 2 (at most armour + 1)")
  eq(open.att["5.2.7"], 1)
  eq(fort.att["5.6.4"], nil, "into the fortification: none")
  eq(fort.att["5.2.7"], 1)
  eq(fort.att_sp, 1, "and half its strength (12.1.1)")
end)

test("12.1.2-b: ... and its CF is gone after the attack: 0, where the attack in the open leaves CF 1 (5.2.11)", function()
  -- open: 1:1 +3 CM = 4:1, 11 is "-"; fortified: 1 SP against 2 = 1:2 +1
  -- CM = 1:1, 6 is "-": neither attacker retreats (5.6.11)
  for _, case in ipairs { { false, "4:1", 11, 1 }, { true, "1:1", 6, 0 } } do
    local g = fort_attack(case[1])
    local e = evaluate(g, { "K" }, { "D" })
    eq(e.final, col(case[2]))
    to_phase(g, "A.cavalry_attack")
    g.dice:force { case[3] }
    local r = play(g, "TO", "attack K D")
    done(r)
    eq(purposes(r), { "combat (5.1.1)" })
    eq(g:unit_table("D").sp, 2)
    eq(g:unit_table("K").cf, case[4], case[1] and "fortified" or "open")
  end
end)

---------------------------------------------------------------- 13.1

local function scenario_units(id)
  local g = game { ruleset = "grunwald", seed = 1, scenario = id }
  return g:units_table()
end

for _, id in ipairs { "clash-of-titans", "blitzkrieg-1410" } do
  test("13.1.1 (counter colours and shields: the banner_group attribute) " .. id ..
       ": every Polish and Teutonic cavalry unit belongs to a banner of 2-6 counters, serving one leader", function()
    local groups = {}
    local n = 0
    for _, u in ipairs(scenario_units(id)) do
      if u.kind == "cavalry" and (u.nation == "poles" or u.nation == "teutons") then
        n = n + 1
        ok(u.banner_group ~= "", u.name .. " has a banner")
        local key = u.side .. "/" .. u.banner_group
        groups[key] = groups[key] or { n = 0, leaders = {} }
        groups[key].n = groups[key].n + 1
        groups[key].leaders[u.leader] = true
      end
    end
    ok(n > 0, "cavalry found")
    for key, grp in pairs(groups) do
      ok(grp.n >= 2 and grp.n <= 6, key .. ": " .. grp.n .. " counters (13.0)")
      local leaders = 0
      for _ in pairs(grp.leaders) do leaders = leaders + 1 end
      eq(leaders, 1, key .. ": one leader for the whole banner (13.1.5)")
    end
  end)

  test("13.1.2 (Lithuanian banners told apart by colour only: the banner_group attribute) " .. id ..
       ": Lithuanian cavalry is in banners too, each under one Lithuanian leader", function()
    local units = scenario_units(id)
    local nation = {}
    for _, u in ipairs(units) do if u.kind == "leader" then nation[u.name] = u.nation end end
    local groups = {}
    for _, u in ipairs(units) do
      if u.kind == "cavalry" and u.nation == "lithuanians" then
        ok(u.banner_group ~= "", u.name .. " has a banner")
        eq(nation[u.leader], "lithuanians", u.name .. " serves a Lithuanian leader")
        groups[u.banner_group] = groups[u.banner_group] or u.leader
        eq(u.leader, groups[u.banner_group], u.name .. ": one leader for the whole banner")
      end
    end
    ok(next(groups) ~= nil, "Lithuanian banners found")
  end)

  test("13.1.3 " .. id .. ": Tatar and infantry units (ranged foot included) are in no banner", function()
    local n = 0
    for _, u in ipairs(scenario_units(id)) do
      local foot = u.kind == "infantry" or u.kind == "archers" or u.kind == "crossbowmen" or u.kind == "bombards"
      if foot or u.nation == "tatars" then
        n = n + 1
        eq(u.banner_group, "", u.name)
      end
    end
    ok(n > 0)
  end)
end

-- the complementary rules' setup on the test field
local function org_units()
  return {
    U("Zyndarm", "PL", "leader", "0312", "N", { nation = "poles" }),
    U("Andrzej", "PL", "leader", "0612", "N", { nation = "poles" }),
    U("Witold", "PL", "leader", "0912", "N", { nation = "lithuanians" }),
    U("P1", "PL", "cavalry", "0313", "N", { nation = "poles", banner_group = "krakow", leader = "Zyndarm" }),
    U("P2", "PL", "cavalry", "0413", "N", { nation = "poles", banner_group = "krakow", leader = "Zyndarm" }),
    U("I1", "PL", "infantry", "0513", "N", { nation = "poles", sp = 1, leader = "Zyndarm" }),
    U("I2", "PL", "infantry", "0513", "N", { nation = "poles", sp = 1, leader = "Andrzej" }),
    U("T1", "PL", "horse_archers", "0913", "N", { nation = "tatars", leader = "Witold" }),
    U("K1", "TO", "cavalry", "2003", "N", { nation = "teutons" }),
  }
end

local function org_setup(units)
  local ok_, g = pcall(game, { ruleset = "grunwald", seed = 1, options = { complementary = true },
                               scenario = { map = "test-field", turns = 3, units = units } })
  if ok_ then return g, nil end
  return nil, tostring(g)
end

test("13.1.3-b / 13.1.6: infantry and Tatar units are assigned one by one: two foot units on one hex may serve two leaders", function()
  local g, err = org_setup(org_units())
  ok(g, tostring(err))
  eq(g:unit_table("I1").leader, "Zyndarm")
  eq(g:unit_table("I2").leader, "Andrzej")
  eq(g:unit_table("T1").banner_group, "")
end)

test("13.1.3-c: an infantry or Tatar unit given a banner fails the setup", function()
  local units = org_units()
  units[6].banner_group = "krakow"
  local _, err = org_setup(units)
  ok(err and err:find("13.1.3: I1", 1, true), tostring(err))
  units = org_units()
  units[8].banner_group = "horde"
  _, err = org_setup(units)
  ok(err and err:find("13.1.3: T1", 1, true), tostring(err))
end)

test("13.1.1-b / 13.1.5: a banner is assigned as a whole: a banner split between two leaders fails the setup", function()
  local units = org_units()
  units[5].leader = "Andrzej"
  local _, err = org_setup(units)
  ok(err and err:find("13.1.5: P2", 1, true), tostring(err))
  local g = org_setup(org_units())
  ok(g, "the banner under one leader is accepted")
  local loaded = pcall(game, { ruleset = "grunwald", seed = 1, options = { complementary = false },
                               scenario = { map = "test-field", turns = 3, units = units } })
  ok(loaded, "without the complementary rules nothing is checked")
end)

---------------------------------------------------------------- 14.1.1

test("14.1.1: fatigue applies to the leader's own units: under a leader at 13 they fight as disorganized, under another they do not", function()
  -- Zyndarm (fatigue 13) and Andrzej (0) stand far from the fights (no
  -- leader CM); P1 serves Zyndarm, P2 Andrzej, P3 nobody.
  local units = {
    U("Zyndarm", "PL", "leader", "0215", "N", { nation = "poles", fatigue = 13 }),
    U("Andrzej", "PL", "leader", "1915", "N", { nation = "poles", fatigue = 0 }),
    U("P1", "PL", "infantry", "0508", "N", { leader = "Zyndarm" }),
    U("P2", "PL", "infantry", "0808", "N", { leader = "Andrzej" }),
    U("P3", "PL", "infantry", "1408", "N"),
    U("A1", "TO", "infantry", "0507", "S"), U("A2", "TO", "infantry", "0807", "S"), U("A3", "TO", "infantry", "1407", "S"),
  }
  local g = setup(units, { options = { complementary = true } })
  local e1, e2, e3 = evaluate(g, { "A1" }, { "P1" }), evaluate(g, { "A2" }, { "P2" }), evaluate(g, { "A3" }, { "P3" })
  eq(e1.def_sp, 1, "P1 counts half (9.2.2)")
  eq(e1.att["9.2.3"], 1, "and its enemy gains the CM for most units disorganized")
  eq(e2.def_sp, 2)
  eq(e2.att["9.2.3"], nil)
  eq(e3.def_sp, 2)
  eq(evaluate(g, { "P1" }, { "A1" }).att_sp, 1, "attacking too")
  eq(g:unit_table("P1").condition, "", "it is not disorganized outside the fight (14.2.1)")
  -- in combat: 2:1 +1 = 3:1 against P1, where 6 is "D1 -1"; 1:1 against P2, where 6 is "-"
  to_phase(g, "A.infantry_attack")
  g.dice:force { 6, 7 }
  done(play(g, "TO", "attack A1 P1", { retreat = "0509" }))
  eq(g:unit_table("P1").sp, 1)
  g.dice:force { 6 }
  done(play(g, "TO", "attack A2 P2"))
  eq(g:unit_table("P2").sp, 2)
  eq(g:unit_table("P2").hex, "0808")
end)
