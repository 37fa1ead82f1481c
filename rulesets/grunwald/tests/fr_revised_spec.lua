-- The revised French edition of Grunwald 1410 (overlay grunwald/fr-revised,
-- grunwald-1410-medieval-fr-revised.txt), with forced dice.  "FR n.n.n"
-- tests check a difference from the English book (and, where it shows,
-- that the English rules give something else); "T-nn" tests are the worked
-- examples of MATRIX.md §6.1 that the French book shares, played with the
-- overlay.  Map: maps/test-field.map (odd columns sit lower): forest
-- 0305-0306, village 0505, swamp 0705, hill 0909-0910 (elevation 1),
-- fortification 1105 with a gate on its S side, a stream east of column
-- 15 (rows 1-8), a river east of column 17 with a bridge (1704:SE) and a
-- ford (1707:SE), a road along row 12.

local FR = { "grunwald/fr-revised" }

local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8, armour = 0, cf = 0 }
  if kind == "infantry" then u.mp = 4 end
  if kind == "archers" or kind == "crossbowmen" or kind == "bombards" then u.sp, u.mp = 1, 4 end
  if kind == "leader" then u.sp, u.mp, u.cf, u.armour = 0, 10, nil, nil end
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

-- A game on the test field with the French overlay (extra.en: without it).
-- extra: first (player A, default PL), vars, options (complementary off
-- unless given), dice, hooks, reinforcements, turns.
local function setup(units, extra)
  extra = extra or {}
  local vars = { { "side.A", extra.first or "PL" } }
  for _, v in ipairs(extra.vars or {}) do vars[#vars + 1] = v end
  local options = { complementary = false }
  for k, v in pairs(extra.options or {}) do options[k] = v end
  return game { ruleset = "grunwald", overlays = extra.en and {} or FR, seed = 1, options = options,
    dice = extra.dice,
    scenario = { map = "test-field", turns = extra.turns or 3, units = units, vars = vars, hooks = extra.hooks,
                 reinforcements = extra.reinforcements } }
end

local function contains(list, x)
  for _, v in ipairs(list or {}) do if v == x then return true end end
  return false
end

-- Answer every decision of r: answers[kind] is a list (used in order) or
-- one answer; otherwise "pass" for a reaction, "stop" for a voluntary
-- pursuit, else the first option (a facing: keep it).
local function answer_all(g, r, answers)
  answers = answers or {}
  local asked = {}
  for _ = 1, 200 do
    if r.status ~= "decision" then break end
    local req = r.request
    asked[#asked + 1] = req
    local q, a = answers[req.kind], nil
    if type(q) == "table" and #q > 0 then a = table.remove(q, 1)
    elseif type(q) == "string" then a = q
    elseif req.kind == "reaction" then a = "pass"
    elseif req.kind == "pursuit" and contains(req.options, "stop") then a = "stop"
    else a = req.options[1] end
    r = g:answer(a)
  end
  r.asked = asked
  return r
end

local function play(g, side, line, answers) return answer_all(g, g:act(side, line), answers) end

local function to_phase(g, name, turn, answers)
  if g:pending_request() then
    done(answer_all(g, { status = "decision", request = g:pending_request() }, answers), "the decision pending")
  end
  for _ = 1, 200 do
    if g:phase_info().name == name and (turn == nil or g:turn() == turn) then return end
    local r = answer_all(g, g:act(g:acting_side(), "end"), answers)
    done(r, "end of " .. g:phase_info().name)
  end
  error("phase " .. name .. " not reached")
end

local function purposes(r)
  local out = {}
  for i, x in ipairs(r.rolls or {}) do out[i] = x.purpose end
  return out
end

local function asked(r, kind)
  local out = {}
  for _, q in ipairs(r.asked or {}) do if q.kind == kind then out[#out + 1] = q end end
  return out
end

local function unit(g, name) return g:unit_table(name) end
local function six(n) return n * 6 end

-- rule code run on the game (no change): f(rules, api)
local function Q(g, f) return g:query(function() return f(g.rs.rules, g.rs.api) end) end

-- combat.evaluate on named units: SP, columns and CMs by rule.
local function evaluate(g, atts, defs, cc)
  return Q(g, function(R, api)
    local function list(ns)
      local t = {}
      for i, n in ipairs(ns) do t[i] = api.unit(n) end
      return t
    end
    local r = R.combat.evaluate { attackers = list(atts), defenders = list(defs), countercharge = cc }
    local out = { att_sp = r.att_sp, def_sp = r.def_sp, initial = r.initial, final = r.final,
                  att_cm = r.att_cm, def_cm = r.def_cm, att = {}, def = {}, def_hex = r.def_hex and r.def_hex.label }
    for _, m in ipairs(r.att_mods) do out.att[m.rule] = m.cm end
    for _, m in ipairs(r.def_mods) do out.def[m.rule] = m.cm end
    return out
  end)
end

local function col(label)
  local a, d = label:match("^(%d+):(%d+)$")
  a, d = tonumber(a), tonumber(d)
  if d == 1 then return a + 3 end
  return 5 - d
end

-- a combat-table cell as text: "attLoss/attRetreat/attD defLoss/defRetreat/defD printed"
local function cell_text(g, roll, column)
  return Q(g, function(R)
    local c = R.tables.combat[roll][col(column)]
    return string.format("%d/%d/%s %d/%d/%s %s", c.att_loss, c.att_retreat, c.att_disorg and "D" or "-",
      c.def_loss, c.def_retreat, c.def_disorg and "D" or "-", c.printed)
  end)
end

------------------------------------------------------------------ 1.5 TABLE DES COMBATS

test("FR 1.5-a: TABLE DES COMBATS, the twelve cells of columns 1:3 and 2:1 that differ from the English table, as printed", function()
  local g, e = setup({ U("x", "PL", "infantry", "2015", "N") }), setup({ U("x", "PL", "infantry", "2015", "N") }, { en = true })
  local want = {
    { 5, "2:1", "0/0/- 0/2/- D2", "0/0/- 1/1/- D1 -1" },
    { 7, "1:3", "0/1/D 0/0/- A1D", "1/1/- 0/0/- A1 -1" },
    { 7, "2:1", "0/0/- 1/1/- D1 -1", "1/0/- 0/1/- -1 / D1" },
    { 8, "1:3", "1/1/- 0/0/- A1 -1", "0/1/- 0/0/- A1" },
    { 8, "2:1", "1/0/- 0/1/- -1 / D1", "0/0/- 0/0/- -" },
    { 9, "1:3", "0/1/- 0/0/- A1", "0/2/- 0/0/- A2" },
    { 9, "2:1", "0/0/- 0/0/- -", "1/0/- 1/0/- -1 / -1" },
    { 10, "1:3", "0/2/- 0/0/- A2", "1/2/- 0/0/- A2 -1" },
    { 10, "2:1", "1/0/- 1/0/- -1 / -1", "1/0/- 0/0/- -1 / -" },
    { 11, "1:3", "1/2/- 0/0/- A2 -1", "0/3/- 0/0/- A3" },
    { 11, "2:1", "1/0/- 0/0/- -1 / -", "0/1/- 0/0/- A1" },
    { 12, "1:3", "0/3/- 0/0/- A3", "1/3/D 0/0/- A3 -1D" },
  }
  for _, w in ipairs(want) do
    eq(cell_text(g, w[1], w[2]), w[3], "FR " .. w[1] .. " " .. w[2])
    eq(cell_text(e, w[1], w[2]), w[4], "EN " .. w[1] .. " " .. w[2])
  end
  -- every other cell is the English one
  local n = Q(g, function(R)
    local count = 0
    for roll = 2, 12 do for c = 1, 12 do count = count + 1 end end
    return count
  end)
  eq(n, 132)
  for roll = 2, 12 do
    for c = 1, 12 do
      local label = Q(g, function(R) return R.tables.columns[c] end)
      local changed = false
      for _, w in ipairs(want) do if w[1] == roll and w[2] == label then changed = true end end
      if not changed then
        local f, x = cell_text(g, roll, label), cell_text(e, roll, label)
        eq(f:gsub(" [^ ]*$", ""), x:gsub(" [^ ]*$", ""), roll .. " " .. label .. " as in English")
      end
    end
  end
end)

test("FR 1.5-b: the French table prints 6 / 1:3 as A1D and 8 / 1:4 as A1 (the English A1d and A, read the same way)", function()
  local g = setup { U("x", "PL", "infantry", "2015", "N") }
  eq(cell_text(g, 6, "1:3"), "0/1/D 0/0/- A1D")
  eq(cell_text(g, 8, "1:4"), "0/1/- 0/0/- A1")
end)

test("FR 1.5-c: 2:1, roll 9 is no effect (EN: both sides lose 1 SP)", function()
  -- A (TO, 2 SP) attacks D (PL, 1 SP): 2:1, no CM
  local function duel(en)
    local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }) },
                    { en = en, first = "TO", dice = { 9 } })
    to_phase(g, "A.infantry_attack")
    local r = play(g, "TO", "attack A D")
    done(r)
    return g, r
  end
  local g, r = duel(false)
  eq(purposes(r), { "combat (5.1.1)" })
  eq(unit(g, "A").sp, 2)
  eq(unit(g, "D").sp, 1)
  g = duel(true)
  eq(unit(g, "A").sp, 1)
  eq(unit(g, "D"), nil)
end)

test("FR 1.5-d: 1:3, roll 12 is A3 without loss or automatic disorganization (EN: A3 -1D)", function()
  -- A (TO, 2 SP) attacks D (PL, 2 SP): 1:1, PL's MORALE +2 gives D 2 CMs: 1:3
  local function duel(en, dice)
    local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") },
                    { en = en, first = "TO", vars = { { "morale", 2 } }, options = { morale_value = "offset" }, dice = dice })
    to_phase(g, "A.infantry_attack")
    local r = play(g, "TO", "attack A D")
    done(r)
    return g, r
  end
  local g, r = duel(false, { 12, 7 })
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" }, "a roll on row D4 / A3 for the attacker")
  local a = unit(g, "A")
  eq(a.sp, 2)
  eq(a.condition, "")
  g, r = duel(true, { 12 })
  eq(purposes(r), { "combat (5.1.1)" })
  a = unit(g, "A")
  eq(a.sp, 1)
  eq(a.condition, "disorganized")
