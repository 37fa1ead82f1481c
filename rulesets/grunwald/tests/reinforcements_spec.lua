-- Units entering the map: the scenarios' reinforcements (Grunwald
-- scenario rules, A-077, A-078) and units coming back after leaving the
-- map [4.4.3]-[4.4.9], on the rules test field (20 x 15 hexes, odd columns
-- sit lower: row 01 is the north edge).  PL is player A: TO's cavalry
-- moves in phase 5 (B.cavalry_move), its infantry in phase 7.

local function U(name, side, kind, hex, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = hex and "N" or nil, sp = 2, mp = 8 }
  if kind == "infantry" then u.sp, u.mp = 1, 4 end
  if kind == "leader" then u.sp, u.mp = 0, 10 end
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function setup(units, extra)
  extra = extra or {}
  return game { ruleset = "grunwald", seed = 1, dice = extra.dice,
    scenario = { map = "test-field", turns = extra.turns or 8, units = units,
                 reinforcements = extra.reinforcements, data = extra.data } }
end

local function Q(g, f) return g:query(function() return f(g.rs.rules, g.rs.api) end) end
local function set(g, name, attr, value) g.state:set(g:find_unit(name), g.slot[attr], value) end

local H = loadfile(bitwa.home .. "/rulesets/grunwald/tests/lib/fights.lua", "t", _ENV)()
local function to_phase(g, name, turn) return H.to_phase(g, name, nil, turn) end

local function far() return U("far", "PL", "cavalry", "2015") end

