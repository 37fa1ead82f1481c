-- Missile Fire: ranges, arcs, rate of fire, ranks, groups, cover and
-- indirect fire, resolved together at the missile phase's end, with forced
-- dice.  Map facts as in melee_spec.lua.
local F = loadfile(bitwa.home .. "/rulesets/grognard/tests/lib/field.lua", "t", _ENV)()
local U = F.U

local function at_missile(units) return F.at("missile", units) end
local function fig(g, name) return g:find_unit(name) and g:unit_table(name).figures end

-- ends the phase for both sides with `dice` forced for the resolution (and
-- turn 2's initiative, 6 to 1 for A, after it)
local function resolve(g, dice)
  done(g:act("B", "end"))
  local all = {}
  for _, d in ipairs(dice) do all[#all + 1] = d end
  all[#all + 1] = 6; all[#all + 1] = 1
  g.dice:force(all)
  local r = g:act("A", "end")
  eq(r.status .. (r.message or ""), "decision")
  eq(g.dice:forced_left(), 0, "every forced die used")
end

test("Missile Fire: T-GG-06 8 longbowmen (two ranks) that did not move fire twice at medium armour: 7-8 row", function()
  local g = at_missile { U("bows", "A", "LI", "0502", "S", { weapon = "longbow" }), U("mi", "B", "MI", "0506", "N") }
  done(g:act("A", "fire bows mi"))
  eq(g:view_for("A"):unit_table("bows").fired_twice, true) -- A's own view: the order is sealed
  -- volley 1: die 3 -> 2 hits; volley 2: die 4 -> 3 hits; 5 of 16 is under 33 1/3%: no loss check
  resolve(g, { 3, 4 })
  eq(fig(g, "mi"), 11)
end)

test("Missile Fire: T-GG-06 at heavy armour 4-8 firers hit 0 or 1; two counters at one target form one pool (13-16 row)", function()
  local g = at_missile { U("b1", "A", "LI", "0502", "S", { weapon = "longbow", spent = 2 }),
                         U("b2", "A", "LI", "0702", "S", { weapon = "longbow", spent = 2 }),
                         U("hi", "B", "HI", "0606", "N") }
  -- moved (2 MP, at most half): one volley each; 16 firers: one group, die 5 -> 3 hits
  done(g:act("A", "fire b1 hi"))
  done(g:act("A", "fire b2 hi"))
  resolve(g, { 5 })
  eq(fig(g, "hi"), 13)
  local g2 = at_missile { U("b1", "A", "LI", "0502", "S", { weapon = "longbow", spent = 2 }), U("hi", "B", "HI", "0506", "N") }
  done(g2:act("A", "fire b1 hi"))
  resolve(g2, { 4 })
  eq(fig(g2, "hi"), 16, "8 firers at heavy armour, die 4: no hit")
end)

test("Missile Fire: rate of fire, T-GG-07 a crossbow unit that moved more than half fires only by winning a d6 roll-off", function()
  -- crossbowmen move 12" = 24 MP: 13 MP is more than half
  local g = at_missile { U("xb", "A", "LI", "0502", "S", { weapon = "crossbow", spent = 13 }), U("li", "B", "LI", "0506", "N") }
  g.dice:force { 3, 3 }
  done(g:act("A", "fire xb li"))
  eq(g:view_for("A"):unit_table("xb").target, "-", "a tie: no fire") -- A's own view: the order is sealed
  resolve(g, {})
  eq(fig(g, "li"), 16)
  local g2 = at_missile { U("xb", "A", "LI", "0502", "S", { weapon = "crossbow", spent = 13 }), U("li", "B", "LI", "0506", "N") }
  g2.dice:force { 4, 3 }
  done(g2:act("A", "fire xb li"))
  -- one volley of 8 at light armour: die 3 -> 4 hits; the loss check (4 of 16 = 25%) 2d6 = 8 stands
  resolve(g2, { 3, 8 })
  eq(fig(g2, "li"), 12)
  eq(g2:unit_table("li").loss_checked, true)
end)

test("Missile Fire: cover halves the hits; Morale Checks Due to Heavy Losses: a failed check removes the unit", function()
  local g = at_missile { U("bows", "A", "LI", "0502", "S", { weapon = "bow" }), U("li", "B", "LI", "0505", "N", { cover = true }) }
  done(g:act("A", "fire bows li"))
  -- two volleys of 8 at light armour: 4 and 4 hits, halved: 4; the check (25%) 2d6 = 7 fails
  resolve(g, { 3, 3, 7 })
  eq(g:find_unit("li"), nil)
end)

test("Morale Checks Due to Heavy Losses: T-GG-04 MI of 15 checks at 5 losses and is removed at 10 without a roll", function()
  local g = at_missile { U("bows", "A", "LI", "0502", "S", { weapon = "longbow" }), U("mi", "B", "MI", "0506", "N", { figures = 15 }) }
  done(g:act("A", "fire bows mi"))
  -- 3 + 2 hits = 5 of 15: 33 1/3%, 2d6 = 7 stands
  resolve(g, { 5, 1, 7 })
  eq({ fig(g, "mi"), g:unit_table("mi").loss_checked }, { 10, true })
  -- next turn (A moves first): 5 more (10 of 15) removes it, no roll
  done(g:answer("first"))
  done(g:act("A", "end")); done(g:act("B", "end"))
  done(g:act("A", "fire bows mi"))
  resolve(g, { 5, 1 })
  eq(g:find_unit("mi"), nil)
end)

test("Missile Fire: range, arc of fire and indirect fire; thrown weapons", function()
  local g = at_missile { U("bows", "A", "LI", "0502", "S", { weapon = "bow" }),
                         U("xb", "A", "LI", "0902", "S", { weapon = "crossbow" }),
                         U("jav", "A", "LC", "1102", "S", { figures = 6, weapon = "javelin" }),
                         U("own", "A", "HI", "0504", "S"),
                         U("own2", "A", "HI", "0904", "S"),
                         U("far", "B", "LI", "0508", "N"), U("near", "B", "LI", "0507", "N"),
                         U("x", "B", "LI", "0907", "N"), U("side", "B", "LI", "0102", "N"),
                         U("j1", "B", "LI", "1204", "N"), U("j2", "B", "LI", "1105", "N"),
                         U("j3", "B", "LI", "1003", "N") }
  -- bows (15" = 5 hexes) over their own HI 2 hexes (6") away: indirect, range 10" = 3 hexes
  refused(g:act("A", "fire bows near"), "Missile Fire: indirect fire")
  refused(g:act("A", "fire bows far"), "Missile Fire: indirect fire")
  -- crossbows never fire indirectly
  refused(g:act("A", "fire xb x"), "Missile Fire: indirect fire")
  -- behind the bows' flank: outside the 120-degree arc
  refused(g:act("A", "fire bows side"), "Missile Fire: arc of fire")
  -- javelins: 6" = 2 hexes
  refused(g:act("A", "fire jav j2"), "Movement (missile range)")
  -- j3 is next to jav: no firing into a melee
  refused(g:act("A", "fire jav j3"), "Melees: firing missiles into a melee")
  done(g:act("A", "fire jav j1"))
  eq(g:unit_table("jav").fired_twice, false, "thrown weapons fire once")
  refused(g:act("A", "fire jav j1"), "Missile Fire: rate of fire")
  refused(g:act("B", "fire j1 jav"), "Missile Fire")
end)

test("Missile Fire: indirect fire, the target defends one armour class higher", function()
  local g = at_missile { U("bows", "A", "LI", "0502", "S", { weapon = "longbow" }), U("own", "A", "HI", "0504", "S"),
                         U("li", "B", "LI", "0506", "N") }
  -- longbow 21" x 2/3 = 14" = 4 hexes; over 'own' 2 hexes off; LI counts as medium armour
  done(g:act("A", "fire bows li"))
  -- 8 firers at medium, dice 3 and 3: 2 + 2 (at light armour it would be 3 + 3)
  resolve(g, { 3, 3, 9 })
  eq(fig(g, "li"), 12)
end)

test("Missile Fire: heavy crossbowmen +1 to the missile roll, fire every other turn, reload when moving at most half", function()
  local g = at_missile { U("xb", "A", "LI", "0502", "S", { weapon = "heavy_crossbow" }),
                         U("b2", "A", "LI", "0702", "S", { weapon = "bow" }),
                         U("li", "B", "LI", "0506", "N") }
  done(g:act("A", "fire xb li"))
  eq(g:view_for("A"):unit_table("xb").unloaded, true) -- A's own view: the order is sealed
  -- 8 firers at light armour, die 2 + 1 = 3: the high band, 4 hits (a plain 2 would give 3); the check (25%) 8 stands
  resolve(g, { 2, 8 })
  eq(fig(g, "li"), 12)
  -- turn 2: reloading, it may not fire
  done(g:answer("first"))
  done(g:act("A", "end")); done(g:act("B", "end"))
  eq(g:phase_info().name, "missile")
  refused(g:act("A", "fire xb li"), "Missile Fire: heavy crossbowmen")
  resolve(g, {})
  -- turn 3: it stood in turn 2 and has reloaded
  done(g:answer("first"))
  eq(g:unit_table("xb").unloaded, false)
  -- the same, but in turn 2 it moves more than half its 9" (18 MP): no reloading
  local g2 = at_missile { U("xb", "A", "LI", "0502", "S", { weapon = "heavy_crossbow" }),
                          U("b2", "A", "LI", "0702", "S", { weapon = "bow" }),
                          U("li", "B", "LI", "0506", "N") }
  done(g2:act("A", "fire xb li"))
  resolve(g2, { 2, 8 })
  done(g2:answer("first"))
  done(g2:act("A", "end")); done(g2:act("B", "end"))
  with(g2, function(bitwa) bitwa.unit("xb").spent = 10 end)
  resolve(g2, {})
  done(g2:answer("first"))
  eq(g2:unit_table("xb").unloaded, true, "moved 10 of 18 MP: not reloaded")
  done(g2:act("A", "end")); done(g2:act("B", "end"))
  refused(g2:act("A", "fire xb li"), "Missile Fire: heavy crossbowmen")
end)

test("Guns: T-GG-08 accuracy by range (15\": 5-6, 6\": 2-6), a hit kills whatever the armour; cover -2; bonus, resting on a rampart +1; rate of fire, every other turn", function()
  local g = at_missile { U("gun", "A", "LI", "0502", "S", { weapon = "arquebus" }), U("hi", "B", "HI", "0507", "N") }
  done(g:act("A", "fire gun hi"))
  eq(g:view_for("A"):unit_table("gun").unloaded, true, "guns fire every other turn") -- A's own view: the order is sealed
  -- 8 figures, one accuracy die each at 5 hexes (15"): 5 and 6 hit
  resolve(g, { 5, 6, 1, 2, 3, 4, 5, 4 })
  eq(fig(g, "hi"), 13)
  local g2 = at_missile { U("gun", "A", "LI", "0502", "S", { weapon = "arquebus" }), U("hi", "B", "HI", "0504", "N") }
  done(g2:act("A", "fire gun hi"))
  -- at 2 hexes (6", the nearer band): 2-6
  resolve(g2, { 1, 2, 1, 1, 1, 1, 1, 6 })
  eq(fig(g2, "hi"), 14)
  -- the target in the wood at 1202, 4 hexes (12": 4-6) off: cover over half, -2: only 6s
  local g3 = at_missile { U("gun", "A", "LI", "1206", "N", { weapon = "arquebus" }), U("hi", "B", "HI", "1202", "S") }
  done(g3:act("A", "fire gun hi"))
  resolve(g3, { 5, 6, 4, 6, 1, 1, 1, 1 })
  eq(fig(g3, "hi"), 14)
  -- resting on the rampart at 0602, 2 hexes: 1 + 1 hits
  local g4 = at_missile { U("gun", "A", "LI", "0602", "S", { weapon = "arquebus" }), U("hi", "B", "HI", "0604", "N") }
  done(g4:act("A", "fire gun hi"))
  resolve(g4, { 1, 1, 1, 1, 1, 1, 1, 1, 6 })
  eq(fig(g4, "hi"), 8, "8 of 16 HI: the heavy-loss check (33 1/3%) 6 stands")
end)

test("Missile Fire: cover from the terrain: a target in a wood takes half the hits", function()
  local g = at_missile { U("bows", "A", "LI", "1206", "N", { weapon = "bow" }), U("li", "B", "LI", "1202", "S") }
  done(g:act("A", "fire bows li"))
  -- two volleys of 8 at light armour, dice 3 and 3: 4 + 4 = 8, halved in the wood: 4; the check (25%) 8 stands
  resolve(g, { 3, 3, 8 })
  eq(fig(g, "li"), 12)
end)

test("Missile Fire: number of ranks permitted to fire, every rank from higher ground", function()
  -- 16 longbowmen on the hill at 0402 (elevation 1), moved 2 MP (one volley), at MI on the flat:
  -- all four ranks fire, 16 firers in two groups of 8: dice 4 and 1, 3 + 2 hits
  local g = at_missile { U("bows", "A", "LI", "0402", "S", { weapon = "longbow", spent = 2 }), U("mi", "B", "MI", "0406", "N") }
  done(g:act("A", "fire bows mi"))
  resolve(g, { 4, 1 })
  eq(fig(g, "mi"), 11)
  -- on the flat only two ranks (8 firers): one die
  local g2 = at_missile { U("bows", "A", "LI", "0502", "S", { weapon = "longbow", spent = 2 }), U("mi", "B", "MI", "0506", "N") }
  done(g2:act("A", "fire bows mi"))
  resolve(g2, { 4 })
  eq(fig(g2, "mi"), 13)
end)

test("Missile Fire: arc of fire, cavalry 180 degrees left and 45 right (by bearing); Guns: arc of fire, the same", function()
  local g = at_missile { U("lc", "A", "LC", "0505", "N", { figures = 6, weapon = "bow" }),
                         U("gun", "A", "LI", "0509", "NE", { weapon = "arquebus" }),
                         U("right", "B", "LI", "0706", "N"), U("left", "B", "LI", "0306", "N") }
  -- infantry with guns, facing NE from 0509: 0706 lies 30 degrees left (in), 0306 90 degrees left (out)
  refused(g:act("A", "fire gun left"), "Missile Fire: arc of fire")
  done(g:act("A", "fire gun right"))
  -- 0706: 120 degrees right of N (bearing 8); 0306: 120 degrees left (bearing 16)
  refused(g:act("A", "fire lc right"), "Missile Fire: arc of fire")
  done(g:act("A", "fire lc left"))
  with(g, function(bitwa)
    eq(bitwa.hex.bearing(bitwa.hex.parse("0505"), 0, bitwa.hex.parse("0706")), 8)
    eq(bitwa.hex.bearing(bitwa.hex.parse("0505"), 0, bitwa.hex.parse("0306")), 16)
  end)
end)

-- a game at turn 1's first move phase, A moving first
local function at_move(units)
  local g = game { ruleset = "grognard", seed = 1, scenario = { map = "proving-ground", turns = 3, units = units } }
  done(g:answer("first"))
  eq(g:phase_info().name, "move.first")
  return g
end

test("Missile Fire: pass-through fire, stationary archers fire at a mover at its half-move point, at once", function()
  local g = at_move { U("li", "A", "LI", "0508", "N"), U("bows", "B", "LI", "0502", "S", { weapon = "bow" }) }
  -- LI moves 9" (18 MP): the first hex (6 MP) is short of half
  done(g:act("A", "move li"))
  eq(g:pending_request(), nil)
  -- the second (12 MP) passes it: B is asked which stationary missile troops fire
  local r = g:act("A", "move li")
  eq(r.status, "decision")
  local req = g:pending_request()
  eq({ req.side, req.kind, req.options }, { "B", "pass_through_fire", { "bows" } })
  -- one volley of 8 at light armour, die 3: 4 hits; the loss check (25%) 8 stands
  g.dice:force { 3, 8 }
  done(g:answer("bows"))
  eq(g.dice:forced_left(), 0)
  eq({ g:unit_table("li").figures, g:unit_table("li").hex, g:unit_table("bows").target }, { 12, "0506", "-" })
  -- answered with none, nothing is fired
  local g2 = at_move { U("li", "A", "LI", "0508", "N"), U("bows", "B", "LI", "0502", "S", { weapon = "bow" }) }
  done(g2:act("A", "move li"))
  eq(g2:act("A", "move li").status, "decision")
  done(g2:answer(""))
  eq({ g2:unit_table("li").figures, g2:unit_table("bows").target }, { 16, "" })
end)

test("Missile Fire: split-move and fire, cavalry with bows fire at the half of their move and move on", function()
  local g = at_move { U("lc", "A", "LC", "0510", "N", { figures = 6, weapon = "bow" }), U("mi", "B", "MI", "0501", "S") }
  -- LC moves 24" (48 MP): half after the fourth hex (24 MP)
  for _ = 1, 3 do done(g:act("A", "move lc")) end
  eq(g:act("A", "move lc").status, "decision")
  local req = g:pending_request()
  eq({ req.side, req.kind, req.options }, { "A", "split_move_fire", { "none", "mi" } })
  -- 6 figures (2 ranks of 3) at medium armour, 5-6 row, die 4: 2 hits
  g.dice:force { 4 }
  done(g:answer("mi"))
  eq(g.dice:forced_left(), 0)
  eq({ g:unit_table("mi").figures, g:unit_table("lc").target }, { 14, "-" })
  -- and it moves on
  done(g:act("A", "move lc"))
  eq(g:unit_table("lc").hex, "0505")
end)

test("Missile Fire: thrown weapons may always fire at enemy troops charging them, even after moving (pass-through fire)", function()
  local g = at_move { U("hc", "A", "HC", "0506", "N", { figures = 6 }),
                      U("jav", "B", "LI", "0502", "S", { weapon = "javelin", spent = 6 }),
                      U("bw", "B", "LI", "0702", "S", { weapon = "bow", spent = 6 }) }
  -- HC (move 12", 24 MP) charges: at its half-move (2 hexes, 0504) it is 2 hexes (6") from the javelins
  local r = g:act("A", "charge hc jav")
  eq(r.status, "decision")
  local req = g:pending_request()
  eq({ req.side, req.kind, req.options }, { "B", "pass_through_fire", { "jav" } }, "the bows moved: not stationary")
  -- 8 javelins at heavy armour (4-8 row), die 5: 1 hit; then the charge goes on and the LI checks against a
  -- heavy charger (10): 10 stands
  g.dice:force { 5, 10 }
  done(g:answer("jav"))
  eq(g.dice:forced_left(), 0)
  eq({ g:unit_table("hc").figures, g:unit_table("hc").hex, g:unit_table("jav").target }, { 5, "0503", "-" })
end)
