-- a scenario whose map climbs out of the ruleset
scenario { title = "Outside", map = "../../../../../etc/passwd", turns = 1 }
side { "A", name = "Red" }
side { "B", name = "Blue" }
