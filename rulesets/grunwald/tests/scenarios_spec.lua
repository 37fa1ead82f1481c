-- The two Grunwald scenarios and their map (maps/grunwald.map, a
-- reconstruction): they load, every hex the book names is on the map and
-- not in a lake, the setups keep the stacking limit and the book's setup
-- areas, each side has the book's leaders and two banners held by regular
-- units on a leader's hex, the Tatars serve Lithuanian leaders [13.1.7],
-- and the map holds the places the scenario texts and the notes claim.
-- Book: grunwald-1410-medieval-en.txt L1222-1408; MATRIX.md 5.1.

local scen = require "engine.scenario"
local rs = ruleset.load("grunwald", { freeze = false })
local MAP = game_module.load_map(rs, "grunwald")
local K = MAP.kmap

local function H(s) return bitwa.hex.parse(s) end
local function terrain(h)
  local id = K:terrain(h)
  return id >= 0 and rs.terrain[id + 1] or nil
end

local loaded = {}
local function load(id)
  if not loaded[id] then
    loaded[id] = scen.validate(rs, scen.read(rs, assert(scen.path(rs, id))), K)
  end
  return loaded[id]
end
local SCENARIOS = { "clash-of-titans", "blitzkrieg-1410" }

local function units(sc, pred)
  local out = {}
  for _, u in ipairs(sc.units) do
    if pred == nil or pred(u) then out[#out + 1] = u end
  end
  return out
end
local function by_name(sc)
  local t = {}
  for _, u in ipairs(sc.units) do t[u.name] = u end
  return t
end
local function var(sc, key)
  for _, v in ipairs(sc.vars) do if v.key == key then return v.value end end
  return nil
end

local FIELD = { cavalry = true, horse_archers = true, infantry = true, archers = true, crossbowmen = true,
                bombards = true }
local REGULAR = { cavalry = true, horse_archers = true, infantry = true }

-- every hex within r of the listed hexes, as a set of labels (the kernel's geometry)
local function around(list, r)
  local s = {}
  for _, x in ipairs(list) do
    for _, h in ipairs(K:range(H(x), r)) do s[h.label] = true end
  end
  return s
end
local function set_of(hexes)
  local s = {}
  for _, h in ipairs(hexes) do s[h.label] = true end
  return s
end
local function same_set(a, b, what)
  for k in pairs(a) do ok(b[k], what .. ": " .. k .. " is in the zone but not in the printed area") end
  for k in pairs(b) do ok(a[k], what .. ": " .. k .. " is in the printed area but not in the zone") end
end

------------------------------------------------------------ loading

test("scenarios-a: both scenarios load and set up as games", function()
  for _, id in ipairs(SCENARIOS) do
    local g = game { ruleset = "grunwald", scenario = id, seed = 1 }
    eq(g:turn(), 1, id)
    eq(g:phase_info().name, "A.cavalry_move", id)
    ok(#g:units_table() > 150, id .. ": the orders of battle are on the board")
  end
end)

test("scenarios-b: initiative, friendly edges, MORALE and the game length", function()
  local c, b = load("clash-of-titans"), load("blitzkrieg-1410")
  -- "Poles, Lithuanians and Tatars Player move first" (L1306); "Teutonic Order Player moves first" (L1384)
  eq({ var(c, "side.A"), var(c, "side.B") }, { "PL", "TO" }, "Clash: player A")
  eq({ var(b, "side.A"), var(b, "side.B") }, { "TO", "PL" }, "Blitzkrieg: player A")
  for _, sc in ipairs { c, b } do
    eq(var(sc, "edge.PL"), "S", "A-062")
    eq(var(sc, "edge.TO"), "N", "A-062")
    eq(var(sc, "morale"), 0)
    eq(sc.sides, { "PL", "TO" })
  end
  -- A-076: not printed, chosen (NOTES.md)
  eq(c.turns, 16)
  eq(b.turns, 14)
  local g = game { ruleset = "grunwald", scenario = "blitzkrieg-1410", seed = 1 }
  eq(g:acting_side(), "TO", "the Order moves first in Blitzkrieg")
end)

test("scenarios-c: the victory table as printed (L1270-1300, L1366-1382)", function()
  for _, id in ipairs(SCENARIOS) do
    local v = load(id).victory
    eq({ v.leader, v.banner, v.cavalry, v.crossbowmen, v.archers, v.infantry }, { 16, 10, 4, 3, 2, 1 }, id)
    eq(v.horse_archers, 4, id .. ": horse archers are cavalry (11.5.1)")
    eq(v.bombards, 1, id .. ": bombards count as infantry (decision)")
    local bounds, levels = {}, {}
    for i, e in ipairs(v.scale) do bounds[i] = e[1]; levels[i] = e[2] end
    eq(bounds, { 0, 20, 40, 70, 100, math.maxinteger }, id)
    eq(levels, { "draw", "tiny victory", "small victory", "considerable victory", "great victory",
                 "overwhelming victory" }, id)
    for _, b in ipairs(bounds) do ok(math.type(b) == "integer", "integer bounds") end
  end
end)

------------------------------------------------------------ hexes

-- every hex the book's scenario texts name (MATRIX 5.1 "Hexes mentioned")
local BOOK_HEXES = { "2100", "4631", "1623", "1824", "1925", "4630", "5028", "4526",
  "2014", "2215", "2416", "2617", "2818", "3019", "3220", "3421",
  "1918", "2119", "2320", "2521", "2722", "2923", "3124", "2711", "3213", "3713" }

test("scenarios-d: every hex the scenarios name is on the map and not in a lake", function()
  for _, x in ipairs(BOOK_HEXES) do
    ok(K:contains(H(x)), x .. " is on the map")
    ok(terrain(H(x)) ~= "lake", x .. " is not in a lake")
  end
  -- the 4.4.4 example: 2300, 1700-2900 on row 00
  for c = 17, 29 do ok(K:contains(bitwa.hex.at(c, 0)), "row 00 exists") end
  for _, id in ipairs(SCENARIOS) do
    local sc = load(id)
    for name, hexes in pairs(sc.zones) do
      for _, h in ipairs(hexes) do ok(K:contains(h), id .. ": zone " .. name .. " " .. h.label) end
    end
    for _, u in ipairs(units(sc, function(u) return u.hex end)) do
      local t = terrain(u.hex)
      ok(t ~= "lake" and t ~= "swamp" and t ~= "forest", id .. ": " .. u.name .. " stands on " .. tostring(t))
    end
    for _, r in ipairs(sc.reinforcements) do
      for _, h in ipairs(r.at) do ok(K:contains(h) and terrain(h) ~= "lake", id .. ": entry " .. h.label) end
    end
  end
end)

test("scenarios-e: the map's extent and edges (MATRIX 5.1: at least 51 x 32, row 00 north)", function()
  eq({ MAP.info.col0, MAP.info.row0, MAP.info.width, MAP.info.height, MAP.info.parity },
     { 1, 0, 51, 32, "odd-down" })
  -- 2100 on the north edge, 4631 and the whole of row 31 on the south edge
  ok(not K:contains(K:neighbour(H("2100"), 0, true)), "2100 is a north-edge hex")
  ok(not K:contains(K:neighbour(H("4631"), 3, true)), "4631 is a south-edge hex")
  -- odd-down: the Blitzkrieg Polish hexes lie on one line, two hexes apart, like the Order's lines
  eq({ K:distance(H("1623"), H("1824")), K:distance(H("1824"), H("1925")) }, { 2, 2 })
  eq(K:distance(H("1623"), H("1925")), 4)
end)

------------------------------------------------------------ stacking and zones

test("scenarios-f: at most 2 SP of field units a hex at setup (4.5)", function()
  for _, id in ipairs(SCENARIOS) do
    local sp = {}
    for _, u in ipairs(units(load(id), function(u) return u.hex and FIELD[u.kind] end)) do
      sp[u.hex.label] = (sp[u.hex.label] or 0) + u.attrs.sp
    end
    for h, n in pairs(sp) do ok(n <= 2, id .. ": " .. n .. " SP on " .. h) end
  end
end)

test("scenarios-g: every unit on the map is inside its declared zone", function()
  for _, id in ipairs(SCENARIOS) do
    local sc = load(id)
    local zones = {}
    for name, hexes in pairs(sc.zones) do zones[name] = set_of(hexes) end
    local n = 0
    for _, raw in ipairs(scen.read(rs, scen.path(rs, id)).units) do
      local u = by_name(sc)[raw[1]]
      if u.hex and u.kind ~= "banner" then
        ok(raw.zone ~= nil, id .. ": " .. u.name .. " declares its zone")
        ok(zones[raw.zone] and zones[raw.zone][u.hex.label], id .. ": " .. u.name .. " in " .. tostring(raw.zone))
        n = n + 1
      end
    end
    ok(n > 100, id .. ": units checked")
  end
end)

test("scenarios-h: Blitzkrieg's zones are exactly the printed setup areas (L1339-1361)", function()
  local sc = load("blitzkrieg-1410")
  same_set(set_of(sc.zones.poles), around({ "1623", "1824", "1925" }, 1), "poles")
  same_set(set_of(sc.zones.lithuanians), around({ "4630", "5028" }, 1), "lithuanians")
  same_set(set_of(sc.zones.tatars), around({ "4526" }, 2), "tatars")
  local t = around({ "2014", "2215", "2416", "2617", "2818", "3019", "3220", "3421",
                     "1918", "2119", "2320", "2521", "2722", "2923", "3124" }, 1)
  for k in pairs(around({ "2711", "3213", "3713" }, 2)) do t[k] = true end
  same_set(set_of(sc.zones.teutons), t, "teutons")
  local south = {}
  for c = 1, 51 do south[bitwa.hex.at(c, 31).label] = true end
  same_set(set_of(sc.zones["south-edge"]), south, "south edge")
  -- who stands where
  for _, u in ipairs(units(sc, function(u) return u.hex and u.kind ~= "banner" end)) do
    local n = u.attrs.nation
    local z = (n == "poles" and "poles") or (n == "lithuanians" and "lithuanians") or (n == "tatars" and "tatars")
              or "teutons"
    ok(set_of(sc.zones[z])[u.hex.label], u.name .. " (" .. n .. ") in " .. z)
    if n ~= "teutons" then
      ok(u.kind == "cavalry" or u.kind == "horse_archers" or u.kind == "leader",
         u.name .. ": only cavalry (and leaders) of the allies is placed (L1339-1346)")
    end
  end
  eq(#units(sc, function(u) return u.attrs.nation == "tatars" and u.hex end), 8, "8 Tatar units (L1347)")
  eq(#units(sc, function(u) return u.hex and u.hex.label == "4631" end), 0, "4631 is free for the Lithuanians")
  eq(#units(sc, function(u) return u.side == "TO" and not u.hex end), 0, "the whole Order is on the map")
end)

test("scenarios-i: Clash's zones are the dots' circles; who stands where (L1236-1256)", function()
  local sc = load("clash-of-titans")
  local dots = sc.data.dots
  same_set(set_of(sc.zones["red-dots"]), around(dots.red, 1), "red dots")
  same_set(set_of(sc.zones["light-brown-dots"]), around(dots.light_brown, 1), "light brown dots")
  same_set(set_of(sc.zones["white-dots"]), around(dots.white, 1), "white dots")
  local z = {}
  for name, hexes in pairs(sc.zones) do z[name] = set_of(hexes) end
  for _, u in ipairs(units(sc, function(u) return u.hex and FIELD[u.kind] end)) do
    local n = u.attrs.nation
    if n == "poles" then
      ok(u.kind == "cavalry" and z["red-dots"][u.hex.label], u.name .. ": Polish cavalry by the red dots")
    elseif n == "lithuanians" and u.kind == "cavalry" then
      ok(z["light-brown-dots"][u.hex.label], u.name .. ": Lithuanian cavalry by the light brown dots")
    elseif n == "lithuanians" then
      ok(z.camp[u.hex.label], u.name .. ": the rest of the Lithuanians in the camp")
    elseif n == "tatars" then
      ok(z["tatar-line"][u.hex.label], u.name .. ": Tatars in front of the Lithuanians")
    else
      ok(z["white-dots"][u.hex.label], u.name .. ": the Order by the white dots")
    end
  end
  -- the Tatars stand in front (north) of the Lithuanian line, next to it
  local lith_rows, lith = 99, z["light-brown-dots"]
  for _, h in ipairs(sc.zones["light-brown-dots"]) do lith_rows = math.min(lith_rows, h.row) end
  for _, u in ipairs(units(sc, function(u) return u.attrs.nation == "tatars" end)) do
    ok(u.hex.row <= lith_rows + 1, u.name .. " is at the front")
    local next_to = false
    for _, n in ipairs(K:neighbours(u.hex)) do if lith[n.label] then next_to = true end end
    ok(next_to, u.name .. " is next to the Lithuanian line")
  end
  -- every Polish, Lithuanian and Teutonic horseman is placed; the Polish foot enters (A-077)
  for _, u in ipairs(units(sc, function(u) return not u.hex end)) do
    eq({ u.side, u.attrs.nation, u.kind == "infantry" or u.kind == "archers" }, { "PL", "poles", true },
       u.name .. " off the map")
  end
  -- the Lithuanian camp is the right lower corner
  for _, h in ipairs(sc.zones.camp) do ok(h.col >= 46 and h.row >= 27, "camp " .. h.label) end
end)

test("scenarios-j: the units of a banner stand next to each other (13.1.4)", function()
  for _, id in ipairs(SCENARIOS) do
    local groups = {}
    for _, u in ipairs(units(load(id), function(u) return u.hex and (u.attrs.banner_group or "") ~= "" end)) do
      local g = u.attrs.banner_group
      groups[g] = groups[g] or {}
      table.insert(groups[g], u.hex)
    end
    local n = 0
    for g, hexes in pairs(groups) do
      n = n + 1
      local seen, stack = { [hexes[1].label] = true }, { hexes[1] }
      local member = set_of(hexes)
      while #stack > 0 do
        local h = table.remove(stack)
        for _, x in ipairs(K:neighbours(h)) do
          if member[x.label] and not seen[x.label] then seen[x.label] = true; stack[#stack + 1] = x end
        end
      end
      for _, h in ipairs(hexes) do ok(seen[h.label], id .. ": " .. g .. " at " .. h.label .. " is cut off") end
    end
    ok(n >= 20, id .. ": banner groups checked")
  end
end)

------------------------------------------------------------ leaders, banners, organization

local LEADERS = {
  PL = { "Andrzej", "Jagiello", "Jerzy", "Szymon", "Witold", "Zyndarm" },
  TO = { "Gersdorf", "Lichtenstein", "Merchein", "Salzbach", "Ulrich", "Wallenrod" },
}
local LITHUANIAN_LEADERS = { Witold = true, Szymon = true, Jerzy = true }

test("scenarios-k: each side has the book's leaders (L1308-1312), with cavalry (L1258)", function()
  for _, id in ipairs(SCENARIOS) do
    local sc = load(id)
    for side, names in pairs(LEADERS) do
      local got = {}
      for _, l in ipairs(units(sc, function(u) return u.kind == "leader" and u.side == side end)) do
        got[#got + 1] = l.name
        eq(l.attrs.mp, 10, l.name .. ": 10 MP (8.1.2)")
        local grand = l.attrs.grand == true
        eq(l.attrs.range, grand and 3 or 2, l.name .. ": range")
        ok(l.hex, l.name .. " is on the map")
        local cav = units(sc, function(u) return u.hex == l.hex and u.side == side and u.kind == "cavalry" end)
        ok(#cav >= 1, id .. ": " .. l.name .. " stands with cavalry")
      end
      table.sort(got)
      eq(got, names, id .. " " .. side)
    end
    local u = by_name(sc)
    eq(u.Ulrich.attrs.grand, true, "Ulrich is the grand leader (8.1.5)")
    eq(u.Jagiello.attrs.grand, true, "Jagiełło is PL's grand leader (decision, A-052)")
    eq(#units(sc, function(x) return x.attrs.grand end), 2, "one grand leader a side")
    for name in pairs(LITHUANIAN_LEADERS) do eq(u[name].attrs.nation, "lithuanians", name) end
  end
end)

test("scenarios-l: two banners a side, each held by a regular unit on a leader's hex (7.1.1)", function()
  for _, id in ipairs(SCENARIOS) do
    local sc = load(id)
    local u = by_name(sc)
    for _, side in ipairs { "PL", "TO" } do
      local banners = units(sc, function(x) return x.kind == "banner" and x.side == side end)
      eq(#banners, 2, id .. " " .. side .. ": banners (L1310, L1312)")
      for _, b in ipairs(banners) do
        local h = u[b.attrs.holder or ""]
        ok(h, b.name .. ": holder " .. tostring(b.attrs.holder))
        eq(h.side, side, b.name .. ": holder's side")
        ok(REGULAR[h.kind] and h.kind == "cavalry", b.name .. ": held by a regular cavalry unit")
        eq(b.hex, h.hex, b.name .. ": on its holder's hex")
        eq(#units(sc, function(x) return x.kind == "leader" and x.side == side and x.hex == h.hex end), 1,
           b.name .. ": a leader on the hex")
      end
    end
  end
end)

test("scenarios-m: every unit serves a leader of its side (13.1.5); the Tatars Lithuanian ones (13.1.7)", function()
  for _, id in ipairs(SCENARIOS) do
    local sc = load(id)
    local u = by_name(sc)
    local tatars = 0
    for _, x in ipairs(units(sc, function(x) return FIELD[x.kind] end)) do
      local l = u[x.attrs.leader or ""]
      ok(l and l.kind == "leader" and l.side == x.side, id .. ": " .. x.name .. " serves " .. tostring(x.attrs.leader))
      ok(x.attrs.sp and x.attrs.mp and x.attrs.armour, x.name .. ": sp, mp and armour given")
      ok(({ poles = true, lithuanians = true, tatars = true, teutons = true })[x.attrs.nation], x.name .. ": nation")
      eq(x.side == "TO", x.attrs.nation == "teutons", x.name .. ": side and nation")
      if x.kind == "horse_archers" then
        tatars = tatars + 1
        eq(x.attrs.nation, "tatars", x.name)
        ok(LITHUANIAN_LEADERS[x.attrs.leader], x.name .. " serves a Lithuanian leader (13.1.7)")
        eq(x.attrs.banner_group, nil, x.name .. ": Tatars are not in banners (13.1.3)")
      end
      if x.kind == "cavalry" then ok((x.attrs.banner_group or "") ~= "", x.name .. ": in a banner group") end
      if x.kind == "infantry" then eq(x.attrs.banner_group, nil, x.name .. ": infantry is not in banners (13.1.3)") end
    end
    eq(tatars, 8, id .. ": 8 Tatar units (Blitzkrieg L1347; Clash A-080)")
  end
end)

test("scenarios-n: the orders of battle are the same in both scenarios", function()
  local c, b = by_name(load("clash-of-titans")), by_name(load("blitzkrieg-1410"))
  local n = 0
  for name, x in pairs(c) do
    local y = b[name]
    ok(y, name .. " in both")
    if y then
      eq({ y.side, y.kind, y.attrs.sp, y.attrs.mp, y.attrs.armour, y.attrs.leader, y.attrs.nation },
         { x.side, x.kind, x.attrs.sp, x.attrs.mp, x.attrs.armour, x.attrs.leader, x.attrs.nation }, name)
    end
    n = n + 1
  end
  for name in pairs(b) do ok(c[name], name .. " in both") end
  ok(n > 200, "counters")
end)

------------------------------------------------------------ reinforcements

test("scenarios-o: every unit off the map is a reinforcement, with the printed rates and entries", function()
  local rates = { ["clash-of-titans"] = { PL = { cavalry = 2, infantry = 3 }, TO = { cavalry = 2, infantry = 3 } },
                  ["blitzkrieg-1410"] = { PL = { cavalry = 8, infantry = 4 }, TO = { cavalry = 2, infantry = 2 } } }
  for _, id in ipairs(SCENARIOS) do
    local sc = load(id)
    eq(sc.data.reinforcement_rate, rates[id], id .. ": rates (L1316, L1400-1408)")
    local listed = {}
    for _, r in ipairs(sc.reinforcements) do
      for _, n in ipairs(r.units) do
        ok(not listed[n], n .. " listed once")
        listed[n] = r
      end
    end
    local u = by_name(sc)
    for _, x in ipairs(sc.units) do
      if x.hex then ok(not listed[x.name], x.name .. " is on the map and a reinforcement")
      elseif x.kind ~= "banner" then ok(listed[x.name], id .. ": " .. x.name .. " waits off the map") end
    end
    for n, r in pairs(listed) do
      eq(r.side, u[n].side, n)
      if u[n].attrs.nation == "lithuanians" then
        eq(#r.at, 1, n); eq(r.at[1].label, "4631", n .. ": Lithuanians enter by 4631")
      else
        eq(#r.at, 51, n)
        for _, h in ipairs(r.at) do eq(h.row, 31, n .. ": the south edge") end
      end
    end
  end
end)

------------------------------------------------------------ the map

local function label_hex(text)
  for lab, t in pairs(MAP.labels) do if t == text then return H(lab) end end
  return nil
end
local function terrain_count(kind)
  local n = 0
  for _, h in ipairs(K:hexes()) do if terrain(h) == kind then n = n + 1 end end
  return n
end

test("map-a: the places are labelled and are what their labels say", function()
  local places = {
    ["Grunwald"] = "village", ["Stębark (Tannenberg)"] = "village", ["Łodwigowo (Ludwigsdorf)"] = "village",
    ["Ulnowo"] = "village", ["Lake Łubień"] = "lake", ["Lake Mielęcin"] = "lake",
    ["wood near Łodwigowo"] = "forest", ["line of woods"] = "forest", ["royal hill"] = "hill",
  }
  for text, kind in pairs(places) do
    local h = label_hex(text)
    ok(h, "label " .. text)
    if h then eq(terrain(h), kind, text) end
  end
  for _, text in ipairs { "Lithuanian camp", "Marąza", "Marąza valley", "Teutonic entry", "Lithuanian entry",
                          "the Order's heights", "Polish road" } do
    ok(label_hex(text), "label " .. text)
  end
  eq(label_hex("Teutonic entry").label, "2100")
  eq(label_hex("Lithuanian entry").label, "4631")
  ok(label_hex("Lithuanian camp").col >= 46 and label_hex("Lithuanian camp").row >= 27, "camp in the right lower corner")
  ok(terrain_count("lake") >= 40, "lakes")
  ok(terrain_count("village") >= 10, "villages")
  ok(terrain_count("forest") >= 300, "woods")
  eq(terrain_count("fortification"), 0, "no fortifications on this field")
  ok(MAP.info.notes[1]:find("not the printed map", 1, true), "the map says it is a reconstruction")
end)

local EDGE_BIT = {}
for i, e in ipairs(rs.edges) do EDGE_BIT[e] = 1 << (i - 1) end
local function has_edge(h, d, feature) return K:edge(h, d) & EDGE_BIT[feature] ~= 0 end
-- a road route from a to b: a chain of road hexsides
local function road_connects(a, b)
  local seen, stack = { [a.label] = true }, { a }
  while #stack > 0 do
    local h = table.remove(stack)
    if h == b then return true end
    for d = 0, 5 do
      local n = K:neighbour(h, d)
      if n and K:contains(n) and not seen[n.label] and has_edge(h, d, "road") then
        seen[n.label] = true; stack[#stack + 1] = n
      end
    end
  end
  return false
end

test("map-b: the roads join the places (Stębark-Grunwald-Łodwigowo, the Polish road, the entries)", function()
  local grunwald, stebark, lodw = label_hex("Grunwald"), label_hex("Stębark (Tannenberg)"), label_hex("Łodwigowo (Ludwigsdorf)")
  ok(road_connects(H("2100"), grunwald), "2100 - Grunwald")
  ok(road_connects(grunwald, stebark), "Grunwald - Stębark")
  ok(road_connects(grunwald, lodw), "Grunwald - Łodwigowo")
  ok(road_connects(stebark, lodw), "Stębark - Łodwigowo")
  ok(road_connects(H("2131"), lodw), "the Polish road from the south edge")
  ok(road_connects(H("4729"), lodw), "the camp road")
  -- the Blitzkrieg Order blocks the Polish road: it runs through the setup area
  local sc = load("blitzkrieg-1410")
  local teutons, blocked = set_of(sc.zones.teutons), false
  for _, h in ipairs(K:hexes()) do
    if teutons[h.label] then
      for d = 0, 5 do if has_edge(h, d, "road") then blocked = true end end
    end
  end
  ok(blocked, "roads cross the Order's Blitzkrieg position")
end)

test("map-c: the Marąza runs from the north edge through its valley between the lakes into Lake Łubień", function()
  local sides, rows = 0, {}
  local lake_at_end = false
  for _, h in ipairs(K:hexes()) do
    for d = 0, 5 do
      if has_edge(h, d, "stream") then
        sides = sides + 1
        rows[h.row] = true
        local n = K:neighbour(h, d)
        for _, x in ipairs { h, n } do
          for _, y in ipairs(K:neighbours(x)) do if terrain(y) == "lake" and y.col >= 47 then lake_at_end = true end end
        end
        ok(h.col >= 43 and h.col <= 47, "the stream stays in its valley: " .. h.label)
      end
    end
  end
  ok(sides >= 25, "stream hexsides")
  ok(rows[0], "from the north edge")
  ok(lake_at_end, "into Lake Łubień")
  -- the valley: lower than the heights on both sides
  eq(K:elevation(H("4406")), 0, "the valley floor")
  ok(K:elevation(H("3806")) >= 1 and K:elevation(H("4706")) >= 1, "heights either side")
end)

test("map-d: the Blitzkrieg ground (L1327-1333)", function()
  local sc = load("blitzkrieg-1410")
  local teutons, poles = set_of(sc.zones.teutons), set_of(sc.zones.poles)
  local function near(set, kind, r)
    for lab in pairs(set) do
      for _, h in ipairs(K:range(H(lab), r)) do if terrain(h) == kind then return true end end
    end
    return false
  end
  -- "Right wing of Teutonic army was set at Łodwingowo": village hexes in the Order's area, west end
  local lodw = false
  for _, h in ipairs(K:range(H("1918"), 1)) do if terrain(h) == "village" then lodw = true end end
  ok(lodw, "Łodwigowo at the Order's right wing (1918)")
  -- "left one was on the line of woods": forest next to the 3124 end
  local woods = false
  for _, h in ipairs(K:range(H("3124"), 2)) do if terrain(h) == "forest" then woods = true end end
  ok(woods, "the line of woods at the Order's left wing (3124)")
  -- "very tiny area between Teutonic positions and the forest"
  ok(near(poles, "forest", 1), "the forest next to the Polish area")
  local gap = 99
  for a in pairs(poles) do for b in pairs(teutons) do gap = math.min(gap, K:distance(H(a), H(b))) end end
  ok(gap >= 2 and gap <= 6, "a narrow space between the Poles and the Order: " .. gap)
  -- "the forest near Łodwingowo" and "moving between lakes south of Stębark"
  local wood = label_hex("wood near Łodwigowo")
  ok(K:distance(wood, label_hex("Łodwigowo (Ludwigsdorf)")) <= 6, "the wood is near Łodwigowo")
  local stebark = label_hex("Stębark (Tannenberg)")
  for _, name in ipairs { "Lake Łubień", "Lake Mielęcin" } do
    ok(label_hex(name).row > stebark.row, name .. " lies south of Stębark")
  end
  -- a dry way between the two lakes, from the Lithuanians to the Order's rear
  local lakes_w, lakes_e = false, false
  for _, h in ipairs(K:hexes()) do
    if h.row >= 9 and h.row <= 13 and terrain(h) == "lake" then
      if h.col < 44 then lakes_w = true elseif h.col > 46 then lakes_e = true end
    end
  end
  ok(lakes_w and lakes_e, "lakes on both sides of the valley")
  for r = 0, 31 do ok(terrain(bitwa.hex.at(44, r)) ~= "lake", "column 44 is dry at row " .. r) end
end)

test("map-e: the Order stands on the slopes (Clash) above the allies", function()
  local sc = load("clash-of-titans")
  local up, down, n_to, n_pl = 0, 0, 0, 0
  for _, u in ipairs(units(sc, function(u) return u.hex and FIELD[u.kind] end)) do
    if u.side == "TO" then
      n_to = n_to + 1
      if K:elevation(u.hex) >= 1 then up = up + 1 end
    else
      n_pl = n_pl + 1
      if K:elevation(u.hex) == 0 then down = down + 1 end
    end
  end
  ok(up * 10 >= n_to * 7, "most of the Order on the heights: " .. up .. "/" .. n_to)
  ok(down * 10 >= n_pl * 9, "the allies below: " .. down .. "/" .. n_pl)
  local lh = label_hex("the Order's heights")
  ok(K:elevation(lh) >= 2, "the crest")
end)
