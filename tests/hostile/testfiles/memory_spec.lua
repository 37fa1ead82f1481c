-- A test file that eats memory, in its own code, a little at a time
local t = {}
for i = 1, 1e9 do t[i] = { i, i, i, i } end
