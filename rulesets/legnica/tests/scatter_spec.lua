-- Scatter [9.0] in Legnica: the Scattered Units track [9.1.2] and its
-- capacity [9.1.4], no MORALE [9.1.5], regrouping [9.1.6] [9.1.7]
-- [9.1.8], a leader on the hex [9.1.3], the banner of a unit that scatters
-- (A-050), no rally and no contagion [9.1.1].  Units scatter here by
-- entering the forest 0605 of lg-test.map with CF 1 [4.2.5], or start on
-- the track (starts_off_map, condition "scattered").
local H = loadfile(bitwa.home .. "/rulesets/legnica/tests/lib/lg.lua", "t", _ENV)()
local setup, U, play, to_phase, asked = H.setup, H.U, H.play, H.to_phase, H.asked

local function field(units, extra)
  extra = extra or {}
  extra.map = "lg-test"
  return setup(units, extra)
end

-- the regrouping tests: MO is player B, so that its movement phases come
-- after the game has started and the dice can be forced
local B = { first = "PL" }

local function scattered(name, side, kind, leader, t)
  local u = U(name, side, kind, nil, "S", t)
  u.starts_off_map = true
  u.condition = "scattered"
  u.leader = leader
  return u
end

test("9.1.2 / 9.1.5: a scattered unit leaves the map for its side's track; MORALE and VP do not move", function()
  local g = field({ U("K1", "MO", "cavalry", "0604", "S", { cf = 1, sp = 2 }) },
    { victory = { leader = 20, banner = 10, cavalry = 4 } })
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))
  local k = g:unit_table("K1")
  eq({ k.condition, k.hex, k.sp }, { "scattered", nil, 1 })
  eq(g:var("morale"), 0)
  eq(g:var("vp.PL") or 0, 0)
end)

test("9.1.2 / 9.1.4-a: the track has the scenario's number of boxes (data.scatter_track, else 12); a scattered unit takes one", function()
  local g = field({ U("K1", "MO", "cavalry", "0604", "S", { cf = 1, sp = 2 }) },
    { data = { scatter_track = { MO = 1, PL = 3 } } })
  local function boxes(x)
    return x:query(function()
      local S = x.rs.modules.scatter
      return { S.capacity("MO"), S.capacity("PL"), #S.track("MO") }
    end)
  end
  eq(boxes(g), { 1, 3, 0 })
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))
  eq(g:unit_table("K1").condition, "scattered")
  eq(boxes(g), { 1, 3, 1 })
  eq(boxes(field { U("K1", "MO", "cavalry", "0604", "S") }), { 12, 12, 0 })
end)

test("9.1.4-b: a second unit scattering onto a full track (1 box) is eliminated", function()
  local g = field({ scattered("K0", "MO", "cavalry", ""),
                    U("K1", "MO", "cavalry", "0604", "S", { cf = 1, sp = 2 }) },
    { data = { scatter_track = { MO = 1, PL = 1 } } })
  to_phase(g, "A.cavalry_move", { })
  local r = play(g, "MO", "move K1")
  done(r)
  eq(g:unit_table("K1"), nil, "eliminated")
  ok(H.notes(r):find("track is full (9.1.4)", 1, true), "cites 9.1.4")
  eq(g:var("morale"), 0, "9.1.5")
end)

test("9.1.6-a: at the start of its movement phase a scattered unit regroups on 4+, on a hex within its leader's range", function()
  local g = field({ U("L", "MO", "leader", "0606", "S", { range = 2 }),
                    scattered("K1", "MO", "cavalry", "L") }, B)
  g.dice:force { 4 }
  to_phase(g, "B.cavalry_move", { regroup = "0806", facing = "NE" })
  local k = g:unit_table("K1")
  eq({ k.hex, k.condition, k.facing, k.cf }, { "0806", "", "NE", 0 })
end)

