-- [2.0] Phases and turns: what happens when each of the nine phases
-- begins and ends.  The rules of each chapter live in their modules;
-- this one only calls them in the book's order.
local M = {}

-- "cavalry" or "infantry" in a movement or attack phase, nil otherwise.
local arm_of = cache()   -- phase name -> its arm or false (a memo: emptied when another game is played)
function M.arm()
  local name = bitwa.phase()
  local arm = arm_of[name]
  if arm == nil then
    arm = name:match("%.(%a+)_move$") or name:match("%.(%a+)_attack$") or false
    arm_of[name] = arm
  end
  return arm or nil
end

-- Whether u moves in the current movement phase [2.1]: cavalry in the
-- cavalry phase, the other field units in the infantry phase; leaders
-- move like cavalry [8.1.2] in either of their side's movement phases.
function M.moves_now(u)
  local arm = rules.phases.arm()
  if u.side ~= bitwa.phasing_side() then return false end
  if rules.units.is_leader(u) then return true end
  if arm == "cavalry" then return rules.units.is_cavalry(u) end
  if arm == "infantry" then return rules.units.is_infantry(u) end
  return false
end

function M.setup()
  -- [2.1] player A moves first; a scenario names it, tests may not
  if bitwa.var("side.A") == nil then bitwa.set_var("side.A", bitwa.sides()[1]) end
  if bitwa.var("side.B") == nil then bitwa.set_var("side.B", rules.units.enemy(bitwa.var("side.A"))) end
  if bitwa.var("morale") == nil then bitwa.set_var("morale", rules.tables.morale.start) end
  bitwa.set_var("morale.effective", bitwa.var("morale"))
  rules.organization.setup()
  rules.banners.setup()
  rules.ranged.setup()
  rules.reinforcements.setup()
end

function M.turn_start(turn)
  for _, u in ipairs(bitwa.units {}) do
    -- (written only when they change: the same value changes nothing)
    if rules.units.is_field(u) then
      if u.shots ~= 0 then u.shots = 0 end
      if u.fired_own ~= false then u.fired_own = false end
    elseif rules.units.is_leader(u) then
      if u.active ~= false then u.active = false end
    end
  end
end

function M.turn_end(turn) end

-- u is attacked in combat or shot at: a unit destroying a fortification
-- starts again [12.1.7].  (Legnica's opening turns free the unit too.)
function M.on_attacked(u)
  rules.fortifications.attacked(u)
end

-- The phasing side's movers get their MP [4.1.3] [4.1.4], less the
-- disorganized penalty [9.2.1]; the enemy may countercharge again [5.7.7].
function M.movement_start()
  local side = bitwa.phasing_side()
  for _, u in ipairs(bitwa.units {}) do
    if u.side == side and rules.phases.moves_now(u) then
      rules.movement.refresh(u)
    elseif u.side ~= side and rules.units.is_field(u) and u.countercharged ~= false then
      u.countercharged = false
    end
  end
  rules.fortifications.start_of_movement(side)
  rules.condition.start_of_movement(side, rules.phases.arm())
  rules.reactions.window(nil, "start")
end

function M.movement_end()
  rules.reactions.window(nil, "end")
end

function M.combat_start()
  for _, u in ipairs(bitwa.units { side = bitwa.phasing_side() }) do
    if u.fought ~= false then u.fought = false end
  end
end

-- Phase 9: the MORALE value moved during the turn takes effect [6.1.9];
-- fatigue [14]; the automatic victory [scenario].
function M.morale_phase()
  rules.morale.end_of_turn()
  if bitwa.option("complementary") then rules.fatigue.end_of_turn() end
  rules.victory.end_of_turn()
end

return M
