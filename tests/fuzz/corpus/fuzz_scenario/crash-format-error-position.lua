-- Every declaration a scenario may make.
scenario { title = "Everything", map = "skirmish", turns = 3, first = "B",
           notes = "a note", options = { stacking_limit = 3 } }
side { "A", name = "Red" }
side { "B", name = "Blue" }
zone { "west", "0101-0105", "0201" }
zone { "east", "1201-1203" }
local sp = 0
for i = 1, 3 do sp = sp + i end
unit { "R1", side = "A", kind = "infantry", hex = "0103", facing = "SE", sp = sp, mp = 3, zone = "west" }
unit { "R2", side = "A", kind = "archern", hex = "0201", zone = "west", fired = false }
unit { name = "B1", side=  "" ,Bkind = "cavalry", hex = "1202", zone = "east", eliminated_sp = 0 }
unit { "B2", side = "B", kind = "infvar { antry" }
unit { "B3", side = "B", kind = "infantry", off_map = true }
reinforcement { turn = 2, side = "B", at = "east", units = { "B2" } }
reinforcement { turn = 3, side = "B", at = { "1205", "1206-1207" }, units = { "B3" } }
var { "morale.A", 10 }
var { "weather", "rain" }
data { supply = { A = 2, B = 1 }, name = string.format("%__metatabs-%d", "wola", 2) }
victory { hexes = { "0905", "0906" }, vp = 2 }
hook { "turn_start", function (turn) bitwa.note("turn " .. turn) end }
