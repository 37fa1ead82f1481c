-- heuristic: a generic bot that seeks battle.  It knows no title: it
-- reads each legal action line as words and scores what the words name
--
--   an enemy unit        an attack (or fire) on it: good, better at good
--                        odds (the strength of our units named against
--                        the enemy's), not made at worse than even odds;
--   one of our units and
--     a hex              a move: good when it brings the unit nearer the
--                        nearest enemy (and the enemy as a whole), bad
--                        when it takes it away, and nothing for a unit
--                        already in contact;
--     a facing           a turn: good when it brings the nearest enemy
--                        into the unit's front area, bad when it turns
--                        away from one already there;
--   anything else        a little better than ending the phase, so that
--                        what the rules offer (entering the map,
--                        rallying...) is done.
--
-- It plays the best line (ties drawn with rng) and ends the phase when
-- nothing scores above zero.  Decisions: the offered hex farthest from
-- the enemy (retreats), our strongest unit (who takes a loss), else an
-- option other than passing (fire rather than hold).
--
-- A bot module: choose(side, legal) -> one of the legal lines,
-- answer(request) -> one of request.options; it reads the game through
-- `bitwa` and cannot change it.
local M = {}

local PASSIVE = { pass = true, hold = true, no = true, none = true, decline = true,
                  skip = true, refuse = true, wait = true }

-- A unit's strength: the ruleset's strength attribute (bitwa.roles(),
-- "sp" unless the manifest names another) when it has one, else 1.
-- (read at the start of each choose and answer)
local strength_name = "sp"
local function strength(u)
  local ok, v = pcall(function() return u[strength_name] end)
  if ok and math.type(v) then return math.max(v, 0) end
  return 1
end

-- The words of a line, "quoted words" kept together.
local function words(line)
  local out = {}
  local i, n = 1, #line
  while i <= n do
    local c = line:sub(i, i)
    if c == " " or c == "\t" then i = i + 1
    elseif c == '"' then
      local j = line:find('"', i + 1, true) or (n + 1)
      out[#out + 1] = line:sub(i + 1, j - 1)
      i = j + 1
    else
      local j = line:find("[ \t\"]", i) or (n + 1)
      out[#out + 1] = line:sub(i, j - 1)
      i = j
    end
  end
  return out
end

local function as_hex(w)
  if not w:match("^%d%d%d%d?$") then return nil end
  local h = bitwa.hex.parse(w)
  if h and bitwa.hex.on_map(h) then return h end
  return nil
end

local function as_facing(w)
  if not w:match("^%a%a?$") then return nil end
  return bitwa.hex.facing(w)
end

-- The enemies on the map, and the nearest of them to a hex.
local function enemies_of(side)
  local out = {}
  for _, u in ipairs(bitwa.units {}) do
    if u.side ~= side and u.hex and bitwa.hex.on_map(u.hex) then out[#out + 1] = u end
  end
  return out
end

-- The nearest enemy to h, its distance, and the mean distance of all.
local function nearest(h, enemies)
  local best, bd, sum = nil, math.huge, 0
  for _, e in ipairs(enemies) do
    local d = bitwa.hex.distance(h, e.hex)
    sum = sum + d
    if d < bd then best, bd = e, d end
  end
  return best, bd, sum / math.max(#enemies, 1)
end

-- The score of one line for side.
local function score(side, line, enemies, cache)
  local ws = words(line)
  local mine, theirs, hexes, facings = {}, {}, {}, {}
  for k = 2, #ws do
    local w = ws[k]
    local named = false
    for part in w:gmatch("[^,]+") do
      local u = cache.units[part]
      if u == nil then
        u = bitwa.unit(part) or false
        cache.units[part] = u
      end
      if u then
        named = true
        if u.side == side then mine[#mine + 1] = u else theirs[#theirs + 1] = u end
      end
    end
    if not named then
      local h = as_hex(w)
      if h then hexes[#hexes + 1] = h
      else
        local f = as_facing(w)
        if f then facings[#facings + 1] = f end
      end
    end
  end

  -- an attack: our units named against an enemy
  if #theirs > 0 then
    local att, def = 0, 0
    for _, u in ipairs(mine) do att = att + strength(u) end
    for _, u in ipairs(theirs) do def = def + strength(u) end
    if #mine == 0 then att = 1 end
    local ratio = att / math.max(def, 1)
    if ratio < 1 then return -1 end
    return 10 + 3 * math.min(ratio, 3)
  end

  local u = mine[1]
  if not (u and u.hex and bitwa.hex.on_map(u.hex)) or #enemies == 0 then
    return #mine > 0 and 0.5 or 0.25
  end
  local target, d0, m0 = nearest(u.hex, enemies)

  -- a move: nearer the enemy is better (the nearest one first, then all
  -- of them: a way round an obstacle); a unit in contact stays
  if #hexes > 0 then
    local to = hexes[#hexes]
    local near, d1, m1 = nearest(to, enemies)
    if d0 <= 1 then return d1 <= 1 and -0.5 or -3 end
    local s = 2 * (d0 - d1) + (m0 - m1)
    -- contact: welcome against a weaker or equal enemy, not a stronger one
    if d1 == 1 then s = s + (strength(u) >= strength(near) and 1 or -2.5) end
    if bitwa.hex.distance(u.hex, to) > 1 then s = s + 0.1 end   -- a longer stride
    return s
  end

  -- a turn: bring the nearest enemy into the front area
  if #facings > 0 then
    local f = facings[#facings]
    local before = bitwa.hex.in_front(u.hex, u.facing, target.hex)
    local after = bitwa.hex.in_front(u.hex, f, target.hex)
    if before and not after then return -3 end
    if after and not before then return 4 end
    if before then return -1 end
    -- neither: toward the enemy, measured one hex ahead
    local ahead_now = bitwa.hex.distance(bitwa.hex.neighbour(u.hex, u.facing, true), target.hex)
    local ahead_then = bitwa.hex.distance(bitwa.hex.neighbour(u.hex, f, true), target.hex)
    return (ahead_now - ahead_then) - 0.5
  end

  return 0.5
end

function M.choose(side, legal)
  strength_name = bitwa.roles().strength
  local enemies = enemies_of(side)
  local cache = { units = {} }
  local best, best_lines, has_end = nil, {}, false
  for _, line in ipairs(legal) do
    if line == "end" then has_end = true
    else
      local s = score(side, line, enemies, cache)
      if best == nil or s > best + 1e-9 then best, best_lines = s, { line }
      elseif math.abs(s - best) <= 1e-9 then best_lines[#best_lines + 1] = line end
    end
  end
  if best == nil then return legal[1] end
  if has_end and best <= 0 then return "end" end
  if #best_lines == 1 then return best_lines[1] end
  return best_lines[rng(#best_lines)]
end

function M.answer(request)
  strength_name = bitwa.roles().strength
  local side, options = request.side, request.options
  if #options == 1 then return options[1] end
  -- hexes: the one farthest from the enemy
  local enemies = enemies_of(side)
  local best, bd = nil, nil
  for _, o in ipairs(options) do
    local h = as_hex(o)
    if not h then best = nil break end
    local _, d = nearest(h, enemies)
    if bd == nil or d > bd then best, bd = o, d end
  end
  if best then return best end
  -- our units: the strongest takes the loss
  local strongest, sp = nil, nil
  for _, o in ipairs(options) do
    local u = bitwa.unit(o)
    if not u then strongest = nil break end
    local s = strength(u)
    if u.side == side and (sp == nil or s > sp) then strongest, sp = o, s end
  end
  if strongest then return strongest end
  -- words: rather act than pass
  local active = {}
  for _, o in ipairs(options) do
    if not PASSIVE[o:lower()] then active[#active + 1] = o end
  end
  if #active == 0 then active = options end
  return active[rng(#active)]
end

return M
