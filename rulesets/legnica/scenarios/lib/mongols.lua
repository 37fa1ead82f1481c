-- The Mongol setup, the same in the three Legnica scenarios (LG L1184-1196,
-- L1276-1288, L1340-1352; MATRIX 5.2):
--   Baszur, banner: X;  horse archers 1-32: X;  33-40: 3510(2)
--   Ordu, banner: W;    horse archers 41-80: W
--   Bajdar, banner: Y;  horse archers 81-120: Y
--   Ksusen, banner: Z;  horse archers 121-157: Z;  158-160: 2822(1)
-- "(n)" is read as "within n hexes" (A-081: the literal "n adjacent hexes"
-- would break the 2-SP stacking).  The zones X, W, Y, Z are printed on the
-- map only; they are drawn here on the reconstructed map (maps/legnica.map)
-- to fit the battle: Bajdar's vanguard (Y, the only Mongols that move in
-- turns 1-2) in front, on the level field facing the Polish lines;
-- Baszur (X, with his detachment at 3510) on the north wing beyond
-- Koskowice; Ksusen (Z, with his detachment at 2822) on the south wing;
-- Ordu's reserve (W) behind, on the low crest of the Mongol heights.
-- Each zone is larger than its units need; the file places one horse
-- archer (2 SP, the stacking limit) on each hex, the commander and his
-- banner with one of them.  Unit numbers follow the book: HA-1 to HA-40
-- are Baszur's, 41-80 Ordu's, 81-120 Bajdar's, 121-160 Ksusen's.
local C = include "lib/counters"

zone { "X", "3400-3407", "3500-3507", "3600-3607", "3700-3707", "3800-3807", "3900-3907", "4000-4007" }
zone { "3510(2)", "3309-3311", "3409-3412", "3508-3512", "3609-3612", "3709-3711" }
zone { "W", "3513-3522", "3613-3622", "3713-3722", "3813-3822", "3913-3922", "4013-4022" }
zone { "Y", "2709-2720", "2809-2820", "2909-2920", "3009-3020", "3109-3120", "3209-3220" }
zone { "Z", "3023-3029", "3123-3129", "3223-3229", "3323-3329", "3423-3429", "3523-3529", "3623-3629" }
zone { "2822(1)", "2721-2722", "2821-2823", "2921-2922" }

local function hex(c, r) return string.format("%02d%02d", c, r) end

-- The hexes of columns c1-c2, rows r1-r2, column by column.
local function block(c1, c2, r1, r2, more)
  local t = {}
  for c = c1, c2 do
    for r = r1, r2 do t[#t + 1] = hex(c, r) end
  end
  for _, h in ipairs(more or {}) do t[#t + 1] = h end
  return t
end

-- Horse archers HA-first, HA-first+1, ... of `leader`, one on each of
-- `hexes`; returns the name of the one on hex `at` (nil if none).
local function horse_archers(first, hexes, leader, zone, facing, at)
  local on_at
  for i, h in ipairs(hexes) do
    local name = "HA-" .. (first + i - 1)
    unit(C.horse_archers { name, leader = leader, hex = h, facing = facing, zone = zone })
    if h == at then on_at = name end
  end
  return on_at
end

-- Baszur: the north wing, the four western columns of X; 33-40 at 3510.
unit(C.leader { "Baszur", hex = "3603", facing = "SW", zone = "X" })
local baszur = horse_archers(1, block(34, 37, 0, 7), "Baszur", "X", "SW", "3603")
horse_archers(33, { "3309", "3310", "3311", "3409", "3410", "3411", "3412", "3510" }, "Baszur", "3510(2)", "SW")
unit(C.banner { "MO-Banner-Baszur", holder = baszur, hex = "3603" })

-- Ordu: the reserve on the crest, columns 36-40 of W (rows 13-20).
unit(C.leader { "Ordu", hex = "3816", facing = "NW", zone = "W" })
local ordu = horse_archers(41, block(36, 40, 13, 20), "Ordu", "W", "NW", "3816")
unit(C.banner { "MO-Banner-Ordu", holder = ordu, hex = "3816" })

-- Bajdar: the vanguard, columns 27-30 of Y, facing the Polish lines (the
-- northern half north-west, the southern half south-west).
unit(C.leader { "Bajdar", hex = "2814", facing = "NW", zone = "Y" })
local bajdar = horse_archers(81, block(27, 30, 10, 14), "Bajdar", "Y", "NW", "2814")
horse_archers(101, block(27, 30, 15, 19), "Bajdar", "Y", "SW")
unit(C.banner { "MO-Banner-Bajdar", holder = bajdar, hex = "2814" })

-- Ksusen: the south wing, columns 30-35 of Z and 3623; 158-160 at 2822.
unit(C.leader { "Ksusen", hex = "3225", facing = "NW", zone = "Z" })
local ksusen = horse_archers(121, block(30, 35, 23, 28, { "3623" }), "Ksusen", "Z", "NW", "3225")
horse_archers(158, { "2721", "2821", "2822" }, "Ksusen", "2822(1)", "NW")
unit(C.banner { "MO-Banner-Ksusen", holder = ksusen, hex = "3225" })
