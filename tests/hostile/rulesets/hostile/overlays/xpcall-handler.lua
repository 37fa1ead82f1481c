-- an ordinary error whose xpcall handler loops: the handler runs under the budget
wrap("movement.move", function(orig, ...)
  xpcall(function() error("x") end, function() while true do end end)
  return orig(...)
end)
