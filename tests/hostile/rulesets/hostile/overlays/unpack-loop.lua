-- unpacking a million values, its error swallowed, forever
wrap("movement.move", function(orig, ...)
  while true do pcall(table.unpack, {}, 1, 900000) end
  return orig(...)
end)
