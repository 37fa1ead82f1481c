-- [8.0] The morale track.  One token on a track of fields in zones 0, +1,
-- +2, +3, +4 for each side [8.11]; the variable "morale" counts fields in
-- the Poles' favour (negative: Sweden's).  Each unit eliminated moves it
-- one field toward its enemy [8.13], a commander killed four [9.24];
-- dispersal does not move it [10.16].  The zone's modifier favours its
-- side in every battle [8.14] [8.15], but a change takes effect only from
-- the next stage [8.16]: "morale.effective" is fixed at each stage's start.
-- The zones' widths are printed only on the map (H-02): the estimate is a
-- middle zone 0 of 5 fields (-2..+2) and 5 fields for each further zone
-- (option morale_zone_fields); "+1 for the Polish forces" at the start is
-- the first field of that zone (+3), set by the scenario.
local M = {}

-- The zone (0..4) of a track value, in the favour of its sign.
function M.zone(v)
  local w = bitwa.option("morale_zone_fields")
  local a = math.abs(v)
  local half = w // 2
  if a <= half then return 0 end
  return math.min(4, (a - half - 1) // w + 1)
end

-- The signed modifier of a track value: + for PL, - for SW.
function M.modifier(v)
  local z = rules.morale.zone(v)
  if v < 0 then return -z end
  return z
end

function M.value() return bitwa.var("morale") or 0 end

-- [8.16] at each stage's start the modifier of the token's field takes effect
function M.stage_start()
  bitwa.set_var("morale.effective", rules.morale.modifier(rules.morale.value()))
end

-- The modifier in force for `side` (its own favour positive).
function M.effective(side)
  local m = bitwa.var("morale.effective") or 0
  if side == "PL" then return m end
  return -m
end

-- [8.13] [9.24] the token moves n fields in favour of `side`
function M.move(side, n, rule)
  local v = rules.morale.value() + (side == "PL" and n or -n)
  bitwa.set_var("morale", v)
  bitwa.note("morale track: " .. n .. " field" .. (n > 1 and "s" or "") .. " for " .. side .. " (" .. rule ..
    "), now " .. v)
end

return M
