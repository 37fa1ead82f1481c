-- Henry II: the historical scenario of Legnica 1241 (9 April 1241).
-- Book: legnica-1241-medieval-en.txt L1152-1226 (scenario text, setup,
-- victory, notes); MATRIX.md section 5.2 and A-075, A-081, A-084-A-086.
--
-- Duke Henryk II the Pious, with the knights of Silesia, Little and
-- Greater Poland and Opole and the Military Orders, attacks the Mongol
-- army of Bajdar and Ordu on the field south-east of Legnica.  The Poles
-- have the initiative; in turns 1 and 2 only Bolesław's, Jurgen's and
-- Ludwig's units (Poles) and Bajdar's (Mongols) may move; moving Ordu's
-- reserve costs the Mongols 40 VP.
--
-- THE FILES.  The armies are shared with the other Legnica scenarios and
-- kept once each in scenarios/lib/ (include): lib/common.lua (sides,
-- initiative, victory points, the scenario notes as data), lib/counters.lua
-- (every counter value, ESTIMATES: the book prints none),
-- lib/poles-henry-ii.lua (the Polish setup, also that of Bohemian mile) and
-- lib/mongols.lua (the Mongol setup, the same in all three).
--
-- SETUP.  The printed hexes are used as printed; the zones H, B, S, M (Poles)
-- and X, W, Y, Z (Mongols), printed on the map only, are drawn on the
-- reconstructed map (maps/legnica.map) and declared as zones, so that an
-- editor sees the allowed areas and the validator checks them; "players can
-- set up units in zones freely": the file places each unit on one hex of
-- its zone (a legal deployment), which a player may change within the zone.
-- "(n)" after a hex is read as "within n hexes" (A-081).  Every field unit
-- is assigned to its commander (12.1.2): 1/H to Henryk and so on; the foot,
-- the crossbowmen and the archers, which the book gives no commander, to
-- Henryk.  Stacking: at most 2 SP a hex (4.5.1); leaders and banners count
-- nothing.
--
-- ESTIMATES: every sp, mp and armour, the grand leaders (Henryk, Ordu), the
-- zones, the Scattered Units tracks (12 boxes) and the victory scale
-- (borrowed from Grunwald); see lib/counters.lua and NOTES.md.

scenario { title = "Henry II", map = "legnica", turns = 20,
  notes = "Historical scenario, 9 April 1241. The zones, the counter values, the grand leaders and the victory scale are estimates (see the file's header)." }

include "lib/common"
include "lib/poles-henry-ii"
include "lib/mongols"
