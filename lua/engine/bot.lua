-- Built-in bots.  A bot chooses among the legal action lines of its
-- side and answers decisions with one of the offered options.  Bots
-- draw from their own dice stream, never from the game's, so a bot's
-- choices do not change the game's rolls; the choices themselves are
-- logged as actions and decisions like anybody's.
local M = {}

local BOT_STREAM = 0x626f74   -- "bot"

-- random: uniform among legal actions, but ends a phase only one time
-- in five while something else is possible.
--
-- A bot's draw depends only on the seed, its side and the position in
-- the game (actions committed, decisions taken), never on what the bot
-- did before in this process: a game resumed from its log continues
-- exactly as the uninterrupted one.
function M.random(seed, side_index)
  local bot = { name = "random" }
  local tries = 0
  local function pick(g, n)
    local p = g.pending
    local pos = g.n * 64 + (p and #p.decisions or 0)
    if bot.last_pos == pos then tries = tries + 1 else tries = 0 end
    bot.last_pos = pos
    local dice = bitwa.dice.new(seed, BOT_STREAM + side_index * 1000003 + pos * 7919 + tries)
    return (dice:roll(1, math.max(n, 2), "bot"))
  end
  function bot.choose(g, side, legal)
    local others = {}
    local has_end = false
    for _, a in ipairs(legal) do
      if a.line == "end" then has_end = true else others[#others + 1] = a.line end
    end
    if #others == 0 then return "end" end
    local r = pick(g, 5 * #others)
    if has_end and r % 5 == 0 then return "end" end
    return others[(r - 1) % #others + 1]
  end
  function bot.answer(g, req)
    if #req.options == 1 then return req.options[1] end
    local r = pick(g, #req.options)
    return req.options[(r - 1) % #req.options + 1]
  end
  return bot
end

M.builtin = { random = M.random }

function M.make(name, seed, side_index)
  local f = M.builtin[name]
  if not f then return nil, "no bot named '" .. tostring(name) .. "' (bots: random)" end
  return f(seed, side_index)
end

return M
