-- Reactions in the enemy's movement phase: counter-charges [6.6],
-- artillery at moving units [13.11] [13.18], and Tatar archery [16.0]
-- (cited "16 (15.2x)").  Neighbours of an even column's hex c,r: N c,r-1
-- NE c+1,r-1  SE c+1,r  S c,r+1  SW c-1,r  NW c-1,r-1; of an odd column's:
-- N c,r-1  NE c+1,r  SE c+1,r+1  S c,r+1  SW c-1,r+1  NW c-1,r.

local U = loadfile(bitwa.home .. "/rulesets/husaria/tests/lib/field.lua", "t", _ENV)().U

-- side.A = SW unless said: SW moves first, PL reacts
local function setup(units, extra)
  extra = extra or {}
  units[#units + 1] = U("far", "SW", "infantry", "2015", "N", { sp = 1, mp = 4 })
  units[#units + 1] = U("farpl", "PL", "infantry", "0115", "N", { sp = 1, mp = 4 })
  return game { ruleset = "husaria", seed = 1, options = extra.options, deploy = "scenario",
    scenario = { map = "test-field", turns = 5, units = units, vars = { { "side.A", extra.a or "SW" } } } }
end

-- act; `answers` lists answers by decision kind; record the reaction offers
local DEFAULT = { reaction = "pass", free_turn = 1, chase = "no", advance = "no", chase_step = "stop", retreat = 1, loss = 1,
                  volley = "pass", countercharge_hex = 1, commander_joins = 1 }
local function act(g, side, line, answers, dice)
  answers = answers or {}
  if dice then g.dice:force(dice) end
  local r = g:act(side, line)
  local offers = {}
  while r.status == "decision" do
    local k = r.request.kind
    if k == "reaction" then offers[#offers + 1] = table.concat(r.request.options, "|") .. " @" .. r.request.prompt end
    local list = answers[k]
    local a = (list and #list > 0) and table.remove(list, 1) or DEFAULT[k]
    if a == nil then error("no answer for " .. k) end
    if type(a) == "number" then a = r.request.options[a] end
    r = g:answer(a)
  end
  return r, offers
end
local function notes(r)
  local t = {}
  for _, e in ipairs(r.events or {}) do t[#t + 1] = tostring(e) end
  return table.concat(t, "\n")
end
local function has(r, text)
  ok(notes(r):find(text, 1, true), "'" .. text .. "' not in:\n" .. notes(r) .. " (" .. tostring(r.status) .. ": " .. tostring(r.message) .. ")")
end
local function offered(offers, text)
  for _, o in ipairs(offers) do if o:find(text, 1, true) then return true end end
  return false
end

test("6.61, 6.62, 6.63, 6.64, T-63: K1 comes within 2 hexes of P2, which counter-charges at once; K1 must end its move", function()
  local g = setup({ U("K1", "SW", "cavalry", "0802", "S"), U("P1", "PL", "infantry", "0806", "N"),
                    U("P2", "PL", "cavalry", "1004", "NW") })
  eq(g:phase_info().name, "A.movement")
  -- 1:1, 2D6 = 5: B1; K1 retreats 1; the dispersal roll 6
  local r, offers = act(g, "SW", "move K1", { reaction = { "charge P2" } }, { 5, 6 })
  done(r)
  ok(offered(offers, "charge P2"), "offered: " .. table.concat(offers, "; "))
  has(r, "P2 counter-charges K1 from 0903 (6.61)")
  has(r, "column 1:1, 2D6 = 5: B1")
  eq(g:unit_table("P2").hex, "0903")
  refused(g:act("SW", "move K1"), "6.64")
end)

test("6.63, 6.66, T-63, T-64: the chance lasts while the unit moves: once another unit moves, only that one can be counter-charged; not a unit already in contact", function()
  local g = setup({ U("K1", "SW", "cavalry", "0802", "S"), U("K2", "SW", "cavalry", "0402", "S"),
                    U("P2", "PL", "cavalry", "1004", "NW"), U("P3", "PL", "cavalry", "0604", "NW") })
  local _, o1 = act(g, "SW", "move K1")
  ok(offered(o1, "charge P2") and offered(o1, "K1 moves"), table.concat(o1, "; "))
  -- K2 moves: PL's offers are about K2 only
  local _, o2 = act(g, "SW", "move K2")
  ok(#o2 > 0)
  for _, o in ipairs(o2) do ok(o:find("K2 moves", 1, true) and not o:find("K1", 1, true), o) end
  -- T-64 (b): a unit in contact with a PL unit ("fighting with allied forces") is not counter-charged
  local g2 = setup({ U("K1", "SW", "cavalry", "0803", "S"), U("P1", "PL", "infantry", "0805", "N"),
                     U("P2", "PL", "cavalry", "1004", "NW") })
  local _, o3 = act(g2, "SW", "move K1")
  ok(offered(o3, "charge P2|pass @K1 moves at 0803"), "T-64 (a): at the beginning of its move: " .. table.concat(o3, "; "))
  ok(not offered(o3, "at 0804"), "K1 is next to P1 at 0804: " .. table.concat(o3, "; "))
end)

test("6.65, T-HU-19: a cavalry unit counter-charges once a stage; in the next stage it may again", function()
  local g = setup({ U("K1", "SW", "cavalry", "0802", "S"), U("K2", "SW", "cavalry", "1202", "S", { mp = 8 }),
                    U("P2", "PL", "cavalry", "1004", "NW") })
  act(g, "SW", "move K1", { reaction = { "charge P2" }, retreat = { "0702" } }, { 5, 6 })
  ok(g:unit_table("P2").countercharged)
  -- P2 (now at 0903) cannot counter-charge K2 in this stage
  local _, o = act(g, "SW", "move K2")
  ok(not offered(o, "charge P2"), table.concat(o, "; "))
  -- the next stage: P2 may counter-charge again
  while g:turn() == 1 do
    local r = g:act(g:acting_side(), "end")
    if r.status ~= "done" then
      -- the attack phase may require battles: let SW attack nothing by retreating? end is refused only with enemies in ZoC
      error("cannot end " .. g:phase_info().name .. ": " .. tostring(r.message))
    end
  end
  ok(not g:unit_table("P2").countercharged, "6.65: once a stage")
end)

test("6.65, 6.63, T-HU-19, option countercharge: 'joint' (default): a second cavalry unit joins the counter-charge, one battle; 'sequential': each its own battle", function()
  -- K1 steps 0802 -> 0803: P2 (1004, NW) may enter 0903, P3 (0604, NE) 0703
  local function units()
    return { U("K1", "SW", "cavalry", "0802", "S"), U("P2", "PL", "cavalry", "1004", "NW"), U("P3", "PL", "cavalry", "0604", "NE") }
  end
  local g = setup(units())
  local asked
  local r = act(g, "SW", "move K1", { reaction = { "charge P2" }, countercharge_join = { "P3" } }, { 5, 6, 6 })
  done(r)
  has(r, "P2 counter-charges K1 from 0903 (6.61)")
  has(r, "P3 counter-charges K1 from 0703 (6.61)")
  -- one battle: 4 SP against 2, 2:1
  has(r, "battle P2, P3 (4) vs K1 (2)")
  has(r, "column 2:1")
  ok(g:unit_table("P2").countercharged and g:unit_table("P3").countercharged, "6.65: both have counter-charged this stage")
  refused(g:act("SW", "move K1"), "6.64")
  -- the join is a choice of any of the others: none joins
  local g0 = setup(units())
  r = act(g0, "SW", "move K1", { reaction = { "charge P2" }, countercharge_join = { "" } }, { 5, 6 })
  has(r, "battle P2 (2) vs K1 (2)")
  ok(not g0:unit_table("P3").countercharged)
  -- 'sequential': no join is asked; P2 fights alone (1:1, B1: K1 retreats)
  local g2 = setup(units(), { options = { countercharge = "sequential" } })
  asked = false
  g2.dice:force { 5, 6 }
  local q = g2:act("SW", "move K1")
  while q.status == "decision" do
    local k = q.request.kind
    if k == "countercharge_join" then asked = true end
    local a = k == "reaction" and (q.request.options[1] == "charge P2" and "charge P2" or "pass") or DEFAULT[k]
    if type(a) == "number" then a = q.request.options[a] end
    q = g2:answer(a)
  end
  done(q)
  ok(not asked, "no join decision in the sequential reading")
  has(q, "battle P2 (2) vs K1 (2)")
  ok(not notes(q):find("P3 counter-charges", 1, true), notes(q))
end)

test("13.11, 13.18: guns fire at a unit moving in their side's enemy movement phase, once each; a gun that moved fires all the same", function()
  local g = setup({ U("gun", "PL", "artillery", "0803", "S", { gun = "heavy", mp = 2, morale = 6 }),
                    U("K", "SW", "infantry", "1203", "SW", { mp = 4 }) }, { a = "PL" })
  eq(g:phase_info().name, "A.artillery")
  done(g:act("PL", "end"))
  done(act(g, "PL", "move gun"))
  eq(g:unit_table("gun").hex, "0804")
  done(g:act("PL", "end"))
  done(g:act("PL", "end"))
  eq(g:phase_info().name, "B.movement")
  -- K steps 1203 -> 1104 (distance 3 from 0804): PL fires; heavy 2 SP at 3, 2D6 = 8: -1, morale 2D6 = 3
  local r, offers = act(g, "SW", "move K", { reaction = { "pass", "fire gun" } }, { 8, 3 })
  ok(offered(offers, "fire gun"), table.concat(offers, "; "))
  has(r, "artillery gun at K, distance 3: 2D6 = 8: -1")
  eq(g:unit_table("K").sp, 1)
  local _, o2 = act(g, "SW", "move K")
  ok(not offered(o2, "fire gun"), "once in this movement phase")
end)

test("16.0, 16 (15.21), 16 (15.22), 16 (15.23), 16 (15.24): Tatars shoot in their own movement phase for 1 MP at range 1; 2 SP hit on 10 and 11", function()
  local g = setup({ U("T1", "PL", "tatars", "0804", "S", { mp = 10 }), U("e", "SW", "infantry", "0805", "N"),
                    U("e2", "SW", "infantry", "0807", "N") }, { a = "PL" })
  refused(g:act("PL", "shoot T1 e2"), "16 (15.24)")
  local r = act(g, "PL", "shoot T1 e", nil, { 10 })
  has(r, "archery T1 at e: 2D6 = 10: hit (16 (15.22))")
  eq(g:unit_table("e").sp, 1)
  eq(g:unit_table("T1").mp_left, 18, "16 (15.23): 1 MP")
  refused(g:act("PL", "shoot T1 e"), "16 (15.22)")
  local g2 = setup({ U("T1", "PL", "tatars", "0804", "S", { mp = 10 }), U("e", "SW", "infantry", "0805", "N") }, { a = "PL" })
  has(act(g2, "PL", "shoot T1 e", nil, { 12 }), "2D6 = 12: miss")
  local g3 = setup({ U("T1", "PL", "tatars", "0804", "S", { mp = 10 }), U("e", "SW", "infantry", "0805", "N") },
    { a = "PL", options = { tatar_twelve = true } })
  has(act(g3, "PL", "shoot T1 e", nil, { 12 }), "2D6 = 12: hit")
  local g4 = setup({ U("T1", "PL", "tatars", "0804", "S", { mp = 10, sp = 1 }), U("e", "SW", "infantry", "0805", "N") }, { a = "PL" })
  has(act(g4, "PL", "shoot T1 e", nil, { 12 }), "2D6 = 12: hit")
end)

test("16 (15.25), T-72: the target's fortifications modify the roll (a wagon -1)", function()
  local g = setup({ U("T1", "PL", "tatars", "0804", "S", { mp = 10 }), U("e", "SW", "infantry", "0805", "N"),
                    U("w", "SW", "wagon", "0805", nil, { sp = 0 }) }, { a = "PL" })
  has(act(g, "PL", "shoot T1 e", nil, { 11 }), "2D6 = 11 -1 (wagon -1): hit")
  local g2 = setup({ U("T1", "PL", "tatars", "0804", "S", { mp = 10 }), U("e", "SW", "infantry", "0805", "N"),
                     U("w", "SW", "wagon", "0805", nil, { sp = 0 }) }, { a = "PL" })
  has(act(g2, "PL", "shoot T1 e", nil, { 10 }), "2D6 = 10 -1 (wagon -1): miss")
end)

test("16 (15.26), T-HU-15: archery at a hex with a commander: 2D6 = 12 kills him, the morale track moves 4", function()
  local g = setup({ U("T1", "PL", "tatars", "0804", "S", { mp = 10 }), U("e", "SW", "infantry", "0805", "N"),
                    U("sc", "SW", "commander", "0805", "N", { sp = 0 }) }, { a = "PL" })
  act(g, "PL", "shoot T1 e", nil, { 5, 12 })
  eq(g:unit_table("sc"), nil)
  eq(g:var("morale"), 4)
end)

test("16 (15.27), T-HU-16: two Tatar units hit one target in a phase: it loses only 1 SP; in the enemy's phase they shoot as a reaction", function()
  local g = setup({ U("T1", "PL", "tatars", "0804", "S", { mp = 10 }), U("T2", "PL", "tatars", "0704", "SE", { mp = 10 }),
                    U("e", "SW", "infantry", "0805", "N") }, { a = "PL" })
  act(g, "PL", "shoot T1 e", nil, { 10 })
  local r = act(g, "PL", "shoot T2 e", nil, { 10 })
  has(r, "e has lost its SP to archery in this phase already (16 (15.27))")
  eq(g:unit_table("e").sp, 1)
  -- 16 (15.21): in SW's movement phase the Tatars shoot at a moving unit
  local g2 = setup({ U("T1", "PL", "tatars", "0806", "N", { mp = 10 }), U("e", "SW", "infantry", "0803", "S", { mp = 4 }) })
  act(g2, "SW", "move e")
  local r2, offers = act(g2, "SW", "move e", { reaction = { "arrows T1" } }, { 11 })
  ok(offered(offers, "arrows T1"), table.concat(offers, "; "))
  has(r2, "archery T1 at e: 2D6 = 11: hit")
end)

test("16 (15.22), 16 (15.26), 9.22: arrows that eliminate a 1-SP unit: its commander rolls for 9.22 and, gone to another unit, is no longer on the target hex", function()
  local g = setup({ U("T1", "PL", "tatars", "0804", "S", { mp = 10 }), U("e", "SW", "infantry", "0805", "N", { sp = 1 }),
                    U("sc", "SW", "commander", "0805", "N", { sp = 0 }) }, { a = "PL" })
  local r = act(g, "PL", "shoot T1 e", nil, { 10, 5 })
  done(r)
  eq(g:unit_table("e"), nil)
  eq(g:unit_table("sc").hex, "2015", "9.22: to the only SW unit left; no 15.26 roll at the empty hex")
end)
