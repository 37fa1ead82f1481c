-- Weather (an optional chapter: option `weather`, "off" by default): a
-- Markov chain over Clear, Cloudy, Light rain, Heavy rain and Excess
-- temperature.  The first state is rolled on a d12 (the initial
-- distribution in twelfths) or set by the option; "check for a transition
-- every other turn" (turns 3, 5, 7 ...) with a d6 by the current state
-- (tables.weather_d12, weather_d6: the exact dice of the printed
-- matrix).  "3 turns of heavy rain causes mud which slows movement by
-- half": the third consecutive turn of Heavy rain turns every clear hex
-- of the map in play to `mud` (bitwa.map.set_terrain), for the rest of the
-- battle (A-128).  "Excess temperature ... doubles fatigue":
-- M.fatigue_factor() for the fatigue rules.
local M = {}
local function T() return rules.tables end

function M.state() return bitwa.var("weather") end

-- Weather: excess temperature doubles fatigue (1 otherwise)
function M.fatigue_factor()
  return bitwa.var("weather") == "excess" and 2 or 1
end

local function index(state)
  for i, s in ipairs(T().weather_states) do if s == state then return i end end
end

-- the field turns to mud: every clear hex of the map
local function mud()
  bitwa.set_var("weather.mud", true)
  local n = 0
  for _, h in ipairs(bitwa.hex.all()) do
    if bitwa.map.terrain(h) == "clear" then
      bitwa.map.set_terrain(h, "mud")
      n = n + 1
    end
  end
  bitwa.note("Weather: three turns of heavy rain: the field turns to mud (" .. n .. " clear hexes)")
end

function M.turn_start()
  local opt = bitwa.option("weather")
  if opt == "off" then return end
  local now = bitwa.turn()
  local state = bitwa.var("weather")
  if state == nil then
    if opt == "random" then
      local d = bitwa.roll(1, 12, "Weather: the first state (d12)", function(t) return T().weather_d12[t] end)
      state = T().weather_states[T().weather_d12[d]]
    else
      state = opt
    end
    bitwa.set_var("weather.from", now)
    bitwa.set_var("weather", state)
    bitwa.note("Weather: " .. state)
  elseif (now - bitwa.var("weather.from")) % T().weather_every == 0 then
    local from = index(state)
    local d = bitwa.roll(1, 6, "Weather: a transition from " .. state .. " (d6)",
      function(t) return T().weather_d6[from][t] end)
    local to = T().weather_states[T().weather_d6[from][d]]
    if to ~= state then bitwa.note("Weather: " .. state .. " turns to " .. to) end
    state = to
    bitwa.set_var("weather", state)
  end
  local heavy = state == "heavy_rain" and (bitwa.var("weather.heavy") or 0) + 1 or 0
  bitwa.set_var("weather.heavy", heavy)
  if heavy >= T().mud_turns and not bitwa.var("weather.mud") then mud() end
end

return M
