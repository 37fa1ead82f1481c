-- A game: a ruleset, a scenario, a seed and a sequence of actions and
-- decisions.  Every action runs as a coroutine under the sandbox's
-- budget and memory cap; when the rules need a choice the coroutine
-- yields a request and the game waits for an answer.  A finished
-- action is committed to the log in one transaction; a refused or
-- failed one leaves state, dice and log exactly as before.
local util = require "engine.util"
local json = require "engine.json"
local ruleset = require "engine.ruleset"
local scenario = require "engine.scenario"
local mapfile = require "engine.mapfile"
local apimod = require "engine.api"
local paths = require "engine.paths"

local sandbox = bitwa.sandbox
local M = {}
local Game = { __metatable = "game" }
Game.__index = Game
M.Game = Game

-- The game format, in the log's metadata.  Format 2 checksums the state
-- with its incremental hash (state:hash()); format 1, whose checksum was
-- recomputed over the whole state after every action (state:checksum()),
-- is still read and verified, and a game of format 1 goes on in format 1.
M.FORMAT = "bitwa-game 2"
M.FORMATS = { ["bitwa-game 1"] = 1, ["bitwa-game 2"] = 2 }
M.DEFAULT_BUDGET = 50000000          -- instructions per action
M.DEFAULT_MEMORY = 64 * 1024 * 1024  -- bytes per action

local CORE_SLOTS = {
  { "name", "string", "" }, { "side", "string", "" }, { "kind", "string", "" },
  { "hex", "hex", nil }, { "facing", "int", -1 },
}

local function refused(rule, message)
  return { status = "refused", rule = rule or "", message = message }
end

-- ------------------------------------------------------------------ maps

function M.load_map(rs, id)
  local path
  if id:find("/") then
    path = id:sub(1, 1) == "/" and id or (bitwa.home .. "/" .. id)
    if not ruleset.readable_path(path) then path = nil end
  else path = ruleset.find_file(rs, "maps", id, ".map") end
  if not path or not util.exists(path) then
    error("ruleset '" .. rs.name .. "' has no map '" .. id .. "'", 0)
  end
  return M.load_map_file(rs, path)
end

