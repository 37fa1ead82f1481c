-- table.move over a trillion slots in one call
wrap("movement.move", function(orig, ...)
  table.move({}, 1, 1 << 40, 1)
  return orig(...)
end)
