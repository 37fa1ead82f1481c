-- a legal-actions query answering a table whose __index, __len and __tostring loop
local function loop() while true do end end
replace("movement.legal_moves", function()
  return setmetatable({}, { __index = loop, __len = loop, __tostring = loop })
end)
