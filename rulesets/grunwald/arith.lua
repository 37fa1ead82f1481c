-- Grunwald 1410 (Medieval system, EN): the book's arithmetic on integers:
-- rounding [1.6], group means [1.7], the combat ratio column [1.4] and its
-- shifts and limits [1.5], the CM a charge factor gives [5.6.5], turn costs
-- [4.3], and the leader death roll [8.2.4] [8.2.5].  Pure functions; the
-- numbers come from rules.tables.  MP are fractions { numerator,
-- denominator } because the book has 1/2 and 1/3 MP.
local A = {}

-- The checks below call int only for a value that is not an integer (the
-- same error, at the same level; no call in the common case).
local mtype = math.type
local function int(x, what)
  if mtype(x) ~= "integer" then
    error("arith: " .. what .. " must be an integer, got " .. tostring(x), 3)
  end
  return x
end

-- a / b rounded half up, for a >= 0 and b > 0 [1.6] [1.7]: 2.5 -> 3,
-- 2.25 -> 2, 0.5 -> 1 (NOTES.md: one rounding for halving, means and ratios).
function A.div_round(a, b)
  if mtype(a) ~= "integer" then int(a, "dividend") end
  if mtype(b) ~= "integer" then int(b, "divisor") end
  if a < 0 or b <= 0 then error("arith: div_round needs a >= 0 and b > 0", 2) end
  return (2 * a + b) // (2 * b)
end

-- [1.6] a halved: 1 stays 1, 5 gives 3.
function A.halve(n) return A.div_round(n, 2) end

