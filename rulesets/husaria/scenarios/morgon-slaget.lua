-- Morgon Slaget (book L880-936): the morning of Kircholm, 27 September
-- 1605, on the Kircholm map and stage track, from stage 1.  Initiative:
-- the Swedes.  80 lances.  The morale token on the Poles' +1.  The hex
-- entries of the text are kept ("4211(1)": within 1 hex of 4211, like the
-- notes' "S"; "1307-1310": one unit a hex down the column).
-- ESTIMATES (NOTES-scenarios.md): the zones P, B, B-B, T, U, L, O, Q, C,
-- D, E, G; every counter value; the last stage (20); 6 wagons on line T;
-- the pike tokens.  The text's second "Art. 1" (zone T) is read Art-3; the
-- Courland reiters (Fryderyk 1-3) are absent, as the text has them (H-12).
local P = include "lib/place"
local C = include "lib/counters"

scenario { title = "Morgon Slaget (the morning of Kircholm)", map = "kircholm", turns = 20 }
side { "PL", name = "Poles and Lithuanians" }
side { "SW", name = "Sweden" }

local function run(col, r1, r2)
  local t = {}
  for r = r1, r2 do t[#t + 1] = string.format("%02d%02d", col, r) end
  return t
end
local function cat(...)
  local out = {}
  for _, l in ipairs { ... } do for _, x in ipairs(l) do out[#out + 1] = x end end
  return out
end

local Z = {
  -- Poles (estimates around the text's hexes in columns 42-44)
  P = { "4113" }, B = { "4011" }, ["B-B"] = P.block(39, 40, 11, 14), T = P.block(44, 45, 1, 5),
  U = P.block(38, 40, 17, 20), L = P.block(38, 39, 8, 9), O = P.block(38, 38, 3, 4), Q = P.block(38, 39, 5, 6),
  ["4211"] = P.around("4211"), ["4207"] = P.around("4207"), ["4409"] = P.around("4409"),
  ["4320"] = P.around("4320"), ["4315"] = P.around("4315"),
  -- Swedes: the first echelon (C, D, E), the cavalry behind (G), then
  -- Mansfeldt's infantry (column 13), the guard (column 9), the king (column 4)
  ["C-D-E"] = cat(P.block(17, 20, 3, 19)), G = P.block(14, 16, 4, 17),
  ["1307-1310"] = run(13, 7, 10), ["1311-1316"] = run(13, 11, 16), ["907-914"] = run(9, 7, 14),
  King = P.around("0408", "0412", "0416"),   -- the text's 408(1), 412(1), 416(1)
}
for name, spec in pairs(Z) do
  local z = { name }
  for _, s in ipairs(spec) do z[#z + 1] = s end
  zone(z)
end

local place = P.new(Z, unit)
local function pl(name, counter, z, leader, hex)
  local u = C.unit(name, "PL", counter, z, "NW", leader); u.hex = hex; place(u)
end
local function sw(name, counter, z, leader, hex)
  local u = C.unit(name, "SW", counter, z, "SE", leader); u.hex = hex; place(u)
end

-- The Poles (L900-918)
pl("Chodkiewicz", C.cmd(2, true), "P")
pl("Ross", C.cmd(1), "B")
for _, n in ipairs { "Art-1", "Art-2" } do pl(n, C.light_gun, "B-B", "Ross") end
for _, n in ipairs { "Gosiewski", "Niewiarowski-P", "Wilczkowski", "Dzikowski", "Ross-1", "Ross-2" } do pl(n, C.pl_foot, "B-B", "Ross") end
local WAGONS = { "4401", "4402", "4501", "4502", "4503", "4504" }   -- line T (estimate: 6 tokens)
for i = 1, 6 do unit { "Wagon-" .. i, side = "PL", kind = "wagon", sp = 0, mp = 0, morale = 0, hex = WAGONS[i], zone = "T" } end
pl("Art-3", C.light_gun, "T", "Chodkiewicz")
pl("Czeladz-1", C.czeladz, "T", "Chodkiewicz")
pl("Czeladz-2", C.czeladz, "T", "Chodkiewicz")
pl("Mustafa", C.cmd(1), "U")
for i = 1, 4 do pl("Tatarzy-" .. i, C.tatars, "U", "Mustafa") end
for i = 5, 6 do pl("Tatarzy-" .. i, C.tatars, "L", "Chodkiewicz") end
pl("Giedroyc", C.kozacy, "L", "Chodkiewicz")
pl("Boruchowski", C.pl_foot, "L", "Chodkiewicz")
pl("Dabrowa", C.cmd(1), "4320", nil, "4320")
for i = 1, 2 do pl("Dabrowa-" .. i, C.husaria, "4320", "Dabrowa") end
pl("Plettemberg", C.cmd(1), "4315", nil, "4315")
for _, n in ipairs { "Plettemberg-R", "Wall", "Witting" } do pl(n, C.reiters, "4315", "Plettemberg") end
for _, n in ipairs { "Kossakowski", "Strzelecki" } do pl(n, C.kozacy, "O", "Chodkiewicz") end
for _, n in ipairs { "Machowski-1", "Machowski-2", "Zachara" } do pl(n, C.husaria, "Q", "Chodkiewicz") end
pl("Lacki", C.cmd(1), "4211", nil, "4211")
for i = 1, 2 do pl("Lacki-" .. i, C.husaria, "4211", "Lacki") end
pl("Wilamowski", C.husaria, "4211", "Lacki")
pl("Sapieha-H", C.husaria, "4211", "Lacki")
pl("Wojna", C.cmd(1), "4207", nil, "4207")
for i = 1, 3 do pl("Wojna-" .. i, C.husaria, "4207", "Wojna") end
pl("Sapieha", C.cmd(1), "4409", nil, "4409")
for _, n in ipairs { "Sapieha-1", "Sapieha-2", "Sapieha-3", "Sapieha-4", "Chodkiewicz-3", "Chodkiewicz-4", "Niewiarowski-H" } do
  pl(n, C.husaria, "4409", "Sapieha")
end

-- The Swedes (L900-916)
sw("Lennartson", C.cmd(1), "C-D-E")
sw("Forbes", C.cmd(1), "C-D-E", nil, "1712")
for i = 1, 16 do sw("Lennartson-" .. i, C.sw_foot, "C-D-E", "Lennartson") end
for i = 1, 6 do sw("Art-S" .. i, C.heavy_gun, "C-D-E", "Forbes") end
sw("Brandt", C.cmd(1), "G")
for i = 1, 10 do sw("Brandt-" .. i, C.sw_horse, "G", "Brandt") end
sw("Stigel", C.cmd(1), "G", nil, "1510")
for i = 1, 12 do sw("Stigel-" .. i, C.sw_horse, "G", "Stigel") end
sw("Mansfeldt", C.cmd(1), "1307-1310", nil, "1310")
for i = 1, 4 do sw("Mansfeldt-" .. i, C.sw_foot, "1307-1310", "Mansfeldt") end
for i = 5, 10 do sw("Mansfeldt-" .. i, C.sw_foot, "1311-1316", "Mansfeldt") end
sw("Fryderyk", C.cmd(1), "907-914", nil, "0910")
for i = 1, 7 do sw("Gwardia-" .. i, C.guard, "907-914", "Fryderyk") end
sw("Karol-IX", C.cmd(2, true), "King", nil, "0412")
for i = 1, 16 do sw("Karol-" .. i, C.sw_horse, "King", "Karol-IX") end

var { "side.A", "SW" }
var { "morale", 3 }                 -- 8.12: "+1 for the Polish forces"
var { "kopie.stock.PL", 80 }        -- 6.73
var { "pikes.stock.PL", 2 }         -- 15.11 (estimate)
var { "pikes.stock.SW", 9 }
data { pike_mp = 3 }

victory { vp = { infantry = 1, artillery = 2, cavalry = 2, commander = 5 }, king = "Karol-IX" }
