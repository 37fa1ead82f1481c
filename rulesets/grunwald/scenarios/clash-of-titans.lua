-- Clash of Titans: the historical scenario of Grunwald 1410 (15 July 1410).
-- Book: grunwald-1410-medieval-en.txt L1222-1321 (scenario text, setup,
-- victory, notes, reinforcements); MATRIX.md section 5.1.
--
-- SETUP.  The book places the armies "within 1 hex range from fields with"
-- red (Poles), light brown (Lithuanians) and white (Teutonic Order) dots.
-- The dots are printed on the map only, so they are chosen here to fit the
-- historical deployment on the reconstructed map (maps/grunwald.map): the
-- Order on its gentle slopes in front of Grunwald and Stębark, facing south,
-- with Lichtenstein's right wing (west) opposite the Poles and Wallenrod's
-- left wing (east) opposite the Lithuanians, Ulrich's court banners and the
-- guests in a second line; the Poles on the left (west) in two lines with
-- Jagiełło in front of the royal hill behind; the Lithuanians on the right (east),
-- the Smolensk banners next to the Poles; the Tatars in front of the
-- Lithuanians; what is left of the Lithuanian army (its foot) in the
-- Lithuanian camp in the right lower corner.  The Polish foot, which the
-- book does not place, enters as reinforcements from the south edge (A-077).
-- Zones: "red-dots", "light-brown-dots", "white-dots" are every hex within
-- 1 of a dot (the dots are in data.dots); "tatar-line" the hexes just in
-- front of the Lithuanian line; "camp" the Lithuanian camp.  Stacking: at
-- most 2 SP a hex (leaders and banners count nothing).
-- CALIBRATED: the deployment distance.  The allied dots (red, light brown
-- and the Tatar line with them) stand 2 rows nearer the Order than first
-- chosen (rows 18-19 and 22 for the Poles, was 20-21 and 24), leaving two
-- empty rows between the fronts instead of four, so the side with the
-- initiative no longer reaches the enemy at full charge factor on turn 1.
-- The Order stays on its slopes.  The rules bots on both sides: at the
-- first dots `bitwa sim grunwald/clash-of-titans -n 6` PL 6 of 6, at these
-- `-n 8` PL 5 / TO 3 (the Order's dots 2 rows south instead: PL 6 / TO 2,
-- and the Order off its slopes); the longer run is in
-- rulesets/grunwald/NOTES.md, "Calibration".
--
-- GAME LENGTH: not printed (A-076: it is on the map's TURNS track); 16 turns
-- is chosen, long enough for fatigue (14.2.1, from turn 13) to tell.
--
-- ESTIMATES.  The rulebook prints no counter values, so every sp, mp and
-- armour below is an estimate from the counter descriptions of 1.2 (a
-- cavalry counter is about 150 horsemen, an infantry counter 300-350 men)
-- and the usual values of the Medieval system:
--   Polish knights sp 2, mp 7, armour 2 (the Ruthenian lands' banners and
--     the light Chase banner armour 1; the Chase banner mp 8);
--   Lithuanian cavalry sp 1, mp 8, armour 1 (the Smolensk banners and the
--     boyars of Vilnius, Trakai, Orsha) or 0 (the other lands): CALIBRATED
--     with the rules bots on both sides (rulesets/grunwald/NOTES.md,
--     "Calibration"): at sp 2, the allies' 100 horse of 2 SP against the
--     Order's 66 won 30 games of 30 (PL 100%, 95% CI 88.6-100), with the
--     Order's front moved 2 rows back as well; at sp 1 (lighter horse, as
--     the Lithuanian banners were) PL 18, TO 12 of 30 (PL 60.0%, 95% CI
--     42.3-75.4; TO 40.0%, 24.6-57.7);
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

scenario { title = "Clash of Titans", map = "grunwald", turns = 16,
  notes = "Historical scenario, 15 July 1410. The dots, the game length and every counter value are estimates (see the file's header)." }

side { "PL", name = "Poles, Lithuanians and Tatars" }
side { "TO", name = "Teutonic Order" }

-- [2.1] "Poles, Lithuanians and Tatars Player move first" (L1306).
var { "side.A", "PL" }
var { "side.B", "TO" }
-- [10.2.2] friendly map edges (A-062): the Order's north, the allies' south.
var { "edge.PL", "S" }
var { "edge.TO", "N" }
-- [6.1] the MORALE counter starts at 0; no victory points yet.
var { "morale", 0 }
var { "vp.PL", 0 }
var { "vp.TO", 0 }

