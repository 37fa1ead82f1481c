-- search_plan: the search bot's own plan of its side's phase, where the
-- ruleset has no bot to stand on (lua/bots/search.lua: M.choose), loaded
-- with include "search_plan"; it returns choose(side, legal).  What it
-- does is described at the top of search.lua.
local C = include "common"       -- lua/bots/lib/common.lua
local E = include "search_eval"  -- lua/bots/lib/search_eval.lua
local hex, dist, read_position, split, delta, parse = E.hex, E.dist, E.read_position, E.split, E.delta, E.parse
local W_STRENGTH, FAR = E.W_STRENGTH, E.FAR

-- the position score of a unit's hex, in tenths
local W_CLOSE = 1              -- per hex to the nearest enemy field unit (at most 12)
local W_CONTACT = 3            -- per strength point above (below: W_OVERMATCHED) an adjacent enemy
local W_OVERMATCHED = 6
local W_EXPOSED = 2            -- per enemy strength point within reach above twice our support
local W_LEADER_ALONE = 400     -- a leader with no field unit of ours on its hex, within the enemy's reach
local W_LEADER_ALONE_FAR = 150 -- the same, the enemy a hex farther than its reach
local W_LEADER_WITH = 10       -- a leader on a hex with our field units
local W_LEADER_THREAT = 4      -- per enemy strength point within reach of a leader above ours beside it
local W_LEADER_FRONT = 120     -- per hex a leader stands nearer the enemy than LEADER_DEPTH
local LEADER_DEPTH = 3
local W_LEADER_NEAR = 2        -- per hex from a leader to our nearest field unit (at most 12)
local W_FACE = 4               -- a turn that brings the nearest enemy into the front
local MIN_REACH = 5
local FOLLOW = 3               -- hexes a leader is taken to follow a unit that leaves his hex
local LEADER_WALK = 8          -- hexes: our troops a leader walks to
local W_WALK = 10              -- per hex of a leader's way to his goal
local MOVES_SEARCHED = 6       -- steps other than attacks checked through the rules per decision
local ATTACKS_SEARCHED = 24

-- ------------------------------------------------------------------ position scores

