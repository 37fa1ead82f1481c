-- tools/bench_combat.lua: what one Grunwald combat costs before its
-- result is applied -- its evaluation (SP, ratio, every CM from the board),
-- its 2D6 roll and its COMBAT TABLE lookup -- against a floor measured in
-- the same run: the same arithmetic in straight Lua (ratio, shifts, two
-- dice from a Lua generator, a lookup in a plain nested table).
-- A measurement, not a test.
--
--   bitwa script tools/bench_combat.lua [SCALE]
--
-- Lines: name, iterations, CPU ns per combat, ratio to the floor.
--   combat.floor       straight Lua, the floor (ratio 1)
--   combat.table_core  the rules' own arithmetic (arith.ratio_column and
--                      combat.final_column, as evaluate calls them) and
--                      table (rules.tables.combat), the floor's dice: the
--                      aim is at most 2x the floor
--     core_bound       table_core with the rules' functions and table
--                      looked up once (the late-bound lookups' cost)
--     core_unchecked   core_bound's arithmetic in plain functions without
--                      the argument checks, over the same read-only table
--                      (the checks' cost)
--   combat.roll        the kernel's 2D6 alone, recorded as in play
--   odds.enumerate     the exact odds of the situation's attack
--                      (engine.odds.compute: every class of every roll
--                      played): ns per enumeration; the aim is 10 ms
--   combat.evaluate    rules.combat.evaluate on the board of
--                      tests/fixtures/situations/grunwald-charge.lua (two
--                      knights with a grand leader on an infantry unit:
--                      SP, terrain, armour, CF, rear, leader, banner, morale
--                      CMs), then the roll and the lookup: the aim is at
--                      most 20x the floor
-- Every line runs as rule code runs in play, the floor too: bound to the
-- game, inside the sandbox and its instruction budget (a query, 500
-- combats per query), so that the ratios measure the rules' code.
local odds = require "engine.odds"

local scale = tonumber(arg and arg[1] or "1") or 1
local function iters(n) return math.max(1, math.floor(n * scale)) end

local s = odds.load_situation(bitwa.home .. "/tests/fixtures/situations/grunwald-charge.lua")
local g = odds.situation_game(s)
local rules = g.rs.rules
local T = rules.tables

-- best of 3 runs of f(n), CPU ns per iteration; f returns a checksum
local sink = 0
local function measure(f, n)
  f(n // 10 + 1)
  local best = math.huge
  for _ = 1, 3 do
    local t0 = os.clock()
    sink = sink + f(n)
    best = math.min(best, os.clock() - t0)
  end
  return best * 1e9 / n
end

-- ------------------------------------------------------------ the floor
-- The COMBAT TABLE as plain nested tables of plain cells.
local plain = {}
for roll = 2, 12 do
  plain[roll] = {}
  for col = 1, #T.columns do
    local c = T.combat[roll][col]
    plain[roll][col] = { att_loss = c.att_loss, def_loss = c.def_loss,
                         att_retreat = c.att_retreat, def_retreat = c.def_retreat }
  end
end
local NCOL = #T.columns

local function floor_body(k, base)
  local x, acc = 12345, 0
  for i = base + 1, base + k do
    local att, def = 3 + (i & 3), 2
    local col
    if att >= def then col = (2 * att + def) // (2 * def) + 3
    else col = 5 - (2 * def + att) // (2 * att) end
    col = col + 5 - 1
    if col < 1 then col = 1 elseif col > NCOL then col = NCOL end
    x = (x * 1103515245 + 12345) & 0x7fffffff
    local d1 = (x >> 16) % 6 + 1
    x = (x * 1103515245 + 12345) & 0x7fffffff
    local d2 = (x >> 16) % 6 + 1
    local cell = plain[d1 + d2][col]
    acc = acc + cell.def_retreat + cell.att_loss
  end
  return acc
end

-- ------------------------------------------------------------ the rules
local dice = bitwa.dice.new(1, 99)
local BATCH = 500

local function in_queries(n, body)
  local acc, done = 0, 0
  while done < n do
    local k = math.min(BATCH, n - done)
    acc = acc + g:query(body, k, done)
    dice:take_rolls()
    done = done + k
  end
  return acc
end

-- the floor, under the same conditions as the rules (in queries)
local function floor_loop(n) return in_queries(n, floor_body) end

-- the rules' arithmetic and table, the dice of the floor.  (Each timed
-- loop is written out whole, the floor's dice inline in each: a helper
-- shared between them would add a call per combat to what is measured.)
local function core_loop(n)
  return in_queries(n, function(k, base)
    local x, acc = 12345, 0
    for i = base + 1, base + k do
      local final = rules.combat.final_column(rules.arith.ratio_column(3 + (i & 3), 2), 5, 1)
      x = (x * 1103515245 + 12345) & 0x7fffffff
      local d1 = (x >> 16) % 6 + 1
      x = (x * 1103515245 + 12345) & 0x7fffffff
      local d2 = (x >> 16) % 6 + 1
      local cell = rules.tables.combat[d1 + d2][final]
      acc = acc + cell.def_retreat + cell.att_loss
    end
    return acc
  end)
end

-- Where table_core's cost over the floor goes (two rows, the same
-- arithmetic and table as table_core):
--   core_bound      the rules' functions and table looked up once, as
--                   locals: what the late-bound rules.X.Y lookups cost
--   core_unchecked  the same arithmetic in two plain functions with no
--                   argument checks (the checks are math.type calls: C
--                   calls, which the budget's hook makes dearer), over the
--                   read-only combat table: what the checks cost
-- table_core's loop with the ratio and final-column functions given (as
-- locals: no rules.X.Y lookup) and the rules' combat table
local bound_ct = rules.tables.combat
local function core_with(ratio, final_of)
  return function(n)
    return in_queries(n, function(k, base)
      local x, acc = 12345, 0
      for i = base + 1, base + k do
        local final = final_of(ratio(3 + (i & 3), 2), 5, 1)
        x = (x * 1103515245 + 12345) & 0x7fffffff
        local d1 = (x >> 16) % 6 + 1
        x = (x * 1103515245 + 12345) & 0x7fffffff
        local d2 = (x >> 16) % 6 + 1
        local cell = bound_ct[d1 + d2][final]
        acc = acc + cell.def_retreat + cell.att_loss
      end
      return acc
    end)
  end
end
local bound_loop = core_with(rules.arith.ratio_column, rules.combat.final_column)
local unchecked_loop = core_with(
  function(a, d)
    if a >= d then return (2 * a + d) // (2 * d) + 3 end
    return 5 - (2 * d + a) // (2 * a)
  end,
  function(c, a, d)
    c = c + a - d
    if c < 1 then return 1 end
    if c > NCOL then return NCOL end
    return c
  end)

-- the kernel's 2D6 as a rule rolls it in play (the roll recorded for the log)
local function roll_loop(n)
  return in_queries(n, function(k)
    local acc = 0
    for _ = 1, k do acc = acc + dice:roll(2, 6, "combat (5.1.1)") end
    return acc
  end)
end

local att, def = g:query(function()
  return { g.rs.api.unit("K1"), g.rs.api.unit("K2") }, { g.rs.api.unit("P1") }
end)
local function evaluate_loop(n)
  return in_queries(n, function(k)
    local acc = 0
    for _ = 1, k do
      local r = rules.combat.evaluate { attackers = att, defenders = def }
      local roll = dice:roll(2, 6, "combat (5.1.1)")
      local cell = rules.tables.combat[roll][r.final]
      acc = acc + cell.def_retreat + cell.att_loss
    end
    return acc
  end)
end

-- the evaluation the bench times is the charge's: 7:1
local check = g:query(function()
  return rules.combat.evaluate { attackers = att, defenders = def }
end)
assert(check.final == 10 and check.att_cm == 6 and check.def_cm == 1,
  "the charge evaluates to column " .. tostring(check.final))

-- the exact odds of the situation's attack, as `bitwa odds` computes them
local function odds_loop(n)
  local acc = 0
  for _ = 1, n do acc = acc + odds.compute(g, s.side, s.action, { policy = odds.policy(s.policy) }).runs end
  return acc
end

local rows = {
  { "combat.floor", floor_loop, iters(2000000), "straight Lua: ratio, shifts, 2D6, lookup" },
  { "combat.table_core", core_loop, iters(500000), "arith.ratio_column, combat.final_column, tables.combat (aim <= 2)" },
  { "  core_bound", bound_loop, iters(500000), "table_core with rules.X.Y looked up once (their cost)" },
  { "  core_unchecked", unchecked_loop, iters(500000), "core_bound's arithmetic without argument checks (their cost)" },
  { "combat.roll", roll_loop, iters(200000), "the kernel's 2D6, recorded as in play" },
  { "combat.evaluate", evaluate_loop, iters(20000), "evaluate + roll + lookup on the board (aim <= 20)" },
  { "odds.enumerate", odds_loop, iters(30), "odds.compute of the situation's attack (aim <= 10 ms)" },
}
print("# bitwa bench_combat: CPU ns per combat (best of 3), ratio to combat.floor measured in the same run")
print(string.format("%-18s %10s %10s %8s  %s", "name", "iterations", "ns/op", "ratio", "what"))
local floor_ns
for _, r in ipairs(rows) do
  local ns = measure(r[2], r[3])
  floor_ns = floor_ns or ns
  print(string.format("%-18s %10d %10.1f %8.2f  %s", r[1], r[3], ns, ns / floor_ns, r[4]))
end
return 0
