-- Helpers the husaria tests share (loaded with loadfile, not a spec).
local M = {}

-- A unit of a test's scenario: 2 SP, 8 MP, unit morale 7 unless t says.
function M.U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8, morale = 7 }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

return M
