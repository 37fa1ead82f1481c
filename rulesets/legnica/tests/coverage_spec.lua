-- Rules of the Legnica book that no other Legnica spec names, each tested
-- by its Legnica number as the book words it: the front and rear areas
-- and the ZoC [3.1] [3.2] [3.3], movement [4.1]-[4.5], the general combat
-- rules [5.2] [5.3.2], retreat [5.4], pursuit [5.5], the charge factor
-- [5.6], countercharge [5.7], ride-down [5.8], the MORALE track [6.1],
-- banners [7.1], leaders [8.1] [8.2], ranged units [10], fortifications
-- [11.1], the units' organization [12.1] and fatigue [13.1].  Forced dice.
--
-- Map facts (rulesets/grunwald/maps/test-field.map, odd columns sit
-- lower): forest 0305-0306, village 0505, swamp 0705, hill 0909-0910,
-- fortification 1105 (gate on its S side), lake 1305, a stream east of
-- column 15 (rows 1-8), a river east of column 17 with a bridge 1704:SE
-- and a ford 1707:SE, a road 0112-1012.  A unit at 0507 facing S has the
-- front area 0408, 0508, 0608.  MP are kept in sixths (8 MP = 48).
-- A cavalry unit with CF above 0 must move on while it can (5.6.12): the
-- tests that do not move such units give them no MP.
local H = loadfile(bitwa.home .. "/rulesets/legnica/tests/lib/lg.lua", "t", _ENV)()
local setup, U, contains, purposes, asked = H.setup, H.U, H.contains, H.purposes, H.asked

-- H.play / H.to_phase, passing every reaction window (fire, countercharge)
-- unless `answers` says otherwise
local function play(g, side, line, answers)
  answers = answers or {}
  if answers.reaction == nil then answers.reaction = "pass" end
  return H.play(g, side, line, answers)
end

local function to_phase(g, name, turn, answers)
  answers = answers or {}
  if answers.reaction == nil then answers.reaction = "pass" end
  for _ = 1, 80 do
    if g:pending_request() then
      -- a reaction window open as the game starts (10.1.5)
      done(H.answer_all(g, g:answer("pass"), answers), "the opening window")
    end
    if g:phase_info().name == name and (turn == nil or g:turn() == turn) then return end
    done(H.play(g, g:acting_side(), "end", answers), "end of " .. g:phase_info().name)
  end
  error("phase " .. name .. " not reached")
end

local function Q(g, f) return g:query(function() return f(g.rs.modules, g.rs.api) end) end
local function set(g, name, attr, value) g.state:set(g:find_unit(name), g.slot[attr], value) end
local function B(name, side, holder, hex) return { name = name, side = side, kind = "banner", holder = holder, hex = hex } end

local function distance(g, a, b)
  return Q(g, function(_, api) return api.hex.distance(api.hex.parse(a), api.hex.parse(b)) end)
end

-- the COMBAT TABLE column of a ratio ("1:1" -> 4)
local function col(label)
  local a, d = label:match("^(%d+):(%d+)$")
  a, d = tonumber(a), tonumber(d)
  if d == 1 then return a + 3 end
  return 5 - d
end

-- combat.evaluate on named units: SP, columns, and the CMs by the rule
-- the code files them under (the English numbers: the evaluation is data,
-- not a citation)
local function evaluate(g, atts, defs, cc)
  return Q(g, function(R, api)
    local function list(ns)
      local t = {}
      for i, n in ipairs(ns) do t[i] = api.unit(n) end
      return t
    end
    local r = R.combat.evaluate { attackers = list(atts), defenders = list(defs), countercharge = cc }
    local out = { att_sp = r.att_sp, def_sp = r.def_sp, initial = r.initial, final = r.final, att = {}, def = {} }
    for _, m in ipairs(r.att_mods) do out.att[m.rule] = m.cm end
    for _, m in ipairs(r.def_mods) do out.def[m.rule] = m.cm end
    return out
  end)
end

local function lines(g, side, prefix)
  local out = {}
  for _, a in ipairs(g:legal_actions(side)) do
    if prefix == nil or a.line:find(prefix, 1, true) == 1 then out[#out + 1] = a.line end
  end
  table.sort(out)
  return out
end

---------------------------------------------------------------- 3 ZoC

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

test("3.1.1 / 3.2.1: the front area is the 3 hexes ahead, the rear area the 3 behind; the ZoC covers the front area only", function()
  local g = setup { U("z", "MO", "infantry", "1410", "S"), U("p", "PL", "infantry", "0202", "N") }
  local a = areas(g, "z")
  eq(a.front, { "1310", "1411", "1510" })
  eq(a.rear, { "1309", "1409", "1509" })
  eq(a.covers, { ["1310"] = true, ["1411"] = true, ["1510"] = true,
                 ["1309"] = false, ["1409"] = false, ["1509"] = false })
  to_phase(g, "A.infantry_move")
  done(play(g, "MO", "turn z N"))
  a = areas(g, "z")
  eq(a.front, { "1309", "1409", "1509" }, "the areas turn with the counter")
  eq(a.rear, { "1310", "1411", "1510" })
  eq({ a.covers["1409"], a.covers["1411"] }, { true, false })
end)

-- PL's infantry m walks south down column 13 past z (MO, 1410 facing S):
-- 1308, 1309 (z's rear area), 1310 (z's front area).
test("3.2.1 / 3.3.2: a unit passes through the rear area, and entering the front area (the ZoC) must stop", function()
  local g = setup({ U("m", "PL", "infantry", "1307", "S"), U("z", "MO", "infantry", "1410", "S") }, { first = "PL" })
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "move m"))
  done(play(g, "PL", "move m"))
  local m = g:unit_table("m")
  eq({ m.hex, m.stopped }, { "1309", false }, "next to z, in its rear area: no ZoC")
  done(play(g, "PL", "move m"))
  m = g:unit_table("m")
  eq({ m.hex, m.stopped, m.mp_left }, { "1310", true, 6 })
  refused(g:act("PL", "move m"), "3.3.2", "it must stop, with 1 MP left")
end)

test("3.2.2: archers, crossbowmen and bombards have no ZoC: a unit walks through their front area; past infantry it stops", function()
  for _, kind in ipairs { "archers", "crossbowmen", "bombards", "infantry" } do
    -- X (MO) at 1410 facing S; m walks 1309, 1310 (X's front area), 1311
    local g = setup({ U("m", "PL", "infantry", "1308", "S"), U("X", "MO", kind, "1410", "S", { sp = 1, formation = "combat" }) },
                    { first = "PL" })
    eq(Q(g, function(R, api) return R.zoc.has_zoc(api.unit("X")) end), kind == "infantry", kind)
    to_phase(g, "A.infantry_move")
    for _ = 1, 2 do done(play(g, "PL", "move m")) end
    local r = play(g, "PL", "move m")
    local m = g:unit_table("m")
    if kind == "infantry" then
      refused(r, "3.3.2")
      eq({ m.hex, m.stopped }, { "1310", true })
    else
      done(r, kind)
      eq({ m.hex, m.stopped }, { "1311", false }, kind)
    end
  end
end)

test("3.2.3: a ZoC does not extend across a river: a unit walks past the enemy on the far bank without stopping", function()
  -- z (MO) at 1804 facing SW: its front area 1703, 1704 (across the
  -- river), 1805 (on its own bank)
  local g = setup({ U("a", "PL", "infantry", "1702", "S"), U("z", "MO", "infantry", "1804", "SW") }, { first = "PL" })
  eq(Q(g, function(R, api)
    local z = api.unit("z")
    return { R.zoc.covers(z, api.hex.parse("1703")), R.zoc.covers(z, api.hex.parse("1704")), R.zoc.covers(z, api.hex.parse("1805")) }
  end), { false, false, true })
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "move a"))
  done(play(g, "PL", "move a"))
  local a = g:unit_table("a")
  eq({ a.hex, a.stopped }, { "1704", false })
  done(play(g, "PL", "move a"), "and on")
end)

-- 1411 lies in the front area of p (PL, 1410 facing S) and of t (MO, 1412
-- facing N).
local function shared_zoc(first, mover)
  local g = setup({ U("p", "PL", "infantry", "1410", "S"), U("t", "MO", "infantry", "1412", "N"), mover },
                  { first = first })
  to_phase(g, "A.infantry_move")
  return g
end

test("3.2.4: a friendly ZoC on a hex does not cancel the enemy's: units of either side entering 1411 stop", function()
  local g = shared_zoc("PL", U("m", "PL", "infantry", "1310", "SE"))
  done(play(g, "PL", "move m"))
  eq({ g:unit_table("m").hex, g:unit_table("m").stopped }, { "1411", true })
  refused(g:act("PL", "move m"), "3.3.2")
  g = shared_zoc("MO", U("n", "MO", "infantry", "1511", "NW"))
  done(play(g, "MO", "move n"))
  eq({ g:unit_table("n").hex, g:unit_table("n").stopped }, { "1411", true })
  refused(g:act("MO", "move n"), "3.3.2")
end)

test("3.3.1: entering an enemy ZoC costs no extra MP (1 MP for the clear hex, as outside it)", function()
  -- z (MO) at 0104 facing SE covers 0204, 0205, 0105
  local g = setup({ U("a", "PL", "infantry", "0203", "S"), U("b", "PL", "infantry", "0402", "S"),
                    U("z", "MO", "infantry", "0104", "SE") }, { first = "PL" })
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "move a"))
  local a = g:unit_table("a")
  eq({ a.hex, a.stopped, a.mp_left }, { "0204", true, 24 - 6 })
  done(play(g, "PL", "move b"))
  eq(g:unit_table("b").mp_left, 24 - 6, "the same hex cost away from the enemy")
end)

---------------------------------------------------------------- 4.1 general

test("4.1.1: units move in movement phases; in a combat phase move and turn are refused; retreat and pursuit move them", function()
  -- c (PL cavalry) enters d's ZoC at 0809 (CF 1, it stops: 3.3.3); its
  -- attack (1:1 +1 CF = 2:1, roll 4 = D2) makes d retreat 2 hexes and c
  -- pursue (no leader: obligatory, 5.5.2)
  local g = setup({ U("c", "PL", "cavalry", "0808", "S"), U("d", "MO", "infantry", "0810", "N") }, { first = "PL" })
  done(play(g, "PL", "move c"))
  eq({ g:unit_table("c").hex, g:unit_table("c").stopped }, { "0809", true })
  to_phase(g, "A.cavalry_attack")
  refused(g:act("PL", "move c"), "2.1")
  refused(g:act("PL", "turn c SE"), "2.1")
  g.dice:force { 4, 6 }                               -- D2; d's scatter roll 6: nothing
  local r = play(g, "PL", "attack c d")
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "combat scatter (5.1.1 g)" })
  local d = g:unit_table("d")
  eq(distance(g, d.hex, "0810"), 2, "d retreats 2 hexes (5.4.2)")
  eq(distance(g, g:unit_table("c").hex, "0809"), 2, "c pursues 2 hexes (5.5)")
end)

test("4.1.2: the player moves his units in the order he chooses, one after another: a unit is done once another has moved", function()
  local function game()
    local g = setup({ U("a", "PL", "infantry", "0202", "S"), U("b", "PL", "infantry", "0402", "S") }, { first = "PL" })
    to_phase(g, "A.infantry_move")
    return g
  end
  local g = game()
  done(play(g, "PL", "move a"))
  done(play(g, "PL", "move b"))
  refused(g:act("PL", "move a"), "4.1.2")
  refused(g:act("PL", "turn a SE"), "4.1.2")
  g = game()
  done(play(g, "PL", "move b"), "b first")
  done(play(g, "PL", "move a"))
  refused(g:act("PL", "move b"), "4.1.2")
end)

test("4.1.3: movement and turns are limited by the unit's MP", function()
  local g = setup({ U("a", "PL", "infantry", "0202", "S", { mp = 2 }), U("c", "PL", "cavalry", "0802", "S", { mp = 2 }) },
                  { first = "PL" })
  eq(g:unit_table("c").mp_left, 12)
  done(play(g, "PL", "move c"))
  done(play(g, "PL", "move c"))
  eq({ g:unit_table("c").mp_left, g:unit_table("c").cf }, { 0, 2 })
  refused(g:act("PL", "move c"), "4.1.3")
  refused(g:act("PL", "turn c SE"), "4.1.3")
  done(play(g, "PL", "end"), "no MP left: 5.6.12 does not hold it")
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "move a"))
  done(play(g, "PL", "move a"))
  refused(g:act("PL", "move a"), "4.1.3")
end)

