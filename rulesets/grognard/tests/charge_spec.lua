-- Melees: charge, the Morale Checks Due to Cavalry Charge, Historical
-- Options: Knights, and Fatigue, with forced dice.  Map facts as in
-- movement_spec.lua (a clear column 05, rows 01-10).
local F = loadfile(bitwa.home .. "/rulesets/grognard/tests/lib/field.lua", "t", _ENV)()
local U = F.U

local function new(units, dice)
  local g = game { ruleset = "grognard", seed = 1, scenario = { map = "proving-ground", turns = 12, units = units } }
  if dice then g.dice:force(dice) end
  done(g:answer("first"))
  eq(g:phase_info().name, "move.first")
  return g
end
local function unit(g, name) return g:find_unit(name) and g:unit_table(name) end
local function HC(name, side, hex, facing, t)
  local u = U(name, side, "HC", hex, facing, t)
  u.figures = 6
  return u
end

test("Melees: charge, HC charges 3 hexes into contact; LI fails its check (10 against heavy), retreats 1 1/2 moves and the charger carries on", function()
  local g = new { HC("k", "A", "0501", "S"), U("t", "B", "LI", "0505", "N") }
  g.dice:force { 9 }
  done(g:act("A", "charge k t"))
  eq(g.dice:forced_left(), 0)
  -- LI 9" x 1 1/2 = 13.5": 5 hexes, backs to the enemy, regrouping
  local t = unit(g, "t")
  eq({ t.hex, t.facing, t.retreat_turn }, { "0510", "S", 1 })
  -- the balance of the charge move (18" = 36 MP, 18 spent) straight on: 3 hexes
  local k = unit(g, "k")
  eq({ k.hex, k.spent, k.charged }, { "0507", 36, true })
end)

test("Melees: charge, a charger that moved more than half may still melee (chargers excepted from joining)", function()
  local g = new { HC("k", "A", "0501", "S"), U("t", "B", "LI", "0506", "N") }
  g.dice:force { 10 }
  done(g:act("A", "charge k t"))
  local k = unit(g, "k")
  eq({ k.hex, k.facing, k.spent }, { "0505", "S", 24 }, "4 hexes, 24 MP: more than 12 (half or 6\")")
  eq(unit(g, "t").hex, "0506", "10: it stands")
  done(g:act("A", "end")); done(g:act("B", "end"))
  eq(g:phase_info().name, "melee")
  local found = false
  for _, a in ipairs(g:legal_actions("A")) do if a.line == "melee k t" then found = true end end
  ok(found, "melee k t is legal")
end)

test("Morale Checks Due to Cavalry Charge: T-GG-05 MI charged frontally by HC needs 9", function()
  local g = new { HC("k", "A", "0501", "S"), U("t", "B", "MI", "0505", "N") }
  g.dice:force { 9 }
  done(g:act("A", "charge k t"))
  eq({ unit(g, "t").hex, unit(g, "t").retreat_turn }, { "0505", 0 })
  local g2 = new { HC("k", "A", "0501", "S"), U("t", "B", "MI", "0505", "N") }
  g2.dice:force { 8 }
  done(g2:act("A", "charge k t"))
  eq(unit(g2, "t").retreat_turn, 1, "8: it retreats")
end)

test("Morale Checks Due to Cavalry Charge: T-GG-05 charged in the flank subtracts 1; pikes facing the charge stand", function()
  local g = new { HC("k", "A", "0501", "S"), U("t", "B", "MI", "0505", "SE") }
  g.dice:force { 9 }
  done(g:act("A", "charge k t"))
  eq(unit(g, "t").retreat_turn, 1, "9 - 1 = 8 < 9")
  local g2 = new { HC("k", "A", "0501", "S"), U("t", "B", "MI", "0505", "N", { weapon = "pike" }) }
  done(g2:act("A", "charge k t"))
  eq(g2.dice:forced_left(), 0)
  eq(unit(g2, "t").hex, "0505", "no roll: pikes stand")
end)

test("Morale Checks Due to Cavalry Charge: T-GG-05 both charging, both check: MI +1, HC +2", function()
  local g = new { HC("k", "A", "0501", "S"), U("t", "B", "MI", "0505", "N", { charged = true }) }
  -- MI needs 9: 8 + 1 stands; HC against a medium charger needs 4: 2 + 2 stands
  g.dice:force { 8, 2 }
  done(g:act("A", "charge k t"))
  eq(g.dice:forced_left(), 0, "both rolled")
  eq({ unit(g, "t").retreat_turn, unit(g, "k").retreat_turn }, { 0, 0 })
  -- an LC charger: MI needs 7 against a light charger (8 + 1 stands), LC needs 6 against a medium one: 3 + 2 retreats
  local g2 = new { U("k", "A", "LC", "0501", "S", { figures = 6 }), U("t", "B", "MI", "0505", "N", { charged = true }) }
  g2.dice:force { 8, 3 }
  done(g2:act("A", "charge k t"))
  eq(unit(g2, "t").retreat_turn, 0)
  eq(unit(g2, "k"), nil, "the charger retreats 1 1/2 moves (36\", 12 hexes): off the table, removed")
end)

test("Melees: charge, only over ground that allows charges, not the turn after a charge, not from contact", function()
  local g = new { HC("k", "A", "1003", "N"), U("t", "B", "LI", "1001", "S"), HC("c", "A", "0505", "N", { charged_last = true }),
                  U("e", "B", "LI", "0501", "S"), HC("n", "A", "0708", "N"), U("f", "B", "LI", "0707", "S") }
  refused(g:act("A", "charge k t"), "Terrain: rough")
  refused(g:act("A", "charge c e"), "Melees: charge")
  refused(g:act("A", "charge n f"), "Melees: charge")
  eq(unit(g, "k").hex, "1003")
end)

test("Historical Options: Knights, T-GG-01 1-5 on the obedience roll: they charge, the heavier mounted enemy first", function()
  local g = new({ HC("k", "A", "0501", "S", { knight = true }), U("li", "B", "LI", "0505", "N"), HC("hc", "B", "0704", "NW") },
    { 3, 5 })
  eq(g.dice:forced_left(), 0, "obedience 3, then hc's charge check (5 against a heavy charger: stands)")
  local k = unit(g, "k")
  eq({ k.charged, k.charge_target }, { true, "hc" })
  eq(unit(g, "hc").hex, "0704")
end)

test("Historical Options: Knights, T-GG-01 a 6 on the obedience roll holds them", function()
  local g = new({ HC("k", "A", "0501", "S", { knight = true }), U("li", "B", "LI", "0505", "N") }, { 6 })
  eq(g.dice:forced_left(), 0)
  eq({ unit(g, "k").hex, unit(g, "k").charged }, { "0501", false })
  done(g:act("A", "move k"), "free to move as it likes")
end)

test("Fatigue: T-GG-13 the four conditions, elite troops doubled", function()
  local g = new { U("a", "A", "LI", "0505", "N") }
  g:query(function()
    local F = g.rs.rules.movement.fatigue_condition
    -- letters: a = nothing, b = moved, d = moved and charged (c + b), f = moved and meleed, h = moved, charged, meleed, e = meleed
    eq(F("bbbbb", 1), 1, "moving 5 consecutive turns")
    eq(F("bbbb", 1), nil)
    eq(F("eee", 1), 2, "meleeing 3 consecutive turns")
    eq(F("bbh", 1), 3, "moving 2 turns, charging, then meleeing")
    eq(F("bhe", 1), 4, "moving 1 turn, charging, then meleeing 2 turns")
    eq(F("bbbbb", 2), nil, "elite: 10 turns")
    eq(F("bbbbbbbbbb", 2), 1)
    eq(F("eeeee", 2), nil); eq(F("eeeeee", 2), 2)
    -- Weather: excess temperature doubles fatigue: the numbers halved, rounded up (A-127)
    eq(F("bb", 1, 2), nil); eq(F("bbb", 1, 2), 1); eq(F("ee", 1, 2), 2); eq(F("bh", 1, 2), 3)
  end)
end)

test("Fatigue: Penalty and Fatigue: Rest, T-GG-13 a unit that moved 5 turns running is fatigued (MI attacks and defends as LI, morale -1); a turn without moving restores it", function()
  local g = new { U("a", "A", "MI", "0510", "N") }
  for turn = 1, 5 do
    done(g:act("A", "move a"), "turn " .. turn)
    g.dice:force { 6, 1 }
    done(g:act("A", "end")); eq(g:act("B", "end").status, "decision")
    done(g:answer("first"))
  end
  eq(unit(g, "a").fatigued, true)
  g:query(function()
    local api, R = g.rs.api, g.rs.rules
    eq(R.units.fights_as(api.unit("a")), "LI")
    eq(R.units.morale_factor(api.unit("a")), 4)
  end)
  g.dice:force { 6, 1 }
  done(g:act("A", "end")); eq(g:act("B", "end").status, "decision")
  eq(unit(g, "a").fatigued, false, "rested")
end)

test("Missile Fire: pass-through fire, stationary archers fire at a mover when it reaches its half-move, at once", function()
  -- m (LI, 18 MP) walks north: its second hex (12 MP) passes the half-move (9); bows (longbow, no MP spent) see it 5 hexes off
  local g = new { U("m", "A", "LI", "0510", "N"), U("bows", "B", "LI", "0503", "S", { weapon = "longbow" }) }
  done(g:act("A", "move m"))
  local r = g:act("A", "move m")
  eq(r.status, "decision")
  eq({ g:pending_request().side, g:pending_request().kind }, { "B", "pass_through_fire" })
  -- 8 firers (two ranks) at light armour, die 5: 4 hits; 4 of 16 is 25%: the loss check, 8 stands
  g.dice:force { 5, 8 }
  done(g:answer("bows"))
  eq(g.dice:forced_left(), 0)
  eq({ unit(g, "m").hex, unit(g, "m").figures }, { "0508", 12 })
  eq(unit(g, "bows").target, "-", "its fire of the turn")
end)

test("Missile Fire: split-move and fire, horse archers fire at their half-move and finish the move", function()
  -- LC 24" (48 MP): the half-move is at 24 MP, the fourth hex
  local g = new { U("ha", "A", "LC", "0510", "N", { weapon = "bow", figures = 6 }), U("t", "B", "MI", "0301", "S") }
  for _ = 1, 3 do done(g:act("A", "move ha")) end
  local r = g:act("A", "move ha")
  eq(r.status, "decision")
  eq({ g:pending_request().side, g:pending_request().kind }, { "A", "split_move_fire" })
  -- 6 firers at medium armour, die 4: 2 hits
  g.dice:force { 4 }
  done(g:answer("t"))
  eq(unit(g, "t").figures, 14)
  done(g:act("A", "move ha"), "the rest of the move")
  eq(unit(g, "ha").hex, "0505")
end)

test("Melees: charge, victorious in the first round of melee the charger carries on in the direction first indicated", function()
  local g = new { HC("k", "A", "0501", "S"), U("t", "B", "LI", "0506", "N") }
  g.dice:force { 10 }
  done(g:act("A", "charge k t"))
  eq(unit(g, "k").hex, "0505")
  done(g:act("A", "end")); done(g:act("B", "end"))
  eq(g:phase_info().name, "melee")
  -- HC against LI: 4 dice a front figure (12), 5+: twelve 6s kill 12; LI against HC: 1 die per 4 (1), a 1;
  -- step 1: 12 x 1; totals (6 x 9 + 12 + 2) x 2 = 136 against 4 x 4 x 2 = 32: 104, t surrenders
  g.dice:force { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1 }
  done(g:act("A", "melee k t"))
  eq(g.dice:forced_left(), 0)
  eq(g:find_unit("t"), nil, "surrendered")
  eq({ unit(g, "k").hex, unit(g, "k").spent }, { "0507", 36 }, "the balance of 18\": 2 more hexes south")
end)

test("Melees: charge, a charger beaten in the first round goes back and does not carry on", function()
  local g = new { HC("k", "A", "0501", "S"), U("t", "B", "LI", "0506", "N") }
  g.dice:force { 10 }
  done(g:act("A", "charge k t"))
  done(g:act("A", "end")); done(g:act("B", "end"))
  -- no kill either way: equal losses, no die; k 6 x 9 = 54, t 16 x 4 + 10 more survivors = 74, doubled 108
  -- against 148: 40, k goes back 1 move (12\", 4 hexes) in good order
  g.dice:force { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
  done(g:act("A", "melee k t"))
  eq(g.dice:forced_left(), 0)
  eq({ unit(g, "k").hex, unit(g, "k").facing, unit(g, "t").hex }, { "0501", "S", "0506" })
end)

test("Historical Options: Knights, among equally preferred enemies their side chooses which one they charge", function()
  local g = game { ruleset = "grognard", seed = 1, scenario = { map = "proving-ground", turns = 3, units = {
    HC("k", "A", "0501", "S", { knight = true }), U("l1", "B", "LI", "0505", "N"), U("l2", "B", "LI", "0704", "NW") } } }
  g.dice:force { 2 }
  local r = g:answer("first")
  eq(r.status, "decision")
  local req = g:pending_request()
  eq({ req.side, req.kind, req.options }, { "A", "knights", { "l1", "l2" } })
  g.dice:force { 10 }
  done(g:answer("l2"))
  eq({ unit(g, "k").charge_target, unit(g, "k").charged }, { "l2", true })
end)

test("Melees: charge, horse archers' split-move fire at their half-move removes the unit they charge: the charge goes on to its end, no charge check is rolled", function()
  -- LC with bows charges t (4 figures of LI) from 0510: the half-move comes
  -- before contact, and it fires at t there (split-move and fire)
  local g = new { U("ha", "A", "LC", "0510", "N", { weapon = "bow", figures = 6 }), U("t", "B", "LI", "0503", "S", { figures = 4 }) }
  local r = g:act("A", "charge ha t")
  eq(r.status, "decision")
  eq({ g:pending_request().side, g:pending_request().kind }, { "A", "split_move_fire" })
  -- 6 firers at light armour, die 6; then t's check for heavy losses, 7 on 2D6
  g.dice:force { 6, 7 }
  local r2 = g:answer("t")
  done(r2)
  eq(g.dice:forced_left(), 0, "no cavalry-charge check: the charged unit is gone")
  eq(g:find_unit("t"), nil, "removed by its morale check")
  local lost, removed = false, false
  for _, e in ipairs(r2.events) do
    local text = tostring(e.text or e.note or e)
    if text:find("t loses 3 figures", 1, true) then lost = true end
    if text:find("t rolled 7 and is removed", 1, true) then removed = true end
  end
  ok(lost and removed, "3 of its 4 figures fall to the volley, and the 7 of its heavy-losses check removes it")
  local ha = unit(g, "ha")
  eq({ ha.hex, ha.charged, ha.charge_target }, { "0504", true, "t" }, "the charge's hexes, to the one next to where t stood")
end)
