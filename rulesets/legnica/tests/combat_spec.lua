-- Combat in Legnica [1.5] [5.1.1 g] and its COMBAT TABLE: what differs
-- from the English rules, with forced dice.  T-nn are MATRIX.md 6.1.
local H = loadfile(bitwa.home .. "/rulesets/legnica/tests/lib/lg.lua", "t", _ENV)()
local setup, U, play, to_phase, purposes = H.setup, H.U, H.play, H.to_phase, H.purposes

local function col(label)
  for i, c in ipairs { "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1" } do
    if c == label then return i end
  end
end

test("1.5-b / T-03: 6 SP +7 CM against 1 SP +2 CM: 9:1 at most after the attacker's CMs, then 7:1 (clamped at every step)", function()
  local g = setup { U("K1", "MO", "cavalry", "0507", "S") }
  local c = g:query(function()
    local A, C = g.rs.modules.arith, g.rs.modules.combat
    return { C.final_column(A.ratio_column(6, 1), 7, 2), C.final_column(A.ratio_column(1, 6), 0, 3),
             C.final_column(A.ratio_column(1, 6), 4, 0) }
  end)
  eq(c, { col("7:1"), col("1:4"), col("2:1") }, "1:6 is 1:4 at once; +4 -> 2:1")
end)

test("1.5-a / T-02: 8 SP +3 CM against 3 SP +1 CM: 3:1 -> 6:1 -> 5:1, as in every book", function()
  local g = setup { U("K1", "MO", "cavalry", "0507", "S") }
  local c = g:query(function()
    local A, C = g.rs.modules.arith, g.rs.modules.combat
    local i = A.ratio_column(8, 3)
    return { i, C.final_column(i, 3, 1) }
  end)
  eq(c, { col("3:1"), col("5:1") })
end)

test("5.1.1 / T-19: COMBAT TABLE LG L1042-1054: the S suffix scatters; three cells differ from the English table", function()
  local g = setup { U("K1", "MO", "cavalry", "0507", "S") }
  local t = g:query(function() return g.rs.modules.tables.combat end)
  eq(t[2][7].printed, "-1 / D3S")
  ok(t[2][7].def_disorg, "S: the defender scatters")
  eq(t[6][2].printed, "A1S")
  eq(t[12][1].printed, "A4 -1S")
  eq(t[12][4].printed, "A1S")
  eq(t[8][1].printed, "A1")
  eq({ t[6][5].printed, t[6][5].def_loss, t[6][5].def_retreat }, { "D1", 0, 1 }, "row 6, 2:1 (EN D1 -1)")
  eq({ t[7][10].printed, t[7][10].def_loss, t[7][10].def_retreat }, { "D2 -1", 1, 2 }, "row 7, 7:1 (EN D3 -1)")
  eq({ t[9][7].printed, t[9][7].def_loss, t[9][7].def_retreat }, { "D1", 0, 1 }, "row 9, 4:1 (EN D1 -1)")
  eq(t[3][2].printed, "-", "row 3, 1:3: the OCR's dotless i read as no effect")
end)

test("5.1.1-g: COMBAT SCATTER LG L1070-1079: one die; B2 / A2 light cavalry scatters on 1-2, heavy cavalry on 1", function()
  local g = setup { U("K1", "MO", "cavalry", "0507", "S") }
  local s = g:query(function() return g.rs.modules.tables.disorganization end)
  eq(s.dice, 1)
  eq(s.rows[2].printed, "B2 / A2")
  eq(s.rows[2].light_cavalry, { 1, 2 })
  eq(s.rows[2].heavy_cavalry, { 1 })
  eq(s.rows[1].light_cavalry, { 1 })
  eq(s.rows[1].heavy_infantry, {})
  eq(s.rows[5].other, { 1, 2, 3, 4, 5 })
  eq(s.row.attacker, { 1, 2, 3, 4, 5 }, "attackers read the row of their own retreat length (A2 = row 2)")
end)

