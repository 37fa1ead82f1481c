-- [13.0] Units organization (complementary rules) and the leaders'
-- command ranges [8.0], on the rules test field.

local function U(name, side, kind, hex, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = "N", sp = 2, mp = 8 }
  if kind == "leader" then u.sp, u.mp = 0, 10 end
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function setup(units, options)
  return game { ruleset = "grunwald", seed = 1, options = options,
                scenario = { map = "test-field", turns = 3, units = units } }
end

local function setup_error(units, options)
  local ok, err = pcall(setup, units, options)
  if ok then return nil end
  return tostring(err)
end

local function Q(g, f) return g:query(function() return f(g.rs.rules, g.rs.api) end) end

local function army()
  return {
    U("Jagiello", "PL", "leader", "0312", { grand = true, nation = "poles" }),
    U("Witold", "PL", "leader", "0812", { nation = "lithuanians" }),
    U("Zyndarm", "PL", "leader", "0512", { nation = "poles", range = 4 }),
    U("P1", "PL", "cavalry", "0313", { nation = "poles", leader = "Jagiello", banner_group = "krakow" }),
    U("P2", "PL", "cavalry", "0413", { nation = "poles", leader = "Jagiello", banner_group = "krakow" }),
    U("I1", "PL", "infantry", "0513", { nation = "poles", leader = "Zyndarm" }),
    U("T1", "PL", "horse_archers", "0813", { nation = "tatars", leader = "Witold" }),
    U("T2", "PL", "horse_archers", "0913", { leader = "Witold" }),
    U("L1", "PL", "cavalry", "0713", { nation = "lithuanians", leader = "Witold" }),
    U("Ulrich", "TO", "leader", "0303", { grand = true, nation = "teutons" }),
    U("K1", "TO", "cavalry", "0302", { nation = "teutons", leader = "Ulrich" }),
  }
end

test("8.0: command range 3 for a grand leader, 2 for the others, unless the scenario gives one", function()
  local g = setup(army())
  eq(g:unit_table("Jagiello").range, 3)
  eq(g:unit_table("Ulrich").range, 3)
  eq(g:unit_table("Witold").range, 2)
  eq(g:unit_table("Zyndarm").range, 4, "the scenario's own value")
end)

test("13.1.5: units keep the leader the scenario assigns them; units_of lists them", function()
  local g = setup(army())
  eq(g:unit_table("P1").leader, "Jagiello")
  local names = Q(g, function(R, B)
    local out = {}
    for _, u in ipairs(R.organization.units_of(B.unit("Jagiello"))) do out[#out + 1] = u.name end
    return out
  end)
  eq(names, { "P1", "P2" })
  eq(Q(g, function(R, B) return R.organization.leader_of(B.unit("I1")).name end), "Zyndarm")
  eq(Q(g, function(R, B) return R.organization.leader_of(B.unit("K1")).name end), "Ulrich")
end)

test("13.1.6: infantry and Tatar units are assigned one by one", function()
  local units = army()
  units[#units + 1] = U("I2", "PL", "infantry", "0613", { nation = "poles", leader = "Jagiello" })
  local g = setup(units)
  eq(g:unit_table("I1").leader, "Zyndarm")
  eq(g:unit_table("I2").leader, "Jagiello")
end)

test("13.1.5-b: an assignment to no leader, or to a leader of the other side, fails the setup", function()
  local units = army()
  units[#units + 1] = U("P3", "PL", "cavalry", "1013", { leader = "Nobody" })
  local err = setup_error(units)
  ok(err and err:find("13.1.5: P3", 1, true), tostring(err))
  units = army()
  units[#units + 1] = U("P3", "PL", "cavalry", "1013", { leader = "Ulrich" })
  err = setup_error(units)
  ok(err and err:find("13.1.5: P3", 1, true), tostring(err))
end)

test("13.1.7-a: a Tatar unit assigned to a leader who is not Lithuanian fails the setup", function()
  local units = army()
  units[#units + 1] = U("T3", "PL", "horse_archers", "1013", { nation = "tatars", leader = "Zyndarm" })
  local err = setup_error(units)
  ok(err and err:find("13.1.7: T3 is a Tatar unit assigned to Zyndarm", 1, true), tostring(err))
end)

test("13.1.7-b: horse archers without a nation are Tatars too", function()
  local units = army()
  units[#units + 1] = U("T3", "PL", "horse_archers", "1013", { leader = "Jagiello" })
  local err = setup_error(units)
  ok(err and err:find("13.1.7", 1, true), tostring(err))
end)

test("13.1.7-c: Tatars with Lithuanian leaders are accepted (and units need no leader)", function()
  local units = army()
  units[#units + 1] = U("T3", "PL", "horse_archers", "1013", { nation = "tatars" })
  local g = setup(units)
  eq(g:unit_table("T1").leader, "Witold")
  eq(g:unit_table("T3").leader, "")
end)

test("A-072 13.0: without the complementary rules the assignment is not checked", function()
  local units = army()
  units[#units + 1] = U("T3", "PL", "horse_archers", "1013", { nation = "tatars", leader = "Zyndarm" })
  local g = setup(units, { complementary = false })
  eq(g:unit_table("T3").leader, "Zyndarm")
  eq(g:unit_table("Witold").range, 2, "8.0 ranges are not complementary")
end)
