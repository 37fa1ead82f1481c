-- search: a generic bot for any ruleset.  Where the ruleset has a bot of
-- its own (`base`: the engine hands it to bot modules), it improves on
-- that bot's lines by their exact outcomes (M.propose, "on a base
-- policy" below); elsewhere it plans its side's whole phase and checks the
-- plan's steps through the rules themselves (M.choose).  It knows
-- no title: it reads the legal action lines as words, the manifest's roles
-- (bitwa.roles(): the strength attribute, leader and marker kinds, state
-- attributes) and the variables vp.SIDE, and asks odds(line) for the exact
-- outcomes of a line (engine/odds.lua: every result of every roll).
--
-- The plan (made afresh at every call: a bot keeps nothing between calls)
--   1. every unit of ours named first in a legal line gets its candidate
--      orders: its lines, grouped by unit;
--   2. each order is scored without dice by the position it leads to (the
--      unit's hex: the nearest enemy field unit, contact against weaker or
--      stronger enemies, the enemy strength within reach of the hex against
--      ours beside it; a leader's hex: with our field units, out of the
--      enemy's reach), as the change from where the unit stands;
--   3. the steps are ordered: attacks, then the field units' best orders
--      (each unit's best, best first), then the leaders' (leaders move last,
--      onto our troops, never alone within the enemy's reach, behind a
--      front stronger than the enemy that can reach them, in the second
--      line, LEADER_DEPTH hexes from the enemy; a field unit
--      pays for leaving a leader alone within the enemy's reach);
--   4. the first steps are played through the rules while nodes are left:
--      every attack, then the MOVES_SEARCHED best other steps, each valued
--      by the exact expected change of the evaluation over its outcomes
--      (odds' n / d) plus its position score;
--   5. the best checked step of the first group that has one worth doing
--      is played; when none is, the phase ends.
-- The enemy's reach is read from ours: the longest move among our lines
-- (at least MIN_REACH hexes).
--
-- The evaluation reads only what the manifest declares: the strength of
-- the field units on the map (ours minus theirs; a unit entering adds
-- its strength), vp.SIDE, the leaders alive, and each roles.states
-- attribute (a unit of ours leaving the state most of our units are in,
-- disorganized or scattered, loses STATE_SHARE of its strength; coming
-- back to it gains as much).  Its arithmetic is in integers: the
-- weights in tenths, each outcome's probability as odds' exact n / d, a
-- step's value an exact fraction compared exactly, so no floating point
-- reaches a decision (ties are exact, drawn with rng, the bot's dice).
-- Every play of the rules is a node: a decision spends at most budget()
-- nodes (`--bot-budget N`), in the plan's order, so the same seed and
-- budget give the same game whatever the machine.
--
-- Decisions: as the heuristic bot (lua/bots/lib/common.lua), but a
-- reaction that fights (an option naming our units and the enemy's) is
-- taken only at 2:1 or better by strength, else the passive option, and
-- a pursuit stops when it may.
--
-- A bot module (see README, Bots): choose(side, legal), answer(request).
local M = {}

local C = include "common"     -- lua/bots/lib/common.lua
local words = words

-- the evaluation's weights, in tenths of a strength point (integers)
local W_STRENGTH, W_VP, W_LEADER = 10, 5, 300
local W_BALANCE = 6            -- per point of a roles.balance variable (a morale track's field)
local STATE_SHARE = 4          -- tenths of a unit's strength a bad state costs
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
local FAR = 1 << 30

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

-- ------------------------------------------------------------------ the plan

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

function M.choose(side, legal)
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

-- ------------------------------------------------------------------ on a base policy

-- Where the ruleset declares its own bot (rules.bot: propose, answer), the
-- engine hands it to bot modules as `base`, and this bot improves on it
-- instead of planning by itself (policy improvement, as rollouts improve a
-- base policy): the base's line is checked through the rules, with every
-- decision along the way taken by the base policy (odds(line, side,
-- "base"): the enemy countercharges when his own bot would), valued by the
-- exact expected change of the evaluation over its outcomes; when it is
-- worth less than -DECLINE, the base is asked for its next choices (the
-- lines already weighed given as tried, as if refused: the base's own
-- order of preference) and the best of at most ALTERNATIVES of them,
-- checked the same way, is played if it beats the base's line by MARGIN.
-- A line the rules refuse is no alternative; when none is, the base's line
-- is played.  Moves (lines naming no enemy) are checked too: what the
-- enemy's reactions do to them.  Without nodes left the base's line is
-- played unchecked.
local DECLINE = 3          -- tenths of a strength point
local MARGIN = 3
local ALTERNATIVES = 2

-- The exact expected change (tenths, a fraction { n, d }) of playing line
-- now, decisions taken by the base; nil and the rule when refused (or no
-- nodes are left: "budget").
local function base_value(pos, side, line)
  local rep, rule = outcomes(line, side, "base")
  if not rep then return nil, rule end
  local vals = {}
  for i, o in ipairs(rep.outcomes) do vals[i] = (delta(pos, side, o.changes, nil, false)) end
  return C.expectation(rep.outcomes, vals)
end

-- Whether a line is worth plays of the rules: it names an enemy unit (an
-- attack, a fire) with less than STRONG times its strength in ours, or it
-- ends within NEAR hexes of an enemy field unit (where his reactions may
-- meet it).
local NEAR = 2
local STRONG = 3
local function worth_checking(pos, side, line)
  local mine, foes, place = parse(pos, side, line)
  if #foes > 0 then
    local ours, theirs = 0, 0
    for _, u in ipairs(mine) do ours = ours + u.str end
    for _, u in ipairs(foes) do theirs = theirs + u.str end
    return ours < STRONG * theirs
  end
  if not place or not mine[1] then return false end
  local _, theirs = split(pos, side)
  for _, e in ipairs(theirs) do
    if dist(place, e.hex) <= NEAR then return true end
  end
  return false
end

function M.propose(side, tried)
  if not base then return nil end          -- no ruleset bot: choose plans by itself
  local line = base.propose(side, tried)
  if line == nil or line == "end" or budget() <= 1 then return line end
  C.read_roles()
  local pos = read_position()
  if not worth_checking(pos, side, line) then return line end
  local v0 = base_value(pos, side, line)
  -- refused by the rules (or no nodes): the base's line as it is (the
  -- runner asks again with it tried)
  if not v0 or C.compare(v0[1], v0[2], -DECLINE, 1) >= 0 then return line end
  local seen = {}
  for k in pairs(tried) do seen[k] = true end
  seen[line] = true
  local best, best_v = line, { v0[1] + (-MARGIN) * v0[2], v0[2] }
  for _ = 1, ALTERNATIVES do
    if budget() <= 1 then break end
    local alt = base.propose(side, seen)
    if alt == nil then break end
    seen[alt] = true
    local v = base_value(pos, side, alt)
    if v and C.compare(v[1], v[2], best_v[1], best_v[2]) > 0 then best, best_v = alt, v end
  end
  return best
end

-- ------------------------------------------------------------------ answer

-- A reaction that fights is taken at 2:1 or better by strength; a
-- pursuit (hexes and a passive word) stops.
function M.answer(request)
  if base then
    local a = base.answer(request)
    if a ~= nil then return a end
  end
  C.read_roles()
  local side, options = request.side, request.options
  if #options > 1 and not request.max then
    local passive
    for _, o in ipairs(options) do
      local w = o:lower()
      if C.PASSIVE[w] or w == "stop" then passive = o end
    end
    if passive then
      local best, br = nil, nil
      local hexes_only = true
      for _, o in ipairs(options) do
        if o ~= passive then
          if not C.as_hex(o) then hexes_only = false end
          local att, def, foes = 0, 0, 0
          for _, w in ipairs(words(o)) do
            for part in w:gmatch("[^,]+") do
              local u = bitwa.unit(part)
              if u then
                if u.side == side then att = att + C.strength(u)
                else def = def + C.strength(u); foes = foes + 1 end
              end
            end
          end
          if foes > 0 then
            -- att / def, compared exactly (def may be 0)
            if att >= 2 * def and (br == nil or att * br[2] > br[1] * math.max(def, 1)) then
              best, br = o, { att, math.max(def, 1) }
            end
          end
        end
      end
      if hexes_only then return passive end
      if best then return best end
      -- options that fight, none at 2:1: pass
      local fights = false
      for _, o in ipairs(options) do
        for _, w in ipairs(words(o)) do
          for part in w:gmatch("[^,]+") do
            local u = bitwa.unit(part)
            if u and u.side ~= side then fights = true end
          end
        end
      end
      if fights then return passive end
    end
  end
  return C.answer(request)
end

return M
