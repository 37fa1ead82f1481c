-- Scenario loader.  A scenario is a Lua file of declarations, run in a
-- sandbox; every declaration remembers its line, so that validation
-- errors read "file:line: message":
--
--   scenario { title = "...", map = "skirmish", turns = 6 }
--   scenario { ..., first = 11, turns = 20 }   -- plays turns 11 to 20
--   side { "A", name = "Red" }
--   zone { "A-setup", "0101-0110", "0201" }
--   unit { "R1", side = "A", kind = "infantry", hex = "0303", facing = "SE", sp = 2 }
--   reinforcement { turn = 3, side = "B", at = "1205", units = { "B7", "B8" } }
--   var { "morale.A", 10 }
--   hook { "turn_start", function() ... end }      -- special rules
--   victory { ... }  data { ... }                  -- free data for the rules
--   include "lib/armies"                           -- run scenarios/lib/armies.lua here
--
-- `include "NAME"` runs the file NAME.lua of the scenario's own directory
-- (NAME may name a subdirectory: "lib/armies") in the scenario's sandbox,
-- with the same environment and within the same instruction budget and
-- memory cap, and returns what the file returns (`local C = include
-- "lib/counters"`: the environment takes no new globals), so that
-- scenarios sharing an order of battle keep it in one file.  Its
-- declarations and errors are reported as "NAME.lua:line: message", its
-- text is part of the scenario's hash.
--
-- A scenario may also be given inline, as the table these build.
local util = require "engine.util"
local ruleset = require "engine.ruleset"
local mapfile = require "engine.mapfile"

local sandbox = bitwa.sandbox
local M = {}

local CORE = { name = true, side = true, kind = true, hex = true, facing = true }
-- the fields each declaration takes (a misspelt one is an error with a
-- "did you mean")
local FIELDS = {
  scenario = { "title", "map", "turns", "notes", "options", "first" },
  side = { "name" },
  reinforcement = { "turn", "side", "at", "units" },
}
local hint = mapfile.did_you_mean

