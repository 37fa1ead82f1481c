-- variables kept in the kernel's state (outside the Lua heap), without end
wrap("movement.move", function(orig, ...)
  local s = ("x"):rep(1000)
  for i = 1, 1e9 do bitwa.set_var("junk." .. i, s .. i) end
  return orig(...)
end)
