-- [6.1] The MORALE track.  The variable `morale` holds the track in
-- fields in favour of the first side of the scenario (PL in Grunwald);
-- the other side reads it negated.  `morale.effective` is the track as it
-- stood at the last morale phase: the counter moves at once, its effect
-- only from the morale phase (phase 9) on [6.1.9].  The book moves the
-- counter by fields (6.1.4-6.1.7) but uses a value of +/-2 at most (the
-- 6.2.1 rows, 6.1.8's '+2'); the map that turns one into the other is not
-- in the text (A-007).  Option morale_value: "zones" (the default) reads
-- the fields through tables.morale.zones, an estimate bounded at +/-2;
-- "offset" takes the signed field offset as the value, unbounded.
local M = {}

-- the scenario's first side and the morale_value option: a game's
-- constants, kept for the game (a memo emptied when another is played)
local const = cache()

local function favoured()
  local s = const.favoured
  if s == nil then s = bitwa.sides()[1]; const.favoured = s end
  return s
end

local function signed(side, fields)
  if side == favoured() then return fields end
  return -fields
end

-- The track as it stands now, in fields in favour of `side`.
function M.track(side) return signed(side, bitwa.var("morale") or 0) end

-- [6.1] [A-007] The MORALE value of a track position, `fields` in favour
-- of a side, for that side.
function M.value_of(fields)
  local offset = const.offset
  if offset == nil then offset = bitwa.option("morale_value") == "offset"; const.offset = offset end
  if offset then return fields end
  local n = fields < 0 and -fields or fields
  local v = 0
  for _, z in ipairs(rules.tables.morale.zones) do
    if n >= z.fields and z.value > v then v = z.value end
  end
  if fields < 0 then return -v end
  return v
end

-- [6.1.9] The MORALE value in force this turn, in favour of `side`.
function M.value(side)
  local v = bitwa.var("morale.effective")
  if v == nil then v = bitwa.var("morale") or 0 end
  return rules.morale.value_of(signed(side, v))
end

-- [6.1.2] The CM the MORALE value gives `side` in every combat: the side
-- the track favours gets its value, the other side nothing (a negative
-- value is the enemy's CM, not a CM against oneself).
function M.cm(side)
  local v = rules.morale.value(side)
  if v <= 0 then return 0 end
  return v * rules.tables.morale.cm_per_point
end

-- [6.1.2] [6.2.1] the row of the morale test table for `side`: the value
-- limited to the rows printed (A-047: beyond +/-2 the last row).
function M.test_value(side)
  local lo, hi
  for _, r in ipairs(rules.tables.morale_test.rows) do
    if lo == nil or r.morale < lo then lo = r.morale end
    if hi == nil or r.morale > hi then hi = r.morale end
  end
  return rules.arith.clamp(rules.morale.value(side), lo, hi)
end

-- Move the counter `fields` fields in favour of `side` [6.1.4]-[6.1.7].
function M.move(side, fields, why)
  if fields == nil or fields == 0 or side == nil then return end
  local now = (bitwa.var("morale") or 0) + signed(side, fields)
  bitwa.set_var("morale", now)
  bitwa.note(string.format("MORALE %d field%s in favour of %s%s: %s %+d", fields, fields == 1 and "" or "s",
    side, why and (" (" .. why .. ")") or "", favoured(), now))
end

-- [6.1.4] An enemy unit eliminated: 1 field in favour of the side that
-- eliminated it.  units.eliminate calls this only for eliminations by the
-- enemy that count (A-044: not ride-downs 5.8.2, not leader-death losses
-- 8.1.6).
function M.on_elimination(u, cause)
  if not cause or not cause.by or cause.by == u.side then return end
  rules.morale.move(cause.by, rules.tables.morale.elimination, "6.1.4: " .. u.name .. " eliminated")
end

-- [6.1.9] Phase 9: the value moved during the turn takes effect.
function M.end_of_turn()
  bitwa.set_var("morale.effective", bitwa.var("morale") or 0)
end

return M
