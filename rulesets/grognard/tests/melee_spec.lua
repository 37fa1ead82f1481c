-- Melees (the Mass Combat Table, flank and rear, ranks, melee range) and
-- the Post-Melee Morale Checks that follow them, with forced dice.  Map
-- facts (proving-ground, odd columns sit lower): from an odd column's hex
-- c,r the neighbours are N c,r-1  NE c+1,r  SE c+1,r+1  S c,r+1  SW c-1,r+1
-- NW c-1,r.  T-nn are MATRIX.md §6.3's worked examples, T-GG-nn the digest's.
local F = loadfile(bitwa.home .. "/rulesets/grognard/tests/lib/field.lua", "t", _ENV)()
local U = F.U

-- a game at turn 1's melee phase (A moves first)
local function at_melee(units) return F.at("melee", units) end

local function fig(g, name) local u = g:find_unit(name) and g:unit_table(name); return u and u.figures end
local function unit(g, name) return g:unit_table(name) end

test("Melees: casualties, T-76 LI attacking LI gets 1 die per front-rank figure, 6 to kill", function()
  local g = at_melee { U("a", "A", "LI", "0502", "S"), U("b", "B", "LI", "0503", "N") }
  -- a: 4 dice (front rank of 4), 6 kills; b: the same back; then the post-melee die
  g.dice:force { 6, 5, 6, 1, 6, 1, 1, 1, 3 }
  done(g:act("A", "melee a b"))
  eq(g.dice:forced_left(), 0, "4 + 4 dice, then step 1's die")
  eq({ fig(g, "a"), fig(g, "b") }, { 15, 14 })
  -- totals: a 15 x 4 + 1 survivor more = 61; b 14 x 4 + (2 - 1) x 3 = 59; both 16 at the start (< 20): doubled,
  -- 122 against 118: a difference of 4, the melee continues
  eq({ unit(g, "a").reaction, unit(g, "b").reaction }, { "", "continue" })
  eq({ unit(g, "a").hex, unit(g, "b").hex }, { "0502", "0503" })
end)

test("Melees: casualties, T-77 HI attacking HC rolls 1 die per 3 figures, rounded down: one HI cannot attack", function()
  local g = at_melee { U("a", "A", "HI", "0502", "S", { figures = 1 }), U("b", "B", "HC", "0503", "N", { figures = 6 }) }
  g:query(function()
    local M = g.rs.rules.melee
    local x, y, r = M.cell("HI", "HC")
    eq({ x, y, r }, { 1, 3, 6 })
    eq({ M.dice(6, x, y), M.dice(3, x, y), M.dice(1, x, y) }, { 2, 1, 0 })
  end)
  -- the single HI rolls nothing; the HC (front rank 3, 2/1 (5+) against HI) rolls 6 dice
  g.dice:force { 1, 1, 1, 1, 1, 5 }
  done(g:act("A", "melee a b"))
  eq(g.dice:forced_left(), 0)
  eq(g:find_unit("a"), nil, "the HI figure is killed")
  eq(fig(g, "b"), 6)
end)

