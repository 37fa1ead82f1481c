-- Riding down [5.8], and retreating cavalry riding down friendly infantry
-- [5.4.4] (Grunwald 1410, English rules).  T-nn are the worked examples of
-- MATRIX.md §6.1.  Map facts (maps/test-field.map, odd columns sit lower):
-- village 0505, fortification 1105, columns 2 and 4 clear.

local function setup(units, extra)
  extra = extra or {}
  units[#units + 1] = { name = "far", side = "TO", kind = "infantry", hex = "2015", facing = "N", sp = 1, mp = 4 }
  return game { ruleset = "grunwald", seed = 1, dice = extra.dice, options = extra.options,
    scenario = { map = "test-field", turns = extra.turns or 3, units = units,
                 vars = { { "side.A", "PL" } }, hooks = extra.hooks } }
end

local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8 }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function six(n) return n * 6 end
local function left(g, name) return g:unit_table(name).mp_left end

local function act(g, side, line)
  local r = g:act(side, line)
  while r.status == "decision" and r.request.kind == "reaction" do r = g:answer("pass") end
  return r
end

local function to_phase(g, turn, name)
  for _ = 1, 200 do
    if g:turn() == turn and g:phase_info().name == name then return end
    done(g:act(g:acting_side(), "end"))
  end
  error("phase " .. name .. " not reached")
end

test("5.8.1-a: cavalry entering with CF above 1 rides enemy infantry down and goes on", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 1 }), U("i", "TO", "infantry", "0203", "N", { sp = 1 }) }
  done(act(g, "PL", "move c"))
  eq(g:unit_table("i"), nil)
  local c = g:unit_table("c")
  eq(c.hex, "0203")
  eq(c.cf, 2, "the ride-down itself does not change CF (A-039)")
  eq(c.mp_left, six(8 - 2))
  done(act(g, "PL", "move c"))
  eq(g:unit_table("c").hex, "0204")
end)

test("5.8.1-b: with CF 1 on entering there is no riding down: the hex stays closed (4.2.2)", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 0 }), U("i", "TO", "infantry", "0203", "N", { sp = 1 }) }
  refused(g:act("PL", "move c"), "5.8.1")
  refused(g:act("PL", "move c keep"), "5.8.1")
  eq(g:unit_table("i").hex, "0203")
end)

test("5.8.1-c: keeping the CF from rising can make a ride-down impossible", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 1 }), U("i", "TO", "infantry", "0203", "N", { sp = 1 }) }
  refused(g:act("PL", "move c keep"), "5.8.1")
  done(act(g, "PL", "move c"))
end)

test("5.8.1-d: cavalry is never ridden down, and infantry rides nobody down", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 3 }), U("k", "TO", "cavalry", "0203", "N", { sp = 1 }) }
  refused(g:act("PL", "move c"), "4.2.2")
  local g2 = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 3 }), U("i", "TO", "infantry", "0203", "N", { sp = 1 }),
                     U("k", "TO", "cavalry", "0203", "N", { sp = 1 }) }
  refused(g2:act("PL", "move c"), "4.2.2", "infantry stacked with cavalry")
  local g3 = setup { U("p", "PL", "infantry", "0402", "S", { mp = 4 }), U("i", "TO", "infantry", "0403", "N", { sp = 1 }) }
  to_phase(g3, 1, "A.infantry_move")
  refused(g3:act("PL", "move p"), "4.2.2")
end)

test("5.8.1-e: horse archers with CF above 1 ride down too (A-039)", function()
  local g = setup { U("h", "PL", "horse_archers", "0202", "S", { cf = 2 }), U("i", "TO", "infantry", "0203", "N", { sp = 1 }) }
  done(act(g, "PL", "move h"))
  eq(g:unit_table("i"), nil)
end)

test("5.8.2-a: riding down moves neither MORALE nor victory points (A-043)", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 2 }), U("i", "TO", "infantry", "0203", "N", { sp = 1 }) }
  local morale = g:var("morale")
  done(act(g, "PL", "move c"))
  eq(g:unit_table("i"), nil)
  eq(g:var("morale"), morale)
  eq(g:var("vp.PL") or 0, 0)
end)

test("5.8.3-a: only entering the hex rides a unit down; passing next to it does nothing", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 3 }), U("i", "TO", "infantry", "0303", "SE", { sp = 1 }) }
  done(act(g, "PL", "move c"))
  done(act(g, "PL", "move c"))
  eq(g:unit_table("i").hex, "0303")
end)

test("5.8.4-a / T-34: two 1-SP infantry units on a clear hex: 2 MP for the ride-down on top of the hex's 1 (A-038)", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 2 }), U("i", "TO", "infantry", "0203", "N", { sp = 1 }),
                    U("j", "TO", "infantry", "0203", "N", { sp = 1 }) }
  done(act(g, "PL", "move c"))
  eq(g:unit_table("i"), nil)
  eq(g:unit_table("j"), nil, "every non-cavalry unit of the hex (A-039)")
  eq(left(g, "c"), six(8 - 1 - 2))
