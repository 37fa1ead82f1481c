-- [5.7] Countercharge: during the enemy's cavalry movement phase, cavalry
-- may charge the enemy unit that is moving now when it is next to its front
-- area: an optional 60-degree turn, one hex into the frontal hex (which
-- must be next to the moving unit), and a countercharge combat at once.
-- The moving unit stops [5.7.11].  Offered through the reaction window
-- (reactions.lua) after every step of the moving unit and before its first
-- (A-036); one line per unit and way to go:
--   "countercharge P2 K1"      straight on
--   "countercharge P2 K1 NE"   after turning to NE
-- Other units that may countercharge the same unit are asked whether they
-- join [5.7.5]; one combat follows.
local M = {}

local function units() return rules.units end

local function same(a, b) return a.label == b.label end

-- [5.7.1] [2.1 d] the target: the unit of the phasing side that is moving
-- now, in a cavalry movement phase, not already countercharged.
function M.can_target(mover, side)
  if not mover or not mover:alive() or not mover.hex then return false end
  if mover.side == side or mover.side ~= bitwa.phasing_side() then return false end
  if rules.phases.arm() ~= "cavalry" then return false end
  if not (units().is_field(mover) or units().is_leader(mover)) then return false end
  if mover.stopped and rules.movement.stop_rule(mover) == "5.7.11" then return false end
  return true
end

-- [5.7.10] the target is next to a unit of the countercharging side other
-- than the countercharging units (`except`: a set of ids).
function M.engaged(mover, side, except)
  for _, h in ipairs(bitwa.hex.neighbours(mover.hex)) do
    for _, v in ipairs(units().field_units_at(h, side)) do
      if not except[v.id] and not units().is_panicked(v) then return true end
    end
  end
  return false
end

-- [5.7.7] [5.7.8] whether cc may not countercharge now (and the rule).
local function is_cavalry(e) return units().is_cavalry(e) end
function M.barred(cc)
  if cc.countercharged then return true, "5.7.7" end
  if rules.zoc.in_enemy_zoc(cc.hex, cc.side, is_cavalry) then
    return true, "5.7.8"
  end
  return false
end

-- Whether cc can go into hex `to` from its hex: movement's rules for the
-- hex and the hexside (4.2.7, impassable terrain, no enemy units, 4.5.2).
function M.enterable(cc, to)
  local side = rules.movement.hexside(cc.hex, to)
  if side.river and not (side.bridge or side.ford) then return false end
  if rules.movement.impassable[bitwa.map.terrain(to)] then return false end
  if units().enemy_field_at(to, cc.side) then return false end
  return units().can_stack(cc, to)
end

-- [5.7.2] [5.7.6] (A-035) the ways cc can countercharge mover: keep its
-- facing or turn 60 degrees, then enter the frontal hex, which must be
-- next to the mover.  Each plan: { unit, facing, turned, to, cf } where cf
-- is the charge factor it will fight with (a turn sets 0, the hex gives
-- +1, terrain as 5.6.7 - 5.6.10).
function M.plans(cc, mover)
  local out = {}
  if not cc.hex or not mover.hex then return out end
  for _, steps in ipairs { 0, 1, -1 } do
    local f = bitwa.hex.turn(cc.facing, steps)
    local to = bitwa.hex.neighbour(cc.hex, f)
    if to and not same(to, mover.hex) and bitwa.hex.distance(to, mover.hex) == 1 and rules.countercharge.enterable(cc, to) then
      local start = steps ~= 0 and rules.tables.charge.min or nil
      out[#out + 1] = { unit = cc, facing = f, turned = steps ~= 0, to = to,
                        cf = rules.charge.cf_after_enter(cc, cc.hex, to, "countercharge", false, start) }
    end
  end
  return out
end

-- How far from the mover a unit that can countercharge it may be: a plan
-- enters a hex next to the unit that is next to the mover (5.7.2), so 2.
-- Only the units this near are examined (a ruleset whose plans reach
-- further sets more).
M.reach = 2

