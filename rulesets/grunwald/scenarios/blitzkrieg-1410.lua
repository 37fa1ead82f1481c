-- Blitzkrieg 1410: the fictional scenario of Grunwald 1410.
-- Book: grunwald-1410-medieval-en.txt L1323-1408 (scenario text, setup,
-- victory, notes, reinforcements); MATRIX.md section 5.1.
--
-- The Order has arrived first and blocks the road on which the Polish army
-- enters: its right wing at Łodwigowo, its left on the line of woods, in
-- two lines (within 1 hex of 1918 ... 3124 and of 2014 ... 3421) with
-- reserves (within 2 hexes of 2711, 3213, 3713).  The Polish vanguard
-- stands in the narrow space between the Order and the forest (within 1
-- hex of 1623, 1824, 1925); the Lithuanians by their camp (within 1 hex of
-- 4630, 5028); the 8 Tatar units within 2 hexes of 4526.  Everything else
-- of the Polish-Lithuanian army arrives as reinforcements: eight cavalry
-- units a turn and, once the cavalry is in, four infantry units a turn, the
-- Poles by any hex of the south edge, the Lithuanians by 4631.  The Order
-- has room for all its counters, so it has no reinforcements here.
-- Zones: "poles", "lithuanians", "tatars", "teutons" are the printed setup
-- areas; "south-edge" the Polish entry.  Which Polish and Lithuanian units
-- make up the vanguard is chosen here (the book leaves it to the player):
-- the Polish court and the Kraków and Sandomierz banners with the three
-- Polish leaders; Witold's Vilnius banner and the Smolensk, Mstsislaw and
-- Orsha banners with the three Lithuanian leaders.  4631 is left empty so
-- that the Lithuanian reinforcements can enter.  Stacking: at most 2 SP a
-- hex (leaders and banners count nothing).
--
-- GAME LENGTH: not printed (A-076); 14 turns is chosen: at eight cavalry
-- units a turn the last of the 66 Polish and Lithuanian horsemen enter on
-- turn 9 and the 14 foot units by turn 13, so all of them can take part.
--
-- ESTIMATES.  The rulebook prints no counter values, so every sp, mp and
-- armour below is an estimate from the counter descriptions of 1.2 (a
-- cavalry counter is about 150 horsemen, an infantry counter 300-350 men)
-- and the usual values of the Medieval system:
--   Polish knights sp 2, mp 7, armour 2 (the Ruthenian lands' banners and
--     the light Chase banner armour 1; the Chase banner mp 8);
--   Lithuanian cavalry sp 1 (calibrated on Clash of Titans: see that
--     file and rulesets/grunwald/NOTES.md, "Calibration"; the counters are
--     the same in both scenarios), mp 8, armour 1 (the Smolensk banners and the
--     boyars of Vilnius, Trakai, Orsha) or 0 (the other lands);
--   Tatar horse archers sp 2 (11.5.9 gives a reduced 1-SP side), mp 8, armour 0;
--   Teutonic knights and guests sp 2, mp 6, armour 2; the bishops' and Culm
--     land's banners sp 2, mp 7, armour 1;
--   infantry: Teutonic foot sp 2, mp 4, armour 1; Polish and Lithuanian foot
--     sp 1, mp 4, armour 0; archers sp 1, mp 4, armour 0; crossbowmen sp 1,
--     mp 4, armour 1; bombards sp 1, mp 2, armour 0 (ranged units: sp is the
--     combat side, mp the movement side, 11.1.1);
--   leaders mp 10 (8.1.2, printed), range 3 grand / 2 (counter captions).
-- The number of counters is an estimate too (the book gives no counter
-- mix, except 8 Tatar units in Blitzkrieg 1410): each banner group below
-- has 2-4 counters (13.0: a banner is 2 to 6 counters) and stands for one
-- or two of the historical banners (Poles about 50, Lithuanians about 40,
-- the Order 51).  Unit names are ASCII so that they can be typed.

scenario { title = "Blitzkrieg 1410", map = "grunwald", turns = 14,
  notes = "Fictional scenario. The game length, the choice of the vanguard and every counter value are estimates (see the file's header)." }

side { "PL", name = "Poles, Lithuanians and Tatars" }
side { "TO", name = "Teutonic Order" }

-- [2.1] "Teutonic Order Player moves first" (L1384).
var { "side.A", "TO" }
var { "side.B", "PL" }
-- [10.2.2] friendly map edges (A-062): the Order's north, the allies' south.
var { "edge.PL", "S" }
var { "edge.TO", "N" }
-- [6.1] the MORALE counter starts at 0; no victory points yet.
var { "morale", 0 }
var { "vp.PL", 0 }
var { "vp.TO", 0 }

-- Reinforcements (L1396-1408): the Poles eight cavalry units a turn, then
-- four infantry units a turn (the Lithuanians, the same player, by 4631);
-- the Order two cavalry, then two infantry units a turn by 2100.
data {
  reinforcement_rate = { PL = { cavalry = 8, infantry = 4 }, TO = { cavalry = 2, infantry = 2 } },
  entry = { PL = "south-edge", lithuanians = "4631", TO = "2100" },
}

