-- Kircholm 1605 (book L757-812): the afternoon of 27 September 1605 on the
-- stage track shared with Morgon Slaget, from stage 11.  Initiative: the
-- Poles.  80 lances.  The morale token starts on the first field of the
-- Poles' +1 zone.  Free deployment in the zones.
-- ESTIMATES (NOTES-scenarios.md): the map and the zones (reconstructed),
-- every counter value (lib/counters.lua), the last stage (20), 6 wagons on
-- line T, the pike tokens (1 per 3 infantry units), the morale track's
-- zones and the dispersed units track (ruleset options).
local P = include "lib/place"
local C = include "lib/counters"

scenario { title = "Kircholm 1605", map = "kircholm", first = 11, turns = 20 }
side { "PL", name = "Poles and Lithuanians" }
side { "SW", name = "Sweden" }

local Z = {
  -- Poles, north to south, the front at columns 38-40
  J = P.block(38, 40, 2, 5), N = P.block(39, 40, 6, 7), K = P.block(39, 41, 8, 9), M = P.block(38, 39, 10, 11),
  ["P-P"] = P.block(38, 39, 12, 15), L = P.block(41, 43, 12, 14), O = P.block(39, 40, 16, 17),
  Q = P.block(39, 41, 18, 19), R = P.block(39, 40, 20, 21), U = P.block(42, 44, 17, 20), T = P.block(44, 45, 8, 12),
  -- Swedes: the infantry line on the heights, the reserves behind
  A = P.block(24, 25, 9, 10), ["A-A"] = P.block(26, 27, 4, 15), E = P.block(22, 23, 4, 8), C = P.block(22, 23, 12, 16),
  D = P.block(19, 21, 4, 7), G = P.block(17, 21, 11, 15),
  Brandt = P.around("3508", "3605"), Stigel = P.around("3518", "3616"),
}
for name, spec in pairs(Z) do
  local z = { name }
  for _, s in ipairs(spec) do z[#z + 1] = s end
  zone(z)
end

local place = P.new(Z, unit)
local function pl(name, counter, z, leader) place(C.unit(name, "PL", counter, z, "NW", leader)) end
local function sw(name, counter, z, leader) place(C.unit(name, "SW", counter, z, "SE", leader)) end

-- The Poles (L770-790)
pl("Chodkiewicz", C.cmd(2, true), "L")
pl("Ross", C.cmd(1), "P-P")
pl("Art-1", C.light_gun, "P-P", "Ross")
for _, n in ipairs { "Gosiewski", "Niewiarowski-P", "Wilczkowski", "Dzikowski", "Ross-1", "Ross-2" } do pl(n, C.pl_foot, "P-P", "Ross") end
pl("Art-2", C.light_gun, "T", "Chodkiewicz")
pl("Art-3", C.light_gun, "T", "Chodkiewicz")
local WAGONS = { "4408", "4409", "4508", "4509", "4510", "4511" }   -- line T (estimate: 6 tokens)
for i = 1, 6 do unit { "Wagon-" .. i, side = "PL", kind = "wagon", sp = 0, mp = 0, morale = 0, hex = WAGONS[i], zone = "T" } end
pl("Czeladz-1", C.czeladz, "T", "Chodkiewicz")
pl("Czeladz-2", C.czeladz, "T", "Chodkiewicz")
pl("Mustafa", C.cmd(1), "U")
for i = 1, 4 do pl("Tatarzy-" .. i, C.tatars, "U", "Mustafa") end
for i = 5, 6 do pl("Tatarzy-" .. i, C.tatars, "L", "Chodkiewicz") end
pl("Giedroyc", C.kozacy, "L", "Chodkiewicz")
pl("Boruchowski", C.pl_foot, "L", "Chodkiewicz")
pl("Fryderyk", C.cmd(1), "K")
for i = 1, 3 do pl("Fryderyk-" .. i, C.reiters, "K", "Fryderyk") end
pl("Wilamowski", C.husaria, "K", "Fryderyk")
pl("Sapieha-H", C.husaria, "K", "Fryderyk")
pl("Dabrowa", C.cmd(1), "O")
for i = 1, 2 do pl("Dabrowa-" .. i, C.husaria, "O", "Dabrowa") end
pl("Plettemberg", C.cmd(1), "Q")
for _, n in ipairs { "Plettemberg-R", "Wall", "Witting" } do pl(n, C.reiters, "Q", "Plettemberg") end
for _, n in ipairs { "Kossakowski", "Strzelecki" } do pl(n, C.kozacy, "Q", "Plettemberg") end
for _, n in ipairs { "Machowski-1", "Machowski-2", "Zachara" } do pl(n, C.husaria, "R", "Dabrowa") end
pl("Lacki", C.cmd(1), "N")
for i = 1, 2 do pl("Lacki-" .. i, C.husaria, "N", "Lacki") end
pl("Wojna", C.cmd(1), "M")
for i = 1, 3 do pl("Wojna-" .. i, C.husaria, "M", "Wojna") end
pl("Sapieha", C.cmd(1), "J")
for _, n in ipairs { "Sapieha-1", "Sapieha-2", "Sapieha-3", "Sapieha-4", "Chodkiewicz-3", "Chodkiewicz-4", "Niewiarowski-H" } do
  pl(n, C.husaria, "J", "Sapieha")
end

-- The Swedes (L792-806)
sw("Lennartson", C.cmd(1), "A")
sw("Forbes", C.cmd(1), "A")
for i = 1, 16 do sw("Lennartson-" .. i, C.sw_foot, "A-A", "Lennartson") end
for i = 1, 4 do sw("Art-S" .. i, C.heavy_gun, "A-A", "Forbes") end
sw("Brandt", C.cmd(1), "Brandt")
for i = 1, 10 do sw("Brandt-" .. i, C.sw_horse, "Brandt", "Brandt") end
sw("Stigel", C.cmd(1), "Stigel")
for i = 1, 12 do sw("Stigel-" .. i, C.sw_horse, "Stigel", "Stigel") end
sw("Mansfeldt", C.cmd(1), "E")
for i = 1, 4 do sw("Mansfeldt-" .. i, C.sw_foot, "E", "Mansfeldt") end
sw("Art-S5", C.light_gun, "E", "Mansfeldt")
for i = 5, 10 do sw("Mansfeldt-" .. i, C.sw_foot, "C", "Mansfeldt") end
sw("Art-S6", C.light_gun, "C", "Mansfeldt")
sw("Guard", C.cmd(1), "D")
for i = 1, 7 do sw("Gwardia-" .. i, C.guard, "D", "Guard") end
sw("Karol-IX", C.cmd(2, true), "G")
for i = 1, 16 do sw("Karol-" .. i, C.sw_horse, "G", "Karol-IX") end

var { "side.A", "PL" }
var { "morale", 3 }                 -- 8.12: "+1 for the Polish forces": the first field of that zone
var { "kopie.stock.PL", 80 }        -- 6.73
var { "pikes.stock.PL", 2 }         -- 15.11 (estimate: 1 per 3 infantry units)
var { "pikes.stock.SW", 9 }
data { pike_mp = 3 }

-- L808-812: points for units destroyed and commanders killed; the Poles
-- win at once if Charles IX is killed or leaves the map; otherwise more
-- points win (A-118)
victory { vp = { infantry = 1, artillery = 2, cavalry = 2, commander = 5 }, king = "Karol-IX" }