test("9.1.6-b: the hexes offered are those within the leader's range, free of enemies and their ZoC", function()
  local g = field({ U("L", "MO", "leader", "0606", "S", { range = 2 }),
                    U("E", "PL", "cavalry", "0806", "NW"),
                    scattered("K1", "MO", "cavalry", "L") }, B)
  g.dice:force { 6 }
  local seen
  for _ = 1, 10 do
    if g:phase_info().name == "B.cavalry_move" then break end
    local r = g:act(g:acting_side(), "end")
    while r.status == "decision" do
      if r.request.kind == "regroup" then seen = r.request.options end
      r = g:answer(r.request.options[1])
    end
  end
  ok(seen ~= nil, "a regroup hex was asked")
  local set = {}
  for _, o in ipairs(seen) do set[o] = true end
  ok(set["0606"] and set["0604"] and set["0406"], "within 2 of the leader")
  ok(not set["0806"], "not on the enemy")
  ok(not set["0706"] and not set["0705"], "not in the enemy's ZoC (its front area)")
  ok(not set["0903"], "not beyond the range")
end)

test("9.1.6-c: below 4 the unit stays on the track", function()
  local g = field({ U("L", "MO", "leader", "0606", "S"), scattered("K1", "MO", "cavalry", "L") }, B)
  g.dice:force { 3 }
  to_phase(g, "B.cavalry_move")
  local k = g:unit_table("K1")
  eq({ k.hex, k.condition }, { nil, "scattered" })
end)

test("9.1.6-d: infantry regroups in its infantry movement phase, not in the cavalry phase", function()
  local g = field({ U("L", "MO", "leader", "0606", "S"), scattered("I1", "MO", "infantry", "L", { mp = 4 }) }, B)
  g.dice:force { 6 }
  to_phase(g, "B.cavalry_move")
  eq(g:unit_table("I1").hex, nil)
  to_phase(g, "B.infantry_move", { regroup = "0607" })
  eq(g:unit_table("I1").hex, "0607")
end)

test("9.1.8: a regrouped unit counts as moved (it moves no more this phase) and has CF 0", function()
  local g = field({ U("L", "MO", "leader", "0606", "S"), scattered("K1", "MO", "cavalry", "L", { cf = 3 }) }, B)
  g.dice:force { 5 }
  to_phase(g, "B.cavalry_move", { regroup = "0604", facing = "S" })
  local k = g:unit_table("K1")
  eq(k.cf, 0)
  local r = g:act("MO", "move K1")
  eq({ r.status, r.rule }, { "refused", "9.1.8" })
end)

test("9.1.7-a: its leader dead, the unit regroups within the grand leader's range and loses 1 SP", function()
  local g = field({ U("G", "MO", "leader", "0606", "S", { range = 3 }),
                    scattered("K1", "MO", "cavalry", "Dead", { sp = 2 }) }, B)
  g.dice:force { 4 }
  to_phase(g, "B.cavalry_move", { regroup = "0907" })
  local k = g:unit_table("K1")
  eq({ k.hex, k.sp }, { "0907", 1 })
end)

test("9.1.7-b: a 1-SP unit whose leader is dead is eliminated instead; without a grand leader it stays", function()
  local g = field({ U("G", "MO", "leader", "0606", "S", { range = 3 }),
                    scattered("K1", "MO", "cavalry", "Dead", { sp = 1 }) }, B)
  g.dice:force { 4 }
  to_phase(g, "B.cavalry_move")
  eq(g:unit_table("K1"), nil)
  local g2 = field({ U("L2", "MO", "leader", "0606", "S", { range = 2 }),
                     scattered("K2", "MO", "cavalry", "Dead", { sp = 2 }) }, B)
  g2.dice:force { 4 }
  to_phase(g2, "B.cavalry_move")
  eq(g2:unit_table("K2").condition, "scattered", "no grand leader on the map: no hex to go to")
end)