end)

test("FR 5.1.1 g: TABLE DE DESORGANISATION AU COMBAT: the same values, rows labelled D1 ... D5 / A4", function()
  local g, e = setup({ U("x", "PL", "infantry", "2015", "N") }), setup({ U("x", "PL", "infantry", "2015", "N") }, { en = true })
  local function rows(x)
    return Q(x, function(R)
      local out = {}
      for i, r in ipairs(R.tables.disorganization.rows) do out[i] = r.printed .. " " .. table.concat(r.other, ",") end
      return out
    end)
  end
  eq(rows(g), { "D1 2,3,11,12", "D2 / A1 2,3,4,11,12", "D3 / A2 2,3,4,10,11,12", "D4 / A3 2,3,4,5,10,11,12",
                "D5 / A4 2,3,4,5,9,10,11,12" })
  eq(rows(e)[1], "B1 2,3,11,12")
end)

------------------------------------------------------------------ 3.3.3

test("FR 3.3.3: CF 1 against CF 0 is higher by 1: no stop in the enemy ZoC, +1 MP to go on (EN: stops)", function()
  -- C (PL, CF 0) enters 0203, in the ZoC of E (TO infantry at 0204 facing N), with CF 1
  local function go(en)
    local g = setup({ U("C", "PL", "cavalry", "0202", "S"), U("E", "TO", "infantry", "0204", "N") }, { en = en })
    done(play(g, "PL", "move C"))
    return unit(g, "C")
  end
  local c = go(false)
  eq(c.cf, 1)
  eq(c.stopped, false)
  eq(c.zoc_pass, true)
  c = go(true)
  eq(c.stopped, true)
end)

------------------------------------------------------------------ 5.2.5

test("FR 5.2.5 / A-020: one unit still attacks two enemy units on two hexes (the English one-hex clause is kept)", function()
  -- A (TO, 2 SP) against D1 and D2 (PL, 2 SP each): 1:2, roll 4 = no effect
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D1", "PL", "infantry", "0508", "N"),
                    U("D2", "PL", "infantry", "0608", "NW") }, { first = "TO", dice = { 4 } })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "TO", "attack A D1,D2")
  done(r)
  eq(purposes(r), { "combat (5.1.1)" })
  g = setup({ U("A1", "TO", "infantry", "0507", "S"), U("A2", "TO", "infantry", "0609", "N"),
              U("D1", "PL", "infantry", "0508", "N"), U("D2", "PL", "infantry", "0608", "NW") }, { first = "TO" })
  to_phase(g, "A.infantry_attack")
  refused(g:act("TO", "attack A1,A2 D1,D2"), "5.2.5")
end)

------------------------------------------------------------------ 5.3.2

test("FR 5.3.2 / A-023: a defender on several hexes takes the best terrain protection (EN: the hex with most SP)", function()
  -- D1 (1 SP) in the forest 0305, D2 (2 SP) on clear 0405; A at 0406 facing N has both in front
  local units = { U("A", "TO", "infantry", "0406", "N"), U("D1", "PL", "infantry", "0305", "SE", { sp = 1 }),
                  U("D2", "PL", "infantry", "0405", "S") }
  local f = evaluate(setup(units, { first = "TO" }), { "A" }, { "D1", "D2" })
  eq(f.def_hex, "0305")
  eq(f.def["5.3.2"], 2, "the forest's -2")
  local e = evaluate(setup(units, { first = "TO", en = true }), { "A" }, { "D1", "D2" })
  eq(e.def_hex, "0405")
  eq(e.def["5.3.2"], nil)
end)

------------------------------------------------------------------ 5.4.4

test("FR 5.4.4: cavalry retreating through friendly infantry panics it, and the infantry retreats 3 hexes (EN: eliminated)", function()
  -- A (TO) attacks C (PL cavalry, 0508): 1:1, roll 4 = D1; C retreats onto I (PL infantry, 1 SP) at 0509
  local function go(en)
    local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("C", "PL", "cavalry", "0508", "N"),
                      U("I", "PL", "infantry", "0509", "N", { sp = 1 }) },
                    { en = en, first = "TO", dice = { 4, 5 } })
    to_phase(g, "A.infantry_attack")
    local r = play(g, "TO", "attack A C", { retreat = { "0509" } })
    done(r)
    return g, r
  end
  local g = go(false)
  local c, i = unit(g, "C"), unit(g, "I")
  eq(c.hex, "0509")
  ok(i ~= nil, "the infantry lives")
  eq(i.condition, "panicked")
  eq(Q(g, function(R, api) return api.hex.distance(api.hex.parse("0509"), api.unit("I").hex) end), 3)
  eq(i.sp, 1, "a full retreat: no loss")
  eq(g:var("morale"), 0)
  g = go(true)
  eq(unit(g, "I"), nil)
  eq(unit(g, "C").hex, "0509")
end)

------------------------------------------------------------------ 5.5 pursuit

-- A (TO infantry, 0507 facing S) attacks D (PL infantry, 0508): 1:1, roll
-- 4 = D1, D retreats to 0509; L is a leader of range 1 two hexes from A.
local function pursuit_duel(en, dice)
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                    U("L", "TO", "leader", "0307", "N", { range = 1 }) }, { en = en, first = "TO", dice = dice })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  return g, r
end