test("4.1.4: a unit need not spend all its MP, but the MP saved do not carry over to the next turn", function()
  local g = setup({ U("a", "PL", "infantry", "0202", "S", { mp = 4 }), U("z", "MO", "infantry", "2015", "N") },
                  { first = "PL" })
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "move a"))
  eq(g:unit_table("a").mp_left, 18)
  done(play(g, "PL", "end"), "3 MP left unspent")
  to_phase(g, "A.infantry_move", 2)
  eq(g:unit_table("a").mp_left, 24, "4 MP again, not 7")
end)

test("4.1.5: a unit cannot pass its MP to another: with no MP left it stops, whatever the others have", function()
  local g = setup({ U("a", "PL", "infantry", "0202", "S", { mp = 2 }), U("b", "PL", "infantry", "0402", "S", { mp = 4 }) },
                  { first = "PL" })
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "move a"))
  done(play(g, "PL", "move a"))
  refused(g:act("PL", "move a"), "4.1.3")
  eq(g:unit_table("b").mp_left, 24, "b keeps its own 4 MP")
  for _, a in ipairs(g:legal_actions("PL")) do ok(not a.line:find("move a", 1, true), "no move for a: " .. a.line) end
end)

test("4.1.6 / 4.2.3-a / 4.2.4: units move through a hex holding a friendly unit within the stacking limit, for 1 MP more", function()
  -- a and c (1 SP each, 0202) go through b (1 SP, 0203) to 0204
  local g = setup({ U("a", "PL", "infantry", "0202", "S", { sp = 1 }), U("c", "PL", "infantry", "0202", "S", { sp = 1 }),
                    U("b", "PL", "infantry", "0203", "N", { sp = 1 }) }, { first = "PL" })
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "move a"))
  eq({ g:unit_table("a").hex, g:unit_table("a").mp_left }, { "0203", 24 - 12 }, "1 MP for the hex, 1 for b (4.2.4)")
  eq(g:unit_table("b").hex, "0203", "b stays")
  done(play(g, "PL", "move a"))
  eq({ g:unit_table("a").hex, g:unit_table("a").mp_left }, { "0204", 24 - 18 })
  done(play(g, "PL", "move c"))
  done(play(g, "PL", "move c"))
  eq({ g:unit_table("c").hex, g:unit_table("c").mp_left }, { "0204", 24 - 18 - 6 }, "and 1 more for a on 0204")
end)

---------------------------------------------------------------- 4.2 detailed rules

test("4.2.1: a unit enters only its frontal hex (the middle hex of its front area), keeping its facing", function()
  local g = setup({ U("a", "PL", "cavalry", "0202", "SE") }, { first = "PL" })
  local front = Q(g, function(_, api)
    local a = api.unit("a")
    return { api.hex.neighbour(a.hex, a.facing, true).label, labels(api.hex.front_area(a.hex, a.facing)) }
  end)
  eq(front, { "0302", { "0203", "0301", "0302" } }, "0302 (SE) is the middle hex of the front area")
  done(play(g, "PL", "move a"))
  local a = g:unit_table("a")
  eq({ a.hex, a.facing }, { "0302", "SE" })
  eq(Q(g, function(R) return R.movement.legal_moves("PL") end), { { "a" }, { "a", "keep" }, { "a", "reduce" } },
     "no move names another hex")
end)

test("4.2.2: a unit cannot enter a hex holding enemy units", function()
  local g = setup({ U("c", "PL", "cavalry", "0202", "S", { cf = 1 }), U("e", "MO", "cavalry", "0203", "N") }, { first = "PL" })
  refused(g:act("PL", "move c"), "4.2.2", "cavalry into cavalry")
  g = setup({ U("i", "PL", "infantry", "0402", "S"), U("f", "MO", "infantry", "0403", "N") }, { first = "PL" })
  to_phase(g, "A.infantry_move")
  refused(g:act("PL", "move i"), "4.2.2", "infantry into infantry")
end)

test("4.2.3-b: cavalry may enter a full hex of friendly infantry by riding it down (5.8): the infantry is eliminated", function()
  -- c (2 SP, CF 1 -> 2, armour 0) into j (1 SP, armour 0): 2 + 1 SP is over
  -- the limit, and 5.8.2 holds (CM 1 + 0 - 0 - 0 = 1)
  local g = setup({ U("c", "PL", "cavalry", "0202", "S", { cf = 1 }), U("j", "PL", "infantry", "0203", "N", { sp = 1 }) },
                  { first = "PL" })
  done(play(g, "PL", "move c"))
  eq(g:unit_table("j"), nil)
  local c = g:unit_table("c")
  eq({ c.hex, c.cf, c.mp_left }, { "0203", 2, 48 - 6 - 6 }, "1 MP for the hex, 1 for the SP ridden down, no 4.2.4 MP")
  eq(g:var("morale"), 0)
end)

test("4.2.7: a river is crossed only at a bridge or a ford", function()
  local g = setup({ U("a", "PL", "infantry", "1703", "SE"), U("b", "PL", "infantry", "1704", "SE"),
                    U("c", "PL", "infantry", "1707", "SE") }, { first = "PL" })
  to_phase(g, "A.infantry_move")
  refused(g:act("PL", "move a"), "4.2.7")
  done(play(g, "PL", "move b"))
  eq(g:unit_table("b").hex, "1805", "over the bridge")
  done(play(g, "PL", "move c"))
  eq(g:unit_table("c").hex, "1808", "through the ford")
end)

---------------------------------------------------------------- 4.3 turns

test("4.3.3: infantry pays 1 MP for any turn, whatever its armour (4.3.2 is ignored)", function()
  local g = setup({ U("i", "PL", "infantry", "0202", "S", { armour = 2 }), U("j", "PL", "infantry", "0402", "S", { armour = 0 }) },
                  { first = "PL" })
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "turn i N"))
  eq(g:unit_table("i").mp_left, 24 - 6, "180 degrees, armour 2: 1 MP")
  done(play(g, "PL", "turn j SE"))
  eq(g:unit_table("j").mp_left, 24 - 6, "60 degrees: 1 MP")
end)

test("4.3.5: in an enemy ZoC a turn costs 1 MP more", function()
  -- c at 0204 is in the ZoC of z (0104 facing SE); d at 0804 is not
  local g = setup({ U("c", "PL", "cavalry", "0204", "S"), U("d", "PL", "cavalry", "0804", "S"),
                    U("z", "MO", "infantry", "0104", "SE") }, { first = "PL" })
  done(play(g, "PL", "turn c SE"))
  eq(g:unit_table("c").mp_left, 48 - 12, "1 x (0 + 1) + 0, +1 for the ZoC")
  done(play(g, "PL", "turn d SE"))
  eq(g:unit_table("d").mp_left, 48 - 6)
end)

test("4.3.7: after a retreat and after a pursuit the unit may turn to any direction", function()
  -- A (MO) at 0507 facing S against D (PL) at 0508: 1:1, roll 4 = D1
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 4, 6 }
  local r = play(g, "MO", "attack A D", { retreat = "0509", facing = { "SW", "NE" } })
  done(r)
  local q = asked(r, "facing")
  eq(#q, 2, "after the retreat, after the pursuit")
  eq({ #q[1].options, #q[2].options }, { 6, 6 })
  eq({ g:unit_table("D").hex, g:unit_table("D").facing }, { "0509", "SW" })
  eq({ g:unit_table("A").hex, g:unit_table("A").facing }, { "0508", "NE" })
end)

test("4.3.8: one turn on a hex in a phase: it cannot be split; after a move the unit may turn again", function()
  local g = setup({ U("c", "PL", "cavalry", "0202", "S") }, { first = "PL" })
  done(play(g, "PL", "turn c SE"))
  refused(g:act("PL", "turn c NE"), "4.3.8")
  done(play(g, "PL", "move c"))
  done(play(g, "PL", "turn c S"))
  eq(g:unit_table("c").facing, "S")
end)

---------------------------------------------------------------- 4.4 leaving and returning

test("4.4.1 / 4.4.2: a unit leaves the map by movement across its frontal hexside, for 1 MP", function()
  local g = setup({ U("c", "PL", "cavalry", "0201", "N"), U("s", "PL", "cavalry", "0402", "N", { mp = 1 }) },
                  { first = "PL", turns = 6 })
  done(play(g, "PL", "move c"))
  local c = g:unit_table("c")
  eq({ c.hex, c.off_map, c.left_phase, c.left_at, c.mp_left }, { nil, 1, "move", "0201", 48 - 6 })
  done(play(g, "PL", "move s"))
  eq(g:unit_table("s").hex, "0401")
  refused(g:act("PL", "move s"), "4.1.3", "no MP left to leave")
end)

test("4.4.1-b: the map edge is impassable for a retreat: only the hexes on the map are offered", function()
  -- A (MO) at 0502 facing N attacks D (PL) at 0501: 1:1, roll 4 = D1
  local g = setup { U("A", "MO", "infantry", "0502", "N"), U("D", "PL", "infantry", "0501", "S") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 4, 6 }
  local r = play(g, "MO", "attack A D")
  done(r)
  eq(asked(r, "retreat")[1].options, { "0601", "0401" })
end)

-- K (MO cavalry) left the map from `at` in turn `t`, by `how`.
local function returning(units, t, how, at, extra)
  extra = extra or {}
  extra.first = "PL"
  extra.turns = extra.turns or 8
  local g = setup(units, extra)
  set(g, "K", "off_map", t)
  set(g, "K", "left_phase", how)
  set(g, "K", "left_at", bitwa.hex.parse(at))
  return g
end

local function K_off() return U("K", "MO", "cavalry", nil, nil, { starts_off_map = true }) end

test("4.4.5: during the phase it returns the unit cannot move: its counter is just placed", function()
  local g = returning({ K_off(), U("far", "PL", "infantry", "2015", "N") }, 1, "move", "1001")
  to_phase(g, "B.cavalry_move", 4)
  done(play(g, "MO", "enter K 1001 S"))
  local k = g:unit_table("K")
  eq({ k.hex, k.facing, k.mp_left, k.cf }, { "1001", "S", 0, 0 })
  refused(g:act("MO", "move K"), "4.4.5")
  to_phase(g, "B.cavalry_move", 5)
  done(play(g, "MO", "move K"), "next turn it moves")
end)

test("4.4.6: a unit cannot return onto impassable terrain (the lakes on the east edge of the Grunwald map)", function()
  -- grunwald.map: lake 5112-5120 on the east edge, 5111 clear
  local g = returning({ K_off(), U("far", "PL", "infantry", "0215", "N") }, 1, "move", "5111", { map = "grunwald" })
  to_phase(g, "B.cavalry_move", 4)
  refused(g:act("MO", "enter K 5113 NW"), "4.4.6")
  done(play(g, "MO", "enter K 5111 NW"))
end)

test("4.4.7: a unit cannot return onto enemy units or into an enemy ZoC", function()
  local g = returning({ K_off(), U("P1", "PL", "cavalry", "0801", "N", { mp = 0 }), U("P2", "PL", "cavalry", "1202", "N", { mp = 0 }) },
                      1, "move", "1001")
  to_phase(g, "B.cavalry_move", 4)
  refused(g:act("MO", "enter K 0801 S"), "4.4.7", "P1 is there")
  refused(g:act("MO", "enter K 1101 S"), "4.4.7", "P2's ZoC")
  refused(g:act("MO", "enter K 1201 S"), "4.4.7", "P2's ZoC")
  done(play(g, "MO", "enter K 1001 S"))
end)

test("4.4.8: a unit may delay its return; the delay does not change the zone of 4.4.4", function()
  local g = returning({ K_off(), U("far", "PL", "infantry", "2015", "N") }, 1, "move", "1001")
  to_phase(g, "B.cavalry_move", 4)
  ok(#lines(g, "MO", "enter") > 0, "it may come back in turn 4")
  done(play(g, "MO", "end"), "it waits")
  to_phase(g, "B.cavalry_move", 6)
  refused(g:act("MO", "enter K 1701 S"), "4.4.4", "7 hexes from 1001, two turns later too")
  done(play(g, "MO", "enter K 0401 S"))
end)

test("4.4.9: a unit returning obeys the stacking limit", function()
  local g = returning({ K_off(), U("K2", "MO", "cavalry", "1001", "S", { mp = 0 }), U("far", "PL", "infantry", "2015", "N") },
                      1, "move", "1001")
  to_phase(g, "B.cavalry_move", 4)
  refused(g:act("MO", "enter K 1001 S"), "4.4.9")
  done(play(g, "MO", "enter K 1101 S"))
end)

---------------------------------------------------------------- 4.5 stacking

test("4.5.1: a hex holds units of 2 SP at most; a leader does not count", function()
  local g = setup({ U("a", "PL", "infantry", "0202", "S", { sp = 1 }), U("b", "PL", "infantry", "0203", "N", { sp = 1 }),
                    U("c", "PL", "infantry", "0402", "S", { sp = 1 }), U("d", "PL", "infantry", "0403", "N", { sp = 2 }),
                    U("L", "PL", "leader", "0201", "S") }, { first = "PL" })
  done(play(g, "PL", "move L"))
  done(play(g, "PL", "move L"))
  eq(g:unit_table("L").hex, "0203")
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "move a"), "1 + 1 SP, and the leader")
  eq(g:unit_table("a").hex, "0203")
  refused(g:act("PL", "move c"), "4.5.2", "1 + 2 SP")
end)

---------------------------------------------------------------- 5.2 combat: general rules

-- PL (player A) moves K1 S down column 4 to 0408 (2 MP: then it has none
-- left to go on, 5.6.12); MO's P2 at 0609 facing NW (front area 0509,
-- 0508, 0608) may countercharge it there.
local function cc_game(extra_units, dice, k1)
  local units = { U("K1", "PL", "cavalry", "0406", "S", k1 or { mp = 2 }),
                  U("P2", "MO", "cavalry", "0609", "NW", { cf = 1, armour = 2 }), U("far", "MO", "infantry", "2015", "N", { sp = 1 }) }
  for _, u in ipairs(extra_units or {}) do units[#units + 1] = u end
  return setup(units, { first = "PL", dice = dice })
end

local function to_0408(g)
  done(play(g, "PL", "move K1"), "0407: not next to P2's front area yet")
  return g:act("PL", "move K1")
end

test("5.2.1: combat only in the combat phases, or by countercharge in a cavalry movement phase (not in an infantry one)", function()
  -- A (MO) at 0507 facing S has D (PL) at 0508 in its front area
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }
  refused(g:act("MO", "attack A D"), "2.1", "cavalry movement phase")
  to_phase(g, "A.infantry_move")
  refused(g:act("MO", "attack A D"), "2.1", "infantry movement phase")
  -- P2 countercharges K1 in PL's cavalry movement phase: 1:1 +4 -1 = 4:1, 11 = "-"
  g = cc_game(nil, { 11 })
  local r = to_0408(g)
  eq(r.request.options, { "countercharge P2 K1", "pass" })
  r = g:answer("countercharge P2 K1")
  done(r)
  eq(purposes(r), { "combat (5.1.1)" })
  ok(H.notes(r):find("combat: P2", 1, true), "P2 attacks")
  -- PL's infantry walks next to P2's front area in its own phase: no window
  g = setup({ U("F", "PL", "infantry", "0406", "S"), U("P2", "MO", "cavalry", "0609", "NW", { cf = 1, armour = 2 }) },
            { first = "PL" })
  to_phase(g, "A.infantry_move")
  done(g:act("PL", "move F"))
  done(g:act("PL", "move F"), "no countercharge against infantry moving")
  eq(g:unit_table("F").hex, "0408")
end)

