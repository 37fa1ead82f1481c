-- The rules-test runner.  A test file is Lua run with these globals:
--   test(id, fn)          one test; its id names the rule or example
--   eq(actual, expected [, what])   ok(cond [, what])
--   refused(result, rule [, what])  a refusal citing `rule`
--   done(result [, what])           an action that went through
--   game{ ruleset=, scenario= (id or inline table), seed=, overlays=,
--         options=, deploy=, dice = {forced totals} }  a game, no log
-- and the engine modules (json, util, ruleset, game_module).
-- Prints one line per failure and ends with "N passed, N failed".
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
    local ok, err = xpcall(fn, function(e)
      if getmetatable(e) == Failure then return e end
      return debug.traceback(tostring(e), 2)
    end)
    if ok then results.passed = results.passed + 1
    else
      results.failed = results.failed + 1
      local msg = getmetatable(err) == Failure and err.message or tostring(err)
      results.failures[#results.failures + 1] = { id = id, message = msg, file = results.file }
      io.write(string.format("FAIL %s [%s]: %s\n", id, results.file or "?", msg))
    end
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

function M.run(files)
  local results = { passed = 0, failed = 0, failures = {} }
  local env = M.env(results)
  for _, path in ipairs(files) do
    results.file = ruleset.relpath(path)
    local chunk, err = loadfile(path, "t", env)
    if not chunk then
      results.failed = results.failed + 1
      io.write("FAIL " .. tostring(err) .. "\n")
    else
      local ok, e = pcall(chunk)
      if not ok then
        results.failed = results.failed + 1
        io.write("FAIL " .. results.file .. ": " .. tostring(e) .. "\n")
      end
    end
  end
  io.write(string.format("%d passed, %d failed\n", results.passed, results.failed))
  return results
end

return M
