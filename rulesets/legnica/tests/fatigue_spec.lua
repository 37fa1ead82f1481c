-- Fatigue in Legnica [13] (complementary rules on), countercharge targets
-- [5.7.1], and the scenarios' rules: the opening turns, the Ordu reserve,
-- victory points per side.  Map: the Grunwald test field.
local H = loadfile(bitwa.home .. "/rulesets/legnica/tests/lib/lg.lua", "t", _ENV)()
local setup, U, play, to_phase = H.setup, H.U, H.play, H.to_phase

local function set(g, name, attr, value) g.state:set(g:find_unit(name), g.slot[attr], value) end
local function fatigue(g, name) return g:unit_table(name).fatigue end

-- end phases until the turn changes, answering `answers`
local function end_turn(g, answers)
  local t = g:turn()
  for _ = 1, 30 do
    if g:turn() > t then return end
    done(play(g, g:acting_side(), "end", answers), "end of " .. g:phase_info().name)
  end
  error("the turn did not end")
end

local function army(f)
  return { U("Henryk", "PL", "leader", "0512", "N", { fatigue = f or 0 }),
           U("H1", "PL", "cavalry", "0513", "N", { leader = "Henryk" }),
           U("Bajdar", "MO", "leader", "1503", "S", { fatigue = f or 0 }),
           U("HA1", "MO", "horse_archers", "1502", "S", { leader = "Bajdar" }) }
end

local function fsetup(units, extra)
  extra = extra or {}
  extra.options = { complementary = true }
  extra.first = extra.first or "PL"
  extra.turns = 6
  return setup(units, extra)
end

test("13.1.3 / T-59: the leader ('Murad II') makes his first move: fatigue 0 -> 1; next turn he influences a combat: 2", function()
  local g = fsetup(army())
  done(play(g, "PL", "move Henryk"))
  end_turn(g)
  eq(fatigue(g, "Henryk"), 1)
  set(g, "Henryk", "active", true)
  end_turn(g)
  eq(fatigue(g, "Henryk"), 2)
end)

test("13.1.4: fatigue also rises when a unit under the leader has a CF above 0", function()
  local g = fsetup(army())
  set(g, "H1", "cf", 1)
  set(g, "H1", "mp", 0)                               -- it cannot move on (5.6.12)
  set(g, "H1", "mp_left", 0)
  end_turn(g)
  eq(fatigue(g, "Henryk"), 1)
end)

test("13.1.5-a: when fatigue did not rise the player MAY lower it by 1: kept when he says so", function()
  local g = fsetup(army(5))
  end_turn(g, { fatigue = "keep" })
  eq(fatigue(g, "Henryk"), 5)
  end_turn(g, { fatigue = "lower" })
  eq(fatigue(g, "Henryk"), 4)
end)