test("5.2.2: every unit with an enemy in its ZoC must attack: the phase does not end before; each unit attacks once", function()
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }
  to_phase(g, "A.infantry_attack")
  refused(g:act("MO", "end"), "5.2.2")
  g.dice:force { 6 }                                  -- 1:1, 6 = "-"
  done(play(g, "MO", "attack A D"))
  refused(g:act("MO", "attack A D"), "5.2.2", "once")
  done(play(g, "MO", "end"))
end)

test("5.2.3: every enemy unit in the attackers' ZoCs must be attacked", function()
  -- A at 0507 facing S has D1 (0508) and D2 (0608) in its ZoC; archers X
  -- at 0708 facing NW (no ZoC, 3.2.2) have D2 in their front area
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("X", "MO", "archers", "0708", "NW", { sp = 1, formation = "combat" }),
                    U("D1", "PL", "infantry", "0508", "N", { sp = 1 }), U("D2", "PL", "infantry", "0608", "N", { sp = 1 }) }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 8 }                                  -- 2:1, "-"
  done(play(g, "MO", "attack A D1"), "X can still attack D2")
  refused(g:act("MO", "end"), "5.2.3")
  g.dice:force { 4 }                                  -- X alone 1 SP vs 1, +2 (D2's rear area) -3 (10.3.1): 1:2, 4 = "-"
  done(play(g, "MO", "attack X D2"))
  done(play(g, "MO", "end"))
  g = setup { U("A", "MO", "infantry", "0507", "S"), U("D1", "PL", "infantry", "0508", "N", { sp = 1 }),
              U("D2", "PL", "infantry", "0608", "N", { sp = 1 }) }
  to_phase(g, "A.infantry_attack")
  refused(g:act("MO", "attack A D1"), "5.2.3", "nobody else can attack D2")
end)

test("5.2.4: a unit attacks only units in its front area", function()
  local g = setup { U("A", "MO", "infantry", "0507", "N"), U("D", "PL", "infantry", "0508", "N") }
  to_phase(g, "A.infantry_attack")
  refused(g:act("MO", "attack A D"), "5.2.4")
  done(play(g, "MO", "end"), "D is behind A: nothing to attack")
end)

test("5.2.5: one unit may attack several, several may attack one; in one combat the attackers or the defenders are on one hex", function()
  -- A1 (0507, S) and A2 (0609, NW) both have 0508 and 0608 in front
  local g = setup { U("A1", "MO", "infantry", "0507", "S", { sp = 1 }), U("A2", "MO", "infantry", "0609", "NW", { sp = 1 }),
                    U("D1", "PL", "infantry", "0508", "N", { sp = 1 }), U("D2", "PL", "infantry", "0608", "S", { sp = 1 }) }
  to_phase(g, "A.infantry_attack")
  refused(g:act("MO", "attack A1,A2 D1,D2"), "5.2.5")
  g.dice:force { 4 }                                  -- 1 vs 2 = 1:2, 4 = "-"
  local r = play(g, "MO", "attack A1 D1,D2")
  done(r, "one hex against two")
  ok(H.notes(r):find("1:2", 1, true), H.notes(r))
  g = setup { U("A1", "MO", "infantry", "0507", "S", { sp = 1 }), U("A2", "MO", "infantry", "0408", "SE", { sp = 1 }),
              U("D1", "PL", "infantry", "0508", "N", { sp = 1 }) }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 8 }                                  -- 2 vs 1 = 2:1, 8 = "-"
  r = play(g, "MO", "attack A1,A2 D1")
  done(r, "two hexes against one")
  ok(H.notes(r):find("2:1", 1, true), H.notes(r))
end)

test("5.2.6: an attack from opposing directions gives the attacker 1 CM", function()
  -- A1 north of D, A2 south of it; D faces NE, so 0509 is in its rear area (3.1.2: +2 more)
  local g = setup { U("A1", "MO", "infantry", "0507", "S", { sp = 1 }), U("A2", "MO", "infantry", "0509", "N", { sp = 1 }),
                    U("A3", "MO", "infantry", "0408", "SE", { sp = 1 }), U("D", "PL", "infantry", "0508", "NE", { sp = 1 }) }
  local e = evaluate(g, { "A1", "A2" }, { "D" })
  eq({ e.att["5.2.6"], e.att["3.1.2"] }, { 1, 2 })
  eq(e.final, col("5:1"), "2:1, +1 +2")
  eq(evaluate(g, { "A1", "A3" }, { "D" }).att["5.2.6"], nil, "north and north-west are not opposed")
end)

test("5.2.7: both sides gain CMs equal to their (group) armour: armour 0, 0, 2 -> 0.67 -> 1 against armour 1", function()
  local g = setup { U("I1", "MO", "infantry", "0507", "S", { sp = 1 }), U("I2", "MO", "infantry", "0408", "SE", { sp = 1 }),
                    U("I3", "MO", "infantry", "0608", "SW", { sp = 1, armour = 2 }),
                    U("P1", "PL", "infantry", "0508", "N", { armour = 1 }), U("P2", "PL", "infantry", "1212", "N", { armour = 2 }) }
  local e = evaluate(g, { "I1", "I2", "I3" }, { "P1" })
  eq({ e.att["5.2.7"], e.def["5.2.7"] }, { 1, 1 })
  eq({ e.initial, e.final }, { col("2:1"), col("2:1") }, "3:2 -> 2:1, +1 -1")
  e = evaluate(g, { "I1" }, { "P1" })
  eq({ e.att["5.2.7"], e.def["5.2.7"], e.final }, { nil, 1, col("1:3") }, "1:2, -1")
end)

test("5.2.8: the defender eliminated, the attacker may enter its hex, turn, move onto an adjacent hex and turn again", function()
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }) }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 3 }                                  -- 2:1, 3 = "D2 -1": D's only SP
  done(play(g, "MO", "attack A D"))
  eq(g:unit_table("D"), nil)
  local l = lines(g, "MO", "advance")
  ok(contains(l, "advance A 0508") and contains(l, "advance A 0509"), table.concat(l, "; "))
  done(g:act("MO", "advance A 0509 SW"))
  eq({ g:unit_table("A").hex, g:unit_table("A").facing }, { "0509", "SW" })
  refused(g:act("MO", "advance A 0510"), "5.2.8", "one advance")
end)

test("5.2.8-b: the advance counts as regular movement: cavalry gains CF for each hex and loses it for a turn", function()
  -- A (CF 2, armour 2) against D (1 SP): 2:1 +4 = 6:1, 7 = "D2 -1": D is eliminated; A has CF 1 after the combat
  for _, c in ipairs { { "advance A 0508", "0508", "S", 2 }, { "advance A 0509", "0509", "S", 3 },
                       { "advance A 0508 SW", "0508", "SW", 0 }, { "advance A 0609", "0609", "SE", 1 } } do
    local g = setup { U("A", "MO", "cavalry", "0507", "S", { cf = 2, armour = 2, mp = 0 }), U("D", "PL", "infantry", "0508", "N", { sp = 1 }) }
    to_phase(g, "A.cavalry_attack")
    g.dice:force { 7 }
    done(play(g, "MO", "attack A D"))
    eq({ g:unit_table("D"), g:unit_table("A").cf }, { nil, 1 })
    done(g:act("MO", c[1]), c[1])
    local a = g:unit_table("A")
    eq({ a.hex, a.facing, a.cf }, { c[2], c[3], c[4] }, c[1])
  end
end)

test("5.2.8-c: the advance is regular movement: it does not go on out of an enemy ZoC", function()
  -- E (PL) at 0609 facing NW covers 0508
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("E", "PL", "infantry", "0609", "NW", { sp = 1 }) }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 3 }
  done(play(g, "MO", "attack A D"))
  refused(g:act("MO", "advance A 0509"), "3.3.2")
  done(g:act("MO", "advance A 0508"))
end)

-- MO (player A) has two combats to fight: K1 (0507) against P1 (0508) and
-- K2 (0807) against P2 (0808), each 1:1, where a 6 is "-".
local function two_combats()
  local g = setup { U("K1", "MO", "infantry", "0507", "S"), U("P1", "PL", "infantry", "0508", "N"),
                    U("K2", "MO", "infantry", "0807", "S"), U("P2", "PL", "infantry", "0808", "N") }
  to_phase(g, "A.infantry_attack")
  return g
end

test("5.2.9: the attacking player chooses the order of the combats", function()
  local g = two_combats()
  local l = lines(g, "MO", "attack")
  ok(contains(l, "attack K1 P1") and contains(l, "attack K2 P2"), "both are open at the start")
  for _, order in ipairs { { "attack K1 P1", "attack K2 P2" }, { "attack K2 P2", "attack K1 P1" } } do
    local c = g:clone()
    for _, line in ipairs(order) do
      c.dice:force { 6 }
      local r = play(c, "MO", line)
      done(r, line)
      eq(purposes(r), { "combat (5.1.1)" })
    end
    eq({ c:unit_table("K1").fought, c:unit_table("K2").fought }, { true, true })
    done(play(c, "MO", "end"))
  end
  refused(g:act("PL", "attack P1 K1"), "2.1", "the defending player chooses nothing")
end)

test("5.2.10: a combat is concluded before another starts: once the next attack is made, the last one's advance is gone", function()
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("B", "MO", "infantry", "0207", "S"), U("E", "PL", "infantry", "0208", "N") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 3, 6 }                               -- A vs D: 2:1, "D2 -1"; B vs E: 1:1, "-"
  done(play(g, "MO", "attack A D"))
  eq(g:unit_table("D"), nil)
  done(play(g, "MO", "attack B E"))
  refused(g:act("MO", "advance A 0508"), "5.2.8")
end)

test("5.2.12: the combat phase lasts until every attack is concluded", function()
  local g = two_combats()
  refused(g:act("MO", "end"), "5.2.2")
  g.dice:force { 6 }
  done(play(g, "MO", "attack K1 P1"))
  local r = g:act("MO", "end")
  refused(r, "5.2.2")
  ok(r.message:find("K2", 1, true), r.message)
  eq(g:phase_info().name, "A.infantry_attack")
  g.dice:force { 6 }
  done(play(g, "MO", "attack K2 P2"))
  done(play(g, "MO", "end"))
  eq(g:phase_info().name, "B.cavalry_move")
end)

