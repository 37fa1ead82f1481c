-- Legnica's phases: the English ones, with the 5.6.12 duty checked when a
-- movement phase ends, and the scenarios' notes (data.opening,
-- data.reserve): "During turn 1 and 2 Polish Player can move only units of
-- Boleslaw, Jurgen and Ludwig. Mongol Player can move only Bajdar units.
-- All other units can move from turn 3 or when attacked" (LG L1223), and
-- "moving Ordu reserve (including commander) -40 VPs" (LG L1216).
local M = inherit()

local base_movement_end, base_on_attacked = M.movement_end, M.on_attacked

-- [5.6.12] the phase cannot end while a unit with a CF above 0 can still
-- move onto its frontal hex.
function M.movement_end()
  local owing = rules.movement.owing(bitwa.phasing_side())
  if #owing > 0 then
    local names = {}
    for i, u in ipairs(owing) do names[i] = u.name end
    refuse("=5.6.12", table.concat(names, ", ") .. (#owing > 1 and " have" or " has") ..
      " a CF above 0 and the MP to move onto the hex in front: it must move (or turn)")
  end
  base_movement_end()
end

local function opening() return (bitwa.scenario().data or {}).opening end
local function reserve() return (bitwa.scenario().data or {}).reserve end

-- The commander a unit belongs to (a leader is his own).
local function commander(u)
  if rules.units.is_leader(u) then return u.name end
  return u.leader
end

local function member(list, x)
  for _, v in ipairs(list or {}) do if v == x then return true end end
  return false
end

-- Whether u is held back by the opening turns now.
function M.held(u)
  local o = opening()
  if not o or bitwa.turn() > (o.turns or 0) then return false end
  if member(o[u.side], commander(u)) then return false end
  if bitwa.var("attacked." .. u.id) then return false end
  return true
end

function M.may_move(u)
  if rules.phases.held(u) then
    return false, "scenario", u.name .. " may not move before turn " .. (opening().turns + 1) ..
      " unless attacked: only " .. table.concat(opening()[u.side] or {}, ", ") .. "'s units move in the opening turns"
  end
  return true
end

-- A unit attacked in combat or shot at may move from then on (A-086).
function M.on_attacked(u)
  base_on_attacked(u)
  local o = opening()
  if o and bitwa.turn() <= (o.turns or 0) and not bitwa.var("attacked." .. u.id) then
    bitwa.set_var("attacked." .. u.id, true)
  end
end

-- A unit moved (or turned) in its movement phase: the first voluntary move
-- of the reserve's commander or of a unit of his costs his side the
-- scenario's ordu_penalty VP, once (A-084; a unit moving in the opening
-- turns because it was attacked does not count).
function M.on_moved(u)
  local r = reserve()
  local v = bitwa.scenario().victory
  if not r or not v or not v.ordu_penalty or u.side ~= r.side then return end
  if commander(u) ~= r.leader or bitwa.var("reserve.moved") then return end
  local o = opening()
  if o and bitwa.turn() <= (o.turns or 0) and bitwa.var("attacked." .. u.id) then return end
  bitwa.set_var("reserve.moved", u.name)
  rules.victory.add(u.side, -v.ordu_penalty, "the " .. r.leader .. " reserve moves (" .. u.name .. ")")
end

return M
