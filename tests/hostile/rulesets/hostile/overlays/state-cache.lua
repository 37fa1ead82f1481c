-- a declared memo (cache()): the engine does not watch it and empties it
-- when the rules play another game; the count it keeps is shown in a
-- variable so that a test sees when it was emptied
local memo = cache()
wrap("movement.move", function(orig, ...)
  memo.n = (memo.n or 0) + 1
  bitwa.set_var("memo", memo.n)
  return orig(...)
end)
