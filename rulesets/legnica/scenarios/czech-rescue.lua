-- Czech rescue: a fictional scenario of Legnica 1241 (King Wacław of
-- Bohemia reaches the field in time and fights beside Henryk II).
-- Book: legnica-1241-medieval-en.txt L1228-1318 (scenario text, setup,
-- victory, notes); MATRIX.md section 5.2 and A-075, A-081, A-083-A-086.
--
-- THE FILES.  The Mongol setup is the one of the other two scenarios and
-- is kept once, in lib/mongols.lua; the sides, victory points and notes in
-- lib/common.lua (the victory text of this scenario is garbled: A-083 reads
-- it as the other two, the Ordu -40 included); every counter value in
-- lib/counters.lua (ESTIMATES: the book prints none).  The Polish and Czech
-- setup below is this scenario's own.
--
-- SETUP (LG L1246-1262; the text interleaves the table's columns, MATRIX
-- 5.2 gives the consistent reading used here):
--   Oldrich, banner 1425;  1/O-10/O 1425(2)
--   Karol, banner 1420;    1/K-8/K 1420(2)
--   Wacław, banner 614;    1/W-20/W 614(3)
--   Henryk II, banner, 1/H-12/H: freely on the road from 1304 to 2604
--   infantry 1-5 2203(1); 6-10 1605(1); crossbowmen and archers 1-4 Koskowice
--   Bolesław, banner 1808; 1/Bo-8/Bo 1808(2)
--   Jurgen, 1/Ju, 2/Ju 1311, 1411;  Ludwig, 1/Lu, 2/Lu 1312, 1412
--   Sulisław, banner 1415; 1/Su-12/Su 1415(2)
--   Mieszko II, banner 2405; 1/Mi-12/Mi 2405(2)
-- "(n)" is read as "within n hexes" (A-081).  Every such area, the road
-- 1304-2604 and Koskowice are declared as zones, so that an editor sees the
-- allowed areas and the validator checks them; the file places each unit on
-- one hex of its zone (one cavalry or infantry unit of 2 SP a hex, two
-- archers or the crossbowmen and an archer a hex), the commander and his
-- banner on the printed hex.  Henryk's twelve stand on twelve of the
-- fourteen road hexes; the foot around 1605 takes the thirteenth (1604),
-- the only way 1605(1) holds five units of 2 SP beside Henryk's column.
-- Every unit is assigned to its commander (12.1.2); the foot and the ranged
-- units, which have none in the book, to Henryk.
--
-- ESTIMATES: every sp, mp and armour, the grand leaders (Henryk, Wacław,
-- Ordu), the Mongol zones, the Scattered Units tracks (12 boxes) and the
-- victory scale (borrowed from Grunwald); see lib/counters.lua and
-- NOTES.md.

scenario { title = "Czech rescue", map = "legnica", turns = 20,
  notes = "Fictional scenario: King Wacław's Czechs fight at Legnica. The Mongol zones, the counter values, the grand leaders and the victory scale are estimates (see the file's header)." }

include "lib/common"
include "lib/mongols"
local C = include "lib/counters"

zone { "1425(2)", "1224-1226", "1323-1326", "1423-1427", "1523-1526", "1624-1626" }
zone { "1420(2)", "1219-1221", "1318-1321", "1418-1422", "1518-1521", "1619-1621" }
zone { "614(3)", "0312-0315", "0412-0416", "0511-0516", "0611-0617", "0711-0716", "0812-0816", "0912-0915" }
-- the road from 1304 to 2604 (row 04 on the reconstructed map)
zone { "road 1304-2604", "1304", "1404", "1504", "1604", "1704", "1804", "1904", "2004", "2104",
       "2204", "2304", "2404", "2504", "2604" }
zone { "2203(1)", "2102-2103", "2202-2204", "2302-2303" }
zone { "1605(1)", "1504-1505", "1604-1606", "1704-1705" }
zone { "Koskowice", "2803-2804", "2903", "3003" }
zone { "1808(2)", "1607-1609", "1706-1709", "1806-1810", "1906-1909", "2007-2009" }
zone { "1311, 1411", "1311", "1411" }
zone { "1312, 1412", "1312", "1412" }
zone { "1415(2)", "1214-1216", "1313-1316", "1413-1417", "1513-1516", "1614-1616" }
zone { "2405(2)", "2204-2206", "2303-2306", "2403-2407", "2503-2506", "2604-2606" }

-- A commander on hex `at` with his cavalry PREFIX-1, PREFIX-2, ... on
-- `hexes` (the first on `at`) and, when `banner`, his banner held by the
-- first of them.
local function division(leader, prefix, zone, at, hexes, banner)
  unit(C.leader { leader, hex = at, facing = "SE", zone = zone })
  for i, h in ipairs(hexes) do
    unit(C.cavalry { prefix .. "-" .. i, leader = leader, hex = h, facing = "SE", zone = zone })
  end
  if banner then
    unit(C.banner { "PL-Banner-" .. leader, holder = prefix .. "-1", hex = at })
  end
end

-- The Czechs: Oldrich and Karol on the right (south), Wacław behind the centre.
division("Oldrich", "O", "1425(2)", "1425",
  { "1425", "1423", "1424", "1426", "1427", "1523", "1524", "1525", "1526", "1625" }, true)
division("Karol", "K", "1420(2)", "1420",
  { "1420", "1419", "1421", "1518", "1519", "1520", "1521", "1620" }, true)
division("Waclaw", "W", "614(3)", "0614",
  { "0614", "0612", "0613", "0615", "0616", "0711", "0712", "0713", "0714", "0715", "0716",
    "0812", "0813", "0814", "0815", "0816", "0912", "0913", "0914", "0915" }, true)

-- Henryk's column on the road, the left (north) wing.
division("Henryk", "H", "road 1304-2604", "1904",
  { "1904", "1304", "1404", "1504", "1704", "1804", "2004", "2104", "2204", "2304", "2404", "2504" }, true)

-- The centre: Bolesław in front, the Military Orders, Sulisław.
division("Boleslaw", "Bo", "1808(2)", "1808",
  { "1808", "1807", "1809", "1907", "1908", "2007", "2008", "2009" }, true)
division("Jurgen", "Ju", "1311, 1411", "1311", { "1311", "1411" }, false)
division("Ludwig", "Lu", "1312, 1412", "1312", { "1312", "1412" }, false)
division("Sulislaw", "Su", "1415(2)", "1415",
  { "1415", "1413", "1414", "1416", "1417", "1513", "1514", "1515", "1516", "1614", "1615", "1616" }, true)
-- Mieszko on the far left, by the road to Koskowice.
division("Mieszko", "Mi", "2405(2)", "2405",
  { "2405", "2205", "2206", "2303", "2305", "2306", "2403", "2406", "2407", "2503", "2505", "2506" }, true)

-- The foot: 1-5 around 2203, 6-10 around 1605.
for i, h in ipairs { "2102", "2103", "2202", "2203", "2302" } do
  unit(C.infantry { "Inf-" .. i, hex = h, facing = "SE", zone = "2203(1)" })
end
for i, h in ipairs { "1505", "1605", "1606", "1705", "1604" } do
  unit(C.infantry { "Inf-" .. (5 + i), hex = h, facing = "SE", zone = "1605(1)" })
end
-- The crossbowmen and the archers in Koskowice.
unit(C.crossbowmen { "Crossbowmen", hex = "2804", facing = "SE", zone = "Koskowice" })
for i, h in ipairs { "2903", "2903", "3003", "3003" } do
  unit(C.archers { "Archers-" .. i, hex = h, facing = "SE", zone = "Koskowice" })
end
