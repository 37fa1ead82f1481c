-- Sieges: structures with Defense Values on the map in play, damaged by
-- war machines and rams, destroyed at 0 (their hex becomes rubble).  The
-- proving ground's rampart at 0602 is a structure (DV 20-30, the minimum
-- without the scenario's value); column 06 runs straight N-S.
local F = loadfile(bitwa.home .. "/rulesets/grognard/tests/lib/field.lua", "t", _ENV)()
local U = F.U

local function start(units, vars)
  local sc = { map = "proving-ground", turns = 4, units = units, vars = vars }
  local g = game { ruleset = "grognard", seed = 1, scenario = sc }
  done(g:answer("first"))
  done(g:act("A", "end"))
  done(g:act("B", "end"))
  return g
end
local function terrain(g, h) return with(g, function(bitwa) return bitwa.map.terrain(bitwa.hex.parse(h)) end) end

test("Sieges: a structure's Defense Value (the scenario's within its range, else its minimum); rams batter it -2 a turn", function()
  local g = start { U("ram", "A", "LI", "0603", "N", { weapon = "ram" }), U("x", "B", "LI", "1010", "N") }
  eq(g:var("siege.dv.0602"), 20, "a rampart: 20-30, the minimum")
  eq(g:phase_info().name, "melee", "a ram next to a structure: the melee phase is played")
  refused(g:act("A", "batter ram 0604"), "Sieges")
  done(g:act("A", "batter ram 0602"))
  eq(g:var("siege.dv.0602"), 18)
  refused(g:act("A", "batter ram 0602"), "Sieges", "once a turn")
  -- the scenario's value, within the range
  local sc = { map = "proving-ground", turns = 2, units = { U("x", "B", "LI", "1010", "N") },
               vars = { { "siege.dv.0602", 25 } } }
  local g2 = game { ruleset = "grognard", seed = 1, scenario = sc }
  eq(g2:var("siege.dv.0602"), 25)
  sc.vars = { { "siege.dv.0602", 35 } }
  local ok2, err = pcall(game, { ruleset = "grognard", seed = 1, scenario = sc })
  ok(not ok2 and tostring(err):find("siege.dv.0602 must be a whole number from 20 to 30", 1, true), tostring(err))
end)

test("Sieges: destroyed at 0, the hex becomes rubble (rough) on the map in play", function()
  local g = start { U("ram", "A", "LI", "0603", "N", { weapon = "ram" }), U("x", "B", "LI", "1010", "N") }
  with(g, function(bitwa) bitwa.set_var("siege.dv.0602", 2) end)
  done(g:act("A", "batter ram 0602"))
  eq({ g:var("siege.dv.0602"), terrain(g, "0602") }, { nil, "rough" })
  refused(g:act("A", "batter ram 0602"), "Sieges")
end)

test("Sieges: damage by war machines: a light catapult -2, a bombard -6; a cannon ball stops at the structure, -3", function()
  local g = start { U("cat", "A", "LI", "0607", "N", { figures = 4, weapon = "light_catapult" }),
                    U("bom", "A", "LI", "0807", "N", { figures = 4, weapon = "bombard" }),
                    U("x", "B", "LI", "1210", "N") }
  eq(g:phase_info().name, "missile", "machines with a structure in range")
  done(g:act("A", "catapult cat 0602"))
  done(g:act("A", "catapult bom 0602"))
  done(g:act("B", "end"))
  g.dice:force { 6, 1 }
  eq(g:act("A", "end").status, "decision")
  eq(g:var("siege.dv.0602"), 12)
  -- a light cannon aimed down column 06 at 0604: the ball reaches the rampart at 0602 and stops; b at 0601 is safe
  local g2 = start { U("gun", "A", "LI", "0606", "N", { figures = 4, weapon = "light_cannon" }),
                     U("b", "B", "LI", "0601", "S"), U("c", "B", "LI", "0604", "S") }
  done(g2:act("A", "cannon gun 0604 short"))
  done(g2:act("B", "end"))
  -- deviation 3; c (white hex 2) loses a file, its loss check (25%) 8 stands; then turn 2's initiative
  g2.dice:force { 3, 8, 6, 1 }
  eq(g2:act("A", "end").status, "decision")
  eq(g2.dice:forced_left(), 0)
  eq({ g2:var("siege.dv.0602"), g2:unit_table("c").figures, g2:unit_table("b").figures }, { 17, 12, 16 })
end)

test("Catapults: cover, substantial overhead cover (a gatehouse's roof) negates catapult fire; the structure takes the damage", function()
  local g = start { U("cat", "A", "LI", "0607", "N", { figures = 4, weapon = "light_catapult" }),
                    U("gate", "B", "LI", "0602", "S"), U("x", "B", "LI", "1210", "N") }
  with(g, function(bitwa)
    bitwa.map.set_terrain(bitwa.hex.parse("0602"), "gatehouse")
    bitwa.set_var("siege.dv.0602", 30)
  end)
  done(g:act("A", "catapult cat 0602"))
  done(g:act("B", "end"))
  g.dice:force { 6, 1 }
  eq(g:act("A", "end").status, "decision")
  eq({ g:unit_table("gate").figures, g:var("siege.dv.0602") }, { 16, 28 })
end)