-- Victory conditions (as printed, L1270-1300): an automatic victory when all
-- enemy leaders are killed or have left the map (checked at the end of each
-- turn, A-079); otherwise victory points, the difference on the scale.
-- Horse archers count as cavalry (11.5.1); bombards, which the book does
-- not price, as infantry (1 VP: non-cavalry field units, 1.1).  The scale's
-- entries are upper bounds of the VP difference.
victory {
  leader = 16, banner = 10,
  cavalry = 4, horse_archers = 4, crossbowmen = 3, archers = 2, infantry = 1, bombards = 1,
  scale = {
    { 0, "draw" },
    { 20, "tiny victory" },
    { 40, "small victory" },
    { 70, "considerable victory" },
    { 100, "great victory" },
    { math.maxinteger, "overwhelming victory" },
  },
}

-- Polish cavalry: within 1 hex of 1623, 1824, 1925.
zone { "poles", "1522-1523", "1622-1624", "1722-1724", "1823-1826", "1923-1926", "2025-2026" }
-- Lithuanian cavalry: within 1 hex of 4630, 5028.
zone { "lithuanians", "4529-4530", "4629-4631", "4729-4730", "4927-4928", "5027-5029",
       "5127-5128" }
-- The 8 Tatar units: within 2 hexes of 4526.
zone { "tatars", "4325-4327", "4425-4428", "4524-4528", "4625-4628", "4725-4727" }
-- The Order: within 1 hex of 2014 2215 2416 2617 2818 3019 3220 3421, 1918 2119 2320 2521 2722
-- 2923 3124, and within 2 hexes of 2711 3213 3713.
zone { "teutons", "1818-1819", "1913-1914", "1917-1919", "2013-2015", "2018-2020", "2113-2115",
       "2118-2120", "2214-2216", "2219-2221", "2314-2316", "2319-2321", "2415-2417", "2420-2422",
       "2510-2512", "2515-2517", "2520-2522", "2610-2613", "2616-2618", "2621-2623", "2709-2713",
       "2716-2718", "2721-2723", "2810-2813", "2817-2819", "2822-2824", "2910-2912", "2917-2919",
       "2922-2924", "3012-3014", "3018-3020", "3023-3025", "3111-3114", "3118-3120", "3123-3125",
       "3211-3215", "3219-3221", "3224-3225", "3311-3314", "3319-3321", "3412-3414", "3420-3422",
       "3512-3514", "3520-3521", "3612-3615", "3711-3715", "3812-3815", "3912-3914" }
-- The south edge, where the Polish reinforcements enter.
zone { "south-edge",
       "0131", "0231", "0331", "0431", "0531", "0631", "0731", "0831", "0931", "1031", "1131", "1231", "1331",
       "1431", "1531", "1631", "1731", "1831", "1931", "2031", "2131", "2231", "2331", "2431", "2531", "2631",
       "2731", "2831", "2931", "3031", "3131", "3231", "3331", "3431", "3531", "3631", "3731", "3831", "3931",
       "4031", "4131", "4231", "4331", "4431", "4531", "4631", "4731", "4831", "4931", "5031", "5131" }

