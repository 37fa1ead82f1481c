-- sorting a big table again and again
wrap("movement.move", function(orig, ...)
  local t = {}
  for i = 1, 50000 do t[i] = (i * 7919) % 50000 end
  while true do table.sort(t) end
  return orig(...)
end)
