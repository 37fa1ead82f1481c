-- a refusal whose message loops in __tostring
wrap("movement.move", function(orig, ...)
  refuse("3.1", setmetatable({}, { __tostring = function() while true do end end }))
  return orig(...)
end)
