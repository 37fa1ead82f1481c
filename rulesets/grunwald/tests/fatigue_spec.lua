-- [14.0] Fatigue (complementary rules), on the rules test field.  A
-- leader is `active` in a turn when he moved, fought or influenced a
-- fight: the movement and combat rules set it (fatigue.mark_active); the
-- tests that are not about those rules set the flag directly.

local function U(name, side, kind, hex, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = "N", sp = 2, mp = 8 }
  if kind == "leader" then u.sp, u.mp = 0, 10 end
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function setup(units, options)
  return game { ruleset = "grunwald", seed = 1, options = options,
                scenario = { map = "test-field", turns = 6, units = units } }
end

local function Q(g, f) return g:query(function() return f(g.rs.rules, g.rs.api) end) end

local function set(g, name, attr, value) g.state:set(g:find_unit(name), g.slot[attr], value) end

-- end every phase until the next turn begins (phase 9 runs by itself)
local function end_turn(g)
  local t = g:turn()
  for _ = 1, 20 do
    if g:turn() > t then return end
    done(g:act(g:acting_side(), "end"), "end of " .. g:phase_info().name)
  end
  error("the turn did not end")
end

local function army(fatigue)
  return {
    U("Zyndarm", "PL", "leader", "0512", { nation = "poles", fatigue = fatigue or 0 }),
    U("Witold", "PL", "leader", "0812", { nation = "lithuanians", fatigue = fatigue or 0 }),
    U("P1", "PL", "cavalry", "0513", { nation = "poles", leader = "Zyndarm" }),
    U("T1", "PL", "horse_archers", "0813", { nation = "tatars", leader = "Witold" }),
    U("L1", "PL", "cavalry", "0713", { nation = "lithuanians", leader = "Witold" }),
    U("P9", "PL", "cavalry", "0213", { nation = "poles" }),
    U("K1", "TO", "cavalry", "2003", { nation = "teutons" }),
  }
end

local function fatigue(g, name) return g:unit_table(name).fatigue end

test("14.1.2: a leader starts at fatigue 0, unless the scenario says otherwise", function()
  local units = army()
  units[1].fatigue = nil
  units[2].fatigue = 5
  local g = setup(units)
  eq(fatigue(g, "Zyndarm"), 0)
  eq(fatigue(g, "Witold"), 5)
end)

test("T-59 14.1.3-a: Zyndarm makes his first move: fatigue 0 -> 1", function()
  local g = setup(army())
  done(g:act("PL", "move Zyndarm"))
  end_turn(g)
  eq(fatigue(g, "Zyndarm"), 1)
end)

test("T-59 14.1.3-b: next turn he influences one combat: 1 -> 2", function()
  local g = setup(army())
  set(g, "Zyndarm", "active", true)             -- turn 1: he moved
  end_turn(g)
  eq(fatigue(g, "Zyndarm"), 1)
  set(g, "Zyndarm", "active", true)             -- turn 2: he gave a CM
  end_turn(g)
  eq(fatigue(g, "Zyndarm"), 2)
end)

test("14.1.4: a turn without moving, fighting or influencing a fight lowers fatigue by 1, never below 0", function()
  local g = setup(army(3))
  end_turn(g)
  eq(fatigue(g, "Zyndarm"), 2)
  g = setup(army(0))
  end_turn(g)
  eq(fatigue(g, "Zyndarm"), 0)
end)

test("14.1.6: fatigue changes by one level a turn at most", function()
  local g = setup(army(5))
  set(g, "Zyndarm", "active", true)
  set(g, "Zyndarm", "active", true)
  end_turn(g)
  eq(fatigue(g, "Zyndarm"), 6)
  eq(g:unit_table("Zyndarm").active, false, "the flag is cleared for the next turn")
  end_turn(g)
  eq(fatigue(g, "Zyndarm"), 5)
end)

test("14.2.1-a: above 12 the leader's units fight as disorganized units, and stay organized", function()
  local g = setup(army(13))
  eq(Q(g, function(R, B) return R.fatigue.fights_disorganized(B.unit("P1")) end), true)
  eq(Q(g, function(R, B) return R.fatigue.fights_disorganized(B.unit("L1")) end), true)
  eq(Q(g, function(R, B) return R.fatigue.fights_disorganized(B.unit("P9")) end), false, "no leader")
  eq(g:unit_table("P1").condition, "", "only in a fight")
  g = setup(army(12))
  eq(Q(g, function(R, B) return R.fatigue.fights_disorganized(B.unit("P1")) end), false, "12 is not above 12")
end)

test("A-073 14.2.1-b: an active turn at 12 takes the leader to 13 in phase 9", function()
  local g = setup(army(12))
  set(g, "Zyndarm", "active", true)
  end_turn(g)
  eq(fatigue(g, "Zyndarm"), 13)
  eq(Q(g, function(R, B) return R.fatigue.fights_disorganized(B.unit("P1")) end), true)
end)

test("14.1.5: Tatars are not influenced by fatigue", function()
  local g = setup(army(13))
  eq(Q(g, function(R, B) return R.fatigue.fights_disorganized(B.unit("T1")) end), false)
end)

test("A-072: without the complementary rules there is no fatigue", function()
  local g = setup(army(13), { complementary = false })
  set(g, "Zyndarm", "active", true)
  end_turn(g)
  eq(fatigue(g, "Zyndarm"), 13)
  eq(fatigue(g, "Witold"), 13)
  eq(Q(g, function(R, B) return R.fatigue.fights_disorganized(B.unit("P1")) end), false)
end)
