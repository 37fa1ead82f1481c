-- The `bitwa play` prompt: the position as a compact summary, a unit's
-- values in the book's terms, a side's units, the orders of the phase,
-- what an action did, completion of the words of a line, and the loop
-- that reads lines and lets bots play their sides.  Nothing here knows a
-- title: values come from the manifest's attributes (their doc, per and
-- values) and roles, tracks from its panel, orders from its actions and
-- the rules' legal actions.  The terminal itself (line editing, history,
-- the Tab key) is bitwa.term (tools/term.c, libedit); without a terminal
-- the prompt reads plain lines and prints the same text.
local util = require "engine.util"
local roles = require "engine.roles"
local paths = require "engine.paths"
local actionlist = require "engine.actionlist"

local M = {}

-- v counted in 1/n of a point, in whole points: "6 5/6"
local whole = util.whole
M.whole = whole

-- The manifest's attributes by name: { type, default, doc, per, values, i },
-- and their names in order (list).  The manifest's tables are the
-- ruleset's: read raw, plain values only.
local function attributes(g)
  local rs = g.rs
  if rs.prompt_attributes then return rs.prompt_attributes, rs.prompt_attribute_list end
  local t, list = {}, {}
  for i, a in ipairs(rs.manifest.attributes or {}) do
    local name = type(a) == "table" and rawget(a, 1)
    if type(name) == "string" then
      local doc, per, default = rawget(a, "doc"), rawget(a, "per"), rawget(a, 3)
      local dt = type(default)
      t[name] = { type = rawget(a, 2), default = (dt == "string" or dt == "number" or dt == "boolean") and default or nil,
                  doc = type(doc) == "string" and doc or nil,
                  per = math.type(per) == "integer" and per > 1 and per or nil,
                  values = type(rawget(a, "values")) == "table" or nil, i = i }
      list[#list + 1] = name
    end
  end
  rs.prompt_attributes, rs.prompt_attribute_list = t, list
  return t, list
end

-- An action's declared field, read raw (the manifest is the ruleset's).
local function field(spec, k) return type(spec) == "table" and rawget(spec, k) or nil end

-- A value as people read it: whole points, quoted strings with spaces,
-- "none" for an empty reference.
local function shown(attr, v)
  if v == nil then return "none" end
  if attr and attr.per and math.type(v) == "integer" then return whole(v, attr.per) end
  if type(v) == "string" then
    if v == "" then return "none" end
    if v:find("%s") then return '"' .. v .. '"' end
  end
  return tostring(v)
end

-- Whether a value is the attribute's default (or empty).
local function is_default(attr, v)
  if v == nil or v == false or v == "" then return true end
  return attr ~= nil and v == attr.default
end

local function plural(n, one, many) return n .. " " .. (n == 1 and one or (many or (one .. "s"))) end

-- The side that acts or decides now, or nil.
function M.turn_side(g)
  local req = g:pending_request()
  return req and req.side or g:acting_side()
end

-- The units the game has now: name -> row (units_table).
local function unit_rows(g)
  local by = {}
  for _, u in ipairs(g:units_table()) do by[u.name] = u end
  return by
end

-- The victory points the state holds: side -> n (game.vp.SIDE or vp.SIDE).
local function vp_of(g)
  local vp = {}
  for _, s in ipairs(g.sides) do
    local v = g.state:var("game.vp." .. s)
    if not math.type(v) then v = g.state:var("vp." .. s) end
    if math.type(v) then vp[s] = v end
  end
  return vp
end

-- "turn 1/16, phase A.cavalry_move (2.1): PL to act"
function M.phase_line(g)
  local info = g:phase_info()
  local acting = g:acting_sides()
  local req = g:pending_request()
  local who
  if g:is_over() then who = "the game is over"
  elseif req then who = req.side .. " to decide: " .. req.prompt
  elseif #acting > 0 then who = table.concat(acting, ", ") .. " to act"
  else who = "nobody to act" end
  return string.format("turn %d%s, phase %s%s: %s", g:turn(), g.turns and ("/" .. g.turns) or "", info.name,
    (info.cite and info.cite ~= "") and (" (" .. info.cite .. ")") or "", who)
end