-- What a hex offers, once per hex and call: the distance to the nearest
-- enemy field unit, the enemy strength within reach (+1), the strengths
-- of the adjacent enemies, our field strength on and beside the hex, and
-- the distance to our nearest field unit.
local function hex_info(memo, h, ours, theirs, reach)
  local m = memo[h]
  if m then return m end
  m = { near = FAR, threat = 0, reached = 0, adj = {}, support = 0, with = false, friend = FAR }
  for _, e in ipairs(theirs) do
    local d = dist(h, e.hex)
    if d < m.near then m.near = d end
    if d <= reach + 1 then m.threat = m.threat + e.str end
    if d <= reach then m.reached = m.reached + e.str end
    if d == 1 then m.adj[#m.adj + 1] = e.str end
  end
  for _, f in ipairs(ours) do
    local d = dist(h, f.hex)
    if d <= 1 then m.support = m.support + f.str end
    if d == 0 then m.with = true end
    if d < m.friend then m.friend = d end
  end
  memo[h] = m
  return m
end

-- The score (tenths) of field unit u standing on hex label h.
local function field_score(memo, u, h, ours, theirs, reach)
  local m = hex_info(memo, h, ours, theirs, reach)
  if m.near == FAR then return 0 end
  local adj_score = 0
  for _, es in ipairs(m.adj) do
    if u.str >= es then adj_score = adj_score + W_CONTACT * (u.str - es + 1)
    else adj_score = adj_score - W_OVERMATCHED * (es - u.str) end
  end
  -- our strength beside the hex, u counted once wherever it stands now
  local support = m.support + u.str
  if u.hex and dist(u.hex, h) <= 1 then support = support - u.str end
  local v = -W_CLOSE * math.min(m.near, 12) + adj_score
  if m.threat > 2 * support then v = v - W_EXPOSED * (m.threat - 2 * support) end
  return v
end

-- What a leader alone on a hex risks (a lone leader attacked or entered
-- may die): the enemy within reach of the hex,
-- or a hex farther; with our field units on the hex (unless gone: the
-- unit that leaves), nothing.
local function alone_cost(m, with)
  if with then return -W_LEADER_WITH end
  if m.reached > 0 then return W_LEADER_ALONE end
  if m.threat > 0 then return W_LEADER_ALONE_FAR end
  return 0
end

-- The score of leader l on hex h: with our field units, out of reach,
-- behind a front stronger than the enemy that can reach the hex.
local function leader_score(memo, l, h, ours, theirs, reach, with)
  local m = hex_info(memo, h, ours, theirs, reach)
  if with == nil then with = m.with end
  local v = 0
  v = v - alone_cost(m, with)
  if not with and m.friend < FAR then v = v - W_LEADER_NEAR * math.min(m.friend, 12) end
  if m.threat > m.support then v = v - W_LEADER_THREAT * (m.threat - m.support) end
  -- in the second line: a stack in contact fights, and a leader whose
  -- stack retreats may die with it
  if m.near < LEADER_DEPTH then v = v - W_LEADER_FRONT * (LEADER_DEPTH - m.near) end
  return v
end

-- ------------------------------------------------------------------ the plan

local function choose(side, legal)
  C.read_roles()
  local pos = read_position()
  local ours, theirs = split(pos, side)
  local has_end = false
  -- the enemy's reach, read from ours
  local reach = MIN_REACH
  local parsed = {}
  for i, line in ipairs(legal) do
    if line == "end" then has_end = true
    else
      local mine, foes, place, facing = parse(pos, side, line)
      parsed[i] = { line = line, mine = mine, foes = foes, place = place, facing = facing }
      local u = mine[1]
      if u and not u.offmap and place and #foes == 0 then
        local d = dist(u.hex, place)
        if d > reach then reach = d end
      end
    end
  end
  -- the steps: attacks; field units' orders; leaders' orders
  local attacks, field_steps, leader_steps = {}, {}, {}
  local memo = {}
  -- our field units and leaders per hex: a field unit leaving a leader
  -- alone pays for it
  local field_at = {}
  for _, f in ipairs(ours) do field_at[f.hex] = (field_at[f.hex] or 0) + 1 end
  -- Where a leader stands best: on hex h (with our field units or alone,
  -- as fa, our field units per hex, says), or walking to a hex of our
  -- field units within LEADER_WALK hexes, less `walk` a hex of the way
  -- beyond `free` hexes.  A leader's move is worth the change of it (walk
  -- W_WALK: each step toward his goal gains); a field unit's move the
  -- change of it for the leaders near it, who move after it and follow
  -- it up to FOLLOW hexes for nothing: a unit that takes itself from a
  -- leader he cannot follow safely pays for leaving him alone.
  local function potential(l, h, fa, walk, free)
    local v = leader_score(memo, l, h, ours, theirs, reach, (fa[h] or 0) > 0)
    for f, n in pairs(fa) do
      if n > 0 and f ~= h then
        local d = dist(h, f)
        if d <= LEADER_WALK then
          local w = leader_score(memo, l, f, ours, theirs, reach, true) - walk * math.max(d + 1 - free, 0)
          if w > v then v = w end
        end
      end
    end
    return v
  end
  local my_leaders = {}
  for _, l in ipairs(pos.leaders) do if l.side == side then my_leaders[#my_leaders + 1] = l end end
  local function leaders_change(u, h)
    if u.offmap or u.leader or h == u.hex then return 0 end
    local d = 0
    for _, l in ipairs(my_leaders) do
      if dist(l.hex, u.hex) <= LEADER_WALK + 1 or dist(l.hex, h) <= LEADER_WALK + 1 then
        local before = l.before
        if before == nil then
          before = potential(l, l.hex, field_at, W_WALK, FOLLOW + 1)
          l.before = before
        end
        field_at[u.hex] = field_at[u.hex] - 1
        field_at[h] = (field_at[h] or 0) + 1
        local after = potential(l, l.hex, field_at, W_WALK, FOLLOW + 1)
        field_at[h] = field_at[h] - 1
        field_at[u.hex] = field_at[u.hex] + 1
        if field_at[h] == 0 then field_at[h] = nil end
        d = d + after - before
      end
    end
    return d
  end
  local function abandon(u, h) return -leaders_change(u, h) end
  -- a leader's goal: the best hex of our field units for him (for his turns)
  local goals = {}
  local function goal(l)
    local gl = goals[l.name]
    if gl == nil then
      gl = false
      local best = leader_score(memo, l, l.hex, ours, theirs, reach)
      for _, f in ipairs(ours) do
        local d = dist(l.hex, f.hex)
        if d <= LEADER_WALK and f.hex ~= l.hex then
          local v = leader_score(memo, l, f.hex, ours, theirs, reach, true) - W_WALK * (d + 1)
          if v > best or (v == best and gl and f.hex < gl) then best, gl = v, f.hex end
        end
      end
      goals[l.name] = gl
    end
    return gl or nil
  end
  local function placed(u, h)
    if u.leader then return potential(u, h, field_at, W_WALK, 0) end
    return field_score(memo, u, h, ours, theirs, reach)
  end
  local function here_placed(u) return u.offmap and 0 or placed(u, u.hex) end
  for i = 1, #legal do
    local p = parsed[i]
    if p then
      local u = p.mine[1]
      p.draw = rng(1000000)
      if #p.foes > 0 then
        local att, def, fighters = 0, 0, 0
        for _, m in ipairs(p.mine) do att = att + m.str end
        for _, f in ipairs(p.foes) do def = def + f.str; if f.field then fighters = fighters + 1 end end
        p.prior = att * 100 // math.max(def, 1) + (fighters == 0 and 1000 or 0)
        attacks[#attacks + 1] = p
      elseif u then
        -- the position score: where the order leaves the unit, against where it stands
        if p.place then
          p.static = placed(u, p.place) - here_placed(u) - abandon(u, p.place)
          if u.offmap then p.static = p.static + W_STRENGTH * u.str end
        elseif p.facing and not u.offmap then
          -- a turn: toward the nearest enemy (a leader: toward his goal)
          local target, td = nil, FAR
          if u.leader then
            local gl = goal(u)
            if gl and gl ~= u.hex then target = { hex = gl } end
          else
            for _, e in ipairs(theirs) do
              local d = dist(u.hex, e.hex)
              if d < td then target, td = e, d end
            end
          end
          local unit = bitwa.unit(u.name)
          p.static = -1
          if u.leader and target and unit and unit.facing then
            -- the hex ahead nearer his goal (the one nearest best)
            local function ahead(f)
              local n = bitwa.hex.neighbour(hex(u.hex), f, true)
              -- (a neighbour off the map: no way)
              if not (n and hex(n.label)) then return FAR end
              return dist(n.label, target.hex)
            end
            local now, then_ = ahead(unit.facing), ahead(p.facing)
            if then_ < now then p.static = W_FACE * (now - then_) + (then_ == 0 and 1 or 0) end
          elseif target and unit and unit.facing then
            local before = bitwa.hex.in_front(hex(u.hex), unit.facing, hex(target.hex))
            local after = bitwa.hex.in_front(hex(u.hex), p.facing, hex(target.hex))
            if after and not before then p.static = W_FACE elseif before and not after then p.static = -W_FACE end
          end
        else
          p.static = 1
        end
        if u.leader then leader_steps[#leader_steps + 1] = p else field_steps[#field_steps + 1] = p end
      end
    end
  end
  local function by_prior(a, b)
    if a.prior ~= b.prior then return a.prior > b.prior end
    if a.draw ~= b.draw then return a.draw < b.draw end
    return a.line < b.line
  end
  local function by_static(a, b)
    if a.static ~= b.static then return a.static > b.static end
    if a.draw ~= b.draw then return a.draw < b.draw end
    return a.line < b.line
  end
  table.sort(attacks, by_prior)
  table.sort(field_steps, by_static)
  table.sort(leader_steps, by_static)

  -- check a step through the rules: its value, an exact fraction
  local function value(p)
    if budget() <= 0 then return nil end
    local rep = odds(p.line, side)
    if not rep then return nil end
    local vals = {}
    local actor = p.mine[1]
    for i, o in ipairs(rep.outcomes) do
      local d, final = delta(pos, side, o.changes, actor and actor.name, #p.foes == 0)
      if #p.foes == 0 and actor then
        -- the position score where the unit ends (it stood: here)
        if final and final ~= (actor.hex or false) and hex(final) then
          d = d + placed(actor, final) - here_placed(actor) - abandon(actor, final)
          if actor.offmap then d = d + W_STRENGTH * actor.str end
        elseif final == actor.hex then
          d = d + (p.facing and p.static or 0)
        end
      end
      vals[i] = d
    end
    return C.expectation(rep.outcomes, vals)
  end
  local function best_of(steps, limit)
    local best, lines = nil, {}
    local n = 0
    for _, p in ipairs(steps) do
      if n >= limit then break end
      if p.static == nil or p.static > 0 then
        n = n + 1
        local v = value(p)
        if v then
          local c = best and C.compare(v[1], v[2], best[1], best[2])
          if best == nil or c > 0 then best, lines = v, { p.line }
          elseif c == 0 then lines[#lines + 1] = p.line end
        end
      end
    end
    if best and best[1] > 0 then return lines[#lines == 1 and 1 or rng(#lines)] end
    return nil
  end
  local pick = best_of(attacks, ATTACKS_SEARCHED) or best_of(field_steps, MOVES_SEARCHED)
    or best_of(leader_steps, MOVES_SEARCHED)
  if pick then return pick end
  if has_end then return "end" end
  -- no end offered: something must be done; the best by the prior
  if #attacks > 0 then return attacks[1].line end
  if #field_steps > 0 then return field_steps[1].line end
  if #leader_steps > 0 then return leader_steps[1].line end
  return legal[1]
end


return choose
