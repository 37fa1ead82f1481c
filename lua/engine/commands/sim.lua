-- Playtesting: `sim` plays many seeded games with bots and summarises
-- them; `sim-merge` joins the result files of a run split into shards;
-- `compare` plays the same seeds under two variants and pairs the games.
--
-- Game i (1-based) of a run with --seed S plays with seed S*1000003 + i
-- (integer arithmetic, wrapping like every Lua integer), so any game of
-- a run can be replayed alone: `bitwa run R/S --seed <that seed>` with
-- the same bots.  The games are independent: a run split over worker
-- processes (--jobs) or machines (--shard) gives exactly the games of
-- the run played in one process, and the summary is computed from them
-- in game order.
local util = require "engine.util"
local json = require "engine.json"
local stats = require "engine.stats"

local FORMAT = "bitwa-sim 1"
local SEED_STRIDE = 1000003
local RECORD = "@game "          -- a worker's line for one game

local function seed_for(base, i) return base * SEED_STRIDE + i end

-- ------------------------------------------------------------------ JSON

-- Floats are written with at most 4 decimals: the reports carry
-- estimates, not exact values.
local function fmt_float(x)
  local s = string.format("%.4f", x):gsub("0+$", ""):gsub("%.$", "")
  if s == "-0" then s = "0" end
  return s
end

