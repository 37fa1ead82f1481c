-- [5.6] Charge factor (CF) of cavalry: +1 for every hex moved since the
-- unit's last turn, 0 after a turn, lost or reduced by the terrain moved
-- through; what it is worth when attacking.  Every number comes from
-- rules.tables.charge; movement, countercharge, pursuit, retreat and combat
-- call these functions whenever a unit enters a hex, turns or attacks.
local M = {}

local function C() return rules.tables.charge end

local function clamp(cf)
  return rules.arith.clamp(cf, C().min, C().max)
end

local function member(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- [5.6.1] only cavalry has a charge factor; infantry, ranged foot and
-- leaders count 0.
function M.has_cf(u) return rules.units.is_cavalry(u) end

function M.cf(u)
  if not rules.charge.has_cf(u) then return 0 end
  return u.cf
end

-- Whether entering a hex adds the +1 of 5.6.3.  how: "move", "countercharge"
-- [5.7.6], "advance" [5.2.8] gain; "pursuit" does not [5.5.8], nor
-- "retreat" (a retreat is no charge) nor a unit placed on the map ("enter").
-- keep: the player pays to refuse the gain [5.6.12].
function M.gains(u, how, keep)
  if not rules.charge.has_cf(u) or keep then return false end
  return how == "move" or how == "countercharge" or how == "advance"
end

-- The features of the hexside crossed from `from` to `to` (none when
-- from is nil or the hexes are not adjacent): the set is asked of the map
-- once per entry, not once per feature.
local NONE = {}
local function hexside(from, to)
  if not from then return NONE end
  local dir = bitwa.hex.direction(from, to)
  if dir == nil then return NONE end
  return bitwa.map.edge(from, dir)
end

-- The CF u has after entering `to` from `from`: first the gain of the hex
-- [5.6.3] (at most 3, [5.6.2]), then the terrain [5.6.7] - [5.6.10]
-- (NOTES: the gain comes first, A-030).  Pure: nothing is changed.
-- start_cf: the CF before entering when not u's own (after a turn, 0).
function M.cf_after_enter(u, from, to, how, keep, start_cf)
  if not rules.charge.has_cf(u) then return 0 end
  local T = C()
  local cf = start_cf or u.cf
  if rules.charge.gains(u, how, keep) then cf = clamp(cf + T.per_hex) end
  local terrain = bitwa.map.terrain(to)
  -- [5.6.7] village, forest, swamps, ford or fortifications: 0, road or not
  if member(T.zero_moving_through, terrain) then return 0 end
  local side = hexside(from, to)
  for _, f in ipairs(T.zero_moving_through) do
    if f ~= terrain and side[f] == true then return 0 end        -- the ford is a hexside
  end
  cf = cf + rules.charge.crossing(from, to)                       -- [5.6.8] [5.6.9]
  if from and bitwa.map.elevation(to) > bitwa.map.elevation(from) then
    cf = cf + T.uphill_per_hex                                     -- [5.6.10]
  end
  return clamp(cf)
end

-- [5.6.8] [5.6.9] What the hexside crossed from `from` to `to` does to the
-- CF: -1 over a bridge, -1 over a stream.
function M.crossing(from, to)
  local T = C()
  local change = 0
  local side = hexside(from, to)
  if side.bridge == true then change = change + T.bridge end   -- [5.6.8]
  if side.stream == true then change = change + T.stream end   -- [5.6.9]
  return change
end

-- A unit has entered `to` from `from` (from = nil: placed on the map).
function M.on_enter(u, from, to, how, keep)
  if not rules.charge.has_cf(u) then return end
  local cf = rules.charge.cf_after_enter(u, from, to, how, keep)
  if cf ~= u.cf then u.cf = cf end
end

-- Whether a turn of `steps` x 60 degrees costs the unit its CF: always in
-- a movement phase or a countercharge [5.6.3] [5.7.6]; never in a retreat
-- [5.4.3]; in a pursuit only from 120 degrees up [5.5.9].
function M.turn_loses_cf(u, steps, how)
  if how == "retreat" then return false end
  if how == "pursuit" then
    return steps * rules.tables.turn.step_degrees >= rules.tables.pursuit.keep_cf_below_degrees
  end
  return true
end

function M.on_turn(u, steps, how)
  if not rules.charge.has_cf(u) then return end
  if rules.charge.turn_loses_cf(u, steps, how) and u.cf ~= C().min then u.cf = C().min end
end

-- [5.6.12] [4.2.8] MP (in sixths) to refuse the gain when entering `to`
-- (keep: the move's choice, "keep" here; Legnica adds "reduce").
function M.refuse_cost(u, from, to, keep)
  if rules.movement.along_road(from, to) then return rules.units.sixths(C().refuse_mp_road) end
  return rules.units.sixths(C().refuse_mp)
end

-- [5.6.6] [12.1.2] the CF an attacker counts against units on
-- defender_hex: 0 into fortifications, forest or swamps.
function M.attack_cf(u, defender_hex)
  if not rules.charge.has_cf(u) then return 0 end
  if member(C().zero_attacking_into, bitwa.map.terrain(defender_hex)) then return 0 end
  return u.cf
end

-- [5.6.6] "CF is reduced to 0": the attacker's CF after it attacked into
-- such a hex (combat calls it when the attack is made).
function M.on_attack(u, defender_hex)
  if not rules.charge.has_cf(u) then return end
  local cf = rules.charge.attack_cf(u, defender_hex)
  if cf ~= u.cf then u.cf = cf end
end

-- [5.6.11] an attacker that must retreat (any Ax result) loses its CF.
function M.on_attacker_retreat(u)
  if rules.charge.has_cf(u) and u.cf ~= C().min then u.cf = C().min end
end

return M
