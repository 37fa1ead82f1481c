-- The scenarios: Crécy 1346 (the sample battle) and the proving ground;
-- arrivals and the victory conditions of battle.lua.

local function crecy(seed)
  return game { ruleset = "grognard", scenario = "crecy", seed = seed or 1 }
end

local function side_figures(g, side)
  return g:query(function()
    local api = g.rs.api
    local n, units = 0, 0
    for _, u in ipairs(api.units { side = side }) do n = n + u.figures; units = units + 1 end
    return { n, units }
  end)
end

-- plays on with every decision's first option and every side ending its
-- phases until `stop(g)` or the game's end
local function play_until(g, stop)
  local guard = 0
  while not g:is_over() and not stop(g) do
    guard = guard + 1
    ok(guard < 2000, "the game moves on")
    local req = g:pending_request()
    local r
    if req then r = g:answer(req.options[1]) else r = g:act(g:acting_side(), "end") end
    ok(r.status == "done" or r.status == "decision", "ends and answers go through: " .. tostring(r.message))
  end
end

test("Scenario Crécy 1346: the digest's forces (160 English figures, 188 French), light rain, rigid ZoC", function()
  local g = crecy()
  eq(side_figures(g, "A"), { 160, 10 })
  eq(side_figures(g, "B"), { 188, 18 }, "6 still to arrive")
  g:query(function()
    local api, R = g.rs.api, g.rs.rules
    eq(api.option("zoc"), "rigid")
    eq(R.weather.state(), "light_rain")
    eq(api.var("battle.start.A"), 160)
    eq(api.var("battle.start.B"), 188)
    eq(api.unit("Second-1").hex, nil)
    eq(api.map.terrain(api.hex.parse("0508")), "ditch", "a pit before the archers")
    eq(api.map.elevation(api.hex.parse("1204")), 2, "the crest")
    -- Point Values (estimate): English 584, French 556 points
    local pts = { A = 0, B = 0 }
    for _, u in ipairs(api.units {}) do
      pts[u.side] = pts[u.side] + u.figures * R.units.points_halves(u.kind, u.weapon)
    end
    eq({ pts.A // 2, pts.B // 2 }, { 584, 556 })
  end)
end)

test("Arrivals: Crécy's second line of knights enters at the south edge on turn 5", function()
  local g = crecy()
  play_until(g, function(x) return x:turn() >= 5 and x:phase_info().name ~= "initiative" end)
  ok(not g:is_over())
  g:query(function()
    local api = g.rs.api
    eq(api.unit("Second-1").hex.label, "0820")
    eq(api.unit("Militia-1").hex, nil, "the militia on turn 6")
  end)
end)

test("Victory Conditions: a side below half its starting figures loses at once (at the turn's end)", function()
  local g = crecy()
  with(g, function(api)
    for _, u in ipairs(api.units { side = "B" }) do if u.hex ~= nil and u.figures > 2 then u.figures = 2 end end
  end)
  play_until(g, function(x) return x:turn() >= 2 end)
  ok(g:is_over())
  local r = g:result()
  eq(r.winner, "A")
  ok(r.reason:find("below 50%", 1, true), r.reason)
end)

test("Victory Conditions: at the end the French win on 2 of the 3 crest objectives, else the English", function()
  local g = crecy()
  with(g, function(api, R)
    api.unit("Prince").hex = api.hex.parse("1201")
    api.unit("Warwick").hex = api.hex.parse("0801")
    api.unit("Alencon").hex = api.hex.parse("1203")
    api.unit("Flanders").hex = api.hex.parse("0804")
    R.battle.game_end()
  end)
  eq(g:result().winner, "B")
  local g2 = crecy()
  with(g2, function(api, R)
    api.unit("Prince").hex = api.hex.parse("1201")
    api.unit("Alencon").hex = api.hex.parse("1203")
    R.battle.game_end()
  end)
  eq(g2:result().winner, "A")
end)

test("Scenario proving ground: one counter of each troop type and weapon, for the rules tests", function()
  local g = game { ruleset = "grognard", scenario = "proving-ground", seed = 1 }
  g:query(function()
    local api = g.rs.api
    local kinds, weapons = {}, {}
    for _, u in ipairs(api.units {}) do kinds[u.kind] = true; weapons[u.weapon] = true end
    for _, k in ipairs { "peasants", "LI", "MI", "HI", "LC", "MC", "HC" } do ok(kinds[k], k) end
    for _, w in ipairs { "bow", "longbow", "crossbow", "heavy_crossbow", "arquebus", "light_catapult", "light_cannon",
                         "bombard", "spear", "pike", "javelin" } do ok(weapons[w], w) end
    local terrains = {}
    for _, h in ipairs(api.hex.all()) do terrains[api.map.terrain(h)] = true end
    for _, t in ipairs { "clear", "ditch", "hill", "rampart", "marsh", "rough", "wooded" } do ok(terrains[t], t) end
  end)
end)

test("Movement: machines move by the Catapults/Cannons row (6\") and may not enter a marsh (Terrain: marsh)", function()
  local g = game { ruleset = "grognard", seed = 1, scenario = { map = "proving-ground", turns = 3, units = {
    { name = "cat", side = "A", kind = "LI", weapon = "light_catapult", hex = "0803", facing = "N", figures = 4 } } } }
  done(g:answer("first"))
  refused(g:act("A", "move cat"), "Terrain: marsh")
  g:query(function() eq(g.rs.rules.movement.base_mp(g.rs.api.unit("cat")), 12) end)
end)

test("Victory Conditions: the rules bot plays for the objectives in the last turns, to take them and to deny them", function()
  local botmod = require "engine.bot"
  local g = crecy()
  play_until(g, function(x) return x:turn() >= 5 and x:phase_info().name == "move.first" end)
  ok(not g:is_over(), "nobody fought for four turns")
  local function objective(line) return line:match("^move %S+ (%d+)$") end
  local targets = { ["1203"] = true, ["0804"] = true, ["1604"] = true }
  -- the crest cleared of the English; Alencon (B, HC) two hexes below 1203, Warwick (A) two hexes from 0804
  with(g, function(api)
    for _, u in ipairs(api.units { side = "A" }) do u.hex = nil end
    for _, u in ipairs(api.units { side = "B" }) do if u.hex ~= nil then u.hex = nil end end
    local al, wa = api.unit("Alencon"), api.unit("Warwick")
    al.hex, al.facing, al.spent, al.stopped = api.hex.parse("1205"), 0, 0, false
    wa.hex, wa.facing, wa.spent = api.hex.parse("0802"), 3, 0
    api.unit("Genoese-1").hex = api.hex.parse("2218")
  end)
  -- turn 5 of 8: the last four turns
  -- (what each side's bot would propose in this move phase)
  local l = botmod.make("rules", 1, 2).propose(g, "B", {})
  ok(targets[objective(l) or ""], "B goes for an objective: " .. l)
  -- and the English, who hold the crest, step onto a free objective to deny it
  eq(botmod.make("rules", 1, 1).propose(g, "A", {}), "move Warwick 0804")
  -- before the last four turns the same position gives no such move
  local g2 = crecy()
  play_until(g2, function(x) return x:turn() >= 2 and x:turn() <= 4 and x:phase_info().name == "move.first" end)
  with(g2, function(api)
    for _, u in ipairs(api.units { side = "A" }) do u.hex = nil end
    for _, u in ipairs(api.units { side = "B" }) do if u.hex ~= nil then u.hex = nil end end
    local al, wa = api.unit("Alencon"), api.unit("Warwick")
    al.hex, al.facing, al.spent, al.stopped = api.hex.parse("1205"), 0, 0, false
    wa.hex, wa.facing, wa.spent = api.hex.parse("0802"), 3, 0
    api.unit("Genoese-1").hex = api.hex.parse("2218")
  end)
  local l2 = botmod.make("rules", 1, 2).propose(g2, "B", {})
  ok(not targets[objective(l2) or ""], "turn " .. g2:turn() .. ": " .. l2)
  eq({ l, l2 }, { "move Alencon 1203", "charge Alencon Warwick" })
end)
