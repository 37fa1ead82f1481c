-- Every table of Grognard 0.11 that tables.lua holds, checked cell by cell
-- against the book's own lines (grognard-0.11.txt, "L" = its line, the
-- leading "- " of the dump removed), parsed here by this file's own small
-- parsers so that a slip on either side fails.  Tests are named by the
-- book's section names (it has no rule numbers).
local rs = ruleset.load("grognard", { freeze = false })
local T = rs.modules.tables

local function words(line)
  local out = {}
  for w in line:gmatch("%S+") do out[#out + 1] = w end
  return out
end
local function lines(text)
  local out = {}
  for l in text:gmatch("[^\n]+") do out[#out + 1] = l end
  return out
end
local function int(s) return math.tointeger(tonumber(s)) end

test("Melees: casualties, the Mass Combat Table (MCT), all 36 cells (L316-324)", function()
  local MCT = [[
Atk=LI | 1/1 (6) | 1/2 (6) | 1/3 (6) | 1/2 (6) | 1/3 (6) | 1/4 (6)
MI | 1/1 (5+) | 1/1 (6) | 1/2 (6) | 1/2 (6) | 1/3 (6) | 1/4 (6)
HI | 1/1 (4+) | 1/1 (5+) | 1/1 (6) | 1/1 (6) | 1/2 (6) | 1/3 (6)
LC | 2/1 (5+) | 2/1 (6) | 1/1 (6) | 1/1 (6) | 1/2 (6) | 1/3 (6)
MC | 2/1 (4+) | 2/1 (5+) | 2/1 (6) | 1/1 (5+) | 1/1 (6) | 1/1 (6)
HC | 4/1 (5+) | 3/1 (5+) | 2/1 (5+) | 2/1 (5+) | 1/1 (5+) | 1/1 (6)
]]
  local defs = words("LI MI HI LC MC HC")
  local n = 0
  for _, l in ipairs(lines(MCT)) do
    local cells = {}
    for c in (l .. "|"):gmatch("%s*([^|]-)%s*|") do cells[#cells + 1] = c end
    local atk = cells[1]:gsub("^Atk=", "")
    eq(#cells, 7, l)
    for i = 1, 6 do
      local x, y, r = cells[i + 1]:match("^(%d)/(%d) %((%d)%+?%)$")
      eq(T.mct[atk][defs[i]], { int(x), int(y), int(r) }, atk .. " vs " .. defs[i])
      n = n + 1
    end
  end
  eq(n, 36)
end)

test("Missile Fire: the Light, Medium and Heavy Armor tables, every cell (L200-225)", function()
  local printed = {
    light = { 3, [[
1-2 0 1
3-4 1 2
5-6 2 3
7-8 3 4
9-10 4 5]] },
    medium = { 4, [[
1-2 0 0
3-4 0 1
5-6 2 2
7-8 2 3
9-10 3 3]] },
    heavy = { 5, [[
4-8 0 1
9-12 1 2
13-16 2 3
17-20 3 3]] },
  }
  local n = 0
  for armour, p in pairs(printed) do
    eq(T.missile[armour].split, p[1], armour)
    local ls = lines(p[2])
    eq(#T.missile[armour].rows, #ls, armour)
    for i, l in ipairs(ls) do
      local w = words(l)
      local lo, hi = w[1]:match("^(%d+)-(%d+)$")
      eq(T.missile[armour].rows[i], { int(lo), int(hi), int(w[2]), int(w[3]) }, armour .. " " .. l)
      -- and the lookup, at every number firing and every die
      for firing = int(lo), int(hi) do
        for die = 1, 6 do
          eq(T.missile_hits(armour, firing, die), die >= p[1] and int(w[3]) or int(w[2]), armour .. " " .. firing .. " d" .. die)
          n = n + 1
        end
      end
    end
  end
  eq(n, (10 + 10 + 17) * 6)
  -- outside the printed rows: no row (fewer than 4 firers at heavy armour)
  eq(T.missile_hits("heavy", 3, 6), nil)
  eq(T.missile_hits("light", 11, 6), nil)
end)

test("Movement: the movement table, every cell and its footnotes (L115-136)", function()
  local MOVE = [[
crossbowmen 12 -- 12 18
arquebusiers 12 -- 12 18
artillery 6 3 -- *
HC 12 3 18 --
heavy_crossbowmen 9 -- 9 24
HI 6 -- 6 --
LC 24 6 30 18**
LI 9 -- 12 15
longbowmen 12 -- 15 21
MC 18 6 24 15
MI 9 -- 12 3***
wagons 6 6 -- --]]
  local n = 0
  local function v(s) s = s:gsub("%*", ""); if s == "--" or s == "" then return false end return int(s) end
  for _, l in ipairs(lines(MOVE)) do
    local w = words(l)
    local row = T.movement[w[1]]
    eq({ row.move, row.road, row.charge, row.range }, { v(w[2]), v(w[3]), v(w[4]), v(w[5]) }, l)
    n = n + 1
  end
  eq(n, 12)
  local count = 0
  for _ in pairs(T.movement) do count = count + 1 end
  eq(count, 12)
  eq(T.javelin_range, 6) -- ** "Javelin troops only have a 6\" range."
end)

test("Point Values: troop types and additional weapons costs (L73-89); T-75 an LI bowman costs one MC", function()
  local TYPES = [[
peasants 1/2
LI 1
MI 2
HI 2 1/2
LC 3
MC 4
HC 5]]
  local function halves(s)
    local a, b = s:match("^(%d+) 1/2$")
    if a then return 2 * int(a) + 1 end
    if s == "1/2" then return 1 end
    return 2 * int(s)
  end
  for _, l in ipairs(lines(TYPES)) do
    local k, p = l:match("^(%S+) (.+)$")
    eq(T.points_halves[k], halves(p), l)
  end
  local WEAPONS = [[
arquebus crossbow heavy_crossbow:1 1/2
bombard:30
bow:3
heavy_catapult heavy_cannon:20
light_catapult light_cannon:15
longbow composite_bow:4
magic:10
pike:1]]
  local n = 0
  for _, l in ipairs(lines(WEAPONS)) do
    local ks, p = l:match("^(.-):(.+)$")
    for _, k in ipairs(words(ks)) do eq(T.weapon_points_halves[k], halves(p), l); n = n + 1 end
  end
  local count = 0
  for _ in pairs(T.weapon_points_halves) do count = count + 1 end
  eq(count, n)
  -- T-75: "an LI bowman costs 4 points, or the same as one Medium Cavalry (MC) figure"
  eq(rs.modules.units.points_halves("LI", "bow"), 8)
  eq(rs.modules.units.points_halves("LI", "bow"), rs.modules.units.points_halves("MC"))
end)

test("Terrain, Facing and Formation, Fatigue: the tables (L139-195)", function()
  for _, t in ipairs { "ditch", "hill", "rampart", "marsh", "wooded" } do
    ok(T.terrain[t].slow and T.terrain[t].no_charge and T.terrain[t].downhill_normal, t)
  end
  ok(T.terrain.marsh.no_heavy and T.terrain.wooded.no_formed and T.terrain.rough.no_charge)
  ok(not T.terrain.rough.slow)
  eq({ T.terrain.river.halt, T.terrain.river.cross_moves }, { true, 1 })
  eq({ T.terrain.stream.cross_inches, T.terrain.stream.no_charge }, { 6, true })
  eq(T.formation, { column = { line = 1, square = 1 }, line = { column = 1, square = 2 } })
  eq(T.facing, { [180] = { 1, 1 }, [90] = { 1, 2 }, [45] = { 1, 4 } })
  eq(T.facing_factor, { peasants = { 2, 1 }, elite = { 1, 2 }, normal = { 1, 1 } })
  eq(T.fatigue, { { move = 5 }, { melee = 3 }, { move = 2, charge = 1, melee = 1 }, { move = 1, charge = 1, melee = 2 } })
  eq({ T.fatigue_elite_factor, T.fatigue_morale, T.fatigue_uphill_moves, T.fatigue_rest_turns }, { 2, -1, 2, 1 })
end)

test("Catapults, Cannon and Guns: ranges, rates, dowels, accuracy (L243-307); T-79 catapult crew", function()
  eq(T.catapult.light, { min = 15, max = 30, area = { 2, 1 }, every = 2 })
  eq(T.catapult.heavy, { min = 24, max = 48, area = { 7, 2 }, every = 3 })
  -- T-79: full crew 4, a 1-man crew takes 3 extra turns, none cannot fire
  eq({ T.crew_extra_turns(4), T.crew_extra_turns(3), T.crew_extra_turns(1), T.crew_extra_turns(0) }, { 0, 1, 3, nil })
  eq({ T.cannon.light.range, T.cannon.light.every, T.cannon.heavy.range, T.cannon.heavy.every,
       T.cannon.bombard.range, T.cannon.bombard.every }, { 30, 2, 36, 3, 42, 3 })
  local DOWELS = [[
30" 16" 6" 3" 5" -- -- 5/8"
36" 18" 6" 3" 2" 1" 6" 3/4"
42" 20" 8" 4" 2" 1" 7" 1"]]
  local names = { [30] = "light", [36] = "heavy", [42] = "bombard" }
  for _, l in ipairs(lines(DOWELS)) do
    local w = words((l:gsub('"', "")))
    local range = int(w[1])
    local segs, sum = {}, 0
    for i = 2, 7 do if w[i] ~= "--" then segs[#segs + 1] = int(w[i]); sum = sum + int(w[i]) end end
    local d = T.dowel[names[range]]
    eq(d.segments, segs, l)
    eq(sum, range, "the segments sum to the range")
    local a, b = w[8]:match("^(%d)/(%d)$")
    eq(d.diameter, a and { int(a), int(b) } or { int(w[8]), 1 }, l)
  end
  eq(T.deviation_dowel, { length = 6, segment = { 3, 2 }, numbers = 6 })
  -- Guns: accuracy die, L294-296; 6" and 12" take the nearer band (A-123)
  eq({ T.gun_hit(0), T.gun_hit(6), T.gun_hit(7), T.gun_hit(12), T.gun_hit(13), T.gun_hit(18), T.gun_hit(19) },
     { 2, 2, 4, 4, 5, 5, nil })
  eq(T.guns_cover, { half_or_less = -1, more_than_half = -2 })
  eq({ T.guns_every, T.guns_rest }, { 2, 1 })
end)

test("Post-Melee Morale Checks: morale factors, reactions, regroup (L343-368)", function()
  local F = [[
Peasants 3 Light Cavalry 6
Light Infantry 4 Heavy Infantry 7
Medium Infantry 5 Medium Cavalry 8
Elite Medium Infantry 6 Heavy Cavalry 9]]
  local key = { ["Peasants"] = "peasants", ["Light Infantry"] = "LI", ["Medium Infantry"] = "MI",
    ["Elite Medium Infantry"] = "elite_MI", ["Light Cavalry"] = "LC", ["Heavy Infantry"] = "HI",
    ["Medium Cavalry"] = "MC", ["Heavy Cavalry"] = "HC" }
  local n = 0
  for _, l in ipairs(lines(F)) do
    for name, v in l:gmatch("(%a[%a ]-) (%d+)") do
      eq(T.morale_factor[key[name]], int(v), name); n = n + 1
    end
  end
  eq(n, 8)
  -- the reactions: "0 to 19 melee continues" ... "100 or greater surrender"
  local expect = { { 0, "continue" }, { 19, "continue" }, { 20, "back" }, { 39, "back" }, { 40, "back" },
    { 59, "back" }, { 60, "retreat" }, { 79, "retreat" }, { 80, "panic" }, { 99, "panic" }, { 100, "surrender" }, { 500, "surrender" } }
  for _, e in ipairs(expect) do eq(T.reaction(e[1]).result, e[2], e[1]) end
  eq(T.reaction(20).moves, { 1, 2 }); eq(T.reaction(40).moves, { 1, 1 }); eq(T.reaction(60).moves, { 1, 1 })
  eq(T.reaction(80).moves, { 3, 2 })
  eq(T.reaction(60).printed_from, 40, "the printed '40 to 79' (A-119)")
  eq({ T.small_melee_figures, T.small_melee_factor }, { 20, 2 })
  eq(T.regroup, { "auto", 3, 6, "removed" })
  eq(T.regroup_attacked, 2)
end)

test("Morale Checks Due to Heavy Losses and to Cavalry Charge: the tables (L372-397)", function()
  local LOSS = [[
LI 25% 8
MI 33 1/3% 7
HI 33 1/3% 6
LC 25% 8
MC 33 1/3% 7
HC 50% 6]]
  local pct = { ["25%"] = { 1, 4 }, ["33 1/3%"] = { 1, 3 }, ["50%"] = { 1, 2 } }
  for _, l in ipairs(lines(LOSS)) do
    local k, p, s = l:match("^(%S+) (.-%%) (%d+)$")
    eq(T.loss[k], { pct = pct[p], score = int(s) }, l)
  end
  local CHARGE = [[
LI 8 9 10
MI 7 8 9
HI 6 7 8
LC 5 6 7
MC 4 5 6
HC 3 4 5]]
  for _, l in ipairs(lines(CHARGE)) do
    local w = words(l)
    eq(T.charge[w[1]], { int(w[2]), int(w[3]), int(w[4]) }, l)
  end
  eq({ T.charge_both.infantry, T.charge_both.cavalry, T.charge_flank, T.charge_rear }, { 1, 2, -1, -2 })
  eq(T.charge_fail_moves, { 3, 2 })
end)

test("Historical Options: knights, mercenaries, peasants, religious knights (L405-440); T-84", function()
  eq(T.knights_free, 6)
  eq(T.mercenaries, { "stand", "obey", "obey", "obey", "obey", "roll_again" })
  eq(T.mercenaries_again, { "pay_up", "bribed", "peace_out", "yes_sir", "yes_sir", "yes_sir" })
  eq(T.mercenaries_yes_sir_turns, 3)
  local P = [[
peasants 4 5
LI 6 6
MI 8 7
HI 9 8
LC 10 9
MC 11 10
HC 12 11]]
  for _, l in ipairs(lines(P)) do
    local w = words(l)
    eq(T.peasants[w[1]], { attack = int(w[2]), defend = int(w[3]) }, l)
  end
  -- T-84: to move 2d6 >= 7; to attack HC 12; to defend against HC 11
  eq({ T.peasants_move, T.peasants.HC.attack, T.peasants.HC.defend }, { 7, 12, 11 })
  eq(T.religious_morale, 1)
end)

test("Weather: states, initial vector and transition matrix, and the dice that realise them (L441-456); T-83", function()
  eq(T.weather_states, { "clear", "cloudy", "light_rain", "heavy_rain", "excess" })
  -- (5/12, 1/3, 1/12, 1/12, 1/12) in twelfths, summing to 1
  eq(T.weather_initial, { 5, 4, 1, 1, 1 })
  local s = 0
  for _, v in ipairs(T.weather_initial) do s = s + v end
  eq(s, 12)
  local d12 = { 0, 0, 0, 0, 0 }
  for _, st in ipairs(T.weather_d12) do d12[st] = d12[st] + 1 end
  eq(d12, T.weather_initial, "the d12 realises the initial vector")
  for from = 1, 5 do
    local sum = 0
    for to = 1, 5 do sum = sum + T.weather_matrix[from][to] end
    eq(sum, 12, "row " .. from .. " sums to 1")
    local by = { 0, 0, 0, 0, 0 }
    for _, st in ipairs(T.weather_d6[from]) do by[st] = by[st] + 2 end -- one face = 2/12
    eq(by, T.weather_matrix[from], "the d6 realises row " .. from)
  end
  -- T-83: from Clear, P(Clear) 2/3, P(Cloudy) 1/6, P(Excess) 1/6
  eq(T.weather_matrix[1], { 8, 2, 0, 0, 2 })
  eq({ T.weather_every, T.mud_turns }, { 2, 3 })
end)

test("Sieges: Defense Values and damage by war machines (L468-484)", function()
  eq(T.structures, { bastion = { 40, 60 }, curtain_wall = { 25, 40 }, engine = { 5, 5 }, gatehouse = { 30, 45 },
    light_engine = { 3, 3 }, rampart = { 20, 30 }, wooden = { 5, 15 } })
  eq(T.siege_damage, { bombard = 6, heavy_cannon = 4, light_cannon = 3, heavy_catapult = 3, light_catapult = 2, ram = 2 })
end)
