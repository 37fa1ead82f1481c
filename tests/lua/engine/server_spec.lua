-- bitwa serve's position (lua/engine/server.lua): a unit's values in the
-- book's terms from the manifest, an attribute counted in parts of a point
-- (per = N) shown in whole points, the units the last action moved.
local server = require "engine.server"

local function value(pos, unit, name)
  for _, u in ipairs(pos.units) do
    if u.name == unit then
      for _, v in ipairs(u.values) do if v.name == name then return v end end
    end
  end
end

test("serve: MP left in sixths shown in whole points (per = 6); the moved unit is named", function()
  local g = game { ruleset = "grunwald", scenario = "clash-of-titans", seed = 1 }
  local srv = server.new { game = g, path = "(memory)", web = "" }
  local pos = srv:position()
  eq(pos.strength, "sp")
  local v = value(pos, "Poznan-1", "mp_left")
  eq(v.value, 42)
  eq(v.shown, "7")
  local info = srv:unit("Poznan-1")
  local d
  for _, x in ipairs(info.reach) do if x.hex == "1614" then d = x end end
  eq(d.cost, 18, "three hexes of 1 MP, in sixths")
  eq(d.cost_shown, "3", "in whole MP (roles.movement = mp_left, per = 6)")
  eq(d.line, "move Poznan-1 1614")
  done(g:act("PL", d.line))
  pos = srv:position()
  eq(value(pos, "Poznan-1", "mp_left").shown, "4")
  eq(pos.last.units, { "Poznan-1" })
end)

test("serve: a part of a point is shown as a fraction", function()
  local g = game { ruleset = "grunwald", scenario = "clash-of-titans", seed = 1 }
  local srv = server.new { game = g, path = "(memory)", web = "" }
  local id = g:find_unit("Poznan-1")
  local slot
  for i, sl in ipairs(g.state:slots()) do if sl.name == "mp_left" then slot = i end end
  g.state:set(id, slot, 41)
  eq(value(srv:position(), "Poznan-1", "mp_left").shown, "6 5/6")
  g.state:set(id, slot, 3)
  eq(value(srv:position(), "Poznan-1", "mp_left").shown, "1/2")
end)

test("serve: every ruleset's position, board and a unit's reach and orders", function()
  local render = require "engine.render"
  for _, t in ipairs {
    { ruleset = "skirmish", scenario = "duel", moves = true },
    { ruleset = "grunwald", scenario = "clash-of-titans", overlays = { "grunwald/fr-revised" }, moves = true },
    -- Henry II: Henryk's units wait for turn 3, and the reach says why
    { ruleset = "legnica", scenario = "henry-ii", still = "scenario" },
    { ruleset = "husaria", scenario = "kircholm" },
    { ruleset = "stages", scenario = "late" },
  } do
    local g = game { ruleset = t.ruleset, scenario = t.scenario, overlays = t.overlays, seed = 1 }
    local srv = server.new { game = g, path = "(memory)", web = "" }
    local pos = srv:position()
    eq(pos.ruleset, t.ruleset)
    ok(#pos.units > 0, t.ruleset .. ": units")
    ok(render.svg(g, {}):find('data-hex="', 1, true), t.ruleset .. ": the board")
    -- the first unit of the acting side on the map: its values, and either
    -- hexes to reach or the rule that keeps it still
    local side = pos.acting[1]
    local name
    for _, u in ipairs(pos.units) do
      if u.side == side and u.hex and u.role == "unit" and not name then name = u.name end
    end
    ok(name or not (t.moves or t.still), t.ruleset .. ": a unit of the acting side on the map")
    if name then
      local info = srv:unit(name)
      eq(info.unit.name, name)
      if t.moves then ok(#info.reach > 0, t.ruleset .. ": " .. name .. " reaches hexes in the first movement phase") end
      if t.still then
        eq(#info.reach, 0)
        eq(info.cannot_move.rule, t.still)
      end
      for _, d in ipairs(info.reach) do ok(math.type(d.cost) == "integer" and d.line:find(name, 1, true), t.ruleset .. ": " .. d.line) end
    end
  end
end)
