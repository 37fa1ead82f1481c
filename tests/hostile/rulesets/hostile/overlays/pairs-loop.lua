-- sorted pairs over a big table, started again and again
wrap("movement.move", function(orig, ...)
  local t = {}
  for i = 1, 50000 do t["k" .. i] = i end
  while true do for _ in pairs(t) do break end end
  return orig(...)
end)
