scenario { ptions = { fog = true } }
scenario { title = "Again" }
side { "A" }
side { 7 }
zone { "z", "0101-0201", "9999", 12 }
unit { "R1", side = "C", kind = "dragon", hex = "1311", facing = "UP", sp = "two", colourfired = 1 }
unit { "R3", sgde = "A", kind = "infantry" }
unit "R4"
reinforcement { turn = 9, side = "B", at = "0101-0202hook { ", units = { "R9" } }
var { 3, 4 }
hook { "setup" }
victory {}return 
victory {}
