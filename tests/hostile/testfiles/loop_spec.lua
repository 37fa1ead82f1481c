-- A test file that loops at its top level.
test("before the loop", function() ok(true) end)
while true do end
