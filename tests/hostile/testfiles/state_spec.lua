-- Overlays that keep state outside the game state (an upvalue, a table,
-- a library, the module table through its upvalue): the moves go
-- through, and the runner names each overlay's function and upvalue
-- after the file; the overlay that keeps its state in the game passes.
for _, name in ipairs { "state-counter", "state-table", "state-lib", "state-module", "state-none" } do
  test("a move with " .. name, function()
    local g = game { ruleset = "hostile", scenario = "duel", overlays = { "hostile/" .. name } }
    done(g:act("A", "move R1 0404"))
  end)
end

-- a declared memo: kept within a game, emptied for another, not reported
test("cache(): a memo, emptied when another game is played", function()
  local g1 = game { ruleset = "hostile", scenario = "duel", overlays = { "hostile/state-cache" } }
  done(g1:act("A", "move R1 0404"))
  eq(g1:var("memo"), 1)
  local g2 = game { ruleset = "hostile", scenario = "duel", overlays = { "hostile/state-cache" } }
  done(g2:act("A", "move R1 0404"))
  eq(g2:var("memo"), 1, "emptied for another game")
  local line
  for _, a in ipairs(g2:legal_actions("A")) do
    if not line and a.line:find("^move R2 ") then line = a.line end
  end
  done(g2:act("A", line))
  eq(g2:var("memo"), 2, "kept within the game")
end)
