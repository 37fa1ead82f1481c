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
  eq(rep.leaves, 3, "one path per result of the table: the roll's classes")
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

-- The distributions recorded before rolls had classes (tests/fixtures/
-- situations/odds/NAME.json, written by `bitwa odds NAME.lua --json` when
-- every total was its own path): the same outcomes with the same exact
-- probabilities.
for _, name in ipairs({ "skirmish-attack", "grunwald-charge", "legnica-charge" }) do
  test("odds: " .. name .. " gives exactly the recorded distribution", function()
    local text = assert(util.read_file(bitwa.home .. "/tests/fixtures/situations/odds/" .. name .. ".json"))
    local want = json.decode(text)
    local g, policy, s = situation(name)
    local rep = odds.compute(g, s.side, s.action, { policy = policy })
    local got = odds.plain(rep)
    eq(#got.outcomes, #want.outcomes, "outcomes")
    for i, o in ipairs(want.outcomes) do
      eq(got.outcomes[i].outcome, o.outcome, "outcome " .. i)
      eq(got.outcomes[i].exact, o.exact, "probability of outcome " .. i)
    end
  end)
end

test("odds: the Grunwald charge follows one path per class (8 combat cells, pursuit and disorganization hit or miss)", function()
  local g, policy, s = situation("grunwald-charge")
  local rep = odds.compute(g, s.side, s.action, { policy = policy })
  eq(rep.leaves, 25)
  eq(rep.runs, 25, "one play per path: a play goes on at a roll with its first class")
  local l = odds.compute(situation("legnica-charge"))
  ok(l.leaves <= 28, "Legnica: " .. l.leaves .. " paths")
end)

test("odds: more plays than max_runs are said as soon as the paths waiting show it, not after max_runs plays", function()
  local g, policy, s = situation("grunwald-charge")       -- 25 paths (above)
  local function run(max_runs, soft)
    local base = g:clone()
    base.explore = true
    local plays, leaves = 0, 0
    local ok, runs = pcall(odds.enumerate, base, s.side, s.action,
      { max_runs = max_runs, soft = soft, policy = policy, prepare = function() plays = plays + 1 end },
      function() leaves = leaves + 1 end)
    return ok, runs, plays, leaves
  end
  local ok1, runs, plays, leaves = run(25, true)
  ok(ok1)
  eq({ runs, plays, leaves }, { 25, 25, 25 }, "exactly max_runs paths: all played")
  local ok2, none, p24 = run(24, true)
  ok(ok2)
  eq(none, nil, "one path more than max_runs: nil")
  ok(p24 < 24, "given up after " .. p24 .. " plays, before the 24th")
  local _, _, p10 = run(10, true)
  -- the first play's combat roll leaves 7 classes waiting, its later
  -- rolls more: 10 are passed within 3 plays
  ok(p10 <= 3, "max_runs 10: given up after " .. p10 .. " plays")
  local ok3, err = run(10, false)
  ok(not ok3 and tostring(err):find("more than 10 plays", 1, true), "not soft: the error")
end)

test("odds: a roll's classes group its totals by the rules' function, in order of their smallest total", function()
  local api = require "engine.api"
  local rp = api.roll_point(2, 6, function(t) return t >= 10 or t <= 3 end)
  eq(rp.all, 36)
  eq(#rp.classes, 2)
  eq(rp.classes[1].total, 2, "the class of 2 stands for 2, 3, 10, 11, 12")
  eq(rp.classes[1].totals, { 2, 3, 10, 11, 12 })
  eq(rp.classes[1].ways, 1 + 2 + 3 + 2 + 1)
  eq(rp.classes[2].total, 4)
  eq(rp.classes[2].ways, 27)
  -- without classes every total is its own
  local all = api.roll_point(2, 6)
  eq(#all.classes, 11)
  eq(all.classes[6].totals, { 7 })
  eq(all.classes[6].ways, 6)
  eq(select(2, api.totals(3, 6)), 216)
  -- a nil class is the rules' error
  local okk, err = pcall(api.roll_point, 1, 6, function(t) if t < 6 then return t end end)
  ok(not okk and tostring(err):find("class of total 6", 1, true), tostring(err))
end)

test("odds: in play a classified roll rolls the dice and logs them; only an exploring copy stops at it", function()
  local g = game { ruleset = "skirmish", seed = 3, scenario = { map = "skirmish", turns = 3, units = {
    { name = "a", side = "A", kind = "infantry", hex = "0404", facing = "SE", sp = 2, mp = 4 },
    { name = "b", side = "B", kind = "infantry", hex = "0504", facing = "NW", sp = 1, mp = 4 } } } }
  local function settle(x, r)
    while r.status == "decision" do r = x:answer(r.request.options[1]) end
    return r
  end
  done(settle(g, g:act("A", "end")))
  local r = g:act("A", "attack a b")
  while r.status == "decision" do r = g:answer(r.request.options[1]) end
  done(r)
  eq(#r.rolls, 1)
  eq(r.rolls[1].forced, false)
  eq(r.rolls[1].faces[1], r.rolls[1].total, "the die as it fell")
  -- the same position explored: the play stops at the roll with 3 classes
  local c = game { ruleset = "skirmish", seed = 3, scenario = { map = "skirmish", turns = 3, units = {
    { name = "a", side = "A", kind = "infantry", hex = "0404", facing = "SE", sp = 2, mp = 4 },
    { name = "b", side = "B", kind = "infantry", hex = "0504", facing = "NW", sp = 1, mp = 4 } } } }
  done(settle(c, c:act("A", "end")))
  c.explore = true
  local s = c:act("A", "attack a b")
  eq(s.status, "roll")
  eq(#s.roll.classes, 3)
  eq(s.roll.classes[1].totals, { 1, 2 })
  eq(s.roll.classes[2].totals, { 3 })
  eq(s.roll.classes[3].totals, { 4, 5, 6 })
  refused(c:fall(7), "", "a d6 cannot give 7")
  local f = settle(c, c:fall(3))
  done(f)
  eq(f.rolls[1].total, 3)
  eq(f.rolls[1].forced, true)
  eq(c:unit_table("b").hex, "0604", "3 is DR")
end)

test("odds: of_action on a live game with a log: the distribution of the situation, the game and its file unchanged", function()
  local path = os.tmpname()
  os.remove(path)
  local s = odds.load_situation(bitwa.home .. "/tests/fixtures/situations/skirmish-attack.lua")
  local g = game { ruleset = s.ruleset, scenario = s.scenario, seed = 1, log = path }
  local r0 = g:act("A", "end")
  while r0.status == "decision" do r0 = g:answer(r0.request.options[1]) end
  done(r0)
  local sum, n = g:checksum(), g.n
  local rep = odds.of_action(g, nil, "attack a b")
  eq(rep.side, "A")
  eq(#rep.outcomes, 3)
  eq(rep.outcomes[1].p, { 1, 2 })
  eq(g:checksum(), sum)
  eq(g.n, n)
  g:close()
  local h = game_module.open(path, { readonly = true })
  eq(h:checksum(), sum, "the file holds the same position")
  eq(h.n, n, "and no new action")
  -- refusals: by the rules, and a decision pending
  local r, why = odds.of_action(h, "A", "attack b a")
  eq(r, nil)
  eq(why.rule, "2.1", "b is not A's")
  h:close()
  os.remove(path); os.remove(path .. "-wal"); os.remove(path .. "-shm")
end)

test("odds: --json's exact probabilities are integer fractions", function()
  local g, policy, s = situation("grunwald-charge")
  local p = odds.plain(odds.compute(g, s.side, s.action, { policy = policy }))
  for _, o in ipairs(p.outcomes) do ok(o.exact:match("^%d+/%d+$"), o.exact) end
  eq(p.outcomes[1].exact, "5/27")
end)

test("odds: a roll's class function only reads: a change in it is refused, the play fails", function()
  local g = game { ruleset = "skirmish", seed = 1, scenario = { map = "skirmish", turns = 3, units = {
    { name = "a", side = "A", kind = "infantry", hex = "0404", facing = "SE", sp = 2, mp = 4 } } } }
  local api = g.rs.api
  g.explore = true
  local function probe(class)
    return g:_start({ n = g.n + 1, side = "A", line = "probe", turn = 1, phase = "A.move" }, function()
      api.set_var("rolled", (api.roll(1, 6, "probe", class)))
    end)
  end
  local r = probe(function(t) api.set_var("seen", t) return t end)
  eq(r.status, "error")
  ok(r.message:find("a roll's class function cannot change the game", 1, true), r.message)
  eq(g:var("seen"), nil)
  r = probe(function(t) return api.roll(1, 6, "inside") end)
  eq(r.status, "error", "nor roll")
  eq(g.pending, nil)
  -- a class function that reads is followed
  r = probe(function(t) return t > api.turn() end)
  eq(r.status, "roll")
  eq(#r.roll.classes, 2)
  eq(r.roll.classes[1].totals, { 1 })
  done(g:fall(4))
  eq(g:var("rolled"), 4)
end)

-- bitwa.roll_until: a tie rolled again, in play and in the odds
test("odds: bitwa.roll_until rolls again until accepted; the odds enumerate the accepted totals only", function()
  local g = game { ruleset = "probe", scenario = "one", seed = 1, dice = { 6, 6, 5 } }
  done(g:act("A", "probe reroll"))
  eq(g:unit_table("p1").sp, 2)
  eq(g.dice:forced_left(), 0, "three dice: two 6s rolled again, then a 5")
  local g2 = game { ruleset = "probe", scenario = "one", seed = 1 }
  local rep = odds.compute(g2, "A", "probe reroll", {})
  eq(total(rep), { 1, 1 })
  eq(rep.marginals["p1.sp"].values["2"], { 2, 5 }, "4-5 of the five accepted totals")
  eq(#rep.outcomes, 2)
  eq(rep.outcomes[1].p, { 3, 5 }, "1-3 of them: p1 keeps its 1 SP")
  eq(rep.leaves, 2, "one path per class")
  local r = game { ruleset = "probe", scenario = "one", seed = 1 }:act("A", "probe reroll_never")
  ok(r.status == "error" and tostring(r.message):find("no total of 1d6 is accepted", 1, true), tostring(r.message))
end)

test("odds: a leaf's position reads only the units the kernel finds changed (state:differing_ids)", function()
  local g = situation("grunwald-charge")
  local base = g:clone()
  local c = base:clone()
  local sn = {}
  for i, sl in ipairs(c.state:slots()) do sn[sl.name] = i end
  eq(c.state:differing_ids(base.state), {}, "an unchanged copy")
  c.state:set(2, sn.sp, c.state:get(2, sn.sp) + 1)
  eq(c.state:differing_ids(base.state), { 2 }, "an integer changed")
  c.state:set(2, sn.sp, base.state:get(2, sn.sp))
  eq(c.state:differing_ids(base.state), {}, "and put back")
  -- strings by their text: the same new text interned in each state
  -- (the same id for two texts), then one text interned in another order
  base.state:set(3, sn.condition, "odds-spec-a")
  c.state:set(3, sn.condition, "odds-spec-b")
  eq(c.state:differing_ids(base.state), { 3 }, "two texts behind one id")
  c.state:set(4, sn.condition, "odds-spec-c")
  c.state:set(3, sn.condition, "odds-spec-a")
  base.state:set(4, sn.condition, "odds-spec-c")
  eq(c.state:differing_ids(base.state), {}, "one text behind two ids")
  c.state:remove(5)
  eq(c.state:differing_ids(base.state), { 5 }, "a unit removed")
  eq(base.state:differing_ids(c.state), { 5 }, "either way")
  local id = c.state:spawn()
  eq(c.state:differing_ids(base.state), { 5, id }, "a unit spawned")
end)

