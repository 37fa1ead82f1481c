-- Bots.  A bot chooses among the legal action lines of its side and
-- answers decisions with one of the offered options.  Bots draw from
-- their own dice stream, never from the game's, so a bot's choices do
-- not change the game's rolls; the choices themselves are logged as
-- actions and decisions like anybody's.
--
-- Most bots are Lua modules (lua/bots/NAME.lua, or any file a user
-- names by its path), run as sandboxed rule code: see M.module.  Two
-- are engine code: `greedy` (plays candidates on copies of the game)
-- and `rules` (the ruleset's own bot module).
local util = require "engine.util"
local ruleset = require "engine.ruleset"

local sandbox = bitwa.sandbox
local M = {}

local BOT_STREAM = 0x626f74   -- "bot"

M.DIR = bitwa.home .. "/lua/bots"

-- The position in the game a bot's draws depend on: actions committed
-- and decisions taken in the action waiting for an answer.
local function position(g)
  local p = g.pending
  return g.n * 64 + (p and #p.decisions or 0)
end

-- ------------------------------------------------------------------ modules

--[[
A bot module is a Lua file returning a table of functions:

  choose(side, legal)      legal: the side's legal action lines (strings,
                           "end" among them) -> one of them
  propose(side, tried)     optional: a line without listing every legal
                           action first (nil: list them and choose); a
                           refused line is added to the set `tried`
                           (tried[line] = true) and it is asked again
  answer(request)          request = { side, kind, prompt, options }
                           -> one of request.options

It runs like rule code: in a sandboxed environment built by the game's
ruleset (base, string, table, math, utf8; `bitwa`, `rules`), under the
game's instruction budget and memory cap, and read-only: the game
refuses every change while a bot looks at it (`bitwa.unit(x).sp = 0`,
bitwa.set_var, bitwa.roll... fail with "a bot cannot change the game").
include(name) runs a library of lua/bots/lib (NAME.lua, code the bots
share) in the same environment and returns what it returns (once per
call).  Its own chance is rng(n) -> 1..n (and math.random, the same dice): an
unlogged draw from the bot's stream, seeded by a keyed hash of the
game's seed (bitwa.util.bot_seed: its draws reveal nothing of the game's
dice; so for every bot, the engine's too), the bot's side and the
position in the game.

The module is loaded afresh for every call (compiled once, each call a
new function in a new environment), so it keeps nothing from one call
to the next: what it does depends only on the position, the
seed and its side, and a game resumed from its log goes on exactly as
the uninterrupted one.
--]]

-- resolve(name_or_path) -> path, name | nil, message
-- A name is lua/bots/NAME.lua; anything ending in .lua is a path
-- (absolute, or relative to the working directory).
function M.resolve(spec)
  if type(spec) ~= "string" or spec == "" then return nil, "a bot name or a .lua path expected" end
  if spec:match("%.lua$") then
    if not util.exists(spec) then return nil, "bot file '" .. spec .. "' not found" end
    return spec, spec
  end
  if spec:match("^[%w_%-]+$") and util.exists(M.DIR .. "/" .. spec .. ".lua") then
    return M.DIR .. "/" .. spec .. ".lua", spec
  end
  return nil
end

-- Names of the bots: engine bots and lua/bots/*.lua.
function M.names()
  local names, seen = {}, {}
  for k in pairs(M.builtin) do names[#names + 1] = k; seen[k] = true end
  for _, f in ipairs(util.list_dir(M.DIR)) do
    local n = f:match("^([%w_%-]+)%.lua$")
    if n and not seen[n] then names[#names + 1] = n; seen[n] = true end
  end
  table.sort(names)
  return names
end

local READER = "a bot"

-- Run body(...) as read-only rule code on g under its budget and
-- memory cap: its results, or nil and the refusal when it refused;
-- any other failure is raised.
local function run_readonly(g, body, ...)
  local events, rolls = #g.state:events(), g.dice:count()
  local was = g.read_only
  g.read_only = READER
  sandbox.memory_cap(g.memory)
  local r = table.pack(pcall(g.query, g, body, ...))
  sandbox.memory_cap(nil)
  g.read_only = was
  if #g.state:events() ~= events or g.dice:count() ~= rolls then
    error("the bot changed the game", 0)       -- the read-only game refuses that first
  end
  if not r[1] then error(r[2], 0) end
  return table.unpack(r, 2, r.n)
end
M.run_readonly = run_readonly

-- A plain copy of a decision request for bot code.
local function request_copy(req)
  local options = {}
  for i, o in ipairs(req.options) do options[i] = o end
  return { side = req.side, kind = req.kind, prompt = req.prompt, options = options, min = req.min, max = req.max }
end

local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  if math.type(v) then return tostring(v) end
  return "a " .. type(v) .. " value"
end

-- ------------------------------------------------------------------ odds for bots

--[[
odds(line [, side]) in a bot module's environment: the exact outcomes of
playing `line` now (engine/odds.lua, decisions along the way answered by
their first option), as plain values:

  { plays = N, outcomes = { { p = P, changes = { { key = "NAME.field" |
    "NAME.eliminated" | "NAME.appears" | "VAR", from = V, to = V }... } }... } }

(p a float, outcomes in order of probability), or nil, rule, message
when the rules refuse the line, a decision is pending or the plays would
exceed what the bot has left.  Each play of the rules counts against
the bot's node budget for the call (`budget()` -> nodes left; the
`--bot-budget N` of run, sim and compare, M.DEFAULT_BUDGET without it);
when none is left odds gives nil, "budget".  The game is not changed:
the plays are made on copies, with forced dice, never the game's own.
--]]
M.DEFAULT_BUDGET = 64

local function plain_value(v)
  local t = type(v)
  if t == "string" or t == "boolean" or math.type(v) then return v end
  return nil
end

-- The ruleset's own bot module (rules.bot) when it has one: the base
-- policy a searching bot may stand on (base.propose, base.answer).
local function rules_bot(g)
  local ok, m = pcall(function() return g.rs.modules.bot end)
  if not ok or type(m) ~= "table" then return nil end
  local rawfield = ruleset.rawfield
  local propose, answer = rawfield(m, "propose"), rawfield(m, "answer")
  return { propose = type(propose) == "function" and propose or nil,
           answer = type(answer) == "function" and answer or nil }
end
M.rules_bot = rules_bot

-- Decisions inside odds' plays answered by the ruleset's bot (both sides),
-- its first option when the ruleset has none or its answer is not one.
local function base_policy(rb)
  local check = require("engine.game").check_answer
  return function(c, req)
    if rb and rb.answer then
      local ok, a = pcall(run_readonly, c, rb.answer, request_copy(req))
      if ok and type(a) == "string" and check(req, a) then return a end
    end
    return req.options[1]
  end
end

-- The arguments of odds() and outcomes(): nil and why when they are bad.
local function play_args(fname, side, line, policy, left)
  if type(line) ~= "string" then return nil, "", fname .. "(line): an action line expected" end
  if side ~= nil and type(side) ~= "string" then return nil, "", fname .. "(line, side): a side expected" end
  if policy ~= nil and policy ~= "first" and policy ~= "base" then
    return nil, "", fname .. "(line, side, policy): policy \"first\" or \"base\" expected"
  end
  if left <= 0 then return nil, "budget", "no nodes left" end
  return true
end

-- Plays of the rules on copies of g from inside a bot's call: g writable
-- for the copies, no memory cap, then the bot's read-only game, the rules
-- bound to it, its cap and its instruction budget as they were.
local function with_plays(g, fn, ...)
  local budget_left = sandbox.budget_left()
  local was, running = g.read_only, g.pending
  g.read_only = nil
  sandbox.memory_cap(nil)
  local r = table.pack(pcall(fn, ...))
  g.read_only = was
  g.rs.bind(g)
  sandbox.memory_cap(g.memory)
  sandbox.budget(budget_left)
  assert(g.pending == running)
  if not r[1] then error(r[2], 0) end
  return table.unpack(r, 2, r.n)
end

local function bot_odds(g, side, line, left, policy)
  local okargs, rule, message = play_args("odds", side, line, policy, left)
  if not okargs then return nil, rule, message end
  local odds = require "engine.odds"
  local oopts = { max_runs = left, soft = true }
  if policy == "base" then oopts.policy = base_policy(rules_bot(g)) end
  local rep, refusal = with_plays(g, odds.of_action, g, side, line, oopts)
  if not rep then return nil, refusal.rule or "", refusal.message or "refused" end
  local outs = {}
  for i, o in ipairs(rep.outcomes) do
    local ch = {}
    for _, c in ipairs(o.changes) do
      if not c.derived then ch[#ch + 1] = { key = c.key, from = plain_value(c.from), to = plain_value(c.to) } end
    end
    -- p as a number for reading; n / d the exact fraction (integers) for
    -- a bot that must not let floating point decide
    outs[i] = { p = o.p[1] / o.p[2], n = o.p[1], d = o.p[2], changes = ch }
  end
  return { plays = rep.runs, outcomes = outs }
end

--[[
outcomes(line, side, policy) (side and policy optional) in a bot module's environment: what
odds(line, side, policy) gives, computed from the changes each play
records (the events of its action) instead of comparing the whole
position before and after every play: some times cheaper on a large
battle.  The changes: { key = "NAME.field" | "NAME.eliminated" |
"NAME.appears" | "VAR", from =, to = } in the order the units were made
(each unit's fields by name), then the variables by name; a field set and
set back is no change; hexes as labels, facings as numbers.  The outcomes
in order of probability (exact ties by their changes).  Each play a node.
--]]
local function field_key(v)
  if v == nil then return "" end
  return type(v) .. ":" .. tostring(v)
end

-- The changes one play's events record, against the game g it was
-- copied from (c: the copy), and their text: the outcome's key.
local function play_changes(g, c, details, name_slot)
  -- each (unit, field)'s first `was` and last value; removed and spawned
  -- units; variables
  local first_was, last, gone, spawned, vars, ids = {}, {}, {}, {}, {}, {}
  local var_names = {}
  for _, e in ipairs(details or {}) do
    if e.kind == "set" and e.unit then
      local u = e.unit
      if not first_was[u] then first_was[u] = {}; last[u] = {}; ids[#ids + 1] = u end
      local a = e.attribute
      if first_was[u][a] == nil then first_was[u][a] = { e.was } end
      last[u][a] = { e.value }
    elseif e.kind == "remove" and e.unit then
      if not gone[e.unit] and not first_was[e.unit] then ids[#ids + 1] = e.unit; first_was[e.unit] = {}; last[e.unit] = {} end
      gone[e.unit] = true
    elseif e.kind == "spawn" and e.unit then
      if not first_was[e.unit] then ids[#ids + 1] = e.unit; first_was[e.unit] = {}; last[e.unit] = {} end
      spawned[e.unit] = true
    elseif e.kind == "var" then
      local k = e.attribute
      if vars[k] == nil then vars[k] = { e.was }; var_names[#var_names + 1] = k end
      vars[k][2] = e.value
    end
  end
  table.sort(ids)
  local ch, text = {}, {}
  for _, id in ipairs(ids) do
    local nm = g.state:alive(id) and g.state:get(id, name_slot) or c.state:get(id, name_slot)
    nm = tostring(nm or ("#" .. id))
    if spawned[id] and not g.state:alive(id) then
      ch[#ch + 1] = { key = nm .. ".appears", from = false, to = true }
    elseif gone[id] then
      ch[#ch + 1] = { key = nm .. ".eliminated", from = false, to = true }
    else
      local fields = {}
      for a in next, first_was[id] do fields[#fields + 1] = a end
      table.sort(fields)
      for _, a in ipairs(fields) do
        local from, to = first_was[id][a][1], last[id][a][1]
        if field_key(from) ~= field_key(to) then ch[#ch + 1] = { key = nm .. "." .. a, from = from, to = to } end
      end
    end
  end
  table.sort(var_names)
  local is_sealed_key = require("engine.api").is_sealed_key
  for _, k in ipairs(var_names) do
    local from, to = vars[k][1], vars[k][2]
    if k ~= "phase" and k ~= "turn" and not is_sealed_key(k) and field_key(from) ~= field_key(to) then
      ch[#ch + 1] = { key = k, from = plain_value(from), to = plain_value(to) }
    end
  end
  for i, x in ipairs(ch) do text[i] = x.key .. "=" .. field_key(x.to) end
  return ch, table.concat(text, ";")
end

local function bot_outcomes(g, side, line, left, policy_name)
  local okargs, rule, message = play_args("outcomes", side, line, policy_name, left)
  if not okargs then return nil, rule, message end
  if g.pending then return nil, "", "a decision is pending: outcomes are for a new action" end
  side = side or g:acting_side()
  if side == nil then return nil, "", "no side acts now" end
  local odds = require "engine.odds"
  return with_plays(g, function()
    local base = g:clone()
    base.explore = true
    base.want_details = true
    local name_slot
    for i, sl in ipairs(base.state:slots()) do if sl.name == "name" then name_slot = i end end
    local by_text, order, refusal = {}, {}, nil
    local function record(t, ch, p, refused)
      local o = by_text[t]
      if not o then o = { text = t, changes = ch, p = { 0, 1 }, refused = refused }; by_text[t] = o; order[#order + 1] = o end
      o.p = odds.fadd(o.p, p)
    end
    local details          -- the events of the copy playing now
    local function prepare(c)
      details = nil
      c.want_details = true
      c.on_commit = function(_, rec) details = rec.details end
    end
    local function leaf(c, r, dice, p)
      if r.status == "done" then
        local ch, t = play_changes(g, c, details, name_slot)
        record(t, ch, p)
      elseif r.status == "refused" then
        refusal = refusal or { rule = r.rule, message = r.message }
        record("refused", {}, p, true)
      else
        error("outcomes: the rules failed on dice " .. table.concat(dice, " ") .. ": " .. tostring(r.message), 0)
      end
    end
    local policy = policy_name == "base" and base_policy(rules_bot(g)) or nil
    local runs = odds.enumerate(base, side, line, { max_runs = left, soft = true, policy = policy, prepare = prepare }, leaf)
    if not runs then return nil, "budget", "more plays than the nodes left" end
    if #order == 1 and order[1].refused then return nil, refusal.rule or "", refusal.message or "refused" end
    odds.sort_outcomes(order)
    local outs = {}
    for i, o in ipairs(order) do
      outs[i] = { p = o.p[1] / o.p[2], n = o.p[1], d = o.p[2], changes = o.changes }
    end
    return { plays = runs, outcomes = outs }
  end)
end

-- module(path, seed, side_index [, name [, opts]]) -> bot | nil, message
-- opts.budget: the node budget of each call (odds plays), M.DEFAULT_BUDGET
function M.module(path, seed, side_index, name, opts)
  name = name or path
  local text, rerr = util.read_file(path)
  if not text then return nil, "bot '" .. name .. "': " .. tostring(rerr) end
  local rel = ruleset.relpath(path)
  local chunkname = "@" .. rel
  -- compiled now (its syntax errors before a game starts) and once: each
  -- call loads the compiled chunk afresh in its own environment
  local compiled, cerr = sandbox.compile(text, chunkname)
  if not compiled then return nil, "bot '" .. name .. "': " .. tostring(cerr) end
  local bot = { name = name, path = path, hash = bitwa.util.hash(text) }
  local last_pos, tries = nil, 0
  local lib_chunks = {}     -- include()'s libraries, read and compiled once per bot

  -- The bot's dice for this call, made at its first draw: a draw
  -- depends on the seed, the side, the position and how many calls
  -- already drew at this position (a refused line is asked again).
  local function dice_maker(g)
    local dice
    return function()
      if not dice then
        local pos = position(g)
        if last_pos == pos then tries = tries + 1 else tries = 0 end
        last_pos = pos
        dice = bitwa.dice.new(seed, BOT_STREAM + side_index * 1000003 + pos * 7919 + tries)
      end
      return dice
    end
  end

  -- Call the module's function `fname` with the arguments; nil when the
  -- module has no such function and `optional`.
  local function call(g, fname, optional, ...)
    local dice = dice_maker(g)
    local function rng(n)
      local k = math.tointeger(n)
      if not k or k < 1 then error("rng(n): a positive integer expected, got " .. show(n), 2) end
      return dice():uniform(k)
    end
    -- the call's node budget: plays of the rules through odds()
    local left = (opts and opts.budget) or M.DEFAULT_BUDGET
    local function outcomes_fn(line, side, policy)
      local rep, rule, message = bot_outcomes(g, side, line, left, policy)
      if rep then left = left - rep.plays end
      return rep, rule, message
    end
    local function odds_fn(line, side, policy)
      local rep, rule, message = bot_odds(g, side, line, left, policy)
      if rep then left = left - rep.plays end
      return rep, rule, message
    end
    -- base: the ruleset's own bot (false when it has none), each call one
    -- node, run under a budget of its own as the rules bot is
    local base = false
    local rb = rules_bot(g)
    if rb and rb.propose and rb.answer then
      local function nested(fn, ...)
        if left <= 0 then return nil, "budget" end
        left = left - 1
        local budget_left = sandbox.budget_left()
        local r = table.pack(pcall(g.query, g, fn, ...))
        sandbox.budget(budget_left)
        sandbox.memory_cap(g.memory)
        if not r[1] then error(r[2], 0) end
        return table.unpack(r, 2, r.n)
      end
      base = {
        propose = function(side, tried)
          if type(side) ~= "string" then error("base.propose(side, tried): a side expected", 2) end
          local copy = {}
          if type(tried) == "table" then
            for k, v in next, tried do
              if type(k) == "string" and v then copy[k] = true end
            end
          end
          local line, why = nested(rb.propose, side, copy)
          if line == nil then return nil, why end
          if type(line) ~= "string" then return nil end
          return line
        end,
        answer = function(req)
          if type(req) ~= "table" or type(req.options) ~= "table" then
            error("base.answer(request): a decision request expected", 2)
          end
          local a, why = nested(rb.answer, request_copy(req))
          if a == nil then return nil, why end
          if type(a) ~= "string" then return nil end
          return a
        end,
      }
    end
    local env
    -- include(name): a library of lua/bots/lib (NAME.lua) run in the
    -- same environment (its rng, odds and budget), once per call
    local included = {}
    local function include(lib)
      if type(lib) ~= "string" or not lib:match("^[%w_]+$") then
        error("include(name): a library name (letters, digits, _) expected, got " .. show(lib), 2)
      end
      if included[lib] ~= nil then return included[lib] end
      local lname = "@lua/bots/lib/" .. lib .. ".lua"
      local lc = lib_chunks[lib]
      if lc == nil then
        local ltext = util.read_file(M.DIR .. "/lib/" .. lib .. ".lua")
        local cerr2
        if ltext then lc, cerr2 = sandbox.compile(ltext, lname) else lc = false end
        if ltext and not lc then error(cerr2, 0) end
        lib_chunks[lib] = lc
      end
      if not lc then error("include: no bot library '" .. lib .. "' in lua/bots/lib", 2) end
      local lchunk, lerr = sandbox.load(lc, lname, env)
      if not lchunk then error(lerr, 0) end
      local v = lchunk()
      if v == nil then v = true end
      included[lib] = v
      return v
    end
    env = g.rs.make_env { rng = rng, odds = odds_fn, budget = function() return left end,
                          words = util.words, include = include, base = base,
                          outcomes = outcomes_fn }
    env.math.random = function(m, n)
      if m == nil then error("math.random(): a bot draws integers: math.random(n) or rng(n)", 2) end
      if n == nil then m, n = 1, m end
      m, n = math.tointeger(m), math.tointeger(n)
      if not (m and n) or n < m then error("math.random(m, n): integers m <= n expected", 2) end
      return m - 1 + dice():uniform(n - m + 1)
    end
    local f = assert(sandbox.load(compiled, chunkname, env))
    local function body(...)
      local m = f()
      if type(m) ~= "table" then error(rel .. ": a bot module must return a table", 0) end
      local fn = m[fname]
      if fn == nil and optional then return nil end
      if type(fn) ~= "function" then error(rel .. ": the bot module has no function '" .. fname .. "'", 0) end
      return fn(...)
    end
    local ok, v, refusal = pcall(run_readonly, g, body, ...)
    if not ok then error("bot '" .. name .. "': " .. tostring(v), 0) end
    if v == nil and refusal ~= nil then error("bot '" .. name .. "': refused: " .. tostring(refusal), 0) end
    return v
  end

  function bot.propose(g, side, tried)
    local copy = {}
    for _, k in ipairs(util.sorted_keys(tried or {})) do copy[k] = true end
    local line = call(g, "propose", true, side, copy)
    if line ~= nil and type(line) ~= "string" then
      error("bot '" .. name .. "': propose returned " .. show(line) .. ", not an action line or nil", 0)
    end
    return line
  end

  function bot.choose(g, side, legal)
    local lines, ok = {}, {}
    for i, a in ipairs(legal) do lines[i] = a.line; ok[a.line] = true end
    local line = call(g, "choose", false, side, lines)
    if not ok[line] then
      error("bot '" .. name .. "': choose returned " .. show(line) ..
        ", not one of the " .. #lines .. " legal actions of side " .. tostring(side), 0)
    end
    return line
  end

  function bot.answer(g, req)
    local a = call(g, "answer", false, request_copy(req))
    if type(a) == "string" and require("engine.game").check_answer(req, a) then return a end
    error("bot '" .. name .. "': answer returned " .. show(a) .. ", not one of: " ..
      table.concat(req.options, ", "), 0)
  end
  return bot
end

-- random (lua/bots/random.lua): uniform among legal actions, but ends a
-- phase only one time in five while something else is possible.
-- (seed: the game's; the bot draws from its keyed hash, as all bots)
function M.random(seed, side_index)
  return assert(M.make("random", seed, side_index))
end

-- ------------------------------------------------------------------ greedy

-- greedy: plays each candidate action on a copy of the game, answers the
-- decisions it raises, scores the position it leads to, and plays the
-- best; it ends a phase when nothing scores better than ending it.
--
-- The copy rolls its own dice (drawn from the bot's stream), never the
-- game's, so the bot cannot see the rolls to come; an action that rolls
-- is scored as the mean of a few samples.  Like the random bot it keeps
-- no state between moves: every draw depends on the seed, its side and
-- the position in the game.
local GREEDY_STREAM = 0x67726479   -- "grdy"
M.GREEDY_CANDIDATES = 40
M.GREEDY_SAMPLES = 6
M.GREEDY_ATTACK_BONUS = 1
M.GREEDY_CONTACT = 3
M.GREEDY_WIN = 100000

local roles = require "engine.roles"

-- The default score of g's position for side (higher is better):
-- strength on the map and VP, closeness to the enemy, and contact: a unit
-- with an enemy in its front area gains, one in an enemy's front area
-- loses, each by the share of the SP of the two units.
function M.default_score(g, side)
  local st, slot = g.state, g.slot
  local r = g:result()
  if r then
    if r.winner == side then return M.GREEDY_WIN end
    if r.winner ~= "" then return -M.GREEDY_WIN end
  end
  local own_sp, enemy_sp = 0, 0
  local own, enemies = {}, {}
  local ro = roles.of(g)
  local sp_slot = slot[ro.strength]
  for id = 1, st:max_id() do
    if st:alive(id) then
      local h = st:get(id, slot.hex)
      if h and g.map:contains(h) then
        local s = st:get(id, slot.side)
        local kind = st:get(id, slot.kind)
        local sp = sp_slot and not ro.marker[kind] and st:get(id, sp_slot) or 0
        if type(sp) ~= "number" then sp = 0 end
        local u = { hex = h, facing = st:get(id, slot.facing), sp = sp }
        if s == side then
          own_sp = own_sp + sp
          if roles.is_field(ro, kind) then own[#own + 1] = u end
        else
          enemy_sp = enemy_sp + sp
          if roles.is_field(ro, kind) then enemies[#enemies + 1] = u end
        end
      end
    end
  end
  local vp_own, vp_enemy = 0, 0
  for _, s in ipairs(g.sides) do
    local v = st:var("vp." .. s)
    if type(v) == "number" then
      if s == side then vp_own = vp_own + v else vp_enemy = vp_enemy + v end
    end
  end
  local score = (own_sp - enemy_sp) * 10 + (vp_own - vp_enemy) * 5
  local map = g.map
  local function faces(a, b)
    return a.facing ~= nil and a.facing >= 0 and map:in_front(a.hex, a.facing, b.hex)
  end
  for _, o in ipairs(own) do
    local best = math.huge
    for _, e in ipairs(enemies) do
      local d = map:distance(o.hex, e.hex)
      if d < best then best = d end
      if d == 1 then
        local share = (o.sp + e.sp) > 0 and 1 / (o.sp + e.sp) or 0
        if faces(o, e) then score = score + M.GREEDY_CONTACT * o.sp * share end
        if faces(e, o) then score = score - M.GREEDY_CONTACT * e.sp * share end
      end
    end
    if best < math.huge then score = score - best end
  end
  return score
end

-- score(g, side): the ruleset's own evaluation when it has one
-- (a module `bot` with evaluate(side), run as a query), else the default.
function M.score(g, side)
  local mods = g.rs and g.rs.modules
  local ok, bm = pcall(function() return mods and mods.bot end)
  if ok and type(bm) == "table" then
    local ok2, ev = pcall(function() return require("engine.ruleset").rawfield(bm, "evaluate") end)
    if ok2 and type(ev) == "function" then
      local v = g:query(ev, side)
      -- scores are integers (a fractional one is floored): no floating
      -- point reaches a choice
      if math.type(v) == "integer" then return v end
      if math.type(v) == "float" and v == v and v > math.mininteger and v < math.maxinteger then
        return math.floor(v)
      end
    end
  end
  return M.default_score(g, side)
end

-- Compare two means kept as { total, n } (n > 0) exactly: -1, 0 or 1.
local function cmp_mean(a, b)
  local x, y = a[1] * b[2], b[1] * a[2]
  return x < y and -1 or (x > y and 1 or 0)
end

function M.greedy(seed, side_index)
  seed = bitwa.util.bot_seed(seed)      -- never the game's seed itself
  local bot = { name = "greedy" }
  local tries = 0
  local function position(g)
    local p = g.pending
    return g.n * 64 + (p and #p.decisions or 0)
  end
  local function dice_for(g, salt)
    local pos = position(g)
    if bot.last_pos ~= pos then tries = 0 end
    return bitwa.dice.new(seed, GREEDY_STREAM + side_index * 1000003 + pos * 7919 + tries * 104729 + salt)
  end
  local function pick(g, n, salt)
    return dice_for(g, salt or 0):uniform(math.max(n, 1))
  end

  -- The simple policy for decisions inside a copy: "pass" half the time
  -- when offered, else any option.
  local function quick_answer(c, req, salt)
    local opts = req.options
    if #opts == 1 then return opts[1] end
    local d = bitwa.dice.new(seed, GREEDY_STREAM + 77 + side_index * 1000003 + position(c) * 7919 + salt)
    for _, o in ipairs(opts) do
      if o == "pass" and d:uniform(2) == 1 then return o end
    end
    return opts[d:uniform(#opts)]
  end

  -- Run c (stopped at a decision, or just acted) to the end of its
  -- action; nil when the action is refused or fails.
  local function finish(c, r, salt)
    local guard = 0
    while r.status == "decision" do
      guard = guard + 1
      if guard > 200 then return nil end
      r = c:answer(quick_answer(c, r.request, salt + guard))
    end
    if r.status ~= "done" then return nil end
    return r
  end

  -- The score of playing `line` now (nil when it is refused).
  local function evaluate(g, side, line, ci)
    local total, n = 0, 0
    for k = 1, M.GREEDY_SAMPLES do
      local c = g:clone()
      -- the same samples for every candidate: compared on equal luck
      c.dice = bitwa.dice.new(seed, GREEDY_STREAM + 31 + side_index * 1000003 + position(g) * 7919 + k)
      local r = finish(c, c:act(side, line), ci * 131 + k)
      if not r then return nil end
      total, n = total + M.score(c, side), n + 1
      if #r.rolls == 0 then break end      -- nothing left to chance
    end
    return { total, n }                   -- the mean total / n, kept exact
  end

  function bot.choose(g, side, legal)
    local pos = position(g)
    if bot.last_pos == pos then tries = tries + 1 else tries = 0 end
    bot.last_pos = pos
    -- the candidates: "end", the attacks, then others in a seeded order
    local first, rest, has_end = {}, {}, false
    for _, a in ipairs(legal) do
      if a.line == "end" then has_end = true
      elseif a.line:match("^attack[%s]") or a.line == "attack" then first[#first + 1] = a.line
      else rest[#rest + 1] = a.line end
    end
    if #first + #rest == 0 then return "end" end
    local cap = M.GREEDY_CANDIDATES
    local cands = {}
    for _, l in ipairs(first) do if #cands < cap then cands[#cands + 1] = l end end
    if #cands + #rest > cap then
      local d = dice_for(g, 1)
      for i = #rest, 2, -1 do
        local j = d:uniform(i)
        rest[i], rest[j] = rest[j], rest[i]
      end
    end
    for _, l in ipairs(rest) do if #cands < cap then cands[#cands + 1] = l end end
    -- score them; ending the phase is the baseline
    local base
    if has_end then base = evaluate(g, side, "end", 0) end
    local best, best_lines = nil, {}
    for ci, line in ipairs(cands) do
      local v = evaluate(g, side, line, ci)
      if v then
        if line:match("^attack") then v = { v[1] + M.GREEDY_ATTACK_BONUS * v[2], v[2] } end
        local c = best and cmp_mean(v, best)
        if best == nil or c > 0 then best, best_lines = v, { line }
        elseif c == 0 then best_lines[#best_lines + 1] = line end
      end
    end
    if #best_lines == 0 then return has_end and "end" or cands[1] end
    if base and cmp_mean(best, base) <= 0 then return "end" end
    if #best_lines == 1 then return best_lines[1] end
    return best_lines[(pick(g, #best_lines, 2) - 1) % #best_lines + 1]
  end

  -- A decision: replay the waiting action from its start on a copy, give
  -- each option in turn and score where it leads; when the action cannot
  -- be replayed to the same question, the simple policy.
  function bot.answer(g, req)
    local opts = req.options
    if #opts == 1 then return opts[1] end
    local p = g.pending
    local salt = 1000 + (p and #p.decisions or 0)
    if not (p and g.snapshot and p.action and p.action.side) then return quick_answer(g, req, salt) end
    local best, best_opts = nil, {}
    for oi, o in ipairs(opts) do
      local total, n = 0, 0
      for k = 1, M.GREEDY_SAMPLES do
        local c = g:clone()
        c.state = g.snapshot.state:clone()
        c.dice = g.snapshot.dice:clone()
        local r = c:act(p.action.side, p.action.line)
        for _, d in ipairs(p.decisions) do
          if r.status ~= "decision" then break end
          r = c:answer(d.answer)
        end
        local q = r.status == "decision" and r.request
        if not q or q.kind ~= req.kind or table.concat(q.options, "\0") ~= table.concat(opts, "\0") then
          return quick_answer(g, req, salt)
        end
        -- from here on the copy rolls the bot's dice, not the game's
        c.dice = bitwa.dice.new(seed, GREEDY_STREAM + 53 + side_index * 1000003 + position(g) * 7919 + k)
        r = finish(c, c:answer(o), oi * 131 + k)
        if r then
          total, n = total + M.score(c, req.side), n + 1
          if #r.rolls == 0 then break end
        else
          break
        end
      end
      if n > 0 then
        local v = { total, n }
        local c = best and cmp_mean(v, best)
        if best == nil or c > 0 then best, best_opts = v, { o }
        elseif c == 0 then best_opts[#best_opts + 1] = o end
      end
    end
    if #best_opts == 0 then return quick_answer(g, req, salt) end
    if #best_opts == 1 then return best_opts[1] end
    return best_opts[(pick(g, #best_opts, 3) - 1) % #best_opts + 1]
  end
  return bot
end

-- ------------------------------------------------------------------ rules

-- rules: the ruleset's own bot module (rules.bot), run as read-only rule
-- code: propose(side, tried) -> an action line or nil (the runner tries
-- it without listing every legal action first; a refused line is added
-- to `tried` and it is asked again), answer(request) -> an option.  A
-- ruleset without a bot module gets the random bot.
function M.rules(seed, side_index)
  local fallback = M.random(seed, side_index)
  local bot = { name = "rules" }
  local function module(g)
    local ok, m = pcall(function() return g.rs.modules.bot end)
    return ok and m or nil
  end
  function bot.propose(g, side, tried)
    local m = module(g)
    local propose = require("engine.ruleset").rawfield(m, "propose")
    if type(propose) ~= "function" then return nil end
    local copy = {}
    for _, k in ipairs(util.sorted_keys(tried)) do copy[k] = true end
    return run_readonly(g, propose, side, copy)
  end
  function bot.choose(g, side, legal)
    return fallback.choose(g, side, legal)
  end
  function bot.answer(g, req)
    local m = module(g)
    local answer = require("engine.ruleset").rawfield(m, "answer")
    if type(answer) == "function" then
      local a = run_readonly(g, answer, request_copy(req))
      if type(a) == "string" and require("engine.game").check_answer(req, a) then return a end
    end
    return fallback.answer(g, req)
  end
  return bot
end

M.builtin = { greedy = M.greedy, rules = M.rules }

-- make(name_or_path, seed, side_index [, opts]) -> bot | nil, message
-- (opts.budget: a module bot's node budget per call)
-- An engine bot by its name, a module bot by its name (lua/bots/NAME.lua)
-- or by the path of its file (ending in .lua).
function M.make(name, seed, side_index, opts)
  local f = M.builtin[name]
  if f then return f(seed, side_index) end
  local path, shown = M.resolve(name)
  if not path then
    if shown then return nil, shown end
    return nil, "no bot named '" .. tostring(name) .. "' (bots: " .. table.concat(M.names(), ", ") ..
      "; or the path of a bot module, FILE.lua)"
  end
  -- every bot (the engine's own too) draws from a keyed hash of the
  -- game's seed, never from the seed itself: its draws reveal nothing of
  -- the game's stream
  return M.module(path, bitwa.util.bot_seed(seed), side_index, shown, opts)
end

return M
