-- [4.0] Movement, with [3.3.2] [3.3.3] (stopping in an enemy ZoC) and
-- the MP of [8.1.2] and [9.2.1].  A unit moves one hex at a time into its
-- frontal hex [4.2.1] ("move UNIT [keep]") and turns in place ("turn UNIT
-- FACING") [4.3]; after every step the enemy may react (countercharge and
-- fire windows, reactions.lua).  MP are counted in sixths (units.sixths).
--
-- Per-phase state of a mover (units' attributes, reset by refresh): mp_left,
-- moved, turned_here, road_move, road_bonus, stopped, whole_mp, zoc_pass.
-- Variables: "movement.mover" (id of the unit that acted last in this
-- phase), "stop.<id>" (the rule that stopped a unit).
local M = {}

local function sixths(x) return rules.units.sixths(x) end

-- [4.2.5] [4.2.6] terrain that disorganizes a unit entering it off the
-- road, by arm.
M.disorganizing = {
  cavalry = { forest = true, village = true, swamp = true },
  infantry = { swamp = true },
}

-- Terrain no unit enters (NOTES: the lake has no TERRAIN INFLUENCE row).
M.impassable = { lake = true }

-- The features of the hexside between adjacent hexes (an empty set when
-- they are not adjacent or `from` is nil).
function M.hexside(from, to)
  if not from or not to then return {} end
  local dir = bitwa.hex.direction(from, to)
  if not dir then return {} end
  return bitwa.map.edge(from, dir)
end

-- Whether going from `from` to `to` follows a road.
function M.along_road(from, to) return rules.movement.hexside(from, to).road == true end

---------------------------------------------------------------- MP

-- The printed MP: 10 for leaders [8.1.2]; 0 for a ranged unit in combat
-- formation (the counter's combat side, 11.1.1).
function M.printed_mp(u)
  if rules.units.is_leader(u) then return rules.tables.leaders.mp end
  if rules.units.is_ranged(u) and not rules.units.is_cavalry(u) and u.formation == "combat" then return 0 end
  return u.mp
end

-- MP (sixths) a unit has at the start of its movement phase [4.1.3]:
-- printed, less 2 (cavalry) or 1 (infantry) when disorganized [9.2.1].
function M.phase_mp(u)
  local s = sixths(rules.movement.printed_mp(u))
  if rules.units.is_disorganized(u) then
    local arm = rules.units.is_cavalry(u) and "cavalry" or "infantry"
    s = s - sixths(rules.tables.disorganized.mp_loss[arm])
  end
  return math.max(0, s)
end

-- Movement phase start, for each unit of the phasing side that moves in it.
-- A leader moves in both movement phases of his side [8.1.2] on one turn's
-- 10 MP: in the infantry phase he keeps what the cavalry phase left him.
-- (A field is written only when it changes: writing the value it has
-- changes nothing, and most units did not move in the last phase.)
function M.refresh(u)
  if not (rules.units.is_leader(u) and rules.phases.arm() == "infantry") then
    local mp = rules.movement.phase_mp(u)
    if u.mp_left ~= mp then u.mp_left = mp end
  end
  if u.moved ~= false then u.moved = false end
  if u.turned_here ~= false then u.turned_here = false end
  if u.road_move ~= true then u.road_move = true end
  if u.road_bonus ~= false then u.road_bonus = false end
  if u.stopped ~= false then u.stopped = false end
  if u.whole_mp ~= false then u.whole_mp = false end
  if u.zoc_pass ~= false then u.zoc_pass = false end
  bitwa.set_var("stop." .. u.id, nil)
  bitwa.set_var("movement.mover", nil)
end

-- u may not enter another hex in this phase; `rule` says why (3.3.2,
-- 5.7.11, 11.6.2, 11.7.1 ...).
function M.stop(u, rule)
  u.stopped = true
  bitwa.set_var("stop." .. u.id, rule)
  bitwa.note(u.name .. " stops (" .. rule .. ")")
end

function M.stop_rule(u)
  return bitwa.var("stop." .. u.id) or "4.1.3"
end

-- The unit that acted last in this movement phase (nil: none yet).
function M.current_mover()
  local id = bitwa.var("movement.mover")
  return id and bitwa.unit(id) or nil
end

-- Whether u, the unit that moved last, must go on moving before another
-- unit moves (and the rule that says so).  The English rules never force
-- a move (4.1.4); Legnica's 5.6.12 replaces this.
function M.must_continue(u)
  return false
end

-- Whether a scenario lets u move at all now (true, or false, rule,
-- message); the English scenarios never hold units back.  Legnica's
-- scenarios free only some commanders' units in turns 1-2.
function M.may_move(u)
  return true
end

-- [4.2.9] whether u may still spend all its MP on one hex and any turn or
-- on any turn alone: it has done nothing else this phase.
function M.may_use_whole(u)
  return not u.moved and not u.turned_here and not u.whole_mp and u.mp_left >= rules.movement.phase_mp(u)
end

---------------------------------------------------------------- costs

-- [4.1.7] TERRAIN INFLUENCE: the MP (sixths) to enter `to` from `from`:
-- the road's cost when a road is followed, otherwise the hex's terrain by
-- the unit's arm (hills and fortified hexes, which have no row, cost as
-- clear: NOTES), plus a stream crossed.  (check_move passes the
-- hexside's features it has asked rules.movement.hexside for already.)
function M.terrain_cost(u, from, to, features)
  local TT = rules.tables.terrain
  local arm = rules.units.arm(u)
  local side = features or rules.movement.hexside(from, to)
  local cost
  if side.road then
    cost = sixths(TT.road[arm])
  else
    local row = TT[bitwa.map.terrain(to)]
    if not row or row.on ~= "hex" then row = TT.clear end
    cost = sixths(row[arm])
  end
  if side.stream then cost = cost + sixths(TT.stream[arm]) end
  local up = rules.movement.uphill_row()
  if up and from and bitwa.map.elevation(to) > bitwa.map.elevation(from) then cost = cost + sixths(up[arm]) end
  return cost
end

-- A TERRAIN INFLUENCE row that is paid for moving uphill (on = "uphill":
-- Legnica's slope row), or nil; the English table has none.
local uphill_of = cache()     -- tables -> their uphill row or false (a memo: emptied when another game is played)
function M.uphill_row()
  local TT = rules.tables
  local up = uphill_of[TT]
  if up == nil then
    up = false
    for _, name in ipairs(TT.terrain_rows) do
      local row = TT.terrain[name]
      if row and row.on == "uphill" then up = row break end
    end
    uphill_of[TT] = up
  end
  return up or nil
end

-- [4.3.6] the terrain cost added to a turn on hex h (a fraction, or nil):
-- the TERRAIN INFLUENCE cost of the hex by the unit's arm (option
-- turn_terrain_cost = "example": the infantry cost, as the book's example);
-- clear ground adds nothing (NOTES).
function M.turn_terrain(u, h)
  local row = rules.tables.terrain[bitwa.map.terrain(h)]
  if not row or row.on ~= "hex" or row == rules.tables.terrain.clear then return nil end
  if bitwa.option("turn_terrain_cost") == "example" then return row.infantry end
  return row[rules.units.arm(u)]
end

-- [4.3] the MP (sixths) of a turn of `steps` x 60 degrees, or nil and the
-- rule that forbids it.
function M.turn_cost(u, steps)
  -- a copy planning a path (M.planned) is asked for the turns of every
  -- size on one hex, with one CF: what the cost is made of is made once
  -- for the copy (not passed to the copies made from it)
  local planned = rawget(u, "planned_mover")
  local args = planned and rawget(u, "turn_args")
  local info, extra
  if args then
    info, extra = args[1], args[2]
  else
    local leader = rules.units.is_leader(u)
    info = {
      arm = (rules.units.is_cavalry(u) or leader) and "cavalry" or "infantry",
      cf = rules.charge.cf(u),
      armour = leader and 0 or u.armour,
      horse_archers = u.kind == "horse_archers",
    }
    local in_zoc = false
    if not leader then
      -- a copy planning a path keeps the answer for its hex
      local memo = planned and rawget(u, "zoc_memo")
      if memo and memo[1] == u.hex and memo[2] == u.side then
        in_zoc = memo[3]
      else
        in_zoc = rules.zoc.in_enemy_zoc(u.hex, u.side)                 -- [4.3.5] (8.1.3)
        if planned then u.zoc_memo = { u.hex, u.side, in_zoc } end
      end
    end
    extra = {
      in_zoc = in_zoc,
      terrain = rules.movement.turn_terrain(u, u.hex),
    }
    if planned then u.turn_args = { info, extra } end
  end
  local cost, rule = rules.arith.turn_cost(info, steps, extra)
  if not cost then return nil, rule end
  return sixths(cost)
end

---------------------------------------------------------------- checks

local function no(rule, message) return nil, rule, message end

local function mp(s) return rules.units.mp_text(s) end

-- What every action of a mover needs.  A copy planning a path
-- (M.planned: a plan made on the game as it stands, never kept across a
-- change) is asked the same at every step, and nothing this reads is a
-- field a plan changes but its hex: the first answer for a side is kept
-- on the copy and its successors.
local check_mover_now
local function check_mover(side, u)
  if rawget(u, "planned_mover") and rawget(u, "hex") ~= nil then
    local memo = rawget(u, "mover_memo")
    if memo and memo[1] == side then return memo[2], memo[3], memo[4] end
    local ok, rule, why = check_mover_now(side, u)
    u.mover_memo = { side, ok, rule, why }
    return ok, rule, why
  end
  return check_mover_now(side, u)
end

-- Whether the rules' tables are read-only (frozen while a game runs;
-- tests may change them between two questions)
local tables_frozen = cache()          -- rules.tables -> whether they are read-only
local function frozen()
  local TT = rules.tables
  local fz = tables_frozen[TT]
  if fz == nil then fz = getmetatable(TT) == "read-only"; tables_frozen[TT] = fz end
  return fz
end
function check_mover_now(side, u)
  if u.side ~= side then return no("2.1", u.name .. " is not " .. side .. "'s") end
  if rules.units.is_banner(u) then return no("7.1.2", "a banner moves only with the unit holding it") end
  if not u.hex then return no("4.4.3", u.name .. " is off the map (it comes back with 'enter')") end
  if not rules.phases.moves_now(u) then
    return no("2.1", u.name .. " does not move in phase " .. bitwa.phase())
  end
  if rules.units.is_panicked(u) then
    return no("10.2.2", u.name .. " is panicked: it flees toward its own map edge by itself")
  end
  local free, frule, fwhy = rules.movement.may_move(u)
  if not free then return no(frule, fwhy) end
  local id = bitwa.var("movement.mover")
  -- (a copy of a mover planning its path, reach, is the mover already)
  if id and id ~= u.id and not rawget(u, "planned_mover") then
    -- [4.1.2] units move one after another: once another unit has started,
    -- a unit that has moved or turned is done (5.7.4 example)
    if u.moved or u.turned_here or u.whole_mp then
      return no("4.1.2", u.name .. " has finished its movement: another unit has moved since")
    end
    local prev = rules.movement.current_mover()
    if prev and prev.hex then
      local must, rule = rules.movement.must_continue(prev)
      if must then return no(rule, prev.name .. " must go on moving first") end
    end
  end
  return true
end

-- [TERRAIN *] the MP (sixths) of the extra road hex of infantry.
local function road_bonus_mp()
  local road = rules.tables.terrain.road
  return sixths(road.infantry) * road.infantry_road_bonus
end

-- Units on hex h other than u, split by side (two empty lists, shared and
-- never changed, when there is none: most hexes a path search asks).
local NONE = setmetatable({}, { __newindex = function() error("occupants: a shared empty list", 2) end })
local function occupants(h, u)
  local here = rules.units.field_units_at(h)
  if #here == 0 then return NONE, NONE end
  local friends, enemies = {}, {}
  for _, v in ipairs(here) do
    if v.id ~= u.id then
      if v.side == u.side then friends[#friends + 1] = v else enemies[#enemies + 1] = v end
    end
  end
  return friends, enemies
end

-- SP on h once cav has ridden its non-cavalry units down, cav included.
local function sp_after_ride(cav, h)
  local n = rules.units.stack_sp(cav)
  for _, v in ipairs(rules.units.field_units_at(h)) do
    if v.id ~= cav.id and rules.units.is_cavalry(v) then n = n + rules.units.stack_sp(v) end
  end
  return n
end

-- The rule a unit breaks by entering h: [4.5.2], or on a fortified hex
-- [12.1.8] (10 SP) / [12.1.9] (2 SP of cavalry).
function M.stacking_rule(u, h)
  if not rules.fortifications.is_fortified(h) then return "4.5.2" end
  if rules.units.hex_sp(h, u) + rules.units.stack_sp(u) > rules.tables.stacking.fortified then return "12.1.8" end
  return "12.1.9"
end

-- Whether "move u [keep]" is accepted now: a plan
-- { from, to, leave, ride, road, cost, pay, bonus, whole }, or nil, rule,
-- message.  Pure: legal_moves lists exactly the moves this accepts.
-- The answers for the game's own units are kept while the position does
-- not change (a memo emptied whenever a unit or a variable changes): a
-- path order's step is judged before it runs and again by the move
-- itself, and the bots judge a unit's move before they propose it.  Only
-- while the rules are frozen (tests may change the tables between two
-- questions); each caller gets a plan of its own.
local check_move_now
local moves_judged = cache("position")
function M.check_move(side, u, keep)
  if getmetatable(u) ~= "unit" or type(side) ~= "string" or (keep ~= nil and type(keep) ~= "string")
     or not frozen() then
    return check_move_now(side, u, keep)
  end
  local key = side .. "\0" .. u.id .. (keep and ("\0+" .. keep) or "\0-")
  local m = moves_judged()
  local a = m[key]
  if not a then
    local plan, rule, why = check_move_now(side, u, keep)
    a = { plan, rule, why }
    m[key] = a
  end
  local p = a[1]
  if not p then return nil, a[2], a[3] end
  return { from = p.from, to = p.to, keep = p.keep, leave = p.leave, ride = p.ride, road = p.road, cost = p.cost,
           pay = p.pay, bonus = p.bonus, whole = p.whole }
end
function check_move_now(side, u, keep)
  local ok, rule, why = check_mover(side, u)
  if not ok then return nil, rule, why end
  local free, brule
  if rawget(u, "planned_mover") then
    -- a planning copy: what banners.may_move reads (the banners the unit
    -- holds, the turn's banner variables) no plan changes; the first
    -- answer is kept on the copy and its successors
    local memo = rawget(u, "banner_memo")
    if not memo then
      memo = { rules.banners.may_move(u) }
      u.banner_memo = memo
    end
    free, brule = memo[1], memo[2]
  else
    free, brule = rules.banners.may_move(u)
  end
  if not free then return no(brule, u.name .. " holds a banner that has moved with another unit this turn") end
  if u.stopped then return no(rules.movement.stop_rule(u), u.name .. " has stopped for this phase") end
  if keep and not rules.charge.has_cf(u) then
    return no("5.6.1", "only cavalry has a charge factor to keep from rising")
  end
  local from = u.hex
  local to = bitwa.hex.neighbour(from, u.facing, true)          -- [4.2.1] the frontal hex
  local plan = { from = from, to = to, keep = keep, leave = nil, ride = nil, road = nil, cost = nil, pay = nil,
                 bonus = nil, whole = nil }
  local cost
  if not bitwa.hex.on_map(to) then
    -- [4.4.1] [4.4.2] off the map across the frontal hexside
    if keep then return no("5.6.12", "leaving the map enters no hex: nothing to keep") end
    plan.leave = true
    cost = sixths(rules.tables.map_edge.leave_mp)
  else
    local side_features = rules.movement.hexside(from, to)
    if side_features.river and not (side_features.bridge or side_features.ford) then
      return no("4.2.7", "a river is crossed only at a bridge or a ford (" .. from.label .. "-" .. to.label .. ")")
    end
    local terrain = bitwa.map.terrain(to)
    if M.impassable[terrain] then return no("4.1.7", to.label .. " (" .. terrain .. ") is impassable") end
    local friends, enemies = occupants(to, u)
    if #enemies > 0 then
      -- [4.2.2] only by riding down [5.8]
      if not rules.units.is_cavalry(u) then
        return no("4.2.2", u.name .. " cannot enter " .. to.label .. ": enemy units are there")
      end
      for _, e in ipairs(enemies) do
        if rules.units.is_cavalry(e) then
          return no("4.2.2", u.name .. " cannot enter " .. to.label .. ": enemy cavalry is there")
        end
      end
      local can, r, w = rules.ride_down.check(u, to, "move", keep)
      if not can then return no(r, w) end
      plan.ride = true
    elseif not rules.units.can_stack(u, to) then
      -- [4.2.3 b] [4.5.2] cavalry may ride friendly non-cavalry units down to enter
      local can = rules.ride_down.can_ride_down(u, to, "move", keep)
      if can and sp_after_ride(u, to) <= rules.tables.stacking.limit then
        plan.ride = true
      else
        return no(rules.movement.stacking_rule(u, to), to.label .. " would hold more SP than the stacking limit allows")
      end
    end
    plan.road = side_features.road == true
    local entry = rules.movement.terrain_cost(u, from, to, side_features)
    if plan.ride then
      local ride = rules.ride_down.cost(u, to)                     -- [5.8.4]
      if bitwa.option("ride_down_cost") == "total" then entry = ride else entry = entry + ride end
    end
    cost = entry + rules.fortifications.move_cost(u, from, to)    -- [12.1.3] [12.1.4]
    -- [4.2.4] a friendly unit stays on the hex (case a)
    for _, f in ipairs(friends) do
      if not (plan.ride and not rules.units.is_cavalry(f)) then
        cost = cost + sixths(rules.tables.stacking.friendly_entry_mp)
        break
      end
    end
    if keep then cost = cost + rules.charge.refuse_cost(u, from, to, keep) end   -- [5.6.12] [4.2.8]
  end
  if u.zoc_pass then cost = cost + sixths(rules.tables.zoc.pass_mp) end     -- [3.3.3]
  plan.cost = cost
  if cost <= u.mp_left then
    plan.pay = cost
  elseif rules.units.arm(u) == "infantry" and plan.road and u.road_move and not u.road_bonus
      and cost <= u.mp_left + road_bonus_mp() then
    plan.bonus = true                                              -- [TERRAIN *] the extra road hex
    plan.pay = u.mp_left
  elseif rules.movement.may_use_whole(u) then
    plan.whole = true                                              -- [4.2.9]
    plan.pay = u.mp_left
  else
    return no("4.1.3", u.name .. " has " .. mp(u.mp_left) .. " MP left; " ..
      (plan.leave and "leaving the map" or ("entering " .. to.label)) .. " costs " .. mp(cost))
  end
  return plan
end

-- Whether "turn u facing" is accepted now: a plan { steps, pay, whole,
-- free }, or nil, rule, message.  Pure.
function M.check_turn(side, u, facing)
  local ok, rule, why = check_mover(side, u)
  if not ok then return nil, rule, why end
  if facing == u.facing then return no("4.3.1", u.name .. " already faces " .. bitwa.hex.facing_name(facing)) end
  if u.turned_here then
    return no("4.3.8", u.name .. " has already turned on " .. u.hex.label .. " in this phase")
  end
  local steps = bitwa.hex.steps(u.facing, facing)
  if u.whole_mp then
    -- [4.2.9] "move by 1 hex and make any turn": the turn after that hex is paid for
    if u.moved then return { steps = steps, pay = 0, free = true } end
    return no("4.2.9", u.name .. " has spent all its MP")
  end
  local cost, r = rules.movement.turn_cost(u, steps)
  if not cost then
    return no(r, u.name .. " has CF " .. rules.charge.cf(u) .. ": it can turn by 60 degrees only")
  end
  if cost <= u.mp_left then return { steps = steps, pay = cost } end
  if rules.movement.may_use_whole(u) then return { steps = steps, pay = u.mp_left, whole = true } end
  return no("4.1.3", u.name .. " has " .. mp(u.mp_left) .. " MP left; turning " .. steps * 60 ..
    " degrees costs " .. mp(cost))
end

---------------------------------------------------------------- entering

-- A unit has entered `to` from `from` ("move", "retreat", "pursuit",
-- "countercharge", "advance"; from = nil when placed from off the map):
-- its charge factor [5.6] and the terrain's disorganization [4.2.5]
-- [4.2.6], off the road, in every kind of entry (A-010).  Leaders are
-- never disorganized (8.1.8); stacking with a leader (9.1.3) is
-- condition.disorganize's to judge.
function M.on_enter(u, from, to, how, keep)
  rules.charge.on_enter(u, from, to, how, keep)
  if not u:alive() or not rules.units.is_field(u) or rules.movement.along_road(from, to) then return end
  local arm = rules.units.is_cavalry(u) and "cavalry" or "infantry"
  if M.disorganizing[arm][bitwa.map.terrain(to)] then
    rules.condition.disorganize(u, arm == "cavalry" and "4.2.5" or "4.2.6")
  end
end

-- [3.3.2] [3.3.3] u has entered a hex: in an enemy ZoC it stops, unless
-- its CF is above the highest CF of the enemies whose ZoC it entered by
-- more than 1 (A-009); then the next hex costs 1 MP more.  Leaders ignore
-- ZoC [8.1.3].
function M.zoc_entry(u)
  if rules.units.is_leader(u) then return end
  local covering = rules.zoc.enemies_covering(u.hex, u.side)
  if #covering == 0 then return end
  local top = 0
  for _, e in ipairs(covering) do top = math.max(top, rules.charge.cf(e)) end
  if rules.charge.cf(u) - top > rules.tables.zoc.pass_cf_margin then
    u.zoc_pass = true
    bitwa.note(u.name .. " passes through the enemy ZoC at " .. u.hex.label .. " (3.3.3)")
  else
    rules.movement.stop(u, "3.3.2")
  end
end

-- What a unit finds on the hex it entered: fallen banners it picks up
-- (7.1.6) and lone enemy leaders, who are killed (8.2.6).
local function meet_leaders(u, h)
  if not rules.units.is_field(u) then return end
  rules.banners.entered(u, h)
  if u:alive() and #rules.units.leaders_at(h, rules.units.enemy(u.side)) > 0 then rules.leaders.enemy_entered(u, h) end
end
M.meet_leaders = meet_leaders

-- A unit of the phasing side starts to act: in a cavalry movement phase the
-- enemy may countercharge it before it moves (5.7.11 example, A-036).
-- Returns false when the unit can no longer act.
local function begin(u)
  if bitwa.var("movement.mover") == u.id then return true end
  bitwa.set_var("movement.mover", u.id)
  if rules.phases.arm() ~= "cavalry" then return true end
  local stopped = u.stopped
  rules.reactions.window(u, "step")
  return u:alive() and u.hex ~= nil and (stopped or not u.stopped)
end

-- [4.4.1] [4.4.2] u leaves the map (how: "move", "pursuit"); 4.4.3 counts
-- its return from the turn and the way it left.
function M.leave_map(u, how)
  u.off_map = bitwa.turn()
  u.left_phase = how
  u.left_at = u.hex
  bitwa.note(u.name .. " leaves the map from " .. u.hex.label .. " (" .. how .. ", 4.4.1)")
  rules.units.place(u, nil)
end

---------------------------------------------------------------- actions

-- move UNIT [keep]
function M.move(side, u, keep)
  local plan, rule, why = rules.movement.check_move(side, u, keep)
  if not plan then refuse(rule, why) end
  -- the unit's first action of the phase may open a reaction window
  -- (begin): the move is judged again after it.  A unit that is the
  -- mover already begins nothing, and the same check of the same game
  -- gives the same plan.
  if bitwa.var("movement.mover") ~= u.id then
    if not begin(u) then return end
    plan, rule, why = rules.movement.check_move(side, u, keep)
    if not plan then
      bitwa.note(u.name .. " does not move: " .. rule .. ": " .. why)
      return
    end
  end
  rules.fortifications.on_move(u)
  u.mp_left = u.mp_left - plan.pay
  u.moved = true
  if rules.units.is_leader(u) then rules.fatigue.mark_active(u) end    -- [14.1.3] he moved
  if plan.bonus then u.road_bonus = true end
  if plan.whole then u.whole_mp = true end
  if u.zoc_pass then u.zoc_pass = false end
  if plan.leave then
    rules.movement.leave_map(u, "move")
    return
  end
  if not plan.road and u.road_move then u.road_move = false end
  if plan.ride and not rules.ride_down.attempt(u, plan.to, "move", plan.from, keep) then return end   -- [5.8]
  rules.units.place(u, plan.to)
  if u.turned_here then u.turned_here = false end
  rules.movement.on_enter(u, plan.from, plan.to, "move", keep)
  if not u:alive() or not u.hex then return end
  if plan.ride then rules.ride_down.after_enter(u, plan.to, "move") end
  if plan.whole and u.cf ~= rules.tables.movement.one_hex_move_cf then
    u.cf = rules.tables.movement.one_hex_move_cf                            -- [4.2.9]
  end
  rules.movement.zoc_entry(u)
  meet_leaders(u, plan.to)
  if u:alive() and u.hex then rules.reactions.window(u, "step") end
end

-- turn UNIT FACING
function M.turn(side, u, facing)
  local plan, rule, why = rules.movement.check_turn(side, u, facing)
  if not plan then refuse(rule, why) end
  if bitwa.var("movement.mover") ~= u.id then          -- (as in move)
    if not begin(u) then return end
    plan, rule, why = rules.movement.check_turn(side, u, facing)
    if not plan then
      bitwa.note(u.name .. " does not turn: " .. rule .. ": " .. why)
      return
    end
  end
  u.mp_left = u.mp_left - plan.pay
  if plan.whole then u.whole_mp = true end                         -- [4.2.9] (CF 0: the turn)
  u.facing = facing
  u.turned_here = true
  rules.charge.on_turn(u, plan.steps, "move")                     -- [5.6.3]
  if u:alive() and u.hex then rules.reactions.window(u, "step") end
end

---------------------------------------------------------------- reach

-- The fields of a mover that its moves and turns change in a phase: a
-- path is searched on a copy of them over the unit (reach).
local MOVER_FIELDS = { "hex", "facing", "mp_left", "moved", "turned_here", "road_move", "road_bonus",
                       "stopped", "whole_mp", "zoc_pass", "cf" }

-- Whether entering `to` from `from` ends a path there: the hex may
-- disorganize u [4.2.5] [4.2.6], stops it in an enemy ZoC [3.3.2], or holds
-- a lone enemy leader it would kill [8.2.6].  (A path is a plan: what the
-- entry really does is the move's own business.)
function M.path_ends(u, from, to)
  if rules.units.is_field(u) and not rules.movement.along_road(from, to) then
    local arm = rules.units.is_cavalry(u) and "cavalry" or "infantry"
    if M.disorganizing[arm][rules.fortifications.terrain(to)] then return true end
  end
  if rules.units.is_field(u) and #rules.units.leaders_at(to, rules.units.enemy(u.side)) > 0 then return true end
  return false
end

-- A copy of u's movement fields over u (reads of any other field go to
-- u): the rules' checks judge it as they judge u, as the mover of the
-- phase.  Plans are made on copies (reach, the bots); nothing changes.
-- (the copies are made whole by one constructor: MOVER_FIELDS spelled
-- out, so that the table is made at its size at once)
function M.planned(u)
  return setmetatable({
    planned_mover = true, mover_memo = nil, zoc_memo = nil, banner_memo = nil,
    hex = u.hex, facing = u.facing, mp_left = u.mp_left, moved = u.moved, turned_here = u.turned_here,
    road_move = u.road_move, road_bonus = u.road_bonus, stopped = u.stopped, whole_mp = u.whole_mp,
    zoc_pass = u.zoc_pass, cf = u.cf,
  }, { __index = u })
end

local function copy_of(s)
  return setmetatable({
    planned_mover = true, mover_memo = rawget(s, "mover_memo"), zoc_memo = rawget(s, "zoc_memo"),
    banner_memo = rawget(s, "banner_memo"),
    hex = s.hex, facing = s.facing, mp_left = s.mp_left, moved = s.moved, turned_here = s.turned_here,
    road_move = s.road_move, road_bonus = s.road_bonus, stopped = s.stopped, whole_mp = s.whole_mp,
    zoc_pass = s.zoc_pass, cf = s.cf,
  }, getmetatable(s))
end

-- The copy s of a mover after "move" by check_move's plan (the changes
-- of M.move that later checks read: MP, CF, the road, ZoC [3.3.2]
-- [3.3.3]); a new copy.
function M.planned_move(s, plan)
  local n = copy_of(s)
  n.mp_left = s.mp_left - plan.pay
  n.moved = true
  if plan.bonus then n.road_bonus = true end
  if plan.whole then n.whole_mp = true end
  n.zoc_pass = false
  if not plan.road then n.road_move = false end
  n.hex = plan.to
  n.turned_here = false
  if rules.charge.has_cf(s) then
    n.cf = rules.charge.cf_after_enter(s, plan.from, plan.to, "move", plan.keep)
    if plan.whole then n.cf = rules.tables.movement.one_hex_move_cf end
  end
  if not rules.units.is_leader(s) then
    local covering = rules.zoc.enemies_covering(plan.to, s.side)
    if #covering > 0 then
      local top = 0
      for _, e in ipairs(covering) do top = math.max(top, rules.charge.cf(e)) end
      if rules.charge.has_cf(s) and (n.cf or 0) - top > rules.tables.zoc.pass_cf_margin then
        n.zoc_pass = true
      else
        n.stopped = true
      end
    end
  end
  return n
end

-- The copy s after "turn" to facing f by check_turn's plan tp [4.3]
-- [5.6.3]; a new copy.
function M.planned_turn(s, tp, f)
  local n = copy_of(s)
  n.mp_left = s.mp_left - tp.pay
  if tp.whole then n.whole_mp = true end
  n.facing = f
  n.turned_here = true
  if rules.charge.has_cf(s) and rules.charge.turn_loses_cf(s, tp.steps, "move") then
    n.cf = rules.tables.charge.min
  end
  return n
end

local own_planned_turn, own_planned_move = M.planned_turn, M.planned_move
local own_check_move, own_check_turn, own_terrain_cost, own_turn_cost, own_may_use_whole =
  M.check_move, M.check_turn, M.terrain_cost, M.turn_cost, M.may_use_whole
local own_arith_turn_cost = rules.arith.turn_cost

-- What reach's search needs of the tables for an arm: the least MP
-- (sixths) any hex entry costs (the lowest TERRAIN INFLUENCE cost of the
-- arm: the search toward a hex never overestimates), and whether none of
-- the costs a step of that arm pays is negative (terrain, turns, a
-- friendly unit on the hex, passing an enemy ZoC).  Kept per tables and
-- arm while the tables are read-only.
local reach_costs = cache()   -- rules.tables -> arm -> { least, nonnegative } (a memo: emptied when another game is played)
local function costs_of(arm)
  local TT = rules.tables
  local least, nonneg = nil, true
  for _, name in ipairs(TT.terrain_rows) do
    local row = TT.terrain[name]
    local v = row and row[arm]
    if v == nil then
      -- (no cost for this arm)
    elseif row.on == "hex" or name == "road" then
      local c = sixths(v)
      if c < 0 then nonneg = false end
      if not least or c < least then least = c end
    elseif not (math.type(v) == "integer" or type(v) == "table") or sixths(v) < 0 then
      nonneg = false     -- (a cost added to an entry, a stream or a slope, that is not a count of MP at or above 0)
    end
  end
  for _, k in ipairs { "base", "horse_archer_base", "cf_plus", "infantry", "zoc" } do
    local v = TT.turn[k]
    if v ~= nil and sixths(v) < 0 then nonneg = false end
  end
  if sixths(TT.stacking.friendly_entry_mp) < 0 or sixths(TT.zoc.pass_mp) < 0 then nonneg = false end
  return { math.max(least or 0, 0), nonneg }
end
local function reach_costs_of(u)
  local arm = rules.units.arm(u)
  if not frozen() then return costs_of(arm) end
  local TT = rules.tables
  local m = reach_costs[TT]
  if not m then m = {}; reach_costs[TT] = m end
  local c = m[arm]
  if not c then c = costs_of(arm); m[arm] = c end
  return c
end

-- Whether every step of a path pays its MP as this module reckons them,
-- none below 0 (c: reach_costs_of(u)): its own checks, costs and plans
-- and fortifications' own move_cost, over tables whose costs are not
-- negative.  Then an entry into a hex pays c[1] or more, except the last
-- step of a path, which may pay whatever MP are left ([4.2.9] the whole
-- MP, [TERRAIN *] the extra road hex: both leave none), and no turn
-- gives MP back: M.reach's bound.
local function costs_bounded(c)
  local MV = rules.movement
  if MV.check_move ~= own_check_move or MV.check_turn ~= own_check_turn or MV.terrain_cost ~= own_terrain_cost
     or MV.turn_cost ~= own_turn_cost or MV.may_use_whole ~= own_may_use_whole
     or MV.planned_move ~= own_planned_move or MV.planned_turn ~= own_planned_turn
     or rules.arith.turn_cost ~= own_arith_turn_cost or not c[2] then
    return false
  end
  local F = rules.fortifications
  return F.move_cost_nonnegative ~= nil and F.move_cost_nonnegative() == true
end

--[[
movement.reach(side, u [, to, facing]): the places u can reach now in
this phase by its own moves ("move UNIT") and turns ("turn UNIT FACING"),
the cheapest way to each hex and facing: { hex, facing, cost (MP in
sixths), path = { { line, hex, facing }... } } (the engine's path orders,
lua/engine/paths.lua), or nil, rule, message when u cannot move now.
With `to` (and `facing`) the search goes toward it first (A*: MP spent
plus the least cost of the hexes left) and stops once the cheapest way
there is known.  Every step is judged by check_move and check_turn on a
copy of the unit's movement fields (M.planned); a path ends where an
entry may disorganize the unit, stops it in an enemy ZoC, or kills a lone
enemy leader, and never rides down, leaves the map or keeps the CF.  The
reactions a step opens are not foreseen: the path order stops where the
rules stop the unit.
--]]
function M.reach(side, u, to, facing_)
  local ok, rule, why = check_mover(side, u)
  if not ok then return nil, rule, why end
  if not u.hex then return nil, "4.4.3", u.name .. " is off the map" end
  local costs = to and reach_costs_of(u)
  local least = costs and costs[1] or 0
  local distance = bitwa.hex.distance
  -- the open list: bitwa.heap, least estimate first and, among equal
  -- estimates, the entry pushed first (a total order: the same result
  -- every time).  An entry is { state, cost, parent entry, step, ends,
  -- plan, facing turned to }; a path is made (from the parents) only for
  -- a place listed.  With this module's own planned_move and planned_turn
  -- (lazy), an entry's state is made only when it comes out of the open
  -- list and its place is not done yet (most entries never come out):
  -- its cost and hex are known from the plan (the MP it pays; the hex
  -- entered, or the same hex turned), so the estimates and the order are
  -- the same; the copies are made from the same parent, which nothing
  -- changes meanwhile.
  local heap = bitwa.heap()
  local hpush, hpop = heap.push, heap.pop
  -- [the bound] with `to`, a place from which `to` is out of reach is
  -- not pushed: D hexes from `to` (D >= 2), every way there enters D
  -- hexes, all but the last paying `least` or more (costs_bounded),
  -- so a place with fewer than (D - 1) x least MP left never gets there.
  -- Leaving such places out changes neither the order of the others (the
  -- heap's order is by estimate, then by push) nor which of them comes
  -- out first at a place: of two entries at one place, the later one has
  -- no more MP left than the earlier, so when the earlier is left out the
  -- later is too.  The way found to `to`, and its cost, are the same; the
  -- places listed before it are fewer when it cannot be reached.
  local mp0 = u.mp_left
  local bound = to and least > 0 and costs_bounded(costs)
  local left = {}        -- hex -> the least MP left to `to` (hexes are interned; the grid does not change)
  local function push(e, hex)
    if to then
      local l = left[hex]
      if not l then l = distance(hex, to) * least; left[hex] = l end
      if bound and mp0 - e[2] + least < l then return end     -- (the MP left < (D - 1) x least)
      hpush(heap, e[2] + l, e)
    else
      hpush(heap, e[2], e)
    end
  end
  local function path_of(e)
    local len, x = 0, e
    while x[4] do len = len + 1; x = x[3] end
    local p = {}
    x = e
    for i = len, 1, -1 do p[i] = x[4]; x = x[3] end
    return p
  end
  local to_label = to and to.label
  local MV = rules.movement
  local check_move, check_turn, planned_move, planned_turn, path_ends =
    MV.check_move, MV.check_turn, MV.planned_move, MV.planned_turn, MV.path_ends
  local turn = bitwa.hex.turn
  local prune = planned_turn == own_planned_turn
  local lazy = prune and planned_move == own_planned_move
  local name = u.name
  local move_line, turn_lines = "move " .. name, {}
  for f = 0, 5 do turn_lines[f] = "turn " .. name .. " " .. bitwa.hex.facing_name(f) end
  local out, best, done = {}, {}, {}
  local s0 = MV.planned(u)
  push({ s0, 0, nil, nil, false }, s0.hex)
  while true do
    local e = hpop(heap)
    if e == nil then break end
    local s = e[1]
    local hex, facing, turned
    if s then
      hex, facing, turned = s.hex, s.facing, s.turned_here
    else
      -- a lazy entry: where it stands, from its parent and plan
      local ps, f = e[3][1], e[7]
      if f then hex, facing, turned = ps.hex, f, true
      else hex, facing, turned = e[6].to, ps.facing, false end
    end
    -- done and best by hex: bits per facing (and whether it turned there)
    local bit = 1 << (facing * 2 + (turned and 1 or 0))
    local dh = done[hex] or 0
    if dh & bit == 0 then
      done[hex] = dh | bit
      if not s then
        local ps, plan, f = e[3][1], e[6], e[7]
        if f then
          s = planned_turn(ps, plan, f)
          e[4] = { line = turn_lines[f], hex = s.hex, facing = s.facing }
        else
          s = planned_move(ps, plan)
          e[4] = { line = move_line, hex = s.hex, facing = s.facing }
          e[5] = s.stopped or path_ends(ps, plan.from, plan.to)
        end
        e[1] = s
      end
      local fbit = 1 << facing
      local bh = best[hex] or 0
      if bh & fbit == 0 then
        best[hex] = bh | fbit
        out[#out + 1] = { hex = hex, facing = facing, cost = e[2], path = path_of(e) }
        if to and hex.label == to_label and (facing_ == nil or facing_ == facing) then return out end
      end
      if not e[5] then
        local plan = check_move(side, s)
        if plan and not plan.leave and not plan.ride then
          if lazy then
            push({ false, mp0 - (s.mp_left - plan.pay), e, nil, false, plan, false }, plan.to)
          else
            local nx = planned_move(s, plan)
            push({ nx, mp0 - nx.mp_left, e, { line = move_line, hex = nx.hex, facing = nx.facing },
                   nx.stopped or path_ends(s, plan.from, plan.to) }, nx.hex)
          end
        end
        if not s.turned_here then
          -- a turn by n x 60 degrees costs the same either way [4.3].  A
          -- place already done (this hex, that facing, turned here) is
          -- not pushed again: it would come out later and be passed over,
          -- so the places listed and their order are the same (when the
          -- turned copy is this module's own: it stays on the hex, turned)
          local p1, p2, p3
          local dturned = prune and (done[hex] or 0) or 0
          for steps = 1, 5 do
            local f = turn(facing, steps)
            local tp
            if dturned & (1 << (f * 2 + 1)) ~= 0 then
              tp = false
            elseif steps == 1 or steps == 5 then
              if p1 == nil then p1 = check_turn(side, s, f) or false end
              tp = p1
            elseif steps == 2 or steps == 4 then
              if p2 == nil then p2 = check_turn(side, s, f) or false end
              tp = p2
            else
              if p3 == nil then p3 = check_turn(side, s, f) or false end
              tp = p3
            end
            if tp then
              if lazy then
                push({ false, mp0 - (s.mp_left - tp.pay), e, nil, false, tp, f }, hex)
              else
                local nx = planned_turn(s, tp, f)
                push({ nx, mp0 - nx.mp_left, e, { line = turn_lines[f], hex = nx.hex, facing = nx.facing }, false },
                     nx.hex)
              end
            end
          end
        end
      end
    end
  end
  return out
end

-- Argument lists of every move the side may make now.
function M.legal_moves(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex and rules.movement.check_move(side, u) then out[#out + 1] = { u.name } end
    if u.hex and rules.charge.has_cf(u) and rules.movement.check_move(side, u, "keep") then
      out[#out + 1] = { u.name, "keep" }
    end
  end
  return out
end

function M.legal_turns(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex and check_mover(side, u) then
      for steps = 1, 5 do
        local f = bitwa.hex.turn(u.facing, steps)
        if rules.movement.check_turn(side, u, f) then out[#out + 1] = { u.name, bitwa.hex.facing_name(f) } end
      end
    end
  end
  return out
end

return M