-- ==================================================================== PL
-- Leaders [8]: 10 MP [8.1.2]; range 3 for the grand leader, 2 for the others
-- (the counter captions, L705-712); no SP [8.1.1].  Each stands with one of
-- his cavalry units ("Leaders and banners are placed with cavalry units").
-- Jagiełło, King of Poland, supreme commander (grand leader)
unit { "Jagiello", side = "PL", kind = "leader", nation = "poles", grand = true, range = 3, sp = 0, mp = 10, hex = "1624", facing = "NE", zone = "poles" }
-- Zyndram of Maszkowice, sword-bearer of Kraków (the book spells him Zyndarm)
unit { "Zyndarm", side = "PL", kind = "leader", nation = "poles", range = 2, sp = 0, mp = 10, hex = "1522", facing = "NE", zone = "poles" }
-- Andrzej (the book gives no surname)
unit { "Andrzej", side = "PL", kind = "leader", nation = "poles", range = 2, sp = 0, mp = 10, hex = "1724", facing = "NE", zone = "poles" }
-- Witold (Vytautas), Grand Duke of Lithuania
unit { "Witold", side = "PL", kind = "leader", nation = "lithuanians", range = 2, sp = 0, mp = 10, hex = "4630", facing = "NW", zone = "lithuanians" }
-- Szymon (Simon Lingwen), leader of the Smolensk banners
unit { "Szymon", side = "PL", kind = "leader", nation = "lithuanians", range = 2, sp = 0, mp = 10, hex = "4629", facing = "NW", zone = "lithuanians" }
-- Jerzy (Yury, Lingwen's son)
unit { "Jerzy", side = "PL", kind = "leader", nation = "lithuanians", range = 2, sp = 0, mp = 10, hex = "5027", facing = "NW", zone = "lithuanians" }

-- Polish cavalry: the vanguard on the map, the rest off it until it enters.
-- Great Banner of Kraków (Zyndarm): 4 counters; estimated sp 2, mp 7, armour 2
unit { "GreatBanner-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Great Banner of Kraków", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "1522", facing = "NE", zone = "poles" }
unit { "GreatBanner-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Great Banner of Kraków", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "1523", facing = "NE", zone = "poles" }
unit { "GreatBanner-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Great Banner of Kraków", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "1622", facing = "NE", zone = "poles" }
unit { "GreatBanner-4", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Great Banner of Kraków", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "1623", facing = "NE", zone = "poles" }
-- Court banner (Jagiello): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Court-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Court banner", leader = "Jagiello", sp = 2, mp = 7, armour = 2, hex = "1624", facing = "NE", zone = "poles" }
unit { "Court-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Court banner", leader = "Jagiello", sp = 2, mp = 7, armour = 2, hex = "1723", facing = "NE", zone = "poles" }
unit { "Court-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Court banner", leader = "Jagiello", sp = 2, mp = 7, armour = 2, hex = "1722", facing = "NE", zone = "poles" }
-- Chase banner (Andrzej): 2 counters; estimated sp 2, mp 8, armour 1
unit { "Chase-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Chase banner", leader = "Andrzej", sp = 2, mp = 8, armour = 1, hex = "1724", facing = "NE", zone = "poles" }
unit { "Chase-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Chase banner", leader = "Andrzej", sp = 2, mp = 8, armour = 1, hex = "1824", facing = "NE", zone = "poles" }
-- St George (Czech and Moravian mercenaries) (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Czech-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "St George (Czech and Moravian mercenaries)", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "1823", facing = "NE", zone = "poles" }
unit { "Czech-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "St George (Czech and Moravian mercenaries)", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "1923", facing = "NE", zone = "poles" }
unit { "Czech-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "St George (Czech and Moravian mercenaries)", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "1924", facing = "NE", zone = "poles" }
-- Kraków land (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Krakow-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kraków land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "1825", facing = "NE", zone = "poles" }
unit { "Krakow-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kraków land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "1826", facing = "NE", zone = "poles" }
unit { "Krakow-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kraków land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "1925", facing = "NE", zone = "poles" }
-- Sandomierz land (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Sandomierz-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Sandomierz land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "1926", facing = "NE", zone = "poles" }
unit { "Sandomierz-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Sandomierz land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2026", facing = "NE", zone = "poles" }
unit { "Sandomierz-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Sandomierz land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2025", facing = "NE", zone = "poles" }
-- Lublin land (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Lublin-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Lublin land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2 }
unit { "Lublin-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Lublin land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2 }
unit { "Lublin-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Lublin land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2 }
-- Lwów land (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Lwow-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Lwów land", leader = "Zyndarm", sp = 2, mp = 7, armour = 1 }
unit { "Lwow-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Lwów land", leader = "Zyndarm", sp = 2, mp = 7, armour = 1 }
unit { "Lwow-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Lwów land", leader = "Zyndarm", sp = 2, mp = 7, armour = 1 }
-- Przemyśl land (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Przemysl-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Przemyśl land", leader = "Zyndarm", sp = 2, mp = 7, armour = 1 }
unit { "Przemysl-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Przemyśl land", leader = "Zyndarm", sp = 2, mp = 7, armour = 1 }
unit { "Przemysl-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Przemyśl land", leader = "Zyndarm", sp = 2, mp = 7, armour = 1 }
-- Podolia (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Podolia-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Podolia", leader = "Zyndarm", sp = 2, mp = 7, armour = 1 }
unit { "Podolia-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Podolia", leader = "Zyndarm", sp = 2, mp = 7, armour = 1 }
unit { "Podolia-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Podolia", leader = "Zyndarm", sp = 2, mp = 7, armour = 1 }
-- Duke Siemowit IV of Mazovia (Jagiello): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Siemowit-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Duke Siemowit IV of Mazovia", leader = "Jagiello", sp = 2, mp = 7, armour = 2 }
unit { "Siemowit-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Duke Siemowit IV of Mazovia", leader = "Jagiello", sp = 2, mp = 7, armour = 2 }
unit { "Siemowit-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Duke Siemowit IV of Mazovia", leader = "Jagiello", sp = 2, mp = 7, armour = 2 }
-- Duke Janusz I of Mazovia (Jagiello): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Janusz-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Duke Janusz I of Mazovia", leader = "Jagiello", sp = 2, mp = 7, armour = 2 }
unit { "Janusz-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Duke Janusz I of Mazovia", leader = "Jagiello", sp = 2, mp = 7, armour = 2 }
unit { "Janusz-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Duke Janusz I of Mazovia", leader = "Jagiello", sp = 2, mp = 7, armour = 2 }
-- Poznań land (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Poznan-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Poznań land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Poznan-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Poznań land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Poznan-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Poznań land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
-- Kalisz land (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Kalisz-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kalisz land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Kalisz-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kalisz land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Kalisz-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kalisz land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
-- Sieradz land (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Sieradz-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Sieradz land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Sieradz-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Sieradz land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Sieradz-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Sieradz land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
-- Łęczyca land (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Leczyca-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Łęczyca land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Leczyca-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Łęczyca land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Leczyca-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Łęczyca land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
-- Kuyavia (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Kujawy-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kuyavia", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Kujawy-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kuyavia", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Kujawy-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kuyavia", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
-- Dobrzyń land (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Dobrzyn-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Dobrzyń land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Dobrzyn-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Dobrzyń land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Dobrzyn-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Dobrzyń land", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
-- Archbishop of Gniezno (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Gniezno-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Archbishop of Gniezno", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Gniezno-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Archbishop of Gniezno", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "Gniezno-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Archbishop of Gniezno", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
-- Bishop of Poznań (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "BpPoznan-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Bishop of Poznań", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "BpPoznan-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Bishop of Poznań", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }
unit { "BpPoznan-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Bishop of Poznań", leader = "Andrzej", sp = 2, mp = 7, armour = 2 }

-- Lithuanian cavalry [13.1.2: their banners differ by colour only]
-- Vilnius (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 1
unit { "Vilnius-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Vilnius", leader = "Witold", sp = 1, mp = 8, armour = 1, hex = "4630", facing = "NW", zone = "lithuanians" }
unit { "Vilnius-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Vilnius", leader = "Witold", sp = 1, mp = 8, armour = 1, hex = "4529", facing = "NW", zone = "lithuanians" }
unit { "Vilnius-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Vilnius", leader = "Witold", sp = 1, mp = 8, armour = 1, hex = "4530", facing = "NW", zone = "lithuanians" }
-- Smolensk (Szymon): 3 counters; estimated sp 1 (calibrated), mp 8, armour 1
unit { "Smolensk-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Smolensk", leader = "Szymon", sp = 1, mp = 8, armour = 1, hex = "4629", facing = "NW", zone = "lithuanians" }
unit { "Smolensk-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Smolensk", leader = "Szymon", sp = 1, mp = 8, armour = 1, hex = "4729", facing = "NW", zone = "lithuanians" }
unit { "Smolensk-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Smolensk", leader = "Szymon", sp = 1, mp = 8, armour = 1, hex = "4730", facing = "NW", zone = "lithuanians" }
-- Mstsislaw (Szymon): 3 counters; estimated sp 1 (calibrated), mp 8, armour 1
unit { "Mstsislaw-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Mstsislaw", leader = "Szymon", sp = 1, mp = 8, armour = 1, hex = "5028", facing = "NW", zone = "lithuanians" }
unit { "Mstsislaw-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Mstsislaw", leader = "Szymon", sp = 1, mp = 8, armour = 1, hex = "4927", facing = "NW", zone = "lithuanians" }
unit { "Mstsislaw-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Mstsislaw", leader = "Szymon", sp = 1, mp = 8, armour = 1, hex = "4928", facing = "NW", zone = "lithuanians" }
-- Orsha (Jerzy): 3 counters; estimated sp 1 (calibrated), mp 8, armour 1
unit { "Orsha-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Orsha", leader = "Jerzy", sp = 1, mp = 8, armour = 1, hex = "5027", facing = "NW", zone = "lithuanians" }
unit { "Orsha-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Orsha", leader = "Jerzy", sp = 1, mp = 8, armour = 1, hex = "5127", facing = "NW", zone = "lithuanians" }
unit { "Orsha-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Orsha", leader = "Jerzy", sp = 1, mp = 8, armour = 1, hex = "5128", facing = "NW", zone = "lithuanians" }
-- Vitebsk (Jerzy): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Vitebsk-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Vitebsk", leader = "Jerzy", sp = 1, mp = 8, armour = 0 }
unit { "Vitebsk-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Vitebsk", leader = "Jerzy", sp = 1, mp = 8, armour = 0 }
unit { "Vitebsk-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Vitebsk", leader = "Jerzy", sp = 1, mp = 8, armour = 0 }
-- Trakai (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 1
unit { "Trakai-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Trakai", leader = "Witold", sp = 1, mp = 8, armour = 1 }
unit { "Trakai-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Trakai", leader = "Witold", sp = 1, mp = 8, armour = 1 }
unit { "Trakai-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Trakai", leader = "Witold", sp = 1, mp = 8, armour = 1 }
-- Samogitia (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Samogitia-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Samogitia", leader = "Witold", sp = 1, mp = 8, armour = 0 }
unit { "Samogitia-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Samogitia", leader = "Witold", sp = 1, mp = 8, armour = 0 }
unit { "Samogitia-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Samogitia", leader = "Witold", sp = 1, mp = 8, armour = 0 }
-- Grodno (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Grodno-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Grodno", leader = "Witold", sp = 1, mp = 8, armour = 0 }
unit { "Grodno-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Grodno", leader = "Witold", sp = 1, mp = 8, armour = 0 }
unit { "Grodno-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Grodno", leader = "Witold", sp = 1, mp = 8, armour = 0 }
-- Kaunas (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Kaunas-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Kaunas", leader = "Witold", sp = 1, mp = 8, armour = 0 }
unit { "Kaunas-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Kaunas", leader = "Witold", sp = 1, mp = 8, armour = 0 }
unit { "Kaunas-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Kaunas", leader = "Witold", sp = 1, mp = 8, armour = 0 }
-- Lida (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Lida-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Lida", leader = "Witold", sp = 1, mp = 8, armour = 0 }
unit { "Lida-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Lida", leader = "Witold", sp = 1, mp = 8, armour = 0 }
unit { "Lida-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Lida", leader = "Witold", sp = 1, mp = 8, armour = 0 }
-- Lutsk (Volhynia) (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Lutsk-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Lutsk (Volhynia)", leader = "Witold", sp = 1, mp = 8, armour = 0 }
unit { "Lutsk-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Lutsk (Volhynia)", leader = "Witold", sp = 1, mp = 8, armour = 0 }
unit { "Lutsk-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Lutsk (Volhynia)", leader = "Witold", sp = 1, mp = 8, armour = 0 }
-- Kiev (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Kiev-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Kiev", leader = "Witold", sp = 1, mp = 8, armour = 0 }
unit { "Kiev-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Kiev", leader = "Witold", sp = 1, mp = 8, armour = 0 }
unit { "Kiev-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Kiev", leader = "Witold", sp = 1, mp = 8, armour = 0 }

-- Tatars (Jalal ad-Din's horse archers, about 1000-1200 riders), assigned to Witold [13.1.7];
-- not divided into banners [13.1.3]; horse archers [11.5]; estimated sp 2, mp 8, armour 0
unit { "Tatars-1", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "4526", facing = "NW", zone = "tatars" }
unit { "Tatars-2", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "4426", facing = "NW", zone = "tatars" }
unit { "Tatars-3", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "4427", facing = "NW", zone = "tatars" }
unit { "Tatars-4", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "4525", facing = "NW", zone = "tatars" }
unit { "Tatars-5", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "4527", facing = "NW", zone = "tatars" }
unit { "Tatars-6", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "4626", facing = "NW", zone = "tatars" }
unit { "Tatars-7", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "4627", facing = "NW", zone = "tatars" }
unit { "Tatars-8", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "4325", facing = "NW", zone = "tatars" }

-- Foot, assigned to leaders one by one [13.1.6]; not in banners [13.1.3].
-- Polish foot, off the map until it enters: 6 counters; estimated sp 1, mp 4, armour 0
unit { "PolishFoot-1", side = "PL", kind = "infantry", nation = "poles", leader = "Zyndarm", sp = 1, mp = 4, armour = 0 }
unit { "PolishFoot-2", side = "PL", kind = "infantry", nation = "poles", leader = "Zyndarm", sp = 1, mp = 4, armour = 0 }
unit { "PolishFoot-3", side = "PL", kind = "infantry", nation = "poles", leader = "Zyndarm", sp = 1, mp = 4, armour = 0 }
unit { "PolishFoot-4", side = "PL", kind = "infantry", nation = "poles", leader = "Andrzej", sp = 1, mp = 4, armour = 0 }
unit { "PolishFoot-5", side = "PL", kind = "infantry", nation = "poles", leader = "Andrzej", sp = 1, mp = 4, armour = 0 }
unit { "PolishFoot-6", side = "PL", kind = "infantry", nation = "poles", leader = "Andrzej", sp = 1, mp = 4, armour = 0 }
-- Polish archers, off the map until they enter: 2 counters; estimated sp 1, mp 4, armour 0, set up in movement formation
unit { "PolishArchers-1", side = "PL", kind = "archers", nation = "poles", leader = "Zyndarm", sp = 1, mp = 4, armour = 0, formation = "movement" }
unit { "PolishArchers-2", side = "PL", kind = "archers", nation = "poles", leader = "Andrzej", sp = 1, mp = 4, armour = 0, formation = "movement" }
-- Lithuanian foot, off the map until it enters: 4 counters; estimated sp 1, mp 4, armour 0
unit { "LithFoot-1", side = "PL", kind = "infantry", nation = "lithuanians", leader = "Witold", sp = 1, mp = 4, armour = 0 }
unit { "LithFoot-2", side = "PL", kind = "infantry", nation = "lithuanians", leader = "Witold", sp = 1, mp = 4, armour = 0 }
unit { "LithFoot-3", side = "PL", kind = "infantry", nation = "lithuanians", leader = "Witold", sp = 1, mp = 4, armour = 0 }
unit { "LithFoot-4", side = "PL", kind = "infantry", nation = "lithuanians", leader = "Witold", sp = 1, mp = 4, armour = 0 }
-- Lithuanian archers, off the map until they enter: 2 counters; estimated sp 1, mp 4, armour 0, set up in movement formation
unit { "LithArchers-1", side = "PL", kind = "archers", nation = "lithuanians", leader = "Witold", sp = 1, mp = 4, armour = 0, formation = "movement" }
unit { "LithArchers-2", side = "PL", kind = "archers", nation = "lithuanians", leader = "Jerzy", sp = 1, mp = 4, armour = 0, formation = "movement" }

-- Banners [7.1.1]: two a side, each held by a regular cavalry unit on a
-- leader's hex; no SP or MP [7.1.2].
-- the Great Banner of Kraków, with Zyndarm
unit { "PL-Banner-Krakow", side = "PL", kind = "banner", nation = "poles", sp = 0, mp = 0, holder = "GreatBanner-1", hex = "1522" }
-- Witold's banner (the Lithuanian Vytis), with Witold
unit { "PL-Banner-Lithuania", side = "PL", kind = "banner", nation = "lithuanians", sp = 0, mp = 0, holder = "Vilnius-1", hex = "4630" }

-- ==================================================================== TO
-- Leaders [8]: 10 MP [8.1.2]; range 3 for the grand leader, 2 for the others
-- (the counter captions, L705-712); no SP [8.1.1].  Each stands with one of
-- his cavalry units ("Leaders and banners are placed with cavalry units").
-- Ulrich von Jungingen, Grand Master (grand leader, 8.1.5)
unit { "Ulrich", side = "TO", kind = "leader", nation = "teutons", grand = true, range = 3, sp = 0, mp = 10, hex = "2711", facing = "SW", zone = "teutons" }
-- Kuno von Lichtenstein, Grand Commander
unit { "Lichtenstein", side = "TO", kind = "leader", nation = "teutons", range = 2, sp = 0, mp = 10, hex = "2020", facing = "SW", zone = "teutons" }
-- Friedrich von Wallenrode, Grand Marshal
unit { "Wallenrod", side = "TO", kind = "leader", nation = "teutons", range = 2, sp = 0, mp = 10, hex = "2918", facing = "SW", zone = "teutons" }
-- Markward von Salzbach, commander of Brandenburg
unit { "Salzbach", side = "TO", kind = "leader", nation = "teutons", range = 2, sp = 0, mp = 10, hex = "2422", facing = "SW", zone = "teutons" }
-- Thomas von Merheim, Grand Treasurer (the book spells him Merchein)
unit { "Merchein", side = "TO", kind = "leader", nation = "teutons", range = 2, sp = 0, mp = 10, hex = "2316", facing = "SW", zone = "teutons" }
-- Christoph von Gersdorf, bearer of the guests' banner of St George
unit { "Gersdorf", side = "TO", kind = "leader", nation = "teutons", range = 2, sp = 0, mp = 10, hex = "3213", facing = "SW", zone = "teutons" }

-- Teutonic cavalry: Lichtenstein's right wing at Łodwigowo, Salzbach's and
-- Merchein's centre, Wallenrod's left wing on the line of woods; Ulrich's
-- court banners and Gersdorf's guests in reserve (2711, 3213).
-- Grand Commander's banner (Lichtenstein): 3 counters; estimated sp 2, mp 6, armour 2
unit { "GrandCommander-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Commander's banner", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2020", facing = "SW", zone = "teutons" }
unit { "GrandCommander-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Commander's banner", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2120", facing = "SW", zone = "teutons" }
unit { "GrandCommander-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Commander's banner", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2221", facing = "SW", zone = "teutons" }
-- Thorn (Lichtenstein): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Thorn-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Thorn", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2321", facing = "SW", zone = "teutons" }
unit { "Thorn-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Thorn", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2320", facing = "SW", zone = "teutons" }
unit { "Thorn-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Thorn", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2220", facing = "SW", zone = "teutons" }
-- Danzig (Lichtenstein): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Danzig-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Danzig", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "1818", facing = "SW", zone = "teutons" }
unit { "Danzig-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Danzig", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "1918", facing = "SW", zone = "teutons" }
unit { "Danzig-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Danzig", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2019", facing = "SW", zone = "teutons" }
-- Schwetz (Lichtenstein): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Schwetz-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Schwetz", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2119", facing = "SW", zone = "teutons" }
unit { "Schwetz-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Schwetz", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2118", facing = "SW", zone = "teutons" }
unit { "Schwetz-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Schwetz", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2018", facing = "SW", zone = "teutons" }
-- Tuchel (Lichtenstein): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Tuchel-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Tuchel", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2219", facing = "SW", zone = "teutons" }
unit { "Tuchel-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Tuchel", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2319", facing = "SW", zone = "teutons" }
unit { "Tuchel-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Tuchel", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2420", facing = "SW", zone = "teutons" }
-- Brandenburg (Salzbach): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Brandenburg-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Brandenburg", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2422", facing = "SW", zone = "teutons" }
unit { "Brandenburg-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Brandenburg", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2521", facing = "SW", zone = "teutons" }
unit { "Brandenburg-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Brandenburg", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2520", facing = "SW", zone = "teutons" }
-- Elbing (Salzbach): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Elbing-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Elbing", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2522", facing = "SW", zone = "teutons" }
unit { "Elbing-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Elbing", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2622", facing = "SW", zone = "teutons" }
unit { "Elbing-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Elbing", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2621", facing = "SW", zone = "teutons" }
-- Christburg (Salzbach): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Christburg-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Christburg", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2623", facing = "SW", zone = "teutons" }
unit { "Christburg-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Christburg", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2722", facing = "SW", zone = "teutons" }
unit { "Christburg-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Christburg", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2721", facing = "SW", zone = "teutons" }
-- Bishop of Pomesania (Merchein): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Pomesania-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Pomesania", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "2316", facing = "SW", zone = "teutons" }
unit { "Pomesania-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Pomesania", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "2417", facing = "SW", zone = "teutons" }
unit { "Pomesania-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Pomesania", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "2517", facing = "SW", zone = "teutons" }
-- Bishop of Ermland (Merchein): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Ermland-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Ermland", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "2618", facing = "SW", zone = "teutons" }
unit { "Ermland-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Ermland", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "2718", facing = "SW", zone = "teutons" }
unit { "Ermland-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Ermland", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "2819", facing = "SW", zone = "teutons" }
-- Culm land (Merchein): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Kulmerland-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Culm land", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "2315", facing = "SW", zone = "teutons" }
unit { "Kulmerland-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Culm land", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "2416", facing = "SW", zone = "teutons" }
unit { "Kulmerland-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Culm land", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "2516", facing = "SW", zone = "teutons" }
-- Grand Marshal's banner (Wallenrod): 3 counters; estimated sp 2, mp 6, armour 2
unit { "GrandMarshal-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Marshal's banner", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "2918", facing = "SW", zone = "teutons" }
unit { "GrandMarshal-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Marshal's banner", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "2919", facing = "SW", zone = "teutons" }
unit { "GrandMarshal-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Marshal's banner", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3018", facing = "SW", zone = "teutons" }
-- Königsberg (Wallenrod): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Koenigsberg-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Königsberg", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "2923", facing = "SW", zone = "teutons" }
unit { "Koenigsberg-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Königsberg", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "2924", facing = "SW", zone = "teutons" }
unit { "Koenigsberg-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Königsberg", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3023", facing = "SW", zone = "teutons" }
-- Balga (Wallenrod): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Balga-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Balga", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3019", facing = "SW", zone = "teutons" }
unit { "Balga-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Balga", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3020", facing = "SW", zone = "teutons" }
unit { "Balga-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Balga", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3118", facing = "SW", zone = "teutons" }
-- Rhein (Wallenrod): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Rhein-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Rhein", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3024", facing = "SW", zone = "teutons" }
unit { "Rhein-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Rhein", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3025", facing = "SW", zone = "teutons" }
unit { "Rhein-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Rhein", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3123", facing = "SW", zone = "teutons" }
-- Bishop of Samland (Wallenrod): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Samland-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Samland", leader = "Wallenrod", sp = 2, mp = 7, armour = 1, hex = "3119", facing = "SW", zone = "teutons" }
unit { "Samland-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Samland", leader = "Wallenrod", sp = 2, mp = 7, armour = 1, hex = "3120", facing = "SW", zone = "teutons" }
unit { "Samland-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Samland", leader = "Wallenrod", sp = 2, mp = 7, armour = 1, hex = "3219", facing = "SW", zone = "teutons" }
-- Great Banner of the Order (Ulrich): 3 counters; estimated sp 2, mp 6, armour 2
unit { "OrderBanner-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Great Banner of the Order", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2711", facing = "SW", zone = "teutons" }
unit { "OrderBanner-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Great Banner of the Order", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2611", facing = "SW", zone = "teutons" }
unit { "OrderBanner-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Great Banner of the Order", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2612", facing = "SW", zone = "teutons" }
-- Grand Master's banner (Ulrich): 3 counters; estimated sp 2, mp 6, armour 2
unit { "GrandMaster-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Master's banner", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2710", facing = "SW", zone = "teutons" }
unit { "GrandMaster-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Master's banner", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2811", facing = "SW", zone = "teutons" }
unit { "GrandMaster-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Master's banner", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2812", facing = "SW", zone = "teutons" }
-- Order's court banner (Ulrich): 3 counters; estimated sp 2, mp 6, armour 2
unit { "OrderCourt-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Order's court banner", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2712", facing = "SW", zone = "teutons" }
unit { "OrderCourt-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Order's court banner", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2613", facing = "SW", zone = "teutons" }
unit { "OrderCourt-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Order's court banner", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2512", facing = "SW", zone = "teutons" }
-- St George (guest knights) (Gersdorf): 3 counters; estimated sp 2, mp 6, armour 2
unit { "StGeorge-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "St George (guest knights)", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "3213", facing = "SW", zone = "teutons" }
unit { "StGeorge-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "St George (guest knights)", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "3112", facing = "SW", zone = "teutons" }
unit { "StGeorge-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "St George (guest knights)", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "3113", facing = "SW", zone = "teutons" }
-- Guest knights (Gersdorf): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Guests-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Guest knights", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "3212", facing = "SW", zone = "teutons" }
unit { "Guests-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Guest knights", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "3312", facing = "SW", zone = "teutons" }
unit { "Guests-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Guest knights", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "3313", facing = "SW", zone = "teutons" }
-- Duke Konrad of Oels (Gersdorf): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Oels-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Duke Konrad of Oels", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "3214", facing = "SW", zone = "teutons" }
unit { "Oels-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Duke Konrad of Oels", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "3114", facing = "SW", zone = "teutons" }
unit { "Oels-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Duke Konrad of Oels", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "3014", facing = "SW", zone = "teutons" }

-- Ranged units at the front of the lines, in combat formation; the foot in
-- reserve at 3713, guarding the way between the lakes.
-- crossbowmen: 6 counters; estimated sp 1, mp 4, armour 1, set up in combat formation
unit { "Crossbow-1", side = "TO", kind = "crossbowmen", nation = "teutons", leader = "Lichtenstein", sp = 1, mp = 4, armour = 1, formation = "combat", hex = "1819", facing = "SW", zone = "teutons" }
unit { "Crossbow-2", side = "TO", kind = "crossbowmen", nation = "teutons", leader = "Lichtenstein", sp = 1, mp = 4, armour = 1, formation = "combat", hex = "1819", facing = "SW", zone = "teutons" }
unit { "Crossbow-3", side = "TO", kind = "crossbowmen", nation = "teutons", leader = "Wallenrod", sp = 1, mp = 4, armour = 1, formation = "combat", hex = "2823", facing = "SW", zone = "teutons" }
unit { "Crossbow-4", side = "TO", kind = "crossbowmen", nation = "teutons", leader = "Wallenrod", sp = 1, mp = 4, armour = 1, formation = "combat", hex = "2823", facing = "SW", zone = "teutons" }
unit { "Crossbow-5", side = "TO", kind = "crossbowmen", nation = "teutons", leader = "Wallenrod", sp = 1, mp = 4, armour = 1, formation = "combat", hex = "2824", facing = "SW", zone = "teutons" }
unit { "Crossbow-6", side = "TO", kind = "crossbowmen", nation = "teutons", leader = "Wallenrod", sp = 1, mp = 4, armour = 1, formation = "combat", hex = "2824", facing = "SW", zone = "teutons" }
-- bombards: 4 counters; estimated sp 1, mp 2, armour 0, set up in combat formation
unit { "Bombard-1", side = "TO", kind = "bombards", nation = "teutons", leader = "Lichtenstein", sp = 1, mp = 2, armour = 0, formation = "combat", hex = "1919", facing = "SW", zone = "teutons" }
unit { "Bombard-2", side = "TO", kind = "bombards", nation = "teutons", leader = "Lichtenstein", sp = 1, mp = 2, armour = 0, formation = "combat", hex = "1919", facing = "SW", zone = "teutons" }
unit { "Bombard-3", side = "TO", kind = "bombards", nation = "teutons", leader = "Wallenrod", sp = 1, mp = 2, armour = 0, formation = "combat", hex = "2922", facing = "SW", zone = "teutons" }
unit { "Bombard-4", side = "TO", kind = "bombards", nation = "teutons", leader = "Wallenrod", sp = 1, mp = 2, armour = 0, formation = "combat", hex = "2922", facing = "SW", zone = "teutons" }
-- archers: 2 counters; estimated sp 1, mp 4, armour 0, set up in combat formation
unit { "OrderArchers-1", side = "TO", kind = "archers", nation = "teutons", leader = "Salzbach", sp = 1, mp = 4, armour = 0, formation = "combat", hex = "2421", facing = "SW", zone = "teutons" }
unit { "OrderArchers-2", side = "TO", kind = "archers", nation = "teutons", leader = "Merchein", sp = 1, mp = 4, armour = 0, formation = "combat", hex = "2421", facing = "SW", zone = "teutons" }
-- Teutonic foot: 8 counters; estimated sp 2, mp 4, armour 1
unit { "OrderFoot-1", side = "TO", kind = "infantry", nation = "teutons", leader = "Ulrich", sp = 2, mp = 4, armour = 1, hex = "3713", facing = "SW", zone = "teutons" }
unit { "OrderFoot-2", side = "TO", kind = "infantry", nation = "teutons", leader = "Ulrich", sp = 2, mp = 4, armour = 1, hex = "3613", facing = "SW", zone = "teutons" }
unit { "OrderFoot-3", side = "TO", kind = "infantry", nation = "teutons", leader = "Ulrich", sp = 2, mp = 4, armour = 1, hex = "3614", facing = "SW", zone = "teutons" }
unit { "OrderFoot-4", side = "TO", kind = "infantry", nation = "teutons", leader = "Ulrich", sp = 2, mp = 4, armour = 1, hex = "3712", facing = "SW", zone = "teutons" }
unit { "OrderFoot-5", side = "TO", kind = "infantry", nation = "teutons", leader = "Gersdorf", sp = 2, mp = 4, armour = 1, hex = "3714", facing = "SW", zone = "teutons" }
unit { "OrderFoot-6", side = "TO", kind = "infantry", nation = "teutons", leader = "Gersdorf", sp = 2, mp = 4, armour = 1, hex = "3813", facing = "SW", zone = "teutons" }
unit { "OrderFoot-7", side = "TO", kind = "infantry", nation = "teutons", leader = "Salzbach", sp = 2, mp = 4, armour = 1, hex = "3814", facing = "SW", zone = "teutons" }
unit { "OrderFoot-8", side = "TO", kind = "infantry", nation = "teutons", leader = "Salzbach", sp = 2, mp = 4, armour = 1, hex = "3512", facing = "SW", zone = "teutons" }

-- Banners [7.1.1]: two a side, each held by a regular cavalry unit on a
-- leader's hex; no SP or MP [7.1.2].
-- the Great Banner of the Order, with Ulrich
unit { "TO-Banner-Order", side = "TO", kind = "banner", nation = "teutons", sp = 0, mp = 0, holder = "OrderBanner-1", hex = "2711" }
-- the guests' banner of St George, with Gersdorf
unit { "TO-Banner-StGeorge", side = "TO", kind = "banner", nation = "teutons", sp = 0, mp = 0, holder = "StGeorge-1", hex = "3213" }

-- ==================================================================== reinforcements
-- The Polish cavalry, from any hex of the south edge (42 counters).
reinforcement { turn = 1, side = "PL", at = "south-edge",
  units = { "Lublin-1", "Lublin-2", "Lublin-3", "Lwow-1", "Lwow-2", "Lwow-3", "Przemysl-1",
    "Przemysl-2", "Przemysl-3", "Podolia-1", "Podolia-2", "Podolia-3", "Siemowit-1", "Siemowit-2",
    "Siemowit-3", "Janusz-1", "Janusz-2", "Janusz-3", "Poznan-1", "Poznan-2", "Poznan-3",
    "Kalisz-1", "Kalisz-2", "Kalisz-3", "Sieradz-1", "Sieradz-2", "Sieradz-3", "Leczyca-1",
    "Leczyca-2", "Leczyca-3", "Kujawy-1", "Kujawy-2", "Kujawy-3", "Dobrzyn-1", "Dobrzyn-2",
    "Dobrzyn-3", "Gniezno-1", "Gniezno-2", "Gniezno-3", "BpPoznan-1", "BpPoznan-2",
    "BpPoznan-3" } }
-- The Lithuanian cavalry, by 4631 (24 counters).
reinforcement { turn = 1, side = "PL", at = "4631",
  units = { "Vitebsk-1", "Vitebsk-2", "Vitebsk-3", "Trakai-1", "Trakai-2", "Trakai-3",
    "Samogitia-1", "Samogitia-2", "Samogitia-3", "Grodno-1", "Grodno-2", "Grodno-3", "Kaunas-1",
    "Kaunas-2", "Kaunas-3", "Lida-1", "Lida-2", "Lida-3", "Lutsk-1", "Lutsk-2", "Lutsk-3",
    "Kiev-1", "Kiev-2", "Kiev-3" } }
-- Then the Polish foot, from the south edge, and the Lithuanian foot, by 4631.
reinforcement { turn = 1, side = "PL", at = "south-edge",
  units = { "PolishFoot-1", "PolishFoot-2", "PolishFoot-3", "PolishFoot-4", "PolishFoot-5",
    "PolishFoot-6", "PolishArchers-1", "PolishArchers-2" } }
reinforcement { turn = 1, side = "PL", at = "4631",
  units = { "LithFoot-1", "LithFoot-2", "LithFoot-3", "LithFoot-4", "LithArchers-1",
    "LithArchers-2" } }
