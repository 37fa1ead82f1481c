-- a table dressed as a refusal, with looping fields
wrap("movement.move", function(orig, ...)
  error(setmetatable({}, { __metatable = "refusal", __index = function() while true do end end }))
  return orig(...)
end)
