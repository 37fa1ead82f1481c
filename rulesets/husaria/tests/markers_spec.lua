-- Lances [6.7], wagons [11.0] and fences [14.0], with forced dice.  Map
-- facts: movement_spec.lua; from an even column's hex c,r the neighbours
-- are N c,r-1  NE c+1,r-1  SE c+1,r  S c,r+1  SW c-1,r  NW c-1,r-1.

local U = loadfile(bitwa.home .. "/rulesets/husaria/tests/lib/field.lua", "t", _ENV)().U

local function setup(units, extra)
  extra = extra or {}
  units[#units + 1] = U("far", "SW", "infantry", "2015", "N", { sp = 1, mp = 4 })
  units[#units + 1] = U("farpl", "PL", "infantry", "0115", "N", { sp = 1, mp = 4 })
  local vars = { { "side.A", "PL" }, { "kopie.stock.PL", extra.kopie or 3 } }
  local g = game { ruleset = "husaria", seed = 1, options = extra.options, deploy = "scenario",
    scenario = { map = "test-field", turns = 5, units = units, vars = vars } }
  return g
end

local DEFAULT = { reaction = "pass", free_turn = 1, chase = "no", advance = "no", chase_step = "stop", retreat = 1, loss = 1, wagon_stay = 1 }
local function act(g, side, line, answers, dice)
  answers = answers or {}
  if dice then g.dice:force(dice) end
  local r = g:act(side, line)
  while r.status == "decision" do
    local k = r.request.kind
    local list = answers[k]
    local a = (list and #list > 0) and table.remove(list, 1) or DEFAULT[k]
    if a == nil then error("no answer for " .. k) end
    if type(a) == "number" then a = r.request.options[a] end
    r = g:answer(a)
  end
  return r
end
local function notes(r)
  local t = {}
  for _, e in ipairs(r.events or {}) do t[#t + 1] = tostring(e) end
  return table.concat(t, "\n")
end
local function has(r, text)
  ok(notes(r):find(text, 1, true), "'" .. text .. "' not in:\n" .. notes(r) .. " (" .. tostring(r.status) .. ": " .. tostring(r.message) .. ")")
end
local function to_attack(g) while g:phase_info().name ~= "A.attack" do done(g:act(g:acting_side(), "end")) end end

test("6.71, 6.73, 6.74: a hussar unit takes a lance token from the scenario's stock at the start of the movement phase, not next to an enemy", function()
  local g = setup({ U("h", "PL", "husaria", "0802", "S"), U("h2", "PL", "husaria", "0402", "S"), U("c", "PL", "cavalry", "0602", "S"),
                    U("h3", "PL", "husaria", "1204", "S"), U("e", "SW", "infantry", "1205", "N") }, { kopie = 1 })
  eq(g:phase_info().name, "A.movement")
  refused(g:act("PL", "lance c"), "6.71")
  refused(g:act("PL", "lance h3"), "6.71", "next to e")
  done(g:act("PL", "lance h"))
  ok(g:unit_table("h").kopie)
  eq(g:var("kopie.stock.PL"), 0)
  refused(g:act("PL", "lance h2"), "6.73", "the stock is spent")
  local g2 = setup({ U("h", "PL", "husaria", "0802", "S"), U("h2", "PL", "husaria", "0402", "S") })
  done(act(g2, "PL", "move h2"))
  refused(g2:act("PL", "lance h"), "6.71", "after a unit of the side has moved")
end)

test("6.72, T-65: the lance shifts +3 for 2 SP, +2 for 1 SP, in the unit's next attack; then the token is spent", function()
  local g = setup({ U("h", "PL", "husaria", "0802", "S"), U("d", "SW", "cavalry", "0804", "N") })
  done(g:act("PL", "lance h"))
  done(act(g, "PL", "move h"))
  eq(g:unit_table("h").hex, "0803")
  done(g:act("PL", "end"))
  local r = act(g, "PL", "attack h d", nil, { 11 })
  has(r, "+3 kopie (6.72); column 4:1")
  ok(not g:unit_table("h").kopie, "spent")
  eq(g:var("kopie.used.PL"), 1)
  local g2 = setup({ U("h", "PL", "husaria", "0802", "S", { sp = 1 }), U("d", "SW", "cavalry", "0804", "N", { sp = 1 }) })
  done(g2:act("PL", "lance h"))
  done(act(g2, "PL", "move h"))
  done(g2:act("PL", "end"))
  has(act(g2, "PL", "attack h d", nil, { 9 }), "+2 kopie (6.72); column 3:1")
end)

test("6.33, 11.12, 14.14, T-65: woods, a wagon or a fence cancel the lance (and it is spent all the same)", function()
  local g = setup({ U("h", "PL", "husaria", "0303", "S"), U("d", "SW", "infantry", "0305", "N") })
  done(g:act("PL", "lance h"))
  done(act(g, "PL", "move h"))
  done(g:act("PL", "end"))
  local r = act(g, "PL", "attack h d", nil, { 4 })
  has(r, "kopie cancelled by woods or buildings (6.33)")
  ok(not g:unit_table("h").kopie)
  local g2 = setup({ U("h", "PL", "husaria", "0802", "S"), U("d", "SW", "infantry", "0804", "N"),
                     U("w", "SW", "wagon", "0804", nil, { sp = 0 }) })
  done(g2:act("PL", "lance h"))
  done(act(g2, "PL", "move h"))
  done(g2:act("PL", "end"))
  has(act(g2, "PL", "attack h d", { wagon_stay = { "stay" } }, { 6 }), "kopie cancelled by a wagon (11.12)")
  local g3 = setup({ U("h", "PL", "husaria", "0802", "S"), U("d", "SW", "infantry", "0804", "N"),
                     U("f", "SW", "fence", "0804", "N", { sp = 0 }) })
  done(g3:act("PL", "lance h"))
  done(act(g3, "PL", "move h"))
  done(g3:act("PL", "end"))
  has(act(g3, "PL", "attack h d", nil, { 6 }), "kopie cancelled by a fence (14.14)")
end)

test("6.75, 11.18, 11.19, T-HU-18: a side that loses its last wagon loses its lances; a side that never had wagons keeps them", function()
  local g = setup({ U("h", "PL", "husaria", "0802", "S"), U("w", "PL", "wagon", "1210", nil, { sp = 0 }),
                    U("x", "SW", "infantry", "1208", "S", { mp = 4 }) })
  g:query(function() ok(not g.rs.rules.markers.lost_all("PL")); ok(not g.rs.rules.markers.lost_all("SW"), "SW never had wagons") end)
  -- SW's infantry crosses the Polish wagon: destroyed (11.18), PL has lost all its wagons
  for _ = 1, 2 do done(g:act(g:acting_side(), "end")) end
  eq(g:phase_info().name, "B.movement")
  done(act(g, "SW", "move x"))
  local r = act(g, "SW", "move x")
  has(r, "w (wagon) is destroyed (11.18")
  has(r, "PL has lost all its wagons")
  for _ = 1, 2 do done(g:act(g:acting_side(), "end")) end
  eq(g:phase_info().name, "A.movement")
  refused(g:act("PL", "lance h"), "6.75")
end)

test("11.11, 11.13, 11.17: a wagon has no ZoC and no SP; only infantry or artillery stand on it; cavalry never crosses it", function()
  local g = setup({ U("w", "PL", "wagon", "0803", nil, { sp = 0 }), U("c", "PL", "cavalry", "0802", "S"),
                    U("i", "PL", "infantry", "0702", "SE", { mp = 4 }), U("ec", "SW", "cavalry", "0805", "N") })
  refused(g:act("PL", "move c"), "11.17")
  done(act(g, "PL", "move i"))
  eq(g:unit_table("i").hex, "0803", "11.13: infantry on its wagon")
  g:query(function()
    local api = g.rs.api
    ok(not g.rs.rules.zoc.has_zoc(api.unit("w")), "11.11: no ZoC")
    ok(not g.rs.rules.units.is_field(api.unit("w")))
  end)
end)

test("11.12, 11.14, 11.15, T-HU-05: a stack on its wagon defends with +1 SP; B1: it may stay and lose 1 SP; B2: it retreats, the wagon is destroyed", function()
  local g = setup({ U("c", "PL", "infantry", "0804", "S"), U("d", "SW", "infantry", "0805", "N"),
                    U("w", "SW", "wagon", "0805", nil, { sp = 0 }) })
  to_attack(g)
  -- 2 against 2 + 1 = 1:2 (2 : 3 rounds to 1:2); roll 3: B1
  local r = act(g, "PL", "attack c d", { wagon_stay = { "stay" } }, { 3 })
  has(r, "0805 defends on a wagon: +1 SP (11.12)")
  has(r, "column 1:2, 2D6 = 3: B1")
  eq(g:unit_table("d").hex, "0805")
  eq(g:unit_table("d").sp, 1)
  eq(g:unit_table("w").hex, "0805", "11.14: the wagon stays")
  local g2 = setup({ U("c", "PL", "cavalry", "0804", "S", { morale = 8 }), U("c2", "PL", "cavalry", "0704", "SE", { morale = 8 }),
                     U("d", "SW", "infantry", "0805", "N", { morale = 6 }), U("w", "SW", "wagon", "0805", nil, { sp = 0 }) })
  to_attack(g2)
  -- 8 against 3 = 3:1, +2 morale = 5:1; roll 6: B2
  local r2 = act(g2, "PL", "attack c,c2 d", { retreat = { "0806", "0807" } }, { 6, 6 })
  has(r2, "2D6 = 6: B2")
  has(r2, "w (wagon) is destroyed (11.15")
  eq(g2:unit_table("d").hex, "0807")
end)

test("14.11, 14.12, 6.19, T-HU-10: an attack through the fenced hexside is made with 1 SP, and cavalry does not double against a unit behind a fence", function()
  local g = setup({ U("c", "PL", "cavalry", "0804", "S"), U("d", "SW", "infantry", "0805", "N"),
                    U("f", "SW", "fence", "0805", "N", { sp = 0 }) })
  to_attack(g)
  local r = act(g, "PL", "attack c d", nil, { 4 })
  has(r, "c attacks through a fence: 1 SP (14.11)")
  has(r, "column 1:2")
  -- the fence faces N: an attack from another side is not through it, and the cavalry doubles (6.19, the
  -- protection is the fenced hexside's)
  local g2 = setup({ U("c", "PL", "cavalry", "0904", "SW"), U("d", "SW", "infantry", "0805", "NE"),
                     U("f", "SW", "fence", "0805", "N", { sp = 0 }) })
  to_attack(g2)
  local r2 = act(g2, "PL", "attack c d", nil, { 8 })
  has(r2, "c x2 (6.19)")
  has(r2, "column 2:1")
end)

test("6.18: a unit behind a fence need not attack through it", function()
  local g = setup({ U("a", "PL", "infantry", "0805", "N"), U("f", "PL", "fence", "0805", "N", { sp = 0 }),
                    U("e", "SW", "infantry", "0804", "S") })
  to_attack(g)
  done(g:act("PL", "end"))
  eq(g:phase_info().name, "B.movement")
end)

test("14.15: an enemy unit entering the fence's hex destroys it", function()
  local g = setup({ U("f", "SW", "fence", "0803", "N", { sp = 0 }), U("c", "PL", "cavalry", "0802", "S") })
  local r = act(g, "PL", "move c")
  has(r, "f (fence) is destroyed (14.15")
  eq(g:unit_table("f"), nil)
end)

test("11.14, 11.16: a unit leaving its wagon's hex by 'move' leaves the wagon, and stops in an enemy ZoC as any unit (both readings of option wagons)", function()
  for _, w in ipairs { "carried", "static" } do
    local g = setup({ U("i", "PL", "infantry", "0803", "S", { mp = 4 }), U("w", "PL", "wagon", "0803", nil, { sp = 0 }),
                      U("e", "SW", "infantry", "0806", "N") }, { options = { wagons = w } })
    done(act(g, "PL", "move i"))
    eq(g:unit_table("w").hex, "0803")
    done(act(g, "PL", "move i"))
    eq(g:unit_table("i").hex, "0805")
    refused(g:act("PL", "move i"), "5.21")
  end
end)

test("11.16, 11.13, 11.14, option wagons = 'carried' (default): a unit on its wagon hauls it along, ignoring enemy ZoC; 'static' (A-103): wagons never move", function()
  local function units()
    return { U("i", "PL", "infantry", "0803", "S", { mp = 4 }), U("w", "PL", "wagon", "0803", nil, { sp = 0 }),
             U("c", "PL", "cavalry", "0603", "S"), U("w2", "PL", "wagon", "0603", nil, { sp = 0 }),
             U("j", "PL", "infantry", "0403", "S", { mp = 4 }), U("e", "SW", "infantry", "0807", "N") }
  end
  local g = setup(units())
  eq(g.options.wagons, "carried")
  local legal = {}
  for _, a in ipairs(g:legal_actions("PL")) do if a.line:match("^haul") then legal[#legal + 1] = a.line end end
  eq(legal, { "haul i" })
  local r = act(g, "PL", "haul i")
  done(r)
  has(r, "i moves to 0804 with its wagon w (11.16)")
  eq(g:unit_table("w").hex, "0804")
  -- 0805 is in e's ZoC: hauling, i is not stopped there (11.16) and goes on
  done(act(g, "PL", "haul i"))
  eq(g:unit_table("i").hex, "0805")
  eq(g:unit_table("w").hex, "0805")
  ok(not g:unit_table("i").stopped, "11.16: enemy ZoC ignored")
  done(act(g, "PL", "haul i"))
  eq(g:unit_table("i").hex, "0806")
  -- only infantry or artillery haul (11.13; c was put on w2 by hand), and
  -- only from its wagon's hex
  refused(g:act("PL", "haul c"), "11.13")
  refused(g:act("PL", "haul j"), "11.16")
  -- 'static': refused, and not listed
  local g2 = setup(units(), { options = { wagons = "static" } })
  refused(g2:act("PL", "haul i"), "11.16")
  for _, a in ipairs(g2:legal_actions("PL")) do ok(not a.line:match("^haul"), a.line) end
  eq(g2:unit_table("w").hex, "0803")
end)

test("6.71, option kopie_phase = 'any' (H-03): at the start of the enemy's movement phase the other side is asked which hussars take lances", function()
  local g = game { ruleset = "husaria", seed = 1, deploy = "scenario", options = { kopie_phase = "any" },
    scenario = { map = "test-field", turns = 3, vars = { { "side.A", "SW" }, { "kopie.stock.PL", 2 } }, units = {
      U("h", "PL", "husaria", "0802", "S"), U("h2", "PL", "husaria", "1202", "S"), U("x", "SW", "infantry", "2015", "N") } } }
  -- SW's movement phase began: PL was asked
  local req = g:pending_request()
  eq(req and req.kind, "lance")
  eq(req.options, { "h", "h2" })
  eq({ req.min, req.max }, { 0, 2 })
  refused(g:answer("h,h2,h"), "")
  done(g:answer("h"))
  ok(g:unit_table("h").kopie)
  ok(not g:unit_table("h2").kopie)
  eq(g:var("kopie.stock.PL"), 1)
  refused(g:act("PL", "lance h2"), "3.1", "not PL's phase")
  -- PL moves in its own phase; at SW's next movement phase PL is asked again
  while g:phase_info().name ~= "B.movement" do done(g:act(g:acting_side(), "end")) end
  done(act(g, "PL", "move h2"))
  while g:phase_info().name ~= "A.movement" do
    local r = g:act(g:acting_side(), "end")
    if r.status == "decision" then break end
  end
  local q = g:pending_request()
  eq(q and q.options, { "h2" }, "h carries its lance still")
  done(g:answer("h2"))
  ok(g:unit_table("h2").kopie)
end)
