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
-- A move or turn that gains nothing is worth nothing (a stride is a
-- bonus only to a move that gains; with no enemy on the map a unit on it
-- stays): where moves cost nothing, a deployment, each line played must
-- lower the unit's distances to the enemy (or bring it into contact, from
-- which it moves no more), so the phase ends.
--
-- Leaders (the manifest's leader kinds, bitwa.roles()) are not fighters:
-- they count for no strength, are not the enemy to close with, and move
-- only after the fighters have nothing better to do, toward our own
-- field units (onto a hex with them is best; one already with them
-- stays), never to a hex next to an enemy field unit without a friend
-- there.  An attack on enemy
-- leaders with no field unit among them (a lone leader) is a good one.
-- Markers (roles.markers) are neither.
--
-- It plays the best line (ties drawn with rng) and ends the phase when
-- nothing scores above zero.  Decisions: the offered hex farthest from
-- the enemy (retreats), our strongest field unit (who takes a loss; a
-- leader only when nothing else is offered), an option naming our units
-- against the enemy's (a countercharge) only at even odds or better by
-- the strength named (else the passive option), else an option other
-- than passing (fire rather than hold).
--
-- A bot module: choose(side, legal) -> one of the legal lines,
-- answer(request) -> one of request.options; it reads the game through
-- `bitwa` and cannot change it.
local M = {}

local C = include "common"     -- lua/bots/lib/common.lua: roles, units, answer
local read_roles, is_leader, is_field, strength = C.read_roles, C.is_leader, C.is_field, C.strength
local as_hex, as_facing = C.as_hex, C.as_facing
local enemies_of, friends_of, nearest = C.enemies_of, C.friends_of, C.nearest

-- The words of a line, "quoted words" kept together: the game's own
-- parser (words(line), given to every bot)
local words = words

-- A leader's move to `to`: toward our field units, best onto a hex with
-- them; never next to an enemy field unit with no friend on the hex.
-- Kept below the fighters' good moves (at most 9/10) so that leaders
-- move last.  Scores are fractions: numerator, denominator.
local function leader_move(u, to, enemies, friends)
  if #friends == 0 then
    -- no troops left: away from the enemy
    local _, d0 = nearest(u.hex, enemies)
    local _, d1 = nearest(to, enemies)
    if d1 > d0 then return 3, 10 end
    return -1, 1
  end
  local with, near = false, math.huge
  for _, f in ipairs(friends) do
    if bitwa.hex.distance(to, f.hex) == 0 then with = true end
    local d = bitwa.hex.distance(to, f.hex)
    if d < near then near = d end
  end
  local exposed = false
  for _, e in ipairs(enemies) do
    if is_field(e) and bitwa.hex.distance(to, e.hex) <= 1 then exposed = true end
  end
  if exposed and not with then return -5, 1 end
  local now = math.huge
  for _, f in ipairs(friends) do
    local d = bitwa.hex.distance(u.hex, f.hex)
    if d < now then now = d end
  end
  -- (a leader already with his troops gains nothing by going to others:
  -- where moves cost nothing, a deployment, he would go back and forth)
  if now == 0 then return -1, 2 end
  if with then return 9, 10 end
  if near < now then return 3 + math.min(now - near, 5), 10 end
  return -1, 1
end

-- The score of one line for side, as an exact fraction: numerator,
-- denominator (> 0).  No floating point reaches a choice.
-- Where a line takes unit u (its hex, else its facing), from the rules'
-- exact outcomes of it, once per line and call; nil when the rules
-- refuse it, it moves nothing, its outcomes differ or no play of the
-- budget is left.
local function where_to(side, line, u, cache)
  cache.where = cache.where or {}
  local w = cache.where[line]
  if w == nil then
    w = false
    if budget() > 0 then
      local rep = odds(line, side)
      local o = rep and rep.outcomes and rep.outcomes[1]
      if o and #rep.outcomes == 1 then
        local h, f
        for _, c in ipairs(o.changes or {}) do
          if c.key == u.name .. ".hex" and type(c.to) == "string" then h = as_hex(c.to) end
          if c.key == u.name .. ".facing" and type(c.to) == "string" then f = as_facing(c.to) end
        end
        if h or f then w = { h, f } end
      end
    end
    cache.where[line] = w
  end
  if not w then return nil end
  return w[1], w[2]
end

-- nearest(h, enemies) for one decision's enemies, kept per hex in the
-- decision's cache (its answer depends on the hex alone: a unit's turns
-- and moves ask it of the same hexes again)
local function nearest_enemy(h, enemies, cache)
  local near = cache.near
  if not near then near = {}; cache.near = near end
  local k = h.label
  local r = near[k]
  if not r then
    local e, d, m = nearest(h, enemies)
    r = { e, d, m }
    near[k] = r
  end
  return r[1], r[2], r[3]
end

