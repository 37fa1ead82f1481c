-- a legal-actions query that allocates without end
replace("movement.legal_moves", function()
  local t = {}
  for i = 1, 1e9 do t[i] = { i, i, i, i } end
  return t
end)
