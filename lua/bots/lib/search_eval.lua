-- search_eval: what the search bot (lua/bots/search.lua) reads of a
-- position and how it values an outcome of a line, loaded with
-- include "search_eval" (once per call, in the bot's environment).  It
-- knows no title: the manifest's roles (bitwa.roles(), through
-- include "common"), vp.SIDE and the words of lines.
--
--   E.read_position()      the units on the map, the balance variables, VP,
--                          the state most of each side's field units are in
--   E.split(pos, side)     our field units and the enemy's
--   E.delta(pos, side, changes, mover, wary)
--                          the change (tenths) of the evaluation for side
--                          from pos to an outcome of outcomes()/odds()
--   E.parse(pos, side, line)
--                          the line's units of ours, the enemies it names,
--                          the hex it ends on, the facing it turns to
--   E.hex(label), E.dist(a, b), E.W_STRENGTH, E.FAR
--
-- The evaluation reads only what the manifest declares: the strength of
-- the field units on the map (ours minus theirs; a unit entering adds
-- its strength), vp.SIDE, the leaders alive, the roles' balance
-- variables and each roles.states attribute (a unit of ours leaving the
-- state most of our units are in, disorganized or scattered, loses
-- STATE_SHARE of its strength; coming back to it gains as much).  Its
-- arithmetic is in integers: the weights in tenths.
local E = {}

local C = include "common"     -- lua/bots/lib/common.lua
local words = words

