-- Every table of the Kircholm 1605 rulebook ("Husaria" system) checked
-- cell by cell against a transcription of the book's rows (L = line of
-- kircholm-1605-husaria-en.txt, cells separated by tabs as printed), parsed
-- here by this file's own small parsers, so that a slip on either side
-- fails.
local rs = ruleset.load("husaria", { freeze = false })
local T = rs.modules.tables

local function cells(line)
  local out = {}
  for c in (line .. "\t"):gmatch("([^\t]*)\t") do out[#out + 1] = c end
  return out
end
local function rows(text)
  local out = {}
  for line in text:gmatch("[^\n]+") do out[#out + 1] = cells(line) end
  return out
end

-- the Battle Table, L665-676, as printed
local BATTLE = [[
Rzut kostką	1:4	1:3	1:2	1:1	2:1	3:1	4:1	5:1	6:1	7:1	8:1	9:1
2	-	-	B1-1	B2	B2	-1/B2	-1/B3R	-1/B4R	-1/B4R	-1/B5R	-1/B5R	-1/B5R
3	-1/-1	-	B1	B1-1	B2	B2	B3-1	B3	B4	-B5	B5	B5
4	-1/-	-1/-1	-	B1	B2-1	B2	B2	B3-1	B3	B4	B5	B5-1
5	A1	-1/-	-1/-1	B1	B1	B2-1	B2	B2	B3-1	B3	B4-1	B5
6	A1-1	A1	-1/-	-	B1	B1	B2-1	B2	B2	B3-1	B3	B4-1
7	A1R	A1-1	A1	-1/-1	B1	B1	B2	B2-1	B2-1	B2-1	B3-1	B3-1
8	A2	A1R	A1-1	-1/-	-	-1/B1	B1	B2	B2	B2	B2-1	B3
9	A2-1	A2	A1R	A1	-1/-1	-	B1	B1	B2	B2	B2	B2-1
10	A2-1	A2-1	A1-1	A1-1	-1/-	-1/-1	-1/B1	B1	B1-1	B2	B2	B2
11	A3-1	A3	A2-1	A1R	A1	-1/-	-	-1/B1	B1	B1	B2	B2
12	A4-1R	A3-1R	A2-1R	A1-1	A1-1	A1	-1/-1	-1/-1	-1/-1	-1/-1	-1/B1	-1/B2
]]

-- one side's part of a cell: "B3-1", "A1R", "-1", "-", "-B5"
local function part(s, letter_default)
  local r = { loss = 0, retreat = 0, disperse = false }
  if s == "-" or s == "" then return r end
  if s == "-1" then r.loss = 1; return r, letter_default end
  local letter, n, loss, flag = s:match("^%-?([AB])(%d)(%-?1?)(R?)$")
  assert(letter, "cannot read '" .. s .. "'")
  r.retreat = tonumber(n)
  r.loss = loss == "-1" and 1 or 0
  r.disperse = flag == "R"
  return r, letter
end

test("6.21, 7.11, 7.12: the Battle Table, all 132 cells, read as printed (L665-676)", function()
  local rs_ = rows(BATTLE)
  local head = rs_[1]
  for i = 1, 12 do eq(T.columns[i], head[i + 1], "column " .. i) end
  local n = 0
  for k = 2, #rs_ do
    local row = rs_[k]
    local roll = math.tointeger(tonumber(row[1]))
    eq(roll, k, "rows run 2..12")
    for c = 1, 12 do
      local printed = row[c + 1]
      local cell = T.battle[roll][c]
      eq(cell.printed, printed, roll .. "/" .. T.columns[c])
      local a, d = { loss = 0, retreat = 0, disperse = false }, { loss = 0, retreat = 0, disperse = false }
      local l, r = printed:match("^(.-)/(.*)$")
      if l then
        a = part(l, "A"); d = part(r, "B")
      elseif printed ~= "-" then
        local x, who = part(printed, nil)
        if who == "A" then a = x else d = x end
      end
      eq({ cell.att_loss, cell.att_retreat, cell.att_disperse }, { a.loss, a.retreat, a.disperse },
        "attacker " .. roll .. "/" .. T.columns[c] .. " " .. printed)
      eq({ cell.def_loss, cell.def_retreat, cell.def_disperse }, { d.loss, d.retreat, d.disperse },
        "defender " .. roll .. "/" .. T.columns[c] .. " " .. printed)
      n = n + 1
    end
  end
  eq(n, 132)
  -- the examples of 7.12 (L368, L370): "-1/B1" and "A2-1"
  local c = T.battle[8][6]
  eq({ c.printed, c.att_loss, c.def_retreat, c.def_loss }, { "-1/B1", 1, 1, 0 })
  c = T.battle[9][1]
  eq({ c.printed, c.att_loss, c.att_retreat }, { "A2-1", 1, 2 })
  -- T-HU-03: roll 12 at 1:4 is A4-1R (retreat 4, lose 1, dispersed)
  c = T.battle[12][1]
  eq({ c.printed, c.att_retreat, c.att_loss, c.att_disperse }, { "A4-1R", 4, 1, true })
end)

-- the Battle Dispersal table, L684-690, as printed
local DISPERSAL = [[
	Rodzaj oddziału					
	infantry morale 6	infantry morale 7	infantry morale 8	cavalry morale 6	cavalry morale 7 i 8	husaria
B1/A1	1-3	1	-	1-2	-	-
B2/A2	1-4	1-2	1	1-3	1	1
B3/A3	1-5	1-3	1-2	1-4	1-2	1
B4/A4	1-5	1-4	1-3	1-5	1-3	1-2
B5/A5	1-5	1-5	1-4	1-5	1-4	1-3
]]

test("6.21 step 9: Battle Dispersal, every cell (L684-690)", function()
  local r = rows(DISPERSAL)
  eq(#r, 7)
  for k = 3, 7 do
    local row = r[k]
    local n = k - 2
    eq(row[1], "B" .. n .. "/A" .. n)
    for c = 1, 6 do
      local s = row[c + 1]
      local hi = s == "-" and 0 or math.tointeger(tonumber(s:match("(%d)$")))
      if s ~= "-" and s:find("-", 1, true) then eq(s:sub(1, 2), "1-", s) end
      eq(T.dispersal[n][c], hi, "B" .. n .. " " .. T.dispersal_columns[c] .. " " .. s)
    end
  end
  -- T-62: Cossack cavalry (morale 6 or 7) retreating 3 hexes, a roll of 2 disperses
  ok(2 <= T.dispersal[3][4] and 2 <= T.dispersal[3][5])
end)

local ART = {
  light = { [1] = { 698, [[
SP of artillery: 1 PS								
2xK6		0-6	7	8	9	10	11	12
odległość	1-2	-	-	-	-1	R	R	R
	3-4	-	-	-	-	-1	R	R
	5-6	-	-	-	-	-	-1	R
]] }, [2] = { 704, [[
SP of artillery: 2 PS								
2xK6		0-6	7	8	9	10	11	12
odległość	1-2	-	-	-1	R	R	R	R
	3-4	-	-	-	-1	R	R	R
	5-6	-	-	-	-	-1	R	R
]] }, [3] = { 710, [[
SP of artillery: 3 PS								
2xK6		6	7	8	9	10	11	12
odległość	1-2	-1	-1	R	R	R	R	R
	3-4	-	-1	-1	R	R	R	R
	5-6	-	-	-1	-1	R	R	R
]] } },
  heavy = { [1] = { 718, [[
SP of artillery: 1 PS								
2xK6		6	7	8	9	10	11	12
odległość	1	-1	-1	-1	R	R	R	R
	2	-	-1	-1	-1	R	R	R
	3	-	-	-1	-1	-1	R	R
	4	-	-	-	-1	-1	-1	R
]] }, [2] = { 725, [[
SP of artillery: 2 PS								
2xK6		6	7	8	9	10	11	12
odległość	1	-1	-1	R	R	R	R	R
	2	-	-1	-1	R	R	R	R
	3	-	-	-1	-1	R	R	R
	4	-	-	-	-1	-1	R	R
]] }, [3] = { 732, [[
SP of artillery: 3 PS									
2xK6		5	6	7	8	9	10	11	12
odległość	1	-1	-1	R	R	R	R	R	R
	2	-1	-1	-1	R	R	R	R	R
	3	-	-1	-1	-1	R	R	R	R
	4	-	-	-1	-1	-1	R	R	R
]] } },
}

test("13.21, 13.22: the Artillery Firing Combat Table, light and heavy, SP 1-3, every cell (L692-735)", function()
  for _, kind in ipairs { "light", "heavy" } do
    for sp = 1, 3 do
      local r = rows(ART[kind][sp][2])
      eq(r[1][1], "SP of artillery: " .. sp .. " PS")
      local head = r[2]
      local first = math.tointeger(tonumber(head[3]:match("(%d+)$")))
      eq(T.artillery[kind][sp].first, first, kind .. " " .. sp .. " first column")
      local bands = T.artillery[kind].bands
      for b = 1, #bands do
        local row = r[b + 2]
        local band = row[2]
        local lo, hi = band:match("^(%d)%-(%d)$")
        lo, hi = tonumber(lo or band), tonumber(hi or band)
        eq({ bands[b][1], bands[b][2] }, { lo, hi }, kind .. " band " .. band)
        for c = 3, #row do
          eq(T.artillery[kind][sp][b][c - 2], row[c], kind .. " " .. sp .. " SP " .. band .. " col " .. head[c])
        end
        eq(#T.artillery[kind][sp][b], #row - 2)
      end
    end
  end
  eq(T.artillery_range.heavy, 4)
  eq(T.artillery_range.light, 3)
  -- below the first printed column: no effect
  eq(T.fire_result(T.artillery.heavy[3][1], T.artillery.heavy[3].first, 4), "-")
  eq(T.fire_result(T.artillery.heavy[3][1], T.artillery.heavy[3].first, 5), "-1")
end)

local WK = { infantry = [[
2xK6		-6	7	8	9	10	11	12
siła strzelającego	4+	-	-1	-1	-1	R	R	R
	3	-	-	-1	-1	R	R	R
	2	-	-	-	-1	-1	R	R
	1	-	-	-	-	-1	-1	R
]], cavalry = [[
2xK6		8	9	10	11	12
siła strzelającego	4+	-1	-1	R	R	R
	3	-	-1	-1	R	R
	2	-	-	-1	-1	R
	1	-	-	-	-1	-1
]] }

test("12.11, 12.2, 12.31, T-73: Fire Losses Table (WK), infantry muskets and cavalry, every cell (L737-751)", function()
  for _, arm in ipairs { "infantry", "cavalry" } do
    local r = rows(WK[arm])
    local first = math.tointeger(tonumber(r[1][3]:match("(%d+)$")))
    eq(T.muskets[arm].first, first)
    for k = 2, 5 do
      local row = r[k]
      local s = math.tointeger(tonumber((row[2]:gsub("%+", ""))))
      for c = 3, #row do eq(T.muskets[arm][s][c - 2], row[c], arm .. " " .. row[2] .. " " .. r[1][c]) end
      eq(#T.muskets[arm][s], #row - 2)
    end
  end
  -- T-73: strengths 2 + 1 + 1 read the 4+ row; a roll of 10 disperses, 7 hits
  eq(T.fire_result(T.muskets.infantry[math.min(2 + 1 + 1, T.musket_max_strength)], T.muskets.infantry.first, 10), "R")
  eq(T.fire_result(T.muskets.infantry[4], 6, 7), "-1")
  eq(T.fire_result(T.muskets.cavalry[4], 8, 7), "-")
end)

test("4.41, 4.51, 6.31: the terrain table, movement and combat (L653-662)", function()
  local printed = {
    clear = { "1", "1", "–" }, stream = { "+1", "+2", "-1" }, road = { "1", "1/2", "–" },
    swamp = { "prohibitet", "prohibitet", "1/2 SP of Attacking forces" }, forest = { "2", "3", "-2" },
    village = { "2", "3", "-2" }, slope = { "+1", "+1", "-1" },
  }
  for t, p in pairs(printed) do eq(T.terrain[t].printed, p, t) end
  eq(T.enter_halves("clear", "cavalry"), 2)
  eq(T.enter_halves("road", "cavalry"), 1)
  eq(T.enter_halves("road", "infantry"), 2)
  eq(T.enter_halves("forest", "cavalry"), 6)
  eq(T.enter_halves("forest", "infantry"), 4)
  eq(T.enter_halves("village", "cavalry"), 6)
  eq(T.enter_halves("swamp", "cavalry"), nil)
  eq({ T.terrain.forest.combat, T.terrain.village.combat, T.terrain.stream.combat, T.terrain.slope.combat }, { -2, -2, -1, -1 })
  ok(T.terrain.stream.add and T.terrain.slope.add and T.terrain.swamp.half_attack)
end)

test("4.43, 4.47, 5.23, 6.72, 15.12, 16 (15.22), 13.34, T-74: the small lists", function()
  eq(T.cavalry_turn, { 1, 2, 3 })
  eq(T.cavalry_turn_in_zoc, { 2, 3, 4 })
  eq(T.infantry_turn, 1)
  eq(T.kopie, { [1] = 2, [2] = 3 })
  -- T-74: a commander with modifier +1 reaches 3 hexes
  eq(T.command_range[1], 3)
  eq({ T.command_range[2], T.command_range[0] }, { 4, 2 })
  eq(T.archery[2], { 10, 11 })
  eq(T.archery[1], { 11, 12 })
  eq({ T.stacking, T.stacking_with_artillery }, { 2, 4 })
  eq({ T.commander_move, T.commander_death, T.commander_morale }, { 10, 12, 4 })
end)
