-- a manifest keyed by a table whose __tostring loops (the engine sorts keys)
return { name = "evil-key", extends = "skirmish",
         [setmetatable({}, { __tostring = function() while true do end end })] = 1 }
