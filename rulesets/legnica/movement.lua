-- Movement in Legnica: charging cavalry must keep going [5.6.12] and may
-- slow down for 2 MP [5.6.14]; entering forest, village or swamps costs
-- 1 SP and scatters [4.2.5] [4.2.6] (a road spares CF-1 cavalry, [4.2.9]);
-- the scenarios hold most units back in turns 1-2 and price the Ordu
-- reserve's first move (rules.phases).
local M = inherit()

local function U() return rules.units end
local function T() return rules.tables end

local base_move, base_turn, base_legal_moves = M.move, M.turn, M.legal_moves

-- [4.2.5] [4.2.6] [4.2.9] u has entered `to`: the charge first (5.6.7 sets
-- the CF to 0 in these hexes, so the CF that counts is the one u had
-- before entering, A-011), then the terrain: cavalry with a CF above 0
-- entering forest, village or swamps, unless on a road with CF 1, and
-- infantry entering swamps off the road, lose 1 SP and scatter (with a
-- leader on the hex the SP is lost, the scatter is not, 9.1.3).  Every
-- kind of entry counts (A-010).
function M.on_enter(u, from, to, how, keep)
  local cf_before = U().is_cavalry(u) and u.cf or 0
  rules.charge.on_enter(u, from, to, how, keep)
  if not u:alive() or not U().is_field(u) or from == nil then return end
  local S = T().scatter
  local terrain = bitwa.map.terrain(to)
  local road = rules.movement.along_road(from, to)
  local rule
  if U().is_cavalry(u) then
    if S.scattering.cavalry[terrain] and cf_before > 0 and not (road and cf_before == S.terrain_road_cf) then
      rule = "=4.2.5"
    end
  elseif S.scattering.infantry[terrain] and not road then
    rule = "=4.2.6"
  end
  if not rule then return end
  bitwa.note(string.format("%s enters %s (%s)%s: it loses %d SP and scatters (%s)", u.name, to.label, terrain,
    U().is_cavalry(u) and (" with CF " .. cf_before) or "", S.terrain_sp, rule))
  U().lose_sp(u, S.terrain_sp, { morale = false, rule = rule })
  if u:alive() and u.hex ~= nil then rules.scatter.scatter(u, rule) end
end

-- [5.6.12] A unit with a CF above 0 must move onto the hex in front of it
-- while it has the MP to do so (A-033): the cheapest entry, without
-- keeping or reducing the CF and without the one-hex move of 4.2.10.  A
-- turn (which sets the CF to 0) or a stop it must make ends the duty.
function M.must_continue(u)
  if not u:alive() or u.hex == nil or not U().is_cavalry(u) or u.cf <= 0 or u.stopped then return false end
  if not rules.phases.moves_now(u) or u.side ~= bitwa.phasing_side() then return false end
  local plan = rules.movement.check_move(u.side, u)
  if plan and not plan.whole and not plan.leave then return true, "=5.6.12" end
  return false
end

local own_must_continue = M.must_continue

-- must_continue(u) for a question asked of many units at once (the bots'
-- "who owes a move now"), cheaper where 4.1.2 has nothing to say of u:
-- when the unit that acted last owes no move itself (prev_free: the
-- caller has asked must_continue of it, or there is none on the map)
-- and u is that unit (`mover`, its id) or has neither moved nor turned
-- in this phase, check_move judges u as it judges a plan of u
-- (movement.planned), which is spared asking the last mover's duty
-- again (a check_move of it) for every u.  Otherwise, or with
-- must_continue replaced, must_continue itself.
function M.owes(u, prev_free, mover)
  if not prev_free or rules.movement.must_continue ~= own_must_continue
     or (u.id ~= mover and (u.moved or u.turned_here or u.whole_mp)) then
    return rules.movement.must_continue(u)
  end
  if not u:alive() or u.hex == nil or not U().is_cavalry(u) or u.cf <= 0 or u.stopped then return false end
  if not rules.phases.moves_now(u) or u.side ~= bitwa.phasing_side() then return false end
  local plan = rules.movement.check_move(u.side, rules.movement.planned(u))
  if plan and not plan.whole and not plan.leave then return true, "=5.6.12" end
  return false
end

-- Every unit of the moving side that still owes its 5.6.12 move.
function M.owing(side)
  local out = {}
  for _, u in ipairs(U().field_units(side)) do
    if rules.movement.must_continue(u) then out[#out + 1] = u end
  end
  return out
end

-- The scenario's opening turns (rules.phases.may_move).
function M.may_move(u)
  return rules.phases.may_move(u)
end

-- move UNIT [keep|reduce]
function M.move(side, u, keep)
  if keep == "reduce" then
    if not rules.charge.has_cf(u) then refuse("=5.6.14", "only cavalry has a charge factor to reduce") end
    if u.cf <= 0 then refuse("=5.6.14", u.name .. " has CF 0: nothing to reduce") end
  end
  local was = u.hex
  base_move(side, u, keep)
  if u:alive() and u.hex ~= was then rules.phases.on_moved(u) end
end

function M.turn(side, u, facing)
  local was = u.facing
  base_turn(side, u, facing)
  if u:alive() and u.facing ~= was then rules.phases.on_moved(u) end
end

-- The English moves, and "move UNIT reduce" for cavalry with a CF above 0.
function M.legal_moves(side)
  local out = base_legal_moves(side)
  for _, u in ipairs(U().field_units(side)) do
    if U().is_cavalry(u) and u.cf > 0 and rules.movement.check_move(side, u, "reduce") then
      out[#out + 1] = { u.name, "reduce" }
    end
  end
  return out
end

return M
