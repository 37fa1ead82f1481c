-- The MORALE track [6.1], forced dice.  T-nn: MATRIX.md §6.1.  The
-- variable `morale` counts fields in PL's favour (TO reads it negated);
-- `morale.effective` is the value in force this turn.  Map: test-field.
-- A (TO) at 0507 facing S attacks D (PL) at 0508.  TO is player A.

local H = loadfile(bitwa.home .. "/rulesets/grunwald/tests/lib/fights.lua", "t", _ENV)()
local setup, U, contains, answer_all, play, to_phase, purposes, asked, var =
  H.setup, H.U, H.contains, H.answer_all, H.play, H.to_phase, H.purposes, H.asked, H.var

local function cms(g, atts, defs)
  return g:query(function()
    local api, C = g.rs.api, g.rs.modules.combat
    local function list(ns)
      local t = {}
      for i, n in ipairs(ns) do t[i] = api.unit(n) end
      return t
    end
    local r = C.evaluate { attackers = list(atts), defenders = list(defs) }
    local out = { att = {}, def = {} }
    for _, m in ipairs(r.att_mods) do out.att[m.rule] = m.cm end
    for _, m in ipairs(r.def_mods) do out.def[m.rule] = m.cm end
    return out
  end)
end

local function value(g, side)
  return g:query(function() return g.rs.modules.morale.value(side) end)
end

test("6.1.3: the counter starts where the scenario puts it (0 by default)", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S") }
  eq(g:var("morale"), 0)
  eq(g:var("morale.effective"), 0)
  g = setup({ U("A", "TO", "infantry", "0507", "S") }, { vars = { { "morale", 2 } }, options = { morale_value = "offset" } })
  eq(g:var("morale.effective"), 2)
  eq(value(g, "PL"), 2)
  eq(value(g, "TO"), -2)
  g = setup({ U("A", "TO", "infantry", "0507", "S") }, { vars = { { "morale", 25 } } })
  eq(g:var("morale.effective"), 25)
  eq(value(g, "PL"), 2, "25 fields: zone +2")
  eq(value(g, "TO"), -2)
end)

test("6.1.2 / T-39: MORALE +1 for the Poles: every Polish unit gains 1 CM in every combat, the Teutons none", function()
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") },
                  { vars = { { "morale", 10 } } })     -- 10 fields: zone +1
  local e = cms(g, { "A" }, { "D" })
  eq(e.def["6.1.2"], 1, "PL defending")
  eq(e.att["6.1.2"], nil)
  e = cms(g, { "D" }, { "A" })
  eq(e.att["6.1.2"], 1, "PL attacking")
end)

test("6.1.4 / 6.1.9 [offset]: an enemy unit eliminated moves the counter 1 field at once; the value changes in phase 9", function()
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("E", "PL", "infantry", "1010", "N") }, { options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 3 }                         -- 2:1, 3 = D2 -1
  done(play(g, "TO", "attack A D"))
  eq(g:unit_table("D"), nil)
  eq(g:var("morale"), -1, "1 field for TO")
  eq(g:var("morale.effective"), 0, "not in force before phase 9")
  eq(value(g, "TO"), 0)
  to_phase(g, "A.cavalry_move")              -- through phase 9 into turn 2
  eq(g:turn(), 2)
  eq(g:var("morale.effective"), -1)
  eq(value(g, "TO"), 1)
  eq(cms(g, { "A" }, { "E" }).att["6.1.2"], 1, "TO's units now gain 1 CM")
end)

test("6.1.2-b / A-007: the side the track does not favour gains no CM (and loses none)", function()
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") },
                  { vars = { { "morale", -25 } } })
  local e = cms(g, { "A" }, { "D" })
  eq(e.att["6.1.2"], 2)
  eq(e.def["6.1.2"], nil)
end)

