-- Historical Options: Mercenaries.  "Before each turn, roll a die to see
-- what they do": 1 they stand (no move or attack, but they defend); 2-5
-- they obey; 6 a second die: 1 "Pay up!" (they stand until paid: for the
-- rest of the game, the book having no gold, GA-7), 2 "Bribed!" (they join
-- the enemy), 3 "Peace out!" (they march off the board: a whole move
-- each turn, at once and then at each turn's start, straight away from
-- the nearest enemy, until they leave the table; they neither move at
-- their player's will, fire nor attack; they defend), 4-6 "Yes sir!"
-- (they obey with no checks
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

-- "Peace out!  March off board": one whole move straight away from the
-- nearest enemy (stopped by any unit in the way, waiting there); off the
-- table they are removed.  With no enemy left there is nothing to march
-- away from: they leave at once.
function M.march_off(u)
  local enemy = rules.morale.nearest_enemy(u)
  if not enemy then
    bitwa.note("Historical Options: Mercenaries: " .. u.name .. " march off the board")
    bitwa.remove(u)
    return
  end
  local n = rules.scale.move_hexes(rules.units.movement_row(u).move, 1, 1)
  local from = u.hex
  if rules.morale.go_back(u, enemy.hex, n, true, "Historical Options: Mercenaries") then
    bitwa.note("Historical Options: Mercenaries: " .. u.name .. " march off from " .. from.label .. " to " .. u.hex.label)
  end
end

function M.check(u)
  if u.merc_state == "peace_out" then return M.march_off(u) end
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
    u.merc_state = r
    M.march_off(u)
  elseif r == "yes_sir" then
    u.merc_turns = T().mercenaries_yes_sir_turns
  end
end

-- a unit that will not attack (or fire) this turn: the refusal, or nil
function M.will_not_attack(u)
  if u.merc_state == "peace_out" then
    return "Historical Options: Mercenaries", u.name .. " are marching off the board (Peace out!)"
  end
  if u.merc_state == "stand" or u.merc_state == "pay_up" then
    return "Historical Options: Mercenaries", u.name .. " stand" .. (u.merc_state == "pay_up" and " until paid" or " this turn")
  end
end

return M
