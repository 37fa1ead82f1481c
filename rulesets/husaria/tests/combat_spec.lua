-- Combat [6.1]-[6.4], attack effects [7.0], the morale track [8.0],
-- commanders in battle [9.2], dispersal [10.0] and artillery in close
-- combat [13.3], with forced dice.  Map facts: see movement_spec.lua (odd
-- columns sit lower: from an even column's hex c,r the neighbours are N
-- c,r-1  NE c+1,r-1  SE c+1,r  S c,r+1  SW c-1,r  NW c-1,r-1).  T-nn are
-- MATRIX.md §6.2's worked examples, T-HU-nn HUSARIA.md's.

local U = loadfile(bitwa.home .. "/rulesets/husaria/tests/lib/field.lua", "t", _ENV)().U

local function setup(units, extra)
  extra = extra or {}
  units[#units + 1] = U("far", "SW", "infantry", "2015", "N", { sp = 1, mp = 4 })
  units[#units + 1] = U("farpl", "PL", "infantry", "0115", "N", { sp = 1, mp = 4 })
  local vars = { { "side.A", "PL" } }
  for _, v in ipairs(extra.vars or {}) do vars[#vars + 1] = v end
  local g = game { ruleset = "husaria", seed = 1, options = extra.options, deploy = "scenario",
    scenario = { map = "test-field", turns = 5, units = units, vars = vars } }
  -- to PL's attack phase
  if not extra.movement then
    while g:phase_info().name ~= "A.attack" do done(g:act(g:acting_side(), "end")) end
  end
  return g
end

-- act, then answer the decisions: `answers` maps a decision kind to a list
-- of answers used in turn; otherwise free turns keep the facing, chases
-- and advances say "no", a retreat or a loss takes the first option.
local DEFAULT = { reaction = "pass", free_turn = 1, chase = "no", advance = "no", chase_step = "stop", retreat = 1, loss = 1,
                  regroup = 1, regroup_hex = 1, facing = 1, commander_joins = 1 }
local function act(g, side, line, answers, dice)
  answers = answers or {}
  if dice then g.dice:force(dice) end
  local r = g:act(side, line)
  local asked = {}
  while r.status == "decision" do
    local k = r.request.kind
    asked[#asked + 1] = k
    local list = answers[k]
    local a
    if list and #list > 0 then a = table.remove(list, 1)
    else
      a = DEFAULT[k]
      if a == nil then error("no answer for a " .. k .. " decision: " .. r.request.prompt) end
    end
    if type(a) == "number" then a = r.request.options[a] end
    r = g:answer(a)
  end
  return r, asked
end

local function sp(g, n) local u = g:unit_table(n); return u and u.sp end
local function hex(g, n) local u = g:unit_table(n); return u and u.hex end
local function notes(r)
  local t = {}
  for _, e in ipairs(r.events or {}) do t[#t + 1] = tostring(e) end
  return table.concat(t, "\n")
end
local function has(r, text)
  ok(notes(r):find(text, 1, true), "'" .. text .. "' not in:\n" .. notes(r) .. " (" .. tostring(r.status) .. ": " .. tostring(r.message) .. ")")
end

test("6.21, T-61: 1:1 with attacking morale 8 against 6 is read in the 3:1 column", function()
  local g = setup({ U("a", "PL", "infantry", "0804", "S", { morale = 8 }), U("d", "SW", "infantry", "0805", "N", { morale = 6 }) })
  local r = act(g, "PL", "attack a d", nil, { 9 })
  done(r)
  has(r, "+2 unit morale (6.21); column 3:1, 2D6 = 9: -")
  eq({ sp(g, "a"), sp(g, "d") }, { 2, 2 })
end)

test("6.19, 7.12, T-HU-10: cavalry attacking infantry alone doubles: 2 SP against 2 SP is 2:1; -1/-1 costs each side 1 SP", function()
  local g = setup({ U("c", "PL", "cavalry", "0804", "S"), U("d", "SW", "infantry", "0805", "N") })
  local r = act(g, "PL", "attack c d", nil, { 9 })
  has(r, "c x2 (6.19)")
  has(r, "column 2:1, 2D6 = 9: -1/-1")
  eq({ sp(g, "c"), sp(g, "d") }, { 1, 1 })
end)

test("6.19: no doubling against pikes or a mixed group (A-112)", function()
  local g = setup({ U("c", "PL", "cavalry", "0804", "S"), U("d", "SW", "pikes", "0805", "N") })
  local r = act(g, "PL", "attack c d", nil, { 6 })
  has(r, "column 1:1")
end)

test("6.43, 6.16, T-HU-09: attacked from its back zone a unit fights with 1 SP; attackers on opposite sides shift +1", function()
  local g = setup({ U("a1", "PL", "cavalry", "0804", "S"), U("a2", "PL", "cavalry", "0806", "N"),
                    U("d", "SW", "cavalry", "0805", "N") })
  -- 4 against 1 = 4:1, +1 opposite sides = 5:1; roll 9: B1.  Every hex
  -- around d is taken, in a1's or a2's ZoC, or swamp: it cannot retreat and
  -- loses 1 SP (7.22's example); then 1D6 on Battle Dispersal
  local r = act(g, "PL", "attack a1,a2 d", nil, { 9, 6 })
  done(r)
  has(r, "d attacked in its back zone: 1 SP (6.43)")
  has(r, "+1 opposite sides (6.16); column 5:1, 2D6 = 9: B1")
  has(r, "d can retreat no farther: 1 hex short, 1 SP lost (7.22)")
  eq(sp(g, "d"), 1)
  eq(hex(g, "d"), "0805")
end)

test("6.11, 6.14, 6.15, 6.23: battles between neighbours; many against one; a unit fights and is attacked once a phase", function()
  local g = setup({ U("a1", "PL", "infantry", "0804", "S", { sp = 1 }), U("a2", "PL", "infantry", "0704", "SE", { sp = 1 }),
                    U("d", "SW", "infantry", "0805", "N"), U("e", "SW", "infantry", "1006", "N"),
                    U("b", "PL", "infantry", "1004", "S") })
  refused(g:act("PL", "attack b e"), "6.11", "not next to each other")
  refused(g:act("PL", "attack a1 e"), "6.11")
  refused(g:act("PL", "attack d a1"), "6.11", "not PL's")
  local r = act(g, "PL", "attack a1,a2 d", nil, { 6 })
  has(r, "battle a1, a2 (2) vs d (2)")
  refused(g:act("PL", "attack a1 d"), "6.23")
end)

test("6.12, 6.13, 6.22, 6.24: the attack phase ends only when every unit with an enemy in its ZoC has attacked it", function()
  local g = setup({ U("a", "PL", "infantry", "0804", "S"), U("d", "SW", "infantry", "0805", "N"),
                    U("b", "PL", "infantry", "1004", "SW"), U("e", "SW", "infantry", "0904", "N", { sp = 1 }) })
  refused(g:act("PL", "end"), "6.12")
  done((act(g, "PL", "attack a d", nil, { 6 })))
  refused(g:act("PL", "end"), "6.12", "b has e in its ZoC")
  done((act(g, "PL", "attack b e", nil, { 8 })))
  done(g:act("PL", "end"))
  eq(g:phase_info().name, "B.movement")
end)

test("6.12: a unit attacks into its front zone only", function()
  local g = setup({ U("a", "PL", "infantry", "0804", "N"), U("d", "SW", "infantry", "0805", "N") })
  refused(g:act("PL", "attack a d"), "6.12")
end)

test("6.31, 6.32: terrain: the one modifier most favourable to the defender (a village's -2, not also a stream's -1)", function()
  local g = setup({ U("a", "PL", "infantry", "0504", "S"), U("d", "SW", "infantry", "0505", "N") })
  local r = act(g, "PL", "attack a d", nil, { 3 })
  has(r, "-2 terrain (6.31, 6.32); column 1:3")
  local g2 = setup({ U("a", "PL", "infantry", "1303", "SE"), U("d", "SW", "infantry", "1404", "NW") })
  local r2 = act(g2, "PL", "attack a d", nil, { 4 })
  has(r2, "-1 terrain (6.31, 6.32); column 1:2")
end)

test("6.31: an attack into or out of a swamp counts half the attacker's SP", function()
  local g = setup({ U("a", "PL", "infantry", "0614", "SE"), U("d", "SW", "infantry", "0714", "NW", { sp = 1 }) })
  local r = act(g, "PL", "attack a d", nil, { 6 })
  has(r, "a halved (swamp, 6.31)")
  has(r, "battle a (1) vs d (1)")
end)

test("6.41, 6.42, 7.12, T-66: -1/B1: the attacker loses 1 SP, the defender retreats 1 (a 2-SP unit flips to 1 SP)", function()
  local g = setup({ U("a", "PL", "infantry", "0804", "S", { morale = 8 }), U("d", "SW", "infantry", "0805", "N", { morale = 6 }) })
  local r = act(g, "PL", "attack a d", { retreat = { "0806" } }, { 8, 4 })
  has(r, "column 3:1, 2D6 = 8: -1/B1")
  eq(hex(g, "d"), "0806")
  eq(sp(g, "a"), 1)
  eq(sp(g, "d"), 2)
end)

test("7.12, T-66: A2-1: the attacker retreats 2 hexes and loses 1 SP", function()
  local g = setup({ U("a", "PL", "infantry", "0504", "S", { morale = 6 }), U("d", "SW", "infantry", "0505", "N", { morale = 8 }) })
  local r = act(g, "PL", "attack a d", { retreat = { "0503", "0502" } }, { 9, 5 })
  has(r, "column 1:4, 2D6 = 9: A2-1")
  eq(hex(g, "a"), "0502")
  eq(sp(g, "a"), 1)
end)

test("7.21, 7.22, 7.23, T-67: B2 with one hex free: the unit retreats 1 and loses 1 SP; option 'eliminate' eliminates it", function()
  local units = function()
    return { U("a", "PL", "cavalry", "0804", "S"), U("d", "SW", "cavalry", "0805", "N"),
             U("f1", "SW", "infantry", "0905", "N", { sp = 1 }), U("f2", "SW", "infantry", "0807", "N", { sp = 1 }),
             U("f3", "SW", "infantry", "0906", "N", { sp = 1 }), U("f4", "SW", "infantry", "0706", "N", { sp = 1 }) }
  end
  local g = setup(units())
  local r = act(g, "PL", "attack a d", nil, { 2, 6 })
  has(r, "column 1:1, 2D6 = 2: B2")
  eq(hex(g, "d"), "0806")
  eq(sp(g, "d"), 1)
  for _, f in ipairs { "f1", "f2", "f3", "f4" } do ok(hex(g, f) ~= "0806", "7.21, 7.23: never onto its own units") end
  local g2 = setup(units(), { options = { blocked_retreat = "eliminate" } })
  act(g2, "PL", "attack a d", nil, { 2 })
  eq(g2:unit_table("d"), nil)
end)

test("7.22: a retreat must take the full distance when a route allows it", function()
  -- d at 0805 may step to 0806 or 0905; from 0905 the way on is blocked, from 0806 it is free
  local g = setup({ U("a", "PL", "cavalry", "0804", "S"), U("d", "SW", "cavalry", "0805", "N"),
                    U("f1", "SW", "infantry", "1004", "N", { sp = 1 }), U("f2", "SW", "infantry", "1005", "N", { sp = 1 }),
                    U("f3", "SW", "infantry", "0906", "N", { sp = 1 }) })
  local r, asked = act(g, "PL", "attack a d", nil, { 2, 6 })
  eq(hex(g, "d") ~= nil and bitwa.hex.parse(hex(g, "d")).col ~= 9, true, "not into the dead end: " .. tostring(hex(g, "d")))
  eq(sp(g, "d"), 2)
end)

test("7.13, 7.31, 7.32, 7.33, 4.42: the winner may chase along the loser's route, 1 hex off it, ignoring ZoC; then free turns", function()
  local g = setup({ U("a", "PL", "cavalry", "0804", "S"), U("d", "SW", "cavalry", "0805", "N", { morale = 7 }),
                    U("z", "SW", "infantry", "1006", "NW", { sp = 1 }) })
  -- 1:1, roll 2: B2; d retreats 0806 then 0807; a chases into 0805 then 0905 (1 hex off 0806), in z's ZoC
  local r = act(g, "PL", "attack a d", { retreat = { "0806", "0807" }, chase = { "a" },
    chase_step = { "0805", "0905" }, free_turn = { "SE", "N" } }, { 2, 6 })
  done(r)
  eq(hex(g, "a"), "0905")
  eq(g:unit_table("a").facing, "SE")
  eq(hex(g, "d"), "0807")
end)

test("7.14, 6.17: a defender destroyed: the winner may only enter its hex", function()
  local g = setup({ U("a", "PL", "infantry", "0804", "S", { morale = 7 }), U("d", "SW", "infantry", "0805", "N", { sp = 1, morale = 6 }) })
  -- 2:1 +1 (morale 7 against 6) = 3:1; row 10 "-1/-1": d (1 SP) is eliminated, a may advance
  local r = act(g, "PL", "attack a d", { advance = { "a" } }, { 10 })
  eq(g:unit_table("d"), nil)
  eq(hex(g, "a"), "0805")
end)

test("8.11, 8.12, 8.13, 8.16, T-68, T-HU-13: an elimination moves the morale token one field; the new zone counts from the next stage", function()
  local g = setup({ U("a", "PL", "infantry", "0804", "S", { morale = 7 }), U("d", "SW", "infantry", "0805", "N", { sp = 1, morale = 6 }) },
    { vars = { { "morale", 2 } } })
  eq(g:var("morale.effective"), 0, "8.12: field +2 lies in zone 0")
  act(g, "PL", "attack a d", nil, { 10 })
  eq(g:var("morale"), 3, "8.13: one field for PL")
  eq(g:var("morale.effective"), 0, "8.16: not in this stage")
  done(g:act("PL", "end"))
  done(g:act("SW", "end"))
  done(g:act("SW", "end"))
  eq(g:turn(), 2)
  eq(g:var("morale.effective"), 1, "PL +1 from stage 2")
end)

test("8.14, 8.15: the morale zone's modifier shifts every battle toward its side", function()
  local g = setup({ U("a", "PL", "infantry", "0804", "S"), U("d", "SW", "infantry", "0805", "N") },
    { vars = { { "morale", -9 } } })
  local r = act(g, "PL", "attack a d", nil, { 3 })
  has(r, "-2 morale track (8.14, 8.15); column 1:3")
end)

test("9.21, T-74: a commander's modifier reaches units within his command range (+1: 3 hexes)", function()
  local g = setup({ U("a", "PL", "infantry", "0804", "S"), U("d", "SW", "infantry", "0805", "N"),
                    U("ch", "PL", "commander", "0801", "S", { command = 1, sp = 0 }),
                    U("sc", "SW", "commander", "0809", "N", { command = 2, sp = 0 }) })
  local r = act(g, "PL", "attack a d", nil, { 9 })
  has(r, "+1 commander (9.21); -2 defending commander (9.21)")
end)

test("9.22, 9.23, 9.24, T-69: a stack with a commander must retreat: 2D6 = 12 kills him, the morale track moves 4", function()
  local g = setup({ U("a", "PL", "infantry", "0804", "S", { morale = 8 }), U("d", "SW", "infantry", "0805", "N", { morale = 6 }),
                    U("sc", "SW", "commander", "0805", "N", { sp = 0 }) })
  act(g, "PL", "attack a d", { retreat = { "0806" } }, { 8, 12, 6 })
  eq(g:unit_table("sc"), nil)
  eq(g:var("morale"), 4)
  -- 2..11: he retreats with the stack
  local g2 = setup({ U("a", "PL", "infantry", "0804", "S", { morale = 8 }), U("d", "SW", "infantry", "0805", "N", { morale = 6 }),
                     U("sc", "SW", "commander", "0805", "N", { sp = 0 }) })
  act(g2, "PL", "attack a d", { retreat = { "0806" } }, { 8, 11, 6 })
  eq(hex(g2, "sc"), "0806")
end)

test("9.22: a unit eliminated on a commander's hex: 2D6 = 12 kills him; else he goes to another unit", function()
  local g = setup({ U("a", "PL", "infantry", "0804", "S", { morale = 7 }), U("d", "SW", "infantry", "0805", "N", { sp = 1, morale = 6 }),
                    U("sc", "SW", "commander", "0805", "N", { sp = 0 }) })
  act(g, "PL", "attack a d", nil, { 10, 11 })
  eq(hex(g, "sc"), "2015", "to 'far', the only SW unit left")
  local g2 = setup({ U("a", "PL", "infantry", "0804", "S", { morale = 7 }), U("d", "SW", "infantry", "0805", "N", { sp = 1, morale = 6 }),
                     U("sc", "SW", "commander", "0805", "N", { sp = 0 }) })
  act(g2, "PL", "attack a d", nil, { 10, 12 })
  eq(g2:unit_table("sc"), nil)
  eq(g2:var("morale"), 1 + 4, "8.13 for d, 9.24 for sc")
end)

test("6.21 step 9, 10.11, 10.12, 10.16, T-62: after a retreat 1D6 on Battle Dispersal: Cossack cavalry, B3, a 2 disperses it", function()
  local g = setup({ U("a", "PL", "cavalry", "0804", "S"), U("a2", "PL", "cavalry", "0704", "SE"),
                    U("d", "SW", "cavalry", "0805", "N", { morale = 7 }) })
  -- 4:2 = 2:1, roll 2: B2 (row B2 for morale 7 cavalry: 1) - use 3:1 row 3 for B2 too; here force B2 and a 1
  local r = act(g, "PL", "attack a,a2 d", { retreat = { "0806", "0807" } }, { 2, 1 })
  has(r, "2D6 = 2: B2")
  has(r, "d is dispersed (6.21, Battle Dispersal)")
  eq(hex(g, "d"), nil)
  ok(g:unit_table("d").dispersed)
  eq(g:var("morale") or 0, 0, "10.16: no morale move")
end)

test("10.13, T-HU-08: a unit fighting with a commander on its hex is not dispersed by an R", function()
  -- 9:1 roll 2: -1/B5R
  local g = setup({ U("a", "PL", "cavalry", "0804", "S", { morale = 8 }), U("a2", "PL", "cavalry", "0704", "SE", { morale = 8 }),
                    U("d", "SW", "infantry", "0805", "N", { sp = 1, morale = 6 }),
                    U("sc", "SW", "commander", "0805", "N", { sp = 0 }) })
  local r = act(g, "PL", "attack a,a2 d", { retreat = { "0806", "0807", "0808", "0809", "0810" } }, { 2, 3, 6 })
  has(r, "2D6 = 2: -1/B5R")
  has(r, "d is not dispersed: a commander fights on its hex (10.13)")
  eq(hex(g, "d"), "0810")
end)

test("7.12, T-HU-03: A4-1R: the attacker retreats 4, may be chased, loses 1 SP, then is dispersed without a roll", function()
  local g = setup({ U("a", "PL", "infantry", "0504", "S", { morale = 6 }), U("d", "SW", "cavalry", "0505", "N", { morale = 8 }) })
  local r = act(g, "PL", "attack a d", { retreat = { "0503", "0502", "0501", "0401" } }, { 12 })
  has(r, "column 1:4, 2D6 = 12: A4-1R")
  local t = notes(r)
  local i1, i2, i3 = t:find("a retreats 4 hexes", 1, true), t:find("a loses 1 SP", 1, true), t:find("a is dispersed (10.11, R)", 1, true)
  ok(i1 and i2 and i3 and i1 < i2 and i2 < i3, "retreat, then loss, then dispersal:\n" .. t)
  eq(g:unit_table("a").sp, 1)
  eq(hex(g, "a"), nil)
end)

test("10.14, T-70: 9 units on the track: 5 may come back next to their commander at the start of the own movement phase", function()
  local units = { U("ch", "PL", "commander", "0808", "S", { sp = 0, chief = true }) }
  for i = 1, 9 do
    units[#units + 1] = U("p" .. i, "PL", "cavalry", nil, nil, { starts_off_map = true, dispersed = true, track_order = i, leader = "ch" })
  end
  local g = setup(units, { movement = true })
  -- the game began in PL's movement phase: its start asks for the returns
  eq(g:phase_info().name, "A.movement")
  local back = 0
  while g:pending_request() do
    local req = g:pending_request()
    if req.kind == "regroup" then back = back + 1; ok(req.options[#req.options] == "none") end
    g:answer(req.options[1])
  end
  eq(back, 5, "half of 9, rounded up")
  local on, off = 0, 0
  for i = 1, 9 do
    local u = g:unit_table("p" .. i)
    if u.hex then
      on = on + 1
      local around = { ["0807"] = true, ["0907"] = true, ["0908"] = true, ["0809"] = true, ["0708"] = true, ["0707"] = true }
      ok(around[u.hex], "next to the commander: " .. u.hex)
      eq(u.sp, 2)
    else off = off + 1; ok(u.dispersed) end
  end
  eq({ on, off }, { 5, 4 })
end)

test("10.14: units whose commander died this stage come back around the chief commander weakened by 1 SP", function()
  local units = { U("chief", "PL", "commander", "0808", "S", { sp = 0, chief = true }),
                  U("p1", "PL", "cavalry", nil, nil, { starts_off_map = true, dispersed = true, track_order = 1, leader = "dead" }),
                  U("p2", "PL", "cavalry", nil, nil, { starts_off_map = true, dispersed = true, track_order = 2, leader = "dead", sp = 1 }) }
  local g = setup(units, { movement = true, vars = { { "killed.dead", 1 } } })
  while g:pending_request() do g:answer(g:pending_request().options[1]) end
  eq(g:unit_table("p1").sp, 1)
  ok(g:unit_table("p1").hex)
end)

test("10.15, 10.16, T-HU-07: a unit dispersed onto a full track: every unit on it is eliminated, the morale track does not move", function()
  local units = { U("a", "PL", "cavalry", "0804", "S"), U("a2", "PL", "cavalry", "0704", "SE"),
                  U("d", "SW", "cavalry", "0805", "N", { morale = 7 }) }
  for i = 1, 2 do
    units[#units + 1] = U("s" .. i, "SW", "cavalry", nil, nil, { starts_off_map = true, dispersed = true, track_order = i })
  end
  local g = setup(units, { options = { dispersal_track = 3 } })
  act(g, "PL", "attack a,a2 d", { retreat = { "0806", "0807" } }, { 2, 1 })
  eq(g:unit_table("d"), nil)
  eq(g:unit_table("s1"), nil)
  eq(g:unit_table("s2"), nil)
  eq(g:var("morale") or 0, 0)
end)

test("13.31, 13.32, 13.33, T-HU-06: artillery fights with 1 SP; withdrawn, it is destroyed when a chaser enters its hex; it never chases", function()
  local g = setup({ U("c", "PL", "cavalry", "0804", "S"), U("gun", "SW", "artillery", "0805", "N", { gun = "heavy", mp = 2 }) })
  -- 2 against 1 = 2:1; roll 5: B1
  local r = act(g, "PL", "attack c gun", { retreat = { "0806" }, chase = { "c" }, chase_step = { "0805" } }, { 5 })
  has(r, "defending artillery: 1 SP (13.31)")
  has(r, "gun is eliminated (13.32")
  eq(hex(g, "c"), "0805")
end)

test("4.46, T-HU-14: a cavalry chaser straying into a swamp off the road is eliminated, and the morale track moves", function()
  local g = setup({ U("c", "PL", "cavalry", "0604", "SE"), U("d", "SW", "cavalry", "0704", "NW") })
  -- 1:1 roll 2: B2; d retreats to 0805 then 0905; c chases into 0704, then 0705 (swamp, next to 0805)
  local r = act(g, "PL", "attack c d", { retreat = { "0805", "0905" }, chase = { "c" }, chase_step = { "0704", "0705" } }, { 2, 6 })
  has(r, "c is eliminated (4.46")
  eq(g:unit_table("c"), nil)
  eq(g:var("morale"), -1)
end)

test("8.14, option morale_scope = 'own_attacks': the zone's modifier counts only in the side's own attacks", function()
  local g = setup({ U("a", "PL", "infantry", "0804", "S"), U("d", "SW", "infantry", "0805", "N") },
    { vars = { { "morale", -9 } }, options = { morale_scope = "own_attacks" } })
  local r = act(g, "PL", "attack a d", nil, { 6 })
  has(r, "no shifts; column 1:1")
end)
