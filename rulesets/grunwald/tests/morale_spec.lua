-- The MORALE track [6.1], forced dice.  T-nn: MATRIX.md §6.1.  The
-- variable `morale` counts fields in PL's favour (TO reads it negated);
-- `morale.effective` is the value in force this turn.  Map: test-field.
-- A (TO) at 0507 facing S attacks D (PL) at 0508.  TO is player A.

local function setup(units, extra)
  extra = extra or {}
  local vars = { { "side.A", extra.first or "TO" } }
  for _, v in ipairs(extra.vars or {}) do vars[#vars + 1] = v end
  local options = { complementary = false }
  for k, v in pairs(extra.options or {}) do options[k] = v end
  return game { ruleset = "grunwald", seed = 1, options = options,
    scenario = { map = "test-field", turns = extra.turns or 3, units = units, vars = vars } }
end

local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8, armour = 0, cf = 0 }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- answer every decision: answers[kind] is a list (used in order) or one
-- answer; otherwise "stop" for a pursuit, "march" for a panicked unit,
-- else the first option (a facing: keep it).
local function answer_all(g, r, answers)
  answers = answers or {}
  local asked = {}
  for _ = 1, 100 do
    if r.status ~= "decision" then break end
    local req = r.request
    asked[#asked + 1] = req
    local q, a = answers[req.kind], nil
    if type(q) == "table" and #q > 0 then a = table.remove(q, 1)
    elseif type(q) == "string" then a = q
    elseif req.kind == "pursuit" and contains(req.options, "stop") then a = "stop"
    else a = req.options[1] end
    r = g:answer(a)
  end
  r.asked = asked
  return r
end

local function play(g, side, line, answers) return answer_all(g, g:act(side, line), answers) end

local function to_phase(g, name, answers)
  for _ = 1, 20 do
    if g:phase_info().name == name then return end
    done(play(g, g:acting_side(), "end", answers), "end of " .. g:phase_info().name)
  end
  error("phase " .. name .. " not reached")
end

local function purposes(r)
  local out = {}
  for i, x in ipairs(r.rolls or {}) do out[i] = x.purpose end
  return out
end

-- the decisions of one kind asked in r
local function asked(r, kind)
  local out = {}
  for _, q in ipairs(r.asked or {}) do if q.kind == kind then out[#out + 1] = q end end
  return out
end

local function var(g, k) return g:var(k) end

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
