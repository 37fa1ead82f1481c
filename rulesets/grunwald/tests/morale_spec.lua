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
  g = setup({ U("A", "TO", "infantry", "0507", "S") }, { vars = { { "morale", 2 } } })
  eq(g:var("morale.effective"), 2)
  eq(value(g, "PL"), 2)
  eq(value(g, "TO"), -2)
end)

test("6.1.2 / T-39: MORALE +1 for the Poles: every Polish unit gains 1 CM in every combat, the Teutons none", function()
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") },
                  { vars = { { "morale", 1 } } })
  local e = cms(g, { "A" }, { "D" })
  eq(e.def["6.1.2"], 1, "PL defending")
  eq(e.att["6.1.2"], nil)
  e = cms(g, { "D" }, { "A" })
  eq(e.att["6.1.2"], 1, "PL attacking")
end)

test("6.1.4 / 6.1.9: an enemy unit eliminated moves the counter 1 field at once; the value changes in phase 9", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("E", "PL", "infantry", "1010", "N") }
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
                  { vars = { { "morale", -2 } } })
  local e = cms(g, { "A" }, { "D" })
  eq(e.att["6.1.2"], 2)
  eq(e.def["6.1.2"], nil)
end)
