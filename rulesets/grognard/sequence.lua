-- Turn Sequence: the Move/Counter Move System.  "Both sides roll 1d6 for
-- initiative.  The side with the higher roll has the choice of electing to
-- move first (Move) or last (Counter-move)."  Ties are rolled again (the
-- book is silent; NOTES.md).
local M = {}

function M.initiative()
  -- Jousting: no initiative, nobody moves (joust.lua)
  if rules.joust.on() then return end
  -- the Simultaneous Move System: no initiative (simultaneous.lua)
  if rules.simultaneous.on() then return end
  local sides = bitwa.sides()
  local a, b = sides[1], sides[2]
  -- a tie is rolled again: the second side rolls until the dice differ,
  -- which gives every pair of different faces the same chance as both
  -- rolling again, and lets bitwa odds enumerate it (NOTES.md)
  local ra = bitwa.roll(1, 6, "Turn Sequence: initiative " .. a, nil, a)
  local rb = bitwa.roll_until(1, 6, "Turn Sequence: initiative " .. b .. " (a tie is rolled again)",
    function(t) return t ~= ra end, function(t) return t > ra end, b)
  local winner = ra > rb and a or b
  local choice = bitwa.decide { side = winner, kind = "initiative", options = { "first", "last" },
    prompt = "Turn Sequence: " .. winner .. " won the initiative (" .. ra .. " to " .. rb .. "): move first or last?" }
  local first = choice == "first" and winner or bitwa.enemy(winner)
  bitwa.set_var("first", first)
  bitwa.set_var("last", bitwa.enemy(first))
  bitwa.note("Turn Sequence: " .. first .. " moves first")
end

-- the start of a turn: this turn's movement, fire orders and melees are new
-- (the scenario's own values stand for its first turn)
function M.turn_start()
  if not bitwa.var("sequence.started") then
    bitwa.set_var("sequence.started", true)
    return
  end
  for _, u in ipairs(bitwa.units {}) do
    if u.spent ~= 0 then u.spent = 0 end
    if u.meleed then u.meleed = false end
    if u.refused_from ~= "" then u.refused_from = "" end
    if u.refused_line ~= "" then u.refused_line = "" end
    if u.order ~= "" then u.order = "" end
    if u.target ~= "" then u.target = "" end
  end
end

return M