---------------------------------------------------------------- 5.3 terrain

test("5.3.2: defenders on several hexes: the hex with most SPs gives the defender's terrain CM", function()
  -- A at 0504 facing S: front area 0605, 0505 (village: 1 CM), 0405
  local function game(v, c)
    return setup { U("A", "MO", "infantry", "0504", "S"), U("V", "PL", "infantry", "0505", "N", { sp = v }),
                   U("C", "PL", "infantry", "0605", "N", { sp = c }) }
  end
  eq(evaluate(game(1, 2), { "A" }, { "V", "C" }).def["5.3.2"], nil, "the clear hex holds more SP")
  eq(evaluate(game(2, 1), { "A" }, { "V", "C" }).def["5.3.2"], 1, "the village holds more SP")
end)

---------------------------------------------------------------- 5.4 retreat

test("5.4.1: retreats are mandatory: the defender may only choose where, and ends 1 hex away; so must an attacker", function()
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 4, 6 }                               -- 1:1, 4 = "D1"; scatter roll 6
  local r = play(g, "MO", "attack A D")
  done(r)
  eq(asked(r, "retreat")[1].options, { "0609", "0509", "0409" }, "no staying put")
  eq(distance(g, g:unit_table("D").hex, "0508"), 1)
  g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 9, 6 }                               -- 1:1, 9 = "A1"
  done(play(g, "MO", "attack A D"))
  eq(distance(g, g:unit_table("A").hex, "0507"), 1, "the attacker retreats")
end)

test("5.4.3 / 5.2.11: a unit does not lose CF for the turns of its retreat (only the 1 after the combat)", function()
  -- A (MO infantry) attacks D (PL cavalry, CF 2): 1:1 -1 (CF CM, at most armour 0 + 1) = 1:2; 2 = "D1"
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "cavalry", "0508", "N", { cf = 2, mp = 0 }) }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 2, 6 }
  local r = play(g, "MO", "attack A D", { retreat = "0409", facing = { "SW" } })
  done(r)
  local d = g:unit_table("D")
  eq({ d.hex, d.facing, d.cf }, { "0409", "SW", 1 })
end)

test("5.4.4: cavalry retreating onto a hex of friendly non-cavalry eliminates it, when that is its only way; no MORALE change", function()
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "cavalry", "0508", "N", { mp = 0 }),
                    U("I", "PL", "infantry", "0509", "N"), U("C1", "PL", "cavalry", "0609", "N", { mp = 0 }),
                    U("C2", "PL", "cavalry", "0409", "N", { mp = 0 }) }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 4, 6 }                               -- 1:1, 4 = "D1"; scatter roll 6
  local r = play(g, "MO", "attack A D")
  done(r)
  eq(#asked(r, "retreat"), 0, "one way only")
  eq(g:unit_table("I"), nil, "ridden down")
  eq(g:unit_table("D").hex, "0509")
  eq(g:var("morale"), 0)
end)

---------------------------------------------------------------- 5.5 pursuit

test("5.5.1: pursuit is obligatory (no choice: the unit enters the hex left) or voluntary (the unit may stop)", function()
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                    U("L", "MO", "leader", "1307", "N") }       -- 8 hexes away
  to_phase(g, "A.infantry_attack")
  g.dice:force { 4, 6 }                               -- 1:1, "D1"
  local r = play(g, "MO", "attack A D", { retreat = "0509" })
  done(r)
  eq(#asked(r, "pursuit"), 0, "obligatory: nothing to choose")
  eq(g:unit_table("A").hex, "0508")
  g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
              U("L", "MO", "leader", "0507", "N") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 7, 6 }                               -- 1:1 +2 (leader) = 3:1, 7 = "D1"
  r = play(g, "MO", "attack A D", { retreat = "0509", pursuit = "stop" })
  done(r)
  local q = asked(r, "pursuit")
  eq(#q, 1)
  eq(q[1].options, { "0508", "stop" }, "voluntary")
  eq(g:unit_table("A").hex, "0507")
end)

test("5.5.7: enemy ZoCs are ignored during a pursuit", function()
  -- E (PL) at 0409 facing NE covers 0408, 0508 and 0509
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                    U("E", "PL", "infantry", "0409", "NE") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 2, 6 }                               -- 1:1, 2 = "D2 -1"; scatter roll 6
  done(play(g, "MO", "attack A D", { retreat = { "0509", "0510" } }))
  eq(g:unit_table("D").hex, "0510")
  eq(g:unit_table("A").hex, "0509", "through 0508 and into 0509, both in E's ZoC")
end)

test("5.5.8 / 5.5.9: no CF gain in a pursuit, and no CF lost for a turn under 120 degrees", function()
  -- cavalry A faces SE (0508 is in its front area); CF 2, armour 2: 1:1 +4 = 5:1, 7 = "D2"
  local g = setup { U("A", "MO", "cavalry", "0507", "SE", { cf = 2, armour = 2, mp = 0 }), U("D", "PL", "infantry", "0508", "N") }
  to_phase(g, "A.cavalry_attack")
  g.dice:force { 7, 6 }
  done(play(g, "MO", "attack A D", { retreat = { "0509", "0510" } }))
  local a = g:unit_table("A")
  eq({ a.hex, a.facing }, { "0509", "S" }, "2 hexes of pursuit after a 60-degree turn")
  eq(a.cf, 1, "2 kept through the pursuit, -1 after the combat (5.2.11)")
end)

test("5.5.9-b: a turn of 120 degrees in a pursuit costs the CF", function()
  local g = setup { U("A", "MO", "cavalry", "0507", "SE", { cf = 2, armour = 2, mp = 0 }), U("D", "PL", "infantry", "0508", "N") }
  to_phase(g, "A.cavalry_attack")
  g.dice:force { 7, 6 }
  done(play(g, "MO", "attack A D", { retreat = { "0408" } }))
  local a = g:unit_table("A")
  eq(a.hex, "0408", "0508 (S), then 0408 (NW: 120 degrees from S)")
  eq(a.cf, 0)
end)

---------------------------------------------------------------- 5.6 charge

test("5.6.1: only cavalry has a CF; infantry counts 0 (in a group's mean too) and gains none by moving", function()
  local g = setup({ U("K", "PL", "cavalry", "0507", "S", { cf = 3, armour = 2, mp = 0 }),
                    U("I", "PL", "infantry", "0408", "SE", { armour = 2 }), U("D", "MO", "infantry", "0508", "N") }, { first = "PL" })
  eq(evaluate(g, { "K", "I" }, { "D" }).att["5.6.4"], 2, "(3 + 0) / 2 = 1.5 -> 2")
  eq(evaluate(g, { "K" }, { "D" }).att["5.6.4"], 3)
  g = setup({ U("J", "PL", "infantry", "1202", "S") }, { first = "PL" })
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "move J"))
  done(play(g, "PL", "move J"))
  eq(g:unit_table("J").cf, 0)
  refused(g:act("PL", "move J keep"), "5.6.1", "no CF to keep")
end)

test("5.6.2: the CF is at least 0 and at most 3", function()
  local g = setup({ U("K", "PL", "cavalry", "0202", "S", { cf = 2, mp = 2 }), U("A", "PL", "cavalry", "0807", "S", { mp = 0 }),
                    U("D", "MO", "cavalry", "0808", "N", { mp = 0 }) }, { first = "PL" })
  done(play(g, "PL", "move K"))
  eq(g:unit_table("K").cf, 3)
  done(play(g, "PL", "move K"))
  eq(g:unit_table("K").cf, 3, "not 4")
  to_phase(g, "A.cavalry_attack")
  g.dice:force { 6 }                                  -- 1:1, "-"
  done(play(g, "PL", "attack A D"))
  eq({ g:unit_table("A").cf, g:unit_table("D").cf }, { 0, 0 }, "5.2.11 takes nobody below 0")
end)

test("5.6.6: the CF does not count (and falls to 0) in an attack on units in a forest, on swamps or in fortifications", function()
  local g = setup { U("K1", "MO", "cavalry", "0304", "S", { cf = 3, armour = 2, mp = 0 }), U("D1", "PL", "infantry", "0305", "N"),
                    U("K2", "MO", "cavalry", "0704", "S", { cf = 3, armour = 2, mp = 0 }), U("D2", "PL", "infantry", "0705", "N"),
                    U("K3", "MO", "cavalry", "1104", "S", { cf = 3, armour = 2, mp = 0 }), U("D3", "PL", "infantry", "1105", "N"),
                    U("K4", "MO", "cavalry", "1404", "S", { cf = 3, armour = 2, mp = 0 }), U("D4", "PL", "infantry", "1405", "N") }
  for _, p in ipairs { { "K1", "D1" }, { "K2", "D2" }, { "K3", "D3" } } do
    eq(evaluate(g, { p[1] }, { p[2] }).att["5.6.4"], nil, p[1])
  end
  eq(evaluate(g, { "K4" }, { "D4" }).att["5.6.4"], 3, "in the open")
  to_phase(g, "A.cavalry_attack")
  g.dice:force { 6 }                                  -- forest: 1:1 +2 -2 = 1:1, "-"
  done(play(g, "MO", "attack K1 D1"))
  eq(g:unit_table("K1").cf, 0)
end)

test("5.6.8: the CF falls by 1 when cavalry crosses a bridge", function()
  local g = setup({ U("b", "PL", "cavalry", "1704", "SE", { cf = 2 }) }, { first = "PL" })
  done(play(g, "PL", "move b"))
  eq({ g:unit_table("b").hex, g:unit_table("b").cf }, { "1805", 2 }, "2 + 1 - 1")
  g = setup({ U("b", "PL", "cavalry", "1604", "SE", { cf = 2 }) }, { first = "PL" })
  done(play(g, "PL", "move b"))
  eq(g:unit_table("b").cf, 3, "without the bridge")
end)

test("5.6.9: the CF falls by 1 for moving through a stream", function()
  local g = setup({ U("c", "PL", "cavalry", "1504", "NE", { cf = 2 }) }, { first = "PL" })
  done(play(g, "PL", "move c"))
  local c = g:unit_table("c")
  eq({ c.hex, c.cf, c.mp_left }, { "1604", 2, 48 - 18 }, "2 + 1 - 1; 1 + 2 MP")
end)

test("5.6.11: an attacker that must retreat (any A result) has its CF set to 0", function()
  -- A (CF 3, armour 0: +1) against D (CF 2: +1): 1:1, 9 = "A1"; A's scatter roll 6
  local g = setup { U("A", "MO", "cavalry", "0507", "S", { cf = 3, mp = 0 }), U("D", "PL", "cavalry", "0508", "N", { cf = 2, mp = 0 }) }
  to_phase(g, "A.cavalry_attack")
  g.dice:force { 9, 6 }
  done(play(g, "MO", "attack A D"))
  local a = g:unit_table("A")
  eq(distance(g, a.hex, "0507"), 1)
  eq(a.cf, 0)
  eq(g:unit_table("D").cf, 1, "the defender: 2, no gain in its pursuit (5.5.8), -1 after the combat")
end)

---------------------------------------------------------------- 5.7 countercharge

test("5.7.2: the countercharger may first turn 60 degrees, then must move onto a hex next to the mover, and fights", function()
  -- K1 (PL) at 0408 moves to 0409: P2's frontal hex 0508 and, after a
  -- turn to SW, 0509 are both next to it
  local g = setup({ U("K1", "PL", "cavalry", "0408", "S", { mp = 1 }), U("P2", "MO", "cavalry", "0609", "NW", { cf = 1, armour = 2 }) },
                  { first = "PL" })
  local r = g:act("PL", "move K1")
  eq(r.request.options, { "countercharge P2 K1", "pass" }, "as K1 starts (5.7.11)")
  r = g:answer("pass")
  eq(r.request.options, { "countercharge P2 K1", "countercharge P2 K1 SW", "pass" })
  -- P2 turns (CF 0), moves 1 hex (CF 1, armour 2: +3) against K1 (CF 1: +1): 1:1 +2 = 3:1, 9 = "-"
  g.dice:force { 9 }
  r = g:answer("countercharge P2 K1 SW")
  done(r)
  eq(purposes(r), { "combat (5.1.1)" })
  local p2 = g:unit_table("P2")
  eq({ p2.hex, p2.facing, p2.cf }, { "0509", "SW", 0 }, "CF 1 in the fight, 0 after it (5.2.11)")
  eq(distance(g, "0509", g:unit_table("K1").hex), 1)
end)

