scenario { title = "Wrong", map = "skirmish", turns = 0, options = { fog = true } }
scenario { title = "Again" }
side { "A" }
side { "A" }
side { 7 }
zone { "z", "0101-0201", "9999", 12 }
unit { "R1", side = "C", kind = "dragon", hex = "1311", facing = "UP", sp = "two", colour = "red", zone = "nowhere" }
unit { "R1", side = "A", kind = "infantry", hex = "0101" }
unit { side = "A", kind = "infantry", hex = "0102" }
unit { "R2", side = "A", kind = "infantry", hex = "0101", zone = "z", fired = 1 }
unit { "R3", side = "A", kind = "infantry" }
unit "R4"
reinforcement { turn = 9, side = "B", at = "0101-0202", units = { "R9" } }
var { 3, 4 }
hook { "setup" }
victory {}
victory {}
