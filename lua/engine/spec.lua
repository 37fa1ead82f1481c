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

local Failure = {}
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
      rs = ruleset.load(opts.ruleset, { overlays = opts.overlays })
      rs_cache[key] = rs
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

-- Run the test files; opts.filter (plain text) keeps the tests whose id
-- contains it, opts.quiet prints nothing (the caller reports).
function M.run(files, opts)
  opts = opts or {}
  local results = { passed = 0, failed = 0, filtered = 0, failures = {}, filter = opts.filter, quiet = opts.quiet }
  local env = M.env(results)
  local function out(s) if not opts.quiet then io.write(s) end end
  for _, path in ipairs(files) do
    results.file = ruleset.relpath(path)
    results.source = "@" .. path
    local chunk, err = loadfile(path, "t", env)
    if not chunk then
      results.failed = results.failed + 1
      results.failures[#results.failures + 1] = { message = tostring(err), file = results.file }
      out("FAIL " .. tostring(err) .. "\n")
    else
      local ok, e = pcall(chunk)
      if not ok then
        results.failed = results.failed + 1
        results.failures[#results.failures + 1] = { message = tostring(e), file = results.file }
        out("FAIL " .. results.file .. ": " .. tostring(e) .. "\n")
      end
    end
  end
  out(string.format("%d passed, %d failed%s\n", results.passed, results.failed,
    opts.filter and string.format(" (%d not matching --filter)", results.filtered) or ""))
  return results
end

return M
