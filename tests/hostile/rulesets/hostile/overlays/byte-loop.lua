-- string.byte of a long slice, forever
local s = ("x"):rep(200000)
wrap("movement.move", function(orig, ...)
  while true do pcall(string.byte, s, 1, -1) end
  return orig(...)
end)
