-- [4.0] Movement and [5.2] the ZoC's effect on it, with the commanders'
-- own movement [9.13]-[9.15].  A unit moves one hex at a time into its
-- frontal hex ("move UNIT", A-087: the direction of 4.21 is the facing,
-- changed by turning) and turns in place ("turn UNIT FACING").  MP are
-- kept in halves (mp_left), because the road costs cavalry 1/2 MP.
-- Variables: "stop.<id>" (the rule that stopped a unit), "cross.<id>" (the
-- unit entered a hex of its own units this phase and would cross them on
-- leaving, 4.28-4.29).
local M = {}

local function T() return rules.tables end
local function U() return rules.units end

-- [4.22] a unit's MP come back at the start of its own movement phase
-- (commanders: 10 hexes, 9.13).
function M.refresh(u)
  if U().is_commander(u) then u.mp_left = T().commander_move
  else u.mp_left = 2 * u.mp end
  u.moved = false
  u.stopped = false
  u.on_road = true
  u.zoc_start = u.hex ~= nil and U().is_field(u) and rules.zoc.in_enemy_zoc(u.hex, u.side)
  bitwa.set_var("stop." .. u.id, nil)
  bitwa.set_var("cross." .. u.id, nil)
end

function M.stop(u, rule)
  u.stopped = true
  bitwa.set_var("stop." .. u.id, rule)
end

local function check_mover(side, u)
  if u.side ~= side then refuse("4.21", u.name .. " is not " .. side .. "'s unit") end
  if u.hex == nil then refuse("4.21", u.name .. " is not on the map") end
  if U().is_marker(u) then refuse("11.11", u.name .. " is a marker; it does not move by itself") end
end

-- The hexside features crossed going from `from` to the adjacent `to`.
function M.hexside(from, to) return bitwa.map.edge(from, bitwa.hex.direction(from, to)) end

-- [4.41] [4.51] [4.52] [4.46] The cost in halves of an MP for u to enter
-- `to` from the adjacent `from`, or nil, rule, reason when it may not.
-- A road across the hexside replaces the terrain's cost (the terrain
-- table's "road" row) and lets cavalry into a swamp (4.46).  Terrain the
-- table does not list (orchards, hills) costs as clear ground (NOTES.md).
function M.enter_cost(u, from, to)
  local edge = rules.movement.hexside(from, to)
  local arm = U().arm(u)
  if edge.river and not edge.bridge and not edge.ford then
    return nil, "4.52", "a river is crossed only at a bridge or a ford"
  end
  local terr = bitwa.map.terrain(to)
  local cost
  if edge.road then
    cost = T().enter_halves("road", arm)
  else
    if T().terrain[terr] and T().terrain[terr].prohibited then
      return nil, "4.46", terr .. " is entered only along a road (the terrain table: prohibited)"
    end
    cost = T().enter_halves(T().terrain[terr] and terr or "clear", arm)
  end
  if edge.stream and not edge.bridge and not edge.road then cost = cost + 2 * T().terrain.stream[arm] end
  if edge.slope and not edge.road then cost = cost + 2 * T().terrain.slope[arm] end
  if edge.ford then cost = cost + 2 * bitwa.option("ford_cost") end
  return cost
end

-- [4.53] whether u may spend all its MP for one hex or one turn it cannot
-- afford: only before it has moved in this phase.
local function whole_mp(u) return not u.moved end

