-- the engine's refusal metatable, shared by every refusal of the process
wrap("movement.move", function(orig, ...)
  local _, r = pcall(refuse, "3.1", "no")
  local mt = getmetatable(r)
  mt.__tostring = function() while true do end end
  return orig(...)
end)
