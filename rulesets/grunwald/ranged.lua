-- [11.0] Ranged units: formations [11.1], fire during the enemy's
-- movement phase [11.1.5] (options for the reaction window), the fire arc
-- and range (A-063), line of sight [11.2.6], the fire tables and their
-- modifiers [11.2.3] [11.2.4] [11.5.9] [11.7.3], friendly fire [11.2.2],
-- leaders under fire [11.2.5], simultaneous fire [11.2.7], horse archers'
-- own-phase fire [11.5.6]-[11.5.8], the effects of a hit [11.5.10]
-- [11.6.2] [11.7.1], and bombards against fortifications [11.7.5].
--
-- A shot is rolled first (roll) and applied after (apply), so that two
-- shots fired at the same moment [11.2.7] both roll with the strengths of
-- before either of them and have their results applied afterwards.
--
-- State: unit attributes `formation` ("combat" / "movement"), `shots`
-- (shots this turn, the own-phase shot of horse archers included) and
-- `fired_own` (horse archers: fired in their own movement phase), reset by
-- phases.turn_start; variable `formation.<id>` (the phase in which a unit
-- left its combat side).  A fortification destroyed by bombards is
-- fortifications.destroy's.
local M = {}


local FIRE_RULE = { archers = "11.4.1", crossbowmen = "11.6.1", horse_archers = "11.5.5", bombards = "11.7.1" }

local function T() return rules.tables.ranged end
local function sixths(mp) return rules.units.sixths(mp) end

