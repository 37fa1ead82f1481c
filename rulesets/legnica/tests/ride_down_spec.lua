-- Ride-down in Legnica [5.8]: cavalry with CF above 1 [5.8.1] "can ride
-- down" only when CM from CF + armour - terrain - the target's armour > 0
-- [5.8.2] (T-35, T-36, T-37); the cost is the SP ridden down [5.8.6]
-- (T-34); in pursuit or retreat entering is enough [5.8.7].  Maps:
-- lg-test.map (a rise at elevation 1 from row 06 in columns 10-12) and
-- the Grunwald test field (forest 0305-0306).
local H = loadfile(bitwa.home .. "/rulesets/legnica/tests/lib/lg.lua", "t", _ENV)()
local setup, U, play, to_phase = H.setup, H.U, H.play, H.to_phase

local function field(units, extra)
  extra = extra or {}
  extra.map = "lg-test"
  return setup(units, extra)
end

-- the 5.8.2 check for K entering the hex in front of it
local function check(g, name)
  return g:query(function()
    local api = g.rs.api
    local u = api.unit(name)
    local ok, rule = g.rs.modules.ride_down.check(u, api.hex.neighbour(u.hex, u.facing), "move")
    local m = g.rs.modules.ride_down.margin(u, api.hex.neighbour(u.hex, u.facing), "move")
    return { ok, rule or "", m }
  end)
end

test("5.8.2-a / T-35: light cavalry (armour 0) at CF 3 against retainers (armour 0) in the open: 1 + 0 - 0 - 0 = 1: ridden down", function()
  local g = field { U("K1", "MO", "cavalry", "0202", "S", { cf = 3, armour = 0 }),
                    U("P1", "PL", "infantry", "0203", "N", { sp = 1, armour = 0 }) }
  eq(check(g, "K1"), { true, "", 1 })
  to_phase(g, "A.cavalry_move")
  local r = play(g, "MO", "move K1")
  done(r)
  eq(g:unit_table("P1"), nil, "5.8.3: eliminated")
  eq(g:unit_table("K1").hex, "0203")
  eq(g:var("morale"), 0, "5.8.4: no MORALE change")
end)

test("5.8.2-b / T-35: the same against armour 1: 1 + 0 - 0 - 1 = 0: not possible, the hex stays closed", function()
  local g = field { U("K1", "MO", "cavalry", "0202", "S", { cf = 3, armour = 0 }),
                    U("P1", "PL", "infantry", "0203", "N", { sp = 1, armour = 1 }) }
  eq(check(g, "K1"), { false, "=5.8.2", 0 })
  to_phase(g, "A.cavalry_move")
  local r = g:act("MO", "move K1")
  eq({ r.status, r.rule }, { "refused", "5.8.2" })
end)

test("5.8.2-c / T-35: against retainers on the rise, charging uphill (CF 3 -> 2, CM still 1; terrain 1): 0, not possible", function()
  local g = field { U("K1", "MO", "cavalry", "1005", "S", { cf = 3, armour = 0 }),
                    U("P1", "PL", "infantry", "1006", "N", { sp = 1, armour = 0 }) }
  eq(check(g, "K1"), { false, "=5.8.2", 0 })
end)

test("5.8.2-d / T-36: heavy cavalry (armour 2) at full speed storms uphill (CF 2) onto heavy infantry (armour 2): 2 + 2 - 2 - 1 = 1", function()
  local g = field { U("K1", "MO", "cavalry", "1005", "S", { cf = 3, armour = 2 }),
                    U("P1", "PL", "infantry", "1006", "N", { sp = 1, armour = 2 }) }
  eq(check(g, "K1"), { true, "", 1 })
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))
  eq(g:unit_table("P1"), nil)
  eq(g:unit_table("K1").cf, 2)
end)

test("5.8.2-e / T-37: no ride-down in a forest: entering sets the CF to 0 (5.6.7), so 5.8.1's CF above 1 fails", function()
  local g = field { U("K1", "MO", "cavalry", "0604", "S", { cf = 3, armour = 2 }),
                    U("P1", "PL", "infantry", "0605", "N", { sp = 1, armour = 0 }) }
  local c = check(g, "K1")
  eq({ c[1], c[2] }, { false, "5.8.1" })
end)

test("5.8.6 / T-34: riding down two 1-SP infantry units on a clear hex costs their 2 SP on top of the hex (A-038)", function()
  local g = field { U("K1", "MO", "cavalry", "0202", "S", { cf = 2, armour = 2, mp = 8 }),
                    U("P1", "PL", "infantry", "0203", "N", { sp = 1, armour = 0 }),
                    U("P2", "PL", "infantry", "0203", "N", { sp = 1, armour = 0 }) }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))
  eq(g:unit_table("P1"), nil)
  eq(g:unit_table("P2"), nil)
  eq(g:unit_table("K1").mp_left, 48 - 6 - 12, "clear 1 + 2 SP")
end)

test("5.8.1: horse archers get no CM from their CF (10.5.3), so they never pass 5.8.2 against foot", function()
  local g = field { U("HA", "MO", "horse_archers", "0202", "S", { cf = 3, armour = 0 }),
                    U("P1", "PL", "infantry", "0203", "N", { sp = 1, armour = 0 }) }
  eq(check(g, "HA"), { false, "=5.8.2", 0 })
end)

test("5.8.7 / 5.5.10: in pursuit entering the hex is enough: no 5.8.2 test", function()
  local g = field { U("K1", "MO", "cavalry", "0202", "S", { cf = 2, armour = 0 }) }
  local r = g:query(function()
    local api = g.rs.api
    return { g.rs.modules.ride_down.check(api.unit("K1"), api.hex.parse("0203"), "pursuit") }
  end)
  -- no target on 0203: the English check answers first (nothing to ride down)
  eq(r[1], false)
  local g2 = field { U("K1", "MO", "cavalry", "0202", "S", { cf = 0, armour = 0 }),
                     U("P1", "PL", "infantry", "0203", "N", { sp = 1, armour = 2 }) }
  local r2 = g2:query(function()
    local api = g2.rs.api
    return { g2.rs.modules.ride_down.check(api.unit("K1"), api.hex.parse("0203"), "pursuit"),
             g2.rs.modules.ride_down.check(api.unit("K1"), api.hex.parse("0203"), "retreat") }
  end)
  eq(r2, { true, true }, "CF 0 and armour 2 do not matter in pursuit or retreat")
end)
