-- The rules-test runner.  A test file is Lua run with these globals:
--   test(id, fn)          one test; its id names the rule or example
--   eq(actual, expected [, what])   ok(cond [, what])
--   refused(result, rule [, what])  a refusal citing `rule`
--   done(result [, what])           an action that went through
--   game{ ruleset=, scenario= (id or inline table), seed=, overlays=,
--         options=, deploy=, dice = {forced totals} }  a game, no log
--   with(g, function(bitwa, rules) ... end)   the rules' own API on game g
-- and the engine modules (json, util, ruleset, game_module).
-- Prints one line per failure, naming the test file's line, and ends
-- with "N passed, N failed".  A filter (plain text) runs only the tests
-- whose id contains it.
local util = require "engine.util"
local json = require "engine.json"
local gamemod = require "engine.game"
local ruleset = require "engine.ruleset"

local M = {}

local Failure = { __metatable = "test failure" }
local getmetatable = debug.getmetatable     -- the real ones
local function fail(msg, level)
  error(setmetatable({ message = msg }, Failure), (level or 1) + 1)
end

local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) == "table" then
    local ok, s = pcall(json.encode, v)
    if ok then return s end
  end
  return tostring(v)
end

-- "FILE:LINE" of the innermost frame of the stack (from level on) that
-- runs the test file `source` ("@path"), or nil.
local function test_line(source, level)
  for l = level, 200 do
    local info = debug.getinfo(l, "Sl")
    if not info then break end
    if info.source == source and info.currentline > 0 then
      return info.short_src:sub(1, 3) == "..." and (source:sub(2) .. ":" .. info.currentline)
        or (info.short_src .. ":" .. info.currentline)
    end
  end
  return nil
end

local function deep_eq(a, b)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  for k, v in next, a do if not deep_eq(v, b[k]) then return false end end
  for k in next, b do if a[k] == nil then return false end end
  return true
end