local function entries(g, side)
  local out = {}
  for _, a in ipairs(g:legal_actions(side)) do if a.line:find("^enter") then out[#out + 1] = a.line end end
  return out
end

---------------------------------------------------------------- reinforcements

test("scenario-a: reinforcements wait off the map until the turn of their list", function()
  local g = setup({ U("R1", "TO", "cavalry"), far() },
                  { reinforcements = { { turn = 2, side = "TO", at = { "1001" }, units = { "R1" } } } })
  eq(g:unit_table("R1").hex, nil)
  eq(g:unit_table("R1").arrives, 2)
  to_phase(g, "B.cavalry_move")
  refused(g:act("TO", "enter R1 1001 S"), "scenario")
  eq(entries(g, "TO"), {})
  to_phase(g, "B.cavalry_move", 2)
  eq(entries(g, "TO"), { "enter R1 1001 S" })
  done(g:act("TO", "enter R1 1001 S"))
  local r1 = g:unit_table("R1")
  eq(r1.hex, "1001")
  eq(r1.facing, "S")
  eq(r1.arrives, 0)
end)

test("scenario-b: reinforcements enter only at the hexes of their list", function()
  local g = setup({ U("R1", "TO", "cavalry"), far() },
                  { reinforcements = { { turn = 1, side = "TO", at = { "1001", "1101" }, units = { "R1" } } } })
  to_phase(g, "B.cavalry_move")
  refused(g:act("TO", "enter R1 1201 S"), "scenario")
  done(g:act("TO", "enter R1 1101 S"))
end)

test("2.1: a reinforcement enters in its arm's movement phase; leaders in either", function()
  local g = setup({ U("R1", "TO", "cavalry"), U("I1", "TO", "infantry"), U("L1", "TO", "leader"), far() },
                  { reinforcements = { { turn = 1, side = "TO", at = { "1001", "1101", "1201" }, units = { "R1", "I1", "L1" } } } })
  to_phase(g, "B.cavalry_move")
  refused(g:act("TO", "enter I1 1101 S"), "2.1")
  done(g:act("TO", "enter R1 1001 S"))
  to_phase(g, "B.infantry_move")
  refused(g:act("PL", "enter R1 1001 S"), "2.1", "not PL's phase")
  done(g:act("TO", "enter I1 1101 S"))
  done(g:act("TO", "enter L1 1201 S"), "a leader in the infantry phase")
end)

test("A-078: a reinforcement pays for the hex it enters and may move on", function()
  local g = setup({ U("R1", "TO", "cavalry"), U("R2", "TO", "cavalry", nil, { sp = 1 }), U("R3", "TO", "cavalry", nil, { sp = 1 }), far() },
                  { reinforcements = { { turn = 1, side = "TO", at = { "1001", "0501" }, units = { "R1", "R2", "R3" } } } })
  to_phase(g, "B.cavalry_move")
  done(g:act("TO", "enter R1 1001 S"))
  eq(g:unit_table("R1").mp_left, 8 * 6 - 6, "8 MP, less 1 for the clear hex")
  eq(g:unit_table("R1").moved, true)
  refused(g:act("TO", "enter R2 1001 S"), "4.5.1", "R1 (2 SP) fills the hex")
  done(g:act("TO", "move R1"), "it goes on")
  eq(g:unit_table("R1").hex, "1002")
  done(g:act("TO", "enter R2 1001 S"), "the next one enters once the hex is free")
  done(g:act("TO", "enter R3 1001 S"))
  eq(g:unit_table("R3").mp_left, 8 * 6 - 12, "onto a friendly unit: 1 MP more (4.2.4)")
end)

test("scenario-c: per turn, the scenario's number of units of each arm; infantry once the cavalry is in", function()
  local g = setup({ U("C1", "TO", "cavalry"), U("C2", "TO", "cavalry"), U("C3", "TO", "cavalry"),
                    U("I1", "TO", "infantry"), U("I2", "TO", "infantry"), far() },
                  { reinforcements = { { turn = 1, side = "TO", at = { "0901", "1101", "1301", "1501" },
                                         units = { "C1", "C2", "C3", "I1", "I2" } } },
                    data = { reinforcement_rate = { TO = { cavalry = 2, infantry = 1 } } } })
  to_phase(g, "B.cavalry_move")
  done(g:act("TO", "enter C1 0901 S"))
  done(g:act("TO", "enter C2 1101 S"))
  refused(g:act("TO", "enter C3 1301 S"), "scenario", "two cavalry units a turn")
  to_phase(g, "B.infantry_move")
  refused(g:act("TO", "enter I1 1501 S"), "scenario", "C3 has not entered yet")
  eq(entries(g, "TO"), {})
  to_phase(g, "B.cavalry_move", 2)
  done(g:act("TO", "enter C3 1301 S"))
  to_phase(g, "B.infantry_move")
  done(g:act("TO", "enter I1 1501 S"))
  refused(g:act("TO", "enter I2 1501 S"), "scenario", "one infantry unit a turn")
  to_phase(g, "B.infantry_move", 3)
  done(g:act("TO", "enter I2 1501 S"))
end)

test("scenario-d: infantry waits only for the cavalry already due", function()
  local g = setup({ U("C1", "TO", "cavalry"), U("I1", "TO", "infantry"), far() },
                  { reinforcements = { { turn = 3, side = "TO", at = { "0901" }, units = { "C1" } },
                                       { turn = 1, side = "TO", at = { "1101" }, units = { "I1" } } },
                    data = { reinforcement_rate = { TO = { cavalry = 2, infantry = 3 } } } })
  to_phase(g, "B.infantry_move")
  done(g:act("TO", "enter I1 1101 S"))
end)

test("4.2.2 / 4.5.1: a reinforcement cannot enter onto enemy units or beyond the stacking limit", function()
  local g = setup({ U("R1", "TO", "cavalry"), U("P1", "PL", "cavalry", "1001"),
                    U("K1", "TO", "cavalry", "1101", { facing = "S" }), far() },
                  { reinforcements = { { turn = 1, side = "TO", at = { "1001", "1101" }, units = { "R1" } } } })
  to_phase(g, "B.cavalry_move")
  refused(g:act("TO", "enter R1 1001 S"), "4.2.2")
  refused(g:act("TO", "enter R1 1101 S"), "4.5.1")
end)

test("4.4.6: no unit enters onto impassable terrain (a list naming the lake)", function()
  local g = setup({ U("R1", "TO", "cavalry"), far() },
                  { reinforcements = { { turn = 1, side = "TO", at = { "1305" }, units = { "R1" } } } })
  to_phase(g, "B.cavalry_move")
  refused(g:act("TO", "enter R1 1305 S"), "4.4.6")
end)

---------------------------------------------------------------- units coming back [4.4]

-- K left the map from `at` in turn `t`, by `how` ("move" or "pursuit").
local function left(units, t, how, at)
  local g = setup(units)
  set(g, "K", "off_map", t)
  set(g, "K", "left_phase", how)
  set(g, "K", "left_at", bitwa.hex.parse(at))
  return g
end

test("4.4.1 / 4.4.2: a unit that leaves the map by moving is waiting to come back", function()
  local g = setup { U("K", "TO", "cavalry", "1001"), far() }
  to_phase(g, "B.cavalry_move")
  done(g:act("TO", "move K"))
  local k = g:unit_table("K")
  eq(k.hex, nil)
  eq(k.off_map, 1)
  eq(k.left_phase, "move")
  eq(k.left_at, "1001")
  to_phase(g, "B.cavalry_move", 4)
  done(g:act("TO", "enter K 1101 S"))
end)

test("T-14 4.4.3-a: left in its movement phase in turn 2: back in the turn 5 movement phase at the earliest", function()
  local g = left({ U("K", "TO", "cavalry", nil, { starts_off_map = true }), far() }, 2, "move", "1001")
  to_phase(g, "B.cavalry_move", 4)
  refused(g:act("TO", "enter K 1001 S"), "4.4.3")
  eq(entries(g, "TO"), {})
  to_phase(g, "B.cavalry_move", 5)
  done(g:act("TO", "enter K 1001 S"))
end)

test("T-15 4.4.3-b / A-015: left in a pursuit in turn 2: back in turn 6", function()
  local g = left({ U("K", "TO", "cavalry", nil, { starts_off_map = true }), far() }, 2, "pursuit", "1001")
  to_phase(g, "B.cavalry_move", 5)
  refused(g:act("TO", "enter K 1001 S"), "4.4.3")
  to_phase(g, "B.cavalry_move", 6)
  done(g:act("TO", "enter K 1001 S"))
end)

test("T-16 4.4.4 / A-016: cavalry comes back within 6 hexes of its departure hex along the same edge, others within 4", function()
  local g = left({ U("K", "TO", "cavalry", nil, { starts_off_map = true }), far() }, 1, "move", "1001")
  local labels = Q(g, function(R, B)
    local out = {}
    for _, h in ipairs(R.reinforcements.return_hexes(B.unit("K"))) do out[#out + 1] = h.label end
    table.sort(out)
    return out
  end)
  eq(labels, { "0401", "0501", "0601", "0701", "0801", "0901", "1001", "1101", "1201", "1301", "1401", "1501", "1601" })
  to_phase(g, "B.cavalry_move", 4)
  refused(g:act("TO", "enter K 0301 S"), "4.4.4")
  refused(g:act("TO", "enter K 1002 S"), "4.4.4", "not on the edge")
  done(g:act("TO", "enter K 1601 S"))
  g = left({ U("K", "TO", "infantry", nil, { starts_off_map = true }), far() }, 1, "move", "1001")
  labels = Q(g, function(R, B)
    local out = {}
    for _, h in ipairs(R.reinforcements.return_hexes(B.unit("K"))) do out[#out + 1] = h.label end
    table.sort(out)
    return out
  end)
  eq(labels, { "0601", "0701", "0801", "0901", "1001", "1101", "1201", "1301", "1401" })
end)

test("4.4.4-b: along the west edge the same count runs down the column", function()
  local g = left({ U("K", "TO", "cavalry", nil, { starts_off_map = true }), far() }, 1, "move", "0108")
  local labels = Q(g, function(R, B)
    local out = {}
    for _, h in ipairs(R.reinforcements.return_hexes(B.unit("K"))) do out[#out + 1] = h.label end
    table.sort(out)
    return out
  end)
  eq(labels, { "0102", "0103", "0104", "0105", "0106", "0107", "0108", "0109", "0110", "0111", "0112", "0113", "0114" })
end)

test("4.4.5: a unit coming back is only placed: it moves no more in that phase", function()
  local g = left({ U("K", "TO", "cavalry", nil, { starts_off_map = true }), far() }, 1, "move", "1001")
  to_phase(g, "B.cavalry_move", 4)
  done(g:act("TO", "enter K 1001 S"))
  local k = g:unit_table("K")
  eq(k.off_map, 0)
  eq(k.left_at, nil)
  eq(k.mp_left, 0)
  eq(k.stopped, true)
  refused(g:act("TO", "move K"), "4.4.5")
end)

test("4.4.7: not onto enemy units, nor into an enemy ZoC", function()
  local g = left({ U("K", "TO", "cavalry", nil, { starts_off_map = true }), U("P1", "PL", "cavalry", "0801"),
                   U("P2", "PL", "cavalry", "1202"), far() }, 1, "move", "1001")
  to_phase(g, "B.cavalry_move", 4)
  refused(g:act("TO", "enter K 0801 S"), "4.4.7")
  refused(g:act("TO", "enter K 1101 S"), "4.4.7", "P2's ZoC")
  refused(g:act("TO", "enter K 1201 S"), "4.4.7")
  done(g:act("TO", "enter K 1001 S"))
end)

test("4.4.8: a unit may wait; the zone stays the one of its departure hex", function()
  local g = left({ U("K", "TO", "cavalry", nil, { starts_off_map = true }), far() }, 1, "move", "1001")
  to_phase(g, "B.cavalry_move", 6)
  refused(g:act("TO", "enter K 1701 S"), "4.4.4")
  done(g:act("TO", "enter K 0401 S"))
end)

test("4.4.9: a unit coming back obeys stacking", function()
  local g = left({ U("K", "TO", "cavalry", nil, { starts_off_map = true }), U("K2", "TO", "cavalry", "1001", { facing = "S" }), far() },
                 1, "move", "1001")
  to_phase(g, "B.cavalry_move", 4)
  refused(g:act("TO", "enter K 1001 S"), "4.4.9")
  done(g:act("TO", "enter K 1101 S"))
end)

test("4.4-legal: a few entry hexes per unit, nearest first, facing into the map", function()
  local g = left({ U("K", "TO", "cavalry", nil, { starts_off_map = true }), far() }, 1, "move", "1001")
  to_phase(g, "B.cavalry_move", 4)
  eq(entries(g, "TO"), { "enter K 1001 S", "enter K 1101 S", "enter K 0901 S" })
  eq(entries(g, "PL"), {})
end)

test("scenario-legal: a long entry list is sampled along its length, differently for each unit", function()
  local at = {}
  for c = 1, 18 do at[#at + 1] = string.format("%02d01", c) end
  local g = setup({ U("R1", "TO", "cavalry"), U("R2", "TO", "cavalry"), far() },
                  { reinforcements = { { turn = 1, side = "TO", at = at, units = { "R1", "R2" } } } })
  to_phase(g, "B.cavalry_move")
  local lines = entries(g, "TO")
  eq(#lines, 6, "3 a unit")
  local seen = {}
  for _, l in ipairs(lines) do seen[l:match("enter %S+ (%d+)")] = (seen[l:match("enter %S+ (%d+)")] or 0) + 1 end
  local distinct = 0
  for _ in pairs(seen) do distinct = distinct + 1 end
  eq(distinct, 6, "no hex offered twice")
end)
