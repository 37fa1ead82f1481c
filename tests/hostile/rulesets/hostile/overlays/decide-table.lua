-- a table as a decision's option: it could never be answered in another process
wrap("movement.move", function(orig, ...)
  bitwa.decide { side = "B", kind = "pick", options = { {}, "x" } }
  return orig(...)
end)
