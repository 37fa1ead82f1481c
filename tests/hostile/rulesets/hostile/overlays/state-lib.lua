-- state kept in a required library
local memo = require "memo"
wrap("movement.move", function(orig, ...)
  memo.note("move")
  return orig(...)
end)
