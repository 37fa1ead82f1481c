-- notes kept in the kernel's state, without end
wrap("movement.move", function(orig, ...)
  local s = ("x"):rep(4000)
  for i = 1, 1e9 do bitwa.note(s) end
  return orig(...)
end)
