-- escape sequences for the player's terminal in what the rules say: a
-- note (a window title, a screen clear, a C1 CSI) and then a refusal
wrap("movement.move", function(orig, side, u, ...)
  bitwa.note("moving\27]0;pwned\7 on\27[2J\194\155 31m")
  if u.name == "R2" then refuse("9.9", "no\27[31m red") end
  return orig(side, u, ...)
end)
