scenario { title = "Broken", map = "skirmish", turns = 2
unit { "R1", side = "A" }
