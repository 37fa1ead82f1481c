-- A helper under tests/lib that loops when the test file loads it.
local lib = assert(loadfile(bitwa.home .. "/tests/hostile/testfiles/lib/spin.lua"))()
test("the helper spins", function() lib.spin() end)
