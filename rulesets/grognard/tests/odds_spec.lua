-- bitwa odds on a Grognard melee, the exact distribution checked by hand
-- against the Mass Combat Table.  (A missile volley resolves at the phase's
-- end, which also rolls the next turn's initiative with its re-rolled ties:
-- not enumerable yet.)
local odds = require "engine.odds"

local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, figures = 16 }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function to_phase(units, phase)
  local g = game { ruleset = "grognard", seed = 1, scenario = { map = "proving-ground", turns = 3, units = units } }
  done(g:answer("first"))
  done(g:act("A", "end"))
  done(g:act("B", "end"))
  eq(g:phase_info().name, phase)
  return g
end

test("Melees: casualties, odds of 16 LI against 16 LI (1/1 (6), 4 front-rank dice a side), by hand", function()
  -- a at 0605 facing SE, b at 0705 facing NW: room to fall back 5 hexes either way
  local g = to_phase({ U("a", "A", "LI", "0605", "SE"), U("b", "B", "LI", "0705", "NW") }, "melee")
  local rep = odds.compute(g, "A", "melee a b", {})
  local sum = { 0, 1 }
  for _, o in ipairs(rep.outcomes) do sum = odds.fadd(sum, o.p) end
  eq(sum, { 1, 1 })
  -- b loses exactly 1 figure: 4 x 1/6 x (5/6)^3 = 500/1296; none: (5/6)^4 = 625/1296
  eq(rep.marginals["b.figures"].values["15"], { 125, 324 })
  eq(rep.marginals["a.figures"].values["15"], { 125, 324 })
end)
