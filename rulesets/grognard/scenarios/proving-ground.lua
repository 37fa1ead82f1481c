-- The proving ground: one counter of each troop type and weapon of the
-- book on the map with one hex of each terrain (maps/proving-ground.map),
-- for the rules tests (tests/scenario_spec.lua) and for trying the rules by
-- hand.  Not a battle: it has no victory conditions and lasts 12 turns.
scenario { title = "Grognard proving ground", map = "proving-ground", turns = 12 }
side { "A", name = "Blue" }
side { "B", name = "Red" }

-- A, in the west, facing east (NE and SE are its front hexsides)
unit { "Peasants", side = "A", kind = "peasants", hex = "0103", facing = "SE", figures = 16 }
unit { "Bows", side = "A", kind = "LI", weapon = "bow", hex = "0104", facing = "SE", figures = 16 }
unit { "Longbows", side = "A", kind = "LI", weapon = "longbow", hex = "0105", facing = "SE", figures = 16 }
unit { "Crossbows", side = "A", kind = "LI", weapon = "crossbow", hex = "0106", facing = "SE", figures = 16 }
unit { "Heavy-crossbows", side = "A", kind = "LI", weapon = "heavy_crossbow", hex = "0107", facing = "SE", figures = 16 }
unit { "Arquebus", side = "A", kind = "LI", weapon = "arquebus", hex = "0108", facing = "SE", figures = 16 }
unit { "Catapult", side = "A", kind = "LI", weapon = "light_catapult", hex = "0303", facing = "SE", figures = 4 }
unit { "Cannon", side = "A", kind = "LI", weapon = "light_cannon", hex = "0305", facing = "SE", figures = 4 }
unit { "Bombard", side = "A", kind = "LI", weapon = "bombard", hex = "0307", facing = "SE", figures = 4 }
-- B, in the east, facing west
unit { "Spears", side = "B", kind = "MI", weapon = "spear", hex = "1003", facing = "NW", figures = 16 }
unit { "Men-at-arms", side = "B", kind = "HI", hex = "1004", facing = "NW", figures = 16, elite = true }
unit { "Pikes", side = "B", kind = "HI", weapon = "pike", hex = "1005", facing = "NW", figures = 16 }
unit { "Horse-archers", side = "B", kind = "LC", weapon = "bow", hex = "1006", facing = "NW", figures = 6 }
unit { "Sergeants", side = "B", kind = "MC", hex = "1007", facing = "NW", figures = 6 }
unit { "Knights", side = "B", kind = "HC", hex = "1208", facing = "NW", figures = 6, knight = true }
unit { "Templars", side = "B", kind = "HC", hex = "1209", facing = "NW", figures = 6, religious = true }
unit { "Routiers", side = "B", kind = "LI", weapon = "javelin", hex = "1210", facing = "NW", figures = 16, mercenary = true }
