-- Exact odds of an action, computed with the real rule code: the action is
-- played on copies of the game with forced dice; when the rules ask for a
-- roll the forced list does not hold, every total of that roll is tried
-- in turn, weighted by how many faces give it.  Decisions along the way
-- are taken by a fixed policy, so the odds are those of the dice alone.
--
-- An outcome is what changed: every unit field and every variable that
-- differs from the position before the action.
local util = require "engine.util"

local M = {}

-- ---------------------------------------------------------------- fractions
local function gcd(a, b)
  while b ~= 0 do a, b = b, a % b end
  return a
end

local function frac(n, d)
  local g = gcd(n, d)
  return { n // g, d // g }
end

local LIMIT = 1 << 52
local function fmul(a, b)
  local g1, g2 = gcd(a[1], b[2]), gcd(b[1], a[2])
  local n, d = (a[1] // g1) * (b[1] // g2), (a[2] // g2) * (b[2] // g1)
  if d > LIMIT or n > LIMIT then error("odds: the probabilities outgrow exact integers", 0) end
  return { n, d }
end

local function fadd(a, b)
  local g = gcd(a[2], b[2])
  local d = a[2] // g * b[2]
  if d > LIMIT then error("odds: the probabilities outgrow exact integers", 0) end
  return frac(a[1] * (d // a[2]) + b[1] * (d // b[2]), d)
end
M.frac, M.fmul, M.fadd = frac, fmul, fadd

function M.float(f) return f[1] / f[2] end

-- How many ways n dice of `sides` faces give each total (n*sides... ).
function M.totals(n, sides)
  local ways = { [0] = 1 }
  for _ = 1, n do
    local nxt = {}
    for t, w in pairs(ways) do
      for f = 1, sides do nxt[t + f] = (nxt[t + f] or 0) + w end
    end
    ways = nxt
  end
  local out = {}
  for t = n, n * sides do if ways[t] then out[#out + 1] = { total = t, ways = ways[t] } end end
  return out, sides ^ n // 1
end

-- ---------------------------------------------------------------- outcomes
local function snapshot(g)
  local units = {}
  for _, u in ipairs(g:units_table()) do units[u.id] = u end
  local vars = {}
  for _, kv in ipairs(g.state:vars()) do
    local v = kv[2]
    if bitwa.hex.is(v) then v = v.label end
    vars[kv[1]] = v
  end
  return { units = units, vars = vars }
end

local IGNORE_VARS = { phase = true, turn = true }

-- The changes from `before` to `after`, as a sorted list of
-- { key = "UNIT.field" | "var", from =, to = }.
local function changes(before, after)
  local out = {}
  local ids = {}
  for id in next, before.units do ids[#ids + 1] = id end
  for id in next, after.units do if not before.units[id] then ids[#ids + 1] = id end end
  table.sort(ids)
  for _, id in ipairs(ids) do
    local a, b = before.units[id], after.units[id]
    local name = (a or b).name
    if a and not b then out[#out + 1] = { key = name .. ".eliminated", from = false, to = true }
    elseif b and not a then out[#out + 1] = { key = name .. ".appears", from = false, to = true }
    else
      for _, k in ipairs(util.sorted_keys(a)) do
        if a[k] ~= b[k] and k ~= "id" then out[#out + 1] = { key = name .. "." .. k, from = a[k], to = b[k] } end
      end
      for _, k in ipairs(util.sorted_keys(b)) do
        if a[k] == nil and b[k] ~= nil then out[#out + 1] = { key = name .. "." .. k, from = nil, to = b[k] } end
      end
    end
  end
  local keys = {}
  for k in next, before.vars do keys[#keys + 1] = k end
  for k in next, after.vars do if before.vars[k] == nil then keys[#keys + 1] = k end end
  table.sort(keys)
  for _, k in ipairs(keys) do
    if not IGNORE_VARS[k] and before.vars[k] ~= after.vars[k] then
      out[#out + 1] = { key = k, from = before.vars[k], to = after.vars[k] }
    end
  end
  return out
end

local function show(v)
  if v == nil then return "nil" end
  if type(v) == "string" then return v == "" and '""' or v end
  return tostring(v)
end

local function outcome_text(ch)
  if #ch == 0 then return "no change" end
  local parts = {}
  for _, c in ipairs(ch) do parts[#parts + 1] = c.key .. " " .. show(c.from) .. "->" .. show(c.to) end
  return table.concat(parts, "; ")
end

-- ---------------------------------------------------------------- enumeration
--[[
M.compute(g, side, line, opts) -> report
g: a game positioned before the action (it is not changed).
opts.policy(g, request) -> option (default: the first option).
opts.max_runs: stop with an error beyond this many plays (default 200000).
report = { outcomes = { { text, changes, p = {n, d} }... } (by probability),
           runs = plays made, leaves = dice paths, refused = {n, d} }
--]]
function M.compute(g, side, line, opts)
  opts = opts or {}
  local policy = opts.policy or function(_, req) return req.options[1] end
  local max_runs = opts.max_runs or 200000
  local base = g:clone()
  base.on_commit = nil
  local before = snapshot(base)
  local runs, leaves = 0, 0
  local by_text, order = {}, {}
  local function record(text, ch, p)
    local o = by_text[text]
    if not o then o = { text = text, changes = ch, p = { 0, 1 } }; by_text[text] = o; order[#order + 1] = o end
    o.p = fadd(o.p, p)
  end
  local function play(prefix, p)
    runs = runs + 1
    if runs > max_runs then error("odds: more than " .. max_runs .. " plays; narrow the situation", 0) end
    local c = base:clone()
    c.dice:force(prefix)
    local r = c:act(side, line)
    while r.status == "decision" do r = c:answer(policy(c, r.request)) end
    if r.status == "error" and r.kind == "dice" then
      local n, sides = bitwa.util.dice_wanted()
      local totals, all = M.totals(n, sides)
      for _, t in ipairs(totals) do
        local next_prefix = { table.unpack(prefix) }
        next_prefix[#next_prefix + 1] = t.total
        play(next_prefix, fmul(p, frac(t.ways, all)))
      end
      return
    end
    leaves = leaves + 1
    if r.status == "done" then
      local after = snapshot(c)
      local ch = changes(before, after)
      -- derived measures: SP lost by each side, hexes each unit ended from its start
      local lost = {}
      for id, u in next, before.units do
        if type(u.sp) == "number" and u.side ~= "" then
          local a = after.units[id]
          lost[u.side] = (lost[u.side] or 0) + u.sp - ((a and a.sp) or 0)
        end
      end
      for _, side in ipairs(util.sorted_keys(lost)) do
        ch[#ch + 1] = { key = "SP lost by " .. side, from = 0, to = lost[side], derived = true }
      end
      for _, id in ipairs(util.sorted_keys(before.units)) do
        local a, b = before.units[id], after.units[id]
        if b and a.hex and b.hex and a.hex ~= b.hex then
          local d = base.map:distance(bitwa.hex.parse(a.hex), bitwa.hex.parse(b.hex))
          ch[#ch + 1] = { key = a.name .. " ends hexes away", from = 0, to = d, derived = true }
        end
      end
      local shown = {}
      for _, x in ipairs(ch) do if not x.derived then shown[#shown + 1] = x end end
      record(outcome_text(shown), ch, p)
    elseif r.status == "refused" then
      record("refused: " .. ((r.rule ~= "" and (r.rule .. " ") or "") .. r.message), {}, p)
    else
      error("odds: the rules failed on dice " .. table.concat(prefix, " ") .. ": " .. tostring(r.message), 0)
    end
  end
  play({}, { 1, 1 })
  table.sort(order, function(a, b)
    local x, y = a.p[1] * b.p[2], b.p[1] * a.p[2]
    if x ~= y then return x > y end
    return a.text < b.text
  end)
  -- marginals: the distribution of each changed field's final value
  local marg = {}
  for _, o in ipairs(order) do
    for _, c in ipairs(o.changes) do
      marg[c.key] = marg[c.key] or { from = c.from, values = {} }
      local v = show(c.to)
      marg[c.key].values[v] = fadd(marg[c.key].values[v] or { 0, 1 }, o.p)
    end
  end
  return { outcomes = order, marginals = marg, runs = runs, leaves = leaves, line = line, side = side }
end

function M.format(rep)
  local out = {}
  out[#out + 1] = string.format("%s %s: %d outcomes from %d dice paths (%d plays of the rules)",
    rep.side, rep.line, #rep.outcomes, rep.leaves, rep.runs)
  out[#out + 1] = ""
  out[#out + 1] = "outcomes:"
  for _, o in ipairs(rep.outcomes) do
    out[#out + 1] = string.format("  %.4f  (%d/%d)  %s", M.float(o.p), o.p[1], o.p[2], o.text)
  end
  out[#out + 1] = ""
  out[#out + 1] = "each change on its own (the rest: unchanged):"
  for _, k in ipairs(util.sorted_keys(rep.marginals)) do
    local m = rep.marginals[k]
    local parts = {}
    for _, v in ipairs(util.sorted_keys(m.values)) do
      parts[#parts + 1] = string.format("%s %.4f", v, M.float(m.values[v]))
    end
    out[#out + 1] = string.format("  %-28s from %s: %s", k, show(m.from), table.concat(parts, ", "))
  end
  return table.concat(out, "\n") .. "\n"
end

-- ---------------------------------------------------------------- situations
--[[
A situation file is Lua returning:
{ ruleset = "grunwald", overlays = { ... }, options = { ... }, seed = 1,
  scenario = <inline scenario table or scenario id>,
  phase = "A.cavalry_attack",      -- play "end" until this phase (optional)
  before = { "move K1", ... },     -- action lines played first (optional, side = acting)
  side = "TO", action = "attack K1,K2 P1",
  policy = "first" | "bot" }       -- how decisions are taken
--]]
function M.load_situation(path)
  local text, err = util.read_file(path)
  if not text then error(path .. ": " .. tostring(err), 0) end
  local chunk, cerr = load(text, "@" .. path, "t", {})
  if not chunk then error(cerr, 0) end
  local ok, s = pcall(chunk)
  if not ok then error(tostring(s), 0) end
  if type(s) ~= "table" then error(path .. ": a situation file returns a table", 0) end
  if type(s.ruleset) ~= "string" or type(s.action) ~= "string" or s.scenario == nil then
    error(path .. ": ruleset, scenario and action are required", 0)
  end
  return s
end

function M.policy(name)
  if name == nil or name == "first" then return function(_, req) return req.options[1] end end
  if name == "bot" then
    local bot = require("engine.bot").rules(1, 1)
    return function(g, req) return bot.answer(g, req) end
  end
  error("odds: policy 'first' or 'bot' expected, got '" .. tostring(name) .. "'", 0)
end

function M.situation_game(s)
  local gm = require "engine.game"
  local g = gm.new { ruleset = s.ruleset, overlays = s.overlays, options = s.options,
                     scenario = s.scenario, seed = s.seed or 1 }
  local policy = M.policy(s.policy)
  local function settle(r)
    while r.status == "decision" do r = g:answer(policy(g, r.request)) end
    return r
  end
  if g.pending then settle({ status = "decision", request = g:pending_request() }) end
  for _ = 1, 64 do
    if not s.phase or g:phase_info().name == s.phase or g:is_over() then break end
    local r = settle(g:act(g:acting_side(), "end"))
    if r.status ~= "done" then error("odds: cannot reach phase " .. s.phase .. ": " .. tostring(r.message), 0) end
  end
  if s.phase and g:phase_info().name ~= s.phase then error("odds: phase " .. s.phase .. " not reached", 0) end
  for _, l in ipairs(s.before or {}) do
    local r = settle(g:act(g:acting_side(), l))
    if r.status ~= "done" then error("odds: '" .. l .. "' failed: " .. tostring(r.message), 0) end
  end
  return g, policy
end

return M
