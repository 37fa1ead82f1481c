-- Helpers the grognard tests share (loaded with loadfile, not a spec).
local M = {}

-- A unit of a test's scenario: 16 figures unless t says.
function M.U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, figures = 16 }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

-- A game on the proving ground at turn 1's `phase` (A moves first, nobody
-- moves): turns 3 unless given, the scenario's options.
function M.at(phase, units, turns, options)
  local g = game { ruleset = "grognard", seed = 1,
                   scenario = { map = "proving-ground", turns = turns or 3, units = units, options = options } }
  done(g:answer("first"))
  done(g:act("A", "end"))
  done(g:act("B", "end"))
  eq(g:phase_info().name, phase)
  return g
end

return M