test("9.1.3 / 10.5.10: a unit stacked with a leader rolls no scatter die after a horse archers' hit", function()
  local g = setup { U("HA", "MO", "horse_archers", "0507", "S", { mp = 8 }),
                    U("P1", "PL", "cavalry", "0508", "N", { sp = 2 }),
                    U("PLL", "PL", "leader", "0508", "N") }
  to_phase(g, "A.cavalry_move")
  g.dice:force { 10, 5 }
  local r = play(g, "MO", "fire HA P1")
  done(r)
  eq(H.purposes(r), { "fire (10.5.5)", "leader under fire (10.2.5)" })
  local p = g:unit_table("P1")
  eq({ p.sp, p.condition, p.hex }, { 1, "", "0508" })
end)

test("10.5.10: a horse archers' hit makes the target roll on COMBAT SCATTER row B1 / A1: light cavalry scatters on 1", function()
  local g = setup { U("HA", "MO", "horse_archers", "0507", "S", { mp = 8 }),
                    U("P1", "PL", "cavalry", "0508", "N", { sp = 2, armour = 0 }) }
  to_phase(g, "A.cavalry_move")
  g.dice:force { 10, 1 }
  local r = play(g, "MO", "fire HA P1")
  done(r)
  eq(H.purposes(r), { "fire (10.5.5)", "combat scatter (5.1.1 g)" })
  local p = g:unit_table("P1")
  eq({ p.sp, p.condition, p.hex }, { 1, "scattered", nil })
end)

test("9.1.1 / A-050: the banner of a unit that scatters passes to a regular unit on its hex, or falls (MORALE 3)", function()
  local g = field { U("K1", "MO", "cavalry", "0604", "S", { cf = 1 }),
                    { name = "Flag", side = "MO", kind = "banner", holder = "K1", hex = "0604" } }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))
  local b = g:unit_table("Flag")
  eq(b.holder, "")
  eq(b.hex, "0605")
  eq(g:var("morale"), 3, "6.1.5: the fall of a banner, in PL's favour")
end)

test("9.1.1-b: no rally in Legnica: the action is refused citing 9.1.6", function()
  local g = field { U("K1", "MO", "cavalry", "0604", "S") }
  to_phase(g, "A.cavalry_move")
  local r = g:act("MO", "rally K1")
  eq({ r.status, r.rule }, { "refused", "9.1.6" })
end)

test("9.1.6 / 4.5 / 12.1.6: a unit regroups onto a destroyed fortification as onto open ground: not onto 2 SP already there", function()
  -- the test field's fortification 1105 holds MO's F (2 SP); L (range 2) at 1104
  local function offered(destroy)
    local G
    G = setup({ U("L", "MO", "leader", "1104", "S", { range = 2 }), U("F", "MO", "infantry", "1105", "N"),
                scattered("K1", "MO", "cavalry", "L") },
      { first = "PL", hooks = { { "phase.A.cavalry_attack.enter", function()
          if destroy then G.rs.modules.fortifications.destroy(G.rs.api.hex.parse("1105"), "12.1.6") end
        end } } })
    G.dice:force { 6 }
    local seen
    for _ = 1, 10 do
      if G:phase_info().name == "B.cavalry_move" then break end
      local r = G:act(G:acting_side(), "end")
      while r.status == "decision" do
        if r.request.kind == "regroup" then seen = r.request.options end
        r = G:answer(r.request.options[1])
      end
    end
    local set = {}
    for _, o in ipairs(seen or {}) do set[o] = true end
    return set, G
  end
  local set = offered(false)
  ok(set["1105"], "the standing fortification holds 10 SP (2 of them cavalry)")
  ok(set["1104"], "and the leader's own hex")
  local g
  set, g = offered(true)
  ok(not set["1105"], "destroyed: 2 SP, full")
  ok(set["1104"], "the other hexes as before")
  eq(g:var("map.terrain.1105"), "clear")
end)
