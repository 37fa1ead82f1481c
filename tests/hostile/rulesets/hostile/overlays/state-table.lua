-- a table of the overlay filled as units move
local seen = {}
wrap("movement.move", function(orig, u, ...)
  seen[#seen + 1] = tostring(u)
  return orig(u, ...)
end)
