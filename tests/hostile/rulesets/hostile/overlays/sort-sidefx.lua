-- a comparator with side effects: the number of comparisons reaches the log
-- (Lua's own table.sort picks pivots from the clock; the sandbox's sort must not)
wrap("movement.move", function(orig, ...)
  local t, n = {}, 0
  for i = 1, 2000 do t[i] = (i * 7919) % 101 end
  table.sort(t, function(a, b) n = n + 1; return a < b end)
  table.sort(t, function() n = n + 1; return n % 3 == 0 end)
  bitwa.note("comparisons " .. n .. " first " .. t[1] .. " last " .. t[#t])
  return orig(...)
end)
