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
-- Unit numbers follow the book: HA-1 to HA-40 are Baszur's, 41-80
-- Ordu's, 81-120 Bajdar's, 121-160 Ksusen's.
--
-- OPEN ORDER (CALIBRATED, NOTES.md "Bot games (calibration)"): the horse
-- archers stand in files one column apart (one horse archer of 2 SP, the
-- stacking limit, on each hex of every other column), the commander and
-- his banner with one of them; the zones are drawn large enough for it
-- (Y and W reach a row or a few further, Z takes in the hexes 3022, 3222,
-- 3422 and a corner south of W).  The armies face each other east-west,
-- so a beaten horse archer has the free column behind it to retreat into
-- (5.4.5, 5.4.6).  The light horse of the steppe fought in open order
-- ("use their mobility to slow down Polish charge, surround and finally
-- kill heavy cavalry groups", Henry II).  Before, each division stood in
-- a solid block, one horse archer on every hex: in the rules bots' games
-- (Henry II) a third to a half of the Mongol losses were horse archers
-- that could not retreat (5.4.6), and the Poles won 69 of 100.
local C = include "lib/counters"

zone { "X", "3400-3407", "3500-3507", "3600-3607", "3700-3707", "3800-3807", "3900-3907", "4000-4007" }
zone { "3510(2)", "3309-3311", "3409-3412", "3508-3512", "3609-3612", "3709-3711" }
zone { "W", "3513-3522", "3613-3622", "3711-3725", "3811-3829", "3911-3925", "4011-4029" }
zone { "Y", "2708-2720", "2808-2820", "2908-2920", "3008-3020", "3108-3121", "3208-3220" }
zone { "Z", "3022", "3222", "3422", "3826-3829", "4026-4027", "3023-3029", "3123-3129", "3223-3229",
       "3323-3329", "3423-3429", "3523-3529", "3623-3629" }
zone { "2822(1)", "2721-2722", "2821-2823", "2921-2922" }

local function hex(c, r) return string.format("%02d%02d", c, r) end

-- Open order: the hexes of the columns `cols` (every other column), rows
-- r1-r2, column by column, then the hexes `more`.
local function files(cols, r1, r2, more)
  local t = {}
  for _, c in ipairs(cols) do
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

-- Baszur: the north wing, in files on columns 34, 36, 38, 40 of X; 33-40
-- at 3510, on columns 33 and 35 of 3510(2).
unit(C.leader { "Baszur", hex = "3603", facing = "SW", zone = "X" })
local baszur = horse_archers(1, files({ 34, 36, 38, 40 }, 0, 7), "Baszur", "X", "SW", "3603")
horse_archers(33, { "3309", "3310", "3311", "3508", "3509", "3510", "3511", "3512" }, "Baszur", "3510(2)", "SW")
unit(C.banner { "MO-Banner-Baszur", holder = baszur, hex = "3603" })

-- Ordu: the reserve on the crest, in files on columns 36, 38, 40 of W
-- (rows 13-22), and on columns 38 and 40 two rows north and three south.
unit(C.leader { "Ordu", hex = "3816", facing = "NW", zone = "W" })
local ordu = horse_archers(41, files({ 36, 38, 40 }, 13, 22, { "3811", "3812", "4011", "4012", "3823", "3824", "3825",
                                                               "4023", "4024", "4025" }), "Ordu", "W", "NW", "3816")
unit(C.banner { "MO-Banner-Ordu", holder = ordu, hex = "3816" })

-- Bajdar: the vanguard, in files on columns 27, 29, 31 of Y (rows 8-20,
-- and 3121), facing the Polish lines (the northern half north-west, the
-- southern half south-west).
local y = files({ 27, 29, 31 }, 9, 14)
local y_north = { "2708", "2908", "3108" }
for i = 1, 17 do y_north[#y_north + 1] = y[i] end
local y_south = { y[18] }
for _, h in ipairs(files({ 27, 29, 31 }, 15, 20, { "3121" })) do y_south[#y_south + 1] = h end
unit(C.leader { "Bajdar", hex = "2911", facing = "NW", zone = "Y" })
local bajdar = horse_archers(81, y_north, "Bajdar", "Y", "NW", "2911")
horse_archers(101, y_south, "Bajdar", "Y", "SW")
unit(C.banner { "MO-Banner-Bajdar", holder = bajdar, hex = "2911" })

-- Ksusen: the south wing, in files on columns 30, 32, 34, 36 of Z (rows
-- 23-29), on row 22 of columns 30, 32, 34, and on 3826-3829, 4026-4027;
-- 158-160 at 2822.
unit(C.leader { "Ksusen", hex = "3225", facing = "NW", zone = "Z" })
local ksusen = horse_archers(121, files({ 30, 32, 34, 36 }, 23, 29, { "3022", "3222", "3422", "3826", "3827", "3828",
                                                                      "3829", "4026", "4027" }), "Ksusen", "Z", "NW", "3225")
horse_archers(158, { "2721", "2821", "2822" }, "Ksusen", "2822(1)", "NW")
unit(C.banner { "MO-Banner-Ksusen", holder = ksusen, hex = "3225" })