-- the evaluation's weights, in tenths of a strength point (integers)
local W_STRENGTH, W_VP, W_LEADER = 10, 5, 300
local W_BALANCE = 6            -- per point of a roles.balance variable (a morale track's field)
local STATE_SHARE = 4          -- tenths of a unit's strength a bad state costs
local FAR = 1 << 30
E.W_STRENGTH, E.FAR = W_STRENGTH, FAR

-- hexes by label
local hexes = {}
local function hex(label)
  local h = hexes[label]
  if h == nil then
    h = C.as_hex(label) or false
    hexes[label] = h
  end
  return h or nil
end
-- distances in plain arithmetic on cube coordinates (the kernel's own:
-- q = column, r = row less the column's shift by the grid's parity), the
-- same numbers as bitwa.hex.distance without a call into the kernel
local even_down
local coords = {}
local function cube(label)
  local c = coords[label]
  if c == nil then
    local h = hex(label)
    if even_down == nil then even_down = bitwa.map.grid().parity == "even-down" end
    local col = h.col
    local shift = even_down and -((-col) // 2) or col // 2
    c = { col, h.row - shift }
    coords[label] = c
  end
  return c
end
local function dist(a, b)
  local x, y = cube(a), cube(b)
  local dq, dr = x[1] - y[1], x[2] - y[2]
  return (math.abs(dq) + math.abs(dr) + math.abs(dq + dr)) // 2
end

-- ------------------------------------------------------------------ the position

-- units[name] = { name, side, kind, hex = label, str, leader, field, states };
-- field / leaders: lists; usual[side][attr]: the state most of side's field
-- units are in; vp[side]
local function read_position()
  local pos = { units = {}, field = {}, leaders = {}, vp = {}, usual = {} }
  local counts = {}
  for _, u in ipairs(bitwa.units {}) do
    if u.hex and bitwa.hex.on_map(u.hex) and not C.is_marker(u) then
      local label = u.hex.label
      hexes[label] = u.hex
      local t = { name = u.name, side = u.side, kind = u.kind, hex = label, str = C.strength(u),
                  leader = C.is_leader(u), states = {} }
      t.field = not t.leader
      for _, a in ipairs(C.states) do
        local ok, v = pcall(function() return u[a] end)
        if ok and (type(v) == "string" or math.type(v) or type(v) == "boolean") then
          t.states[a] = v
          if t.field then
            local key = tostring(u.side) .. "\0" .. a
            counts[key] = counts[key] or {}
            counts[key][v] = (counts[key][v] or 0) + 1
          end
        end
      end
      pos.units[u.name] = t
      if t.field then pos.field[#pos.field + 1] = t else pos.leaders[#pos.leaders + 1] = t end
    end
  end
  pos.balance = {}
  for _, k in ipairs(C.balance) do
    local v = bitwa.var(k)
    pos.balance[k] = math.type(v) and v or 0
  end
  pos.first = bitwa.sides()[1]
  for _, s in ipairs(bitwa.sides()) do
    local v = bitwa.var("vp." .. s)
    pos.vp[s] = math.type(v) and v or 0
    pos.usual[s] = {}
    for _, a in ipairs(C.states) do
      local c = counts[tostring(s) .. "\0" .. a]
      if c then
        local best, bn = nil, -1
        local vals = {}
        for v in pairs(c) do vals[#vals + 1] = v end
        table.sort(vals, function(x, y) return tostring(x) < tostring(y) end)
        for _, v in ipairs(vals) do if c[v] > bn then best, bn = v, c[v] end end
        pos.usual[s][a] = best
      end
    end
  end
  return pos
end

-- the enemy field units of side, and ours
local function split(pos, side)
  local ours, theirs = {}, {}
  for _, u in ipairs(pos.field) do
    if u.side == side then ours[#ours + 1] = u else theirs[#theirs + 1] = u end
  end
  return ours, theirs
end

-- ------------------------------------------------------------------ the evaluation of outcomes

-- The change (tenths) of the evaluation for side from pos to an outcome
-- (its changes: { key = "NAME.field" | "vp.SIDE" ..., to }), and the hex
-- the named unit `mover` ends on (nil: gone).
local function delta(pos, side, changes, mover, wary)
  local d = 0
  -- wary (a step that names no enemy: a move): what the enemy may do to
  -- it (odds answer every decision with its first option: a reaction, a
  -- countercharge, taken) counts against us only; the enemy reacts when
  -- it pays him, so his losses in it are not counted as our gain
  local function add(x)
    if wary and x > 0 then return end
    d = d + x
  end
  local gone, appeared = {}, {}
  local final = mover and pos.units[mover] and pos.units[mover].hex
  for _, c in ipairs(changes) do
    local name, field = c.key:match("^(.*)%.([%w_]+)$")
    local u = name and pos.units[name]
    local s = c.key:match("^vp%.(.+)$")
    if s and math.type(c.to) then
      add((s == side and 1 or -1) * W_VP * (c.to - (pos.vp[s] or 0)))
    elseif pos.balance[c.key] and math.type(c.to) then
      add((side == pos.first and 1 or -1) * W_BALANCE * (c.to - pos.balance[c.key]))
    elseif u then
      local sign = u.side == side and 1 or -1
      if field == "eliminated" or (field == "hex" and not (type(c.to) == "string" and hex(c.to))) then
        if not gone[name] then
          gone[name] = true
          add(-sign * (u.leader and W_LEADER or W_STRENGTH * u.str))
        end
        if name == mover then final = nil end
      elseif field == "hex" then
        if name == mover then final = c.to end
      elseif field == C.strength_name and math.type(c.to) and u.field and not gone[name] then
        add(sign * W_STRENGTH * (math.max(c.to, 0) - u.str))
      elseif u.field and u.states[field] ~= nil then
        local usual = pos.usual[u.side] and pos.usual[u.side][field]
        local share = STATE_SHARE * u.str * W_STRENGTH // 10
        if u.states[field] == usual and c.to ~= usual then add(-sign * share)
        elseif u.states[field] ~= usual and c.to == usual then add(sign * share) end
      end
    elseif name and field == "appears" and not appeared[name] then
      appeared[name] = true
    end
  end
  return d, final
end


-- The line's actor (the first unit of ours named), the enemies it names,
-- and the hex it ends on (the last hex word) or the facing it turns to.
local function parse(pos, side, line)
  local ws = words(line)
  local mine, theirs, place, facing = {}, {}, nil, nil
  for k = 2, #ws do
    local w = ws[k]
    local named = false
    for part in w:gmatch("[^,]+") do
      local u = pos.units[part]
      if u then
        named = true
        if u.side == side then mine[#mine + 1] = u else theirs[#theirs + 1] = u end
      elseif not hex(part) and bitwa.unit(part) then
        named = true
        local b = bitwa.unit(part)
        if b.side == side then mine[#mine + 1] = { name = part, side = side, str = C.strength(b), leader = C.is_leader(b),
                                                   field = C.is_field(b), offmap = true, states = {} } end
      end
    end
    if not named then
      if hex(w) then place = w
      elseif C.as_facing(w) then facing = C.as_facing(w) end
    end
  end
  return mine, theirs, place, facing
end


E.hex, E.dist, E.read_position, E.split, E.delta, E.parse = hex, dist, read_position, split, delta, parse
-- a unit's hex known by label (the position's units: no second parse)
function E.know_hex(label, h) hexes[label] = h end
return E