-- T-18 (5.1 example): K1 (2 SP, CF 2, armour 2) and K2 (2 SP, CF 3, armour
-- 1) attack P1 (2 SP, CF 1, armour 0, light cavalry) across the stream
-- east of 1504: 4:1, roll 4: "-1 / D2".  Leader L 3 hexes away: each
-- attacker rolls for pursuit (1 = voluntary; they stop).  Then the scatter
-- roll for P1 on row B2 / A2.
local function t18(dice)
  local g = setup { U("K1", "MO", "cavalry", "1604", "SW", { cf = 2, armour = 2 }),
                    U("K2", "MO", "cavalry", "1605", "NW", { cf = 3, armour = 1 }),
                    U("L", "MO", "leader", "1304", "N"),
                    U("P1", "PL", "cavalry", "1504", "SE", { cf = 1 }) }
  to_phase(g, "A.cavalry_attack")
  g.dice:force(dice)
  return g, play(g, "MO", "attack K1,K2 P1", { loss = "K1" })
end

test("5.1.1-g / T-18: after the retreat one die on COMBAT SCATTER, light cavalry row B2 / A2: 3 no effect", function()
  local g, r = t18 { 4, 1, 1, 3 }
  done(r)
  eq(purposes(r), { "combat (5.1.1)", "pursuit (5.5.3)", "pursuit (5.5.3)", "combat scatter (5.1.1 g)" })
  eq(r.rolls[4].total, 3)
  local p = g:unit_table("P1")
  eq(p.condition, "")
  ok(p.hex ~= nil, "still on the map")
  eq(g:unit_table("K1").sp, 1)
end)

test("5.1.1-g / T-18 / 9.1.2: a 2 scatters the light cavalry (1 or 2, as the Legnica text says): off the map, onto the track", function()
  local g, r = t18 { 4, 1, 1, 2 }
  done(r)
  local p = g:unit_table("P1")
  eq(p.condition, "scattered")
  eq(p.hex, nil)
  eq(p.sp, 2, "no SP lost to the scatter")
  eq(g:var("morale"), 0, "9.1.5: a scatter does not move the MORALE track")
end)

test("5.1.1: an S result scatters without a roll; the roll after a retreat is one die, never two", function()
  -- 9:1, roll 2: "-1 / D5S"
  -- (no MP: a unit with CF above 0 would have to move on first, 5.6.12)
  local g = setup { U("K1", "MO", "cavalry", "0507", "S", { sp = 2, armour = 2, cf = 3, mp = 0 }),
                    U("K2", "MO", "cavalry", "0408", "SE", { sp = 2, armour = 2, cf = 3, mp = 0 }),
                    U("P1", "PL", "infantry", "0508", "N", { sp = 1 }) }
  to_phase(g, "A.cavalry_attack")
  g.dice:force { 2 }
  local r = play(g, "MO", "attack K1,K2 P1", { loss = "K1", pursuit = "stop" })
  done(r)
  eq(purposes(r)[1], "combat (5.1.1)")
  for i = 2, #r.rolls do ok(r.rolls[i].purpose ~= "combat scatter (5.1.1 g)", "no scatter roll for an S result") end
  eq(g:unit_table("P1").condition, "scattered")
end)

test("5.3.1 / 4.1.7: the TERRAIN INFLUENCE table's seventh row, uphill ('+1 / +0,5 / -1'): a defender above its attacker gets 1 CM", function()
  local g = setup { U("K1", "MO", "cavalry", "0908", "S", { armour = 1 }),
                    U("P1", "PL", "infantry", "0909", "N", { sp = 1 }) }
  local cm = g:query(function()
    local api = g.rs.api
    return g.rs.modules.combat.terrain_cm({ api.unit("K1") }, api.hex.parse("0909"))
  end)
  eq(cm, 1)
  local row = g:query(function() return g.rs.modules.tables.terrain.slope end)
  eq({ row.infantry, row.cavalry, row.combat }, { { 1, 1 }, { 1, 2 }, -1 })
end)

test("4.1.7: infantry moving uphill pays +1 MP on top of the hex; on the flat it pays the hex only", function()
  -- 0908 -> 0909 climbs onto the hill (elevation 1); 0708 -> 0709 is flat
  local g = setup { U("I1", "MO", "infantry", "0908", "S", { mp = 4 }),
                    U("I2", "MO", "infantry", "0708", "S", { mp = 4 }) }
  to_phase(g, "A.infantry_move")
  done(play(g, "MO", "move I1"))
  eq(g:unit_table("I1").mp_left, 24 - 12, "clear 1 + uphill 1 = 2 MP (in sixths: 12)")
  done(play(g, "MO", "move I2"))
  eq(g:unit_table("I2").mp_left, 24 - 6, "clear 1")
end)

