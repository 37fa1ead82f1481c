-- Banners [7.1] (with 6.1.5, A-049), forced dice.  T-nn: MATRIX.md §6.1.
-- A banner is a unit of kind "banner" whose `holder` names the regular
-- unit carrying it.  Map: test-field (odd columns sit lower).  TO is
-- player A.

local H = loadfile(bitwa.home .. "/rulesets/grunwald/tests/lib/fights.lua", "t", _ENV)()
local setup, U, contains, answer_all, play, to_phase, purposes, asked, var =
  H.setup, H.U, H.contains, H.answer_all, H.play, H.to_phase, H.purposes, H.asked, H.var

local function B(name, side, holder, hex) return { name = name, side = side, kind = "banner", holder = holder, hex = hex } end

test("7.1.1 / A-049: a banner placed with a leader starts held by a regular unit on his hex", function()
  local g = setup { U("L", "PL", "leader", "1010", "N"), U("X", "PL", "archers", "1010", "N", { sp = 1 }),
                    U("D", "PL", "infantry", "1010", "N", { sp = 1 }), B("PB", "PL", "L", "1010"),
                    U("H", "TO", "cavalry", "0303", "N"), B("TB", "TO", "H", "0303") }
  local pb = g:unit_table("PB")
  eq(pb.holder, "D", "not the leader, not the archers (7.1.2: a regular unit)")
  eq(pb.hex, "1010")
  eq(g:unit_table("TB").holder, "H")
end)

test("7.1.1-b: a banner nobody regular can hold is a scenario error", function()
  local ok_, err = pcall(setup, { U("L", "PL", "leader", "1010", "N"), B("PB", "PL", "L", "1010") })
  ok(not ok_ and tostring(err):find("7.1.1", 1, true), tostring(err))
end)

-- TO's banner TB held by H (cavalry, 0808 facing N); K next to it.
local function pass_game(extra_units)
  local units = { U("H", "TO", "cavalry", "0808", "N"), B("TB", "TO", "H", "0808"),
                  U("K", "TO", "cavalry", "0806", "N"), U("F", "TO", "cavalry", "0811", "N"),
                  U("X", "TO", "archers", "0708", "N", { sp = 1 }), U("Z", "PL", "infantry", "2015", "N") }
  for _, u in ipairs(extra_units or {}) do units[#units + 1] = u end
  local g = setup(units)
  eq(g:phase_info().name, "A.cavalry_move")
  return g
end

test("7.1.4 / 7.1.2: passing a banner costs its holder 1 MP; to a unit on the same or an adjacent hex", function()
  local g = pass_game { U("J", "TO", "cavalry", "0809", "N") }
  local mp = g:unit_table("H").mp_left
  refused(g:act("TO", "pass_banner TB F"), "7.1.4", "3 hexes away")
  refused(g:act("TO", "pass_banner TB X"), "7.1.2", "archers are not a regular unit")
  done(g:act("TO", "pass_banner TB J"))
  local tb = g:unit_table("TB")
  eq(tb.holder, "J")
  eq(tb.hex, "0809")
  eq(g:unit_table("H").mp_left, mp - 6, "1 MP (in sixths)")
end)

test("7.1.3-a / T-41: passed before anything moved, the banner moves with its new holder", function()
  local g = pass_game()
  done(g:act("TO", "move H"))                -- to 0807, next to K
  eq(g:unit_table("TB").hex, "0807")
  done(g:act("TO", "pass_banner TB K"))
  refused(g:act("TO", "move K"), "7.1.3", "the banner has moved this turn: K may not move")
  g = pass_game { U("J", "TO", "cavalry", "0809", "S") }
  done(g:act("TO", "pass_banner TB J"))
  done(g:act("TO", "move J"))
  eq(g:unit_table("TB").hex, "0810")
end)

test("7.1.3-b: a unit that has moved cannot take a banner", function()
  local g = pass_game { U("J", "TO", "cavalry", "0810", "N") }
  done(g:act("TO", "move J"))               -- J to 0809, next to H
  refused(g:act("TO", "pass_banner TB J"), "7.1.3")
end)

test("7.1.5-a: the holder is eliminated: another regular unit on its hex takes the banner (no MORALE)", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("D1", "PL", "infantry", "0508", "N", { sp = 1 }),
                    U("D2", "PL", "infantry", "0508", "N", { sp = 1 }), B("PB", "PL", "D1", "0508") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 5 }                         -- 1:1 -1 (PL's banner) = 1:2, 5 = -1 / -1
  done(play(g, "TO", "attack A D1,D2", { loss = { "D1" } }))
  eq(g:unit_table("D1"), nil)
  eq(g:unit_table("PB").holder, "D2")
  eq(g:var("morale"), -1, "only D1's elimination")
end)

-- D (1 SP) holds PB alone at 0508; A1 at 0408 facing SE kills it (2:1, 3 = D2 -1).
local function fall_game()
  local g = setup { U("A1", "TO", "infantry", "0408", "SE"), U("D", "PL", "infantry", "0508", "N", { sp = 1 }),
                    B("PB", "PL", "D", "0508"), U("T", "TO", "infantry", "0608", "N", { sp = 1 }),
                    U("E", "PL", "infantry", "0609", "N") }
  to_phase(g, "A.infantry_attack")
  g.dice:force { 3 }
  done(play(g, "TO", "attack A1 D"))
  return g
end

test("7.1.5-b / 6.1.5: ... else the banner falls on the hex: MORALE 3 fields for the enemy", function()
  local g = fall_game()
  local pb = g:unit_table("PB")
  eq(pb.holder, "")
  eq(pb.hex, "0508")
  eq(g:var("morale"), -4, "1 for D, 3 for the banner")
end)

test("7.1.6: an enemy regular unit entering the hex captures the fallen banner", function()
  local g = fall_game()
  done(g:act("TO", "advance A1 0508"))
  local pb = g:unit_table("PB")
  eq(pb.holder, "A1")
  eq(pb.captured, true)
  ok((g:var("vp.TO") or 0) > 0, "victory points for the capture")
end)

test("6.1.5-b: a unit of the banner's side taking it back moves MORALE 3 fields back", function()
  local g = fall_game()
  to_phase(g, "B.infantry_attack")
  g.dice:force { 5 }                         -- E (0609) against T (0608), from its rear: 4:1, 5 = D2 -1
  done(play(g, "PL", "attack E T"))
  eq(g:unit_table("T"), nil)
  done(g:act("PL", "advance E 0508"))        -- through 0608
  local pb = g:unit_table("PB")
  eq(pb.holder, "E")
  eq(pb.captured, false)
  eq(g:var("morale"), 0, "-4, +1 for T, +3 for the banner")
end)

test("7.1.7: units on or next to their banner's hex gain 1 CM; never more than 1", function()
  local g = setup { U("A", "TO", "infantry", "0507", "S"), U("D", "PL", "infantry", "0508", "N"),
                    U("H1", "PL", "infantry", "0509", "N"), B("PB1", "PL", "H1", "0509"),
                    U("H2", "PL", "infantry", "0609", "N"), B("PB2", "PL", "H2", "0609") }
  local e = g:query(function()
    local api = g.rs.api
    local r = g.rs.modules.combat.evaluate { attackers = { api.unit("A") }, defenders = { api.unit("D") } }
    local out = {}
    for _, m in ipairs(r.def_mods) do out[m.rule] = m.cm end
    for _, m in ipairs(r.att_mods) do if m.rule == "7.1.7" then out.att = m.cm end end
    return out
  end)
  eq(e["7.1.7"], 1)
  eq(e.att, nil)
end)