-- One line per side: its field units on the map and their strength, its
-- leaders, its markers, the units off the map, and how many are in each
-- state the roles' states attributes name (condition, dispersed...).
function M.side_lines(g)
  local ro = roles.of(g)
  local attrs = attributes(g)
  local states = {}
  for _, k in ipairs(ro.states) do if attrs[k] then states[#states + 1] = k end end
  local per = {}
  for _, s in ipairs(g.sides) do per[s] = { units = 0, sp = 0, leaders = 0, off = 0, markers = {}, marker_order = {},
                                            states = {} } end
  for _, u in ipairs(g:units_table()) do
    local t = per[u.side]
    if t then
      if ro.marker[u.kind] then
        if not t.markers[u.kind] then t.markers[u.kind] = 0; t.marker_order[#t.marker_order + 1] = u.kind end
        t.markers[u.kind] = t.markers[u.kind] + 1
      elseif not u.hex then t.off = t.off + 1
      elseif ro.leader[u.kind] then t.leaders = t.leaders + 1
      else
        t.units = t.units + 1
        local v = u[ro.strength]
        if math.type(v) then t.sp = t.sp + v end
        for _, k in ipairs(states) do
          local x = u[k]
          if not is_default(attrs[k], x) then
            local key = k .. "\0" .. tostring(x)
            if not t.states[key] then t.states[key] = 0; t.states[#t.states + 1] = { k, tostring(x) } end
            t.states[key] = t.states[key] + 1
          end
        end
      end
    end
  end
  local out = {}
  local sname = ro.strength:upper()
  for _, s in ipairs(g.sides) do
    local t = per[s]
    local parts = { string.format("%s %s", plural(t.units, "unit"), t.sp .. " " .. sname) }
    if t.leaders > 0 then parts[#parts + 1] = plural(t.leaders, "leader") end
    for _, k in ipairs(t.marker_order) do parts[#parts + 1] = k .. " x" .. t.markers[k] end
    if t.off > 0 then parts[#parts + 1] = t.off .. " off the map" end
    for _, st in ipairs(t.states) do
      parts[#parts + 1] = (st[2] == "true" and st[1] or (st[1] .. " " .. st[2])) .. " x" .. t.states[st[1] .. "\0" .. st[2]]
    end
    out[#out + 1] = string.format("%-4s %s", s, table.concat(parts, ", "))
  end
  return out
end

-- The ruleset's tracks (manifest panel) that have a value now.
function M.track_line(g)
  local parts = {}
  local panel = g.rs.manifest.panel
  for i = 1, type(panel) == "table" and rawlen(panel) or 0 do
    local p = rawget(panel, i)
    local label, var = type(p) == "table" and rawget(p, 1), type(p) == "table" and rawget(p, 2)
    if type(label) == "string" and type(var) == "string" then
      local v = g.state:var(var)
      if math.type(v) or type(v) == "string" then parts[#parts + 1] = label .. " " .. tostring(v) end
    end
  end
  return #parts > 0 and table.concat(parts, "; ") or nil
end

--[[
M.describe(g, r, names) -> lines, unit_lines: what an action did, for people: its
rolls (purpose, dice, total), the rules' notes, and per unit what
changed of its hex, facing and the attributes the manifest documents
(doc) or that are its strength or movement role ("Chase-1: hex 1519 ->
1518, mp_left 8 -> 6"); bookkeeping variables and undocumented flags are
left to `last`.  names: id -> unit name before the action (removed units).
unit_lines: those of the lines that are about units.
--]]
M.MAX_UNITS = 8

function M.describe(g, r, names)
  local out = {}
  local attrs = attributes(g)
  local ro = roles.of(g)
  for _, roll in ipairs(r.rolls or {}) do
    out[#out + 1] = string.format("roll %s: %dd%d = %d%s", roll.purpose, roll.n, roll.sides, roll.total,
      roll.forced and " (forced)" or "")
  end
  -- per unit: its hexes in order, and per field the first value it had
  -- and the last it got
  local units, order = {}, {}
  local function name_of(id)
    local u = g:unit_table(id)
    return u and u.name or (names and names[id]) or ("#" .. id)
  end
  local function unit(id)
    local c = units[id]
    if not c then
      c = { hexes = {}, fields = {}, field_order = {} }
      units[id] = c
      order[#order + 1] = id
    end
    return c
  end
  local function field(id, name, was, now)
    local c = unit(id)
    local f = c.fields[name]
    if not f then
      f = { was = was }
      c.fields[name] = f
      c.field_order[#c.field_order + 1] = name
    end
    f.now = now
  end
  for _, e in ipairs(r.events or {}) do
    if type(e) == "string" then
      local sid, fname, now, was = e:match("^#(%d+)%.([%w_]+) = (.-) %(was (.*)%)$")
      local id = sid and math.tointeger(tonumber(sid))
      if id then
        local a = attrs[fname]
        if fname == "hex" then
          local c = unit(id)
          if #c.hexes == 0 then c.hexes[1] = was ~= "none" and was or "off the map" end
          c.hexes[#c.hexes + 1] = now ~= "none" and now or "off the map"
        elseif fname == "facing" then
          local f, w = math.tointeger(tonumber(now)), math.tointeger(tonumber(was))
          field(id, "facing", w and util.FACINGS[w + 1] or was, f and util.FACINGS[f + 1] or now)
        elseif a and (a.doc or fname == ro.strength or fname == ro.movement) then
          local function v(x)
            local n = math.tointeger(tonumber(x))
            if n and a.per then return whole(n, a.per) end
            if x == '""' then return "none" end
            return (x:gsub('^"(.*)"$', "%1"))
          end
          field(id, fname, v(was), v(now))
        end
      elseif e:match("^spawn #%d+$") then
        unit(math.tointeger(tonumber(e:match("#(%d+)")))).placed = true
      elseif e:match("^remove #%d+$") then
        unit(math.tointeger(tonumber(e:match("#(%d+)")))).removed = true
      elseif not e:match("^[%w_%.]+ = .* %(was .*%)$") then
        out[#out + 1] = e
      end
    end
  end
  -- an action that changed many units (a phase's beginning gives every
  -- unit its MP): those that only changed a value are counted, not listed
  local fold = #order > M.MAX_UNITS
  local folded, folded_fields, folded_seen, listed, unit_lines = 0, {}, {}, 0, {}
  for _, id in ipairs(order) do
    local c = units[id]
    local parts = {}
    if fold and #c.hexes == 0 and not c.placed and not c.removed and not c.fields[ro.strength] then
      folded = folded + 1
      for _, k in ipairs(c.field_order) do
        if not folded_seen[k] then folded_seen[k] = true; folded_fields[#folded_fields + 1] = k end
      end
      goto next
    end
    if c.placed then parts[#parts + 1] = "placed" end
    if #c.hexes > 0 then parts[#parts + 1] = table.concat(c.hexes, " -> ") end
    for _, k in ipairs(c.field_order) do
      local f = c.fields[k]
      if f.was ~= f.now then parts[#parts + 1] = k .. " " .. f.was .. " -> " .. f.now end
    end
    if c.removed then parts[#parts + 1] = "removed" end
    if #parts > 0 then
      out[#out + 1] = name_of(id) .. ": " .. table.concat(parts, ", ")
      unit_lines[#unit_lines + 1] = out[#out]
      listed = listed + 1
    end
    ::next::
  end
  if folded > 0 then
    out[#out + 1] = string.format("%s: %s changed (`last` lists them)",
      plural(folded, listed > 0 and "other unit" or "unit"),
      table.concat(folded_fields, ", "))
    unit_lines[#unit_lines + 1] = out[#out]
  end
  return out, unit_lines
end

-- "last: action 12, PL move Chase-1 keep (Chase-1: 1519 -> 1518)"
function M.last_line(g)
  local last = g.last
  if not (last and last.action and last.action.n and last.action.n > 0) then return nil end
  local a = last.action
  local _, units = M.describe(g, { events = last.events }, nil)
  local extra = ""
  if #units > 0 then
    local shown_ = {}
    for i = 1, math.min(#units, 3) do shown_[i] = units[i] end
    extra = " (" .. table.concat(shown_, "; ") .. (#units > 3 and ("; " .. (#units - 3) .. " more") or "") .. ")"
  end
  local side = (type(a.side) == "string" and a.side ~= "") and (a.side .. " ") or ""
  return string.format("last: action %d, %s%s%s", a.n, side, tostring(a.line), extra)
end

-- The position as a few lines: title, turn and phase, the sides, VP,
-- tracks, the last action.
function M.summary(g)
  local out = {}
  out[#out + 1] = string.format("%s (%s/%s), seed %d, %s",
    (g.scenario.title and g.scenario.title ~= "") and g.scenario.title or tostring(g.scenario.id),
    g.rs.name, tostring(g.scenario.id):match("([^/]+)%.lua$") or tostring(g.scenario.id), g.seed,
    plural(g.n, "action"))
  out[#out + 1] = M.phase_line(g)
  for _, l in ipairs(M.side_lines(g)) do out[#out + 1] = "  " .. l end
  local vp = vp_of(g)
  local vps = {}
  for _, s in ipairs(g.sides) do if vp[s] then vps[#vps + 1] = s .. " " .. vp[s] end end
  if #vps > 0 then out[#out + 1] = "VP: " .. table.concat(vps, ", ") end
  local tr = M.track_line(g)
  if tr then out[#out + 1] = "tracks: " .. tr end
  local l = M.last_line(g)
  if l then out[#out + 1] = l end
  if g:is_over() then
    local r = g:result()
    out[#out + 1] = "game over: " .. (r.winner ~= "" and (r.winner .. " wins") or "no winner") ..
      (r.level ~= "" and (" (" .. r.level .. ")") or "") .. (r.reason ~= "" and (" — " .. r.reason) or "")
  end
  return out
end

-- The legal lines naming unit `name`, as `bitwa actions --unit` lists them.
function M.unit_orders(g, name)
  local u = g:unit_table(name)
  if not u or g.pending or g:is_over() then return {} end
  return paths.listing(g, actionlist.of_unit(g, g:legal_actions(), name), { unit = name })
end

-- A unit's values in the book's terms: the attributes the manifest
-- documents (doc) with their meaning, whole points where they count
-- parts of one (per), then its other attributes that are not at their
-- default, then its orders now (grouped).
function M.show_unit(g, name)
  local u = g:unit_table(name)
  if not u then
    local names = {}
    for _, x in ipairs(g:units_table()) do names[#names + 1] = x.name end
    return nil, "no unit '" .. tostring(name) .. "'" .. require("engine.mapfile").did_you_mean(tostring(name), names)
  end
  local attrs = attributes(g)
  local ro = roles.of(g)
  local out = {}
  out[#out + 1] = string.format("%s: %s %s, %s%s", u.name, u.side, u.kind,
    u.hex and ("at " .. u.hex) or "off the map", u.facing and (" facing " .. u.facing) or "")
  local required = {}
  local req = (g.rs.manifest.required or {})[u.kind]
  if type(req) == "table" then
    for i = 1, rawlen(req) do
      local k = rawget(req, i)
      if type(k) == "string" then required[k] = true end
    end
  end
  local rest = {}
  local _, list = attributes(g)
  for _, k in ipairs(list) do
    local at = attrs[k]
    local v = u[k]
    if at.doc and (required[k] or k == ro.strength or k == ro.movement or not is_default(at, v)) then
      out[#out + 1] = string.format("  %-12s %-10s %s", k, shown(at, v), at.doc)
    elseif not at.doc and not is_default(at, v) and k ~= "name" and k ~= "side" and k ~= "kind" then
      rest[#rest + 1] = (v == true) and k or (k .. " " .. shown(at, v))
    end
  end
  if #rest > 0 then out[#out + 1] = "  also: " .. table.concat(rest, ", ") end
  local side = M.turn_side(g)
  if u.side == side and not g.pending then
    local orders = M.unit_orders(g, name)
    if #orders == 0 then out[#out + 1] = "  no order now"
    else
      out[#out + 1] = "  orders now:"
      for _, l in ipairs(actionlist.lines(actionlist.group(g, orders))) do out[#out + 1] = "    " .. l end
    end
  end
  return out
end

-- One line per unit of a side: name, kind, where, its strength and
-- movement left, and its states (attributes with declared values).
function M.show_side(g, side)
  local found = false
  for _, s in ipairs(g.sides) do if s == side then found = true end end
  if not found then
    return nil, "no side '" .. tostring(side) .. "' (sides: " .. table.concat(g.sides, ", ") .. ")"
  end
  local attrs = attributes(g)
  local ro = roles.of(g)
  local out = {}
  local nw, kw = 4, 4
  for _, u in ipairs(g:units_table()) do
    if u.side == side then nw, kw = math.max(nw, #u.name), math.max(kw, #u.kind) end
  end
  for _, u in ipairs(g:units_table()) do
    if u.side == side then
      local parts = {}
      local v = u[ro.strength]
      if math.type(v) and not ro.marker[u.kind] then parts[#parts + 1] = ro.strength .. " " .. v end
      if ro.movement and u.hex and math.type(u[ro.movement]) and not ro.marker[u.kind] then
        parts[#parts + 1] = ro.movement .. " " .. shown(attrs[ro.movement], u[ro.movement])
      end
      for _, k in ipairs(select(2, attributes(g))) do
        if attrs[k].values and not is_default(attrs[k], u[k]) then parts[#parts + 1] = tostring(u[k]) end
      end
      out[#out + 1] = (string.format("  %-" .. nw .. "s %-" .. kw .. "s %-5s %-3s %s", u.name, u.kind, u.hex or "off",
        u.facing or "", table.concat(parts, ", ")):gsub("%s+$", ""))
    end
  end
  table.insert(out, 1, side .. ": " .. plural(#out, "piece"))
  return out
end

-- "move UNIT [keep]" from an action's declared parameters.
local function usage(kind, spec)
  local w = { kind }
  local params = field(spec, "params")
  for i = 1, type(params) == "table" and rawlen(params) or 0 do
    local p = rawget(params, i)
    if type(p) ~= "string" then p = "?" end
    local opt = p:sub(-1) == "?"
    if opt then p = p:sub(1, -2) end
    local t
    if p == "unit" then t = "UNIT"
    elseif p == "units" then t = "UNIT[,UNIT...]"
    elseif p == "hex" then t = "HEX"
    elseif p == "facing" then t = "FACING"
    elseif p == "int" then t = "N"
    elseif p == "side" then t = "SIDE"
    elseif p:sub(1, 7) == "choice:" then t = p:sub(8):gsub(",", "|")
    else t = p:upper() end
    w[#w + 1] = opt and ("[" .. t .. "]") or t
  end
  return table.concat(w, " ")
end
M.usage = usage

-- The orders of the current phase with their usage and how many legal
-- lines each has now; then the prompt's own words.
function M.help(g)
  local out = {}
  local req = g:pending_request()
  if req then
    out[#out + 1] = string.format("%s must decide: %s", req.side, req.prompt)
    out[#out + 1] = "  answer with one of: " .. table.concat(req.options, " | ") ..
      (req.max and (" (from " .. req.min .. " to " .. req.max .. " of them, comma-separated)") or "")
  elseif not g:is_over() then
    local info = g:phase_info()
    local actions = g.rs.manifest.actions
    local count, units = {}, {}
    local where = actionlist.where(g)
    for _, a in ipairs(g:legal_actions()) do
      local k = a.line:match("^(%S+)")
      if k then
        count[k] = (count[k] or 0) + 1
        local first = actionlist.names_in(g, a.line, where)[1]
        if first then
          units[k] = units[k] or { n = 0 }
          if not units[k][first] then units[k][first] = true; units[k].n = units[k].n + 1 end
        end
      end
    end
    out[#out + 1] = string.format("orders in phase %s%s:", info.name,
      (info.cite and info.cite ~= "") and (" (" .. info.cite .. ")") or "")
    local kinds = {}
    for _, k in ipairs(info.kinds) do
      if k == "*" then for _, k2 in ipairs(util.sorted_keys(actions)) do kinds[#kinds + 1] = k2 end
      else kinds[#kinds + 1] = k end
    end
    local rows = {}
    for _, k in ipairs(kinds) do
      local spec = actions[k]
      if spec then
        local n = count[k] or 0
        local text = "none now"
        if n > 0 and units[k] then text = plural(units[k].n, "unit") .. " can now (" .. plural(n, "line") .. ")"
        elseif n > 0 then text = plural(n, "legal line") .. " now" end
        rows[#rows + 1] = { usage(k, spec), text }
        if field(spec, "reach") then
          rows[#rows + 1] = { k .. " UNIT HEX [FACING]", "a path order: the cheapest way there, step by step" }
        end
      end
    end
    rows[#rows + 1] = { "end", "end the phase for your side" }
    local width = 28
    for _, r in ipairs(rows) do width = math.max(width, #r[1]) end
    for _, r in ipairs(rows) do out[#out + 1] = string.format("  %-" .. width .. "s %s", r[1], r[2]) end
  end
  out[#out + 1] = "at this prompt:"
  for _, r in ipairs {
    { "actions [UNIT | --all]", "the legal orders now, grouped; one unit's; every line" },
    { "show [UNIT | --side SIDE | --all]", "the position; a unit's values; a side's units; every value" },
    { "last", "every event of the last action" },
    { "undo [N]", "take back the last N actions (no die rolled, no other side's decision since)" },
    { "help, quit", "" },
  } do out[#out + 1] = string.format("  %-34s %s", r[1], r[2]) end
  out[#out + 1] = "Tab completes unit names, hexes and order words; Up and Down walk the history."
  return out
end

-- ------------------------------------------------------------------ completion

M.COMMANDS = { "actions", "show", "last", "help", "quit" }

--[[
M.completer(g) -> complete(before, word) -> candidates: the words that
may follow `before` (the line up to the word being completed) and begin
with `word`.  The first word: the prompt's commands, the action kinds
legal now and "end", or a pending decision's options; after `show` and
`actions`: unit names, --side and the sides, --all; after an action
kind: the words that come next in the legal lines that begin as typed
(path orders: the hexes the unit can reach; after a hex, the facings).
A unit list (A,B) completes after its comma.  The legal lines are asked
once per position.
--]]
function M.completer(g)
  local cache = { key = nil }
  local function position_key() return tostring(g.n) .. ":" .. tostring(g.pending ~= nil) end
  local function legal()
    if cache.key ~= position_key() then cache = { key = position_key(), units = {} } end
    if not cache.legal then cache.legal = g:legal_actions(M.turn_side(g)) end
    return cache.legal
  end
  local function listing_of(name)
    legal()
    if not cache.units[name] then
      cache.units[name] = paths.listing(g, actionlist.of_unit(g, cache.legal, name), { unit = name })
    end
    return cache.units[name]
  end
  local function unit_names()
    local t = {}
    for _, u in ipairs(g:units_table()) do t[#t + 1] = u.name end
    return t
  end
  return function(before, word)
    local ok, res = pcall(function()
      local words = util.words(before) or {}
      -- "attack A," : the word is a part of a unit list
      local list_prefix = nil
      if before:match(",$") and #words > 0 then list_prefix = table.remove(words) end
      local cands, seen = {}, {}
      local function add(c)
        if type(c) == "string" and c:sub(1, #word) == word and not seen[c] then
          seen[c] = true
          cands[#cands + 1] = c
        end
      end
      local req = g:pending_request()
      if #words == 0 and not list_prefix then
        for _, c in ipairs(M.COMMANDS) do add(c) end
        if req then for _, o in ipairs(req.options) do add(o) end
        elseif not g:is_over() then
          for _, a in ipairs(legal()) do add(a.line:match("^(%S+)")) end
        end
        return cands
      end
      local first = words[1]
      if first == "show" or first == "actions" then
        if words[#words] == "--side" then for _, s in ipairs(g.sides) do add(s) end
        else
          for _, n in ipairs(unit_names()) do add(n) end
          add("--all")
          if first == "show" then add("--side") end
        end
        return cands
      end
      if g:is_over() then return cands end
      if req then
        -- a decision's options of several words ("countercharge K1 P1"):
        -- the word at this place of those that begin as typed
        for _, o in ipairs(req.options) do
          if type(o) == "string" and o:sub(1, #before) == before then add(o:sub(#before + 1):match("^[^%s,]*")) end
        end
        return cands
      end
      -- an action: the next words of the legal lines that begin as typed
      local lines = legal()
      local unit = words[2] or (list_prefix and #words == 1 and nil)
      if unit and not list_prefix then
        for part in unit:gmatch("[^,]+") do unit = part end
        if g:unit_table(unit) then lines = listing_of(unit) end
      end
      local at = #words + 1
      for _, a in ipairs(lines) do
        local w = util.words(a.line) or {}
        local match = #w >= at
        for i = 1, #words do if w[i] ~= words[i] then match = false break end end
        if match then
          local nextw = w[at]
          if list_prefix then
            if nextw:sub(1, #list_prefix) == list_prefix then
              add((nextw:sub(#list_prefix + 1):match("^([^,]+)")))
            end
          elseif nextw:find(",", 1, true) then
            for part in nextw:gmatch("[^,]+") do add(part) end
          else add(nextw) end
        end
      end
      -- a path order's facing: any of them after a hex it may reach
      local spec = g.rs.manifest.actions[first]
      if field(spec, "reach") and at == 4 and not list_prefix and words[3] and bitwa.hex.parse(words[3]) then
        for _, f in ipairs(util.FACINGS) do add(f) end
      end
      return cands
    end)
    if ok then return res end
    return {}
  end
end

-- ------------------------------------------------------------------ the loop

local function ids_to_names(g)
  local t = {}
  for _, u in ipairs(g:units_table()) do t[u.id] = u.name end
  return t
end

-- `undo [N]` at the prompt: the last N actions of the side that played
-- the last one are taken back as `bitwa undo` takes them (no die rolled,
-- no other side's decision since), unless that side is played by a bot
-- here; the game again from the shortened log.  -> the new game and the
-- actions taken back, or nil and why not.
local function take_back(g, n, bots)
  if not g.log then return nil, "this game is kept in no file: nothing to take back" end
  local undo = require "engine.undo"
  local plan, why = undo.plan(g.log, nil, n)
  if not plan then return nil, why end
  if bots[plan.side] then
    return nil, "the last action is " .. plan.side .. "'s, and a bot plays " .. plan.side ..
      " here: a side takes back only its own actions"
  end
  return undo.apply_open(g, plan, g.path), plan.taken
end

--[[
M.run(g, opts): the prompt until the game ends or the input does.
opts.bots: side -> bot (engine.bot); opts.read(prompt, complete) -> a
line or nil; opts.write(text); opts.report(r) -> prints a refusal or an
error (the CLI's); opts.error(text): a bot that failed (default: write).
opts.on_game(g2): an undo replaced the game by g2 (the game from the
shortened log), which the caller then closes instead of g.
Returns the exit status (1 when a bot failed); the caller closes the game.
--]]
function M.run(g, opts)
  local bots = opts.bots or {}
  local write = opts.write
  local function say(lines, indent)
    for _, l in ipairs(lines) do write((indent or "") .. l .. "\n") end
  end
  local complete = M.completer(g)
  local runner = require "engine.runner"
  local stats = {}
  local phase_key = g:turn() .. ":" .. g:phase_index()
  local turn = g:turn()
  say(M.summary(g))
  local function after(r, names)
    if r.status == "refused" or r.status == "error" or r.status == "conflict" then
      opts.report(r)
      return
    end
    say(M.describe(g, r, names), "  ")
  end
  while not g:is_over() do
    local key = g:turn() .. ":" .. g:phase_index()
    if g:turn() ~= turn then
      turn = g:turn()
      phase_key = key
      write("\n")
      say(M.summary(g))
    elseif key ~= phase_key then
      phase_key = key
      write("-- " .. M.phase_line(g) .. "\n")
    end
    local req = g:pending_request()
    local side = M.turn_side(g)
    if side == nil then
      write("nobody can act in phase " .. g:phase_info().name .. "\n")
      break
    end
    if bots[side] then
      local names = ids_to_names(g)
      local r, err
      if req then
        local okb, answer = pcall(bots[side].answer, g, req)
        if not okb then err = "the bot of side " .. side .. " failed: " .. tostring(answer)
        else
          write(string.format("[bot %s] answers %s (%s)\n", side, tostring(answer), req.prompt))
          r = g:answer(answer)
        end
      else
        r, err = runner.bot_action(g, side, bots[side], stats)
        if r and r.action then write(string.format("[bot %s] %s\n", side, r.action.line)) end
      end
      if not r then
        io.stdout:flush();
        (opts.error or write)("bitwa: " .. tostring(err) .. "\n")
        return 1
      end
      after(r, names)
      -- (conflict: the log could not take the action, a full disk: the
      -- bot would only try it again)
      if r.status == "refused" or r.status == "error" or r.status == "conflict" then return 1 end
    else
      local prompt
      if req then prompt = string.format("%s, %s [%s]> ", req.side, req.prompt, table.concat(req.options, " | "))
      else prompt = string.format("turn %d %s, %s> ", g:turn(), g:phase_info().name, side) end
      local line = opts.read(prompt, complete)
      if not line then write("\n") break end
      line = util.trim(line)
      local w = util.words(line) or {}
      local cmd = w[1]
      if line == "" then
      elseif cmd == "quit" or cmd == "q" or cmd == "exit" then break
      elseif cmd == "help" or cmd == "?" then say(M.help(g))
      elseif cmd == "last" then
        local last = g.last
        if last and last.action and last.action.n > 0 then
          write(string.format("action %d, %s %s\n", last.action.n, tostring(last.action.side), tostring(last.action.line)))
          for _, roll in ipairs(last.rolls or {}) do
            write(string.format("  roll %s %dd%d = %d\n", roll.purpose, roll.n, roll.sides, roll.total))
          end
          say(last.events or {}, "  ")
        else write("no action yet\n") end
      elseif cmd == "undo" then
        local n = w[2] == nil and 1 or math.tointeger(tonumber(w[2]))
        if not n or n < 1 or w[3] then
          write("undo [N]: takes back the last N actions (1 by default) of the side that played the last one\n")
        else
          local g2, taken = take_back(g, n, bots)
          if not g2 then write("refused: " .. taken .. "\n")
          else
            g = g2
            if opts.on_game then opts.on_game(g) end
            complete = M.completer(g)
            for _, a in ipairs(taken) do write(string.format("took back action %d: %s %s\n", a.n, a.side, a.line)) end
            turn, phase_key = g:turn(), g:turn() .. ":" .. g:phase_index()
            say(M.summary(g))
          end
        end
      elseif cmd == "show" then
        if w[2] == "--side" then
          local t, err = M.show_side(g, w[3] or side)
          if t then say(t) else write(err .. "\n") end
        elseif w[2] == "--all" then opts.show_all(g)
        elseif w[2] then
          local t, err = M.show_unit(g, w[2])
          if t then say(t) else write(err .. "\n") end
        else say(M.summary(g)) end
      elseif cmd == "actions" then
        if req then
          write(string.format("%s must decide: %s\n", req.side, req.prompt))
          for _, o in ipairs(req.options) do write("  " .. o .. "\n") end
        else
          local legal
          if w[2] and w[2] ~= "--all" then
            if not g:unit_table(w[2]) then
              local _, err = M.show_unit(g, w[2])
              write(err .. "\n")
            else
              local orders = M.unit_orders(g, w[2])
              if #orders == 0 then write("  no order for " .. w[2] .. " now\n") end
              for _, a in ipairs(orders) do write("  " .. a.side .. " " .. a.line .. "\n") end
            end
          else
            legal = paths.listing(g, g:legal_actions())
            if w[2] == "--all" then
              for _, a in ipairs(legal) do write("  " .. a.side .. " " .. a.line .. "\n") end
            else
              local lines = actionlist.lines(actionlist.group(g, legal))
              say(lines, "  ")
              if #lines < #legal then
                write(string.format("  (%d lines grouped into %d: actions --all lists every line, actions UNIT a unit's)\n",
                  #legal, #lines))
              end
            end
          end
        end
      else
        local names = ids_to_names(g)
        local r
        if req then r = g:answer(line) else r = g:try(side, line) end
        after(r, names)
      end
    end
  end
  if g:is_over() then
    write("\n")
    say(M.summary(g))
  end
  return 0
end

return M
