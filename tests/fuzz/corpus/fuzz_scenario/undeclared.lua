scenario { title = "Globals", map = "skirmish", turns = 1 }
count = 1
unit { "R1", side = "A", kind = "infantry", hex = "0101", sp = bitwa_sp }
