-- Movement and charge in Legnica: entering forest, village or swamps
-- [4.2.5] [4.2.6] [4.2.9], the one-hex move [4.2.10], the forced frontal
-- move [5.6.12], keeping [5.6.13] and reducing [5.6.14] the CF, uphill
-- ground, and the book's numbering in refusals.  Map
-- rulesets/legnica/maps/lg-test.map: a road straight down column 04
-- (rows 01-11) through forest 0405-0406 and village 0408; forest 0605 and
-- swamp 0607 off the road; a road 0803-0807 through swamp 0805; a rise at
-- elevation 1 in columns 10-12 from row 06.  MP are in sixths (6 = 1 MP).
local H = loadfile(bitwa.home .. "/rulesets/legnica/tests/lib/lg.lua", "t", _ENV)()
local setup, U, play, to_phase = H.setup, H.U, H.play, H.to_phase

local function field(units, extra)
  extra = extra or {}
  extra.map = "lg-test"
  return setup(units, extra)
end

test("4.2.5-a: cavalry with CF above 0 entering a forest loses 1 SP and scatters; its MORALE does not move (9.1.5)", function()
  local g = field { U("K1", "MO", "cavalry", "0603", "S", { cf = 1, mp = 8 }) }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))                      -- 0604, CF 2
  eq(g:unit_table("K1").cf, 2)
  local r = play(g, "MO", "move K1")                  -- 0605 forest
  done(r)
  local k = g:unit_table("K1")
  eq(k.sp, 1)
  eq(k.condition, "scattered")
  eq(k.hex, nil)
  eq(g:var("morale"), 0)
  ok(H.notes(r):find("loses 1 SP and scatters (4.2.5)", 1, true), "the note cites 4.2.5")
end)

test("4.2.5-b: cavalry with CF 0 enters a forest unharmed (and its CF stays 0, 5.6.7)", function()
  local g = field { U("K1", "MO", "cavalry", "0604", "S", { cf = 0, mp = 8 }) }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1", { }))
  local k = g:unit_table("K1")
  eq(k.hex, "0605")
  eq(k.sp, 2)
  eq(k.cf, 0)
  eq(k.condition, "")
end)

test("4.2.5-c: a village and a swamp scatter charging cavalry too", function()
  local g = field { U("K1", "MO", "cavalry", "0606", "S", { cf = 1, mp = 8 }) }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))                      -- 0607 swamp
  eq(g:unit_table("K1").condition, "scattered")
end)

test("4.2.9-a: on a road, cavalry with CF 1 goes through forest and village without 4.2.5's effects", function()
  local g = field { U("K1", "MO", "cavalry", "0404", "S", { cf = 1, mp = 8 }) }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1 keep"))                 -- 0405 forest by road, CF kept at 1 -> 5.6.7 sets 0
  local k = g:unit_table("K1")
  eq(k.hex, "0405")
  eq(k.sp, 2)
  eq(k.condition, "")
  eq(k.cf, 0, "5.6.7: the road does not save the CF")
end)

test("4.2.9-b / A-011: on the road a CF of 2 is not spared: 1 SP and scatter", function()
  local g = field { U("K1", "MO", "cavalry", "0404", "S", { cf = 2, mp = 8 }) }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))
  local k = g:unit_table("K1")
  eq(k.sp, 1)
  eq(k.condition, "scattered")
end)

test("4.2.6-a: infantry entering a swamp off the road loses 1 SP and scatters; on the road it does not", function()
  local g = field { U("I1", "MO", "infantry", "0606", "S", { mp = 4 }),
                    U("I2", "MO", "infantry", "0804", "S", { mp = 4 }) }
  to_phase(g, "A.infantry_move")
  done(play(g, "MO", "move I1"))
  local i1 = g:unit_table("I1")
  eq({ i1.sp, i1.condition, i1.hex }, { 1, "scattered", nil })
  done(play(g, "MO", "move I2"))
  local i2 = g:unit_table("I2")
  eq({ i2.sp, i2.condition, i2.hex }, { 2, "", "0805" })
end)

test("4.2.5-d / 9.1.3: stacked with a leader the unit loses the SP but does not scatter", function()
  local g = field { U("K1", "MO", "cavalry", "0604", "S", { cf = 1, mp = 8 }),
                    U("L", "MO", "leader", "0605", "N") }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))
  local k = g:unit_table("K1")
  eq({ k.sp, k.condition, k.hex }, { 1, "", "0605" })
end)

test("5.6.12-a: a unit with CF above 0 must go on into its frontal hex: another unit may not move first", function()
  local g = field { U("K1", "MO", "cavalry", "0202", "S", { cf = 0, mp = 8 }),
                    U("K2", "MO", "cavalry", "1002", "S", { cf = 0, mp = 8 }) }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))                      -- CF 1
  local r = g:act("MO", "move K2")
  eq(r.status, "refused")
  eq(r.rule, "5.6.12")
  r = g:act("MO", "end")
  eq(r.status, "refused", "the phase does not end either")
  eq(r.rule, "5.6.12")
