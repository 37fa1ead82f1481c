-- random: any legal action, uniformly, but it ends a phase only one
-- time in five while something else is possible; any offered option.
--
-- A bot module: choose(side, legal) -> one of the legal lines,
-- answer(request) -> one of request.options (a choice of several,
-- request.min to request.max of them: "a,b").  rng(n) is the bot's own
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
  if request.max then
    -- a choice of several: each option with an even chance, from min to max of them
    local pick, n = {}, 0
    for i, o in ipairs(options) do
      local need = request.min - n >= #options - i + 1
      if n < request.max and (need or rng(2) == 1) then pick[#pick + 1] = o; n = n + 1 end
    end
    return table.concat(pick, ",")
  end
  if #options == 1 then return options[1] end
  return options[rng(#options)]
end

return M
