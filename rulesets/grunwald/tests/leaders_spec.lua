-- Leaders [8] (with 6.1.6, 6.1.7, A-051, A-053 - A-056), forced dice.
-- T-nn: MATRIX.md §6.1.  Map: test-field (odd columns sit lower).
-- A (TO) at 0507 facing S attacks at 0508; its ZoC covers 0608, 0508 and
-- 0408.  TO is player A.

local H = loadfile(bitwa.home .. "/rulesets/grunwald/tests/lib/fights.lua", "t", _ENV)()
local setup, U, contains, answer_all, play, to_phase, purposes, asked, var =
  H.setup, H.U, H.contains, H.answer_all, H.play, H.to_phase, H.purposes, H.asked, H.var

local function cms(g, atts, defs)
  return g:query(function()
    local api, C = g.rs.api, g.rs.modules.combat
    local function list(ns)
      local t = {}
      for i, n in ipairs(ns) do t[i] = api.unit(n) end
      return t
    end
    local r = C.evaluate { attackers = list(atts), defenders = list(defs) }
    local out = { att = {}, def = {}, final = r.final }
    for _, m in ipairs(r.att_mods) do out.att[m.rule] = m.cm end
    for _, m in ipairs(r.def_mods) do out.def[m.rule] = m.cm end
    return out
  end)
end

