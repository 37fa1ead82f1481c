-- A to-be-closed value whose __close loops when the test ends
test("close loops", function()
  local x <close> = setmetatable({}, { __close = function() while true do end end })
end)
