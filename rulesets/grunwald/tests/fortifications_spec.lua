-- Fortifications [12.1] (Grunwald 1410, English rules).  T-nn are the
-- worked examples of MATRIX.md §6.1.  Map facts (maps/test-field.map,
-- odd columns sit lower): the fortified hex 1105 has a gate on its S side
-- (towards 1106); 1104 is N of it; 0202 is open ground.

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
  for _ = 1, 400 do
    if g:turn() == turn and g:phase_info().name == name then return end
    done(g:act(g:acting_side(), "end"))
  end
  error("phase " .. name .. " of turn " .. turn .. " not reached")
end

-- fortifications.<f>(...) in the game: unit names and hex labels are converted
local function F(g, f, ...)
  local args = table.pack(...)
  return g:query(function()
    local api = g.rs.api
    local a = {}
    for i = 1, args.n do
      local v = args[i]
      if type(v) == "string" and v:match("^%d%d%d%d$") then v = api.hex.parse(v)
      elseif type(v) == "string" and api.unit(v) then v = api.unit(v) end
      a[i] = v
    end
    return g.rs.modules.fortifications[f](table.unpack(a, 1, args.n))
  end)
end

test("12.1.3-a: moving into a fortification costs +1/+2 (infantry, armour 0/1-2), +3/+4/+5 (cavalry, armour 0/1/2)", function()
  local g = setup { U("i0", "PL", "infantry", "0202", "S", { armour = 0 }), U("i1", "PL", "infantry", "0204", "S", { armour = 1 }),
                    U("i2", "PL", "infantry", "0206", "S", { armour = 2 }), U("c0", "PL", "cavalry", "0402", "S", { armour = 0 }),
                    U("c1", "PL", "cavalry", "1104", "S", { armour = 1 }), U("c2", "PL", "cavalry", "0406", "S", { armour = 2 }) }
  local costs = {}
  for _, n in ipairs { "i0", "i1", "i2", "c0", "c1", "c2" } do costs[#costs + 1] = F(g, "move_cost", n, "1104", "1105") end
  eq(costs, { six(1), six(2), six(2), six(3), six(4), six(5) })
  done(act(g, "PL", "move c1"))
  eq(g:unit_table("c1").hex, "1105")
  eq(left(g, "c1"), six(8 - 1 - 4))
end)

test("12.1.4-a: through the gate a fortification costs nothing more", function()
  local g = setup { U("c", "PL", "cavalry", "1106", "N", { armour = 2 }) }
  done(act(g, "PL", "move c"))
  eq(g:unit_table("c").hex, "1105")
  eq(left(g, "c"), six(7))
end)

test("12.1.3-b: leaving a fortified hex costs nothing more", function()
  local g = setup { U("c", "PL", "cavalry", "1105", "N", { armour = 2 }), U("d", "PL", "cavalry", "1205", "N") }
  done(act(g, "PL", "move c"))
  eq(g:unit_table("c").hex, "1104")
  eq(left(g, "c"), six(7))
  eq(F(g, "move_cost", "c", "1105", "1106"), 0)
end)

test("12.1.8-a: a fortified hex holds 10 SP", function()
  local units = {}
  for i = 1, 4 do units[#units + 1] = U("g" .. i, "PL", "infantry", "1105", "N", { mp = 4 }) end
  units[#units + 1] = U("a", "PL", "infantry", "1104", "S", { mp = 4 })
  units[#units + 1] = U("b", "PL", "infantry", "1106", "N", { mp = 4, sp = 1 })
  local g = setup(units)
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "move a"))
  refused(g:act("PL", "move b"), "12.1.8")
end)

test("12.1.9-a: at most 2 SP of cavalry on a fortified hex", function()
  local g = setup { U("k", "PL", "cavalry", "1105", "N"), U("c", "PL", "cavalry", "1106", "N", { sp = 1 }),
                    U("i", "PL", "infantry", "1106", "N", { mp = 4, sp = 1 }) }
  refused(g:act("PL", "move c"), "12.1.9")
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "move i"))
end)

test("12.1.8-b: at most 4 SP fight from a fortified hex", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S") }
  eq(F(g, "fighting_sp_cap", "1105"), 4)
  eq(F(g, "fighting_sp_cap", "0202"), nil)
end)

test("12.1.5-a / T-57: a pursuit through fortifications enters only the hex the defender held", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S") }
  eq(F(g, "pursuit_allowed", "1105", "1105"), true, "into the defender's fortified hex")
  eq(F(g, "pursuit_allowed", "1106", "1105"), false, "on beyond it: the pursuit stops there")
  eq(F(g, "pursuit_allowed", "1105", "1106"), false, "into a fortification the defender did not hold")
  eq(F(g, "pursuit_allowed", "0203", "0202"), true, "open ground")
  eq(F(g, "pursuit_allowed", "c", "1104", "1105", "1105"), true, "also asked with the unit and its hex")
end)

