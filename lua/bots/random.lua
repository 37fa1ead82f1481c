-- random: any legal action, uniformly, but it ends a phase only one
-- time in five while something else is possible; any offered option.
--
-- A bot module: choose(side, legal) -> one of the legal lines,
-- answer(request) -> one of request.options.  rng(n) is the bot's own
-- draw 1..n (never the game's dice).
local M = {}

function M.choose(side, legal)
  local others, has_end = {}, false
  for _, line in ipairs(legal) do
    if line == "end" then has_end = true else others[#others + 1] = line end
  end
  if #others == 0 then return legal[1] end
  local r = rng(5 * #others)
  if has_end and r % 5 == 0 then return "end" end
  return others[(r - 1) % #others + 1]
end

function M.answer(request)
  local options = request.options
  if #options == 1 then return options[1] end
  return options[rng(#options)]
end

return M
