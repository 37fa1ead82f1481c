-- Counter values for the Husaria scenarios.  ESTIMATES: the book prints
-- SP, MP, unit morale, musket stars, gun type and commanders' modifiers
-- only on the counters (HUSARIA.md §3.5; NOTES-scenarios.md).
local C = {}
C.husaria   = { kind = "husaria", sp = 2, mp = 8, morale = 8 }
C.kozacy    = { kind = "cavalry", sp = 2, mp = 9, morale = 7 }
C.reiters   = { kind = "cavalry", sp = 2, mp = 8, morale = 7, stars = "full" }
C.tatars    = { kind = "tatars", sp = 2, mp = 10, morale = 6 }
C.czeladz   = { kind = "cavalry", sp = 1, mp = 8, morale = 6 }
C.pl_foot   = { kind = "infantry", sp = 2, mp = 4, morale = 7, stars = "full" }
C.sw_foot   = { kind = "infantry", sp = 2, mp = 4, morale = 6, stars = "hollow" }
C.sw_horse  = { kind = "cavalry", sp = 2, mp = 8, morale = 7, stars = "full" }
C.guard     = { kind = "cavalry", sp = 2, mp = 8, morale = 8, stars = "full" }
C.light_gun = { kind = "artillery", sp = 1, mp = 3, morale = 6, gun = "light" }
C.heavy_gun = { kind = "artillery", sp = 2, mp = 2, morale = 6, gun = "heavy" }
function C.cmd(mod, chief) return { kind = "commander", sp = 0, mp = 0, morale = 0, command = mod, chief = chief or false } end

-- a unit table: name, side, counter, zone, facing, own commander
function C.unit(name, side, counter, zone, facing, leader)
  local u = { name, side = side, zone = zone, facing = facing, leader = leader }
  for k, v in pairs(counter) do u[k] = v end
  return u
end
return C
