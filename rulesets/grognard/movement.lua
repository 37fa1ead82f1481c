-- Movement, Terrain, Facing and Formation, charges and zones of control,
-- in the move phases (move.first, move.last).  A counter is one hex-sized
-- body (NOTES.md, "Scale"): it moves hex by hex into its frontal hex
-- ("move UNIT"), turns in place ("turn UNIT FACING": a wheel of a one-hex
-- body is a facing change), changes formation ("form UNIT FORMATION") and
-- charges ("charge UNIT TARGET").  Every step is paid in MP (half-inches,
-- scale.lua) out of the turn's move; `spent` counts them (the missile and
-- melee rules read it: rate of fire, melee joining).  "move UNIT HEX
-- [FACING]" is a path order (movement.reach, lua/engine/paths.lua).
--
-- Per-turn state (reset at the turn's end, M.turn_end): spent (by
-- sequence.turn_start), off_road, stopped, move_roll, charged, forming.
-- Fatigue (M.turn_end) keeps a history of the turns' activity.
local M = {}
local function T() return rules.tables end
local function S() return rules.scale end
local function U() return rules.units end

local function no(rule, message) return nil, rule, message end

---------------------------------------------------------------- allowances

-- the inches of a unit's normal move (Movement table)
function M.move_inches(u) return U().movement_row(u).move end

-- Movement: the MP of the turn's move, less a formation change carried
-- over from the last turn (Facing and Formation)
function M.base_mp(u)
  return math.max(0, S().mp(M.move_inches(u)) - u.form_busy)
end

-- Movement (road bonus): the extra MP of a unit whose whole move follows a
-- road; in column (NOTES.md: formation effects)
function M.road_bonus_mp(u)
  local b = U().movement_row(u).road
  if not b or u.formation ~= "column" then return 0 end
  return S().mp(b)
end

-- the MP u has left for a step that follows the road (along) or not
function M.left(u, along)
  local a = M.base_mp(u)
  if along and not u.off_road then a = a + M.road_bonus_mp(u) end
  return a - u.spent
end

---------------------------------------------------------------- terrain

local SLOW_DEFAULT = { slow = true }

-- Terrain: the row of hex h's terrain (mud, which weather makes, is slow:
-- Weather "3 turns of heavy rain causes mud", NOTES.md), or nil for clear
function M.terrain_row(h)
  local name = bitwa.map.terrain(h)
  if name == "mud" then return T().terrain.mud or SLOW_DEFAULT end
  return T().terrain[name]
end

local function edge(from, to)
  local d = bitwa.hex.direction(from, to)
  if not d then return {} end
  return bitwa.map.edge(from, d)
end
M.edge = edge

-- Terrain: the MP to enter `to` from `from` (adjacent), and the rule that
-- made it so.  A clear hex is one hex's MP; ditch, hill, rampart, marsh,
-- wooded and mud slow movement 50% (cost double) except downhill (to a
-- lower hex), and a rise in elevation is a hill (NOTES.md); a fatigued
-- unit pays an uphill step twice again (Fatigue: penalty).  Following a
-- road a step costs one clear hex whatever the terrain (NOTES.md); a stream
-- adds 6" (Terrain: stream).
function M.step_cost(u, from, to)
  local hex = S().hex_mp()
  local e = edge(from, to)
  local up = bitwa.map.elevation(to) > bitwa.map.elevation(from)
  local down = bitwa.map.elevation(to) < bitwa.map.elevation(from)
  local cost = hex
  if not e.road then
    local row = M.terrain_row(to)
    if ((row and row.slow) or up) and not down then cost = hex * 2 end
  end
  if up and u.fatigued then cost = cost * T().fatigue_uphill_moves end
  if e.stream then cost = cost + S().mp(T().terrain.stream.cross_inches) end
  return cost
end

-- whether `to` is in the zone of control of an enemy of `side`: the book's
-- ZOC is 1" around each figure, so on hexes the six hexes around an enemy
-- counter (NOTES.md)
function M.enemy_zoc(h, side)
  for _, n in ipairs(bitwa.hex.neighbours(h)) do
    for _, o in ipairs(bitwa.units_at(n)) do
      if o.side ~= side then return true end
    end
  end
  return false
end

-- whether u has an enemy next to it
function M.in_contact(u) return u.hex ~= nil and M.enemy_zoc(u.hex, u.side) end

