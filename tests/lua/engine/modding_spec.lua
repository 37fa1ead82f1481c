-- What a ruleset declares so that a modder's files are checked before a
-- game meets them (the fixture ruleset `checked`): attribute ranges and
-- values, attributes naming units, the attributes a kind needs, option
-- values and bounds, the ruleset's sides, map names resolved from the
-- scenario's folder, a "did you mean" for a misspelt name, and the book's
-- names of table cells.
local diff = require "engine.diff"
local json = require "engine.json"
local mapfile = require "engine.mapfile"
local scenario = require "engine.scenario"

local tmp = os.tmpname()
os.remove(tmp)
os.execute("mkdir -p " .. tmp)
local n = 0
-- a scenario file (and the files next to it) in a fresh folder
local function file_with(text, extra)
  n = n + 1
  local d = tmp .. "/" .. n
  os.execute("mkdir -p " .. d)
  for name, t in pairs(extra or {}) do
    local f = assert(io.open(d .. "/" .. name, "w")); f:write(t); f:close()
  end
  local f = assert(io.open(d .. "/battle.lua", "w")); f:write(text); f:close()
  return d .. "/battle.lua"
end

-- every problem of the scenario file played with rsname, as "LINE: message"
local function problems(rsname, path, options)
  local okk, err = pcall(game_module.new, { ruleset = rsname, scenario = path, seed = 1, options = options })
  if okk then return {} end
  local out = {}
  for _, e in ipairs(type(err) == "table" and err.errors or {}) do out[#out + 1] = e.line .. ": " .. e.msg end
  if #out == 0 then out[1] = tostring(err) end
  return out
end

local HEAD = 'scenario { title = "T", map = "skirmish", turns = 2 }\nside { "A" }\nside { "B" }\n'

test("modding: the muster scenario, every declaration right, starts", function()
  local g = game { ruleset = "checked", scenario = "muster" }
  eq(g.options.drill, "column", "the scenario's option")
  eq(with(g, function(bitwa) return bitwa.unit("R1").captain end), "CA")
end)

test("modding: ranges, values, references and required attributes, each at its line", function()
  local p = file_with(HEAD ..
    'unit { "CA", side = "A", kind = "captain", hex = "0303", sp = 0 }\n' ..                       -- 4
    'unit { "R1", side = "A", kind = "infantry", hex = "0304", sp = 7, mp = -1 }\n' ..              -- 5
    'unit { "R2", side = "A", kind = "infantry", hex = "0305", stance = "loose", captain = "CX" }\n' .. -- 6
    'unit { "B1", side = "B", kind = "infantry", hex = "0905", captain = "CA" }\n' ..               -- 7
    'unit { "B2", side = "B", kind = "infantry", hex = "0906", captain = "B1" }\n')                 -- 8
  eq(problems("checked", p), {
    "4: unit CA: a captain needs mp (ruleset checked gives no default for it)",
    "5: unit R1: mp -1 is out of range (at least 0)",
    "5: unit R1: sp 7 is out of range (0 to 6)",
    "6: unit R2: stance \"loose\" is not one of \"\", \"open\", \"closed\"",
    "6: unit R2: captain 'CX' is not a captain of the scenario (did you mean 'CA'?)",
    "7: unit B1: captain 'CA' is of side A, not B",
    "8: unit B2: captain 'B1' is a infantry, not a captain",
  })
end)

test("modding: an inline scenario (a rules test's situation) is checked for types only", function()
  local g = game { ruleset = "checked", scenario = { map = "skirmish", turns = 1, units = {
    { name = "R1", side = "A", kind = "infantry", hex = "0304", sp = 9, captain = "nobody" },
    { name = "C1", side = "A", kind = "captain", hex = "0305" } } } }
  eq(with(g, function(bitwa) return bitwa.unit("R1").sp end), 9)
end)

test("modding: misspelt names get a did you mean", function()
  local p = file_with('scenario { title = "T", mpa = "skirmish", map = "skirmsh", turns = 2 }\n' ..
    'side { "A", nmae = "Red" }\nside { "B" }\n' ..
    'unit { "R1", side = "A", kind = "infantyr", hex = "0304", spp = 2 }\n' ..
    'unit { "B1", side = "B", kind = "infantry", hex = "0905", zone = "wset" }\n' ..
    'zone { "west", "0101" }\n' ..
    'reinforcement { turn = 2, side = "B", at = "1205", unist = { "B1" } }\n')
  eq(problems("checked", p), {
    "1: scenario: no map 'skirmsh' (did you mean 'skirmish'?) (maps: skirmish)",
    "1: scenario: unknown field 'mpa' (did you mean 'map'?)",
    "2: side: unknown field 'nmae' (did you mean 'name'?)",
    "4: unit R1: kind 'infantyr' is not one of infantry, cavalry, archers, captain (did you mean 'infantry'?)",
    "4: unit R1: unknown attribute 'spp' (did you mean 'sp'?)",
    "5: unit B1: no zone 'wset' (did you mean 'west'?)",
    "7: reinforcement: unknown field 'unist' (did you mean 'units'?)",
  })
  eq(mapfile.suggest("A", { "B" }), nil, "no guess for one letter")
  eq(mapfile.suggest("xyzzy", { "forest", "clear" }), nil, "nor for a word far from every name")
  eq(mapfile.suggest("Forset", { "forest", "clear" }), "forest", "a swap, case ignored")
end)

test("modding: the scenario's sides are the ruleset's", function()
  local one = file_with('scenario { title = "T", map = "skirmish", turns = 2 }\nside { "A" }\n' ..
    'unit { "R1", side = "A", kind = "infantry", hex = "0304" }\n')
  eq(problems("checked", one), { "2: the scenario declares one side (A) but ruleset checked plays A, B: declare side { \"B\" } too" })
  local foreign = file_with('scenario { title = "T", map = "skirmish", turns = 2 }\nside { "A" }\nside { "C" }\n' ..
    'unit { "R1", side = "A", kind = "infantry", hex = "0304" }\nunit { "C1", side = "C", kind = "infantry", hex = "0905" }\n')
  eq(problems("checked", foreign), {
    "2: the scenario's sides (A, C) are not ruleset checked's (A, B): play it with the ruleset it was written for",
    "3: side 'C' is not one of ruleset checked's sides (A, B)" })
  -- a child ruleset plays its parent's scenarios while its sides are the parent's
  eq(scenario.list(ruleset.load("checked")), { "duel", "muster" })
  eq(scenario.list(ruleset.load("legnica")), { "bohemian-mile", "czech-rescue", "henry-ii" })
  local okk, err = pcall(game_module.new, { ruleset = "legnica", scenario = "clash-of-titans" })
  ok(not okk and tostring(err):find("is written for other sides than legnica's (PL, MO)", 1, true), tostring(err))
end)

test("modding: a map is looked for in the scenario's folder, then in the ruleset's maps", function()
  local map = "map ford\ncolumns 1-4\nrows 1-5\nparity odd-down\ndefault clear\nterrain forest 0303\n"
  local p = file_with('scenario { title = "T", map = "ford", turns = 2 }\n' ..
    'unit { "R1", side = "A", kind = "infantry", hex = "0202" }\nunit { "B1", side = "B", kind = "infantry", hex = "0204" }\n',
    { ["ford.map"] = map })
  local g = game_module.new { ruleset = "checked", scenario = p, seed = 1 }
  eq(g.map:terrain(bitwa.hex.parse("0303")), 1, "the folder's map: 0303 is forest")
  eq(g.mapdata.rel, ruleset.relpath(p:gsub("battle%.lua$", "ford.map")))
  local up = file_with('scenario { title = "T", map = "../1/ford", turns = 2 }\n')
  eq(problems("checked", up), { "1: map '../1/ford': a map name expected, not a path out of the folder" })
  -- a broken map: its own errors, with the scenario's
  local broken = file_with('scenario { title = "T", map = "ford", turns = 2 }\nunit { "R1", side = "A", kind = "infantyr" }\n',
    { ["ford.map"] = "map ford\ncolumns 1-4\nrows 1-x\nparity odd-down\ndefault lava\n" })
  local okk, err = pcall(game_module.new, { ruleset = "checked", scenario = broken, seed = 1 })
  ok(not okk)
  local lines = {}
  for l in err.message:gmatch("[^\n]+") do lines[#lines + 1] = l:gsub("^.*/", "") end
  eq(lines, { "ford.map:3: bad rows '1-x' (expected FIRST-LAST, e.g. 0-31)",
              "ford.map:5: unknown terrain 'lava' (allowed: clear, forest, hill, village, swamp)",
              "battle.lua:2: unit R1: kind 'infantyr' is not one of infantry, cavalry, archers, captain (did you mean 'infantry'?)",
              "battle.lua:2: unit R1: no hex (give hex = \"CCRR\", list it in a reinforcement, or say starts_off_map = true)" })
end)

test("modding: option values and bounds", function()
  local rs = ruleset.load("checked")
  eq(ruleset.check_option(rs.manifest, "drill", "column"), "column")
  eq(select(2, ruleset.check_option(rs.manifest, "drill", "square")), "option 'drill': 'square' is not one of line, column")
  eq(ruleset.check_option(rs.manifest, "stacking_limit", "3"), 3, "a string from the command line")
  eq(select(2, ruleset.check_option(rs.manifest, "stacking_limit", "9")), "option 'stacking_limit': 9 is out of range (1 to 6)")
  eq(select(2, ruleset.check_option(rs.manifest, "stacking_limit", "x")), "option 'stacking_limit': an integer expected, got 'x'")
  eq(select(2, ruleset.check_option(rs.manifest, "dril", "line")),
    "unknown option 'dril' (did you mean 'drill'?) (options: drill, stacking_limit)")
  local okk, err = pcall(game_module.new, { ruleset = "checked", scenario = "duel", options = { drill = "square" } })
  ok(not okk and tostring(err):find("'square' is not one of line, column", 1, true), tostring(err))
  local p = file_with('scenario { title = "T", map = "skirmish", turns = 2, options = { drill = "wedge" } }\n' ..
    'unit { "R1", side = "A", kind = "infantry", hex = "0304" }\nunit { "B1", side = "B", kind = "infantry", hex = "0905" }\n')
  eq(problems("checked", p), { "1: options: option 'drill': 'wedge' is not one of line, column" })
end)

test("modding: table cells in the book's terms; each printed cell read against its fields", function()
  local rs = ruleset.load("checked", { freeze = false })
  eq({ diff.cell_name(rs.manifest.tables, rs.modules, "tables.crt[2][5]") }, { "COMBAT RESULTS, ratio 1:1, roll 5" })
  eq({ diff.cell_name(rs.manifest.tables, rs.modules, "tables.results[4].def_retreat") }, { "RESULT KEY, result DR", "def_retreat" })
  eq(diff.cell_name(rs.manifest.tables, rs.modules, "tables.terrain_cost.forest"), nil, "not a declared table")
  eq(diff.check_tables(rs), {}, "every result agrees with its fields")
  rs.modules.tables.results[2].att_loss = 2
  rs.modules.tables.results[3].printed = "D?"
  eq(diff.check_tables(rs), {
    "tests/fixtures/rulesets/checked/tables.lua: RESULT KEY, result A1: printed \"A1\" reads att_loss = 1 (the cell has 2)",
    "tests/fixtures/rulesets/checked/tables.lua: RESULT KEY, result D?: tables.read_result cannot read \"D?\"" })
end)

test("modding: a game file records every option in force, defaults included, and reopens under them", function()
  local path = os.tmpname()
  os.remove(path)
  local g = game_module.new { ruleset = "checked", scenario = "muster", seed = 1, log = path, durability = "off",
                              options = { stacking_limit = 4 } }
  g:close()
  local log = assert(bitwa.log.open(path, true))
  local m = log:metas()
  log:close()
  -- the scenario's drill, the game's own stacking limit: and no default left out, so that a
  -- later change of a default cannot change the reading this game was played under
  eq(json.decode(m.options), { drill = "column", stacking_limit = 4 })
  local g2 = assert(game_module.open(path, { readonly = true }))
  eq(g2.options.drill, "column")
  eq(g2.options.stacking_limit, 4)
  g2:close()
  os.remove(path)
end)

test("modding: a reinforcement whose units are not a list is reported at its line", function()
  local p = file_with(HEAD ..
    'unit { "R1", side = "A", kind = "infantry", hex = "0304", sp = 2 }\n' ..                       -- 4
    'reinforcement { turn = 2, side = "A", at = "0301", units = 1 }\n')                             -- 5
  eq(problems("checked", p), { "5: reinforcement: units must be a list of unit names" })
end)
