-- Undo: a side takes back its own last actions, as long as no die was
-- rolled and no other side decided anything since.  The actions leave
-- the log for real (log:truncate): the file replays, and verifies, as if
-- they had never been played; nothing the dice or the other side have
-- revealed is ever taken back.
local M = {}

-- M.plan(log, side, count) -> { keep = n, taken = { actions } } or nil, reason
-- side: the side taking back (nil: the side of the last action);
-- count: how many actions (default 1).
function M.plan(log, side, count)
  count = count or 1
  local actions = log:actions()
  local last = actions[#actions]
  if last.status == "pending" then
    return nil, "action " .. last.n .. " (" .. last.line .. ") waits for a decision: answer it first"
  end
  side = side or last.side
  local taken = {}
  local i = #actions
  for _ = 1, count do
    local a = actions[i]
    if not a or a.n <= 0 or a.side == "" then
      return nil, (a and a.n > 0) and ("action " .. a.n .. " (" .. a.line .. ") is the game's own, not a side's")
                                  or "nothing left to take back"
    end
    if a.side ~= side then
      return nil, "action " .. a.n .. " (" .. a.line .. ") is " .. a.side .. "'s: " .. side ..
        " takes back only its own last actions"
    end
    local rolls = log:rolls(a.n)
    if #rolls > 0 then
      return nil, "action " .. a.n .. " (" .. a.line .. ") rolled dice (" .. rolls[1].purpose ..
        "): a roll is never taken back"
    end
    for _, d in ipairs(log:decisions(a.n)) do
      if d.side ~= side then
        return nil, "in action " .. a.n .. " (" .. a.line .. ") " .. d.side .. " decided (" .. d.kind ..
          "): another side's decision is never taken back"
      end
    end
    taken[#taken + 1] = a
    i = i - 1
  end
  return { keep = actions[i].n, taken = taken, side = side }
end

-- M.apply(log, plan): remove the planned actions from the log.
function M.apply(log, plan)
  log:truncate(plan.keep)
end

-- M.apply_open(g, plan, path): the same for a game held open (the
-- prompt, the server): the actions leave g's log and the game is made
-- again from the shortened log, on the same connection (no other writer
-- can come in between).  -> the new game; g is done with (its log is the
-- new game's).  path: the file's name, for messages.
function M.apply_open(g, plan, path)
  local log = g.log
  M.apply(log, plan)
  g.log = nil
  local g2, rep = require("engine.game")._replay(log, path, {})
  if rep.divergence then error("undo: the shortened log does not replay: " .. rep.divergence.message) end
  return g2
end

return M
