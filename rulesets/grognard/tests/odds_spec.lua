-- bitwa odds on a Grognard melee and a missile volley, the exact
-- distributions checked by hand against the Mass Combat Table, the
-- missile tables and the loss table.  A volley resolves at the missile
-- phase's end, so its odds are those of the last side's `end`, which also
-- rolls the next turn's initiative (its tie rolled again: bitwa.roll_until).
local odds = require "engine.odds"

local F = loadfile(bitwa.home .. "/rulesets/grognard/tests/lib/field.lua", "t", _ENV)()
local U = F.U

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

test("Melees: odds of 20 LI against 20 LI, then Post-Melee Morale Checks: the loser's reaction, by hand", function()
  -- each side: 4 front-rank dice at 6 (MCT LI/LI 1/1 (6)), kills k ~ B(4, 1/6): 625, 500, 150, 20, 1 of 1296;
  -- 4 of 20 is under 25%: no heavy-loss check.  Post-melee: the side with fewer losses (by k) adds k x d6
  -- (step 1) and k more survivors (step 2); both x4 (LI, step 3); 20 a side, no doubling: the other
  -- side reacts to k (5 + d): 0-19 continue, 20-39 back 1/2 move, 40-59 back 1 move (step 4)
  local g = to_phase({ U("a", "A", "LI", "0605", "SE", { figures = 20 }), U("b", "B", "LI", "0705", "NW", { figures = 20 }) },
    "melee")
  local rep = odds.compute(g, "A", "melee a b", {})
  local sum = { 0, 1 }
  for _, o in ipairs(rep.outcomes) do sum = odds.fadd(sum, o.p) end
  eq(sum, { 1, 1 })
  -- P(b loses k more than a), of 1296^2: k=1 390520, k=2 103900, k=3 13000, k=4 625; k (5 + d) is
  -- k=1: 6-11, continue; k=2: 12-22, back 1/2 on d 5-6; k=3: 18-33, back 1/2 on d 2-6;
  -- k=4: 24-44, back 1/2 on d 1-4, back 1 move on d 5-6
  local half = odds.fadd(odds.fadd({ 103900 * 2, 1679616 * 6 }, { 13000 * 5, 1679616 * 6 }), { 625 * 4, 1679616 * 6 })
  local whole = odds.fadd({ 0, 1 }, { 625 * 2, 1679616 * 6 })
  eq(half, { 68825, 2519424 })
  eq(whole, { 625, 5038848 })
  eq(rep.marginals["b.reaction"].values["back"], odds.fadd(half, whole))
  eq(rep.marginals["b.reaction"].values["back"], { 138275, 5038848 })
  eq(rep.marginals["b.reaction"].values["continue"], odds.fadd(odds.fadd({ 390520, 1679616 }, { 103900 * 4, 1679616 * 6 }),
    { 13000, 1679616 * 6 }))
  -- the same for a, the other way
  eq(rep.marginals["a.reaction"].values["back"], { 138275, 5038848 })
  -- the back moves, in good order, straight away from a (SE): LI moves 9", 1/2 move 2 hexes (4 1/2" rounded
  -- up), a move 3 hexes
  eq(rep.marginals["b.hex"].values["0906"], half)
  eq(rep.marginals["b.hex"].values["1007"], whole)
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

test("Equipment: \"six-sided dice\": every chance of a melee, its morale, a volley and a heavy-loss check is a sum of products of sixths", function()
  -- a die of any other size would leave a prime other than 2 and 3 in some outcome's denominator
  local function sixths(rep)
    local n = 0
    for _, o in ipairs(rep.outcomes) do
      local d = o.p[2]
      while d % 2 == 0 do d = d // 2 end
      while d % 3 == 0 do d = d // 3 end
      eq(d, 1, "an outcome of probability " .. o.p[1] .. "/" .. o.p[2])
      n = n + 1
    end
    ok(n > 1, "the outcomes are several")
  end
  local g = to_phase({ U("a", "A", "LI", "0605", "SE", { figures = 20 }), U("b", "B", "LI", "0705", "NW", { figures = 12 }) },
    "melee")
  sixths(odds.compute(g, "A", "melee a b", {}))
  local g2 = to_phase({ U("bows", "A", "LI", "0502", "S", { weapon = "bow" }), U("li", "B", "LI", "0506", "N") }, "missile")
  done(g2:act("A", "fire bows li"))
  done(g2:act("B", "end"))
  sixths(odds.compute(g2, "A", "end", {}))
end)
