-- The Polish setup of "Henry II" (LG L1166-1182), which "Bohemian mile"
-- repeats (LG L1322-1338; MATRIX 5.2):
--   Henryk II, banner: H;  1/H-12/H (cavalry): H
--   infantry 1-5: 1121, 1122, 1123, 1124, 1125;  6-10: 1508, 1608, 1708, 1609, 1707
--   crossbowmen: 2804;  archers 1-4: 2903, 3003
--   Bolesław, banner, 1/Bo-8/Bo; Jurgen, 1/Ju, 2/Ju; Ludwig, 1/Lu, 2/Lu: B
--   Sulisław, banner, 1/Su-12/Su: S;  Mieszko II, banner, 1/Mi-12/Mi: M
-- The zones H, B, S, M are printed on the map only; they are drawn here on
-- the reconstructed map (maps/legnica.map) after the historical order of
-- battle (Długosz): the army in lines facing the Mongols to the south-east,
-- the first line (B) Bolesław's volunteers and miners with the Military
-- Orders of Jurgen and Ludwig on its wings (the only Polish units that
-- move in turns 1-2), the second line Sulisław's Little and Greater Poland knights (S, on
-- the right) and Mieszko's Opole knights (M, on the left), Henryk's
-- division behind as the reserve (H).  The printed hexes put the ranged
-- units in Koskowice (2804, 2903, 3003) on the left front, the foot in two
-- bodies guarding the right rear (1121-1125) and the road behind the left
-- (around 1608).  Each zone is larger than its units need; the file places
-- one cavalry unit (2 SP, the stacking limit) on each hex, the commander and
-- his banner with one of them; two archers (1 SP each) share a hex.
local C = include "lib/counters"

zone { "H", "1311-1316", "1411-1416", "1511-1516", "1611-1616" }
zone { "B", "2107-2118", "2207-2218", "2307-2318" }
zone { "S", "1816-1821", "1916-1921", "2016-2021" }
zone { "M", "1804-1809", "1904-1909", "2004-2009" }

local function hex(c, r) return string.format("%02d%02d", c, r) end

-- Cavalry units PREFIX-1... of `leader`, one on each hex of columns
-- c1-c2, rows r1-r2 (column by column); returns the name of the one on `at`.
local function cavalry(prefix, leader, zone, c1, c2, r1, r2, at)
  local i, on_at = 0, nil
  for c = c1, c2 do
    for r = r1, r2 do
      i = i + 1
      local name, h = prefix .. "-" .. i, hex(c, r)
      unit(C.cavalry { name, leader = leader, hex = h, facing = "SE", zone = zone })
      if h == at then on_at = name end
    end
  end
  return on_at
end

-- H: Henryk's division in reserve, columns 14-16, rows 11-14.
unit(C.leader { "Henryk", hex = "1512", facing = "SE", zone = "H" })
local henryk = cavalry("H", "Henryk", "H", 14, 16, 11, 14, "1512")
unit(C.banner { "PL-Banner-Henryk", holder = henryk, hex = "1512" })

-- B: the first line, column 23: Bolesław's eight in the centre, the
-- Military Orders on his wings (Jurgen 2307-2308, Ludwig 2317-2318), so
-- that each of the three may advance in the opening turns.
unit(C.leader { "Boleslaw", hex = "2312", facing = "SE", zone = "B" })
local boleslaw = cavalry("Bo", "Boleslaw", "B", 23, 23, 9, 16, "2312")
unit(C.banner { "PL-Banner-Boleslaw", holder = boleslaw, hex = "2312" })
unit(C.leader { "Jurgen", hex = "2307", facing = "SE", zone = "B" })
cavalry("Ju", "Jurgen", "B", 23, 23, 7, 8)
unit(C.leader { "Ludwig", hex = "2317", facing = "SE", zone = "B" })
cavalry("Lu", "Ludwig", "B", 23, 23, 17, 18)

-- S: Sulisław on the right of the second line, columns 19-20, rows 16-21.
unit(C.leader { "Sulislaw", hex = "2018", facing = "SE", zone = "S" })
local sulislaw = cavalry("Su", "Sulislaw", "S", 19, 20, 16, 21, "2018")
unit(C.banner { "PL-Banner-Sulislaw", holder = sulislaw, hex = "2018" })

-- M: Mieszko on the left of the second line, columns 19-20, rows 04-09.
unit(C.leader { "Mieszko", hex = "2006", facing = "SE", zone = "M" })
local mieszko = cavalry("Mi", "Mieszko", "M", 19, 20, 4, 9, "2006")
unit(C.banner { "PL-Banner-Mieszko", holder = mieszko, hex = "2006" })

-- The foot, on the printed hexes, in the book's order.
for i, h in ipairs { "1121", "1122", "1123", "1124", "1125", "1508", "1608", "1708", "1609", "1707" } do
  unit(C.infantry { "Inf-" .. i, hex = h, facing = "SE" })
end
-- The ranged units in Koskowice: crossbowmen 2804, archers 1-2 2903, 3-4 3003.
unit(C.crossbowmen { "Crossbowmen", hex = "2804", facing = "SE" })
for i, h in ipairs { "2903", "2903", "3003", "3003" } do
  unit(C.archers { "Archers-" .. i, hex = h, facing = "SE" })
end