-- What "move UNIT" would do, or a refusal: { off = true } (4.31) or
-- { to =, cost =, stop = rule | nil, joins = bool }.  Changes nothing.
function M.plan_move(side, u)
  check_mover(side, u)
  if U().is_commander(u) then refuse("9.13", "a commander moves with: lead " .. u.name .. " HEX") end
  if U().is_artillery(u) and u.fired then refuse("13.17", u.name .. " fired in the artillery phase: it does not move") end
  if u.stopped then refuse(bitwa.var("stop." .. u.id) or "5.21", u.name .. " may not move on in this phase") end
  local from = u.hex
  local to = bitwa.hex.neighbour(from, u.facing, true)
  if not bitwa.hex.on_map(to) then return { off = true } end
  -- [4.28] [4.29] leaving a hex of own units entered in this phase crosses them
  local crossing = 0
  if bitwa.var("cross." .. u.id) then
    local others = 0
    for _, o in ipairs(U().field_units_at(from)) do if o.id ~= u.id then others = others + o.sp end end
    if others > 0 then
      if not (u.sp == 1 and others == 1) then
        refuse("4.28", u.name .. " may not cross its own units (only 1 SP through 1 SP)")
      end
      crossing = 2
    end
  end
  for _, o in ipairs(U().field_units_at(to)) do
    if o.side ~= u.side then refuse("4.28", u.name .. " may not enter " .. to.label .. ": enemy units") end
  end
  for _, o in ipairs(U().field_units_at(to)) do
    if o.side == u.side and o.kind == "pikes" then refuse("15.14", u.name .. " may not pass through " .. o.name .. "'s pikes") end
  end
  local wr, wwhy = rules.markers.wagon_blocks(u, to)
  if wr then refuse(wr, wwhy) end
  local joins = #U().field_units_at(to) > 0
  if joins then
    local okj = U().may_join(u, to)
    if not okj then
      refuse("4.28", u.name .. " may not enter " .. to.label .. ": its own units there (4.27: at most " ..
        T().stacking .. " SP a hex)")
    end
  end
  local cost, rule, why = rules.movement.enter_cost(u, from, to)
  if not cost then refuse(rule, why) end
  cost = cost + crossing
  local stop
  if cost > u.mp_left then
    if not whole_mp(u) then
      refuse("4.23", u.name .. " has " .. (u.mp_left / 2) .. " MP left, " .. to.label .. " costs " .. (cost / 2))
    end
    cost = u.mp_left   -- [4.53] one hex for all its MP
    stop = "4.53"
  end
  -- [5.21] [5.22] entering an enemy ZoC costs nothing more and stops the unit
  local own_stop = stop
  if rules.zoc.in_enemy_zoc(to, u.side) then stop = "5.21" end
  return { to = to, cost = cost, stop = stop, joins = joins, own_stop = own_stop }
end

function M.move(side, u)
  local p = rules.movement.plan_move(side, u)
  -- [6.66] the enemy may react as the unit begins to move
  if not u.moved and not p.off then
    rules.reactions.window(u)
    if not u:alive() or u.hex == nil or u.stopped then return end
    p = rules.movement.plan_move(side, u)
  end
  if p.off then
    -- [4.31] leaving the battlefield
    U().eliminate(u, "4.31", "left the battlefield")
    return
  end
  local from, to, cost = u.hex, p.to, p.cost
  u.hex = to
  u.mp_left = u.mp_left - cost
  u.moved = true
  bitwa.set_var("moved.any." .. side, true)
  rules.markers.entered(u, to)
  u.on_road = u.on_road and rules.movement.hexside(from, to).road == true
  bitwa.set_var("cross." .. u.id, p.joins or nil)
  if p.stop then M.stop(u, p.stop) end
  rules.reactions.window(u)
end

-- [11.16] [11.13] option wagons = "carried" (A-103): "haul UNIT" moves an
-- infantry or artillery unit standing on its side's wagon one hex into its
-- frontal hex as "move" does, and the wagon with it; "units moving with
-- wagons ignore enemy ZoC": entering one does not stop it.  A hex holds one
-- wagon.  With wagons = "static" wagons never move.  Returns the plan of
-- plan_move and the wagon, or a refusal.
function M.plan_haul(side, u)
  check_mover(side, u)
  if bitwa.option("wagons") ~= "carried" then
    refuse("11.16", "wagons stay where the scenario puts them (option wagons = 'static', A-103)")
  end
  local w = rules.markers.wagon_at(u.hex, side)
  if not w then refuse("11.16", u.name .. " stands on no wagon of its side") end
  if not (U().is_infantry(u) or U().is_artillery(u)) then refuse("11.13", "only infantry or artillery stand on a wagon") end
  local p = rules.movement.plan_move(side, u)
  if p.off then refuse("11.16", "a wagon does not leave the battlefield") end
  if rules.markers.wagon_at(p.to) then refuse("11.16", p.to.label .. " holds a wagon already") end
  p.stop = p.own_stop                                   -- [11.16] no 5.21 stop
  return p, w
end

