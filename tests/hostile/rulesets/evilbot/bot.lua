local function spin() while true do end end
return setmetatable({}, { __index = spin })
