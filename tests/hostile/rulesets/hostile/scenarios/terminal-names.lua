-- names that are escape sequences for the player's terminal
scenario { title = "Names\27]0;pwned\7", map = "skirmish", turns = 1 }
side { "A", name = "Red\27[2J" }
side { "B", name = "Blue" }
unit { "R1\27[31m", side = "A", kind = "infantry", hex = "0304", facing = "NE", sp = 2, mp = 4 }
unit { "B1\ninjected line", side = "B", kind = "infantry", hex = "0909", facing = "N", sp = 1, mp = 3 }
unit { "B2,B3", side = "B", kind = "infantry", hex = "0808", facing = "N", sp = 1, mp = 3 }
