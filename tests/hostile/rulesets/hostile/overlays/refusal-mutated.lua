-- a real refusal, caught, its fields replaced by looping tables, raised again
local evil = setmetatable({}, { __tostring = function() while true do end end,
                                __index = function() while true do end end,
                                __concat = function() while true do end end })
wrap("movement.move", function(orig, ...)
  local _, r = pcall(refuse, "3.1", "no")
  r.message, r.rule = evil, evil
  error(r)
  return orig(...)
end)
