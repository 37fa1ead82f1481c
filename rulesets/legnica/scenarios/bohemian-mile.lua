-- Bohemian mile: a fictional scenario of Legnica 1241 (King Wacław of
-- Bohemia is "only 10 miles" away, but nobody knows how long a Bohemian
-- mile is: some of his army may arrive in time).
-- Book: legnica-1241-medieval-en.txt L1320-1365 (scenario text, setup,
-- victory, notes); MATRIX.md section 5.2 and A-075, A-081, A-082, A-084-A-086.
--
-- THE FILES.  The setup is that of "Henry II" plus the Czech
-- reinforcements: the Polish setup is kept once, in lib/poles-henry-ii.lua,
-- the Mongol one in lib/mongols.lua, the sides, victory points and notes in
-- lib/common.lua, every counter value in lib/counters.lua (ESTIMATES: the
-- book prints none).  The zones H, B, S, M and X, W, Y, Z, printed on the
-- map only, are drawn on the reconstructed map (see those files); "(n)" is
-- read as "within n hexes" (A-081).
--
-- THE CZECH REINFORCEMENTS.  The book's line reads "Starting from turn 3
-- Polish Czech units per turn from hex •": how many units a turn, which
-- ones and the entry hex are lost in the text (A-082).  Chosen here: King
-- Wacław with his banner and his twenty cavalry units 1/W-20/W (the Czech
-- army of "Czech rescue" is Wacław's 20, Oldrich's 10 and Karol's 8; "at
-- best some small number of units will reach it soon enough", so only the
-- king's own division comes), two units a turn from turn 3, through hex
-- 0126 on the west edge, where the road from Jawor and Bohemia enters the
-- reconstructed map.  Wacław, W-1 (holding his banner) and W-2 may enter
-- from turn 3, then two more each turn (W-19 and W-20 from turn 12); a unit
-- not entered on its turn may enter later, never more than two cavalry
-- units in one turn (data.reinforcement_rate; the leader does not count).
--
-- ESTIMATES: every sp, mp and armour, the grand leaders (Henryk, Wacław,
-- Ordu), the zones, the Czech reinforcements, the Scattered Units tracks
-- (12 boxes) and the victory scale (borrowed from Grunwald); see
-- lib/counters.lua and NOTES.md.

scenario { title = "Bohemian mile", map = "legnica", turns = 20,
  notes = "Fictional scenario: the Czechs may arrive. The zones, the counter values, the grand leaders, the Czech reinforcements and the victory scale are estimates (see the file's header)." }

include "lib/common"
include "lib/poles-henry-ii"
include "lib/mongols"
local C = include "lib/counters"

-- The Czech reinforcements: two cavalry units a turn through 0126.
data { reinforcement_rate = { PL = { cavalry = 2 } } }
zone { "Czech entry", "0126" }

unit(C.leader { "Waclaw" })
for i = 1, 20 do
  unit(C.cavalry { "W-" .. i, leader = "Waclaw" })
end
-- his banner, with W-1 (it enters the map with its holder)
unit(C.banner { "PL-Banner-Waclaw", holder = "W-1", starts_off_map = true })

reinforcement { turn = 3, side = "PL", at = "Czech entry", units = { "Waclaw", "W-1", "W-2" } }
for turn = 4, 12 do
  local first = 2 * (turn - 3) + 1
  reinforcement { turn = turn, side = "PL", at = "Czech entry", units = { "W-" .. first, "W-" .. (first + 1) } }
end
