-- bitwa script tools/bot_strength.lua [N] [BOT] [OPPONENT] [RULESET/SCENARIO...]
-- Plays BOT (default heuristic) against OPPONENT (default random) N
-- times (default 200, seeds 1..N) with BOT as each side in turn, on each
-- scenario (default skirmish/duel and skirmish-plus/duel), and prints a
-- Markdown table: wins, losses and draws, and both win rates with 95%
-- Wilson score intervals.  A bot is a name or the path of a bot module.
local game = require "engine.game"
local ruleset = require "engine.ruleset"
local runner = require "engine.runner"
local botmod = require "engine.bot"

local n = math.tointeger(tonumber(arg[1] or "200"))
if not n or n < 1 then
  io.stderr:write("usage: bitwa script tools/bot_strength.lua [N] [BOT] [OPPONENT] [RULESET/SCENARIO...]\n")
  return 2
end
local bot, opponent = arg[2] or "heuristic", arg[3] or "random"
local targets = {}
for i = 4, #arg do targets[#targets + 1] = arg[i] end
if #targets == 0 then targets = { "skirmish/duel", "skirmish-plus/duel" } end
for _, b in ipairs { bot, opponent } do
  local ok, err = botmod.make(b, 1, 1)
  if not ok then io.stderr:write(err, "\n") return 2 end
end

-- The 95% Wilson score interval of k successes in m trials.
local function wilson(k, m)
  local z = 1.959964
  local p = k / m
  local d = 1 + z * z / m
  local centre = (p + z * z / (2 * m)) / d
  local half = z * math.sqrt(p * (1 - p) / m + z * z / (4 * m * m)) / d
  return math.max(0, centre - half), math.min(1, centre + half)
end

local function rate(k, m)
  local lo, hi = wilson(k, m)
  return string.format("%.1f%% [%.1f, %.1f]", 100 * k / m, 100 * lo, 100 * hi)
end

local rows = {}
local t0 = os.clock()
for _, target in ipairs(targets) do
  local rsname, sc = target:match("^([^/]+)/(.+)$")
  if not rsname then io.stderr:write("RULESET/SCENARIO expected, got '" .. target .. "'\n") return 2 end
  local rs = ruleset.load(rsname)
  local total = { w = 0, l = 0, d = 0 }
  local sides
  for side_index = 1, 2 do
    local tally = { w = 0, l = 0, d = 0 }
    for seed = 1, n do
      local g = game.new { ruleset = rs, scenario = sc, seed = seed }
      sides = g.sides
      local bots = {}
      for i, s in ipairs(g.sides) do
        bots[s] = assert(botmod.make(i == side_index and bot or opponent, seed, i))
      end
      local res, err = runner.play(g, bots)
      if not res then error(target .. " seed " .. seed .. ": " .. tostring(err), 0) end
      local mine = g.sides[side_index]
      if res.winner == mine then tally.w = tally.w + 1
      elseif res.winner == nil or res.winner == "" then tally.d = tally.d + 1
      else tally.l = tally.l + 1 end
    end
    rows[#rows + 1] = { target = target, as = sides[side_index], t = tally }
    for k, v in pairs(tally) do total[k] = total[k] + v end
  end
  rows[#rows + 1] = { target = target, as = "both", t = total }
end

print(string.format("| scenario | %s plays | games | %s wins | %s wins | draws | %s win rate (95%% CI) | %s win rate (95%% CI) |",
  bot, bot, opponent, bot, opponent))
print("|---|---|---:|---:|---:|---:|---|---|")
for _, r in ipairs(rows) do
  local m = r.t.w + r.t.l + r.t.d
  print(string.format("| %s | %s | %d | %d | %d | %d | %s | %s |", r.target, r.as, m, r.t.w, r.t.l, r.t.d,
    rate(r.t.w, m), rate(r.t.l, m)))
end
io.stderr:write(string.format("%d games in %.1f s\n", #targets * 2 * n, os.clock() - t0))
return 0
