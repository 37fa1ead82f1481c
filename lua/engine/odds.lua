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

-- How many ways n dice of `sides` faces give each total, and sides^n.
M.totals = require("engine.api").totals

-- ---------------------------------------------------------------- outcomes
-- A position as plain values: { units = { [id] = { field = value } },
-- vars = { [name] = value } }, hexes as labels and facings as letters
-- (as Game:unit_table shows them).  hex_slots: the names of the slots of
-- type hex (g.state:slots(), the same for a game and its copies).
-- A live unit's row in one kernel call (st:row: every slot's value as
-- st:get gives it, no hex left out), its hexes then made labels; nil for
-- no live unit.
local function unit_row(st, id, hex_slots)
  local t = st:row(id)
  if t then
    if t.id == nil then t.id = id end
    for i = 1, #hex_slots do
      local k = hex_slots[i]
      local v = t[k]
      if v ~= nil then t[k] = v.label end
    end
    if t.facing and t.facing >= 0 then t.facing = util.FACINGS[t.facing + 1] else t.facing = nil end
  end
  return t
end

-- (from: a snapshot of the position `from_st` held; the units the kernel
-- finds the same in both keep from's rows, the same tables, and only the
-- others are read)
local function snapshot(g, hex_slots, from, from_st)
  local st = g.state
  local units = {}
  local diff = from and st:differing_ids(from_st)
  if diff then
    for id, t in next, from.units do units[id] = t end
    for i = 1, #diff do
      local id = diff[i]
      units[id] = unit_row(st, id, hex_slots)
    end
  else
    for id = 1, st:max_id() do units[id] = unit_row(st, id, hex_slots) end
  end
  local vars = {}
  for _, kv in ipairs(st:vars()) do
    local v = kv[2]
    if require("engine.api").is_sealed_key(kv[1]) then v = nil end -- sealed orders are nobody's to see
    if bitwa.hex.is(v) then v = v.label end
    vars[kv[1]] = v
  end
  return { units = units, vars = vars, diff = diff or nil }
end

local IGNORE_VARS = { phase = true, turn = true }