-- The map in the file at path (scenario.map_path finds a scenario's).
function M.load_map_file(rs, path)
  local text = assert(util.read_file(path))
  local m, err = mapfile.parse(text, ruleset.relpath(path), { terrain = rs.terrain, edges = rs.edges })
  if not m then error(err, 0) end
  local kmap = bitwa.map.new { col0 = m.col0, row0 = m.row0, width = m.width, height = m.height,
                               parity = m.parity }
  local tid = {}
  for i, t in ipairs(rs.terrain) do tid[t] = i - 1 end
  local bit = {}
  for i, e in ipairs(rs.edges) do bit[e] = 1 << (i - 1) end
  for _, h in ipairs(kmap:hexes()) do kmap:set_terrain(h, tid[m.default]) end
  for _, t in ipairs(m.terrain) do kmap:set_terrain(bitwa.hex.at(t.hex.col, t.hex.row), tid[t.kind]) end
  for _, e in ipairs(m.elevation) do kmap:set_elevation(bitwa.hex.at(e.hex.col, e.hex.row), e.value) end
  for _, e in ipairs(m.edges) do
    local h = bitwa.hex.at(e.hex.col, e.hex.row)
    if kmap:contains(h) then kmap:add_edge(h, e.dir, bit[e.feature])
    else
      local n = kmap:neighbour(h, e.dir, true)
      kmap:add_edge(n, (e.dir + 3) % 6, bit[e.feature])
    end
  end
  local labels = {}
  for _, l in ipairs(m.labels) do labels[bitwa.hex.at(l.hex.col, l.hex.row).label] = l.text end
  return { kmap = kmap, info = m, labels = labels, path = path, hash = bitwa.util.hash(text),
           rel = ruleset.relpath(path) }
end

-- ------------------------------------------------------------------ building

-- An empty state with the core slots and the ruleset's attributes, and
-- the slot of each name.
local function new_state(rs)
  local st, slot = bitwa.state.new(), {}
  for _, a in ipairs(CORE_SLOTS) do slot[a[1]] = st:declare(a[1], a[2], a[3]) end
  for _, a in ipairs(rs.manifest.attributes) do
    if slot[a[1]] then error("ruleset " .. rs.name .. ": attribute '" .. a[1] .. "' is a core field", 0) end
    local dflt = a[3]
    if a[2] == "hex" and dflt ~= nil then dflt = bitwa.hex.parse(dflt) end
    slot[a[1]] = st:declare(a[1], a[2], dflt)
  end
  return st, slot
end

--[[
M.new{ ruleset = name | loaded ruleset, overlays = {...}, scenario = id |
table, seed = integer, options = {k = v}, log = path, durability =
"full" | "normal" | "off" }
--]]
function M.new(opts)
  local rs = opts.ruleset
  if type(rs) ~= "table" then rs = ruleset.load(rs, { overlays = opts.overlays, watch = opts.watch }) end
  local format = opts.format or M.FORMATS[M.FORMAT]
  local g = setmetatable({ rs = rs, seed = opts.seed or 1, n = -1, history = {}, format = format,
                          want_details = opts.want_details }, Game)
  -- scenario and map
  local sc_raw, sc_id
  if type(opts.scenario) == "table" then
    sc_raw = util.deepcopy(opts.scenario)
    sc_raw.scenario = sc_raw.scenario or { title = sc_raw.title, map = sc_raw.map, turns = sc_raw.turns,
                                           options = sc_raw.options, first = sc_raw.first, line = 0 }
    sc_raw.rel = "(inline scenario)"
    sc_id = "inline"
  else
    local path, err = scenario.path(rs, opts.scenario or "")
    if not path then error(err, 0) end
    sc_raw = scenario.read(rs, path)
    sc_id = opts.scenario
  end
  -- a map that cannot be found or read is reported with every other
  -- problem of the scenario
  local map_path, map_err = scenario.find_map(rs, sc_raw)
  local okm, map = false, nil
  if map_path then okm, map = pcall(M.load_map_file, rs, map_path) end
  if not okm then scenario.validate(rs, sc_raw, nil, map_err or tostring(map)) end
  local sc = scenario.validate(rs, sc_raw, map.kmap)
  sc.id = sc_id
  g.scenario, g.map, g.mapdata, g.map_labels = sc, map.kmap, map, map.labels
  g.sides = sc.sides
  g.turns = sc.turns
  g.first = sc.first or 1
  -- "scenario": deployment phases are skipped, the units stay where the
  -- scenario puts them; "players" (default): the sides deploy
  g.deploy = opts.deploy or "players"
  if g.deploy ~= "players" and g.deploy ~= "scenario" then
    error("deploy: 'players' or 'scenario' expected, got '" .. tostring(g.deploy) .. "'", 0)
  end
  g.terrain_names = rs.terrain
  g.edge_names = rs.edges
  g.edge_bit = {}
  for i, e in ipairs(rs.edges) do g.edge_bit[e] = 1 << (i - 1) end
  -- options: ruleset defaults < scenario < the game's own
  g.options = util.deepcopy(rs.options)
  for _, k in ipairs(util.sorted_keys(sc.options)) do g.options[k] = sc.options[k] end
  for _, k in ipairs(util.sorted_keys(opts.options or {})) do
    local v, oerr = ruleset.check_option(rs.manifest, k, opts.options[k])
    if v == nil then error("ruleset " .. rs.name .. ": " .. oerr, 0) end
    g.options[k] = v
  end
  -- state
  g.state, g.slot = new_state(rs)
  g.dice = bitwa.dice.new(g.seed, 0)
  -- phases
  g.phases = bitwa.phases.new()
  -- phase flags the kernel's list does not keep: once (the first turn
  -- only, before its other phases; deployment implies it), deployment
  -- (skipped with deploy = "scenario"), skip ("module.fn": asked on
  -- entry whether the phase has nothing to do)
  g.phase_flags = {}
  local regular = false
  for _, p in ipairs(rs.manifest.phases) do
    local once = p.once == true or p.deployment == true
    if once and regular then
      error("ruleset " .. rs.name .. ": once phase " .. p.name .. " must come before every other phase", 0)
    end
    if not once then regular = true end
    if p.skip ~= nil and type(p.skip) ~= "string" then
      error("ruleset " .. rs.name .. ": phase " .. p.name .. ": skip must be \"module.function\"", 0)
    end
    if p.sealed ~= nil and (p.sealed ~= true or p.side ~= "*") then
      error("ruleset " .. rs.name .. ": phase " .. p.name .. ": sealed = true is for a phase of side \"*\"", 0)
    end
    g.phase_flags[#g.phase_flags + 1] = { once = once, deployment = p.deployment == true, skip = p.skip,
                                          sealed = p.sealed == true }
    local i = g.phases:add(p.name, p.side or "", p.cite or "")
    for _, k in ipairs(p.actions or {}) do
      if k ~= "end" and not rs.manifest.actions[k] then
        error("ruleset " .. rs.name .. ": phase " .. p.name .. " allows unknown action '" .. k .. "'", 0)
      end
      g.phases:allow(i, k)
    end
    if (p.side or "") ~= "" then g.phases:allow(i, "end") end
  end
  if g.phases:count() == 0 then error("ruleset " .. rs.name .. " declares no phases", 0) end
  if not regular then error("ruleset " .. rs.name .. " declares only once phases", 0) end
  g.budget = rs.manifest.budget or M.DEFAULT_BUDGET
  g.memory = rs.manifest.memory or M.DEFAULT_MEMORY
  g.scenario_view = ruleset.freeze({
    id = sc.id, title = sc.title, turns = sc.turns, first = g.first, sides = sc.sides, side_names = sc.side_names,
    zones = sc.zones, reinforcements = sc.reinforcements, data = sc.data, victory = sc.victory,
    unit_zones = (function()
      -- each unit's setup zone (unit { ..., zone = "Z" }), for deployment rules
      local t = {}
      for _, u in ipairs(sc.units) do if u.zone then t[u.name] = u.zone end end
      return t
    end)(),
  }, {})
  -- the log: made under a temporary name and given its name once the
  -- setup and the first turn's beginning are in it (publish), so that
  -- an interrupted creation leaves no file at opts.log
  if opts.log then
    local log, err = bitwa.log.create(opts.log, opts.durability or "full")
    if not log then error(err, 0) end
    g.log = log
    g.log_path = opts.log
    local meta = {
      format = "bitwa-game " .. format, engine = bitwa.version, ruleset = rs.name,
      chain = json.encode(json.array((function()
        local t = {} for _, l in ipairs(rs.chain) do t[#t + 1] = l.name end return t end)())),
      overlays = json.encode(json.array((function()
        local t = {} for _, o in ipairs(rs.overlays) do t[#t + 1] = o.id end return t end)())),
      scenario = type(opts.scenario) == "string" and opts.scenario or "inline",
      -- every option in force, defaults included: a later change of a
      -- default must not change the reading an existing game was played under
      seed = tostring(g.seed), options = json.encode(g.options),
    }
    if g.deploy ~= "players" then meta.deploy = g.deploy end
    if type(opts.scenario) == "table" then meta.scenario_data = json.encode(M.plain(opts.scenario)) end
    for _, k in ipairs(util.sorted_keys(meta)) do log:set_meta(k, meta[k]) end
    for _, s in ipairs(g:sources()) do log:add_source(s.ruleset, s.name, s.kind, s.hash) end
  end
  if opts.forced_dice then g.dice:force(opts.forced_dice) end
  local function failed(what, r)
    if g.log then g.log:discard(); g.log = nil end
    local why = r.status == "decision" and "it asked for a decision" or
      ((r.rule ~= "" and r.rule and (r.rule .. ": ") or "") .. tostring(r.message))
    error(what .. " failed: " .. why, 0)
  end
  if opts.no_setup then return g end
  local r = g:_setup()
  if r.status ~= "done" then failed("scenario setup", r) end
  if not opts.no_begin then
    r = g:_begin()
    if r.status ~= "done" and r.status ~= "decision" then failed("the first phase", r) end
  end
  if g.log and not opts.defer_publish then g:publish() end
  return g
end

-- Give a new game file its name (M.new does it unless defer_publish):
-- until then it is a temporary file that nothing else sees.
function Game:publish()
  if not (self.log and self.log_path) then return end
  local ok, err = self.log:publish()
  if not ok then
    self.log:discard()
    self.log = nil
    error(err, 0)
  end
  self.log_path = nil
end

-- A game file that was never published is removed.
function Game:discard()
  if self.log and self.log_path then self.log:discard() self.log = nil end
end

-- A scenario table without functions, for the log.
function M.plain(v)
  if type(v) == "function" then return nil end
  if type(v) ~= "table" then return v end
  local t = {}
  for _, k in ipairs(util.sorted_keys(v)) do t[k] = M.plain(v[k]) end
  return t
end

function Game:sources()
  local out = {}
  for _, s in ipairs(self.rs.sources) do out[#out + 1] = s end
  out[#out + 1] = { ruleset = self.rs.name, name = self.scenario.rel, kind = "scenario",
                    hash = self.scenario.hash ~= "" and self.scenario.hash or "inline" }
  out[#out + 1] = { ruleset = self.rs.name, name = self.mapdata.rel, kind = "map", hash = self.mapdata.hash }
  return out
end

-- ------------------------------------------------------------------ lookups

function Game:find_unit(name)
  if string.byte(name, 1) == 35 then          -- "#ID"
    local id = math.tointeger(tonumber(name:sub(2)))
    if id and self.state:alive(id) then return id end
    return nil
  end
  local idx = self.name_index
  if not idx or idx.max ~= self.state:max_id() then
    idx = { max = self.state:max_id(), ids = {} }
    for id = 1, idx.max do
      if self.state:alive(id) then idx.ids[self.state:get(id, self.slot.name)] = id end
    end
    self.name_index = idx
  end
  local id = idx.ids[name]
  if id and self.state:alive(id) then return id end
  return nil
end

function Game:forget_names() self.name_index = nil; self.unit_cache = nil end

--[[
Unit rows: { [id] = { field = value, ... } } of the live units, the values
the rules read through unit proxies at plain-table speed.  A row is built
from the state on first use (one kernel call) and written through on
every change (Game:set_field); a removed unit's row goes.  During an
action every row built or changed is noted (self.touched) so that a
rollback drops exactly those and they are built again from the restored
state: a present row always equals the state.  A clone starts with none.
The rows hold the state's version (state:version()) they match: a change
made to the state by other means (a test setting a slot) is seen when the
game is next bound to the rules, and the rows are dropped.
--]]
function Game:rows()
  local r = self.unit_rows
  if r then
    local v = self.state:version()
    if v ~= self.rows_version then
      for id in next, r do r[id] = nil end
      self.rows_version = v
      if self.rs.rows_dropped then self.rs.rows_dropped(r, nil) end
    end
    return r
  end
  self.rows_version = self.state:version()
  local g = self
  r = setmetatable({}, { __metatable = "rows", __index = function(t, id)
    local row = g.state:row(id)
    if row then
      t[id] = row
      local touched = g.touched
      if touched then touched[#touched + 1] = id end
    end
    return row
  end })
  self.unit_rows = r
  return r
end

-- Drop a unit's row (removed, or its state restored).
function Game:forget_row(id)
  local r = self.unit_rows
  if r then
    rawset(r, id, nil)
    if self.rs.rows_dropped then self.rs.rows_dropped(r, id) end
  end
end

-- Remove unit id from the game.  The unit cache, when it matches the
-- state, loses the unit in place (a rollback puts it back) rather than
-- being built again.
function Game:remove_unit(id)
  local st = self.state
  local before = st:version()
  local insync = self.rows_version == before
  local c = self.unit_cache
  if c and c.version ~= before then c = nil end
  local alive = st:alive(id)
  st:remove(id)
  if insync then self.rows_version = st:version() end
  -- the name index keeps the removed unit's name: find_unit answers only
  -- for a live unit, and a rollback that brings the unit back finds it
  -- there (building the index again from every unit cost more than the
  -- lookups it served)
  if c and alive then
    local undo = self.cache_undo
    if undo then undo[#undo + 1] = { id, "removed", { c.hex[id], c.side[id], c.kind[id] } } end
    self:unit_changed(id, "removed")
    c.version = st:version()
  else
    self.unit_cache = nil
  end
  self:forget_row(id)
end

-- Set field k (slot number `slot`) of unit id: the state (which checks the
-- value and records the event), then its row and the unit cache.
function Game:set_field(id, k, slot, v)
  local st = self.state
  local before = st:version()
  -- A value the unit has already (its row, in step with the state, holds
  -- it: the same type, the same value) changes nothing: the state would
  -- record no event and keep its version, the cache and the row stay.
  local r = self.unit_rows
  if r and v ~= nil and self.rows_version == before then
    local row = rawget(r, id)
    if row then
      local cur = rawget(row, k)
      if rawequal(cur, v) and math.type(cur) == math.type(v) then return end
    end
  end
  local c = self.unit_cache
  if c and c.version ~= before then c = nil end            -- stale: rebuilt on next use
  local cached = c and (k == "hex" or k == "side" or k == "kind")
  local insync = self.rows_version == before
  local row = r and rawget(r, id)
  local old
  if cached and self.touched then
    -- (the row, in step with the state, holds the value the state has)
    if row and insync then old = rawget(row, k) else old = st:get(id, slot) end
  end
  st:set(id, slot, v)
  local after = st:version()
  if insync then self.rows_version = after end
  if c then c.version = after end
  if row then
    -- the value as the state gives it back: an integer, a boolean or a
    -- hex (interned: one value per hex) that the state took is that
    -- value; anything else (a string, a fraction) is read back
    local tv = type(v)
    if math.type(v) == "integer" or tv == "boolean" or tv == "userdata" then row[k] = v
    else row[k] = st:get(id, slot) end
    local touched = self.touched
    if touched then touched[#touched + 1] = id end
  end
  if cached then
    local undo = self.cache_undo
    if undo then undo[#undo + 1] = { id, k, old } end
    self:unit_changed(id, k, v)
  end
end

--[[
The units of the game as the rules query them, built from the state on
first use and kept until something other than a unit's move invalidates
it (spawn, removal, a clone); a change of hex, side or kind updates it in
place and a rollback undoes those.  It holds the state's version it
matches (state:version()): a change made to the state by other means is
seen at the next query and the cache is built again.  { ids = {alive ids in order}, side = {[id]}, kind = {[id]},
hex = {[id] = hex}, at = {[hex] = {ids in order}} }: hexes are the
kernel's interned values (one object per hex while it is referenced, and
the cache references those it holds), so a hex is its own key.
--]]
function Game:units_cache()
  local c = self.unit_cache
  local st, s = self.state, self.slot
  if c and c.version == st:version() then return c end
  c = { ids = {}, side = {}, kind = {}, hex = {}, at = {}, version = st:version() }
  for id = 1, st:max_id() do
    if st:alive(id) then
      c.ids[#c.ids + 1] = id
      c.side[id] = st:get(id, s.side)
      c.kind[id] = st:get(id, s.kind)
      local h = st:get(id, s.hex)
      if h then
        c.hex[id] = h
        local list = c.at[h]
        if not list then list = {}; c.at[h] = list end
        list[#list + 1] = id
      end
    end
  end
  self.unit_cache = c
  return c
end

-- The ids (in order) of the live units whose side or kind (field) is
-- `value`, a string: a list of the unit cache, made on first use and
-- dropped when a unit's side or kind changes.
function Game:units_of(field, value)
  local c = self:units_cache()
  local key = field == "side" and "side_lists" or "kind_lists"
  local lists = c[key]
  if not lists then lists = {}; c[key] = lists end
  local list = lists[value]
  if not list then
    list = {}
    local of, ids = c[field], c.ids
    for i = 1, #ids do
      local id = ids[i]
      if of[id] == value then list[#list + 1] = id end
    end
    lists[value] = list
  end
  return list
end

-- id out of (into) a list of ids in increasing order
local function remove_id(list, id)
  for i = #list, 1, -1 do if list[i] == id then table.remove(list, i) return end end
end
local function insert_id(list, id)
  local pos = #list + 1
  for i = 1, #list do if list[i] > id then pos = i break end end
  table.insert(list, pos, id)
end

-- A unit's hex, side or kind changed, or it was removed ("removed") or
-- comes back ("removed" undone: value = { hex, side, kind }): keep the
-- cache in step.
function Game:unit_changed(id, field, value)
  local c = self.unit_cache
  if not c then return end
  if field == "removed" then
    -- the ids, and the lists of the unit's side and kind made so far,
    -- lose the unit (or get it back) in place, in id order
    local ids = c.ids
    local sl, kl = c.side_lists, c.kind_lists
    if value == nil then
      remove_id(ids, id)
      if sl and sl[c.side[id]] then remove_id(sl[c.side[id]], id) end
      if kl and kl[c.kind[id]] then remove_id(kl[c.kind[id]], id) end
      self:unit_changed(id, "hex", nil)
      c.side[id], c.kind[id] = nil, nil
    else
      insert_id(ids, id)
      c.side[id], c.kind[id] = value[2], value[3]
      if sl and sl[value[2]] then insert_id(sl[value[2]], id) end
      if kl and kl[value[3]] then insert_id(kl[value[3]], id) end
      self:unit_changed(id, "hex", value[1])
      self.name_index = nil
    end
  elseif field == "side" then c.side[id] = value; c.side_lists = nil
  elseif field == "kind" then c.kind[id] = value; c.kind_lists = nil
  elseif field == "hex" then
    local old = c.hex[id]
    if old then
      local list = c.at[old]
      for i = #list, 1, -1 do if list[i] == id then table.remove(list, i) end end
      if #list == 0 then c.at[old] = nil end
    end
    if value then
      c.hex[id] = value
      local list = c.at[value]
      if not list then list = {}; c.at[value] = list end
      local pos = #list + 1
      for i = 1, #list do if list[i] > id then pos = i break end end
      table.insert(list, pos, id)
    else
      c.hex[id] = nil
    end
  end
end

function Game:spawn(t)
  local st, s = self.state, self.slot
  if type(t.name) ~= "string" or t.name == "" then error("spawn: a name is required", 3) end
  if self:find_unit(t.name) then error("spawn: a unit named '" .. t.name .. "' exists", 3) end
  -- the new unit has no row until it is read: the rows stay current
  local insync = self.rows_version == st:version()
  local idx = self.name_index             -- current: find_unit just made sure
  local id = st:spawn()
  self:forget_names()
  for _, k in ipairs(util.sorted_keys(t)) do
    if not s[k] then error("spawn: unknown attribute '" .. tostring(k) .. "'", 3) end
    local v = t[k]
    if k == "facing" and type(v) == "string" then v = util.parse_facing(v) end
    if k == "hex" and type(v) == "string" then v = bitwa.hex.parse(v) end
    st:set(id, s[k], v)
  end
  if insync then self.rows_version = st:version() end
  -- the name index gains the new unit (as find_unit would build it again:
  -- each name to its highest id), rather than being made again from
  -- every unit at the next lookup (a scenario's setup spawns them all)
  if idx and idx.max == id - 1 and st:max_id() == id then
    idx.ids[st:get(id, s.name)] = id
    idx.max = id
    self.name_index = idx
  end
  return id
end

-- ------------------------------------------------------------------ the map in play

--[[
The printed map is the map's starting value; the rules change it in play
(a fortification destroyed, a wall breached, mud) through the state
variables "map.terrain.CCRR" (a terrain name) and
"map.edge.CCRR.DIR.FEATURE" (true or false, the edge named from the hex
that holds it on the map with DIR N, NE or SE when it can be), each kept
only while it differs from the printed map.  Being state, they are
checksummed, cloned, rolled back and logged as events like any other.
current_map() is the kernel map with them applied, kept in map_now until
the state it was built from is replaced (clone and _rollback drop it);
without any, it is the printed map itself.
--]]
function Game:current_map()
  if self.map_now then return self.map_now end
  local m, own = self.map, false
  local vars = self.state:vars("map.")
  if #vars > 0 then
    m, own = self.map:clone(), true
    local tid = {}
    for i, t in ipairs(self.terrain_names) do tid[t] = i - 1 end
    for _, kv in ipairs(vars) do
      local key, v = kv[1], kv[2]
      local label = key:match("^map%.terrain%.([^.]+)$")
      local h = label and bitwa.hex.parse(label)
      if h and type(v) == "string" and tid[v] then m:set_terrain(h, tid[v])
      else
        local hl, dname, feature = key:match("^map%.edge%.([^.]+)%.(%a+)%.(.+)$")
        h = hl and bitwa.hex.parse(hl)
        local d, bit = dname and util.parse_facing(dname), feature and self.edge_bit[feature]
        if not (h and d and bit and type(v) == "boolean") then
          error("the map's state holds a bad variable '" .. key .. "'", 0)
        end
        local bits = m:edge(h, d)
        m:set_edge(h, d, v and (bits | bit) or (bits & ~bit))
      end
    end
  end
  self.map_now, self.map_own = m, own
  return m
end

-- The map to change: the current map, copied first when it is the printed one.
local function own_map(g)
  local m = g:current_map()
  if not g.map_own then m = m:clone(); g.map_now, g.map_own = m, true end
  return m
end

-- Terrain `name` (one of the ruleset's) on hex h from now on.
function Game:set_terrain(h, name)
  local id
  for i, t in ipairs(self.terrain_names) do if t == name then id = i - 1 end end
  if not id then error("unknown terrain '" .. name .. "'", 0) end
  own_map(self):set_terrain(h, id)
  self.terrain_memo_of = nil            -- changed in place: map.terrain's memo goes
  self.state:set_var("map.terrain." .. h.label, self.map:terrain(h) ~= id and name or nil)
end

-- Hexside feature `feature` on (or off) the edge of h in direction d.
function Game:set_edge(h, d, feature, on)
  local bit = self.edge_bit[feature]
  if not bit then error("unknown hexside feature '" .. feature .. "'", 0) end
  if d >= 3 then
    local n = self.map:neighbour(h, d, true)
    if self.map:contains(n) then h, d = n, d - 3 end
  end
  local m = own_map(self)
  local bits = m:edge(h, d)
  m:set_edge(h, d, on and (bits | bit) or (bits & ~bit))
  local printed = self.map:edge(h, d) & bit ~= 0
  local v = nil
  if printed ~= on then v = on end
  self.state:set_var("map.edge." .. h.label .. "." .. util.FACINGS[d + 1] .. "." .. feature, v)
end

function Game:var(k) return self.state:var(k) end
function Game:turn() return self.state:var("turn") or 0 end
function Game:phase_index() return self.state:var("phase") or 1 end
-- The phase list never changes during a game: its entries are read once.
function Game:phase_info()
  local i = self:phase_index()
  local cache = self.phase_cache
  if not cache then cache = {}; self.phase_cache = cache end
  local info = cache[i]
  if not info then info = self.phases:info(i); cache[i] = info end
  return info
end
function Game:is_over() return self.state:var("game.over") == true end

-- The sides that may act now ({} in a phase that runs by itself).
function Game:acting_sides()
  if self:is_over() then return {} end
  local side = self:phase_info().side
  if side == "" then return {} end
  if side == "*" then
    local out = {}
    for _, s in ipairs(self.sides) do
      if not self.state:var("phase.done." .. s) then out[#out + 1] = s end
    end
    return out
  end
  if side:sub(1, 1) == "@" then
    local v = self.state:var(side:sub(2))
    return v and { v } or {}
  end
  return { side }
end

-- The first of them (nil when none), without building the list: the
-- rules ask it often (bitwa.phasing_side).
function Game:acting_side()
  if self:is_over() then return nil end
  local side = self:phase_info().side
  if side == "" then return nil end
  if side == "*" then
    for _, s in ipairs(self.sides) do
      if not self.state:var("phase.done." .. s) then return s end
    end
    return nil
  end
  if side:sub(1, 1) == "@" then return self.state:var(side:sub(2)) end
  return side
end

function Game:checksum()
  if self.format == 1 then return bitwa.util.hash(self.state:checksum() .. ":" .. self.dice:count()) end
  return bitwa.util.hash(self.state:hash() .. ":" .. self.dice:count())
end

function Game:result()
  local st = self.state
  if not self:is_over() then return nil end
  local vp = {}
  for _, s in ipairs(self.sides) do vp[s] = st:var("game.vp." .. s) or 0 end
  return { winner = st:var("game.winner") or "", level = st:var("game.level") or "",
           reason = st:var("game.reason") or "", vp = vp }
end

function Game:finish(r)
  local st = self.state
  st:set_var("game.over", true)
  st:set_var("game.winner", r.winner or "")
  st:set_var("game.level", r.level or (r.winner and r.winner ~= "" and "victory" or "draw"))
  st:set_var("game.reason", r.reason or "")
  for _, s in ipairs(self.sides) do
    local v = (r.vp or {})[s]
    if v ~= nil then
      if math.type(v) ~= "integer" then error("game_over: vp." .. s .. " must be an integer", 3) end
      st:set_var("game.vp." .. s, v)
    end
  end
  st:note("game over: " .. ((r.winner or "") ~= "" and (r.winner .. " wins") or "no winner") ..
    ((r.level or "") ~= "" and (" (" .. r.level .. ")") or "") ..
    ((r.reason or "") ~= "" and (": " .. r.reason) or ""))
end

-- ------------------------------------------------------------------ hooks

function Game:run_hooks(event, ...)
  for _, h in ipairs(self.rs.hooks[event] or {}) do
    ruleset.hook_function(self.rs, h)(...)
    if self:is_over() then return end
  end
  for _, h in ipairs(self.scenario.hooks) do
    if h.event == event then h.fn(...) end
    if self:is_over() then return end
  end
end

function Game:run_phase_hooks(name, event)
  local ph = self.rs.phase_hooks[name]
  for _, h in ipairs(ph and ph[event] or {}) do
    ruleset.hook_function(self.rs, h)()
    if self:is_over() then return end
  end
  for _, h in ipairs(self.scenario.hooks) do
    if h.event == "phase." .. name .. "." .. event then h.fn() end
  end
end

-- Leave the current phase and enter the next, running phases that
-- belong to nobody by themselves.
function Game:_advance()
  local st = self.state
  repeat
    local pi = self:phase_index()
    self:run_phase_hooks(self.phases:info(pi).name, "exit")
    if self:is_over() then return end
    -- a copy that looks at what a phase's end does (odds.lua, phase_end)
    -- stops once its exit hooks have run
    if self.halt_after_exit then return end
    for _, s in ipairs(self.sides) do st:set_var("phase.done." .. s, nil) end
    local turn, ni, newturn = self.phases:next(self:turn(), pi)
    if newturn then
      -- once phases belong to the first turn only
      while self.phase_flags[ni].once do ni = ni + 1 end
      self:run_hooks("turn_end", turn - 1)
      if self:is_over() then return end
      if self.turns and turn > self.turns then
        self:run_hooks("game_end")
        if not self:is_over() then
          self:finish { level = "draw", reason = "the last turn is over" }
        end
        return
      end
      st:set_var("turn", turn)
    end
    st:set_var("phase", ni)
    st:note(string.format("turn %d, phase %s", turn, self.phases:info(ni).name))
    if newturn then self:run_hooks("turn_start", turn) end
    if self:is_over() then return end
    self:run_phase_hooks(self.phases:info(ni).name, "enter")
    if self:is_over() then return end
  until not self:_passes_by()
end

-- Whether the phase just entered runs by itself: it belongs to nobody
-- (side ""), its "@var" side is unset, it is a deployment phase of a
-- game deployed as the scenario says, or its skip predicate finds
-- nothing to do in it.  Run inside an action.
function Game:_passes_by()
  local pi = self:phase_index()
  local info, flags = self.phases:info(pi), self.phase_flags[pi]
  if info.side == "" then return true end
  local why
  if flags.deployment and self.deploy == "scenario" then
    why = "the units stand as the scenario deploys them"
  elseif info.side:sub(1, 1) == "@" then
    local v = self.state:var(info.side:sub(2))
    if v == nil or v == "" then why = "nobody acts in it" end
  end
  if not why and flags.skip then
    local sides = self:acting_sides()
    if ruleset.hook_function(self.rs, flags.skip)(sides[1]) == true then why = "nothing to do in it" end
  end
  if not why then return false end
  self.state:note("phase " .. info.name .. " skipped: " .. why)
  return true
end

function Game:_end_phase(side)
  local info = self:phase_info()
  if info.side == "*" then
    self.state:set_var("phase.done." .. side, true)
    for _, s in ipairs(self.sides) do
      if not self.state:var("phase.done." .. s) then return end
    end
    if self:is_sealed() then self:_resolve_sealed() end
  end
  self:_advance()
end

-- ------------------------------------------------------------ sealed orders
-- In a phase declared `sealed = true` (side "*") an order is tried on a
-- copy of the game holding the side's own earlier orders (its refusal is
-- the rules' own), logged, and kept in the side's store: state variables
-- under "sealed.SIDE." that no rule, bot, view or listing of another side
-- reads (bitwa.var and bitwa.vars do not show them).  When every side has
-- ended the phase the orders run, side by side in the manifest's order,
-- each side's in the order given, and then the phase's exit hooks.
M.SEALED = apimod.SEALED
M.is_sealed_key = apimod.is_sealed_key

function Game:is_sealed()
  local f = self.phase_flags[self:phase_index()]
  return f ~= nil and f.sealed == true and not self.unsealed
end

-- the lines `side` has given in this sealed phase
function Game:sealed_orders(side)
  local out = {}
  for i = 1, self.state:var(M.SEALED .. side .. ".n") or 0 do
    out[i] = self.state:var(M.SEALED .. side .. "." .. i)
  end
  return out
end

-- What `side` may know now: a copy in which the other sides' sealed
-- orders are gone and its own have been carried out (no store: its
-- actions run at once).  The game itself outside a sealed phase.
function Game:view_for(side)
  if not self:is_sealed() or self.pending then return self end
  local c = self:clone()
  local own = self:sealed_orders(side)
  for _, s in ipairs(self.sides) do
    for i = 1, c.state:var(M.SEALED .. s .. ".n") or 0 do c.state:set_var(M.SEALED .. s .. "." .. i, nil) end
    c.state:set_var(M.SEALED .. s .. ".n", nil)
  end
  c.unsealed = true
  for _, line in ipairs(own) do
    local r = c:act(side, line)
    if r.status ~= "done" then
      return nil, r
    end
  end
  return c
end

-- every side's orders, then the store emptied (inside the last "end")
function Game:_resolve_sealed()
  local st = self.state
  local orders = {}
  for _, s in ipairs(self.sides) do
    for _, line in ipairs(self:sealed_orders(s)) do orders[#orders + 1] = { side = s, line = line } end
    for i = 1, st:var(M.SEALED .. s .. ".n") or 0 do st:set_var(M.SEALED .. s .. "." .. i, nil) end
    st:set_var(M.SEALED .. s .. ".n", nil)
  end
  for _, o in ipairs(orders) do
    st:note("sealed order of " .. o.side .. ": " .. o.line)
    local ok, err = pcall(self._perform, self, o.side, o.line)
    if not ok then
      if not apimod.is_refusal(err) then error(err, 0) end
      local rule, message = apimod.refusal_parts(err)
      st:note("sealed order of " .. o.side .. " refused when carried out: " .. (rule or "") .. ": " .. tostring(message))
    end
    if self:is_over() then return end
  end
end

-- run an action line's rule (the body of an action other than "end")
function Game:_perform(side, line)
  local words = util.words(line)
  local kind = words[1]
  local spec = self.rs.manifest.actions[kind]
  -- KIND UNIT HEX [FACING]: a path order, walked step by step (paths.lua)
  if paths.is_path(self, spec, words) then return paths.walk(self, side, kind, spec, words, M._convert) end
  local bad = paths.form_error(self, spec, words)
  if bad then self.rs.api.refuse("", kind .. ": " .. bad) end
  local args, nparams = M._convert(self, kind, spec.params or {}, words)
  local f = ruleset.hook_function(self.rs, spec.run)
  f(side, table.unpack(args, 1, nparams))
end

-- ------------------------------------------------------------------ running

-- The state is not copied: it notes its changes from here (state:mark)
-- and a rollback undoes them.  snapshot.state, the state as it was, is
-- made only when something asks for it.
local Snapshot = { __metatable = "snapshot", __index = function(snap, k)
  if k ~= "state" then return nil end
  local st = snap.marked:clone_at_mark()
  rawset(snap, "state", st)
  return st
end }

function Game:_start(action, body)
  self.state:mark()
  self.snapshot = setmetatable({ marked = self.state, dice = self.dice:clone(),
                                 unit_cache = self.unit_cache, max_id = self.state:max_id() }, Snapshot)
  self.touched, self.cache_undo = {}, {}
  self.state:clear_events()
  self.dice:take_rolls()
  self.pending = { action = action, co = coroutine.create(body), decisions = {},
                   budget = self.budget, roll_sides = {} }
  return self:_run()
end

function Game:_run(...)
  local p = self.pending
  local prev = self.rs.bind(self)
  sandbox.budget(p.budget)
  sandbox.memory_cap(self.memory)
  local r = table.pack(sandbox.resume(p.co, ...))
  p.budget = math.max(sandbox.budget_left(), 1)
  sandbox.memory_cap(nil)
  sandbox.budget(0)
  self.rs.bind(prev)
  if r[1] == "yield" then
    local req = r[2]
    -- an exploring copy stops at a roll (api.roll): see Game:fall
    if req.roll_point then
      p.roll = req
      return { status = "roll", roll = req, action = p.action }
    end
    p.request = req
    -- the action waits for an answer, maybe from another process: keep it
    if self.log and not p.persisted then
      local ok, err = pcall(self.log.add_decision, self.log, p.action)
      if not ok then
        self:_rollback()
        return { status = "conflict", message = tostring(err):gsub("^game log: ", "") }
      end
      p.persisted = true
    end
    return { status = "decision", request = req, action = p.action }
  elseif r[1] == "done" then
    return self:_commit()
  end
  local err, kind, tb = r[2], r[3], r[4]
  self:_rollback()
  if apimod.is_refusal(err) then
    local rule, message = apimod.refusal_parts(err)
    return refused(rule, message or "refused")
  end
  -- a message, or the type of a value rule code raised: never its own
  -- __tostring, which is rule code that would run outside the budget;
  -- where it left the action's code when the message names no line
  local message
  if type(err) == "string" then message = err
  elseif math.type(err) then message = tostring(err)
  else message = (r[5] or "") .. "error object is a " .. type(err) .. " value" end
  return { status = "error", kind = kind, message = message, traceback = tb }
end

function M.encode_request(d)
  if d.request == nil then
    local req = d.req
    d.request = json.encode { side = req.side, kind = req.kind, prompt = req.prompt,
                              options = json.array(req.options), min = req.min, max = req.max }
  end
  return d.request
end

-- The rule a roll applies: the last parenthesised part of its purpose
-- ("fire (11.7.1)" -> "11.7.1"), "" when there is none.
local function roll_rule(purpose)
  return purpose:match("%(([^()]*)%)%s*$") or ""
end
M.roll_rule = roll_rule

M.FILE_FORMAT = 2      -- the layout of the game file this bitwa writes (log.h BITWA_LOG_FORMAT)
M.SNAPSHOT_EVERY = 64   -- a snapshot after every 64th action, and when a command ends

function Game:_commit()
  local p = self.pending
  local a = p.action
  a.checksum = self:checksum()
  a.status = "done"
  local events = self.state:events()
  -- replay --verify: the log's events of this action compared with the
  -- state's in the kernel (no table per event); when they are the same,
  -- the replay needs no details to compare (events_same: the action's n)
  local same
  local vlog = self.verify_log
  if vlog and vlog:events_match(a.n, self.state, self.verify_full) then same = a.n end
  -- what each event changed: for the log, or for replay --verify
  local details = (self.log or (self.want_details and not same)) and self.state:event_details() or nil
  local rolls = self.dice:take_rolls()
  for i, r in ipairs(rolls) do
    r.side = p.roll_sides[i] or a.side
    r.rule = roll_rule(r.purpose)
  end
  if self.log then
    for _, d in ipairs(p.decisions) do M.encode_request(d) end
    local ok, err = pcall(self.log.commit, self.log, a, p.decisions, rolls, details)
    if not ok then
      -- nothing was written: the game stays as it was before the action
      self.pending.persisted = false
      self:_rollback()
      return { status = "conflict", message = tostring(err):gsub("^game log: ", "") }
    end
  end
  self.state:clear_events()
  self.state:unmark()
  self.pending, self.snapshot = nil, nil
  self.touched, self.cache_undo = nil, nil
  self.n = a.n
  local rec = { action = a, events = events, rolls = rolls, decisions = p.decisions, details = details,
                events_same = same }
  self.last = rec
  if self.log and a.n % M.SNAPSHOT_EVERY == 0 then self:save_snapshot() end
  if self.on_commit then self.on_commit(self, rec) end
  return { status = "done", action = a, events = events, rolls = rolls, decisions = p.decisions }
end

-- The snapshot: the dice's position and the state's bytes after action
-- self.n, with the game's checksum there and a hash of the bytes.
function Game:snapshot_bytes()
  return self.dice:position() .. "\n" .. self.state:serialize()
end

-- Snapshot bytes as the dice's position and the state's bytes, or nil.
local function snapshot_parts(bytes)
  return bytes:match("^([^\n]*)\n(.*)$")
end

function Game:save_snapshot()
  if not self.log or self.log_path or self.log:format() < 2 then return end
  if self.snap_n == self.n or self.n < 0 or not self.last then return end
  local bytes
  if self.pending then
    -- mid-action: the position before it
    local state, dice = self.state, self.dice
    self.state, self.dice = state:clone_at_mark(), self.snapshot.dice
    local ok, b = pcall(self.snapshot_bytes, self)
    self.state, self.dice = state, dice
    if not ok then error(b, 0) end
    bytes = b
  else
    bytes = self:snapshot_bytes()
  end
  self.log:put_snapshot(self.n, self.last.action.checksum, bitwa.util.hash(bytes), bytes)
  self.snap_n = self.n
end

-- Whether snapshot bytes hold this game's position: the same dice and
-- the same units, values and variables, whatever the order in which the
-- state's strings were interned (a snapshot written while an action was
-- pending keeps the strings that action interned, which the position
-- before it does not use).
function Game:same_position(bytes)
  local pos, st = snapshot_parts(bytes)
  if not pos or pos ~= self.dice:position() then return false end
  local s = new_state(self.rs)
  if not s:deserialize(st) or s:max_id() ~= self.state:max_id() then return false end
  local d = s:differing_ids(self.state)
  if not d or #d > 0 then return false end
  local va, vb = s:vars(), self.state:vars()
  if #va ~= #vb then return false end
  for i = 1, #va do
    if va[i][1] ~= vb[i][1] or va[i][2] ~= vb[i][2] then return false end
  end
  return s:hash_full() == self.state:hash_full()
end

-- Back to a snapshot's position: the state and the dice.
function Game:restore_snapshot(bytes)
  local pos, state = snapshot_parts(bytes)
  if not pos then return nil, "malformed snapshot" end
  local ok, err = self.state:deserialize(state)
  if not ok then return nil, err end
  ok, err = self.dice:set_position(pos)
  if not ok then return nil, err end
  self.state:clear_events()
  self:forget_names()
  return true
end

-- The state is restored; the rows touched during the action are dropped
-- and the unit cache's hex/side/kind changes undone in reverse order (the
-- cache is dropped instead when units were spawned or removed).
function Game:_rollback()
  local p = self.pending
  local snap = self.snapshot
  local spawned = self.state:max_id() ~= snap.max_id
  local insync = self.rows_version == self.state:version()
  local cache_insync = self.unit_cache and self.unit_cache.version == self.state:version()
  if self.state ~= snap.marked then error("the game's state was replaced during an action", 0) end
  self.state:rollback()
  self.state:unmark()
  self.dice:restore(snap.dice)
  self.state:clear_events()
  self.dice:take_rolls()
  if self.log and p.persisted then self.log:abort(p.action.n) end
  local touched, undo = self.touched, self.cache_undo
  self.pending, self.snapshot = nil, nil
  self.map_now, self.map_own = nil, false
  self.touched, self.cache_undo = nil, nil
  local r = self.unit_rows
  if r then
    local dropped = self.rs.rows_dropped
    for i = 1, #touched do
      rawset(r, touched[i], nil)
      if dropped then dropped(r, touched[i]) end
    end
  end
  if insync then self.rows_version = self.state:version() end
  if spawned then self.name_index = nil end
  if spawned or not cache_insync or self.unit_cache ~= snap.unit_cache then
    self.unit_cache = nil
  else
    for i = #undo, 1, -1 do
      local u = undo[i]
      self:unit_changed(u[1], u[2], u[3])
    end
    self.unit_cache.version = self.state:version()
  end
end

-- Action 0: the scenario's units and variables, and the rules' setup
-- hooks.  It takes no decision.
function Game:_setup()
  local sc = self.scenario
  return self:_start({ n = 0, side = "", line = "setup", turn = 0, phase = "" }, function()
    local st = self.state
    for _, u in ipairs(sc.units) do
      local t = { name = u.name, side = u.side, kind = u.kind, hex = u.hex, facing = u.facing }
      for _, k in ipairs(util.sorted_keys(u.attrs)) do t[k] = u.attrs[k] end
      self:spawn(t)
    end
    for _, v in ipairs(sc.vars) do st:set_var(v.key, v.value) end
    st:set_var("turn", self.first)
    st:set_var("phase", 1)
    self:run_hooks("setup")
  end)
end

-- Action 1: the first turn begins (its turn_start hooks and the first
-- phase's entry hooks), which may already ask the players something.
function Game:_begin()
  local first = self.phases:info(1).name
  return self:_start({ n = self.n + 1, side = "", line = "begin", turn = self.first, phase = first }, function()
    if self:is_over() then return end
    self:run_hooks("turn_start", self.first)
    if self:is_over() then return end
    self:run_phase_hooks(self:phase_info().name, "enter")
    if not self:is_over() and self:_passes_by() then self:_advance() end
  end)
end

local function quote(w)
  if w:find("[%s\"]") or w == "" then return '"' .. w .. '"' end
  return w
end

-- Convert action words to the declared parameter types (inside the
-- action, where the game is bound).
local function convert(g, kind, params, words)
  local api = g.rs.api
  local args = {}
  local i = 0
  for pi, ptype in ipairs(params) do
    local optional = ptype:sub(-1) == "?"
    if optional then ptype = ptype:sub(1, -2) end
    local w = words[pi + 1]
    i = pi
    local function bad(msg) api.refuse("", kind .. ": argument " .. pi .. " (" .. ptype .. "): " .. msg) end
    if w == nil then
      if not optional then bad("missing") end
      args[pi] = nil
    elseif ptype == "unit" then
      local u = api.unit(w)
      if not u then bad("no unit '" .. w .. "'") end
      args[pi] = u
    elseif ptype == "units" then
      -- a comma-separated list of unit names: "1/H,2/H"
      local list, seen = {}, {}
      for name in w:gmatch("[^,]+") do
        local u = api.unit(name)
        if not u then bad("no unit '" .. name .. "'") end
        if seen[u.id] then bad("unit '" .. name .. "' is listed twice") end
        seen[u.id] = true
        list[#list + 1] = u
      end
      if #list == 0 then bad("no units listed") end
      args[pi] = list
    elseif ptype == "hex" then
      local h = bitwa.hex.parse(w)
      if not h or not g.map:contains(h) then bad("'" .. w .. "' is not a hex on the map") end
      args[pi] = h
    elseif ptype == "facing" then
      local f = util.parse_facing(w)
      if not f then bad("'" .. w .. "' is not a facing (N NE SE S SW NW)") end
      args[pi] = f
    elseif ptype == "int" then
      local n = math.tointeger(tonumber(w))
      if not n then bad("'" .. w .. "' is not an integer") end
      args[pi] = n
    elseif ptype == "side" then
      local ok = false
      for _, s in ipairs(g.sides) do if s == w then ok = true end end
      if not ok then bad("'" .. w .. "' is not a side") end
      args[pi] = w
    elseif ptype:sub(1, 7) == "choice:" then
      local ok = false
      for c in ptype:sub(8):gmatch("[^,]+") do if c == w then ok = true end end
      if not ok then bad("'" .. w .. "' is not one of " .. ptype:sub(8)) end
      args[pi] = w
    else
      args[pi] = w
    end
  end
  if #words - 1 > i then api.refuse("", kind .. ": too many arguments") end
  return args, #params
end

-- g:act(side, line) -> { status = "done" | "decision" | "refused" | "error", ... }
M._convert = function(...) return convert(...) end

function Game:act(side, line)
  if self.pending then
    return refused("", "a decision is pending: " .. (self.pending.request and self.pending.request.prompt or "?"))
  end
  if self:is_over() then return refused("", "the game is over") end
  local words, werr = util.words(tostring(line))
  if not words then return refused("", "bad action line: " .. werr) end
  if #words == 0 then return refused("", "empty action") end
  local kind = words[1]
  local spec
  if kind == "end" then spec = { params = {} }
  else spec = self.rs.manifest.actions[kind] end
  if not spec then
    return refused("", "unknown action '" .. kind .. "' (actions: " ..
      table.concat(util.sorted_keys(self.rs.manifest.actions), ", ") .. ", end)")
  end
  local pi = self:phase_index()
  local info = self.phases:info(pi)
  if not self.phases:allows(pi, kind) then
    local allowed = #info.kinds > 0 and table.concat(info.kinds, ", ") or "none"
    return refused(info.cite, kind .. " is not allowed in phase " .. info.name ..
      " (allowed: " .. allowed .. ")")
  end
  local ok = false
  for _, s in ipairs(self:acting_sides()) do if s == side then ok = true end end
  if not ok then
    local who = self:acting_sides()
    return refused(info.cite, "side " .. tostring(side) .. " cannot act in phase " .. info.name ..
      (#who > 0 and (" (" .. table.concat(who, ", ") .. " acts)") or ""))
  end
  local norm = {}
  for i, w in ipairs(words) do norm[i] = quote(w) end
  local action = { n = self.n + 1, side = side, line = table.concat(norm, " "),
                   turn = self:turn(), phase = info.name }
  if kind ~= "end" and self:is_sealed() then
    -- a sealed order: tried in the side's own view, then only stored
    local view, bad = self:view_for(side)
    if not view then return bad end
    local r = view:act(side, action.line)
    if r.status == "decision" then
      return refused(info.cite, "a sealed order cannot ask for a decision when it is given: " ..
        (r.request and r.request.prompt or "?"))
    end
    if r.status ~= "done" then return r end
    return self:_start(action, function()
      local st = self.state
      local n = (st:var(M.SEALED .. side .. ".n") or 0) + 1
      st:set_var(M.SEALED .. side .. "." .. n, action.line)
      st:set_var(M.SEALED .. side .. ".n", n)
    end)
  end
  return self:_start(action, function()
    if kind == "end" then
      if #words > 1 then self.rs.api.refuse("", "end: takes no arguments") end
      return self:_end_phase(side)
    end
    self:_perform(side, action.line)
  end)
end

-- g:try(side, line) -> as act, for a player's action: a refusal (of a
-- new action, no decision pending) is recorded in the game's log, in
-- its own transaction, with the number of the last done action; the
-- game's state and actions stay as they were.  A refusal that cannot be
-- recorded says so in its message.
function Game:try(side, line)
  local pending = self.pending
  local r = self:act(side, line)
  if r.status == "refused" and not pending and self.log and not self.log_path
     and self.log:format() >= 2 and type(side) == "string" and type(line) == "string" then
    local ok, err = pcall(self.log.add_refusal, self.log, self.n, side, line, r.rule or "", r.message or "")
    if not ok then r.message = tostring(r.message) .. " (not recorded: " .. tostring(err):gsub("^game log: ", "") .. ")" end
  end
  return r
end

-- g:answer(value) -> as act
-- The answer to request req that `value` gives, normalized (a choice of
-- several: its options in the order offered, joined by commas), or nil
-- and why not.
function M.check_answer(req, value)
  value = tostring(value)
  if req.max == nil then
    for _, o in ipairs(req.options) do if o == value then return value end end
    return nil, "'" .. value .. "' is not one of: " .. table.concat(req.options, ", ")
  end
  local chosen, n = {}, 0
  for o in value:gmatch("[^,]+") do
    local known = false
    for _, x in ipairs(req.options) do if x == o then known = true end end
    if not known then return nil, "'" .. o .. "' is not one of: " .. table.concat(req.options, ", ") end
    if chosen[o] then return nil, "'" .. o .. "' is chosen twice" end
    chosen[o] = true
    n = n + 1
  end
  if n < req.min or n > req.max then
    return nil, "choose from " .. req.min .. " to " .. req.max .. " of: " .. table.concat(req.options, ", ") ..
      " (comma-separated)"
  end
  local out = {}
  for _, x in ipairs(req.options) do if chosen[x] then out[#out + 1] = x end end
  return table.concat(out, ",")
end

function Game:answer(value)
  local p = self.pending
  if not p or not p.request then return refused("", "no decision is pending") end
  local req = p.request
  local why
  value, why = M.check_answer(req, value)
  if not value then return refused("", why) end
  -- the request as the log keeps it, encoded only for a game with a log
  -- (encode_request; a copy exploring odds or a bot's move has none)
  local d = { k = #p.decisions + 1, side = req.side, kind = req.kind, req = req, answer = value }
  if self.log then M.encode_request(d) end
  p.decisions[#p.decisions + 1] = d
  p.request = nil
  local r = self:_run(value)
  -- The answer goes to the log once the action has stopped at its next
  -- decision, so that a pending action in the log always stops at a
  -- decision again when it is replayed (written before running on, the
  -- last answer of an action whose process dies before the commit would
  -- leave a pending action that replays to its end: a game that cannot
  -- be resumed).  An action that runs to its end is written whole, with
  -- this answer, by _commit; one that fails leaves nothing.
  if self.log and r.status == "decision" then
    local ok, err = pcall(self.log.add_decision, self.log, p.action, d)
    if not ok then
      -- not written: the answer is not taken (the game as the log has it)
      p.persisted = false
      self:_rollback()
      return { status = "conflict", message = tostring(err):gsub("^game log: ", "") }
    end
  end
  return r
end

function Game:pending_request() return self.pending and self.pending.request end

-- An exploring copy (g.explore) stopped at a roll whose dice were not
-- forced ({ status = "roll", roll = api.roll_point(...) }): go on as if
-- the dice had given `total` (logged as a forced roll).
function Game:fall(total)
  local p = self.pending
  if not (p and p.roll) then return refused("", "no roll is pending") end
  local ok = false
  for _, c in ipairs(p.roll.classes) do
    for _, t in ipairs(c.totals) do if t == total then ok = true end end
  end
  if not ok then return refused("", "a roll of " .. p.roll.n .. "D" .. p.roll.sides .. " cannot give " .. tostring(total)) end
  p.roll = nil
  return self:_run(total)
end

-- Run f(...) as rule code on this game, not as an action: queries and
-- legal-action lists.  It must not change the state.
function Game:query(f, ...)
  local before = self.state:nevents()
  local prev = self.rs.bind(self)
  -- the rules' API refuses every change while a query runs
  local was = self.read_only
  self.read_only = was or "a query"
  sandbox.budget(self.budget)
  sandbox.memory_cap(self.memory)
  local r = table.pack(sandbox.call(f, ...))
  sandbox.memory_cap(nil)
  sandbox.budget(0)
  self.read_only = was
  self.rs.bind(prev)
  if self.state:nevents() ~= before then
    error("rule code changed the game state while answering a query", 0)
  end
  if r[1] ~= "done" then
    local e = r[2]
    if apimod.is_refusal(e) then return nil, apimod.refusal(apimod.refusal_parts(e)) end
    -- a message, or the type of the value: never its own __tostring,
    -- rule code that would run outside the budget
    if type(e) == "string" then error(e, 0) end
    if math.type(e) then error(tostring(e), 0) end
    error((r[5] or "") .. "error object is a " .. type(e) .. " value", 0)
  end
  return table.unpack(r, 2, r.n)
end

-- A failure of rule code outside an action (a query: legal actions):
-- the command reports it as the rules' failure, on one line, exit 1.
-- tostring gives the message.
M.RuleFailure = { __tostring = function(f) return f.message end, __metatable = "rule failure" }
local KILL_KINDS = { ["instruction budget exceeded"] = "budget", ["memory cap exceeded"] = "memory",
                     ["CPU time limit exceeded"] = "cpu" }
function M.rule_failure(message)
  if debug.getmetatable(message) == M.RuleFailure then error(message, 0) end
  message = type(message) == "string" and message or tostring(message)
  local kind = KILL_KINDS[message:match("([^:]*)$"):match("^%s*(.-)%s*$")] or "error"
  error(setmetatable({ message = message, kind = kind }, M.RuleFailure), 0)
end

-- An argument of a legal action as text: strings, numbers, hexes and
-- units (a unit's name: its __tostring, run inside the query's budget).
local function legal_arg(a, kind, legal)
  local t = type(a)
  if t == "string" then return a end
  if t == "number" then return tostring(a) end
  if bitwa.hex.is(a) then return a.label end
  if t == "table" and getmetatable(a) == "unit" then return tostring(a) end
  local src, first = bitwa.util.function_info(legal)
  error(string.format("%s:%d: legal actions of '%s': an argument is a %s (strings, numbers, hexes or units)",
    src, first, kind, t), 0)
end

-- The legal action lines of `side` (all acting sides when nil).
function Game:legal_actions(side)
  local out = {}
  if self.pending or self:is_over() then return out end
  if self:is_sealed() then
    -- each side's list in its own view (its sealed orders carried out)
    for _, s in ipairs(self:acting_sides()) do
      if side == nil or side == s then
        local view = self:view_for(s)
        for _, a in ipairs(view and view:legal_actions(s) or { { side = s, line = "end" } }) do out[#out + 1] = a end
      end
    end
    return out
  end
  local actions = self.rs.manifest.actions
  local function add(s, kind)
    local spec = actions[kind]
    if not (spec and spec.legal) then return end
    local legal = ruleset.hook_function(self.rs, spec.legal)
    -- the rules' list is read inside the query, under its budget (its
    -- tables may have any metamethod); what leaves it is plain strings
    local ok, lines = pcall(self.query, self, function(side_)
      local list, text = legal(side_), {}
      if list == nil then return text end
      for i = 1, #list do
        local ws = { kind }
        for _, a in ipairs(list[i]) do ws[#ws + 1] = quote(legal_arg(a, kind, legal)) end
        text[i] = table.concat(ws, " ")
      end
      return text
    end, s)
    if not ok then M.rule_failure(lines) end
    for _, line in ipairs(lines or {}) do out[#out + 1] = { side = s, line = line } end
  end
  for _, s in ipairs(self:acting_sides()) do
    if side == nil or side == s then
      for _, kind in ipairs(self:phase_info().kinds) do
        if kind == "*" then
          for _, k in ipairs(util.sorted_keys(actions)) do add(s, k) end
        else
          add(s, kind)
        end
      end
      out[#out + 1] = { side = s, line = "end" }
    end
  end
  return out
end

-- A copy for looking ahead (bots, odds): same rules, no log.
function Game:clone()
  local c = setmetatable({}, Game)
  for k, v in next, self do c[k] = v end
  c.state = self.state:clone()
  c.dice = self.dice:clone()
  c.log, c.log_path, c.readonly_log, c.verify_log = nil, nil, nil, nil
  c.pending, c.snapshot, c.on_commit = nil, nil, nil
  c.name_index = nil
  c.unit_cache = nil
  c.unit_rows, c.touched, c.cache_undo = nil, nil, nil
  c.map_now, c.map_own = nil, false     -- rebuilt from the clone's own state
  return c
end

-- ------------------------------------------------------------------ files

local function divergence(n, expected, actual, message)
  return { n = n, expected = expected, actual = actual, message = message }
end

-- A failure is reported on one line: the messages quote what the file
-- holds (action lines, checksums, metadata), which may hold anything,
-- and list several scenario problems one per line.  Line breaks become
-- "; ", other control characters \ddd.
local function one_line(msg)
  msg = tostring(msg):gsub("\r?\n", "; "):gsub("%c", function(c) return "\\" .. c:byte() end)
  return msg
end

--[[
M.open(path, { readonly = bool, durability = ..., stop_on_divergence = true,
               verify = bool })
Opens a game file.  A file that keeps a snapshot (format 2) starts from
it -- its bytes checked against their hash and the state against the
checksum the log has for that action -- and replays only the actions
after it (a pending action from the position before it).  With verify
(and for a format 1 file) the game is rebuilt from the seed and the
logged decisions instead, and with verify every logged row (action,
decision, roll, event) is compared with the replay's.  Returns the game
and a report { actions = n, divergence = nil | {...}, changed = { sources },
from_snapshot = n | nil }.
--]]
function M.open(path, opts)
  opts = opts or {}
  local log, err = bitwa.log.open(path, opts.readonly, opts.durability or "full")
  if not log then return nil, one_line(err) end
  if not opts.readonly and log:format() < M.FILE_FORMAT then
    local f = log:format()
    log:close()
    return nil, one_line(path .. ": game file format " .. f .. " is read only by this bitwa (it writes format " ..
      M.FILE_FORMAT .. "): show, render or replay --verify it; start a new game to play on")
  end
  local ok, g, report = pcall(M._replay, log, path, opts)
  if not ok then
    log:close()
    if type(g) == "table" and g.report then return nil, one_line(tostring(g)), g.report end
    return nil, one_line(g)
  end
  return g, report
end

-- A metadata entry holding JSON: absent gives dflt; anything that does
-- not decode to the expected type is refused.
local function meta_json(meta, key, path, want, dflt)
  local text = meta[key]
  if text == nil then return dflt end
  local ok, v, err = pcall(json.decode, text)
  if not ok or v == nil then
    error(path .. ": the game's metadata '" .. key .. "' is not valid JSON" ..
      ((not ok or err) and (" (" .. tostring(ok and err or v) .. ")") or ""), 0)
  end
  if type(v) ~= want then
    error(path .. ": the game's metadata '" .. key .. "' must be a JSON " ..
      (want == "table" and "array or object" or want) .. ", not " .. type(v), 0)
  end
  return v
end

-- Text of a value for a message about a row.
local function shown(v)
  if v == nil then return "nothing" end
  if type(v) == "string" then return string.format("%q", v) end
  return tostring(v)
end

-- Compare the rows the log holds for action a with what the replay
-- made (rec); the first difference as a message, or nil.  format 1
-- files have no roll side or rule and no event details.
local function row_difference(log, a, rec, r_decisions, format)
  local n = a.n
  local act = rec.action
  for _, f in ipairs { "side", "line", "turn", "phase" } do
    if a[f] ~= act[f] then
      return "action " .. n .. ": its " .. f .. " is " .. shown(a[f]) .. " in the log, the replay gives " .. shown(act[f])
    end
  end
  local ds = log:decisions(n)
  for k = 1, math.max(#ds, #r_decisions) do
    local x, y = ds[k], r_decisions[k]
    if y and y.request == nil and y.req then M.encode_request(y) end
    if not x or not y then
      return "decision " .. k .. " of action " .. n .. (x and " is in the log but not in the replay" or " is missing from the log")
    end
    for _, f in ipairs { "side", "kind", "request", "answer" } do
      if x[f] ~= y[f] then
        return "decision " .. k .. " of action " .. n .. ": its " .. f .. " is " .. shown(x[f]) ..
          " in the log, the replay gives " .. shown(y[f])
      end
    end
  end
  local rs = log:rolls(n)
  for k = 1, math.max(#rs, #rec.rolls) do
    local x, y = rs[k], rec.rolls[k]
    if not x or not y then
      return "roll " .. k .. " of action " .. n .. (x and " is in the log but not in the replay" or " is missing from the log")
    end
    local fields = { "purpose", "n", "sides", "total", "forced" }
    if format >= 2 then fields[#fields + 1] = "side"; fields[#fields + 1] = "rule" end
    for _, f in ipairs(fields) do
      if x[f] ~= y[f] then
        return "roll " .. k .. " of action " .. n .. ": its " .. f .. " is " .. shown(x[f]) ..
          " in the log, the replay gives " .. shown(y[f])
      end
    end
    if table.concat(x.faces, " ") ~= table.concat(y.faces, " ") then
      return "roll " .. k .. " of action " .. n .. ": its faces are " .. shown(table.concat(x.faces, " ")) ..
        " in the log, the replay gives " .. shown(table.concat(y.faces, " "))
    end
  end
  -- (the kernel found them the same when the action was committed)
  if rec.events_same == n then return nil end
  local es = log:event_rows(n)
  local ed = rec.details or {}
  for k = 1, math.max(#es, #ed) do
    local x, y = es[k], ed[k]
    if not x or not y then
      return "event " .. k .. " of action " .. n .. (x and " is in the log but not in the replay" or " is missing from the log")
    end
    local fields = { "text" }
    if format >= 2 then fields = { "text", "kind", "unit", "attribute", "value", "was" } end
    for _, f in ipairs(fields) do
      local yv = y[f]
      if type(yv) == "boolean" then yv = yv and 1 or 0 end
      if x[f] ~= yv then
        return "event " .. k .. " of action " .. n .. ": its " .. f .. " is " .. shown(x[f]) ..
          " in the log, the replay gives " .. shown(yv)
      end
    end
  end
  return nil
end

function M._replay(log, path, opts)
  local meta = log:metas()
  local actions = log:actions()
  local file_format = log:format()
  -- The file is made, then the metadata, the sources and the setup
  -- (action 0) are written one by one: without its setup the game's
  -- creation was interrupted and there is nothing to continue.
  if not actions[1] or actions[1].n ~= 0 or actions[1].status ~= "done" then
    error(path .. ": the game has no setup (its creation was interrupted); remove the file and start again", 0)
  end
  local format = M.FORMATS[meta.format]
  if not format then
    error(path .. ": not a game this bitwa can read (format '" .. tostring(meta.format) .. "'; this bitwa reads " ..
      table.concat(util.sorted_keys(M.FORMATS), ", ") .. ")", 0)
  end
  for i, a in ipairs(actions) do
    if a.n ~= i - 1 then error(path .. ": action " .. (i - 1) .. " is missing from the log", 0) end
    if a.status == "pending" and actions[i + 1] then
      error(path .. ": action " .. a.n .. " is pending but later actions follow it", 0)
    end
  end
  local overlays = meta_json(meta, "overlays", path, "table", {})
  local options = meta_json(meta, "options", path, "table", {})
  local scen = meta.scenario
  if type(scen) ~= "string" or scen == "" then error(path .. ": the game's metadata names no scenario", 0) end
  if scen == "inline" then scen = meta_json(meta, "scenario_data", path, "table", nil)
    if not scen then error(path .. ": the game's metadata 'scenario_data' is missing", 0) end
  elseif scen:find("/") and not ruleset.readable_path(scen) then
    error(path .. ": the game names a scenario file outside the rulesets and the bitwa home ('" ..
      scen .. "'): not read", 0)
  end
  local seed = math.tointeger(tonumber(meta.seed or ""))
  if not seed then error(path .. ": bad seed in the game file", 0) end
  -- the snapshot to start from (not when verifying)
  local snap
  if not opts.verify and file_format >= 2 then
    local sn, schk, shash, sbytes = log:snapshot()
    -- (opts.upto: only a snapshot at or before that action)
    if sn and (not opts.upto or sn <= opts.upto) then
      local a = actions[sn + 1]
      if not a or a.n ~= sn or a.status ~= "done" then
        error(path .. ": the snapshot is of action " .. sn .. ", which the log does not hold as done", 0)
      end
      if bitwa.util.hash(sbytes) ~= shash then
        error(path .. ": the snapshot of action " .. sn .. " is damaged (its bytes do not match their hash)", 0)
      end
      if schk ~= a.checksum then
        error(path .. ": the snapshot of action " .. sn .. " has checksum " .. schk .. ", the log says " .. a.checksum, 0)
      end
      snap = { n = sn, bytes = sbytes, checksum = schk }
    end
  end
  local g = M.new { ruleset = meta.ruleset, overlays = overlays, scenario = scen, seed = seed,
                    options = options, deploy = meta.deploy, no_begin = true, format = format,
                    no_setup = true, want_details = opts.verify, watch = opts.verify }
  -- with verify, each action's events are compared with the log's when it
  -- is committed (Game:_commit, row_difference)
  if opts.verify then g.verify_log, g.verify_full = log, file_format >= 2 end
  -- what changed since the game was recorded
  local now = {}
  for _, s in ipairs(g:sources()) do now[s.kind .. "|" .. s.ruleset .. "|" .. s.name] = s.hash end
  local changed = {}
  local recorded = log:sources()
  local rec_keys = {}
  for _, s in ipairs(recorded) do
    local key = s.kind .. "|" .. s.ruleset .. "|" .. s.name
    rec_keys[key] = true
    if now[key] ~= s.hash then
      changed[#changed + 1] = { kind = s.kind, ruleset = s.ruleset, name = s.name, was = s.hash,
                                now = now[key] or "(gone)" }
    end
  end
  for _, s in ipairs(g:sources()) do
    local key = s.kind .. "|" .. s.ruleset .. "|" .. s.name
    if not rec_keys[key] then
      changed[#changed + 1] = { kind = s.kind, ruleset = s.ruleset, name = s.name, was = "(new)", now = s.hash }
    end
  end
  -- a snapshot holds the position these rules reached: when a module,
  -- table, scenario or map changed since, the game is replayed instead,
  -- so that a divergence is found as it was before snapshots
  if #changed > 0 then snap = nil end
  if not snap then
    local r = g:_setup()
    if r.status ~= "done" then
      error(path .. ": the scenario's setup failed: " .. tostring(r.message or r.status), 0)
    end
  end
  local report = { actions = 0, changed = changed, format = format, file_format = file_format }
  local began = false
  local function diverged(d)
    report.divergence = d
    if opts.stop_on_divergence == false then return end
    error(setmetatable({ report = report }, { __tostring = function() return d.message end,
                                              __metatable = "divergence" }), 0)
  end
  local first = 1
  if snap then
    local ok, err = g:restore_snapshot(snap.bytes)
    if not ok then error(path .. ": the snapshot of action " .. snap.n .. ": " .. err, 0) end
    if g:checksum() ~= snap.checksum then
      error(path .. ": the snapshot of action " .. snap.n .. " gives checksum " .. g:checksum() ..
        ", the log says " .. snap.checksum, 0)
    end
    g.n = snap.n
    g.snap_n = snap.n
    g.last = { action = actions[snap.n + 1], events = {}, rolls = {}, decisions = {}, details = {} }
    began = snap.n >= 1
    first = snap.n + 2
    report.from_snapshot = snap.n
    report.actions = snap.n
  end
  -- with verify, the snapshot is one more row to compare: the replay's
  -- position after its action, byte for byte
  local vsnap
  if opts.verify and file_format >= 2 then
    local sn, schk, shash, sbytes = log:snapshot()
    if sn then vsnap = { n = sn, checksum = schk, hash = shash, bytes = sbytes } end
  end
  -- with verify, each refusal is tried again on the position after its
  -- action: it must be refused with the same rule and message
  local refusals = {}
  if opts.verify and file_format >= 2 then
    for _, f in ipairs(log:refusals()) do
      local l = refusals[f.after]
      if not l then l = {}; refusals[f.after] = l end
      l[#l + 1] = f
    end
  end
  local function check_refusals(n)
    local l = refusals[n]
    if not l then return true end
    refusals[n] = nil
    for _, f in ipairs(l) do
      local before = g:checksum()
      local r = g:act(f.side, f.line)
      local msg
      local what = "refusal " .. f.k .. " (" .. f.side .. " " .. f.line .. " after action " .. n .. ")"
      if r.status == "decision" then g:_rollback() end
      if r.status ~= "refused" then
        msg = what .. ": the replay does not refuse it (" .. tostring(r.status) .. ")"
      elseif r.rule ~= f.rule then
        msg = what .. ": its rule is " .. shown(f.rule) .. " in the log, the replay gives " .. shown(r.rule)
      elseif r.message ~= f.message then
        msg = what .. ": its message is " .. shown(f.message) .. " in the log, the replay gives " .. shown(r.message)
      elseif g:checksum() ~= before then
        msg = what .. ": the replay's position changed"
      end
      if msg then
        diverged(divergence(n, "", "", msg))
        return false
      end
    end
    return true
  end
  local function check_rows(a, rec, ds)
    if not opts.verify then return true end
    local msg = row_difference(log, a, rec, ds, file_format)
    if not msg and vsnap and vsnap.n == a.n then
      if bitwa.util.hash(vsnap.bytes) ~= vsnap.hash then
        msg = "the snapshot of action " .. a.n .. " is damaged (its bytes do not match their hash)"
      elseif rec.action.checksum ~= vsnap.checksum or
             (g:snapshot_bytes() ~= vsnap.bytes and not g:same_position(vsnap.bytes)) then
        msg = "the snapshot of action " .. a.n .. " differs from the replay's position there"
      end
      vsnap.seen = true
    end
    if msg then
      diverged(divergence(a.n, "", "", msg))
      return false
    end
    return true
  end
  for i = first, #actions do
    local a = actions[i]
    -- opts.upto: the position after that action (read only)
    if opts.upto and a.n > opts.upto then break end
    if a.n == 0 then
      if a.checksum ~= g.last.action.checksum then
        diverged(divergence(0, a.checksum, g.last.action.checksum, "the setup differs"))
        break
      end
      if not check_rows(a, g.last, g.last.decisions) or not check_refusals(0) then break end
    else
      local r
      if a.side == "" and a.line == "begin" then r = g:_begin(); began = true
      else r = g:act(a.side, a.line) end
      local ds = log:decisions(a.n)
      for _, d in ipairs(ds) do
        if r.status ~= "decision" then break end
        r = g:answer(d.answer)
      end
      if a.status == "done" then
        if r.status ~= "done" then
          diverged(divergence(a.n, a.checksum, "",
            "action " .. a.n .. " (" .. a.line .. ") was " .. (r.status == "decision" and "waiting for a decision" or
              (r.status .. ": " .. tostring(r.message)))))
          break
        elseif r.action.checksum ~= a.checksum then
          diverged(divergence(a.n, a.checksum, r.action.checksum,
            "action " .. a.n .. " (" .. a.line .. "): checksum " .. r.action.checksum ..
            ", the log says " .. a.checksum))
          break
        end
        if not check_rows(a, g.last, r.decisions) or not check_refusals(a.n) then break end
      elseif r.status ~= "decision" then
        diverged(divergence(a.n, "pending", r.status, "pending action " .. a.n .. " did not wait for a decision"))
        break
      elseif opts.verify and #g.pending.decisions ~= #ds then
        diverged(divergence(a.n, "", "", "pending action " .. a.n .. " has " .. #ds ..
          " decisions in the log, the replay took " .. #g.pending.decisions))
        break
      end
      report.actions = report.actions + 1
    end
  end
  if not report.divergence and not opts.upto then
    local left = util.sorted_keys(refusals)
    if left[1] then
      local f = refusals[left[1]][1]
      diverged(divergence(f.after, "", "", "refusal " .. f.k .. " is after action " .. f.after ..
        ", which the log does not hold as done"))
    end
  end
  if vsnap and not vsnap.seen and not report.divergence then
    diverged(divergence(vsnap.n, "", "", "the snapshot is of action " .. vsnap.n ..
      ", which the log does not hold as done"))
  end
  g.path = path
  g.verify_log, g.verify_full = nil, nil
  -- a pending action replayed from the log is in the log
  if g.pending then g.pending.persisted = true end
  if not opts.readonly and not opts.upto and not report.divergence then g.log = log
  else g.readonly_log = log end
  -- a process killed between the setup and the first turn's beginning:
  -- begin it now (written to the log when the game is open for writing)
  if not began and not report.divergence and not opts.upto then
    local r = g:_begin()
    if r.status ~= "done" and r.status ~= "decision" then
      error(path .. ": the first turn cannot begin: " .. tostring(r.message), 0)
    end
  end
  return g, report
end

-- A plain table of a unit's fields, for people, JSON and tests.
function Game:unit_table(x)
  local id = type(x) == "number" and x or self:find_unit(x)
  if not id or not self.state:alive(id) then return nil end
  local t = { id = id }
  for i, sl in ipairs(self.state:slots()) do
    local v = self.state:get(id, i)
    if sl.type == "hex" then v = v and v.label or nil end
    t[sl.name] = v
  end
  if t.facing and t.facing >= 0 then t.facing = util.FACINGS[t.facing + 1] else t.facing = nil end
  return t
end

function Game:units_table()
  local out = {}
  for id = 1, self.state:max_id() do
    if self.state:alive(id) then out[#out + 1] = self:unit_table(id) end
  end
  return out
end

-- Close the game: a file open for writing keeps a snapshot of the
-- position (so that the next command need not replay the game) and has
-- its WAL copied into it.
function Game:close()
  if self.log and self.log_path then self:discard() end
  if self.log then
    pcall(self.save_snapshot, self)
    self.log:close()
    self.log = nil
  end
  if self.readonly_log then self.readonly_log:close() self.readonly_log = nil end
end

return M
