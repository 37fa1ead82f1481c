-- The engine around the rules: logs, replay, verification, variants,
-- scenario validation, determinism.
local tmp = os.tmpname()
os.remove(tmp)
os.execute("mkdir -p " .. tmp)
local n = 0
local function tmpfile(name)
  n = n + 1
  return tmp .. "/" .. n .. "-" .. name
end

local runner = require "engine.runner"
local bot = require "engine.bot"
local diff = require "engine.diff"

local function bots(seed) return { A = bot.random(seed, 1), B = bot.random(seed, 2) } end

local function play_duel(seed, path, rs)
  local g = game_module.new { ruleset = rs or "skirmish", scenario = "duel", seed = seed, log = path,
                              durability = "off" }
  local res = assert(runner.play(g, bots(seed)))
  return g, res
end

local function dump(path)
  local log = assert(bitwa.log.open(path, true))
  local out = {}
  for _, a in ipairs(log:actions()) do
    out[#out + 1] = table.concat({ a.n, a.side, a.line, a.turn, a.phase, a.status, a.checksum }, "|")
    for _, d in ipairs(log:decisions(a.n)) do out[#out + 1] = "  d " .. d.answer .. " " .. d.request end
    for _, r in ipairs(log:rolls(a.n)) do out[#out + 1] = "  r " .. r.purpose .. " " .. r.total end
    for _, e in ipairs(log:events(a.n)) do out[#out + 1] = "  e " .. e end
  end
  local m = log:metas()
  for _, k in ipairs(util.sorted_keys(m)) do out[#out + 1] = "m " .. k .. "=" .. m[k] end
  log:close()
  return table.concat(out, "\n")
end

test("log: a whole game is logged and reopens to the same checksum", function()
  local path = tmpfile("g.bitwa")
  local g = play_duel(3, path)
  local final = g:checksum()
  g:close()
  local g2, rep = game_module.open(path, { readonly = true })
  ok(g2, tostring(rep))
  eq(rep.divergence, nil)
  eq(g2:checksum(), final)
  ok(g2:is_over())
  eq(#rep.changed, 0)
  g2:close()
end)

test("determinism: same seed and decisions give the same log, row for row", function()
  local a, b = tmpfile("a.bitwa"), tmpfile("b.bitwa")
  local ga = play_duel(21, a); ga:close()
  local gb = play_duel(21, b); gb:close()
  eq(dump(a), dump(b))
  local c = tmpfile("c.bitwa")
  local gc = play_duel(22, c); gc:close()
  ok(dump(a) ~= dump(c), "another seed gives another game")
end)

test("log: a pending decision survives closing the file", function()
  local path = tmpfile("p.bitwa")
  local g = game_module.new { ruleset = "skirmish", seed = 1, log = path, scenario = {
    map = "skirmish", turns = 2, units = {
      { name = "a", side = "A", kind = "infantry", hex = "0304", facing = "NE", sp = 2, mp = 4 },
      { name = "x", side = "B", kind = "archers", hex = "0503", facing = "SW", sp = 1, mp = 3 } } } }
  local r = g:act("A", "move a 0404")
  eq(r.status, "decision")
  local waiting = g:checksum()
  g:close()
  local g2 = assert(game_module.open(path))
  eq(g2:pending_request().kind, "reaction_fire")
  g2.dice:force { 6 }
  done(g2:answer("fire"))
  eq(g2:unit_table("a").sp, 1)
  g2:close()
  local g3 = assert(game_module.open(path, { readonly = true }))
  eq(g3:unit_table("a").sp, 1)
  eq(g3.pending, nil)
  ok(g3:checksum() ~= waiting)
  g3:close()
end)

test("log: a refused action writes nothing", function()
  local path = tmpfile("r.bitwa")
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1, log = path }
  done(g:act("A", "move R1 0404"))
  local before = dump(path)
  refused(g:act("A", "move R1 0202"), "3.1")
  refused(g:act("B", "move B1 0804"), "2.1")
  eq(dump(path), before)
  g:close()
end)

-- A private copy of skirmish on the search path, to change its rules.
local function shadow_skirmish(edit)
  local dir = tmpfile("rulesets")
  os.execute("mkdir -p " .. dir .. " && cp -r " .. bitwa.home .. "/tests/fixtures/rulesets/skirmish " .. dir .. "/")
  edit(dir .. "/skirmish")
  local orig = ruleset.search_path
  ruleset.search_path = function()
    local t = orig()
    table.insert(t, 1, dir)
    return t
  end
  return function() ruleset.search_path = orig end
end

test("replay --verify: changed rules are found and the first diverging action named", function()
  local path = tmpfile("v.bitwa")
  local g = play_duel(5, path, "skirmish-plus")
  g:close()
  local restore = shadow_skirmish(function(d)
    local t = util.read_file(d .. "/tables.lua")
    t = t:gsub("clear = 1,", "clear = 2,")
    local f = io.open(d .. "/tables.lua", "w") f:write(t) f:close()
  end)
  local log = assert(bitwa.log.open(path, true))
  local okr, g2, rep = pcall(game_module._replay, log, path, { readonly = true, stop_on_divergence = false,
                                                                verify = true })
  restore()
  ok(okr, tostring(g2))
  local kinds = {}
  for _, c in ipairs(rep.changed) do kinds[#kinds + 1] = c.kind .. " " .. c.ruleset .. "/" .. c.name end
  local all = table.concat(kinds, ";")
  ok(all:find("module skirmish/tables.lua", 1, true), all)
  ok(all:find("table skirmish-plus/tables.terrain_cost", 1, true), "the changed table is named: " .. all)
  ok(not all:find("combat", 1, true), "unchanged modules are not named: " .. all)
  ok(rep.divergence, "the replay diverges")
  ok(rep.divergence.n >= 1, "at an action, not at the setup")
  ok(rep.divergence.message:find("checksum"), rep.divergence.message)
  g2:close()
end)

test("diff: skirmish -> skirmish-plus lists the module, function, cell and hook", function()
  local text = diff.format(diff.diff("skirmish", "skirmish-plus"))
  ok(text:find('~ tables.crt[2][2]: "-" -> "DR"', 1, true), text)
  ok(text:find("~ combat.roll_modifier: function replaced: tests/fixtures/rulesets/skirmish/combat.lua", 1, true), text)
  ok(text:find("(cites P4.7)", 1, true), text)
  ok(text:find("+ morale: module added (from skirmish-plus)", 1, true), text)
  ok(text:find('+ phase_hooks["end"].enter[2]: added: "morale.check"', 1, true), text)
  ok(not text:find("movement", 1, true), "unchanged modules are not listed")
end)

test("diff: an overlay shows as the function it wraps", function()
  local text = diff.format(diff.diff("skirmish", "skirmish+no-quarter"))
  ok(text:find("~ combat.apply_result: function replaced", 1, true), text)
  ok(text:find("overlay skirmish/no-quarter", 1, true), text)
  eq(diff.format(diff.diff("skirmish", "skirmish")):match("no differences") ~= nil, true)
end)

local function write(name, text)
  local p = tmpfile(name)
  local f = assert(io.open(p, "w"))
  f:write(text)
  f:close()
  return p
end

local function scenario_error(text)
  local p = write("bad.lua", text)
  local okk, err = pcall(game_module.new, { ruleset = "skirmish", scenario = p, seed = 1 })
  ok(not okk, "the scenario must be refused")
  return type(err) == "table" and err.message or tostring(err), p
end

test("scenario: every problem is reported as file:line: message", function()
  local msg, p = scenario_error([[
scenario { title = "Bad", map = "skirmish", turns = 3 }
unit { "u1", side = "A", kind = "infantry", hex = "0304", facing = "SE", sp = 2 }
unit { "u2", side = "C", kind = "infantry", hex = "0305", sp = 1 }
unit { "u3", side = "A", kind = "dragon", hex = "0306", sp = 1 }
unit { "u4", side = "A", kind = "infantry", hex = "9999", sp = 1 }
unit { "u1", side = "A", kind = "infantry", hex = "0307", sp = 1 }
unit { "u5", side = "A", kind = "infantry", hex = "0308", sp = "two" }
unit { "u6", side = "A", kind = "infantry", hex = "0309", colour = "red" }
unit { "u7", side = "A", kind = "infantry", hex = "0310", facing = "UP" }
reinforcement { turn = 9, side = "B", at = "1205", units = { "ghost" } }
]])
  local rel = p
  local lines = {}
  for l in msg:gmatch("[^\n]+") do lines[#lines + 1] = l:gsub("^.-:(%d+):", "%1:") end
  eq(lines, {
    "3: unit u2: side 'C' is not one of A, B",
    "4: unit u3: kind 'dragon' is not one of infantry, cavalry, archers",
    "5: unit u4: hex 9999 is not on the map",
    "6: unit 'u1' declared twice (first at line 2)",
    "7: unit u5: sp must be an integer, got two",
    "8: unit u6: unknown attribute 'colour'",
    "9: unit u7: bad facing 'UP' (N NE SE S SW NW)",
    "10: reinforcement: turn must be an integer from 1 to 3",
    "10: reinforcement: no unit 'ghost' is declared",
  })
  ok(msg:find(rel, 1, true), "the file is named")
end)

test("scenario: a syntax error and a runaway loop are reported with their line", function()
  local msg = scenario_error("scenario { title = 'x', map = 'skirmish'\nunit {")
  ok(msg:find(":3: ") or msg:find(":2: "), msg)
  msg = scenario_error("scenario { title = 'x', map = 'skirmish' }\nwhile true do end\n")
  ok(msg:find(":2: instruction budget exceeded", 1, true), msg)
  msg = scenario_error("scenario { title = 'x', map = 'nowhere' }\n")
  ok(msg:find("no map 'nowhere'", 1, true), msg)
end)

test("scenario: a declaration's metamethods never run outside the budget", function()
  local t0 = os.clock()
  local msg = scenario_error("scenario { title = 'x', map = 'skirmish' }\n" ..
    "unit(setmetatable({}, { __index = function() while true do end end }))\n")
  ok(msg:find(":2: unit: a name is required", 1, true), msg)
  ok(os.clock() - t0 < 5, "no hang")
end)

test("map: errors name the file and line", function()
  local mapfile = require "engine.mapfile"
  local m, err = mapfile.parse("map x\ncolumns 1-5\nrows 1-5\nparity odd-down\ndefault clear\nterrain lava 0101\n",
    "x.map", { terrain = { "clear" }, edges = { "river" } })
  eq(m, nil)
  ok(err:match("^x%.map:6: "), err)
end)

test("clone: a clone plays on without touching the original", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local before = g:checksum()
  local c = g:clone()
  done(c:act("A", "move R1 0404"))
  eq(g:checksum(), before)
  ok(c:checksum() ~= before)
  eq(g:unit_table("R1").hex, "0304")
end)

test("phases: an action outside its phase cites the phase's rule", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local r = g:act("A", "attack R1 B1")
  refused(r, "2.1")
  ok(r.message:find("allowed: move, turn, burn, end", 1, true), r.message)
  refused(g:act("A", "fly R1"), "")
  refused(g:act("A", "move R1"), "")
  refused(g:act("A", "move R1 0404 extra"), "")
  refused(g:act("A", "move Nobody 0404"), "")
end)

test("queries: rule code answering a query cannot change the game", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local before = g:checksum()
  local okk, err = pcall(g.query, g, function() g.rs.api.unit("R1").sp = 0 end)
  ok(not okk, "the write is refused")
  ok(tostring(err):find("a query cannot change the game", 1, true), tostring(err))
  okk, err = pcall(g.query, g, function() return g.rs.api.d6("peek") end)
  ok(not okk, "a query cannot roll the game's dice")
  eq(g:checksum(), before)
  eq(g:unit_table("R1").sp, 2)
end)

test("legal actions: every listed action is accepted", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local legal = g:legal_actions("A")
  ok(#legal > 3)
  for _, a in ipairs(legal) do
    local c = g:clone()
    local r = c:act(a.side, a.line)
    ok(r.status == "done" or r.status == "decision", a.line .. ": " .. tostring(r.message))
  end
end)

-- The map in play: overlays of the printed map as state (Game:current_map).
local function map_game(log)
  return game_module.new { ruleset = "skirmish", seed = 1, log = log, durability = "off", scenario = {
    map = "skirmish", turns = 2, units = {
      { name = "a", side = "A", kind = "infantry", hex = "0605", facing = "SE", sp = 1 },
      { name = "v", side = "A", kind = "infantry", hex = "0905", facing = "N", sp = 1 },
      { name = "b", side = "B", kind = "infantry", hex = "1010", facing = "N", sp = 1 } } } }
end
local function map_terrain(g, label)
  return g:query(function() return g.rs.api.map.terrain(bitwa.hex.parse(label)) end)
end

test("map in play: a change is refused while the game is read-only (a query, a bot's look)", function()
  local g = map_game()
  local api, h = g.rs.api, bitwa.hex.parse("0905")
  local before = g:checksum()
  local okk, err = pcall(g.query, g, function() api.map.set_terrain(h, "clear") end)
  ok(not okk and tostring(err):find("a query cannot change the game (bitwa.map.set_terrain)", 1, true), tostring(err))
  okk, err = pcall(g.query, g, function() api.map.set_edge(bitwa.hex.parse("0605"), 2, "bridge", false) end)
  ok(not okk and tostring(err):find("bitwa.map.set_edge", 1, true), tostring(err))
  okk, err = pcall(g.query, g, function() api.set_var("map.terrain.0905", "clear") end)
  ok(not okk, "the map's variables are not written as plain variables")
  eq(map_terrain(g, "0905"), "village")
  eq(g:checksum(), before)
end)

test("map in play: bad arguments are errors naming the call", function()
  local g = map_game()
  local api = g.rs.api
  local function try(f)
    local r = g:_start({ n = g.n + 1, side = "A", line = "probe", turn = 1, phase = "A.move" }, f)
    eq(r.status, "error")
    return r.message
  end
  ok(try(function() api.map.set_terrain(bitwa.hex.parse("0905"), "lava") end):find("unknown terrain 'lava'", 1, true))
  ok(try(function() api.map.set_terrain(bitwa.hex.parse("9999"), "clear") end):find("a hex on the map", 1, true))
  ok(try(function() api.map.set_terrain("0905", "clear") end):find("a hex on the map", 1, true))
  ok(try(function() api.map.set_edge(bitwa.hex.parse("0605"), 7, "bridge", false) end):find("direction", 1, true))
  ok(try(function() api.map.set_edge(bitwa.hex.parse("0605"), 2, "wall", true) end):find("unknown hexside feature 'wall'", 1, true))
  ok(try(function() api.map.set_edge(bitwa.hex.parse("0605"), 2, "bridge", 0) end):find("true or false", 1, true))
  eq(map_terrain(g, "0905"), "village")
end)

test("map in play: a refused action takes its map changes back with it", function()
  local g = map_game()
  local api = g.rs.api
  local before = g:checksum()
  local r = g:_start({ n = g.n + 1, side = "A", line = "probe", turn = 1, phase = "A.move" }, function()
    api.map.set_terrain(bitwa.hex.parse("0905"), "swamp")
    api.map.set_edge(bitwa.hex.parse("0705"), 5, "bridge", false)   -- the bridge, named from the east bank
    if api.map.terrain(bitwa.hex.parse("0905")) ~= "swamp" then error("not seen in the action") end
    if api.map.has_edge(bitwa.hex.parse("0605"), 2, "bridge") then error("the other side not seen") end
    api.refuse("9.9", "changed my mind")
  end)
  refused(r, "9.9")
  eq(map_terrain(g, "0905"), "village")
  eq(g:query(function() return g.rs.api.map.has_edge(bitwa.hex.parse("0605"), 2, "bridge") end), true)
  eq(g:checksum(), before)
end)

test("map in play: setting the printed value back leaves no trace; a game with changes replays with --verify", function()
  local path = tmpfile("m.bitwa")
  local g = map_game()
  local before = g:checksum()
  local api = g.rs.api
  done(g:_start({ n = g.n + 1, side = "A", line = "probe", turn = 1, phase = "A.move" }, function()
    api.map.set_terrain(bitwa.hex.parse("0905"), "swamp")
    api.map.set_terrain(bitwa.hex.parse("0905"), "village")
    api.map.set_edge(bitwa.hex.parse("0605"), 2, "bridge", false)
    api.map.set_edge(bitwa.hex.parse("0605"), 2, "bridge", true)
  end))
  eq(g:checksum(), before, "back to the print: the same state")
  g = map_game(path)
  done(g:act("A", "burn a"))
  done(g:act("A", "burn v"))
  local final = g:checksum()
  g:close()
  local g2, rep = game_module.open(path, { readonly = true })
  ok(g2, tostring(rep))
  eq(rep.divergence, nil)
  eq(g2:checksum(), final)
  eq(map_terrain(g2, "0905"), "clear")
  ok(dump(path):find("map.terrain.0905", 1, true), "the change is logged")
  g2:close()
end)

test("map in play: a scenario cannot set the map's variables", function()
  local okk, err = pcall(game_module.new, { ruleset = "skirmish", seed = 1, scenario = {
    map = "skirmish", vars = { { "map.terrain.0905", "clear" } },
    units = { { name = "a", side = "A", kind = "infantry", hex = "0605", facing = "SE" },
              { name = "b", side = "B", kind = "infantry", hex = "1010", facing = "N" } } } })
  ok(not okk and tostring(err):find("map.*", 1, true), tostring(err))
end)

test("map in play: clones change their own map; a clone given another state reads that state's map", function()
  local g = map_game()
  eq(map_terrain(g, "0905"), "village")
  local c = g:clone()
  done(c:act("A", "burn v"))
  eq(map_terrain(c, "0905"), "clear")
  eq(map_terrain(g, "0905"), "village", "the original's map is untouched")
  local before = g.state:clone()
  done(g:act("A", "burn v"))
  eq(map_terrain(g, "0905"), "clear")
  local d = g:clone()
  d.state = before                          -- as a bot replays an action from its snapshot
  eq(map_terrain(d, "0905"), "village")
  eq(map_terrain(g, "0905"), "clear")
end)