test("5.7.7: a unit countercharges only once in an enemy movement phase", function()
  -- P2 (2 SP, CF 2, armour 2: +4) countercharges K1 (1 SP, CF 2: +1): 2:1 -> 5:1, 4 = "D3 -1": K1 is
  -- eliminated and P2 stands at 0508 facing NW (front area 0507, 0408, 0409); then K2 comes to 0407,
  -- next to that front area (and not covering P2: 5.7.8)
  local g = cc_game({ U("K2", "PL", "cavalry", "0506", "SW", { mp = 1 }) }, { 4 }, { mp = 2, sp = 1 })
  to_0408(g)
  done(g:answer("countercharge P2 K1"))
  eq(g:unit_table("K1"), nil)
  eq({ g:unit_table("P2").hex, g:unit_table("P2").countercharged }, { "0508", true })
  local again = g:clone()
  done(g:act("PL", "move K2"), "no countercharge offered")
  eq(g:unit_table("K2").hex, "0407")
  set(again, "P2", "countercharged", false)
  local r = again:act("PL", "move K2")
  eq(r.status, "decision", "had P2 not countercharged yet, it could")
  ok(r.request.options[1]:find("countercharge P2 K2", 1, true) == 1, table.concat(r.request.options, " "))
end)

test("5.7.8: a unit in the ZoC of enemy cavalry cannot countercharge; enemy infantry does not bar it", function()
  -- K9 / F9 at 0709 facing NW have P2 (0609) in their ZoC
  local g = cc_game { U("K9", "PL", "cavalry", "0709", "NW", { mp = 0 }) }
  done(to_0408(g), "no reaction offered")
  g = cc_game { U("F9", "PL", "infantry", "0709", "NW") }
  eq(to_0408(g).status, "decision")
end)

---------------------------------------------------------------- 5.8 ride-down

test("5.8.3 / 5.8.4: a unit ridden down is eliminated; riding down moves no MORALE", function()
  -- c (CF 1 -> 2, armour 0) into i (1 SP, armour 0): 1 + 0 - 0 - 0 > 0 (5.8.2)
  local g = setup({ U("c", "MO", "cavalry", "0202", "S", { cf = 1 }), U("i", "PL", "infantry", "0203", "N", { sp = 1 }) })
  local r = play(g, "MO", "move c")
  done(r)
  eq(g:unit_table("i"), nil)
  eq(g:unit_table("c").hex, "0203")
  eq(g:var("morale"), 0)
  ok(not H.notes(r):find("MORALE", 1, true), H.notes(r))
end)

test("5.8.5: the cavalry must enter the unit's hex to ride it down: passing next to it does nothing", function()
  local g = setup({ U("c", "MO", "cavalry", "0202", "S", { cf = 3, mp = 2 }), U("i", "PL", "infantry", "0303", "SE", { sp = 1 }) })
  done(play(g, "MO", "move c"))
  done(play(g, "MO", "move c"))
  eq(g:unit_table("c").hex, "0204")
  eq(g:unit_table("i").hex, "0303")
end)

test("5.8.8: infantry in a fortification or a building (village) cannot be ridden down", function()
  local g = setup { U("c", "MO", "cavalry", "0504", "S", { cf = 2 }), U("i", "PL", "infantry", "0505", "N", { sp = 1 }),
                    U("d", "MO", "cavalry", "1104", "S", { cf = 2 }), U("j", "PL", "infantry", "1105", "N", { sp = 1 }) }
  refused(g:act("MO", "move c"), "5.8.8")
  refused(g:act("MO", "move d"), "5.8.8")
end)

---------------------------------------------------------------- 6.1 MORALE

local function value(g, side) return Q(g, function(R) return R.morale.value(side) end) end

test("6.1.1 / 6.1.4: the track moves at once, 1 field for the eliminating player; the value units act by is set in phase 9", function()
  -- the track starts 9 fields for MO (zone 0); D's loss takes it to 10,
  -- zone +1 (tables.morale.zones)
  local g = setup({ U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("E", "PL", "infantry", "1010", "N") }, { vars = { { "morale", -9 } } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 3 }                                  -- 2:1, "D2 -1": D's only SP
  done(play(g, "MO", "attack A D"))
  eq(g:unit_table("D"), nil)
  eq(g:var("morale"), -10, "1 field for MO at once")
  eq({ value(g, "MO"), Q(g, function(R) return R.morale.cm("MO") end) }, { 0, 0 }, "not in force yet")
  to_phase(g, "A.cavalry_move", 2)
  eq({ value(g, "MO"), value(g, "PL") }, { 1, -1 })
  eq(evaluate(g, { "A" }, { "E" }).att["6.1.2"], 1, "the value now gives MO's units 1 CM")
end)

test("6.1.4-b: a Mongol unit eliminated by the Poles moves the counter 1 field their way", function()
  local g = setup({ U("A", "PL", "infantry", "0507", "S"), U("D", "MO", "infantry", "0508", "N", { sp = 1 }) }, { first = "PL" })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 3 }
  done(play(g, "PL", "attack A D"))
  eq(g:var("morale"), 1)
end)

test("6.1.3: the MORALE counter starts at 0 unless the scenario sets another value", function()
  local g = setup { U("A", "MO", "infantry", "0507", "S") }
  eq({ g:var("morale"), g:var("morale.effective") }, { 0, 0 })
  g = setup({ U("A", "MO", "infantry", "0507", "S") }, { vars = { { "morale", 2 } }, options = { morale_value = "offset" } })
  eq(g:var("morale.effective"), 2)
  eq({ value(g, "PL"), value(g, "MO") }, { 2, -2 })
end)

---------------------------------------------------------------- 7.1 banners

