-- a table as a note: its text would be its address
wrap("movement.move", function(orig, ...)
  bitwa.note({})
  return orig(...)
end)
