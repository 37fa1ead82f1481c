-- The charge factor [5.6] (Grunwald 1410, English rules).  T-nn are the
-- worked examples of MATRIX.md §6.1.
-- Map facts (maps/test-field.map, odd columns sit lower): forest
-- 0305-0306, village 0505, swamp 0705, hill 0909-0910 (elevation 1, the
-- only step on the map), fortification 1105 (gate on its S side), a
-- stream along the east side of column 15, a river along the east side of
-- column 17 with a bridge 1704:SE and a ford 1707:SE, a road 0112-1012.

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
local function cf(g, name) return g:unit_table(name).cf end

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

-- call charge.<f>(args...) in the game, units given by name, hexes by label
local function charge(g, f, ...)
  local args = table.pack(...)
  return g:query(function()
    local api = g.rs.api
    local a = {}
    for i = 1, args.n do
      local v = args[i]
      if type(v) == "string" and api.unit(v) then v = api.unit(v)
      elseif type(v) == "string" and v:match("^%d%d%d%d$") then v = api.hex.parse(v) end
      a[i] = v
    end
    return g.rs.modules.charge[f](table.unpack(a, 1, args.n))
  end)
end

test("5.6.1-a: infantry has no charge factor: CF stays 0 and it cannot keep one", function()
  local g = setup { U("i", "PL", "infantry", "0202", "S", { mp = 4 }) }
  to_phase(g, 1, "A.infantry_move")
  done(act(g, "PL", "move i"))
  done(act(g, "PL", "move i"))
  eq(cf(g, "i"), 0)
  refused(g:act("PL", "move i keep"), "5.6.1")
end)

test("5.6.2-a: CF rises by 1 for every hex and stops at 3", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S") }
  local seen = {}
  for _ = 1, 4 do done(act(g, "PL", "move c")); seen[#seen + 1] = cf(g, "c") end
  eq(seen, { 1, 2, 3, 3 })
end)

test("5.6.3-a / T-25: 3 hexes (CF 3), a 60-degree turn (CF 0), 2 hexes: CF 2", function()
  local g = setup { U("c", "PL", "cavalry", "0802", "S", { mp = 13 }) }
  for _ = 1, 3 do done(act(g, "PL", "move c")) end
  eq(cf(g, "c"), 3)
  done(act(g, "PL", "turn c SE"))
  eq(cf(g, "c"), 0)
  done(act(g, "PL", "move c"))
  done(act(g, "PL", "move c"))
  eq(g:unit_table("c").hex, "1006")
  eq(cf(g, "c"), 2)
end)

test("5.6.3-b: the charge factor is kept from one phase to the next (A-029)", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S") }
  done(act(g, "PL", "move c"))
  done(act(g, "PL", "move c"))
  to_phase(g, 2, "A.cavalry_move")
  eq(cf(g, "c"), 2)
end)

test("5.6.4-a / 5.6.5-a / T-26: armour 1, CF 3: CF CM 2, armour CM 1; a 60-degree turn still costs 1 x (3 + 1) + 1", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { armour = 1, cf = 3 }) }
  eq(g:query(function() return g.rs.modules.arith.cf_cm(3, 1) end), 2)
  eq(g:query(function() return g.rs.modules.arith.cf_cm(2, 2) end), 2, "CF 2, armour 2: the whole CF (5.6.4)")
  done(act(g, "PL", "turn c SE"))
  eq(left(g, "c"), six(8 - 5))
end)

test("5.6.6-a: attacking into fortifications, forest or swamps counts CF 0; into a village it counts (A-032)", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 3 }) }
  eq(charge(g, "attack_cf", "c", "1105"), 0)
  eq(charge(g, "attack_cf", "c", "0305"), 0)
  eq(charge(g, "attack_cf", "c", "0705"), 0)
  eq(charge(g, "attack_cf", "c", "0505"), 3)
  eq(charge(g, "attack_cf", "c", "0203"), 3)
end)

test("5.6.7-a: moving into forest, village or swamps sets CF to 0, road or not", function()
  local g = setup { U("f", "PL", "cavalry", "0304", "S", { cf = 3 }), U("v", "PL", "cavalry", "0504", "S", { cf = 2 }),
                    U("s", "PL", "cavalry", "0704", "S", { cf = 2 }) }
  done(act(g, "PL", "move f"))
  done(act(g, "PL", "move v"))
  done(act(g, "PL", "move s"))
  eq({ cf(g, "f"), cf(g, "v"), cf(g, "s") }, { 0, 0, 0 })
end)

