-- a module table keyed by a table whose __tostring loops (the engine hashes module tables)
rules.tables.evil = { [setmetatable({}, { __tostring = function() while true do end end })] = 1 }
