-- The rules bot (bot.lua): what it proposes in small situations.  Map
-- facts as in movement_spec.lua (from an even column's hex c,r the
-- neighbours are N c,r-1  NE c+1,r-1  SE c+1,r  S c,r+1  SW c-1,r  NW c-1,r-1).
local botmod = require "engine.bot"

local U = loadfile(bitwa.home .. "/rulesets/husaria/tests/lib/field.lua", "t", _ENV)().U

-- a game in PL's movement phase (PL is side A); opts.first: the stage it
-- starts at (of 5), opts.options: the ruleset's options
local function setup(units, opts)
  opts = opts or {}
  units[#units + 1] = U("far", "SW", "infantry", "2015", "N", { sp = 1, mp = 4 })
  units[#units + 1] = U("farpl", "PL", "infantry", "0115", "N", { sp = 1, mp = 4 })
  local g = game { ruleset = "husaria", seed = 1, deploy = "scenario", options = opts.options,
    scenario = { map = "test-field", turns = 5, first = opts.first, units = units, vars = { { "side.A", "PL" } },
                 victory = opts.victory } }
  eq(g:phase_info().name, "A.movement")
  return g
end

local function propose(g, side)
  local b = botmod.make("rules", 1, 1)
  return b.propose(g, side, {})
end

test("6.21, 6.12: the bot's cavalry does not ride into contact at poor odds (2 SP against 4: 1:2)", function()
  local g = setup { U("h", "PL", "cavalry", "0804", "S", { sp = 2 }), U("d", "SW", "cavalry", "0806", "N", { sp = 4 }) }
  -- 0805 is next to d: entering it forces an attack at 1:2, where the attacker
  -- loses more SP than the defender on the Battle Table
  eq(propose(g, "PL"), "end")
end)

test("6.21, 6.12: the bot's cavalry stays out of contact at 3:1 (it loses 11/36 SP there, the defender 7/36)", function()
  local g = setup { U("h", "PL", "cavalry", "0804", "S", { sp = 3 }), U("d", "SW", "cavalry", "0806", "N", { sp = 1 }) }
  eq(propose(g, "PL"), "end")
end)

test("6.21, 6.12: the bot's cavalry rides into contact at good odds (4 SP against 1: 4:1, 5/36 SP against 8/36)", function()
  local g = setup { U("h", "PL", "cavalry", "0804", "S", { sp = 4 }), U("d", "SW", "cavalry", "0806", "N", { sp = 1 }) }
  eq(propose(g, "PL"), "move h")
end)

test("6.72, 11.12: the bot's cavalry rides at the target it beats, not at a nearer one on its wagon", function()
  -- w (2 SP on a wagon, 1 SP more: 4:3) is nearer than o (1 SP, 4:1)
  local g = setup { U("h", "PL", "cavalry", "0804", "S", { sp = 4 }),
                    U("w", "SW", "cavalry", "0807", "N", { sp = 2 }), U("wg", "SW", "wagon", "0807", "N", { sp = 0 }),
                    U("o", "SW", "cavalry", "0404", "SE", { sp = 1 }) }
  local l = propose(g, "PL")
  ok(l:match("^turn h "), "h turns toward o: " .. tostring(l))
  ok(l ~= "move h", l)
end)

test("9.21, 9.13: the bot leads a commander out of the enemy cavalry's reach, staying in command range", function()
  -- e (MP 5) at 0810 reaches 0806 (4 hexes); the own unit is at 0803
  local g = setup { U("c", "PL", "commander", "0806", "N", { sp = 0, command = 1 }),
                    U("i", "PL", "infantry", "0803", "S", { mp = 4 }),
                    U("e", "SW", "cavalry", "0810", "N", { mp = 5 }) }
  local moves = 0
  while true do
    local l = propose(g, "PL")
    local h = l:match("^lead c (%d+)$")
    if not h then break end
    done(g:act("PL", l))
    moves = moves + 1
    ok(moves <= 10, "at most 10 hexes (9.13)")
  end
  ok(moves > 0, "the commander moved")
  local c = g:unit_table("c")
  local map = g.map
  ok(map:distance(c.hex, "0810") > 5, "out of e's reach: " .. c.hex)
  ok(map:distance(c.hex, "0803") <= 3, "within command range (3) of i: " .. c.hex)
end)

-- the reaction SW is asked when h moves next to d
local function reaction(hsp, dsp, hmorale, dmorale)
  local g = setup { U("h", "PL", "cavalry", "0804", "S", { sp = hsp, morale = hmorale or 7 }),
                    U("d", "SW", "cavalry", "0806", "N", { sp = dsp, morale = dmorale or 7 }) }
  local r = g:act("PL", "move h")
  eq(r.status, "decision")
  eq(r.request.kind, "reaction")
  ok(r.request.options[1] == "charge d" or r.request.options[2] == "charge d", "d may counter-charge")
  local b = botmod.make("rules", 1, 2)
  return b.answer(g, r.request)
end

test("6.61, 6.21: the bot counter-charges at good odds only (2 SP of morale 8 against 1 of morale 6: 2:1 +2, 4:1; 2 against 1 of equal morale: 2:1; 1 against 3: 1:3)", function()
  eq(reaction(1, 2, 6, 8), "charge d")
  eq(reaction(1, 2), "pass")
  eq(reaction(3, 1), "pass")
  eq(reaction(2, 2), "pass")
end)

test("6.19, 7.12, 10.11: the bot rides at infantry at 2:1 (a retreat of 2 and its Battle Dispersal roll count), not at cavalry", function()
  -- 2 SP of cavalry, doubled against infantry (6.19): 4 against 2
  local g = setup { U("h", "PL", "cavalry", "0804", "S", { sp = 2 }), U("d", "SW", "infantry", "0806", "N", { sp = 2, mp = 4 }) }
  eq(propose(g, "PL"), "move h")
  -- 2 against 1 of cavalry: the same column, but no doubling and a cavalry
  -- unit's dispersal column (B2: 1 in 6 against 2 in 6): not worth it
  g = setup { U("h", "PL", "cavalry", "0804", "S", { sp = 2 }), U("d", "SW", "cavalry", "0806", "N", { sp = 1 }) }
  eq(propose(g, "PL"), "end")
end)

test("10.15, 10.12: the bot presses when the enemy's dispersed units track has one box left (a dispersal there eliminates the whole track)", function()
  -- the same 2:1 against cavalry as above, with a track of one box
  local g = setup({ U("h", "PL", "cavalry", "0804", "S", { sp = 2 }), U("d", "SW", "cavalry", "0806", "N", { sp = 1 }) },
                  { options = { dispersal_track = 1 } })
  eq(propose(g, "PL"), "move h")
end)

test("10.15: what a dispersal costs a side: the unit's SP, or all the SP of its track and the unit's, four times, when it fills the track", function()
  local g = setup({ U("h", "PL", "cavalry", "0804", "S", { sp = 2 }), U("d", "SW", "cavalry", "0806", "N", { sp = 1 }) },
                  { options = { dispersal_track = 2 } })
  local function cost(side, sp)
    return g:query(function() local b = g.rs.rules.bot; return b.dispersal_cost(b.context("PL"), side, sp) end)
  end
  eq(cost("SW", 1), 1)
  eq(cost("PL", 2), 2)
  g = setup({ U("h", "PL", "cavalry", "0804", "S", { sp = 2 }), U("d", "SW", "cavalry", "0806", "N", { sp = 1 }) },
            { options = { dispersal_track = 1 } })
  eq(cost("SW", 1), 4)
  eq(cost("PL", 2), 8)
end)

test("3.1, 6.21: level on points in the last third of the game, the bot presses: 2:1 against cavalry", function()
  local g = setup({ U("h", "PL", "cavalry", "0804", "S", { sp = 2 }), U("d", "SW", "cavalry", "0806", "N", { sp = 1 }) },
                  { first = 5 })
  eq(g:turn(), 5)
  eq(propose(g, "PL"), "move h")
end)

test("5.24, 6.13: the bot's cavalry in an enemy's ZoC backs away from a battle not worth fighting", function()
  -- h (1 SP) faces d (4 SP) next to it: 1:4; it backs into its back zone, facing d
  local g = setup { U("h", "PL", "cavalry", "0805", "S", { sp = 1 }), U("d", "SW", "cavalry", "0806", "N", { sp = 4 }) }
  local l = propose(g, "PL")
  local h, f = l:match("^back h (%d+) (%a+)$")
  ok(h, "backs away: " .. tostring(l))
  eq(g.map:distance(h, "0806"), 2)
  done(g:act("PL", l))
  eq(g:unit_table("h").hex, h)
  -- at 4:1 it stays and fights
  g = setup { U("h", "PL", "cavalry", "0805", "S", { sp = 4 }), U("d", "SW", "cavalry", "0806", "N", { sp = 1 }) }
  eq(propose(g, "PL"), "end")
end)

test("6.21: the bot's plan is a memo of the position: kept between calls, it proposes what a plan made afresh at every call proposes", function()
  local function units()
    return { U("h", "PL", "cavalry", "0804", "S", { sp = 4 }), U("k", "PL", "cavalry", "0404", "S", { sp = 2 }),
             U("d", "SW", "cavalry", "0808", "N", { sp = 1 }), U("e", "SW", "infantry", "0410", "N", { sp = 2, mp = 4 }) }
  end
  local function act(g, l)
    local r = g:act("PL", l)
    while r.status == "decision" do
      local o = r.request.options
      r = g:answer(o[#o] == "pass" and "pass" or o[1])
    end
    eq(r.status, "done")
  end
  -- g1 alone: its plan is kept from one call to the next (the games of a
  -- test share the ruleset, and so the bot's plan)
  local g1, lines = setup(units()), {}
  for _ = 1, 30 do
    local l = propose(g1, "PL")
    lines[#lines + 1] = l
    if l == "end" then break end
    act(g1, l)
  end
  ok(#lines >= 5 and lines[#lines] == "end", "the cavalry moved: " .. table.concat(lines, "; "))
  -- g2: another game's call before each one makes the plan anew every time
  local g2, other = setup(units()), setup(units())
  for i, l in ipairs(lines) do
    propose(other, "PL")
    eq(propose(g2, "PL"), l, "call " .. i)
    if l ~= "end" then act(g2, l) end
  end
end)

-- [Victory] the scenario's hold (Kokenhausen: Gyllenhielm on 1312 at the end)
local HOLD = { vp = { cavalry = 2, commander = 4 }, king = "gy", hold = { unit = "gy", hex = "0806", side = "SW" } }
local function holder(first)
  return setup({ U("h", "PL", "cavalry", "0804", "S", { sp = 2 }), U("d", "SW", "cavalry", "0806", "N", { sp = 4 }),
                 U("gy", "SW", "commander", "0806", "N", { sp = 0, command = 1 }) },
               { first = first, victory = HOLD })
end

test("Victory (hold), 6.12: at the last stage the bot's cavalry rides into contact with the holder's stack at 1:2 and attacks it", function()
  local g = holder(5)
  eq(g:turn(), 5)
  -- the same 2 SP against 4 it refuses without the objective (the first test)
  eq(propose(g, "PL"), "move h")
  done(g:act("PL", "move h"))
  eq(g:unit_table("h").hex, "0805")
  while g:phase_info().name ~= "A.attack" do done(g:act(g:acting_side(), "end")) end
  eq(propose(g, "PL"), "attack h d")
end)

test("Victory (hold): four stages before the end the bot closes in on the holder but not into contact at 1:2", function()
  local g = holder(1)
  eq(propose(g, "PL"), "end")
  local b = g:query(function() local b = g.rs.rules.bot; local gl = b.goal("PL"); return { gl.unit.name, gl.left, gl.bonus } end)
  eq(b, { "gy", 4, 0 })
  eq(g:query(function() local b = g.rs.rules.bot; return b.goal("SW") end), nil)
end)
