-- The `bitwa` command: subcommands in the style of git.
-- Exit status: 0 success, 1 failure (a test failed, a replay diverged,
-- rule code failed), 2 bad input (unknown command, bad option, a
-- refused action, a malformed file).  Errors go to stderr; a refused
-- or failed action leaves the game file as it was.
local util = require "engine.util"
local json = require "engine.json"

local M = {}
local commands = {}
local order = {}

local getmetatable = debug.getmetatable     -- the real ones
local BadInput = { __metatable = "bad input" }
local function bad(msg) error(setmetatable({ message = msg }, BadInput), 0) end
local Failure = { __metatable = "failure" }
local function failure(msg) error(setmetatable({ message = msg }, Failure), 0) end

local function command(name, usage, summary, help, fn)
  commands[name] = { name = name, usage = usage, summary = summary, help = help, fn = fn }
  order[#order + 1] = name
end

-- Options: spec = { seed = "value", json = "flag", overlay = "list", ... }
local function parse(args, spec, cmd)
  local opts, pos = {}, {}
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--help" or a == "-h" then opts.help = true
    elseif a:sub(1, 2) == "--" or (a:sub(1, 1) == "-" and #a == 2 and spec[a] ) then
      local name, value = a:match("^%-%-([%w%-]+)=(.*)$")
      if not name then name = a:match("^%-%-([%w%-]+)$") or a end
      local kind = spec[name]
      if type(kind) == "table" then name, kind = kind[1], spec[kind[1]] end
      if not kind then bad(cmd .. ": unknown option " .. a .. " (see bitwa " .. cmd .. " --help)") end
      local key = name:gsub("%-", "_")
      if kind == "flag" then
        if value then bad(cmd .. ": --" .. name .. " takes no value") end
        opts[key] = true
      else
        if not value then
          i = i + 1
          value = args[i]
          if value == nil then bad(cmd .. ": --" .. name .. " needs a value") end
        end
        if kind == "list" then
          opts[key] = opts[key] or {}
          table.insert(opts[key], value)
        else opts[key] = value end
      end
    else
      pos[#pos + 1] = a
    end
    i = i + 1
  end
  return opts, pos
end

-- need(pos, n, cmd [, most]): at least n arguments, and at most `most`
-- when given (an argument more is refused, not ignored: `undo FILE PL`
-- would take back the last action whatever its side)
local function need(pos, n, cmd, most)
  if #pos < n then bad(cmd.name .. ": missing arguments\nusage: bitwa " .. cmd.usage) end
  if most and #pos > most then
    bad(cmd.name .. ": unexpected argument '" .. pos[most + 1] .. "'\nusage: bitwa " .. cmd.usage)
  end
end

local function seed_of(s)
  if s == nil then return 1 end
  local n = math.tointeger(tonumber(s))
  if not n then bad("--seed: an integer expected, got '" .. s .. "'") end
  return n
end

local function options_of(list)
  local out = {}
  for _, kv in ipairs(list or {}) do
    local k, v = kv:match("^([%w_]+)=(.*)$")
    if not k then bad("--option: NAME=VALUE expected, got '" .. kv .. "'") end
    out[k] = v
  end
  return out
end

-- A scenario file named on the command line (a path ending in .lua),
-- as an absolute path so that the game's log finds it again.
local function scenario_file(t)
  if not t:match("%.lua$") then return nil end
  if not util.exists(t) then bad(t .. ": no such scenario file") end
  if t:sub(1, 1) == "/" then return t end
  local cwd = os.getenv("PWD")
  if cwd and cwd:sub(1, 1) == "/" and util.exists(cwd .. "/" .. t) then return cwd .. "/" .. t end
  return t
end

-- RULESET/SCENARIO, or a scenario file FILE.lua with --ruleset NAME (a
-- battle kept in any folder, played with a ruleset of the search path).
-- Returns the ruleset's name and the scenario's id or file.
local function split_target(t, rsname)
  local file = scenario_file(t)
  if file then
    if not rsname then bad(t .. ": say which ruleset plays this scenario file: --ruleset NAME") end
    return rsname, file
  end
  local rs, sc = t:match("^([%w_%-%.]+)/([%w_%-%.]+)$")
  if not rs then bad("'" .. t .. "': RULESET/SCENARIO or a scenario FILE.lua with --ruleset NAME expected (see bitwa list)") end
  if rsname and rsname ~= rs then bad("'" .. t .. "' names ruleset " .. rs .. ", --ruleset says " .. rsname) end
  return rs, sc
end

-- A game of a scenario file reads the file again whenever it is opened
-- (do, show, replay, run --resume), and a game file may name only files
-- of the home or a BITWA_PATH folder: say so when this one is elsewhere.
local function note_replay(sc)
  if not sc:match("%.lua$") then return end
  local ruleset = require "engine.ruleset"
  if ruleset.readable_path(sc) then return end
  local dir = sc:match("^(.*)/[^/]*$") or "."
  util.eprintf("bitwa: note: to open this game again (do, show, replay, run --resume), put the scenario's " ..
    "folder on BITWA_PATH: export BITWA_PATH=%s\n", dir)
end

-- The sides of --bot/--bots SIDE=BOT must be the game's.
local function check_side(side, sides, what)
  for _, s in ipairs(sides) do if s == side then return end end
  local mapfile = require "engine.mapfile"
  bad(what .. ": no side '" .. side .. "' in this game (sides: " .. table.concat(sides, ", ") .. ")" ..
    mapfile.did_you_mean(side, sides))
end

local function overlays_of(list, rsname)
  local out = {}
  for _, o in ipairs(list or {}) do
    out[#out + 1] = o:find("/") and o or (rsname .. "/" .. o)
  end
  return out
end

-- Load the engine lazily so that `bitwa help` works even when a module is broken.
local function engine() return require "engine.game" end

-- Whether something is at path (stat only: a FIFO is never opened).
local function present(path) return bitwa.log.probe(path) ~= "missing" end

local function open_game(path, readonly)
  if not present(path) then bad(path .. ": no such game file") end
  local g, rep, drep = engine().open(path, { readonly = readonly })
  if not g then
    -- a replay that diverges is a failure (1), a file that cannot be read bad input (2)
    if drep and drep.divergence then failure(rep) end
    bad(rep)
  end
  return g, rep
end

-- A refusal after waiting for another writer: say that the game moved on.
local function moved_on(g, r)
  if r.status == "refused" and g.log and g.log:waited() then
    r.message = r.message .. " (the game moved on: another bitwa process wrote it while this one waited)"
  end
end

local function durability_of(d, dflt)
  if d == nil then return dflt end
  if d ~= "full" and d ~= "normal" and d ~= "off" then
    bad("--durability: full, normal or off expected, got '" .. d .. "'")
  end
  return d
end

local function result_line(r)
  local vp = {}
  for _, k in ipairs(util.sorted_keys(r.vp or {})) do vp[#vp + 1] = k .. " " .. r.vp[k] end
  return string.format("%s%s — VP %s%s",
    r.winner ~= "" and (r.winner .. " wins") or "no winner",
    r.level ~= "" and (" (" .. r.level .. ")") or "",
    table.concat(vp, ", "),
    r.reason ~= "" and (" — " .. r.reason) or "")
end

local function state_json(g)
  local vars = {}
  for _, kv in ipairs(g.state:vars()) do
    local v = kv[2]
    if require("engine.api").is_sealed_key(kv[1]) then v = nil end -- sealed orders are nobody's to see
    if bitwa.hex.is(v) then v = v.label end
    vars[kv[1]] = v
  end
  local req = g:pending_request()
  return {
    ruleset = g.rs.name, scenario = g.scenario.id, title = g.scenario.title, seed = g.seed,
    turn = g:turn(), turns = g.turns, phase = g:phase_info().name,
    acting = json.array(g:acting_sides()), actions = g.n, checksum = g:checksum(),
    pending = req and { side = req.side, kind = req.kind, prompt = req.prompt, options = json.array(req.options) } or nil,
    over = g:is_over(), result = g:result(), units = json.array(g:units_table()), vars = vars,
  }
end

local function print_state(g)
  local s = state_json(g)
  util.printf("%s — %s (%s), seed %d\n", s.title ~= "" and s.title or s.scenario, s.scenario, s.ruleset, s.seed)
  util.printf("turn %d%s, phase %s, %s\n", s.turn, s.turns and ("/" .. s.turns) or "", s.phase,
    #s.acting > 0 and (table.concat(s.acting, ", ") .. " to act") or "nobody to act")
  util.printf("actions %d, checksum %s\n", s.actions, s.checksum)
  if s.pending then
    util.printf("waiting for %s: %s [%s]\n", s.pending.side, s.pending.prompt, table.concat(s.pending.options, " | "))
  end
  if s.result then util.printf("game over: %s\n", result_line(s.result)) end
  util.printf("\nunits:\n")
  local slots = g.state:slots()
  for _, u in ipairs(s.units) do
    local extra = {}
    for i = 6, #slots do
      local k = slots[i].name
      local v = u[k]
      if v ~= nil and v ~= false and v ~= 0 and v ~= "" then extra[#extra + 1] = k .. "=" .. tostring(v) end
    end
    util.printf("  %-8s %-2s %-10s %-5s %-3s %s\n", u.name, u.side, u.kind, u.hex or "off", u.facing or "",
      table.concat(extra, " "))
  end
  util.printf("\nvariables:\n")
  for _, k in ipairs(util.sorted_keys(s.vars)) do util.printf("  %s = %s\n", k, tostring(s.vars[k])) end
end

local function report_result(r, as_json)
  if as_json then
    local t = { status = r.status, rule = r.rule, message = r.message, kind = r.kind }
    if r.request then t.request = { side = r.request.side, kind = r.request.kind, prompt = r.request.prompt,
                                    options = json.array(r.request.options) } end
    if r.action then t.action = r.action.n; t.checksum = r.action.checksum end
    if r.events then t.events = json.array(r.events) end
    if r.rolls then t.rolls = json.array(r.rolls) end
    io.write(json.encode(t), "\n")
  end
  if r.status == "refused" then
    util.eprintf("bitwa: refused: %s%s\n", (r.rule ~= "" and (r.rule .. ": ") or ""), r.message)
    return 2
  elseif r.status == "conflict" then
    util.eprintf("bitwa: %s\n", r.message)
    return 2
  elseif r.status == "error" then
    util.eprintf("bitwa: the rules failed (%s): %s\n", r.kind or "error", r.message)
    if os.getenv("BITWA_TRACEBACK") and r.traceback then util.eprintf("%s\n", r.traceback) end
    return 1
  end
  if not as_json then
    if r.status == "decision" then
      util.printf("waiting for %s: %s [%s]\n", r.request.side, r.request.prompt, table.concat(r.request.options, " | "))
    else
      for _, roll in ipairs(r.rolls or {}) do
        util.printf("  roll %s %dd%d = %d%s\n", roll.purpose, roll.n, roll.sides, roll.total, roll.forced and " (forced)" or "")
      end
      for _, e in ipairs(r.events or {}) do util.printf("  %s\n", e) end
    end
  end
  return 0
end

-- ------------------------------------------------------------------ commands

command("list", "list [--json]", "list rulesets, their scenarios and overlays",
  "Lists every ruleset on the search path (rulesets/, tests/fixtures/rulesets/,\nand the directories in BITWA_PATH) with its scenarios, overlays and options\n(default, allowed values, and the rule they read).",
  function(args)
    local opts, pos = parse(args, { json = "flag" }, "list")
    need(pos, 0, commands.list, 0)
    local ruleset = require "engine.ruleset"
    local out = {}
    for _, r in ipairs(ruleset.list()) do
      local ok, chain = pcall(ruleset.chain, r.name)
      local e = { name = r.name, dir = ruleset.relpath(r.dir) }
      if ok then
        local m = chain[#chain].manifest
        e.title, e.extends = m.title or "", m.extends
        e.scenarios = json.array(require("engine.scenario").list(chain))
        e.maps = json.array(ruleset.list_files(chain, "maps", ".map"))
        e.overlays = json.array(ruleset.list_files({ chain[#chain] }, "overlays", ".lua"))
        local merged = ruleset.merge(chain)
        e.options = json.array()
        for _, k in ipairs(util.sorted_keys(merged.options)) do
          local d = ruleset.option_decl(merged, k)
          local values = {}
          for _, v in ipairs(d.values or {}) do values[#values + 1] = v end
          e.options[#e.options + 1] = { name = k, default = d.default, values = json.array(values),
                                        min = d.min, max = d.max, doc = type(d.doc) == "string" and d.doc or nil }
        end
      else e.error = tostring(chain) end
      out[#out + 1] = e
    end
    if opts.json then io.write(json.encode(json.array(out)), "\n") return 0 end
    for _, e in ipairs(out) do
      util.printf("%-16s %s%s\n", e.name, e.title or "", e.extends and (" (extends " .. e.extends .. ")") or "")
      if e.error then util.printf("    error: %s\n", e.error) end
      for _, s in ipairs(e.scenarios or {}) do util.printf("    scenario  %s/%s\n", e.name, s) end
      for _, o in ipairs(e.overlays or {}) do util.printf("    overlay   %s/%s\n", e.name, o) end
      for _, o in ipairs(e.options or {}) do
        local vals = {}
        for _, v in ipairs(o.values) do vals[#vals + 1] = tostring(v) end
        util.printf("    option    %s=%s%s%s\n", o.name, tostring(o.default),
          #vals > 0 and (" (" .. table.concat(vals, "|") .. ")") or (math.type(o.default) == "integer" and
            (o.min and o.max and (" (" .. o.min .. " to " .. o.max .. ")") or o.min and (" (at least " .. o.min .. ")")
             or o.max and (" (at most " .. o.max .. ")") or " (an integer)") or ""),
          o.doc and (" — " .. o.doc) or "")
      end
    end
    return 0
  end)

command("start", "start RULESET/SCENARIO | SCENARIO.lua --ruleset NAME  FILE [--seed N] [--overlay R/NAME]... [--option K=V]... [--deploy players|scenario] [--durability full|normal|off]",
  "start a game into a new .bitwa file",
  "Creates FILE (it must not exist) and plays the scenario's setup.  --deploy\nscenario skips the ruleset's deployment phases: the units stand where the\nscenario puts them (default: players, who deploy in those phases).\nA scenario file of your own (any folder) is played with --ruleset NAME;\nits map is looked for in its own folder, then in the ruleset's maps.",
  function(args)
    local opts, pos = parse(args, { seed = "value", overlay = "list", option = "list", durability = "value", json = "flag",
      deploy = "value", ruleset = "value" }, "start")
    need(pos, 2, commands.start, 2)
    local rs, sc = split_target(pos[1], opts.ruleset)
    if present(pos[2]) then bad(pos[2] .. ": the file exists; choose another name") end
    local ok, g = pcall(engine().new, { ruleset = rs, scenario = sc, seed = seed_of(opts.seed),
      overlays = overlays_of(opts.overlay, rs), options = options_of(opts.option), log = pos[2],
      durability = durability_of(opts.durability, "full"), deploy = opts.deploy })
    if not ok then bad(tostring(g)) end
    if opts.json then io.write(json.encode(state_json(g)), "\n")
    else util.printf("started %s (%s), seed %d, in %s\n", g.scenario.title, pos[1], g.seed, pos[2]) end
    note_replay(sc)
    g:close()
    return 0
  end)

command("show", "show FILE [--json]", "show the state of a game",
  "Replays FILE (verifying every checksum) and prints the position.",
  function(args)
    local opts, pos = parse(args, { json = "flag" }, "show")
    need(pos, 1, commands.show, 1)
    local g = open_game(pos[1], true)
    if opts.json then io.write(json.encode(state_json(g)), "\n") else print_state(g) end
    g:close()
    return 0
  end)

command("actions", "actions FILE [--side S] [--all] [--unit U] [--json]", "list the legal actions now",
  "Lists the action lines the acting side(s) may play now.  A unit that takes\npath orders is listed by the hexes it can reach (move UNIT HEX), not by every\nstep and facing; and the lines that differ only in a hex or a facing are\ngrouped, one line per side, action, unit and form, with the hexes (how many,\nhow far from the unit, the nearest and the farthest) and the facings they\ntake:\n  PL move Jagiello HEX  126 hexes, 1 to 8 away (nearest 2824, farthest 3118)\n--all lists every line; --unit U only the lines naming unit U, every one;\n--json every line (of U with --unit).",
  function(args)
    local opts, pos = parse(args, { json = "flag", side = "value", all = "flag", unit = "value" }, "actions")
    need(pos, 1, commands.actions, 1)
    local g = open_game(pos[1], true)
    local actionlist = require "engine.actionlist"
    if opts.unit and not g:unit_table(opts.unit) then
      local names = {}
      for _, u in ipairs(g:units_table()) do names[#names + 1] = u.name end
      g:close()
      bad("actions: no unit '" .. opts.unit .. "'" .. require("engine.mapfile").did_you_mean(opts.unit, names))
    end
    local paths = require "engine.paths"
    local legal
    if opts.unit then
      -- the unit's lines, and its reach only
      legal = paths.listing(g, actionlist.of_unit(g, g:legal_actions(opts.side), opts.unit), { unit = opts.unit })
    else legal = paths.listing(g, g:legal_actions(opts.side)) end
    local req = g:pending_request()
    if opts.json then
      io.write(json.encode { actions = json.array(legal),
        pending = req and { side = req.side, kind = req.kind, prompt = req.prompt, options = json.array(req.options) } or nil }, "\n")
    else
      if req then util.printf("decision for %s: %s\n", req.side, req.prompt)
        for _, o in ipairs(req.options) do util.printf("  answer %s\n", o) end end
      local groups = (not opts.all and not opts.unit) and actionlist.group(g, legal)
      if groups and actionlist.grouped(groups, legal) then
        local lines = actionlist.lines(groups)
        for _, l in ipairs(lines) do util.printf("%s\n", l) end
        util.printf("(%d lines grouped into %d: --all lists every line, --unit U a unit's)\n", #legal, #lines)
      else
        for _, a in ipairs(legal) do util.printf("%s %s\n", a.side, a.line) end
      end
    end
    g:close()
    return 0
  end)

command("do", "do FILE SIDE ACTION [ARGS...] [--json]", "play one action",
  "Plays ACTION for SIDE, e.g.  bitwa do game.bitwa A move R1 0404\nA refused action exits with status 2 and names the rule it breaks; the game\nstays as it was and the refusal is recorded (the log's refusal table).",
  function(args)
    local opts, pos = parse(args, { json = "flag" }, "do")
    need(pos, 3, commands["do"])
    local g = open_game(pos[1], false)
    local words = {}
    for i = 3, #pos do words[#words + 1] = pos[i]:find("%s") and ('"' .. pos[i] .. '"') or pos[i] end
    local r = g:try(pos[2], table.concat(words, " "))
    moved_on(g, r)
    local code = report_result(r, opts.json)
    g:close()
    return code
  end)

command("answer", "answer FILE OPTION [--json]", "answer the pending decision",
  "Answers the decision the game is waiting for with one of its options.",
  function(args)
    local opts, pos = parse(args, { json = "flag" }, "answer")
    need(pos, 2, commands.answer, 2)
    local g = open_game(pos[1], false)
    local r = g:answer(pos[2])
    moved_on(g, r)
    local code = report_result(r, opts.json)
    g:close()
    return code
  end)

-- --bot-budget N: a positive integer, or nil.
local function bot_budget_of(v)
  if v == nil then return nil end
  local n = math.tointeger(tonumber(v))
  if not n or n < 1 then bad("--bot-budget: a positive number of nodes expected, got '" .. tostring(v) .. "'") end
  return n
end

local function make_bots(spec, seed, sides, budget)
  local botmod = require "engine.bot"
  local names = {}
  for i, s in ipairs(sides) do names[s] = "rules"; names[i] = nil end
  for part in (spec or ""):gmatch("[^,]+") do
    local side, name = part:match("^([%w_]+)=([^,]+)$")
    if not side then bad("--bots: SIDE=BOT[,SIDE=BOT] expected (BOT: a name or a FILE.lua), got '" .. part .. "'") end
    check_side(side, sides, "--bots")
    names[side] = name
  end
  local bots = {}
  for i, s in ipairs(sides) do
    local b, err = botmod.make(names[s], seed, i, { budget = budget })
    if not b then bad(err) end
    bots[s] = b
  end
  return bots
end

command("run", "run RULESET/SCENARIO | SCENARIO.lua --ruleset NAME | FILE --resume [-o FILE] [--seed N] [--bots A=random,B=random] [--bot-budget N] [--overlay R/NAME]... [--option K=V]... [--deploy players|scenario] [--durability full|normal|off] [--quiet]",
  "play a whole game with bots",
  "Plays the scenario to its end with bots for every side, prints a turn-by-turn\nsummary and the result, and keeps the log in FILE (default: RULESET-SCENARIO-SEED.bitwa).\nBots: rules (the ruleset's own bot module, the default; random where the ruleset\nhas none), greedy (looks one action ahead on copies of the game), random,\nheuristic, or the path of a bot module (FILE.lua).",
  function(args)
    local opts, pos = parse(args, { seed = "value", bots = "value", overlay = "list", option = "list",
      durability = "value", quiet = "flag", o = "value", ["-o"] = { "o" }, ["max-actions"] = "value",
      json = "flag", resume = "flag", deploy = "value", ruleset = "value", ["bot-budget"] = "value" }, "run")
    need(pos, 1, commands.run, 1)
    local g, out, seed
    if opts.resume then
      -- run FILE --resume: continue a game from its log
      out = pos[1]
      g = open_game(out, false)
      seed = g.seed
      -- the bots the game was started with, unless --bots says otherwise
      if not opts.bots and g.log then
        local b = g.log:metas().bots
        if b and b ~= "" then
          -- a bot file the game names is run only from the rulesets or the home
          local ruleset = require "engine.ruleset"
          for name in b:gmatch("=([^,]+)") do
            if (name:find("/") or name:match("%.lua$")) and not ruleset.readable_path(name) then
              bad(out .. ": the game names a bot file outside the rulesets and the bitwa home ('" ..
                name .. "'); give --bots")
            end
          end
          opts.bots = b
        end
        local bb = g.log:metas().bot_budget
        if not opts.bot_budget and bb and bb ~= "" then opts.bot_budget = bb end
      end
    else
      local rs, sc = split_target(pos[1], opts.ruleset)
      seed = seed_of(opts.seed)
      out = opts.o or string.format("%s-%s-%d.bitwa", rs, (sc:match("([^/]+)%.lua$") or sc), seed)
      if present(out) then bad(out .. ": the file exists; choose another name with -o, or continue it with --resume") end
      local ok
      ok, g = pcall(engine().new, { ruleset = rs, scenario = sc, seed = seed,
        overlays = overlays_of(opts.overlay, rs), options = options_of(opts.option), log = out,
        durability = durability_of(opts.durability, "normal"), deploy = opts.deploy, defer_publish = true })
      if not ok then bad(tostring(g)) end
    end
    -- a new game file gets its name only once its bots are known: a bad
    -- --bots leaves no file
    local okbb, budget = pcall(bot_budget_of, opts.bot_budget)
    if not okbb then
      if opts.resume then g:close() else g:discard() end
      error(budget, 0)
    end
    local okb, bots = pcall(make_bots, opts.bots, seed, g.sides, budget)
    if not okb then
      if opts.resume then g:close() else g:discard() end
      error(bots, 0)
    end
    if not opts.resume then note_replay(g.scenario.id or "") end
    if not opts.resume and g.log then
      -- recorded so that --resume plays on with the same bots
      g.log:set_meta("bots", opts.bots or "")
      if budget then g.log:set_meta("bot_budget", tostring(budget)) end
      local okp, perr = pcall(g.publish, g)
      if not okp then bad(tostring(perr)) end
    end
    local runner = require "engine.runner"
    if not opts.quiet and not opts.json then
      util.printf("%s (%s), seed %d, bots: %s\n", g.scenario.title, pos[1], seed,
        (function() local t = {} for _, s in ipairs(g.sides) do t[#t + 1] = s .. "=" .. bots[s].name end return table.concat(t, ", ") end)())
    end
    local per_turn = { actions = 0, rolls = 0 }
    local stats = {}
    local result, err = runner.play(g, bots, {
      stats = stats,
      max_actions = math.tointeger(tonumber(opts.max_actions or "")) or 200000,
      on_action = function(_, r)
        per_turn.actions = per_turn.actions + 1
        per_turn.rolls = per_turn.rolls + #(r.rolls or {})
      end,
      on_turn = function(gg, turn)
        if opts.quiet or opts.json then return end
        local sp = {}
        local ro = require("engine.roles").of(gg)
        for _, s in ipairs(gg.sides) do
          local n, total = 0, 0
          for _, u in ipairs(gg:units_table()) do
            if u.side == s and not ro.marker[u.kind] then n = n + 1; total = total + (u[ro.strength] or 0) end
          end
          sp[#sp + 1] = string.format("%s %d units/%d %s", s, n, total, ro.label)
        end
        util.printf("turn %2d: %3d actions, %3d rolls; %s\n", turn, per_turn.actions, per_turn.rolls, table.concat(sp, ", "))
        per_turn.actions, per_turn.rolls = 0, 0
      end,
    })
    g:close()
    if not result then failure("the game stopped: " .. tostring(err)) end
    if opts.json then
      io.write(json.encode { file = out, result = result, actions = g.n, checksum = g:checksum(),
                             refused = stats.refused, fallbacks = stats.fallbacks }, "\n")
    elseif not opts.quiet then
      util.printf("result: %s\n", result_line(result))
      local by = {}
      for _, k in ipairs(util.sorted_keys(stats.refused_by or {})) do by[#by + 1] = k .. " x" .. stats.refused_by[k] end
      util.printf("bots: %d proposed lines refused%s; %d fallbacks to choosing from the legal actions\n",
        stats.refused, #by > 0 and (" (" .. table.concat(by, ", ") .. ")") or "", stats.fallbacks)
      util.printf("log: %s (%d actions, checksum %s)\n", out, g.n, g:checksum())
    end
    return 0
  end)

command("play", "play FILE [--bot SIDE=BOT]...", "play interactively",
  "A prompt: type an action line (\"move R1 0404\"), or an option when a decision\nis pending.  The position is shown as a summary (turn, phase, who acts, each\nside's units and strength, VP, tracks, the last action); `show UNIT` gives a\nunit's values in the book's terms and its orders, `show --side SIDE` a side's\nunits, `show --all` every value; `actions` the legal orders grouped\n(`actions UNIT`, `actions --all`); `help` the orders of the phase; `last`\nthe last action's events; `undo [N]` takes back the last N actions as\n`bitwa undo` does; `quit`.  At a terminal, lines are edited and\nkept in a history (Up/Down) and Tab completes unit names, hexes and order\nwords (libedit; BITWA_NO_EDIT=1 reads plain lines).  Sides given with --bot\nare played by bots, and every action and answer of theirs is printed.",
  function(args)
    local opts, pos = parse(args, { bot = "list" }, "play")
    need(pos, 1, commands.play, 1)
    local g = open_game(pos[1], false)
    local botmod = require "engine.bot"
    local bots = {}
    for _, b in ipairs(opts.bot or {}) do
      local side, name = b:match("^([%w_]+)=(.+)$")
      if not side then bad("--bot: SIDE=BOT expected (BOT: a name or a FILE.lua)") end
      check_side(side, g.sides, "--bot")
      local idx = 1
      for i, s in ipairs(g.sides) do if s == side then idx = i end end
      local bot, err = botmod.make(name, g.seed, idx)
      if not bot then bad(err) end
      bots[side] = bot
    end
    -- line editing only at a terminal (and with libedit): a pipe reads
    -- plain lines and gets the same text
    local term = bitwa.term
    local edit = term and bitwa.util.isatty(0) and bitwa.util.isatty(1) and os.getenv("BITWA_NO_EDIT") ~= "1"
    local read
    if edit then
      read = function(prompt, complete)
        io.stdout:flush()
        local line = term.readline(util.for_terminal(prompt), complete)
        if line and line:match("%S") then term.add_history(line) end
        return line
      end
    else
      read = function(prompt)
        io.write(prompt)
        io.stdout:flush()
        return io.read("l")
      end
    end
    local cur = g
    local code = require("engine.prompt").run(g, {
      bots = bots, read = read,
      on_game = function(g2) cur = g2 end,
      write = function(text) io.write(text) end,
      error = function(text) io.stderr:write(text) end,
      report = function(r) io.stdout:flush(); report_result(r, false) end,
      show_all = function(gg) print_state(gg) end,
    })
    io.stdout:flush()
    cur:close()
    return code
  end)

command("replay", "replay FILE [--verify] [--json]", "replay a game and verify it",
  "Re-runs the game from its seed and logged decisions (never from a snapshot),\ncomparing every logged row -- each action with its checksum, decision, roll\nand event -- with the replay's, and names the first row that differs, and\nwhich rule modules, tables, scenario or map changed since the game was\nrecorded.  --verify says so in the summary line.",
  function(args)
    local opts, pos = parse(args, { verify = "flag", json = "flag" }, "replay")
    need(pos, 1, commands.replay, 1)
    if not present(pos[1]) then bad(pos[1] .. ": no such game file") end
    local gm = engine()
    local log, err = bitwa.log.open(pos[1], true, "full")
    if not log then bad(err) end
    local total = 0
    for _, a in ipairs(log:actions()) do
      if a.n > 0 then total = total + 1 end
    end
    -- from the seed and the decisions, every row compared with --verify
    local ok, g, rep = pcall(gm._replay, log, pos[1], { readonly = true, stop_on_divergence = false,
                                                         verify = true })
    if not ok then log:close() bad(tostring(g)) end
    g:close()
    -- rule code that kept state outside the game state while replaying
    if not rep.divergence then
      local mok, moved = pcall(require("engine.ruleset").moved, g.rs)
      if not mok or moved then rep.divergence = { n = rep.actions, message = tostring(moved) } end
    end
    if opts.json then
      io.write(json.encode { actions = rep.actions, total = total, divergence = rep.divergence,
        changed = json.array(rep.changed), checksum = g:checksum() }, "\n")
    else
      if #rep.changed > 0 then
        util.printf("changed since the game was recorded:\n")
        for _, c in ipairs(rep.changed) do
          util.printf("  %s %s/%s: %s -> %s\n", c.kind, c.ruleset, c.name, c.was, c.now)
        end
      end
      if rep.divergence then
        util.printf("diverged at action %d: %s\n", rep.divergence.n, rep.divergence.message)
      else
        util.printf("replayed %d of %d actions; final checksum %s%s\n", rep.actions, total, g:checksum(),
          opts.verify and ", every checksum matches and every logged row agrees" or "")
      end
    end
    if rep.divergence then return 1 end
    return 0
  end)

command("test", "test [RULESET | DIR | FILE]... [--filter TEXT] [--json]", "run rules tests",
  "Runs the Lua rules tests of the given rulesets (their tests/ directory),\ndirectories or files; with no argument, those of every ruleset on the search\npath.  A failure names the test file's line.  --filter TEXT runs only the\ntests whose id contains TEXT (\"4.2.1\", \"ride-down\").  Ends with \"N passed,\nN failed\"; --json prints { passed, failed, filtered, failures = [{ id, file,\nline, message }] } instead.  A run in which no test ran exits 1.",
  function(args)
    local opts, pos = parse(args, { filter = "value", json = "flag" }, "test")
    local spec = require "engine.spec"
    local ruleset = require "engine.ruleset"
    local files = {}
    local targets = pos
    if #targets == 0 then
      for _, r in ipairs(ruleset.list()) do targets[#targets + 1] = r.name end
    end
    for _, t in ipairs(targets) do
      if util.is_dir(t) and util.exists(t .. "/ruleset.lua") then
        -- a ruleset's own folder: its tests/, as by its name
        for _, f in ipairs(spec.files(t .. "/tests")) do files[#files + 1] = f end
      elseif util.exists(t) or util.is_dir(t) then
        for _, f in ipairs(spec.files(t)) do files[#files + 1] = f end
      else
        local dir = ruleset.find(t)
        if not dir then bad("test: '" .. t .. "' is neither a file, a directory nor a ruleset") end
        for _, f in ipairs(spec.files(dir .. "/tests")) do files[#files + 1] = f end
      end
    end
    local res = spec.run(files, { filter = opts.filter, quiet = opts.json })
    if opts.json then
      local list = json.array()
      for _, f in ipairs(res.failures) do
        local file, line = (f.where or ""):match("^(.*):(%d+)$")
        list[#list + 1] = { id = f.id, file = file or f.file, line = math.tointeger(tonumber(line)), message = f.message }
      end
      io.write(json.encode { passed = res.passed, failed = res.failed, filtered = res.filtered, failures = list }, "\n")
    end
    -- a run that tested nothing is not a success (a wrong folder, a filter
    -- that matches no test id)
    if res.passed + res.failed == 0 then
      io.stderr:write("bitwa: test: no test ran" .. (opts.filter and " (none matches --filter)" or "") .. "\n")
      return 1
    end
    return res.failed == 0 and 0 or 1
  end)

command("lint", "lint RULESET | RULESET/SCENARIO | [--ruleset NAME] FILE.map | SCENARIO.lua --ruleset NAME ... [--json]",
  "check rulesets, scenarios and maps",
  "Loads each target and reports every problem as file:line: message, all of\nthem at once.  A ruleset is checked with all its scenarios and maps, and each\ncell of a table the manifest gives a `read` function: its printed text must\nmean its effect fields.  A map\nfile uses the terrain of --ruleset NAME (or of the ruleset whose maps/ holds\nit); a scenario file of your own is checked against --ruleset NAME.\n--json prints { ok, problems = [{ file, line, message }] }.",
  function(args)
    local opts, pos = parse(args, { ruleset = "value", json = "flag" }, "lint")
    need(pos, 1, commands.lint)
    local ruleset = require "engine.ruleset"
    local scenario = require "engine.scenario"
    local mapfile = require "engine.mapfile"
    local problems = {}
    local function report(msg)
      for line in tostring(msg):gmatch("[^\n]+") do
        local file, l, m = line:match("^(.-):(%d+): (.*)$")
        if not file then file, m = line:match("^(%S-%.%a+): (.*)$") end
        problems[#problems + 1] = { text = line, file = file, line = math.tointeger(tonumber(l)), message = m or line }
        if not opts.json then util.eprintf("%s\n", line) end
      end
    end
    local function lint_scenario(rs, id)
      local ok2, err = pcall(engine().new, { ruleset = rs, scenario = id, seed = 1 })
      if not ok2 then report(type(err) == "table" and err.message or tostring(err))
      else err:close() end
    end
    for _, t in ipairs(pos) do
      if t:match("%.map$") then
        local text = util.read_file(t)
        if not text then report(t .. ": cannot read") else
          -- a map on its own: the terrain and hexside names of a ruleset
          -- (--ruleset NAME), or those of the ruleset whose maps/ holds it
          local rsname = opts.ruleset or t:match("([^/]+)/maps/[^/]+%.map$")
          local okc, chain = pcall(ruleset.chain, rsname or "")
          if not rsname or not okc then
            report(t .. ": say which ruleset's terrain it uses: bitwa lint --ruleset NAME " .. t)
          else
            local merged = ruleset.merge(chain)
            local m, err = mapfile.parse(text, t, { terrain = merged.terrain, edges = merged.edges })
            if not m then report(err) end
          end
        end
      elseif t:match("%.lua$") then
        if not opts.ruleset then report(t .. ": say which ruleset plays this scenario file: bitwa lint --ruleset NAME " .. t)
        elseif not util.exists(t) then report(t .. ": no such scenario file")
        else
          local ok, rs = pcall(ruleset.load, opts.ruleset)
          if not ok then report(tostring(rs)) else lint_scenario(rs, scenario_file(t)) end
        end
      else
        local rsname, scid = t:match("^([^/]+)/([^/]+)$")
        rsname = rsname or t
        local ok, rs = pcall(ruleset.load, rsname)
        if not ok then report(tostring(rs)) else
          local ids = scid and { scid } or scenario.list(rs)
          for _, id in ipairs(ids) do lint_scenario(rs, id) end
          if not scid then
            for _, mid in ipairs(ruleset.list_files(rs, "maps", ".map")) do
              local ok3, err = pcall(engine().load_map, rs, mid)
              if not ok3 then report(tostring(err)) end
            end
            -- each table cell's printed text against its effect fields
            local okt, rsu = pcall(ruleset.load, rsname, { freeze = false })
            if okt then
              for _, p in ipairs(require("engine.diff").check_tables(rsu)) do report(p) end
            end
          end
        end
      end
    end
    if opts.json then
      local list = json.array()
      for _, p in ipairs(problems) do list[#list + 1] = { file = p.file, line = p.line, message = p.message } end
      io.write(json.encode { ok = #problems == 0, problems = list }, "\n")
      return #problems > 0 and 2 or 0
    end
    if #problems > 0 then
      util.eprintf("%d problem%s\n", #problems, #problems == 1 and "" or "s")
      return 2
    end
    util.printf("ok\n")
    return 0
  end)

command("diff", "diff RULESET[+OVERLAY...] RULESET[+OVERLAY...] [--json]", "show what a variant changes",
  "Lists what B replaces, adds and removes against A: manifest entries, hooks,\nmodules, functions (with the rule numbers their code cites) and tables down to\nthe cell.  Example: bitwa diff skirmish skirmish-plus",
  function(args)
    local opts, pos = parse(args, { json = "flag" }, "diff")
    need(pos, 2, commands.diff, 2)
    local diff = require "engine.diff"
    local ok, rep = pcall(diff.diff, pos[1], pos[2])
    if not ok then bad(tostring(rep)) end
    if opts.json then io.write(json.encode(rep), "\n") else io.write(diff.format(rep)) end
    return 0
  end)

-- The position after action n of a game file (read only).
local function open_at(path, n)
  if not util.exists(path) then bad(path .. ": no such game file") end
  local log, err = bitwa.log.open(path, true)
  if not log then bad(err) end
  local last = 0
  for _, a in ipairs(log:actions()) do last = a.n end
  if n < 0 or n > last then log:close() bad("--at: an action from 0 to " .. last .. " expected, got " .. n) end
  local ok, g, rep = pcall(engine()._replay, log, path, { readonly = true, upto = n })
  if not ok then log:close() bad(tostring(g)) end
  if rep.divergence then g:close() failure(rep.divergence.message) end
  return g
end
M.open_at = open_at

-- image formats that `render -o` refuses to name (it writes SVG)
local RASTER = { png = true, jpg = true, jpeg = true, gif = true, webp = true, bmp = true, tif = true,
                 tiff = true, pdf = true, eps = true }

command("render", "render FILE [-o FILE.svg] [--scale N] [--at N] [--json]", "draw the position as SVG",
  "Opens FILE (from its snapshot, or replayed where its rules changed or with\n--at) and draws the position as an SVG image: terrain, hexsides, place\nnames, counters with their facing, leaders, banners, the units off the map,\nthe turn and the result.  -o names the output (default FILE.svg; a name\nthat says another image format, such as .png, is refused); --scale sets the\nhex size in pixels (default 40); --at N draws the position after action N\n(0 is the setup).",
  function(args)
    local opts, pos = parse(args, { o = "value", ["-o"] = { "o" }, scale = "value", json = "flag", at = "value" }, "render")
    need(pos, 1, commands.render, 1)
    local scale = 40
    if opts.scale then
      scale = tonumber(opts.scale)
      if not scale or scale < 8 or scale > 400 then bad("--scale: a number from 8 to 400 expected") end
    end
    local out = opts.o or (pos[1]:gsub("%.bitwa$", "") .. ".svg")
    -- the drawing is SVG whatever the name: a name that says another
    -- image format would be a file no viewer of that format opens
    local ext = out:match("%.(%w+)$")
    if ext and RASTER[ext:lower()] then
      bad("render writes SVG, not " .. ext:upper() .. ": name the output FILE.svg (-o " ..
        out:gsub("%.%w+$", ".svg") .. ")")
    end
    local g
    if opts.at then
      local n = math.tointeger(tonumber(opts.at))
      if not n then bad("--at: an action number expected, got '" .. opts.at .. "'") end
      g = open_at(pos[1], n)
    else g = open_game(pos[1], true) end
    local ok, err = require("engine.render").write(g, out, { scale = scale })
    g:close()
    if not ok then failure("render: " .. tostring(err)) end
    if opts.json then
      io.write(json.encode { output = out, game = pos[1], ruleset = g.rs.name, scenario = g.scenario.id,
                             turn = g:turn(), actions = g.n, checksum = g:checksum(), over = g:is_over(),
                             result = g:result(), scale = scale }, "\n")
      return 0
    end
    util.printf("%s\n", out)
    return 0
  end)

command("script", "script FILE [ARGS...]", "run a Lua driver script",
  "Runs FILE as trusted Lua with the engine loaded (require \"engine.game\",\n\"engine.runner\", ...): scripted games, batch jobs, experiments.\nThe script's arguments are in the global `arg`; its return value is the exit status.",
  function(args)
    if #args < 1 then bad("script: a file is required") end
    local chunk, err = loadfile(args[1], "t")
    if not chunk then bad(err) end
    local a = {}
    for i = 2, #args do a[#a + 1] = args[i] end
    _G.arg = a
    local r = chunk(table.unpack(a))
    return math.tointeger(r) or 0
  end)

command("help", "help [COMMAND]", "show help", "", function(args)
  local c = args[1] and commands[args[1]]
  if c then
    util.printf("usage: bitwa %s\n\n%s\n", c.usage, c.help ~= "" and c.help or c.summary)
    return 0
  end
  if args[1] then
    local mapfile = require "engine.mapfile"
    bad("help: no command '" .. args[1] .. "'" .. mapfile.did_you_mean(args[1], order) .. " (see bitwa help)")
  end
  util.printf("bitwa %s — a rules engine for hex-and-counter wargames\n\nusage: bitwa COMMAND [ARGS]\n\n", bitwa.version)
  for _, n in ipairs(order) do util.printf("  %-8s %s\n", n, commands[n].summary) end
  util.printf("\nbitwa COMMAND --help shows the options of a command.\n")
  return 0
end)

-- More commands live in lua/engine/commands/NAME.lua: each returns a
-- function(command, lib) that declares its commands with command(...);
-- lib holds the helpers above.
do
  local lib = { parse = parse, bad = bad, failure = failure, need = need, seed_of = seed_of,
                options_of = options_of, split_target = split_target, overlays_of = overlays_of,
                engine = engine, open_game = open_game, open_at = open_at, make_bots = make_bots, bot_budget_of = bot_budget_of,
                result_line = result_line, commands = commands }
  local dir = bitwa.home .. "/lua/engine/commands"
  for _, f in ipairs(util.list_dir(dir)) do
    local name = f:match("^([%w_]+)%.lua$")
    if name then
      local ok, register = pcall(require, "engine.commands." .. name)
      if ok and type(register) == "function" then register(command, lib)
      else io.stderr:write("bitwa: cannot load command module " .. f .. ": " .. tostring(register) .. "\n") end
    end
  end
  -- help and script stay last in the list
  for _, n in ipairs { "script", "help" } do
    for i, m in ipairs(order) do if m == n then table.remove(order, i) break end end
    order[#order + 1] = n
  end
end

function M.main(args)
  util.guard_terminal()
  local name = args[1]
  if not name or name == "--help" or name == "-h" then return commands.help.fn({}) end
  if name == "--version" then util.printf("bitwa %s\n", bitwa.version) return 0 end
  local c = commands[name]
  if not c then
    local mapfile = require "engine.mapfile"
    util.eprintf("bitwa: unknown command '%s'%s (see bitwa help)\n", name, mapfile.did_you_mean(name, order))
    return 2
  end
  local rest = {}
  for i = 2, #args do rest[#rest + 1] = args[i] end
  for _, a in ipairs(rest) do
    if a == "--help" or a == "-h" then return commands.help.fn({ name }) end
  end
  local ok, r = xpcall(c.fn, function(e)
    if type(e) == "table" and (getmetatable(e) == BadInput or getmetatable(e) == Failure or
                               getmetatable(e) == engine().RuleFailure) then return e end
    return debug.traceback(tostring(e), 2)
  end, rest)
  if ok then return r or 0 end
  if type(r) == "table" and getmetatable(r) == BadInput then
    util.eprintf("bitwa: %s\n", r.message)
    return 2
  elseif type(r) == "table" and getmetatable(r) == Failure then
    util.eprintf("bitwa: %s\n", r.message)
    return 1
  elseif type(r) == "table" and getmetatable(r) == engine().RuleFailure then
    util.eprintf("bitwa: the rules failed (%s): %s\n", r.kind, r.message)
    return 1
  end
  util.eprintf("bitwa: internal error: %s\n", tostring(r))
  return 1
end

return M