function M.haul(side, u)
  local p, w = rules.movement.plan_haul(side, u)
  if not u.moved then
    rules.reactions.window(u)
    if not u:alive() or u.hex == nil or u.stopped then return end
    p, w = rules.movement.plan_haul(side, u)
  end
  local from, to = u.hex, p.to
  u.hex = to
  w.hex = to
  u.mp_left = u.mp_left - p.cost
  u.moved = true
  bitwa.set_var("moved.any." .. side, true)
  bitwa.note(u.name .. " moves to " .. to.label .. " with its wagon " .. w.name .. " (11.16)")
  rules.markers.entered(u, to)
  u.on_road = u.on_road and rules.movement.hexside(from, to).road == true
  bitwa.set_var("cross." .. u.id, p.joins or nil)
  if p.stop then M.stop(u, p.stop) end
  rules.reactions.window(u)
end

-- Whether hex h of u's has a road across one of its hexsides.
local function road_hex(h)
  for d = 0, 5 do if bitwa.map.has_edge(h, d, "road") then return true end end
  return false
end

-- [4.43]-[4.47] [4.54] [5.23] The cost in halves of u turning to `facing`,
-- or nil, rule, reason.
function M.turn_cost(u, facing)
  local steps = bitwa.hex.steps(u.facing, facing)
  if steps == 0 then return nil, "4.43", u.name .. " already faces " .. bitwa.hex.facing_name(facing) end
  if rules.zoc.in_enemy_zoc(u.hex, u.side) then
    -- [4.45] no turning in an enemy ZoC, but [5.23] cavalry that begins its
    -- phase there may turn before it moves, at the 5.23 costs, no terrain
    if U().is_cavalry(u) and u.zoc_start and not u.moved then
      return 2 * T().cavalry_turn_in_zoc[steps], "5.23"
    end
    return nil, "4.45", u.name .. " may not turn in an enemy ZoC"
  end
  if not U().is_cavalry(u) then return 2 * T().infantry_turn, "4.47" end
  local cost = T().cavalry_turn[steps]
  if road_hex(u.hex) then
    -- [4.54] a unit travelling along a road turns to follow it for nothing
    -- (H-05); other turns on a road pay no terrain (4.44)
    if u.moved and u.on_road and bitwa.map.has_edge(u.hex, facing, "road") then return 0, "4.54" end
    return 2 * cost, "4.44"
  end
  -- [4.44] the terrain's cost is added, except in clear terrain
  local terr = bitwa.map.terrain(u.hex)
  local row = T().terrain[terr]
  if row and terr ~= "clear" and row.cavalry then
    local add = row.cavalry
    if terr == "forest" and bitwa.option("forest_turn_cost") == "example" then add = T().example_forest_turn_terrain end
    cost = cost + add
  end
  return 2 * cost, "4.43"
end

-- What "turn UNIT FACING" would cost, or a refusal: cost, stop rule | nil.
function M.plan_turn(side, u, facing)
  check_mover(side, u)
  if U().is_commander(u) then refuse("9.12", "a commander has no ZoC and no facing to turn") end
  if U().is_artillery(u) and u.fired then refuse("13.17", u.name .. " fired in the artillery phase: it does not move") end
  if u.stopped then refuse(bitwa.var("stop." .. u.id) or "5.21", u.name .. " may not act again in this phase") end
  local cost, rule, why = rules.movement.turn_cost(u, facing)
  if not cost then refuse(rule, why) end
  if cost > u.mp_left then
    if not whole_mp(u) then
      refuse("4.23", u.name .. " has " .. (u.mp_left / 2) .. " MP left, the turn costs " .. (cost / 2))
    end
    return u.mp_left, "4.53"   -- [4.53] a turn for all its MP
  end
  return cost
end

function M.turn(side, u, facing)
  local cost, stop = rules.movement.plan_turn(side, u, facing)
  if stop then M.stop(u, stop) end
  u.facing = facing
  u.mp_left = u.mp_left - cost
  u.moved = true
  bitwa.set_var("moved.any." .. side, true)
  rules.reactions.window(u)
end

