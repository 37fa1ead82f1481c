-- string.rep of 8 MiB in a loop: each call is one instruction
wrap("movement.move", function(orig, ...)
  while true do local _ = string.rep("x", 8 << 20) end
  return orig(...)
end)
