-- Statistics for playtesting reports: rates with Wilson intervals, means
-- and standard deviations, paired differences with t intervals.
--
-- These are reports about finished games, never game rules, so floating
-- point is used freely.  Inputs are usually integers (wins, VP, units);
-- sums of integers are kept as integers so that long runs lose no
-- precision before the one final division.
local M = {}

M.Z95 = 1.959963984540054    -- the 97.5% point of the normal distribution

-- The 97.5% point of Student's t with df degrees of freedom (1..30 from
-- the table; beyond, the Cornish-Fisher expansion, good to 1e-4).
local T975 = {
  12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
  2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
  2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
}
function M.t975(df)
  if df == nil or df < 1 then return nil end
  if df <= #T975 and df == math.floor(df) then return T975[math.tointeger(df)] end
  local z = M.Z95
  local z3, z5, z7 = z ^ 3, z ^ 5, z ^ 7
  return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df ^ 2)
    + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ^ 3)
end

-- Wilson score interval of the rate k/n: lo, hi (nil for n = 0).
function M.wilson(k, n, z)
  if not n or n <= 0 then return nil end
  z = z or M.Z95
  local p = k / n
  local z2 = z * z
  local den = 1 + z2 / n
  local centre = (p + z2 / (2 * n)) / den
  local half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den
  local lo, hi = centre - half, centre + half
  if k == 0 then lo = 0 end
  if k == n then hi = 1 end
  return math.max(0, lo), math.min(1, hi)
end

-- { n, rate, lo, hi } of k successes in n trials.
function M.rate(k, n)
  local lo, hi = M.wilson(k, n)
  return { k = k, n = n, rate = n > 0 and k / n or nil, lo = lo, hi = hi }
end

local function all_integers(xs)
  for _, x in ipairs(xs) do if math.type(x) ~= "integer" then return false end end
  return true
end

-- The sum, exact for integers.
function M.sum(xs)
  local s = all_integers(xs) and 0 or 0.0
  for _, x in ipairs(xs) do s = s + x end
  return s
end

function M.mean(xs)
  if #xs == 0 then return nil end
  return M.sum(xs) / #xs
end

-- The sample variance (n - 1 in the denominator; 0 for one value).
function M.variance(xs)
  local n = #xs
  if n == 0 then return nil end
  if n == 1 then return 0.0 end
  if all_integers(xs) then
    -- n·Σx² − (Σx)² is an exact integer for integer data
    local s, s2 = 0, 0
    for _, x in ipairs(xs) do s, s2 = s + x, s2 + x * x end
    local num = n * s2 - s * s
    if num >= 0 then return num / (n * (n - 1)) end
  end
  local m = M.mean(xs)
  local acc = 0.0
  for _, x in ipairs(xs) do acc = acc + (x - m) * (x - m) end
  return acc / (n - 1)
end

function M.sd(xs)
  local v = M.variance(xs)
  return v and math.sqrt(v) or nil
end

-- { n, mean, sd, min, max } of a list of numbers.
function M.describe(xs)
  local out = { n = #xs }
  if #xs == 0 then return out end
  out.mean, out.sd = M.mean(xs), M.sd(xs)
  out.min, out.max = xs[1], xs[1]
  for _, x in ipairs(xs) do
    if x < out.min then out.min = x end
    if x > out.max then out.max = x end
  end
  return out
end

-- The mean of xs with its 95% t interval: { n, mean, sd, se, lo, hi }.
function M.mean_ci(xs)
  local n = #xs
  local out = { n = n }
  if n == 0 then return out end
  out.mean, out.sd = M.mean(xs), M.sd(xs)
  if n < 2 then return out end
  out.se = out.sd / math.sqrt(n)
  local t = M.t975(n - 1)
  out.lo, out.hi = out.mean - t * out.se, out.mean + t * out.se
  return out
end

-- Paired differences b[i] - a[i] (the lists in the same order, one pair
-- per game): the mean difference with its 95% t interval, and whether
-- the interval leaves out zero ("beyond noise").
function M.paired(a, b)
  if #a ~= #b then error("stats.paired: lists of different lengths", 2) end
  local d = {}
  for i = 1, #a do d[i] = b[i] - a[i] end
  local out = M.mean_ci(d)
  if out.lo then
    out.beyond_noise = out.lo > 0 or out.hi < 0
  elseif out.n >= 1 then
    out.beyond_noise = false
  end
  return out
end

return M