local function base(extra_units)
  local units = { U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N") }
  for _, u in ipairs(extra_units or {}) do units[#units + 1] = u end
  return units
end

------------------------------------------------------------------ CMs

test("8.2.1: a unit stacked with a leader gains 2 CMs", function()
  local g = setup(base { U("L", "TO", "leader", "0507", "N") })
  eq(cms(g, { "A" }, { "D" }).att["8.2"], 2)
end)

test("8.2.2 / 8.0: within a leader's command range 1 CM: range 2 for a leader, 3 for the grand leader", function()
  local g = setup(base { U("L", "TO", "leader", "0707", "N") })          -- 2 hexes
  eq(cms(g, { "A" }, { "D" }).att["8.2"], 1)
  g = setup(base { U("L", "TO", "leader", "0807", "N") })                -- 3 hexes
  eq(cms(g, { "A" }, { "D" }).att["8.2"], nil)
  g = setup(base { U("L", "TO", "leader", "0807", "N", { grand = true }) })
  eq(cms(g, { "A" }, { "D" }).att["8.2"], 1)
end)

test("8.2.3: CMs from one leader only", function()
  local g = setup(base { U("L1", "TO", "leader", "0507", "N"), U("L2", "TO", "leader", "0507", "N"),
                         U("L3", "TO", "leader", "0607", "N") })
  eq(cms(g, { "A" }, { "D" }).att["8.2"], 2)
  g = setup(base { U("L1", "TO", "leader", "0607", "N"), U("L2", "TO", "leader", "0407", "N") })
  eq(cms(g, { "A" }, { "D" }).att["8.2"], 1)
end)

test("8.2.1 / 7.1.7: a unit judged at another hex (a planned copy, a bot's what-if) leaves its own CMs from leaders and banners as they are", function()
  local g = setup(base { U("L", "TO", "leader", "0507", "N"), U("H", "TO", "infantry", "0407", "S"),
                         { name = "TB", side = "TO", kind = "banner", hex = "0407", holder = "H" } })
  local r = g:query(function()
    local api, C, M = g.rs.api, g.rs.modules.combat, g.rs.modules.movement
    local function mods(a)
      local out = {}
      for _, m in ipairs(C.evaluate { attackers = { a }, defenders = { api.unit("D") } }.att_mods) do out[m.rule] = m.cm end
      return out
    end
    local real = api.unit("A")
    local before = mods(real)
    local s = M.planned(real)
    s.hex = api.hex.parse("1411")            -- far from the leader and the banner
    local away = mods(s)
    return { before = before, away = away, after = mods(real) }
  end)
  eq(r.before["8.2"], 2); eq(r.before["7.1.7"], 1)
  eq(r.away["8.2"], nil); eq(r.away["7.1.7"], nil)
  eq(r.after["8.2"], 2); eq(r.after["7.1.7"], 1)
end)

------------------------------------------------------------------ death rolls

-- T-43: A (2 SP) and L at 0507 get A2 -1: 1:1 +2 (leader) -3 (PL MORALE) = 1:2, 11 = A2 -1.
local function t43(dice, options)
  options = options or {}
  options.morale_value = "offset"                  -- MORALE by its offset (+3)
  local g = setup(base { U("L", "TO", "leader", "0507", "N") }, { vars = { { "morale", 3 } }, options = options })
  to_phase(g, "A.infantry_attack")
  g.dice:force(dice)
  local r = play(g, "TO", "attack A D")
  done(r)
  return g, r
end

test("8.2.4 / 8.2.5 / T-43: attackers with a leader get A2 -1: he dies on 2 or 3 (2D6 - 1 <= 2)", function()
  local g, r = t43 { 11, 3 }
  eq(purposes(r), { "combat (5.1.1)", "leader death (8.2.4)" })
  eq(g:unit_table("L"), nil)
  eq(g:var("morale"), 11, "3 + 8 fields for PL (6.1.6)")
  g, r = t43 { 11, 4 }
  local l, a = g:unit_table("L"), g:unit_table("A")
  ok(l ~= nil, "4 - 1 > 2: he lives")
  eq(l.hex, a.hex, "and retreated with his unit (8.1.7)")
end)

test("8.1.4 / 8.1.6 / A-051: without the complementary rules the units stacked with the dead leader lose 1 SP, with no MORALE", function()
  local g = t43 { 11, 3 }
  eq(g:unit_table("A"), nil, "1 SP left after the combat, 0 after the leader's death")
  eq(g:var("morale"), 11, "only the leader's 8 fields")
end)

test("8.1.4-b: with the complementary rules the units under his command lose 1 SP (13.1.5)", function()
  local g = setup({ U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                    U("L", "TO", "leader", "0507", "N"), U("C", "TO", "cavalry", "1212", "N", { leader = "L" }) },
                  { vars = { { "morale", 3 } }, options = { morale_value = "offset", complementary = true } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 11, 3, 5 }                   -- A2 -1; L dies; A (no leader now) rolls for disorganization
  done(play(g, "TO", "attack A D"))
  eq(g:unit_table("C").sp, 1)
  eq(g:unit_table("A").sp, 1, "A is not under his command")
end)

-- T-44: D (2 SP) and L at 0508; 0609 0409 0610 0410 0611 0411 full, T on
-- 0511: D retreats 2 of 3.  1:1 +7 (TO MORALE) -2 (leader) = 6:1, 5 = D3 -1.
local function t44(dice)
  local g = setup(base { U("L", "PL", "leader", "0508", "N"), U("B1", "PL", "infantry", "0609", "N"),
                         U("B2", "PL", "infantry", "0409", "N"), U("B3", "PL", "infantry", "0610", "N"),
                         U("B4", "PL", "infantry", "0410", "N"), U("B5", "PL", "infantry", "0611", "N"),
                         U("B6", "PL", "infantry", "0411", "N"), U("T", "TO", "infantry", "0511", "S", { sp = 1 }) },
                  { vars = { { "morale", -7 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force(dice)
  local r = play(g, "TO", "attack A D")
  done(r)
  return g, r
end

test("8.2.5-b / T-44 / A-056: defenders with a leader get D3 -1 and retreat only 2 (+1 SP): he dies on 2 to 5", function()
  local g, r = t44 { 5, 5 }
  eq(purposes(r), { "combat (5.1.1)", "leader death (8.2.4)" })
  eq(g:unit_table("D"), nil, "1 SP lost in combat, 1 for the missing hex")
  eq(g:unit_table("L"), nil, "5 - 2 = 3 <= 3")
  eq(g:var("morale"), -16, "TO: 7, +1 for D, +8 for the leader")
  g = t44 { 5, 6 }
  eq(g:unit_table("L").hex, "0510", "6 - 2 > 3: he lives, on the last hex of the retreat")
end)

test("8.1.7 / T-42: the stack must retreat 2, only 1 is possible: the leader retreats 1 and stops", function()
  local g = setup(base { U("L", "PL", "leader", "0508", "N"), U("B1", "PL", "infantry", "0609", "N"),
                         U("B2", "PL", "infantry", "0409", "N"), U("B3", "PL", "infantry", "0610", "N"),
                         U("B4", "PL", "infantry", "0510", "N"), U("B5", "PL", "infantry", "0410", "N") },
                  { vars = { { "morale", -5 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 6, 4 }                       -- 1:1 +5 -2 = 4:1, 6 = D2; death roll 4 - 1 > 2
  done(play(g, "TO", "attack A D"))
  local d, l = g:unit_table("D"), g:unit_table("L")
  eq(d.hex, "0509")
  eq(d.sp, 1, "5.4.6")
  eq(l.hex, "0509")
  eq(g:unit_table("A").hex, "0508")
end)

test("8.1.7-b / A-053 / 8.2.6 / T-42: no retreat at all: the leader stays; once his units are gone an enemy entering kills him", function()
  local g = setup(base { U("L", "PL", "leader", "0508", "N"), U("B1", "PL", "infantry", "0609", "N"),
                         U("B2", "PL", "infantry", "0409", "N"), U("B3", "PL", "infantry", "0509", "N") },
                  { vars = { { "morale", -5 } }, options = { morale_value = "offset" } })
  to_phase(g, "A.infantry_attack")
  g.dice:force { 6, 5 }                       -- D2: D loses 2 SP (5.4.6); death roll 5 - 2 > 2
  done(play(g, "TO", "attack A D"))
  eq(g:unit_table("D"), nil)
  eq(g:unit_table("L").hex, "0508")
  done(g:act("TO", "advance A 0508"))
  eq(g:unit_table("L"), nil)
  eq(g:var("morale"), -14, "TO: 5, +1 for D, +8 for the leader")
end)

------------------------------------------------------------------ lone leaders

test("8.2.7 / A-055 / 6.1.6 / T-45: a lone leader attacked is killed; the combat is fought at 9:1 for the attacker's part", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("L", "PL", "leader", "0508", "N") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 2 }                          -- 9:1, 2 = -1 / D5D
  local r = play(g, "TO", "attack A L")
  done(r)
  eq(purposes(r), { "combat (5.1.1)" })
  eq(g:unit_table("A").sp, 1)
  eq(g:unit_table("L"), nil)
  eq(g:var("morale"), -8)
  ok((g:var("vp.TO") or 0) > 0, "victory points for the leader")
  done(g:act("TO", "advance A 0508"), "the defender is gone: 5.2.8")
end)

test("6.1.7 / 8.1.5: the grand leader killed: 12 fields, and every unit of his side loses 1 SP", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("L", "PL", "leader", "0508", "N", { grand = true }),
                    U("P1", "PL", "cavalry", "1212", "N"), U("P2", "PL", "infantry", "1412", "N", { sp = 1 }) }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 5 }                          -- 9:1, 5 = D5
  done(play(g, "TO", "attack A L"))
  eq(g:var("morale"), -12)
  eq(g:unit_table("P1").sp, 1)
  eq(g:unit_table("P2"), nil, "eliminated, without MORALE (8.1.6)")
end)

test("8.2.7-b: a leader with units of his side is not attacked by himself", function()
  local g = setup(base { U("L", "PL", "leader", "0508", "N") })
  to_phase(g, "A.infantry_attack")
  refused(g:act("TO", "attack A L"), "8.2.7")
  refused(g:act("TO", "attack A D,L"), "8.2.7")
end)

test("8.2.6: a lone leader is killed when an enemy unit enters his hex", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("L", "PL", "leader", "0509", "N") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 3 }                          -- 2:1, 3 = D2 -1: D is eliminated
  done(play(g, "TO", "attack A D"))
  done(g:act("TO", "advance A 0509"))
  eq(g:unit_table("L"), nil)
  eq(g:var("morale"), -9)
end)