test("FR 5.5.3-a: TEST DE POURSUITE at 2 hexes, roll 4: obligatory (listed obligatory as well as voluntary; EN: voluntary)", function()
  local g, r = pursuit_duel(false, { 4, 4, 5 })
  eq(purposes(r), { "combat (5.1.1)", "pursuit (5.5.3)", "combat disorganization (5.1.1 g)" })
  eq(#asked(r, "pursuit"), 0, "obligatory: no choice")
  eq(unit(g, "A").hex, "0508")
  g, r = pursuit_duel(true, { 4, 4, 5 })
  eq(#asked(r, "pursuit"), 1, "voluntary")
  eq(unit(g, "A").hex, "0507")
end)

test("FR 5.5.3-b: the French table read for every distance and roll (A-027: the misprinted rows as printed)", function()
  local function kinds(x)
    return Q(x, function(R)
      local out = {}
      for _, row in ipairs(R.tables.pursuit.rows) do
        if row.roll then
          local s = ""
          for roll = 1, 6 do s = s .. (R.pursuit.table_kind(row, roll) == "voluntary" and "V" or "O") end
          out[#out + 1] = row.hexes .. ":" .. s
        end
      end
      return out
    end)
  end
  local g = setup { U("x", "PL", "infantry", "2015", "N") }
  eq(kinds(g), { "1:VVVVVO", "2:VVVOOO", "3:VVVOOO", "4:VVOOOO", "5:VOOOOO", "6:OOOOOO" })
  eq(kinds(setup({ U("x", "PL", "infantry", "2015", "N") }, { en = true })),
     { "1:VVVVVO", "2:VVVVOO", "3:VVVOOO", "4:VVOOOO", "5:VOOOOO" })
  local rows = Q(g, function(R)
    local out = {}
    for _, row in ipairs(R.tables.pursuit.rows) do out[#out + 1] = row.hexes .. ":" .. table.concat(row.obligatory, ",") end
    return out
  end)
  eq(rows, { "0:", "1:6", "2:4,5", "3:4,5,6", "4:3,4,5,6", "5:", "6:2,3,4,5,6" })
end)

test("FR 5.5.3-c: six hexes from a leader the pursuit is obligatory without a roll (5.5.2); the printed row 6 is never read", function()
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                    U("L", "TO", "leader", "1107", "N") }, { first = "TO", dice = { 4, 5 } })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" })
  eq(unit(g, "A").hex, "0508")
end)

test("FR 5.5.8: the CF is not modified in a pursuit: crossing a stream costs nothing (EN: -1)", function()
  -- A (TO cavalry, CF 2, armour 2, 1504 facing S) attacks D (PL, 1505): 1:1 +4 = 5:1, 7 = D2;
  -- D retreats over the stream to 1606, then 1706; A pursues 1505, 1606 (over the stream, a 60-degree turn)
  local function go(en)
    local g = setup({ U("A", "TO", "cavalry", "1504", "S", { cf = 2, armour = 2 }), U("D", "PL", "infantry", "1505", "N") },
                    { en = en, first = "TO", dice = { 7, 5 } })
    to_phase(g, "A.cavalry_attack")
    done(play(g, "TO", "attack A D", { retreat = { "1606", "1706" } }))
    return unit(g, "A")
  end
  local a = go(false)
  eq(a.hex, "1606")
  eq(a.cf, 1, "2 through the pursuit, -1 after the combat (5.2.12)")
  a = go(true)
  eq(a.hex, "1606")
  eq(a.cf, 0, "2 - 1 (stream) - 1 (combat)")
end)

test("FR 5.5.9: a turn of 120 degrees in a pursuit keeps the CF (EN: only less than 120)", function()
  -- A (TO cavalry, CF 2, armour 2, 0507 facing SE) attacks D at 0508: 5:1, 7 = D2; the pursuit
  -- enters 0508 (60 degrees) then 0408 (120 degrees from S)
  local function go(en)
    local g = setup({ U("A", "TO", "cavalry", "0507", "SE", { cf = 2, armour = 2 }), U("D", "PL", "infantry", "0508", "N") },
                    { en = en, first = "TO", dice = { 7, 5 } })
    to_phase(g, "A.cavalry_attack")
    done(play(g, "TO", "attack A D", { retreat = { "0408" } }))
    return unit(g, "A")
  end
  local a = go(false)
  eq(a.hex, "0408")
  eq(a.cf, 1, "kept at 2, -1 after the combat")
  a = go(true)
  eq(a.cf, 0)
  local g = setup { U("x", "PL", "infantry", "2015", "N") }
  eq(Q(g, function(R, api)
    local u = api.unit("x")
    return { R.charge.turn_loses_cf(u, 1, "pursuit"), R.charge.turn_loses_cf(u, 2, "pursuit"), R.charge.turn_loses_cf(u, 3, "pursuit") }
  end), { false, false, true }, "60 and 120 keep it, 180 costs it")
end)

------------------------------------------------------------------ 5.6.8

test("FR 5.6.8 / A-031: crossing a ford costs 1 CF (EN: the ford sets it to 0, 5.6.7); a bridge costs 1 in both", function()
  local function cf(en, from)
    local g = setup({ U("C", "PL", "cavalry", from, "SE", { cf = 1 }) }, { en = en })
    done(play(g, "PL", "move C"))
    return unit(g, "C").cf
  end
  eq(cf(false, "1707"), 1, "CF 1, +1 for the hex, -1 for the ford")
  eq(cf(true, "1707"), 0)
  eq(cf(false, "1704"), 1, "the bridge")
  eq(cf(true, "1704"), 1)
end)

------------------------------------------------------------------ 5.7 countercharge

-- K (PL cavalry) moves S down column 8 from 0803; P (TO cavalry) stands
-- at 0808 facing N: 0806 is two hexes in front of it, 0805 three.
test("FR 5.7.1-a: moving cavalry within two hexes in the front hexes may be countercharged", function()
  local g = setup { U("K", "PL", "cavalry", "0804", "S"), U("P", "TO", "cavalry", "0808", "N") }
  done(g:act("PL", "move K"), "0805: three hexes away")
  local r = g:act("PL", "move K")
  eq(r.status, "decision")
  eq(r.request.options, { "countercharge P K", "pass" })
end)

test("FR 5.7.1-b: a leader moving alone is not countercharged (EN: he is)", function()
  local function go(en)
    local g = setup({ U("L", "PL", "leader", "0805", "S"), U("P", "TO", "cavalry", "0808", "N") }, { en = en })
    return g:act("PL", "move L")
  end
  eq(go(false).status, "done")
  local r = go(true)
  eq(r.status, "decision")
  eq(r.request.options, { "countercharge P L", "pass" })
end)

test("FR 5.7.1-c: cavalry beside the countercharger, outside its front hexes, is not countercharged (EN: after a 60-degree turn)", function()
  -- P at 0508 facing N; K at 0609, on P's SE side: P turning NE would have 0608 next to K
  local function n(en)
    local g = setup({ U("K", "PL", "cavalry", "0609", "S"), U("P", "TO", "cavalry", "0508", "N") }, { en = en })
    return Q(g, function(R, api) return #R.countercharge.plans(api.unit("P"), api.unit("K")) end)
  end
  eq(n(false), 0)
  eq(n(true), 1)
end)

test("FR 5.7.8 / A-037: in the ZoC of any enemy unit a unit cannot countercharge (EN: only enemy cavalry bars it)", function()
  -- E (PL infantry, 0707 facing SE) has P (0808) in its ZoC
  local function barred(en)
    local g = setup({ U("P", "TO", "cavalry", "0808", "N"), U("E", "PL", "infantry", "0707", "SE") }, { en = en })
    return { Q(g, function(R, api) return R.countercharge.barred(api.unit("P")) end) }
  end
  eq(barred(false), { true, "5.7.8" })
  eq(barred(true), { false })
end)

------------------------------------------------------------------ 5.8 ride-down

-- C (PL cavalry, 2 SP, armour 0, CF 1 -> 2 on entering) at 0202 facing S
-- rides at I (TO infantry, 1 SP, armour 0) at 0203: the modified roll is
-- 1D6 + 2 (CF) + 2 (SP) + 0 - 1 (SP) - 0 = 1D6 + 3.  MORALE 0: a morale
-- test passes on 1-3.
local function ride(extra, c, i, more)
  extra = extra or {}
  local units = { U("C", "PL", "cavalry", "0202", "S", c or { cf = 1 }), U("I", "TO", "infantry", "0203", "N", i or { sp = 1 }),
                  U("far", "TO", "infantry", "2015", "N", { sp = 1 }) }
  for _, u in ipairs(more or {}) do units[#units + 1] = u end
  local g = setup(units, extra)
  local r = play(g, "PL", "move C", extra.answers)
  return g, r
end

test("FR 5.8.4 / T-34: riding at two 1-SP infantry units on a clear hex costs 3 MP (clear 1 + 2 SP)", function()
  local g, r = ride({ dice = { 6 } }, nil, nil, { U("J", "TO", "infantry", "0203", "N", { sp = 1 }) })
  done(r)
  eq(purposes(r), { "ride-down (5.8.5)" }, "6 + 2 + 2 - 2 - 0 = 8: success")
  eq(unit(g, "C").mp_left, six(8 - 3))
  eq(unit(g, "I"), nil)
  eq(unit(g, "J"), nil)
end)

test("FR 5.8.5-a / 5.8.6 / T-38: a modified roll above 6 succeeds: the infantry is eliminated, the cavalry enters with CF -1", function()
  local g, r = ride { dice = { 4 } }
  done(r)
  eq(purposes(r), { "ride-down (5.8.5)" }, "4 + 3 = 7")
  eq(unit(g, "I"), nil)
  local c = unit(g, "C")
  eq(c.hex, "0203")
  eq(c.cf, 1, "CF 2 on entering, -1 (5.8.6)")
  eq(c.mp_left, six(8 - 2), "clear 1 + 1 SP")
  local e = ride({ en = true })
  eq(unit(e, "C").cf, 2, "EN: no roll, the CF is kept")
end)

test("FR 5.8.5-b / 5.8.7: below 1 the attempt fails: the infantry stays, the cavalry stays back with CF 0 and tests morale", function()
  -- C (1 SP, CF 1 -> 2) at I (2 SP, armour 2): 1D6 + 2 + 1 - 2 - 2 = 1D6 - 1
  local g, r = ride({ dice = { 1, 5 } }, { sp = 1, cf = 1 }, { sp = 2, armour = 2 })
  done(r)
  eq(purposes(r), { "ride-down (5.8.5)", "morale test (6.2.1)" })
  local c = unit(g, "C")
  eq(c.hex, "0202")
  eq(c.cf, 0)
  eq(c.condition, "disorganized", "5 fails the test at MORALE 0")
  eq(c.mp_left, six(8 - 3), "the MP are spent: clear 1 + 2 SP")
  eq(unit(g, "I").hex, "0203")
  g = ride({ dice = { 1, 3 } }, { sp = 1, cf = 1 }, { sp = 2, armour = 2 })
  eq(unit(g, "C").condition, "", "3 passes")
  local e = ride({ en = true }, { sp = 1, cf = 1 }, { sp = 2, armour = 2 })
  eq(unit(e, "I"), nil, "EN: ridden down without a roll")
end)

test("FR 5.8.5-c: 1-4, both test: the cavalry passes (TM -2), the infantry fails (TM +2) and is eliminated", function()
  local g, r = ride { dice = { 1, 3, 2 } }
  done(r)
  eq(purposes(r), { "ride-down (5.8.5)", "morale test (6.2.1)", "morale test (6.2.1)" })
  eq(unit(g, "I"), nil, "2 + 2 = 4 fails")
  local c = unit(g, "C")
  eq(c.hex, "0203", "3 - 2 = 1 passes")
  eq(c.cf, 1)
end)

test("FR 5.8.5-d: 1-4: the infantry passes, retreats 1 hex and is disorganized; the cavalry fails and stays back with CF 0", function()
  local g, r = ride { dice = { 1, 6, 1 } }
  done(r)
  local c, i = unit(g, "C"), unit(g, "I")
  eq(c.hex, "0202", "6 - 2 = 4 fails")
  eq(c.cf, 0)
  eq(c.condition, "", "no test for a failed cavalry test")
  eq(i.condition, "disorganized", "1 + 2 = 3 passes")
  eq(Q(g, function(R, api) return api.hex.distance(api.hex.parse("0203"), api.unit("I").hex) end), 1)
end)

test("FR 5.8.5-e: 5-6: the infantry is eliminated; the cavalry tests with -3 or -4", function()
  local g, r = ride { dice = { 2, 6 } }
  done(r)
  eq(purposes(r), { "ride-down (5.8.5)", "morale test (6.2.1)" })
  eq(unit(g, "I"), nil)
  eq(unit(g, "C").hex, "0203", "6 - 3 = 3 passes")
  eq(unit(g, "C").cf, 1)
  g = ride { dice = { 3, 6 } }
  eq(unit(g, "I"), nil)
  eq(unit(g, "C").hex, "0203", "6 - 4 = 2 passes")
end)

test("FR 5.8.5 bis: a ride-down on disorganized or panicked infantry succeeds without a roll", function()
  for _, condition in ipairs { "disorganized", "panicked" } do
    local g, r = ride(nil, nil, { sp = 1, condition = condition })
    done(r)
    eq(purposes(r), {}, condition)
    eq(unit(g, "I"), nil, condition)
    eq(unit(g, "C").hex, "0203")
    eq(unit(g, "C").cf, 1, "5.8.6")
  end
end)

test("FR 5.8.1: in a movement the CF on entering must still be above 1 to attempt a ride-down", function()
  local g = setup { U("C", "PL", "cavalry", "0202", "S"), U("I", "TO", "infantry", "0203", "N", { sp = 1 }) }
  refused(g:act("PL", "move C"), "5.8.1")
end)

test("FR 5.4.4-b: in a village the retreating cavalry does not pass through the friendly infantry (5.8.10): stacking applies", function()
  local g = setup { U("C", "PL", "cavalry", "0504", "S"), U("I", "PL", "infantry", "0505", "N", { sp = 1 }) }
  eq(Q(g, function(R, api) return #R.ride_down.retreat_through(api.unit("C"), api.hex.parse("0505")) end), 0)
end)

test("FR 5.8.9: infantry eliminated in a ride-down moves neither MORALE nor victory points", function()
  local g = ride { dice = { 4 } }
  eq(unit(g, "I"), nil)
  eq(g:var("morale"), 0)
  eq(g:var("vp.PL") or 0, 0)
  g = ride { dice = { 1, 3, 6 } }
  eq(unit(g, "I"), nil, "eliminated by its failed test")
  eq(g:var("morale"), 0)
end)

test("FR 5.8.1 / 4.2.3: friendly infantry that leaves no room is ridden at with the same roll: passing, it steps aside", function()
  -- P (PL infantry, 1 SP) at 0203: 1 + 3 = 4; C passes (1 - 2), P passes (1 + 2 = 3) and retreats 1
  local function go(en)
    local g = setup({ U("C", "PL", "cavalry", "0202", "S", { cf = 1 }), U("P", "PL", "infantry", "0203", "N", { sp = 1 }),
                      U("far", "TO", "infantry", "2015", "N", { sp = 1 }) }, { en = en, dice = { 1, 1, 1 } })
    done(play(g, "PL", "move C"))
    return g
  end
  local g = go(false)
  eq(unit(g, "C").hex, "0203")
  eq(unit(g, "P").condition, "disorganized")
  eq(Q(g, function(R, api) return api.hex.distance(api.hex.parse("0203"), api.unit("P").hex) end), 1)
  g = go(true)
  eq(unit(g, "P"), nil)
end)

test("FR 5.8.10: no ride-down in forests or swamps, even in a pursuit (EN: only villages and fortifications)", function()
  local function can(en, hex)
    local g = setup({ U("C", "PL", "cavalry", "0304", "S"), U("I", "TO", "infantry", "0305", "N", { sp = 1 }),
                      U("J", "TO", "infantry", "0705", "N", { sp = 1 }), U("V", "TO", "infantry", "0505", "N", { sp = 1 }) },
                    { en = en })
    return { Q(g, function(R, api) return R.ride_down.check(api.unit("C"), api.hex.parse(hex), "pursuit") end) }
  end
  eq(can(false, "0305")[2], "5.8.10", "forest")
  eq(can(false, "0705")[2], "5.8.10", "swamp")
  eq(can(false, "0505")[2], "5.8.10", "village (buildings)")
  eq(can(true, "0305"), { true })
  eq(can(true, "0705"), { true })
end)

test("FR 5.8.9 bis / 5.5.10: a pursuing cavalry attempts the ride-down; when it fails, it stays back and its pursuit ends", function()
  -- A (TO cavalry, 0507) attacks D (PL, 1 SP) at 0508: 2:1, 2 = D2; D retreats 0509 (onto E, PL 1 SP), 0510.
  -- The pursuit: 0508, then E at 0509: 1D6 + 0 (CF) + 2 - 1 - 0; roll 1 -> 2: both test with +0.
  local function go(en, dice)
    local g = setup({ U("A", "TO", "cavalry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                      U("E", "PL", "infantry", "0509", "N", { sp = 1 }) }, { en = en, first = "TO", dice = dice })
    to_phase(g, "A.cavalry_attack")
    local r = play(g, "TO", "attack A D", { retreat = { "0509", "0510" } })
    done(r)
    return g, r
  end
  local g, r = go(false, { 2, 1, 5, 2, 5 })
  eq(purposes(r), { "combat (5.1.1)", "ride-down (5.8.5)", "morale test (6.2.1)", "morale test (6.2.1)",
                    "combat disorganization (5.1.1 g)" })
  local a, e = unit(g, "A"), unit(g, "E")
  eq(a.hex, "0508", "its test failed (5): back on 0508, the pursuit ends")
  eq(a.cf, 0)
  ok(e ~= nil and e.condition == "disorganized", "E passed (2): it stepped back and is disorganized")
  g = go(true, { 2, 5 })
  eq(unit(g, "E"), nil, "EN: ridden down")
  eq(unit(g, "A").hex, "0509")
end)

------------------------------------------------------------------ 6.2

test("FR 6.2.2 / A-046 / T-40: within a leader's range the morale test die counts 1 less: MORALE 0, a 4 passes (EN: 5, fails)", function()
  local function rally(en)
    local g = setup({ U("D", "TO", "cavalry", "0808", "N", { condition = "disorganized" }), U("L", "TO", "leader", "0810", "N"),
                      U("Z", "PL", "infantry", "2015", "N") }, { en = en, first = "TO", dice = { 4 } })
    done(g:act("TO", "rally D"))
    return unit(g, "D").condition
  end
  eq(rally(false), "")
  eq(rally(true), "disorganized")
end)

test("FR 6.2.3: on a leader's hex the die counts 2 less: MORALE 0, a 5 passes", function()
  local g = setup({ U("D", "TO", "cavalry", "0808", "N", { condition = "disorganized" }), U("L", "TO", "leader", "0808", "N"),
                    U("Z", "PL", "infantry", "2015", "N") }, { first = "TO", dice = { 5 } })
  done(g:act("TO", "rally D"))
  eq(unit(g, "D").condition, "")
end)

------------------------------------------------------------------ 8.1.4, 8.1.2

test("FR 8.1.4 / A-051: a leader's death costs 1 SP to the units stacked with him, not to those under his command elsewhere", function()
  -- A (TO, with L) attacks D: 1:1 +2 (leader) -3 (PL MORALE) = 1:2, 11 = A2 -1; the death roll 3 - 1 <= 2 kills L
  local function go(en, dice)
    local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                      U("L", "TO", "leader", "0507", "N"), U("C", "TO", "cavalry", "1212", "N", { leader = "L" }) },
                    { en = en, first = "TO", vars = { { "morale", 3 } }, options = { morale_value = "offset", complementary = true }, dice = dice })
    to_phase(g, "A.infantry_attack")
    done(play(g, "TO", "attack A D"))
    return g
  end
  local g = go(false, { 11, 3 })
  eq(unit(g, "L"), nil)
  eq(unit(g, "A"), nil, "1 SP after the combat, 0 after his death")
  eq(unit(g, "C").sp, 2)
  g = go(true, { 11, 3, 5 })
  eq(unit(g, "A").sp, 1)
  eq(unit(g, "C").sp, 1, "EN: the units under his command")
end)

test("FR 8.1.2 / TABLE DES EFFETS DU TERRAIN: no commander value on the road: a leader pays the cavalry's 1/2 (EN: 1/3)", function()
  local function left(en)
    local g = setup({ U("L", "PL", "leader", "0112", "NE") }, { en = en })
    done(play(g, "PL", "move L"))
    return unit(g, "L").mp_left
  end
  eq(left(false), six(10) - 3)
  eq(left(true), six(10) - 2)
end)

------------------------------------------------------------------ 9.2.3

test("FR 9.2.3 / A-057: +1 CM only when all the enemy units are disorganized (EN: most of them)", function()
  local units = { U("A1", "TO", "infantry", "0507", "S", { condition = "disorganized" }),
                  U("A2", "TO", "infantry", "0408", "SE", { condition = "disorganized" }),
                  U("A3", "TO", "infantry", "0608", "SW"), U("D", "PL", "infantry", "0508", "N") }
  eq(evaluate(setup(units, { first = "TO" }), { "A1", "A2", "A3" }, { "D" }).def["9.2.3"], nil, "two of three")
  eq(evaluate(setup(units, { first = "TO", en = true }), { "A1", "A2", "A3" }, { "D" }).def["9.2.3"], 1)
  eq(evaluate(setup(units, { first = "TO" }), { "A1", "A2" }, { "D" }).def["9.2.3"], 1, "all of them")
end)

------------------------------------------------------------------ 11 ranged units

test("FR 11.2.6 / T-52: a hill between does not block the line of sight (EN: it does); a village still does", function()
  local function los(en, a, b)
    local g = setup({ U("x", "PL", "infantry", "2015", "N") }, { en = en })
    return Q(g, function(R, api) return R.ranged.line_of_sight(api.hex.parse(a), api.hex.parse(b), "PL") end)
  end
  eq(los(false, "0911", "0909"), true, "over the hill 0910")
  eq(los(true, "0911", "0909"), false)
  eq(los(false, "0506", "0504"), false, "the village 0505")
end)

test("FR 11.3.2 / A-064: ranged units count 1 SP at most in any combat, beside other units too (EN: their full SP)", function()
  local units = { U("I", "TO", "infantry", "0507", "S"), U("R1", "TO", "archers", "0408", "SE"),
                  U("R2", "TO", "archers", "0608", "SW"), U("D", "PL", "infantry", "0508", "N") }
  eq(evaluate(setup(units, { first = "TO" }), { "I", "R1", "R2" }, { "D" }).att_sp, 3, "2 + 1")
  eq(evaluate(setup(units, { first = "TO", en = true }), { "I", "R1", "R2" }, { "D" }).att_sp, 4)
  eq(evaluate(setup(units, { first = "TO" }), { "R1", "R2" }, { "D" }).att_sp, 1, "alone: 1 SP, as in English")
end)

test("FR 11.5.3: horse archers always have CF 0: they gain none moving and turn at CF 0 (EN: CF 1, a dearer turn)", function()
  local function go(en)
    local g = setup({ U("H", "PL", "horse_archers", "0202", "S") }, { en = en })
    done(play(g, "PL", "move H"))
    done(play(g, "PL", "turn H SE"))
    return unit(g, "H")
  end
  local h = go(false)
  eq(h.cf, 0)
  eq(h.mp_left, six(8 - 1) - 3, "60 degrees: 1/2 x (0 + 1) + 0")
  h = go(true)
  eq(h.mp_left, six(8 - 1) - 6, "1/2 x (1 + 1)")
end)

test("FR 11.5.5 / T-55: TIR DES ARCHERS A CHEVAL from 10: 1-SP horse archers against armour 1, raw 11 -> 9: no effect (EN: -1 SP)", function()
  -- H (PL, 1 SP) fires in its own movement phase at K (TO, armour 1) next to it
  local function go(en, dice)
    local g = setup({ U("H", "PL", "horse_archers", "0808", "N", { sp = 1 }), U("K", "TO", "infantry", "0807", "S", { armour = 1 }) },
                    { en = en, dice = dice })
    local r = play(g, "PL", "fire H K")
    done(r)
    return g, r
  end
  local g, r = go(false, { 11 })
  eq(purposes(r), { "fire (11.5.5)" })
  eq(unit(g, "K").sp, 2)
  g, r = go(false, { 12, 7 })
  eq(purposes(r), { "fire (11.5.5)", "combat disorganization (5.1.1 g)" }, "12 -> 10: -1 SP, then the D1 test")
  eq(unit(g, "K").sp, 1)
  g = go(true, { 11, 7 })
  eq(unit(g, "K").sp, 1)
end)

test("FR 11.7.1: bombards fire at units 1 or 2 hexes away only (EN: 3); at fortifications still 3", function()
  local function can(en)
    local g = setup({ U("B", "PL", "bombards", "1108", "N"), U("K", "TO", "cavalry", "1104", "S") }, { en = en })
    return Q(g, function(R, api)
      local b = api.unit("B")
      return { R.ranged.can_see(b, api.hex.parse("1106")), R.ranged.can_see(b, api.hex.parse("1107")),
               R.ranged.can_see(b, api.hex.parse("1105")), R.ranged.can_fire_at_object(b, api.hex.parse("1105")),
               #R.tables.fire_bombards_units }
    end)
  end
  eq(can(false), { true, true, false, true, 2 })
  eq(can(true), { true, true, true, true, 3 })
end)

test("FR 11.7.4 / A-069: a bombard in combat formation that must retreat is eliminated (EN: it stays and loses 1 SP, 5.4.6)", function()
  -- A (TO, 2 SP) attacks B (PL bombards, 2 SP, combat formation): 2 : 1 (alone) = 2:1 +3 (11.3.1) = 5:1, 10 = D1
  local function go(en, dice)
    local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("B", "PL", "bombards", "0508", "N", { sp = 2 }) },
                    { en = en, first = "TO", dice = dice })
    to_phase(g, "A.infantry_attack")
    local r = play(g, "TO", "attack A B")
    done(r)
    return g, r
  end
  local g, r = go(false, { 10 })
  eq(purposes(r), { "combat (5.1.1)" })
  eq(unit(g, "B"), nil)
  eq(g:var("morale"), -1, "one field for TO (6.1.4)")
  g = go(true, { 10, 5 })
  eq(unit(g, "B").sp, 1)
  eq(unit(g, "B").hex, "0508")
end)

------------------------------------------------------------------ 12.1.4

test("FR 12.1.4: a gate is not a fortification: an attack across it is not halved (EN: halved, 12.1.1)", function()
  -- 1105 is fortified, its S side (to 1106) is a gate
  local units = { U("S", "TO", "infantry", "1106", "N"), U("N", "TO", "infantry", "1104", "S"), U("D", "PL", "infantry", "1105", "N") }
  eq(evaluate(setup(units, { first = "TO" }), { "S" }, { "D" }).att_sp, 2, "through the gate")
  eq(evaluate(setup(units, { first = "TO" }), { "N" }, { "D" }).att_sp, 1, "over the wall")
  eq(evaluate(setup(units, { first = "TO", en = true }), { "S" }, { "D" }).att_sp, 1)
end)

------------------------------------------------------------------ bitwa diff

test("FR diff: bitwa diff grunwald grunwald+fr-revised lists the functions with their rules and the table cells", function()
  local D = require("engine.diff")
  local text = D.format(D.diff("grunwald", "grunwald+fr-revised"))
  local function has(s) ok(text:find(s, 1, true), "the diff lists: " .. s) end
  has("~ options.leader_test_modifier: \"add\" -> \"subtract\"")
  -- table cells as the book names them, the Lua path in brackets
  has("~ COMBAT TABLE, roll 9, column 2:1, printed: \"-1 / -1\" -> \"-\"  [tables.combat[9][5].printed]")
  has("~ COMBAT TABLE, roll 12, column 1:3, att_disorg: true -> false  [tables.combat[12][2].att_disorg]")
  has("~ HORSE ARCHER FIRE, range 1, modified roll 9: 1 -> 0  [tables.fire_horse_archers[1][9]]")
  has("- BOMBARDS FIRE (UNITS), range 3: removed")
  has("~ tables.zoc.pass_cf_margin: 1 -> 0")
  has("~ tables.pursuit.keep_cf_below_degrees: 120 -> 180")
  has("+ PURSUIT, hexes from leader 6: added")
  has("+ tables.ride_down.roll: added")
  ok(text:find("~ ride_down%.attempt: function replaced: [^\n]*overlays/fr%-revised%.lua[^\n]*cites 5%.8%.5"), "ride_down.attempt")
  ok(text:find("~ combat%.mostly_disorganized: function replaced: [^\n]*%(cites 9%.2%.3%)"), "9.2.3")
  ok(text:find("~ leaders%.death_losses: function replaced: [^\n]*cites 8%.1%.4"), "8.1.4")
  ok(text:find("~ countercharge%.barred: function replaced: [^\n]*5%.7%.8"), "5.7.8")
  ok(text:find("~ retreat%.instead_of_retreat: function replaced: [^\n]*11%.7%.4"), "11.7.4")
end)

------------------------------------------------------------------ worked examples (MATRIX.md §6.1)

test("T-01 1.4: two 2-SP cavalry units against a 1-SP infantry unit: 4:1 (the French book prints 4:1)", function()
  local g = setup({ U("K1", "TO", "cavalry", "0507", "S"), U("K2", "TO", "cavalry", "0408", "SE"),
                    U("P1", "PL", "infantry", "0508", "N", { sp = 1 }) }, { first = "TO" })
  local e = evaluate(g, { "K1", "K2" }, { "P1" })
  eq({ e.att_sp, e.def_sp, e.initial, e.att_cm, e.final }, { 4, 1, col("4:1"), 0, col("4:1") })
end)

test("T-02 1.5 a: 8 SP with 3 CMs against 3 SP with 1 CM: 3:1, 6:1, 5:1", function()
  local g = setup { U("x", "PL", "infantry", "2015", "N") }
  eq(Q(g, function(R)
    local i = R.arith.ratio_column(8, 3)
    return { i, R.arith.shift(i, 3, 0), R.combat.final_column(i, 3, 1) }
  end), { col("3:1"), col("6:1"), col("5:1") })
end)

test("T-03 1.5 b: 6 SP with 7 CMs against 1 SP with 2 CMs: 13:1, 11:1, then 9:1 (the French example clamps once, at the end)", function()
  local g = setup { U("x", "PL", "infantry", "2015", "N") }
  eq(Q(g, function(R)
    local i = R.arith.ratio_column(6, 1)
    return { R.arith.shift(i, 7, 0), R.arith.shift(i, 7, 2), R.combat.final_column(i, 7, 2) }
  end), { col("9:1") + 4, col("9:1") + 2, col("9:1") })
end)

test("T-04 1.6: 1 halved is 1, 5 halved is 3 (rounded to the nearest, .5 up)", function()
  local g = setup { U("x", "PL", "infantry", "2015", "N") }
  eq(Q(g, function(R) return { R.arith.halve(1), R.arith.halve(5) } end), { 1, 3 })
end)

test("T-05 1.6: 3 SP against 2 SP is 2:1; 6.49:1 is 6:1", function()
  local g = setup { U("x", "PL", "infantry", "2015", "N") }
  eq(Q(g, function(R) return { R.arith.ratio_column(3, 2), R.arith.ratio_column(649, 100) } end), { col("2:1"), col("6:1") })
end)

test("T-06 1.7: group CF 3, 3, 2, 1 is 2, group armour 1, 1, 0, 0 is 1: a CF CM of 2, an armour CM of 1", function()
  local g = setup({ U("K1", "TO", "cavalry", "0507", "S", { cf = 3, armour = 1 }), U("K2", "TO", "cavalry", "0408", "SE", { cf = 3, armour = 1 }),
                    U("K3", "TO", "cavalry", "0608", "SW", { cf = 2 }), U("K4", "TO", "cavalry", "0609", "NW", { cf = 1 }),
                    U("P1", "PL", "infantry", "0508", "N") }, { first = "TO" })
  local e = evaluate(g, { "K1", "K2", "K3", "K4" }, { "P1" })
  eq(e.att["5.6.4"], 2)
  eq(e.att["5.2.7"], 1)
end)

test("T-07 FR 5.2.8: CF 1 and 3 average 2; armour 0, 0 and 2 average 0.66, rounded to 1", function()
  local g = setup({ U("K1", "TO", "cavalry", "0507", "S", { cf = 1, armour = 1 }), U("K2", "TO", "cavalry", "0408", "SE", { cf = 3, armour = 1 }),
                    U("I1", "TO", "infantry", "0507", "S", { sp = 1 }), U("I2", "TO", "infantry", "0408", "SE", { sp = 1 }),
                    U("I3", "TO", "infantry", "0608", "SW", { sp = 1, armour = 2 }), U("P1", "PL", "infantry", "0508", "N") },
                  { first = "TO" })
  eq(evaluate(g, { "K1", "K2" }, { "P1" }).att["5.6.4"], 2)
  eq(evaluate(g, { "I1", "I2", "I3" }, { "P1" }).att["5.2.7"], 1)
end)

test("T-08 3.1.2: a cavalry unit attacked by 4 infantry units, two of them from its rear area: +4 CM", function()
  local g = setup({ U("I1", "TO", "infantry", "0507", "S", { sp = 1 }), U("I2", "TO", "infantry", "0408", "SE", { sp = 1 }),
                    U("I3", "TO", "infantry", "0509", "N", { sp = 1 }), U("I4", "TO", "infantry", "0609", "NW", { sp = 1 }),
                    U("C", "PL", "cavalry", "0508", "N") }, { first = "TO" })
  eq(evaluate(g, { "I1", "I2", "I3", "I4" }, { "C" }).att["3.1.2"], 4)
end)

test("T-09 3.3.3: CF 2 in the ZoC of a CF 0 enemy: no stop; the next hex costs 1 MP more (FR: CF 1 would do too)", function()
  -- C (CF 1) enters 0204, in the ZoC of E (0104 facing NE), with CF 2
  local g = setup { U("C", "PL", "cavalry", "0203", "S", { cf = 1 }), U("E", "TO", "infantry", "0104", "NE") }
  done(play(g, "PL", "move C"))
  local c = unit(g, "C")
  eq({ c.hex, c.cf, c.stopped, c.mp_left }, { "0204", 2, false, six(8 - 1) })
  done(play(g, "PL", "move C"))
  eq(unit(g, "C").mp_left, six(8 - 3), "1 for the hex, 1 for going on from the ZoC")
end)

test("T-10 4.3.1: a 180-degree turn costs 3 MP at base", function()
  local g = setup { U("C", "PL", "cavalry", "0202", "S") }
  done(play(g, "PL", "turn C N"))
  eq(unit(g, "C").mp_left, six(8 - 3))
end)

test("T-11 4.3.2: heavy cavalry (armour 2) at CF 3 turns 60 degrees for 1 x (3 + 1) + 2 = 6 MP", function()
  local g = setup { U("C", "PL", "cavalry", "0202", "S", { armour = 2, cf = 3 }) }
  done(play(g, "PL", "turn C SE"))
  eq(unit(g, "C").mp_left, six(8 - 6))
  eq(unit(g, "C").cf, 0)
end)

test("T-12 4.3.4: light cavalry breaking a charge: 3 + 4 + 1 + 4 + 1 = 13 MP; 120 degrees at CF 3 is refused", function()
  local g = setup { U("C", "PL", "cavalry", "0802", "S", { mp = 13 }) }
  for _ = 1, 3 do done(play(g, "PL", "move C")) end
  refused(g:act("PL", "turn C NE"), "4.3.4")
  done(play(g, "PL", "turn C SE"))
  done(play(g, "PL", "move C"))
  done(play(g, "PL", "turn C N"))
  done(play(g, "PL", "move C"))
  local c = unit(g, "C")
  eq(c.hex, "0904")
  eq(c.mp_left, 0)
end)

test("T-13 4.3.6: heavy cavalry, CF 0, turns 120 degrees in a forest: 4 + 4 = 8 MP (the French example also adds 2)", function()
  local g = setup { U("C", "PL", "cavalry", "0305", "S", { armour = 2, mp = 10 }) }
  done(play(g, "PL", "turn C NE"))
  eq(unit(g, "C").mp_left, six(10 - 8))
end)

test("T-14 4.4.3 a: left the map in turn 2, phase 1: back in turn 5 at the earliest", function()
  local g = setup({ U("C", "PL", "cavalry", "0201", "N"), U("far", "TO", "infantry", "2015", "N") }, { turns = 6 })
  to_phase(g, "A.cavalry_move", 2)
  done(play(g, "PL", "move C"))
  eq(unit(g, "C").off_map, 2)
  to_phase(g, "A.cavalry_move", 4)
  refused(g:act("PL", "enter C 0201 S"), "4.4.3")
  to_phase(g, "A.cavalry_move", 5)
  done(play(g, "PL", "enter C 0201 S"))
end)

test("T-15 4.4.3 b: left the map in a pursuit in turn 2, phase 2: back in turn 6", function()
  local G
  local hooks = { { "phase.A.cavalry_attack.enter", function()
    local c = G.rs.api.unit("C")
    if G:turn() == 2 and c.hex then G.rs.modules.movement.leave_map(c, "pursuit") end
  end } }
  G = setup({ U("C", "PL", "cavalry", "0201", "N"), U("far", "TO", "infantry", "2015", "N") }, { turns = 7, hooks = hooks })
  to_phase(G, "A.cavalry_move", 5)
  refused(G:act("PL", "enter C 0201 S"), "4.4.3")
  to_phase(G, "A.cavalry_move", 6)
  done(play(G, "PL", "enter C 0201 S"))
end)

test("T-16 4.4.4: cavalry that left from 0801 comes back within 6 hexes along the edge", function()
  local g = setup({ U("C", "PL", "cavalry", "0801", "N"), U("far", "TO", "infantry", "2015", "N") }, { turns = 6 })
  done(play(g, "PL", "move C"))
  to_phase(g, "A.cavalry_move", 4)
  refused(g:act("PL", "enter C 1501 S"), "4.4.4")
  done(play(g, "PL", "enter C 1401 S"))
end)

test("T-17 4.5.2: a 2-SP unit cannot enter a hex holding 1 SP of infantry; cavalry may attempt to ride it down instead (FR 5.8.5)", function()
  local g = setup { U("I", "PL", "infantry", "0202", "S"), U("J", "PL", "infantry", "0203", "N", { sp = 1 }) }
  to_phase(g, "A.infantry_move")
  refused(g:act("PL", "move I"), "4.5.2")
  g = setup({ U("C", "PL", "cavalry", "0202", "S", { cf = 1 }), U("J", "PL", "infantry", "0203", "N", { sp = 1 }) },
            { dice = { 4 } })
  local r = play(g, "PL", "move C")
  done(r)
  eq(purposes(r), { "ride-down (5.8.5)" }, "4 + 2 + 2 - 1 = 7: ridden down")
  eq(unit(g, "J"), nil)
end)

-- T-18: the 5.1 example.  K1 (2 SP, CF 2, armour 2) and K2 (2 SP, CF 3,
-- armour 1; the French example misprints it 3) attack P1 (2 SP, CF 1,
-- armour 0) across the stream east of 1504; L stands 3 hexes away (no CM),
-- so the pursuit test is rolled (1: voluntary, they stop).
local function t18(dice)
  local g = setup({ U("K1", "TO", "cavalry", "1604", "SW", { cf = 2, armour = 2 }),
                    U("K2", "TO", "cavalry", "1605", "NW", { cf = 3, armour = 1 }),
                    U("L", "TO", "leader", "1304", "N"), U("P1", "PL", "cavalry", "1504", "SE", { cf = 1 }) },
                  { first = "TO" })
  to_phase(g, "A.cavalry_attack")
  local e = evaluate(g, { "K1", "K2" }, { "P1" })
  g.dice:force(dice)
  local r = play(g, "TO", "attack K1,K2 P1", { loss = "K1" })
  done(r)
  return g, r, e
end

test("T-18 5.1.1: 4:2 = 2:1; +2 CF (stream -1) +2 armour against +1 CF +1 stream: 4:1; 4 = -1 / D2; disorganized on 2 and 12 only", function()
  local g, r, e = t18 { 4, 1, 1, 3 }
  eq(e.initial, col("2:1"))
  eq(e.att, { ["5.6.4"] = 2, ["5.2.7"] = 2 })
  eq(e.def, { ["5.6.4"] = 1, ["5.3.2"] = 1 })
  eq(e.final, col("4:1"))
  eq(purposes(r), { "combat (5.1.1)", "pursuit (5.5.3)", "pursuit (5.5.3)", "combat disorganization (5.1.1 g)" })
  eq(unit(g, "K1").sp, 1)
  eq(Q(g, function(R, api) return api.hex.distance(api.unit("P1").hex, api.hex.parse("1504")) end), 2)
  eq(unit(g, "P1").condition, "", "3 is not on row D2 / A1 for light cavalry (the text's \"2, 3 or 12\")")
  eq({ unit(g, "K1").cf, unit(g, "K2").cf, unit(g, "P1").cf }, { 0, 1, 0 })
  g = t18 { 4, 1, 1, 12 }
  eq(unit(g, "P1").condition, "disorganized")
end)

test("T-19 1.5: the legend: -1 / -1, D2 -1, -1 / D2 -1, -1 / D4D and A1D decoded", function()
  local g = setup { U("x", "PL", "infantry", "2015", "N") }
  eq(cell_text(g, 3, "1:4"), "1/0/- 1/0/- -1 / -1")
  eq(cell_text(g, 2, "1:1"), "0/0/- 1/2/- D2 -1")
  eq(cell_text(g, 12, "9:1"), "1/0/- 1/2/- -1 / D2 -1")
  eq(cell_text(g, 2, "5:1"), "1/0/- 0/4/D -1 / D4D")
  eq(cell_text(g, 12, "1:1"), "0/1/D 0/0/- A1D")
end)

test("T-20 5.2.12: CF 3 attacks CF 2: after the combat 2 and 1 (the French example's \"3 against 1: 2 and 1\" would be 2 and 0)", function()
  local g = setup({ U("A", "TO", "cavalry", "0507", "S", { cf = 3 }), U("D", "PL", "cavalry", "0508", "N", { cf = 2 }) },
                  { first = "TO", dice = { 6 } })
  to_phase(g, "A.cavalry_attack")
  done(play(g, "TO", "attack A D"))             -- 1:1, +1 CF each: 6 = "-"
  eq({ unit(g, "A").cf, unit(g, "D").cf }, { 2, 1 })
end)

test("T-21 5.4.2: D2: the defender ends its retreat 2 hexes from the combat hex", function()
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") },
                  { first = "TO", dice = { 2, 5 } })
  to_phase(g, "A.infantry_attack")
  done(play(g, "TO", "attack A D", { retreat = { "0509", "0510" } }))   -- 1:1, 2 = D2 -1
  eq(unit(g, "D").hex, "0510")
end)

test("T-22 5.4.6: D4 with room for 3 hexes: 1 SP lost for the side, the owner's choice", function()
  local units = { U("A", "TO", "infantry", "0507", "S"), U("D1", "PL", "infantry", "0508", "N", { sp = 1 }),
                  U("D2", "PL", "infantry", "0508", "N", { sp = 1 }),
                  U("T1", "TO", "infantry", "0413", "NE", { sp = 1 }), U("T2", "TO", "infantry", "0613", "NW", { sp = 1 }) }
  for i, h in ipairs { "0609", "0409", "0610", "0410", "0611", "0411" } do units[#units + 1] = U("B" .. i, "PL", "infantry", h, "N") end
  local g = setup(units, { first = "TO", vars = { { "morale", -6 } }, options = { morale_value = "offset" }, dice = { 4, 6 } })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "TO", "attack A D1,D2", { loss = "D2" })   -- 1:1 +6 = 7:1, 4 = D4
  done(r)
  eq(#asked(r, "loss"), 1)
  eq(unit(g, "D2"), nil)
  eq(unit(g, "D1").hex, "0511")
end)

test("T-23 5.5.4-5.5.6: obligatory pursuit follows the retreat path; voluntary pursuit may leave it by one hex", function()
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") },
                  { first = "TO", dice = { 2, 5 } })
  to_phase(g, "A.infantry_attack")
  done(play(g, "TO", "attack A D", { retreat = { "0509", "0510" } }))
  eq(unit(g, "A").hex, "0509", "no leader: obligatory, along the path")
  g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"), U("L", "TO", "leader", "0507", "N") },
            { first = "TO", dice = { 4, 5 } })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "TO", "attack A D", { retreat = { "0509", "0510" }, pursuit = { "0508", "0609" } })
  done(r)
  ok(contains(asked(r, "pursuit")[2].options, "0609"), "a hex beside the path")
  eq(unit(g, "A").hex, "0609")
end)

test("T-24 5.5.3: a leader on the hex: voluntary without a roll; 3 hexes: 3 voluntary, 4 obligatory; MORALE +2: obligatory", function()
  local function duel(leader_hex, dice, vars)
    local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                      U("L", "TO", "leader", leader_hex, "N") }, { first = "TO", dice = dice, vars = vars,
                      options = vars and { morale_value = "offset" } or nil })   -- MORALE by its offset (+3)
    to_phase(g, "A.infantry_attack")
    local r = play(g, "TO", "attack A D", { retreat = "0509" })
    done(r)
    return g, r
  end
  local g, r = duel("0507", { 7, 5 })                    -- 3:1 (leader +2), 7 = D1
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" })
  eq(#asked(r, "pursuit"), 1)
  g, r = duel("0207", { 4, 3, 5 })
  eq(#asked(r, "pursuit"), 1, "3: voluntary")
  g, r = duel("0207", { 4, 4, 5 })
  eq(#asked(r, "pursuit"), 0, "4: obligatory")
  eq(unit(g, "A").hex, "0508")
  g, r = duel("0207", { 8, 5 }, { { "morale", -3 } })   -- 1:1 +3 = 4:1, 8 = D1 -1
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" }, "no pursuit roll at MORALE +2 or more (6.1.8)")
  eq(unit(g, "A").hex, "0508")
end)

test("T-25 5.6.3: 3 hexes (CF 3), a 60-degree turn (CF 0), 2 hexes: CF 2", function()
  local g = setup { U("C", "PL", "cavalry", "0802", "S", { mp = 13 }) }
  for _ = 1, 3 do done(play(g, "PL", "move C")) end
  eq(unit(g, "C").cf, 3)
  done(play(g, "PL", "turn C SE"))
  done(play(g, "PL", "move C"))
  done(play(g, "PL", "move C"))
  eq(unit(g, "C").cf, 2)
end)

test("T-26 5.6.5: armour 1, CF 3: a CF CM of 2 and an armour CM of 1; a 60-degree turn costs 1 x (3 + 1) + 1 = 5", function()
  local g = setup({ U("C", "PL", "cavalry", "0507", "S", { armour = 1, cf = 3 }), U("D", "TO", "infantry", "0510", "N") })
  local e = evaluate(g, { "C" }, { "D" })
  eq({ e.att["5.6.4"], e.att["5.2.7"] }, { 2, 1 })
  done(play(g, "PL", "turn C SE"))
  eq(unit(g, "C").mp_left, six(8 - 5))
end)

test("T-27 5.6.10: each hex moved uphill costs 1 CF, after the hex's gain", function()
  local g = setup { U("a", "PL", "cavalry", "0907", "S", { cf = 2 }) }
  done(play(g, "PL", "move a"))                  -- 0908: CF 3
  done(play(g, "PL", "move a"))                  -- 0909, uphill: 3 - 1
  eq(unit(g, "a").cf, 2)
end)

-- Countercharges: PL's K1 moves S down column 4 to 0408; TO's P2 at 0609
-- facing NW (front area 0509, 0508, 0608) and P3 at 0410 facing N both
-- have 0408 two hexes in front of them (FR 5.7.1).
local function cc_game(extra_units, dice)
  local units = { U("K1", "PL", "cavalry", "0406", "S"), U("P2", "TO", "cavalry", "0609", "NW", { cf = 1, armour = 2 }),
                  U("far", "TO", "infantry", "2015", "N", { sp = 1 }) }
  for _, u in ipairs(extra_units or {}) do units[#units + 1] = u end
  return setup(units, { dice = dice })
end

local function to_0408(g)
  done(play(g, "PL", "move K1"))
  return g:act("PL", "move K1")
end

test("T-28 5.7.4: K1 is countercharged at once and stops; once K2 has moved, K1 can no longer be countercharged", function()
  local g = cc_game({ U("K2", "PL", "cavalry", "1202", "S") })
  local r = to_0408(g)
  eq(r.request.options, { "countercharge P2 K1", "pass" })
  done(g:answer("pass"))
  done(play(g, "PL", "move K2"))
  refused(g:act("PL", "move K1"), "4.1.2")
  g = cc_game(nil, { 11 })
  to_0408(g)
  done(g:answer("countercharge P2 K1"))          -- 1:1 +4 (P2: CF 2, armour 2) -1 (K1: CF 2, armour 0) = 4:1, 11 = "-"
  eq(unit(g, "K1").stopped, true)
  refused(g:act("PL", "move K1"), "5.7.11")
end)

test("T-29 5.7.5: two units countercharge K1 together: one combat", function()
  local g = cc_game({ U("P3", "TO", "cavalry", "0410", "N") }, { 11, 11, 11, 11 })
  local r = to_0408(g)
  eq(r.request.options, { "countercharge P2 K1", "countercharge P3 K1", "pass" })
  r = g:answer("countercharge P2 K1")
  eq(r.request.kind, "countercharge_join")
  r = answer_all(g, g:answer("P3"))
  done(r)
  local n = 0
  for _, p in ipairs(purposes(r)) do if p == "combat (5.1.1)" then n = n + 1 end end
  eq(n, 1)
  eq({ unit(g, "P2").countercharged, unit(g, "P3").countercharged }, { true, true })
end)

test("T-30 5.7.6: CF 1, armour 2: straight on CF 2; after a turn CF 1; through a ford CF 1 (FR 5.6.8; the example prints 0)", function()
  local g = setup { U("K1", "PL", "cavalry", "0408", "S"), U("P2", "TO", "cavalry", "0609", "NW", { cf = 1, armour = 2 }),
                    U("Q", "TO", "cavalry", "0309", "N", { cf = 1, armour = 2 }),
                    U("K4", "PL", "cavalry", "1907", "S"), U("R", "TO", "cavalry", "1707", "SE", { cf = 1, armour = 2 }) }
  local function plans(cc, mover)
    return Q(g, function(R, api)
      local out = {}
      for _, p in ipairs(R.countercharge.plans(api.unit(cc), api.unit(mover))) do
        out[#out + 1] = string.format("%s%s CF %d CM %d", p.to.label, p.turned and " turned" or "", p.cf,
          R.arith.cf_cm(p.cf, api.unit(cc).armour, { countercharge = true }))
      end
      return out
    end)
  end
  eq(plans("P2", "K1"), { "0508 CF 2 CM 2" })
  eq(plans("Q", "K1"), { "0308 CF 2 CM 2", "0409 turned CF 1 CM 1" })
  eq(plans("R", "K4"), { "1808 CF 1 CM 1" })
end)

test("T-31 5.7.9: an armour-0 countercharger with CF 2 gains no CM from it", function()
  local g = setup { U("x", "PL", "infantry", "2015", "N") }
  eq(Q(g, function(R) return { R.arith.cf_cm(2, 0, { countercharge = true }), R.arith.cf_cm(2, 0) } end), { 0, 1 })
end)

test("T-32 5.7.10: P2 cannot countercharge K1 next to P1", function()
  local g = cc_game { U("P1", "TO", "infantry", "0409", "S") }
  done(to_0408(g), "no reaction offered")
end)

test("T-39 6.1.2: MORALE +1 for the Poles: 1 CM in every Polish combat, none for the Teutons", function()
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }, { first = "TO", vars = { { "morale", 1 } }, options = { morale_value = "offset" } })
  eq(evaluate(g, { "A" }, { "D" }).def["6.1.2"], 1)
  eq(evaluate(g, { "A" }, { "D" }).att["6.1.2"], nil)
  eq(evaluate(g, { "D" }, { "A" }).att["6.1.2"], 1)
end)

test("T-41 7.1.3: a banner passed before its holder moved moves with the new holder; passed after, the receiver may not move", function()
  local function pass_game(extra)
    local units = { U("H", "TO", "cavalry", "0808", "N"), { name = "TB", side = "TO", kind = "banner", holder = "H", hex = "0808" },
                    U("K", "TO", "cavalry", "0806", "N"), U("Z", "PL", "infantry", "2015", "N") }
    for _, u in ipairs(extra or {}) do units[#units + 1] = u end
    return setup(units, { first = "TO" })
  end
  local g = pass_game()
  done(play(g, "TO", "move H"))
  done(play(g, "TO", "pass_banner TB K"))
  refused(g:act("TO", "move K"), "7.1.3")
  g = pass_game { U("J", "TO", "cavalry", "0809", "S") }
  done(play(g, "TO", "pass_banner TB J"))
  done(play(g, "TO", "move J"))
  eq(unit(g, "TB").hex, "0810")
end)

test("T-42 8.1.7: the stack must retreat 2, only 1 is possible: the leader retreats 1 and stops", function()
  local units = { U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"), U("L", "PL", "leader", "0508", "N") }
  for i, h in ipairs { "0609", "0409", "0610", "0510", "0410" } do units[#units + 1] = U("B" .. i, "PL", "infantry", h, "N") end
  local g = setup(units, { first = "TO", vars = { { "morale", -5 } }, options = { morale_value = "offset" }, dice = { 6, 4 } })
  to_phase(g, "A.infantry_attack")
  done(play(g, "TO", "attack A D"))              -- 1:1 +5 -2 = 4:1, 6 = D2; death roll 4 - 1 > 2
  eq({ unit(g, "D").hex, unit(g, "D").sp, unit(g, "L").hex }, { "0509", 1, "0509" })
end)

test("T-43 8.2.5 a: attackers with a leader get A2 -1: he dies on 2 or 3", function()
  local function go(dice)
    local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"), U("L", "TO", "leader", "0507", "N") },
                    { first = "TO", vars = { { "morale", 3 } }, options = { morale_value = "offset" }, dice = dice })
    to_phase(g, "A.infantry_attack")
    done(play(g, "TO", "attack A D"))            -- 1:1 +2 -3 = 1:2, 11 = A2 -1
    return g
  end
  eq(unit(go { 11, 3 }, "L"), nil, "3 - 1 <= 2")
  ok(unit(go { 11, 4, 5 }, "L") ~= nil, "4 - 1 > 2")
end)

test("T-44 8.2.5 b: defenders with a leader get D3 -1 and retreat only 2 (+1 SP): he dies on 2 to 5", function()
  local function go(dice)
    local units = { U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"), U("L", "PL", "leader", "0508", "N"),
                    U("T", "TO", "infantry", "0511", "S", { sp = 1 }) }
    for i, h in ipairs { "0609", "0409", "0610", "0410", "0611", "0411" } do units[#units + 1] = U("B" .. i, "PL", "infantry", h, "N") end
    local g = setup(units, { first = "TO", vars = { { "morale", -7 } }, options = { morale_value = "offset" }, dice = dice })
    to_phase(g, "A.infantry_attack")
    done(play(g, "TO", "attack A D"))            -- 1:1 +7 -2 = 6:1, 5 = D3 -1
    return g
  end
  eq(unit(go { 5, 5 }, "L"), nil, "5 - 2 <= 3")
  eq(unit(go { 5, 6 }, "L").hex, "0510", "6 - 2 > 3")
end)

test("T-45 8.2.7: a lone leader attacked is killed; the combat is fought at 9:1 for the attacker's part", function()
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("L", "PL", "leader", "0508", "N") }, { first = "TO", dice = { 2 } })
  to_phase(g, "A.infantry_attack")
  local r = play(g, "TO", "attack A L")          -- 9:1, 2 = -1 / D5D
  done(r)
  eq(unit(g, "A").sp, 1)
  eq(unit(g, "L"), nil)
  eq(g:var("morale"), -8)
end)

local function contagion(f, dice)
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1, condition = "disorganized" }),
                    U("F", "PL", "infantry", "0509", "N", f) }, { first = "TO", dice = dice })
  to_phase(g, "A.infantry_attack")
  return g
