-- Test code run with the rules' API bound (with) loops.
test("with loops", function()
  local g = game { ruleset = "skirmish", scenario = "duel" }
  with(g, function(bitwa, rules)
    while true do local _ = bitwa.units { side = "A" } end
  end)
end)
