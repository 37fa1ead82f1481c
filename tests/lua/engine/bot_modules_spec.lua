-- Bots as Lua modules: loaded by name or path, sandboxed like rules,
-- read-only, under the game's budget, deterministic and resumable.
local runner = require "engine.runner"
local bot = require "engine.bot"

local rs = ruleset.load("skirmish")

local temp_files = {}
local function temp_bot(text)
  local p = os.tmpname()
  os.remove(p)
  p = p .. ".lua"
  local f = assert(io.open(p, "w"))
  f:write(text)
  f:close()
  temp_files[#temp_files + 1] = p
  return p
end

local function new_game(seed, log)
  return game_module.new { ruleset = rs, scenario = "duel", seed = seed or 1, log = log,
                           durability = log and "off" or nil }
end

local function make(name, seed, side_index)
  local b, err = bot.make(name, seed, side_index)
  ok(b, "bot " .. tostring(name) .. ": " .. tostring(err))
  return b
end

-- Plays g to its end; the lines played (with decisions) and the result.
local function play(g, a, b, seed, opts)
  local lines, waits, steps = {}, {}, 0
  opts = opts or {}
  local res, err = runner.play(g, { A = make(a, seed, 1), B = make(b, seed, 2) }, {
    max_actions = opts.max_actions,
    on_action = function(_, r)
      steps = steps + 1
      if r.status == "decision" then waits[#waits + 1] = steps return end
      local t = { r.action.side .. " " .. r.action.line }
      for _, d in ipairs(r.decisions or {}) do t[#t + 1] = d.side .. "=" .. d.answer end
      lines[#lines + 1] = table.concat(t, " ")
    end })
  return res, err, lines, waits
end

-- A bot that fails in choose: the runner's message, and the game as it was.
local function failing_choose(body, pattern, what)
  local path = temp_bot("return { choose = function(side, legal)\n" .. body .. "\nend,\n" ..
                        "answer = function(req) return req.options[1] end }\n")
  local g = new_game(3)
  local before, n, rolls = g:checksum(), g.n, g.dice:count()
  local res, err = play(g, path, "random", 3)
  eq(res, nil, what .. ": the game stops")
  ok(err and err:find(pattern), what .. ": message " .. tostring(err) .. " lacks " .. pattern)
  ok(err:find(path, 1, true), what .. ": the message names the bot's file: " .. tostring(err))
  eq(g:checksum(), before, what .. ": the game is unchanged")
  eq(g.n, n, what .. ": no action")
  eq(g.dice:count(), rolls, what .. ": no roll")
  eq(g:unit_table("B1").sp, 2, what .. ": B1 as it was")
  eq(g.read_only, nil, what .. ": the game is writable again")
  -- the game goes on with other bots
  local res2, err2 = play(g, "random", "random", 3)
  ok(res2, what .. ": the game goes on: " .. tostring(err2))
  return err
end

test("bot modules: random and heuristic are names; unknown names list the bots", function()
  eq(make("random", 1, 1).name, "random")
  eq(make("heuristic", 1, 1).name, "heuristic")
  local b, err = bot.make("clever", 1, 1)
  eq(b, nil)
  ok(err:find("greedy, heuristic, random, rules", 1, true), err)
  ok(err:find(".lua", 1, true), "paths are mentioned: " .. err)
  b, err = bot.make("/nonexistent/dir/mybot.lua", 1, 1)
  eq(b, nil)
  ok(err:find("not found", 1, true), err)
end)

test("bot modules: a syntax error is reported when the bot is made, as file:line", function()
  local path = temp_bot("return {\n  choose = function(side, legal) return legal[1]\n}\n")
  local b, err = bot.make(path, 1, 1)
  eq(b, nil)
  ok(err:find(path .. ":%d+:"), err)
end)

test("bot modules: a user bot from a file path loads and plays a whole game", function()
  -- the first line that is not "end" while there is one, else "end";
  -- a draw among the options; reads the game through bitwa and rules
  local path = temp_bot([[
local M = {}
function M.choose(side, legal)
  assert(#bitwa.units { side = side } > 0)
  assert(type(rules.tables.crt) == "table")
  for _, l in ipairs(legal) do
    if l ~= "end" and (l:match("^attack") or l:match("^move")) and rng(3) > 1 then return l end
  end
  return "end"
end
function M.answer(req) return req.options[math.random(#req.options)] end
return M
]])
  local g = new_game(5)
  local res, err, lines = play(g, path, "random", 5)
  ok(res, tostring(err))
  ok(g:is_over(), "the game is over")
  eq(make(path, 5, 1).name, path)
  local moved = false
  for _, l in ipairs(lines) do if l:match("^A move") then moved = true end end
  ok(moved, "the user bot moved")
end)

test("bot modules: propose is asked first; a refused line is asked again with tried", function()
  local path = temp_bot([[
return {
  propose = function(side, tried)
    if not tried["move R9 0101"] then return "move R9 0101" end
    return nil
  end,
  choose = function(side, legal) return "end" end,
  answer = function(req) return req.options[1] end,
}
]])
  local g = new_game(2)
  local res, err, lines = play(g, path, "random", 2)
  ok(res, tostring(err))
  for _, l in ipairs(lines) do
    if l:sub(1, 1) == "A" then eq(l, "A end", "every A action") end
  end
end)

test("bot modules: no io (the game is not changed)", function()
  failing_choose('local f = io.open("/tmp/bitwa-bot-escape", "w")', "undeclared global 'io'", "io")
end)

test("bot modules: no os, no require", function()
  failing_choose('os.exit(1)', "undeclared global 'os'", "os")
  failing_choose('require("engine.game")', "undeclared global 'require'", "require")
end)

test("bot modules: writing a unit's field is refused, with the line and what was tried", function()
  local err = failing_choose('bitwa.unit("B1").sp = 0 return "end"',
    "a bot cannot change the game %(unit B1%.sp = 0%)", "unit write")
  ok(err:find(":%d+: a bot cannot change"), err)
end)

test("bot modules: variables, notes, rolls and the game's end are refused", function()
  failing_choose('bitwa.set_var("vp.A", 99)', "a bot cannot change the game %(bitwa%.set_var%)", "set_var")
  failing_choose('bitwa.note("hello")', "bitwa%.note", "note")
  failing_choose('bitwa.d6("peek")', "a roll of the game's dice", "roll")
  failing_choose('bitwa.game_over { winner = "A" }', "bitwa%.game_over", "game_over")
  failing_choose('bitwa.remove(bitwa.unit("B1"))', "bitwa%.remove", "remove")
  failing_choose('rules.combat.lose_sp(bitwa.unit("B1"), 1)', "a bot cannot change the game", "through rules")
  failing_choose('bitwa.decide { side = "A", kind = "x", options = { "a" } }', "bitwa%.decide", "decide")
end)

test("bot modules: a refusal cannot hide a write, pcall cannot swallow it", function()
  failing_choose('pcall(function() bitwa.unit("B1").sp = 0 end) bitwa.unit("B1").sp = 1',
    "a bot cannot change the game", "pcall")
end)

test("bot modules: an infinite loop is stopped by the budget", function()
  local t0 = os.clock()
  failing_choose("while true do end", ":%d+: instruction budget exceeded", "loop")
  failing_choose("while true do pcall(function() while true do end end) end",
    "instruction budget exceeded", "pcall loop")
  ok(os.clock() - t0 < 30, "stopped in time")
end)

test("bot modules: a loop at load time is stopped too, and a memory bomb is capped", function()
  local path = temp_bot("local n = 0\nwhile true do n = n + 1 end\nreturn {}\n")
  local g = new_game(1)
  local res, err = play(g, path, "random", 1)
  eq(res, nil)
  ok(err:find("instruction budget exceeded", 1, true), err)
  failing_choose('local t = {} for i = 1, 1e9 do t[i] = string.rep("x", 64) .. i end',
    "memory cap exceeded", "memory")
end)

test("bot modules: an error value's own __tostring is not run; refuse() is an error", function()
  local t0 = os.clock()
  failing_choose('error(setmetatable({}, { __tostring = function() while true do end end }))',
    ":%d+: error object is a table value", "error object")
  ok(os.clock() - t0 < 30, "not hanging")
  failing_choose('refuse("1.1", "no")', "refused: 1%.1: no", "refuse")
end)

test("bot modules: a line or option that is not offered is an error naming the bot", function()
  failing_choose('return "move R1 9999"', 'choose returned "move R1 9999", not one of', "illegal line")
  failing_choose('return 42', "choose returned 42", "a number")
  local path = temp_bot("return { choose = function() return 'end' end, answer = function() return 'maybe' end }\n")
  local g = new_game(1)
  local b = make(path, 1, 2)
  local okk, err = pcall(b.answer, g, { side = "B", kind = "x", prompt = "x", options = { "fire", "hold" } })
  eq(okk, false)
  ok(tostring(err):find('answer returned "maybe", not one of: fire, hold', 1, true), tostring(err))
end)

test("bot modules: a module keeps nothing between calls", function()
  -- a counter at the top of the file starts again at every call
  local path = temp_bot([[
local calls = 0
return { choose = function(side, legal)
  calls = calls + 1
  if calls > 1 then error("called twice in one load") end
  return "end"
end, answer = function(req) return req.options[1] end }
]])
  local g = new_game(1)
  local res, err = play(g, path, path, 1)
  ok(res, tostring(err))
end)

test("bot modules: compiled once, each call a new function in its own environment (sandbox.compile)", function()
  local sb = bitwa.sandbox
  local c, err = sb.compile("local n = 0\nreturn function()\n  n = n + 1\n  if n > 2 then error('three') end\n  return tag, n\nend", "@mybot.lua")
  ok(c, tostring(err))
  eq(getmetatable(c), false, "the compiled chunk's metatable is protected")
  local e1, e2 = sb.env(), sb.env()
  rawset(e1, "tag", "one"); rawset(e2, "tag", "two")
  local f1, f2 = sb.load(c, "@mybot.lua", e1), sb.load(c, "@mybot.lua", e2)
  ok(f1 ~= f2, "two loads, two functions")
  local g1, g2 = f1(), f2()
  eq({ g1() }, { "one", 1 }); eq({ g1() }, { "one", 2 })
  eq({ g2() }, { "two", 1 }, "the second load: its own locals and its own environment")
  -- the text's lines are kept: an error names the file and its line
  local pe, perr = pcall(g1)
  eq(pe, false)
  ok(tostring(perr):find("mybot.lua:4:", 1, true), tostring(perr))
  -- a syntax error as load says it, file:line
  local bad, berr = sb.compile("return {\n  choose = function(\n", "@bad.lua")
  eq(bad, nil)
  ok(tostring(berr):find("^bad.lua:%d+:"), tostring(berr))
  -- only what compile made is loaded as compiled: no bytecode from elsewhere
  local okh = pcall(sb.load, bitwa.hex.at(1, 1), "@x.lua", sb.env())
  eq(okh, false)
  local okb, berr2 = sb.load(string.dump(function() return 1 end), "@x.lua", sb.env())
  eq(okb, nil, "a binary string is refused: text only")
  ok(tostring(berr2):find("binary", 1, true) or tostring(berr2):find("text", 1, true), tostring(berr2))
end)

test("bot modules: the same seed gives the same game", function()
  for _, pair in ipairs { { "heuristic", "random" }, { "random", "heuristic" }, { "heuristic", "heuristic" } } do
    local r1, e1, l1 = play(new_game(21), pair[1], pair[2], 21)
    local r2, e2, l2 = play(new_game(21), pair[1], pair[2], 21)
    ok(r1 and r2, tostring(e1 or e2))
    eq(l1, l2, pair[1] .. " v " .. pair[2])
    eq(r1, r2)
  end
  local _, _, a = play(new_game(21), "heuristic", "random", 21)
  local _, _, b = play(new_game(22), "heuristic", "random", 22)
  ok(table.concat(a, "\n") ~= table.concat(b, "\n"), "another seed, another game")
end)

test("bot modules: a game resumed from its log ends as the uninterrupted one", function()
  local user = temp_bot([[
return {
  choose = function(side, legal)
    if rng(4) == 1 then return "end" end
    return legal[rng(#legal)]
  end,
  answer = function(req) return req.options[rng(#req.options)] end,
}
]])
  local stops, pending_seen = 0, false
  for _, pair in ipairs { { "heuristic", "random" }, { user, "heuristic" } } do
    for _, seed in ipairs { 7, 8 } do
      local whole = new_game(seed)
      local res, err, _, waits = play(whole, pair[1], pair[2], seed)
      ok(res, tostring(err))
      -- stops between actions, and one at a decision when the game has one
      local stop_at = { 5, 17, 30 }
      if waits[1] then stop_at[#stop_at + 1] = waits[1] end
      for _, stop in ipairs(stop_at) do
        local path = os.tmpname()
        os.remove(path)
        local g = new_game(seed, path)
        local r1, e1 = play(g, pair[1], pair[2], seed, { max_actions = stop })
        if not r1 then ok(e1:find("did not end within", 1, true), e1) end
        if g.pending then pending_seen = true end
        g:close()
        local g2, rep = game_module.open(path)
        ok(g2, tostring(rep))
        local r2, e2 = play(g2, pair[1], pair[2], seed)
        ok(r2, tostring(e2))
        eq(g2:checksum(), whole:checksum(), "seed " .. seed .. ", stopped after " .. stop)
        eq(g2.n, whole.n)
        eq(r2, res)
        g2:close()
        for _, suffix in ipairs { "", "-wal", "-shm" } do os.remove(path .. suffix) end
        stops = stops + 1
      end
    end
  end
  ok(stops >= 12, "every stop played")
  ok(pending_seen, "one stop lands on a pending decision")
end)

test("bot modules: the heuristic bot beats the random one", function()
  local wins, losses = 0, 0
  for seed = 1, 20 do
    for side_index = 1, 2 do
      local g = new_game(seed)
      local a, b = "random", "random"
      if side_index == 1 then a = "heuristic" else b = "heuristic" end
      local res, err = play(g, a, b, seed)
      ok(res, tostring(err))
      local mine = g.sides[side_index]
      if res.winner == mine then wins = wins + 1
      elseif res.winner and res.winner ~= "" then losses = losses + 1 end
    end
  end
  ok(wins >= 2 * losses and wins >= 15, string.format("heuristic %d wins, random %d", wins, losses))
end)

test("heuristic bot: leaders (the manifest's leader role) are not fighters", function()
  -- stages: A's chief ac stacked with foot a1 at 0304, a2 at 0305; B's foot b1 at 1004
  local g = game_module.new { ruleset = ruleset.load("stages"), scenario = "late", seed = 5, deploy = "scenario" }
  eq(g:phase_info().name, "A.move")
  local h = make("heuristic", 5, 1)
  local function pick(lines)
    local legal = {}
    for i, l in ipairs(lines) do legal[i] = { side = "A", line = l } end
    return h.choose(g, "A", legal)
  end
  -- a fighter's advance before any leader move, however far the leader would go
  eq(pick { "march ac 0904", "march ac 0504", "march a1 0504", "end" }, "march a1 0504")
  -- a leader goes to its troops, not alone next to the enemy
  eq(pick { "march ac 0904", "march ac 0905", "march ac 0305" }, "march ac 0305")
  eq(pick { "march ac 0904", "end" }, "end", "alone next to b1: never")
  -- already with troops (a1), he gains nothing by going to others (a2):
  -- where moves cost nothing he would go back and forth
  eq(pick { "march ac 0305", "end" }, "end", "with a1 already")
  -- a lone enemy leader is an attack to make; the chief adds no strength
  eq(pick { "fire a2 b1", "fire ac b1", "end" }, "end", "1 against 2 (the chief counts for nothing)")
  -- a loss: a field unit takes it, the leader only when alone offered
  local function answer(options)
    return h.answer(g, { side = "A", kind = "loss", prompt = "who?", options = options })
  end
  eq(answer { "ac", "a2" }, "a2")
  -- a choice of at least two at once
  for _, name in ipairs { "heuristic", "search" } do
    eq(make(name, 5, 1).answer(g, { side = "A", kind = "muster", prompt = "which?", options = { "a1", "a2", "ac" },
                                   min = 2, max = 3 }), "a1,a2", name)
  end
  eq(answer { "ac", "a1", "a2" }, "a1", "the strongest field unit")
end)

test("bot modules: odds(line) gives the exact outcomes through the rules, within the bot's node budget, and changes nothing", function()
  local odds_mod = require "engine.odds"
  local g = new_game(4)
  local legal = g:legal_actions("A")
  local move
  for _, a in ipairs(legal) do if a.line:match("^move ") then move = a.line break end end
  ok(move, "a move to ask about")
  local want = assert(odds_mod.of_action(g, "A", move))
  -- the bot reports what it learnt in its error: its plays, outcomes, first
  -- outcome's p and first change, a refusal, and the budget before and after
  local before, rolls = g:checksum(), g.dice:count()
  local path2 = temp_bot([[
local last
return { choose = function(side, legal)
  local move
  for _, l in ipairs(legal) do if l:match("^move ") then move = l break end end
  local before = budget()
  local rep = odds(move, side)
  local c = rep.outcomes[1].changes[1]
  local r1, rule = odds("move NOBODY 0101", side)
  local after = budget()
  local again, why = odds(move, side)
  local t = { rep.plays, #rep.outcomes, rep.outcomes[1].p, c.key, tostring(c.to), tostring(r1), rule,
              before, after, tostring(again), tostring(why), budget(),
              math.type(rep.outcomes[1].n), rep.outcomes[1].n, rep.outcomes[1].d }
  for i, x in ipairs(t) do t[i] = tostring(x) end
  error("REPORT " .. table.concat(t, "|"), 0)
end, answer = function(req) return req.options[1] end }
]])
  local bb = make(path2, 4, 1)
  local _, e2 = pcall(bb.choose, g, "A", legal)
  local rep = tostring(e2):match("REPORT (.*)$")
  ok(rep, tostring(e2))
  local f = {}
  for x in (rep .. "|"):gmatch("([^|]*)|") do f[#f + 1] = x end
  eq(tonumber(f[1]), want.runs, "plays")
  eq(tonumber(f[2]), #want.outcomes, "outcomes")
  eq(tonumber(f[3]), want.outcomes[1].p[1] / want.outcomes[1].p[2], "p")
  eq({ f[13], tonumber(f[14]), tonumber(f[15]) }, { "integer", want.outcomes[1].p[1], want.outcomes[1].p[2] },
    "n / d: the exact fraction, in integers")
  eq(f[4], want.outcomes[1].changes[1].key)
  eq(f[6], "nil", "a refused line gives nil")
  ok(f[7] ~= "budget", "and the rule, not the budget")
  eq(tonumber(f[8]), bot.DEFAULT_BUDGET, "the default budget")
  eq(tonumber(f[9]), bot.DEFAULT_BUDGET - want.runs, "plays are spent from the budget (a refusal too: " .. f[9] .. ")")
  eq(g:checksum(), before, "the game is unchanged")
  eq(g.dice:count(), rolls, "no roll of the game's dice")
  -- a budget of one play: the second question finds none left
  local small = bot.make(path2, 4, 1, { budget = want.runs })
  local _, e3 = pcall(small.choose, g, "A", legal)
  local f3 = {}
  for x in ((tostring(e3):match("REPORT (.*)$") or "") .. "|"):gmatch("([^|]*)|") do f3[#f3 + 1] = x end
  eq(f3[10], "nil")
  eq(f3[11], "budget", "no node left")
  eq(tonumber(f3[12]), 0)
end)

test("search bot: whole games on the fixture, the same for the same seed and budget", function()
  local r1, e1, l1 = play(new_game(31), "search", "random", 31)
  ok(r1, tostring(e1))
  local r2, _, l2 = play(new_game(31), "search", "random", 31)
  eq(l1, l2, "same seed, same game")
  eq(r1, r2)
  local b1 = bot.make("search", 31, 1, { budget = 3 })
  local g = new_game(31)
  local res, err = runner.play(g, { A = b1, B = make("random", 31, 2) }, {})
  ok(res, tostring(err))
  ok(g.n > 0)
end)

test("bot modules: include(name) runs a library of lua/bots/lib in the bot's environment; other names are refused", function()
  local g = new_game(4)
  local legal = g:legal_actions("A")
  local path = temp_bot([[
return { choose = function(side, legal)
  local C = include "common"
  local again = include "common"
  local t = { type(C.answer), tostring(C == again), C.gcd(12, 18) }
  for _, bad in ipairs { "../heuristic", "nosuch", 3 } do
    local ok, e = pcall(include, bad)
    t[#t + 1] = tostring(ok) .. ":" .. tostring(e)
  end
  error("REPORT " .. table.concat(t, "|"), 0)
end, answer = function(req) return req.options[1] end }
]])
  local _, e = pcall(make(path, 4, 1).choose, g, "A", legal)
  local rep = tostring(e):match("REPORT (.*)$")
  ok(rep, tostring(e))
  local f = {}
  for x in (rep .. "|"):gmatch("([^|]*)|") do f[#f + 1] = x end
  eq({ f[1], f[2], f[3] }, { "function", "true", "6" }, "the library, loaded once per call")
  ok(f[4]:match("^false:.*a library name"), f[4])
  ok(f[5]:match("^false:.*no bot library 'nosuch'"), f[5])
  ok(f[6]:match("^false:.*a library name"), f[6])
end)

test("search bot: a leader is no fighter: the fighters close in first, a leader does not leave its troops; reactions worse than 2:1 are passed, pursuits stopped", function()
  -- stages: A's chief ac stacked with foot a1 at 0304, a2 at 0305; B's foot b1 at 1004
  local g = game_module.new { ruleset = ruleset.load("stages"), scenario = "late", seed = 5, deploy = "scenario" }
  eq(g:phase_info().name, "A.move")
  local s = make("search", 5, 1)
  local function pick(lines)
    local legal = {}
    for i, l in ipairs(lines) do legal[i] = { side = "A", line = l } end
    return s.choose(g, "A", legal)
  end
  -- (march: one hex at a time; a longer one is refused by the rules, found by odds)
  eq(pick { "march ac 0404", "march a1 0404", "march a1 0204", "end" }, "march a1 0404", "the fighter closes in first")
  eq(pick { "march ac 0404", "march ac 0904", "end" }, "end", "the chief leaves its troops: never")
  eq(pick { "march a1 0204", "march a1 0303", "end" }, "end", "away from the enemy: no")
  -- a reaction that fights at worse than 2:1 is passed; a pursuit stops
  eq(s.answer(g, { side = "A", kind = "reaction", prompt = "?", options = { "charge a1 b1", "pass" } }), "pass")
  eq(s.answer(g, { side = "A", kind = "pursuit", prompt = "?", options = { "0404", "0405", "stop" } }), "stop")
end)

for _, p in ipairs(temp_files) do os.remove(p) end

test("heuristic bot on a real ruleset (Grunwald): leaders move last and never end alone next to the enemy; a countercharge only at even odds by strength", function()
  local function U(name, side, kind, hex, facing, t)
    local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8, armour = 0, cf = 0 }
    for k, v in pairs(t or {}) do u[k] = v end
    return u
  end
  local function setup(units)
    return game { ruleset = "grunwald", seed = 1, options = { complementary = false },
      scenario = { map = "test-field", turns = 3, units = units, vars = { { "side.A", "PL" } } } }
  end
  -- PL: leader L with F1 at 0805, F2 at 0705; TO: E at 0810, standing
  local g = setup { U("L", "PL", "leader", "0805", "S", { sp = 0, mp = 10, range = 2 }),
                    U("F1", "PL", "cavalry", "0805", "S", { leader = "L" }),
                    U("F2", "PL", "cavalry", "0705", "S", { leader = "L" }),
                    U("E", "TO", "cavalry", "0810", "N", { mp = 0 }) }
  eq(g:phase_info().name, "A.cavalry_move")
  local h = make("heuristic", 7, 1)
  local played, fighters_done = {}, false
  for _ = 1, 40 do
    local legal = g:legal_actions("PL")
    local l = h.choose(g, "PL", legal)
    if l == "end" then break end
    local who = l:match("^%a+ (%S+)")
    if who == "L" then fighters_done = true
    else ok(not fighters_done, "a fighter's line after the leader's: " .. table.concat(played, "; ") .. "; " .. l) end
    played[#played + 1] = l
    local r = g:act("PL", l)
    for _ = 1, 20 do
      if r.status ~= "decision" then break end
      r = g:answer(h.answer(g, r.request))
    end
  end
  ok(#played > 0, "the fighters advance")
  local L = g:unit_table("L")
  local alone, next_to = true, false
  g:query(function()
    local api = g.rs.api
    local lh = api.unit("L").hex
    for _, u in ipairs(api.units { side = "PL" }) do
      if u.kind ~= "leader" and u.hex and u.hex.label == lh.label then alone = false end
    end
    next_to = api.hex.distance(lh, api.unit("E").hex) <= 1
  end)
  ok(not (alone and next_to), "L at " .. tostring(L.hex) .. " alone next to E: " .. table.concat(played, "; "))
  -- a countercharge offered: taken at even odds by strength, not below
  local function reaction(cc_sp)
    local g2 = setup { U("K1", "TO", "cavalry", "0406", "S"), U("P2", "PL", "cavalry", "0609", "NW", { sp = cc_sp }) }
    return make("heuristic", 7, 1).answer(g2, { side = "PL", kind = "reaction",
      options = { "countercharge P2 K1", "pass" }, prompt = "K1 moves" })
  end
  eq(reaction(2), "countercharge P2 K1", "2 SP against 2")
  eq(reaction(1), "pass", "1 SP against 2: below even odds")
end)

-- The search bot on Grunwald situations (test-field): its choices, asserted.
local function grunwald_setup(units, seed)
  return game { ruleset = "grunwald", seed = seed or 1, options = { complementary = false },
    scenario = { map = "test-field", turns = 3, units = units, vars = { { "side.A", "PL" } } } }
end
local function GU(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8, armour = 0, cf = 0 }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end
-- Plays side's phase with bot b until it ends it (or 40 actions); the lines.
local function play_phase(g, b, side)
  local played = {}
  local phase = g:phase_info().name
  for _ = 1, 40 do
    if g:phase_info().name ~= phase then break end
    local l = b.choose(g, side, g:legal_actions(side))
    played[#played + 1] = l
    local r = g:act(side, l)
    for _ = 1, 20 do
      if r.status ~= "decision" then break end
      local req = r.request
      local who = req.side == side and b or make("random", 1, 2)
      r = g:answer(who.answer(g, req))
    end
    if l == "end" then break end
  end
  return played
end
-- Whether leader L stands with a field unit of its side, and its distance to unit E.
local function leader_place(g, L, E)
  local with, d
  g:query(function()
    local api = g.rs.api
    local l = api.unit(L)
    with = false
    for _, u in ipairs(api.units { side = l.side }) do
      if u.kind ~= "leader" and u.hex and u.hex.label == l.hex.label then with = true end
    end
    d = api.hex.distance(l.hex, api.unit(E).hex)
  end)
  return with, d
end

test("search bot (Grunwald): a leader is not left alone within the enemy's reach; a lone leader within reach goes to his troops", function()
  for seed = 1, 3 do
    -- L with his only field unit F1; the enemy E five hexes off
    local g = grunwald_setup({ GU("L", "PL", "leader", "0805", "S", { sp = 0, mp = 10, range = 2 }),
                               GU("F1", "PL", "cavalry", "0805", "S", { leader = "L" }),
                               GU("E", "TO", "cavalry", "0810", "N", { mp = 0 }) }, seed)
    eq(g:phase_info().name, "A.cavalry_move")
    local played = play_phase(g, make("search", seed, 1), "PL")
    local with, d = leader_place(g, "L", "E")
    ok(with or d > 9, "seed " .. seed .. ": L alone " .. d .. " hexes from E after " .. table.concat(played, "; "))
  end
  for seed = 1, 3 do
    -- L alone four hexes from E, within its reach; his troops F1, F2 three hexes behind him
    local g = grunwald_setup({ GU("L", "PL", "leader", "0806", "S", { sp = 0, mp = 10, range = 2 }),
                               GU("F1", "PL", "cavalry", "0803", "S", { leader = "L" }),
                               GU("F2", "PL", "cavalry", "0703", "S", { leader = "L" }),
                               GU("E", "TO", "cavalry", "0810", "N", { mp = 0 }) }, seed)
    local played = play_phase(g, make("search", seed, 1), "PL")
    local with = leader_place(g, "L", "E")
    ok(with, "seed " .. seed .. ": L not with his troops after " .. table.concat(played, "; "))
  end
end)

test("search bot (Grunwald): of two attacks at the same ratio by strength it takes the better by the exact odds (armour)", function()
  -- F1 (2 SP) faces E1 (1 SP, armour 2), F2 (2 SP) faces E2 (1 SP, no
  -- armour), far apart: 2:1 both by strength, E1's armour a worse column
  local picks, values = {}, {}
  for seed = 1, 4 do
    local g = grunwald_setup({ GU("F1", "PL", "cavalry", "0808", "S", { armour = 1 }),
                               GU("E1", "TO", "cavalry", "0809", "N", { sp = 1, armour = 2 }),
                               GU("F2", "PL", "cavalry", "0402", "S", { armour = 1 }),
                               GU("E2", "TO", "cavalry", "0403", "N", { sp = 1, armour = 0 }) }, seed)
    for _ = 1, 4 do
      if g:phase_info().name == "A.cavalry_attack" then break end
      local r = g:act("PL", "end")
      for _ = 1, 20 do
        if r.status ~= "decision" then break end
        r = g:answer(r.request.options[#r.request.options])
      end
    end
    eq(g:phase_info().name, "A.cavalry_attack")
    local legal = { { side = "PL", line = "attack F1 E1" }, { side = "PL", line = "attack F2 E2" } }
    if seed == 1 then
      -- the exact odds: E2, unarmoured, is eliminated more often
      for i, l in ipairs { "attack F1 E1", "attack F2 E2" } do
        local o, why = require("engine.odds").of_action(g, "PL", l)
        ok(o, l .. ": " .. tostring(why and why.message))
        local gone = { 0, 1 }
        for _, out in ipairs(o.outcomes) do
          for _, c in ipairs(out.changes) do
            if c.key:match("^E%d%.") and (c.key:match("eliminated$") or (c.key:match("%.sp$") and c.to == 0)
                                           or (c.key:match("%.hex$") and c.to == nil)) then
              gone = require("engine.odds").fadd(gone, out.p)
            end
          end
        end
        values[i] = gone
      end
      ok(values[2][1] * values[1][2] > values[1][1] * values[2][2],
        "E2 loses its SP more often than E1: " .. values[2][1] .. "/" .. values[2][2] .. " against " .. values[1][1] .. "/" .. values[1][2])
    end
    picks[#picks + 1] = make("search", seed, 1).choose(g, "PL", legal)
  end
  eq(picks, { "attack F2 E2", "attack F2 E2", "attack F2 E2", "attack F2 E2" })
end)

test("search bot (Grunwald): the same seed and node budget give the same game", function()
  local function run(seed, budget, name)
    name = name or "search"
    local g = grunwald_setup({ GU("L", "PL", "leader", "0805", "S", { sp = 0, mp = 10, range = 2 }),
                               GU("F1", "PL", "cavalry", "0805", "S", { leader = "L" }),
                               GU("F2", "PL", "cavalry", "0705", "S", { leader = "L" }),
                               GU("E1", "TO", "cavalry", "0810", "N"),
                               GU("E2", "TO", "cavalry", "0910", "N") }, seed)
    local lines = {}
    runner.play(g, { PL = bot.make(name, seed, 1, { budget = budget }),
                     TO = bot.make(name, seed, 2, { budget = budget }) }, {
      max_actions = 60,
      on_action = function(_, r)
        if r.status ~= "decision" then lines[#lines + 1] = r.action.side .. " " .. r.action.line end
      end })
    return lines, g:checksum()
  end
  local l1, c1 = run(3, 16)
  local l2, c2 = run(3, 16)
  ok(#l1 >= 20, "a game played: " .. #l1 .. " actions")
  eq(l2, l1, "the same lines")
  eq(c2, c1, "the same position")
  -- one node a decision: the ruleset's bot (Grunwald's), unchecked
  local l3, c3 = run(3, 1)
  local l4, c4 = run(3, nil, "rules")
  eq(l3, l4, "with one node, the rules bot's lines")
  eq(c3, c4)
end)

-- ------------------------------------------------------------------ a base policy
-- The fixture ruleset `policy` (tests/fixtures/rulesets/policy): Skirmish
-- with a bot of its own that attacks blindly, in the order of its lines,
-- and a 1:2 column where the attacker loses 1 SP on 1-3, the defender on 6.
-- a1 (1 SP) faces b1 (2 SP): 1:2; a2 (3 SP) faces b2 (1 SP): 3:1.
local function policy_game(seed)
  local g = game_module.new { ruleset = ruleset.load("policy"), seed = seed or 1, scenario = { map = "skirmish", turns = 2,
    units = { { name = "a1", side = "A", kind = "infantry", hex = "0403", facing = "S", sp = 1, mp = 3 },
              { name = "b1", side = "B", kind = "infantry", hex = "0404", facing = "N", sp = 2, mp = 3 },
              { name = "a2", side = "A", kind = "infantry", hex = "0307", facing = "S", sp = 3, mp = 3 },
              { name = "b2", side = "B", kind = "infantry", hex = "0308", facing = "N", sp = 1, mp = 3 } } } }
  eq(g:phase_info().name, "A.move")
  local r = g:act("A", "end")
  eq(r.status, "done")
  eq(g:phase_info().name, "A.attack")
  return g
end

-- Plays A's phase with bot b through the runner (proposals first); the lines.
local function runner_phase(g, b)
  local lines, stats = {}, {}
  local phase = g:phase_info().name
  for _ = 1, 10 do
    if g:phase_info().name ~= phase then break end
    local r = assert(runner.bot_action(g, "A", b, stats))
    while r.status == "decision" do
      r = g:answer(b.answer(g, r.request))
    end
    lines[#lines + 1] = r.action.line
  end
  return lines, stats
end

test("bot modules: base is the ruleset's own bot (propose, answer), each call a node; none without one; odds(line, side, \"base\") takes decisions by it", function()
  local g = policy_game(3)
  local path = temp_bot([[
return { propose = function(side, tried)
  local t = { base.propose(side, {}), base.propose(side, { ["attack a1 b1"] = true }), budget() }
  t[#t + 1] = base.answer { side = "B", kind = "retreat", prompt = "?", options = { "0405", "0505" } }
  -- the defender's retreat (4.5) in odds' plays: the first option, or the base's (its last)
  local first, base_ = {}, {}
  for _, o in ipairs(odds("attack a2 b2", side).outcomes) do
    for _, c in ipairs(o.changes) do if c.key == "b2.hex" then first[#first + 1] = tostring(c.to) end end
  end
  for _, o in ipairs(odds("attack a2 b2", side, "base").outcomes) do
    for _, c in ipairs(o.changes) do if c.key == "b2.hex" then base_[#base_ + 1] = tostring(c.to) end end
  end
  t[#t + 1] = table.concat(first, ",")
  t[#t + 1] = table.concat(base_, ",")
  local r, _, why = odds("attack a2 b2", side, "clever")
  t[#t + 1] = tostring(r) .. ":" .. tostring(why)
  for i, x in ipairs(t) do t[i] = tostring(x) end
  error("REPORT " .. table.concat(t, "|"), 0)
end, choose = function(side, legal) return legal[1] end, answer = function(req) return req.options[1] end }
]])
  local _, e = pcall(make(path, 3, 1).propose, g, "A", {})
  local f = {}
  for x in ((tostring(e):match("REPORT (.*)$") or error(tostring(e))) .. "|"):gmatch("([^|]*)|") do f[#f + 1] = x end
  eq({ f[1], f[2], f[3], f[4] }, { "attack a1 b1", "attack a2 b2", tostring(bot.DEFAULT_BUDGET - 2), "0505" },
    "the ruleset bot's lines in its order, each call a node, its answer")
  eq({ f[5], f[6] }, { "0409", "0209" }, "b2's retreat on a 2 (DR at 3:1): the first option, the base's (the last)")
  ok(f[7]:match("^nil:.*policy \"first\" or \"base\""), "an unknown policy is refused: " .. f[7])
  -- no ruleset bot: no base
  local g2 = new_game(3)
  local p2 = temp_bot([[return { choose = function(side, legal) error("REPORT " .. tostring(base), 0) end,
                                  answer = function(req) return req.options[1] end }]])
  local _, e2 = pcall(make(p2, 3, 1).choose, g2, "A", { { line = "end" } })
  ok(tostring(e2):find("REPORT false", 1, true), tostring(e2))
end)

test("search bot on a base policy: it declines the base's attack at bad exact odds and plays its next choice; with no node to spare it plays the base's lines", function()
  -- the base: a1 on b1 at 1:2 (worth -5 tenths exactly: a1 lost 1/2, b1's
  -- SP 1/6, each SP 10 and each VP 5), then a2 on b2 at 3:1, then the end
  for seed = 1, 3 do
    local g = policy_game(seed)
    local lines = runner_phase(g, make("rules", seed, 1))
    eq(lines, { "attack a1 b1", "attack a2 b2", "end" }, "the ruleset bot, seed " .. seed)
  end
  for seed = 1, 3 do
    local g = policy_game(seed)
    local lines, stats = runner_phase(g, make("search", seed, 1))
    eq(lines, { "attack a2 b2", "end" }, "search, seed " .. seed .. ": a1 does not attack at 1:2")
    eq(stats.refused, 0, "no refused line")
    eq(g:unit_table("a1").sp, 1, "a1 as it was")
    -- a budget of one node: the base's line, unchecked
    local g1 = policy_game(seed)
    local l1 = runner_phase(g1, bot.make("search", seed, 1, { budget = 1 }))
    eq(l1, { "attack a1 b1", "attack a2 b2", "end" }, "search with one node, seed " .. seed)
  end
  -- the same seed and budget, the same choices
  local a = runner_phase(policy_game(2), bot.make("search", 2, 1, { budget = 8 }))
  local b = runner_phase(policy_game(2), bot.make("search", 2, 1, { budget = 8 }))
  eq(a, b)
end)

test("search bot on a base policy: the base's moves are played as they are, unchecked (no node), its attacks checked", function()
  -- Henry II seed 1000004, the rules bots on both sides: the Mongols'
  -- first moves bring their horse archers within 2 hexes of the Poles
  -- (move HA-85 2409 NW at the 12th action), which search used to check
  -- against the Poles' reactions and decline; it now plays every line of
  -- the base that names no enemy, and spends no node on it
  local g = game { ruleset = "legnica", scenario = "henry-ii", seed = 1000004 }
  local rb, sb = make("rules", 1000004, 2), make("search", 1000004, 2)
  local moves, near = 0, 0
  local res, err = runner.play(g, { PL = make("rules", 1000004, 1), MO = {
    name = "check",
    propose = function(gg, side, tried)
      local l = rb.propose(gg, side, tried)
      local w = l and l:match("^(%S+)")
      if w == "move" then
        moves = moves + 1
        if l == "move HA-85 2409 NW" then near = near + 1 end
        eq(sb.propose(gg, side, tried), l, "search plays the base's move at action " .. gg.n)
      end
      return l
    end,
    answer = function(gg, req) return rb.answer(gg, req) end,
    choose = function(gg, side, legal) return rb.choose(gg, side, legal) end } }, { max_actions = 40 })
  eq(res, nil)
  ok(err:find("did not end within 40 actions", 1, true), "stopped at 40 actions, no bot failed: " .. tostring(err))
  ok(moves >= 10, "the Mongols' moves asked: " .. moves)
  eq(near, 1, "the move search used to decline was asked")
  -- its attacks are checked: the policy fixture's 1:2 attack is declined
  -- (the test above), with plays of the rules (nodes) spent on it
end)

test("bot modules: outcomes(line, side, policy) gives odds' outcomes from the plays' own changes, each play a node", function()
  local g = policy_game(4)
  local before, rolls = g:checksum(), g.dice:count()
  local path = temp_bot([[
local function flat(rep)
  local t = {}
  for _, o in ipairs(rep.outcomes) do
    local ks = {}
    for _, c in ipairs(o.changes) do ks[#ks + 1] = c.key .. "=" .. tostring(c.to) end
    t[#t + 1] = o.n .. "/" .. o.d .. " " .. table.concat(ks, ";")
  end
  return table.concat(t, " # ")
end
return { propose = function(side, tried)
  local t = {}
  for _, pol in ipairs { "first", "base" } do
    for _, l in ipairs { "attack a1 b1", "attack a2 b2" } do
      local a = odds(l, side, pol)
      local b0 = budget()
      local b = outcomes(l, side, pol)
      t[#t + 1] = tostring(flat(a) == flat(b)) .. ":" .. a.plays .. ":" .. b.plays .. ":" .. (b0 - budget())
      t[#t + 1] = flat(b)
    end
  end
  local r, rule = outcomes("attack b1 a1", side)
  t[#t + 1] = tostring(r) .. ":" .. tostring(rule)
  error("REPORT " .. table.concat(t, "|"), 0)
end, choose = function(side, legal) return legal[1] end, answer = function(req) return req.options[1] end }
]])
  local _, e = pcall(make(path, 4, 1).propose, g, "A", {})
  local rep = tostring(e):match("REPORT (.*)$")
  ok(rep, tostring(e))
  local f = {}
  for x in (rep .. "|"):gmatch("([^|]*)|") do f[#f + 1] = x end
  -- a1 on b1 at 1:2: a1 gone on 1-3, b1 loses 1 SP on 6 (one class each result)
  ok(f[1]:match("^true:3:3:3$"), "the same outcomes as odds, 3 plays, 3 nodes: " .. f[1])
  ok(f[3]:match("^true:"), f[3])
  ok(f[5]:match("^true:"), f[5])
  ok(f[7]:match("^true:"), f[7])
  ok(f[2]:find("1/2 a1.eliminated=true;vp.B=1", 1, true), f[2])
  ok(f[2]:find("1/6 a1.attacked=true;b1.sp=1;vp.A=1", 1, true), f[2])
  ok(f[8]:find("b2.hex=0209", 1, true) and not f[8]:find("0409", 1, true), "the base's retreat: " .. f[8])
  ok(f[4]:find("b2.hex=0409", 1, true), "the first option's retreat: " .. f[4])
  ok(f[9]:match("^nil:"), "a refused line: " .. f[9])
  eq(g:checksum(), before, "the game is unchanged")
  eq(g.dice:count(), rolls, "no roll of the game's dice")
end)

test("heuristic bot: a deployment (moves that cost nothing) ends; no unit goes back and forth (Kircholm, both sides heuristic)", function()
  -- the deploy phases of turn 11; before, the bot's leaders moved from
  -- troops to troops, units on the map were moved while the enemy had
  -- none to move toward, and strides that gained nothing scored 1/10:
  -- the positions repeated until the runner's limit
  local g = game_module.new { ruleset = ruleset.load("husaria"), scenario = "kircholm", seed = 3 }
  local seen, repeated, deploys, left = {}, 0, 0, nil
  -- (the game is played 400 actions at most: the runner stops it there)
  runner.play(g, { PL = make("heuristic", 3, 1), SW = make("heuristic", 3, 2) }, {
    max_actions = 400,
    on_action = function(gg, r)
      if left or r.status ~= "done" then return end
      local ph = gg:phase_info().name
      if not ph:find("deploy", 1, true) then left = ph return end
      deploys = deploys + 1
      local c = gg:checksum()
      if seen[c] then repeated = repeated + 1 end
      seen[c] = true
    end })
  eq(left, "A.artillery", "past both deployments within 400 actions")
  eq(repeated, 0, "no position of the deployment comes back")
  ok(deploys > 20 and deploys < 120, "each unit deployed about once: " .. deploys .. " deploy actions")
end)
