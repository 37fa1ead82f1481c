-- The scenarios and their victory conditions (L757-936).

local U = loadfile(bitwa.home .. "/rulesets/husaria/tests/lib/field.lua", "t", _ENV)().U

test("Kircholm 1605: stage 11 of 20, the Poles' initiative, 80 lances, morale on the Poles' +1, every unit of the text", function()
  local g = game { ruleset = "husaria", scenario = "kircholm", deploy = "scenario" }
  eq(g:turn(), 11)
  eq(g.turns, 20)
  eq(g:var("side.A"), "PL")
  eq(g:var("kopie.stock.PL"), 80)
  eq(g:var("morale"), 3)
  eq(g:var("morale.effective"), 1, "8.12: the Poles' +1 from the first stage")
  local count = { PL = {}, SW = {} }
  for _, u in ipairs(g:units_table()) do count[u.side][u.kind] = (count[u.side][u.kind] or 0) + 1 end
  -- cavalry: the Courland reiters (3), Plettemberg, Wall and Witting, Kossakowski, Strzelecki, Giedroyc and two czelad\u{17A}
  eq(count.PL, { commander = 9, husaria = 19, cavalry = 11, tatars = 6, infantry = 7, artillery = 3, wagon = 6 })
  eq(count.SW, { commander = 7, infantry = 26, cavalry = 45, artillery = 6 })
  -- the first phase: the Poles' artillery (they have guns)
  eq(g:phase_info().name, "A.artillery")
  eq(g:acting_sides(), { "PL" })
end)

test("Kircholm 1605: the sides deploy in their zones before stage 11 unless --deploy scenario", function()
  local g = game { ruleset = "husaria", scenario = "kircholm" }
  eq(g:turn(), 11)
  eq(g:phase_info().name, "A.deploy")
  refused(g:act("PL", "deploy Wojna-1 2010 NW"), "3.1")
  done(g:act("PL", "deploy Wojna-1 3810 SW"))
end)

