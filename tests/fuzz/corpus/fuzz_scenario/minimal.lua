scenario { title = "Two units", map = "skirmish", turns = 1 }
unit { "R", side = "A", kind = "infantry", hex = "0101" }
unit { "B", side = "B", kind = "cavalry", hex = "1210", facing = "NW" }
