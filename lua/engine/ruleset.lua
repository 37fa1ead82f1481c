-- The ruleset loader: manifests, `extends` chains, modules, overlays,
-- content hashes, and the read-only view a game runs on.
--
-- rulesets/<name>/ruleset.lua returns the manifest:
--   name, title, system, extends, sides, attributes, kinds, terrain,
--   edges, modules, phases, phase_hooks, actions, hooks, options,
--   renumber, roles, budget, memory.
-- roles names the strength attribute and the leader and marker kinds for
-- the tools (engine/roles.lua); a child's roles replace its parent's key
-- by key.
-- renumber maps the rule numbers the inherited code cites to this book's
-- ({ ["11"] = "10", ["4.2.9"] = "4.2.10" }: a whole chapter or one rule;
-- the longest match wins): refusals and log notes cite this book.  The
-- child's own modules cite their own numbers as "=5.8.2", which is taken
-- as it is.
-- A child inherits everything and adds or replaces: lists (attributes,
-- kinds, terrain, edges, modules) are extended, maps (actions, options)
-- replaced key by key, hooks and phase hooks appended, phases replaced
-- whole when given.  A module file in the child replaces the parent's
-- module of the same name; inside it, inherit() returns a deep copy of
-- the parent's version to change one function or one table cell.
local util = require "engine.util"
local apimod = require "engine.api"
local roles = require "engine.roles"

local sandbox = bitwa.sandbox
local M = {}

M.LOAD_BUDGET = 20000000
M.LOAD_MEMORY = 64 * 1024 * 1024     -- bytes rule code may add while loading

