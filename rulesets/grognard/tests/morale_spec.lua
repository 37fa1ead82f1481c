-- Morale: Retreat and Panic (regrouping), Contact with Another Unit and
-- Continued Retreat or Panic (the regroup table), with forced dice.
-- Map facts (proving-ground, odd columns sit lower): column 05 runs
-- straight N-S, rows 1-10.
local F = loadfile(bitwa.home .. "/rulesets/grognard/tests/lib/field.lua", "t", _ENV)()
local U = F.U

local function at_melee(units) return F.at("melee", units, 6) end
local function unit(g, name) return g:find_unit(name) and g:unit_table(name) end

-- ends the turn's open phase for every side; `dice` forced for what the
-- next turn's start rolls, then its initiative (6 to 1: A first)
local function next_turn(g, dice)
  local all = {}
  for _, d in ipairs(dice or {}) do all[#all + 1] = d end
  all[#all + 1] = 6; all[#all + 1] = 1
  g.dice:force(all)
  local turn = g:turn()
  local r
  repeat
    r = g:act(g:acting_sides()[1], "end")
  until r.status ~= "done" or g:turn() ~= turn
  eq(r.status .. " " .. tostring(r.message), "decision nil", "the initiative")
  eq(g.dice:forced_left(), 0, "every forced die used")
  done(g:answer("first"))
end

test("Retreat and Panic, Continued Retreat or Panic: T-GG-10 a retreated unit stands the next turn and regroups automatically after it", function()
  -- T-GG-03's melee: the LI panics 5 hexes, backs to the enemy
  local g = at_melee { U("hi", "A", "HI", "0502", "S", { figures = 12 }), U("li", "B", "LI", "0503", "N") }
  g.dice:force { 4, 5, 6, 4, 6, 4, 9 }
  done(g:act("A", "melee hi li"))
  eq({ unit(g, "li").hex, unit(g, "li").retreat_turn, unit(g, "li").fell_back }, { "0508", 1, 1 })
  next_turn(g)
  eq(unit(g, "li").retreat_turn, 1, "turn 2: it remains unmoved to regroup")
  next_turn(g)
  eq(unit(g, "li").retreat_turn, 0, "turn 3: regrouped, no die")
end)

test("Retreat and Panic: T-GG-10 attacked while regrouping, a 3 fails: casualties without return, it moves again (turn 2 of retreat); Continued Retreat or Panic: 3-6, then 6, then removed", function()
  -- li fell back (retreat, 1 move = 3 hexes) before the game: regrouping in turn 1
  local units = { U("hi", "A", "HI", "0501", "S", { figures = 12 }),
                  U("li", "B", "LI", "0502", "S", { retreat_turn = 1, reaction = "retreat" }) }
  local g = at_melee(units)
  refused(g:act("B", "melee li hi"), "Retreat and Panic")
  -- the regroup die 3 fails; hi attacks li's rear: the HI row +1 on each die (4+ on LI): 4, 4 kill;
  -- li strikes nothing back and moves again, 3 hexes
  g.dice:force { 3, 4, 4, 1, 1 }
  done(g:act("A", "melee hi li"))
  eq(g.dice:forced_left(), 0, "no dice for li, no post-melee computation")
  eq({ unit(g, "hi").figures, unit(g, "li").figures, unit(g, "li").hex, unit(g, "li").retreat_turn },
     { 12, 14, "0505", 2 })
  -- turn 2 starts: turn 2 of retreat needs 3-6; a 2 fails: it moves again at once (0508, turn 3)
  next_turn(g, { 2 })
  eq({ unit(g, "li").hex, unit(g, "li").retreat_turn }, { "0508", 3 })
  -- turn 3 starts: turn 3 of retreat needs a 6; a 5 fails: a fourth turn of retreat removes it
  next_turn(g, { 5 })
  eq(g:find_unit("li"), nil)
  -- the same with a 4 at turn 2's start: regrouped
  local g2 = at_melee(units)
  g2.dice:force { 3, 4, 4, 1, 1 }
  done(g2:act("A", "melee hi li"))
  next_turn(g2, { 4 })
  eq({ unit(g2, "li").hex, unit(g2, "li").retreat_turn }, { "0505", 0 })
  -- attacked while regrouping, a 1-2 regroups and fights as usual
  local g3 = at_melee { U("hi", "A", "HI", "0501", "S", { figures = 12 }),
                        U("li", "B", "LI", "0502", "N", { retreat_turn = 1, reaction = "retreat" }) }
  -- facing hi this time: HI 4 dice at 4+ (4, 4 kill), LI 1 die at 6 (4 figures, 1/3), the post-melee die
  g3.dice:force { 2, 4, 4, 1, 1, 1, 3 }
  done(g3:act("A", "melee hi li"))
  eq(g3.dice:forced_left(), 0, "li regrouped: it struck back and the post-melee die was rolled")
end)

test("Contact with Another Unit: a panicking unit stops at a formed friendly body; both regroup", function()
  local g = at_melee { U("hi", "A", "HI", "0502", "S", { figures = 12 }), U("li", "B", "LI", "0503", "N"),
                       U("mi", "B", "MI", "0506", "N") }
  g.dice:force { 4, 5, 6, 4, 6, 4, 9 }
  done(g:act("A", "melee hi li"))
  eq({ unit(g, "li").hex, unit(g, "li").retreat_turn, unit(g, "mi").retreat_turn }, { "0505", 1, 1 })
  next_turn(g)
  next_turn(g)
  eq({ unit(g, "li").retreat_turn, unit(g, "mi").retreat_turn }, { 0, 0 }, "both regrouped on turn 3")
end)

test("Morale Checks Due to Heavy Losses: a failed check removes the unit, unless surrounded: then it surrenders", function()
  -- li at 0505 with a unit on every side (hi attacking from the N, friends and foes around)
  local g = at_melee { U("hi", "A", "LI", "0504", "S"), U("li", "B", "LI", "0505", "N"),
                       U("n1", "A", "LI", "0605", "NW"), U("n2", "B", "LI", "0606", "N"), U("n3", "B", "LI", "0506", "N"),
                       U("n4", "B", "LI", "0406", "N"), U("n5", "A", "LI", "0405", "NE") }
  -- hi (LI): 4 dice at 6 (four kills); li: 4 dice, no kill; step 1: hi 4 x 1; 72 to 48, doubled: 48, back
  -- 1 move in good order, blocked; the loss check (4 of 16, 25%): 7 fails
  g.dice:force { 6, 6, 6, 6, 1, 1, 1, 1, 1, 7 }
  local r = g:act("A", "melee hi li")
  done(r)
  eq(g.dice:forced_left(), 0)
  eq(g:find_unit("li"), nil)
  local said = false
  for _, e in ipairs(r.events) do
    if tostring(e.text or e.note or e):find("is surrounded and surrenders", 1, true) then said = true end
  end
  ok(said, "the surrender is noted")
end)
