-- [8] Leaders: their CMs in combat [8.2.1]-[8.2.3], death rolls
-- [8.2.4]-[8.2.5], deaths when alone [8.2.6]-[8.2.7] and what a death
-- costs [8.1.4]-[8.1.6], [6.1.6]-[6.1.7].  Retreat with the stack [8.1.7]
-- is retreat.leader_retreat.
local M = {}

local function T() return rules.tables end
local function U() return rules.units end

-- [8.1.5] Whether l is a grand leader: the counter's (the scenario's
-- `grand`).  Legnica makes every range-3 leader one.
function M.is_grand(l) return l.grand end

-- A leader's command range: the scenario's `range`, else the counter's
-- (grand leader 3, leader 2).
function M.range(l)
  if l.range and l.range > 0 then return l.range end
  return l.grand and T().leaders.range.grand_leader or T().leaders.range.leader
end

-- The leaders of `side` on the map, in id order.
function M.on_map(side)
  return bitwa.units { kind = "leader", side = side, where = function(l) return l.hex ~= nil end }
end

-- [8.1.1] alone: no field unit of his side on his hex.
function M.alone(l)
  return l.hex ~= nil and #U().field_units_at(l.hex, l.side) == 0
end

-- [8.2.1] [8.2.2] [8.2.3] The CM one unit gains from leaders (from one
-- leader only) and the leader giving it.
function M.unit_cm(u)
  local best, who = 0, nil
  if u.hex == nil then return 0, nil end
  for _, l in ipairs(rules.leaders.on_map(u.side)) do
    local d = bitwa.hex.distance(l.hex, u.hex)
    local cm = 0
    if d == 0 then cm = T().cm.leader_stacked
    elseif d <= rules.leaders.range(l) then cm = T().cm.leader_range end
    if cm > best then best, who = cm, l end
  end
  return best, who
end

local own_unit_cm, own_on_map, own_range = M.unit_cm, M.on_map, M.range

-- unit_cm(u) as the module's own functions give it, with `leaders` the
-- leaders of u's side on the map (on_map(u.side), asked once for many
-- units) and the tables' CMs read once.
local function listed_unit_cm(u, leaders)
  local best, who = 0, nil
  if u.hex == nil then return 0, nil end
  local CM = T().cm
  local stacked, in_range = CM.leader_stacked, CM.leader_range
  local distance, h = bitwa.hex.distance, u.hex
  for i = 1, #leaders do
    local l = leaders[i]
    local d = distance(l.hex, h)
    local cm = 0
    if d == 0 then cm = stacked
    elseif d <= own_range(l) then cm = in_range end
    if cm > best then best, who = cm, l end
  end
  return best, who
end

-- unit_cm's answers while it, on_map and range are this module's own:
-- they read the unit's side and hex and the leaders on the map (where
-- they stand, their ranges) and the tables, so they hold until a unit
-- changes.  Keyed by side and hex, not by the unit: a unit asked about
-- at another hex than its own (a planned copy, a bot's "what if") gets
-- that hex's answer and leaves the unit's own untouched.
-- [side .. " " .. hex] = CM, leader_of[same] = the leader giving it (false: none).
local per_units = cache("units")

-- The CM a side's units in one combat gain from leaders: the best any of
-- them gains (8.2.3: from one leader), and that leader.
function M.cm(units)
  local L = rules.leaders
  local best, who = 0, nil
  local Un = U()
  if L.unit_cm ~= own_unit_cm or L.on_map ~= own_on_map or L.range ~= own_range then
    for _, u in ipairs(units) do
      if Un.is_field(u) then
        local c, l = L.unit_cm(u)
        if c > best then best, who = c, l end
      end
    end
    return best, who
  end
  local known = per_units()
  local leader_of = known.leader_of
  if not leader_of then leader_of = {}; known.leader_of = leader_of end
  local listed = known.on_map           -- side -> on_map(side), for this units' version
  if not listed then listed = {}; known.on_map = listed end
  for i = 1, #units do
    local u = units[i]
    if Un.is_field(u) then
      local h = u.hex
      local c, l
      if h == nil then
        c = 0
      else
        local key = u.side .. " " .. h.label
        c = known[key]
        if c == nil then
          local side = u.side
          local ls = listed[side]
          if not ls then ls = own_on_map(side); listed[side] = ls end
          c, l = listed_unit_cm(u, ls)
          known[key], leader_of[key] = c, l or false
        else
          l = leader_of[key] or nil
        end
      end
      if c > best then best, who = c, l end
    end
  end
  return best, who
end

-- [8.2.4] [8.2.5] A leader stacked with units that must retreat: 2D6
-- minus the SP those units lost (5.4.6 losses included); at most the
-- hexes they had to retreat and he dies.  Returns dies, roll.
function M.death_roll(leader, required, sp_lost, by)
  local roll = bitwa.roll(T().leaders.death_dice, 6, "leader death (8.2.4)",
    function(t) return rules.arith.leader_dies(t, required, sp_lost or 0) end, leader.side)
  local dies = rules.arith.leader_dies(roll, required, sp_lost or 0)
  bitwa.note(string.format("%s: death roll %d - %d SP lost %s %d hexes to retreat (8.2.4, 8.2.5)",
    leader.name, roll, sp_lost or 0, dies and "<=" or ">", required))
  if dies then rules.leaders.kill(leader, by, "8.2.4") end
  return dies, roll
end

-- [8.2.6] An enemy unit enters hex h (movement, pursuit, advance): a
-- leader alone there is killed.
function M.enemy_entered(u, h)
  if h == nil or not U().is_field(u) then return end
  for _, l in ipairs(U().leaders_at(h)) do
    if l.side ~= u.side and rules.leaders.alone(l) then rules.leaders.kill(l, u.side, "8.2.6") end
  end
end

-- [8.1.4] [8.1.5] The units that lose 1 SP when `leader` dies: every
-- field unit of the player for the grand leader (once, A-051); else the
-- units under his command (13.1.5: organization.units_of) with the
-- complementary rules, or the units stacked with him without them (A-051).
function M.death_losses(leader)
  local side = leader.side
  if rules.leaders.is_grand(leader) then return bitwa.units { side = side, where = U().is_field } end
  if bitwa.option("complementary") then return rules.organization.units_of(leader) end
  if leader.hex == nil then return {} end
  return U().field_units_at(leader.hex, side)
end

-- A leader dies: MORALE 8 fields (grand leader 12) in favour of the side
-- that killed him [6.1.6] [6.1.7] (the enemy when nobody did, e.g.
-- friendly fire 11.2.5); his units lose 1 SP without MORALE [8.1.6].
function M.kill(leader, by, rule)
  if not leader:alive() or not U().is_leader(leader) then return end
  local side, grand = leader.side, rules.leaders.is_grand(leader)
  if by == nil or by == side then by = U().enemy(side) end
  local losers = rules.leaders.death_losses(leader)
  bitwa.note(leader.name .. " is killed" .. (rule and (" (" .. rule .. ")") or ""))
  if grand then
    rules.morale.move(by, T().morale.grand_leader, "6.1.7: " .. leader.name .. " killed")
  else
    rules.morale.move(by, T().morale.leader, "6.1.6: " .. leader.name .. " killed")
  end
  rules.victory.on_leader_killed(leader, by)
  U().eliminate(leader, { by = by, morale = false, vp = false, rule = rule })
  local loss_rule = grand and "8.1.5" or "8.1.4"
  for _, u in ipairs(losers) do
    if u:alive() then
      U().lose_sp(u, T().leaders.death_sp, { by = by, morale = false, rule = loss_rule })
    end
  end
end

return M