-- [5.24] Back away: a unit in an enemy ZoC spends all its MP to step into
-- one of its back-zone hexes, outside enemy ZoC and empty of units of
-- either side, and may then turn for free.
function M.plan_back(side, u, h)
  check_mover(side, u)
  if not U().is_field(u) then refuse("5.24", u.name .. " is not a unit") end
  if not rules.zoc.in_enemy_zoc(u.hex, u.side) then refuse("5.24", u.name .. " is not in an enemy ZoC") end
  if u.moved then refuse("5.24", u.name .. " has already moved: backing away takes all its MP") end
  local behind = false
  for _, r in ipairs(bitwa.hex.rear_area(u.hex, u.facing)) do if r == h then behind = true end end
  if not behind then refuse("5.24", h.label .. " is not in " .. u.name .. "'s back zone") end
  if rules.zoc.in_enemy_zoc(h, u.side) then refuse("5.24", h.label .. " is in an enemy ZoC") end
  if #U().field_units_at(h) > 0 then refuse("5.24", h.label .. " holds a unit") end
  local cost, rule, why = rules.movement.enter_cost(u, u.hex, h)
  if not cost then refuse(rule, why) end
  return true
end

function M.back(side, u, h, facing)
  rules.movement.plan_back(side, u, h)
  u.hex = h
  u.mp_left = 0
  u.moved = true
  bitwa.set_var("moved.any." .. side, true)
  if facing then u.facing = facing end
  M.stop(u, "5.24")
end

-- [9.13]-[9.15] A commander moves up to 10 hexes, one at a time, terrain
-- not counting; alone he ignores enemy ZoC; entering a hex of enemy units
-- or terrain forbidden to cavalry kills him.
function M.lead(side, c, h)
  check_mover(side, c)
  if not U().is_commander(c) then refuse("9.13", c.name .. " is not a commander") end
  if bitwa.hex.distance(c.hex, h) ~= 1 then refuse("9.13", "a commander moves one hex at a time") end
  if c.mp_left < 1 then refuse("9.13", c.name .. " has moved his " .. T().commander_move .. " hexes") end
  c.mp_left = c.mp_left - 1
  local from = c.hex
  c.hex = h
  for _, o in ipairs(U().field_units_at(h)) do
    if o.side ~= side then
      U().eliminate(c, "9.15", "entered a hex of enemy units")
      return
    end
  end
  local edge = rules.movement.hexside(from, h)
  local terr = bitwa.map.terrain(h)
  if (edge.river and not edge.bridge and not edge.ford) or
     (not edge.road and T().terrain[terr] and T().terrain[terr].prohibited) then
    U().eliminate(c, "9.15", "entered terrain forbidden to cavalry")
    return
  end
end

---------------------------------------------------------------- legal lists

local function movers(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil and not U().is_marker(u) then out[#out + 1] = u end
  end
  return out
end

function M.legal_moves(side)
  local out = {}
  for _, u in ipairs(movers(side)) do
    if U().is_field(u) and bitwa.check(rules.movement.plan_move, side, u) then out[#out + 1] = { u.name } end
  end
  return out
end

function M.legal_turns(side)
  local out = {}
  for _, u in ipairs(movers(side)) do
    if U().is_field(u) then
      for f = 0, 5 do
        if f ~= u.facing and bitwa.check(rules.movement.plan_turn, side, u, f) then
          out[#out + 1] = { u.name, bitwa.hex.facing_name(f) }
        end
      end
    end
  end
  return out
end

function M.legal_hauls(side)
  local out = {}
  if bitwa.option("wagons") ~= "carried" then return out end
  for _, u in ipairs(movers(side)) do
    if U().is_field(u) and bitwa.check(rules.movement.plan_haul, side, u) then out[#out + 1] = { u.name } end
  end
  return out
end

function M.legal_backs(side)
  local out = {}
  for _, u in ipairs(movers(side)) do
    if U().is_field(u) then
      for _, h in ipairs(bitwa.hex.rear_area(u.hex, u.facing)) do
        if bitwa.hex.on_map(h) and bitwa.check(rules.movement.plan_back, side, u, h) then out[#out + 1] = { u.name, h.label } end
      end
    end
  end
  return out
end

function M.legal_leads(side)
  local out = {}
  for _, c in ipairs(bitwa.units { side = side, kind = "commander" }) do
    if c.hex ~= nil and c.mp_left > 0 then
      for _, h in ipairs(bitwa.hex.neighbours(c.hex)) do
        local safe = true
        for _, o in ipairs(U().field_units_at(h)) do if o.side ~= side then safe = false end end
        if safe then out[#out + 1] = { c.name, h.label } end
      end
    end
  end
  return out
end

return M
