-- an ordinary stack overflow: reported at once, at its line
local function f(n) return 1 + f(n + 1) end
wrap("movement.move", function(orig, ...)
  f(1)
  return orig(...)
end)
