-- [11.0] Ranged units, with forced dice, on the rules test field
-- (maps/test-field.map: odd columns sit lower; forest 0305-0306, village
-- 0505, swamp 0705, hill 0909-0910, fortification 1105, lake 1305).
-- PL is player A: it moves in phases 1-4 and its ranged units fire in TO's
-- movement phases (5 and 7).  T-nn are the worked examples of MATRIX.md §6.1.

local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 1, mp = 4 }
  if kind == "cavalry" or kind == "horse_archers" then u.sp, u.mp = 2, 8 end
  for k, v in pairs(t or {}) do u[k] = v end
  if u.mp_left == nil then u.mp_left = u.mp * 6 end
  return u
end

local function setup(units, extra)
  extra = extra or {}
  return game { ruleset = "grunwald", seed = 1, dice = extra.dice, options = extra.options,
    scenario = { map = "test-field", turns = extra.turns or 3, units = units,
                 reinforcements = extra.reinforcements, data = extra.data, vars = extra.vars } }
end

-- End phases until phase `name` (of turn `turn`, if given); returns the
-- result of the last action (a reaction decision stops it).
local function to_phase(g, name, turn)
  local r
  for _ = 1, 60 do
    if g:phase_info().name == name and (turn == nil or g:turn() == turn) then return r end
    r = g:act(g:acting_side(), "end")
    if r.status == "decision" then return r end
    done(r, "end of " .. g:phase_info().name)
  end
  error("phase " .. name .. " not reached")
end

-- rule code run on the game, not as an action (no state change)
local function Q(g, f) return g:query(function() return f(g.rs.rules, g.rs.api) end) end
local function H(s) return bitwa.hex.parse(s) end
local function unit(g, name) return g:unit_table(name) end

local function purposes(r)
  local out = {}
  for i, roll in ipairs(r.rolls or {}) do out[i] = roll.purpose end
  return out
end

local function noted(r, text)
  for _, e in ipairs(r.events or {}) do
    if tostring(e):find(text, 1, true) then return true end
  end
  return false
end

local far = function() return U("far", "TO", "cavalry", "2015", "N") end

---------------------------------------------------------------- formations

test("11.1.1-a: ranged units start in the scenario's formation, else in combat formation", function()
  local g = setup { U("A1", "PL", "archers", "0808", "N"), U("A2", "PL", "archers", "0810", "N", { formation = "movement" }),
                    U("B1", "PL", "bombards", "0812", "N"), U("X1", "PL", "crossbowmen", "0814", "N"),
                    U("H1", "PL", "horse_archers", "0614", "N"), far() }
  eq(unit(g, "A1").formation, "combat")
  eq(unit(g, "A2").formation, "movement")
  eq(unit(g, "B1").formation, "combat")
  eq(unit(g, "X1").formation, "combat")
  eq(unit(g, "H1").formation, "", "horse archers have no formations (11.5.1)")
end)

test("11.1.1-b: a formation other than combat or movement fails the setup", function()
  local ok, err = pcall(setup, { U("A1", "PL", "archers", "0808", "N", { formation = "line" }), far() })
  ok = not ok and tostring(err):find("11.1.1", 1, true) ~= nil
  eq(ok, true, tostring(err))
end)

test("11.1.3-a: changing formation costs 1 MP, either way, in the unit's movement phase", function()
  local g = setup { U("A1", "PL", "archers", "0808", "N"), far() }
  to_phase(g, "A.infantry_move")
  eq(unit(g, "A1").mp_left, 0, "the combat side has no MP (11.1.1)")
  done(g:act("PL", "formation A1"))
  eq(unit(g, "A1").formation, "movement")
  eq(unit(g, "A1").mp_left, 4 * 6 - 6, "the movement side's 4 MP, less 1 MP (in sixths)")
  done(g:act("PL", "formation A1"))
  eq(unit(g, "A1").formation, "combat")
  eq(unit(g, "A1").mp_left, 0, "back on the combat side: 1 MP paid, 0 MP left")
  refused(g:act("PL", "formation A1"), "11.1.3", "no second start from the combat side in a phase")
end)

