-- concatenating two MiB strings in a loop
local s = ("x"):rep(1 << 20)
wrap("movement.move", function(orig, ...)
  while true do local _ = s .. s end
  return orig(...)
end)
