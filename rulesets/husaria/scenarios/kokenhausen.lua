-- Kokenhausen 1601 (book L814-877): 23 June 1601.  Initiative: the Swedes.
-- 40 lances; the morale token on "0"; the Swedes cannot take pike
-- formations; "U - fortified behind barriers".
-- ESTIMATES (NOTES-scenarios.md): the map (25 x 24, the hill at 1312 "in
-- the middle"), the zones, every counter value, the last stage (15), the
-- fences (one before each "(U)" unit, facing the Poles), the Polish pike
-- tokens.  Unit names get a type suffix where the text repeats a name
-- (H = husaria, K = kozacy/petyhorcy).
local P = include "lib/place"
local C = include "lib/counters"

scenario { title = "Kokenhausen 1601", map = "kokenhausen", turns = 15 }
side { "PL", name = "Poles and Lithuanians" }
side { "SW", name = "Sweden" }

local Z = {
  -- Poles, coming from the west (facing east)
  S = P.block(4, 6, 1, 4), D = P.block(5, 7, 5, 8), F = P.block(5, 6, 9, 11), ["G-G"] = P.block(7, 8, 10, 13),
  C = P.block(5, 6, 13, 15), R = P.block(5, 8, 16, 20),
  -- Swedes, facing west
  A = P.block(10, 11, 8, 16), G = P.block(14, 15, 11, 13), H = P.block(15, 16, 14, 16), W = P.block(14, 16, 5, 8),
  T = P.block(13, 14, 18, 20), B = P.block(10, 13, 2, 5),
}
for name, spec in pairs(Z) do
  local z = { name }
  for _, s in ipairs(spec) do z[#z + 1] = s end
  zone(z)
end
local place = P.new(Z, unit)
local function pl(name, counter, z, leader) place(C.unit(name, "PL", counter, z, "SE", leader)) end
local function sw(name, counter, z, leader) place(C.unit(name, "SW", counter, z, "NW", leader)) end

-- The Poles (L834-858)
pl("Radziwill-Piorun", C.cmd(2, true), "F")
for _, n in ipairs { "Jundzil-H", "Sosnicki-H", "Zienowicz-H", "Sapieha-2-H" } do pl(n, C.husaria, "F", "Radziwill-Piorun") end
pl("Chodkiewicz", C.cmd(1), "C")
for _, n in ipairs { "Chodkiewicz-1-H", "Chodkiewicz-2-H", "Sierotka-1-H", "Sierotka-2-H" } do pl(n, C.husaria, "C", "Chodkiewicz") end
pl("Chodkiewicz-K", C.kozacy, "C", "Chodkiewicz")
pl("Janusz-Radziwill", C.cmd(1), "R")
for _, n in ipairs { "Janusz-Radziwill-H", "Jan-Jerzy-Radziwill-H", "Naruszewicz-H", "Sicinski-H" } do pl(n, C.husaria, "R", "Janusz-Radziwill") end
for _, n in ipairs { "Piorun-K", "J-Radziwill-K", "JJ-Radziwill-K", "Naruszewicz-K", "Niewiarowski-K", "Potocki-K", "Siemaszko-K" } do
  pl(n, C.kozacy, "R", "Janusz-Radziwill")
end
pl("Dorohostajski", C.cmd(1), "D")
for _, n in ipairs { "Dorohostajski-H", "Luczylinski-H", "Sapieha-H", "Tyszkiewicz-H" } do pl(n, C.husaria, "D", "Dorohostajski") end
for _, n in ipairs { "Dorohostajski-K", "Sapieha-K", "Woropaj-K", "Zienowicz-K" } do pl(n, C.kozacy, "D", "Dorohostajski") end
for _, n in ipairs { "Radoszewski", "Chodkiewicz-1", "Chodkiewicz-2", "J-Radziwill", "Boruchowski" } do pl(n, C.pl_foot, "G-G", "Radziwill-Piorun") end
for _, n in ipairs { "Art-1", "Art-2" } do pl(n, C.light_gun, "G-G", "Radziwill-Piorun") end
pl("Stabrowski", C.cmd(1), "S")
for _, n in ipairs { "Stabrowski-1-H", "Wawrzyniec-H" } do pl(n, C.husaria, "S", "Stabrowski") end
for _, n in ipairs { "Stabrowski-1-K", "Stabrowski-2-K", "Kosinski-K", "Zaba-K" } do pl(n, C.kozacy, "S", "Stabrowski") end

-- The Swedes (L834-852)
sw("Gyllenhielm", C.cmd(2, true), "G")
for i = 1, 3 do sw("Gyllenhielm-" .. i, C.sw_horse, "G", "Gyllenhielm") end
for i = 4, 6 do sw("Gyllenhielm-" .. i, C.sw_horse, "H", "Gyllenhielm") end
sw("Liewen", C.cmd(1), "A")
sw("Wachtmeister", C.cmd(1), "A")
local fenced = {}
for i = 1, 3 do sw("Liewen-" .. i, C.sw_foot, "A", "Liewen"); fenced[#fenced + 1] = "Liewen-" .. i end
for i = 1, 2 do sw("Wachtmeister-" .. i, C.sw_foot, "A", "Wachtmeister"); fenced[#fenced + 1] = "Wachtmeister-" .. i end
for i = 1, 5 do sw("Art-S" .. i, C.heavy_gun, "A", "Liewen") end
sw("Wrangel", C.cmd(1), "W")
for _, n in ipairs { "Parnawa-1", "Parnawa-2", "Dorpat-1", "Dorpat-2", "Wenden" } do sw(n, C.sw_foot, "W", "Wrangel") end
sw("Classon", C.cmd(1), "T")
for _, n in ipairs { "Treiden", "Klasson-1", "Klasson-2" } do sw(n, C.sw_foot, "T", "Classon") end
sw("Bengtsson", C.cmd(1), "B")
for i = 1, 10 do sw("Bengtsson-" .. i, C.sw_horse, "B", "Bengtsson") end

-- "U - fortified behind barriers": a fence before each (U) unit, facing the Poles (14.0)
-- (the A zone's first hexes, in placement order: 1008, 1009, ...; Liewen and Wachtmeister share 1008)
local A = { "1008", "1009", "1010", "1011", "1012", "1013" }
for i, n in ipairs(fenced) do
  unit { "Fence-" .. i, side = "SW", kind = "fence", sp = 0, mp = 0, morale = 0, hex = A[i], facing = "NW" }
end

var { "side.A", "SW" }
var { "morale", 0 }                 -- 8.12
var { "kopie.stock.PL", 40 }        -- 6.73
var { "pikes.stock.PL", 2 }         -- 15.11 (estimate)
var { "pikes.stock.SW", 0 }         -- "The Swedes cannot take pike formations"
data { pike_mp = 3 }

-- L860-870: commanders 4, cavalry 2, infantry 1 (artillery: nothing,
-- as printed); the Poles win at once if Gyllenhielm is not on the map,
-- the Swedes if he is on the hill, 1312, at the end
victory { vp = { infantry = 1, cavalry = 2, commander = 4 }, king = "Gyllenhielm",
          hold = { unit = "Gyllenhielm", hex = "1312", side = "SW" } }
