-- The Medieval rules bot, taught Legnica's differences: it makes the move
-- a charging unit owes [5.6.12] before anything else (turning rather than
-- charging into forest, village or swamp [4.2.5]), never moves a unit into
-- such ruin otherwise, leaves alone the units the opening turns hold back
-- and the Ordu reserve until the enemy comes within 4 hexes of it,
-- regroups scattered units as close to the enemy as it may, and lowers
-- fatigue whenever it can [13.1.5].  Its leaders are never left alone
-- [8.2.8] [8.2.9]: the last field unit on a leader's hex does not ride
-- off it; a leader with no field unit on his hex goes onto the hex of any
-- of its field units he can reach (his own troops first, out of the
-- enemy's reach; in the cavalry movement phase only by a way no enemy
-- cavalry can countercharge, else in the infantry one), and with none to
-- reach he keeps away from the enemy; a leader on a stack likely to go
-- (in the first line, 2 hexes or less from the enemy, or one 1-SP unit
-- within the enemy cavalry's reach) moves in the infantry movement phase
-- onto one that is not, or at least farther back; a leader retreating on
-- his own [8.2.6] goes where his side's units stand.  No unit ends a move,
-- nor countercharges, next to an enemy whose obligatory pursuit [5.5.2]
-- [6.1.8] would take it into forest, village or swamp.  It rides into the
-- hex of a lone enemy leader whenever one of its units can reach it
-- [8.2.8], and in the opening turns a side outnumbered by the enemy's
-- free units keeps its few free ones out of contact instead of
-- committing them piecemeal.  A unit whose mandatory attack [5.2.2]
-- would be below 1:1 rides out of contact in its movement phase, 2 or 3
-- hexes off, facing the enemy (M.disengage_line).
local M = inherit()

local base_propose, base_answer = M.propose, M.answer

-- The Grunwald bot's horse archers shoot before they fight and make no
-- attack by choice (M.skirmisher, for Grunwald's Tatars, 11.5.3) and its
-- units close where they and the
-- units already in contact attack at a fair column (M.concentrates).
-- Legnica's horse archers are the Mongols' battle line in open order,
-- and its battles were calibrated with units closing alone on the
-- nearest enemy: neither is taken here.
function M.skirmisher(u) return false end
function M.concentrates(side) return false end

-- The Grunwald bot holds a quarter of its cavalry back in the first half
-- of a battle (M.reserve).  Legnica's reserve is the book's: the Ordu,
-- which costs 40 VP to move (M.barred below); the Mongols fight with
-- horse archers, which the Grunwald reserve leaves out, so only the
-- Polish knights would wait.  Measured over the same 30 seeds a battle
-- with the reserve on both sides: the Poles won 12 of 30 (13 without) in
-- Henry II, 17 (19) in Czech rescue, 13 (10) in Bohemian mile, 42 of 90
-- as without it; the battles were calibrated without it: none is held.
function M.reserve(side, ctx) return nil end

-- [4.2.5] [4.2.6] [4.2.9] Whether entering `to` from `from` costs u (or a
-- plan of it, with the CF it has before entering, A-011) 1 SP and a
-- scatter: cavalry with a CF above 0 in forest, village or swamp unless
-- along a road with CF exactly 1; infantry in swamp off the road.
function M.spoils(u, from, to)
  if not rules.units.is_field(u) then return false end
  local S = rules.tables.scatter
  local terrain = rules.fortifications.terrain(to)
  local road = rules.movement.along_road(from, to)
  if rules.units.is_cavalry(u) then
    local cf = u.cf or 0
    return S.scattering.cavalry[terrain] == true and cf > 0 and not (road and cf == S.terrain_road_cf)
  end
  return S.scattering.infantry[terrain] == true and not road
end

-- Whether moving u into the hex in front would cost it 1 SP and a
-- scatter [4.2.5] [4.2.6].
local function ruinous(u)
  if u.hex == nil or not rules.units.is_field(u) then return false end
  local front = bitwa.hex.neighbour(u.hex, u.facing)
  if not front then return false end
  return M.spoils(u, u.hex, front)
end

-- Whether a unit (or a plan of it) still charges: cavalry with a CF
-- above 0 that has not stopped [5.6.12].
local outnumbered_opening, guards_leader, first_owed_line

local function U_is_charging(s)
  return rules.units.is_cavalry(s) and (s.cf or 0) > 0 and not s.stopped
end

-- [4.2.5] [4.2.6] Whether terrain t scatters s (a unit or a plan of it,
-- with its CF) entering it off the road: what the Medieval bot's
-- pursuit_trap (a unit ending next to an enemy it must pursue into such
-- terrain, [5.5.2] [6.1.8]) asks here instead of Grunwald's
-- disorganization.
function M.spoiled_by(s, t)
  local S = rules.tables.scatter
  if rules.units.is_cavalry(s) then return (s.cf or 0) > 0 and S.scattering.cavalry[t] == true end
  return S.scattering.infantry[t] == true
end

-- [5.6.12] A plan may end only where the moves the unit then owes (a
-- charging unit goes on while it can pay its frontal hex) scatter it
-- nowhere, and not next to an enemy it would have to pursue into such
-- terrain (M.pursuit_trap).
function M.plan_ends(side, u, s)
  if not rules.units.is_cavalry(u) then return not M.pursuit_trap(side, s) end
  local M_ = rules.movement
  for _ = 1, 16 do
    if not U_is_charging(s) then break end
    local plan = M_.check_move(side, s)
    if not plan or plan.whole or plan.leave or plan.ride then break end
    if M.spoils(s, plan.from, plan.to) then return false end
    s = M_.planned_move(s, plan)
  end
  return not M.pursuit_trap(side, s)
end

-- The scenario's reserve (the Ordu) of `side`, while it has not moved and
-- no enemy is within 4 hexes of it: moving it costs victory points, so the
-- bot keeps it back until the enemy comes near.  Returns the set of its
-- commander's name, or nil.
local memo = cache()   -- memo.odd_down: the grid's parity (emptied when another game is played)
local cube_x, cube_z = cache(), cache()   -- hex -> its cube x, z (memos, as memo)

-- Cube coordinates of a hex in plain arithmetic (the kernel's distances,
-- without a call for each pair); each hex's kept for the game (hexes are
-- interned: a hex is its own key).
local function cube(h)
  local x = cube_x[h]
  if x then return x, cube_z[h] end
  local odd_down = memo.odd_down
  if odd_down == nil then odd_down = bitwa.map.grid().parity == "odd-down"; memo.odd_down = odd_down end
  local c, r = h.col, h.row
  local z = odd_down and (r - (c - (c & 1)) // 2) or (r - (c + (c & 1)) // 2)
  cube_x[h], cube_z[h] = c, z
  return c, z
end

local function idle_reserve(side)
  local r = (bitwa.scenario().data or {}).reserve
  if not r or r.side ~= side or bitwa.var("reserve.moved") then return nil end
  local mine = {}
  local x0, x1, z0, z1
  for _, u in ipairs(bitwa.units { side = side }) do
    local h = u.hex
    if h and (u.name == r.leader or u.leader == r.leader) then
      local x, z = cube(h)
      mine[#mine + 1] = x
      mine[#mine + 1] = z
      if not x0 then x0, x1, z0, z1 = x, x, z, z end
      if x < x0 then x0 = x elseif x > x1 then x1 = x end
      if z < z0 then z0 = z elseif z > z1 then z1 = z end
    end
  end
  if #mine == 0 then return r.leader end
  -- (an enemy more than 4 columns or cube rows beyond the reserve's box is
  -- more than 4 hexes from every unit of it)
  x0, x1, z0, z1 = x0 - 4, x1 + 4, z0 - 4, z1 + 4
  for _, e in ipairs(rules.units.field_units(rules.units.enemy(side))) do
    local ex, ez = cube(e.hex)
    for i = 1, (ex >= x0 and ex <= x1 and ez >= z0 and ez <= z1) and #mine or 0, 2 do
      local dx, dz = mine[i] - ex, mine[i + 1] - ez
      local dy = dx + dz
      if dx < 0 then dx = -dx end
      if dz < 0 then dz = -dz end
      if dy < 0 then dy = -dy end
      if dx + dz + dy <= 8 then return nil end          -- 4 hexes or less
    end
  end
  return r.leader
end

-- In the opening turns (data.opening) a side whose free field units are
-- fewer in SP than the enemy's does not commit them piecemeal: they hold
-- their ground (turning and fighting what comes) until the rest of the
-- army may move.
function outnumbered_opening(side)
  local o = (bitwa.scenario().data or {}).opening
  if not o or bitwa.turn() > (o.turns or 0) then return false end
  local function free_sp(s)
    local n = 0
    for _, u in ipairs(rules.units.field_units(s)) do
      if not rules.phases.held(u) then n = n + u.sp end
    end
    return n
  end
  return free_sp(side) < free_sp(rules.units.enemy(side))
end

-- The lines the English bot must not propose: moves and turns of the
-- reserve while it waits, and moves into ruin.  (Units the opening turns
-- hold back are refused by the rules' own check, movement.may_move.)
local reserves = cache("position")   -- side -> idle_reserve(side) or false, for the position it reads
function M.barred(side, u, kind, ctx)
  if ctx.reserve == nil then
    local m = reserves()
    local r = m[side]
    if r == nil then r = idle_reserve(side) or false; m[side] = r end
    ctx.reserve = r
  end
  local reserve = ctx.reserve
  if reserve and (u.name == reserve or u.leader == reserve) then return true end
  -- leaders move in the infantry movement phase only: no countercharge
  -- meets them there (a countercharge against a moving leader is fought
  -- against him alone, 5.7.3, 8.2.9), and the cavalry's combats have
  -- shown where its troops stand (8.1.2: a leader moves in both phases)
  if rules.units.is_leader(u) and rules.phases.arm() == "cavalry" and (kind == "move" or kind == "turn") then
    return true
  end
  -- [8.2.8] [8.2.9] a leader's last unit does not ride off his hex: a
  -- leader moves in the infantry phase only, and alone until then he dies
  -- when an enemy enters or attacks his hex (turning is left to it)
  if kind == "move" and rules.units.is_field(u) and guards_leader(u) then return true end
  -- a leader alone is this bot's own (M.leader_rescue): the Grunwald
  -- bot's walk toward his troops would take him through the enemy's reach
  if rules.units.is_leader(u) and (kind == "move" or kind == "turn") and rules.leaders.alone(u) then
    return true
  end
  if ctx.hold == nil then ctx.hold = outnumbered_opening(side) end
  if ctx.hold and kind == "move" and rules.units.is_field(u) then return true end
  return kind == "move" and ruinous(u)
end

-- The first of the lines that the rules accept now.
local function accepted(side, tried, u, lines)
  for _, c in ipairs(lines) do
    local l = c[1]
    if not tried[l] then
      local ok
      if c[2] == "move" then ok = rules.movement.check_move(side, u)
      else ok = rules.movement.check_turn(side, u, c[3]) end
      if ok then return l end
    end
  end
  return nil
end

-- [5.6.12] The moves u owes, planned on a copy of it (movement.planned)
-- while the duty lasts and no move would ruin it: one path order to where
-- they end when they are two or more, else nil.
local function forced_line(side, u, tried)
  local M_ = rules.movement
  local s, n = M_.planned(u), 0
  for _ = 1, 16 do
    local judge = n == 0 and u or s
    if not U_is_charging(s) or ruinous(s) then break end
    local plan = M_.check_move(side, judge)
    if not plan or plan.whole or plan.leave or plan.ride then break end
    local ends = M_.path_ends(s, plan.from, plan.to)
    s, n = M_.planned_move(s, plan), n + 1
    if s.stopped or ends then break end
  end
  if n < 2 then return nil end
  local l = "move " .. u.name .. " " .. s.hex.label .. " " .. bitwa.hex.facing_name(s.facing)
  if tried[l] then return nil end
  return l
end

-- The line a unit owing its 5.6.12 move gives: its forced moves, else one
-- move, else a turn (which ends the duty) rather than a move into ruin.
local function owed_line(side, u, tried)
  -- the moves it owes would end in ruin further on: a turn now, while it
  -- has the MP for one (a charging unit's turn costs more, 4.3.4)
  if not M.plan_ends(side, u, rules.movement.planned(u)) then
    local turns = {}
    for _, f in ipairs { (u.facing + 1) % 6, (u.facing + 5) % 6 } do
      turns[#turns + 1] = { "turn " .. u.name .. " " .. bitwa.hex.facing_name(f), "turn", f }
    end
    local l = accepted(side, tried, u, turns)
    if l then return l end
  end
  local fl = forced_line(side, u, tried)
  if fl then return fl end
  local lines = {}
  if not ruinous(u) then lines[1] = { "move " .. u.name, "move" } end
  for _, f in ipairs { (u.facing + 1) % 6, (u.facing + 5) % 6 } do
    lines[#lines + 1] = { "turn " .. u.name .. " " .. bitwa.hex.facing_name(f), "turn", f }
  end
  lines[#lines + 1] = { "move " .. u.name, "move" }
  return accepted(side, tried, u, lines)
end

-- The line of the first unit of side, in the list's order, that owes its
-- 5.6.12 move (rules.movement.owing) and has one (owed_line), or nil;
-- the rules asked only of those that may still move: charging cavalry
-- (CF above 0, not stopped) that has not moved or turned, or is the unit
-- that acted last (4.1.2: a unit that has moved is done once another
-- unit has acted, and the rules refuse it).  The units after the first
-- with a line are not asked whether they owe.
function first_owed_line(side, mover, prev_free, tried)
  local owes = rules.movement.owes
  for _, u in ipairs(rules.units.field_units(side)) do
    if (u.cf or 0) > 0 and not u.stopped and (u.id == mover or not (u.moved or u.turned_here or u.whole_mp))
       and owes(u, prev_free, mover) then
      local l = owed_line(side, u, tried)
      if l then return l end
    end
  end
  return nil
end

-- ------------------------------------------------------------ leaders
-- The enemy field units on the map, and the distance from h to the
-- nearest of a list (nil when the list is empty).
local function enemy_field(side)
  return rules.units.field_units(rules.units.enemy(side))
end

local function nearest_distance(h, list)
  local d, at
  for _, e in ipairs(list) do
    local x = bitwa.hex.distance(h, e.hex)
    if not d or x < d then d, at = x, e.hex end
  end
  return d, at
end

-- A list of units to measure from by columns, for one call: their places
-- { x, z, hex } in the list's order, by cube column (the Grunwald bot's
-- columns).
local function by_columns(list)
  local places = {}
  for i, e in ipairs(list) do
    local h = e.hex
    local x, z = cube(h)
    places[i] = { x, z, h }
  end
  local m = M.columns(places)
  m.places = places
  return m
end

-- nearest_distance(h, list) for by_columns(list): the same distance and
-- hex (the first in the list among the nearest; the Grunwald bot's
-- nearest_by_columns).
local function nearest_by_columns(h, m)
  local hex, d = M.nearest_by_columns(h, m.places, m)
  return d, hex
end

-- A list of units to measure from, for one call: their hexes' cube
-- coordinates read once, and each hex's distance to the nearest of them
-- kept once asked (nearest_distance's answer, in plain arithmetic).
-- (By cube column, cols[x] = the z of each unit in column x: a unit o
-- columns away from a hex is o hexes or more from it, so the columns are
-- looked at outward from the hex's until they are farther than the
-- nearest found.)
local function measured(list)
  local cols, lo, hi = {}, nil, nil
  for _, e in ipairs(list) do
    local x, z = cube(e.hex)
    local c = cols[x]
    if not c then c = {}; cols[x] = c end
    c[#c + 1] = z
    if not lo or x < lo then lo = x end
    if not hi or x > hi then hi = x end
  end
  return { cols = cols, lo = lo, hi = hi, near = {} }
end

local function nearest_in(h, m)
  local d = m.near[h]
  if d ~= nil then return d or nil end
  local lo, hi = m.lo, m.hi
  if lo then
    local hx, hz = cube(h)
    local cols = m.cols
    local o = 0
    while not (d and o > d) and (hx - o >= lo or hx + o <= hi) do
      for k = 1, o == 0 and 1 or 2 do
        local dx = k == 1 and o or -o
        local c = cols[hx + dx]
        if c then
          for j = 1, #c do
            local dz = c[j] - hz
            local dy = dx + dz
            local adx, adz = dx, dz
            if adx < 0 then adx = -adx end
            if adz < 0 then adz = -adz end
            if dy < 0 then dy = -dy end
            local x = (adx + adz + dy) // 2
            if not d or x < d then d = x end
          end
        end
      end
      o = o + 1
    end
  end
  m.near[h] = d or false
  return d
end

-- A lone leader is killed by an enemy that enters his hex [8.2.8] or
-- attacks him [8.2.9]: enemy cavalry this near (its MP and one hex) can
-- do it in its next phase.
local THREAT = 9

-- Whether a path (reach steps) keeps 3 hexes or more from every enemy
-- cavalry unit: a countercharge is fought against the moving leader
-- alone (5.7.3) and kills him (8.2.9).
local function path_safe(path, cavalry)
  for i = 1, #path do
    local d = nearest_in(path[i].hex, cavalry)
    if d and d <= 2 then return false end
  end
  return true
end

-- The SP of side's field units on hex h.
local function stack_sp(side, h)
  local n = 0
  for _, f in ipairs(rules.units.field_units_at(h, side)) do n = n + f.sp end
  return n
end

-- Whether a stack of `sp` SP standing `de` hexes from the nearest enemy
-- field unit is likely to go and leave its leader alone (8.2.6, 8.2.8,
-- 8.2.9): in the first line (2 hexes or less: a combat, its retreat or
-- an enemy charge takes it off the hex), or one unit of 1 SP within the
-- enemy cavalry's reach (one loss eliminates it).
local function shaky(sp, de)
  return de <= 2 or (sp <= 1 and de <= THREAT)
end
M.shaky = shaky

-- The line that takes leader l, alone on his hex or on a stack likely to
-- go (shaky), onto the hex of one of his side's field units out of
-- contact with the enemy (a unit in contact fights, and a leader whose
-- units die or retreat retreats on his own, 8.2.6): his own troops (any,
-- for a grand leader) before others, a hex without another leader before
-- one with (one combat would strip both), 3 hexes or more from the enemy
-- before nearer, more SP before fewer, the shortest way; never a way the
-- enemy cavalry can countercharge unless he is in its reach where he
-- stands.  A leader on a shaky stack goes only onto a stack that is not
-- shaky.  The rules' reach is asked for the three best hexes by that
-- order (the way's length and safety known only then), nearest first.
-- With no such hex, a leader alone with the enemy cavalry in reach goes
-- to the hex farthest from it (a hex in contact with his units only when
-- he can get no farther).  false: he waits where he is; nil: no line.
function M.leader_rescue(side, l, tried, safe_only)
  if not l.hex then return nil end
  local alone = rules.leaders.alone(l)
  local efield = enemy_field(side)
  local enemies = measured(efield)
  local de_here
  if not alone then
    if safe_only then return nil end
    de_here = nearest_in(l.hex, enemies) or 99
    if not shaky(stack_sp(side, l.hex), de_here) then return nil end
  end
  local cavalry = {}
  for _, e in ipairs(efield) do
    if rules.units.is_cavalry(e) then cavalry[#cavalry + 1] = e end
  end
  cavalry = measured(cavalry)
  local here = nearest_in(l.hex, cavalry) or 99
  local threatened = here <= THREAT
  local sp, own, leaders, hexes = {}, {}, {}, {}
  local grand = rules.leaders.is_grand(l)
  for _, f in ipairs(rules.units.field_units(side)) do
    if not rules.units.is_panicked(f) then
      local lab = f.hex.label
      if not sp[lab] then sp[lab] = 0; hexes[#hexes + 1] = f.hex end
      sp[lab] = sp[lab] + f.sp
      if grand or f.leader == l.name then own[lab] = true end
    end
  end
  for _, o in ipairs(rules.leaders.on_map(side)) do
    if o.id ~= l.id then leaders[o.hex.label] = true end
  end
  -- the hexes of his side's units within his MP (a hex of clear terrain
  -- costs 1 MP, 6 sixths), each with its key but for the way: the rules'
  -- reach is asked of the best three only (a search of the whole field
  -- per leader was most of the bot's time)
  local far = (l.mp_left or 0) // 6
  local cands = {}
  for i, h in ipairs(hexes) do
    local lab = h.label
    local dist = bitwa.hex.distance(l.hex, h)
    if dist > 0 and dist <= far and not (leaders[lab] and sp[lab] < 4) then
      local de = nearest_in(h, enemies) or 99
      local key
      if not alone then
        -- from a shaky stack onto one that is not, or at least farther
        -- from the enemy with 2 SP or more
        if not shaky(sp[lab], de) or (de > de_here and sp[lab] >= 2) then
          key = (own[lab] and 0 or 400) + (leaders[lab] and 300 or 0) - 10 * math.min(sp[lab], 4) - 20 * math.min(de, 5)
        end
      elseif de > 1 then
        -- (a hex whose one unit already keeps another leader is none: one
        -- combat or countercharge would leave both alone)
        key = (own[lab] and 0 or 400) + (leaders[lab] and 300 or 0) + ((de < 3) and 100 or 0)
              + (shaky(sp[lab], de) and 50 or 0) - 10 * math.min(sp[lab], 4)
      end
      if key then cands[#cands + 1] = { h = h, key = key + 2 * dist, i = i } end
    end
  end
  table.sort(cands, function(a, b) return a.key < b.key or (a.key == b.key and a.i < b.i) end)
  local best, bk, unsafe
  local tries = 0
  for _, c in ipairs(cands) do
    if tries >= 3 or (bk and c.key >= bk) then break end
    tries = tries + 1
    -- (a way onto a hex within 2 of the enemy cavalry is not safe, its
    -- last step being that hex: asked for safe ways only, the search
    -- could give no line)
    local dests = not (safe_only and (nearest_in(c.h, cavalry) or 99) <= 2) and rules.movement.reach(side, l, c.h)
    local d = dests and dests[#dests]
    if d and d.hex.label == c.h.label and #d.path > 0 then
      local safe = path_safe(d.path, cavalry)
      if safe_only and not safe then
        unsafe = true
      elseif alone and not safe and not threatened then
        unsafe = true
      else
        -- the way's true length, and a way the enemy cavalry can reach
        -- after all others
        local key = c.key - 2 * bitwa.hex.distance(l.hex, c.h) + 2 * #d.path + (safe and 0 or (alone and 2000 or 1000))
        if not bk or key < bk then best, bk = d, key end
      end
    end
  end
  if not alone or safe_only then
    if not best then return nil end
  else
    if not best and unsafe then return false end
    if not best and threatened then
      -- no field unit of his side out of contact to reach: as far from the
      -- enemy cavalry as he can, by a way it cannot countercharge if any
      -- (his units in contact are better than alone when he can get no
      -- farther)
      local dests = rules.movement.reach(side, l)
      if not dests then return nil end
      local contact, cfar
      local farthest, fsafe = here, false
      for _, d in ipairs(dests) do
        if #d.path > 0 then
          local lab = d.hex.label
          local dc = nearest_in(d.hex, cavalry) or 99
          if not sp[lab] then
            local safe = path_safe(d.path, cavalry)
            if (safe and not fsafe and dc > here) or (safe == fsafe and dc > farthest) then
              best, farthest, fsafe = d, dc, safe
            end
          elseif (nearest_in(d.hex, enemies) or 99) <= 1 and (not cfar or dc > cfar) then
            contact, cfar = d, dc
          end
        end
      end
      if not best or (contact and farthest <= 2) then best = contact end
    end
  end
  if not best then return nil end
  local line = "move " .. l.name .. " " .. best.hex.label .. " " .. bitwa.hex.facing_name(best.facing)
  if tried[line] then return nil end
  return line
end

-- The first leader of side alone on his hex, or on a stack likely to go,
-- with a line to safety now (safe_only: a leader alone onto a hex of his
-- side's units, by a way no enemy cavalry can countercharge).
local function rescue_line(side, tried, safe_only)
  for _, l in ipairs(rules.leaders.on_map(side)) do
    if rules.phases.moves_now(l) and not l.stopped and l.mp_left > 0 then
      local line = M.leader_rescue(side, l, tried, safe_only)
      if line then return line end
    end
  end
  return nil
end

-- Whether a reach path enters, off a road, terrain that scatters the unit
-- [4.2.5] [4.2.6].
local function rough_path(u, path)
  local S = rules.tables.scatter
  local arm = rules.units.is_cavalry(u) and "cavalry" or "infantry"
  local from = u.hex
  for _, st in ipairs(path) do
    if st.hex.label ~= from.label then
      if S.scattering[arm][rules.fortifications.terrain(st.hex)] and not rules.movement.along_road(from, st.hex) then
        return true
      end
      from = st.hex
    end
  end
  return false
end

-- [8.2.8] A unit of ours that can reach the hex of a lone enemy leader in
-- this phase rides into it (the nearest first), by a way that scatters
-- nobody.
function M.hunt_line(side, tried)
  local targets = {}
  for _, l in ipairs(rules.leaders.on_map(rules.units.enemy(side))) do
    if rules.leaders.alone(l) then targets[#targets + 1] = l end
  end
  if #targets == 0 then return nil end
  -- the units that might reach a target, nearest first (ties: the list's
  -- order); the rules' reach is asked for the 3 nearest of each
  for _, l in ipairs(targets) do
    local cands = {}
    for i, u in ipairs(rules.units.field_units(side)) do
      local d = bitwa.hex.distance(u.hex, l.hex)
      if d * 6 <= u.mp_left and rules.phases.moves_now(u) and not u.stopped and not rules.units.is_panicked(u)
         and not guards_leader(u) then
        cands[#cands + 1] = { u = u, d = d, i = i }
      end
    end
    table.sort(cands, function(a, b) return a.d < b.d or (a.d == b.d and a.i < b.i) end)
    for k = 1, math.min(3, #cands) do
      local u = cands[k].u
      local dests = rules.movement.reach(side, u, l.hex)
      local last = dests and dests[#dests]
      if last and last.hex.label == l.hex.label and #last.path > 0 and not rough_path(u, last.path) then
        local line = "move " .. u.name .. " " .. l.hex.label .. " " .. bitwa.hex.facing_name(last.facing)
        if not tried[line] then return line end
      end
    end
  end
  return nil
end

-- ------------------------------------------------------------ disengaging
-- The lowest column the bot attacks at by choice (1:1, the Medieval
-- bot's FAIR_COLUMN: the 4th of the COMBAT TABLE's columns).
local FAIR = 4

-- [5.2.2] [5.2.3] Whether u, with enemies in its ZoC (its front area,
-- 3.2.1), would have to attack them below 1:1 in the coming attack
-- phase: the rules' evaluation of the combat with every unit of its side
-- and arm that has one of them in its ZoC too.  Returns the enemies in
-- its ZoC when it would, else nil.
function M.hopeless_contact(side, u)
  local z = rules.zoc.enemies_in_zoc(u)
  if #z == 0 then return nil end
  local cav = rules.units.is_cavalry(u)
  local group, seen = {}, {}
  for _, e in ipairs(z) do
    for _, v in ipairs(bitwa.units { side = side, near = e.hex, within = 1 }) do
      if not seen[v.id] and v.hex and rules.units.is_field(v) and rules.units.is_cavalry(v) == cav
         and not rules.units.is_panicked(v) and bitwa.hex.in_front(v.hex, v.facing, e.hex) then
        seen[v.id] = true
        group[#group + 1] = v
      end
    end
  end
  local ok, r = pcall(rules.combat.evaluate, { attackers = group, defenders = z })
  if ok and r.final >= FAIR then return nil end
  return z
end

-- A unit whose mandatory attack would be hopeless (M.hopeless_contact)
-- rides out of contact before the attack phase comes (a horse archer
-- fights with its bow, 10.5, not at 1:4 against armoured knights): onto
-- the nearest hex 2 or 3 hexes from every enemy field unit it can reach
-- this phase (the rules' reach: ZoC, terrain, stacking), by a way that
-- scatters it nowhere, where the moves it then owes (5.6.12) end nowhere
-- rough and no obligatory pursuit awaits it, facing the nearest enemy;
-- farther only when nothing nearer will do.  A countercharge may meet it
-- on the way (5.7): riding off is still better than the attack (keeping
-- such units in contact where a countercharge could meet them on every
-- way out gave the Mongols fewer wins: NOTES.md, *Bot games*).  Not the
-- last unit on a leader's hex (he would be alone, 8.2.8), nor a unit
-- the bot holds back (M.barred: the opening turns, the reserve).  nil:
-- none to move.
-- (Only a unit next to an enemy field unit can have one in its ZoC,
-- which is its front area [3.2.1]: the others are not asked, their
-- answer is nil, and the questions before hopeless_contact's change
-- nothing.)
function M.disengage_line(side, tried)
  local ctx = {}
  local enemies, next_to
  for _, u in ipairs(rules.units.field_units(side)) do
    local h = u.hex
    if h then
      if not next_to then
        -- the hexes on or next to an enemy field unit, as cube keys
        next_to = {}
        for _, e in ipairs(enemy_field(side)) do
          local x, z = cube(e.hex)
          local k = x * 4096 + z
          next_to[k], next_to[k + 1], next_to[k - 1] = true, true, true
          next_to[k + 4096], next_to[k - 4096], next_to[k + 4095], next_to[k - 4095] = true, true, true, true
        end
      end
      local x, z = cube(h)
      if not next_to[x * 4096 + z] or u.stopped or not (u.mp_left > 0) or u.moved or u.turned_here or u.whole_mp then
        h = nil
      end
    end
    if h and rules.phases.moves_now(u) and not rules.units.is_panicked(u)
       and not guards_leader(u) and not M.barred(side, u, "move", ctx) and M.hopeless_contact(side, u) then
      enemies = enemies or by_columns(enemy_field(side))
      local cands = {}
      for i, d in ipairs(rules.movement.reach(side, u) or {}) do
        if #d.path > 0 then
          local de, eh = nearest_by_columns(d.hex, enemies)
          de = de or 99
          if de >= 2 then
            local key = (de <= 3 and 0 or 100 + de) + d.cost // 6
            -- facing the nearest enemy, its frontal hex nearer him (a
            -- turn at the end also stops a charge, 5.6.12)
            local ahead = eh and bitwa.hex.neighbour(d.hex, d.facing, true)
            if eh and not (ahead and bitwa.hex.distance(ahead, eh) < de) then key = key + 10 end
            cands[#cands + 1] = { d = d, key = key, i = i }
          end
        end
      end
      table.sort(cands, function(a, b) return a.key < b.key or (a.key == b.key and a.i < b.i) end)
      for _, c in ipairs(cands) do
        local d = c.d
        if not rough_path(u, d.path) then
          local s = rules.movement.planned(u)
          s.hex, s.facing = d.hex, d.facing
          if M.plan_ends(side, u, s) then
            local line = "move " .. u.name .. " " .. d.hex.label .. " " .. bitwa.hex.facing_name(d.facing)
            if not tried[line] then return line end
            break
          end
        end
      end
    end
  end
  return nil
end

-- In a cavalry movement phase the Medieval bot's leaders' lines, asked
-- after every field unit has none, are all replaced by the same line as
-- no line at all (M.propose: a leader alone onto his troops when no
-- countercharge meets him, else the end of the phase): they are not
-- asked.  A leader who moved last is still asked first, before the field
-- units (his line, when he has one, comes before theirs).
function M.leaders_after(side, tried)
  return rules.phases.arm() == "cavalry" and not tried["end"]
end

function M.propose(side, tried)
  if bitwa.phase():match("_move$") then
    -- the unit that moved last first: while it owes its move no other
    -- unit may act (5.6.12), so no other owing unit has a line
    local mover = bitwa.var("movement.mover")
    local cur = mover and bitwa.unit(mover)
    if cur and cur.side == side and rules.movement.must_continue(cur) then
      -- (no other unit may act before it: the rules refuse them all)
      local l = owed_line(side, cur, tried)
      if l then return l end
    else
      -- the unit that acted last owes no move (asked above for one of
      -- this side; asked here for another side's)
      local prev_free = not (cur and cur.hex) or cur.side == side or not rules.movement.must_continue(cur)
      local l = first_owed_line(side, mover, prev_free, tried)
      if l then return l end
    end
    local h = M.hunt_line(side, tried)
    if h then return h end
    local dl = M.disengage_line(side, tried)
    if dl then return dl end
  end
  local l = base_propose(side, tried)
  if l and rules.phases.arm() == "cavalry" and bitwa.phase():match("_move$") then
    -- leaders wait for the infantry movement phase (M.barred); the
    -- English bot moves them after every field unit is done
    local w = l:match("^move (%S+)") or l:match("^turn (%S+)")
    local u = w and bitwa.unit(w)
    if (l == "end" or (u and rules.units.is_leader(u))) and not tried["end"] then
      -- except a leader alone, who goes onto his side's units at once when
      -- no countercharge can meet him on the way (5.7.3, 8.2.9)
      local r = rescue_line(side, tried, true)
      if r then return r end
      return "end"
    end
  end
  if l and rules.phases.arm() == "infantry" and bitwa.phase():match("_move$") then
    -- leaders last: a leader alone, or on a stack likely to go, goes
    -- onto a stack of his side out of the first line
    local w = l:match("^move (%S+)") or l:match("^turn (%S+)")
    local u = w and bitwa.unit(w)
    if u and rules.units.is_leader(u) then
      local r = M.leader_rescue(side, u, tried)
      if r then return r end
    elseif l == "end" then
      local r = rescue_line(side, tried)
      if r then return r end
    end
  end
  return l
end

-- Whether u is the last field unit of its side on a hex with a leader of
-- its side: a countercharge takes it off the hex and leaves him alone
-- there (8.2.8).
function guards_leader(u)
  if not u or not u.hex or #rules.units.leaders_at(u.hex, u.side) == 0 then return false end
  for _, f in ipairs(rules.units.field_units_at(u.hex, u.side)) do
    if f.id ~= u.id and not rules.units.is_panicked(f) then return false end
  end
  return true
end

-- Whether a countercharge option ("countercharge CC MOVER [FACING]", or
-- "CC [FACING]" joining one, 5.7.5) takes its unit into terrain that
-- scatters it [4.2.5]: the hex its plan enters, or the obligatory
-- pursuit that follows its victory (M.pursuit_trap).
local function ruinous_countercharge(o, mover_name)
  local ccn, mn, f
  if mover_name then
    ccn, f = o:match("^(%S+)%s*(%S*)$")
    mn = mover_name
  else
    ccn, mn, f = o:match("^countercharge (%S+) (%S+)%s*(%S*)$")
  end
  local cc, mover = ccn and bitwa.unit(ccn), mn and bitwa.unit(mn)
  if not (cc and mover and cc.hex and mover.hex) then return false end
  for _, p in ipairs(rules.countercharge.plans(cc, mover)) do
    if (f == "" and not p.turned) or (f ~= "" and p.turned and bitwa.hex.facing_name(p.facing) == f) then
      -- the CF it enters with: its own, or the turn's (5.6.3)
      local s = rules.movement.planned(cc)
      if p.turned and rules.charge.turn_loses_cf(cc, 1, "countercharge") then s.cf = rules.tables.charge.min end
      if M.spoils(s, cc.hex, p.to) then return true end
      -- [5.5] won, it would have to pursue the mover into such terrain
      s.hex = p.to
      if p.cf then s.cf = p.cf end
      return M.pursuit_trap(cc.side, s)
    end
  end
  return false
end

function M.answer(req)
  if req.kind == "reaction" or req.kind == "countercharge_join" then
    local mover = req.kind == "countercharge_join" and (req.prompt or ""):match("countercharge on (%S+) %(") or nil
    local keep, changed = {}, false
    for _, o in ipairs(req.options) do
      local cc = req.kind == "reaction" and o:match("^countercharge ") or (req.kind == "countercharge_join" and o ~= "no")
      local name = cc and (req.kind == "reaction" and o:match("^countercharge (%S+)") or o:match("^(%S+)"))
      if cc and (ruinous_countercharge(o, mover) or guards_leader(bitwa.unit(name))) then changed = true
      else keep[#keep + 1] = o end
    end
    if changed then
      if req.kind == "countercharge_join" then return "no" end
      if #keep == 0 then return "pass" end
      return base_answer { side = req.side, kind = req.kind, prompt = req.prompt, options = keep,
                           min = req.min, max = req.max }
    end
    if req.kind == "countercharge_join" then
      for _, o in ipairs(req.options) do if o ~= "no" then return o end end
      return "no"
    end
  end
  if req.kind == "regroup" then
    local enemies = rules.units.field_units(rules.units.enemy(req.side))
    local best, bd = req.options[1], nil
    for _, o in ipairs(req.options) do
      local h = bitwa.hex.parse(o)
      local d
      for _, e in ipairs(enemies) do
        local x = bitwa.hex.distance(h, e.hex)
        if not d or x < d then d = x end
      end
      -- close to the enemy, but not next to it
      if d and d >= 2 and (not bd or d < bd) then best, bd = o, d end
    end
    return best
  end
  if req.kind == "fatigue" then return "lower" end
  if req.kind == "retreat" and (req.prompt or ""):match(" on his own ") then
    -- [8.2.6] a leader retreating alone: onto a hex of his side's field
    -- units when one is offered (the most SP), else away from the enemy
    local enemies = enemy_field(req.side)
    local best, bk
    for _, o in ipairs(req.options) do
      local h = bitwa.hex.parse(o)
      local sp = 0
      for _, f in ipairs(rules.units.field_units_at(h, req.side)) do sp = sp + f.sp end
      local key = (sp > 0 and 1000 or 0) + 10 * sp + (nearest_distance(h, enemies) or 99)
      if not bk or key > bk then best, bk = o, key end
    end
    return best
  end
  return base_answer(req)
end

return M
