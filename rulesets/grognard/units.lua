-- Troop Types, Point Values and casualties: what a unit is, as the rules
-- modules see it.  A unit's troop type is its kind; peasants fight as Light
-- Infantry except where a rule names them (Historical Options: Peasants).
local M = {}
local function T() return rules.tables end

-- setup: a unit's original strength is the figures it starts with
function M.setup()
  for _, u in ipairs(bitwa.units {}) do
    if u.figures_start == 0 then u.figures_start = u.figures end
  end
end

-- the type it fights as on the MCT and the loss table
function M.type(u) return u.kind == "peasants" and "LI" or u.kind end
function M.arm(u) return T().arm[u.kind] end

-- the type it attacks and defends as on the MCT: one class lower when
-- fatigued ("medium infantry attacks as light infantry", Fatigue: penalty)
function M.fights_as(u)
  local t = M.type(u)
  if not u.fatigued then return t end
  local c = T().class[t]
  return c > 1 and T().by_class[T().arm[t]][c - 1] or t
end

-- Melees: number of ranks permitted to melee: the figures of its front
-- rank; a column has half the files (NOTES.md: formation effects)
function M.front(u)
  local files = rules.scale.FILES[M.arm(u)]
  if u.formation == "column" then files = files // 2 end
  return math.min(u.figures, files)
end

-- Missile Fire: the target's armour class (NOTES.md, GA-1): light for
-- peasants, LI and LC; medium for MI and MC; heavy for HI and HC; a
-- scenario may set it.
function M.armour(u)
  if u.armour ~= "" then return u.armour end
  return T().armour_order[T().class[u.kind]]
end

-- Post-Melee Morale Checks, step 3: the morale factor (only medium infantry
-- has an elite factor); a fatigued unit's drops 1 (Fatigue: penalty)
function M.morale_factor(u)
  local f = T().morale_factor[u.kind]
  if u.kind == "MI" and u.elite then f = T().morale_factor.elite_MI end
  if u.fatigued then f = f + T().fatigue_morale end
  return f
end

-- Point Values: a figure's cost in half points, with its weapon
function M.points_halves(kind, weapon)
  return T().points_halves[kind] + (weapon and weapon ~= "" and (T().weapon_points_halves[weapon] or 0) or 0)
end

-- Movement: the row of the movement table a unit moves by
function M.movement_row(u)
  local w = u.weapon
  if w == "longbow" then return T().movement.longbowmen end
  if w == "crossbow" then return T().movement.crossbowmen end
  if w == "arquebus" then return T().movement.arquebusiers end
  if w == "heavy_crossbow" then return T().movement.heavy_crossbowmen end
  if rules.artillery.is_machine(u) then return T().movement.artillery end -- "Catapults/Cannons"
  -- Sieges: movable mantlets, pushed at the heavy equipment's pace (the
  -- "Catapults/Cannons" row, 6", no charge; NOTES.md)
  if w == "mantlet" then return T().movement.artillery end
  return T().movement[M.type(u)]
end

-- casualties: figures removed; a unit with none left is removed
function M.lose(u, n)
  if n <= 0 then return 0 end
  if n > u.figures then n = u.figures end
  u.figures = u.figures - n
  if u.figures == 0 then
    bitwa.note(u.name .. " is destroyed")
    bitwa.remove(u)
  end
  return n
end

return M
