-- A test that loops, and swallows what it can: the kill is not swallowed
-- by pcall, by the runner's own handler, nor by the next test.
test("a looping test", function()
  while true do pcall(function() while true do end end) end
end)
test("after the loop", function() ok(true) end)