local function vp_game(extra)
  local units = { U("a", "PL", "infantry", extra.apart and "0802" or "0804", "S", { morale = 7 }), U("d", "SW", "infantry", "0805", "N", { sp = 1, morale = 6 }),
                  U("king", "SW", "commander", "0805", "N", { sp = 0 }), U("far", "SW", "infantry", "2015", "N", { sp = 1 }),
                  U("farpl", "PL", "infantry", "0115", "N", { sp = 1 }) }
  for _, u in ipairs(extra.units or {}) do units[#units + 1] = u end
  return game { ruleset = "husaria", seed = 1, deploy = "scenario",
    scenario = { map = "test-field", turns = extra.turns or 1, units = units,
                 vars = extra.vars or { { "side.A", "PL" } }, victory = extra.victory } }
end

local function play(g, line, dice)
  g.dice:force(dice)
  local r = g:act("PL", line)
  while r.status == "decision" do
    local o = r.request.options
    r = g:answer(r.request.kind == "chase" and "no" or (r.request.kind == "advance" and "no" or o[1]))
  end
  return r
end

test("Kircholm victory: units and commanders destroyed give their points; Charles IX killed is the Poles' automatic victory", function()
  local g = vp_game { victory = { vp = { infantry = 1, artillery = 2, cavalry = 2, commander = 5 }, king = "king" } }
  while g:phase_info().name ~= "A.attack" do done(g:act(g:acting_side(), "end")) end
  -- 2:1 +1 morale = 3:1, roll 10: -1/-1: d (1 SP) is eliminated; the king on its hex rolls 12 (9.22)
  play(g, "attack a d", { 10, 12 })
  ok(g:is_over())
  local r = g:result()
  eq({ r.winner, r.level }, { "PL", "automatic victory" })
  eq(r.vp.PL, 1 + 5)
end)

test("A-118: at the last stage's end more points win; equal points are a draw", function()
  local function finish(g) while not g:is_over() do done(g:act(g:acting_side(), "end")) end end
  local g = vp_game { apart = true, vars = { { "side.A", "PL" }, { "vp.PL", 3 }, { "vp.SW", 1 } }, victory = { vp = {} } }
  finish(g)
  eq({ g:result().winner, g:result().level }, { "PL", "victory" })
  local g2 = vp_game { apart = true, vars = { { "side.A", "PL" }, { "vp.PL", 2 }, { "vp.SW", 2 } }, victory = { vp = {} } }
  finish(g2)
  eq({ g2:result().winner, g2:result().level }, { "", "draw" })
end)

test("T-HU-17: Kokenhausen: Gyllenhielm on 1312 at the end is the Swedes' automatic victory; killed, the Poles'", function()
  local units = { U("Gyllenhielm", "SW", "commander", "1312", "N", { sp = 0 }) }
  local g = vp_game { apart = true, units = units, vars = { { "side.A", "SW" }, { "vp.PL", 9 } },
    victory = { vp = {}, king = "Gyllenhielm", hold = { unit = "Gyllenhielm", hex = "1312", side = "SW" } } }
  while not g:is_over() do done(g:act(g:acting_side(), "end")) end
  eq({ g:result().winner, g:result().level }, { "SW", "automatic victory" })
  local units2 = { U("Gyllenhielm", "SW", "commander", "0805", "N", { sp = 0 }) }
  local g2 = vp_game { units = units2, victory = { vp = {}, king = "Gyllenhielm", hold = { unit = "Gyllenhielm", hex = "1312", side = "SW" } } }
  while g2:phase_info().name ~= "A.attack" do done(g2:act(g2:acting_side(), "end")) end
  play(g2, "attack a d", { 10, 12, 12 })
  eq({ g2:result().winner, g2:result().level }, { "PL", "automatic victory" })
end)

test("Morgon Slaget: stage 1 of 20 on the Kircholm map, the Swedes' initiative, the text's hexes, no Courland reiters", function()
  local g = game { ruleset = "husaria", scenario = "morgon-slaget", deploy = "scenario" }
  eq(g:turn(), 1)
  eq(g:var("side.A"), "SW")
  eq(g:phase_info().name, "A.artillery")
  eq(g:acting_sides(), { "SW" })
  eq(g:var("kopie.stock.PL"), 80)
  eq(g:unit_table("Karol-IX").hex, "0412")
  eq(g:unit_table("Mansfeldt-1").hex, "1307")
  eq(g:unit_table("Mansfeldt-10").hex, "1316")
  eq(g:unit_table("Gwardia-7").hex, "0913")
  eq(g:unit_table("Fryderyk-1"), nil)
  local count = { PL = {}, SW = {} }
  for _, u in ipairs(g:units_table()) do count[u.side][u.kind] = (count[u.side][u.kind] or 0) + 1 end
  eq(count.PL, { commander = 8, husaria = 19, cavalry = 8, tatars = 6, infantry = 7, artillery = 3, wagon = 6 })
  eq(count.SW, { commander = 7, infantry = 26, cavalry = 45, artillery = 6 })
end)

test("Kokenhausen 1601: stage 1 of 15, the Swedes' initiative, 40 lances, morale 0, no Swedish pikes, fences before the (U) units", function()
  local g = game { ruleset = "husaria", scenario = "kokenhausen", deploy = "scenario" }
  eq(g:turn(), 1)
  eq(g:var("side.A"), "SW")
  eq(g:var("kopie.stock.PL"), 40)
  eq(g:var("morale"), 0)
  eq(g:var("pikes.stock.SW"), 0)
  local count = { PL = {}, SW = {} }
  for _, u in ipairs(g:units_table()) do count[u.side][u.kind] = (count[u.side][u.kind] or 0) + 1 end
  eq(count.PL, { commander = 5, husaria = 18, cavalry = 16, infantry = 5, artillery = 2 })
  eq(count.SW, { commander = 6, infantry = 13, cavalry = 16, artillery = 5, fence = 5 })
  -- each fence stands with a (U) unit and faces the Poles
  for i, n in ipairs { "Liewen-1", "Liewen-2", "Liewen-3", "Wachtmeister-1", "Wachtmeister-2" } do
    eq(g:unit_table("Fence-" .. i).hex, g:unit_table(n).hex)
    eq(g:unit_table("Fence-" .. i).facing, "NW")
  end
  -- the Swedes' artillery is worth no points (as printed)
  eq(g.scenario.victory.vp.artillery, nil)
end)
