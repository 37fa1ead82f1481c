-- Decision windows of the player who is not moving: during the enemy's
-- movement phase he may fire with his ranged units [11.1.5] and, against
-- cavalry moving in the cavalry phase, countercharge [5.7].  Each window
-- asks the reacting side one question at a time: one of the reactions
-- possible now, or pass; it closes when he passes or nothing is possible.
-- The providers are modules with options(mover, moment) -> list of
-- { line = "countercharge P2 K1", run = function() ... end }.
local M = {}

M.providers = { "countercharge", "ranged" }

-- moment: "start" (before anything moves), "step" (mover entered a hex
-- or turned), "end" (the mover's side ends the phase).
function M.window(mover, moment)
  local side = rules.units.enemy(bitwa.phasing_side())
  for _ = 1, 64 do
    local options, actions = {}, {}
    for _, p in ipairs(M.providers) do
      for _, o in ipairs(rules[p].options(mover, moment, side)) do
        if not actions[o.line] then
          options[#options + 1] = o.line
          actions[o.line] = o.run
        end
      end
    end
    if #options == 0 then return end
    options[#options + 1] = "pass"
    local choice = bitwa.decide { side = side, kind = "reaction", options = options,
      prompt = (mover and (mover.name .. " " .. (mover.hex and ("at " .. mover.hex.label) or "")) or moment) ..
               ": fire or countercharge?" }
    if choice == "pass" then return end
    actions[choice]()
    if mover and (not mover:alive() or mover.stopped) and moment == "step" then return end
  end
end

return M
