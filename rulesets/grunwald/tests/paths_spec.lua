-- Path orders "move UNIT HEX [FACING]" (lua/engine/paths.lua) through
-- movement.reach: the same moves and turns as given one by one [4.2.1]
-- [4.3], stopped where the rules stop the unit [3.3.2], refused by 4.1.2
-- like a one-hex move.  Map facts (maps/test-field.map): columns 2, 4, 8
-- and 12 run clear from N to S above row 12.

local function setup(units)
  units[#units + 1] = { name = "far", side = "TO", kind = "infantry", hex = "2015", facing = "N", sp = 1, mp = 4 }
  return game { ruleset = "grunwald", seed = 1,
    scenario = { map = "test-field", turns = 3, units = units, vars = { { "side.A", "PL" } } } }
end

local function U(name, side, kind, hex, facing)
  return { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8 }
end

local function act(g, side, line)
  local r = g:act(side, line)
  while r.status == "decision" and r.request.kind == "reaction" do r = g:answer("pass") end
  return r
end

local function end_phase(g) done(g:act(g:acting_side(), "end")) end
local function to_infantry_move(g)
  end_phase(g)
  end_phase(g)
  eq(g:phase_info().name, "A.infantry_move")
end

local FIELDS = { "hex", "facing", "mp_left", "moved", "turned_here", "cf", "road_move", "stopped" }
local function same_unit(g1, g2, name)
  local a, b = g1:unit_table(name), g2:unit_table(name)
  for _, k in ipairs(FIELDS) do eq(a[k], b[k], name .. "." .. k) end
end

test("paths 4.2.1: a path order straight ahead is the same as its one-hex moves", function()
  local units = { U("c", "PL", "cavalry", "0210", "N") }
  local g1, g2 = setup(units), setup { U("c", "PL", "cavalry", "0210", "N") }
  done(act(g1, "PL", "move c 0207"))
  for _ = 1, 3 do done(act(g2, "PL", "move c")) end
  same_unit(g1, g2, "c")
  eq(g1:unit_table("c").hex, "0207")
  eq(g1:unit_table("c").cf, 3)
end)

test("paths 4.3: a path order with a turn is the same as its moves and turn", function()
  local g1 = setup { U("i", "PL", "infantry", "0210", "N") }
  to_infantry_move(g1)
  done(act(g1, "PL", "move i 0208 S"))
  local g2 = setup { U("i", "PL", "infantry", "0210", "N") }
  to_infantry_move(g2)
  done(act(g2, "PL", "move i"))
  done(act(g2, "PL", "move i"))
  done(act(g2, "PL", "turn i S"))
  same_unit(g1, g2, "i")
  eq(g1:unit_table("i").facing, "S")
end)

test("paths 3.3.2: a path ends in an enemy ZoC; beyond it is out of reach", function()
  local g = setup { U("i", "PL", "infantry", "0210", "N"), U("e", "TO", "infantry", "0206", "S") }
  to_infantry_move(g)
  -- 0207 is in e's ZoC: the unit stops there
  done(act(g, "PL", "move i 0207"))
  eq(g:unit_table("i").hex, "0207")
  eq(g:unit_table("i").stopped, true)
  local r = g:act("PL", "move i 0208 S")
  refused(r, "")
  ok(r.message:find("no path", 1, true), r.message)
  refused(g:act("PL", "move i"), "3.3.2")
end)

test("paths 4.2.1: a path order to a hex off the map is refused as such, not as a word that is not keep", function()
  local g = setup { U("c", "PL", "cavalry", "0210", "N") }
  local r = g:act("PL", "move c 9999")
  refused(r, "")
  eq(r.message, "move: argument 2 (hex): '9999' is not a hex on the map")
  r = g:act("PL", "move c 0207 keep")
  refused(r, "")
  eq(r.message, "move: argument 3 (facing): 'keep' is not a facing (N NE SE S SW NW)")
  -- the one-hex form keeps its own message
  r = g:act("PL", "move c kep")
  refused(r, "")
  eq(r.message, "move: argument 2 (choice:keep): 'kep' is not one of keep")
  eq(g:unit_table("c").hex, "0210")
end)

test("paths 4.1.2: once another unit has moved, a unit that moved is done", function()
  local g = setup { U("a", "PL", "cavalry", "0210", "N"), U("b", "PL", "cavalry", "0410", "N") }
  done(act(g, "PL", "move a 0209"))
  done(act(g, "PL", "move b 0408"))
  refused(g:act("PL", "move a 0207"), "4.1.2")
  eq(g:unit_table("b").hex, "0408")
end)

-- movement.reach toward a hex (A*) leaves out the places from which the
-- hex is out of reach with the MP left [4.1.3]: it finds the same way,
-- at the same cost, as the search that keeps them, and lists the others
-- in the same order.  The search that keeps them is the one made when a
-- cost function is not the module's own (here terrain_cost, wrapped: the
-- same costs), whose least cost per hex is not known.
local function reach_plain(g, name, to)
  return g:query(function()
    local api = g.rs.api
    local out = {}
    for i, d in ipairs(g.rs.rules.movement.reach("PL", api.unit(name), to and api.hex.parse(to))) do
      local lines = {}
      for k, s in ipairs(d.path) do lines[k] = s.line end
      out[i] = d.hex.label .. "/" .. d.facing .. "/" .. d.cost .. "/" .. table.concat(lines, ",")
    end
    return out
  end)
