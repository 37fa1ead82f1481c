-- Grunwald 1410, "Medieval" system, English edition.
-- This ruleset is being built: only its tables (tables.lua) and their
-- arithmetic (arith.lua) exist so far; the sides are placeholders and the
-- one phase lets the ruleset load for its tests.
return {
  name = "grunwald",
  title = "Grunwald 1410 (Medieval system, English edition)",
  system = "medieval",
  sides = { "A", "B" },
  -- [1.1] field units; [11] ranged units; [8] leaders
  kinds = { "cavalry", "infantry", "archers", "crossbowmen", "horse_archers", "bombards", "leader" },
  attributes = {
    { "sp", "int", 1 },        -- [1.2] strength points
    { "mp", "int", 0 },        -- [1.2] movement points
    { "armour", "int", 0 },    -- [1.2] armour level 0-2 (shields on the counter)
    { "cf", "int", 0 },        -- [5.6] charge factor 0-3
  },
  -- TERRAIN INFLUENCE rows on hexes (clear, swamps, forest, village), and
  -- the terrain other rules name: hills [5.6.10] [11.2.6], fortifications
  -- [12.1], lakes (scenario "Blitzkrieg 1410").
  terrain = { "clear", "swamp", "forest", "village", "hill", "fortification", "lake" },
  -- hexside features: stream and road (TERRAIN INFLUENCE), rivers with
  -- their bridges and fords [4.2.7], gates of fortifications [12.1.4].
  edges = { "stream", "road", "river", "bridge", "ford", "gate" },
  modules = { "tables", "arith" },
  phases = {
    { name = "setup", side = "A", actions = {}, cite = "2.1" },
  },
}