function M.search_path()
  local dirs = {}
  local env = os.getenv("BITWA_PATH")
  if env and env ~= "" then
    for d in env:gmatch("[^:]+") do dirs[#dirs + 1] = d end
  end
  dirs[#dirs + 1] = bitwa.home .. "/rulesets"
  dirs[#dirs + 1] = bitwa.home .. "/tests/fixtures/rulesets"
  return dirs
end

-- A path as people read it: relative to the home when inside it.
function M.relpath(path)
  local home = bitwa.home .. "/"
  if path:sub(1, #home) == home then return path:sub(#home + 1) end
  return path
end

-- Whether a file a game file names (its scenario file, a bot file) is
-- one bitwa may read: once links, "." and ".." are resolved, inside the
-- home or a BITWA_PATH folder.  A game file may come from a stranger;
-- what it names is read only from there.
function M.readable_path(path)
  if type(path) ~= "string" or path == "" then return false end
  if path:sub(1, 1) ~= "/" and not path:find("^%./") then path = bitwa.home .. "/" .. path end
  local real = bitwa.util.realpath(path)
  if not real then return true end      -- nothing there to read: the caller says so
  local roots = M.search_path()
  roots[#roots + 1] = bitwa.home
  for _, d in ipairs(roots) do
    local rd = bitwa.util.realpath(d)
    if rd and (real == rd or real:sub(1, #rd + 1) == rd .. "/") then return true end
  end
  return false
end

function M.find(name)
  if type(name) ~= "string" or not name:match("^[%w_%-%.]+$") then
    return nil, "bad ruleset name '" .. tostring(name) .. "'"
  end
  for _, d in ipairs(M.search_path()) do
    local dir = d .. "/" .. name
    if util.exists(dir .. "/ruleset.lua") then return dir end
  end
  return nil, "no ruleset named '" .. name .. "' (looked in " ..
    table.concat(M.search_path(), ", ") .. ")"
end

function M.list()
  local seen, out = {}, {}
  for _, d in ipairs(M.search_path()) do
    for _, name in ipairs(util.list_dir(d)) do
      if not seen[name] and util.exists(d .. "/" .. name .. "/ruleset.lua") then
        seen[name] = true
        out[#out + 1] = { name = name, dir = d .. "/" .. name }
      end
    end
  end
  return out
end

-- Run f(...) as rule code under the load budget and memory cap; raise a
-- clean error that starts "FILE:LINE: ", FILE being f's: a message
-- that does not (error(msg, 0); an error in a chunk f loaded, in a
-- library, a kill inside the engine's functions) gets in front the
-- line where the error left f's file.  An error value that is not a
-- message is named by its type (its own __tostring is rule code, not
-- run here, outside the budget).
-- Rule code run from rule code (a module's inherit() loads the parent's
-- module) stays within the limits of the outer run.
local loading = false
local function run_rule(f, ...)
  local outer = not loading
  if outer then
    loading = true
    sandbox.budget(M.LOAD_BUDGET)
    sandbox.memory_cap(M.LOAD_MEMORY)
  end
  local r = table.pack(pcall(sandbox.call, f, ...))
  if outer then
    sandbox.memory_cap(nil)
    sandbox.budget(0)
    loading = false
  end
  if not r[1] then error(r[2], 0) end
  r = table.pack(table.unpack(r, 2, r.n))
  if r[1] ~= "done" then
    local err = r[2]
    if apimod.is_refusal(err) or math.type(err) then err = tostring(err)
    elseif type(err) ~= "string" then err = "error object is a " .. type(err) .. " value" end
    local pos = r[5] or ""
    local file = pos:match("^(.-):%d+: $")
    if file and not (err:sub(1, #file + 1) == file .. ":" and err:find("^%d+: ", #file + 2)) then
      err = pos .. err
    end
    error(err, 0)
  end
  return table.unpack(r, 2, r.n)
end
M.run_rule = run_rule

-- Load a data file (manifest) in an empty sandbox: no bitwa, no rules.
local function load_data(path)
  local text, err = util.read_file(path)
  if not text then error(path .. ": " .. tostring(err), 0) end
  local chunk, cerr = sandbox.load(text, "@" .. M.relpath(path), sandbox.env())
  if not chunk then error(cerr, 0) end
  -- what the file returns is rule-made: copied raw (no metamethods) into
  -- plain tables inside the load budget, before the engine reads it
  local rel = M.relpath(path)
  local bad
  local function plain(x, where, seen, depth)
    if bad then return nil end
    local t = type(x)
    if t == "string" or t == "number" or t == "boolean" or t == "function" then return x end
    if t ~= "table" then
      bad = where .. ": a " .. t .. " (a manifest holds strings, numbers, booleans, functions and tables)"
    elseif seen[x] then bad = where .. ": the manifest's tables form a cycle"
    elseif depth > 50 then bad = where .. ": the manifest's tables nest too deeply" end
    if bad then return nil end
    seen[x] = true
    local c = {}
    for k, y in next, x do
      local tk = type(k)
      if tk ~= "string" and tk ~= "number" and tk ~= "boolean" then
        bad = where .. ": a key of type " .. tk .. " (keys are strings, numbers or booleans)"
        return nil
      end
      c[k] = plain(y, where .. (tk == "string" and ("." .. k) or ("[" .. tostring(k) .. "]")), seen, depth + 1)
    end
    seen[x] = nil
    return c
  end
  local v = run_rule(function()
    local r = chunk()
    if type(r) ~= "table" then return r end
    return plain(r, "manifest", {}, 0)
  end)
  if bad then error(rel .. ": " .. bad, 0) end
  if type(v) ~= "table" then error(rel .. ": must return a table", 0) end
  return v, text
end

local LIST_FIELDS = { "attributes", "kinds", "terrain", "edges", "modules", "sides" }

-- The fields a manifest, an attribute, an option and a table entry take:
-- an unknown one that is a likely misspelling of one of them is an error
-- with a "did you mean" (another unknown field is left alone: a newer
-- field, or data of the ruleset's own).
local MANIFEST_FIELDS = { "name", "title", "system", "extends", "version", "sides", "attributes", "kinds",
  "terrain", "edges", "modules", "phases", "phase_hooks", "actions", "hooks", "options", "renumber",
  "budget", "memory", "required", "tables", "roles", "panel" }
local ATTRIBUTE_FIELDS = { "min", "max", "values", "ref", "per", "doc", "label" }
local OPTION_FIELDS = { "default", "values", "doc", "min", "max" }
local TABLE_FIELDS = { "title", "row", "column", "row_labels", "column_labels", "read" }

local function check_manifest(m, path)
  local function bad(msg) error(M.relpath(path) .. ": " .. msg, 0) end
  local function fields(t, allowed, what)
    local set = {}
    for _, f in ipairs(allowed) do set[f] = true end
    for _, k in ipairs(util.sorted_keys(t)) do
      local close = type(k) == "string" and not set[k] and require("engine.mapfile").suggest(k, allowed)
      if close then
        bad((what and (what .. ": ") or "") .. "unknown field '" .. k .. "' (did you mean '" .. close .. "'?)")
      end
    end
  end
  fields(m, MANIFEST_FIELDS)
  for i, a in ipairs(type(m.attributes) == "table" and m.attributes or {}) do
    if type(a) == "table" then fields(a, ATTRIBUTE_FIELDS, "attributes[" .. i .. "]") end
  end
  for _, k in ipairs(util.sorted_keys(type(m.options) == "table" and m.options or {})) do
    if type(m.options[k]) == "table" then fields(m.options[k], OPTION_FIELDS, "options." .. tostring(k)) end
  end
  for _, k in ipairs(util.sorted_keys(type(m.tables) == "table" and m.tables or {})) do
    if type(m.tables[k]) == "table" then fields(m.tables[k], TABLE_FIELDS, "tables[\"" .. tostring(k) .. "\"]") end
  end
  if type(m.name) ~= "string" then bad("field 'name' (string) is required") end
  for _, f in ipairs(LIST_FIELDS) do
    if m[f] ~= nil and type(m[f]) ~= "table" then bad("field '" .. f .. "' must be a list") end
  end
  for i, a in ipairs(m.attributes or {}) do
    if type(a) ~= "table" or type(a[1]) ~= "string" or type(a[2]) ~= "string" then
      bad("attributes[" .. i .. "]: { name, type, default } expected")
    end
  end
  for i, a in ipairs(m.attributes or {}) do
    local where = "attributes[" .. i .. "] (" .. a[1] .. "): "
    for _, k in ipairs { "min", "max" } do
      if a[k] ~= nil and (a[2] ~= "int" or math.type(a[k]) ~= "integer") then
        bad(where .. k .. ": an integer bound of an int attribute expected")
      end
    end
    if a.values ~= nil then
      if type(a.values) ~= "table" or #a.values == 0 then bad(where .. "values: a list of the allowed values expected") end
      for _, v in ipairs(a.values) do
        if type(v) ~= a[2] and not (a[2] == "int" and math.type(v) == "integer") then
          bad(where .. "values: each allowed value must be a " .. a[2])
        end
      end
    end
    -- per = N: the value counts 1/N of a point (MP in sixths): the tools
    -- show it in whole points
    if a.per ~= nil and (a[2] ~= "int" or math.type(a.per) ~= "integer" or a.per < 1) then
      bad(where .. "per: a positive integer on an int attribute expected (the value counts 1/per of a point)")
    end
    -- doc = "...": what the value is in the book's terms (bitwa play's
    -- show UNIT prints it beside the value)
    if a.doc ~= nil and type(a.doc) ~= "string" then bad(where .. "doc: a string expected") end
    -- label = "CF": the book's short term for it (bitwa serve's unit panel
    -- and odds say "CF 3 -> 2" rather than the attribute's name)
    if a.label ~= nil and (type(a.label) ~= "string" or a.label == "" or #a.label > 40) then
      bad(where .. "label: a short string expected (the book's term, at most 40 characters)")
    end
    if a.ref ~= nil then
      if a[2] ~= "string" or type(a.ref) ~= "table" then
        bad(where .. "ref: { kind = KIND, side = \"same\" } on a string attribute expected")
      end
      if a.ref.side ~= nil and a.ref.side ~= "same" and a.ref.side ~= "other" then
        bad(where .. "ref.side: \"same\" or \"other\" expected")
      end
    end
  end
  -- tables = { ["tables.combat"] = { title = "COMBAT TABLE", row = "roll",
  -- column = "column", row_labels = "tables.rolls", column_labels =
  -- "tables.columns", read = "tables.read_cell" } }: how the book names a
  -- table's cells (for diff) and the function that reads a cell's printed
  -- text into its effect fields (for lint)
  if m.tables ~= nil then
    if type(m.tables) ~= "table" then bad("field 'tables' must map \"module.table\" paths to their book names") end
    for _, k in ipairs(util.sorted_keys(m.tables)) do
      local t = m.tables[k]
      if type(k) ~= "string" or not k:match("^[%w_]+%.[%w_%.]+$") or type(t) ~= "table" then
        bad("tables." .. tostring(k) .. ": { title = ..., row = ..., column = ... } under a \"module.table\" path expected")
      end
      for _, f in ipairs { "title", "row", "column", "row_labels", "column_labels", "read" } do
        if t[f] ~= nil and type(t[f]) ~= "string" then bad("tables[\"" .. k .. "\"]." .. f .. ": a string expected") end
      end
    end
  end
  if m.required ~= nil then
    if type(m.required) ~= "table" then bad("field 'required' must map kinds to lists of attribute names") end
    for _, k in ipairs(util.sorted_keys(m.required)) do
      if type(k) ~= "string" or type(m.required[k]) ~= "table" then
        bad("required." .. tostring(k) .. ": a list of attribute names expected")
      end
    end
  end
  for _, k in ipairs(util.sorted_keys(m.options or {})) do
    local o = m.options[k]
    for _, b in ipairs { "min", "max" } do
      if type(o) == "table" and o[b] ~= nil and (math.type(o[b]) ~= "integer" or math.type(o.default) ~= "integer") then
        bad("options." .. tostring(k) .. "." .. b .. ": an integer bound of an integer option expected")
      end
    end
    if type(o) == "table" and o.values ~= nil then
      if type(o.values) ~= "table" or #o.values == 0 then bad("options." .. tostring(k) .. ".values: a list expected") end
      local found = false
      for _, v in ipairs(o.values) do
        if type(v) ~= type(o.default) or math.type(v) ~= math.type(o.default) then
          bad("options." .. tostring(k) .. ".values: each value must be of the default's type")
        end
        if v == o.default then found = true end
      end
      if not found then bad("options." .. tostring(k) .. ": the default " .. tostring(o.default) .. " is not one of its values") end
    end
  end
  for i, p in ipairs(m.phases or {}) do
    if type(p) ~= "table" or type(p.name) ~= "string" then bad("phases[" .. i .. "]: a name is required") end
  end
  local rerr = roles.check(m.roles)
  if rerr then bad(rerr) end
  if m.panel ~= nil then
    if type(m.panel) ~= "table" then bad("field 'panel' must be a list of { label, variable }") end
    for i, p in ipairs(m.panel) do
      if type(p) ~= "table" or type(p[1]) ~= "string" or type(p[2]) ~= "string" then
        bad("panel[" .. i .. "]: { label, variable } expected")
      end
    end
  end
  for _, k in ipairs(util.sorted_keys(m.actions or {})) do
    local a = m.actions[k]
    if type(a) ~= "table" or type(a.run) ~= "string" then
      bad("actions." .. tostring(k) .. ": field 'run' (\"module.function\") is required")
    end
  end
end

-- The extends chain, root first.
function M.chain(name)
  local chain, seen = {}, {}
  while name do
    if seen[name] then error("ruleset '" .. name .. "' extends itself (through " ..
      table.concat(util.sorted_keys(seen), ", ") .. ")", 0) end
    seen[name] = true
    local dir, err = M.find(name)
    if not dir then error(err, 0) end
    local path = dir .. "/ruleset.lua"
    local m, text = load_data(path)
    check_manifest(m, path)
    if m.name ~= name then
      error(M.relpath(path) .. ": declares name '" .. m.name .. "' in directory '" .. name .. "'", 0)
    end
    table.insert(chain, 1, { name = name, dir = dir, manifest = m, text = text,
                             path = path })
    name = m.extends
  end
  return chain
end

local function as_list(v)
  if v == nil then return {} end
  if type(v) == "table" then return v end
  return { v }
end

function M.merge(chain)
  local m = { attributes = {}, kinds = {}, terrain = {}, edges = {}, modules = {},
              actions = {}, hooks = {}, options = {}, phase_hooks = {}, renumber = {}, required = {}, tables = {} }
  local attr_index = {}
  local function append_unique(list, values)
    local have = {}
    for _, v in ipairs(list) do have[v] = true end
    for _, v in ipairs(values or {}) do
      if not have[v] then list[#list + 1] = v; have[v] = true end
    end
  end
  for _, link in ipairs(chain) do
    local mf = link.manifest
    for _, f in ipairs { "title", "system", "budget", "memory", "version", "panel" } do
      if mf[f] ~= nil then m[f] = mf[f] end
    end
    if mf.sides then m.sides = mf.sides end
    for _, a in ipairs(mf.attributes or {}) do
      local i = attr_index[a[1]]
      if i then m.attributes[i] = a else
        m.attributes[#m.attributes + 1] = a
        attr_index[a[1]] = #m.attributes
      end
    end
    append_unique(m.kinds, mf.kinds)
    append_unique(m.terrain, mf.terrain)
    append_unique(m.edges, mf.edges)
    append_unique(m.modules, mf.modules)
    for _, k in ipairs(util.sorted_keys(mf.actions or {})) do m.actions[k] = mf.actions[k] end
    for _, k in ipairs(util.sorted_keys(mf.options or {})) do m.options[k] = mf.options[k] end
    for _, k in ipairs(util.sorted_keys(mf.renumber or {})) do m.renumber[k] = mf.renumber[k] end
    if mf.roles then
      m.roles = m.roles or {}
      for _, k in ipairs(util.sorted_keys(mf.roles)) do m.roles[k] = mf.roles[k] end
    end
    for _, k in ipairs(util.sorted_keys(mf.required or {})) do m.required[k] = mf.required[k] end
    for _, k in ipairs(util.sorted_keys(mf.tables or {})) do m.tables[k] = mf.tables[k] end
    for _, k in ipairs(util.sorted_keys(mf.hooks or {})) do
      m.hooks[k] = m.hooks[k] or {}
      for _, h in ipairs(as_list(mf.hooks[k])) do table.insert(m.hooks[k], h) end
    end
    if mf.phases then m.phases = mf.phases end
    for _, pname in ipairs(util.sorted_keys(mf.phase_hooks or {})) do
      local ph = mf.phase_hooks[pname]
      m.phase_hooks[pname] = m.phase_hooks[pname] or { enter = {}, exit = {} }
      for _, ev in ipairs { "enter", "exit" } do
        for _, h in ipairs(as_list(ph[ev])) do table.insert(m.phase_hooks[pname][ev], h) end
      end
    end
  end
  m.sides = m.sides or { "A", "B" }
  m.phases = m.phases or {}
  return m
end

-- An option's declaration in the merged manifest: { default =, values =,
-- doc = } (a bare value declares only its default).
function M.option_decl(manifest, k)
  local o = manifest.options[k]
  if o == nil then return nil end
  if type(o) ~= "table" then o = { default = o } end
  local values = o.values
  if values == nil and type(o.default) == "boolean" then values = { true, false } end
  return { default = o.default, values = values, doc = o.doc, min = o.min, max = o.max }
end

-- Check a value for option k (a string from the command line is read as
-- the option's type); returns the value, or nil and a message naming
-- the allowed values.
function M.check_option(manifest, k, v)
  local d = M.option_decl(manifest, k)
  if not d then
    local names = util.sorted_keys(manifest.options)
    local mapfile = require "engine.mapfile"
    local hint = mapfile.suggest(k, names)
    return nil, "unknown option '" .. tostring(k) .. "'" .. (hint and (" (did you mean '" .. hint .. "'?)") or "") ..
      " (options: " .. (#names > 0 and table.concat(names, ", ") or "none") .. ")"
  end
  if type(v) == "string" and type(d.default) ~= "string" then
    if v == "true" then v = true elseif v == "false" then v = false
    elseif math.tointeger(tonumber(v)) then v = math.tointeger(tonumber(v)) end
  end
  -- a value as the message shows it: a table or function by its type
  -- only (never its address or its own __tostring)
  local function show(x)
    if type(x) == "string" or math.type(x) or type(x) == "boolean" then return tostring(x) end
    return "a " .. type(x)
  end
  local function choices()
    local t = {}
    for _, x in ipairs(d.values or {}) do t[#t + 1] = show(x) end
    return table.concat(t, ", ")
  end
  if type(v) ~= type(d.default) or (math.type(d.default) == "integer" and math.type(v) ~= "integer") then
    return nil, "option '" .. k .. "': " .. (d.values and ("one of " .. choices()) or
      (math.type(d.default) == "integer" and "an integer" or type(d.default))) .. " expected, got '" .. show(v) .. "'"
  end
  if d.values then
    for _, x in ipairs(d.values) do if x == v then return v end end
    return nil, "option '" .. k .. "': '" .. show(v) .. "' is not one of " .. choices()
  end
  if (d.min and v < d.min) or (d.max and v > d.max) then
    return nil, "option '" .. k .. "': " .. tostring(v) .. " is out of range (" ..
      (d.min and d.max and (d.min .. " to " .. d.max) or d.min and ("at least " .. d.min) or ("at most " .. d.max)) .. ")"
  end
  return v
end

-- A read-only view of t (and of the tables inside it).
local function freeze(t, seen)
  if type(t) ~= "table" then return t end
  if seen[t] then return seen[t] end
  if getmetatable(t) == "unit" or getmetatable(t) == apimod.Refusal then return t end
  local proxy = {}
  seen[t] = proxy
  for _, k in ipairs(util.sorted_keys(t)) do
    local v = rawget(t, k)
    if type(v) == "table" then rawset(t, k, freeze(v, seen)) end
  end
  setmetatable(proxy, {
    __index = t,
    __newindex = function(_, k)
      error("rules are read-only while a game runs (tried to set '" .. tostring(k) ..
        "'); keep game state in bitwa.state", 2)
    end,
    __len = function() return #t end,
    __pairs = function() return sandbox.pairs(t) end,
    __metatable = "read-only",
  })
  return proxy
end
M.freeze = freeze

-- A field of a rules table, read raw: through the read-only views that
-- freeze makes, never through a metatable the rules set on their own
-- table (its __index would run outside any budget).
function M.rawfield(v, k)
  if type(v) ~= "table" then return nil end
  local mt = debug.getmetatable(v)
  if mt and rawget(mt, "__metatable") == "read-only" and type(rawget(mt, "__index")) == "table" then
    v = rawget(mt, "__index")
  end
  return rawget(v, k)
end

-- Look up "module.field.sub" in the registry.
function M.resolve(R, path)
  local v = R
  local first = true
  for part in path:gmatch("[^%.]+") do
    if type(v) ~= "table" then return nil end
    -- the registry's own lookup (a missing module raises), then raw fields
    if first then v = v[part] else v = M.rawfield(v, part) end
    first = false
  end
  return v
end

function M.overlay_path(id)
  local rsname, oname = id:match("^([%w_%-%.]+)/([%w_%-%.]+)$")
  if not rsname then return nil, "overlay '" .. id .. "': RULESET/NAME expected" end
  local dir, err = M.find(rsname)
  if not dir then return nil, err end
  local p = dir .. "/overlays/" .. oname .. ".lua"
  if util.exists(p) then return p end
  -- an overlay may also live in a ruleset the named one extends
  local chain = M.chain(rsname)
  for i = #chain, 1, -1 do
    local q = chain[i].dir .. "/overlays/" .. oname .. ".lua"
    if util.exists(q) then return q end
  end
  return nil, "no overlay '" .. oname .. "' in ruleset '" .. rsname .. "'"
end

--[[
Load a ruleset.  opts.overlays = { "ruleset/name", ... }, opts.freeze
(default true).  Returns the ruleset object the games use.
--]]
function M.load(name, opts)
  opts = opts or {}
  local chain = M.chain(name)
  local manifest = M.merge(chain)
  local api, bind, rows_dropped, units_version, position_version = apimod.new()
  -- the rule environments hold `api` itself: that very table (and the
  -- tables in it, bitwa.hex.FACINGS, ...) is read-only from the start,
  -- while modules and overlays load too
  do
    local inner, seen = {}, {}
    for _, k in ipairs(util.sorted_keys(api)) do
      inner[k] = freeze(rawget(api, k), seen)
      rawset(api, k, nil)
    end
    setmetatable(api, {
      __index = inner,
      __newindex = function(_, k)
        error("the bitwa table is read-only (tried to set '" .. tostring(k) .. "')", 2)
      end,
      __pairs = function() return sandbox.pairs(inner) end,
      __metatable = "read-only",
    })
  end
  local R = {}
  local frozen = false
  local function no_module(_, k) error("no rule module '" .. tostring(k) .. "'", 2) end
  local rules_mt
  rules_mt = {
    __index = function(_, k)
      local v = R[k]
      if v == nil then error("no rule module '" .. tostring(k) .. "'", 2) end
      return v
    end,
    __newindex = function(_, k, v)
      if frozen then error("rules are read-only while a game runs", 2) end
      R[k] = v
    end,
    __pairs = function() return sandbox.pairs(R) end,
    __metatable = "rules",
  }
  local rules = setmetatable({}, rules_mt)
  local rs = {
    name = name, chain = chain, manifest = manifest, modules = R, rules = rules,
    api = api, bind = nil, rows_dropped = rows_dropped, sources = {}, overlays = {}, module_origin = {},
    hooks = {}, phase_hooks = {}, libs = {}, wrapped = {},
  }

  -- cache(): a memo a module declares (of what it computes from data that
  -- does not change during a game, a bot's plan keyed by all it depends
  -- on): emptied whenever the rules are bound to another game, so that
  -- nothing crosses from one game to another, and not watched (below).
  -- That its content is a function of its keys is the module's promise:
  -- the engine cannot check it.  Made while the modules load.
  --
  -- cache("units"): a memo of what is computed from the units alone
  -- (their fields, who is on the map): a function returning the memo
  -- table, a new one whenever any unit of the bound game changed since
  -- the last call (a field set, a unit spawned or removed, a
  -- rollback) and when the rules play another game.  Its content must be
  -- a function of its keys and the units (not of variables, the map in
  -- play or the phase): the modder's promise, as for cache().
  --
  -- cache("position"): the same for what is computed from the whole
  -- position (the units, the variables: the turn, the phase, the tracks,
  -- the map in play): a new table whenever a unit or a variable of the
  -- bound game changed since the last call (or a rollback put either
  -- back) and when the rules play another game.  Its content must be a
  -- function of its keys and the position (and of the options and the
  -- rules' tables, which do not change during a game).
  local caches, cache_set = {}, {}
  local frozen_now = false
  local cached_for = nil
  local unit_memos = {}           -- { table, version } of each cache("units") and cache("position")
  local function empty(c)
    if next(c) ~= nil then
      local keys = {}
      for k in next, c do keys[#keys + 1] = k end
      for j = 1, #keys do rawset(c, keys[j], nil) end
    end
  end
  local function cache(kind)
    if frozen_now then error("cache(): make caches while the module loads", 2) end
    if kind ~= nil and kind ~= "units" and kind ~= "position" then
      error("cache(): \"units\", \"position\" or nothing expected", 2)
    end
    local c = {}
    cache_set[c] = true
    if kind == nil then
      caches[#caches + 1] = c
      return c
    end
    -- a units memo is not emptied key by key (the engine would walk what
    -- rule code put in it): a used one is replaced by a new table
    local m = { c, false }
    unit_memos[#unit_memos + 1] = m
    local version = kind == "units" and units_version or position_version
    return function()
      local v = version()
      if v ~= m[2] then
        if next(m[1]) ~= nil then
          cache_set[m[1]] = nil
          m[1] = {}
          cache_set[m[1]] = true
        end
        m[2] = v
      end
      return m[1]
    end
  end
  rs.caches = cache_set
  rs.bind = function(g)
    if g == cached_for or g == nil then return bind(g) end
    cached_for = g
    for i = 1, #caches do empty(caches[i]) end
    for i = 1, #unit_memos do unit_memos[i][2] = false end
    return bind(g)
  end

  local function add_source(ruleset, sname, kind, hash)
    rs.sources[#rs.sources + 1] = { ruleset = ruleset, name = sname, kind = kind, hash = hash }
  end
  for _, link in ipairs(chain) do
    add_source(link.name, "ruleset.lua", "manifest", bitwa.util.hash(link.text))
  end

  local random = api.random
  local function make_env(extra)
    local env = sandbox.env {
      bitwa = api, rules = rules, refuse = api.refuse, cache = cache,
    }
    env.math.random = random
    for _, k in ipairs(util.sorted_keys(extra or {})) do rawset(env, k, extra[k]) end
    return env
  end
  rs.make_env = make_env

  -- require for rule code: lua/lib, then the ruleset chain (most derived first)
  local function rule_require(lib)
    if type(lib) ~= "string" or not lib:match("^[%w_]+$") then
      error("require: a plain module name expected, got '" .. tostring(lib) .. "'", 2)
    end
    if rs.libs[lib] ~= nil then return rs.libs[lib] end
    local candidates = { bitwa.home .. "/lua/lib/" .. lib .. ".lua" }
    for i = #chain, 1, -1 do candidates[#candidates + 1] = chain[i].dir .. "/lib/" .. lib .. ".lua" end
    for _, p in ipairs(candidates) do
      local text = util.read_file(p)
      if text then
        local chunk, err = sandbox.load(text, "@" .. M.relpath(p), make_env { require = rule_require })
        if not chunk then error(err, 0) end
        local v = chunk()
        if v == nil then v = true end
        rs.libs[lib] = v
        add_source(name, "lib/" .. lib .. ".lua", "module", bitwa.util.hash(text))
        return v
      end
    end
    error("require: no library '" .. lib .. "' in lua/lib or the ruleset's lib/", 2)
  end

  -- Keys of rule tables are strings, numbers or booleans (a table's key
  -- would be hashed by its address).  They are checked after each module
  -- and each overlay file runs, walked raw (next) under the load budget,
  -- so that a bad key is reported at the file that made it, at the first
  -- line of it that names the table (FILE:LINE: module.field: ...).
  local function bad_key(t, path, seen)
    if seen[t] then return nil end
    seen[t] = true
    local subs = {}
    for k, v in next, t do
      local tk = type(k)
      if tk ~= "string" and tk ~= "number" and tk ~= "boolean" then return path, tk end
      if type(v) == "table" then subs[#subs + 1] = k end
    end
    util.sort_keys(subs)
    for _, k in ipairs(subs) do
      local p, tk = bad_key(rawget(t, k), path .. (type(k) == "string" and ("." .. k) or ("[" .. tostring(k) .. "]")), seen)
      if p then return p, tk end
    end
    return nil
  end
  local function line_naming(text, path)
    local names = {}
    for part in path:gmatch("[%a_][%w_]*") do names[#names + 1] = part end
    for i = #names, 1, -1 do
      local n = 0
      for line in (text .. "\n"):gmatch("([^\n]*)\n") do
        n = n + 1
        if line:find("%f[%w_]" .. names[i] .. "%f[^%w_]") then return n end
      end
    end
    return nil
  end
  local function check_keys(mods, path, text)
    local where, tk = run_rule(function()
      for _, mname in ipairs(util.sorted_keys(mods)) do
        local p, t = bad_key(mods[mname], mname, {})
        if p then return p, t end
      end
    end)
    if where then
      local line = line_naming(text, where)
      error(M.relpath(path) .. ":" .. (line and (line .. ": ") or " ") .. where .. ": a key of type " .. tk ..
        " (rule tables are keyed by strings, numbers or booleans)", 0)
    end
  end

  -- modules
  local loaded = {}
  local function load_module(mname, providers, k)
    local key = mname .. "#" .. k
    if loaded[key] ~= nil then return loaded[key] end
    local link = providers[k]
    local path = link.dir .. "/" .. mname .. ".lua"
    local text = assert(util.read_file(path))
    local env = make_env {
      require = rule_require,
      inherit = function()
        if k == 1 then
          error(M.relpath(path) .. ": inherit(): no ruleset before '" .. link.name ..
            "' has a module '" .. mname .. "'", 2)
        end
        return util.deepcopy(load_module(mname, providers, k - 1))
      end,
    }
    local chunk, err = sandbox.load(text, "@" .. M.relpath(path), env)
    if not chunk then error(err, 0) end
    local v = run_rule(chunk)
    if type(v) ~= "table" then error(M.relpath(path) .. ": a rule module must return a table", 0) end
    check_keys({ [mname] = v }, path, text)
    loaded[key] = v
    add_source(link.name, mname .. ".lua", "module", bitwa.util.hash(text))
    return v
  end

  for _, mname in ipairs(manifest.modules) do
    local providers = {}
    for _, link in ipairs(chain) do
      if util.exists(link.dir .. "/" .. mname .. ".lua") then providers[#providers + 1] = link end
    end
    if #providers == 0 then
      error("ruleset '" .. name .. "': module '" .. mname .. "' is listed but no " ..
        mname .. ".lua exists in " .. table.concat((function()
          local t = {} for _, l in ipairs(chain) do t[#t + 1] = M.relpath(l.dir) end return t end)(), ", "), 0)
    end
    R[mname] = load_module(mname, providers, #providers)
    rs.module_origin[mname] = providers[#providers].name
  end

  -- hooks: lists of "module.function" names or functions
  for _, k in ipairs(util.sorted_keys(manifest.hooks)) do
    rs.hooks[k] = util.deepcopy(manifest.hooks[k])
  end
  for _, k in ipairs(util.sorted_keys(manifest.phase_hooks)) do
    rs.phase_hooks[k] = util.deepcopy(manifest.phase_hooks[k])
  end
  for _, p in ipairs(manifest.phases) do
    rs.phase_hooks[p.name] = rs.phase_hooks[p.name] or { enter = {}, exit = {} }
    local ph = rs.phase_hooks[p.name]
    for i, h in ipairs(as_list(p.enter)) do table.insert(ph.enter, i, h) end
    for i, h in ipairs(as_list(p.exit)) do table.insert(ph.exit, i, h) end
  end
  rs.options = {}
  for _, k in ipairs(util.sorted_keys(manifest.options)) do
    local o = manifest.options[k]
    if type(o) == "table" then rs.options[k] = o.default else rs.options[k] = o end
  end

  -- overlays
  for _, oid in ipairs(opts.overlays or {}) do
    local path, err = M.overlay_path(oid)
    if not path then error(err, 0) end
    local text = assert(util.read_file(path))
    local function wrap(target, fn)
      local mname, field = target:match("^([%w_]+)%.([%w_]+)$")
      if not mname then error("wrap: 'module.function' expected, got '" .. tostring(target) .. "'", 2) end
      local mod = R[mname]
      if not mod or type(mod[field]) ~= "function" then
        error("wrap: no function '" .. target .. "' to wrap", 2)
      end
      local orig = mod[field]
      rs.wrapped[#rs.wrapped + 1] = fn
      mod[field] = function(...) return fn(orig, ...) end
    end
    local function replace(target, value)
      local parent, last = target:match("^(.*)%.([^%.]+)$")
      local t = parent and M.resolve(R, parent)
      if type(t) ~= "table" or t[last] == nil then error("replace: nothing at '" .. target .. "'", 2) end
      t[last] = value
    end
    local function hook(event, fn)
      rs.hooks[event] = rs.hooks[event] or {}
      table.insert(rs.hooks[event], fn)
    end
    local function phase_hook(phase, event, fn)
      rs.phase_hooks[phase] = rs.phase_hooks[phase] or { enter = {}, exit = {} }
      table.insert(rs.phase_hooks[phase][event], fn)
    end
    local function option(k, v)
      if type(k) ~= "string" then error("option: an option name expected", 2) end
      local cv, oerr = M.check_option(manifest, k, v)
      if cv == nil then error("option: " .. oerr, 2) end
      rs.options[k] = cv
    end
    local env = make_env { require = rule_require, wrap = wrap, replace = replace,
                           hook = hook, phase_hook = phase_hook, option = option }
    local chunk, cerr = sandbox.load(text, "@" .. M.relpath(path), env)
    if not chunk then error(cerr, 0) end
    run_rule(chunk)
    check_keys(R, path, text)
    rs.overlays[#rs.overlays + 1] = { id = oid, path = path, hash = bitwa.util.hash(text) }
    add_source(oid, M.relpath(path), "overlay", bitwa.util.hash(text))
  end

  -- table hashes: every table-valued field of every module.  Rule code
  -- made these tables: they are walked raw (next, rawget), under the
  -- load budget, and keys other than strings, numbers and booleans are
  -- refused (a table's key would be hashed by its address).
  local function plain_keys(t, path, seen)
    if seen[t] then return end
    seen[t] = true
    for k, v in next, t do
      local tk = type(k)
      if tk ~= "string" and tk ~= "number" and tk ~= "boolean" then
        error(path .. ": a key of type " .. tk .. " (rule tables are keyed by strings, numbers or booleans)", 0)
      end
      if type(v) == "table" then
        plain_keys(v, path .. "." .. (tk == "string" and k or "[" .. tostring(k) .. "]"), seen)
      end
    end
  end
  run_rule(function()
    for _, mname in ipairs(util.sorted_keys(R)) do
      local seen = {}
      for _, field in ipairs(util.sorted_keys(R[mname])) do
        if type(field) ~= "string" then
          error("module '" .. mname .. "': a key of type " .. type(field), 0)
        end
        local v = rawget(R[mname], field)
        if type(v) == "table" then
          plain_keys(v, mname .. "." .. field, seen)
          add_source(name, mname .. "." .. field, "table", bitwa.util.hash(util.canonical(v)))
        end
      end
    end
  end)
  table.sort(rs.sources, function(a, b)
    if a.kind ~= b.kind then return a.kind < b.kind end
    if a.ruleset ~= b.ruleset then return a.ruleset < b.ruleset end
    return a.name < b.name
  end)

  if opts.freeze ~= false then
    local seen = {}
    for _, mname in ipairs(util.sorted_keys(R)) do R[mname] = freeze(R[mname], seen) end
    frozen = true
    frozen_now = true
    -- from now on the modules never change: `rules.X` is a table lookup
    -- (a copy of R whose misses raise), not a call
    local view = setmetatable({}, { __index = no_module })
    for _, mname in ipairs(util.sorted_keys(R)) do view[mname] = R[mname] end
    rules_mt.__index = view
  end

  if opts.watch then M.watch(rs) end

  -- terrain / edge names
  rs.terrain = manifest.terrain
  rs.edges = manifest.edges
  if #rs.edges > 32 then error("ruleset '" .. name .. "': at most 32 hexside features", 0) end
  -- roles: declared ones must name the ruleset's own kinds and attributes
  rs.roles = roles.resolve(manifest)
  if manifest.roles then
    local kinds, attrs = {}, {}
    for _, k in ipairs(manifest.kinds) do kinds[type(k) == "table" and k[1] or k] = true end
    for _, a in ipairs(manifest.attributes) do attrs[a[1]] = a[2] end
    if manifest.roles.strength and attrs[manifest.roles.strength] ~= "int" then
      error("ruleset '" .. name .. "': roles.strength '" .. manifest.roles.strength ..
        "' is not an integer attribute", 0)
    end
    for _, list in ipairs { "leaders", "markers" } do
      for _, k in ipairs(manifest.roles[list] or {}) do
        if not kinds[k] then error("ruleset '" .. name .. "': roles." .. list .. ": no kind '" .. k .. "'", 0) end
      end
    end
  end
  return rs
end

--[[
State kept outside the game state.  Rule modules are read-only while a
game runs, but a rule function can still change what its upvalues hold:
a module-level local (a counter, a cache, a table it fills), a `require`d
library's locals and tables.  Such state is not rolled back with a refused
action or a query, nor rebuilt when a game is opened or replayed, so it
can make two processes play the same decisions differently.

M.watch(rs) records what every upvalue of every rule function reachable
from the modules, libraries, hooks and overlays holds (a canonical text
of it: tables deeply, functions by their position); M.moved(rs) then
names the first one that changed: "FILE:LINE: the rule function keeps
state in its upvalue 'NAME' ...", FILE:LINE being the function that uses
it.  Both walk rule-made values raw, under the load budget.  `bitwa test`
watches the rulesets its test files load and checks them after every
file; `replay --verify` checks after the replay.
--]]
local function rule_upvalues(rs)
  local engine_src = "@" .. bitwa.home .. "/lua/"
  local skip = { [rs.api] = true, [rs.rules] = true }
  for c in next, rs.caches do skip[c] = true end
  local seen, cells, order = {}, {}, {}
  local walk
  local function real(t)
    local mt = debug.getmetatable(t)
    if mt and rawget(mt, "__metatable") == "read-only" and type(rawget(mt, "__index")) == "table" then
      return rawget(mt, "__index")
    end
    return t
  end
  walk = function(v)
    local tv = type(v)
    if tv == "table" then
      v = real(v)
      if seen[v] or skip[v] then return end
      seen[v] = true
      local mt = debug.getmetatable(v)
      if mt and rawget(mt, "__metatable") ~= nil and rawget(mt, "__metatable") ~= "read-only" then
        return       -- the engine's own objects (units, refusals, ...)
      end
      local keys = {}
      for k in next, v do
        local tk = type(k)
        if tk == "string" or tk == "number" or tk == "boolean" then keys[#keys + 1] = k end
      end
      util.sort_keys(keys)
      for _, k in ipairs(keys) do walk(rawget(v, k)) end
    elseif tv == "function" then
      if seen[v] then return end
      seen[v] = true
      local info = debug.getinfo(v, "S")
      if info.what == "C" or info.source:sub(1, #engine_src) == engine_src then return end
      for i = 1, 255 do
        local name, x = debug.getupvalue(v, i)
        if name == nil then break end
        local id = debug.upvalueid(v, i)
        if not cells[id] then
          cells[id] = { f = v, name = name, src = info.short_src, line = info.linedefined }
          order[#order + 1] = id
        end
        walk(x)
      end
    end
  end
  walk(rs.modules)
  walk(rs.libs)
  walk(rs.hooks)
  walk(rs.phase_hooks)
  walk(rs.wrapped)
  return cells, order
end

local function upvalue_texts(rs)
  local cells, order = rule_upvalues(rs)
  local out = {}
  for i, id in ipairs(order) do
    local c = cells[id]
    local _, v = debug.getupvalue(c.f, (function()
      for j = 1, 255 do if debug.upvalueid(c.f, j) == id then return j end end
    end)())
    local real = v
    if type(v) == "table" then
      local mt = debug.getmetatable(v)
      if mt and rawget(mt, "__metatable") == "read-only" and type(rawget(mt, "__index")) == "table" then
        real = rawget(mt, "__index")
      end
    end
    -- a declared memo (cache()) is not watched
    out[i] = { id = id, cell = c, text = rs.caches[real] and "<cache>" or util.canonical(real) }
  end
  return out
end

function M.watch(rs)
  local texts = run_rule(upvalue_texts, rs)
  local by_id = {}
  for _, t in ipairs(texts) do by_id[t.id] = t end
  rs.watched = by_id
end

-- nil, or a message naming the first upvalue of rule code that changed
-- since M.watch(rs)
function M.moved(rs)
  if not rs.watched then return nil end
  local texts = run_rule(upvalue_texts, rs)
  for _, t in ipairs(texts) do
    local was = rs.watched[t.id]
    if was and was.text ~= t.text then
      return string.format("%s:%d: the rule function keeps state in its upvalue '%s' (it changed while " ..
        "the rules ran: such state is not rolled back or replayed; keep game state in bitwa.set_var or " ..
        "unit attributes)", t.cell.src, t.cell.line, t.cell.name)
    end
  end
  return nil
end

-- Resolve a hook entry (a "module.function" name or a function).
function M.hook_function(rs, h)
  if type(h) == "function" then return h end
  local f = M.resolve(rs.modules, h)
  if type(f) ~= "function" then
    error("ruleset '" .. rs.name .. "': hook '" .. tostring(h) .. "' names no function", 0)
  end
  return f
end

-- The directory holding a scenario or map of the chain (most derived first).
function M.find_file(rs, sub, id, ext)
  for i = #rs.chain, 1, -1 do
    local p = rs.chain[i].dir .. "/" .. sub .. "/" .. id .. ext
    if util.exists(p) then return p end
  end
  return nil
end

function M.list_files(rs_or_chain, sub, ext)
  local chain = rs_or_chain.chain or rs_or_chain
  local seen, out = {}, {}
  for i = #chain, 1, -1 do
    for _, f in ipairs(util.list_dir(chain[i].dir .. "/" .. sub)) do
      local id = f:match("^(.*)" .. ext:gsub("%.", "%%.") .. "$")
      if id and not seen[id] then seen[id] = true; out[#out + 1] = id end
    end
  end
  table.sort(out)
  return out
end

return M
