-- tools/bench_serve.lua: the responsiveness of bitwa serve on Clash of
-- Titans (issue: reach <= 100 ms, a path order <= 200 ms, odds before an
-- attack <= 300 ms on a 2-core machine), in CPU milliseconds, measured on
-- the server's own functions (lua/engine/server.lua) without HTTP.  The
-- baseline, measured in the same run, is one listing of the acting side's
-- legal actions (g:legal_actions) on the same position; ratios are to it.
-- Also: the position the page loads (GET state, without the log's marks)
-- and one bot action (the server plays them one at a time between
-- requests: the longest is what a request may wait while bots play).
-- usage: bitwa script tools/bench_serve.lua [SEED] [RULESET/SCENARIO]
local gamemod = require "engine.game"
local server = require "engine.server"
local runner = require "engine.runner"
local botmod = require "engine.bot"
local odds = require "engine.odds"
local roles = require "engine.roles"

local seed = math.tointeger(tonumber(arg[1] or "1")) or 1
local target = arg[2] or "grunwald/clash-of-titans"
local rs, sc = target:match("^([^/]+)/([^/]+)$")
local g = gamemod.new { ruleset = rs, scenario = sc, seed = seed }
local bots = {}
for i, s in ipairs(g.sides) do bots[s] = assert(botmod.make("rules", seed, i)) end
local srv = server.new { game = g, path = "(memory)", web = "" }

local function ms(f)
  local t0 = os.clock()
  local r1, r2 = f()
  return (os.clock() - t0) * 1000, r1, r2
end
local function stats(list)
  table.sort(list)
  if #list == 0 then return { n = 0, median = 0, max = 0 } end
  return { n = #list, median = list[(#list + 1) // 2], max = list[#list] }
end

-- play on until fn(g) is true (bots for every side); each bot action is
-- timed: bitwa serve plays them one at a time between requests, so the
-- longest is how long a request may wait while the bots play
local bot_t = {}
local function until_(fn, limit)
  for _ = 1, limit do
    if fn(g) then return true end
    if g:is_over() then return false end
    bot_t[#bot_t + 1] = ms(function() return runner.play(g, bots, { max_actions = 1 }) end)
  end
  return fn(g)
end

local function movers(gg)
  if gg.pending or gg:is_over() then return nil end
  local side = gg:acting_side()
  if not side then return nil end
  for _, a in ipairs(gg:legal_actions(side)) do
    if a.line:match("^move ") then return side end
  end
  return nil
end

assert(until_(movers, 2000), "no movement phase reached")
local side = movers(g)
local base = ms(function() return g:legal_actions(side) end)
local ro = roles.of(g)
local reach_t, path_t, names = {}, {}, {}
for _, u in ipairs(g:units_table()) do
  if u.side == side and u.hex and not ro.leader[u.kind] and not ro.marker[u.kind] and #names < 20 then
    names[#names + 1] = u.name
  end
end
local lines = {}
for _, name in ipairs(names) do
  local t, info = ms(function() return srv:unit(name) end)
  reach_t[#reach_t + 1] = t
  -- the farthest hex it reaches: a path order of the most steps
  local best
  for _, d in ipairs(info and info.reach or {}) do if not best or d.steps > best.steps then best = d end end
  if best then lines[#lines + 1] = best.line end
end
for i = 1, math.min(10, #lines) do
  local c = g:clone()
  local t, r = ms(function() return c:act(side, lines[i]) end)
  if r.status == "done" or r.status == "decision" then path_t[#path_t + 1] = t end
end

local function attacker(gg)
  if gg.pending or gg:is_over() then return nil end
  local s = gg:acting_side()
  if not s then return nil end
  for _, a in ipairs(gg:legal_actions(s)) do
    if a.line:match("^attack ") then return s end
  end
  return nil
end
local odds_t = {}
local base2
if until_(attacker, 5000) then
  local s = attacker(g)
  local attacks = {}
  for _, a in ipairs(g:legal_actions(s)) do
    if a.line:match("^attack ") and #attacks < 5 then attacks[#attacks + 1] = a.line end
  end
  base2 = ms(function() return g:legal_actions(s) end)
  for _, line in ipairs(attacks) do
    local t, rep = ms(function() return odds.of_action(g, s, line) end)
    if rep then odds_t[#odds_t + 1] = t end
  end
end

local state_t = {}
for _ = 1, 5 do state_t[#state_t + 1] = ms(function() return srv:position() end) end
local R, P, O, S, BT = stats(reach_t), stats(path_t), stats(odds_t), stats(state_t), stats(bot_t)
local function row(what, st, goal, b)
  print(string.format("%-26s n=%-3d median %7.1f ms  max %7.1f ms  goal <= %d ms: %s  (max/baseline %.1f)",
    what, st.n, st.median, st.max, goal, st.n > 0 and (st.max <= goal and "met" or "NOT met") or "not measured",
    b and b > 0 and st.max / b or 0))
end
print(string.format("%s seed %d, side %s, turn %d; baseline (legal actions) %.1f ms CPU", target, seed, side, g:turn(), base))
row("unit + reach (GET unit)", R, 100, base)
row("path order (POST act)", P, 200, base)
row("odds of an attack", O, 300, base2)
print(string.format("%-26s n=%-3d median %7.1f ms  max %7.1f ms", "position (GET state)", S.n, S.median, S.max))
print(string.format("%-26s n=%-3d median %7.1f ms  max %7.1f ms  (a request waits at most one)", "one bot action", BT.n, BT.median, BT.max))
return 0