end

local function reach_games(units)
  local bounded = setup(units)
  local rs = ruleset.load("grunwald", { freeze = false })
  local cost = rs.modules.movement.terrain_cost
  rs.modules.movement.terrain_cost = function(...) return cost(...) end
  local cl = {}
  for i, u in ipairs(units) do cl[i] = u end
  local kept = game_module.new { ruleset = rs, seed = 1,
    scenario = { map = "test-field", turns = 3, units = cl, vars = { { "side.A", "PL" } } } }
  return bounded, kept
end

-- whether every entry of a is in b, in the same order
local function in_order(a, b)
  local j = 1
  for _, x in ipairs(a) do
    while j <= #b and b[j] ~= x do j = j + 1 end
    if j > #b then return false end
    j = j + 1
  end
  return true
end

test("paths 4.1.3: a search toward a hex out of reach leaves out what cannot get there", function()
  local bounded, kept = reach_games { U("c", "PL", "cavalry", "0210", "N") }
  -- 0201 is 9 hexes north: 9 MP of clear ground, the unit has 8
  local a, b = reach_plain(bounded, "c", "0201"), reach_plain(kept, "c", "0201")
  for _, x in ipairs(a) do ok(not x:find("^0201/"), x) end
  ok(#b > 0 and #a < #b, #a .. " places listed, " .. #b .. " without the bound")
  ok(in_order(a, b), "the places listed are the full search's, in its order")
  -- the whole reach (no hex asked) is the same either way
  eq(reach_plain(bounded, "c"), reach_plain(kept, "c"))
end)

test("paths 4.1.3: a search toward a hex in reach finds the same way either way", function()
  local bounded, kept = reach_games { U("c", "PL", "cavalry", "0210", "N"), U("e", "TO", "infantry", "0406", "S") }
  for _, to in ipairs { "0206", "0203", "0607", "0807", "0712" } do
    local a, b = reach_plain(bounded, "c", to), reach_plain(kept, "c", to)
    ok(#a > 0 and a[#a]:find("^" .. to .. "/"), to .. ": " .. tostring(a[#a]))
    eq(a[#a], b[#b], to .. ": the way found")
    ok(#a <= #b and in_order(a, b), to .. ": the places listed before it")
  end
end)

test("paths 4.1.3: the bound keeps a way that needs every MP", function()
  -- infantry with 4 MP, four hexes of clear ground north: 4 MP, the least
  -- any hex costs it, so every place of the way is at the bound
  local i = { name = "i", side = "PL", kind = "infantry", hex = "0810", facing = "N", sp = 2, mp = 4 }
  local bounded, kept = reach_games { i }
  to_infantry_move(bounded)
  to_infantry_move(kept)
  local a, b = reach_plain(bounded, "i", "0806"), reach_plain(kept, "i", "0806")
  eq(a[#a], "0806/0/24/move i,move i,move i,move i")
  eq(a[#a], b[#b])
  ok(in_order(a, b), "the places listed before it")
  local far = reach_plain(bounded, "i", "0805")
  for _, x in ipairs(far) do ok(not x:find("^0805/"), x) end
end)

test("paths 4.1.3: the bound keeps a way whose last step is the extra road hex", function()
  -- [TERRAIN *] infantry whose whole move is on road may move one extra
  -- road hex: on the Grunwald map's road south from 2100, 4 MP take it
  -- four road hexes and the extra one, 2105, paying nothing (its MP are
  -- spent); every place of the way has fewer MP left than the hexes still
  -- to go cost, and the way is kept only because a path's last step may
  -- cost less than the least entry cost
  local i = { name = "i", side = "PL", kind = "infantry", hex = "2100", facing = "S", sp = 2, mp = 4 }
  local bounded = game { ruleset = "grunwald", seed = 1,
    scenario = { map = "grunwald", turns = 3, units = { i }, vars = { { "side.A", "PL" } } } }
  to_infantry_move(bounded)
  local a = reach_plain(bounded, "i", "2105")
  eq(a[#a], "2105/3/24/move i,move i,move i,move i,move i")
end)
