-- the kernel's hex metatable, shared by the whole process
wrap("movement.move", function(orig, ...)
  local mt = getmetatable(bitwa.hex.parse("0101"))
  mt.__index = function() while true do end end
  return orig(...)
end)