function M.env(results)
  local env = setmetatable({}, { __index = _G })
  env.json, env.util, env.ruleset, env.game_module = json, util, ruleset, gamemod
  local rs_cache = {}
  function env.test(id, fn)
    -- the id as text now (a test file's code runs under its limits here;
    -- the report is written after them)
    if type(id) ~= "string" then
      if not math.type(id) then error("test: an id (a string) expected, got a " .. type(id), 2) end
      id = tostring(id)
    end
    if results.filter and not tostring(id):find(results.filter, 1, true) then
      results.filtered = results.filtered + 1
      return
    end
    local where
    local ok, err = xpcall(fn, function(e)
      -- the line of the test file where it failed (an eq, a refused, an
      -- error in code the test called)
      where = test_line(results.source, 2)
      if getmetatable(e) == Failure then return e end
      -- stopped by the test file's limits: the message alone
      -- (at the test file's line, wherever inside the engine or the
      -- rules its limits ran out)
      if bitwa.sandbox.killed() then
        local m = getmetatable(e) == gamemod.RuleFailure and e.message or type(e) == "string" and e or ""
        m = m:match("([^:]*)$"):match("^%s*(.-)%s*$")
        if m == "" then m = "stopped (" .. bitwa.sandbox.killed() .. ")" end
        return (where and (where .. ": ") or "") .. m
      end
      return debug.traceback(tostring(e), 2)
    end)
    if ok then results.passed = results.passed + 1
    else
      results.failed = results.failed + 1
      local msg = getmetatable(err) == Failure and err.message or tostring(err)
      where = where or results.file or "?"
      results.failures[#results.failures + 1] = { id = id, message = msg, file = results.file, where = where }
      if not results.quiet then io.write(string.format("FAIL %s [%s]: %s\n", id, where, msg)) end
    end
  end
  -- the rules' API (the `bitwa` of rule code, and `rules`) bound to game g
  -- while f runs: bitwa.unit("1/H").sp, bitwa.units{ side = "A" },
  -- bitwa.hex.distance(...), rules.combat.odds(...); a change made here
  -- (u.sp = 1) sets up a situation, unlogged
  function env.with(g, f)
    local prev = g.rs.bind(g)
    local r = table.pack(pcall(f, g.rs.api, g.rs.rules))
    g.rs.bind(prev)
    if not r[1] then error(r[2], 0) end
    return table.unpack(r, 2, r.n)
  end
  function env.eq(actual, expected, what)
    if not deep_eq(actual, expected) then
      fail((what and (what .. ": ") or "") .. "got " .. show(actual) .. ", expected " .. show(expected), 2)
    end
  end
  function env.ok(cond, what)
    if not cond then fail(what or "condition is false", 2) end
  end
  function env.refused(r, rule, what)
    if type(r) ~= "table" or r.status ~= "refused" then
      fail((what and (what .. ": ") or "") .. "expected a refusal citing " .. tostring(rule) ..
        ", got " .. show(r and r.status) .. (r and r.message and (" (" .. tostring(r.message) .. ")") or ""), 2)
    end
    if rule ~= nil and r.rule ~= rule then
      fail((what and (what .. ": ") or "") .. "refusal cites " .. show(r.rule) .. " (" .. tostring(r.message) ..
        "), expected " .. show(rule), 2)
    end
  end
  function env.done(r, what)
    if type(r) ~= "table" or r.status ~= "done" then
      fail((what and (what .. ": ") or "") .. "expected the action to go through, got " ..
        show(r and r.status) .. ": " .. tostring(r and (r.rule and (r.rule .. " ") or "") .. tostring(r.message)), 2)
    end
  end
  function env.game(opts)
    opts = opts or {}
    local key = tostring(opts.ruleset) .. "+" .. table.concat(opts.overlays or {}, "+")
    local rs = rs_cache[key]
    if not rs then
      rs = ruleset.load(opts.ruleset, { overlays = opts.overlays, watch = true })
      rs_cache[key] = rs
      results.watched[#results.watched + 1] = rs
    end
    local g = gamemod.new { ruleset = rs, scenario = opts.scenario, seed = opts.seed or 1,
                            options = opts.options, log = opts.log, deploy = opts.deploy }
    if opts.dice then g.dice:force(opts.dice) end
    return g
  end
  return env
end

-- Test files under a path: a file, or every *.lua in a directory.
function M.files(target)
  if target:match("%.lua$") then return { target } end
  local out = {}
  for _, f in ipairs(util.list_dir(target)) do
    if f:match("%.lua$") then out[#out + 1] = target .. "/" .. f end
  end
  return out
end

-- A read-only view of engine module m for test code: its functions,
-- called with path-like strings only for files bitwa may read (the
-- home, BITWA_PATH), and no way to change the module.
local issued = {}          -- temporary files handed to sandboxed tests
local function temporary(a)
  return issued[a] or issued[(a:gsub("%-wal$", ""):gsub("%-shm$", ""))] or false
end
local function guarded(m, name)
  local view = {}
  for _, k in ipairs(util.sorted_keys(m)) do
    local v = m[k]
    if type(v) == "function" then
      view[k] = function(...)
        for i = 1, select("#", ...) do
          local a = select(i, ...)
          if type(a) == "string" and a:find("/", 1, true) and not ruleset.readable_path(a) and
             not temporary(a) then
            error(name .. "." .. tostring(k) .. ": '" .. a .. "' is outside the rulesets and the bitwa home", 2)
          end
        end
        return v(...)
      end
    else
      view[k] = v
    end
  end
  -- json's sentinels stay themselves (protected already): json.null in
  -- a test is the null json.decode gives
  return ruleset.freeze(view, { [json.null] = json.null, [json.empty_array] = json.empty_array })
end

-- Test files of a ruleset are modder content: they run in the sandbox
-- rule code runs in (no io, os, debug, package; sorted pairs; no
-- addresses), with the test API, the kernel's hexes, and read-only
-- views of the engine modules tests use.  loadfile and require reach
-- only the home and BITWA_PATH.  The engine's own tests (tests/lua) keep
-- the whole engine.
local TEST_MODULES = { ["engine.render"] = true, ["engine.diff"] = true, ["engine.scenario"] = true,
                       ["engine.bot"] = true, ["engine.roles"] = true, ["engine.odds"] = true,
                       ["engine.json"] = true }
function M.sandbox_env(results)
  local api = M.env(results)
  local views = {}
  -- os: only temporary files of the runner (a logged game in a test),
  -- removed when the tests end
  local tos = {
    tmpname = function()
      local p = os.tmpname()
      issued[p] = true
      return p
    end,
    remove = function(p)
      if type(p) ~= "string" or not temporary(p) then
        error("os.remove: only files made by os.tmpname", 2)
      end
      return os.remove(p)
    end,
  }
  local extras = {
    test = api.test, with = api.with, eq = api.eq, ok = api.ok, refused = api.refused,
    done = api.done, os = ruleset.freeze(tos, {}),
    game = function(opts)
      if type(opts) == "table" and opts.log ~= nil and not (type(opts.log) == "string" and temporary(opts.log)) then
        error("game{ log = }: a path from os.tmpname expected", 2)
      end
      return api.game(opts)
    end,
    json = guarded(json, "json"),
    util = guarded(util, "util"),
    ruleset = guarded(ruleset, "ruleset"),
    game_module = guarded(gamemod, "game_module"),
    bitwa = ruleset.freeze({ home = bitwa.home, version = bitwa.version, hex = bitwa.hex }, {}),
  }
  extras.require = function(name)
    if not TEST_MODULES[name] then
      error("require: tests may use " .. table.concat(util.sorted_keys(TEST_MODULES), ", ") ..
        " (not '" .. tostring(name) .. "')", 2)
    end
    views[name] = views[name] or guarded(require(name), name)
    return views[name]
  end
  local env = bitwa.sandbox.env(extras)
  rawset(env, "loadfile", function(path, mode, e)
    if type(path) ~= "string" or not ruleset.readable_path(path) then
      error("loadfile: '" .. tostring(path) .. "' is outside the rulesets and the bitwa home", 2)
    end
    if mode ~= nil and mode ~= "t" then error("loadfile: text chunks only", 2) end
    local text, err = util.read_file(path)
    if not text then return nil, err end
    return bitwa.sandbox.load(text, "@" .. ruleset.relpath(path), e or env)
  end)
  return env
end

-- The limits of one test file of a ruleset (modder content): instructions
-- (counted for everything the file runs, the rule code its games run
-- included, each action still under its own budget too), CPU seconds
-- (the backstop, as for rule code) and bytes it may add.
M.TEST_BUDGET = 1000000000
M.TEST_CPU = 60
M.TEST_MEMORY = 512 * 1024 * 1024

-- Whether the test file at path is modder content (not the engine's own).
local function sandboxed(path)
  local own = bitwa.home .. "/tests/lua/"
  return not (path:sub(1, #own) == own or path:find("^tests/lua/"))
end

-- Run the test files; opts.filter (plain text) keeps the tests whose id
-- contains it, opts.quiet prints nothing (the caller reports).
function M.run(files, opts)
  opts = opts or {}
  local results = { passed = 0, failed = 0, filtered = 0, failures = {}, filter = opts.filter, quiet = opts.quiet,
                    watched = {} }
  local env, sbenv = M.env(results), nil
  local function out(s) if not opts.quiet then io.write(s) end end
  for _, path in ipairs(files) do
    results.file = ruleset.relpath(path)
    local chunk, err
    if sandboxed(path) then
      sbenv = sbenv or M.sandbox_env(results)
      results.source = "@" .. ruleset.relpath(path)
      local text, rerr = util.read_file(path)
      if text then chunk, err = bitwa.sandbox.load(text, results.source, sbenv)
      else err = path .. ": " .. tostring(rerr) end
    else
      results.source = "@" .. path
      chunk, err = loadfile(path, "t", env)
    end
    if not chunk then
      results.failed = results.failed + 1
      results.failures[#results.failures + 1] = { message = tostring(err), file = results.file }
      out("FAIL " .. tostring(err) .. "\n")
    else
      local ok, e
      if sandboxed(path) then
        -- modder code: the whole file (its tests, the helpers it loads,
        -- the engine work it asks for) runs under the test file's limits
        local sandbox = bitwa.sandbox
        sandbox.outer(M.TEST_BUDGET, M.TEST_CPU, M.TEST_MEMORY)
        local r = table.pack(sandbox.call(chunk))
        if os.getenv("BITWA_TEST_COST") then
          io.stderr:write(string.format("%s: %d instructions\n", results.file, M.TEST_BUDGET - sandbox.outer_left()))
        end
        sandbox.outer(nil)
        ok, e = r[1] == "done", r[2]
        -- an error value rule code made is shown by its type, never by
        -- its own __tostring (rule code, outside the limits here)
        if not ok and type(e) ~= "string" then
          e = math.type(e) and tostring(e) or ((r[5] or "") .. "error object is a " .. type(e) .. " value")
        end
      else
        ok, e = pcall(chunk)
      end
      if not ok then
        results.failed = results.failed + 1
        results.failures[#results.failures + 1] = { message = tostring(e), file = results.file }
        out("FAIL " .. results.file .. ": " .. tostring(e) .. "\n")
      end
    end
    -- state the rules kept outside the game state while this file ran
    for _, rs in ipairs(results.watched) do
      local mok, moved = pcall(ruleset.moved, rs)
      if not mok or moved then
        moved = tostring(moved)
        results.failed = results.failed + 1
        results.failures[#results.failures + 1] = { message = moved, file = results.file }
        out("FAIL " .. results.file .. ": " .. moved .. "\n")
        pcall(ruleset.watch, rs)        -- reported once
      end
    end
  end
  for _, p in ipairs(util.sorted_keys(issued)) do
    os.remove(p); os.remove(p .. "-wal"); os.remove(p .. "-shm")
  end
  issued = {}
  out(string.format("%d passed, %d failed%s\n", results.passed, results.failed,
    opts.filter and string.format(" (%d not matching --filter)", results.filtered) or ""))
  return results
end

return M