local function score(side, line, enemies, cache, friends)
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
    local att, def, fighters = 0, 0, 0
    for _, u in ipairs(mine) do att = att + strength(u) end
    for _, u in ipairs(theirs) do
      def = def + strength(u)
      if is_field(u) then fighters = fighters + 1 end
    end
    -- lone enemy leaders: a kill to take
    if fighters == 0 then
      for _, u in ipairs(theirs) do if is_leader(u) then return 16, 1 end end
    end
    if #mine == 0 or att == 0 then att = 1 end
    -- 10 + 3 * min(att / def, 3), below 1:1 -1
    local d = math.max(def, 1)
    if att < d then return -1, 1 end
    if att >= 3 * d then return 19, 1 end
    return 10 * d + 3 * att, d
  end

  local u = mine[1]
  if not (u and u.hex and bitwa.hex.on_map(u.hex)) then
    return 1, (#mine > 0 and 2 or 4)
  end
  if #enemies == 0 then
    -- no enemy on the map to move toward (he deploys later): a unit on
    -- the map gains nothing by a move or a turn (where they cost nothing,
    -- a deployment, it would go back and forth); other lines as above
    if #hexes > 0 or #facings > 0 then return -1, 2 end
    return 1, 2
  end
  -- a leader's line that names neither a hex nor a facing ("move U": the
  -- rules know where it goes) is judged once nothing else is worth
  -- playing (choose asks again with cache.leaders), where the rules' exact
  -- outcomes of it take him (odds: one play on a copy, no dice)
  if #hexes == 0 and #facings == 0 and is_leader(u) then
    if not cache.leaders then return nil end
    local to, f = where_to(side, line, u, cache)
    if to then hexes[1] = to elseif f then facings[1] = f else return -1, 2 end
  end
  local target, d0, m0 = nearest_enemy(u.hex, enemies, cache)

  -- a leader is no fighter: it follows its troops (a turn is worth
  -- nothing to it)
  if is_leader(u) then
    if #hexes > 0 then return leader_move(u, hexes[#hexes], enemies, friends) end
    if #facings > 0 then return -1, 2 end
    return 1, 2
  end

  -- a move: nearer the enemy is better (the nearest one first, then all
  -- of them: a way round an obstacle); a unit in contact stays
  if #hexes > 0 then
    local to = hexes[#hexes]
    local near, d1, m1 = nearest_enemy(to, enemies, cache)
    if d0 <= 1 then
      if d1 <= 1 then return -1, 2 end
      return -3, 1
    end
    -- 2 (d0 - d1) + the change of the mean distance (m0 - m1) / k, in
    -- tenths of 1/k
    local k = #enemies
    local s = 20 * k * (d0 - d1) + 10 * (m0 - m1)
    -- contact: welcome against a weaker or equal enemy, not a stronger one
    if d1 == 1 then s = s + (strength(u) >= strength(near) and 10 * k or -25 * k) end
    -- a longer stride: 1/10, for a move that gains (a move that gains
    -- nothing stays worth nothing: where moves cost nothing, a
    -- deployment, it would go back and forth)
    if s > 0 and bitwa.hex.distance(u.hex, to) > 1 then s = s + k end
    return s, 10 * k
  end

  -- a turn: bring the nearest enemy into the front area
  if #facings > 0 then
    local f = facings[#facings]
    local before = bitwa.hex.in_front(u.hex, u.facing, target.hex)
    local after = bitwa.hex.in_front(u.hex, f, target.hex)
    if before and not after then return -3, 1 end
    if after and not before then return 4, 1 end
    if before then return -1, 1 end
    -- neither: toward the enemy, measured one hex ahead
    local ahead_now = bitwa.hex.distance(bitwa.hex.neighbour(u.hex, u.facing, true), target.hex)
    local ahead_then = bitwa.hex.distance(bitwa.hex.neighbour(u.hex, f, true), target.hex)
    return 2 * (ahead_now - ahead_then) - 1, 2
  end

  return 1, 2
end

function M.choose(side, legal)
  read_roles()
  local enemies = enemies_of(side)
  local friends = friends_of(side)
  local cache = { units = {} }
  local best, best_lines, has_end, later = nil, {}, false, {}
  local function consider(line)
    local n, d = score(side, line, enemies, cache, friends)
    if n == nil then later[#later + 1] = line return end
    -- n/d against best: compared exactly
    local c = best and (n * best[2] - best[1] * d)
    if best == nil or c > 0 then best, best_lines = { n, d }, { line }
    elseif c == 0 then best_lines[#best_lines + 1] = line end
  end
  for _, line in ipairs(legal) do
    if line == "end" then has_end = true else consider(line) end
  end
  -- leaders last: their lines that name no hex, once no other line is
  -- worth playing
  if #later > 0 and (best == nil or best[1] <= 0) then
    cache.leaders = true
    for _, line in ipairs(later) do consider(line) end
  end
  if best == nil then return legal[1] end
  if has_end and best[1] <= 0 then return "end" end
  if #best_lines == 1 then return best_lines[1] end
  return best_lines[rng(#best_lines)]
end

-- Whether a line (its words after the first) names a unit of another
-- side.
local function names_enemy(side, line, cache)
  local ws = words(line)
  for k = 2, #ws do
    for part in ws[k]:gmatch("[^,]+") do
      local u = cache.units[part]
      if u == nil then
        u = bitwa.unit(part) or false
        cache.units[part] = u
      end
      if u and u.side ~= side then return true end
    end
  end
  return false
end

-- A decision: options naming our units against the enemy's (a
-- countercharge, a reaction) are judged by the attack score, and none is
-- taken at worse than even odds (the passive option then, else another);
-- any other decision as common.answer.
function M.answer(request)
  read_roles()
  local side, options = request.side, request.options
  if #options > 1 and (math.tointeger(request.min) or 1) <= 1 then
    local cache = { units = {} }
    local enemies, friends = enemies_of(side), friends_of(side)
    local pick, pn, pd, rest = nil, nil, nil, {}
    for _, o in ipairs(options) do
      if names_enemy(side, o, cache) then
        local n, d = score(side, o, enemies, cache, friends)
        if pick == nil or n * pd > pn * d then pick, pn, pd = o, n, d end
      else
        rest[#rest + 1] = o
      end
    end
    if pick then
      if pn > 0 then return pick end
      for _, o in ipairs(rest) do
        if C.PASSIVE[o:lower()] then return o end
      end
      if #rest > 0 then return rest[rng(#rest)] end
    end
  end
  return C.answer(request)
end

return M