test("11.1.3-b: no formation change without 1 MP, for horse archers, or for the enemy's units", function()
  local g = setup { U("A1", "PL", "archers", "0808", "N", { mp = 1, condition = "disorganized" }),
                    U("H1", "PL", "horse_archers", "0614", "N"),
                    U("X1", "PL", "crossbowmen", "0812", "N"), U("K1", "TO", "archers", "2010", "N") }
  refused(g:act("PL", "formation X1"), "2.1", "not in the cavalry movement phase")
  to_phase(g, "A.infantry_move")
  refused(g:act("PL", "formation A1"), "11.1.3", "1 MP, less 1 for being disorganized (9.2.1)")
  refused(g:act("PL", "formation H1"), "11.1.1")
  refused(g:act("PL", "formation K1"), "2.1")
  local legal = {}
  for _, a in ipairs(g:legal_actions("PL")) do if a.line:find("^formation") then legal[#legal + 1] = a.line end end
  eq(legal, { "formation X1" })
end)

test("11.1.2: a ranged unit in movement formation does not fire", function()
  local g = setup { U("A1", "PL", "archers", "0808", "N", { formation = "movement" }), U("K1", "TO", "cavalry", "0806", "N") }
  local r = to_phase(g, "B.cavalry_move")
  eq(r.status, "done", "no reaction offered")
  eq(g:phase_info().name, "B.cavalry_move")
end)

---------------------------------------------------------------- when to fire [11.1.5] [11.1.6]

local function archer_vs_cavalry(dice, extra_units)
  local units = { U("A1", "PL", "archers", "0808", "N"), U("K1", "TO", "cavalry", "0806", "N") }
  for _, u in ipairs(extra_units or {}) do units[#units + 1] = u end
  return setup(units, { dice = dice })
end

test("T-49 11.1.5-a: ranged units fire at the start of the enemy's movement phase", function()
  local g = archer_vs_cavalry { 8 }
  local r = to_phase(g, "B.cavalry_move")
  eq(r.status, "decision")
  eq(r.request.side, "PL")
  eq(r.request.kind, "reaction")
  eq(r.request.options, { "fire A1 K1", "pass" })
  r = g:answer("fire A1 K1")
  done(r)
  eq(purposes(r), { "fire (11.4.1)" })
  eq(unit(g, "K1").sp, 1, "range 2, roll 8: -1 (11.4.1)")
  eq(unit(g, "A1").shots, 1)
end)

test("T-49 11.1.5-b: ... or after all enemy movement, before the phase ends; passing keeps the shot", function()
  local g = archer_vs_cavalry { 8 }
  to_phase(g, "B.cavalry_move")
  done(g:answer("pass"))
  eq(unit(g, "A1").shots, 0)
  local r = g:act("TO", "end")
  eq(r.status, "decision")
  eq(r.request.options, { "fire A1 K1", "pass" })
  done(g:answer("fire A1 K1"))
  eq(unit(g, "K1").sp, 1)
  eq(g:phase_info().name, "B.cavalry_attack")
end)

test("T-49 11.1.5-c: ... or the moment an enemy unit comes into range (here: entering the map)", function()
  local g = setup({ U("A1", "PL", "archers", "0803", "N"), U("R1", "TO", "cavalry", nil, nil, {}) },
                  { reinforcements = { { turn = 1, side = "TO", at = { "0801" }, units = { "R1" } } }, dice = { 8 } })
  local r = to_phase(g, "B.cavalry_move")
  eq(r and r.status, "done", "nothing to fire at when the phase starts")
  r = g:act("TO", "enter R1 0801 S")
  eq(r.status, "decision")
  eq(r.request.options, { "fire A1 R1", "pass" })
  done(g:answer("fire A1 R1"))
  eq(unit(g, "R1").sp, 1)
end)

test("11.1.5-d: fire before any enemy movement: at the very start of the game's first phase", function()
  local g = setup({ U("A1", "PL", "archers", "0808", "N"), U("K1", "TO", "cavalry", "0806", "N") },
                  { vars = { { "side.A", "TO" } } })
  eq(g:phase_info().name, "A.cavalry_move")
  local req = g:pending_request()
  ok(req, "the game begins with the enemy's fire window")
  eq(req.side, "PL")
  eq(req.options, { "fire A1 K1", "pass" })
  g.dice:force { 8 }
  done(g:answer("fire A1 K1"))
  eq(unit(g, "K1").sp, 1)
  eq(g:acting_side(), "TO")
end)

test("11.1.6: a ranged unit fires once a turn", function()
  local g = archer_vs_cavalry { 8, 2 }
  to_phase(g, "B.cavalry_move")
  done(g:answer("fire A1 K1"))
  done(g:act("TO", "end"), "no second shot at the end of the phase")
  local r = to_phase(g, "B.infantry_move")
  eq(r.status, "done", "nor in the infantry phase")
  r = to_phase(g, "B.cavalry_move", 2)
  eq(r.status, "decision", "a new turn, a new shot")
  done(g:answer("fire A1 K1"))
end)

---------------------------------------------------------------- arc and range [11.2.1] A-063

test("A-063 11.2.1-a: the fire arc is the forward 120-degree wedge of the front area extended", function()
  local g = setup { U("A1", "PL", "archers", "0808", "N"), U("H1", "PL", "horse_archers", "0814", "N"), far() }
  local function arc(name, hex) return Q(g, function(R, B) return R.ranged.in_arc(B.unit(name), H(hex)) end) end
  for _, h in ipairs { "0707", "0807", "0907", "0607", "0706", "0806", "0906", "1007", "0805", "0506", "1106" } do
    eq(arc("A1", h), true, h .. " in the arc")
  end
  for _, h in ipairs { "0708", "0809", "0908", "0608", "1008", "0808", "0108", "1608", "0815" } do
    eq(arc("A1", h), false, h .. " outside the arc")
  end
  eq(#Q(g, function(R) return R.ranged.wedge(H("0808"), 0, 3) end), 8, "2d+2 walked hexes (the middle one twice)")
  eq(arc("H1", "0815"), true, "horse archers: any adjacent hex (11.5.4)")
  eq(arc("H1", "0713"), true)
  eq(arc("H1", "0812"), false, "but nothing farther")
end)

test("11.2.1-b: units outside the arc or beyond the range are not fired at", function()
  local g = setup { U("A1", "PL", "archers", "0808", "N"), U("K1", "TO", "cavalry", "0809", "N"),
                    U("K2", "TO", "cavalry", "0805", "N") }
  local r = to_phase(g, "B.cavalry_move")
  eq(r.status, "done", "K1 is behind, K2 three hexes away")
end)

test("11.7.2: bombards reach 3 hexes in the same arc", function()
  local g = setup { U("B1", "PL", "bombards", "0808", "N"), U("K2", "TO", "cavalry", "0805", "N") }
  local r = to_phase(g, "B.cavalry_move")
  eq(r.request.options, { "fire B1 K2", "pass" })
end)

---------------------------------------------------------------- line of sight [11.2.6]

test("T-52 11.2.6-a: a village between blocks the shot; the other target can be fired at", function()
  local g = setup { U("A1", "PL", "archers", "0506", "N"), U("KA", "TO", "cavalry", "0504", "N"),
                    U("KB", "TO", "cavalry", "0605", "N") }
  local r = to_phase(g, "B.cavalry_move")
  eq(r.request.options, { "fire A1 KB", "pass" })
end)

test("11.2.6-b: hills and forests between block sight too", function()
  local g = setup { U("A1", "PL", "archers", "0911", "N"), U("K1", "TO", "cavalry", "0909", "N"),
                    U("A2", "PL", "archers", "0307", "N"), U("K2", "TO", "cavalry", "0305", "N") }
  eq(to_phase(g, "B.cavalry_move").status, "done")
  eq(Q(g, function(R) return R.ranged.line_of_sight(H("0911"), H("0909"), "PL") end), false)
  eq(Q(g, function(R) return R.ranged.line_of_sight(H("0307"), H("0305"), "PL") end), false)
  eq(Q(g, function(R) return R.ranged.line_of_sight(H("0307"), H("0306"), "PL") end), true, "a target in the forest is seen")
end)

test("A-065 11.2.6-c: enemy units between block sight, friendly units do not", function()
  local g = setup { U("A1", "PL", "archers", "1208", "N"), U("E1", "TO", "infantry", "1207", "S"),
                    U("K1", "TO", "cavalry", "1206", "N") }
  eq(to_phase(g, "B.cavalry_move").request.options, { "fire A1 E1", "pass" })
  g = setup { U("A1", "PL", "archers", "1208", "N"), U("F1", "PL", "infantry", "1207", "S"),
              U("K1", "TO", "cavalry", "1206", "N") }
  eq(to_phase(g, "B.cavalry_move").request.options, { "fire A1 K1", "pass" })
end)

test("11.2.6-d: a line along a hexside is blocked only when the hexes on both sides block", function()
  -- 1010 -> 1210 runs along the edge between 1109 and 1110
  local g = setup { U("A1", "PL", "archers", "1010", "NE"), U("K1", "TO", "cavalry", "1210", "N"),
                    U("E1", "TO", "infantry", "1109", "N") }
  eq(to_phase(g, "B.cavalry_move").request.options, { "fire A1 K1", "fire A1 E1", "pass" })
  g = setup { U("A1", "PL", "archers", "1010", "NE"), U("K1", "TO", "cavalry", "1210", "N"),
              U("E1", "TO", "infantry", "1109", "N"), U("E2", "TO", "infantry", "1110", "N") }
  eq(to_phase(g, "B.cavalry_move").request.options, { "fire A1 E1", "fire A1 E2", "pass" })
end)

---------------------------------------------------------------- modifiers

local function one_shot(units, dice, line)
  local g = setup(units, { dice = dice })
  local r = to_phase(g, "B.cavalry_move")
  eq(r.status, "decision")
  r = g:answer(line)
  return g, r
end

test("11.2.3: the target's armour level is subtracted from the roll", function()
  local g, r = one_shot({ U("A1", "PL", "archers", "0808", "N"), U("K1", "TO", "cavalry", "0807", "N", { armour = 2 }) },
    { 8 }, "fire A1 K1")
  done(r)
  eq(unit(g, "K1").sp, 2, "8 - 2 = 6: no effect at range 1")
  ok(noted(r, "8-2"), "the modifier is logged")
  g, r = one_shot({ U("A1", "PL", "archers", "0808", "N"), U("K1", "TO", "cavalry", "0807", "N", { armour = 0 }) },
    { 8 }, "fire A1 K1")
  eq(unit(g, "K1").sp, 1, "8: -1 at range 1")
end)

test("11.2.4: -1 when the target is in a forest or a village", function()
  local g, r = one_shot({ U("A1", "PL", "archers", "0506", "N"), U("K1", "TO", "cavalry", "0505", "N") }, { 7 }, "fire A1 K1")
  done(r)
  eq(unit(g, "K1").sp, 2, "village: 7 - 1 = 6, no effect")
  g, r = one_shot({ U("A1", "PL", "archers", "0307", "N"), U("K1", "TO", "cavalry", "0306", "N") }, { 7 }, "fire A1 K1")
  eq(unit(g, "K1").sp, 2, "forest: 7 - 1 = 6")
  g, r = one_shot({ U("A1", "PL", "archers", "0808", "N"), U("K1", "TO", "cavalry", "0807", "N") }, { 7 }, "fire A1 K1")
  eq(unit(g, "K1").sp, 1, "clear: 7 hits")
end)

test("A-066: a modified roll below 1 has no effect", function()
  local g, r = one_shot({ U("A1", "PL", "archers", "0506", "N"), U("K1", "TO", "cavalry", "0505", "N", { armour = 2 }) },
    { 2 }, "fire A1 K1")
  done(r)
  ok(noted(r, "2-3"), "2 - 2 - 1 = -1")
  eq(unit(g, "K1").sp, 2)
end)

---------------------------------------------------------------- friendly fire [11.2.2]

-- TO's cavalry K1 comes in at 0801 in TO's cavalry phase, into the ZoC of
-- PL's units next to it (standing there before, they would have to attack
-- it, 5.2.2); PL fires at it the moment it enters [11.1.5].
local function entering(units, dice, k1)
  units[#units + 1] = U("K1", "TO", "cavalry", nil, nil, k1)
  local g = setup(units, { dice = dice,
    reinforcements = { { turn = 1, side = "TO", at = { "0801" }, units = { "K1" } } } })
  local r = to_phase(g, "B.cavalry_move")
  eq(r and r.status, "done")
  r = g:act("TO", "enter K1 0801 S")
  eq(r.status, "decision")
  return g, r
end

test("T-50 11.2.2-a: target in a friendly ZoC, 1D6 = 1: the friendly unit loses 1 SP, the target nothing", function()
  local g, r = entering({ U("A1", "PL", "archers", "0803", "N"), U("F1", "PL", "infantry", "0802", "N", { sp = 2 }) }, { 1 })
  eq(r.request.options, { "fire A1 K1", "pass" }, "friendly units do not block sight")
  r = g:answer("fire A1 K1")
  done(r)
  eq(purposes(r), { "friendly fire (11.2.2)" }, "the loss roll is skipped")
  eq(unit(g, "F1").sp, 1)
  eq(unit(g, "K1").sp, 2)
end)

test("11.2.2-b: any other roll: the shot goes on as usual", function()
  local g = entering({ U("A1", "PL", "archers", "0803", "N"), U("F1", "PL", "infantry", "0802", "N", { sp = 2 }) }, { 2, 8 })
  local r = g:answer("fire A1 K1")
  done(r)
  eq(purposes(r), { "friendly fire (11.2.2)", "fire (11.4.1)" })
  eq(unit(g, "F1").sp, 2)
  eq(unit(g, "K1").sp, 1)
end)

test("11.2.2-c: the owner chooses which adjacent friendly unit loses the SP", function()
  local g = entering({ U("A1", "PL", "archers", "0803", "N"), U("F1", "PL", "infantry", "0802", "N", { sp = 2 }),
                       U("F2", "PL", "infantry", "0701", "NE", { sp = 2 }) }, { 1 })
  local r = g:answer("fire A1 K1")
  eq(r.status, "decision")
  eq(r.request.kind, "friendly_fire")
  eq(r.request.side, "PL")
  eq(r.request.options, { "F1", "F2" })
  done(g:answer("F2"))
  eq(unit(g, "F2").sp, 1)
  eq(unit(g, "F1").sp, 2)
end)

test("11.2.2-d: the shooter's own ZoC does not make friendly fire (horse archers next to their target)", function()
  local g, r = entering({ U("H1", "PL", "horse_archers", "0802", "N") }, { 8 })
  eq(r.request.options, { "fire H1 K1", "pass" })
  r = g:answer("fire H1 K1")
  done(r)
  eq(purposes(r), { "fire (11.5.5)" })
end)

---------------------------------------------------------------- leaders under fire [11.2.5]

test("T-51 11.2.5-a: a leader on the hex fired at: 2D6 per shot, anything but 12 and he lives", function()
  local g, r = one_shot({ U("A1", "PL", "archers", "0808", "N"), U("K1", "TO", "cavalry", "0806", "N"),
                          U("L1", "TO", "leader", "0806", "N", { sp = 0, mp = 10 }) }, { 8, 11 }, "fire A1 K1")
  done(r)
  eq(purposes(r), { "fire (11.4.1)", "leader under fire (11.2.5)" })
  eq(unit(g, "K1").sp, 1)
  ok(unit(g, "L1") and unit(g, "L1").hex == "0806", "the leader lives")
end)

test("T-51 11.2.5-b: 12 kills the leader (leaders.kill)", function()
  local g, r = one_shot({ U("A1", "PL", "archers", "0808", "N"), U("K1", "TO", "cavalry", "0806", "N"),
                          U("L1", "TO", "leader", "0806", "N", { sp = 0, mp = 10 }) }, { 8, 12 }, "fire A1 K1")
  done(r)
  local l = unit(g, "L1")
  ok(l == nil or l.hex == nil, "the leader is dead")
end)

test("T-51 11.2.5-c: after friendly fire the roll is for the friendly leader's hex; 12 kills him", function()
  local function units()
    return { U("A1", "PL", "archers", "0803", "N"), U("F1", "PL", "infantry", "0802", "N", { sp = 2 }),
             U("P1", "PL", "leader", "0802", "N", { sp = 0, mp = 10 }) }
  end
  local g = entering(units(), { 1, 5 })
  local r = g:answer("fire A1 K1")
  done(r)
  eq(purposes(r), { "friendly fire (11.2.2)", "leader under fire (11.2.5)" })
  ok(unit(g, "P1") ~= nil, "5: he lives")
  g = entering(units(), { 1, 12 })
  r = g:answer("fire A1 K1")
  done(r)
  local p = unit(g, "P1")
  ok(p == nil or p.hex == nil, "12: a friendly leader killed by friendly fire")
end)

---------------------------------------------------------------- horse archers [11.5]

test("11.5.4: horse archers fire at any adjacent hex, and no farther", function()
  local g = setup { U("H1", "PL", "horse_archers", "0808", "S"), U("K1", "TO", "cavalry", "0807", "N"),
                    U("K2", "TO", "cavalry", "0805", "N") }
  eq(to_phase(g, "B.cavalry_move").request.options, { "fire H1 K1", "pass" }, "K1 behind it")
end)

test("11.5.9-a: horse archers with 1 SP subtract 1 (raw 10 against armour 1: 8, no effect)", function()
  local g, r = one_shot({ U("H1", "PL", "horse_archers", "0808", "S", { sp = 1 }), U("K1", "TO", "cavalry", "0807", "N", { armour = 1 }) },
    { 10 }, "fire H1 K1")
  done(r)
  ok(noted(r, "10-2"), "armour 1 and 1 SP")
  eq(unit(g, "K1").sp, 2)
end)

test("T-55 11.5.5 / 11.5.9-b: 1-SP horse archers against armour 1: raw 11 -> 9, -1 SP (then the B1 test)", function()
  local g, r = one_shot({ U("H1", "PL", "horse_archers", "0808", "S", { sp = 1 }), U("K1", "TO", "cavalry", "0807", "N", { armour = 1 }) },
    { 11, 7 }, "fire H1 K1")
  done(r)
  eq(purposes(r), { "fire (11.5.5)", "combat disorganization (5.1.1 g)" })
  eq(unit(g, "K1").sp, 1)
  eq(unit(g, "K1").condition, "", "7 is not on row B1")
end)

test("11.5.10-a: a horse-archer hit makes the target test on row B1 (2: disorganized)", function()
  local g, r = one_shot({ U("H1", "PL", "horse_archers", "0808", "S"), U("K1", "TO", "cavalry", "0807", "N") },
    { 12, 2 }, "fire H1 K1")
  done(r)
  eq(unit(g, "K1").sp, 1)
  eq(unit(g, "K1").condition, "disorganized")
end)

test("11.5.10-b: A-059: a target already disorganized makes no test (fire does not panic)", function()
  local g, r = one_shot({ U("H1", "PL", "horse_archers", "0808", "S"),
                          U("K1", "TO", "cavalry", "0807", "N", { condition = "disorganized" }) }, { 12 }, "fire H1 K1")
  done(r)
  eq(purposes(r), { "fire (11.5.5)" })
  eq(unit(g, "K1").condition, "disorganized")
end)

-- TO's horse archers H1 come in at 1001 in TO's cavalry phase (turn 1);
-- PL's unit `other` stands at 1002, facing them.
local function ha_game(other, dice)
  local g = setup({ U("H1", "TO", "horse_archers", nil, nil), other },
                  { reinforcements = { { turn = 1, side = "TO", at = { "1001" }, units = { "H1" } } }, dice = dice })
  local r = to_phase(g, "B.cavalry_move")
  eq(r and r.status, "done")
  return g
end

test("T-54 11.5.6-11.5.8: horse archers fire once in their own movement phase, for 1 MP", function()
  local g = ha_game(U("P1", "PL", "cavalry", "1002", "N"), { 9, 7 })
  done(g:act("TO", "enter H1 1001 S"))
  local mp = unit(g, "H1").mp_left
  local legal = {}
  for _, a in ipairs(g:legal_actions("TO")) do if a.line:find("^fire") then legal[#legal + 1] = a.line end end
  eq(legal, { "fire H1 P1" })
  local r = g:act("TO", "fire H1 P1")
  eq(r.status, "done")
  eq(purposes(r), { "fire (11.5.5)", "combat disorganization (5.1.1 g)" })
  eq(unit(g, "P1").sp, 1)
  eq(unit(g, "H1").mp_left, mp - 6)
  eq(unit(g, "H1").fired_own, true)
  refused(g:act("TO", "fire H1 P1"), "11.5.7")
end)

test("11.5.6-b: only horse archers fire in their own phase; they need 1 MP and an adjacent target", function()
  local g = setup({ U("H1", "TO", "horse_archers", nil, nil), U("H2", "TO", "horse_archers", nil, nil, { mp_left = 3 }),
                    U("K1", "TO", "cavalry", "1404", "N"), U("P1", "PL", "cavalry", "1002", "N"), U("P2", "PL", "cavalry", "1403", "N") },
                  { reinforcements = { { turn = 1, side = "TO", at = { "1001", "1201" }, units = { "H1", "H2" } } } })
  to_phase(g, "B.cavalry_move")
  done(g:act("TO", "enter H1 1001 S"))
  refused(g:act("TO", "fire K1 P2"), "11.5.6")
  refused(g:act("TO", "fire H1 P2"), "11.5.4")
  done(g:act("TO", "enter H2 1201 S"))
  local h2 = unit(g, "H2")
  if h2.mp_left < 6 then
    refused(g:act("TO", "fire H2 P1"), "11.5.8")
  end
end)

test("11.5.6-c: horse archers fire twice a turn: once in the enemy's phase, once in their own", function()
  local g = setup({ U("H1", "TO", "horse_archers", "1002", "S"), U("P1", "PL", "cavalry", nil, nil) },
                  { reinforcements = { { turn = 1, side = "PL", at = { "1001" }, units = { "P1" } } },
                    dice = { 8, 8 } })
  local r = g:act("PL", "enter P1 1001 N")
  eq(r.status, "decision")
  eq(r.request.side, "TO")
  eq(r.request.options, { "fire H1 P1", "pass" })
  done(g:answer("fire H1 P1"))
  eq(unit(g, "H1").shots, 1)
  r = to_phase(g, "B.cavalry_move")
  eq(r.status, "done")
  done(g:act("TO", "fire H1 P1"), "the own-phase shot")
  eq(unit(g, "H1").shots, 2)
  refused(g:act("TO", "fire H1 P1"), "11.5.7")
  r = to_phase(g, "A.cavalry_move", 2)
  eq(r.status, "decision", "turn 2: a new enemy-phase shot")
  eq(r.request.options, { "fire H1 P1", "pass" })
end)

---------------------------------------------------------------- simultaneous fire [11.2.7]

test("T-53 11.2.7-a: horse archers fire at crossbowmen, who answer: both roll, then both results", function()
  local g = ha_game(U("X1", "PL", "crossbowmen", "1002", "N"), { 12, 4, 3 })
  local r = g:act("TO", "enter H1 1001 S")
  eq(r.status, "decision")
  eq(r.request.options, { "fire X1 H1", "pass" })
  done(g:answer("pass"))
  local mp = unit(g, "H1").mp_left
  r = g:act("TO", "fire H1 X1")
  eq(r.status, "decision")
  eq(r.request.side, "PL")
  eq(r.request.kind, "return_fire")
  eq(r.request.options, { "fire X1 H1", "hold" })
  r = g:answer("fire X1 H1")
  done(r)
  eq(purposes(r), { "fire (11.5.5)", "fire (11.6.1)", "crossbow hit (11.6.2)" })
  eq(unit(g, "X1"), nil, "the crossbowmen are eliminated by the horse archers ...")
  eq(unit(g, "H1").sp, 1, "... and their shot, rolled before, still hits")
  eq(unit(g, "H1").mp_left, mp - 6)
end)

test("T-53 11.2.7-b: crossbowmen fire at horse archers entering next to them, who answer at once", function()
  local g = ha_game(U("X1", "PL", "crossbowmen", "1002", "N"), { 4, 12, 3 })
  g:act("TO", "enter H1 1001 S")
  local mp = unit(g, "H1").mp_left
  local r = g:answer("fire X1 H1")
  eq(r.status, "decision")
  eq(r.request.side, "TO")
  eq(r.request.options, { "fire H1 X1", "hold" })
  r = g:answer("fire H1 X1")
  done(r)
  eq(purposes(r), { "fire (11.6.1)", "fire (11.5.5)", "crossbow hit (11.6.2)" })
  eq(unit(g, "H1").sp, 1)
  eq(unit(g, "X1"), nil)
  eq(unit(g, "H1").fired_own, true)
  eq(unit(g, "H1").mp_left, mp - 6)
end)

test("11.2.7-c: answering is a choice: holding, only the first shot is fired", function()
  local g = ha_game(U("X1", "PL", "crossbowmen", "1002", "N", { sp = 2 }), { 4, 3 })
  g:act("TO", "enter H1 1001 S")
  g:answer("fire X1 H1")
  local r = g:answer("hold")
  done(r)
  eq(purposes(r), { "fire (11.6.1)", "crossbow hit (11.6.2)" })
  eq(unit(g, "H1").fired_own, false)
end)

---------------------------------------------------------------- crossbowmen [11.6]

test("T-56 11.6.1 / 11.6.2-a: crossbowmen at range 1 against armour 2: raw 6 -> 4, -1 SP; then 1D6, 5: nothing", function()
  local g, r = one_shot({ U("X1", "PL", "crossbowmen", "0808", "N"), U("K1", "TO", "cavalry", "0807", "N", { armour = 2 }) },
    { 6, 5 }, "fire X1 K1")
  done(r)
  eq(purposes(r), { "fire (11.6.1)", "crossbow hit (11.6.2)" })
  eq(unit(g, "K1").sp, 1)
  eq(unit(g, "K1").stopped, false)
end)

test("T-56 11.6.2-b: on 6 the target is disorganized and stopped", function()
  local g, r = one_shot({ U("X1", "PL", "crossbowmen", "0808", "N"), U("K1", "TO", "cavalry", "0807", "N", { armour = 2 }) },
    { 6, 6 }, "fire X1 K1")
  done(r)
  eq(unit(g, "K1").condition, "disorganized")
  eq(unit(g, "K1").stopped, true)
end)

test("11.6.2-c: no hit, no roll", function()
  local g, r = one_shot({ U("X1", "PL", "crossbowmen", "0808", "N"), U("K1", "TO", "cavalry", "0806", "N", { armour = 2 }) },
    { 6 }, "fire X1 K1")
  done(r)
  eq(purposes(r), { "fire (11.6.1)" }, "range 2: 6 - 2 = 4, no effect")
end)

---------------------------------------------------------------- bombards [11.7]

test("11.7.1-a: bombards remove no SP; below the table's D nothing happens", function()
  local g, r = one_shot({ U("B1", "PL", "bombards", "0808", "N"), U("K1", "TO", "cavalry", "0807", "N") }, { 7 }, "fire B1 K1")
  done(r)
  eq(unit(g, "K1").sp, 2)
  eq(unit(g, "K1").condition, "")
end)

test("11.7.1-b: D disorganizes", function()
  local g, r = one_shot({ U("B1", "PL", "bombards", "0808", "N"), U("K1", "TO", "cavalry", "0807", "N") }, { 8 }, "fire B1 K1")
  done(r)
  eq(unit(g, "K1").sp, 2, "no SP lost")
  eq(unit(g, "K1").condition, "disorganized")
  eq(unit(g, "K1").stopped, false)
end)

test("11.7.1-c: DS disorganizes and stops", function()
  local g, r = one_shot({ U("B1", "PL", "bombards", "0808", "N"), U("K1", "TO", "cavalry", "0807", "N") }, { 11 }, "fire B1 K1")
  done(r)
  eq(unit(g, "K1").condition, "disorganized")
  eq(unit(g, "K1").stopped, true)
end)

test("11.7.3: against bombards only armour 2 counts, for -1", function()
  local g, r = one_shot({ U("B1", "PL", "bombards", "0808", "N"), U("K1", "TO", "cavalry", "0805", "N", { armour = 2 }) },
    { 8 }, "fire B1 K1")
  done(r)
  ok(noted(r, "8-1"), "armour 2: -1")
  g, r = one_shot({ U("B1", "PL", "bombards", "0808", "N"), U("K1", "TO", "cavalry", "0805", "N", { armour = 1 }) },
    { 8 }, "fire B1 K1")
  done(r)
  ok(noted(r, "8+0"), "armour 1: nothing")
end)

test("11.7.5-a: bombards fire at a fortification in range; D destroys it, and it is clear from then on", function()
  local g = setup({ U("B1", "PL", "bombards", "1107", "N"), far() }, { dice = { 9 } })
  eq(Q(g, function(R) return R.ranged.line_of_sight(H("1107"), H("1104"), "PL") end), false, "the fortification blocks sight")
  local r = to_phase(g, "B.cavalry_move")
  eq(r.request.options, { "fire B1 hex 1105", "pass" })
  r = g:answer("fire B1 hex 1105")
  done(r)
  eq(purposes(r), { "fire (11.7.5)" })
  eq(g:var("map.terrain.1105"), "clear")
  eq(Q(g, function(R) return R.ranged.fortification_destroyed(H("1105")) end), true)
  eq(Q(g, function(R) return R.ranged.line_of_sight(H("1107"), H("1104"), "PL") end), true, "no longer blocks sight")
  eq(Q(g, function(R) return R.ranged.terrain(H("1105")) end), "clear")
end)

test("11.7.5-b: range 2 needs 9: 8 leaves the fortification standing", function()
  local g = setup({ U("B1", "PL", "bombards", "1107", "N"), far() }, { dice = { 8 } })
  to_phase(g, "B.cavalry_move")
  done(g:answer("fire B1 hex 1105"))
  eq(g:var("map.terrain.1105"), nil)
  eq(unit(g, "B1").shots, 1, "the shot is spent")
end)

---------------------------------------------------------------- fortifications [12.1.7]

test("12.1.7: firing at a unit destroying a fortification restarts its count, even without effect", function()
  local g = setup({ U("A1", "PL", "archers", "1107", "N"), U("D1", "TO", "infantry", "1105", "S") }, { dice = { 2 } })
  local r = to_phase(g, "B.cavalry_move")
  eq(r.request.options, { "fire A1 D1", "pass" })
  done(g:answer("pass"))
  r = g:act("TO", "end")
  done(g:answer("pass"))
  r = to_phase(g, "B.infantry_move")
  done(g:answer("pass"))
  done(g:act("TO", "demolish D1"))
  r = g:act("TO", "end")
  eq(r.status, "decision")
  r = g:answer("fire A1 D1")
  done(r)
  ok(noted(r, "starts again (12.1.7)"), "the fortifications rules hear of the shot")
end)