---------------------------------------------------------------------------
-- The two readings of the track (A-007, option morale_value): "zones" (the
-- default) reads the fields through tables.morale.zones, 0-9 fields MORALE
-- 0, 10-24 +1, 25 and more +2 (an estimate of the map's track); "offset"
-- takes the signed field offset itself.  Each test below runs under both.

local READINGS = {
  zones = { [0] = 0, [1] = 0, [4] = 0, [8] = 0, [9] = 0, [10] = 1, [12] = 1, [20] = 1, [24] = 1, [25] = 2, [40] = 2 },
  offset = { [0] = 0, [1] = 1, [4] = 4, [8] = 8, [9] = 9, [10] = 10, [12] = 12, [20] = 20, [24] = 24, [25] = 25, [40] = 40 },
}
-- the fields that give MORALE v (|v| <= 2) in each reading
local FIELDS = { zones = { [0] = 0, [1] = 10, [2] = 25 }, offset = { [0] = 0, [1] = 1, [2] = 2 } }
local function fields(reading, v) return v < 0 and -FIELDS[reading][-v] or FIELDS[reading][v] end

local function value_of(g, f) return g:query(function() return g.rs.modules.morale.value_of(f) end) end

for _, reading in ipairs { "zones", "offset" } do
  local opt = { morale_value = reading }

  test("6.1.4-6.1.7 / A-007 [" .. reading .. "]: the value a track position gives, either way from the middle", function()
    local g = setup({ U("A", "TO", "infantry", "0507", "S") }, { options = opt })
    for f, v in pairs(READINGS[reading]) do
      eq(value_of(g, f), v, f .. " fields")
      eq(value_of(g, -f), -v, -f .. " fields")
    end
  end)

  test("6.1.4 / 6.1.9 [" .. reading .. "]: an elimination moves 1 field at once; the value it reaches is in force from phase 9", function()
    -- the track stands one field short of MORALE -1 for PL (+1 for TO)
    local start = fields(reading, -1) + 1
    local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                      U("E", "PL", "infantry", "1010", "N") }, { options = opt, vars = { { "morale", start } } })
    eq(value(g, "TO"), 0)
    to_phase(g, "A.infantry_attack")
    g.dice:force { 3 }                         -- 2:1, 3 = D2 -1
    done(play(g, "TO", "attack A D"))
    eq(g:unit_table("D"), nil)
    eq(g:var("morale"), start - 1, "1 field for TO")
    eq(value(g, "TO"), 0, "not in force before phase 9")
    eq(cms(g, { "A" }, { "E" }).att["6.1.2"], nil)
    to_phase(g, "A.cavalry_move")
    eq(g:turn(), 2)
    eq(value(g, "TO"), 1)
    eq(value(g, "PL"), -1)
    eq(cms(g, { "A" }, { "E" }).att["6.1.2"], 1, "6.1.2: TO's units now gain 1 CM")
  end)

  test("6.1.5 [" .. reading .. "]: a banner's fall moves 3 fields for the enemy; in force from phase 9", function()
    -- TO's archers X fire at D (1 SP, PB's only holder) as PL's movement
    -- phase starts: 12 at range 1 is -2; D's loss is 1 field, PB's fall 3;
    -- the track stands 4 fields short of MORALE +1 for TO
    local start = fields(reading, -1) + 4
    local g = setup({ U("X", "TO", "archers", "0507", "S", { sp = 1 }), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                      { name = "PB", side = "PL", kind = "banner", holder = "D", hex = "0508" },
                      U("E", "PL", "infantry", "1212", "N") }, { options = opt, vars = { { "morale", start } } })
    to_phase(g, "A.infantry_attack")
    local r = g:act("TO", "end")
    eq(r.status, "decision")
    g.dice:force { 12 }
    done(answer_all(g, g:answer("fire X D")))
    eq(g:unit_table("PB").holder, "", "fallen")
    eq(g:var("morale"), start - 4, "1 field for D, 3 for the banner")
    to_phase(g, "A.cavalry_move", 2)
    eq(value(g, "TO"), 1)
  end)

  test("6.1.6 / 6.1.7 [" .. reading .. "]: a leader killed moves 8 fields, the grand leader 12; their values", function()
    local g = setup({ U("c1", "PL", "cavalry", "0202", "S"), U("L", "TO", "leader", "0203", "N"),
                      U("c2", "PL", "cavalry", "0802", "S"), U("GL", "TO", "leader", "0803", "N", { grand = true }),
                      U("K", "TO", "infantry", "2015", "N") }, { first = "PL", options = opt })
    done(play(g, "PL", "move c1"))
    eq(g:unit_table("L"), nil, "a lone leader entered is killed (8.2.6)")
    eq(g:var("morale"), 8)
    eq(value_of(g, 8), reading == "zones" and 0 or 8, "one leader: less than a zone")
    eq(value_of(g, 12), reading == "zones" and 1 or 12, "the grand leader: one zone")
    done(play(g, "PL", "move c2"))
    eq(g:unit_table("GL"), nil)
    eq(g:var("morale"), 20)
    to_phase(g, "A.cavalry_attack")
    to_phase(g, "A.cavalry_move")
    eq(g:turn(), 2)
    eq(value(g, "PL"), reading == "zones" and 1 or 20, "both: one zone, 5 fields short of the top")
    eq(value(g, "TO"), reading == "zones" and -1 or -20)
    eq(value_of(g, 25), reading == "zones" and 2 or 25, "both and 5 units more: the top zone")
  end)

  -- A (TO, 2 SP) attacks D (PL, 2 SP) at 1:1; TO's leader L is at 0207,
  -- 3 hexes from 0508: a pursuit is voluntary after a roll (5.5.3), unless
  -- MORALE is +2 (6.1.8).  Roll 2: at 3:1 (+2) "-1 / D2", at 2:1 (+1) "D2".
  local function pursuit_duel(v, leader_hex, dice)
    local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                      U("L", "TO", "leader", leader_hex, "N") },
                    { options = opt, vars = { { "morale", fields(reading, -v) } } })
    to_phase(g, "A.infantry_attack")
    g.dice:force(dice)
    local r = play(g, "TO", "attack A D", { retreat = { "0509", "0510" } })
    done(r)
    return g, r
  end

  test("6.1.8 [" .. reading .. "]: at MORALE +2 the pursuit is obligatory, with no roll, unless a leader is on the unit's hex", function()
    local g, r = pursuit_duel(2, "0207", { 2, 7 })
    eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" }, "no pursuit roll")
    eq(#asked(r, "pursuit"), 0)
    eq(g:unit_table("A").hex, "0509", "it pursues along the path, one hex short of D (5.5)")
    g, r = pursuit_duel(1, "0207", { 2, 3, 7 })
    eq(purposes(r), { "combat (5.1.1)", "pursuit (5.5.3)", "combat disorganization (5.1.1 g)" }, "at +1 the pursuit rolls")
    g, r = pursuit_duel(2, "0507", { 2, 7 })
    eq(#asked(r, "pursuit"), 1, "with a leader on its hex: voluntary")
  end)

  test("6.2.1 [" .. reading .. "]: the morale test's row is the side's MORALE value: a 3 passes at 0, fails at -1; +2 passes a 5", function()
    local function rally(v, die)
      local g = setup({ U("R", "TO", "cavalry", "0808", "N", { condition = "disorganized" }),
                        U("Z", "PL", "infantry", "2015", "N") }, { options = opt, vars = { { "morale", fields(reading, -v) } } })
      g.dice:force { die }
      local r = g:act("TO", "rally R")
      done(r)
      eq(r.rolls[1].purpose, "morale test (6.2.1)")
      return g:unit_table("R").condition == ""
    end
    eq(rally(0, 3), true, "MORALE 0: 3 passes")
    eq(rally(-1, 3), false, "MORALE -1: 3 fails")
    eq(rally(-1, 2), true, "MORALE -1: 2 passes")
    eq(rally(-2, 2), false, "MORALE -2: 2 fails")
    eq(rally(2, 5), true, "MORALE +2: 5 passes")
    eq(rally(2, 6), false)
  end)
end

test("6.2.1 / A-047: beyond +/-2 the offset reads the last row; the zones never go beyond", function()
  local function rally(reading, f, die)
    local g = setup({ U("R", "TO", "cavalry", "0808", "N", { condition = "disorganized" }),
                      U("Z", "PL", "infantry", "2015", "N") }, { options = { morale_value = reading }, vars = { { "morale", f } } })
    g.dice:force { die }
    done(g:act("TO", "rally R"))
    return g:unit_table("R").condition == ""
  end
  eq(rally("offset", 5, 1), true, "offset -5 reads the -2 row: 1 passes")
  eq(rally("offset", 5, 2), false, "and 2 fails")
  eq(rally("zones", 5, 2), true, "zones: 5 fields are MORALE -1: 2 passes")
  eq(rally("zones", 40, 2), false, "zones: 40 fields are MORALE -2")
end)