test("13.1.5-b: at 0 nothing is asked", function()
  local g = fsetup(army(0))
  local t = g:turn()
  local asked = {}
  for _ = 1, 30 do
    if g:turn() > t then break end
    local r = play(g, g:acting_side(), "end")
    for _, q in ipairs(r.asked or {}) do asked[#asked + 1] = q.kind end
    done(r)
  end
  for _, k in ipairs(asked) do ok(k ~= "fatigue", "no fatigue decision") end
end)

test("10.5.11: horse archers neither raise their leader's fatigue with their CF nor roll for it", function()
  local g = fsetup(army(0))
  set(g, "HA1", "cf", 2)
  set(g, "HA1", "mp", 0)
  end_turn(g)
  eq(fatigue(g, "Bajdar"), 0)
  local g2 = fsetup(army(13))
  local r
  for _ = 1, 10 do
    if g2:phase_info().name == "B.cavalry_move" then break end
    r = play(g2, g2:acting_side(), "end", { fatigue = "keep" })
    done(r)
  end
  for _, x in ipairs(r.rolls or {}) do ok(x.purpose ~= "fatigue (13.2.1)", "no fatigue roll for horse archers") end
  ok(g2:unit_table("HA1").hex ~= nil, "still on the map")
end)

test("13.2.1 / 13.2.2: above 12, a die for each unit of the leader before it acts: below 4 it scatters", function()
  local g = fsetup({ U("Henryk", "PL", "leader", "0512", "N", { fatigue = 13 }),
                     U("H1", "PL", "cavalry", "0513", "N", { leader = "Henryk" }),
                     U("H2", "PL", "cavalry", "0713", "N", { leader = "Henryk" }),
                     U("Bajdar", "MO", "leader", "1503", "S") }, { first = "MO" })
  g.dice:force { 3, 4 }
  to_phase(g, "B.cavalry_move", { fatigue = "keep" })
  eq(g:unit_table("H1").condition, "scattered", "3: below 4")
  eq(g:unit_table("H2").condition, "", "4: not below 4")
end)

test("13.2.1-b: at 12 there is no roll", function()
  local g = fsetup({ U("Henryk", "PL", "leader", "0512", "N", { fatigue = 12 }),
                     U("H1", "PL", "cavalry", "0513", "N", { leader = "Henryk" }),
                     U("Bajdar", "MO", "leader", "1503", "S") }, { first = "MO" })
  local r
  for _ = 1, 10 do
    if g:phase_info().name == "B.cavalry_move" then break end
    r = play(g, g:acting_side(), "end", { fatigue = "keep" })
    done(r)
  end
  eq(#(r.rolls or {}), 0)
end)

test("5.7.1: a countercharge targets moving enemy cavalry only: not a moving leader", function()
  local g = setup { U("K1", "MO", "cavalry", "0507", "S"), U("L", "MO", "leader", "0307", "S"),
                    U("P1", "PL", "cavalry", "0509", "N") }
  to_phase(g, "A.cavalry_move", { reaction = "pass" })
  local r = g:query(function()
    local api, C = g.rs.api, g.rs.modules.countercharge
    return { C.can_target(api.unit("K1"), "PL"), C.can_target(api.unit("L"), "PL") }
  end)
  eq(r, { true, false })
end)

------------------------------------------------------------------ scenarios

local opening = { turns = 2, PL = { "Boleslaw" }, MO = { "Bajdar" } }

local function held_setup()
  return setup({ U("Boleslaw", "PL", "leader", "0212", "N"),
                 U("B1", "PL", "cavalry", "0213", "N", { leader = "Boleslaw" }),
                 U("Henryk", "PL", "leader", "0612", "N"),
                 U("H1", "PL", "cavalry", "0613", "N", { leader = "Henryk" }),
                 U("Ordu", "MO", "leader", "1503", "S"),
                 U("O1", "MO", "cavalry", "1502", "S", { leader = "Ordu" }) },
    { first = "PL", turns = 5, data = { opening = opening, reserve = { side = "MO", leader = "Ordu" } },
      victory = { PL = { leader = 20, banner = 10, cavalry = 2 }, MO = { leader = 20, banner = 10, cavalry = 4 },
                  ordu_penalty = 40 } })
end

test("scenario opening: in turns 1-2 only the named commanders' units move; the refusal says why", function()
  local g = held_setup()
  done(play(g, "PL", "move B1"))
  local r = g:act("PL", "move H1")
  eq(r.status, "refused")
  eq(r.rule, "scenario")
  ok(r.message:find("before turn 3", 1, true), r.message)
  r = g:act("PL", "move Henryk")
  eq(r.status, "refused", "the commander himself too")
end)

test("scenario opening: from turn 3 everybody moves", function()
  local g = held_setup()
  end_turn(g)
  end_turn(g)
  eq(g:turn(), 3)
  done(play(g, "PL", "move H1"))
end)

test("scenario opening / A-086: a unit attacked may move from then on", function()
  local g = held_setup()
  set(g, "H1", "hex", nil)
  g:query(function() end)
  local r = g:query(function() return g.rs.modules.phases.held(g.rs.api.unit("O1")) end)
  eq(r, true)
  -- mark O1 attacked as combat and fire do (phases.on_attacked)
  g.state:set_var("attacked." .. g:find_unit("O1"), true)
  eq(g:query(function() return g.rs.modules.phases.held(g.rs.api.unit("O1")) end), false)
end)

test("scenario reserve: the first move of the Ordu reserve costs the Mongols 40 VP, once", function()
  local g = held_setup()
  end_turn(g)
  end_turn(g)
  to_phase(g, "B.cavalry_move")
  done(play(g, "MO", "move O1"))
  eq(g:var("vp.MO"), -40)
  done(play(g, "MO", "turn O1 SE"))                   -- CF 0: O1 may stop (5.6.12)
  done(play(g, "MO", "move Ordu"))
  eq(g:var("vp.MO"), -40, "once")
end)

test("victory: each side scores by its own table (a Polish cavalry unit is worth 4 VP to the Mongols, a Mongol one 2 to the Poles)", function()
  local g = held_setup()
  local v = g:query(function()
    local V = g.rs.modules.victory
    return { V.value("cavalry", "MO"), V.value("cavalry", "PL"), V.value("horse_archers", "PL"), V.values("MO").leader }
  end)
  eq(v, { 4, 2, 2, 20 })
end)

test("scenario opening: a unit held back does not countercharge either (a countercharge is a move)", function()
  local g = held_setup()
  local r = g:query(function()
    local api, C = g.rs.api, g.rs.modules.countercharge
    return { C.barred(api.unit("O1")) }
  end)
  eq(r, { true, "scenario" })
end)

test("scenario opening: held archers do not change formation either", function()
  local g = setup({ U("Boleslaw", "PL", "leader", "0212", "N"), U("A1", "PL", "archers", "0613", "N", { formation = "movement" }),
                    U("Ordu", "MO", "leader", "1503", "S") },
    { first = "PL", data = { opening = opening } })
  to_phase(g, "A.infantry_move")
  local r = g:act("PL", "formation A1")
  eq({ r.status, r.rule }, { "refused", "scenario" })
end)