-- "0101-0105" -> hexes of one column; "0101" -> { hex }
local function expand_hexes(spec)
  local a, b = tostring(spec):match("^(%d+)%-(%d+)$")
  if a then
    local ha, hb = bitwa.hex.parse(a), bitwa.hex.parse(b)
    if not ha or not hb then return nil, "bad hex range '" .. spec .. "'" end
    if ha.col ~= hb.col or ha.row > hb.row then
      return nil, "hex range '" .. spec .. "' must run down one column"
    end
    local out = {}
    for r = ha.row, hb.row do out[#out + 1] = bitwa.hex.at(ha.col, r) end
    return out
  end
  local h = bitwa.hex.parse(tostring(spec))
  if not h then return nil, "bad hex '" .. tostring(spec) .. "' (CCRR expected)" end
  return { h }
end
M.expand_hexes = expand_hexes

-- At most this many files included within one another.
M.MAX_INCLUDE_DEPTH = 8

-- Run scenario text; name is the file name its messages give
-- ("name:line: message"); dir the directory `include` reads from (nil:
-- the scenario cannot include).  Returns the declarations table.
function M.read_text(rs, text, name, dir)
  local sc = { path = name, rel = name, hash = bitwa.util.hash(text), units = {}, sides = {},
               zones = {}, vars = {}, reinforcements = {}, hooks = {}, data = {},
               errors = {}, decl_file = {} }
  -- included files by the source name Lua gives their chunks (short_src)
  -- -> the name their messages give; the scenario's own file is not here
  local files = {}
  local included = {}        -- { NAME, text } in the order they ran (for the hash)
  local active = {}          -- the includes running now, outermost first
  -- the file and line of the declaration: the frame that called the
  -- declaration function (where -> decl's closure -> the declaration ->
  -- the scenario chunk), or the first one above it running a line when
  -- that is a C function (pcall(unit, {...})); line 0 when no frame is
  -- left (a tail call: return unit {...}).  The file is nil for the
  -- scenario's own file, the included file's name otherwise.
  local function where()
    for level = 3, 200 do
      local src, l = bitwa.util.caller(level)
      if not src then break end
      if l > 0 then return files[src], l end
    end
    return nil, 0
  end
  -- A declaration as plain data: copied with raw access while the
  -- scenario code still runs under its limits, so that validation later
  -- never runs the scenario's metamethods (a loop in an __index would
  -- otherwise run outside the instruction budget).
  local function plain(v, depth)
    if type(v) ~= "table" then return v end
    if depth > 16 then return nil end
    local c = {}
    for k, x in next, v do
      if type(k) ~= "table" then c[k] = plain(x, depth + 1) end
    end
    return c
  end
  local function decl(kind, once)
    return function(t)
      local f, l = where()
      if type(t) == "table" then t = plain(t, 0) end
      if type(t) ~= "table" then
        sc.errors[#sc.errors + 1] = { file = f, line = l, msg = kind .. " { ... } expected" }
        return
      end
      if once and sc[kind] then
        sc.errors[#sc.errors + 1] = { file = f, line = l, msg = kind .. " declared twice (first at " ..
          M.position(sc, sc[kind], f) .. ")" }
        return
      end
      t.line = l
      sc.decl_file[t] = f
      return t
    end
  end
  local env, load_error, closed
  -- include "NAME": run dir/NAME.lua here, in this environment; returns
  -- what the file returns
  local function include(iname)
    if closed then error("include: only while the scenario file runs, not in its hooks", 2) end
    if type(iname) ~= "string" then error("include: a file name expected, got " .. type(iname), 2) end
    local base = iname:gsub("%.lua$", "")
    if not base:match("^[%w_%-/]+$") or base:find("//", 1, true) or base:match("^/") or base:match("/$") then
      error("include: '" .. iname .. "' is not a file name of the scenario's directory " ..
        "(letters, digits, '_', '-', and '/' between directory names)", 2)
    end
    if not dir then error("include: this scenario has no directory to include '" .. iname .. "' from", 2) end
    local path = dir .. "/" .. base .. ".lua"
    local rel = ruleset.relpath(path)
    local chain = { name }
    for _, a in ipairs(active) do chain[#chain + 1] = a end
    for _, a in ipairs(chain) do
      if a == rel then
        error("include: " .. rel .. " includes itself (" .. table.concat(chain, " -> ") .. " -> " .. rel .. ")", 2)
      end
    end
    if #active >= M.MAX_INCLUDE_DEPTH then
      error("include: more than " .. M.MAX_INCLUDE_DEPTH .. " files included within one another", 2)
    end
    local itext = util.read_file(path)
    if not itext then error("include: no file " .. rel, 2) end
    local chunk, cerr = sandbox.load(itext, "@" .. rel, env)
    if not chunk then load_error = cerr; error(cerr, 0) end
    files[debug.getinfo(chunk, "S").short_src] = rel
    included[#included + 1] = { base, itext }
    active[#active + 1] = rel
    local r = table.pack(chunk())
    active[#active] = nil
    return table.unpack(r, 1, r.n)
  end
  env = rs.make_env {
    include = include,
    scenario = function(t) t = decl("scenario", true)(t); if t then sc.scenario = t end end,
    side = function(t) t = decl("side")(t); if t then sc.sides[#sc.sides + 1] = t end end,
    zone = function(t) t = decl("zone")(t); if t then sc.zones[#sc.zones + 1] = t end end,
    unit = function(t) t = decl("unit")(t); if t then sc.units[#sc.units + 1] = t end end,
    var = function(t) t = decl("var")(t); if t then sc.vars[#sc.vars + 1] = t end end,
    reinforcement = function(t) t = decl("reinforcement")(t); if t then sc.reinforcements[#sc.reinforcements + 1] = t end end,
    hook = function(t) t = decl("hook")(t); if t then sc.hooks[#sc.hooks + 1] = t end end,
    victory = function(t) t = decl("victory", true)(t); if t then sc.victory = t end end,
    data = function(t) t = decl("data")(t); if t then
      for _, k in ipairs(util.sorted_keys(t)) do if k ~= "line" then sc.data[k] = t[k] end end end end,
  }
  local chunk, cerr = sandbox.load(text, "@" .. name, env)
  if not chunk then error(cerr, 0) end
  local ok, err = pcall(ruleset.run_rule, chunk)
  closed = true
  if not ok then
    -- an error in an included file: its own file:line, without the line
    -- of the scenario it was included from in front
    if type(err) == "string" and load_error and err:find(load_error, 1, true) then
      err = load_error
    elseif type(err) == "string" then
      for src in next, files do
        local inner = err:match("^.-:%d+: (" .. src:gsub("%p", "%%%0") .. ":%d+: .*)$")
        if inner then err = inner break end
      end
    end
    error(err, 0)
  end
  if #included > 0 then
    local parts = { text }
    for _, f in ipairs(included) do parts[#parts + 1] = f[1] .. "\0" .. f[2] end
    sc.hash = bitwa.util.hash(table.concat(parts, "\0"))
  end
  return sc
end

-- Run the scenario file; returns the declarations table.
function M.read(rs, path)
  local text, err = util.read_file(path)
  if not text then error(path .. ": " .. tostring(err), 0) end
  local sc = M.read_text(rs, text, ruleset.relpath(path), path:match("^(.*)/[^/]*$") or ".")
  sc.path = path
  return sc
end

local function out_rel_prefix(sc) return (sc.rel or "scenario") .. ":" end

-- "line 12" when declaration d is in file `here` (nil: the scenario's own
-- file), "lib/x.lua:12" when it is in another.
function M.position(sc, d, here)
  local f = sc.decl_file and sc.decl_file[d]
  if f == here then return "line " .. tostring(d.line) end
  return (f or sc.rel or "scenario") .. ":" .. tostring(d.line)
end

--[[
Validate the declarations against the ruleset and the map; returns the
scenario in the shape games use, or raises "file:line: message" with
every problem found (one per line of the message).
--]]
function M.validate(rs, sc, mapinfo, map_error)
  -- a scenario file gets every check; an inline table (a rules test's
  -- situation, which may test how the rules refuse a bad setup) is
  -- checked for types only, not for the attributes a kind requires, the
  -- ranges and values the ruleset declares or the units they name
  local strict = sc.rel ~= nil and sc.rel ~= "(inline scenario)"
  local errors = {}
  for _, e in ipairs(sc.errors or {}) do errors[#errors + 1] = e end
  -- at: a declaration (its file and line) or a line of the scenario's own file
  local decl_file = sc.decl_file or {}
  local function err(at, msg)
    if type(at) == "table" then
      errors[#errors + 1] = { file = decl_file[at], line = at.line or 0, msg = msg }
    else
      errors[#errors + 1] = { line = at or 0, msg = msg }
    end
  end
  local head = sc.scenario or {}
  if not sc.scenario then err(0, "missing scenario { title = ..., map = ..., turns = ... }")
  elseif map_error then
    -- the map could not be read: its own errors (FILE:LINE: ...), or the
    -- scenario's line naming it; the rest is checked without the map
    if map_error:match("^[^\n]-:%d+: ") and not map_error:find(out_rel_prefix(sc), 1, true) then
      for line in map_error:gmatch("[^\n]+") do errors[#errors + 1] = { raw = line, line = -1, file = "" } end
    else err(head, map_error) end
  end
  local out = {
    id = sc.id, path = sc.path, rel = sc.rel or "(inline scenario)", hash = sc.hash or "",
    title = head.title or sc.title or "", map = head.map or sc.map, turns = head.turns or sc.turns,
    notes = head.notes, options = head.options or {}, units = {}, zones = {}, vars = {},
    reinforcements = {}, hooks = {}, data = sc.data or {}, victory = sc.victory,
    first = head.first,
  }
  -- names and titles are shown as they are (a terminal, the page, the
  -- SVG): no control characters (C0, DEL, C1: an escape sequence, a line
  -- break), and a unit's name no comma (lists of units are written
  -- A,B,C); where one is found the text is named with them escaped
  local function shown(what, v, l, comma)
    if type(v) ~= "string" then return end
    if v:find("[%z\1-\31\127]") or v:find("\194[\128-\159]") then
      local seen = util.for_terminal(v):gsub("[\n\t]", function(c) return string.format("\\x%02x", c:byte()) end)
      err(l, what .. " '" .. seen .. "'" ..
        ": control characters (an escape sequence, a line break) are not allowed")
    elseif comma and v:find(",", 1, true) then
      err(l, what .. " '" .. v .. "': a comma is not allowed (a list of units is written A,B,C)")
    end
  end
  shown("title", out.title, head)
  if out.turns ~= nil and (math.type(out.turns) ~= "integer" or out.turns < 1) then
    err(head, "turns: a positive integer expected")
    out.turns = nil
  end
  -- first: the number of the first turn (default 1); turns is the last
  -- turn's number, so that a scenario starting later on a shared turn
  -- track gives the track's numbers
  if out.first ~= nil and (math.type(out.first) ~= "integer" or out.first < 1) then
    err(head, "first: a positive integer expected")
    out.first = nil
  elseif out.first ~= nil and out.turns and out.first > out.turns then
    err(head, "first: turn " .. out.first .. " is after the last turn (turns = " .. out.turns .. ")")
  end
  local first_turn = out.first or 1
  if type(out.options) ~= "table" then
    err(head, "options: a table { name = value, ... } expected")
    out.options = {}
  end
  -- unknown fields of the declarations that take named fields
  local function fields(d, what, allowed, skip)
    local set = { line = true }
    for _, f in ipairs(allowed) do set[f] = true end
    for _, k in ipairs(util.sorted_keys(d)) do
      if type(k) == "string" and not set[k] and not (skip and skip[k]) then
        err(d, what .. ": unknown field '" .. k .. "'" .. hint(k, allowed))
      end
    end
  end
  if sc.scenario then fields(sc.scenario, "scenario", FIELDS.scenario) end
  for _, k in ipairs(util.sorted_keys(out.options)) do
    local v, oerr = ruleset.check_option(rs.manifest, k, out.options[k])
    if v == nil then err(head, "options: " .. oerr) else out.options[k] = v end
  end
  -- sides
  local sides, side_ok = {}, {}
  local rs_sides = rs.manifest.sides
  local rs_side = {}
  for _, s in ipairs(rs_sides) do rs_side[s] = true end
  local rs_side_list = table.concat(rs_sides, ", ")
  if #(sc.sides or {}) > 0 then
    for _, s in ipairs(sc.sides) do
      fields(s, "side", FIELDS.side, { [1] = true })
      shown("side", s[1], s)
      shown("side name", s.name, s)
      if type(s[1]) ~= "string" then err(s, "side: an id is required: side { \"A\", name = ... }")
      elseif side_ok[s[1]] then err(s, "side '" .. s[1] .. "' declared twice")
      else
        if not rs_side[s[1]] then
          err(s, "side '" .. s[1] .. "' is not one of ruleset " .. rs.name .. "'s sides (" .. rs_side_list .. ")" ..
            hint(s[1], rs_sides))
        end
        sides[#sides + 1] = s[1]; side_ok[s[1]] = s
      end
    end
    -- the rules are written for the ruleset's sides: every one of them
    -- takes part (a one-side battle would fail inside the rules)
    local missing, foreign = {}, false
    for _, s in ipairs(rs_sides) do if not side_ok[s] then missing[#missing + 1] = s end end
    for _, s in ipairs(sides) do if not rs_side[s] then foreign = true end end
    if #missing > 0 and not foreign then
      err(sc.sides[1], "the scenario declares " .. (#sides == 1 and "one side" or "sides") .. " (" ..
        table.concat(sides, ", ") .. ") but ruleset " .. rs.name .. " plays " .. rs_side_list ..
        ": declare side { \"" .. table.concat(missing, "\" }, side { \"") .. "\" } too")
    elseif foreign then
      err(sc.sides[1], "the scenario's sides (" .. table.concat(sides, ", ") .. ") are not ruleset " .. rs.name ..
        "'s (" .. rs_side_list .. "): play it with the ruleset it was written for")
    end
  else
    for _, s in ipairs(rs.manifest.sides) do sides[#sides + 1] = s; side_ok[s] = { name = s } end
  end
  out.sides = sides
  out.side_names = {}
  for _, s in ipairs(sides) do out.side_names[s] = side_ok[s].name or s end
  -- zones
  local zone_set = {}
  for _, z in ipairs(sc.zones or {}) do
    local name = z[1]
    if type(name) ~= "string" then err(z, "zone: a name is required")
    else
      local hexes, set = {}, {}
      for i = 2, #z do
        local hs, e = expand_hexes(z[i])
        if not hs then err(z, "zone " .. name .. ": " .. e)
        else
          for _, h in ipairs(hs) do
            if mapinfo and not mapinfo:contains(h) then
              err(z, "zone " .. name .. ": hex " .. h.label .. " is not on the map")
            elseif not set[h.key] then set[h.key] = true; hexes[#hexes + 1] = h end
          end
        end
      end
      out.zones[name] = hexes
      zone_set[name] = set
    end
  end
  -- units
  local attrs, decls = {}, {}
  local unit_fields = { "name", "side", "kind", "hex", "facing", "zone", "starts_off_map" }
  for _, a in ipairs(rs.manifest.attributes) do
    attrs[a[1]] = a[2]; decls[a[1]] = a
    unit_fields[#unit_fields + 1] = a[1]
  end
  local kind_list = {}
  for _, k in ipairs(rs.manifest.kinds) do kind_list[#kind_list + 1] = type(k) == "table" and k[1] or k end
  local refs = {}            -- { unit decl, its name, attribute decl, value } checked once every unit is known
  local kinds = {}
  for _, k in ipairs(rs.manifest.kinds) do kinds[type(k) == "table" and k[1] or k] = true end
  local names = {}
  local arriving = {}
  for _, r in ipairs(sc.reinforcements or {}) do
    if type(r.units) == "table" then
      for _, n in ipairs(r.units) do arriving[n] = r end
    end
  end
  for _, u in ipairs(sc.units or {}) do
    local name = u[1] or u.name
    local l = u
    shown("unit", name, l, true)
    if type(name) ~= "string" or name == "" then err(l, "unit: a name is required: unit { \"1/H\", ... }")
    elseif names[name] then
      err(l, "unit '" .. name .. "' declared twice (first at " .. M.position(sc, names[name], decl_file[u]) .. ")")
    else
      names[name] = u
      local v = { name = name, line = u.line, attrs = {} }
      if not side_ok[u.side] then
        err(l, "unit " .. name .. ": side '" .. tostring(u.side) .. "' is not one of " .. table.concat(sides, ", ") ..
          hint(u.side, sides))
      end
      v.side = u.side
      if not kinds[u.kind] then
        err(l, "unit " .. name .. ": kind '" .. tostring(u.kind) .. "' is not one of " .. table.concat(kind_list, ", ") ..
          hint(u.kind, kind_list))
      end
      if strict and type(u.kind) == "string" and kinds[u.kind] then
        local missing = {}
        for _, a in ipairs(rs.manifest.required[u.kind] or {}) do
          if u[a] == nil then missing[#missing + 1] = a end
        end
        if #missing > 0 then
          err(l, "unit " .. name .. ": a " .. u.kind .. " needs " .. table.concat(missing, ", ") ..
            " (ruleset " .. rs.name .. " gives no default for " .. (#missing == 1 and "it" or "them") .. ")")
        end
      end
      v.kind = u.kind
      if u.hex ~= nil then
        local h = bitwa.hex.parse(tostring(u.hex))
        if not h then err(l, "unit " .. name .. ": bad hex '" .. tostring(u.hex) .. "' (CCRR expected)")
        elseif mapinfo and not mapinfo:contains(h) then
          err(l, "unit " .. name .. ": hex " .. h.label .. " is not on the map")
        else v.hex = h end
      elseif not arriving[name] and not u.starts_off_map then
        err(l, "unit " .. name .. ": no hex (give hex = \"CCRR\", list it in a reinforcement, or say starts_off_map = true)")
      end
      if u.zone ~= nil then
        v.zone = u.zone
        if not zone_set[u.zone] then err(l, "unit " .. name .. ": no zone '" .. tostring(u.zone) .. "'" ..
          hint(u.zone, util.sorted_keys(zone_set)))
        elseif v.hex and not zone_set[u.zone][v.hex.key] then
          err(l, "unit " .. name .. ": hex " .. v.hex.label .. " is outside its zone " .. u.zone)
        end
      end
      if u.facing ~= nil then
        v.facing = util.parse_facing(u.facing)
        if not v.facing then err(l, "unit " .. name .. ": bad facing '" .. tostring(u.facing) .. "' (N NE SE S SW NW)") end
      end
      for _, k in ipairs(util.sorted_keys(u)) do
        if type(k) == "string" and not CORE[k] and k ~= "line" and k ~= "zone" and k ~= "starts_off_map" then
          local t = attrs[k]
          local val = u[k]
          local a = decls[k]
          if not t then
            err(l, "unit " .. name .. ": unknown attribute '" .. k .. "'" .. hint(k, unit_fields))
          elseif (t == "int" and math.type(val) ~= "integer")
            or (t == "bool" and type(val) ~= "boolean")
            or (t == "string" and type(val) ~= "string") then
            err(l, "unit " .. name .. ": " .. k .. " must be " ..
              ({ int = "an integer", bool = "true or false", string = "a string" })[t] ..
              ", got " .. tostring(val))
          elseif t == "hex" then
            local h = bitwa.hex.parse(tostring(val))
            if not h then err(l, "unit " .. name .. ": " .. k .. ": bad hex '" .. tostring(val) .. "'")
            else v.attrs[k] = h end
          elseif strict and ((a.min and val < a.min) or (a.max and val > a.max)) then
            err(l, "unit " .. name .. ": " .. k .. " " .. tostring(val) .. " is out of range (" ..
              (a.min and a.max and (a.min .. " to " .. a.max) or a.min and ("at least " .. a.min) or ("at most " .. a.max)) .. ")")
          elseif strict and a.values and (function() for _, x in ipairs(a.values) do if x == val then return false end end return true end)() then
            local vl = {}
            for _, x in ipairs(a.values) do vl[#vl + 1] = string.format("%q", x) end
            err(l, "unit " .. name .. ": " .. k .. " " .. string.format("%q", val) .. " is not one of " ..
              table.concat(vl, ", ") .. hint(val, a.values))
          else
            v.attrs[k] = val
            if strict and a.ref and val ~= "" and val ~= a[3] then refs[#refs + 1] = { u, name, a, val } end
          end
        end
      end
      out.units[#out.units + 1] = v
    end
  end
  -- attributes naming another unit (a leader assignment, a banner's holder)
  local unit_names = {}
  for _, u in ipairs(out.units) do unit_names[#unit_names + 1] = u.name end
  for _, r in ipairs(refs) do
    local u, name, a, val = r[1], r[2], r[3], r[4]
    local target = names[val]
    local want = a.ref.kind and ("a " .. a.ref.kind) or "a unit"
    if not target then
      local cands = {}
      for _, x in ipairs(out.units) do
        if (not a.ref.kind or x.kind == a.ref.kind) then cands[#cands + 1] = x.name end
      end
      err(u, "unit " .. name .. ": " .. a[1] .. " '" .. val .. "' is not " .. want .. " of the scenario" .. hint(val, cands))
    elseif a.ref.kind and target.kind ~= a.ref.kind then
      err(u, "unit " .. name .. ": " .. a[1] .. " '" .. val .. "' is a " .. tostring(target.kind) .. ", not " .. want)
    elseif a.ref.side == "same" and target.side ~= u.side then
      err(u, "unit " .. name .. ": " .. a[1] .. " '" .. val .. "' is of side " .. tostring(target.side) .. ", not " .. tostring(u.side))
    elseif a.ref.side == "other" and target.side == u.side then
      err(u, "unit " .. name .. ": " .. a[1] .. " '" .. val .. "' is of its own side")
    end
  end
  for _, r in ipairs(sc.reinforcements or {}) do
    fields(r, "reinforcement", FIELDS.reinforcement)
    if math.type(r.turn) ~= "integer" or r.turn < first_turn or (out.turns and r.turn > out.turns) then
      err(r, "reinforcement: turn must be an integer from " .. first_turn .. " to " ..
        tostring(out.turns or "the last turn"))
    end
    if not side_ok[r.side] then err(r, "reinforcement: side '" .. tostring(r.side) .. "' is not one of " .. table.concat(sides, ", ")) end
    if r.units ~= nil and type(r.units) ~= "table" then
      err(r, "reinforcement: units must be a list of unit names")
    end
    for _, n in ipairs(type(r.units) == "table" and r.units or {}) do
      if not names[n] then err(r, "reinforcement: no unit '" .. tostring(n) .. "' is declared" .. hint(n, unit_names)) end
    end
    local at = {}
    for _, spec in ipairs(type(r.at) == "table" and r.at or { r.at }) do
      if zone_set[spec] then for _, h in ipairs(out.zones[spec]) do at[#at + 1] = h end
      else
        local hs, e = expand_hexes(spec)
        if not hs then err(r, "reinforcement: " .. e)
        else for _, h in ipairs(hs) do
          if mapinfo and not mapinfo:contains(h) then err(r, "reinforcement: hex " .. h.label .. " is not on the map") end
          at[#at + 1] = h
        end end
      end
    end
    out.reinforcements[#out.reinforcements + 1] = { turn = r.turn, side = r.side, at = at,
                                                    units = type(r.units) == "table" and r.units or {}, line = r.line }
  end
  for _, v in ipairs(sc.vars or {}) do
    if type(v[1]) ~= "string" then err(v, "var: { \"name\", value } expected")
    elseif v[1]:sub(1, 4) == "map." then err(v, "var: the variables 'map.*' are the map's, changed by the rules only")
    else out.vars[#out.vars + 1] = { key = v[1], value = v[2] } end
  end
  for _, h in ipairs(sc.hooks or {}) do
    if type(h[1]) ~= "string" or type(h[2]) ~= "function" then
      err(h, "hook: { \"event\", function ... end } expected")
    else out.hooks[#out.hooks + 1] = { event = h[1], fn = h[2] } end
  end
  if #errors > 0 then
    -- the scenario's own file first, then each included file; by line
    for i, e in ipairs(errors) do e.index = i end
    table.sort(errors, function(a, b)
      if (a.file or "") ~= (b.file or "") then return (a.file or "") < (b.file or "") end
      if a.line ~= b.line then return a.line < b.line end
      return a.index < b.index
    end)
    local lines = {}
    for _, e in ipairs(errors) do lines[#lines + 1] = e.raw or ((e.file or out.rel) .. ":" .. e.line .. ": " .. e.msg) end
    local e = { message = table.concat(lines, "\n"), errors = errors }
    error(setmetatable(e, { __tostring = function(x) return x.message end, __metatable = "scenario errors" }), 0)
  end
  return out
end

-- The map file of the scenario declarations sc (from M.read or an inline
-- table): `map = "ID"` names ID.map in the scenario file's own folder
-- (ID may name a subfolder of it: "maps/ford"), else maps/ID.map of the
-- ruleset chain.  This is the one place a map name is resolved; nothing
-- outside the scenario's folder and the ruleset chain is looked at.
-- Raises "file:line: message" naming the maps there are.
function M.map_path(rs, sc)
  local p, msg = M.find_map(rs, sc)
  if not p then
    error((sc.rel or "scenario") .. ":" .. tostring((sc.scenario or {}).line or 0) .. ": " .. msg, 0)
  end
  return p
end

-- As map_path, but returns nil and the message (without file:line).
function M.find_map(rs, sc)
  local head = sc.scenario or {}
  local id = head.map
  if type(id) ~= "string" then return nil, "scenario { map = \"...\" } is required" end
  if not id:match("^[%w_%-%.]+$") and not id:match("^[%w_%-%.][%w_%-%./]*[%w_%-]$") then
    return nil, "map '" .. id .. "': a map name expected (letters, digits, '-', '_', '/' between folder names)"
  end
  for part in id:gmatch("[^/]+") do
    if part:match("^%.") then return nil, "map '" .. id .. "': a map name expected, not a path out of the folder" end
  end
  local dir = sc.path and sc.path:match("^(.*)/[^/]*$")
  if sc.path and not dir then dir = "." end
  if dir then
    local p = dir .. "/" .. id .. ".map"
    if util.exists(p) then return p end
  end
  local p = not id:find("/", 1, true) and ruleset.find_file(rs, "maps", id, ".map")
  if p then return p end
  local names = ruleset.list_files(rs, "maps", ".map")
  if dir then
    for _, f in ipairs(util.list_dir(dir)) do
      local m = f:match("^(.*)%.map$")
      if m then names[#names + 1] = m end
    end
  end
  return nil, "scenario: no map '" .. id .. "'" .. hint(id, names) .. " (maps: " ..
    (#names > 0 and table.concat(names, ", ") or "none") .. ")"
end

-- The links of a ruleset's chain whose scenarios it plays: a child
-- ruleset plays its parents' scenarios only while its sides are theirs
-- (Legnica, PL against MO, does not play Grunwald's PL against TO).
-- rs: a loaded ruleset or a chain.
function M.scenario_chain(rs)
  local chain = rs.chain or rs
  local sides = {}
  local cur = { "A", "B" }
  for i, link in ipairs(chain) do
    if link.manifest.sides then cur = link.manifest.sides end
    sides[i] = table.concat(cur, ",")
  end
  local out = {}
  for i, link in ipairs(chain) do
    if sides[i] == sides[#chain] then out[#out + 1] = link end
  end
  return out
end

-- The scenario ids a ruleset plays.
function M.list(rs)
  return ruleset.list_files(M.scenario_chain(rs), "scenarios", ".lua")
end

-- The path of scenario `id` in the ruleset chain.
function M.path(rs, id)
  if id:find("/") then
    local p = id:sub(1, 1) == "/" and id or (bitwa.home .. "/" .. id)
    if util.exists(p) then return p end
    return nil, "no scenario file " .. id
  end
  local p = ruleset.find_file({ chain = M.scenario_chain(rs) }, "scenarios", id, ".lua")
  if not p then
    local have = M.list(rs)
    local msg = "ruleset '" .. rs.name .. "' has no scenario '" .. id .. "'" .. hint(id, have) ..
      " (it has: " .. table.concat(have, ", ") .. ")"
    local other = ruleset.find_file(rs, "scenarios", id, ".lua")
    if other then
      msg = msg .. "; " .. ruleset.relpath(other) .. " is written for other sides than " .. rs.name ..
        "'s (" .. table.concat(rs.manifest.sides, ", ") .. ")"
    end
    return nil, msg
  end
  return p
end

return M