local function in_set(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- ---------------------------------------------------------------- what shoots

-- Ranged units with two counter sides [11.1.1]; horse archers have none [11.5.1].
function M.has_formations(u)
  return u.kind == "archers" or u.kind == "crossbowmen" or u.kind == "bombards"
end

function M.in_combat_formation(u)
  if u.kind == "horse_archers" then return true end
  return rules.ranged.has_formations(u) and u.formation == "combat"
end

-- The fire table of a shooter: rows by range, columns by modified roll.
function M.table_of(u)
  local tables = rules.tables
  if u.kind == "archers" then return tables.fire_archers end
  if u.kind == "crossbowmen" then return tables.fire_crossbowmen end
  if u.kind == "horse_archers" then return tables.fire_horse_archers end
  if u.kind == "bombards" then return tables.fire_bombards_units end
  return nil
end

function M.range_of(u) return T().range[u.kind] or 0 end

-- The longest range of any unit (range_of): only shooters at most this
-- far from a hex can see it, so the reaction window looks no further.
-- (kept per range table once the rules are frozen: a window asks it at
-- every step)
local reach_of = cache()      -- frozen range table -> its longest range (a memo: emptied when another game is played)
function M.reach()
  local range = T().range
  local most = reach_of[range]
  if most then return most end
  most = 0
  for _, r in pairs(range) do if r > most then most = r end end
  if getmetatable(range) == "read-only" then reach_of[range] = most end
  return most
end

-- ---------------------------------------------------------------- setup

-- Ranged units start in the formation the scenario gives, else in combat
-- formation [11.1.1].
function M.setup()
  for _, u in ipairs(bitwa.units {}) do
    if rules.ranged.has_formations(u) then
      if u.formation == "" then u.formation = "combat" end
      if u.formation ~= "combat" and u.formation ~= "movement" then
        refuse("11.1.1", u.name .. ": formation '" .. u.formation .. "' is not 'combat' or 'movement'")
      end
    end
  end
end

-- ---------------------------------------------------------------- formations

-- [11.1.3] turning the counter costs 1 MP, in the unit's movement
-- phase.  The combat side has 0 MP [11.1.1] (movement.printed_mp): a unit
-- that starts its phase in combat formation and has done nothing yet
-- turns to its movement side and has that side's MP, less the 1 MP of the
-- change; a unit turning to its combat side pays 1 MP and has 0 MP left.
-- One change from the combat side per phase (NOTES.md).
local function flip_key(u) return "formation." .. u.id end
local function phase_stamp() return "T" .. bitwa.turn() .. "." .. bitwa.phase() end

-- The MP (sixths) of u's movement side at the start of a phase: printed,
-- less the disorganized penalty [9.2.1] (as movement.phase_mp).
function M.movement_side_mp(u)
  local s = sixths(u.mp)
  if rules.units.is_disorganized(u) then
    s = s - sixths(rules.tables.disorganized.mp_loss[rules.units.is_cavalry(u) and "cavalry" or "infantry"])
  end
  return math.max(0, s)
end

-- Whether u, in combat formation, has done nothing yet in this phase.
local function fresh(u)
  return not (u.moved or u.turned_here or u.whole_mp or bitwa.var(flip_key(u)) == phase_stamp())
end

-- Whether u may change formation now: the cost and the MP it pays from
-- (sixths), or nil, rule, message.
function M.formation_check(side, u)
  if u.side ~= side then return nil, "2.1", u.name .. " is not a unit of " .. side end
  if not rules.ranged.has_formations(u) then
    return nil, "11.1.1", u.name .. " has no formations (only archers, crossbowmen and bombards do)"
  end
  if u.hex == nil then return nil, "11.1.3", u.name .. " is not on the map" end
  if not rules.phases.moves_now(u) then return nil, "2.1", u.name .. " does not move in this phase" end
  if rules.units.is_panicked(u) then return nil, "10.2.2", u.name .. " is panicked" end
  local free, frule, fwhy = rules.movement.may_move(u)
  if not free then return nil, frule, fwhy end
  local cost = sixths(T().formation_mp)
  local budget = u.mp_left
  if u.formation == "combat" and fresh(u) then budget = rules.ranged.movement_side_mp(u) end
  if budget < cost then
    return nil, "11.1.3", u.name .. " has " .. rules.units.mp_text(budget) .. " MP; a change of formation costs " ..
      rules.units.mp_text(cost)
  end
  return cost, budget
end

function M.change_formation(side, u)
  local cost, budget, why = rules.ranged.formation_check(side, u)
  if not cost then refuse(budget, why) end
  if u.formation == "combat" then
    u.formation = "movement"
    u.mp_left = budget - cost
    bitwa.set_var(flip_key(u), phase_stamp())
  else
    u.formation = "combat"
    u.mp_left = 0
  end
  bitwa.note(u.name .. " changes to " .. u.formation .. " formation (11.1.3)")
end

function M.legal_formations(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side, where = M.has_formations }) do
    if rules.ranged.formation_check(side, u) then out[#out + 1] = { u.name } end
  end
  return out
end

-- ---------------------------------------------------------------- arc, range, sight

-- The hexes at distance d in the 120-degree wedge in front of a unit on h
-- facing f (A-063): the front area's three directions (f-1, f, f+1) and
-- every hex between them, extended outward: the 2d+1 hexes at distance d
-- (the middle one listed twice); hexes off the map are walked through and
-- never match a unit's hex.
function M.wedge(h, f, d)
  local out = {}
  for _, corner in ipairs { (f - 1) % 6, f % 6 } do
    local x = h
    for _ = 1, d do x = bitwa.hex.neighbour(x, corner, true) end
    out[#out + 1] = x
    local along = (corner + 2) % 6
    for _ = 1, d do
      x = bitwa.hex.neighbour(x, along, true)
      out[#out + 1] = x
    end
  end
  return out
end

-- Whether hex h lies in the shooter's fire arc (any distance): the forward
-- wedge (A-063), or any adjacent hex for horse archers [11.5.4].
function M.in_arc(shooter, h)
  if shooter.hex == nil then return false end
  local d = bitwa.hex.distance(shooter.hex, h)
  if d == 0 then return false end
  if shooter.kind == "horse_archers" then return d == 1 end
  for _, x in ipairs(rules.ranged.wedge(shooter.hex, shooter.facing, d)) do
    if x == h then return true end
  end
  return false
end

-- Terrain as fire sees it: the map in play (a destroyed fortification is
-- clear).
function M.terrain(h) return bitwa.map.terrain(h) end

-- [11.2.6] [A-065] a hex between shooter and target blocks sight when its
-- terrain is hill, forest, village or fortification, or when units of the
-- shooter's enemy stand on it; friendly units never block.
function M.blocks_sight(h, side)
  if not bitwa.hex.on_map(h) then return false end
  if in_set(T().sight_blockers, rules.ranged.terrain(h)) then return true end
  return rules.units.enemy_field_at(h, side)
end

-- [11.2.6] line of sight from `from` (a unit of `side`) to hex h: only
-- the hexes between them count.  Where the line runs along the edge
-- between two hexes, sight is blocked only when both of them block
-- (NOTES.md).
function M.line_of_sight(from, h, side)
  local steps = bitwa.hex.line(from, h)
  for i = 2, #steps - 1 do
    local s = steps[i]
    if bitwa.hex.is(s) then
      if rules.ranged.blocks_sight(s, side) then return false end
    elseif rules.ranged.blocks_sight(s[1], side) and rules.ranged.blocks_sight(s[2], side) then
      return false
    end
  end
  return true
end

-- Whether hex h is within the shooter's range and arc, in sight.
function M.can_see(shooter, h)
  if shooter.hex == nil then return false end
  local d = bitwa.hex.distance(shooter.hex, h)
  if d < 1 or d > rules.ranged.range_of(shooter) then return false end
  if not rules.ranged.in_arc(shooter, h) then return false end
  return rules.ranged.line_of_sight(shooter.hex, h, shooter.side)
end

-- A target: an enemy field unit on the map with SP (panicked units have
-- none [10.2.1]), in range, arc and sight.
function M.can_target(shooter, target)
  if not target:alive() or target.hex == nil or target.side == shooter.side then return false end
  if not rules.units.is_field(target) or rules.units.is_panicked(target) then return false end
  return rules.ranged.can_see(shooter, target.hex)
end

-- ---------------------------------------------------------------- who may shoot now

-- Shots left for fire in the enemy's movement phase: once a turn [11.1.6];
-- a horse archer's own-phase shot is its second one [11.5.6].
function M.can_shoot(u)
  if not rules.units.is_ranged(u) or u.hex == nil or not u:alive() then return false end
  if rules.units.is_panicked(u) then return false end            -- [10.2.1] panicked units do not fight
  if not rules.ranged.in_combat_formation(u) then return false end          -- [11.1.2]
  local reaction_shots = u.shots - (u.fired_own and 1 or 0)
  return reaction_shots < T().shots_per_turn
end

-- Whether horse archers u may fire at target now, in their own movement
-- phase; nil and the rule and reason when not.
function M.own_fire_check(u, target)
  if u.kind ~= "horse_archers" then
    return nil, "11.5.6", u.name .. " is not a horse-archer unit: ranged units fire in the enemy's movement phase (11.1.5)"
  end
  if u.hex == nil then return nil, "11.5.6", u.name .. " is not on the map" end
  if not rules.phases.moves_now(u) then return nil, "11.5.6", u.name .. " is not in its own movement phase" end
  if rules.units.is_panicked(u) then return nil, "10.2.1", u.name .. " is panicked and does not fight" end
  if u.fired_own then return nil, "11.5.7", u.name .. " has already fired in this movement phase" end
  local cost = sixths(T().horse_archer_own_phase_mp)
  if u.mp_left < cost then
    return nil, "11.5.8", u.name .. " has " .. rules.units.mp_text(u.mp_left) .. " MP left; firing costs " ..
      rules.units.mp_text(cost)
  end
  if target then
    if target.side == u.side or not rules.units.is_field(target) or target.hex == nil then
      return nil, "11.5.4", target.name .. " is not an enemy unit on the map"
    end
    if rules.units.is_panicked(target) then return nil, "10.2.1", target.name .. " is panicked and has no SP" end
    if not rules.ranged.can_target(u, target) then return nil, "11.5.4", target.name .. " is not on a hex adjacent to " .. u.name end
  end
  return cost
end

-- ---------------------------------------------------------------- one shot

local function movement_phase_of(side)
  return bitwa.phase():match("_move$") ~= nil and bitwa.phasing_side() == side
end

-- [11.2.3] [11.2.4] [11.5.9] [11.7.3] the modifier of a shot at target
-- (a unit on target_hex; nil for a bombard's shot at a fortification).
function M.modifier(shooter, target_hex, target)
  local R = T()
  local m = 0
  if target then
    if shooter.kind == "bombards" then
      if target.armour >= R.bombard_armour then m = m + R.bombard_armour_modifier end
    else
      m = m + R.armour_per_level * target.armour
    end
  end
  -- [11.2.4] units in cover; a fortification fired at as an object [11.7.5] is no unit
  if target and in_set(R.cover_terrain, rules.ranged.terrain(target_hex)) then m = m + R.cover end
  if shooter.kind == "horse_archers" and shooter.sp == 1 then m = m + R.horse_archer_one_sp end
  return m
end

--[[
rules.ranged.roll(shooter, target) -> a shot, rolled but not applied:
{ shooter, target, hex, kind, side, shooter_id (what apply needs once the
  shooter may be gone), range, raw, modifier, loss (SP), disorganize, stop,
  friendly = true when the friendly-fire roll hit a friendly unit }.
Counts the shot [11.1.6]; firing at a unit demolishing a fortification
restarts its count [12.1.7].
--]]
function M.roll(shooter, target)
  local R = T()
  shooter.shots = shooter.shots + 1
  local shot = { shooter = shooter, target = target, hex = target.hex,
                 kind = shooter.kind, side = shooter.side, shooter_id = shooter.id,
                 range = bitwa.hex.distance(shooter.hex, target.hex),
                 loss = 0, disorganize = false, stop = false, friendly = false }
  rules.phases.on_attacked(target)                                        -- [12.1.7]
  -- [11.2.2] a target in the ZoC of a friendly unit (other than the shooter)
  local near = rules.zoc.enemies_covering(target.hex, target.side, function(e) return e.id ~= shooter.id end)
  if #near > 0 then
    local r = bitwa.roll(1, 6, "friendly fire (11.2.2)", function(t) return t == R.friendly_fire_roll end,
      shooter.side)
    if r == R.friendly_fire_roll then
      shot.friendly = true
      bitwa.note(shooter.name .. " fires at " .. target.name .. ": friendly fire (11.2.2)")
      return shot
    end
  end
  local rule = FIRE_RULE[shooter.kind]
  shot.raw = bitwa.roll(2, 6, "fire (" .. rule .. ")", shooter.side)
  shot.modifier = rules.ranged.modifier(shooter, target.hex, target)
  local row = rules.ranged.table_of(shooter)[shot.range]
  if shot.raw + shot.modifier >= 1 then   -- A-066: below 1, no effect
    local cell = row[rules.arith.fire_column(shot.raw, shot.modifier)]
    if type(cell) == "table" then
      shot.disorganize, shot.stop = cell.disorganize, cell.stop
    else
      shot.loss = cell
    end
  end
  local effect = (shot.disorganize and "D" or "") .. (shot.stop and "S" or "")
  if shot.loss > 0 then effect = "-" .. shot.loss .. " SP" elseif effect == "" then effect = "no effect" end
  bitwa.note(string.format("%s fires at %s (range %d): %d%+d -> %s (%s)", shooter.name, target.name, shot.range,
    shot.raw, shot.modifier, effect, rule))
  return shot
end

-- [11.2.5] a 2D6 roll of 12 kills each leader on the hex fired at.
function M.leaders_under_fire(h, by_side)
  local L = rules.tables.leaders
  for _, leader in ipairs(rules.units.leaders_at(h)) do
    local r = bitwa.roll(L.fire_death_dice, 6, "leader under fire (11.2.5)",
      function(t) return t == L.fire_death_roll end, leader.side)
    if r == L.fire_death_roll then
      bitwa.note(leader.name .. " is killed by fire (11.2.5)")
      rules.leaders.kill(leader, by_side, "11.2.5")
    end
  end
end

-- [11.2.2] the owner of the shooter chooses the friendly unit next to the
-- target that loses 1 SP instead of it.
function M.friendly_victim(shot)
  local target = shot.target
  local list = {}
  for _, h in ipairs(bitwa.hex.neighbours(shot.hex)) do
    for _, u in ipairs(rules.units.field_units_at(h, shot.side)) do
      if u.id ~= shot.shooter_id and not rules.units.is_panicked(u) then list[#list + 1] = u end
    end
  end
  table.sort(list, function(a, b) return a.id < b.id end)
  if #list == 0 then return nil end
  if #list == 1 then return list[1] end
  local names = {}
  for i, u in ipairs(list) do names[i] = u.name end
  local choice = bitwa.decide { side = shot.side, kind = "friendly_fire", options = names,
    prompt = "friendly fire at " .. target.name .. " (11.2.2): which unit loses 1 SP?" }
  return bitwa.unit(choice)
end

-- Apply a rolled shot: leaders on the hex hit [11.2.5], SP losses
-- [11.4.1], then the effects of the hit [11.5.10] [11.6.2] [11.7.1].  The
-- shooter may be gone by now (simultaneous fire): the shot carries what
-- it needs of it.
function M.apply(shot)
  local R = T()
  local target = shot.target
  if shot.friendly then
    local victim = rules.ranged.friendly_victim(shot)
    if victim then
      rules.ranged.leaders_under_fire(victim.hex, shot.side)
      if victim:alive() then
        rules.units.lose_sp(victim, R.friendly_fire_loss, { rule = "11.2.2" })
      end
    end
    return
  end
  rules.ranged.leaders_under_fire(shot.hex, shot.side)
  if not target:alive() or target.hex == nil then return end
  if shot.loss > 0 then
    rules.units.lose_sp(target, shot.loss, { by = shot.side, rule = FIRE_RULE[shot.kind] })
    if target:alive() and target.hex ~= nil then
      if shot.kind == "horse_archers" then
        -- [11.5.10] row B1; a unit already disorganized has nothing to lose
        -- to it: fire does not panic (A-059)
        if not rules.units.is_disorganized(target) then
          rules.condition.after_combat(target, R.horse_archer_disorg_row)
        end
      elseif shot.kind == "crossbowmen" then
        local function disorganizes(t) return t == R.crossbow_disorg_roll end
        if disorganizes(bitwa.roll(1, 6, "crossbow hit (11.6.2)", disorganizes, shot.side)) then    -- [11.6.2]
          rules.condition.disorganize(target, "11.6.2")
          -- (a ruleset whose disorganization takes the unit off the map or
          -- out of the game, Legnica's scatter, leaves nothing to stop)
          if target:alive() and target.hex ~= nil then rules.ranged.stop(target, "11.6.2") end
        end
      end
    end
  end
  if target:alive() and target.hex ~= nil then
    if shot.disorganize then rules.condition.disorganize(target, "11.7.1") end
    if shot.stop and target.hex ~= nil then rules.ranged.stop(target, "11.7.1") end
  end
end

-- A-068: a unit stopped by fire moves no more in its current movement
-- phase; outside its movement phase "stopped" has no effect.
function M.stop(u, rule)
  if movement_phase_of(u.side) then rules.movement.stop(u, rule) end
end

-- One shot, rolled and applied.
function M.fire(shooter, target)
  rules.ranged.apply(rules.ranged.roll(shooter, target))
end

-- [11.2.7] shots fired at the same moment: every shot is rolled with the
-- strengths of before any of them, then the results are applied in the
-- order given.
function M.fire_together(pairs_list)
  local shots = {}
  for i, p in ipairs(pairs_list) do shots[i] = rules.ranged.roll(p[1], p[2]) end
  bitwa.note("simultaneous fire: results applied after both shots (11.2.7)")
  for _, s in ipairs(shots) do rules.ranged.apply(s) end
end

-- ---------------------------------------------------------------- fire in the enemy's phase

-- [11.2.7] horse archers fired at in their own movement phase may answer
-- at once (they have their own-phase shot and the shooter is next to them).
local function answer_of(target, shooter, moment)
  if moment == "end" or target.kind ~= "horse_archers" then return false end
  if not rules.ranged.own_fire_check(target, shooter) then return false end
  local line = "fire " .. target.name .. " " .. shooter.name
  local choice = bitwa.decide { side = target.side, kind = "return_fire", options = { line, "hold" },
    prompt = shooter.name .. " fires at " .. target.name .. ": fire back at the same time (11.2.7)?" }
  return choice == line
end

-- The reacting side's shot at target; the target may answer it (11.2.7).
function M.reaction_fire(shooter, target, moment)
  if answer_of(target, shooter, moment) then
    target.mp_left = target.mp_left - sixths(T().horse_archer_own_phase_mp)
    target.fired_own = true
    M.fire_together { { shooter, target }, { target, shooter } }
  else
    rules.ranged.fire(shooter, target)
  end
end

-- Whether a bombard may fire at the fortification on hex h [11.7.5].
function M.can_fire_at_object(shooter, h)
  if shooter.kind ~= "bombards" or not rules.ranged.can_shoot(shooter) then return false end
  if not rules.fortifications.is_fortified(h) then return false end
  local d = bitwa.hex.distance(shooter.hex, h)
  if d < 1 or d > #rules.tables.fire_bombards_objects then return false end
  return rules.ranged.in_arc(shooter, h) and rules.ranged.line_of_sight(shooter.hex, h, shooter.side)
end

-- [11.7.5] bombard fire at a fortification: D destroys it
-- (fortifications.destroy: the rules read the hex as clear from then on).
function M.fire_at_object(shooter, h)
  shooter.shots = shooter.shots + 1
  local d = bitwa.hex.distance(shooter.hex, h)
  local raw = bitwa.roll(2, 6, "fire (11.7.5)", shooter.side)
  local m = rules.ranged.modifier(shooter, h, nil)
  local destroyed = raw + m >= 1 and rules.tables.fire_bombards_objects[d][rules.arith.fire_column(raw, m)]
  bitwa.note(string.format("%s fires at the fortification %s (range %d): %d%+d -> %s (11.7.5)", shooter.name,
    h.label, d, raw, m, destroyed and "destroyed" or "no effect"))
  if destroyed then rules.fortifications.destroy(h, "11.7.5") end
end

-- Whether the fortification printed on h has been destroyed.
function M.fortification_destroyed(h)
  return rules.fortifications.destroyed(h)
end

local own_can_target, own_can_see, own_range_of = M.can_target, M.can_see, M.range_of

local function fortifications_in_reach(shooter)
  local out = {}
  for _, h in ipairs(bitwa.hex.range(shooter.hex, #rules.tables.fire_bombards_objects)) do
    if rules.ranged.can_fire_at_object(shooter, h) then out[#out + 1] = h end
  end
  return out
end

local function is_field(u) return rules.units.is_field(u) end

--[[
rules.ranged.options(mover, moment, side) -> the shots `side` (not moving) may fire
now [11.1.5]: at "start" and "end" of the enemy's movement phase at any
enemy unit in range, arc and sight (bombards also at fortifications), at
"step" at the unit that has just moved.  Each option's run fires.
--]]
function M.options(mover, moment, side)
  local out = {}
  if mover ~= nil and moment == "step" and
     (not mover:alive() or mover.hex == nil or mover.side == side or not rules.units.is_field(mover)) then
    return out
  end
  local targets, shooters, enemy, reach
  if moment == "step" and mover == nil then return out end
  if moment == "step" then
    targets = { mover }
    -- only shooters within range of the mover can target it (can_see)
    shooters = bitwa.units { side = side, near = mover.hex, within = rules.ranged.reach(),
                             where = rules.units.is_ranged }
  else
    -- each shooter's targets: the enemy field units within reach of it
    -- (can_see), in id order as the side's list has them
    -- (while can_target, can_see and range_of are this module's own, a
    -- shooter sees no farther than its own range: only that is looked at)
    enemy, reach = rules.units.enemy(side), rules.ranged.reach()
    shooters = rules.units.ranged_units(side)
  end
  local R = rules.ranged
  local own_range = R.can_target == own_can_target and R.can_see == own_can_see and R.range_of == own_range_of
  for _, s in ipairs(shooters) do
    if rules.ranged.can_shoot(s) then
      if enemy then
        targets = bitwa.units { side = enemy, near = s.hex, within = own_range and R.range_of(s) or reach,
                                where = is_field }
      end
      for _, t in ipairs(targets) do
        if rules.ranged.can_target(s, t) then
          out[#out + 1] = { line = "fire " .. s.name .. " " .. t.name,
                            run = function() rules.ranged.reaction_fire(s, t, moment) end }
        end
      end
      if moment ~= "step" and s.kind == "bombards" then
        for _, h in ipairs(fortifications_in_reach(s)) do
          out[#out + 1] = { line = "fire " .. s.name .. " hex " .. h.label,
                            run = function() rules.ranged.fire_at_object(s, h) end }
        end
      end
    end
  end
  return out
end

-- ---------------------------------------------------------------- horse archers' own-phase fire

-- [11.5.6]-[11.5.8] horse archers fire once in their own movement phase,
-- for 1 MP; a ranged target that can fire back may answer at once [11.2.7].
function M.fire_own_phase(side, shooter, target)
  if shooter.side ~= side then refuse("2.1", shooter.name .. " is not a unit of " .. side) end
  local cost, rule, why = rules.ranged.own_fire_check(shooter, target)
  if not cost then refuse(rule, why) end
  shooter.mp_left = shooter.mp_left - cost
  shooter.fired_own = true
  if rules.ranged.can_shoot(target) and rules.ranged.can_target(target, shooter) then
    local line = "fire " .. target.name .. " " .. shooter.name
    local choice = bitwa.decide { side = target.side, kind = "return_fire", options = { line, "hold" },
      prompt = shooter.name .. " fires at " .. target.name .. ": fire back at the same time (11.2.7)?" }
    if choice == line then
      M.fire_together { { shooter, target }, { target, shooter } }
      return
    end
  end
  rules.ranged.fire(shooter, target)
end

function M.legal_own_fire(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side, kind = "horse_archers" }) do
    if u.hex ~= nil and rules.ranged.own_fire_check(u) then
      for _, h in ipairs(bitwa.hex.neighbours(u.hex)) do
        for _, t in ipairs(rules.units.field_units_at(h)) do
          if t.side ~= side and rules.ranged.own_fire_check(u, t) then out[#out + 1] = { u.name, t.name } end
        end
      end
    end
  end
  return out
end

return M
