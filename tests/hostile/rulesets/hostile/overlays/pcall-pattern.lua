-- a pattern that exhausts the matcher's steps, its error swallowed by pcall, forever
local s = string.rep("a", 3000)
local p = string.rep("a*", 30) .. "b"
wrap("movement.move", function(orig, ...)
  while true do pcall(string.find, s, p) end
  return orig(...)
end)