test("12.1.6-a / T-58: entered in turn 4 and declared: destroyed at the start of turn 8's movement phase", function()
  local g = setup({ U("i", "PL", "infantry", "1104", "S", { mp = 4, armour = 0 }) }, { turns = 9 })
  to_phase(g, 4, "A.infantry_move")
  done(act(g, "PL", "move i"))
  done(act(g, "PL", "demolish i"))
  eq(F(g, "declared", "i"), true)
  local seen = {}
  for t = 5, 7 do
    to_phase(g, t, "A.cavalry_move")
    seen[#seen + 1] = g:unit_table("i").demolish
    eq(F(g, "is_fortified", "1105"), true, "turn " .. t)
  end
  eq(seen, { 0, 1, 2 }, "full turns: 5, 6 and 7")
  to_phase(g, 8, "A.cavalry_move")
  eq(F(g, "is_fortified", "1105"), false)
  eq(g:var("map.terrain.1105"), "clear")
  eq(F(g, "declared", "i"), false)
  to_phase(g, 8, "A.infantry_move")
  done(act(g, "PL", "move i"), "and the unit may move")
end)

test("12.1.7-a / T-58: an attack restarts the count (here in turn 6: destroyed in turn 10)", function()
  local G
  G = setup({ U("i", "PL", "infantry", "1105", "N", { mp = 4 }) }, { turns = 10, hooks = { { "phase.B.cavalry_move.enter", function()
    if G:turn() == 6 then G.rs.modules.fortifications.attacked(G.rs.api.unit("i")) end
  end } } })
  to_phase(G, 4, "A.infantry_move")
  done(act(G, "PL", "demolish i"))
  to_phase(G, 6, "A.cavalry_move")
  eq(G:unit_table("i").demolish, 1)
  to_phase(G, 8, "A.cavalry_move")
  eq(F(G, "is_fortified", "1105"), true)
  eq(G:unit_table("i").demolish, 1)
  to_phase(G, 10, "A.cavalry_move")
  eq(F(G, "is_fortified", "1105"), false)
end)

test("12.1.6-b: only a regular unit on a fortified hex, in its own movement phase, destroys it", function()
  local g = setup { U("i", "PL", "infantry", "1105", "N", { mp = 4 }), U("c", "PL", "cavalry", "1105", "N"),
                    U("x", "PL", "archers", "1105", "N", { sp = 1 }), U("o", "PL", "infantry", "0202", "N"),
                    { name = "L", side = "PL", kind = "leader", hex = "1105", facing = "N", range = 2 } }
  refused(g:act("PL", "demolish i"), "2.1")
  refused(g:act("PL", "demolish L"), "12.1.6")
  eq(g:query(g.rs.modules.fortifications.legal, "PL"), { { "c" } })
  to_phase(g, 1, "A.infantry_move")
  refused(g:act("PL", "demolish x"), "12.1.6")
  refused(g:act("PL", "demolish o"), "12.1.6")
  eq(g:query(g.rs.modules.fortifications.legal, "PL"), { { "i" } })
  done(act(g, "PL", "demolish i"))
  refused(g:act("PL", "demolish i"), "12.1.6")
  eq(g:query(g.rs.modules.fortifications.legal, "PL"), {})
end)

test("12.1.6-c: a unit that leaves the hex gives the work up", function()
  local g = setup { U("i", "PL", "infantry", "1105", "N", { mp = 4 }) }
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "demolish i"))
  done(act(g, "PL", "move i"))
  eq(F(g, "declared", "i"), false)
end)

test("12.1.6-d: a destroyed fortification is open ground: no surcharge, no CF loss, no fighting cap", function()
  local G
  G = setup({ U("c", "PL", "cavalry", "1104", "S", { armour = 2, cf = 1 }) },
            { hooks = { { "phase.A.cavalry_attack.enter", function()
                G.rs.modules.fortifications.destroy(G.rs.api.hex.parse("1105"), "11.7.5")
              end } } })
  to_phase(G, 2, "A.cavalry_move")
  done(act(G, "PL", "move c"))
  local c = G:unit_table("c")
  eq(c.hex, "1105")
  eq(c.mp_left, six(7))
  eq(c.cf, 2)
  eq(F(G, "fighting_sp_cap", "1105"), nil)
  eq(F(G, "terrain", "1105"), "clear")
end)

-- [12.1.6] [4.5.1] [12.1.8]: a destroyed fortification is read from the map
-- in play by stacking too: 2 SP, like open ground, where the standing
-- fortification held 10.
test("12.1.6-e / 4.5.1: a destroyed fortification holds 2 SP: infantry no longer joins a full stack there", function()
  local function play(destroy)
    local G
    G = setup({ U("a", "PL", "infantry", "1105", "N", { sp = 2, armour = 0 }),
                U("b", "PL", "infantry", "1104", "S", { sp = 1, mp = 8, armour = 0 }) },
              { hooks = { { "phase.A.cavalry_attack.enter", function()
                  if destroy then G.rs.modules.fortifications.destroy(G.rs.api.hex.parse("1105"), "12.1.6") end
                end } } })
    to_phase(G, 2, "A.infantry_move")
    return G, act(G, "PL", "move b")
  end
  local g, r = play(false)
  done(r, "into the standing fortification: 3 SP of 10")
  eq(g:unit_table("b").hex, "1105")
  g, r = play(true)
  eq(F(g, "is_fortified", "1105"), false)
  refused(r, "4.5.2")
  eq(g:unit_table("b").hex, "1104")
end)
