-- what rules may do: locals of the call, module-level constants read,
-- state in the game (bitwa.set_var)
local LIMIT = 3
local NAMES = { "a", "b" }
wrap("movement.move", function(orig, ...)
  local n = 0
  for _ in ipairs(NAMES) do n = n + 1 end
  bitwa.set_var("moves", (bitwa.var("moves") or 0) + 1)
  if n > LIMIT then error("unreachable") end
  return orig(...)
end)
