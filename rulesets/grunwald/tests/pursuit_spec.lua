-- Pursuit [5.5] (with 6.1.8, 8.1.7, 12.1.5, 4.3.7), forced dice.  T-nn:
-- MATRIX.md §6.1.  Map: test-field (odd columns sit lower).  Unless said
-- otherwise A (TO) at 0507 facing S attacks D (PL) at 0508 facing N, both
-- 2-SP infantry (1:1); A's ZoC covers 0608, 0508 and 0408, so D retreats
-- by 0609, 0509 or 0409.  TO is player A.

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

local function duel(extra_units, extra, a, d)
  local units = { U("A", "TO", (a and a.kind) or "infantry", "0507", (a and a.facing) or "S", a),
                  U("D", "PL", "infantry", "0508", "N", d) }
  for _, u in ipairs(extra_units or {}) do units[#units + 1] = u end
  local g = setup(units, extra)
  to_phase(g, (a and a.kind == "cavalry") and "A.cavalry_attack" or "A.infantry_attack")
  return g
end

test("5.5.1 / 5.5.2: more than 5 hexes from a leader the pursuit is obligatory, without a roll", function()
  local g = duel { U("L", "TO", "leader", "1107", "N") }      -- 6 hexes from A
  g.dice:force { 4, 5 }                                        -- 1:1, 4 = D1; disorganization 5
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" })
  eq(#asked(r, "pursuit"), 0, "nothing to choose")
  eq(g:unit_table("A").hex, "0508")
end)

test("5.5.3-a / T-24: a leader on the unit's hex: voluntary without a roll; it may stop", function()
  local g = duel { U("L", "TO", "leader", "0507", "N") }
  g.dice:force { 7, 5 }                                        -- 1:1 +2 (leader) = 3:1, 7 = D1
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" })
  local q = asked(r, "pursuit")
  eq(#q, 1)
  eq(q[1].options, { "0508", "stop" })
  eq(g:unit_table("A").hex, "0507")
end)

test("5.5.3-b / 8.1.7: ... or pursue, and the leader left alone on its hex pursues with it", function()
  local g = duel { U("L", "TO", "leader", "0507", "N") }
  g.dice:force { 7, 5 }
  done(play(g, "TO", "attack A D", { retreat = "0509", pursuit = "0508" }))
  eq(g:unit_table("A").hex, "0508")
  eq(g:unit_table("L").hex, "0508")
end)

test("5.5.3-c / T-24: 3 hexes from a leader: 1-3 voluntary, 4-6 obligatory", function()
  local g = duel { U("L", "TO", "leader", "0207", "N") }       -- 3 hexes, range 2: no CM
  g.dice:force { 4, 3, 5 }
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "pursuit (5.5.3)", "combat disorganization (5.1.1 g)" })
  eq(#asked(r, "pursuit"), 1, "voluntary")
  eq(g:unit_table("A").hex, "0507")
  g = duel { U("L", "TO", "leader", "0207", "N") }
  g.dice:force { 4, 4, 5 }
  r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(#asked(r, "pursuit"), 0, "obligatory")
  eq(g:unit_table("A").hex, "0508")
end)

test("6.1.8 / A-045 / T-24: at MORALE +2 or more pursuit is obligatory unless on a leader's hex", function()
  local g = duel({ U("L", "TO", "leader", "0207", "N") }, { vars = { { "morale", -3 } } })
  g.dice:force { 8, 5 }                                        -- 1:1 +3 = 4:1, 8 = D1 -1
  local r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "combat disorganization (5.1.1 g)" }, "no pursuit roll")
  eq(g:unit_table("A").hex, "0508")
  g = duel({ U("L", "TO", "leader", "0507", "N") }, { vars = { { "morale", -3 } } })
  g.dice:force { 10, 5 }                                       -- +3 +2 = 6:1, 10 = D1 -1
  r = play(g, "TO", "attack A D", { retreat = "0509" })
  done(r)
  eq(#asked(r, "pursuit"), 1, "with a leader on its hex: voluntary")
end)

test("5.5.4 / 5.5.6 / T-23: obligatory pursuit enters the hex left, then follows the retreat path", function()
  local g = duel()
  g.dice:force { 2, 5 }                                        -- 1:1, 2 = D2 -1
  local r = play(g, "TO", "attack A D", { retreat = { "0509", "0410" } })
  done(r)
  eq(g:unit_table("D").hex, "0410")
  eq(g:unit_table("A").hex, "0509", "0508, then 0509: as many hexes as the retreat, next to the enemy")
end)

test("5.5.5 / T-23: voluntary pursuit may leave the retreat path by one hex", function()
  local g = duel { U("L", "TO", "leader", "0507", "N") }
  g.dice:force { 4, 5 }                                        -- 3:1, 4 = D2
  local r = play(g, "TO", "attack A D", { retreat = { "0509", "0510" }, pursuit = { "0508", "0609" } })
  done(r)
  local q = asked(r, "pursuit")
  eq(#q, 2)
  ok(contains(q[2].options, "0509") and contains(q[2].options, "0609") and contains(q[2].options, "stop"),
    "the path, a hex beside it, or stop: " .. table.concat(q[2].options, " "))
  eq(g:unit_table("A").hex, "0609")
  eq(g:unit_table("L").hex, "0609")
end)

test("5.5.7: enemy ZoCs are ignored in a pursuit", function()
  -- E (PL) at 0409 facing NE: its ZoC covers 0408, 0508 and 0509
  local g = duel { U("E", "PL", "infantry", "0409", "NE") }
  g.dice:force { 2, 5 }
  done(play(g, "TO", "attack A D", { retreat = { "0509", "0510" } }))
  eq(g:unit_table("A").hex, "0509")
end)

test("5.5.8 / 5.5.9: no CF gain in a pursuit; a 60-degree turn keeps the CF", function()
  -- cavalry A faces SE (0508 is in its front area); CF 2, armour 2: 1:1 +4 = 5:1, 7 = D2
  local g = duel(nil, nil, { kind = "cavalry", facing = "SE", cf = 2, armour = 2 })
  g.dice:force { 7, 5 }
  done(play(g, "TO", "attack A D", { retreat = { "0509", "0510" } }))
  local a = g:unit_table("A")
  eq(a.hex, "0509")
  eq(a.cf, 1, "2 kept through the pursuit (no gain, a 60-degree turn), -1 after the combat (5.2.11)")
end)

test("5.5.9-b: a turn of 120 degrees in a pursuit costs the CF", function()
  local g = duel(nil, nil, { kind = "cavalry", facing = "SE", cf = 2, armour = 2 })
  g.dice:force { 7, 5 }
  local r = play(g, "TO", "attack A D", { retreat = { "0408" } })
  done(r)
  local a = g:unit_table("A")
  eq(a.hex, "0408", "0508 (60 degrees from SE), then 0408 (NW: 120 degrees from S)")
  eq(a.cf, 0)
end)

test("5.5.10: pursuing cavalry rides down enemy non-cavalry units in its way (no MORALE change, 5.8.2)", function()
  local g = duel({ U("E", "PL", "infantry", "0509", "N", { sp = 1 }) }, nil, { kind = "cavalry" }, { sp = 1 })
  g.dice:force { 2, 5 }                                        -- 2:1, 2 = D2
  done(play(g, "TO", "attack A D", { retreat = { "0509", "0510" } }))
  eq(g:unit_table("E"), nil, "ridden down")
  eq(g:unit_table("A").hex, "0509")
  eq(g:var("morale"), 0)
end)

test("12.1.5 / T-57: a defender in a fortification retreats; the pursuit enters its hex only", function()
  local g = setup({ U("A", "TO", "infantry", "1104", "S"), U("D", "PL", "infantry", "1105", "N") },
                  { vars = { { "morale", -2 } } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 2, 5 }                                        -- 1 (halved) vs 2: 1:2 +2 = 2:1, 2 = D2
  done(play(g, "TO", "attack A D", { retreat = { "1106", "1107" } }))
  eq(g:unit_table("D").hex, "1107")
  eq(g:unit_table("A").hex, "1105")
end)

test("4.3.7: after its pursuit a unit may face any way", function()
  local g = duel()
  g.dice:force { 4, 5 }
  local r = play(g, "TO", "attack A D", { retreat = "0509", facing = { "S", "NE" } })
  done(r)
  local q = asked(r, "facing")
  eq(#q, 2, "after the retreat, after the pursuit")
  eq(#q[2].options, 6)
  eq(g:unit_table("A").facing, "NE")
end)
