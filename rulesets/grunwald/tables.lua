-- Grunwald 1410, "Medieval" system, English edition: every table and every
-- numeric list the rulebook prints, as data.  Integers only (the book's
-- halves and thirds of a movement point are written as fractions
-- { numerator, denominator }).  "L123" is line 123 of the English rulebook
-- (grunwald-1410-medieval-en.txt); the numbers in brackets are its rules.
-- The book prints most tables twice: once in the rules and once under
-- "Game Tables" (L1093-1218); both copies agree and both are cited.
-- Readings of doubtful cells are listed in NOTES.md.
local T = {}

---------------------------------------------------------------- COMBAT TABLE
-- [1.4] [1.5] [5.1.1] COMBAT TABLE, L1095-1107 (rows 2 and 3 also at
-- L119-122).  Columns are combat ratios, weakest first; an attacker's
-- combat modifier (CM) moves one column right, a defender's one column left
-- [1.5].  Rows are the 2D6 ("2K6") roll, 2..12.
T.columns = { "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1" }

-- T.combat[roll][column] is one result.  A printed cell is "ATTACKER /
-- DEFENDER"; without a slash it concerns the side its letter names (A =
-- attacker, D = defender) and "-" alone is no effect.  "-1" = loses 1 SP,
-- "An"/"Dn" = retreats n hexes, a trailing "D" = disorganized (legend,
-- L1111-1121).  Fields: att_loss / def_loss (SP lost), att_retreat /
-- def_retreat (hexes), att_disorg / def_disorg (automatic disorganization),
-- printed (the cell exactly as the book prints it).
-- Doubtful cells (NOTES.md): roll 8, 1:4 prints "A" (read A1); roll 6, 1:3
-- prints "A1d" (lower-case d read as the D suffix); roll 2, 8:1 prints "D5D"
-- without the attacker's -1 of its neighbours (kept as printed).
T.combat = {
  [2] = {  -- L1097
    { printed = "-",          att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:4
    { printed = "-",          att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:3
    { printed = "D1",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 1, def_disorg = false },  -- 1:2
    { printed = "D2 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 2, def_disorg = false },  -- 1:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 2:1
    { printed = "-1 / D2",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 3:1
    { printed = "-1 / D3D",   att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 3, def_disorg = true },  -- 4:1
    { printed = "-1 / D4D",   att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 4, def_disorg = true },  -- 5:1
    { printed = "-1 / D4D",   att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 4, def_disorg = true },  -- 6:1
    { printed = "-1 / D5D",   att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 5, def_disorg = true },  -- 7:1
    { printed = "D5D",        att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 5, def_disorg = true },  -- 8:1 (as printed)
    { printed = "-1 / D5D",   att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 5, def_disorg = true },  -- 9:1
  },
  [3] = {  -- L1098
    { printed = "-1 / -1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 0, def_disorg = false },  -- 1:4
    { printed = "-",          att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:3
    { printed = "-1 / D1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 1, def_disorg = false },  -- 1:2
    { printed = "D1 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 1, def_disorg = false },  -- 1:1
    { printed = "D2 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 2, def_disorg = false },  -- 2:1
    { printed = "D2 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 2, def_disorg = false },  -- 3:1
    { printed = "D3",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 3, def_disorg = false },  -- 4:1
    { printed = "-1 / D3",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 3, def_disorg = false },  -- 5:1
    { printed = "-1 / D4",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 4, def_disorg = false },  -- 6:1
    { printed = "-1 / D5",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 5, def_disorg = false },  -- 7:1
    { printed = "-1 / D5",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 5, def_disorg = false },  -- 8:1
    { printed = "-1 / D5 -1", att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 5, def_disorg = false },  -- 9:1
  },
  [4] = {  -- L1099
    { printed = "-1 / -",     att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:4
    { printed = "-1 / -1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 0, def_disorg = false },  -- 1:3
    { printed = "-",          att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:2
    { printed = "D1",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 1, def_disorg = false },  -- 1:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 2:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 3:1
    { printed = "-1 / D2",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 4:1
    { printed = "D3 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 3, def_disorg = false },  -- 5:1
    { printed = "D3",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 3, def_disorg = false },  -- 6:1
    { printed = "D4",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 4, def_disorg = false },  -- 7:1
    { printed = "D5",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 5, def_disorg = false },  -- 8:1
    { printed = "D5 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 5, def_disorg = false },  -- 9:1
  },
  [5] = {  -- L1100
    { printed = "A1",         att_loss = 0, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:4
    { printed = "-1 / -",     att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:3
    { printed = "-1 / -1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 0, def_disorg = false },  -- 1:2
    { printed = "-1 / D1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 1, def_disorg = false },  -- 1:1
    { printed = "D1 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 1, def_disorg = false },  -- 2:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 3:1
    { printed = "D2 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 2, def_disorg = false },  -- 4:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 5:1
    { printed = "D3 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 3, def_disorg = false },  -- 6:1
    { printed = "D3",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 3, def_disorg = false },  -- 7:1
    { printed = "D4 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 4, def_disorg = false },  -- 8:1
    { printed = "D5",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 5, def_disorg = false },  -- 9:1
  },
  [6] = {  -- L1101
    { printed = "A1 -1",      att_loss = 1, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:4
    { printed = "A1d",        att_loss = 0, att_retreat = 1, att_disorg = true,  def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:3 (d = D)
    { printed = "-1 / -",     att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:2
    { printed = "-",          att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:1
    { printed = "D1 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 1, def_disorg = false },  -- 2:1
    { printed = "D1 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 1, def_disorg = false },  -- 3:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 4:1
    { printed = "D2 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 2, def_disorg = false },  -- 5:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 6:1
    { printed = "D3 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 3, def_disorg = false },  -- 7:1
    { printed = "D3",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 3, def_disorg = false },  -- 8:1
    { printed = "D4",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 4, def_disorg = false },  -- 9:1
  },
  [7] = {  -- L1102
    { printed = "A1 -1",      att_loss = 1, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:4
    { printed = "A1 -1",      att_loss = 1, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:3
    { printed = "A1",         att_loss = 0, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:2
    { printed = "-1 / -1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 0, def_disorg = false },  -- 1:1
    { printed = "-1 / D1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 1, def_disorg = false },  -- 2:1
    { printed = "D1",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 1, def_disorg = false },  -- 3:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 4:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 5:1
    { printed = "D2 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 2, def_disorg = false },  -- 6:1
    { printed = "D3 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 3, def_disorg = false },  -- 7:1
    { printed = "D3 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 3, def_disorg = false },  -- 8:1
    { printed = "D3",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 3, def_disorg = false },  -- 9:1
  },
  [8] = {  -- L1103
    { printed = "A",          att_loss = 0, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:4 (no length printed: A1)
    { printed = "A1",         att_loss = 0, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:3
    { printed = "A1 -1",      att_loss = 1, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:2
    { printed = "-1 / -",     att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:1
    { printed = "-",          att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 2:1
    { printed = "-1 / D1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 1, def_disorg = false },  -- 3:1
    { printed = "D1 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 1, def_disorg = false },  -- 4:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 5:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 6:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 7:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 8:1
    { printed = "D3 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 3, def_disorg = false },  -- 9:1
  },
  [9] = {  -- L1104
    { printed = "A2 -1",      att_loss = 1, att_retreat = 2, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:4
    { printed = "A2",         att_loss = 0, att_retreat = 2, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:3
    { printed = "A1",         att_loss = 0, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:2
    { printed = "A1",         att_loss = 0, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:1
    { printed = "-1 / -1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 0, def_disorg = false },  -- 2:1
    { printed = "-",          att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 3:1
    { printed = "D1 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 1, def_disorg = false },  -- 4:1
    { printed = "D1 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 1, def_disorg = false },  -- 5:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 6:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 7:1
    { printed = "D2 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 2, def_disorg = false },  -- 8:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 9:1
  },
  [10] = {  -- L1105
    { printed = "A2 -1",      att_loss = 1, att_retreat = 2, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:4
    { printed = "A2 -1",      att_loss = 1, att_retreat = 2, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:3
    { printed = "A1",         att_loss = 0, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:2
    { printed = "A1 -1",      att_loss = 1, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:1
    { printed = "-1 / -",     att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 2:1
    { printed = "-1 / -1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 0, def_disorg = false },  -- 3:1
    { printed = "-1 / D1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 1, def_disorg = false },  -- 4:1
    { printed = "D1",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 1, def_disorg = false },  -- 5:1
    { printed = "D1 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 1, def_disorg = false },  -- 6:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 7:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 8:1
    { printed = "D2 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 2, def_disorg = false },  -- 9:1
  },
  [11] = {  -- L1106
    { printed = "A3 -1",      att_loss = 1, att_retreat = 3, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:4
    { printed = "A3",         att_loss = 0, att_retreat = 3, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:3
    { printed = "A2 -1",      att_loss = 1, att_retreat = 2, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:2
    { printed = "A1",         att_loss = 0, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:1
    { printed = "A1",         att_loss = 0, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 2:1
    { printed = "-1 / -",     att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 3:1
    { printed = "-",          att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 4:1
    { printed = "-1 / D1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 1, def_disorg = false },  -- 5:1
    { printed = "D1",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 1, def_disorg = false },  -- 6:1
    { printed = "D1 -1",      att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 1, def_disorg = false },  -- 7:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 8:1
    { printed = "D2",         att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 2, def_disorg = false },  -- 9:1
  },
  [12] = {  -- L1107
    { printed = "A4 -1D",     att_loss = 1, att_retreat = 4, att_disorg = true,  def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:4
    { printed = "A3 -1D",     att_loss = 1, att_retreat = 3, att_disorg = true,  def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:3
    { printed = "A2 -1D",     att_loss = 1, att_retreat = 2, att_disorg = true,  def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:2
    { printed = "A1D",        att_loss = 0, att_retreat = 1, att_disorg = true,  def_loss = 0, def_retreat = 0, def_disorg = false },  -- 1:1
    { printed = "A1 -1",      att_loss = 1, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 2:1
    { printed = "A1",         att_loss = 0, att_retreat = 1, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false },  -- 3:1
    { printed = "-1 / -1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 0, def_disorg = false },  -- 4:1
    { printed = "-1 / -1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 0, def_disorg = false },  -- 5:1
    { printed = "-1 / -1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 0, def_disorg = false },  -- 6:1
    { printed = "-1 / -1",    att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 0, def_disorg = false },  -- 7:1
    { printed = "-1 / D1 -1", att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 1, def_disorg = false },  -- 8:1
    { printed = "-1 / D2 -1", att_loss = 1, att_retreat = 0, att_disorg = false, def_loss = 1, def_retreat = 2, def_disorg = false },  -- 9:1
  },
}


-- The effect fields a COMBAT TABLE cell's printed text means, by the
-- legend (L1111-1121): "ATTACKER / DEFENDER", or one side named by its
-- letter; "-n" SP lost, "An"/"Dn" hexes of retreat, a trailing "D" (the
-- doubtful lower-case "d", and Legnica's "S") the suffix; "A" without a
-- length is read A1 (NOTES.md).  Nil when the text is not in the legend.
-- Not used in play: `bitwa lint` checks every cell's fields against it.
function T.read_combat(text)
  local r = { att_loss = 0, att_retreat = 0, att_disorg = false, def_loss = 0, def_retreat = 0, def_disorg = false }
  local function part(s, side)
    for tok in s:gmatch("%S+") do
      if tok ~= "-" then
        local n, suf = tok:match("^%-(%d+)([DdS]?)$")
        if n then
          r[side .. "_loss"] = r[side .. "_loss"] + math.tointeger(tonumber(n))
        else
          local m
          n, m, suf = tok:match("^([AD])(%d*)([DdS]?)$")
          if not n then return false end
          r[side .. "_retreat"] = m == "" and 1 or math.tointeger(tonumber(m))
        end
        if suf ~= "" then r[side .. "_disorg"] = true end
      end
    end
    return true
  end
  local a, d = text:match("^(.-)%s*/%s*(.-)$")
  if a then
    if not (part(a, "att") and part(d, "def")) then return nil end
  elseif not part(text, text:match("^A") and "att" or "def") then
    return nil
  end
  return r
end

---------------------------------------------------- COMBAT DISORGANIZATION
-- [5.1.1 g] COMBAT DISORGANIZATION, L1123-1132: 2D6; the rolls listed
-- disorganize the unit.  The row is the retreat the unit received: "Bn" =
-- a defender retreating n hexes (Dn on the COMBAT TABLE), "An" = an
-- attacker retreating n hexes, so an attacker reads one row lower than a
-- defender with the same retreat.  B1 is also the row of the test after a
-- horse-archer hit [11.5.10].  The column is the unit's class (L1125).
T.disorganization = {
  dice = 2,
  roll = "combat disorganization", -- the roll's name in the log
  effect = "disorganized",         -- what a listed roll does
  classes = {
    { key = "heavy_cavalry",  printed = "Heavy Cavalry (armor 2)",  arm = "cavalry",  armour = 2 },
    { key = "cavalry",        printed = "Cavalry (armor 1)",        arm = "cavalry",  armour = 1 },
    { key = "light_cavalry",  printed = "Light Cavalry (armor 0)",  arm = "cavalry",  armour = 0 },
    { key = "heavy_infantry", printed = "Heavy Infantry (armor 2)", arm = "infantry", armour = 2 },
    { key = "infantry",       printed = "Infantry (armor 1)",       arm = "infantry", armour = 1 },
    { key = "other",          printed = "Other" },
  },
  rows = {
    { printed = "B1", defender = 1, line = 1126,
      heavy_cavalry = { 2 }, cavalry = { 2 }, light_cavalry = { 2 },
      heavy_infantry = { 2, 12 }, infantry = { 2, 3, 12 }, other = { 2, 3, 11, 12 } },
    { printed = "B2 / A1", defender = 2, attacker = 1, line = 1127,
      heavy_cavalry = { 2 }, cavalry = { 2 }, light_cavalry = { 2, 12 },
      heavy_infantry = { 2, 3, 12 }, infantry = { 2, 3, 11, 12 }, other = { 2, 3, 4, 11, 12 } },
    { printed = "B3 / A2", defender = 3, attacker = 2, line = 1128,
      heavy_cavalry = { 2 }, cavalry = { 2, 12 }, light_cavalry = { 2, 3, 12 },
      heavy_infantry = { 2, 3, 11, 12 }, infantry = { 2, 3, 4, 11, 12 }, other = { 2, 3, 4, 10, 11, 12 } },
    { printed = "B4 / A3", defender = 4, attacker = 3, line = 1129,
      heavy_cavalry = { 2, 12 }, cavalry = { 2, 3, 12 }, light_cavalry = { 2, 3, 11, 12 },
      heavy_infantry = { 2, 3, 4, 11, 12 }, infantry = { 2, 3, 4, 10, 11, 12 }, other = { 2, 3, 4, 5, 10, 11, 12 } },
    { printed = "B5 / A4", defender = 5, attacker = 4, line = 1130,
      heavy_cavalry = { 2, 12 }, cavalry = { 2, 3, 11, 12 }, light_cavalry = { 2, 3, 4, 11, 12 },
      heavy_infantry = { 2, 3, 4, 10, 11, 12 }, infantry = { 2, 3, 4, 5, 10, 11, 12 }, other = { 2, 3, 4, 5, 9, 10, 11, 12 } },
  },
  -- the row for a retreat of n hexes
  row = { defender = { 1, 2, 3, 4, 5 }, attacker = { 2, 3, 4, 5 } },
}

------------------------------------------------------------------- PURSUIT
-- [5.5.3] PURSUIT, L474-486 ("Hexes from leader") and L1206-1218 ("Hexes
-- from commander"): 1D6.  At 0 hexes (the leader on the pursuing unit's
-- hex) pursuit is voluntary without a roll; at 1-5 hexes it is voluntary
-- (PV) on the listed rolls and obligatory on any other; beyond 5 hexes it
-- is obligatory [5.5.2].
T.pursuit = {
  dice = 1,
  rows = {
    { hexes = 0, roll = false, voluntary = {} },
    { hexes = 1, roll = true, voluntary = { 1, 2, 3, 4, 5 } },
    { hexes = 2, roll = true, voluntary = { 1, 2, 3, 4 } },
    { hexes = 3, roll = true, voluntary = { 1, 2, 3 } },
    { hexes = 4, roll = true, voluntary = { 1, 2 } },
    { hexes = 5, roll = true, voluntary = { 1 } },
  },
  obligatory_beyond = 5,          -- [5.5.2] more than 5 hexes from a leader
  leave_path = 1,                 -- [5.5.5] voluntary pursuit may leave the path by 1 hex
  keep_cf_below_degrees = 120,    -- [5.5.9] no CF loss for turns of less than 120 degrees
}

------------------------------------------------------------- MORALE TEST
-- [6.2.1] Morale test, L652-660 and L1191-1204: 1D6; the test is passed
-- (P) on the listed rolls for the side's MORALE value.  [6.2.2] [6.2.3]
-- (L1202, L1204): +1 to the roll within a leader's range, +2 on a hex with
-- a leader (added, as printed; see NOTES.md).
T.morale_test = {
  dice = 1,
  rows = {
    { morale = 2,  pass = { 1, 2, 3, 4, 5 } },
    { morale = 1,  pass = { 1, 2, 3, 4 } },
    { morale = 0,  pass = { 1, 2, 3 } },
    { morale = -1, pass = { 1, 2 } },
    { morale = -2, pass = { 1 } },
  },
  leader_range = 1,               -- [6.2.2]
  leader_hex = 2,                 -- [6.2.3]
}

-- [6.1] the MORALE track: fields moved per event, in favour of the side named.
T.morale = {
  start = 0,                      -- [6.1.3] usually 0; a scenario may differ
  cm_per_point = 1,               -- [6.1.2] MORALE +1 = +1 CM in every combat
  elimination = 1,                -- [6.1.4] an enemy unit eliminated
  banner = 3,                     -- [6.1.5] a banner falls (or is retaken)
  leader = 8,                     -- [6.1.6] a leader killed
  grand_leader = 12,              -- [6.1.7] the grand leader killed
  obligatory_pursuit = 2,         -- [6.1.8] at '+2' pursuit is obligatory unless on a leader's hex
  -- [6.1] [A-007] the MORALE value a track position gives (option
  -- morale_value = "zones", the default): the track's zones are printed on
  -- the map only, so this is an ESTIMATE.  Fields in a side's favour from
  -- `fields` on give `value`; the value is the highest zone reached, and
  -- 0 below the first; the other side reads it negated.  The value is
  -- bounded at +/-2, the rows of the morale test (6.2.1) and the top of
  -- 6.1.8.  The widths are calibrated in bot games (NOTES.md,
  -- "Calibration", with the sim runs): 0-9 fields MORALE 0, 10-24 +1, 25
  -- and more +2.  A leader's death (8 fields) alone moves less than a
  -- zone, the grand leader's (12) one zone; the top zone takes about 25
  -- eliminations more than the enemy, or both leaders' deaths and a few.
  -- (Before: 5 and 14, one leader's death one zone; the side ahead early
  -- reached +2 within a few turns and kept it.)
  zones = {
    { fields = 10, value = 1 },
    { fields = 25, value = 2 },
  },
}

---------------------------------------------------------- TERRAIN INFLUENCE
-- [4.1.7] [5.3.1] TERRAIN INFLUENCE, L1134-1147 (5.3.1 calls it the
-- TERRAIN EFFECT table).  Movement costs are MP per hex as fractions
-- { numerator, denominator }; extra = true marks the "+n" rows, whose cost
-- is added to that of the hex entered.  "cavalry (commander)": a leader
-- moves like cavalry [8.1.2]; only the road row prints a separate
-- commander value, so the other rows repeat the cavalry cost.  combat is
-- the column shift the terrain gives ("-1" = one column left, in the
-- defender's favour; "-" = 0).  on = "hex" for a hex's terrain, "edge" for
-- a hexside feature (a stream is crossed, a road followed).
T.terrain_rows = { "clear", "stream", "road", "swamp", "forest", "village" }   -- as printed, L1138-1143
T.terrain = {
  clear   = { printed = "clear",   on = "hex",  infantry = { 1, 1 }, cavalry = { 1, 1 }, commander = { 1, 1 }, combat = 0 },
  stream  = { printed = "stream",  on = "edge", extra = true,
              infantry = { 1, 1 }, cavalry = { 2, 1 }, commander = { 2, 1 }, combat = -1 },
  -- "*": an infantry unit whose whole move is on road may move 1 extra hex (also on road) (L1145)
  road    = { printed = "road",    on = "edge", infantry = { 1, 1 }, cavalry = { 1, 2 }, commander = { 1, 3 }, combat = 0,
              infantry_road_bonus = 1 },
  -- "1/2A**": the attacker's strength is halved when the attacker is on swamps (L1147); no column shift
  swamp   = { printed = "swamps",  on = "hex",  infantry = { 2, 1 }, cavalry = { 3, 1 }, commander = { 3, 1 }, combat = 0,
              attacker_on_halved = true },
  forest  = { printed = "forest",  on = "hex",  infantry = { 2, 1 }, cavalry = { 4, 1 }, commander = { 4, 1 }, combat = -2 },
  village = { printed = "village", on = "hex",  infantry = { 2, 1 }, cavalry = { 3, 1 }, commander = { 3, 1 }, combat = -1 },
}

--------------------------------------------------------------- FORTIFICATIONS
-- [12.1.3] movement through fortifications costs additionally (L1005-1011),
-- by arm and armour level; [12.1.4] not through a gate.
T.fortification = {
  mp = {
    infantry = { [0] = 1, [1] = 2, [2] = 2 },
    cavalry  = { [0] = 3, [1] = 4, [2] = 5 },
  },
  gate_mp = 0,                    -- [12.1.4]
  strength_divisor = 2,           -- [12.1.1] attacking through fortifications: strength halved
  destroy_full_turns = 3,         -- [12.1.6] 3 full turns on the hex, destroyed on the 4th
}

--------------------------------------------------------------- FIRE TABLES
-- [11.2] [11.4] - [11.7]: 2D6, columns are the modified roll 1..12 (the
-- modifiers only subtract; a modified roll below 1 reads as 1, where every
-- table prints "-").  Rows are the range in hexes.
-- SP tables: the number of SP the target loses ("-1" = 1, "-" = 0).

-- [11.4.1] ARCHER FIRE, L909-913 and L1149-1154.
T.fire_archers = {
  { 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2 },   -- range 1
  { 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2 },   -- range 2
}

-- [11.6.1] CROSSBOWMAN FIRE, L954-957; "CROSBOW FIRE" (sic) L1156-1161.
T.fire_crossbowmen = {
  { 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2 },   -- range 1
  { 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2 },   -- range 2
}

-- [11.5.5] HORSE ARCHER FIRE, L929-932 and L1185-1189; any adjacent hex [11.5.4].
T.fire_horse_archers = {
  { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1 },   -- range 1
}

-- [11.7.1] BOMBARDS FIRE (UNITS), L967-974 and L1163-1169, L1179-1181:
-- D = disorganization, S = unit stopped (cannot move any more in the phase).
T.fire_bombards_units = {
  { -- range 1
    { disorganize = false, stop = false }, { disorganize = false, stop = false }, { disorganize = false, stop = false },
    { disorganize = false, stop = false }, { disorganize = false, stop = false }, { disorganize = false, stop = false },
    { disorganize = false, stop = false }, { disorganize = true,  stop = false }, { disorganize = true,  stop = false },
    { disorganize = true,  stop = false }, { disorganize = true,  stop = true },  { disorganize = true,  stop = true },
  },
  { -- range 2
    { disorganize = false, stop = false }, { disorganize = false, stop = false }, { disorganize = false, stop = false },
    { disorganize = false, stop = false }, { disorganize = false, stop = false }, { disorganize = false, stop = false },
    { disorganize = false, stop = false }, { disorganize = false, stop = false }, { disorganize = true,  stop = false },
    { disorganize = true,  stop = false }, { disorganize = true,  stop = false }, { disorganize = true,  stop = true },
  },
  { -- range 3
    { disorganize = false, stop = false }, { disorganize = false, stop = false }, { disorganize = false, stop = false },
    { disorganize = false, stop = false }, { disorganize = false, stop = false }, { disorganize = false, stop = false },
    { disorganize = false, stop = false }, { disorganize = false, stop = false }, { disorganize = false, stop = false },
    { disorganize = true,  stop = false }, { disorganize = true,  stop = false }, { disorganize = true,  stop = false },
  },
}

-- [11.7.5] BOMBARD FIRE (OBJECTS), L986-993 and L1171-1177, L1183:
-- true = "D", the object is destroyed.
T.fire_bombards_objects = {
  { false, false, false, false, false, false, false, true,  true,  true,  true, true },   -- range 1
  { false, false, false, false, false, false, false, false, true,  true,  true, true },   -- range 2
  { false, false, false, false, false, false, false, false, false, true,  true, true },   -- range 3
}

-- [11.1] - [11.7] the other numbers of ranged fire and ranged units.
T.ranged = {
  range = { archers = 2, crossbowmen = 2, horse_archers = 1, bombards = 3 },   -- the rows of the fire tables
  formation_mp = 1,               -- [11.1.3] changing formation
  shots_per_turn = 1,             -- [11.1.6] once during a turn
  friendly_fire_roll = 1,         -- [11.2.2] 1D6 = 1: the shot hits a friendly unit instead
  friendly_fire_loss = 1,         -- [11.2.2] ... which loses 1 SP
  armour_per_level = -1,          -- [11.2.3] the target's armour level is subtracted
  cover = -1,                     -- [11.2.4] target in forest, village or fortifications
  cover_terrain = { "forest", "village", "fortification" },
  sight_blockers = { "hill", "forest", "village", "fortification" },   -- [11.2.6]
  alone_sp = 1,                   -- [11.3.2] ranged units fighting alone count 1 SP
  horse_archer_shots = 2,         -- [11.5.6] twice: in the enemy's and in its own movement phase
  horse_archer_own_phase_mp = 1,  -- [11.5.8]
  horse_archer_one_sp = -1,       -- [11.5.9] a horse-archer unit with 1 SP
  horse_archer_disorg_row = 1,    -- [11.5.10] the target tests on row B1
  crossbow_disorg_roll = 6,       -- [11.6.2] after a loss, 1D6 = 6: disorganized and stopped
  bombard_armour = 2,             -- [11.7.3] only armour level 2 counts against bombards ...
  bombard_armour_modifier = -1,   -- [11.7.3] ... and subtracts 1
}

---------------------------------------------------------- COMBAT MODIFIERS
-- Column shifts (CM) the rules give; attacker CMs shift right, defender
-- CMs left [1.5].
T.cm = {
  rear_hex = 2,                   -- [3.1.2] per rear-area hex holding attackers
  opposing_directions = 1,        -- [5.2.6] attack from opposing directions
  armour_per_level = 1,           -- [5.2.7] the (group) armour value
  morale_per_point = 1,           -- [6.1.2]
  banner = 1,                     -- [7.1.7] on or next to a banner hex (1 at most)
  leader_stacked = 2,             -- [8.2.1]
  leader_range = 1,               -- [8.2.2]
  most_disorganized = 1,          -- [9.2.3] to the enemy of a side mostly disorganized
  ranged_present = 3,             -- [11.3.1] to the enemy of ranged units in a combat
}

------------------------------------------------------------- CHARGE FACTOR
-- [5.6] charge factor (CF) of cavalry.
T.charge = {
  min = 0, max = 3,               -- [5.6.2]
  per_hex = 1,                    -- [5.6.3] +1 per hex moved since the last turn; a turn sets 0
  cm_cap_over_armour = 1,         -- [5.6.5] CM from CF <= armour level + 1
  disorganized_cm_max = 1,        -- [9.2.4]
  countercharge_no_armour_cm = 0, -- [5.7.9] armour 0: no CM from CF in a countercharge
  horse_archer_cm = 0,            -- [11.5.3]
  after_combat = -1,              -- [5.2.11] ("Combat factor" in the book)
  zero_attacking_into = { "fortification", "forest", "swamp" },                  -- [5.6.6]
  zero_moving_through = { "village", "forest", "swamp", "ford", "fortification" }, -- [5.6.7] (road or not)
  bridge = -1,                    -- [5.6.8]
  stream = -1,                    -- [5.6.9]
  uphill_per_hex = -1,            -- [5.6.10]
  refuse_mp = { 1, 1 },           -- [5.6.12] not to gain CF on entering a hex
  refuse_mp_road = { 1, 2 },      -- [4.2.8] ... on a road
}

------------------------------------------------------------------- TURNING
-- [4.3] cost of a unit turn: cavalry pays steps x base x (CF + cf_plus) +
-- armour level; infantry pays `infantry` for any turn; + zoc in an enemy
-- ZoC; + the terrain cost of the hex [4.3.6].  Cavalry with CF above
-- wide_turn_max_cf turns 60 degrees only [4.3.4].
T.turn = {
  step_degrees = 60,              -- [4.3.1]
  base = { 1, 1 },                -- [4.3.1] MP per 60 degrees
  horse_archer_base = { 1, 2 },   -- [11.5.2]
  cf_plus = 1,                    -- [4.3.2] "charge factor increased by 1"
  infantry = 1,                   -- [4.3.3]
  wide_turn_max_cf = 1,           -- [4.3.4] CF greater than 1: 60 degrees only
  zoc = 1,                        -- [4.3.5]
}

------------------------------------------------------------------ MOVEMENT
T.movement = {
  one_hex_move_cf = 0,            -- [4.2.9] the always-allowed 1-hex move sets CF to 0
  river_crossings = { "bridge", "ford" },   -- [4.2.7]
}

T.zoc = {
  pass_cf_margin = 1,             -- [3.3.3] no stop if CF exceeds the enemy's by more than 1 ...
  pass_mp = 1,                    -- [3.3.3] ... for +1 MP to the next hex
  blocked_by = { "river" },       -- [3.2.3]
}

T.stacking = {
  limit = 2,                      -- [4.5.1] SP per hex
  friendly_entry_mp = 1,          -- [4.2.4]
  fortified = 10,                 -- [12.1.8] SP per fortified hex ...
  fortified_fighting = 4,         -- [12.1.8] ... of which at most 4 fight
  fortified_cavalry = 2,          -- [12.1.9] SP of cavalry on a fortified hex
}

T.map_edge = {
  leave_mp = 1,                   -- [4.4.2]
  return_after_turns = 3,         -- [4.4.3] full game turns
  reentry_hexes = { cavalry = 6, other = 4 },   -- [4.4.4] from the departure hex
}

T.retreat = {
  sp_per_missing_hex = 1,         -- [5.4.6]
}

T.ride_down = {
  cf_more_than = 1,               -- [5.8.1]
  mp_per_sp = 1,                  -- [5.8.4] MP = SP ridden down
  morale = 0,                     -- [5.8.2] no MORALE change
}

T.banners = {
  pass_mp = 1,                    -- [7.1.4]
}

------------------------------------------------------------------- LEADERS
-- [8.0] command ranges (the counter captions, L705-712), [8.1] [8.2] and
-- [11.2.5] the death rolls.
T.leaders = {
  range = { grand_leader = 3, leader = 2 },
  mp = 10,                        -- [8.1.2]
  death_sp = 1,                   -- [8.1.4] every unit under his command
  grand_death_sp = 1,             -- [8.1.5] every unit of the player
  death_dice = 2,                 -- [8.2.4] 2D6 - SP lost [8.2.5] <= hexes to retreat: he dies
  fire_death_dice = 2,            -- [11.2.5] fire at his hex: 2D6 ...
  fire_death_roll = 12,           -- [11.2.5] ... = 12: he dies
}

------------------------------------------------------------- DISORGANIZED
T.disorganized = {
  mp_loss = { cavalry = 2, infantry = 1 },   -- [9.2.1]
  sp_divisor = 2,                            -- [9.2.2] SP halved for the combat ratio
}

------------------------------------------------------------------- FATIGUE
T.fatigue = {
  start = 0,                      -- [14.1.2]
  step = 1,                       -- [14.1.3] [14.1.4] [14.1.6] one level a turn
  min = 0,                        -- [14.1.4]
  disorganized_above = 12,        -- [14.2.1] above 12: units fight as disorganized
}

return T
