-- the guarded metatable given a metatable of its own (which could then take __mode)
wrap("movement.move", function(orig, ...)
  local mt = {}
  local _ = setmetatable({}, mt)
  setmetatable(mt, {})
  return orig(...)
end)