-- Reinforcements (L1314-1321): all units that could not be placed enter,
-- two cavalry units a turn and, once all the cavalry is in, three infantry
-- units a turn; the Poles by any hex of the south edge, the Order by 2100.
-- In this setup every Polish, Lithuanian and Teutonic horseman is placed,
-- so only the Polish foot enters.
data {
  reinforcement_rate = { PL = { cavalry = 2, infantry = 3 }, TO = { cavalry = 2, infantry = 3 } },
  entry = { PL = "south-edge", TO = "2100" },
  dots = {
    red = { "1618", "1819", "2018", "2219", "2418", "2619", "2818", "3019", "1922", "2122", "2322", "2522", "2722" },
    light_brown = { "3318", "3519", "3718", "3919", "4118", "4319", "4022" },
    white = { "2012", "2213", "2412", "2613", "2812", "3013", "3212", "3413", "3612", "3813", "2409", "2609", "2809", "3009", "3209" },
  },
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

-- Polish cavalry: within 1 hex of the red dots 1618 1819 2018 2219 2418 2619 2818 3019 (front
-- line) and 1922 2122 2322 2522 2722 (second line) (calibrated: 2 rows north of the first choice).
zone { "red-dots", "1517-1518", "1617-1619", "1717-1719", "1818-1820", "1822-1823", "1917-1919",
       "1921-1923", "2017-2019", "2022-2023", "2117-2119", "2121-2123", "2218-2220", "2222-2223",
       "2317-2319", "2321-2323", "2417-2419", "2422-2423", "2517-2519", "2521-2523", "2618-2620",
       "2622-2623", "2717-2719", "2721-2723", "2817-2819", "2822-2823", "2917-2919", "3018-3020",
       "3118-3119" }
-- Lithuanian cavalry: within 1 hex of the light brown dots 3318 3519 3718 3919 4118 4319 4022
-- (calibrated: 2 rows north of the first choice).
zone { "light-brown-dots", "3218-3219", "3317-3319", "3418-3420", "3518-3520", "3618-3620",
       "3717-3719", "3818-3820", "3918-3922", "4018-4023", "4117-4119", "4121-4122", "4218-4220",
       "4318-4320", "4419-4420" }
-- The Tatars: "placed as front line of Lithuanian army", the hexes just north of it.
zone { "tatar-line", "3417", "3517", "3617", "3716", "3817", "3917", "4017", "4116", "4217",
       "4317", "4418" }
-- The Lithuanian camp, the right lower corner of the map (columns 46-51, rows 27-31).
zone { "camp", "4627-4631", "4727-4731", "4827-4831", "4927-4931", "5027-5031", "5127-5131" }
-- Teutonic Order: within 1 hex of the white dots 2012 2213 2412 2613 2812 3013 3212 3413 3612
-- 3813 (front line) and 2409 2609 2809 3009 3209 (second line).
zone { "white-dots", "1911-1912", "2011-2013", "2111-2113", "2212-2214", "2308-2309", "2311-2313",
       "2408-2413", "2508-2509", "2511-2513", "2608-2610", "2612-2614", "2708-2709", "2711-2713",
       "2808-2813", "2908-2909", "2911-2913", "3008-3010", "3012-3014", "3108-3109", "3111-3113",
       "3208-3213", "3308-3309", "3311-3313", "3412-3414", "3511-3513", "3611-3613", "3711-3713",
       "3812-3814", "3912-3913" }
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
unit { "Jagiello", side = "PL", kind = "leader", nation = "poles", grand = true, range = 3, sp = 0, mp = 10, hex = "2823", facing = "N", zone = "red-dots" }
-- Zyndram of Maszkowice, sword-bearer of Kraków (the book spells him Zyndarm)
unit { "Zyndarm", side = "PL", kind = "leader", nation = "poles", range = 2, sp = 0, mp = 10, hex = "2218", facing = "N", zone = "red-dots" }
-- Andrzej (the book gives no surname)
unit { "Andrzej", side = "PL", kind = "leader", nation = "poles", range = 2, sp = 0, mp = 10, hex = "1517", facing = "N", zone = "red-dots" }
-- Witold (Vytautas), Grand Duke of Lithuania
unit { "Witold", side = "PL", kind = "leader", nation = "lithuanians", range = 2, sp = 0, mp = 10, hex = "3618", facing = "N", zone = "light-brown-dots" }
-- Szymon (Simon Lingwen), leader of the Smolensk banners
unit { "Szymon", side = "PL", kind = "leader", nation = "lithuanians", range = 2, sp = 0, mp = 10, hex = "3218", facing = "N", zone = "light-brown-dots" }
-- Jerzy (Yury, Lingwen's son)
unit { "Jerzy", side = "PL", kind = "leader", nation = "lithuanians", range = 2, sp = 0, mp = 10, hex = "3419", facing = "N", zone = "light-brown-dots" }

-- Polish cavalry: Andrzej's banners on the left, Zyndarm's in the centre and
-- on the right; in the second line the bishops' banners (Andrzej), the court
-- and the Mazovian dukes with Jagiełło on the royal hill.
-- Chase banner (Andrzej): 2 counters; estimated sp 2, mp 8, armour 1
unit { "Chase-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Chase banner", leader = "Andrzej", sp = 2, mp = 8, armour = 1, hex = "1517", facing = "N", zone = "red-dots" }
unit { "Chase-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Chase banner", leader = "Andrzej", sp = 2, mp = 8, armour = 1, hex = "1518", facing = "N", zone = "red-dots" }
-- Poznań land (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Poznan-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Poznań land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1617", facing = "N", zone = "red-dots" }
unit { "Poznan-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Poznań land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1618", facing = "N", zone = "red-dots" }
unit { "Poznan-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Poznań land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1619", facing = "N", zone = "red-dots" }
-- Kalisz land (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Kalisz-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kalisz land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1717", facing = "N", zone = "red-dots" }
unit { "Kalisz-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kalisz land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1718", facing = "N", zone = "red-dots" }
unit { "Kalisz-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kalisz land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1719", facing = "N", zone = "red-dots" }
-- Sieradz land (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Sieradz-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Sieradz land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1818", facing = "N", zone = "red-dots" }
unit { "Sieradz-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Sieradz land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1819", facing = "N", zone = "red-dots" }
unit { "Sieradz-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Sieradz land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1820", facing = "N", zone = "red-dots" }
-- Łęczyca land (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Leczyca-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Łęczyca land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1917", facing = "N", zone = "red-dots" }
unit { "Leczyca-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Łęczyca land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1918", facing = "N", zone = "red-dots" }
unit { "Leczyca-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Łęczyca land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1919", facing = "N", zone = "red-dots" }
-- Kuyavia (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Kujawy-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kuyavia", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "2017", facing = "N", zone = "red-dots" }
unit { "Kujawy-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kuyavia", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "2018", facing = "N", zone = "red-dots" }
unit { "Kujawy-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kuyavia", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "2019", facing = "N", zone = "red-dots" }
-- Dobrzyń land (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Dobrzyn-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Dobrzyń land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "2117", facing = "N", zone = "red-dots" }
unit { "Dobrzyn-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Dobrzyń land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "2118", facing = "N", zone = "red-dots" }
unit { "Dobrzyn-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Dobrzyń land", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "2119", facing = "N", zone = "red-dots" }
-- Archbishop of Gniezno (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Gniezno-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Archbishop of Gniezno", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1822", facing = "N", zone = "red-dots" }
unit { "Gniezno-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Archbishop of Gniezno", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1823", facing = "N", zone = "red-dots" }
unit { "Gniezno-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Archbishop of Gniezno", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1921", facing = "N", zone = "red-dots" }
-- Bishop of Poznań (Andrzej): 3 counters; estimated sp 2, mp 7, armour 2
unit { "BpPoznan-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Bishop of Poznań", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1922", facing = "N", zone = "red-dots" }
unit { "BpPoznan-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Bishop of Poznań", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "1923", facing = "N", zone = "red-dots" }
unit { "BpPoznan-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Bishop of Poznań", leader = "Andrzej", sp = 2, mp = 7, armour = 2, hex = "2022", facing = "N", zone = "red-dots" }
-- Great Banner of Kraków (Zyndarm): 4 counters; estimated sp 2, mp 7, armour 2
unit { "GreatBanner-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Great Banner of Kraków", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2218", facing = "N", zone = "red-dots" }
unit { "GreatBanner-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Great Banner of Kraków", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2219", facing = "N", zone = "red-dots" }
unit { "GreatBanner-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Great Banner of Kraków", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2220", facing = "N", zone = "red-dots" }
unit { "GreatBanner-4", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Great Banner of Kraków", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2317", facing = "N", zone = "red-dots" }
-- St George (Czech and Moravian mercenaries) (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Czech-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "St George (Czech and Moravian mercenaries)", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2318", facing = "N", zone = "red-dots" }
unit { "Czech-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "St George (Czech and Moravian mercenaries)", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2319", facing = "N", zone = "red-dots" }
unit { "Czech-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "St George (Czech and Moravian mercenaries)", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2418", facing = "N", zone = "red-dots" }
-- Kraków land (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Krakow-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kraków land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2417", facing = "N", zone = "red-dots" }
unit { "Krakow-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kraków land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2517", facing = "N", zone = "red-dots" }
unit { "Krakow-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Kraków land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2518", facing = "N", zone = "red-dots" }
-- Sandomierz land (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Sandomierz-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Sandomierz land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2419", facing = "N", zone = "red-dots" }
unit { "Sandomierz-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Sandomierz land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2519", facing = "N", zone = "red-dots" }
unit { "Sandomierz-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Sandomierz land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2619", facing = "N", zone = "red-dots" }
-- Lublin land (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Lublin-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Lublin land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2618", facing = "N", zone = "red-dots" }
unit { "Lublin-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Lublin land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2717", facing = "N", zone = "red-dots" }
unit { "Lublin-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Lublin land", leader = "Zyndarm", sp = 2, mp = 7, armour = 2, hex = "2718", facing = "N", zone = "red-dots" }
-- Lwów land (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Lwow-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Lwów land", leader = "Zyndarm", sp = 2, mp = 7, armour = 1, hex = "2620", facing = "N", zone = "red-dots" }
unit { "Lwow-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Lwów land", leader = "Zyndarm", sp = 2, mp = 7, armour = 1, hex = "2719", facing = "N", zone = "red-dots" }
unit { "Lwow-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Lwów land", leader = "Zyndarm", sp = 2, mp = 7, armour = 1, hex = "2819", facing = "N", zone = "red-dots" }
-- Przemyśl land (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Przemysl-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Przemyśl land", leader = "Zyndarm", sp = 2, mp = 7, armour = 1, hex = "2817", facing = "N", zone = "red-dots" }
unit { "Przemysl-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Przemyśl land", leader = "Zyndarm", sp = 2, mp = 7, armour = 1, hex = "2818", facing = "N", zone = "red-dots" }
unit { "Przemysl-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Przemyśl land", leader = "Zyndarm", sp = 2, mp = 7, armour = 1, hex = "2917", facing = "N", zone = "red-dots" }
-- Podolia (Zyndarm): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Podolia-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Podolia", leader = "Zyndarm", sp = 2, mp = 7, armour = 1, hex = "2918", facing = "N", zone = "red-dots" }
unit { "Podolia-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Podolia", leader = "Zyndarm", sp = 2, mp = 7, armour = 1, hex = "2919", facing = "N", zone = "red-dots" }
unit { "Podolia-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Podolia", leader = "Zyndarm", sp = 2, mp = 7, armour = 1, hex = "3018", facing = "N", zone = "red-dots" }
-- Court banner (Jagiello): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Court-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Court banner", leader = "Jagiello", sp = 2, mp = 7, armour = 2, hex = "2823", facing = "N", zone = "red-dots" }
unit { "Court-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Court banner", leader = "Jagiello", sp = 2, mp = 7, armour = 2, hex = "2722", facing = "N", zone = "red-dots" }
unit { "Court-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Court banner", leader = "Jagiello", sp = 2, mp = 7, armour = 2, hex = "2723", facing = "N", zone = "red-dots" }
-- Duke Siemowit IV of Mazovia (Jagiello): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Siemowit-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Duke Siemowit IV of Mazovia", leader = "Jagiello", sp = 2, mp = 7, armour = 2, hex = "2822", facing = "N", zone = "red-dots" }
unit { "Siemowit-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Duke Siemowit IV of Mazovia", leader = "Jagiello", sp = 2, mp = 7, armour = 2, hex = "2721", facing = "N", zone = "red-dots" }
unit { "Siemowit-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Duke Siemowit IV of Mazovia", leader = "Jagiello", sp = 2, mp = 7, armour = 2, hex = "2622", facing = "N", zone = "red-dots" }
-- Duke Janusz I of Mazovia (Jagiello): 3 counters; estimated sp 2, mp 7, armour 2
unit { "Janusz-1", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Duke Janusz I of Mazovia", leader = "Jagiello", sp = 2, mp = 7, armour = 2, hex = "2623", facing = "N", zone = "red-dots" }
unit { "Janusz-2", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Duke Janusz I of Mazovia", leader = "Jagiello", sp = 2, mp = 7, armour = 2, hex = "2522", facing = "N", zone = "red-dots" }
unit { "Janusz-3", side = "PL", kind = "cavalry", nation = "poles", banner_group = "Duke Janusz I of Mazovia", leader = "Jagiello", sp = 2, mp = 7, armour = 2, hex = "2521", facing = "N", zone = "red-dots" }

-- Lithuanian cavalry [13.1.2: their banners differ by colour only]
-- Smolensk (Szymon): 3 counters; estimated sp 1 (calibrated), mp 8, armour 1
unit { "Smolensk-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Smolensk", leader = "Szymon", sp = 1, mp = 8, armour = 1, hex = "3218", facing = "N", zone = "light-brown-dots" }
unit { "Smolensk-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Smolensk", leader = "Szymon", sp = 1, mp = 8, armour = 1, hex = "3219", facing = "N", zone = "light-brown-dots" }
unit { "Smolensk-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Smolensk", leader = "Szymon", sp = 1, mp = 8, armour = 1, hex = "3317", facing = "N", zone = "light-brown-dots" }
-- Mstsislaw (Szymon): 3 counters; estimated sp 1 (calibrated), mp 8, armour 1
unit { "Mstsislaw-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Mstsislaw", leader = "Szymon", sp = 1, mp = 8, armour = 1, hex = "3318", facing = "N", zone = "light-brown-dots" }
unit { "Mstsislaw-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Mstsislaw", leader = "Szymon", sp = 1, mp = 8, armour = 1, hex = "3319", facing = "N", zone = "light-brown-dots" }
unit { "Mstsislaw-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Mstsislaw", leader = "Szymon", sp = 1, mp = 8, armour = 1, hex = "3418", facing = "N", zone = "light-brown-dots" }
-- Orsha (Jerzy): 3 counters; estimated sp 1 (calibrated), mp 8, armour 1
unit { "Orsha-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Orsha", leader = "Jerzy", sp = 1, mp = 8, armour = 1, hex = "3419", facing = "N", zone = "light-brown-dots" }
unit { "Orsha-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Orsha", leader = "Jerzy", sp = 1, mp = 8, armour = 1, hex = "3420", facing = "N", zone = "light-brown-dots" }
unit { "Orsha-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Orsha", leader = "Jerzy", sp = 1, mp = 8, armour = 1, hex = "3518", facing = "N", zone = "light-brown-dots" }
-- Vitebsk (Jerzy): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Vitebsk-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Vitebsk", leader = "Jerzy", sp = 1, mp = 8, armour = 0, hex = "3519", facing = "N", zone = "light-brown-dots" }
unit { "Vitebsk-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Vitebsk", leader = "Jerzy", sp = 1, mp = 8, armour = 0, hex = "3520", facing = "N", zone = "light-brown-dots" }
unit { "Vitebsk-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Vitebsk", leader = "Jerzy", sp = 1, mp = 8, armour = 0, hex = "3619", facing = "N", zone = "light-brown-dots" }
-- Vilnius (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 1
unit { "Vilnius-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Vilnius", leader = "Witold", sp = 1, mp = 8, armour = 1, hex = "3618", facing = "N", zone = "light-brown-dots" }
unit { "Vilnius-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Vilnius", leader = "Witold", sp = 1, mp = 8, armour = 1, hex = "3717", facing = "N", zone = "light-brown-dots" }
unit { "Vilnius-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Vilnius", leader = "Witold", sp = 1, mp = 8, armour = 1, hex = "3718", facing = "N", zone = "light-brown-dots" }
-- Trakai (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 1
unit { "Trakai-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Trakai", leader = "Witold", sp = 1, mp = 8, armour = 1, hex = "3620", facing = "N", zone = "light-brown-dots" }
unit { "Trakai-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Trakai", leader = "Witold", sp = 1, mp = 8, armour = 1, hex = "3719", facing = "N", zone = "light-brown-dots" }
unit { "Trakai-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Trakai", leader = "Witold", sp = 1, mp = 8, armour = 1, hex = "3819", facing = "N", zone = "light-brown-dots" }
-- Samogitia (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Samogitia-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Samogitia", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "3818", facing = "N", zone = "light-brown-dots" }
unit { "Samogitia-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Samogitia", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "3918", facing = "N", zone = "light-brown-dots" }
unit { "Samogitia-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Samogitia", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "3919", facing = "N", zone = "light-brown-dots" }
-- Grodno (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Grodno-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Grodno", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "3820", facing = "N", zone = "light-brown-dots" }
unit { "Grodno-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Grodno", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "3920", facing = "N", zone = "light-brown-dots" }
unit { "Grodno-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Grodno", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "3921", facing = "N", zone = "light-brown-dots" }
-- Kaunas (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Kaunas-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Kaunas", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "3922", facing = "N", zone = "light-brown-dots" }
unit { "Kaunas-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Kaunas", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "4022", facing = "N", zone = "light-brown-dots" }
unit { "Kaunas-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Kaunas", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "4021", facing = "N", zone = "light-brown-dots" }
-- Lida (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Lida-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Lida", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "4018", facing = "N", zone = "light-brown-dots" }
unit { "Lida-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Lida", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "4019", facing = "N", zone = "light-brown-dots" }
unit { "Lida-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Lida", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "4020", facing = "N", zone = "light-brown-dots" }
-- Lutsk (Volhynia) (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Lutsk-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Lutsk (Volhynia)", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "4023", facing = "N", zone = "light-brown-dots" }
unit { "Lutsk-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Lutsk (Volhynia)", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "4122", facing = "N", zone = "light-brown-dots" }
unit { "Lutsk-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Lutsk (Volhynia)", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "4121", facing = "N", zone = "light-brown-dots" }
-- Kiev (Witold): 3 counters; estimated sp 1 (calibrated), mp 8, armour 0
unit { "Kiev-1", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Kiev", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "4117", facing = "N", zone = "light-brown-dots" }
unit { "Kiev-2", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Kiev", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "4118", facing = "N", zone = "light-brown-dots" }
unit { "Kiev-3", side = "PL", kind = "cavalry", nation = "lithuanians", banner_group = "Kiev", leader = "Witold", sp = 1, mp = 8, armour = 0, hex = "4119", facing = "N", zone = "light-brown-dots" }

-- Tatars (Jalal ad-Din's horse archers, about 1000-1200 riders), assigned to Witold [13.1.7];
-- not divided into banners [13.1.3]; horse archers [11.5]; estimated sp 2, mp 8, armour 0
unit { "Tatars-1", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "3917", facing = "N", zone = "tatar-line" }
unit { "Tatars-2", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "4017", facing = "N", zone = "tatar-line" }
unit { "Tatars-3", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "3817", facing = "N", zone = "tatar-line" }
unit { "Tatars-4", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "4116", facing = "N", zone = "tatar-line" }
unit { "Tatars-5", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "3716", facing = "N", zone = "tatar-line" }
unit { "Tatars-6", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "4217", facing = "N", zone = "tatar-line" }
unit { "Tatars-7", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "3617", facing = "N", zone = "tatar-line" }
unit { "Tatars-8", side = "PL", kind = "horse_archers", nation = "tatars", leader = "Witold", sp = 2, mp = 8, armour = 0, hex = "4317", facing = "N", zone = "tatar-line" }

-- Foot, assigned to leaders one by one [13.1.6]; not in banners [13.1.3].
-- Lithuanian foot, in the camp: 4 counters; estimated sp 1, mp 4, armour 0
unit { "LithFoot-1", side = "PL", kind = "infantry", nation = "lithuanians", leader = "Witold", sp = 1, mp = 4, armour = 0, hex = "4627", facing = "N", zone = "camp" }
unit { "LithFoot-2", side = "PL", kind = "infantry", nation = "lithuanians", leader = "Witold", sp = 1, mp = 4, armour = 0, hex = "4727", facing = "N", zone = "camp" }
unit { "LithFoot-3", side = "PL", kind = "infantry", nation = "lithuanians", leader = "Witold", sp = 1, mp = 4, armour = 0, hex = "4827", facing = "N", zone = "camp" }
unit { "LithFoot-4", side = "PL", kind = "infantry", nation = "lithuanians", leader = "Witold", sp = 1, mp = 4, armour = 0, hex = "4927", facing = "N", zone = "camp" }
-- Lithuanian archers, in the camp: 2 counters; estimated sp 1, mp 4, armour 0, set up in movement formation
unit { "LithArchers-1", side = "PL", kind = "archers", nation = "lithuanians", leader = "Witold", sp = 1, mp = 4, armour = 0, formation = "movement", hex = "5027", facing = "N", zone = "camp" }
unit { "LithArchers-2", side = "PL", kind = "archers", nation = "lithuanians", leader = "Jerzy", sp = 1, mp = 4, armour = 0, formation = "movement", hex = "5127", facing = "N", zone = "camp" }
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

-- Banners [7.1.1]: two a side, each held by a regular cavalry unit on a
-- leader's hex; no SP or MP [7.1.2].
-- the Great Banner of Kraków, with Zyndarm
unit { "PL-Banner-Krakow", side = "PL", kind = "banner", nation = "poles", sp = 0, mp = 0, holder = "GreatBanner-1", hex = "2218" }
-- Witold's banner (the Lithuanian Vytis), with Witold
unit { "PL-Banner-Lithuania", side = "PL", kind = "banner", nation = "lithuanians", sp = 0, mp = 0, holder = "Vilnius-1", hex = "3618" }

-- ==================================================================== TO
-- Leaders [8]: 10 MP [8.1.2]; range 3 for the grand leader, 2 for the others
-- (the counter captions, L705-712); no SP [8.1.1].  Each stands with one of
-- his cavalry units ("Leaders and banners are placed with cavalry units").
-- Ulrich von Jungingen, Grand Master (grand leader, 8.1.5)
unit { "Ulrich", side = "TO", kind = "leader", nation = "teutons", grand = true, range = 3, sp = 0, mp = 10, hex = "2308", facing = "S", zone = "white-dots" }
-- Kuno von Lichtenstein, Grand Commander
unit { "Lichtenstein", side = "TO", kind = "leader", nation = "teutons", range = 2, sp = 0, mp = 10, hex = "1911", facing = "S", zone = "white-dots" }
-- Friedrich von Wallenrode, Grand Marshal
unit { "Wallenrod", side = "TO", kind = "leader", nation = "teutons", range = 2, sp = 0, mp = 10, hex = "3912", facing = "S", zone = "white-dots" }
-- Markward von Salzbach, commander of Brandenburg
unit { "Salzbach", side = "TO", kind = "leader", nation = "teutons", range = 2, sp = 0, mp = 10, hex = "2513", facing = "S", zone = "white-dots" }
-- Thomas von Merheim, Grand Treasurer (the book spells him Merchein)
unit { "Merchein", side = "TO", kind = "leader", nation = "teutons", range = 2, sp = 0, mp = 10, hex = "2911", facing = "S", zone = "white-dots" }
-- Christoph von Gersdorf, bearer of the guests' banner of St George
unit { "Gersdorf", side = "TO", kind = "leader", nation = "teutons", range = 2, sp = 0, mp = 10, hex = "2610", facing = "S", zone = "white-dots" }

-- Teutonic cavalry: Lichtenstein's right wing, Salzbach's and Merchein's
-- centre, Wallenrod's left wing; Ulrich's court banners and Gersdorf's
-- guests in the second line.
-- Grand Commander's banner (Lichtenstein): 3 counters; estimated sp 2, mp 6, armour 2
unit { "GrandCommander-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Commander's banner", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "1911", facing = "S", zone = "white-dots" }
unit { "GrandCommander-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Commander's banner", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "1912", facing = "S", zone = "white-dots" }
unit { "GrandCommander-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Commander's banner", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2011", facing = "S", zone = "white-dots" }
-- Thorn (Lichtenstein): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Thorn-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Thorn", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2012", facing = "S", zone = "white-dots" }
unit { "Thorn-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Thorn", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2111", facing = "S", zone = "white-dots" }
unit { "Thorn-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Thorn", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2112", facing = "S", zone = "white-dots" }
-- Danzig (Lichtenstein): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Danzig-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Danzig", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2212", facing = "S", zone = "white-dots" }
unit { "Danzig-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Danzig", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2213", facing = "S", zone = "white-dots" }
unit { "Danzig-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Danzig", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2311", facing = "S", zone = "white-dots" }
-- Schwetz (Lichtenstein): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Schwetz-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Schwetz", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2312", facing = "S", zone = "white-dots" }
unit { "Schwetz-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Schwetz", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2313", facing = "S", zone = "white-dots" }
unit { "Schwetz-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Schwetz", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2412", facing = "S", zone = "white-dots" }
-- Tuchel (Lichtenstein): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Tuchel-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Tuchel", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2411", facing = "S", zone = "white-dots" }
unit { "Tuchel-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Tuchel", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2511", facing = "S", zone = "white-dots" }
unit { "Tuchel-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Tuchel", leader = "Lichtenstein", sp = 2, mp = 6, armour = 2, hex = "2512", facing = "S", zone = "white-dots" }
-- Brandenburg (Salzbach): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Brandenburg-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Brandenburg", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2513", facing = "S", zone = "white-dots" }
unit { "Brandenburg-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Brandenburg", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2613", facing = "S", zone = "white-dots" }
unit { "Brandenburg-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Brandenburg", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2612", facing = "S", zone = "white-dots" }
-- Elbing (Salzbach): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Elbing-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Elbing", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2711", facing = "S", zone = "white-dots" }
unit { "Elbing-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Elbing", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2712", facing = "S", zone = "white-dots" }
unit { "Elbing-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Elbing", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2713", facing = "S", zone = "white-dots" }
-- Christburg (Salzbach): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Christburg-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Christburg", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2811", facing = "S", zone = "white-dots" }
unit { "Christburg-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Christburg", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2812", facing = "S", zone = "white-dots" }
unit { "Christburg-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Christburg", leader = "Salzbach", sp = 2, mp = 6, armour = 2, hex = "2813", facing = "S", zone = "white-dots" }
-- Bishop of Pomesania (Merchein): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Pomesania-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Pomesania", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "2911", facing = "S", zone = "white-dots" }
unit { "Pomesania-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Pomesania", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "2912", facing = "S", zone = "white-dots" }
unit { "Pomesania-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Pomesania", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "2913", facing = "S", zone = "white-dots" }
-- Bishop of Ermland (Merchein): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Ermland-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Ermland", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "3012", facing = "S", zone = "white-dots" }
unit { "Ermland-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Ermland", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "3013", facing = "S", zone = "white-dots" }
unit { "Ermland-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Ermland", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "3014", facing = "S", zone = "white-dots" }
-- Culm land (Merchein): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Kulmerland-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Culm land", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "3111", facing = "S", zone = "white-dots" }
unit { "Kulmerland-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Culm land", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "3112", facing = "S", zone = "white-dots" }
unit { "Kulmerland-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Culm land", leader = "Merchein", sp = 2, mp = 7, armour = 1, hex = "3113", facing = "S", zone = "white-dots" }
-- Grand Marshal's banner (Wallenrod): 3 counters; estimated sp 2, mp 6, armour 2
unit { "GrandMarshal-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Marshal's banner", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3912", facing = "S", zone = "white-dots" }
unit { "GrandMarshal-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Marshal's banner", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3812", facing = "S", zone = "white-dots" }
unit { "GrandMarshal-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Marshal's banner", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3711", facing = "S", zone = "white-dots" }
-- Königsberg (Wallenrod): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Koenigsberg-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Königsberg", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3712", facing = "S", zone = "white-dots" }
unit { "Koenigsberg-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Königsberg", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3713", facing = "S", zone = "white-dots" }
unit { "Koenigsberg-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Königsberg", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3612", facing = "S", zone = "white-dots" }
-- Balga (Wallenrod): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Balga-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Balga", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3611", facing = "S", zone = "white-dots" }
unit { "Balga-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Balga", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3511", facing = "S", zone = "white-dots" }
unit { "Balga-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Balga", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3512", facing = "S", zone = "white-dots" }
-- Rhein (Wallenrod): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Rhein-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Rhein", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3613", facing = "S", zone = "white-dots" }
unit { "Rhein-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Rhein", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3513", facing = "S", zone = "white-dots" }
unit { "Rhein-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Rhein", leader = "Wallenrod", sp = 2, mp = 6, armour = 2, hex = "3413", facing = "S", zone = "white-dots" }
-- Bishop of Samland (Wallenrod): 3 counters; estimated sp 2, mp 7, armour 1
unit { "Samland-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Samland", leader = "Wallenrod", sp = 2, mp = 7, armour = 1, hex = "3412", facing = "S", zone = "white-dots" }
unit { "Samland-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Samland", leader = "Wallenrod", sp = 2, mp = 7, armour = 1, hex = "3312", facing = "S", zone = "white-dots" }
unit { "Samland-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Bishop of Samland", leader = "Wallenrod", sp = 2, mp = 7, armour = 1, hex = "3313", facing = "S", zone = "white-dots" }
-- Great Banner of the Order (Ulrich): 3 counters; estimated sp 2, mp 6, armour 2
unit { "OrderBanner-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Great Banner of the Order", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2308", facing = "S", zone = "white-dots" }
unit { "OrderBanner-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Great Banner of the Order", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2309", facing = "S", zone = "white-dots" }
unit { "OrderBanner-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Great Banner of the Order", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2408", facing = "S", zone = "white-dots" }
-- Grand Master's banner (Ulrich): 3 counters; estimated sp 2, mp 6, armour 2
unit { "GrandMaster-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Master's banner", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2409", facing = "S", zone = "white-dots" }
unit { "GrandMaster-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Master's banner", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2410", facing = "S", zone = "white-dots" }
unit { "GrandMaster-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Grand Master's banner", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2508", facing = "S", zone = "white-dots" }
-- Order's court banner (Ulrich): 3 counters; estimated sp 2, mp 6, armour 2
unit { "OrderCourt-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Order's court banner", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2509", facing = "S", zone = "white-dots" }
unit { "OrderCourt-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Order's court banner", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2609", facing = "S", zone = "white-dots" }
unit { "OrderCourt-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Order's court banner", leader = "Ulrich", sp = 2, mp = 6, armour = 2, hex = "2608", facing = "S", zone = "white-dots" }
-- St George (guest knights) (Gersdorf): 3 counters; estimated sp 2, mp 6, armour 2
unit { "StGeorge-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "St George (guest knights)", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "2610", facing = "S", zone = "white-dots" }
unit { "StGeorge-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "St George (guest knights)", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "2709", facing = "S", zone = "white-dots" }
unit { "StGeorge-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "St George (guest knights)", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "2708", facing = "S", zone = "white-dots" }
-- Guest knights (Gersdorf): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Guests-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Guest knights", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "2808", facing = "S", zone = "white-dots" }
unit { "Guests-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Guest knights", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "2809", facing = "S", zone = "white-dots" }
unit { "Guests-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Guest knights", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "2810", facing = "S", zone = "white-dots" }
-- Duke Konrad of Oels (Gersdorf): 3 counters; estimated sp 2, mp 6, armour 2
unit { "Oels-1", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Duke Konrad of Oels", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "2908", facing = "S", zone = "white-dots" }
unit { "Oels-2", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Duke Konrad of Oels", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "2909", facing = "S", zone = "white-dots" }
unit { "Oels-3", side = "TO", kind = "cavalry", nation = "teutons", banner_group = "Duke Konrad of Oels", leader = "Gersdorf", sp = 2, mp = 6, armour = 2, hex = "3008", facing = "S", zone = "white-dots" }

-- Ranged units in front of the wings, in combat formation (the Order waited
-- in its positions from dawn); the foot in the second line.
-- crossbowmen: 6 counters; estimated sp 1, mp 4, armour 1, set up in combat formation
unit { "Crossbow-1", side = "TO", kind = "crossbowmen", nation = "teutons", leader = "Lichtenstein", sp = 1, mp = 4, armour = 1, formation = "combat", hex = "2214", facing = "S", zone = "white-dots" }
unit { "Crossbow-2", side = "TO", kind = "crossbowmen", nation = "teutons", leader = "Lichtenstein", sp = 1, mp = 4, armour = 1, formation = "combat", hex = "2214", facing = "S", zone = "white-dots" }
unit { "Crossbow-3", side = "TO", kind = "crossbowmen", nation = "teutons", leader = "Wallenrod", sp = 1, mp = 4, armour = 1, formation = "combat", hex = "3814", facing = "S", zone = "white-dots" }
unit { "Crossbow-4", side = "TO", kind = "crossbowmen", nation = "teutons", leader = "Wallenrod", sp = 1, mp = 4, armour = 1, formation = "combat", hex = "3814", facing = "S", zone = "white-dots" }
unit { "Crossbow-5", side = "TO", kind = "crossbowmen", nation = "teutons", leader = "Wallenrod", sp = 1, mp = 4, armour = 1, formation = "combat", hex = "3913", facing = "S", zone = "white-dots" }
unit { "Crossbow-6", side = "TO", kind = "crossbowmen", nation = "teutons", leader = "Wallenrod", sp = 1, mp = 4, armour = 1, formation = "combat", hex = "3913", facing = "S", zone = "white-dots" }
-- bombards: 4 counters; estimated sp 1, mp 2, armour 0, set up in combat formation
unit { "Bombard-1", side = "TO", kind = "bombards", nation = "teutons", leader = "Lichtenstein", sp = 1, mp = 2, armour = 0, formation = "combat", hex = "2113", facing = "S", zone = "white-dots" }
unit { "Bombard-2", side = "TO", kind = "bombards", nation = "teutons", leader = "Lichtenstein", sp = 1, mp = 2, armour = 0, formation = "combat", hex = "2013", facing = "S", zone = "white-dots" }
unit { "Bombard-3", side = "TO", kind = "bombards", nation = "teutons", leader = "Wallenrod", sp = 1, mp = 2, armour = 0, formation = "combat", hex = "3813", facing = "S", zone = "white-dots" }
unit { "Bombard-4", side = "TO", kind = "bombards", nation = "teutons", leader = "Wallenrod", sp = 1, mp = 2, armour = 0, formation = "combat", hex = "3813", facing = "S", zone = "white-dots" }
-- archers: 2 counters; estimated sp 1, mp 4, armour 0, set up in combat formation
unit { "OrderArchers-1", side = "TO", kind = "archers", nation = "teutons", leader = "Salzbach", sp = 1, mp = 4, armour = 0, formation = "combat", hex = "2614", facing = "S", zone = "white-dots" }
unit { "OrderArchers-2", side = "TO", kind = "archers", nation = "teutons", leader = "Merchein", sp = 1, mp = 4, armour = 0, formation = "combat", hex = "2614", facing = "S", zone = "white-dots" }
-- Teutonic foot: 8 counters; estimated sp 2, mp 4, armour 1
unit { "OrderFoot-1", side = "TO", kind = "infantry", nation = "teutons", leader = "Ulrich", sp = 2, mp = 4, armour = 1, hex = "3009", facing = "S", zone = "white-dots" }
unit { "OrderFoot-2", side = "TO", kind = "infantry", nation = "teutons", leader = "Ulrich", sp = 2, mp = 4, armour = 1, hex = "3010", facing = "S", zone = "white-dots" }
unit { "OrderFoot-3", side = "TO", kind = "infantry", nation = "teutons", leader = "Ulrich", sp = 2, mp = 4, armour = 1, hex = "3108", facing = "S", zone = "white-dots" }
unit { "OrderFoot-4", side = "TO", kind = "infantry", nation = "teutons", leader = "Ulrich", sp = 2, mp = 4, armour = 1, hex = "3109", facing = "S", zone = "white-dots" }
unit { "OrderFoot-5", side = "TO", kind = "infantry", nation = "teutons", leader = "Gersdorf", sp = 2, mp = 4, armour = 1, hex = "3208", facing = "S", zone = "white-dots" }
unit { "OrderFoot-6", side = "TO", kind = "infantry", nation = "teutons", leader = "Gersdorf", sp = 2, mp = 4, armour = 1, hex = "3209", facing = "S", zone = "white-dots" }
unit { "OrderFoot-7", side = "TO", kind = "infantry", nation = "teutons", leader = "Salzbach", sp = 2, mp = 4, armour = 1, hex = "3210", facing = "S", zone = "white-dots" }
unit { "OrderFoot-8", side = "TO", kind = "infantry", nation = "teutons", leader = "Salzbach", sp = 2, mp = 4, armour = 1, hex = "3308", facing = "S", zone = "white-dots" }

-- Banners [7.1.1]: two a side, each held by a regular cavalry unit on a
-- leader's hex; no SP or MP [7.1.2].
-- the Great Banner of the Order, with Ulrich
unit { "TO-Banner-Order", side = "TO", kind = "banner", nation = "teutons", sp = 0, mp = 0, holder = "OrderBanner-1", hex = "2308" }
-- the guests' banner of St George, with Gersdorf
unit { "TO-Banner-StGeorge", side = "TO", kind = "banner", nation = "teutons", sp = 0, mp = 0, holder = "StGeorge-1", hex = "2610" }

-- ==================================================================== reinforcements
-- The Polish foot: from any hex of the south edge, three a turn (all the
-- Polish cavalry is on the map from the start).
reinforcement { turn = 1, side = "PL", at = "south-edge",
  units = { "PolishFoot-1", "PolishFoot-2", "PolishFoot-3", "PolishFoot-4", "PolishFoot-5", "PolishFoot-6", "PolishArchers-1", "PolishArchers-2" } }