-- The changes from `before` to `after`, as a list of { key = "UNIT.field"
-- | "var", from =, to = }: units by id, each unit's changed fields by
-- name then the fields it gained, variables by name.  fields: the slot
-- names in order (plain string comparison, no comparator).
local function changes(before, after, fields)
  local out = {}
  -- the units to look at: those the kernel found differing (after.diff,
  -- in id order), else every unit of either
  local ids = after.diff
  if not ids then
    ids = {}
    for id in next, before.units do ids[#ids + 1] = id end
    for id in next, after.units do if not before.units[id] then ids[#ids + 1] = id end end
    table.sort(ids)
  end
  local nf = #fields
  for i = 1, #ids do
    local id = ids[i]
    local a, b = before.units[id], after.units[id]
    if rawequal(a, b) then
      -- the same row (a unit the kernel found unchanged): no change
    elseif a and not b then
      local name = a.name
      out[#out + 1] = { key = name .. ".eliminated", unit = name, field = "eliminated", from = false, to = true }
    elseif b and not a then
      local name = b.name
      out[#out + 1] = { key = name .. ".appears", unit = name, field = "appears", from = false, to = true }
    elseif a and b then
      -- the changed fields in order, then the ones gained in order
      local name, gained = a.name, nil
      for j = 1, nf do
        local k = fields[j]
        local x, y = a[k], b[k]
        if x ~= y then
          if x ~= nil then out[#out + 1] = { key = name .. "." .. k, unit = name, field = k, from = x, to = y }
          else
            gained = gained or {}
            gained[#gained + 1] = { key = name .. "." .. k, unit = name, field = k, from = nil, to = y }
          end
        end
      end
      if gained then for j = 1, #gained do out[#out + 1] = gained[j] end end
    end
  end
  local keys = {}
  for k in next, before.vars do keys[#keys + 1] = k end
  for k in next, after.vars do if before.vars[k] == nil then keys[#keys + 1] = k end end
  table.sort(keys)
  for _, k in ipairs(keys) do
    if not IGNORE_VARS[k] and before.vars[k] ~= after.vars[k] then
      out[#out + 1] = { key = k, var = k, from = before.vars[k], to = after.vars[k] }
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
opts.after: { { side =, line = }... } played in turn once the action is
done, within each dice path (the outcome is the position after the last).
report = { outcomes = { { text, changes, p = {n, d} }... } (by probability),
           marginals = { [key] = { from =, values = { [shown value] = {n, d} } } },
           runs = plays made, leaves = dice paths, line =, side = }

The action is played on an exploring copy (g.explore): a roll whose dice
are not forced stops the play with its classes (api.roll_point), the
totals the rules say lead to the same result.  The play goes on with the
first class; every other class is played again from the start with the
dice so far and its own total forced (a coroutine cannot be copied), so
there is one play per dice path, and one path per class, not per total.
A roll that declares no classes branches on every total.
--]]
--[[
M.enumerate(base, side, line, opts, leaf) -> plays | nil
Plays `line` by `side` on copies of `base` once for every class of every
roll (a roll that declares no classes: once per total), decisions along
the way answered by opts.policy(c, request) (default: the first option),
then opts.after's lines (the phase ended by its sides); each path's end
goes to leaf(c, r, dice, p): c the copy, r the game's answer there (done,
refused, or anything else: the rules failed), dice the totals forced, p
its exact probability { n, d }.  opts.prepare(c): called on each copy
before it plays.  More than opts.max_runs plays (default 200000): an
error, or nil when opts.soft, said as soon as the plays made and the
paths waiting (each one play at least) are more, not after max_runs
plays.  The paths are played shallowest first; the leaves come in that
order (the callers sort the outcomes).
--]]
function M.enumerate(base, side, line, opts, leaf)
  local policy = opts.policy or function(_, req) return req.options[1] end
  local max_runs = opts.max_runs or 200000
  local runs = 0
  -- paths still to play, the shallowest first: { dice = forced totals,
  -- p = probability }, todo[head..tail]
  local todo, head, tail = { { dice = {}, p = { 1, 1 } } }, 1, 1
  -- The plays made (this one counted) and the paths waiting, each one
  -- play at least: more than max_runs is said as soon as it is known,
  -- without playing on (a path that branches early finds the rolls after
  -- it, so the shallowest is played first).
  local function too_many()
    if runs + (tail - head + 1) <= max_runs then return false end
    if opts.soft then return true end
    error("odds: more than " .. max_runs .. " plays; narrow the situation", 0)
  end
  while head <= tail do
    local path = todo[head]
    todo[head] = nil
    head = head + 1
    runs = runs + 1
    if too_many() then return nil end
    local c = base:clone()
    if opts.prepare then opts.prepare(c) end
    local dice, p = path.dice, path.p
    c.dice:force(dice)
    local r = c:act(side, line)
    local after = 0             -- opts.after: the lines played once the action is done
    while true do
      if r.status == "decision" then
        r = c:answer(policy(c, r.request))
      elseif r.status == "roll" then
        local rp = r.roll
        for i = 2, #rp.classes do
          local cl = rp.classes[i]
          local d = { table.unpack(dice) }
          d[#d + 1] = cl.total
          tail = tail + 1
          todo[tail] = { dice = d, p = fmul(p, frac(cl.ways, rp.all)) }
        end
        if too_many() then return nil end
        local first = rp.classes[1]
        dice = { table.unpack(dice) }
        dice[#dice + 1] = first.total
        p = fmul(p, frac(first.ways, rp.all))
        r = c:fall(first.total)
      elseif r.status == "error" and r.kind == "dice" then
        -- a roll made outside bitwa.roll ran out of forced dice: every total
        local n, sides = bitwa.util.dice_wanted()
        local totals, all = M.totals(n, sides)
        for i = 1, #totals do
          local d = { table.unpack(dice) }
          d[#d + 1] = totals[i].total
          tail = tail + 1
          todo[tail] = { dice = d, p = fmul(p, frac(totals[i].ways, all)) }
        end
        if too_many() then return nil end
        break
      elseif r.status == "done" and opts.after and after < #opts.after then
        after = after + 1
        r = c:act(opts.after[after].side, opts.after[after].line)
      else
        leaf(c, r, dice, p)
        break
      end
    end
  end
  return runs
end

-- the outcomes in order of probability, exact ties by their text
function M.sort_outcomes(order)
  table.sort(order, function(a, b)
    local x, y = a.p[1] * b.p[2], b.p[1] * a.p[2]
    if x ~= y then return x > y end
    return a.text < b.text
  end)
end

function M.compute(g, side, line, opts)
  opts = opts or {}
  local base = g:clone()
  base.on_commit = nil
  base.explore = true
  local slots = base.state:slots()
  local fields, hex_slots = {}, {}
  for i, sl in ipairs(slots) do
    fields[i] = sl.name
    if sl.type == "hex" then hex_slots[#hex_slots + 1] = sl.name end
  end
  table.sort(fields)
  local before = snapshot(base, hex_slots)
  local before_ids = {}
  for id in next, before.units do before_ids[#before_ids + 1] = id end
  table.sort(before_ids)
  local leaves = 0
  local by_text, order = {}, {}
  local function record(text, ch, p)
    local o = by_text[text]
    if not o then o = { text = text, changes = ch, p = { 0, 1 } }; by_text[text] = o; order[#order + 1] = o end
    o.p = fadd(o.p, p)
  end
  local function leaf(c, r, dice, p)
    leaves = leaves + 1
    if r.status == "done" then
      local after = snapshot(c, hex_slots, before, base.state)
      local ch = changes(before, after, fields)
      -- derived measures: strength lost by each side ("SP lost by PL", "figures lost by A"), hexes each unit ended from its start
      local lost, lost_sides = {}, {}
      local ro = require("engine.roles").of(base)
      local sk = ro.strength
      for _, id in ipairs(before_ids) do
        local u = before.units[id]
        if type(u[sk]) == "number" and u.side ~= "" and not ro.marker[u.kind] then
          local a = after.units[id]
          if not lost[u.side] then lost_sides[#lost_sides + 1] = u.side end
          lost[u.side] = (lost[u.side] or 0) + u[sk] - ((a and a[sk]) or 0)
        end
      end
      table.sort(lost_sides)
      for _, sd in ipairs(lost_sides) do
        ch[#ch + 1] = { key = ro.label .. " lost by " .. sd, from = 0, to = lost[sd], derived = true, lost_by = sd }
      end
      for _, id in ipairs(before_ids) do
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
      local text = "refused: " .. ((r.rule ~= "" and (r.rule .. " ") or "") .. r.message)
      record(text, {}, p)
      by_text[text].refusal = { rule = r.rule, message = r.message }
    else
      error("odds: the rules failed on dice " .. table.concat(dice, " ") .. ": " .. tostring(r.message), 0)
    end
  end
  local runs = M.enumerate(base, side, line, opts, leaf)
  if not runs then return nil end           -- opts.soft: more than opts.max_runs plays
  M.sort_outcomes(order)
  -- marginals: the distribution of each changed field's final value
  local marg = {}
  for _, o in ipairs(order) do
    for _, c in ipairs(o.changes) do
      marg[c.key] = marg[c.key] or { from = c.from, values = {} }
      local v = show(c.to)
      marg[c.key].values[v] = fadd(marg[c.key].values[v] or { 0, 1 }, o.p)
    end
  end
  -- attributes counted in parts of a point (per = N), for M.plain's whole points
  local per = {}
  local attrs = rawget(base.rs.manifest, "attributes")
  for i = 1, type(attrs) == "table" and rawlen(attrs) or 0 do
    local at = rawget(attrs, i)
    local n = type(at) == "table" and rawget(at, "per")
    if math.type(n) == "integer" and n > 1 and type(rawget(at, 1)) == "string" then per[rawget(at, 1)] = n end
  end
  return { outcomes = order, marginals = marg, runs = runs, leaves = leaves, line = line, side = side, per = per }
end

--[[
M.of_action(g, side, line, opts) -> report | nil, refusal
The exact odds of `line` played by `side` (default: the acting side) on
the position of a live game g, which is not changed (nor its log): for a
bot choosing an attack, or a player before confirming one.  opts as for
compute (policy: the first option unless given).  A game waiting for a
decision, a side that cannot act now or a line the rules refuse on every
path give nil and { status = "refused", rule =, message = }.
--]]
function M.of_action(g, side, line, opts)
  if g.pending then
    return nil, { status = "refused", rule = "", message = "a decision is pending: odds are for a new action" }
  end
  side = side or g:acting_side()
  if side == nil then return nil, { status = "refused", rule = "", message = "no side acts now" } end
  opts = opts or {}
  -- opts.phase_end, in a sealed phase (README: sealed phases): an order
  -- does its work when the phase ends (a volley), so the odds are those
  -- of the phase ended now on the side's own view: its orders, this one
  -- last, and none of the other sides' (they are not its to see), up to
  -- the phase's exit hooks (not the phases after it); the report says so
  -- (phase_end)
  local phase_end = false
  if opts.phase_end and g:is_sealed() and line ~= "end" then
    local view, r = g:view_for(side)
    if not view then return nil, { status = "refused", rule = r.rule or "", message = r.message or "refused" } end
    local after = {}
    for _, s in ipairs(g.sides) do
      if s == side or not g.state:var("phase.done." .. s) then after[#after + 1] = { side = s, line = "end" } end
    end
    local o2 = {}
    for k, v in next, opts do o2[k] = v end
    o2.after = after
    view.halt_after_exit = true   -- the phase's exit hooks, not the phases after it
    g, opts, phase_end = view, o2, true
  end
  local rep = M.compute(g, side, line, opts)
  if not rep then
    return nil, { status = "budget", rule = "budget", message = "more plays than the nodes left" }
  end
  rep.phase_end = phase_end or nil
  local o = rep.outcomes[1]
  if #rep.outcomes == 1 and o.text:sub(1, 9) == "refused: " then
    return nil, { status = "refused", rule = o.refusal.rule, message = o.refusal.message }
  end
  return rep
end

-- A report as plain values for JSON: exact probabilities as "n/d" with
-- integers, and as numbers.
function M.plain(rep)
  local json = require "engine.json"
  local function exact(p) return string.format("%d/%d", p[1], p[2]) end
  local per = rep.per or {}
  local function plainv(v) if v == nil then return json.null end return v end
  local outs = {}
  for i, o in ipairs(rep.outcomes) do
    -- each change on its own: { unit, field } or { var }, from, to (and
    -- from_shown, to_shown in whole points where the attribute counts
    -- parts of one); strength_lost: the strength each side lost
    local chs, lost = {}, {}
    for _, c in ipairs(o.changes or {}) do
      if c.lost_by then lost[c.lost_by] = c.to
      elseif not c.derived then
        local x = { unit = c.unit, field = c.field, var = c.var, from = plainv(c.from), to = plainv(c.to) }
        local n = c.field and per[c.field]
        if n and math.type(c.from) == "integer" then x.from_shown = util.whole(c.from, n) end
        if n and math.type(c.to) == "integer" then x.to_shown = util.whole(c.to, n) end
        chs[#chs + 1] = x
      end
    end
    outs[i] = { outcome = o.text, p = M.float(o.p), exact = exact(o.p), changes = json.array(chs), strength_lost = lost }
  end
  local marg = {}
  for _, k in ipairs(util.sorted_keys(rep.marginals)) do
    local m = rep.marginals[k]
    local vals = {}
    for _, v in ipairs(util.sorted_keys(m.values)) do
      vals[#vals + 1] = { value = v, p = M.float(m.values[v]), exact = exact(m.values[v]) }
    end
    marg[#marg + 1] = { change = k, from = show(m.from), values = json.array(vals) }
  end
  return { action = rep.line, side = rep.side, plays = rep.runs, paths = rep.leaves, phase_end = rep.phase_end,
           outcomes = json.array(outs), marginals = json.array(marg) }
end

function M.format(rep)
  local out = {}
  out[#out + 1] = string.format("%s %s: %d outcomes from %d dice paths (%d plays of the rules)",
    rep.side, rep.line, #rep.outcomes, rep.leaves, rep.runs)
  if rep.phase_end then
    out[#out + 1] = "(a sealed order: what the phase's end does now with " .. rep.side ..
      "'s orders given so far; the other sides' are not counted)"
  end
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
-- A situation file is modder content: it runs in the sandbox under the
-- load budget and memory cap, and what it returns is copied raw (next,
-- rawget: no metamethod runs) into plain tables of strings, numbers and
-- booleans before the engine reads it.
local function plain_copy(v, path, seen, depth)
  local t = type(v)
  if t == "string" or t == "number" or t == "boolean" then return v end
  if t ~= "table" then error(path .. ": a situation holds strings, numbers, booleans and tables (found a " .. t .. ")", 0) end
  if seen[v] then error(path .. ": a situation's tables form a cycle", 0) end
  if depth > 50 then error(path .. ": a situation's tables nest too deeply", 0) end
  seen[v] = true
  local c = {}
  for k, x in next, v do
    local tk = type(k)
    if tk ~= "string" and tk ~= "number" and tk ~= "boolean" then
      error(path .. ": a situation's keys are strings, numbers or booleans (found a " .. tk .. ")", 0)
    end
    c[k] = plain_copy(x, path, seen, depth + 1)
  end
  seen[v] = nil
  return c
end

function M.load_situation(path)
  local ruleset = require "engine.ruleset"
  local text, err = util.read_file(path)
  if not text then error(path .. ": " .. tostring(err), 0) end
  local chunk, cerr = bitwa.sandbox.load(text, "@" .. path, bitwa.sandbox.env())
  if not chunk then error(cerr, 0) end
  local s = ruleset.run_rule(function()
    local v = chunk()
    if type(v) ~= "table" then return v end
    return plain_copy(v, path, {}, 0)
  end)
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
