-- Path orders: "KIND UNIT HEX [FACING]" walks a unit to HEX (and FACING)
-- by the ruleset's own one-step actions, one step at a time, so that
-- every step runs through the same rules (and opens the same reaction
-- windows) as when it is given by hand.
--
-- A ruleset offers path orders for an action by naming a reach query in
-- its manifest entry:
--
--   move = { params = {...}, run = "movement.move", reach = "movement.reach" },
--   turn = { params = {...}, run = "movement.turn", check = "movement.check_turn" },
--
-- reach(side, unit [, hex, facing]) -> a list of destinations, or nil,
-- rule, message when the unit cannot move now; given a hex (and facing)
-- it may stop searching once it has the cheapest way there.  A destination is
--   { hex = HEX, facing = F, cost = N, path = { step, ... } }
-- with step = { line = "ACTION ARGS", hex = HEX, facing = F }: an action
-- line of the ruleset's own actions and where the unit stands after it.
-- The first step of every path must be one the rules accept now; cost is
-- an integer (the ruleset's unit: MP, sixths...) and the walker takes the
-- cheapest destination that matches, the first listed among equals.
--
-- check (optional, on a step's action): the same arguments as run; truthy
-- when run would accept them now, else nil, rule, message.  Before every
-- step after the first the walker asks it, and stops the path there when
-- the rules would refuse it; after every step it stops unless the unit
-- stands where the step said (a reaction may have moved, stopped or
-- killed it).  The path form applies only to lines that do not fit the
-- action's own parameters, so a one-step line means what it always did.
local util = require "engine.util"
local ruleset = require "engine.ruleset"

local M = {}

-- Whether word w fits parameter type ptype (syntax only).
local function fits_word(g, ptype, w)
  if ptype == "hex" then
    local h = bitwa.hex.parse(w)
    return h ~= nil and g.map:contains(h)
  elseif ptype == "facing" then return util.parse_facing(w) ~= nil
  elseif ptype == "int" then return math.tointeger(tonumber(w)) ~= nil
  elseif ptype == "side" then
    for _, s in ipairs(g.sides) do if s == w then return true end end
    return false
  elseif ptype:sub(1, 7) == "choice:" then
    for c in ptype:sub(8):gmatch("[^,]+") do if c == w then return true end end
    return false
  end
  return true
end

-- Whether the words (kind first) fit the action's own parameters.
local function fits(g, params, words)
  if #words - 1 > #params then return false end
  for pi, ptype in ipairs(params) do
    local optional = ptype:sub(-1) == "?"
    if optional then ptype = ptype:sub(1, -2) end
    local w = words[pi + 1]
    if w == nil then
      if not optional then return false end
    elseif not fits_word(g, ptype, w) then
      return false
    end
  end
  return true
end

-- Whether `words` are a path order of an action with a reach query: the
-- form KIND UNIT HEX [FACING], and not a line of the action's own form.
function M.is_path(g, spec, words)
  if not spec.reach then return false end
  if #words < 3 or #words > 4 then return false end
  if not fits_word(g, "hex", words[3]) then return false end
  if words[4] and not util.parse_facing(words[4]) then return false end
  return not fits(g, spec.params or {}, words)
end

-- The label of a hex given by rule code (a hex or its label), or nil.
local hex_is = bitwa.hex.is
local function label_of(h)
  if type(h) == "string" then return h end
  if h == nil then return nil end
  if hex_is(h) then return h.label end                 -- the kernel's hex: no call needed
  local ok, l = pcall(function() return h.label end)
  if ok and type(l) == "string" then return l end
  return nil
end

local function integer(v) return math.type(v) == "integer" and v or nil end

-- The destinations reach lists, as plain engine tables:
-- { hex = label, facing = f, cost = n, path = { {line, hex, facing}... } }
-- (entries that are not well formed are skipped).  nil, rule, message
-- when the unit cannot move.  only: a label; only the destinations at
-- that hex are made (a path order needs no other).
function M.destinations(g, spec, side, u, to, facing, only)
  local f = ruleset.hook_function(g.rs, spec.reach)
  local list, rule, why = f(side, u, to, facing)
  if list == nil then return nil, rule, why end
  local out = {}
  if type(list) ~= "table" then return out end
  for i = 1, #list do
    local d = list[i]
    if type(d) == "table" then
      local hex = label_of(d.hex)
      local facing, cost, path
      if hex and (only == nil or hex == only) then facing, cost, path = integer(d.facing), integer(d.cost), d.path end
      if hex and cost and type(path) == "table" then
        local steps, good = {}, true
        for k = 1, #path do
          local s = path[k]
          if type(s) ~= "table" or type(s.line) ~= "string" then good = false break end
          steps[k] = { line = s.line, hex = label_of(s.hex), facing = integer(s.facing) }
          if not steps[k].hex then good = false break end
        end
        if good then out[#out + 1] = { hex = hex, facing = facing, cost = cost, path = steps } end
      end
    end
  end
  return out
end

-- The cheapest destination at label `to` (and facing f when given).
local function best(dests, to, f)
  local b
  for _, d in ipairs(dests) do
    if d.hex == to and (f == nil or d.facing == f) and (b == nil or d.cost < b.cost) then b = d end
  end
  return b
end

-- Run one step line of the path (an action of the ruleset, in its own
-- form).  check_first: ask the action's check before running it; false
-- and the refusal when it would be refused.
local function step(g, side, line, check_first, convert)
  local words = util.words(line)
  if not words or #words == 0 then error("a path step is not an action line: " .. line, 0) end
  local kind = words[1]
  local spec = g.rs.manifest.actions[kind]
  if not spec or not g.phases:allows(g:phase_index(), kind) then
    error("a path step names an action not allowed now: " .. line, 0)
  end
  local args, nparams = convert(g, kind, spec.params or {}, words)
  if check_first and spec.check then
    local ok, rule, why = ruleset.hook_function(g.rs, spec.check)(side, table.unpack(args, 1, nparams))
    if not ok then return false, rule, why end
  end
  ruleset.hook_function(g.rs, spec.run)(side, table.unpack(args, 1, nparams))
  return true
end

-- A line written in the path form KIND UNIT HEX [FACING] (its third word
-- a hex's label) that is no path order and no line of the action's own
-- form either: what is wrong with it as a path order, as the refusal's
-- "argument N (type): message", else nil.  (Without it such a line is
-- refused by the action's own form, as "'9999' is not one of keep" where
-- that form takes a word there.)
function M.form_error(g, spec, words)
  if not spec.reach then return nil end
  if #words < 3 or #words > 4 then return nil end
  local h = bitwa.hex.parse(words[3])
  if h == nil or fits(g, spec.params or {}, words) then return nil end
  if not g.map:contains(h) then return "argument 2 (hex): '" .. words[3] .. "' is not a hex on the map" end
  if words[4] and not util.parse_facing(words[4]) then
    return "argument 3 (facing): '" .. words[4] .. "' is not a facing (N NE SE S SW NW)"
  end
  return nil
end

-- Walk a path order (inside the action, where the game is bound).
-- convert(g, kind, params, words) is the game's argument conversion.
function M.walk(g, side, kind, spec, words, convert)
  local api = g.rs.api
  local u = api.unit(words[2])
  if not u then api.refuse("", kind .. ": no unit '" .. words[2] .. "'") end
  local target = bitwa.hex.parse(words[3])
  local to = target.label
  local f = words[4] and util.parse_facing(words[4]) or nil
  local dests, rule, why = M.destinations(g, spec, side, u, target, f, to)
  if not dests then api.refuse(rule or "", why or (u.name .. " cannot move now")) end
  local d = best(dests, to, f)
  local want = to .. (f and (" facing " .. util.FACINGS[f + 1]) or "")
  if not d then api.refuse(rule or "", u.name .. " has no path it may take to " .. want .. " now") end
  local name = u.name
  if #d.path == 0 then api.refuse("", name .. " is already on " .. want) end
  for k, s in ipairs(d.path) do
    local ok, r, w = step(g, side, s.line, k > 1, convert)
    if not ok then
      api.note(name .. " stops on its way to " .. want .. ": " .. s.line .. ": " ..
        (type(r) == "string" and r or "?") .. ": " .. (type(w) == "string" and w or "refused"))
      return
    end
    local here = u:alive() and u.hex
    if not here or here.label ~= s.hex or (s.facing ~= nil and u.facing ~= s.facing) then
      if k < #d.path then
        api.note(name .. " stops on its way to " .. want .. (here and (" at " .. here.label) or ""))
      end
      return
    end
  end
end

-- The line of a path order to hex label `to` (facing f or nil): "KIND
-- UNIT HEX", or with the facing when the shorter form is the action's own.
local function order_line(g, kind, spec, name, to, f)
  local words = { kind, name, to }
  if f ~= nil then words[4] = util.FACINGS[f + 1] end
  if f == nil and fits(g, spec.params or {}, words) then return nil end
  return table.concat(words, " ")
end
M.order_line = order_line

-- One unit's path orders (run as a query): a line per hex it can reach
-- other than its own (the cheapest way there, in reach's order), and the
-- first steps of all its paths.  Plain strings.
local function unit_listing(g, kind, spec, side, name)
  local u = g.rs.api.unit(name)
  local here = u and u.hex
  local lines, firsts = {}, {}
  if not here then return lines, firsts end
  local cheapest, order = {}, {}
  for _, d in ipairs(M.destinations(g, spec, side, u) or {}) do
    if #d.path > 0 then
      firsts[#firsts + 1] = d.path[1].line
      if d.hex ~= here.label then
        local c = cheapest[d.hex]
        if not c then order[#order + 1] = d.hex end
        if not c or d.cost < c.cost then cheapest[d.hex] = d end
      end
    end
  end
  for _, h in ipairs(order) do
    lines[#lines + 1] = order_line(g, kind, spec, name, h, nil) or order_line(g, kind, spec, name, h, cheapest[h].facing)
  end
  return lines, firsts
end

--[[
listing(g, legal) -> legal actions as people read them: for every unit an
action with a reach query can move, its destinations ("move UNIT HEX",
one line per hex it can reach now, the cheapest way) instead of the
one-step lines its paths start with (every facing of every unit); other
lines stay.  legal: g:legal_actions(...).  Each unit's reach runs as its
own query; a unit whose reach fails keeps its one-step lines.
opts.unit: only that unit's reach is asked (legal: its lines).
--]]
function M.listing(g, legal, opts)
  if g.pending or g:is_over() then return legal end
  local actions = g.rs.manifest.actions
  local kinds = {}
  for _, k in ipairs(g:phase_info().kinds) do
    if k == "*" then
      for _, k2 in ipairs(util.sorted_keys(actions)) do if actions[k2].reach then kinds[#kinds + 1] = k2 end end
    elseif actions[k] and actions[k].reach then
      kinds[#kinds + 1] = k
    end
  end
  if #kinds == 0 then return legal end
  local sides, seen = {}, {}
  for _, a in ipairs(legal) do
    if not seen[a.side] then seen[a.side] = true; sides[#sides + 1] = a.side end
  end
  local drop, dests = {}, {}
  for _, s in ipairs(sides) do
    local names = g:query(function()
      local t = {}
      for _, u in ipairs(g.rs.api.units { side = s }) do
        if u.hex and (not (opts and opts.unit) or u.name == opts.unit) then t[#t + 1] = u.name end
      end
      return t
    end)
    for _, kind in ipairs(kinds) do
      for _, name in ipairs(names) do
        local ok, lines, firsts = pcall(g.query, g, unit_listing, g, kind, actions[kind], s, name)
        if ok and lines then
          for _, l in ipairs(firsts) do drop[s .. "\0" .. l] = true end
          for _, l in ipairs(lines) do dests[#dests + 1] = { side = s, line = l } end
        end
      end
    end
  end
  local out, ends = {}, {}
  for _, a in ipairs(legal) do
    if a.line == "end" then ends[#ends + 1] = a
    elseif not drop[a.side .. "\0" .. a.line] then out[#out + 1] = a end
  end
  for _, a in ipairs(dests) do out[#out + 1] = a end
  for _, a in ipairs(ends) do out[#out + 1] = a end
  return out
end

return M
