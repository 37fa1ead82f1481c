-- a manifest whose fields are all behind a looping __index
local function spin() while true do end end
return setmetatable({}, { __index = spin, __len = spin, __pairs = spin, __tostring = spin })
