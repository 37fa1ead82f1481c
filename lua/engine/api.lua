-- The `bitwa` table rule code sees.  Built once per loaded ruleset;
-- it works on the game bound to it (api_bind), so that the same rule
-- modules serve a game, its clones for bots and odds, and replays.
-- Game objects cross as integer ids wrapped in unit proxies; hexes are
-- the kernel's interned hex values.
local util = require "engine.util"
-- the state variables of the sealed orders (game.lua): hidden from rules and views
local SEALED = "sealed."

local M = {}
M.SEALED = SEALED
local S_BYTE = string.byte(SEALED, 1)
-- the answers for the strings asked so far (a few hundred keys in a game;
-- dropped when they grow past a bound)
local sealed_answer, sealed_count = {}, 0
function M.is_sealed_key(k)
  if type(k) ~= "string" then return false end
  local a = sealed_answer[k]
  if a ~= nil then return a end
  -- (the first byte first: most keys differ there, and no substring is made)
  a = string.byte(k, 1) == S_BYTE and string.sub(k, 1, #SEALED) == SEALED
  if sealed_count >= 4096 then sealed_answer, sealed_count = {}, 0 end
  sealed_answer[k] = a
  sealed_count = sealed_count + 1
  return a
end

local Refusal = {}
Refusal.__index = Refusal
-- "RULE: message"; rule code may give anything as either (refuse() or
-- refuse(1, {})): only strings and numbers are shown.
-- Rule code gets "refusal" from getmetatable and cannot change the
-- metatable; the engine knows a refusal by its real metatable, which
-- rule code cannot give a table of its own.
Refusal.__metatable = "refusal"
local rawgetmetatable = debug.getmetatable

function M.is_refusal(v) return rawgetmetatable(v) == Refusal end

-- The rule and the message of a refusal as plain strings, read raw:
-- rule code may have put anything in the table after refuse() made it
-- (its own __index, __tostring, ...), and the engine runs none of it.
local function text(v)
  if type(v) == "string" then return v end
  if math.type(v) then return tostring(v) end
  return nil
end
function M.refusal_parts(r)
  return text(rawget(r, "rule")), text(rawget(r, "message"))
end

Refusal.__tostring = function(r)
  local rule, message = M.refusal_parts(r)
  rule, message = rule or "", message or ""
  if message == "" then message = "refused" end
  return (rule ~= "" and (rule .. ": ") or "") .. message
end
M.Refusal = Refusal

-- rule (e.g. "11.6.2" or "5.1.1 g") under a renumbering map: the longest
-- key that is the whole number or a dotted prefix of it ("11" matches
-- "11.6.2", not "11.6" of "111.6") replaces that part.
function M.renumber(map, rule)
  local num, rest = rule:match("^(%d+[%.%d]*%d)(.*)$")
  if not num then num, rest = rule:match("^(%d+)(.*)$") end
  if not num then return rule end
  local probe = num
  while true do
    local to = map[probe]
    if to then return to .. num:sub(#probe + 1) .. rest end
    local cut = probe:match("^(.*)%.%d+$")
    if not cut then return rule end
    probe = cut
  end
end

function M.refusal(rule, message)
  return setmetatable({ rule = rule, message = message }, Refusal)
end

-- The rule numbers cited in parentheses in a text ("(11.6.2)", "(5.1.1 g)",
-- "(6.1.4, 10.2.3)") under the map; "=n" is already the book's number.
function M.cite_text(map, text)
  if map and next(map) == nil then map = nil end
  if not ((map and text:find("(", 1, true)) or text:find("=", 1, true)) then return text end
  return (text:gsub("%b()", function(par)
    return (par:gsub("(=?)(%d+%.%d+[%.%d]*)", function(eq, n)
      if eq == "=" or not map then return n end
      return M.renumber(map, n)
    end))
  end))
end

-- How many ways n dice of `sides` faces give each total:
-- { { total =, ways = }... } in order of total, and sides^n.
function M.totals(n, sides)
  local ways = { [0] = 1 }
  for k = 1, n do
    local nxt = {}
    for t = k - 1, (k - 1) * sides do
      local w = ways[t]
      for f = 1, sides do nxt[t + f] = (nxt[t + f] or 0) + w end
    end
    ways = nxt
  end
  local out = {}
  for t = n, n * sides do if ways[t] then out[#out + 1] = { total = t, ways = ways[t] } end end
  return out, math.tointeger(sides ^ n)
end

-- A roll whose totals can be enumerated exactly (the kernel refuses the
-- others when they are rolled).
function M.rollable(n, sides)
  return math.type(n) == "integer" and math.type(sides) == "integer" and n >= 1 and n <= 16
    and sides >= 2 and sides <= 1000 and sides ^ n <= 2 ^ 52
end

--[[
M.roll_point(n, sides, class) -> { roll_point = true, n =, sides =, all = sides^n,
classes = { { total =, ways =, totals = {...} }... } }
The totals of nDsides grouped by class(total) (each total its own class
without it), in order of their smallest total, which stands for the class.
Called inside the action (rule code runs under its budget).
--]]
M.REJECTED = setmetatable({}, { __metatable = false })

function M.roll_point(n, sides, class)
  local totals, all = M.totals(n, sides)
  local classes, index = {}, {}
  for _, t in ipairs(totals) do
    local key = t.total
    if class then
      key = class(t.total)
      if key == nil or key ~= key then
        error("bitwa.roll: the class of total " .. t.total .. " is nil or NaN", 0)
      end
    end
    local c = index[key]
    if not c then
      c = { total = t.total, ways = 0, totals = {} }
      index[key] = c
      classes[#classes + 1] = c
    end
    c.ways = c.ways + t.ways
    c.totals[#c.totals + 1] = t.total
  end
  return { roll_point = true, n = n, sides = sides, all = all, classes = classes }
end

function M.new()
  local G                       -- the bound game
  local api = {}
  local plain_text
  local kernel_hex = bitwa.hex

  local ROWS                    -- the bound game's unit rows (Game:rows)

  local function game()
    if not G then error("no game is running", 3) end
    return G
  end

  -- The game, for a change to it: refused while the game is read-only
  -- (g.read_only names the reader, e.g. "a bot": its code may look at
  -- the game but not change it).  The error is raised at `level` as
  -- error() counts it from the caller of writable.
  local function writable(what, level)
    local g = game()
    if g.read_only then
      error(tostring(g.read_only) .. " cannot change the game (" .. what .. ")", level + 1)
    end
    return g
  end

  -- ---------------------------------------------------------------- units
  local unit_methods = {}
  local unit_mt = {}
  local SLOT                    -- the slot table of the last game bound (the ruleset's)
  --[[
  A field is read from the game's unit rows (Game:rows, plain tables).
  Each proxy has a metatable of its own whose __index is, once the unit
  has been read in the bound game, that unit's row itself: a field read
  is then two table lookups, no call.  Until then (and after its row is
  dropped or another game's rows are bound) __index is `resolve`, which
  reads the state and points the metatable at the row.  A row's nil
  fields, the methods and unknown names go through row_mt.
  --]]
  local mts = {}                -- id -> the proxy's metatable
  local pointed, pointed_rows = {}, nil   -- ids whose __index is a row of pointed_rows
  local resolve
  local row_mt = { __index = function(row, k)
    local slot = G and G.slot or SLOT
    if slot[k] then return nil end                  -- a field that is nil
    local m = unit_methods[k]
    if m then return m end
    error("unit " .. tostring(rawget(row, "name")) .. " has no attribute '" .. tostring(k) .. "'", 2)
  end }
  resolve = function(u, k)
    local rows = ROWS
    if rows then
      local id = rawget(u, "id")
      local row = rows[id]
      if row then
        if rows ~= pointed_rows then
          for i = 1, #pointed do mts[pointed[i]].__index = resolve end
          pointed, pointed_rows = {}, rows
        end
        if getmetatable(row) == nil then setmetatable(row, row_mt) end
        mts[id].__index = row
        pointed[#pointed + 1] = id
        local v = rawget(row, k)
        if v ~= nil then return v end
        if G.slot[k] then return nil end            -- a field that is nil
        local m = unit_methods[k]
        if m then return m end
      end
    end
    local g = game()
    local slot = g.slot[k]
    if slot then return g.state:get(rawget(u, "id"), slot) end
    local m = unit_methods[k]
    if m then return m end
    error("unit " .. tostring(u) .. " has no attribute '" .. tostring(k) .. "'", 2)
  end
  -- The rows of `rows` (all, or unit id's) are dropped: the metatables
  -- pointing at them go back to resolve.
  local function rows_dropped(rows, id)
    if rows ~= pointed_rows then return end
    if id then
      local mt = mts[id]
      if mt then mt.__index = resolve end
    else
      for i = 1, #pointed do mts[pointed[i]].__index = resolve end
      pointed = {}
    end
  end
  unit_mt.__index = resolve
  unit_mt.__newindex = function(u, k, v)
    local g = G or game()
    if g.read_only then
      writable("unit " .. tostring(u) .. "." .. tostring(k) .. " = " ..
        ((type(v) == "string" or math.type(v)) and tostring(v) or type(v)), 2)
    end
    local slot = g.slot[k]
    if not slot then
      error("unit " .. tostring(u) .. " has no attribute '" .. tostring(k) .. "'", 2)
    end
    if k == "name" then error("a unit's name cannot change", 2) end
    g:set_field(rawget(u, "id"), k, slot, v)
  end
  unit_mt.__eq = function(a, b) return rawget(a, "id") == rawget(b, "id") end
  unit_mt.__lt = function(a, b) return rawget(a, "id") < rawget(b, "id") end
  unit_mt.__le = function(a, b) return rawget(a, "id") <= rawget(b, "id") end
  unit_mt.__tostring = function(u)
    local g = G
    if g and g.state:alive(rawget(u, "id")) then
      return g.state:get(rawget(u, "id"), g.slot.name)
    end
    return "#" .. tostring(rawget(u, "id"))
  end
  unit_mt.__name = "unit"
  unit_mt.__metatable = "unit"
  bitwa.sandbox.orderable(unit_mt)      -- units may be keys pairs orders

  -- One proxy per id, shared by every game of this ruleset: a proxy holds
  -- only its id and reads the bound game (through its own metatable, a
  -- copy of unit_mt, ordered with the others as units).
  local proxies = {}
  local function proxy(id)
    local p = proxies[id]
    if not p then
      local mt = { __id = id }
      for k, v in next, unit_mt do mt[k] = v end
      bitwa.sandbox.orderable(mt, unit_mt)
      mts[id] = mt
      p = setmetatable({ id = id }, mt)
      proxies[id] = p
    end
    return p
  end
  local function is_unit_mt(mt) return mt ~= nil and mts[rawget(mt, "__id")] == mt end

  -- The text of a value that rule code hands to the log (a note, a
  -- decision's options): strings, numbers, the engine's units and the
  -- kernel's hexes; nil for anything else (a table's text would be its
  -- address, or its own __tostring).
  function plain_text(v)
    local t = type(v)
    if t == "string" then return v end
    if t == "number" then return tostring(v) end
    if t == "table" and is_unit_mt(rawgetmetatable(v)) then return unit_mt.__tostring(v) end
    if kernel_hex.is(v) then return v.label end
    return nil
  end
  -- a live unit has a row (built on first use), a removed one none
  function unit_methods.alive(u)
    local rows = ROWS
    if rows then return rows[rawget(u, "id")] ~= nil end
    return game().state:alive(rawget(u, "id"))
  end

  local function to_id(x)
    if type(x) == "table" and getmetatable(x) == "unit" then return rawget(x, "id") end
    if math.type(x) == "integer" then return x end
    if type(x) == "string" then
      local g = game()
      local id = g:find_unit(x)
      if id then return id end
      error("no unit named '" .. x .. "'", 3)
    end
    error("unit expected, got " .. type(x), 3)
  end
  api.unit_id = to_id

  -- bitwa.unit(name | id | unit) -> unit | nil
  function api.unit(x)
    local g = game()
    local id
    if type(x) == "string" then id = g:find_unit(x) else id = to_id(x) end
    if id and g.state:alive(id) then return proxy(id) end
    return nil
  end

  function api.is_unit(x) return type(x) == "table" and getmetatable(x) == "unit" end

  -- bitwa.units{side=, kind=, hex=, near=, within=, on_map=, where=fn} ->
  -- units in id order.  near = h, within = n: only the units on the map's
  -- hexes at most n hexes from h (n = 0 when not given), found through the
  -- hexes around h rather than by testing every unit.  kind: a kind, or a
  -- list of kinds (the units of any of them); on_map = true: only the units
  -- standing on a hex.  Both are answered from the unit cache, with no
  -- call per unit (where is called for each unit the others let through).
  local NO_FILTER = {}
  local select_units = bitwa.util.select_units
  -- the set of a list of kinds given by rule code (read raw: a list, not
  -- its metamethods; the work is rule code's, under its budget)
  local function kind_set(list)
    local set, n = {}, rawlen(list)
    for i = 1, n do
      local k = rawget(list, i)
      if type(k) ~= "string" then error("bitwa.units: kind must be a kind or a list of kinds", 3) end
      set[k] = true
    end
    return set
  end
  function api.units(filter)
    local g = G or game()
    filter = filter or NO_FILTER
    local c = g.unit_cache
    if not c or c.version ~= g.state:version() then c = g:units_cache() end
    local ids, gather = c.ids, nil
    local near = filter.near
    local h = filter.hex
    if h then
      ids = c.at[h]
      if not ids then
        -- no unit there, or a label rather than a hex (the hexes found to
        -- be hexes are kept per game: most hexes asked hold no unit)
        local known = g.hexes_known
        if not (known and known[h]) then
          if type(h) == "string" then h = kernel_hex.parse(h) end
          if not kernel_hex.is(h) then error("bitwa.units: hex expected, got " .. type(filter.hex), 2) end
          if not known then known = {}; g.hexes_known = known end
          known[h] = true
          ids = c.at[h]
        end
        if not ids then return {} end
      end
      if near ~= nil and
         g.map:distance(filter.hex, near) > (filter.within or 0) then ids = {} end
    elseif near ~= nil then
      local within = filter.within or 0
      if math.type(within) ~= "integer" or within < 0 then
        error("bitwa.units: within must be a non-negative integer", 2)
      end
      -- the hexes around `near`: the grid never changes, so each list is
      -- asked of the kernel once per game
      local ranges = g.range_cache
      if not ranges then ranges = {}; g.range_cache = ranges end
      local by_hex = ranges[within]
      if not by_hex then by_hex = {}; ranges[within] = by_hex end
      local hexes = by_hex[near]
      if not hexes then hexes = g.map:range(near, within); by_hex[near] = hexes end
      ids = hexes
      gather = c.at
    end
    local side, kind, where = filter.side, filter.kind, filter.where
    local kinds_in, on_map = nil, filter.on_map
    if type(kind) == "table" then kinds_in = kind_set(kind); kind = nil end
    if ids == c.ids then
      -- all units of a kind or side: their list in the cache (built on
      -- first use) rather than every unit tested
      if type(kind) == "string" then
        local lists = c.kind_lists
        ids = lists and lists[kind] or g:units_of("kind", kind)
        kind = nil
      elseif type(side) == "string" then
        local lists = c.side_lists
        ids = lists and lists[side] or g:units_of("side", side)
        side = nil
      end
    end
    -- the kernel filters by side, kind and hex and makes the list (the
    -- ids of the hexes gathered and sorted for `near`); `where` is asked
    -- here of each unit let through, in id order
    local out = select_units(ids, gather, proxies, proxy, c.side, c.kind, c.hex, side, kind, kinds_in, on_map)
    if not where then return out end
    local kept, n = {}, 0
    for i = 1, #out do
      local u = out[i]
      if where(u) then n = n + 1; kept[n] = u end
    end
    return kept
  end

  function api.units_at(h) return api.units { hex = h } end

  -- bitwa.heap() -> a priority queue (the kernel's): heap:push(key, value)
  -- with an integer key, heap:pop() -> value, key (nil when empty), #heap.
  -- Least key first; equal keys in the order pushed.
  api.heap = bitwa.heap.new

  -- bitwa.spawn{name=, side=, kind=, hex=, facing=, <attr>=...} -> unit
  function api.spawn(t)
    local g = writable("bitwa.spawn", 2)
    return proxy(g:spawn(t))
  end

  function api.remove(u)
    local g = writable("bitwa.remove", 2)
    g:remove_unit(to_id(u))
  end

  -- ---------------------------------------------------------------- hexes
  local hex = {}
  api.hex = hex
  hex.parse = kernel_hex.parse
  hex.at = kernel_hex.at
  hex.label = kernel_hex.label
  hex.turn = kernel_hex.turn
  hex.steps = kernel_hex.steps
  hex.is = kernel_hex.is
  hex.FACINGS = util.FACINGS
  function hex.facing(s) return util.parse_facing(s) end
  function hex.facing_name(f) return util.FACINGS[f + 1] end
  function hex.on_map(h) return (G or game()).map:contains(h) end
  function hex.neighbour(h, d, off) return (G or game()).map:neighbour(h, d, off) end
  function hex.neighbours(h) return (G or game()).map:neighbours(h) end
  function hex.direction(a, b) return (G or game()).map:direction(a, b) end
  function hex.distance(a, b) return (G or game()).map:distance(a, b) end
  function hex.front_area(h, f) return (G or game()).map:front_area(h, f) end
  function hex.rear_area(h, f) return (G or game()).map:rear_area(h, f) end
  function hex.in_front(h, f, o) return (G or game()).map:in_front(h, f, o) end
  function hex.ring(h, r) return (G or game()).map:ring(h, r) end
  function hex.range(h, r) return (G or game()).map:range(h, r) end
  function hex.line(a, b) return (G or game()).map:line(a, b) end
  -- the line from a through b continued to distance n (off the map too
  -- when off is true; else it ends at the map's edge)
  function hex.ray(a, b, n, off) return (G or game()).map:ray(a, b, n, off) end
  -- where o lies seen from h facing f: 0..23, 24ths of a turn clockwise
  -- (even: exactly on a hexside's or a corner's line); nil when o == h
  function hex.bearing(h, f, o) return (G or game()).map:bearing(h, f, o) end
  -- the hexside sector (0..5 relative to f: 0 ahead, 3 behind) holding
  -- o; two (d, d+1) for a hex on the corner line between two sectors
  function hex.sector(h, f, o) return (G or game()).map:sector(h, f, o) end
  function hex.path(a, b, cost) return (G or game()).map:path(a, b, cost) end
  function hex.path_facing(a, f, b, gf, cost) return (G or game()).map:path_facing(a, f, b, gf, cost) end
  function hex.all() return (G or game()).map:hexes() end

  -- ---------------------------------------------------------------- the map
  local map = {}
  api.map = map
  -- The map in play (Game:current_map): the printed map as the rules
  -- have changed it.
  -- (each hex's name is kept for the map it was read from: a map in play
  -- changed in place (Game:set_terrain) or another map in play starts a
  -- new memo; a hex is stored only once the kernel has answered for it)
  function map.terrain(h)
    local g = G or game()
    local m = g.map_now or g:current_map()
    local memo = g.terrain_memo
    if g.terrain_memo_of ~= m then memo = {}; g.terrain_memo, g.terrain_memo_of = memo, m end
    local name = memo[h]
    if name == nil then
      local id = m:terrain(h)
      name = id >= 0 and g.terrain_names[id + 1] or false
      memo[h] = name
    end
    return name or nil
  end
  -- The terrain printed on h, whatever the rules have made of it since.
  function map.printed_terrain(h)
    local g = game()
    local id = g.map:terrain(h)
    if id < 0 then return nil end
    return g.terrain_names[id + 1]
  end
  function map.elevation(h) return (G or game()).map:elevation(h) end
  -- map.edge(h, dir) -> { feature = true, ... }
  function map.edge(h, d)
    local g = G or game()
    local bits, out = (g.map_now or g:current_map()):edge(h, d), {}
    if bits == 0 then return out end
    -- the names of each combination of features, listed once per game
    local sets = g.edge_sets
    if not sets then sets = {}; g.edge_sets = sets end
    local names = sets[bits]
    if not names then
      names = {}
      for i, name in ipairs(g.edge_names) do
        if bits & (1 << (i - 1)) ~= 0 then names[#names + 1] = name end
      end
      sets[bits] = names
    end
    for i = 1, #names do out[names[i]] = true end
    return out
  end
  function map.has_edge(h, d, feature)
    local g = G or game()
    local bit = g.edge_bit[feature]
    if not bit then error("unknown hexside feature '" .. tostring(feature) .. "'", 2) end
    return (g.map_now or g:current_map()):edge(h, d) & bit ~= 0
  end
  -- bitwa.map.set_terrain(h, name): from now on h is of terrain `name`
  -- (one of the ruleset's), for every rule and for render; state like a
  -- unit's attributes (checksummed, logged, rolled back with a refusal).
  local function map_hex(g, h, what)
    if not kernel_hex.is(h) or not g.map:contains(h) then error(what .. ": a hex on the map expected", 3) end
    return h
  end
  function map.set_terrain(h, name)
    local g = writable("bitwa.map.set_terrain", 2)
    map_hex(g, h, "bitwa.map.set_terrain")
    if type(name) ~= "string" then error("bitwa.map.set_terrain: a terrain name expected", 2) end
    local known = false
    for _, t in ipairs(g.terrain_names) do if t == name then known = true end end
    if not known then error("bitwa.map.set_terrain: unknown terrain '" .. name .. "'", 2) end
    g:set_terrain(h, name)
  end
  -- bitwa.map.set_edge(h, dir, feature, on): the hexside feature is on
  -- (true) or off (false) on the edge of h in direction dir, seen from
  -- both of its hexes.
  function map.set_edge(h, d, feature, on)
    local g = writable("bitwa.map.set_edge", 2)
    map_hex(g, h, "bitwa.map.set_edge")
    if math.type(d) ~= "integer" or d < 0 or d > 5 then error("bitwa.map.set_edge: a direction 0..5 expected", 2) end
    if type(feature) ~= "string" or not g.edge_bit[feature] then
      error("bitwa.map.set_edge: unknown hexside feature '" ..
        ((type(feature) == "string" or math.type(feature)) and tostring(feature) or type(feature)) .. "'", 2)
    end
    if type(on) ~= "boolean" then error("bitwa.map.set_edge: on must be true or false", 2) end
    g:set_edge(h, d, feature, on)
  end
  function map.label(h) return (G or game()).map_labels[h.label] end
  function map.grid() return (G or game()).map:grid() end

  -- ---------------------------------------------------------------- dice
  -- bitwa.roll(n, sides, purpose [, class] [, side]) -> total, faces
  -- class (optional): a function of a total that gives equal values for
  -- the totals that lead to the same result (the cell of a table, a hit or
  -- a miss).  Play never calls it: the dice fall and the log records them.
  -- An exploring copy (g.explore, set by `bitwa odds`) stops at the roll
  -- with its classes (M.roll_point) and goes on with the total it is given.
  -- side (optional, one of the game's sides): who rolls, for the game log;
  -- without it the log names the side that answered the action's latest
  -- decision, else the side whose action it is.
  function api.roll(n, sides, purpose, class, side)
    if type(class) == "string" and side == nil then class, side = nil, class end
    if type(purpose) ~= "string" or purpose == "" then
      error("bitwa.roll: every roll needs a purpose", 2)
    end
    if class ~= nil and type(class) ~= "function" then
      error("bitwa.roll: the classes are a function of the total", 2)
    end
    local g = writable("a roll of the game's dice", 2)
    if side ~= nil then
      local ok = false
      if type(side) == "string" then
        for _, s in ipairs(g.sides) do if s == side then ok = true end end
      end
      if not ok then error("bitwa.roll: the side that rolls must be one of the game's sides", 2) end
    end
    if g.explore and g.dice:forced_left() == 0 and M.rollable(n, sides) then
      -- the class function only reads: a change or a roll in it is refused
      local was = g.read_only
      g.read_only = "a roll's class function"
      local ok, rp = pcall(M.roll_point, n, sides, class)
      g.read_only = was
      if not ok then error(rp, 0) end
      g.dice:force({ coroutine.yield(rp) })
    end
    local total, faces = g.dice:roll(n, sides, M.cite_text(g.rs.manifest.renumber, purpose))
    local p = g.pending
    if p and p.roll_sides then
      if side == nil then
        local d = p.decisions[#p.decisions]
        side = d and d.side or p.action.side
      end
      p.roll_sides[#p.roll_sides + 1] = side
    end
    return total, faces
  end
  -- bitwa.roll_until(n, sides, purpose, accept [, class] [, side]) ->
  -- total, faces: the dice are rolled again (each roll logged) until
  -- accept(total) is true: a tie rolled again.  An exploring copy
  -- (`bitwa odds`) enumerates only the accepted totals, each with its
  -- chance given that the dice were accepted, so the enumeration ends.
  -- accept, like class, only reads the game.
  function api.roll_until(n, sides, purpose, accept, class, side)
    if type(class) == "string" and side == nil then class, side = nil, class end
    if type(accept) ~= "function" then error("bitwa.roll_until: accept must be a function of the total", 2) end
    if class ~= nil and type(class) ~= "function" then
      error("bitwa.roll_until: the classes are a function of the total", 2)
    end
    if type(purpose) ~= "string" or purpose == "" then
      error("bitwa.roll_until: every roll needs a purpose", 2)
    end
    local g = writable("a roll of the game's dice", 2)
    if not M.rollable(n, sides) then error("bitwa.roll_until: 1..16 dice of 2..1000 sides expected", 2) end
    local function accepts(t)
      local was = g.read_only
      g.read_only = "a roll's accept function"
      local ok, r = pcall(accept, t)
      g.read_only = was
      if not ok then error(r, 0) end
      return r and true or false
    end
    -- some total must be accepted, or the dice would roll for ever
    local totals = M.totals(n, sides)
    local any = false
    for _, t in ipairs(totals) do if accepts(t.total) then any = true break end end
    if not any then error("bitwa.roll_until: no total of " .. n .. "d" .. sides .. " is accepted", 2) end
    if g.explore and g.dice:forced_left() == 0 then
      -- the accepted totals only, by class, out of the accepted ways
      local inner = class or function(t) return t end
      local rp = M.roll_point(n, sides, function(t)
        if accepts(t) then return inner(t) end
        return M.REJECTED
      end)
      local kept, all = {}, 0
      for _, c in ipairs(rp.classes) do
        if accepts(c.total) then kept[#kept + 1] = c; all = all + c.ways end
      end
      rp.classes, rp.all = kept, all
      g.dice:force({ coroutine.yield(rp) })
    end
    while true do
      local total, faces = api.roll(n, sides, purpose, class, side)
      if accepts(total) then return total, faces end
    end
  end
  function api.d6(purpose) return (api.roll(1, 6, purpose)) end
  function api.two_d6(purpose) return (api.roll(2, 6, purpose)) end
  -- math.random for rule code: the game's dice, logged
  function api.random(m, n)
    if m == nil then error("math.random(): use bitwa.roll; rules work in integers", 2) end
    if n == nil then m, n = 1, m end
    if n - m + 1 < 2 then return m end
    return m - 1 + (api.roll(1, n - m + 1, "math.random"))
  end

  -- ---------------------------------------------------------------- decisions
  -- bitwa.decide{side=, kind=, options={...}, prompt=} -> the chosen option
  function api.decide(req)
    writable("bitwa.decide", 2)
    if type(req) ~= "table" or type(req.options) ~= "table" or #req.options == 0 then
      error("bitwa.decide: a request needs a non-empty options list", 2)
    end
    if type(req.side) ~= "string" or type(req.kind) ~= "string" then
      error("bitwa.decide: a request needs side and kind", 2)
    end
    local opts = {}
    for i, o in ipairs(req.options) do
      local t = plain_text(o)
      if t == nil then
        error("bitwa.decide: option " .. i .. " is a " .. type(o) ..
          " (options are strings, numbers, units or hexes)", 2)
      end
      opts[i] = t
    end
    if type(req.prompt) ~= "nil" and plain_text(req.prompt) == nil then
      error("bitwa.decide: the prompt is a " .. type(req.prompt) .. " (a string expected)", 2)
    end
    -- several options at once: max (and min, default 0) -> a list of the
    -- chosen options, in the order offered; answered "a,b" ("" for none)
    local min, max = req.min, req.max
    if max ~= nil or min ~= nil then
      max = max == nil and #opts or max
      min = min == nil and 0 or min
      if math.type(min) ~= "integer" or math.type(max) ~= "integer" or min < 0 or max < min or max > #opts then
        error("bitwa.decide: min and max must be integers with 0 <= min <= max <= #options", 2)
      end
      for i, o in ipairs(opts) do
        if o:find(",", 1, true) or o == "" then
          error("bitwa.decide: option " .. i .. " of a choice of several may not be empty or hold a comma", 2)
        end
      end
    end
    local answer = coroutine.yield { side = req.side, kind = req.kind, options = opts,
                                     prompt = req.prompt and plain_text(req.prompt) or req.kind,
                                     min = min, max = max }
    if max ~= nil then
      local list = {}
      for o in answer:gmatch("[^,]+") do list[#list + 1] = o end
      return list
    end
    return answer
  end

  -- ---------------------------------------------------------------- refusals
  -- A rule number as the game's book numbers it (manifest.renumber).
  local function cite(rule)
    local map = G and G.rs.manifest.renumber
    if type(rule) ~= "string" then return rule end
    if rule:sub(1, 1) == "=" then return rule:sub(2) end
    if not map or next(map) == nil then return rule end
    return M.renumber(map, rule)
  end
  function api.refuse(rule, message)
    error(M.refusal(cite(rule), message), 2)
  end
  -- bitwa.check(f, ...) -> true, results... | false, refusal (queries)
  function api.check(f, ...)
    local r = table.pack(pcall(f, ...))
    if r[1] then return table.unpack(r, 1, r.n) end
    if M.is_refusal(r[2]) then return false, r[2] end
    error(r[2], 0)
  end

  -- ---------------------------------------------------------------- state
  -- the variables 'sealed.*' are the sides' sealed orders (game.lua):
  -- no rule reads or writes them
  function api.var(k)
    if M.is_sealed_key(k) then return nil end
    return (G or game()).state:var(k)
  end
  -- the keys rule code may set, as found so far (strings only; a few
  -- hundred in a game, dropped when they grow past a bound)
  local settable, n_settable = {}, 0
  function api.set_var(k, v)
    local g = writable("bitwa.set_var", 2)
    if type(k) ~= "string" or not settable[k] then
      if type(k) == "string" and k:sub(1, 4) == "map." then
        error("bitwa.set_var: the variables 'map.*' are the map's; use bitwa.map.set_terrain/set_edge", 2)
      end
      if M.is_sealed_key(k) then error("bitwa.set_var: the variables 'sealed.*' are the engine's (sealed orders)", 2) end
      if type(k) == "string" then
        if n_settable >= 4096 then settable, n_settable = {}, 0 end
        settable[k] = true
        n_settable = n_settable + 1
      end
    end
    g.state:set_var(k, v)
  end
  function api.vars(prefix)
    local all, out = game().state:vars(prefix), {}
    for _, kv in ipairs(all) do if not M.is_sealed_key(kv[1]) then out[#out + 1] = kv end end
    return out
  end
  function api.note(text)
    local g = writable("bitwa.note", 2)
    local t = plain_text(text)
    if t == nil then
      error("bitwa.note: a " .. type(text) .. " is not a note (strings, numbers, units or hexes)", 2)
    end
    g.state:note(M.cite_text(g.rs.manifest.renumber, t))
  end
  function api.turn() return (G or game()).state:var("turn") end
  function api.phase() return (G or game()):phase_info().name end
  function api.phasing_side() return game():acting_side() end
  -- a copy of the list of side names (plain strings)
  function api.sides()
    local s, out = (G or game()).sides, {}
    for i = 1, #s do out[i] = s[i] end
    return out
  end
  function api.enemy(side)
    local sides = (G or game()).sides
    if #sides ~= 2 then error("bitwa.enemy: the game has " .. #sides .. " sides", 2) end
    return sides[1] == side and sides[2] or sides[1]
  end
  function api.option(name)
    local g = G or game()
    local v = g.options[name]
    if v == nil and g.rs.options[name] == nil then error("unknown option '" .. tostring(name) .. "'", 2) end
    return v
  end
  function api.scenario() return game().scenario_view end
  -- bitwa.roles() -> { strength = attribute, leaders = {kinds}, markers = {kinds},
  -- states = {attributes}, balance = {variables} } (the manifest's roles,
  -- engine/roles.lua), a fresh copy
  function api.roles()
    local r = require("engine.roles").of(game())
    return { strength = r.strength, leaders = util.deepcopy(r.leaders), markers = util.deepcopy(r.markers),
             states = util.deepcopy(r.states), balance = util.deepcopy(r.balance) }
  end
  function api.game_over(r)
    local g = writable("bitwa.game_over", 2)
    g:finish(r or {})
  end
  function api.is_over() return (G or game()).state:var("game.over") == true end

  -- The version of the bound game's units (state:version(): it changes
  -- whenever a unit's field changes or a unit is spawned or removed, and
  -- comes back only with the units as they were, after a rollback), for
  -- the ruleset's per-units memos (ruleset.lua, cache "units"); never
  -- handed to rule code (its numbers are the process's, not the game's).
  local function units_version()
    local g = G
    if g then return g.state:version() end
    return nil
  end

  -- The version of the bound game's whole position (state:position_version():
  -- it changes with the units' version and whenever a variable changes --
  -- the turn, the phase, the tracks, the map in play, which is kept in
  -- variables -- and comes back with both after a rollback), for the
  -- ruleset's per-position memos (cache "position"); never handed to rule
  -- code either.
  local function position_version()
    local g = G
    if g then return g.state:position_version() end
    return nil
  end

  local function bind(g)
    local prev = G
    G = g
    ROWS = g and g:rows()
    if g then
      SLOT = g.slot
      if ROWS ~= pointed_rows then
        -- another game's rows: every proxy reads through resolve again
        for i = 1, #pointed do mts[pointed[i]].__index = resolve end
        pointed, pointed_rows = {}, ROWS
      end
    end
    return prev
  end
  return api, bind, rows_dropped, units_version, position_version
end

return M
