-- Weather: the first state, a transition every other turn, and mud after
-- three turns of heavy rain (the map in play changes: bitwa.map), with
-- forced dice.  Proving ground: 0101 clear, 0402 hill.
local function start(weather, turns)
  local units = {
    { name = "a", side = "A", kind = "LI", hex = "0110", facing = "N", figures = 16 },
    { name = "b", side = "B", kind = "LI", hex = "1201", facing = "S", figures = 16 } }
  return game { ruleset = "grognard", seed = 1,
                scenario = { map = "proving-ground", turns = turns or 5, units = units, options = { weather = weather } } }
end

-- the turn's moves (nothing moves, nobody fires or fights), then the next
-- turn: `dice` for its start, then its initiative (6 to 1: A first)
local function next_turn(g, dice)
  local all = {}
  for _, d in ipairs(dice or {}) do all[#all + 1] = d end
  all[#all + 1] = 6; all[#all + 1] = 1
  done(g:act("A", "end"))
  g.dice:force(all)
  local r = g:act("B", "end")
  eq(r.status, "decision")
  eq(g.dice:forced_left(), 0, "every forced die used")
  done(g:answer("first"))
end

local function terrain(g, h)
  return with(g, function(bitwa) return bitwa.map.terrain(bitwa.hex.parse(h)) end)
end

test("Weather: T-GG-16 three turns of heavy rain cause mud: every clear hex becomes mud for the rest of the battle", function()
  local g = start("heavy_rain")
  done(g:answer("first"))
  eq({ g:var("weather"), g:var("weather.heavy") }, { "heavy_rain", 1 })
  next_turn(g)                -- turn 2: no check (every other turn)
  eq(g:var("weather.heavy"), 2)
  eq(terrain(g, "0101"), "clear")
  next_turn(g, { 5 })         -- turn 3: from heavy rain, 5-6 heavy rain
  eq({ g:var("weather"), g:var("weather.heavy"), g:var("weather.mud") }, { "heavy_rain", 3, true })
  eq({ terrain(g, "0101"), terrain(g, "0402") }, { "mud", "hill" })
  next_turn(g)
  next_turn(g, { 1 })         -- turn 5: 1-2 cloudy; the mud stays
  eq({ g:var("weather"), g:var("weather.heavy"), terrain(g, "0101") }, { "cloudy", 0, "mud" })
end)

test("Weather: the transitions from heavy rain (T-GG-16: 1-2 cloudy, 3-4 light rain) and the first state on a d12", function()
  local g = start("heavy_rain")
  done(g:answer("first"))
  next_turn(g)
  next_turn(g, { 3 })
  eq({ g:var("weather"), g:var("weather.heavy"), g:var("weather.mud") }, { "light_rain", 0, nil })
  -- random: the d12 (1-5 clear, 6-9 cloudy, 10 light rain, 11 heavy rain, 12 excess): 10
  local g2 = start("random")
  for d12, want in pairs { [5] = "clear", [6] = "cloudy", [10] = "light_rain", [11] = "heavy_rain", [12] = "excess" } do
    g2.dice:force { d12 }
    with(g2, function(bitwa, rules)
      bitwa.set_var("weather", nil)
      rules.weather.turn_start()
    end)
    eq({ d12, g2:var("weather") }, { d12, want })
  end
  -- off (the default): no weather
  eq(start("off"):var("weather"), nil)
end)
