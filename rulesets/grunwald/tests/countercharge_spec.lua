-- Countercharge [5.7] (Grunwald 1410, English rules).  T-nn are the worked
-- examples of MATRIX.md §6.1.  PL is player A: its cavalry K1, K2 moves in
-- phase 1 and TO's cavalry P2, P3 countercharges.
--
-- Geometry (maps/test-field.map, odd columns sit lower, all clear here):
-- K1 moves S down column 4: 0406, 0407, 0408.  P2 stands at 0609 facing
-- NW: its front area is 0509, 0508 (frontal), 0608.  0508 is next to
-- 0408, not to 0407, so P2 may countercharge K1 once K1 is at 0408.  P3
-- at 0410 facing N has 0409, also next to 0408, as its frontal hex.

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

local function K1(hex) return U("K1", "PL", "cavalry", hex or "0406", "S", { armour = 0 }) end
local function P2() return U("P2", "TO", "cavalry", "0609", "NW", { cf = 1, armour = 2 }) end
local function P3() return U("P3", "TO", "cavalry", "0410", "N", { armour = 0 }) end

local function combat_rolls(r)
  local n = 0
  for _, roll in ipairs(r.rolls or {}) do if roll.purpose == "combat (5.1.1)" then n = n + 1 end end
  return n
end

-- K1 moves twice, to 0408; returns the result of the second move
local function to_0408(g)
  done(g:act("PL", "move K1"), "0406 -> 0407: no countercharge possible yet")
  return g:act("PL", "move K1")
end

test("5.7.1-a: the enemy may countercharge the moving unit next to its front area", function()
  local g = setup { K1(), P2() }
  local r = to_0408(g)
  eq(r.status, "decision")
  eq(r.request.side, "TO")
  eq(r.request.kind, "reaction")
  eq(r.request.options, { "countercharge P2 K1", "pass" })
  done(g:answer("pass"))
  eq(g:unit_table("K1").hex, "0408")
  eq(g:unit_table("K1").stopped, false)
  eq(g:unit_table("P2").hex, "0609")
end)

test("5.7.1-b: there is no countercharge in the infantry movement phase (2.1)", function()
  local g = setup { U("F", "PL", "infantry", "0406", "S", { mp = 4 }), P2() }
  done(g:act("PL", "end"))
  done(g:act("PL", "end"))
  done(g:act("PL", "move F"))
  done(g:act("PL", "move F"))
  eq(g:unit_table("F").hex, "0408")
end)

test("5.7.2-a / 5.7.3-a / 5.7.11-a: the countercharger enters its frontal hex, the combat is fought at once, the mover stops", function()
  -- P2 (armour 2, CF 1 -> 2) vs K1 (armour 0, CF 2): 1:1 +4 -1 = 4:1; roll 11 = no effect
  local g = setup({ K1(), P2() }, { dice = { 11 } })
  to_0408(g)
  local r = g:answer("countercharge P2 K1")
  done(r)
  eq(combat_rolls(r), 1)
  local p2, k1 = g:unit_table("P2"), g:unit_table("K1")
  eq(p2.hex, "0508")
  eq(p2.facing, "NW")
  eq(p2.countercharged, true)
  eq(p2.cf, 1, "CF 2 in the fight (5.7.6), then -1 after it (5.2.11)")
  eq(k1.hex, "0408")
  eq(k1.stopped, true)
  refused(g:act("PL", "move K1"), "5.7.11")
end)