test("Melees: flank attack, T-78 MI from the flank fights as HI; HC from the flank gets +1 on each die", function()
  -- b faces N; a at its SE hexside (1209 from 1108) is on its flank
  local g = at_melee { U("a", "A", "MI", "1209", "NW"), U("b", "B", "LI", "1108", "N") }
  -- as HI against LI: 1/1 (4+): four 4s kill four (as MI, 5+, none would)
  -- b (LI against MI, 1/2 (6)) 2 dice back; then step 1 (2), and b's heavy-loss check (4 of 16) 2d6 = 9
  g.dice:force { 4, 4, 4, 4, 1, 1, 2, 9 }
  done(g:act("A", "melee a b"))
  eq(g.dice:forced_left(), 0)
  eq({ fig(g, "a"), fig(g, "b") }, { 16, 12 })
  -- 80 + 4 x 2 + 4 = 92 against 48, doubled: 88, b panics 5 hexes straight away from a (NW), backs to it
  eq({ unit(g, "b").reaction, unit(g, "b").hex, unit(g, "b").facing }, { "panic", "0606", "NW" })
  local g2 = at_melee { U("a", "A", "HC", "1209", "NW", { figures = 6 }), U("b", "B", "HC", "1108", "N", { figures = 6 }) }
  -- HC against HC, 1/1 (6), +1: three 5s kill three; b's 3 dice back need 6
  -- then step 1 (3) and b's loss check (3 of 6 = 50%) 2d6 = 6
  g2.dice:force { 5, 5, 5, 5, 5, 5, 3, 6 }
  done(g2:act("A", "melee a b"))
  eq(g2.dice:forced_left(), 0)
  eq({ fig(g2, "a"), fig(g2, "b") }, { 6, 3 })
  -- 54 + 9 + 3 = 66 against 27, doubled: 78, b retreats 1 move (12" = 4 hexes), backs to a
  eq({ unit(g2, "b").reaction, unit(g2, "b").hex, unit(g2, "b").facing, unit(g2, "b").retreat_turn }, { "retreat", "0706", "NW", 1 })
end)

test("Melees: rear attack, the attacked unit cannot harm the attackers", function()
  -- b faces N; a at 0504, its S hexside, is behind it
  local g = at_melee { U("a", "A", "LI", "0504", "N"), U("b", "B", "LI", "0503", "N") }
  -- a as MI against LI, 1/1 (5+): 4 dice; b rolls none; then step 1's die
  g.dice:force { 5, 6, 1, 1, 2 }
  done(g:act("A", "melee a b"))
  eq(g.dice:forced_left(), 0, "4 dice and the post-melee die: nothing for b")
  eq({ fig(g, "a"), fig(g, "b") }, { 16, 14 })
end)

test("Post-Melee Morale Checks: T-GG-03 12 HI against 16 LI, doubled for a small melee: the LI panics 1 1/2 moves", function()
  local g = at_melee { U("hi", "A", "HI", "0502", "S", { figures = 12 }), U("li", "B", "LI", "0503", "N") }
  -- HI 1/1 (4+) on LI: 4 dice, four kills; LI 1/3 (6) on HI: 1 die, one kill;
  -- step 1: the HI (fewer losses) 3 x 4 = 12; then the LI's heavy-loss check (4 of 16 = 25%) 2d6 = 9
  g.dice:force { 4, 5, 6, 4, 6, 4, 9 }
  done(g:act("A", "melee hi li"))
  eq(g.dice:forced_left(), 0)
  eq({ fig(g, "hi"), fig(g, "li") }, { 11, 12 })
  -- HI 77 + 12 = 89, LI 48 + 1 = 49; doubled 178 and 98: 80, panic 1 1/2 moves (13.5" = 5 hexes), backs to the enemy
  local li = unit(g, "li")
  eq({ li.reaction, li.hex, li.facing, li.retreat_turn, li.loss_checked }, { "panic", "0508", "S", 1, true })
  eq(unit(g, "hi").hex, "0502")
  -- a regrouping unit may not attack
  refused(g:act("B", "melee li hi"), "Melees: melee range")
end)

test("Post-Melee Morale Checks: the totals are not doubled with 20 figures or more a side; a retreat that leaves the table removes the unit", function()
  local g = at_melee { U("hi", "A", "HI", "0508", "N", { figures = 24 }), U("li", "B", "LI", "0507", "S", { figures = 20 }) }
  -- HI: four kills; LI: one die, a 6; step 1 die 4 -> 12; LI's loss check (4 of 20: 16 < 20, none)
  g.dice:force { 4, 5, 6, 4, 6, 4 }
  done(g:act("A", "melee hi li"))
  eq(g.dice:forced_left(), 0)
  -- HI 23 x 7 + 12 + 7 = 180; LI 16 x 4 = 64: 116, surrender
  eq(g:find_unit("li"), nil, "surrendered")
  local g2 = at_melee { U("hi", "A", "HI", "0503", "N", { figures = 12 }), U("li", "B", "LI", "0502", "S", { figures = 16 }) }
  g2.dice:force { 4, 5, 6, 4, 6, 4, 9 }
  done(g2:act("A", "melee hi li"))
  eq(g2:find_unit("li"), nil, "panicked off the table (rows 1-10): removed")
end)

test("Melees: melee range, T-GG-09 joining after at most max(1/2 move, 6\"); only adjacent enemies", function()
  local g = at_melee { U("a", "A", "LI", "0502", "S", { spent = 12 }), U("b", "B", "LI", "0503", "N"),
                       U("c", "A", "LI", "0302", "S", { spent = 18 }), U("d", "B", "LI", "0303", "N"),
                       U("e", "A", "LI", "0702", "S"), U("f", "B", "LI", "0704", "N") }
  -- LI moves 9" = 18 MP: half is 9 MP, 6" is 12 MP: 2 hexes (12 MP) may join, 3 hexes (18 MP) may not
  refused(g:act("A", "melee c d"), "Melees: melee range")
  refused(g:act("A", "melee e f"), "Melees: melee range")
  refused(g:act("A", "melee b a"), "Melees")
  g.dice:force { 1, 1, 1, 1, 1, 1, 1, 1 }
  done(g:act("A", "melee a b"))
  refused(g:act("B", "melee b a"), "Melees", "once a turn")
end)

test("Historical Options: Peasants, T-84 2d6 to attack and to defend: a failed attack does not happen, a failed defence panics", function()
  -- to attack LI: 6 or better; 5 fails: no dice are rolled and nothing changes
  local g = at_melee { U("p", "A", "peasants", "0502", "S"), U("li", "B", "LI", "0503", "N") }
  g.dice:force { 5 }
  done(g:act("A", "melee p li"))
  eq(g.dice:forced_left(), 0, "only the peasants' 2d6")
  eq({ fig(g, "p"), fig(g, "li"), unit(g, "p").meleed }, { 16, 16, true })
  -- 6 attacks: they fight as LI (4 dice at 6 each side, then the post-melee die)
  local g2 = at_melee { U("p", "A", "peasants", "0502", "S"), U("li", "B", "LI", "0503", "N") }
  g2.dice:force { 6, 6, 1, 1, 1, 1, 1, 1, 1, 4 }
  done(g2:act("A", "melee p li"))
  eq(g2.dice:forced_left(), 0)
  eq({ fig(g2, "p"), fig(g2, "li") }, { 16, 15 })
  -- attacked by HC they need 11 to defend: 10 fails, they panic 1 1/2 moves (as LI: 5 hexes), backs to the enemy
  local g3 = at_melee { U("hc", "A", "HC", "0502", "S", { figures = 6 }), U("p", "B", "peasants", "0503", "N") }
  g3.dice:force { 10 }
  done(g3:act("A", "melee hc p"))
  eq(g3.dice:forced_left(), 0, "no melee dice")
  local p = unit(g3, "p")
  eq({ p.figures, p.reaction, p.hex, p.facing, p.retreat_turn }, { 16, "panic", "0508", "S", 1 })
  -- 11 stands: the melee is fought (HC 4/1 (5+) against them as LI: 12 dice)
  local g4 = at_melee { U("hc", "A", "HC", "0502", "S", { figures = 6 }), U("p", "B", "peasants", "0503", "N") }
  g4.dice:force { 11, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
  done(g4:act("A", "melee hc p"))
  eq({ fig(g4, "hc"), fig(g4, "p") }, { 6, 16 })
end)

test("Historical Options: Religious Knights never surrender (they panic) and get +1 on morale checks", function()
  -- as the surrender case above, the LI religious: a panic of 5 hexes instead
  local g = at_melee { U("hi", "A", "HI", "0508", "N", { figures = 24 }), U("li", "B", "LI", "0507", "S", { figures = 20, religious = true }) }
  g.dice:force { 4, 5, 6, 4, 6, 4 }
  done(g:act("A", "melee hi li"))
  eq(g.dice:forced_left(), 0)
  local li = unit(g, "li")
  eq({ li.figures, li.reaction, li.hex, li.retreat_turn }, { 16, "panic", "0502", 1 })
  -- the heavy-loss check: HC of 6 losing 3 needs 6; a religious unit stands on 5 + 1
  local g2 = at_melee { U("a", "A", "HC", "1209", "NW", { figures = 6 }), U("b", "B", "HC", "1108", "N", { figures = 6, religious = true }) }
  g2.dice:force { 5, 5, 5, 5, 5, 5, 3, 5 }
  done(g2:act("A", "melee a b"))
  eq(g2.dice:forced_left(), 0)
  eq({ unit(g2, "b").figures, unit(g2, "b").loss_checked }, { 3, true })
end)

test("Melees: resolution, joining a melee and excess troops: two counters against one (front and flank), the enemy strikes the frontal one, one post-melee computation for the group", function()
  -- e (MI) faces N at 0505; a1 (MI) in front at 0504, a2 (LI) on its flank at 0606 (SE)
  local g = at_melee { U("a1", "A", "MI", "0504", "S"), U("a2", "A", "LI", "0606", "NW"), U("e", "B", "MI", "0505", "N") }
  local legal = g:legal_actions("A")
  local found = false
  for _, l in ipairs(legal) do if l.line == "melee a1,a2 e" then found = true end end
  ok(found, "the group is offered")
  -- a1: MI on MI 1/1 (6), 4 dice: 6 6 1 1; a2 from the flank fights as MI: 1/1 (6), 4 dice: 6 1 1 1;
  -- e strikes back at a1 only: 6 1 1 1; step 1: the group (1 loss to 3) gets 2 x 1 = 2
  g.dice:force { 6, 6, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 1 }
  done(g:act("A", "melee a1,a2 e"))
  eq(g.dice:forced_left(), 0)
  -- the group: 31 survivors (+18), 15 x 5 + 16 x 4 = 139, +2: 159; e 13 x 5 = 65: 94, panic 1 1/2 moves (5 hexes)
  local e = unit(g, "e")
  eq({ fig(g, "a1"), fig(g, "a2"), e.figures, e.reaction, e.hex, e.retreat_turn }, { 15, 16, 13, "panic", "0510", 1 })
  eq({ unit(g, "a1").meleed, unit(g, "a2").meleed }, { true, true })
end)

test("Melees: number of ranks permitted to melee, the front rank; pikemen defend against a charge with every rank", function()
  local g = at_melee { U("hc", "A", "HC", "0504", "S", { figures = 6 }), U("pk", "B", "MI", "0505", "N", { weapon = "pike" }),
                       U("mi", "B", "MI", "0705", "N") }
  with(g, function(bitwa, rules)
    eq(rules.melee.defending_figures(bitwa.unit("pk"), true), 16, "charged from the front: 4 ranks of 4")
    eq(rules.melee.defending_figures(bitwa.unit("pk"), false), 4, "otherwise the front rank")
    eq(rules.melee.defending_figures(bitwa.unit("mi"), true), 4, "no pikes: the front rank")
  end)
end)

test("Melees: resolution, a group of meleeing troops on each side: each attacker fights the first enemy next to it, each enemy strikes the first attacker next to it; one computation for the groups", function()
  local g = at_melee { U("a1", "A", "LI", "0504", "S"), U("a2", "A", "LI", "0604", "S"),
                       U("e1", "B", "LI", "0505", "N"), U("e2", "B", "LI", "0605", "N"), U("e3", "B", "LI", "0909", "N") }
  refused(g:act("A", "melee a1,a2 e1,e3"), "Melees: melee range")
  -- a1 on e1: 6 1 1 1; a2 on e2: 6 6 1 1; e1 on a1: 1 1 1 1; e2 (a1 is next to it too, listed first) on a1: 6 1 1 1;
  -- step 1: A lost 1 to 3: 2 x 1; A 31 survivors (+2), 124 + 4 = 128; B 29 x 4 = 116: 12, the melee continues
  g.dice:force { 6, 1, 1, 1, 6, 6, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1 }
  done(g:act("A", "melee a1,a2 e1,e2"))
  eq(g.dice:forced_left(), 0)
  eq({ fig(g, "a1"), fig(g, "a2"), fig(g, "e1"), fig(g, "e2") }, { 15, 16, 15, 14 })
  eq({ unit(g, "e1").reaction, unit(g, "e2").reaction, unit(g, "e1").meleed, unit(g, "e2").meleed }, { "continue", "continue", true, true })
end)

test("Melees: refusing combat, missile troops in a line with other infantry may step back 3\" out of melee", function()
  local units = { U("hi", "A", "HI", "0504", "S"), U("bows", "B", "LI", "0505", "N", { weapon = "bow" }),
                  U("mi", "B", "MI", "0405", "N") }
  local g = at_melee(units)
  local r = g:act("A", "melee hi bows")
  eq(r.status, "decision")
  local req = g:pending_request()
  eq({ req.side, req.kind, req.options }, { "B", "refuse_combat", { "fight", "step back" } })
  done(g:answer("step back"))
  eq(g.dice:forced_left(), 0)
  eq({ unit(g, "bows").hex, fig(g, "bows"), unit(g, "hi").meleed }, { "0506", 16, true })
  -- they may fight instead: the melee is rolled (HI 4 dice at 4+, LI 1 die at 6, no kills); 112 to 64,
  -- doubled: 96, the bows panic 5 hexes
  local g2 = at_melee(units)
  eq(g2:act("A", "melee hi bows").status, "decision")
  g2.dice:force { 1, 1, 1, 1, 1 }
  done(g2:answer("fight"))
  eq(g2.dice:forced_left(), 0)
  eq({ unit(g2, "bows").hex, unit(g2, "bows").reaction, fig(g2, "hi") }, { "0510", "panic", 16 })
  -- alone (no other infantry beside them) they are not asked
  local g3 = at_melee { U("hi", "A", "HI", "0504", "S"), U("bows", "B", "LI", "0505", "N", { weapon = "bow" }) }
  g3.dice:force { 1, 1, 1, 1, 1 }
  done(g3:act("A", "melee hi bows"))
  eq({ g3.dice:forced_left(), unit(g3, "bows").reaction }, { 0, "panic" })
end)

test("Melees: refusing combat, the line's infantry killed or driven away: the missile troops must fight a charger able to continue its charge move", function()
  -- hc1 and hc2 charged this turn (S, 12 of their 36 MP spent), 4 figures each (a front of 3);
  -- the line: mi (4 figures) at 0505, the bows at 0605 beside it
  local function line(spent, mi)
    local ch = { charged = true, charge_dir = 3, spent = spent, figures = 4 }
    return at_melee { U("hc1", "A", "HC", "0504", "S", ch), U("hc2", "A", "HC", "0604", "S", ch),
      U("mi", "B", "MI", "0505", "N", { figures = mi or 4 }), U("bows", "B", "LI", "0605", "N", { weapon = "bow" }) }
  end
  local g = line(12)
  -- hc1 on mi: HC against MI 3/1 (5+), 9 dice: 4 kills; mi strikes back, 1 die (1/4 of 4 figures): none.
  -- Then the bows, having stepped back to 0606, fight hc1 and hc2, which carried on one hex (0505, 0605)
  -- into contact: HC against LI 4/1 (5+), 12 dice each: hc2 kills 2; the bows' 1 die misses;
  -- post-melee: A had fewer losses, 2 x 1; 72 + 2 against 14 x 4 + 6 = 62, doubled: 148 to 124, 24: back 1/2 move
  local d = { 6, 6, 6, 6, 1, 1, 1, 1, 1, 1 }
  for i = 11, 22 do d[i] = 1 end
  d[23], d[24] = 6, 6
  for i = 25, 36 do d[i] = 1 end
  g.dice:force(d)
  eq(g:act("A", "melee hc1,hc2 mi,bows").status, "decision")
  eq(g:pending_request().kind, "refuse_combat")
  done(g:answer("step back"))
  eq(g.dice:forced_left(), 0, "both melees rolled, 36 dice")
  eq(g:find_unit("mi"), nil)
  eq({ fig(g, "bows"), unit(g, "bows").reaction, unit(g, "bows").meleed }, { 14, "back", true })
  -- the line holds: 8 mi, no kills either way (9 dice and 1), equal losses (no die); 4 x 9 = 36
  -- against 8 x 5 + 4 = 44, doubled 72 to 88: 16, hc1 continues; the bows stay out of it
  local g2 = line(12, 8)
  g2.dice:force { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
  eq(g2:act("A", "melee hc1,hc2 mi,bows").status, "decision")
  done(g2:answer("step back"))
  eq(g2.dice:forced_left(), 0, "one melee, 10 dice, equal losses: no morale die")
  eq({ unit(g2, "bows").hex, fig(g2, "bows"), unit(g2, "mi").hex, unit(g2, "hc1").reaction }, { "0606", 16, "0505", "continue" })
  -- the chargers have no charge move left (36 of 36 MP spent): mi killed, the bows still do not fight
  local g3 = line(36)
  g3.dice:force { 6, 6, 6, 6, 1, 1, 1, 1, 1, 1 }
  eq(g3:act("A", "melee hc1,hc2 mi,bows").status, "decision")
  done(g3:answer("step back"))
  eq(g3.dice:forced_left(), 0)
  eq({ g3:find_unit("mi"), unit(g3, "bows").hex, fig(g3, "bows"), unit(g3, "hc1").hex }, { nil, "0606", 16, "0504" })
end)

test("Melees: refusing combat, missile troops that stepped back in an earlier melee of the turn must fight when the line's infantry is driven off in a later one", function()
  -- as above, but hc2's melee on the bows comes first (they step back, no dice), then hc1's on mi
  local ch = { charged = true, charge_dir = 3, spent = 12, figures = 4 }
  local g = at_melee { U("hc1", "A", "HC", "0504", "S", ch), U("hc2", "A", "HC", "0604", "S", ch),
    U("mi", "B", "MI", "0505", "N", { figures = 4 }), U("bows", "B", "LI", "0605", "N", { weapon = "bow" }) }
  eq(g:act("A", "melee hc2 bows").status, "decision")
  eq(g:pending_request().kind, "refuse_combat")
  done(g:answer("step back"))
  eq(g.dice:forced_left(), 0, "no melee: no dice")
  local b = unit(g, "bows")
  eq({ b.hex, b.refused_from, b.refused_line, unit(g, "hc2").meleed }, { "0606", "hc2", "mi", true })
  -- hc1 kills mi (9 dice: 4 kills; mi's 1 die misses); mi was the line beside the bows: hc1 (this melee's
  -- charger) and hc2 (the attacker they stepped back from), both with charge move left, carry on one hex
  -- (0505, 0605) and the bows must fight both: hc2 kills 2, the bows miss, back 1/2 move (as above)
  local d = { 6, 6, 6, 6, 1, 1, 1, 1, 1, 1 }
  for i = 11, 22 do d[i] = 1 end
  d[23], d[24] = 6, 6
  for i = 25, 36 do d[i] = 1 end
  g.dice:force(d)
  done(g:act("A", "melee hc1 mi"))
  eq(g.dice:forced_left(), 0, "both melees rolled, 36 dice")
  eq(g:find_unit("mi"), nil)
  -- (victorious over the bows too, both carry on again to the end of their charge move: 36 MP)
  eq({ unit(g, "hc1").hex, unit(g, "hc2").hex, unit(g, "hc2").spent }, { "0508", "0608", 36 })
  b = unit(g, "bows")
  eq({ b.figures, b.reaction, b.meleed, b.refused_line }, { 14, "back", true, "" })
  -- the line holds (8 mi, no kills: hc1 continues): the bows that stepped back earlier stay out of it
  local g2 = at_melee { U("hc1", "A", "HC", "0504", "S", ch), U("hc2", "A", "HC", "0604", "S", ch),
    U("mi", "B", "MI", "0505", "N", { figures = 8 }), U("bows", "B", "LI", "0605", "N", { weapon = "bow" }) }
  eq(g2:act("A", "melee hc2 bows").status, "decision")
  done(g2:answer("step back"))
  g2.dice:force { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
  done(g2:act("A", "melee hc1 mi"))
  eq(g2.dice:forced_left(), 0)
  eq({ unit(g2, "bows").hex, fig(g2, "bows"), unit(g2, "hc2").hex, unit(g2, "hc1").reaction }, { "0606", 16, "0604", "continue" })
  -- a refusal is for the turn: at the next turn's start it is forgotten
  g2.dice:force { 6, 1 } -- turn 2's initiative
  done(g2:act("A", "end"))
  eq(g2:act("B", "end").status, "decision")
  eq({ g2:turn(), (g2.dice:forced_left()) }, { 2, 0 })
  eq(unit(g2, "bows").refused_line, "")
end)

test("Melees: number of ranks permitted to melee, pikemen charged from the front strike back with every rank (a charge through the movement rules)", function()
  local g = game { ruleset = "grognard", seed = 1, scenario = { map = "proving-ground", turns = 3, units = {
    U("hc", "A", "HC", "0509", "N", { figures = 6 }), U("pk", "B", "MI", "0503", "S", { weapon = "pike" }) } } }
  done(g:answer("first"))
  -- the pikes face the charge: they stand without a roll (Morale Checks Due to Cavalry Charge)
  done(g:act("A", "charge hc pk"))
  eq({ unit(g, "hc").hex, unit(g, "hc").charged }, { "0504", true })
  done(g:act("A", "end"))
  done(g:act("B", "end"))
  eq(g:phase_info().name, "melee")
  -- HC on MI 3/1 (5+): 3 front figures, 9 dice, all 1; the pikes, MI on HC 1/4 (6) with all 16 figures: 4 dice
  -- (the front rank alone would give 1): 6 6 1 1, two kills; step 1 die 1; 94 to 36, doubled: 116, surrender
  g.dice:force { 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 1, 1, 1 }
  done(g:act("A", "melee hc pk"))
  eq(g.dice:forced_left(), 0)
  eq({ g:find_unit("hc"), fig(g, "pk") }, { nil, 16 })
end)
