-- Legnica 1241, "Medieval" system (legnica-1241-medieval-en.txt; "LG L123"
-- is its line 123).  It extends the English Grunwald rules and replaces
-- only what the Legnica book changes: scatter [9] instead of
-- disorganization and panic, the forced charge [5.6.12] [5.6.14], the
-- ride-down condition [5.8.2], clamping at every step [1.5], independent
-- leader retreats [8.2.6] [8.2.7], ranged units that cannot retreat
-- [10.3.3], its fatigue [13] and its tables.  NOTES.md gives the readings.
return {
  name = "legnica",
  title = "Legnica 1241 (Medieval system)",
  extends = "grunwald",
  -- [1.1] Poles (with the Military Orders and, in "Czech rescue", the
  -- Czechs) against the Mongols
  sides = { "PL", "MO" },
  modules = {},
}