local function encode(v, opts)
  local floats = {}
  local function walk(x)
    if math.type(x) == "float" then
      floats[#floats + 1] = fmt_float(x)
      return "\1" .. #floats
    end
    if type(x) ~= "table" or x == json.null or x == json.empty_array then return x end
    local c = {}
    for k, y in next, x do c[k] = walk(y) end
    return setmetatable(c, debug.getmetatable(x))
  end
  local text = json.encode(walk(v), opts)
  return (text:gsub('"\\u0001(%d+)"', function(i) return floats[tonumber(i)] end))
end

local function arr(t) return json.array(t or {}) end

-- ------------------------------------------------------------------ helpers

local function shell_quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

local function first_line(msg)
  return (tostring(msg):match("^[^\n]*"))
end

local function int_arg(lib, s, what, min)
  local n = math.tointeger(tonumber(s or ""))
  if not n or n < (min or 1) then lib.bad(what .. ": an integer of at least " .. (min or 1) .. " expected, got '" .. tostring(s) .. "'") end
  return n
end

-- "K/N" -> k, n with 1 <= k <= n
local function fraction_arg(lib, s, what)
  local k, n = tostring(s):match("^(%d+)/(%d+)$")
  k, n = math.tointeger(tonumber(k or "")), math.tointeger(tonumber(n or ""))
  if not k or not n or n < 1 or k < 1 or k > n then
    lib.bad(what .. ": K/N with 1 <= K <= N expected, got '" .. tostring(s) .. "'")
  end
  return k, n
end

-- The game indices of a run of n games, limited to shard k of m.
local function indices(n, shard)
  local out = {}
  for i = 1, n do
    if not shard or (i - shard.k) % shard.n == 0 then out[#out + 1] = i end
  end
  return out
end

-- The path of this bitwa executable, for worker processes.
local function executable()
  if bitwa.exe and bitwa.exe ~= "" then return bitwa.exe end
  return "bitwa"
end

-- ------------------------------------------------------------------ progress

local function progress_bar(label, total)
  if os.getenv("BITWA_NO_PROGRESS") or total < 1 then return function() end, function() end end
  if not bitwa.util.isatty(2) then return function() end, function() end end
  local start = os.time()
  local shown = false
  local function update(done)
    local width = 30
    local fill = math.floor(width * done / total)
    local el = os.time() - start
    -- os.time counts whole seconds: no estimate before two have passed
    local eta = done > 0 and el >= 2 and math.floor(el * (total - done) / done + 0.5) or nil
    -- (the bar's own carriage returns: written as they are, the label
    -- escaped as any other text for the terminal)
    util.raw_write(io.stderr, string.format("\r%s %d/%d [%s%s] %3d%% %ds%s ", util.for_terminal(label), done, total,
      string.rep("#", fill), string.rep("-", width - fill), math.floor(100 * done / total), el,
      eta and done < total and (", about " .. eta .. "s left") or "             "))
    io.stderr:flush()
    shown = true
  end
  local function clear()
    if shown then util.raw_write(io.stderr, "\r" .. string.rep(" ", 78) .. "\r") io.stderr:flush() end
  end
  return update, clear
end

-- ------------------------------------------------------------------ a run

--[[
A run's configuration (what a result file records and sim-merge compares):
{ ruleset, scenario, overlays = {ids}, options = {k = "v"}, bots =
"SIDE=BOT,...", seed, n, max_actions }
--]]
local function target_of(cfg)
  if cfg.scenario:match("%.lua$") then return cfg.scenario end
  return cfg.ruleset .. "/" .. cfg.scenario
end

local function variant_name(cfg)
  local parts = { cfg.ruleset }
  for _, o in ipairs(cfg.overlays) do
    local rs, name = o:match("^([^/]+)/(.+)$")
    parts[#parts + 1] = rs == cfg.ruleset and name or o
  end
  local s = table.concat(parts, "+")
  for _, k in ipairs(util.sorted_keys(cfg.options)) do s = s .. " " .. k .. "=" .. cfg.options[k] end
  return s
end

-- "A,B" (one bot per side, in the scenario's order), "NAME" (every side)
-- or "SIDE=BOT,..." (the sides not named play `rules`) -> "S1=..,S2=.."
local function normalize_bots(lib, spec, sides)
  local names = {}
  for _, s in ipairs(sides) do names[s] = "rules" end
  spec = spec or ""
  local parts = {}
  for p in spec:gmatch("[^,]+") do parts[#parts + 1] = util.trim(p) end
  if spec:find("=") then
    local known = {}
    for _, s in ipairs(sides) do known[s] = true end
    for _, p in ipairs(parts) do
      local side, name = p:match("^([%w_]+)=(.+)$")
      if not side then lib.bad("--bots: SIDE=BOT[,SIDE=BOT] or BOT,BOT expected, got '" .. p .. "'") end
      if not known[side] then lib.bad("--bots: no side '" .. side .. "' (sides: " .. table.concat(sides, ", ") .. ")") end
      names[side] = name
    end
  elseif #parts == 1 then
    for _, s in ipairs(sides) do names[s] = parts[1] end
  elseif #parts > 0 then
    if #parts ~= #sides then
      lib.bad("--bots: " .. #sides .. " bots expected, one per side (" .. table.concat(sides, ", ") .. "), got '" .. spec .. "'")
    end
    for i, s in ipairs(sides) do names[s] = parts[i] end
  end
  local botmod = require "engine.bot"
  local out = {}
  for i, s in ipairs(sides) do
    local b, err = botmod.make(names[s], 1, i)
    if not b then lib.bad("--bots: " .. err) end
    out[#out + 1] = s .. "=" .. names[s]
  end
  return table.concat(out, ",")
end

-- Load the ruleset and build a first game: bad input stops here, before
-- any game is played.  Returns { rs, sides, title, slots }.
local function prepare(lib, cfg, bots_spec)
  local ruleset = require "engine.ruleset"
  local ok, rs = pcall(ruleset.load, cfg.ruleset, { overlays = cfg.overlays })
  if not ok then lib.bad(tostring(rs)) end
  local ok2, g = pcall(lib.engine().new, { ruleset = rs, scenario = cfg.scenario, seed = seed_for(cfg.seed, 1),
                                           options = cfg.options })
  if not ok2 then lib.bad(type(g) == "table" and tostring(g.message) or tostring(g)) end
  local prep = { rs = rs, sides = {}, title = g.scenario.title or "" }
  for i, s in ipairs(g.sides) do prep.sides[i] = s end
  g:close()
  cfg.bots = normalize_bots(lib, bots_spec or "", prep.sides)
  return prep
end

-- The units of g by id: side, kind, and the strength (the ruleset's
-- roles.strength, "sp" by default) and captured attributes when the
-- ruleset declares them.  Markers (roles.markers) are not units; the
-- kinds of roles.leaders are counted as "leader".
local function census(g)
  local st, slot = g.state, g.slot
  local roles = require("engine.roles").of(g)
  local sp_slot = slot[roles.strength]
  local out = {}
  for id = 1, st:max_id() do
    local kind = st:alive(id) and st:get(id, slot.kind)
    if kind and not roles.marker[kind] then
      local u = { side = st:get(id, slot.side), kind = roles.leader[kind] and "leader" or kind }
      if sp_slot then
        local sp = st:get(id, sp_slot)
        u.sp = math.type(sp) == "integer" and sp or 0
      end
      if slot.captured then u.captured = st:get(id, slot.captured) == true end
      out[id] = u
    end
  end
  return out
end

local function bump(t, side, kind, n)
  t[side] = t[side] or {}
  t[side][kind] = (t[side][kind] or 0) + (n or 1)
end

-- ------------------------------------------------------------------ counts

--[[
What a game's log says of the actions played (the setup, action 0, is
not counted), counted (a record's `counts`, name -> n):
  note, spawn, remove, set, var   the events of each kind
  set:ATTR                        the changes of unit attribute ATTR
  roll, decision, refused         the rolls, the decisions answered, the
                                  bots' proposed lines the rules refused
  decision:KIND                   the decisions of a request kind
  roll:RULE                       the rolls whose rule (the log's `rule`
                                  column: "5.1.1 g") is RULE
  note:RULE                       the notes citing RULE in parentheses
                                  ("... is killed (8.2.6, 8.2.7)": once
                                  for each rule a note cites)
  refused:RULE                    the proposed lines refused citing RULE
  note~PATTERN                    the notes whose text matches the Lua
                                  pattern (counted only when asked for
                                  in the run: `queries` of count_action)
--]]
local function cited_rules(text)
  local out, seen = {}, {}
  for par in text:gmatch("%b()") do
    for n in par:gmatch("%d+%.%d+[%.%d]*") do
      n = n:gsub("%.$", "")
      if not seen[n] then seen[n] = true; out[#out + 1] = n end
    end
  end
  return out
end

local function tally(counts, key, n)
  counts[key] = (counts[key] or 0) + (n or 1)
end

-- Count one committed action ({ details, rolls, decisions }); patterns:
-- the note~PATTERN queries of the run (their Lua patterns).
local function count_action(counts, rec, patterns)
  for _, e in ipairs(rec.details or {}) do
    tally(counts, e.kind)
    if e.kind == "set" and e.attribute ~= "" then tally(counts, "set:" .. e.attribute)
    elseif e.kind == "note" then
      local text = type(e.text) == "string" and e.text or ""
      for _, r in ipairs(cited_rules(text)) do tally(counts, "note:" .. r) end
      for _, p in ipairs(patterns or {}) do
        if text:find(p) then tally(counts, "note~" .. p) end
      end
    end
  end
  for _, r in ipairs(rec.rolls or {}) do
    tally(counts, "roll")
    if r.rule and r.rule ~= "" then tally(counts, "roll:" .. r.rule) end
  end
  for _, d in ipairs(rec.decisions or {}) do
    tally(counts, "decision")
    if d.kind then tally(counts, "decision:" .. tostring(d.kind)) end
  end
end

-- Whether a rule as logged ("8.2.7", "5.1.1 g") is the rule asked for
-- or one of its parts: "8.2" matches "8.2.7" and "8.2", not "8.21".
local function rule_matches(rule, asked)
  if rule == asked then return true end
  if rule:sub(1, #asked) ~= asked then return false end
  return not rule:sub(#asked + 1, #asked + 1):match("%d")
end

local RULE_SOURCES = { roll = true, note = true, refused = true }

-- The value of a count query in one game's counts: a name of the list
-- above, SOURCE:RULE (roll, note, refused; the rule or its parts), or a
-- bare RULE (rolls, notes and refusals citing it, each once).
local function count_of(counts, q)
  if counts == nil then return 0 end
  if q:match("^note~") then return counts[q] or 0 end
  local source, rest = q:match("^(%a+):(.+)$")
  local rule = (source and RULE_SOURCES[source] and rest:match("^%d")) and rest
    or (not source and q:match("^%d") and q) or nil
  if not rule then return counts[q] or 0 end
  local n = 0
  for key, v in next, counts do
    local ks, kr = key:match("^(%a+):(.+)$")
    if ks and RULE_SOURCES[ks] and (source == nil or ks == source) and rule_matches(kr, rule) then
      n = n + v
    end
  end
  return n
end

--[[
One game: a record { i, seed, winner, level, vp = {side = n}, turns,
actions, units = {side = {kind = n}} (at setup), lost = {side = {kind =
n}} (units of the setup gone at the end), sp_lost = {side = n} (when the
ruleset has an sp attribute), captured = {side = n} (when it has a
captured attribute: that side's units captured at the end), counts =
{name = n} (see count_action) }, or
{ i, seed, error = message }.
--]]
local function play_one(lib, cfg, prep, i, keep)
  local runner = require "engine.runner"
  local seed = seed_for(cfg.seed, i)
  local rec = { i = i, seed = seed }
  local g
  local ok, err = pcall(function()
    -- the events' details (what the counts read) are made only for a run
    -- that counts or keeps its records
    g = lib.engine().new { ruleset = prep.rs, scenario = cfg.scenario, seed = seed, options = cfg.options,
                           log = keep and (keep .. "/game-" .. i .. ".bitwa") or nil, durability = "normal",
                           want_details = cfg.details or false }
    local before = census(g)
    local bots = lib.make_bots(cfg.bots, seed, g.sides, cfg.bot_budget)
    local counts = {}
    -- every action committed from here (not the setup; copies made by
    -- bots do not call it)
    local patterns = {}
    for _, p in ipairs(cfg.patterns or {}) do patterns[#patterns + 1] = p end
    g.on_commit = function(_, committed) count_action(counts, committed, patterns) end
    local result, perr = runner.play(g, bots, { max_actions = cfg.max_actions })
    if not result then error(perr, 0) end
    tally(counts, "refused", 0)
    for rule, n in next, perr.refused_by or {} do
      tally(counts, "refused", n)
      if rule ~= "" then tally(counts, "refused:" .. rule, n) end
    end
    rec.counts = counts
    -- the bots' proposals the game refused, and the actions for which a
    -- proposing bot fell back on choosing from the legal actions
    rec.refused, rec.fallbacks = perr.refused, perr.fallbacks
    local after = census(g)
    rec.winner, rec.level = result.winner, result.level
    rec.vp = {}
    for _, s in ipairs(g.sides) do rec.vp[s] = math.tointeger(result.vp[s]) or 0 end
    rec.turns, rec.actions = g:turn(), g.n
    rec.units, rec.lost = {}, {}
    local sp_lost = g.slot[require("engine.roles").of(g).strength] and {} or nil
    local captured = g.slot.captured and {} or nil
    for _, s in ipairs(g.sides) do
      rec.units[s], rec.lost[s] = {}, {}
      if sp_lost then sp_lost[s] = 0 end
      if captured then captured[s] = 0 end
    end
    for id, u in pairs(before) do
      bump(rec.units, u.side, u.kind)
      local now = after[id]
      if not now then bump(rec.lost, u.side, u.kind) end
      if sp_lost and sp_lost[u.side] then sp_lost[u.side] = sp_lost[u.side] + u.sp - (now and now.sp or 0) end
    end
    if captured then
      for _, u in pairs(after) do
        if u.captured and captured[u.side] then captured[u.side] = captured[u.side] + 1 end
      end
    end
    rec.sp_lost, rec.captured = sp_lost, captured
    if sp_lost then rec.strength = require("engine.roles").of(g).label end
  end)
  if g then g:close() end
  if not ok then
    rec = { i = i, seed = seed,
            error = first_line(type(err) == "table" and (err.message or tostring(err)) or err) }
  end
  return rec
end

-- The command line of a worker that plays part of the run.
local function worker_command(cfg, shard, keep, j, jobs)
  local a = { executable(), "sim", target_of(cfg), "--ruleset", cfg.ruleset, "-n", cfg.n, "--seed", cfg.seed, "--bots", cfg.bots,
              "--max-actions", cfg.max_actions, "--worker", j .. "/" .. jobs }
  for _, o in ipairs(cfg.overlays) do a[#a + 1] = "--overlay"; a[#a + 1] = o end
  for _, k in ipairs(util.sorted_keys(cfg.options)) do a[#a + 1] = "--option"; a[#a + 1] = k .. "=" .. cfg.options[k] end
  if shard then a[#a + 1] = "--shard"; a[#a + 1] = shard.k .. "/" .. shard.n end
  if cfg.bot_budget then a[#a + 1] = "--bot-budget"; a[#a + 1] = cfg.bot_budget end
  for _, p in ipairs(cfg.patterns or {}) do a[#a + 1] = "--count"; a[#a + 1] = "note~" .. p end
  if cfg.details then a[#a + 1] = "--details" end
  if keep then a[#a + 1] = "--keep"; a[#a + 1] = keep end
  for k, v in ipairs(a) do a[k] = shell_quote(v) end
  return "BITWA_NO_PROGRESS=1 BITWA_HOME=" .. shell_quote(bitwa.home) .. " " .. table.concat(a, " ")
end

-- Play the games `idx` (indices in order) with `jobs` processes; the
-- records in the same order.  Worker j plays the j-th, (j+jobs)-th, ...
-- game of the list and writes one line per game; reading the workers in
-- turn gives the games in order.
local function run_games(lib, cfg, prep, idx, opts)
  local update, clear = progress_bar(opts.label or "sim", #idx)
  local records = {}
  local jobs = math.min(opts.jobs or 1, #idx)
  if jobs <= 1 then
    for p, i in ipairs(idx) do
      records[p] = play_one(lib, cfg, prep, i, opts.keep)
      update(p)
    end
    clear()
    return records
  end
  local handles = {}
  for j = 1, jobs do
    local h, err = io.popen(worker_command(cfg, opts.shard, opts.keep, j, jobs), "r")
    if not h then
      for _, o in ipairs(handles) do o:close() end
      clear()
      lib.failure("cannot start a worker: " .. tostring(err))
    end
    handles[j] = h
  end
  local function stop(msg)
    for _, h in ipairs(handles) do h:close() end
    clear()
    lib.failure(msg)
  end
  for p, i in ipairs(idx) do
    local j = (p - 1) % jobs + 1
    local rec
    while true do
      local line = handles[j]:read("l")
      if not line then stop(string.format("worker %d of %d stopped before game %d", j, jobs, i)) end
      if line:sub(1, #RECORD) == RECORD then
        rec = json.decode(line:sub(#RECORD + 1))
        break
      end
    end
    if type(rec) ~= "table" or rec.i ~= i then
      stop(string.format("worker %d of %d sent a bad record for game %d", j, jobs, i))
    end
    records[p] = rec
    update(p)
  end
  local failed
  for j, h in ipairs(handles) do
    h:read("a")
    local ok, how, code = h:close()
    if not ok and not failed then failed = string.format("worker %d of %d ended with %s %s", j, jobs, tostring(how), tostring(code)) end
  end
  clear()
  if failed then lib.failure(failed) end
  return records
end

-- ------------------------------------------------------------------ summary

local function ci_of(r) return r.lo and arr { r.lo, r.hi } or nil end

--[[
The summary of a run's records (in game order): JSON-ready.  The VP
difference is the first side's VP minus the second's.
--]]
local function summarize(cfg, sides, title, records, queries)
  local sm = {
    ruleset = cfg.ruleset, scenario = cfg.scenario, title = title, overlays = arr(util.deepcopy(cfg.overlays)),
    options = util.deepcopy(cfg.options), bots = cfg.bots, bot_budget = cfg.bot_budget, seed = cfg.seed, max_actions = cfg.max_actions,
    seeds = string.format("%d*%d+i", cfg.seed, SEED_STRIDE), sides = arr(util.deepcopy(sides)),
    games = #records, errors = arr(),
  }
  local done = {}
  for _, r in ipairs(records) do
    if r.error then sm.errors[#sm.errors + 1] = { game = r.i, seed = r.seed, message = r.error }
    else done[#done + 1] = r end
  end
  local n = #done
  sm.completed = n
  sm.proposals = { refused = 0, fallbacks = 0, fallback_games = 0 }
  for _, r in ipairs(done) do
    local pr = sm.proposals
    pr.refused = pr.refused + (r.refused or 0)
    pr.fallbacks = pr.fallbacks + (r.fallbacks or 0)
    if (r.fallbacks or 0) > 0 then pr.fallback_games = pr.fallback_games + 1 end
  end
  sm.wins, sm.levels = {}, {}
  local draws = 0
  local wins = {}
  for _, s in ipairs(sides) do wins[s] = 0 end
  for _, r in ipairs(done) do
    if r.winner == "" then draws = draws + 1 elseif wins[r.winner] then wins[r.winner] = wins[r.winner] + 1 end
    local key = r.winner ~= "" and (r.winner .. " " .. (r.level ~= "" and r.level or "wins")) or (r.level ~= "" and r.level or "draw")
    sm.levels[key] = (sm.levels[key] or 0) + 1
  end
  for _, s in ipairs(sides) do
    local rt = stats.rate(wins[s], n)
    sm.wins[s] = { games = wins[s], rate = rt.rate, ci = ci_of(rt) }
  end
  local rt = stats.rate(draws, n)
  sm.draws = { games = draws, rate = rt.rate, ci = ci_of(rt) }
  -- VP
  sm.vp = {}
  for _, s in ipairs(sides) do
    local xs = {}
    for _, r in ipairs(done) do xs[#xs + 1] = r.vp[s] or 0 end
    sm.vp[s] = stats.describe(xs)
    sm.vp[s].n = nil
  end
  if #sides >= 2 then
    local xs = {}
    for _, r in ipairs(done) do xs[#xs + 1] = (r.vp[sides[1]] or 0) - (r.vp[sides[2]] or 0) end
    local d, c = stats.describe(xs), stats.mean_ci(xs)
    d.n = nil
    d.ci = ci_of(c)
    d.of = sides[1] .. " - " .. sides[2]
    sm.vp_diff = d
  end
  -- length
  local turns, actions = {}, {}
  for _, r in ipairs(done) do turns[#turns + 1] = r.turns; actions[#actions + 1] = r.actions end
  sm.turns, sm.actions = stats.describe(turns), stats.describe(actions)
  sm.turns.n, sm.actions.n = nil, nil
  -- losses by kind (units of the setup gone at the end)
  sm.units, sm.losses = {}, {}
  local has_sp, has_captured, has_leaders = false, false, false
  for _, r in ipairs(done) do
    if r.sp_lost then has_sp = true; sm.strength_label = sm.strength_label or r.strength end
    if r.captured then has_captured = true end
  end
  for _, s in ipairs(sides) do
    local kinds = {}
    for _, r in ipairs(done) do
      for k in pairs(r.units[s] or {}) do kinds[k] = true end
      for k in pairs(r.lost[s] or {}) do kinds[k] = true end
    end
    sm.units[s], sm.losses[s] = {}, {}
    local all_units, all_lost = 0, 0
    for _, k in ipairs(util.sorted_keys(kinds)) do
      local u, l = 0, 0
      for _, r in ipairs(done) do
        u = u + ((r.units[s] or {})[k] or 0)
        l = l + ((r.lost[s] or {})[k] or 0)
      end
      if k == "leader" and u > 0 then has_leaders = true end
      sm.units[s][k] = n > 0 and u / n or 0
      sm.losses[s][k] = { total = l, mean = n > 0 and l / n or 0 }
      all_units, all_lost = all_units + u, all_lost + l
    end
    sm.units[s].all = n > 0 and all_units / n or 0
    local per = {}
    for _, r in ipairs(done) do
      local c = 0
      for _, v in pairs(r.lost[s] or {}) do c = c + v end
      per[#per + 1] = c
    end
    local d = stats.describe(per)
    sm.losses[s].all = { total = all_lost, mean = d.mean or 0, sd = d.sd }
  end
  local function per_side(field)
    local out = {}
    for _, s in ipairs(sides) do
      local xs = {}
      for _, r in ipairs(done) do xs[#xs + 1] = (r[field] or {})[s] or 0 end
      local d = stats.describe(xs)
      out[s] = { total = stats.sum(xs), mean = d.mean or 0, sd = d.sd }
    end
    return out
  end
  if has_sp then sm.sp_lost = per_side("sp_lost") end
  if has_captured then sm.captured = per_side("captured") end
  if has_leaders then
    sm.leaders_killed = {}
    for _, s in ipairs(sides) do sm.leaders_killed[s] = sm.losses[s].leader or { total = 0, mean = 0 } end
  end
  -- the counts asked for (--count): per game, mean with its 95% t interval
  if queries and #queries > 0 then
    sm.counts = arr()
    for _, q in ipairs(queries) do
      local xs, with = {}, 0
      for _, r in ipairs(done) do
        local v = count_of(r.counts, q)
        xs[#xs + 1] = v
        if v > 0 then with = with + 1 end
      end
      local c = stats.mean_ci(xs)
      sm.counts[#sm.counts + 1] = { name = q, total = stats.sum(xs), mean = c.mean or 0, sd = c.sd,
                                    ci = ci_of(c), games_with = with, per_game = arr(xs) }
    end
  end
  return sm
end

local function pct(x) return x and string.format("%5.1f%%", 100 * x) or "    -" end
local function f2(x) return x and string.format("%.2f", x) or "-" end

local function format_summary(sm)
  local out = {}
  local function line(fmt, ...) out[#out + 1] = string.format(fmt, ...) end
  line("%s (%s), %d games, seeds %s, bots %s", sm.title ~= "" and sm.title or sm.scenario,
    target_of(sm), sm.games, sm.seeds, (sm.bots:gsub(",", ", ")) ..
    (sm.bot_budget and string.format(" (budget %d nodes)", sm.bot_budget) or ""))
  if #sm.overlays > 0 or next(sm.options) then line("variant: %s", variant_name(sm)) end
  if sm.shard then line("shard %d/%d: only the games i = %d (mod %d)", sm.shard.k, sm.shard.n, sm.shard.k, sm.shard.n) end
  line("")
  line("%-14s %6s %7s   %s", "", "games", "rate", "95% CI")
  local function row(label, e)
    line("%-14s %6d %7s   %s", label, e.games, pct(e.rate),
      e.ci and string.format("%.1f to %.1f%%", 100 * e.ci[1], 100 * e.ci[2]) or "-")
  end
  for _, s in ipairs(sm.sides) do row("  " .. s .. " wins", sm.wins[s]) end
  row("  draws", sm.draws)
  local lv = {}
  for _, k in ipairs(util.sorted_keys(sm.levels)) do lv[#lv + 1] = k .. " " .. sm.levels[k] end
  line("levels: %s", #lv > 0 and table.concat(lv, ", ") or "-")
  line("")
  line("%-14s %8s %8s %6s %6s", "VP", "mean", "sd", "min", "max")
  local function stat_row(label, d, extra)
    line("%-14s %8s %8s %6s %6s%s", label, f2(d.mean), f2(d.sd), tostring(d.min or "-"), tostring(d.max or "-"), extra or "")
  end
  for _, s in ipairs(sm.sides) do stat_row("  " .. s, sm.vp[s]) end
  if sm.vp_diff then
    stat_row("  " .. sm.vp_diff.of, sm.vp_diff,
      sm.vp_diff.ci and string.format("   95%% CI %.2f to %.2f", sm.vp_diff.ci[1], sm.vp_diff.ci[2]) or nil)
  end
  stat_row("turns", sm.turns)
  stat_row("actions", sm.actions)
  line("")
  line("losses per game (units of the setup gone at the end):")
  for _, s in ipairs(sm.sides) do
    local parts = {}
    for _, k in ipairs(util.sorted_keys(sm.losses[s])) do
      if k ~= "all" then
        parts[#parts + 1] = string.format("%s %.2f of %s", k, sm.losses[s][k].mean, fmt_float(sm.units[s][k] or 0))
      end
    end
    line("  %-4s %s; all %.2f of %s%s", s, table.concat(parts, ", "), sm.losses[s].all.mean,
      fmt_float(sm.units[s].all or 0), sm.sp_lost and string.format("; %s %.2f", sm.strength_label or "SP", sm.sp_lost[s].mean) or "")
  end
  if sm.leaders_killed then
    local parts = {}
    for _, s in ipairs(sm.sides) do
      parts[#parts + 1] = string.format("%s %.2f per game (%d)", s, sm.leaders_killed[s].mean, sm.leaders_killed[s].total)
    end
    line("leaders killed: %s", table.concat(parts, ", "))
  end
  if sm.captured then
    local parts = {}
    for _, s in ipairs(sm.sides) do
      parts[#parts + 1] = string.format("%s %.2f per game (%d)", s, sm.captured[s].mean, sm.captured[s].total)
    end
    line("captured at the end (units of the side): %s", table.concat(parts, ", "))
  end
  if sm.counts then
    line("")
    line("%-22s %8s %8s %8s   %-18s %s", "counts per game", "total", "mean", "sd", "95% CI", "games with any")
    for _, c in ipairs(sm.counts) do
      line("  %-20s %8d %8s %8s   %-18s %d", c.name, c.total, f2(c.mean), f2(c.sd),
        c.ci and string.format("%.2f to %.2f", c.ci[1], c.ci[2]) or "-", c.games_with)
    end
    line("")
  end
  if sm.proposals then
    local pr = sm.proposals
    line("bots: %d proposed lines refused; %d fallbacks to choosing from the legal actions (in %d game%s)",
      pr.refused, pr.fallbacks, pr.fallback_games, pr.fallback_games == 1 and "" or "s")
  end
  if #sm.errors == 0 then line("errors: none")
  else
    line("errors: %d game%s failed", #sm.errors, #sm.errors == 1 and "" or "s")
    for _, e in ipairs(sm.errors) do line("  game %d (seed %d): %s", e.game, e.seed, e.message) end
  end
  return table.concat(out, "\n") .. "\n"
end

-- The SVG: the distribution of the VP difference, and win/draw/loss bars.
local function write_plot(lib, path, sm, records)
  local plot = require "engine.plot"
  local diffs = {}
  local s1, s2 = sm.sides[1], sm.sides[2]
  for _, r in ipairs(records) do
    if not r.error and s2 then diffs[#diffs + 1] = (r.vp[s1] or 0) - (r.vp[s2] or 0) end
  end
  local rows = {}
  for _, s in ipairs(sm.sides) do
    local w = sm.wins[s].games
    rows[#rows + 1] = { label = s, parts = {
      { value = w, label = "win", color = "#3c8d40" },
      { value = sm.draws.games, label = "draw", color = "#b0b0b0" },
      { value = sm.completed - w - sm.draws.games, label = "loss", color = "#c0392b" } } }
  end
  local title = string.format("%s/%s — %d games", sm.ruleset, sm.scenario, sm.games)
  local w, bh = 640, 60 + 36 * #rows
  local svg = plot.document(w, 300 + bh, {
    plot.histogram { values = diffs, x = 0, y = 0, w = w, h = 290, mean = sm.vp_diff and sm.vp_diff.mean,
                     title = title .. ": VP " .. (sm.vp_diff and sm.vp_diff.of or ""),
                     xlabel = "VP difference" .. (sm.vp_diff and (" (" .. sm.vp_diff.of .. ")") or "") .. "; red: mean" },
    plot.bars { rows = rows, x = 0, y = 295, w = w, h = bh, title = "results" },
  }, title)
  local f, err = io.open(path, "wb")
  if not f then lib.failure("--plot: " .. tostring(err)) end
  f:write(svg)
  f:close()
end

-- ------------------------------------------------------------------ result files

local function config_table(cfg)
  return { ruleset = cfg.ruleset, scenario = cfg.scenario, overlays = arr(util.deepcopy(cfg.overlays)),
           options = util.deepcopy(cfg.options), bots = cfg.bots, seed = cfg.seed, n = cfg.n,
           max_actions = cfg.max_actions, bot_budget = cfg.bot_budget }
end

local function write_results(lib, path, cfg, prep, shard, records)
  local parts = {
    "{" .. '"format":' .. json.encode(FORMAT) .. ',"config":' .. json.encode(config_table(cfg)) ..
    ',"sides":' .. json.encode(arr(util.deepcopy(prep.sides))) .. ',"title":' .. json.encode(prep.title) ..
    ',"shard":' .. json.encode(shard and { k = shard.k, n = shard.n } or json.null) .. ',"games":[',
  }
  for p, r in ipairs(records) do parts[#parts + 1] = "\n" .. json.encode(r) .. (p < #records and "," or "") end
  parts[#parts + 1] = "\n]}\n"
  local tmp = path .. ".tmp"
  local f, err = io.open(tmp, "wb")
  if not f then lib.failure("--out: " .. tostring(err)) end
  f:write(table.concat(parts))
  f:close()
  local ok, err2 = os.rename(tmp, path)
  if not ok then lib.failure("--out: " .. tostring(err2)) end
end

-- Print the summary, write the plot; the exit status.
local function report(lib, opts, sm, records)
  if opts.plot then write_plot(lib, opts.plot, sm, records) end
  if opts.json then io.write(encode(sm), "\n") else io.write(format_summary(sm)) end
  return #sm.errors > 0 and 1 or 0
end

-- ------------------------------------------------------------------ compare

-- The measures of one game, for pairing: name -> number.
local function measures(r, sides, flags)
  local m = {}
  for _, s in ipairs(sides) do m["win." .. s] = r.winner == s and 1 or 0 end
  m.draw = r.winner == "" and 1 or 0
  if sides[2] then m.vp_diff = (r.vp[sides[1]] or 0) - (r.vp[sides[2]] or 0) end
  m.turns, m.actions = r.turns, r.actions
  for _, s in ipairs(sides) do
    local c = 0
    for _, v in pairs(r.lost[s] or {}) do c = c + v end
    m["lost." .. s] = c
    if flags.sp then m["sp_lost." .. s] = (r.sp_lost or {})[s] or 0 end
    if flags.leaders then m["leaders." .. s] = (r.lost[s] or {}).leader or 0 end
    if flags.captured then m["captured." .. s] = (r.captured or {})[s] or 0 end
  end
  return m
end

local function measure_list(sides, flags)
  local out = {}
  local function add(name, label, scale, unit) out[#out + 1] = { name = name, label = label, scale = scale or 1, unit = unit } end
  for _, s in ipairs(sides) do add("win." .. s, s .. "'s win rate", 100, "points") end
  add("draw", "the draw rate", 100, "points")
  if sides[2] then add("vp_diff", "the VP difference " .. sides[1] .. " - " .. sides[2]) end
  add("turns", "the game length in turns")
  add("actions", "the game length in actions")
  for _, s in ipairs(sides) do add("lost." .. s, s .. "'s units lost per game") end
  if flags.sp then for _, s in ipairs(sides) do add("sp_lost." .. s, s .. "'s " .. (flags.strength or "SP") .. " lost per game") end end
  if flags.leaders then for _, s in ipairs(sides) do add("leaders." .. s, s .. "'s leaders killed per game") end end
  if flags.captured then for _, s in ipairs(sides) do add("captured." .. s, s .. "'s units captured per game") end end
  return out
end

local function signed(x, digits)
  local s = string.format("%." .. digits .. "f", x)
  if s:match("^%-0%.?0*$") then s = s:sub(2) end
  if s:sub(1, 1) ~= "-" then s = "+" .. s end
  return s
end

local function sentence(m)
  local d = m.digits
  if m.diff == 0 and m.ci and m.ci[1] == 0 and m.ci[2] == 0 then
    return string.format("The change leaves %s the same in every game: within noise.", m.label)
  end
  local by = signed(m.diff, d) .. (m.unit and (" " .. m.unit) or "")
  local ci = m.ci and string.format(" (95%% CI %s to %s)", signed(m.ci[1], d), signed(m.ci[2], d)) or ""
  return string.format("The change moves %s by %s%s: %s.", m.label, by, ci, m.beyond_noise and "beyond noise" or "within noise")
end

-- A variant: the target's ruleset and scenario changed by specs
-- "RULESET[+OVERLAY...]" and "option:K=V".
local function variant_of(lib, base, specs, which)
  local diff = require "engine.diff"
  local cfg = util.deepcopy(base)
  cfg.overlays, cfg.options = {}, {}
  local named
  for _, spec in ipairs(specs or {}) do
    local k, v = spec:match("^option:([%w_]+)=(.*)$")
    if k then cfg.options[k] = v
    elseif spec:match("^option:") then lib.bad("--" .. which .. ": option:NAME=VALUE expected, got '" .. spec .. "'")
    else
      local name, overlays = diff.parse_spec(spec)
      if not name:match("^[%w_%-%.]+$") then lib.bad("--" .. which .. ": RULESET[+OVERLAY...] or option:NAME=VALUE expected, got '" .. spec .. "'") end
      if named and named ~= name then lib.bad("--" .. which .. ": two rulesets (" .. named .. ", " .. name .. ")") end
      named = name
      cfg.ruleset = name
      for _, o in ipairs(overlays) do cfg.overlays[#cfg.overlays + 1] = o end
    end
  end
  return cfg
end

-- ------------------------------------------------------------------ commands

local SIM_SPEC = { n = "value", ["-n"] = { "n" }, overlay = "list", option = "list", bots = "value",
                   jobs = "value", ["-j"] = { "jobs" }, seed = "value", shard = "value", keep = "value",
                   json = "flag", plot = "value", out = "value", ["max-actions"] = "value", worker = "value",
                   ruleset = "value", count = "list", ["bot-budget"] = "value", details = "flag" }

-- The --count queries, checked.
local function count_queries(lib, list)
  local out = {}
  for _, q in ipairs(list or {}) do
    local pat = type(q) == "string" and q:match("^note~(.+)$")
    if pat then
      -- a Lua pattern, checked once here (a malformed one is bad input)
      local ok, err = pcall(string.find, "", pat)
      if not ok then lib.bad("--count " .. q .. ": not a Lua pattern: " .. tostring(err)) end
    elseif type(q) ~= "string" or not q:match("^[%w_%.:%- ]+$") then
      lib.bad("--count: an event kind, a rule (8.2.7) or SOURCE:NAME (roll:8.2.7, set:sp, decision:retreat) expected, got '" ..
        tostring(q) .. "'")
    end
    out[#out + 1] = q
  end
  return out
end

return function(command, lib)
  command("sim",
    "sim RULESET/SCENARIO | SCENARIO.lua --ruleset NAME -n N [--seed S] [--bots A,B | SIDE=BOT,...] [--overlay R/NAME]... [--option K=V]... [--count WHAT]... [--bot-budget N] [--jobs J] [--shard K/N] [--keep DIR] [--json] [--plot FILE.svg] [--out FILE.json] [--max-actions M]",
    "play many games with bots and summarise them",
    [[Plays N complete games with bots and prints a summary: each side's win rate
and the draw rate with 95% (Wilson) intervals, the victory levels, the mean
and sd of each side's VP and of the VP difference (first side minus second),
the game length in turns and actions, the units of the setup lost by kind,
SP lost, leaders killed and units captured where the ruleset has them, and
every game that failed with its seed (the exit status is then 1).

Game i (1..N) plays with seed S*1000003+i (S from --seed, default 1): replay
one alone with `bitwa run RULESET/SCENARIO --seed <seed> --bots ...`.
  --bots A,B          one bot per side in the scenario's order; NAME for every
                      side; or SIDE=BOT,... (default: rules for every side)
  --count WHAT        also count, per game, what the logs say: an event kind
                      (note, spawn, remove, set, var), roll, decision, refused
                      (the bots' refused proposals), set:ATTR, decision:KIND,
                      a rule (8.2.7: the rolls of that rule, the notes citing
                      it and the refusals citing it; 8.2 takes its parts too)
                      or roll:RULE, note:RULE, refused:RULE, or note~PATTERN
                      (the notes matching a Lua pattern); the summary gives
                      the total, the mean per game with its 95% interval and
                      the games with any (--json: and the count of each game)
  --bot-budget N      the node budget of a searching bot's every decision
                      (plays of the rules; default 64): same seed, same
                      budget, same games
  --jobs J            J worker processes; the games and the summary are the
                      same whatever J is
  --shard K/N         only the games i with i = K (mod N); write them with
                      --out and join the shards with `bitwa sim-merge`
  --out FILE.json     the run's configuration and one record per game
  --keep DIR          keep every game's log as DIR/game-<i>.bitwa
  --json              the summary as JSON
  --plot FILE.svg     the distribution of the VP difference and result bars
  --max-actions M     a game longer than M actions fails (default 200000)
A progress bar is drawn on stderr when it is a terminal (BITWA_NO_PROGRESS=1
turns it off).]],
    function(args)
      local opts, pos = lib.parse(args, SIM_SPEC, "sim")
      lib.need(pos, 1, lib.commands.sim)
      if #pos > 1 then lib.bad("sim: one RULESET/SCENARIO expected, got also '" .. pos[2] .. "'") end
      if not opts.n then lib.bad("sim: -n N (the number of games) is required") end
      local rs, sc = lib.split_target(pos[1], opts.ruleset)
      local cfg = { ruleset = rs, scenario = sc, overlays = lib.overlays_of(opts.overlay, rs),
                    options = lib.options_of(opts.option), seed = lib.seed_of(opts.seed),
                    n = int_arg(lib, opts.n, "-n"),
                    max_actions = opts.max_actions and int_arg(lib, opts.max_actions, "--max-actions") or 200000,
                    bot_budget = lib.bot_budget_of(opts.bot_budget) }
      local jobs = opts.jobs and int_arg(lib, opts.jobs, "--jobs") or 1
      local shard
      if opts.shard then
        local k, n = fraction_arg(lib, opts.shard, "--shard")
        shard = { k = k, n = n }
      end
      local worker
      if opts.worker then
        local k, n = fraction_arg(lib, opts.worker, "--worker")
        worker = { k = k, n = n }
      end
      if opts.keep then
        if not util.is_dir(opts.keep) then
          local ok = os.execute("mkdir -p " .. shell_quote(opts.keep))
          if not ok or not util.is_dir(opts.keep) then lib.bad("--keep: cannot make the directory " .. opts.keep) end
        end
      end
      local queries = count_queries(lib, opts.count)
      -- the counts read the events' details: made when the run counts
      -- anything or keeps its records for sim-merge (--details: a worker's)
      cfg.details = #queries > 0 or opts.out ~= nil or opts.details == true
      cfg.patterns = {}
      for _, q in ipairs(queries) do
        local p = q:match("^note~(.+)$")
        if p then cfg.patterns[#cfg.patterns + 1] = p end
      end
      local prep = prepare(lib, cfg, opts.bots or "")
      local idx = indices(cfg.n, shard)
      if opts.keep and not worker then
        for _, i in ipairs(idx) do
          local f = opts.keep .. "/game-" .. i .. ".bitwa"
          if util.exists(f) then lib.bad("--keep: " .. f .. " exists; choose another directory") end
        end
      end
      if worker then
        -- a worker of --jobs: one line per game of its part, nothing else
        for p, i in ipairs(idx) do
          if (p - worker.k) % worker.n == 0 then
            io.write(RECORD, json.encode(play_one(lib, cfg, prep, i, opts.keep)), "\n")
            io.stdout:flush()
          end
        end
        return 0
      end
      local started = os.time()
      local records = run_games(lib, cfg, prep, idx, { jobs = jobs, shard = shard, keep = opts.keep, label = "sim" })
      if opts.out then write_results(lib, opts.out, cfg, prep, shard, records) end
      local sm = summarize(cfg, prep.sides, prep.title, records, queries)
      if shard then sm.shard = { k = shard.k, n = shard.n } end
      local code = report(lib, opts, sm, records)
      if not opts.json then
        util.printf("%d game%s in %d s%s%s\n", #records, #records == 1 and "" or "s", os.time() - started,
          jobs > 1 and string.format(" with %d jobs", math.min(jobs, #idx)) or "",
          shard and string.format(" (shard %d/%d of a run of %d)", shard.k, shard.n, cfg.n) or "")
      end
      return code
    end)

  command("sim-merge", "sim-merge FILE.json... [--count WHAT]... [--json] [--plot FILE.svg] [--out FILE.json]",
    "join the result files of a sharded sim",
    [[Reads the files written by `bitwa sim ... --shard K/N --out FILE.json` and
prints the summary of the whole run, the same as the run played at once.
It refuses files of different runs (ruleset, scenario, overlays, options,
bots, seed, number of games), a game found twice, and games missing.
--count WHAT counts as in `bitwa sim` (the records keep every count).
--out writes the joined result file.]],
    function(args)
      local opts, pos = lib.parse(args, { json = "flag", plot = "value", out = "value", count = "list" }, "sim-merge")
      lib.need(pos, 1, lib.commands["sim-merge"])
      local cfg, cfg_text, sides, title, first
      local by_index, from = {}, {}
      for _, path in ipairs(pos) do
        local text = util.read_file(path)
        if not text then lib.bad(path .. ": cannot read") end
        local t, err = json.decode(text)
        if type(t) ~= "table" or t.format ~= FORMAT or type(t.config) ~= "table" or type(t.games) ~= "table" then
          lib.bad(path .. ": not a bitwa sim result file" .. (err and (" (" .. err .. ")") or ""))
        end
        local c = t.config
        local ct = json.encode(c)
        if not cfg then
          cfg, cfg_text, sides, title, first = c, ct, t.sides, t.title, path
        elseif ct ~= cfg_text then
          local differs = {}
          for _, k in ipairs { "ruleset", "scenario", "overlays", "options", "bots", "seed", "n", "max_actions", "bot_budget" } do
            if json.encode(c[k]) ~= json.encode(cfg[k]) then differs[#differs + 1] = k end
          end
          lib.bad(path .. ": a different run from " .. first .. " (" .. table.concat(differs, ", ") ..
            (#differs == 1 and " differs)" or " differ)"))
        end
        for _, r in ipairs(t.games) do
          local i = math.tointeger(r.i)
          if not i or i < 1 or i > c.n then lib.bad(path .. ": a game numbered " .. tostring(r.i) .. " in a run of " .. c.n) end
          if by_index[i] then lib.bad(path .. ": game " .. i .. " is also in " .. from[i]) end
          by_index[i], from[i] = r, path
        end
      end
      local records, missing = {}, {}
      for i = 1, cfg.n do
        if by_index[i] then records[#records + 1] = by_index[i] else missing[#missing + 1] = i end
      end
      if #missing > 0 then
        local show = {}
        for k = 1, math.min(10, #missing) do show[k] = tostring(missing[k]) end
        lib.bad(string.format("sim-merge: %d of %d games missing (%s%s)", #missing, cfg.n, table.concat(show, ", "),
          #missing > 10 and ", ..." or ""))
      end
      local run = { ruleset = cfg.ruleset, scenario = cfg.scenario, overlays = cfg.overlays or {},
                    options = cfg.options or {}, bots = cfg.bots, seed = cfg.seed, n = cfg.n,
                    max_actions = cfg.max_actions, bot_budget = math.tointeger(cfg.bot_budget) }
      if opts.out then write_results(lib, opts.out, run, { sides = sides, title = title }, nil, records) end
      local sm = summarize(run, sides, title, records, count_queries(lib, opts.count))
      return report(lib, opts, sm, records)
    end)

  command("compare",
    "compare RULESET/SCENARIO | SCENARIO.lua --ruleset NAME -n N --a SPEC... --b SPEC... [--bots ...] [--bot-budget N] [--seed S] [--jobs J] [--json]",
    "play the same seeds under two variants and pair the games",
    [[Plays games 1..N (seeds S*1000003+i, as `bitwa sim`) under variant a and
variant b and pairs them game by game.  For each measure (each side's win
rate, the draw rate, the VP difference, the game length, the units lost,
SP lost, leaders killed and units captured where the ruleset has them) it
gives the mean difference b - a with its 95% t interval, and says whether
the change is beyond noise (the interval leaves out zero) or within it.

SPEC is RULESET[+OVERLAY...] (as `bitwa diff` reads them) or option:K=V;
--a and --b may be given several times (a ruleset with overlays and
options); without --a, a is the target's ruleset as it is.
Example: bitwa compare skirmish/duel -n 200 --a skirmish --b skirmish+no-quarter]],
    function(args)
      local opts, pos = lib.parse(args, { n = "value", ["-n"] = { "n" }, a = "list", b = "list", bots = "value",
        seed = "value", jobs = "value", ["-j"] = { "jobs" }, json = "flag", ["max-actions"] = "value",
        ruleset = "value", ["bot-budget"] = "value" }, "compare")
      lib.need(pos, 1, lib.commands.compare)
      if #pos > 1 then lib.bad("compare: one RULESET/SCENARIO expected, got also '" .. pos[2] .. "'") end
      if not opts.n then lib.bad("compare: -n N (the number of games) is required") end
      if not opts.b then lib.bad("compare: --b SPEC (the changed variant) is required") end
      local rs, sc = lib.split_target(pos[1], opts.ruleset)
      local base = { ruleset = rs, scenario = sc, overlays = {}, options = {}, seed = lib.seed_of(opts.seed),
                     n = int_arg(lib, opts.n, "-n"),
                     max_actions = opts.max_actions and int_arg(lib, opts.max_actions, "--max-actions") or 200000,
                     bot_budget = lib.bot_budget_of(opts.bot_budget) }
      local jobs = opts.jobs and int_arg(lib, opts.jobs, "--jobs") or 1
      local va, vb = variant_of(lib, base, opts.a, "a"), variant_of(lib, base, opts.b, "b")
      local pa, pb = prepare(lib, va, opts.bots or ""), prepare(lib, vb, opts.bots or "")
      if table.concat(pa.sides, ",") ~= table.concat(pb.sides, ",") then
        lib.bad("compare: the variants have different sides (" .. table.concat(pa.sides, ", ") .. " / " ..
          table.concat(pb.sides, ", ") .. ")")
      end
      local sides = pa.sides
      local idx = indices(base.n)
      local ra = run_games(lib, va, pa, idx, { jobs = jobs, label = "a" })
      local rb = run_games(lib, vb, pb, idx, { jobs = jobs, label = "b" })
      local flags = {}
      for _, rr in ipairs { ra, rb } do
        for _, r in ipairs(rr) do
          if not r.error then
            if r.sp_lost then flags.sp = true; flags.strength = flags.strength or r.strength end
            if r.captured then flags.captured = true end
            for _, s in ipairs(sides) do if ((r.units or {})[s] or {}).leader then flags.leaders = true end end
          end
        end
      end
      local list = measure_list(sides, flags)
      local xa, xb = {}, {}
      for _, m in ipairs(list) do xa[m.name], xb[m.name] = {}, {} end
      local errors, paired = arr(), 0
      for p = 1, #idx do
        local a, b = ra[p], rb[p]
        if a.error then errors[#errors + 1] = { variant = "a", game = a.i, seed = a.seed, message = a.error } end
        if b.error then errors[#errors + 1] = { variant = "b", game = b.i, seed = b.seed, message = b.error } end
        if not a.error and not b.error then
          paired = paired + 1
          local ma, mb = measures(a, sides, flags), measures(b, sides, flags)
          for _, m in ipairs(list) do
            xa[m.name][#xa[m.name] + 1] = ma[m.name]
            xb[m.name][#xb[m.name] + 1] = mb[m.name]
          end
        end
      end
      local out = { ruleset = rs, scenario = sc, a = variant_name(va), b = variant_name(vb), bots = va.bots,
                    seed = base.seed, seeds = string.format("%d*%d+i", base.seed, SEED_STRIDE), games = base.n,
                    paired = paired, sides = arr(util.deepcopy(sides)), errors = errors, measures = arr() }
      for _, m in ipairs(list) do
        local pr = stats.paired(xa[m.name], xb[m.name])
        local e = { name = m.name, label = m.label, unit = m.unit,
                    a = pr.n > 0 and stats.mean(xa[m.name]) * m.scale or nil,
                    b = pr.n > 0 and stats.mean(xb[m.name]) * m.scale or nil,
                    diff = pr.mean and pr.mean * m.scale or nil,
                    ci = pr.lo and arr { pr.lo * m.scale, pr.hi * m.scale } or nil,
                    beyond_noise = pr.beyond_noise, digits = m.unit == "points" and 1 or 2 }
        if e.diff then e.sentence = sentence(e) end
        e.digits = nil
        out.measures[#out.measures + 1] = e
      end
      -- several measures, each at 95%: a change that does nothing still
      -- shows some "beyond noise" now and then (no correction is applied;
      -- the note says how often)
      local tested = 0
      for _, e in ipairs(out.measures) do if e.ci then tested = tested + 1 end end
      if tested > 1 then
        local chance = math.floor((1 - 0.95 ^ tested) * 100 + 0.5)
        out.multiple_measures = { measures = tested, chance_percent = chance,
          note = string.format("%d measures, each at 95%%: a change that does nothing shows at least one of them " ..
            "\"beyond noise\" by chance in up to %d%% of runs (no correction is applied); trust a lone " ..
            "\"beyond noise\" when it is large or holds again with more games", tested, chance) }
      end
      if opts.json then io.write(encode(out), "\n")
      else
        util.printf("%s, %d games paired by seed (seeds %s), bots %s\n  a: %s\n  b: %s\n\n",
          target_of(base), paired, out.seeds, va.bots:gsub(",", ", "), out.a, out.b)
        util.printf("%-34s %9s %9s %9s   %s\n", "measure (b - a)", "a", "b", "b - a", "95% CI")
        for _, e in ipairs(out.measures) do
          if e.diff then
            local d = e.unit == "points" and 1 or 2
            util.printf("%-34s %9s %9s %9s   %s%s\n", e.label, string.format("%." .. d .. "f", e.a),
              string.format("%." .. d .. "f", e.b), signed(e.diff, d),
              e.ci and (signed(e.ci[1], d) .. " to " .. signed(e.ci[2], d)) or "-", e.beyond_noise and "  *" or "")
          end
        end
        util.printf("\n")
        for _, e in ipairs(out.measures) do if e.sentence then util.printf("%s\n", e.sentence) end end
        if out.multiple_measures then util.printf("\nNote: %s.\n", out.multiple_measures.note) end
        if #errors > 0 then
          util.printf("\nerrors: %d\n", #errors)
          for _, e in ipairs(errors) do util.printf("  %s game %d (seed %d): %s\n", e.variant, e.game, e.seed, e.message) end
        end
      end
      return #errors > 0 and 1 or 0
    end)
end