test("Sieges: machines as targets, cannons and heavy catapults DV 5, light catapults DV 3: damaged by a war machine's hit, destroyed at 0", function()
  local g = start { U("cat", "A", "LI", "0608", "N", { figures = 4, weapon = "light_catapult" }),
                    U("bom", "A", "LI", "0807", "N", { figures = 4, weapon = "bombard" }),
                    U("hcn", "B", "LI", "0603", "S", { figures = 16, weapon = "heavy_cannon" }),
                    U("lcat", "B", "LI", "0802", "S", { figures = 4, weapon = "light_catapult" }) }
  done(g:act("A", "catapult cat 0603"))
  done(g:act("A", "catapult bom 0802"))
  done(g:act("B", "end"))
  -- no die for catapults; hcn's heavy-loss check (7 of 16: 2d6 12 stands), then turn 2's initiative
  g.dice:force { 12, 6, 1 }
  eq(g:act("A", "end").status, "decision")
  eq(g.dice:forced_left(), 0)
  -- the light catapult's hit area (2/5 of the hex, rounded up) kills 7 of hcn's crew and takes 2 off its DV 5;
  -- the bombard (6) destroys the light catapult (DV 3): gone, crew and all
  eq({ g:unit_table("hcn").figures, g:var("siege.machine.hcn") }, { 9, 3 })
  eq({ g:find_unit("lcat"), g:var("siege.machine.lcat") }, { nil, 0 })
  -- machines that are not hit keep the table's value
  eq(with(g, function(_, rules) return rules.sieges.machine_dv { name = "x", weapon = "heavy_catapult" } end), 5)
  -- a cannon ball that strikes a machine: a light cannon (-3) down column 06 at a heavy catapult at 0604
  local g2 = start { U("gun", "A", "LI", "0606", "N", { figures = 4, weapon = "light_cannon" }),
                     U("hcat", "B", "LI", "0604", "S", { weapon = "heavy_catapult" }) }
  done(g2:act("A", "cannon gun 0604 short"))
  done(g2:act("B", "end"))
  -- deviation 3; hcat (white hex 2) loses a file, its loss check (25%) 8 stands; turn 2's initiative
  g2.dice:force { 3, 8, 6, 1 }
  eq(g2:act("A", "end").status, "decision")
  eq(g2.dice:forced_left(), 0)
  eq({ g2:unit_table("hcat").figures, g2:var("siege.machine.hcat") }, { 12, 2 })
end)

test("Sieges: movable mantlets (DV 3): cover of more than half from the front, pushed at 6\", destroyed by a war machine's hit and the troops stay", function()
  -- the longbows of T-GG-06 (dice 3 and 4: 2 + 3 hits at medium armour) at MI behind mantlets facing them:
  -- Missile Fire: cover halves the hits, 5 -> 2
  local g = start { U("bows", "A", "LI", "0502", "S", { weapon = "longbow" }), U("mt", "B", "MI", "0506", "N", { weapon = "mantlet" }) }
  eq(g:phase_info().name, "missile")
  done(g:act("A", "fire bows mt"))
  done(g:act("B", "end"))
  g.dice:force { 3, 4, 6, 1 }
  eq(g:act("A", "end").status, "decision")
  eq({ g.dice:forced_left(), g:unit_table("mt").figures }, { 0, 14 })
  -- fired at from behind (the mantlets face away): no cover, 5 hits
  local g2 = start { U("bows", "A", "LI", "0502", "S", { weapon = "longbow" }), U("mt", "B", "MI", "0506", "S", { weapon = "mantlet" }) }
  done(g2:act("A", "fire bows mt"))
  done(g2:act("B", "end"))
  g2.dice:force { 3, 4, 6, 1 }
  eq(g2:act("A", "end").status, "decision")
  eq({ g2.dice:forced_left(), g2:unit_table("mt").figures }, { 0, 11 })
  -- pushed at the "Catapults/Cannons" pace: 6" (12 MP), no charge
  eq(with(g, function(bitwa, rules)
    local u = bitwa.unit("mt")
    return { rules.movement.base_mp(u), rules.units.movement_row(u).charge, rules.sieges.machine_dv(u) }
  end), { 12, false, 3 })
  -- a light cannon's ball (-3) down column 06 destroys the mantlets (as the heavy catapult's case above:
  -- deviation 3, a file of 4 killed: 25%, under the loss table's 33 1/3% for MI, no check); the troops stay
  local g3 = start { U("gun", "A", "LI", "0606", "N", { figures = 4, weapon = "light_cannon" }),
                     U("mt", "B", "MI", "0604", "S", { weapon = "mantlet" }) }
  done(g3:act("A", "cannon gun 0604 short"))
  done(g3:act("B", "end"))
  g3.dice:force { 3, 6, 1 }
  local r3 = g3:act("A", "end")
  eq(r3.status .. (r3.message or ""), "decision")
  eq(g3.dice:forced_left(), 0)
  local mt = g3:unit_table("mt")
  eq({ mt.weapon, g3:var("siege.machine.mt"), mt.figures }, { "", 0, 12 })
end)
