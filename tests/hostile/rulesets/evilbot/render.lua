local function spin() while true do end end
return setmetatable({ terrain_colors = setmetatable({}, { __index = spin }) }, { __index = spin })
