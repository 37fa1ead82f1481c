-- bitwa odds: exact distributions through the real rule code, checked by
-- hand from the books' tables and against a Monte Carlo run.
local odds = require "engine.odds"

local function situation(name)
  local s = odds.load_situation(bitwa.home .. "/tests/fixtures/situations/" .. name .. ".lua")
  local g, policy = odds.situation_game(s)
  return g, policy, s
end

local function total(rep)
  local sum = { 0, 1 }
  for _, o in ipairs(rep.outcomes) do sum = odds.fadd(sum, o.p) end
  return sum
end

test("odds: 2D6 and 1D6 totals are counted exactly", function()
  local t, all = odds.totals(2, 6)
  eq(all, 36)
  eq(#t, 11)
  eq(t[1], { total = 2, ways = 1 })
  eq(t[6], { total = 7, ways = 6 })
  local u = odds.totals(1, 6)
  eq(#u, 6)
end)

test("odds: Skirmish 4.3 at 2:1, by hand from its table: D1 1/2, no effect 1/3, DR 1/6", function()
  local g, policy, s = situation("skirmish-attack")
  local before = g:checksum()
  local rep = odds.compute(g, s.side, s.action, { policy = policy })
  eq(total(rep), { 1, 1 }, "the outcomes add up to 1")
  eq(#rep.outcomes, 3)
  eq(rep.marginals["b.eliminated"].values["true"], { 1, 2 })     -- rolls 4, 5, 6: D1 on a 1-SP unit
  eq(rep.marginals["b.hex"].values["0604"], { 1, 6 })            -- roll 3: DR
  eq(rep.outcomes[2].p, { 1, 3 })                                -- rolls 1, 2: no effect
  eq(rep.leaves, 6)
  eq(g:checksum(), before, "the game itself is not changed")
end)

-- Grunwald: K1 (2 SP, armour 2, CF 2, with the grand leader) and K2 (2 SP,
-- armour 1, CF 1) attack P1 (2 SP, armour 1) in the open from its front.
-- 4:2 = 2:1; attacker CMs: armour mean 1.5 -> 2, CF mean 1.5 -> 2 (cap
-- armour + 1 = 3), leader stacked 2 = +6; defender armour +1: 2:1 + 5
-- columns = 7:1.  COMBAT TABLE 7:1 by 2D6: 2 -1/D5D, 3 -1/D5, 4 D4,
-- 5 D3, 6 D3 -1, 7 D3 -1, 8 D2, 9 D2, 10 D2, 11 D1 -1, 12 -1/-1.
test("odds: Grunwald 7:1 by hand from the COMBAT TABLE: losses and retreat lengths", function()
  local g, policy, s = situation("grunwald-charge")
  local rep = odds.compute(g, s.side, s.action, { policy = policy })
  eq(total(rep), { 1, 1 })
  -- attacker -1 on 2, 3, 12: (1 + 2 + 1)/36; the first option (K1) takes it
  eq(rep.marginals["K1.sp"].values["1"], { 1, 9 })
  -- defender -1 on 6, 7, 11, 12: (5 + 6 + 2 + 1)/36
  eq(rep.marginals["P1.sp"].values["1"], { 7, 18 })
  -- retreat 1 (11): 2/36; 2 (8-10): 12/36; 3 (5-7): 15/36; 4 (4): 3/36; 5 (2, 3): 3/36
  local hex = rep.marginals["P1.hex"].values
  eq(hex["0608"], { 1, 18 })
  eq(hex["0708"], { 1, 3 })
  eq(hex["0809"], { 5, 12 })
  eq(hex["0909"], { 1, 12 })
  eq(hex["1010"], { 1, 12 })
  ok(rep.marginals["P1.condition"].values.disorganized, "the disorganization rolls branch too")
  -- the same by side and by retreat length
  eq(rep.marginals["SP lost by PL"].values["1"], { 7, 18 })
  eq(rep.marginals["SP lost by TO"].values["1"], { 1, 9 })
  eq(rep.marginals["P1 ends hexes away"].values["5"], { 1, 12 })
end)

test("odds: Legnica 7:1 by hand from its COMBAT TABLE and COMBAT SCATTER (one die per retreating unit)", function()
  local g, policy, s = situation("legnica-charge")
  local rep = odds.compute(g, s.side, s.action, { policy = policy })
  eq(total(rep), { 1, 1 })
  -- 2:1 + 6 = 8:1 (9:1 at most), - 1 = 7:1; attacker -1 on 2, 3, 12; defender -1 on 6, 7, 11, 12
  eq(rep.marginals["K1.sp"].values["1"], { 1, 9 })
  eq(rep.marginals["P1.sp"].values["1"], { 7, 18 })
  -- retreats: 1 (11) 2/36, 2 (7-10, LG row 7 "D2 -1") 18/36, 3 (5, 6) 9/36, 4 (4) 3/36,
  -- 5 (2 "D5S", 3 "D5") 3/36; infantry (armour 1) scatters on B1 -, B2 1, B3 1-2, B4 1-3, B5 1-4
  local hex = rep.marginals["P1.hex"].values
  eq(hex["0608"], { 1, 18 })
  eq(hex["0708"], { 5, 12 }, "1/2 x 5/6")
  eq(hex["0809"], { 1, 6 }, "1/4 x 2/3")
  eq(hex["0909"], { 1, 24 }, "1/12 x 1/2")
  eq(hex["1010"], { 1, 54 }, "2/36 x 2/6 (the S of roll 2 scatters without a roll)")
  eq(rep.marginals["P1.condition"].values.scattered, { 59, 216 },
    "1/12 + 1/12 + 1/24 + 1/36 + 2/36 x 4/6")
end)

test("odds: the exact distribution agrees with a Monte Carlo run of the same situation", function()
  local g, policy, s = situation("grunwald-charge")
  local rep = odds.compute(g, s.side, s.action, { policy = policy })
  local exact = rep.marginals["P1.hex"].values
  local n, counts = 600, {}
  for i = 1, n do
    local c = g:clone()
    c.dice = bitwa.dice.new(1000 + i, 7)
    local r = c:act(s.side, s.action)
    while r.status == "decision" do r = c:answer(policy(c, r.request)) end
    eq(r.status, "done")
    local h = c:unit_table("P1").hex
    counts[h] = (counts[h] or 0) + 1
  end
  for h, p in pairs(exact) do
    local q = odds.float(p)
    local f = (counts[h] or 0) / n
    local tol = 4 * math.sqrt(q * (1 - q) / n) + 1 / n
    ok(math.abs(f - q) <= tol, string.format("P1 at %s: %.3f observed, %.3f exact", h, f, q))
  end
end)

test("odds: a situation file with an unknown phase is a clear error", function()
  local okk, err = pcall(odds.situation_game, { ruleset = "skirmish", action = "end", phase = "nowhere",
    scenario = { map = "skirmish", turns = 1, units = {
      { name = "a", side = "A", kind = "infantry", hex = "0404", facing = "SE", sp = 2 },
      { name = "b", side = "B", kind = "infantry", hex = "1010", facing = "N", sp = 1 } } } })
  ok(not okk)
  ok(tostring(err):find("nowhere", 1, true), tostring(err))
end)
