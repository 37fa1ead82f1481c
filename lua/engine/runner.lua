-- Plays a game with bots (or scripted drivers) until it ends.
local M = {}

--[[
M.play(g, bots, opts) -> result table
bots[side] = { choose = fn(g, side, legal) -> line, answer = fn(g, req) -> option }
opts.max_actions (default 100000), opts.on_action(g, r), opts.on_turn(g, turn)
--]]
function M.play(g, bots, opts)
  opts = opts or {}
  local max = opts.max_actions or 100000
  local last_turn = g:turn()
  local count = 0
  while not g:is_over() do
    count = count + 1
    if count > max then return nil, "the game did not end within " .. max .. " actions" end
    local r
    local req = g:pending_request()
    if req then
      local bot = bots[req.side]
      if not bot then return nil, "no driver for side " .. req.side end
      r = g:answer(bot.answer(g, req))
    else
      local side = g:acting_side()
      if not side then return nil, "nobody can act in phase " .. g:phase_info().name end
      local bot = bots[side]
      if not bot then return nil, "no driver for side " .. side end
      -- a bot that can propose a line without the list of every legal action
      if bot.propose then
        local refused_lines = {}
        for _ = 1, 64 do
          local line = bot.propose(g, side, refused_lines)
          if not line then break end
          r = g:act(side, line)
          if r.status ~= "refused" then break end
          refused_lines[line] = true
          r = nil
        end
      end
      local legal = r and {} or g:legal_actions(side)
      local tried = 0
      while not r do
        local line = bot.choose(g, side, legal)
        r = g:act(side, line)
        if r.status == "refused" then
          tried = tried + 1
          for i = #legal, 1, -1 do if legal[i].line == line then table.remove(legal, i) end end
          if #legal == 0 then return nil, "side " .. side .. " has no acceptable action: " .. r.message end
          if tried > 1000 then break end
          r = nil
        end
      end
    end
    if r.status == "error" then
      return nil, r.message .. (r.traceback and ("\n" .. r.traceback) or "")
    end
    if r.status == "refused" then return nil, "refused: " .. r.rule .. " " .. r.message end
    if opts.on_action then opts.on_action(g, r) end
    if g:turn() ~= last_turn then
      if opts.on_turn then opts.on_turn(g, last_turn) end
      last_turn = g:turn()
    end
  end
  if opts.on_turn then opts.on_turn(g, last_turn) end
  return g:result()
end

return M
