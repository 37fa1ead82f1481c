-- Legnica has no disorganization, no panic and no morale test [9.0]: every
-- rule of the inherited code that disorganizes a unit scatters it instead
-- (rules.scatter), so the roll after a retreat, 1D6 on COMBAT SCATTER
-- [5.1.1 g] (tables.lua), scatters too; the start of a movement phase
-- regroups scattered units [9.1.6] and rolls for fatigued units [13.2].
local M = inherit()

local function U() return rules.units end

-- [9.1.1] Called by the inherited rules for a combat result's S suffix
-- (5.1.1), a listed roll on COMBAT SCATTER (5.1.1 g, and row B1 / A1 after
-- a horse archers' hit, 10.5.10), a crossbow hit (10.6.2) and a bombard's S
-- (10.7.1): the unit scatters, by the enemy's doing.
function M.disorganize(u, why, by_combat)
  return rules.scatter.scatter(u, why, U().enemy(u.side))
end

-- No contagion [9.1.1] and no panic: nothing to test when units meet.
function M.check_stack(h) end
function M.check_contact(u) return false end
function M.check_contacts(side) end

-- No rally: a scattered unit comes back by 9.1.6 only.
function M.rally(side, u)
  refuse("=9.1.6", "Legnica has no rally: scattered units regroup at the start of their movement phase")
end
function M.legal_rallies(side) return {} end

-- [9.1.6] regrouping, then [13.2.1] [13.2.2] fatigue: before they act, one
-- die for each unit of the moving arm under a leader whose fatigue is
-- above 12; below 4 scatters it (A-074: at the start of its movement
-- phase).  Horse archers are not influenced by fatigue [10.5.11].
function M.start_of_movement(side, arm)
  rules.scatter.start_of_movement(side, arm)
  if bitwa.option("complementary") then rules.fatigue.start_of_movement(side, arm) end
end

return M
