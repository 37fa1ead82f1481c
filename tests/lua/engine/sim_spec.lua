-- Playtesting: the statistics, and `bitwa sim`, `sim-merge` and `compare`
-- run as a user runs them (the same executable, in worker processes too).
local stats = require "engine.stats"

local function near(actual, expected, tol, what)
  ok(type(actual) == "number" and math.abs(actual - expected) <= (tol or 1e-4),
    (what or "value") .. ": got " .. tostring(actual) .. ", expected " .. tostring(expected))
end

test("stats: Wilson interval of 7/10, 0/10 and 10/10", function()
  local lo, hi = stats.wilson(7, 10)
  near(lo, 0.39676, 1e-4, "7/10 low")
  near(hi, 0.89222, 1e-4, "7/10 high")
  lo, hi = stats.wilson(0, 10)
  eq(lo, 0)
  near(hi, 0.27753, 1e-4, "0/10 high")
  lo, hi = stats.wilson(10, 10)
  near(lo, 0.72247, 1e-4, "10/10 low")
  eq(hi, 1)
  eq(stats.wilson(0, 0), nil)
  local r = stats.rate(7, 10)
  near(r.rate, 0.7)
end)

test("stats: mean, standard deviation, exact for large integers", function()
  local xs = { 2, 4, 4, 4, 5, 5, 7, 9 }
  eq(stats.mean(xs), 5.0)
  near(stats.sd(xs), math.sqrt(32 / 7), 1e-12, "sd")
  eq(stats.sd({ 3 }), 0.0)
  eq(stats.mean({}), nil)
  local big = 1000000000000
  eq(stats.variance({ big + 1, big + 2, big + 3 }), 1.0)
  local d = stats.describe({ 3, -1, 4 })
  eq({ d.n, d.min, d.max }, { 3, -1, 4 })
end)

test("stats: t quantiles and the paired interval", function()
  near(stats.t975(1), 12.7062)
  near(stats.t975(10), 2.2281)
  near(stats.t975(40), 2.0211, 2e-4, "df 40")
  near(stats.t975(120), 1.9799, 2e-4, "df 120")
  near(stats.t975(1e9), 1.95996, 1e-4, "df large")
  -- differences 1, 2, 0, 2: mean 1.25, sd sqrt(11/12), t(3) = 3.1824
  local p = stats.paired({ 1, 2, 3, 4 }, { 2, 4, 3, 6 })
  eq(p.n, 4)
  near(p.mean, 1.25)
  near(p.sd, math.sqrt(11 / 12), 1e-9, "sd")
  near(p.lo, 1.25 - 3.1824 * math.sqrt(11 / 12) / 2, 1e-4, "lo")
  near(p.hi, 1.25 + 3.1824 * math.sqrt(11 / 12) / 2, 1e-4, "hi")
  eq(p.beyond_noise, false)
  local q = stats.paired({ 0, 0, 0 }, { 1, 1, 1 })
  eq({ q.mean, q.lo, q.hi, q.beyond_noise }, { 1.0, 1.0, 1.0, true })
  local mc = stats.mean_ci({ 10, 12, 14 })
  near(mc.lo, 12 - 4.3027 * 2 / math.sqrt(3), 1e-4, "mean_ci lo")
end)

-- ------------------------------------------------------------------ commands

local exe = bitwa.exe
local tmp = os.tmpname()
os.remove(tmp)
os.execute("mkdir -p " .. tmp)

local function q(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

-- Run bitwa with args; stdout, exit status, stderr.
local function bitwa_run(args)
  local err = tmp .. "/stderr"
  local p = io.popen("BITWA_NO_PROGRESS=1 " .. q(exe) .. " " .. args .. " 2>" .. q(err))
  local out = p:read("a")
  local _, _, code = p:close()
  return out, code, util.read_file(err) or ""
end

test("sim: the same JSON with one process and with two workers", function()
  ok(exe, "bitwa.exe is set")
  local one, c1, e1 = bitwa_run("sim skirmish/duel -n 20 --json")
  eq(c1, 0, e1)
  local two, c2, e2 = bitwa_run("sim skirmish/duel -n 20 --json --jobs 2")
  eq(c2, 0, e2)
  eq(two, one)
  local t = json.decode(one)
  eq(t.games, 20)
  eq(t.completed, 20)
  eq(t.bots, "A=rules,B=rules")
  eq(#t.errors, 0)
  eq(t.wins.A.games + t.wins.B.games + t.draws.games, 20)
  ok(t.wins.A.ci[1] <= t.wins.A.rate and t.wins.A.rate <= t.wins.A.ci[2], "the rate inside its interval")
  -- shards 1/2 and 2/2, joined, give the run played at once
  local _, s1 = bitwa_run("sim skirmish/duel -n 20 --shard 1/2 --out " .. q(tmp .. "/s1.json"))
  local _, s2 = bitwa_run("sim skirmish/duel -n 20 --shard 2/2 --jobs 2 --out " .. q(tmp .. "/s2.json"))
  eq({ s1, s2 }, { 0, 0 })
  local merged, cm, em = bitwa_run("sim-merge " .. q(tmp .. "/s2.json") .. " " .. q(tmp .. "/s1.json") .. " --json")
  eq(cm, 0, em)
  eq(merged, one)
  -- a shard twice: game 1 would count twice
  local _, cd, ed = bitwa_run("sim-merge " .. q(tmp .. "/s1.json") .. " " .. q(tmp .. "/s1.json"))
  eq(cd, 2)
  ok(ed:find("game 1 is also in", 1, true), ed)
  local _, cmiss, emiss = bitwa_run("sim-merge " .. q(tmp .. "/s1.json"))
  eq(cmiss, 2)
  ok(emiss:find("10 of 20 games missing", 1, true), emiss)
end)

test("sim: a failing game is reported with its seed", function()
  local out, code = bitwa_run("sim skirmish/duel -n 2 --max-actions 3 --json")
  eq(code, 1)
  local t = json.decode(out)
  eq(t.completed, 0)
  eq(#t.errors, 2)
  eq(t.errors[2].seed, 1000005)
  ok(t.errors[1].message:find("did not end within 3 actions", 1, true), t.errors[1].message)
end)

test("compare: no quarter costs more units, beyond noise", function()
  local out, code, err = bitwa_run("compare skirmish/duel -n 40 --a skirmish --b skirmish+no-quarter " ..
    "--bots greedy,greedy --jobs 2 --json")
  eq(code, 0, err)
  local t = json.decode(out)
  eq(t.paired, 40)
  eq({ t.a, t.b }, { "skirmish", "skirmish+no-quarter" })
  local by = {}
  for _, m in ipairs(t.measures) do by[m.name] = m end
  local lost = (by["lost.A"].diff or 0) + (by["lost.B"].diff or 0)
  ok(lost > 0, "more units lost: " .. tostring(lost))
  ok(by["lost.A"].beyond_noise or by["lost.B"].beyond_noise,
    by["lost.A"].sentence .. " / " .. by["lost.B"].sentence)
  ok(by["win.A"].sentence:match("^The change moves A's win rate by [%+%-]%d+%.%d points %(95%% CI .* to .*%): %a+ noise%.$"),
    by["win.A"].sentence)
end)

os.execute("rm -rf " .. q(tmp))