test("5.6.7-b: crossing a ford or entering a fortification sets CF to 0", function()
  local g = setup { U("a", "PL", "cavalry", "1707", "SE", { cf = 2 }), U("b", "PL", "cavalry", "1106", "N", { cf = 2 }) }
  done(act(g, "PL", "move a"))
  eq(g:unit_table("a").hex, "1808")
  eq(cf(g, "a"), 0)
  done(act(g, "PL", "move b"))                  -- through the gate: no MP surcharge, CF lost all the same
  eq(g:unit_table("b").hex, "1105")
  eq(cf(g, "b"), 0)
  eq(left(g, "b"), six(7))
end)

test("5.6.8-a: crossing a bridge costs 1 CF (after the hex's gain)", function()
  local g = setup { U("a", "PL", "cavalry", "1704", "SE", { cf = 2 }) }
  done(act(g, "PL", "move a"))
  eq(g:unit_table("a").hex, "1805")
  eq(cf(g, "a"), 2)
end)

test("5.6.9-a: crossing a stream costs 1 CF", function()
  local g = setup { U("a", "PL", "cavalry", "1504", "NE", { cf = 2 }) }
  done(act(g, "PL", "move a"))
  eq(g:unit_table("a").hex, "1604")
  eq(cf(g, "a"), 2)
end)

test("5.6.10-a / T-27: each hex moved uphill costs 1 CF, after the hex's gain (A-030)", function()
  -- up the hill at 0909 from the N (0908) and from the NW (0809); on the
  -- flat the same moves would give CF 3 and 2.  The test field has one
  -- step of elevation, so a unit climbs one hex at a time: 2 hexes uphill
  -- are 2 such losses.
  local g = setup { U("a", "PL", "cavalry", "0907", "S", { cf = 2 }), U("b", "PL", "cavalry", "0809", "SE", { cf = 1, mp = 12 }) }
  done(act(g, "PL", "move a"))                  -- 0908: CF 3
  done(act(g, "PL", "move a"))                  -- 0909 uphill: 3 (capped) - 1
  eq(cf(g, "a"), 2)
  done(act(g, "PL", "move a"))                  -- 0910, level: + 1
  eq(cf(g, "a"), 3)
  done(act(g, "PL", "move b"))                  -- 0909 uphill: 1 + 1 - 1
  eq(cf(g, "b"), 1)
  done(act(g, "PL", "move b"))                  -- 1010, downhill: + 1
  eq(cf(g, "b"), 2)
end)

test("5.6.11-a: an attacker that must retreat loses its CF", function()
  local G
  G = setup({ U("c", "PL", "cavalry", "0202", "S", { cf = 3 }) }, { hooks = { { "phase.A.cavalry_attack.enter", function()
    G.rs.modules.charge.on_attacker_retreat(G.rs.api.unit("c"))
  end } } })
  eq(cf(G, "c"), 3)
  to_phase(G, 1, "A.cavalry_attack")
  eq(cf(G, "c"), 0)
end)

test("5.6.12-a: refusing the CF gain costs 1 MP more", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 1 }) }
  done(act(g, "PL", "move c keep"))
  eq(cf(g, "c"), 1)
  eq(left(g, "c"), six(8 - 2))
  done(act(g, "PL", "move c"))
  eq(cf(g, "c"), 2)
  eq(left(g, "c"), six(8 - 3))
end)

test("4.2.8-a: on a road refusing the CF gain costs 1/2 MP", function()
  local g = setup { U("c", "PL", "cavalry", "0112", "NE", { cf = 1 }) }
  done(act(g, "PL", "move c keep"))
  eq(cf(g, "c"), 1)
  eq(left(g, "c"), six(8) - 3 - 3)
end)

test("5.4.3 / 5.5.8 / 5.5.9: no gain in pursuit or retreat; a pursuit turn under 120 degrees keeps CF", function()
  local g = setup { U("c", "PL", "cavalry", "0202", "S", { cf = 2 }) }
  eq(charge(g, "gains", "c", "move"), true)
  eq(charge(g, "gains", "c", "countercharge"), true)
  eq(charge(g, "gains", "c", "pursuit"), false)
  eq(charge(g, "gains", "c", "retreat"), false)
  eq(charge(g, "gains", "c", "move", "keep"), false)
  eq(charge(g, "turn_loses_cf", "c", 1, "pursuit"), false)
  eq(charge(g, "turn_loses_cf", "c", 2, "pursuit"), true)
  eq(charge(g, "turn_loses_cf", "c", 3, "retreat"), false)
  eq(charge(g, "turn_loses_cf", "c", 1, "move"), true)
  -- no gain in a pursuit, but the terrain still counts: a ford costs the CF (5.6.7)
  eq(charge(g, "cf_after_enter", "c", "0202", "0203", "pursuit"), 2)
  eq(charge(g, "cf_after_enter", "c", "1707", "1808", "pursuit"), 0)
end)
