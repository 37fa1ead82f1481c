-- a situation whose table has a looping __index (the engine reads absent fields)
return setmetatable({ ruleset = "skirmish", scenario = "duel", action = "end" },
  { __index = function() while true do end end })
