-- __gc added to a metatable already in use
wrap("movement.move", function(orig, ...)
  local mt = {}
  local _ = setmetatable({}, mt)
  mt.__gc = function() bitwa.note("collected") end
  return orig(...)
end)