---------------------------------------------------------------- who may move

-- Heavy equipment, catapults and guns (Terrain: marsh)
local function heavy_equipment(u)
  return rules.artillery.is_machine(u)
end

-- What every movement action needs: nil, or the refusal's rule, message.
local function why_not_mover(side, u)
  if u.side ~= side then return "Movement", u.name .. " is not " .. side .. "'s" end
  if u.hex == nil then return "Movement", u.name .. " is not on the map" end
  if u.retreat_turn > 0 then return "Retreat and Panic", u.name .. " is regrouping and must remain unmoved" end
  local mr, mm = rules.historical.will_not_attack(u)
  if mr then return mr, u.name .. " will not move: " .. mm end
  if u.move_roll == "no" then return "Historical Options: Peasants", u.name .. " refused to move this turn" end
  return nil
end
M.why_not_mover = why_not_mover

-- Historical Options: Peasants "To move, roll 2d6 >= 7": the first time
-- peasants would move, turn or change formation in a turn.  Returns false
-- when they refuse (the turn's roll is kept).
local function peasants_move(u)
  if u.kind ~= "peasants" or u.move_roll ~= "" then return true end
  local need = T().peasants_move
  local r = bitwa.roll(2, 6, "Historical Options: Peasants, " .. u.name .. " to move (" .. need .. "+)",
    function(t) return t >= need end, u.side)
  if r >= need then u.move_roll = "yes"; return true end
  u.move_roll = "no"
  bitwa.note("Historical Options: Peasants: " .. u.name .. " refuse to move this turn")
  return false
end

---------------------------------------------------------------- move

-- the unit other than u on h (one body per hex), or nil
local function occupant(h, u)
  for _, o in ipairs(bitwa.units_at(h)) do
    if o.name ~= u.name then return o end
  end
  return nil
end

-- Whether "move u" is accepted now: a plan { from, to, cost, along, river,
-- stop } or nil, rule, message.  Pure (reach plans on copies).
function M.check_move(side, u)
  local rule, msg = why_not_mover(side, u)
  if rule then return no(rule, msg) end
  if u.stopped then return no(u.stopped_by ~= "" and u.stopped_by or "Movement", u.name .. " has stopped for this turn") end
  -- Melees: disengaging from a melee: normal troops stay in the melee
  if u.engaged and M.in_contact(u) then
    return no("Melees: disengaging from a melee", u.name .. " is engaged in a melee and must fight on")
  end
  if bitwa.option("zoc") == "locking" and M.in_contact(u) then
    return no("Melees: Zone of Control (ZOC), locking", u.name .. " may not leave an enemy zone of control without melee")
  end
  if u.formation == "square" then return no("Facing and Formation", u.name .. " is in square") end
  local from = u.hex
  local to = bitwa.hex.neighbour(from, u.facing, true)
  if not bitwa.hex.on_map(to) then
    return no("Movement", u.name .. " may not leave the table (only a retreat or a panic does)")
  end
  local there = occupant(to, u)
  if there then
    return no("Movement: one body per hex", to.label .. " holds " .. there.name)
  end
  local row = M.terrain_row(to)
  if row and row.no_formed and U().type(u) ~= "LI" then
    return no("Terrain: wooded", u.name .. " is a formed body: only light infantry and peasants move in woods")
  end
  if row and row.no_heavy and heavy_equipment(u) then
    return no("Terrain: marsh", u.name .. " may not enter a marsh")
  end
  local e = edge(from, to)
  local plan = { from = from, to = to, along = e.road == true }
  if e.river then
    -- Terrain: river "halt before and after crossing and cost an entire move"
    if u.spent > 0 then
      return no("Terrain: river", u.name .. " must halt before crossing the river: it has moved this turn")
    end
    plan.river = true
    plan.cost = M.base_mp(u)
    plan.stop = "Terrain: river"
    return plan
  end
  plan.cost = M.step_cost(u, from, to)
  local zoc = bitwa.option("zoc")
  if zoc ~= "none" and M.enemy_zoc(to, u.side) then
    if zoc == "elastic" then
      plan.cost = plan.cost + S().hex_mp()                 -- Melees: Zone of Control (ZOC), elastic
    else
      plan.stop = "Melees: Zone of Control (ZOC), " .. zoc
    end
  end
  local left = M.left(u, plan.along)
  if plan.cost > left then
    return no("Movement", u.name .. " has " .. math.max(left, 0) .. " MP left; entering " .. to.label ..
      " costs " .. plan.cost .. " (MP in half-inches)")
  end
  return plan
end

-- the half-move point (Missile Fire: pass-through fire, split-move and
-- fire): a ruleset module may act when a mover reaches it
local function half_move(u, before)
  local base = S().mp(M.move_inches(u))
  if 2 * before < base and 2 * u.spent >= base then
    local f = rules.missile.at_half_move
    if f then f(u) end
  end
end

M.half_move = half_move
M.peasants_move = peasants_move

function M.move(side, u)
  local plan, rule, msg = M.check_move(side, u)
  if not plan then refuse(rule, msg) end
  if not peasants_move(u) then return end
  local before = u.spent
  u.spent = u.spent + plan.cost
  if not plan.along then u.off_road = true end
  u.hex = plan.to
  if plan.stop then
    u.stopped = true
    u.stopped_by = plan.stop
    bitwa.note(u.name .. " stops at " .. plan.to.label .. " (" .. plan.stop .. ")")
  end
  if plan.river then u.spent = math.max(u.spent, M.base_mp(u)) end
  half_move(u, before)
end

---------------------------------------------------------------- turn

-- Facing and Formation: who pays the facing and formation penalties:
-- peasants double, elite infantry and cavalry half
local function payer(u)
  if u.kind == "peasants" then return "peasants" end
  if u.elite then return "elite" end
  return "normal"
end

function M.check_turn(side, u, facing)
  local rule, msg = why_not_mover(side, u)
  if rule then return no(rule, msg) end
  if facing == u.facing then return no("Facing and Formation", u.name .. " already faces " .. bitwa.hex.facing_name(facing)) end
  local steps = bitwa.hex.steps(u.facing, facing)
  local cost = S().facing_mp(M.move_inches(u), steps, payer(u))
  local left = M.left(u, false)
  if cost > left then
    return no("Facing and Formation", u.name .. " has " .. math.max(left, 0) .. " MP left; turning " .. steps * 60 ..
      " degrees costs " .. cost)
  end
  return { cost = cost, steps = steps }
end

function M.turn(side, u, facing)
  local plan, rule, msg = M.check_turn(side, u, facing)
  if not plan then refuse(rule, msg) end
  if not peasants_move(u) then return end
  local before = u.spent
  u.spent = u.spent + plan.cost
  u.facing = facing
  half_move(u, before)
end

---------------------------------------------------------------- formation

-- Facing and Formation: the moves a change costs.  The book prints
-- column-line, column-square, line-column and line-square; out of a square
-- the change costs what the change into it costs (NOTES.md).
function M.formation_moves(from, to)
  local t = T().formation
  if t[from] and t[from][to] then return t[from][to] end
  if t[to] and t[to][from] then return t[to][from] end
  return nil
end

function M.check_form(side, u, formation)
  local rule, msg = why_not_mover(side, u)
  if rule then return no(rule, msg) end
  if u.formation == formation then return no("Facing and Formation", u.name .. " is already in " .. formation) end
  if formation == "square" and U().arm(u) ~= "infantry" then
    return no("Facing and Formation", "square: infantry only")
  end
  if u.forming then return no("Facing and Formation", u.name .. " is changing formation") end
  local moves = M.formation_moves(u.formation, formation)
  local f = T().facing_factor[payer(u)]
  local cost = S().mp(M.move_inches(u)) * moves * f[1] // f[2]
  local left = M.left(u, false)
  if cost <= left then return { cost = cost, carry = 0 } end
  -- a change longer than what is left takes the whole turn and goes on
  if u.spent > 0 then
    return no("Facing and Formation", u.name .. " has " .. math.max(left, 0) .. " MP left; the change costs " .. cost)
  end
  return { cost = left, carry = cost - left }
end

function M.form(side, u, formation)
  local plan, rule, msg = M.check_form(side, u, formation)
  if not plan then refuse(rule, msg) end
  if not peasants_move(u) then return end
  u.spent = u.spent + plan.cost
  u.off_road = true
  u.formation = formation
  u.forming = true
  u.form_carry = plan.carry
  if plan.carry > 0 then
    bitwa.note("Facing and Formation: " .. u.name .. " goes on forming " .. formation .. " next turn (" .. plan.carry .. " MP)")
  end
end

---------------------------------------------------------------- charges

-- Terrain that prevents charge moves: entering the hex or crossing the
-- hexside (ditch, hill, rampart, marsh, wooded, mud's hexes are slow too
-- but the book forbids charges only where it says so; rough; stream and
-- river hexsides)
local function no_charge(from, to)
  local row = M.terrain_row(to)
  if row and row.no_charge then return "Terrain: " .. bitwa.map.terrain(to) end
  if bitwa.map.elevation(to) > bitwa.map.elevation(from) then return "Terrain: hill" end
  local e = edge(from, to)
  if e.stream then return "Terrain: stream" end
  if e.river then return "Terrain: river" end
  return nil
end

-- whether an enemy of `side` other than `except` is next to h
local function other_enemy_near(h, side, except)
  for _, n in ipairs(bitwa.hex.neighbours(h)) do
    for _, o in ipairs(bitwa.units_at(n)) do
      if o.side ~= side and o.name ~= except then return true end
    end
  end
  return false
end

-- Melees: charge.  Whether u may charge t now: a plan { hexes = {...},
-- dirs = {...}, first_dir, cost } or nil, rule, message.  A charge is the
-- unit's move this turn (it has not moved), at its charge move; "in a
-- relatively straight line (a curve up to 45 degrees)": on hexes, straight
-- ahead with at most one 60-degree change of direction, ending next to the
-- target with the target ahead (NOTES.md); no hex of the way may be next to
-- another enemy; the terrain must allow charges.  The shortest way is
-- taken, straight before curving.  `opts` (the Simultaneous Move System,
-- simultaneous.lua): `max`, the hexes the charge may still go; `going_on`,
-- a charge already under way (it has moved: only the way is judged).
function M.check_charge(side, u, t, opts)
  opts = opts or {}
  local rule, msg = why_not_mover(side, u)
  if rule then return no(rule, msg) end
  if t.side == side then return no("Melees: charge", t.name .. " is not an enemy") end
  if t.hex == nil then return no("Melees: charge", t.name .. " is not on the map") end
  local row = U().movement_row(u)
  if not row.charge then return no("Melees: charge", u.name .. " has no charge move") end
  if u.charged_last and not opts.going_on then
    return no("Melees: charge", u.name .. " charged last turn and must move at normal speed")
  end
  if (u.spent > 0 or u.stopped) and not opts.going_on then
    return no("Melees: charge", u.name .. " has moved this turn: a charge is its whole move")
  end
  if u.engaged and M.in_contact(u) then
    return no("Melees: disengaging from a melee", u.name .. " is engaged in a melee")
  end
  if u.formation == "square" then return no("Facing and Formation", u.name .. " is in square") end
  if bitwa.hex.distance(u.hex, t.hex) < 2 then return no("Melees: charge", t.name .. " is already in contact") end
  local max = opts.max or S().mp(row.charge) // S().hex_mp()
  local best, why
  for n = 1, max do
    for _, s in ipairs { 0, -1, 1 } do
      local k1s = {}
      if s == 0 then k1s = { n } else for k = n - 1, 0, -1 do k1s[#k1s + 1] = k end end
      for _, k1 in ipairs(k1s) do
        local hexes, dirs, h, good = {}, {}, u.hex, true
        for i = 1, n do
          local d = i <= k1 and u.facing or (u.facing + s) % 6
          local nx = bitwa.hex.neighbour(h, d, true)
          if not bitwa.hex.on_map(nx) or #bitwa.units_at(nx) > 0 then good = false; break end
          local nc = no_charge(h, nx)
          if nc then why = why or nc; good = false; break end
          if i < n and other_enemy_near(nx, side, nil) then good = false; break end
          hexes[i], dirs[i], h = nx, d, nx
        end
        if good and bitwa.hex.distance(h, t.hex) == 1 then
          local dt = bitwa.hex.direction(h, t.hex)
          local last = dirs[n]
          if bitwa.hex.steps(last, dt) <= 1 then
            best = { hexes = hexes, dirs = dirs, first_dir = dirs[1], cost = n * S().hex_mp(), facing = dt }
            break
          end
        end
      end
      if best then break end
    end
    if best then break end
  end
  if not best then
    if why then return no(why, "no charge move may cross that ground on the way to " .. t.name) end
    return no("Melees: charge", t.name .. " cannot be reached by a charge of " .. u.name .. " (" .. row.charge .. "\")")
  end
  return best
end

-- Morale Checks Due to Cavalry Charge: `def` charged by `atk`.  Pikes
-- facing the enemy stand; otherwise 2d6 must reach the table's score
-- (defender's type, charger's class), +1 infantry / +2 cavalry when both
-- are charging, -1 charged in the flank, -2 in the rear, +1 religious
-- knights, -1 fatigued.  A failure retreats 1 1/2 moves, backs to the
-- enemy, regrouping.  Returns true when it stands.
function M.charge_check(def, atk, both)
  local where = rules.melee.position(def, atk.hex)
  if def.weapon == "pike" and where == "front" then
    bitwa.note("Morale Checks Due to Cavalry Charge: " .. def.name .. "'s pikes face the charge: it stands")
    return true
  end
  local need = T().charge[U().type(def)][T().class[atk.kind]]
  local mod = 0
  if both then mod = mod + T().charge_both[U().arm(def)] end
  if where == "flank" then mod = mod + T().charge_flank elseif where == "rear" then mod = mod + T().charge_rear end
  if def.religious then mod = mod + T().religious_morale end
  if def.fatigued then mod = mod + T().fatigue_morale end
  local r = bitwa.roll(2, 6, "Morale Checks Due to Cavalry Charge: " .. def.name .. " charged by " .. atk.name ..
    " (" .. where .. ") needs " .. need .. (mod ~= 0 and (" with " .. mod) or ""),
    function(x) return x + mod >= need end, def.side)
  if r + mod >= need then return true end
  bitwa.note("Morale Checks Due to Cavalry Charge: " .. def.name .. " (" .. (r + mod) .. ") retreats")
  local fm = T().charge_fail_moves
  rules.morale.fall_back(def, atk, { result = "retreat", moves = { fm[1], fm[2] } })
  return false
end

-- Melees: charge, "Victorious charging units must continue to move out the
-- balance of their charge move, in the direction first indicated": the
-- charger goes on straight in its first direction while its charge move
-- lasts, stopping before a unit, ground that prevents charges, the table's
-- edge, or next to an enemy (contact).
function M.breakthrough(u)
  if not u.charged or u.hex == nil then return end
  local total = S().mp(U().movement_row(u).charge)
  local d = u.charge_dir
  local went = 0
  while total - u.spent >= S().hex_mp() do
    local nx = bitwa.hex.neighbour(u.hex, d, true)
    if not bitwa.hex.on_map(nx) or #bitwa.units_at(nx) > 0 or no_charge(u.hex, nx) then break end
    u.hex = nx
    u.facing = d
    u.spent = u.spent + S().hex_mp()
    went = went + 1
    if M.in_contact(u) then break end
  end
  if went > 0 then bitwa.note("Melees: charge: " .. u.name .. " carries on " .. went .. " hexes to " .. u.hex.label) end
end

function M.charge(side, u, t)
  local plan, rule, msg = M.check_charge(side, u, t)
  if not plan then refuse(rule, msg) end
  M.do_charge(u, t, plan)
end

function M.do_charge(u, t, plan)
  if not peasants_move(u) then return end
  -- (the target is named now: the charge's half-moves may remove it)
  local tname = t.name
  M.charge_begin(u, t, plan)
  for i = 1, #plan.hexes do
    if not M.charge_step(u, plan.hexes[i], plan.dirs[i]) then return end
  end
  M.charge_arrive(u, tname)
end

-- the charge's start: u charges t by `plan` (its first direction)
function M.charge_begin(u, t, plan)
  u.charged = true
  u.charge_dir = plan.first_dir
  u.charge_target = t.name
  u.off_road = true
  bitwa.note("Melees: charge: " .. u.name .. " charges " .. t.name)
end

-- one hex of a charge; false when the charger is out of it (pass-through
-- fire at its half-move killed it or made it fall back)
function M.charge_step(u, h, dir)
  local before = u.spent
  u.hex = h
  u.facing = dir
  u.spent = u.spent + S().hex_mp()
  half_move(u, before)
  return u:alive() and u.hex ~= nil and u.retreat_turn == 0
end

-- the charge's end next to the enemy named tname: the charger faces it,
-- the cavalry-charge checks, and a breakthrough when the defender fails
function M.charge_arrive(u, tname)
  local t = bitwa.unit(tname)
  if not t or t.hex == nil then return end
  u.facing = bitwa.hex.direction(u.hex, t.hex)
  if U().arm(u) ~= "cavalry" then return end
  local both = t.charged
  local stands = M.charge_check(t, u, both)
  if both and u:alive() and u.hex ~= nil then
    t = bitwa.unit(tname)
    if t and t.hex ~= nil then
      if not M.charge_check(u, t, true) then return end
    end
  end
  if not stands and u:alive() and u.hex ~= nil then M.breakthrough(u) end
end

---------------------------------------------------------------- knights

-- Historical Options: Knights "charge any enemy within charging distance
-- unless they score a 6 on an obedience roll.  If two different enemy
-- units are within range, they prefer to charge the heavier, mounted,
-- elite types first."  At the start of its side's move phase each unit of
-- knights that can charge an enemy rolls; on 1-5 it charges at once the
-- preferred enemy (heavier class, then mounted, then elite; among equals
-- its side chooses).
local function preference(t)
  return T().class[t.kind] * 4 + (U().arm(t) == "cavalry" and 2 or 0) + (t.elite and 1 or 0)
end

function M.phase_start()
  local side = bitwa.var(bitwa.phase() == "move.first" and "first" or "last")
  if not side then return end
  M.knights(side, function(u, t) M.do_charge(u, t, M.check_charge(side, u, t)) end)
end

-- the knights' obedience rolls of `side`; charge(u, t) carries out the
-- charge of a unit that must charge (at once in the Move/Counter Move
-- System, as its order in the Simultaneous Move System); `skip(u)`: a
-- unit not asked (ordered to charge already)
function M.knights(side, charge, skip)
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.knight and u:alive() and u.hex ~= nil and not (skip and skip(u)) then
      local targets, top = {}, -1
      for _, t in ipairs(bitwa.units {}) do
        if t.side ~= side and t.hex ~= nil then
          local plan = M.check_charge(side, u, t)
          if plan then
            local p = preference(t)
            if p > top then targets, top = { t }, p elseif p == top then targets[#targets + 1] = t end
          end
        end
      end
      if #targets > 0 then
        local free = T().knights_free
        local d = bitwa.roll(1, 6, "Historical Options: Knights, " .. u.name .. " obedience (" .. free .. " holds them)",
          function(x) return x >= free end, side)
        if d >= free then
          bitwa.note("Historical Options: Knights: " .. u.name .. " obey and hold")
        else
          local t = targets[1]
          if #targets > 1 then
            local names = {}
            for i, x in ipairs(targets) do names[i] = x.name end
            t = bitwa.unit(bitwa.decide { side = side, kind = "knights", options = names,
              prompt = "Historical Options: Knights: " .. u.name .. " must charge: which enemy?" })
          end
          bitwa.note("Historical Options: Knights: " .. u.name .. " must charge " .. t.name)
          charge(u, t)
        end
      end
    end
  end
end

---------------------------------------------------------------- the turn's end: fatigue

-- one turn's activity as a letter: moved, charged, meleed
local function code(moved, charged, meleed)
  return string.char(97 + (moved and 1 or 0) + (charged and 2 or 0) + (meleed and 4 or 0))
end
local function bits(c)
  local v = c:byte() - 97
  return v & 1 ~= 0, v & 2 ~= 0, v & 4 ~= 0
end

-- Fatigue: which condition (1-4) the history `h` (oldest first) meets,
-- with the numbers doubled for elite troops (k = 2) and halved, rounded up,
-- by excess temperature (heat = 2: Weather "doubles fatigue", A-127); nil
-- when none.
-- 1: moving 5 turns running; 2: meleeing 3 turns running; 3: moving 2
-- turns, then charging and meleeing; 4: moving 1 turn, then charging and
-- meleeing, then meleeing again (a charge meets its enemy in the same
-- turn: that turn is the first of the melee turns, NOTES.md).
function M.fatigue_condition(h, k, heat)
  heat = heat or 1
  local function num(x) return (x * k + heat - 1) // heat end
  local n = #h
  local function at(i) return bits(h:sub(n - i + 1, n - i + 1)) end -- i = 1: the last turn
  local function run(test, count)
    if n < count then return false end
    for i = 1, count do if not test(at(i)) then return false end end
    return true
  end
  local function moved(m) return m end
  local function meleed(_, _, e) return e end
  local conds = T().fatigue
  if run(moved, num(conds[1].move)) then return 1 end
  if run(meleed, num(conds[2].melee)) then return 2 end
  for c = 3, 4 do
    local moves, melees = num(conds[c].move), num(conds[c].melee)
    -- the last (melees - 1) turns meleed, the turn before charged and
    -- meleed, and the `moves` turns before that moved
    local need = moves + melees
    if n >= need then
      local good = true
      for i = 1, melees - 1 do local _, _, e = at(i); if not e then good = false end end
      local _, ch, me = at(melees)
      if not (ch and me) then good = false end
      for i = melees + 1, need do local m = at(i); if not m then good = false end end
      if good then return c end
    end
  end
  return nil
end

-- turn_end: the turn's activity goes into each unit's history (Fatigue);
-- a turn without movement or melee rests it (Fatigue: rest); units still
-- in contact with the enemy they fought are engaged next turn (Melees:
-- disengaging from a melee); the turn's movement state is reset.
function M.turn_end()
  for _, u in ipairs(bitwa.units {}) do
    local moved = u.spent > 0 or u.charged
    if not moved and not u.meleed then
      if u.fatigued then
        u.fatigued = false
        bitwa.note("Fatigue: Rest: " .. u.name .. " is restored")
      end
      if u.history ~= "" then u.history = "" end
    else
      local h = (u.history .. code(moved, u.charged, u.meleed))
      if #h > 12 then h = h:sub(-12) end
      u.history = h
      if not u.fatigued then
        local c = M.fatigue_condition(h, u.elite and T().fatigue_elite_factor or 1, rules.weather.fatigue_factor())
        if c then
          u.fatigued = true
          bitwa.note("Fatigue: " .. u.name .. " is fatigued (condition " .. c .. ")")
        end
      end
    end
    local engaged = u.meleed and M.in_contact(u)
    if u.engaged ~= engaged then u.engaged = engaged end
    if u.charged_last ~= u.charged then u.charged_last = u.charged end
    if u.charged then u.charged = false end
    if u.charge_target ~= "" then u.charge_target = "" end
    if u.stopped then u.stopped = false; u.stopped_by = "" end
    if u.off_road then u.off_road = false end
    if u.move_roll ~= "" then u.move_roll = "" end
    if u.form_busy ~= u.form_carry then u.form_busy = u.form_carry end
    if u.form_carry > 0 then u.form_carry = 0 elseif u.forming then u.forming = false end
  end
end

---------------------------------------------------------------- continuing melees

-- Melees: disengaging from a melee, "normal troops must continue to melee
-- until they are killed, surrender, panic, retreat or are driven back": at
-- the melee phase's end, a unit engaged since the last turn's melee that
-- has not fought in this one attacks an enemy next to it that has not
-- fought either (in front first, then the first by name); the book's
-- melee rules do the rest.  Side by side, the sides in turn order.
function M.continue_melees()
  local first = bitwa.var("first")
  local order = first and { first, bitwa.enemy(first) } or bitwa.sides()
  for _, side in ipairs(order) do
    for _, u in ipairs(bitwa.units { side = side }) do
      if u:alive() and u.hex ~= nil and u.engaged and not u.meleed then
        local pick
        for _, h in ipairs(bitwa.hex.neighbours(u.hex)) do
          for _, e in ipairs(bitwa.units_at(h)) do
            if e.side ~= side and not rules.melee.why_not(side, u, e) then
              local front = rules.melee.position(e, u.hex) ~= "rear" and bitwa.hex.steps(u.facing, bitwa.hex.direction(u.hex, e.hex)) <= 1
              if not pick or (front and not pick.front) or (front == pick.front and e.name < pick.e.name) then
                pick = { e = e, front = front }
              end
            end
          end
        end
        if pick then
          bitwa.note("Melees: disengaging from a melee: " .. u.name .. " must go on fighting " .. pick.e.name)
          rules.melee.fight(side, { u }, { pick.e })
        end
      end
    end
  end
end

---------------------------------------------------------------- legal lists

function M.legal_moves(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil and M.check_move(side, u) then out[#out + 1] = { u.name } end
  end
  return out
end

function M.legal_turns(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil and not why_not_mover(side, u) then
      for steps = 1, 5 do
        local f = bitwa.hex.turn(u.facing, steps)
        if M.check_turn(side, u, f) then out[#out + 1] = { u.name, bitwa.hex.facing_name(f) } end
      end
    end
  end
  return out
end

function M.legal_forms(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil then
      for _, f in ipairs { "line", "column", "square" } do
        if M.check_form(side, u, f) then out[#out + 1] = { u.name, f } end
      end
    end
  end
  return out
end

function M.legal_charges(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil and U().movement_row(u).charge and u.spent == 0 and not why_not_mover(side, u) then
      for _, t in ipairs(bitwa.units { near = u.hex, within = S().hexes(U().movement_row(u).charge) + 1 }) do
        if t.side ~= side and M.check_charge(side, u, t) then out[#out + 1] = { u.name, t.name } end
      end
    end
  end
  return out
end

---------------------------------------------------------------- reach

local FIELDS = { "hex", "facing", "spent", "off_road", "stopped", "stopped_by" }

local function planned(u, from)
  local n = {}
  for _, k in ipairs(FIELDS) do n[k] = from[k] end
  return setmetatable(n, { __index = u })
end

--[[
movement.reach(side, u [, to, facing]): the places u can reach now by its
own moves ("move UNIT") and turns ("turn UNIT FACING"), the cheapest way
to each hex and facing, in MP: { hex, facing, cost, path = { { line, hex,
facing }... } } (lua/engine/paths.lua), or nil, rule, message when u
cannot move now.  Every step is judged by check_move and check_turn on a
copy of the unit's movement fields; a path ends where the rules stop the
unit (a zone of control, a river).  Peasants are planned as if their roll
to move succeeds: the first step rolls it.
--]]
function M.reach(side, u, to, facing)
  local rule, msg = why_not_mover(side, u)
  if rule then return nil, rule, msg end
  local spent0 = u.spent
  local start = planned(u, u)
  local frontier, seq = { { s = start, cost = 0, path = {} } }, 0
  local out, done, listed = {}, {}, {}
  while #frontier > 0 do
    -- the cheapest first; among equals the first found
    local bi = 1
    for i = 2, #frontier do
      local a, b = frontier[i], frontier[bi]
      if a.cost < b.cost or (a.cost == b.cost and a.seq < b.seq) then bi = i end
    end
    local e = table.remove(frontier, bi)
    local s = e.s
    local k = s.hex.label .. ":" .. s.facing .. (s.off_road and "o" or "r")
    if not done[k] then
      done[k] = true
      local fk = s.hex.label .. ":" .. s.facing
      if not listed[fk] then
        listed[fk] = true
        out[#out + 1] = { hex = s.hex, facing = s.facing, cost = e.cost, path = e.path }
        if to and s.hex.label == to.label and (facing == nil or facing == s.facing) then return out end
      end
      local function extend(n, line)
        local p = {}
        for i, st in ipairs(e.path) do p[i] = st end
        p[#p + 1] = { line = line, hex = n.hex, facing = n.facing }
        seq = seq + 1
        frontier[#frontier + 1] = { s = n, cost = n.spent - spent0, path = p, seq = seq }
      end
      local plan = M.check_move(side, s)
      if plan then
        local n = planned(u, s)
        n.spent = s.spent + plan.cost
        if plan.river then n.spent = math.max(n.spent, M.base_mp(u)) end
        if not plan.along then n.off_road = true end
        n.hex = plan.to
        if plan.stop then n.stopped = true; n.stopped_by = plan.stop end
        extend(n, "move " .. u.name)
      end
      for steps = 1, 5 do
        local f = bitwa.hex.turn(s.facing, steps)
        local tp = M.check_turn(side, s, f)
        if tp then
          local n = planned(u, s)
          n.spent = s.spent + tp.cost
          n.facing = f
          extend(n, "turn " .. u.name .. " " .. bitwa.hex.facing_name(f))
        end
      end
    end
  end
  return out
end

return M
