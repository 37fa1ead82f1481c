-- bitwa odds on a Husaria battle, its exact distribution checked by hand
-- against the Battle Table (L664-676) and Battle Dispersal (L681-690).
local odds = require "engine.odds"

test("6.21, 6.19, 10.11: odds of a hussar charge at 4:1, by hand from the Battle Table and Battle Dispersal", function()
  local s = odds.load_situation(bitwa.home .. "/tests/fixtures/situations/husaria-charge.lua")
  local g, policy = odds.situation_game(s)
  local rep = odds.compute(g, s.side, s.action, { policy = policy })
  local sum = { 0, 1 }
  for _, o in ipairs(rep.outcomes) do sum = odds.fadd(sum, o.p) end
  eq(sum, { 1, 1 })
  -- 4:1: 2 -1/B3R, 3 B3-1, 4 B2, 5 B2, 6 B2-1, 7 B2, 8 B1, 9 B1, 10 -1/B1, 11 -, 12 -1/-1
  -- the attacker loses 1 SP on 2, 10 and 12: (1 + 3 + 1)/36
  eq(rep.marginals["h.sp"].values["1"], { 5, 36 })
  -- the defender loses 1 SP on 3, 6 and 12: (2 + 5 + 1)/36
  eq(rep.marginals["d.sp"].values["1"], { 2, 9 })
  -- dispersed: R on 2 (1/36); infantry morale 6 disperses on B1 1-3, B2 1-4, B3 1-5:
  -- 3 (2/36 x 5/6), 4 5 6 7 (18/36 x 4/6), 8 9 10 (12/36 x 3/6) = 124/216
  eq(rep.marginals["d.dispersed"].values["true"], { 31, 54 })
end)
