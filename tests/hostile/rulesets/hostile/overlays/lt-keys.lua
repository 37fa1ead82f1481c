-- keys whose order is their own __lt (inconsistent: order would follow addresses)
wrap("movement.move", function(orig, ...)
  local mt = { __lt = function() return true end }
  local t = {}
  for i = 1, 10 do t[setmetatable({}, mt)] = i end
  for _ in pairs(t) do end
  return orig(...)
end)