test("5.7.2-b: the countercharger may first turn 60 degrees (CF 0, then +1 for the hex)", function()
  -- K1 at 0409: P2's frontal hex 0508 and, after a turn to SW, 0509 are both next to it
  local g = setup({ U("K1", "PL", "cavalry", "0408", "S", { armour = 0 }), P2() }, { dice = { 11 } })
  local r = g:act("PL", "move K1")
  eq(r.status, "decision", "before K1's first hex (A-036)")
  eq(r.request.options, { "countercharge P2 K1", "pass" })
  r = g:answer("pass")
  eq(r.status, "decision", "after K1 entered 0409")
  eq(r.request.options, { "countercharge P2 K1", "countercharge P2 K1 SW", "pass" })
  local q = g:query(function()
    local api = g.rs.api
    local out = {}
    for _, p in ipairs(g.rs.modules.countercharge.plans(api.unit("P2"), api.unit("K1"))) do
      out[#out + 1] = p.to.label .. ":" .. p.cf
    end
    return table.concat(out, " ")
  end)
  eq(q, "0508:2 0509:1")
  done(g:answer("countercharge P2 K1 SW"))
  local p2 = g:unit_table("P2")
  eq(p2.hex, "0509")
  eq(p2.facing, "SW")
end)

test("T-33 / 5.7.11-b: when K1 starts to move, P2 may countercharge it at once: K1 stops before its first hex", function()
  -- P2 (CF 2, armour 2) vs K1 (CF 0, armour 0): 1:1 +4 = 5:1; roll 12 = -1 / -1, no retreat
  local g = setup({ U("K1", "PL", "cavalry", "0408", "S", { armour = 0 }), P2() }, { dice = { 12 } })
  local r = g:act("PL", "move K1")
  eq(r.status, "decision")
  done(g:answer("countercharge P2 K1"))
  local k1 = g:unit_table("K1")
  eq(k1.hex, "0408")
  eq(k1.stopped, true)
  eq(k1.moved, false)
  refused(g:act("PL", "move K1"), "5.7.11")
end)

test("T-28 / 5.7.4-a: once K2 starts moving, K1 can no longer be countercharged", function()
  local g = setup { K1(), U("K2", "PL", "cavalry", "1202", "S"), P2() }
  local r = to_0408(g)
  eq(r.status, "decision")
  done(g:answer("pass"))
  done(g:act("PL", "move K2"), "K2 far from P2: no window, K1 is not offered")
  refused(g:act("PL", "move K1"), "4.1.2")
  local n = g:query(function()
    local api = g.rs.api
    return #g.rs.modules.countercharge.options(api.unit("K2"), "step", "TO")
  end)
  eq(n, 0)
end)

test("T-28 / 5.7.4-b: after P2 countercharged K1, K2 may attack P2 in the cavalry combat phase", function()
  local g = setup({ K1(), U("K2", "PL", "cavalry", "0607", "S"), P2() }, { dice = { 11, 7, 7, 7, 7, 7, 7 } })
  to_0408(g)
  done(g:answer("countercharge P2 K1"))
  done(g:act("PL", "move K2"))                  -- 0608; P2 (0508) has countercharged: no reaction (5.7.7)
  done(g:act("PL", "turn K2 SW"))               -- P2 in K2's front area
  done(g:act("PL", "end"))
  eq(g:phase_info().name, "A.cavalry_attack")
  local r = g:act("PL", "attack K1,K2 P2")
  ok(r.status == "done" or r.status == "decision", "the attack is accepted: " .. tostring(r.message))
end)

test("5.7.5-a / T-29: several units may countercharge the same unit; they fight one combat", function()
  local g = setup({ K1(), P2(), P3() }, { dice = { 11, 11, 11, 11 } })
  local r = to_0408(g)
  eq(r.request.options, { "countercharge P2 K1", "countercharge P3 K1", "pass" })
  r = g:answer("countercharge P2 K1")
  eq(r.status, "decision")
  eq(r.request.kind, "countercharge_join")
  eq(r.request.side, "TO")
  eq(r.request.options, { "P3", "no" })
  local rolls = 0
  r = g:answer("P3")
  for _ = 1, 20 do
    rolls = rolls + combat_rolls(r)
    if r.status ~= "decision" then break end
    r = g:answer(r.request.options[1])
  end
  done(r)
  eq(rolls, 1, "one combat")
  eq(g:unit_table("P2").countercharged, true)
  eq(g:unit_table("P3").countercharged, true)
  local k1 = g:unit_table("K1")
  ok(k1 == nil or k1.stopped, "K1 stops")
end)

test("5.7.5-b / T-29: a unit may stay out of the countercharge", function()
  local g = setup({ K1(), P2(), P3() }, { dice = { 11 } })
  to_0408(g)
  g:answer("countercharge P2 K1")
  local r = g:answer("no")
  done(r)
  eq(g:unit_table("P3").hex, "0410")
  eq(g:unit_table("P3").countercharged, false)
end)

test("5.7.6-a / T-30: CF 1, armour 2: straight on CF 2 (CM 2); after a turn CF 1 (CM 1); through a ford CF 0 (CM 0)", function()
  local g = setup { U("K1", "PL", "cavalry", "0408", "S"), P2(),
                    U("Q", "TO", "cavalry", "0309", "NW", { cf = 1, armour = 2 }),
                    U("K4", "PL", "cavalry", "1907", "S"), U("R", "TO", "cavalry", "1707", "SE", { cf = 1, armour = 2 }) }
  local function plans(cc, mover)
    return g:query(function()
      local api, A = g.rs.api, g.rs.modules.arith
      local out = {}
      for _, p in ipairs(g.rs.modules.countercharge.plans(api.unit(cc), api.unit(mover))) do
        out[#out + 1] = string.format("%s%s CF %d CM %d", p.to.label, p.turned and " turned" or "", p.cf,
          A.cf_cm(p.cf, api.unit(cc).armour, { countercharge = true }))
      end
      return out
    end)
  end
  eq(plans("P2", "K1"), { "0508 CF 2 CM 2" })
  eq(plans("Q", "K1"), { "0308 turned CF 1 CM 1" })
  eq(plans("R", "K4"), { "1808 CF 0 CM 0" })
end)

test("5.7.9-a / T-31: an armour-0 countercharger with CF 2 gets no CM from its CF", function()
  local g = setup { K1() }
  eq(g:query(function() return g.rs.modules.arith.cf_cm(2, 0, { countercharge = true }) end), 0)
  eq(g:query(function() return g.rs.modules.arith.cf_cm(2, 0) end), 1, "outside a countercharge: armour + 1")
end)

test("5.7.7-a: a unit countercharges once in an enemy movement phase", function()
  local g = setup({ K1(), P2() }, { dice = { 11 } })
  to_0408(g)
  done(g:answer("countercharge P2 K1"))
  local barred, rule = g:query(function()
    return g.rs.modules.countercharge.barred(g.rs.api.unit("P2"))
  end)
  eq({ barred, rule }, { true, "5.7.7" })
end)

test("5.7.8-a: a unit in the ZoC of enemy cavalry cannot countercharge; enemy infantry does not bar it", function()
  -- K9 at 0709 facing NW has P2 (0609) in its ZoC
  local g = setup { K1(), P2(), U("K9", "PL", "cavalry", "0709", "NW") }
  done(to_0408(g), "no reaction offered")
  local g2 = setup { K1(), P2(), U("F9", "PL", "infantry", "0709", "NW") }
  eq(to_0408(g2).status, "decision")
end)

test("5.7.10-a / T-32: P2 cannot countercharge K1 when K1 is next to P1", function()
  -- P1 at 0409 (next to 0408) faces S: K1 does not even enter its ZoC
  local g = setup { K1(), P2(), U("P1", "TO", "infantry", "0409", "S") }
  done(to_0408(g), "no reaction offered")
  eq(g:unit_table("K1").stopped, false)
end)
