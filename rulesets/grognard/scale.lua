-- The one place where Grognard's inches become hexes (NOTES.md, "Scale").
-- The book measures in inches (Scale: 1" = 10 yards); on the map one hex is
-- HEX_INCHES across flats, and movement points are counted in half-inches
-- (MP_PER_INCH), so that every distance of the book, halved (half a move,
-- 1 1/2 moves, a 45-degree facing change of an elite unit), stays an
-- integer.  Ranges are whole hexes, rounded down: a target is in range when
-- its centre-to-centre distance in hexes times HEX_INCHES is within the
-- printed range.  A counter is one hex-sized body of figures: FILES figures
-- abreast by arm (the front rank), RANKS deep.  Changing the scale means
-- changing this file only.
local M = {}
local function T() return rules.tables end

M.HEX_INCHES = 3
M.MP_PER_INCH = 2
M.FILES = { infantry = 4, cavalry = 3 }
M.RANKS = { infantry = 4, cavalry = 2 }

-- Catapults: hit area.  A 2" circle covers 2/5 of a 3" hex (3.14 of 7.79
-- square inches): a light catapult kills that share of the figures in
-- the hex, rounded up ("even partly under"); an area wider than a hex
-- (3 1/2") kills them all.
M.SMALL_AREA_SHARE = { 2, 5 }

-- movement points (half-inches) for a distance in inches
function M.mp(inches) return inches * M.MP_PER_INCH end

-- the MP to cross one clear hex
function M.hex_mp() return M.HEX_INCHES * M.MP_PER_INCH end

-- whole hexes within `inches` (a range: rounded down)
function M.hexes(inches) return inches // M.HEX_INCHES end

-- the hexes of a move of `num/den` moves for a unit moving `inches`: a
-- retreat or a back move, rounded up (any part of a hex is a hex)
function M.move_hexes(inches, num, den)
  local whole = inches * num
  local per = M.HEX_INCHES * den
  return (whole + per - 1) // per
end

-- a range in inches reduced to num/den (indirect fire: 2/3), in hexes
function M.reduced_hexes(inches, num, den)
  return (inches * num // den) // M.HEX_INCHES
end

-- Facing and Formation: the MP to turn `steps` hexsides (60 degrees each)
-- for a unit moving `inches`.  The book's penalty is linear in the angle
-- (45 = 1/4 move, 90 = 1/2, 180 = 1), so 60 degrees = 1/3 move; peasants
-- pay double, elite infantry and cavalry half.
function M.facing_mp(inches, steps, who)
  steps = math.min(steps % 6, 6 - steps % 6)
  local f = T().facing_factor[who or "normal"]
  return M.mp(inches) * steps * f[1] // (3 * f[2])
end

-- the figures in the front rank of a counter of `figures` figures
function M.front(arm, figures)
  return math.min(figures, M.FILES[arm])
end

-- the figures in the first `ranks` ranks (the ranks permitted to fire)
function M.in_ranks(arm, figures, ranks)
  return math.min(figures, M.FILES[arm] * ranks)
end

-- true when a unit that moved `spent` MP of a move of `inches` moved at
-- most half of its move
function M.within_half(spent, inches)
  return 2 * spent <= M.mp(inches)
end

return M
