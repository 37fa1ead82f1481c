-- Path orders as listed by `bitwa actions` (lua/engine/paths.lua): a unit
-- that takes path orders is listed by the hexes it can reach, each line
-- one the game accepts, instead of the one-step lines of its paths.
local paths = require "engine.paths"

test("paths: the listing gives destinations, not steps and facings, and each is accepted", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local legal = g:legal_actions("A")
  local listed = paths.listing(g, legal)
  local steps, turns, dests, seen = 0, 0, 0, {}
  for _, a in ipairs(legal) do
    if a.line:match("^turn R1 ") then turns = turns + 1 end
    if a.line:match("^move R1 %d+$") then steps = steps + 1 end
  end
  ok(turns > 0 and steps > 0, "the plain list has R1's steps and turns")
  for _, a in ipairs(listed) do
    ok(not a.line:match("^turn R1 "), "no turn of R1: " .. a.line)
    ok(not a.line:match("^move R1 %d+$"), "no one-hex move of R1: " .. a.line)
    local h = a.line:match("^move R1 (%d+) %u+$")
    if h then
      dests = dests + 1
      ok(not seen[h], "one line per hex: " .. h)
      seen[h] = true
      local c = g:clone()
      local r = c:act("A", a.line)
      -- (archers hold their fire: the walk is not stopped)
      while r.status == "decision" do r = c:answer(r.request.options[#r.request.options]) end
      eq(r.status, "done", a.line)
      eq(c:unit_table("R1").hex, h, a.line)
    end
  end
  ok(dests > steps, "more destinations than one-hex moves: " .. dests)
  eq(listed[#listed].line, "end")
end)

test("paths: a line in the path form with a hex off the map or a word that is no facing is refused as such", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local before = g:checksum()
  local r = g:act("A", "move R1 9999 N")
  eq(r.status, "refused")
  eq(r.message, "move: argument 2 (hex): '9999' is not a hex on the map")
  r = g:act("A", "move R1 0404 X")
  eq(r.status, "refused")
  eq(r.message, "move: argument 3 (facing): 'X' is not a facing (N NE SE S SW NW)")
  -- the action's own form keeps its own message
  r = g:act("A", "move R1 9999")
  eq(r.status, "refused")
  eq(r.message, "move: argument 2 (hex): '9999' is not a hex on the map")
  eq(g:checksum(), before, "nothing changed")
end)
