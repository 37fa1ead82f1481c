-- Test code that asks the engine for work forever: every query has its
-- own budget, the file's limits count them all.
test("queries forever", function()
  local g = game { ruleset = "skirmish", scenario = "duel" }
  while true do g:legal_actions("A") end
end)
