-- Historical Options: Mercenaries, with forced dice.  A mercenary unit set
-- with merc_turns = 1 makes no check on turn 1 (its dice would fall before
-- a test can force them); its first check is at the start of turn 2.
local F = loadfile(bitwa.home .. "/rulesets/grognard/tests/lib/field.lua", "t", _ENV)()
local U = F.U

-- a game played to the start of turn 2 with `dice` forced for its checks
-- (the initiative after them: 6 to 1, A chooses to move first)
local function turn_2(units, dice)
  local g = game { ruleset = "grognard", seed = 1, scenario = { map = "proving-ground", turns = 5, units = units } }
  done(g:answer("first"))
  local all = {}
  for _, d in ipairs(dice) do all[#all + 1] = d end
  all[#all + 1] = 6; all[#all + 1] = 1
  g.dice:force(all)
  while g:turn() == 1 do g:act(g:acting_sides()[1], "end") end
  eq(g.dice:forced_left(), 0, "every forced die used")
  done(g:answer("first"))
  return g
end

local function merc(extra)
  local t = { mercenary = true, merc_turns = 1, weapon = "crossbow" }
  for k, v in pairs(extra or {}) do t[k] = v end
  return U("genoese", "B", "LI", "0506", "N", t)
end

test("Historical Options: Mercenaries, T-GG-11 a 6 then a 2: 'Bribed!', they join the enemy", function()
  local g = turn_2({ U("a", "A", "HI", "0902", "S"), merc() }, { 6, 2 })
  eq(g:unit_table("genoese").side, "A")
end)

test("Historical Options: Mercenaries, a 1: they stand this turn, neither firing nor attacking; 2-5 obey", function()
  local g = turn_2({ U("a", "A", "LI", "0502", "S", { weapon = "bow" }), merc() }, { 1 })
  eq(g:unit_table("genoese").merc_state, "stand")
  -- to the missile phase: they may not fire
  done(g:act("A", "end")); done(g:act("B", "end"))
  eq(g:phase_info().name, "missile")
  refused(g:act("B", "fire genoese a"), "Historical Options: Mercenaries")
  local g2 = turn_2({ U("a", "A", "LI", "0502", "S"), merc() }, { 5 })
  eq(g2:unit_table("genoese").merc_state, "")
  done(g2:act("A", "end")); done(g2:act("B", "end"))
  done(g2:act("B", "fire genoese a"))
end)

test("Historical Options: Mercenaries, 'Peace out!' (6, 3): they march off the board, a move a turn away from the enemy, then are gone", function()
  -- genoese (crossbowmen, 12" = 4 hexes) at 0506, the enemy at 0502 due north: a move south
  local g = turn_2({ U("a", "A", "HI", "0502", "S"), merc() }, { 6, 3 })
  local m = g:unit_table("genoese")
  eq({ m.merc_state, m.hex, m.side }, { "peace_out", "0510", "B" })
  -- they no longer obey their player: no move (nor fire)
  done(g:act("A", "end"))
  refused(g:act("B", "move genoese 0509"), "Historical Options: Mercenaries")
  -- turn 3: no mercenary die (only the initiative's), they march on, off the table, and are removed
  g.dice:force { 6, 1 }
  while g:turn() == 2 do g:act(g:acting_sides()[1], "end") end
  eq(g.dice:forced_left(), 0)
  eq(g:find_unit("genoese"), nil)
  eq(g:unit_table("a").hex, "0502")
end)

test("Historical Options: Mercenaries, 'Pay up!' (6, 1) stands for good; 'Yes sir!' (6, 4-6) three turns without checks", function()
  local g2 = turn_2({ U("a", "A", "HI", "0902", "S"), merc() }, { 6, 1 })
  eq(g2:unit_table("genoese").merc_state, "pay_up")
  local g3 = turn_2({ U("a", "A", "HI", "0902", "S"), merc() }, { 6, 5 })
  eq({ g3:unit_table("genoese").merc_state, g3:unit_table("genoese").merc_turns }, { "", 3 })
  -- turn 3 starts with no mercenary die: only the initiative's
  g3.dice:force { 6, 1 }
  while g3:turn() == 2 do g3:act(g3:acting_sides()[1], "end") end
  eq(g3.dice:forced_left(), 0)
  eq(g3:unit_table("genoese").merc_turns, 2)
end)

test("Historical Options: Mercenaries, once meleeing (an enemy next to them) no die check", function()
  -- the initiative's dice only
  local g = turn_2({ U("a", "A", "HI", "0505", "S"), merc() }, {})
  eq(g:unit_table("genoese").side, "B")
end)
