-- Jousting: a tournament of three tilts between two knights in the lists
-- (a one-hex map).  Each turn is one tilt (joust.lua); the higher score
-- after three wins and takes the loser's armour and warhorse.
scenario { title = "A joust: three tilts", map = "lists", turns = 3, options = { joust = "on" } }
side { "A", name = "The challenger" }
side { "B", name = "The defender" }
unit { "Sir Hugh", side = "A", kind = "HC", hex = "0101", facing = "S", figures = 1 }
unit { "Sir Reynaud", side = "B", kind = "HC", hex = "0101", facing = "N", figures = 1 }