-- [1.7] the mean of a group's values (a missing value counts as 0), rounded.
function A.mean(values)
  local sum = 0
  for i = 1, #values do
    local v = values[i] or 0
    if mtype(v) ~= "integer" then int(v, "a group value") end
    sum = sum + v
  end
  if #values == 0 then error("arith: mean of no values", 2) end
  return A.div_round(sum, #values)
end

function A.clamp(x, lo, hi)
  if mtype(x) ~= "integer" then int(x, "value") end
  if x < lo then return lo end
  if x > hi then return hi end
  return x
end

-- [1.4] [1.6] the initial combat ratio as a column index of the COMBAT
-- TABLE, not yet limited to it: 1:4 = 1, 1:1 = 4, 9:1 = 12, 13:1 = 16,
-- 1:5 = 0.  att >= def: att/def rounded (.5 up) gives n:1; att < def:
-- def/att rounded the same way gives 1:n (NOTES.md).
function A.ratio_column(att_sp, def_sp)
  if mtype(att_sp) ~= "integer" then int(att_sp, "attacker SP") end
  if mtype(def_sp) ~= "integer" then int(def_sp, "defender SP") end
  if att_sp <= 0 or def_sp <= 0 then error("arith: a combat ratio needs SP above 0 on both sides", 2) end
  -- div_round inline (both are above 0 here)
  if att_sp >= def_sp then return (2 * att_sp + def_sp) // (2 * def_sp) + 3 end
  return 5 - (2 * def_sp + att_sp) // (2 * att_sp)
end

-- The ratio a column index stands for, also beyond the table ("13:1").
function A.column_label(index)
  int(index, "column")
  if index >= 4 then return (index - 3) .. ":1" end
  return "1:" .. (5 - index)
end

-- The index of a ratio label ("4:1" -> 7, "1:3" -> 2).
function A.column_index(label)
  local a, d = tostring(label):match("^(%d+):(%d+)$")
  a, d = tonumber(a), tonumber(d)
  if not a or (a ~= 1 and d ~= 1) or a < 1 or d < 1 then
    error("arith: a ratio n:1 or 1:n expected, got '" .. tostring(label) .. "'", 2)
  end
  if d == 1 then return a + 3 end
  return 5 - d
end

-- [1.5] attacker CMs shift right, defender CMs shift left; the table's
-- first and last columns limit only the final ratio (example b:
-- 6:1 +7 = 13:1, -2 = 11:1, final 9:1).
function A.shift(column, att_cm, def_cm)
  if mtype(column) ~= "integer" then int(column, "column") end
  if mtype(att_cm) ~= "integer" then int(att_cm, "attacker CM") end
  if mtype(def_cm) ~= "integer" then int(def_cm, "defender CM") end
  return column + att_cm - def_cm
end

function A.final_column(att_sp, def_sp, att_cm, def_cm)
  return A.clamp(A.shift(A.ratio_column(att_sp, def_sp), att_cm, def_cm), 1, #rules.tables.columns)
end

-- [5.6.4] [5.6.5] the CM a (group) charge factor gives: at most armour
-- level + 1; at most 1 if disorganized [9.2.4]; none for an armour-0
-- countercharger [5.7.9] or for horse archers [11.5.3].
-- opts: disorganized, countercharge, horse_archers (booleans).
function A.cf_cm(cf, armour, opts)
  local C = rules.tables.charge
  opts = opts or {}
  int(cf, "CF"); int(armour, "armour")
  if opts.horse_archers then return C.horse_archer_cm end
  if opts.countercharge and armour == 0 then return C.countercharge_no_armour_cm end
  local cm = math.min(A.clamp(cf, C.min, C.max), armour + C.cm_cap_over_armour)
  if opts.disorganized then cm = math.min(cm, C.disorganized_cm_max) end
  return cm
end

-- [5.2.11] the CF after a combat.
function A.cf_after_combat(cf)
  local C = rules.tables.charge
  return A.clamp(cf + C.after_combat, C.min, C.max)
end

-- Fractions of MP: { n, d } in lowest terms.
local function gcd(a, b)
  a, b = math.abs(a), math.abs(b)
  while b ~= 0 do a, b = b, a % b end
  return a
end

function A.frac(n, d)
  int(n, "numerator"); int(d or 1, "denominator")
  d = d or 1
  if d <= 0 then error("arith: a denominator must be above 0", 2) end
  local g = gcd(n, d)
  if g == 0 then return { 0, 1 } end
  return { n // g, d // g }
end

function A.add(p, q) return A.frac(p[1] * q[2] + q[1] * p[2], p[2] * q[2]) end
function A.scale(p, k) return A.frac(p[1] * int(k, "factor"), p[2]) end
-- p <= q
function A.le(p, q) return p[1] * q[2] <= q[1] * p[2] end

-- [4.3] the MP a turn of `steps` x 60 degrees costs, or nil and the rule
-- that forbids it.  u = { arm = "cavalry" | "infantry", cf =, armour =,
-- horse_archers = bool }; extra: in_zoc (bool), terrain (a fraction, the
-- hex's terrain cost [4.3.6]).
--
-- The answer depends only on its arguments and on rules.tables.turn: once
-- the rules are frozen (read-only while a game runs) it is kept, by the
-- arguments packed into one integer when they are small integers (a fresh
-- table is returned each time; a path search asks the same few questions
-- thousands of times).
local turn_memo = cache()   -- rules.tables.turn -> { key -> answer } or false (a memo: emptied when another game is played)
local function small(x) return mtype(x) == "integer" and x >= 0 and x < 256 end
local turn_cost_now
function A.turn_cost(u, steps, extra)
  local Tn = rules.tables.turn
  local memo = turn_memo[Tn]
  if memo == nil then
    memo = getmetatable(Tn) == "read-only" and {} or false
    turn_memo[Tn] = memo
  end
  if not memo or mtype(steps) ~= "integer" or steps < 1 or steps > 3 then
    return turn_cost_now(Tn, u, steps, extra)
  end
  local key = steps
  if extra then
    if extra.in_zoc then key = key + 4 end
    local t = extra.terrain
    if t then
      local tn, td = t[1], t[2]
      if not (small(tn) and small(td)) then return turn_cost_now(Tn, u, steps, extra) end
      key = key + 8 + (tn << 32) + (td << 40)
    end
  end
  if u.arm ~= "infantry" then
    local cf, armour = u.cf or 0, u.armour or 0
    if not (small(cf) and small(armour)) then return turn_cost_now(Tn, u, steps, extra) end
    key = key + 16 + (u.horse_archers and 32 or 0) + (cf << 8) + (armour << 16)
  end
  local c = memo[key]
  if c == nil then
    local cost, rule = turn_cost_now(Tn, u, steps, extra)
    if cost then c = { cost[1], cost[2] } else c = rule end
    memo[key] = c
  end
  if type(c) == "string" then return nil, c end
  return { c[1], c[2] }
end

function turn_cost_now(Tn, u, steps, extra)
  extra = extra or {}
  int(steps, "steps")
  if steps < 1 or steps > 3 then error("arith: a turn is 1 to 3 steps of 60 degrees", 2) end
  local cost
  if u.arm == "infantry" then
    cost = A.frac(Tn.infantry)                                         -- [4.3.3]
  else
    local cf, armour = int(u.cf or 0, "CF"), int(u.armour or 0, "armour")
    if steps > 1 and cf > Tn.wide_turn_max_cf then return nil, "4.3.4" end
    local base = u.horse_archers and Tn.horse_archer_base or Tn.base   -- [4.3.1] [11.5.2]
    cost = A.add(A.scale(A.scale(base, steps), cf + Tn.cf_plus), A.frac(armour))   -- [4.3.2]
  end
  if extra.in_zoc then cost = A.add(cost, A.frac(Tn.zoc)) end          -- [4.3.5]
  if extra.terrain then cost = A.add(cost, extra.terrain) end          -- [4.3.6]
  return cost
end

-- [8.2.4] [8.2.5] does the leader die?  roll = 2D6; he dies when the roll
-- minus the SP the retreating units lost is at most the hexes they had to
-- retreat.
function A.leader_dies(roll, retreat_hexes, sp_lost)
  return int(roll, "roll") - int(sp_lost or 0, "SP lost") <= int(retreat_hexes, "retreat")
end

-- [5.4.6] SP lost for a retreat cut short.
function A.retreat_loss(required, achieved)
  return math.max(0, int(required, "required retreat") - int(achieved, "achieved retreat"))
    * rules.tables.retreat.sp_per_missing_hex
end

-- [11.2.3] [11.2.4] [11.5.9] [11.7.3] a fire roll after its modifiers, as
-- a column of a fire table (1..12; below 1 reads as 1, "-").
function A.fire_column(roll, modifier)
  return A.clamp(int(roll, "roll") + int(modifier or 0, "modifier"), 1, 12)
end

return A
