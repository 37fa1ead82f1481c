-- a map name with a folder that climbs out
scenario { title = "Outside", map = "maps/../../../x", turns = 1 }
side { "A", name = "Red" }
side { "B", name = "Blue" }
