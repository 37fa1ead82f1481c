-- Legnica 1241, "Medieval" system (legnica-1241-medieval-en.txt; "LG L123"
-- is its line 123).  It extends the English Grunwald rules and replaces
-- only what the Legnica book changes: scatter [9] instead of
-- disorganization and panic, the forced charge [5.6.12] [5.6.14], the
-- ride-down condition [5.8.2], clamping at every step [1.5], independent
-- leader retreats [8.2.6] [8.2.7], ranged units that cannot retreat
-- [10.3.3], its fatigue [13], the scenarios' opening turns and reserve,
-- and its tables.  NOTES.md gives the readings.
return {
  name = "legnica",
  title = "Legnica 1241 (Medieval system)",
  extends = "grunwald",
  -- [1.1] Poles (with the Military Orders and, in "Czech rescue", the
  -- Czechs) against the Mongols
  sides = { "PL", "MO" },
  -- the modules Legnica replaces (each inherits the Grunwald one and
  -- changes what the book changes) and `scatter` [9], its own
  modules = { "tables", "scatter", "condition", "charge", "movement", "countercharge", "ride_down",
              "combat", "retreat", "leaders", "organization", "fatigue", "phases", "bot" },
  -- scatter [9] replaces disorganization and panic
  attributes = {
    { "condition", "string", "", values = { "", "scattered" }, label = "condition", doc = "scattered [9]" },
  },
  -- COMBAT SCATTER replaces the English COMBAT DISORGANIZATION [5.1.1 g]
  tables = {
    ["tables.disorganization.rows"] = { title = "COMBAT SCATTER", row = "row", row_labels = "=printed" },
  },
  actions = {
    -- move UNIT [keep|reduce]: "keep" refuses the CF gain [5.6.13],
    -- "reduce" lowers the CF by 1 for 2 MP more [5.6.14]
    move = { params = { "unit", "choice:keep,reduce?" }, run = "movement.move", legal = "movement.legal_moves",
             check = "movement.check_move", reach = "movement.reach" },
  },
  -- The Legnica book numbers some rules differently (MATRIX.md 1.B): the
  -- inherited code cites the English numbers, which refusals and the log
  -- show as Legnica's.
  renumber = {
    ["4.2.9"] = "4.2.10",                 -- the one-hex move
    ["5.6.12"] = "5.6.13",                -- refusing the CF gain
    ["5.8.2"] = "5.8.4", ["5.8.3"] = "5.8.5", ["5.8.4"] = "5.8.6",
    ["5.8.5"] = "5.8.7", ["5.8.6"] = "5.8.8",
    ["8.1.7"] = "8.2.6", ["8.1.8"] = "8.1.7",
    ["8.2.6"] = "8.2.8", ["8.2.7"] = "8.2.9", ["8.2.8"] = "8.2.10",
    ["11"] = "10", ["12"] = "11", ["13"] = "12", ["14"] = "13",   -- ranged, objects, organization, fatigue
    ["14.1.4"] = "13.1.5", ["14.1.5"] = "10.5.11",
  },
}
