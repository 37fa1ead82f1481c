-- bitwa odds on a Grognard melee and a missile volley, the exact
-- distributions checked by hand against the Mass Combat Table, the
-- missile tables and the loss table.  A volley resolves at the missile
-- phase's end, so its odds are those of the last side's `end`, which also
-- rolls the next turn's initiative (its tie rolled again: bitwa.roll_until).
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

test("Missile Fire: odds of a volley, 8 longbowmen that moved (one volley) at 16 MI, by hand", function()
  local g = to_phase({ U("bows", "A", "LI", "0502", "S", { weapon = "longbow", spent = 2 }), U("mi", "B", "MI", "0506", "N") },
    "missile")
  done(g:act("A", "fire bows mi"))
  done(g:act("B", "end"))
  local rep = odds.compute(g, "A", "end", {})
  local sum = { 0, 1 }
  for _, o in ipairs(rep.outcomes) do sum = odds.fadd(sum, o.p) end
  eq(sum, { 1, 1 })
  -- medium armour, 7-8 firing: 2 hits on 1-3, 3 on 4-6; 3 of 16 is under 33 1/3%: no check
  eq(rep.marginals["mi.figures"].values["14"], { 1, 2 })
  eq(rep.marginals["mi.figures"].values["13"], { 1, 2 })
  -- the next initiative: each side wins on 15 of the 30 pairs of different
  -- faces (the winner moves first, the first option): the first mover changes with 1/2
  local other = g:var("first") == "A" and "B" or "A"
  eq(rep.marginals["first"].values[other], { 1, 2 })
end)

test("Missile Fire: odds of two volleys at 16 LI, then the heavy-loss check (25%, 8 or better), by hand", function()
  local g = to_phase({ U("bows", "A", "LI", "0502", "S", { weapon = "bow" }), U("li", "B", "LI", "0506", "N") }, "missile")
  done(g:act("A", "fire bows li"))
  done(g:act("B", "end"))
  local rep = odds.compute(g, "A", "end", {})
  -- light armour, 7-8 firing: 3 hits on 1-2, 4 on 3-6, per volley: 6 (1/9), 7 (4/9), 8 (4/9);
  -- every total reaches 25% of 16: 2d6 >= 8 stays (15/36 = 5/12), else the unit is removed
  eq(rep.marginals["li.figures"].values["10"], { 5, 108 })
  eq(rep.marginals["li.figures"].values["9"], { 5, 27 })
  eq(rep.marginals["li.figures"].values["8"], { 5, 27 })
  eq(rep.marginals["li.loss_checked"].values["true"], { 5, 12 })
end)