end)

test("5.8.4-b / T-34: with the option ride_down_cost = total the SP are the whole cost (2 MP)", function()
  local g = setup({ U("c", "PL", "cavalry", "0202", "S", { cf = 2 }), U("i", "TO", "infantry", "0203", "N", { sp = 1 }),
                    U("j", "TO", "infantry", "0203", "N", { sp = 1 }) }, { options = { ride_down_cost = "total" } })
  done(act(g, "PL", "move c"))
  eq(left(g, "c"), six(8 - 2))
end)

test("5.8.4-c: without the MP for the ride-down the move is refused (4.2.9 aside)", function()
  local g = setup { U("c", "PL", "cavalry", "0201", "S", { cf = 1, mp = 3 }), U("i", "TO", "infantry", "0203", "N", { sp = 2 }) }
  done(act(g, "PL", "move c"))                  -- 0202, CF 2, 2 MP left, in i's ZoC (3.3.3: +1 to go on)
  refused(g:act("PL", "move c"), "4.1.3")       -- 1 + 2 SP + 1
end)

test("5.8.6-a: infantry in a village or a fortification cannot be ridden down", function()
  local g = setup { U("c", "PL", "cavalry", "0504", "S", { cf = 2 }), U("i", "TO", "infantry", "0505", "N", { sp = 1 }),
                    U("d", "PL", "cavalry", "1104", "S", { cf = 2 }), U("j", "TO", "infantry", "1105", "N", { sp = 1 }) }
  refused(g:act("PL", "move c"), "5.8.6")
  refused(g:act("PL", "move d"), "5.8.6")
end)

test("T-37 / 5.8.1-f: infantry in a forest cannot be ridden down: entering the forest sets CF to 0 (5.6.7)", function()
  local g = setup { U("c", "PL", "cavalry", "0304", "S", { cf = 3 }), U("i", "TO", "infantry", "0305", "N", { sp = 1 }) }
  refused(g:act("PL", "move c"), "5.8.1")
end)

test("4.2.3-a: friendly infantry within the stacking limit is not ridden down", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { sp = 1, cf = 2 }), U("p", "PL", "infantry", "0203", "N", { sp = 1 }) }
  done(act(g, "PL", "move c"))
  eq(g:unit_table("p").hex, "0203")
  eq(left(g, "c"), six(8 - 2), "1 MP for the hex, 1 for the friendly unit (4.2.4)")
end)

test("4.2.3-b: friendly infantry is ridden down when the stacking limit leaves no room", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 2 }), U("p", "PL", "infantry", "0203", "N", { sp = 1 }) }
  done(act(g, "PL", "move c"))
  eq(g:unit_table("p"), nil)
  eq(left(g, "c"), six(8 - 2), "1 MP for the hex, 1 for the SP ridden down; no 4.2.4 surcharge")
end)

test("5.8.5-a: in a pursuit or a retreat the CF does not matter", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 0 }), U("i", "TO", "infantry", "0203", "N", { sp = 1 }),
                    U("j", "TO", "infantry", "0505", "N", { sp = 1 }) }
  local function can(how, hex)
    return g:query(function()
      local api = g.rs.api
      return g.rs.modules.ride_down.can_ride_down(api.unit("c"), api.hex.parse(hex), how)
    end)
  end
  eq(can("move", "0203"), false)
  eq(can("pursuit", "0203"), true)
  eq(can("retreat", "0203"), true)
  eq(can("pursuit", "0505"), false, "5.8.6 holds in a pursuit too")
end)

test("5.4.4-a: retreating cavalry entering a hex of friendly infantry eliminates it, whatever its CF", function()
  local G, ridden
  G = setup({ U("c", "PL", "cavalry", "0202", "S", { cf = 0 }), U("p", "PL", "infantry", "0203", "N", { sp = 1 }),
              U("q", "PL", "infantry", "0505", "N", { sp = 1 }) },
            { hooks = { { "phase.A.cavalry_attack.enter", function()
                local api, R = G.rs.api, G.rs.modules.ride_down
                ridden = R.retreat_through(api.unit("c"), api.hex.parse("0203"))
                ridden[#ridden + 1] = "|"
                for _, n in ipairs(R.retreat_through(api.unit("c"), api.hex.parse("0505"))) do ridden[#ridden + 1] = n end
              end } } })
  to_phase(G, 1, "A.cavalry_attack")
  eq(ridden, { "p", "|" }, "p is ridden down; q in a village is not (5.8.6)")
  eq(G:unit_table("p"), nil)
  eq(G:unit_table("q").hex, "0505")
  eq(G:var("morale"), 0)
end)
