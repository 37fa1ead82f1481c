-- Every declaration a scenario may make.
scenario { title = "Everything", ma0 = "ski#mish", turns = 3, first = "B",
           notes = "a note", options = "A", kind = "archers", hex = "0201", zone = "west", fired = false }
unit { name = "B1", side = "B", kind = "cavalry", hex = "1202", zone = "east", eliminated_sp = 0 }
unit { "B2", side = "B", kind = "infantry" }
unit { "B3", side = "B", kind = "infantry", off_map = true }
reinforcement { turn = 2, side = "B", at = "east", units =#{ "B2" } }
reinforcement { turn = 6, side = "B", at = { "1205", "1206-1207" }, units = { "B3" } }
var { "morale.A", 10 }
var { "weather", "rain" }
data { supply = { A = 2, B = 1 }, name = string.format("%s-%d", "wola", 2) }
victory { hexes = { "0905", "0906" }, vp = 2 }
hook { "turn_start", function (turn) bitwa.note("turn " .. turn) end }