-- D (1 SP) holds PL's banner PB alone at 0508; A1 (MO) at 0408 facing SE
-- eliminates it: 2:1, -1 for the banner's CM (7.1.7) = 1:1, 3 = "D1 -1".
-- T (MO, 1 SP) stands at 0608 with E (PL) behind it at 0609.
local function fall_game()
  local g = setup { U("A1", "MO", "infantry", "0408", "SE"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    B("PB", "PL", "D", "0508"), U("T", "MO", "infantry", "0608", "N", { sp = 1 }),
                    U("E", "PL", "infantry", "0609", "N") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 3 }
  done(play(g, "MO", "attack A1 D"))
  return g
end

test("7.1.5 / 6.1.5 / 7.1.8: the holder eliminated with no friendly unit on its hex, the banner falls there: MORALE 3 fields for the enemy", function()
  local g = fall_game()
  eq(g:unit_table("D"), nil)
  local pb = g:unit_table("PB")
  eq({ pb.holder, pb.hex }, { "", "0508" })
  eq(g:var("morale"), -4, "1 for D, 3 for the banner")
end)

test("7.1.5-b: the holder eliminated, a friendly unit on its hex keeps the banner: no fall, no MORALE for it", function()
  -- 1:1 -1 (the banner) = 1:2, 5 = "-1 / -1": D1 (the holder, its owner's choice) is eliminated
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D1", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("D2", "PL", "infantry", "0508", "N", { sp = 1 }), B("PB", "PL", "D1", "0508") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 5 }
  done(play(g, "MO", "attack A D1,D2", { loss = { "D1" } }))
  eq(g:unit_table("D1"), nil)
  eq(g:unit_table("PB").holder, "D2")
  eq(g:var("morale"), -1, "only D1's elimination")
end)

test("7.1.6: an enemy regular unit entering the hex of a fallen banner captures it (no more MORALE than the fall's)", function()
  local g = fall_game()
  done(g:act("MO", "advance A1 0508"))
  local pb = g:unit_table("PB")
  eq({ pb.holder, pb.captured, pb.hex }, { "A1", true, "0508" })
  eq(g:var("morale"), -4)
end)

test("7.1.6-b: an enemy leader entering the fallen banner's hex does not capture it (he is no regular unit); a unit moving in does", function()
  -- as in fall_game, with MO's leader L at 0507 (+1 CM: 2:1, 3 = "D2 -1")
  local g = setup { U("A1", "MO", "infantry", "0408", "SE"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    B("PB", "PL", "D", "0508"), U("L", "MO", "leader", "0507", "S"), U("far", "PL", "infantry", "2015", "N") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 3 }
  done(play(g, "MO", "attack A1 D"))
  eq({ g:unit_table("PB").holder, g:unit_table("PB").hex }, { "", "0508" })
  to_phase(g, "A.cavalry_move", 2)
  done(play(g, "MO", "move L"))
  eq(g:unit_table("L").hex, "0508")
  eq({ g:unit_table("PB").holder, g:unit_table("PB").captured }, { "", false })
  to_phase(g, "A.infantry_move", 2)
  done(play(g, "MO", "move A1"))
  eq({ g:unit_table("A1").hex, g:unit_table("PB").holder, g:unit_table("PB").captured }, { "0508", "A1", true })
end)

test("6.1.5-b: the banner's own side taking it back moves the counter 3 fields back", function()
  local g = fall_game()
  to_phase(g, "B.infantry_attack")
  g.dice:force { 5 }                                  -- E (0609) against T (0608) from its rear: 2:1 +2 = 4:1, 5 = "D2 -1"
  done(play(g, "PL", "attack E T"))
  eq(g:unit_table("T"), nil)
  done(g:act("PL", "advance E 0508"))
  local pb = g:unit_table("PB")
  eq({ pb.holder, pb.captured }, { "E", false })
  eq(g:var("morale"), 0, "-4, +1 for T, +3 for the banner")
end)

test("7.1.8 / 6.1.5: a banner falling under fire moves MORALE 3 fields, in force from phase 9", function()
  -- MO's archers X (0507) fire at D (0508, 1 SP, PB's only holder) as PL's
  -- movement phase starts: 12 at range 1 is -2.  The track stands 6 fields
  -- for MO (zone 0); 4 more take it to 10, zone +1 (tables.morale.zones).
  local g = setup({ U("X", "MO", "archers", "0507", "S", { sp = 1, formation = "combat" }),
                    U("D", "PL", "infantry", "0508", "N", { sp = 1 }), B("PB", "PL", "D", "0508"),
                    U("E", "PL", "infantry", "1212", "N") }, { vars = { { "morale", -6 } } })
  to_phase(g, "A.infantry_attack")
  local r = g:act("MO", "end")
  eq(r.status, "decision")
  ok(contains(r.request.options, "fire X D"), "X may fire as PL's phase starts")
  g.dice:force { 12 }
  r = H.answer_all(g, g:answer("fire X D"), { reaction = "pass" })
  done(r)
  eq(g:unit_table("D"), nil)
  eq({ g:unit_table("PB").holder, g:unit_table("PB").hex }, { "", "0508" })
  eq(g:var("morale"), -10)
  eq(value(g, "MO"), 0)
  to_phase(g, "A.cavalry_move", 2)
  eq(value(g, "MO"), 1)
end)

test("7.1.1: a banner placed with a leader starts held by a regular unit on his hex; none there is a setup error", function()
  local g = setup { U("L", "PL", "leader", "1010", "N"), U("X", "PL", "archers", "1010", "N", { sp = 1 }),
                    U("D", "PL", "infantry", "1010", "N", { sp = 1 }), B("PB", "PL", "L", "1010"),
                    U("H", "MO", "cavalry", "0303", "N"), B("MB", "MO", "H", "0303") }
  local pb = g:unit_table("PB")
  eq({ pb.holder, pb.hex }, { "D", "1010" }, "not the leader, not the archers (7.1.2)")
  eq(g:unit_table("MB").holder, "H")
  local ok_, err = pcall(setup, { U("L", "PL", "leader", "1010", "N"), B("PB", "PL", "L", "1010") })
  ok(not ok_ and tostring(err):find("7.1.1", 1, true), tostring(err))
end)

test("7.1.2: a banner is no regular unit: no MP, no ZoC, no stacking; only a regular unit moves it", function()
  local g = setup({ U("H", "PL", "cavalry", "0808", "N", { mp = 1 }), B("PB", "PL", "H", "0808"),
                    U("X", "PL", "archers", "0708", "N", { sp = 1 }), U("J", "PL", "infantry", "0809", "N", { mp = 0 }) },
                  { first = "PL" })
  refused(g:act("PL", "move PB"), "7.1.2")
  refused(g:act("PL", "pass_banner PB X"), "7.1.2", "archers are not a regular unit")
  eq(Q(g, function(R, api)
    return { R.zoc.has_zoc(api.unit("PB")), R.units.hex_sp(api.hex.parse("0808")) }
  end), { false, 2 })
  done(play(g, "PL", "move H"))
  eq(g:unit_table("PB").hex, "0807", "it moves with its holder")
end)

test("7.1.7: friendly units on the banner's hex or next to it gain 1 CM; never more than 1", function()
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                    U("H1", "PL", "infantry", "0509", "N"), B("PB1", "PL", "H1", "0509"),
                    U("H2", "PL", "infantry", "0609", "N"), B("PB2", "PL", "H2", "0609"),
                    U("F", "PL", "infantry", "1212", "N"), U("G", "MO", "infantry", "1211", "S") }
  local e = evaluate(g, { "A" }, { "D" })
  eq({ e.def["7.1.7"], e.att["7.1.7"] }, { 1, nil }, "next to two banners: 1")
  eq(e.final, col("1:2"))
  eq(evaluate(g, { "G" }, { "F" }).def["7.1.7"], nil, "far from the banners: none")
end)

---------------------------------------------------------------- 8.1 leaders

test("8.1.1: a leader is no regular unit: no SP, no ZoC; he stacks without counting and moves alone", function()
  -- L (MO) at 1410 facing S; PL's m walks through his front area
  local g = setup({ U("m", "PL", "infantry", "1308", "S", { sp = 2 }), U("L", "MO", "leader", "1410", "S"),
                    U("K", "PL", "leader", "0202", "S"), U("a", "PL", "infantry", "0203", "N", { sp = 2 }) }, { first = "PL" })
  eq(Q(g, function(R, api) return R.zoc.has_zoc(api.unit("L")) end), false)
  eq(g:unit_table("L").sp, 0)
  done(play(g, "PL", "move K"), "alone, onto a hex already holding 2 SP")
  eq(g:unit_table("K").hex, "0203")
  to_phase(g, "A.infantry_move")
  for _ = 1, 3 do done(play(g, "PL", "move m")) end
  eq({ g:unit_table("m").hex, g:unit_table("m").stopped }, { "1311", false })
end)

test("8.1.2: a leader has 10 MP and moves like cavalry: 1/3 MP on a road, 4 MP into a forest", function()
  local g = setup({ U("L", "PL", "leader", "0112", "NE"), U("M", "PL", "leader", "0304", "S") }, { first = "PL" })
  eq(g:unit_table("L").mp_left, 60)
  done(play(g, "PL", "move L"))
  eq({ g:unit_table("L").hex, g:unit_table("L").mp_left }, { "0212", 60 - 2 })
  done(play(g, "PL", "move M"))
  eq({ g:unit_table("M").hex, g:unit_table("M").mp_left }, { "0305", 60 - 24 })
end)

test("8.1.3: a leader ignores enemy ZoC", function()
  -- z (MO) at 0104 facing SE covers 0204 and 0205
  local g = setup({ U("L", "PL", "leader", "0203", "S"), U("z", "MO", "infantry", "0104", "SE") }, { first = "PL" })
  done(play(g, "PL", "move L"))
  done(play(g, "PL", "move L"))
  eq({ g:unit_table("L").hex, g:unit_table("L").stopped }, { "0205", false })
end)

test("8.1.4 / 8.1.6: a leader's death costs the units under his command (12.0) 1 SP each, with no MORALE for those losses", function()
  -- L (MO) and A at 0507: 1:1 +2 -3 (PL's MORALE) = 1:2, 11 = "A2 -1"; L's death roll 3 - 1 <= 2;
  -- A is not his, C is; A's scatter roll 6
  local g = setup({ U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                    U("L", "MO", "leader", "0507", "N"), U("C", "MO", "cavalry", "1212", "N", { leader = "L" }),
                    U("C2", "MO", "infantry", "1412", "N", { leader = "L", sp = 1 }) },
                  { vars = { { "morale", 3 } }, options = { morale_value = "offset", complementary = true } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 11, 3, 6 }
  done(play(g, "MO", "attack A D"))
  eq(g:unit_table("L"), nil)
  eq(g:unit_table("C").sp, 1)
  eq(g:unit_table("C2"), nil, "its last SP")
  eq(g:unit_table("A").sp, 1, "only the combat's -1: A is not under his command")
  eq(g:var("morale"), 3 + 8, "the leader's 8 fields (6.1.6), nothing for C2")
end)

test("8.1.7: leaders do not scatter: a leader enters swamps and forest and stays on the map", function()
  local g = setup({ U("L", "PL", "leader", "0704", "S"), U("M", "PL", "leader", "0304", "S") }, { first = "PL" })
  done(play(g, "PL", "move L"))
  done(play(g, "PL", "move M"))
  local l, m = g:unit_table("L"), g:unit_table("M")
  eq({ l.hex, l.condition, m.hex, m.condition }, { "0705", "", "0305", "" })
  eq(Q(g, function(R, api) return R.scatter.scatter(api.unit("L"), "test") end), false)
end)

---------------------------------------------------------------- 8.2 leaders in combat

local function leader_cm(extra)
  local units = { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }
  for _, u in ipairs(extra) do units[#units + 1] = u end
  local e = evaluate(setup(units), { "A" }, { "D" })
  return e.att["8.2"], e.final
end

test("8.2.1: a unit stacked with a leader gains 2 CMs", function()
  eq({ leader_cm { U("L", "MO", "leader", "0507", "N") } }, { 2, col("3:1") })
end)

test("8.2.2: a unit within a leader's command range gains 1 CM: range 2 for a leader, 3 for a grand leader", function()
  eq({ leader_cm { U("L", "MO", "leader", "0707", "N") } }, { 1, col("2:1") })
  eq({ leader_cm { U("L", "MO", "leader", "0807", "N") } }, { nil, col("1:1") }, "3 hexes: out of range 2")
  eq({ leader_cm { U("L", "MO", "leader", "0807", "N", { range = 3 }) } }, { 1, col("2:1") })
end)

test("8.2.3: a unit gains CMs from one leader only", function()
  eq(leader_cm { U("L1", "MO", "leader", "0507", "N"), U("L2", "MO", "leader", "0507", "N"), U("L3", "MO", "leader", "0607", "N") }, 2)
  eq(leader_cm { U("L1", "MO", "leader", "0607", "N"), U("L2", "MO", "leader", "0407", "N") }, 1)
end)

test("8.2.10 / 6.1.6 / 6.1.7: a leader killed moves MORALE 8 fields for the killer, a grand leader (range 3) 12", function()
  local g = setup({ U("c1", "PL", "cavalry", "0202", "S", { mp = 1 }), U("L", "MO", "leader", "0203", "N"),
                    U("c2", "PL", "cavalry", "0802", "S", { mp = 1 }), U("GL", "MO", "leader", "0803", "N", { range = 3 }),
                    U("K", "MO", "infantry", "2015", "N") }, { first = "PL" })
  done(play(g, "PL", "move c1"))
  eq(g:unit_table("L"), nil, "a lone leader entered is killed (8.2.8)")
  eq(g:var("morale"), 8)
  done(play(g, "PL", "move c2"))
  eq(g:unit_table("GL"), nil)
  eq(g:var("morale"), 20)
  eq(g:unit_table("K").sp, 1, "the grand leader's death: 1 SP a unit (8.1.5), with no MORALE (8.1.6)")
end)

---------------------------------------------------------------- 10 ranged units

-- PL is player A: its ranged units fire in MO's movement phases (10.1.5).
-- to_window: end phases up to `name` and return the decision opened there
-- (or the last result).
local function to_window(g, name)
  local r
  for _ = 1, 60 do
    if g:phase_info().name == name then return r end
    r = g:act(g:acting_side(), "end")
    if r.status == "decision" then return r end
    done(r)
  end
  error("phase " .. name .. " not reached")
end

-- PL's ranged unit fires as MO's cavalry movement phase starts: `line`.
local function one_shot(units, dice, line)
  local g = setup(units, { first = "PL", dice = dice })
  local r = to_window(g, "B.cavalry_move")
  eq(r and r.status, "decision")
  return g, g:answer(line)
end

test("10.1.1: a ranged unit's counter has a movement formation (SP 0) and a combat formation (MP 0)", function()
  local g = setup({ U("X", "PL", "archers", "0808", "N", { sp = 1, formation = "combat" }),
                    U("I", "PL", "infantry", "1208", "N"), U("Y", "PL", "archers", "1408", "N", { sp = 1, formation = "movement" }),
                    U("Z", "PL", "archers", "1608", "N", { sp = 1, formation = "combat" }), U("D", "MO", "infantry", "1210", "N") },
                  { first = "PL" })
  eq(evaluate(g, { "I", "Y" }, { "D" }).att_sp, 2, "in movement formation: no SP to add")
  eq(evaluate(g, { "I", "Z" }, { "D" }).att_sp, 3, "in combat formation: its SP")
  to_phase(g, "A.infantry_move")
  eq(g:unit_table("X").mp_left, 0, "in combat formation: no MP")
  eq(g:unit_table("Y").mp_left, 24)
  done(play(g, "PL", "formation X"))
  eq({ g:unit_table("X").formation, g:unit_table("X").mp_left }, { "movement", 24 - 6 })
end)

test("10.1.2: a ranged unit fires only in combat formation", function()
  for _, f in ipairs { "movement", "combat" } do
    local g = setup({ U("A1", "PL", "archers", "0808", "N", { sp = 1, formation = f }), U("K1", "MO", "cavalry", "0806", "N") },
                    { first = "PL" })
    local r = to_window(g, "B.cavalry_move")
    if f == "movement" then
      eq(r.status, "done", "no fire offered in movement formation")
    else
      eq({ r.status, r.request.options }, { "decision", { "fire A1 K1", "pass" } })
    end
  end
end)

test("10.1.4: a ranged unit in combat formation (0 MP) still moves to an adjacent hex, without changing formation", function()
  local g = setup({ U("x", "PL", "archers", "0202", "S", { sp = 1, formation = "combat" }) }, { first = "PL" })
  to_phase(g, "A.infantry_move")
  eq(g:unit_table("x").mp_left, 0)
  done(play(g, "PL", "move x"))
  eq({ g:unit_table("x").hex, g:unit_table("x").formation }, { "0203", "combat" })
  refused(g:act("PL", "move x"), "4.1.3")
end)

test("10.1.6: a ranged unit fires only once during a turn", function()
  local g = setup({ U("A1", "PL", "archers", "0808", "N", { sp = 1, formation = "combat" }), U("K1", "MO", "cavalry", "0806", "N") },
                  { first = "PL", turns = 4, dice = { 8, 8 } })
  to_window(g, "B.cavalry_move")
  done(g:answer("fire A1 K1"))
  eq(g:unit_table("A1").shots, 1)
  done(g:act("MO", "end"), "no second shot at the end of the phase")
  local r = to_window(g, "B.infantry_move")
  eq(r.status, "done", "nor when the infantry phase starts")
  done(g:act("MO", "end"))
  r = to_window(g, "B.cavalry_move")
  eq({ g:turn(), r.status }, { 2, "decision" }, "a new turn, a new shot")
  done(g:answer("fire A1 K1"))
  eq(g:unit_table("K1"), nil, "two hits in two turns: 2 SP")
end)

test("10.1.7: a unit's own section overrides the general fire rules: horse archers fire at any adjacent hex, and twice a turn", function()
  -- PL: archers X at 0808 and horse archers H at 1208, both facing N;
  -- MO's cavalry behind each (0809, 1209) and 2 hexes ahead (0806, 1206)
  local g = setup({ U("X", "PL", "archers", "0808", "N", { sp = 1, formation = "combat" }), U("H", "PL", "horse_archers", "1208", "N"),
                    U("T1", "MO", "cavalry", "0809", "S"), U("T2", "MO", "cavalry", "0806", "N"),
                    U("T3", "MO", "cavalry", "1209", "S"), U("T4", "MO", "cavalry", "1206", "N") }, { first = "PL" })
  local t = Q(g, function(R, api)
    local out = {}
    for _, p in ipairs { { "X", "T1" }, { "X", "T2" }, { "H", "T3" }, { "H", "T4" } } do
      out[p[1] .. ">" .. p[2]] = R.ranged.can_target(api.unit(p[1]), api.unit(p[2]))
    end
    return out
  end)
  eq(t, { ["X>T1"] = false, ["X>T2"] = true, ["H>T3"] = true, ["H>T4"] = false },
     "archers: ahead, range 2 (10.2.1); horse archers: any adjacent hex (10.5.4)")
  g.dice:force { 5 }
  done(play(g, "PL", "fire H T3"), "in their own movement phase (10.5.6)")
  refused(g:act("PL", "fire X T2"), "10.5.6", "the archers may not")
  local r = to_window(g, "B.cavalry_move")
  table.sort(r.request.options)
  eq(r.request.options, { "fire H T3", "fire X T2", "pass" }, "in the enemy's phase both fire, H for the second time")
end)

test("10.2.1: archers fire ahead of them (the arc of their front area) up to 2 hexes", function()
  local g = setup({ U("A1", "PL", "archers", "0808", "N", { sp = 1, formation = "combat" }), U("K1", "MO", "cavalry", "0809", "N"),
                    U("K2", "MO", "cavalry", "0805", "N"), U("K3", "MO", "cavalry", "1007", "N") }, { first = "PL" })
  local function arc(hex) return Q(g, function(R, api) return R.ranged.in_arc(api.unit("A1"), api.hex.parse(hex)) end) end
  for _, h in ipairs { "0707", "0807", "0907", "0706", "0806", "0906", "1007", "0607" } do eq(arc(h), true, h) end
  for _, h in ipairs { "0708", "0809", "0908", "1008", "0608" } do eq(arc(h), false, h) end
  local r = to_window(g, "B.cavalry_move")
  eq(r.request.options, { "fire A1 K3", "pass" }, "K1 is behind, K2 3 hexes away")
end)

test("10.2.3: the target's armour level is subtracted from the fire roll", function()
  local g, r = one_shot({ U("A1", "PL", "archers", "0808", "N", { sp = 1, formation = "combat" }),
                          U("K1", "MO", "cavalry", "0807", "N", { armour = 2 }) }, { 8 }, "fire A1 K1")
  done(r)
  eq(g:unit_table("K1").sp, 2, "8 - 2 = 6: no effect at range 1")
  g, r = one_shot({ U("A1", "PL", "archers", "0808", "N", { sp = 1, formation = "combat" }),
                    U("K1", "MO", "cavalry", "0807", "N", { armour = 0 }) }, { 8 }, "fire A1 K1")
  eq(g:unit_table("K1").sp, 1, "8: -1 at range 1")
end)

test("10.2.4: 1 is subtracted from the roll against units in a forest, a village or a fortification", function()
  for _, c in ipairs { { "0506", "0505", 2 }, { "0307", "0306", 2 }, { "1106", "1105", 2 }, { "0808", "0807", 1 } } do
    local g, r = one_shot({ U("A1", "PL", "archers", c[1], "N", { sp = 1, formation = "combat" }),
                            U("K1", "MO", "infantry", c[2], "N") }, { 7 }, "fire A1 K1")
    done(r)
    eq(g:unit_table("K1").sp, c[3], c[2] .. ": 7" .. (c[3] == 2 and " - 1 = 6, no effect" or ", -1"))
  end
end)

test("10.3.1: the enemy gains 3 CMs when ranged units take part in a combat", function()
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("X", "PL", "archers", "0508", "N", { sp = 1, formation = "combat" }),
                    U("B", "MO", "infantry", "0807", "S"), U("Y", "PL", "infantry", "0808", "N", { sp = 1 }) }
  local e = evaluate(g, { "A" }, { "X" })
  eq(e.att["11.3.1"], 3)
  eq({ e.initial, e.final }, { col("2:1"), col("5:1") })
  eq(evaluate(g, { "B" }, { "Y" }).final, col("2:1"), "against infantry: none")
  g = setup({ U("X1", "MO", "crossbowmen", "0507", "S", { sp = 1, formation = "combat" }), U("D", "PL", "infantry", "0508", "N", { sp = 1 }) },
            { first = "PL" })
  e = evaluate(g, { "X1" }, { "D" })
  eq({ e.def["11.3.1"], e.final }, { 3, col("1:4") }, "the defender gains them when the ranged units attack")
end)

test("10.3.2: ranged units (in any formation) fighting alone count 1 SP together", function()
  local g = setup { U("X1", "MO", "crossbowmen", "0507", "S", { sp = 2, formation = "combat" }),
                    U("X2", "MO", "archers", "0408", "SE", { sp = 2, formation = "combat" }),
                    U("I", "MO", "infantry", "0608", "SW", { sp = 1 }), U("D", "PL", "infantry", "0508", "N"),
                    U("Y", "PL", "archers", "1208", "N", { sp = 2, formation = "movement" }), U("C", "MO", "infantry", "1207", "S") }
  eq(evaluate(g, { "X1", "X2" }, { "D" }).att_sp, 1, "2 + 2 SP alone: 1")
  eq(evaluate(g, { "X1", "I" }, { "D" }).att_sp, 3, "with infantry: not alone")
  eq(evaluate(g, { "C" }, { "Y" }).def_sp, 1, "in movement formation, alone: 1")
end)

test("10.4.1: ARCHER FIRE: range 1 -1 from 7, -2 on 12; range 2 -1 from 8", function()
  local g = setup { U("A", "MO", "infantry", "0507", "S") }
  eq(Q(g, function(R) return R.tables.fire_archers end),
     { { 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2 }, { 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2 } })
  local r
  g, r = one_shot({ U("A1", "PL", "archers", "0808", "N", { sp = 1, formation = "combat" }), U("K1", "MO", "cavalry", "0806", "N") },
                  { 7 }, "fire A1 K1")
  eq(purposes(r), { "fire (10.4.1)" })
  eq(g:unit_table("K1").sp, 2, "range 2, 7: nothing")
  g = one_shot({ U("A1", "PL", "archers", "0808", "N", { sp = 1, formation = "combat" }), U("K1", "MO", "cavalry", "0807", "N") },
               { 12 }, "fire A1 K1")
  eq(g:unit_table("K1"), nil, "range 1, 12: -2")
end)

test("10.5.1: horse archers are cavalry: they move in the cavalry phase, have no formations, have a ZoC, and 10.3 does not apply", function()
  local g = setup({ U("H2", "PL", "horse_archers", "0808", "S", { mp = 0 }), U("e", "MO", "infantry", "0809", "N") })
  local e = evaluate(g, { "H2" }, { "e" })
  eq({ e.def["11.3.1"], e.att_sp }, { nil, 2 }, "no 3 CMs for their enemy, their full SP")
  g = setup({ U("H", "PL", "horse_archers", "0802", "S"), U("z", "MO", "infantry", "2015", "N") }, { first = "PL" })
  eq(g:unit_table("H").formation, "")
  eq(Q(g, function(R, api) return R.zoc.has_zoc(api.unit("H")) end), true)
  done(play(g, "PL", "move H"))
  done(play(g, "PL", "turn H SE"))
  eq(g:unit_table("H").hex, "0803")
  to_phase(g, "A.infantry_move", nil, { reaction = "pass" })
  refused(g:act("PL", "move H"), "2.1")
  refused(g:act("PL", "formation H"), "10.1.1")
end)

test("10.5.2: horse archers' base turn cost is 1/2 MP for 60 degrees", function()
  local g = setup({ U("h", "PL", "horse_archers", "0202", "S"), U("k", "PL", "horse_archers", "0402", "S"),
                    U("c", "PL", "cavalry", "0602", "S") }, { first = "PL" })
  done(play(g, "PL", "turn h SE"))
  eq(g:unit_table("h").mp_left, 48 - 3, "1/2 x (0 + 1) + 0")
  done(play(g, "PL", "turn k N"))
  eq(g:unit_table("k").mp_left, 48 - 9, "180 degrees: 3 x 1/2")
  done(play(g, "PL", "turn c SE"))
  eq(g:unit_table("c").mp_left, 48 - 6, "cavalry: 1 MP")
end)

test("10.5.4: horse archers fire at any adjacent hex (behind them too), and no farther", function()
  local g = setup({ U("H1", "PL", "horse_archers", "0808", "S", { mp = 0 }), U("K1", "MO", "cavalry", "0807", "N"),
                    U("K2", "MO", "cavalry", "0810", "N") }, { first = "PL" })
  eq(to_window(g, "B.cavalry_move").request.options, { "fire H1 K1", "pass" }, "K1 behind it; K2 2 hexes ahead")
end)

test("10.5.6: horse archers fire twice a turn: in the enemy's movement phase, and in their own", function()
  -- PL moves first: the game opens with MO's fire window (10.1.5); H1 (MO)
  -- stands behind P1 (PL), neither in the other's front area
  local g = setup({ U("H1", "MO", "horse_archers", "1002", "S"), U("P1", "PL", "cavalry", "1001", "N") },
                  { first = "PL", dice = { 5, 5 } })
  local req = g:pending_request()
  eq({ req.side, req.options }, { "MO", { "fire H1 P1", "pass" } })
  done(g:answer("fire H1 P1"))
  eq(g:unit_table("H1").shots, 1)
  to_phase(g, "B.cavalry_move")
  done(play(g, "MO", "fire H1 P1"), "the own-phase shot")
  eq(g:unit_table("H1").shots, 2)
  refused(g:act("MO", "fire H1 P1"), "10.5.7")
end)

test("10.6.1: CROSSBOW FIRE: range 1 -1 from 4, -2 from 10; range 2 -1 from 6, -2 from 11", function()
  local g = setup { U("A", "MO", "infantry", "0507", "S") }
  eq(Q(g, function(R) return R.tables.fire_crossbowmen end),
     { { 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2 }, { 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2 } })
  local r
  g, r = one_shot({ U("X1", "PL", "crossbowmen", "0808", "N", { sp = 1, formation = "combat" }), U("K1", "MO", "cavalry", "0806", "N") },
                  { 5 }, "fire X1 K1")
  eq(purposes(r), { "fire (10.6.1)" })
  eq(g:unit_table("K1").sp, 2, "range 2, 5: nothing")
  g, r = one_shot({ U("X1", "PL", "crossbowmen", "0808", "N", { sp = 1, formation = "combat" }), U("K1", "MO", "cavalry", "0807", "N") },
                  { 4, 1 }, "fire X1 K1")
  eq(purposes(r), { "fire (10.6.1)", "crossbow hit (10.6.2)" })
  eq(g:unit_table("K1").sp, 1, "range 1, 4: -1")
end)

test("10.7.2: bombards reach 3 hexes ahead", function()
  local g = setup({ U("B1", "PL", "bombards", "0808", "N", { formation = "combat" }), U("K2", "MO", "cavalry", "0805", "N"),
                    U("K3", "MO", "cavalry", "1005", "N") }, { first = "PL" })
  eq(Q(g, function(R, api)
    local h = api.hex.parse("1005")
    return { api.hex.distance(api.hex.parse("0808"), h), R.ranged.in_arc(api.unit("B1"), h) }
  end), { 4, true }, "K3: ahead, in sight, 4 hexes away")
  eq(to_window(g, "B.cavalry_move").request.options, { "fire B1 K2", "pass" })
end)

test("10.7.3: against bombards only armour 2 counts, for -1", function()
  -- range 1: S from 8
  local function shot(armour)
    local g, r = one_shot({ U("B1", "PL", "bombards", "0808", "N", { formation = "combat" }),
                            U("K1", "MO", "cavalry", "0807", "N", { armour = armour }) }, { 8 }, "fire B1 K1")
    done(r)
    return g:unit_table("K1").condition
  end
  eq(shot(2), "", "8 - 1 = 7: nothing")
  eq(shot(1), "scattered", "armour 1: 8, S")
  eq(shot(0), "scattered")
end)

test("10.7.4: bombards in combat formation cannot retreat: they take the losses instead (5.4.6)", function()
  -- ranged alone: 2 SP vs 1 = 2:1 +3 (10.3.1) = 5:1, 10 = "D1"
  local g = setup { U("A", "MO", "infantry", "0507", "S"), U("D", "PL", "bombards", "0508", "N", { formation = "combat" }),
                    U("A2", "MO", "infantry", "0807", "S"), U("E", "PL", "bombards", "0808", "N", { formation = "movement" }) }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 10, 6 }
  done(play(g, "MO", "attack A D"))
  local d = g:unit_table("D")
  eq({ d.hex, d.sp }, { "0508", 1 })
  g.dice:force { 10, 6, 6 }
  done(play(g, "MO", "attack A2 E", { retreat = "0809" }))
  eq({ g:unit_table("E").hex, g:unit_table("E").sp }, { "0809", 2 }, "in movement formation they retreat")
end)

test("10.7.5: bombards fire at objects on BOMBARD FIRE (OBJECTS): range 2, 9 destroys the fortification, 8 does not", function()
  local g = setup({ U("B1", "PL", "bombards", "1107", "N", { formation = "combat" }), U("far", "MO", "infantry", "2015", "N") },
                  { first = "PL", dice = { 9 } })
  local r = to_window(g, "B.cavalry_move")
  eq(r.request.options, { "fire B1 hex 1105", "pass" })
  r = g:answer("fire B1 hex 1105")
  done(r)
  eq(purposes(r), { "fire (10.7.5)" })
  eq(g:var("map.terrain.1105"), "clear")
  eq(Q(g, function(R, api) return R.ranged.terrain(api.hex.parse("1105")) end), "clear")
  g = setup({ U("B1", "PL", "bombards", "1107", "N", { formation = "combat" }), U("far", "MO", "infantry", "2015", "N") },
            { first = "PL", dice = { 8 } })
  to_window(g, "B.cavalry_move")
  done(g:answer("fire B1 hex 1105"))
  eq(g:var("map.terrain.1105"), nil)
  eq(g:unit_table("B1").shots, 1, "the shot is spent")
end)

---------------------------------------------------------------- 11.1 fortifications

test("11.1.1 / 11.1.8: attacking through fortifications halves the attackers' strength; the fortified hex fights with 4 SP at most", function()
  -- fortification 1105; A at 1104 facing S
  local g = setup { U("A", "MO", "infantry", "1104", "S", { sp = 2 }),
                    U("D1", "PL", "infantry", "1105", "N", { sp = 2 }), U("D2", "PL", "infantry", "1105", "N", { sp = 2 }),
                    U("D3", "PL", "infantry", "1105", "N", { sp = 2 }), U("B", "MO", "infantry", "0807", "S", { sp = 2 }),
                    U("E", "PL", "infantry", "0808", "N", { sp = 2 }) }
  local e = evaluate(g, { "A" }, { "D1", "D2", "D3" })
  eq({ e.att_sp, e.def_sp, e.initial }, { 1, 4, col("1:4") })
  e = evaluate(g, { "A" }, { "D1" })
  eq({ e.att_sp, e.def_sp }, { 1, 2 })
  eq(evaluate(g, { "B" }, { "E" }).att_sp, 2, "in the open: whole")
end)

test("11.1.2: cavalry attacking through fortifications loses its CF: no CM from it, and CF 0 after the attack", function()
  -- K (CF 2, armour 1) attacks D (2 SP) into 1105 from 1104; in the open, 0807 from 0806
  local function game(fortified)
    local kh, dh = "0806", "0807"
    if fortified then kh, dh = "1104", "1105" end
    return setup { U("K", "MO", "cavalry", kh, "S", { cf = 2, armour = 1, mp = 0 }), U("D", "PL", "infantry", dh, "N") }
  end
  for _, case in ipairs { { false, 2, "4:1", 11, 1 }, { true, nil, "1:1", 6, 0 } } do
    local g = game(case[1])
    local e = evaluate(g, { "K" }, { "D" })
    eq({ e.att["5.6.4"], e.final }, { case[2], col(case[3]) }, case[1] and "fortified" or "open")
    to_phase(g, "A.cavalry_attack")
    g.dice:force { case[4] }                          -- "-" in both columns
    done(play(g, "MO", "attack K D"))
    eq(g:unit_table("K").cf, case[5], case[1] and "fortified: 0" or "open: 2 - 1 (5.2.11)")
  end
end)

test("11.1.4: movement through the gate costs nothing more; over the wall cavalry of armour 2 pays +5", function()
  local g = setup({ U("c", "PL", "cavalry", "1106", "N", { armour = 2 }) }, { first = "PL" })
  done(play(g, "PL", "move c"))
  eq({ g:unit_table("c").hex, g:unit_table("c").mp_left, g:unit_table("c").cf }, { "1105", 48 - 6, 0 })
  g = setup({ U("d", "PL", "cavalry", "1104", "S", { armour = 2 }) }, { first = "PL" })
  done(play(g, "PL", "move d"))
  eq({ g:unit_table("d").hex, g:unit_table("d").mp_left }, { "1105", 48 - 36 })
end)

test("11.1.8-b: a fortified hex holds 10 SP", function()
  local units = {}
  for i = 1, 4 do units[#units + 1] = U("g" .. i, "PL", "infantry", "1105", "N") end
  units[#units + 1] = U("a", "PL", "infantry", "1104", "S")
  units[#units + 1] = U("b", "PL", "infantry", "1106", "N", { sp = 1 })
  local g = setup(units, { first = "PL" })
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "move a"), "8 + 2 SP")
  refused(g:act("PL", "move b"), "11.1.8", "11 SP")
end)

test("11.1.9: at most 2 SP of cavalry on a fortified hex", function()
  local g = setup({ U("k", "PL", "cavalry", "1105", "N", { mp = 0 }), U("c", "PL", "cavalry", "1106", "N", { sp = 1 }),
                    U("i", "PL", "infantry", "1106", "N", { sp = 1 }) }, { first = "PL" })
  refused(g:act("PL", "move c"), "11.1.9")
  to_phase(g, "A.infantry_move")
  done(play(g, "PL", "move i"), "infantry may join")
end)

---------------------------------------------------------------- 12.1 units organization

local function org_units()
  return { U("Henryk", "PL", "leader", "0512", "N"), U("Boleslaw", "PL", "leader", "0912", "N"),
           U("H1", "PL", "cavalry", "0513", "N", { leader = "Henryk" }), U("H2", "PL", "infantry", "0613", "N", { leader = "Henryk" }),
           U("B1", "PL", "cavalry", "0913", "N", { leader = "Boleslaw" }), U("P9", "PL", "cavalry", "1213", "N"),
           U("Bajdar", "MO", "leader", "1503", "S"), U("M1", "MO", "horse_archers", "1502", "S", { leader = "Bajdar" }) }
end

local function org_game(units) return setup(units or org_units(), { options = { complementary = true }, first = "PL" }) end

local function units_of(g, leader)
  return Q(g, function(R, api)
    local out = {}
    for _, u in ipairs(R.organization.units_of(api.unit(leader))) do out[#out + 1] = u.name end
    table.sort(out)
    return out
  end)
end

test("12.1.1 / 12.1.2: each commander has the units the scenario assigns him", function()
  local g = org_game()
  eq(units_of(g, "Henryk"), { "H1", "H2" })
  eq(units_of(g, "Boleslaw"), { "B1" })
  eq(units_of(g, "Bajdar"), { "M1" })
  eq(Q(g, function(R, api) return R.organization.leader_of(api.unit("B1")).name end), "Boleslaw")
  eq(Q(g, function(R, api) return R.organization.leader_of(api.unit("P9")) end), nil, "no assignment, no commander")
end)

test("12.1.2-b: an assignment to no leader of the scenario, or to a leader of the other side, fails the setup", function()
  local units = org_units()
  units[#units + 1] = U("X1", "PL", "cavalry", "1413", "N", { leader = "Nobody" })
  local ok1, err1 = pcall(org_game, units)
  ok(not ok1 and tostring(err1):find("12.1.2", 1, true), tostring(err1))
  units = org_units()
  units[#units + 1] = U("X1", "PL", "cavalry", "1413", "N", { leader = "Bajdar" })
  local ok2, err2 = pcall(org_game, units)
  ok(not ok2 and tostring(err2):find("12.1.2", 1, true), tostring(err2))
end)

test("12.1.3: the assignment does not change during the game, not even when the commander dies", function()
  -- MO's A (0507) attacks Henryk alone at 0508: he is killed (8.2.9)
  local units = org_units()
  units[1].hex = "0508"
  units[#units + 1] = U("A", "MO", "infantry", "0507", "S")
  local g = setup(units, { options = { complementary = true } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 6 }
  done(play(g, "MO", "attack A Henryk"))
  eq(g:unit_table("Henryk"), nil)
  eq({ g:unit_table("H1").leader, g:unit_table("H1").sp }, { "Henryk", 1 }, "still Henryk's, and it lost 1 SP (8.1.4)")
  eq(units_of(g, "Boleslaw"), { "B1" }, "not passed to another commander")
  for _, a in ipairs(g:legal_actions("PL")) do ok(not a.line:find("assign", 1, true), a.line) end
end)

test("12.1.4 (colour schema and banner: the leader attribute): each unit carries its commander's name, and his side's colour", function()
  local g = org_game()
  eq({ g:unit_table("H1").leader, g:unit_table("B1").leader, g:unit_table("M1").leader }, { "Henryk", "Boleslaw", "Bajdar" })
  local svg = require("engine.render").svg(g)
  local function fill(class, name)
    for line in svg:gmatch("[^\n]+") do
      if line:find('<g class="' .. class .. '" data-unit="' .. name .. '"', 1, true) then
        return line:match('fill="([^"]+)"')
      end
    end
  end
  ok(fill("unit", "H1") ~= nil and fill("leader", "Henryk") ~= nil, "both drawn")
  eq(fill("unit", "H1"), fill("leader", "Henryk"))
  eq(fill("unit", "M1"), fill("leader", "Bajdar"))
  ok(fill("unit", "H1") ~= fill("unit", "M1"), "the other side's colour differs")
end)

---------------------------------------------------------------- 13.1 fatigue

-- end phases until the turn changes, answering `answers`
local function end_turn(g, answers)
  local t = g:turn()
  for _ = 1, 30 do
    if g:turn() > t then return end
    done(play(g, g:acting_side(), "end", answers), "end of " .. g:phase_info().name)
  end
  error("the turn did not end")
end

test("13.1.1: fatigue applies to the leader and his units: only his units roll for it", function()
  -- MO is player A: PL's cavalry phase starts after the game has begun
  local units = org_units()
  units[1].fatigue = 13
  local g = setup(units, { options = { complementary = true } })
  g.dice:force { 5, 5 }
  local r
  for _ = 1, 10 do
    if g:phase_info().name == "B.cavalry_move" then break end
    r = play(g, g:acting_side(), "end", { fatigue = "keep" })
    done(r)
  end
  eq(purposes(r), { "fatigue (13.2.1)" }, "H1 (Henryk's cavalry) only: not B1, P9, nor the infantry H2 in this phase")
  ok(H.notes(r):find("H1: fatigue roll 5", 1, true), H.notes(r))
end)

test("13.1.2: a leader starts at fatigue 0 unless the scenario sets another", function()
  local units = org_units()
  units[2].fatigue = 5
  local g = org_game(units)
  eq({ g:unit_table("Henryk").fatigue, g:unit_table("Boleslaw").fatigue }, { 0, 5 })
end)

test("13.1.6: fatigue changes by one level a turn at most", function()
  -- Henryk both moved (13.1.3) and has a unit with CF above 0 (13.1.4): +1, not +2
  local units = org_units()
  units[1].fatigue = 5
  local g = org_game(units)
  set(g, "H1", "cf", 1)
  set(g, "H1", "mp", 0)
  set(g, "H1", "mp_left", 0)
  done(play(g, "PL", "move Henryk"))
  end_turn(g, { fatigue = "lower" })
  eq(g:unit_table("Henryk").fatigue, 6)
  set(g, "H1", "cf", 0)
  end_turn(g, { fatigue = "lower" })
  eq(g:unit_table("Henryk").fatigue, 5, "lowered: by 1 only")
end)

test("5.2.8-d / 4.2.5: a 1-SP cavalry unit advancing into a village with CF above 0 is eliminated; the advance is concluded, the other attacker's stays open", function()
  -- A (cavalry, 1 SP, CF 2) at 0503 and B at 0604 attack D (1 SP) at 0504;
  -- A advances through 0504 (CF 1 -> 2) on into the village 0505 and loses its only SP
  local g = setup { U("A", "MO", "cavalry", "0503", "S", { sp = 1, cf = 2, armour = 2, mp = 0 }),
                    U("B", "MO", "cavalry", "0604", "SW", { cf = 0, mp = 0 }),
                    U("D", "PL", "infantry", "0504", "N", { sp = 1 }) }
  to_phase(g, "A.cavalry_attack")
  g.dice:force { 4 }                                  -- 3:1 +2 = 5:1, 4: D loses its only SP
  local r = play(g, "MO", "attack A,B D")
  done(r)
  eq({ g:unit_table("D"), g:unit_table("A").cf }, { nil, 1 }, H.notes(r))
  local l = lines(g, "MO", "advance")
  ok(contains(l, "advance A 0505") and contains(l, "advance B 0504"), table.concat(l, "; "))
  r = g:act("MO", "advance A 0505")
  done(r)
  eq(g:unit_table("A"), nil, "A is eliminated")
  ok(H.notes(r):find("loses 1 SP and scatters (4.2.5)", 1, true), H.notes(r))
  l = lines(g, "MO", "advance")
  ok(not contains(l, "advance A 0505") and contains(l, "advance B 0504"), table.concat(l, "; "))
  ok(g:act("MO", "advance A 0504").status ~= "done", "A is gone")
  done(g:act("MO", "advance B 0504"))
  eq(g:unit_table("B").hex, "0504")
  refused(g:act("MO", "advance B 0505"), "5.2.8", "one advance")
end)

test("5.7 / 4.2.5: a 1-SP cavalry unit countercharging into a village with CF above 0 is eliminated; the move goes on", function()
  local g = setup({ U("K1", "PL", "cavalry", "0403", "S", { mp = 2 }),
                    U("P2", "MO", "cavalry", "0606", "NW", { sp = 1, cf = 1 }), U("far", "MO", "infantry", "2015", "N", { sp = 1 }) },
                  { first = "PL" })
  -- K1 moves down column 4 to 0405, next to the village 0505 in P2's front area
  done(play(g, "PL", "move K1"), "0404")
  local r = g:act("PL", "move K1")
  eq(r.request and r.request.options, { "countercharge P2 K1", "pass" })
  r = g:answer("countercharge P2 K1")
  done(r)
  eq(g:unit_table("P2"), nil, "P2 is eliminated in the village")
  ok(H.notes(r):find("loses 1 SP and scatters (4.2.5)", 1, true), H.notes(r))
  ok(H.notes(r):find("P2 countercharges from 0606 to 0505", 1, true), H.notes(r))
end)
