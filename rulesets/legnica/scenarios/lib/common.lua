-- What the three Legnica scenarios share besides the armies: the sides,
-- the initiative, the starting variables, the victory conditions and the
-- scenario notes (LG L1198-1226, L1290-1318, L1354-1365; MATRIX 5.2 and
-- A-081..A-086).  Each scenario file includes it.

side { "PL", name = "Poles, Military Orders and Czechs" }
side { "MO", name = "Mongols" }

-- "Initiative: Poles" (all three scenarios): the Poles are player A [2.1].
var { "side.A", "PL" }
var { "side.B", "MO" }
-- The friendly map edges: the Poles' north (the road to Legnica), the
-- Mongols' south (their side of the map; the rules know only N and S).
var { "edge.PL", "N" }
var { "edge.MO", "S" }
-- [6.1] the MORALE counter starts at 0; no victory points yet.
var { "morale", 0 }
var { "vp.PL", 0 }
var { "vp.MO", 0 }

-- Victory conditions (LG L1200-1226; Czech rescue's are garbled, A-083:
-- read as the other two, the Ordu -40 included).  An automatic victory when
-- all enemy commanders are killed or have escaped from the map; otherwise
-- victory points, priced per side: what each side scores for the enemy
-- units it kills.  The Poles score +20 a commander killed, +10 a banner
-- captured, +2 a cavalry unit killed (the Mongol army is all cavalry:
-- horse archers are cavalry, 10.5); the Mongols +20, +10, +4 a cavalry
-- unit, +3 crossbowmen, +2 archers, +1 infantry (bombards, which the book
-- does not price and no Legnica scenario has, as infantry).  "Moving Ordu
-- reserve (including commander)" costs the Mongols 40 VP (A-084).
-- The book prints no scale of the VP difference (A-085): the Grunwald
-- scale is BORROWED (its entries are upper bounds of the difference).
victory {
  PL = { leader = 20, banner = 10, cavalry = 2, horse_archers = 2 },
  MO = { leader = 20, banner = 10, cavalry = 4, horse_archers = 4, crossbowmen = 3, archers = 2, infantry = 1, bombards = 1 },
  ordu_penalty = 40,
  scale = {
    { 0, "draw" },
    { 20, "tiny victory" },
    { 40, "small victory" },
    { 70, "considerable victory" },
    { 100, "great victory" },
    { math.maxinteger, "overwhelming victory" },
  },
}

data {
  -- [9.1.2] [9.1.4] boxes on each side's Scattered Units track: printed on
  -- the map only (A-075), an estimate.
  scatter_track = { PL = 12, MO = 12 },
  -- "During turn 1 and 2 Polish Player can move only units of Bolesław,
  -- Jurgen and Ludwig. Mongol Player can move only Bajdar units. All other
  -- units can move from turn 3 or when attacked" (the same note in the
  -- three scenarios): these commanders and their units.
  opening = { turns = 2, PL = { "Boleslaw", "Jurgen", "Ludwig" }, MO = { "Bajdar" } },
  -- The Ordu reserve: moving Ordu or his units costs victory.ordu_penalty.
  reserve = { side = "MO", leader = "Ordu" },
}
