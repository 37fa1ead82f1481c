-- Ranged units in Legnica [10]: in combat formation they cannot retreat
-- and take the losses instead [10.3.3] [10.7.4]; a crossbow hit's 6
-- scatters [10.6.2] (T-56); bombards' S scatters [10.7.1]; the English
-- chapter 11 numbers are cited as Legnica's 10.  Map: the Grunwald test
-- field.  PL is player A; at the start of MO's cavalry movement phase (B)
-- PL's ranged units may fire (10.1.5).
local H = loadfile(bitwa.home .. "/rulesets/legnica/tests/lib/lg.lua", "t", _ENV)()
local setup, U, play, to_phase, purposes = H.setup, H.U, H.play, H.to_phase, H.purposes

-- the reaction at the start of B.cavalry_move: answer `line`
local function one_shot(units, dice, line)
  local g = setup(units, { first = "PL", dice = dice })
  local r
  for _ = 1, 20 do
    r = g:act(g:acting_side(), "end")
    if r.status == "decision" then break end
    done(r)
  end
  eq(r.status, "decision")
  eq(r.request.kind, "reaction")
  return g, g:answer(line)
end

test("10.6.2 / T-56: crossbowmen at range 1 against armour 2: raw 6 -> 4, -1 SP; then 1D6 = 6: the target scatters", function()
  local g, r = one_shot({ U("X1", "PL", "crossbowmen", "0808", "N", { formation = "combat" }),
                          U("K1", "MO", "cavalry", "0807", "N", { armour = 2 }) }, { 6, 6 }, "fire X1 K1")
  done(r)
  eq(purposes(r), { "fire (10.6.1)", "crossbow hit (10.6.2)" })
  local k = g:unit_table("K1")
  eq({ k.sp, k.condition, k.hex }, { 1, "scattered", nil })
end)

test("10.6.2 / 9.1.4: a crossbow hit's scatter onto a full Scattered Units track eliminates the target, and the fire ends there", function()
  -- (a Henry II game stopped here once: the hit's stop read the unit the
  -- full track had just taken out of the game)
  local k0 = U("K0", "MO", "cavalry", nil, "S")
  k0.starts_off_map, k0.condition, k0.leader = true, "scattered", ""
  local g = setup({ U("X1", "PL", "crossbowmen", "0808", "N", { formation = "combat" }),
                    U("K1", "MO", "cavalry", "0807", "N", { armour = 2 }), k0 },
    { first = "PL", dice = { 1, 6, 6 }, data = { scatter_track = { MO = 1, PL = 1 } } })   -- K0 fails to regroup (9.1.6), then the shot
  local r
  for _ = 1, 20 do
    r = g:act(g:acting_side(), "end")
    if r.status == "decision" then break end
    done(r)
  end
  eq(r.status, "decision")
  r = g:answer("fire X1 K1")
  done(r)
  eq(purposes(r), { "regroup (9.1.6)", "fire (10.6.1)", "crossbow hit (10.6.2)" })
  eq(g:unit_table("K1"), nil, "eliminated")
  ok(H.notes(r):find("track is full (9.1.4)", 1, true), "cites 9.1.4")
end)

test("10.6.2-b / T-56: a 5 after the hit does nothing", function()
  local g, r = one_shot({ U("X1", "PL", "crossbowmen", "0808", "N", { formation = "combat" }),
                          U("K1", "MO", "cavalry", "0807", "N", { armour = 2 }) }, { 6, 5 }, "fire X1 K1")
  done(r)
  local k = g:unit_table("K1")
  eq({ k.sp, k.condition, k.hex, k.stopped }, { 1, "", "0807", false })
end)

test("10.7.1-a: BOMBARD FIRE (UNITS) S: range 1 from 8 up the target scatters (no SP lost)", function()
  local g, r = one_shot({ U("B1", "PL", "bombards", "0808", "N", { formation = "combat" }),
                          U("K1", "MO", "cavalry", "0807", "N") }, { 8 }, "fire B1 K1")
  done(r)
  local k = g:unit_table("K1")
  eq({ k.sp, k.condition }, { 2, "scattered" })
end)

test("10.7.1-b: at 7 nothing; the table has no 'stopped' result in Legnica (11 and 12 scatter like 8)", function()
  local g, r = one_shot({ U("B1", "PL", "bombards", "0808", "N", { formation = "combat" }),
                          U("K1", "MO", "cavalry", "0807", "N") }, { 7 }, "fire B1 K1")
  done(r)
  eq(g:unit_table("K1").condition, "")
  local t = g:query(function() return g.rs.modules.tables.fire_bombards_units end)
  eq({ t[1][11].disorganize, t[1][11].stop, t[2][12].stop, t[3][10].disorganize, t[3][9].disorganize },
     { true, false, false, true, false })
end)

test("10.3.3: archers in combat formation do not retreat: they take 1 SP per hex instead (5.4.6)", function()
  -- MO cavalry A attacks the archers D; 1:1 with CMs to 4:1, roll 6: D2
  local g = setup({ U("A", "MO", "cavalry", "0507", "S", { sp = 2, mp = 0 }),
                    U("D", "PL", "archers", "0508", "N", { sp = 2, formation = "combat" }) },
                  { vars = { { "morale", -2 } }, options = { morale_value = "offset" } })
  if g.pending then done(g:answer("pass")) end        -- the archers do not fire when the phase starts
  to_phase(g, "A.cavalry_attack", { reaction = "pass" })
  g.dice:force { 6 }
  local r = play(g, "MO", "attack A D", { pursuit = "stop" })
  done(r)
  -- archers alone count 1 SP (10.3.2): 2:1, +3 (10.3.1) +2 (MORALE) = 7:1; 6 = D3 -1
  eq(purposes(r), { "combat (5.1.1)" })
  ok(H.notes(r):find("retreats 0 of 3 hexes: 3 SP lost (5.4.6)", 1, true), "1 SP per hex not retreated")
  eq(g:unit_table("D"), nil, "eliminated on its hex")
end)

test("10.3.3-b: in movement formation they retreat like any unit", function()
  local g = setup({ U("A", "MO", "cavalry", "0507", "S", { sp = 2, mp = 0 }),
                    U("D", "PL", "archers", "0508", "N", { sp = 2, formation = "movement" }) },
                  { vars = { { "morale", -2 } }, options = { morale_value = "offset" } })
  local cr = g:query(function() return g.rs.modules.retreat.can_retreat(g.rs.api.unit("D")) end)
  eq(cr, true)
  local g2 = setup({ U("D", "PL", "crossbowmen", "0508", "N", { formation = "combat" }),
                     U("B", "PL", "bombards", "0808", "N", { formation = "combat" }),
                     U("H", "PL", "horse_archers", "1008", "N") })
  eq(g2:query(function()
    local api, R = g2.rs.api, g2.rs.modules.retreat
    return { R.can_retreat(api.unit("D")), R.can_retreat(api.unit("B")), R.can_retreat(api.unit("H")) }
  end), { false, false, true }, "10.7.4 bombards too; horse archers have no formations (10.5.1)")
end)

test("10.1.3: the English 11.1.3 is cited by its Legnica number in a refusal", function()
  local g = setup({ U("X1", "PL", "archers", "0808", "N", { formation = "movement", mp = 0 }) }, { first = "PL" })
  to_phase(g, "A.infantry_move")
  local r = g:act("PL", "formation X1")
  eq(r.status, "refused")
  ok(r.rule:match("^10%.") ~= nil, "cited as chapter 10, got " .. tostring(r.rule))
end)
