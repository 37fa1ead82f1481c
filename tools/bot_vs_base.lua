-- bitwa script tools/bot_vs_base.lua RULESET/SCENARIO SEED SIDE [BOT] [OPPONENT] [BUDGET]
-- Plays one game (seed SEED as `bitwa run --seed` gives it) with BOT
-- (default search) as SIDE and OPPONENT (default rules) as every other
-- side, at BUDGET nodes a decision (default the engine's), and prints
-- how often BOT played another line, or gave another answer, than the
-- ruleset's own bot (the `rules` bot, asked the same question at the same
-- position, its answer thrown away), the result, and the CPU seconds each
-- side's bot spent.  The game is the one `bitwa run` plays with these
-- bots: the rules bot's answers draw nothing from any dice.
local game = require "engine.game"
local ruleset = require "engine.ruleset"
local runner = require "engine.runner"
local botmod = require "engine.bot"

local target, seed, me = arg[1], math.tointeger(tonumber(arg[2] or "")), arg[3]
local usage = "usage: bitwa script tools/bot_vs_base.lua RULESET/SCENARIO SEED SIDE [BOT] [OPPONENT] [BUDGET]\n"
if not (target and seed and me) then io.stderr:write(usage) return 2 end
local name, opponent = arg[4] or "search", arg[5] or "rules"
local budget = arg[6] and math.tointeger(tonumber(arg[6])) or nil
local rsname, sc = target:match("^([^/]+)/(.+)$")
if not rsname then io.stderr:write(usage) return 2 end

local g = game.new { ruleset = ruleset.load(rsname), scenario = sc, seed = seed }
local bots, cpu = {}, {}
local tally = { lines = 0, other_lines = 0, answers = 0, other_answers = 0 }
for i, s in ipairs(g.sides) do
  local b = assert(botmod.make(s == me and name or opponent, seed, i, { budget = budget }))
  cpu[s] = 0
  local function timed(f, ...)
    local t0 = os.clock()
    local r = table.pack(f(...))
    cpu[s] = cpu[s] + os.clock() - t0
    return table.unpack(r, 1, r.n)
  end
  local w = { name = b.name }
  if s == me then
    local base = botmod.rules(seed, i)
    if b.propose then
      w.propose = function(gg, side, tried)
        local l = timed(b.propose, gg, side, tried)
        local bl = base.propose(gg, side, tried)
        if l ~= nil then
          tally.lines = tally.lines + 1
          if l ~= bl then tally.other_lines = tally.other_lines + 1 end
        end
        return l
      end
    end
    w.answer = function(gg, req)
      local a = timed(b.answer, gg, req)
      tally.answers = tally.answers + 1
      if #req.options > 1 and a ~= base.answer(gg, req) then tally.other_answers = tally.other_answers + 1 end
      return a
    end
  else
    if b.propose then w.propose = function(...) return timed(b.propose, ...) end end
    w.answer = function(...) return timed(b.answer, ...) end
  end
  w.choose = function(...) return timed(b.choose, ...) end
  bots[s] = w
end
local res, err = runner.play(g, bots)
if not res then io.stderr:write(tostring(err), "\n") return 1 end
print(string.format("%s seed %d, %s=%s, the others %s%s", target, seed, me, name, opponent,
  budget and (", budget " .. budget) or ""))
print(string.format("result: %s (%s), %d actions", res.winner ~= "" and (res.winner .. " wins") or "draw",
  tostring(res.level or res.reason or ""), g.n))
print(string.format("%s's proposed lines: %d, other than the ruleset bot's: %d; answers: %d, other: %d",
  me, tally.lines, tally.other_lines, tally.answers, tally.other_answers))
for _, s in ipairs(g.sides) do print(string.format("CPU s of %s's bot: %.2f", s, cpu[s])) end
return 0
