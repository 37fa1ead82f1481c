-- Historical Options: Mercenaries.  "Before each turn, roll a die to see
-- what they do": 1 they stand (no move or attack, but they defend); 2-5
-- they obey; 6 a second die: 1 "Pay up!" (they stand until paid: for the
-- rest of the game, the book having no gold, GA-7), 2 "Bribed!" (they join
-- the enemy), 3 "Peace out!" (they march off the board: removed at once,
-- as there is no movement yet), 4-6 "Yes sir!" (they obey with no checks
-- for the next three turns).  "Once meleeing, no die checks are required":
-- a unit with an enemy next to it does not roll.  The other historical
-- options are not implemented yet.
local M = {}
local function T() return rules.tables end

local function in_contact(u)
  for _, h in ipairs(bitwa.hex.neighbours(u.hex)) do
    for _, o in ipairs(bitwa.units_at(h)) do if o.side ~= u.side then return true end end
  end
  return false
end

function M.turn_start()
  for _, u in ipairs(bitwa.units {}) do
    if u.mercenary and u.hex ~= nil then M.check(u) end
  end
end

function M.check(u)
  if u.merc_state == "pay_up" then return end
  if u.merc_state == "stand" then u.merc_state = "" end
  if u.merc_turns > 0 then
    u.merc_turns = u.merc_turns - 1
    return
  end
  if in_contact(u) then return end
  local d = bitwa.roll(1, 6, "Historical Options: Mercenaries, " .. u.name, nil, u.side)
  local r = T().mercenaries[d]
  if r == "roll_again" then
    r = T().mercenaries_again[bitwa.roll(1, 6, "Historical Options: Mercenaries, " .. u.name .. " again", nil, u.side)]
  end
  bitwa.note("Historical Options: Mercenaries: " .. u.name .. ": " .. r)
  if r == "stand" or r == "pay_up" then
    u.merc_state = r
  elseif r == "bribed" then
    u.side = bitwa.enemy(u.side)
  elseif r == "peace_out" then
    bitwa.remove(u)
  elseif r == "yes_sir" then
    u.merc_turns = T().mercenaries_yes_sir_turns
  end
end

-- a unit that will not attack (or fire) this turn: the refusal, or nil
function M.will_not_attack(u)
  if u.merc_state == "stand" or u.merc_state == "pay_up" then
    return "Historical Options: Mercenaries", u.name .. " stand" .. (u.merc_state == "pay_up" and " until paid" or " this turn")
  end
end

return M