end)

test("5.6.12-b: a turn (CF 0) ends the duty; so does running out of MP", function()
  local g = field { U("K1", "MO", "cavalry", "0202", "S", { cf = 0, mp = 8 }),
                    U("K2", "MO", "cavalry", "1002", "S", { cf = 0, mp = 2 }) }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))
  done(play(g, "MO", "turn K1 SE"))
  eq(g:unit_table("K1").cf, 0)
  done(play(g, "MO", "move K2"))
  done(play(g, "MO", "move K2"))                      -- CF 2, 0 MP left
  eq(g:unit_table("K2").mp_left, 0)
  done(g:act("MO", "end"), "nothing is owed")
end)

test("5.6.12-c: a unit that starts its movement phase with CF above 0 must move before the phase ends", function()
  local g = field { U("K1", "MO", "cavalry", "0202", "S", { cf = 2, mp = 8 }) }
  to_phase(g, "A.cavalry_move")
  local r = g:act("MO", "end")
  eq(r.status, "refused")
  eq(r.rule, "5.6.12")
end)

test("5.6.13-a: keeping the CF costs 1 MP more, 1/2 MP on a road (4.2.8)", function()
  local g = field { U("K1", "MO", "cavalry", "0202", "S", { cf = 1, mp = 8 }),
                    U("K2", "MO", "cavalry", "0401", "S", { cf = 1, mp = 8 }) }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1 keep"))
  local k = g:unit_table("K1")
  eq({ k.cf, k.mp_left }, { 1, 48 - 12 })
  done(play(g, "MO", "turn K1 SE"))
  done(play(g, "MO", "move K2 keep"))
  local k2 = g:unit_table("K2")
  eq({ k2.cf, k2.mp_left }, { 1, 48 - 3 - 3 }, "road 1/2 + keep 1/2")
end)

test("5.6.14-a: 'move UNIT reduce': 2 MP more and the CF falls by 1 instead of rising", function()
  local g = field { U("K1", "MO", "cavalry", "0202", "S", { cf = 3, mp = 8 }) }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1 reduce"))
  local k = g:unit_table("K1")
  eq({ k.cf, k.mp_left, k.hex }, { 2, 48 - 6 - 12, "0203" })
  local r = g:act("MO", "move K1 reduce")
  done(r)
  eq(g:unit_table("K1").cf, 1)
end)

test("5.6.14-b: nothing to reduce at CF 0; infantry has no CF", function()
  local g = field { U("K1", "MO", "cavalry", "0202", "S", { cf = 0, mp = 8 }),
                    U("I1", "MO", "infantry", "0802", "S", { mp = 4 }) }
  to_phase(g, "A.cavalry_move")
  local r = g:act("MO", "move K1 reduce")
  eq({ r.status, r.rule }, { "refused", "5.6.14" })
  to_phase(g, "A.infantry_move")
  r = g:act("MO", "move I1 reduce")
  eq(r.status, "refused")
end)

test("5.6.14-c: the legal moves offer 'reduce' to cavalry with CF above 0", function()
  local g = field { U("K1", "MO", "cavalry", "0202", "S", { cf = 2, mp = 8 }) }
  to_phase(g, "A.cavalry_move")
  local lines = {}
  for _, a in ipairs(g:legal_actions("MO")) do lines[a.line] = true end
  ok(lines["move K1 reduce"] and lines["move K1 keep"] and lines["move K1"], "move, keep and reduce")
end)

test("4.2.10-a: a unit may always move 1 hex for all its MP (here into a forest it could not pay for); its CF is then 0", function()
  local g = field { U("K1", "MO", "cavalry", "0604", "S", { cf = 0, mp = 1 }) }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))                      -- forest 0605 costs 4: the one-hex move
  local k = g:unit_table("K1")
  eq({ k.hex, k.mp_left, k.cf, k.sp, k.condition }, { "0605", 0, 0, 2, "" })
  local r = g:act("MO", "move K1")
  eq({ r.status, r.rule }, { "refused", "4.1.3" })
end)

test("5.6.10 / slope: moving uphill costs cavalry 1/2 MP more, and the CF 1 (LG L1088 row 7)", function()
  local g = field { U("K1", "MO", "cavalry", "1004", "S", { cf = 0, mp = 8 }) }
  to_phase(g, "A.cavalry_move")
  done(play(g, "MO", "move K1"))                      -- 1005 flat: CF 1
  done(play(g, "MO", "move K1"))                      -- 1006 uphill: CF 2 - 1 = 1
  local k = g:unit_table("K1")
  eq(k.hex, "1006")
  eq(k.cf, 1)
  eq(k.mp_left, 48 - 6 - 6 - 3)
end)
