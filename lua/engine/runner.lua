-- Plays a game with bots (or scripted drivers) until it ends.
local M = {}

--[[
M.play(g, bots, opts) -> result table
bots[side] = { choose = fn(g, side, legal) -> line, answer = fn(g, req) -> option,
               propose = fn(g, side, tried) -> line | nil (optional) }
opts.max_actions (default 100000), opts.on_action(g, r), opts.on_turn(g, turn)
-> result, stats.  A bot that fails (an error in its code, its budget
exceeded) stops the game: nil and the bot's message; so does an action
the game's log could not take (a full disk: nil and why, the game as it
was before that action).

stats = { refused = n, refused_by = {rule = n}, fallbacks = n }: the
proposed lines the game refused (and by which rule), and the actions for
which a bot proposed lines but none was accepted (within
M.MAX_PROPOSALS, or it ran out of lines) and its `choose` picked from
the list of legal actions instead (for the `rules` bot: the random
bot).  A bot that proposes nothing at all chooses by design.
Also kept in opts.stats when given.
--]]

-- Proposals tried before a proposing bot's `choose` picks from the list
-- of legal actions.
M.MAX_PROPOSALS = 64

-- Ask a bot: true and its answer, or false and why it failed.
local function ask(side, bot, fname, ...)
  local ok, v = pcall(bot[fname], ...)
  if not ok then return false, "the bot of side " .. side .. " failed: " .. tostring(v) end
  return true, v
end

-- One action of side's bot: its proposals first (a refused one is
-- counted in stats and it is asked again, at most M.MAX_PROPOSALS
-- times), then its choice from the list of legal actions.  -> the
-- game's answer to the action, or nil and why the bot failed.
function M.bot_action(g, side, bot, stats)
  stats.refused, stats.fallbacks = stats.refused or 0, stats.fallbacks or 0
  local r
  -- in a sealed phase the bot sees its side's view: its own orders
  -- carried out, no other side's (game.lua, sealed orders)
  local real = g
  g = real:view_for(side) or real
  if bot.propose then
    local refused_lines, proposed = {}, false
    for _ = 1, M.MAX_PROPOSALS do
      local ok, line = ask(side, bot, "propose", g, side, refused_lines)
      if not ok then return nil, line end
      if not line then break end
      proposed = true
      r = real:act(side, line)
      if r.status ~= "refused" then break end
      stats.refused = stats.refused + 1
      local by = stats.refused_by or {}
      stats.refused_by = by
      by[r.rule] = (by[r.rule] or 0) + 1
      refused_lines[line] = true
      r = nil
    end
    if proposed and not r then stats.fallbacks = stats.fallbacks + 1 end
  end
  local legal = r and {} or real:legal_actions(side)
  local tried = 0
  while not r do
    local ok, line = ask(side, bot, "choose", g, side, legal)
    if not ok then return nil, line end
    r = real:act(side, line)
    if r.status == "refused" then
      tried = tried + 1
      for i = #legal, 1, -1 do if legal[i].line == line then table.remove(legal, i) end end
      if #legal == 0 then return nil, "side " .. side .. " has no acceptable action: " .. r.message end
      if tried > 1000 then break end
      r = nil
    end
  end
  return r
end

function M.play(g, bots, opts)
  opts = opts or {}
  local max = opts.max_actions or 100000
  local last_turn = g:turn()
  local count = 0
  local stats = opts.stats or {}
  stats.refused, stats.fallbacks = stats.refused or 0, stats.fallbacks or 0
  while not g:is_over() do
    count = count + 1
    if count > max then return nil, "the game did not end within " .. max .. " actions" end
    local r
    local req = g:pending_request()
    if req then
      local bot = bots[req.side]
      if not bot then return nil, "no driver for side " .. req.side end
      local ok, answer = ask(req.side, bot, "answer", g, req)
      if not ok then return nil, answer end
      r = g:answer(answer)
    else
      local side = g:acting_side()
      if not side then return nil, "nobody can act in phase " .. g:phase_info().name end
      local bot = bots[side]
      if not bot then return nil, "no driver for side " .. side end
      local err
      r, err = M.bot_action(g, side, bot, stats)
      if not r then return nil, err end
    end
    if r.status == "error" then
      return nil, r.message .. (r.traceback and ("\n" .. r.traceback) or "")
    end
    if r.status == "refused" then return nil, "refused: " .. r.rule .. " " .. r.message end
    -- not written to the game's log (a full disk, another writer): the
    -- game is as it was before the action, and playing on would only try
    -- the same action again
    if r.status == "conflict" then
      return nil, "the action was not written to the game file: " .. tostring(r.message) ..
        " (the file holds the game up to action " .. g.n .. ")"
    end
    if r.status ~= "done" and r.status ~= "decision" then
      return nil, "the game answered " .. tostring(r.status) .. ": " .. tostring(r.message)
    end
    if opts.on_action then opts.on_action(g, r) end
    if g:turn() ~= last_turn then
      if opts.on_turn then opts.on_turn(g, last_turn) end
      last_turn = g:turn()
    end
  end
  if opts.on_turn then opts.on_turn(g, last_turn) end
  return g:result(), stats
end

return M
