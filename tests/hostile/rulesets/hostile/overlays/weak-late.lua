-- __mode added to a metatable already in use: a weak table the collector would empty
wrap("movement.move", function(orig, ...)
  local mt = {}
  local cache = setmetatable({}, mt)
  mt.__mode = "k"
  cache[{}] = true
  return orig(...)
end)
