-- The `bitwa play` prompt (lua/engine/prompt.lua) and the grouped legal
-- actions (lua/engine/actionlist.lua), on every ruleset: the summary of
-- the position, a unit's values in the book's terms, a side's units, the
-- orders of the phase, completion, what an action did, the loop with a
-- bot's answer printed.
local prompt = require "engine.prompt"
local actionlist = require "engine.actionlist"
local paths = require "engine.paths"
local roles = require "engine.roles"

local function has(lines, text, what)
  for _, l in ipairs(lines) do if l:find(text, 1, true) then return l end end
  error((what and (what .. ": ") or "") .. "'" .. text .. "' not in:\n" .. table.concat(lines, "\n"), 2)
end
local function hasnt(lines, text, what)
  for _, l in ipairs(lines) do
    if l:find(text, 1, true) then error((what and (what .. ": ") or "") .. "'" .. text .. "' in " .. l, 2) end
  end
end
local function set(list)
  local t = {}
  for _, x in ipairs(list) do t[x] = true end
  return t
end

test("actions: Clash of Titans' 2497 lines grouped by unit and order kind", function()
  local g = game { ruleset = "grunwald", scenario = "clash-of-titans", seed = 3 }
  local legal = paths.listing(g, g:legal_actions())
  eq(#legal, 2497)
  local groups = actionlist.group(g, legal)
  local lines = actionlist.lines(groups)
  eq(#lines, 99, "one line per unit and kind (and end)")
  local n = 0
  for _, e in ipairs(groups) do n = n + #e.lines end
  eq(n, 2497, "every line in a group")
  eq(has(lines, "PL move Jagiello HEX"), "PL move Jagiello HEX            128 hexes, 1 to 8 away (nearest 2822, farthest 3622)")
  has(lines, "PL move Chase-1 keep|HEX        5 hexes, 1 to 2 away (nearest 1516, farthest 1318)")
  eq(lines[#lines], "PL end")
  -- a group's hexes are the hexes of its lines, each once
  for _, e in ipairs(groups) do
    if e.pattern == "move Jagiello HEX" then
      eq(#e.hexes, 128)
      eq(#e.lines, 128)
      ok(set(e.hexes)["3622"] and set(e.hexes)["2822"])
    end
  end
end)

test("actions: facings grouped (the plain legal lines of the fixture: every turn)", function()
  local g = game { ruleset = "skirmish", scenario = "duel", seed = 5 }
  local legal = g:legal_actions("A")
  local lines = actionlist.lines(actionlist.group(g, legal))
  -- R1 stands at 0304 facing SE: it may turn a vertex either way
  eq(has(lines, "A turn R1"), "A turn R1 FACING  facings NE S")
  ok(#lines < #legal, #lines .. " rows for " .. #legal .. " lines")
  -- the path orders: one facing per hex, not repeated
  local listed = actionlist.lines(actionlist.group(g, paths.listing(g, legal)))
  has(listed, "A move R2 HEX FACING  48 hexes, 1 to 5 away (nearest 0305, farthest 0402)")
  hasnt(listed, "facings", "a path order's facing is the cheapest way's")
end)

test("actions: a unit's lines, every one; a few hexes are named with their distance", function()
  local g = game { ruleset = "husaria", scenario = "kircholm", seed = 1 }
  local legal = g:legal_actions()
  local mine = actionlist.of_unit(g, legal, "Gosiewski")
  eq(#mine, 2)
  for _, a in ipairs(mine) do ok(a.line:match("^deploy Gosiewski "), a.line) end
  has(actionlist.lines(actionlist.group(g, legal)),
    "PL deploy Gosiewski HEX FACING       2 hexes: 3812 (1 away), 3915 (3 away)")
end)

test("prompt: the summary on every ruleset: turn, phase, who acts, the sides, VP, tracks", function()
  for _, t in ipairs {
    { "grunwald", "clash-of-titans", "turn 1/16, phase A.cavalry_move (2.1): PL to act",
      "PL   110 units 178 SP, 6 leaders, banner x2, 8 off the map, formation movement x2", "VP: PL 0, TO 0" },
    { "legnica", "henry-ii", "turn 1/20, phase A.cavalry_move (2.1): PL to act",
      "MO   160 units 320 SP, 4 leaders, banner x4", "VP: PL 0, MO 0" },
    { "husaria", "kircholm", "turn 11/20, phase A.deploy (3.1): PL to act", "PL   46 units 87 SP, 9 leaders, wagon x6",
      "tracks: Stage 11; Morale track (fields for PL; SW if negative) 3" },
    { "skirmish", "duel", "turn 1/4, phase A.move (2.1): A to act", "B    3 units 4 SP, 1 off the map" },
    -- the fixture's roles: strength "str", leaders "chief", markers "wagon"
    { "stages", "late", "phase", " STR" },
  } do
    local g = game { ruleset = t[1], scenario = t[2], seed = 1 }
    local s = prompt.summary(g)
    ok(#s <= 8, t[1] .. ": a summary, not every attribute (" .. #s .. " lines)")
    for i = 3, #t do has(s, t[i], t[1]) end
  end
end)

test("prompt: the summary says what the last action did and counts states (roles.states)", function()
  local g = game { ruleset = "grunwald", scenario = "clash-of-titans", seed = 3 }
  done(g:act("PL", "move Chase-1 1516"))
  local s = prompt.summary(g)
  has(s, "last: action 2, PL move Chase-1 1516 (Chase-1: 1517 -> 1516, mp_left 8 -> 4, " ..
    "condition none -> disorganized)")
  has(s, "condition disorganized x1")
end)

test("prompt: what an action did: rolls, notes, units; a phase's refresh counted, not listed", function()
  local g = game { ruleset = "skirmish", scenario = "duel", seed = 5 }
  local r = g:act("A", "move R2 0805 NE")
  eq(r.status, "decision")
  r = g:answer("fire")
  done(r)
  local d = prompt.describe(g, r)
  eq(d[1], "roll reaction fire (3.7): 1d6 = 2")
  has(d, "R2: 0306 -> 0406 -> 0505 -> 0605 -> 0705 -> 0805")
  hasnt(d, "mp_left =", "no raw event")
  local g2 = game { ruleset = "grunwald", scenario = "clash-of-titans", seed = 3 }
  done(g2:act("PL", "end"))
  done(g2:act("PL", "end"))
  local d2 = prompt.describe(g2, { events = g2.last.events })
  eq(d2[#d2], "14 units: mp_left changed (`last` lists them)")
  -- the summary's last line names the units, not the rules' notes
  g2.last = { action = { n = 9, side = "PL", line = "end" },
              events = { "Witold: fatigue 0 -> 1 (14.1.3)", "#" .. g2:find_unit("Witold") .. ".fatigue = 1 (was 0)" } }
  eq(prompt.last_line(g2), "last: action 9, PL end (Witold: fatigue 0 -> 1)")
end)

test("prompt: show UNIT gives its values in the book's terms (attribute docs, whole points)", function()
  local g = game { ruleset = "grunwald", scenario = "clash-of-titans", seed = 3 }
  local s = prompt.show_unit(g, "Chase-1")
  eq(s[1], "Chase-1: PL cavalry, at 1517 facing N")
  has(s, "  sp           2          strength points, SP [1.2]")
  has(s, "  armour       1          armour level 0-2 [1.2]")
  has(s, "  mp_left      8          MP left this phase", "48 sixths shown as 8 MP")
  has(s, "  leader       Andrzej    the leader it is assigned to [13.1.5]")
  has(s, "    PL move Chase-1 keep|HEX  5 hexes, 1 to 2 away (nearest 1516, farthest 1318)", "its orders")
  hasnt(s, "road_move", "bookkeeping at its default is not shown")
  local none, err = prompt.show_unit(g, "Chase-9")
  eq(none, nil)
  ok(err:find("no unit 'Chase-9'", 1, true) and err:find("did you mean", 1, true), err)
  -- a part of a point
  local id = g:find_unit("Chase-1")
  for i, sl in ipairs(g.state:slots()) do if sl.name == "mp_left" then g.state:set(id, i, 41) end end
  has(prompt.show_unit(g, "Chase-1"), "  mp_left      6 5/6      MP left this phase")
  -- Husaria's own docs; a unit of the other side: no orders
  local h = game { ruleset = "husaria", scenario = "kircholm", seed = 1 }
  local hs = prompt.show_unit(h, "Gosiewski")
  has(hs, "  stars        full       musketeers: full star shoots once, hollow twice [12.2]")
  has(hs, "PL deploy Gosiewski HEX FACING")
end)

test("prompt: show --side lists a side's pieces, one line each", function()
  local g = game { ruleset = "skirmish", scenario = "duel", seed = 5 }
  local s = prompt.show_side(g, "B")
  eq(s[1], "B: 4 pieces")
  has(s, "  B4   infantry off       sp 1")
  has(s, "  B3   archers  0804  SW  sp 1")
  local none, err = prompt.show_side(g, "C")
  eq(none, nil)
  eq(err, "no side 'C' (sides: A, B)")
end)

test("prompt: help lists the phase's orders with their usage and the prompt's words", function()
  local g = game { ruleset = "grunwald", scenario = "clash-of-titans", seed = 3 }
  local h = prompt.help(g)
  eq(h[1], "orders in phase A.cavalry_move (2.1):")
  has(h, "  move UNIT [keep]             67 units can now (128 lines)")
  has(h, "  move UNIT HEX [FACING]       a path order")
  has(h, "  turn UNIT FACING             110 units can now (550 lines)")
  has(h, "  enter UNIT HEX FACING        none now")
  has(h, "  end ")
  hasnt(h, "attack", "no order of another phase")
  has(h, "show [UNIT | --side SIDE | --all]")
  -- Legnica's own move form; a pending decision lists its options
  has(prompt.help(game { ruleset = "legnica", scenario = "henry-ii", seed = 1 }), "  move UNIT [keep|reduce] ")
  local d = game { ruleset = "skirmish", scenario = "duel", seed = 5 }
  eq(d:act("A", "move R2 0805 NE").status, "decision")
  local dh = prompt.help(d)
  eq(dh[1], "B must decide: B3 may fire at R2")
  eq(dh[2], "  answer with one of: fire | hold")
end)

test("prompt: completion of commands, action words, unit names, hexes, facings, options", function()
  local g = game { ruleset = "grunwald", scenario = "clash-of-titans", seed = 3 }
  local complete = prompt.completer(g)
  local first = set(complete("", ""))
  ok(first.move and first.turn and first.pass_banner and first["end"] and first.show and first.help,
    "commands and the kinds legal now")
  ok(not first.attack, "no kind of another phase")
  eq(complete("", "pass"), { "pass_banner" })
  eq(complete("show ", "Jagi"), { "Jagiello" })
  eq(complete("show ", "Chase-"), { "Chase-1", "Chase-2" })
  eq(complete("show --side ", ""), { "PL", "TO" })
  eq(complete("move ", "Poznan-"), { "Poznan-1" }, "the units that have a move now")
  eq(complete("move Poznan-1 ", "161"), { "1616", "1615", "1614", "1613", "1612", "1611", "1610" },
    "the hexes it can reach")
  ok(set(complete("move Poznan-1 ", "")).keep, "and its own form's word")
  eq(complete("move Poznan-1 1616 ", "N"), { "N", "NE", "NW" }, "a path order's facing")
  eq(complete("pass_banner PL-Banner-Krakow ", "Dob"), { "Dobrzyn-1", "Dobrzyn-2" })
  -- Husaria's deploy: hexes, then the facing
  local h = game { ruleset = "husaria", scenario = "kircholm", seed = 1 }
  local hc = prompt.completer(h)
  eq(hc("deploy Gosiewski ", ""), { "3812", "3915" })
  eq(hc("deploy Gosiewski 3812 ", ""), { "NW" })
  -- a decision: its options
  local d = game { ruleset = "skirmish", scenario = "duel", seed = 5 }
  eq(d:act("A", "move R2 0805 NE").status, "decision")
  local dc = prompt.completer(d)
  eq(dc("", "f"), { "fire" })
  eq(dc("", "h"), { "help", "hold" })
  -- options of several words: word by word
  d.pending.request = { side = "B", kind = "countercharge", prompt = "?",
                        options = { "countercharge K1 P1", "countercharge K2 P1", "pass" } }
  local dc2 = prompt.completer(d)
  eq(dc2("", "co"), { "countercharge K1 P1", "countercharge K2 P1" })
  eq(dc2("countercharge ", ""), { "K1", "K2" })
  eq(dc2("countercharge K2 ", ""), { "P1" })
end)

test("prompt: a unit list completes after its comma", function()
  local g = game { ruleset = "skirmish", scenario = "duel", seed = 5 }
  -- stubbed legal lines: attacks by a list of units
  local legal = { { side = "A", line = "attack R1,R2 B1" }, { side = "A", line = "attack R1,R3 B1" },
                  { side = "A", line = "end" } }
  g.legal_actions = function() return legal end
  local complete = prompt.completer(g)
  eq(complete("attack ", "R"), { "R1", "R2", "R3" })
  eq(complete("attack R1,", ""), { "R2", "R3" })
  eq(complete("attack R1,R2 ", ""), { "B1" })
end)

test("prompt: the loop prints a bot's answer, what it did, and refusals with their rule", function()
  -- seed 11: the random bot (its draws a keyed hash of the seed) fires
  local g = game { ruleset = "skirmish", scenario = "duel", seed = 11 }
  local input = { "show R2", "move R2 0101 N", "move R2 0805 NE", "quit" }
  local out, refusals, prompts = {}, {}, {}
  local bot = require("engine.bot").make("random", g.seed, 2)
  prompt.run(g, {
    bots = { B = bot },
    read = function(p, complete)
      prompts[#prompts + 1] = p
      ok(type(complete) == "function", "a completer is given")
      return table.remove(input, 1)
    end,
    write = function(text) out[#out + 1] = text end,
    report = function(r) refusals[#refusals + 1] = r end,
    show_all = function() end,
  })
  local text = table.concat(out)
  local lines = {}
  for l in text:gmatch("[^\n]+") do lines[#lines + 1] = l end
  has(lines, "turn 1/4, phase A.move (2.1): A to act")
  has(lines, "R2: A cavalry, at 0306 facing NE")
  eq(#refusals, 1)
  eq(refusals[1].status, "refused")
  has(lines, "[bot B] answers fire (B3 may fire at R2)", "the bot's answer, not the action's line")
  has(lines, "  roll reaction fire (3.7): 1d6 = 2")
  eq(prompts[1], "turn 1 A.move, A> ")
  eq(g:unit_table("R2").hex, "0805")
end)

test("roles: states is a list of attributes", function()
  eq(roles.check { states = "condition" }, "roles.states: a list of attributes expected")
  eq(roles.check { states = { 1 } }, "roles.states[1]: an attribute expected")
  eq(roles.check { states = { "condition" } }, nil)
  eq(roles.resolve({ roles = { states = { "condition" } } }).states, { "condition" })
  eq(roles.resolve({}).states, {})
end)

test("roles: balance is a list of variables, read by bitwa.roles()", function()
  eq(roles.check { balance = "morale" }, "roles.balance: a list of variables expected")
  eq(roles.check { balance = { 2 } }, "roles.balance[1]: a variable expected")
  eq(roles.check { balance = { "morale" } }, nil)
  ok(roles.check { balanse = { "morale" } }:find("unknown role 'balanse'", 1, true))
  eq(roles.resolve({ roles = { balance = { "morale" } } }).balance, { "morale" })
  eq(roles.resolve({}).balance, {})
  local g = game { ruleset = "grunwald", seed = 1, scenario = { map = "test-field", turns = 1, units = {} } }
  local got
  g:query(function() got = g.rs.api.roles().balance end)
  eq(got, { "morale" }, "Grunwald's MORALE track")
end)

test("prompt: undo takes back the last actions as bitwa undo does, never a bot's, and the file with them", function()
  local path = os.tmpname()
  os.remove(path)
  path = path .. ".bitwa"
  local g0 = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 3, log = path, durability = "off" }
  g0:close()
  local g = assert(game_module.open(path))
  local input = { "move R1 0404", "undo", "show R1", "undo", "undo 0", "move R2 0305", "end", "end", "undo", "quit" }
  local out, cur = {}, g
  prompt.run(g, {
    bots = { B = require("engine.bot").make("rules", g.seed, 2) },
    read = function() return table.remove(input, 1) end,
    write = function(text) out[#out + 1] = text end,
    report = function(r) out[#out + 1] = "refused " .. tostring(r.message) .. "\n" end,
    show_all = function() end,
    on_game = function(g2) cur = g2 end,
  })
  local lines = {}
  for l in table.concat(out):gmatch("[^\n]+") do lines[#lines + 1] = l end
  has(lines, "took back action 2: A move R1 0404")
  has(lines, "R1: A infantry, at 0304 facing SE", "R1 where it stood")
  has(lines, "refused: action 1 (begin) is the game's own, not a side's")
  has(lines, "undo [N]: takes back the last N actions (1 by default)")
  has(lines, "refused: the last action is B's, and a bot plays B here: a side takes back only its own actions")
  ok(cur ~= g, "the game from the shortened log replaced the one given")
  local n = cur.n
  cur:close()
  -- the file: the move taken back is gone, the one after it is there
  local g2 = assert(game_module.open(path, { readonly = true }))
  eq(g2.n, n)
  local lines_in_log = {}
  for _, a in ipairs(g2.readonly_log:actions()) do lines_in_log[#lines_in_log + 1] = a.line end
  hasnt(lines_in_log, "move R1 0404")
  has(lines_in_log, "move R2 0305")
  g2:close()
  os.remove(path)
end)