end

test("T-46 9.1.2 note: two disorganized units stacked do not test", function()
  local g = contagion({ sp = 1, condition = "disorganized" }, { 7, 5 })
  local r = play(g, "TO", "attack A D", { retreat = "0509" })   -- 2:1 +1 (9.2.3: D is disorganized) = 3:1, 7 = D1
  done(r)
  for _, p in ipairs(purposes(r)) do ok(p ~= "morale test (6.2.1)", "no morale test") end
end)

-- PL's panicked cavalry P at 0214 marches to its edge (row 15) at the start
-- of PL's cavalry movement phase (PL is player B).
local function panic_game(units, dice)
  local list = { U("P", "PL", "cavalry", "0214", "N", { condition = "panicked" }), U("Z", "TO", "infantry", "2001", "N") }
  for _, u in ipairs(units or {}) do list[#list + 1] = u end
  local g = setup(list, { first = "TO", vars = { { "edge.PL", "S" }, { "edge.TO", "N" } } })
  to_phase(g, "A.infantry_attack")
  g.dice:force(dice or {})
  local r = play(g, "TO", "end", { panic = "march" })
  done(r)
  return g, r
end

test("T-47 10.1.3: a panicked unit enters a hex holding 2 SP of cavalry: the cavalry tests morale, and panics on a failure", function()
  local g, r = panic_game({ U("F", "PL", "cavalry", "0215", "N") }, { 4 })
  eq(purposes(r), { "morale test (6.2.1)" })
  eq(unit(g, "F").condition, "panicked")
end)

test("T-48 10.2.2: the shortest way runs through an enemy unit: the panicked unit is eliminated entering its hex", function()
  local g = panic_game { U("E", "TO", "infantry", "0215", "S") }
  eq(unit(g, "P"), nil)
end)

-- PL (player A) fires in TO's movement phases: end phases until `name`,
-- stopping at a decision (the fire window at the start of a phase).
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

test("T-49 11.1.5: ranged units fire at the start of the enemy's movement phase, or at its end", function()
  local g = setup({ U("A1", "PL", "archers", "0808", "N"), U("K1", "TO", "cavalry", "0806", "N") }, { dice = { 8 } })
  local r = to_window(g, "B.cavalry_move")
  eq(r.request.options, { "fire A1 K1", "pass" })
  done(g:answer("pass"))
  r = g:act("TO", "end")
  eq(r.request.options, { "fire A1 K1", "pass" })
  done(g:answer("fire A1 K1"))
  eq(unit(g, "K1").sp, 1)
end)

test("T-50 11.2.2: the target in a friendly ZoC, 1D6 = 1: the friendly unit loses 1 SP, the target nothing", function()
  local g = setup({ U("A1", "PL", "archers", "0803", "N"), U("F1", "PL", "infantry", "0802", "N"), U("K1", "TO", "cavalry") },
                  { reinforcements = { { turn = 1, side = "TO", at = { "0801" }, units = { "K1" } } }, dice = { 1 } })
  to_window(g, "B.cavalry_move")
  local r = g:act("TO", "enter K1 0801 S")
  eq(r.request.options, { "fire A1 K1", "pass" })
  r = g:answer("fire A1 K1")
  done(r)
  eq(purposes(r), { "friendly fire (11.2.2)" })
  eq({ unit(g, "F1").sp, unit(g, "K1").sp }, { 1, 2 })
end)

test("T-51 11.2.5: fire at a leader's hex: 2D6 per shot, 12 kills him", function()
  local function go(dice)
    local g = setup({ U("A1", "PL", "archers", "0808", "N"), U("K1", "TO", "cavalry", "0806", "N"), U("L1", "TO", "leader", "0806", "N") },
                    { dice = dice })
    to_window(g, "B.cavalry_move")
    local r = g:answer("fire A1 K1")
    done(r)
    return g, r
  end
  local g, r = go { 8, 11 }
  eq(purposes(r), { "fire (11.4.1)", "leader under fire (11.2.5)" })
  ok(unit(g, "L1") ~= nil)
  g = go { 8, 12 }
  eq(unit(g, "L1"), nil)
end)

-- TO's horse archers H1 come in at 1001 in TO's cavalry phase; PL's unit
-- `other` stands at 1002.
local function ha_game(other, dice)
  local g = setup({ U("H1", "TO", "horse_archers"), other },
                  { reinforcements = { { turn = 1, side = "TO", at = { "1001" }, units = { "H1" } } }, dice = dice })
  local r = to_window(g, "B.cavalry_move")
  eq(r and r.status, "done")
  return g
end

test("T-53 11.2.7: horse archers fire at crossbowmen, who answer: both shots rolled, then both applied", function()
  local g = ha_game(U("X1", "PL", "crossbowmen", "1002", "N"), { 12, 4, 3 })
  eq(g:act("TO", "enter H1 1001 S").status, "decision", "X1 may fire at once")
  done(g:answer("pass"))
  local r = g:act("TO", "fire H1 X1")
  eq(r.request.kind, "return_fire")
  r = g:answer("fire X1 H1")
  done(r)
  eq(purposes(r), { "fire (11.5.5)", "fire (11.6.1)", "crossbow hit (11.6.2)" })
  eq(unit(g, "X1"), nil)
  eq(unit(g, "H1").sp, 1)
end)

test("T-54 11.5.7: horse archers enter next to the enemy in their own phase and fire, for 1 MP, once", function()
  local g = ha_game(U("P1", "PL", "cavalry", "1002", "N"), { 12, 7 })
  done(g:act("TO", "enter H1 1001 S"))
  local mp = unit(g, "H1").mp_left
  done(g:act("TO", "fire H1 P1"))
  eq(unit(g, "P1").sp, 1)
  eq(unit(g, "H1").mp_left, mp - 6)
  refused(g:act("TO", "fire H1 P1"), "11.5.7")
end)

test("T-56 11.6: crossbowmen at range 1 against armour 2: raw 6 -> 4, -1 SP; then 1D6 = 6: disorganized and stopped", function()
  local g = setup({ U("X1", "PL", "crossbowmen", "0808", "N"), U("K1", "TO", "cavalry", "0807", "N", { armour = 2 }) },
                  { dice = { 6, 6 } })
  to_window(g, "B.cavalry_move")
  done(g:answer("fire X1 K1"))
  local k = unit(g, "K1")
  eq({ k.sp, k.condition, k.stopped }, { 1, "disorganized", true })
end)

test("T-57 12.1.5: a defender in a fortification retreats 2; the pursuit enters only the hex it held", function()
  local g = setup({ U("A", "TO", "infantry", "1104", "S"), U("D", "PL", "infantry", "1105", "N") },
                  { first = "TO", vars = { { "morale", -2 } }, options = { morale_value = "offset" }, dice = { 2, 5 } })
  to_phase(g, "A.infantry_attack")
  done(play(g, "TO", "attack A D", { retreat = { "1106", "1107" } }))   -- 1 (halved) : 2 = 1:2 +2 = 2:1, 2 = D2
  eq({ unit(g, "D").hex, unit(g, "A").hex }, { "1107", "1105" })
end)

test("T-58 12.1.7: entered in turn 4 and declared: destroyed at the start of the turn 8 movement phase", function()
  local g = setup({ U("i", "PL", "infantry", "1104", "S"), U("far", "TO", "infantry", "2015", "N") }, { turns = 9 })
  to_phase(g, "A.infantry_move", 4)
  done(play(g, "PL", "move i"))
  done(play(g, "PL", "demolish i"))
  to_phase(g, "A.cavalry_move", 7)
  eq(Q(g, function(R, api) return R.fortifications.is_fortified(api.hex.parse("1105")) end), true)
  to_phase(g, "A.cavalry_move", 8)
  eq(Q(g, function(R, api) return R.fortifications.is_fortified(api.hex.parse("1105")) end), false)
end)

test("T-59 14.1.3: Zyndarm moves for the first time: fatigue 0 -> 1; next turn he influences a combat: 2", function()
  local g = setup({ U("Zyndarm", "PL", "leader", "0512", "N", { nation = "poles" }), U("P1", "PL", "cavalry", "0513", "N", { leader = "Zyndarm" }),
                    U("K1", "TO", "cavalry", "2003", "N") }, { options = { complementary = true } })
  done(play(g, "PL", "move Zyndarm"))
  to_phase(g, "A.cavalry_move", 2)
  eq(unit(g, "Zyndarm").fatigue, 1)
  g.state:set(g:find_unit("Zyndarm"), g.slot.active, true)
  to_phase(g, "A.cavalry_move", 3)
  eq(unit(g, "Zyndarm").fatigue, 2)
end)