local function may_countercharge(v)
  return units().is_cavalry(v) and v.hex ~= nil and not units().is_panicked(v)
end

-- The units of `side` that may countercharge mover, each on its own.
function M.candidates(mover, side)
  local out = {}
  if not rules.countercharge.can_target(mover, side) then return out end
  for _, cc in ipairs(bitwa.units { side = side, near = mover.hex, within = rules.countercharge.reach,
                                    where = may_countercharge }) do
    if not rules.countercharge.barred(cc) and not rules.countercharge.engaged(mover, side, { [cc.id] = true }) and #rules.countercharge.plans(cc, mover) > 0 then
      out[#out + 1] = cc
    end
  end
  return out
end

local function words(p)
  return p.unit.name .. (p.turned and (" " .. bitwa.hex.facing_name(p.facing)) or "")
end

-- Move one countercharging unit as planned [5.7.2 a-b] [5.7.6].
local function go(p)
  local cc = p.unit
  local from, name = cc.hex, cc.name                 -- entering may remove it (Legnica 4.2.5)
  if p.turned then
    cc.facing = p.facing
    rules.charge.on_turn(cc, 1, "countercharge")
  end
  units().place(cc, p.to)
  cc.countercharged = true                                         -- [5.7.7]
  rules.movement.on_enter(cc, from, p.to, "countercharge")
  bitwa.note(name .. " countercharges from " .. from.label .. " to " .. p.to.label ..
    (cc:alive() and (" with CF " .. rules.charge.cf(cc)) or "") .. " (5.7)")
  if cc:alive() and cc.hex then rules.movement.meet_leaders(cc, p.to) end
end

-- The countercharge of plan p against mover, by `side`.
function M.run(p, mover, side)
  local main = p.unit
  -- [5.7.5] who else may join, judged before anybody moves
  local others = {}
  for _, cc in ipairs(rules.countercharge.candidates(mover, side)) do
    if cc.id ~= main.id then others[#others + 1] = cc end
  end
  local main_name = main.name
  go(p)
  local group = { main }
  for _, cc in ipairs(others) do
    if mover:alive() and mover.hex and cc:alive() and cc.hex and not cc.countercharged then
      local plans = rules.countercharge.plans(cc, mover)
      if #plans > 0 then
        local lines, by_line = {}, {}
        for _, q in ipairs(plans) do
          lines[#lines + 1] = words(q)
          by_line[words(q)] = q
        end
        lines[#lines + 1] = "no"
        local choice = bitwa.decide { side = side, kind = "countercharge_join", options = lines,
          prompt = cc.name .. " may join " .. main_name .. "'s countercharge on " .. mover.name .. " (5.7.5)" }
        if choice ~= "no" then
          go(by_line[choice])
          group[#group + 1] = cc
        end
      end
    end
  end
  if not mover:alive() or not mover.hex then return end
  rules.movement.stop(mover, "5.7.11")
  local attackers = {}
  for _, cc in ipairs(group) do
    if cc:alive() and cc.hex then attackers[#attackers + 1] = cc end
  end
  if #attackers == 0 then return end
  rules.combat.resolve { attackers = attackers, defenders = { mover }, countercharge = true }   -- [5.7.3]
end

-- The reaction window's options for `side` against the moving unit.
function M.options(mover, moment, side)
  local out = {}
  for _, cc in ipairs(rules.countercharge.candidates(mover, side)) do
    for _, p in ipairs(rules.countercharge.plans(cc, mover)) do
      out[#out + 1] = { line = "countercharge " .. cc.name .. " " .. mover.name ..
                                (p.turned and (" " .. bitwa.hex.facing_name(p.facing)) or ""),
                        run = function() rules.countercharge.run(p, mover, side) end }
    end
  end
  return out
end

return M
