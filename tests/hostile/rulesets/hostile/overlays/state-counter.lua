-- a move counted in an upvalue of the overlay: state outside the game
-- state (not rolled back, not replayed)
local moves = 0
wrap("movement.move", function(orig, ...)
  moves = moves + 1
  return orig(...)
end)
