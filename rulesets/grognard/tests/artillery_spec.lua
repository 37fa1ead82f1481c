-- Catapults and Cannon on hexes (NOTES.md): ranges, crews and rates of
-- fire, hit areas, the cannon ball's line, the dowel's colours and the
-- deviation die, with forced dice.  Proving ground: column 05 runs
-- straight N-S over clear ground; 0402 is a hill, 1202 a wood.
local F = loadfile(bitwa.home .. "/rulesets/grognard/tests/lib/field.lua", "t", _ENV)()
local U = F.U

local function at_missile(units, options) return F.at("missile", units, 6, options) end
local function fig(g, name) return g:find_unit(name) and g:unit_table(name).figures end

-- ends the missile phase: `dice` for the resolution, then turn 2's initiative (6 to 1)
local function resolve(g, dice)
  done(g:act("B", "end"))
  local all = {}
  for _, d in ipairs(dice) do all[#all + 1] = d end
  all[#all + 1] = 6; all[#all + 1] = 1
  g.dice:force(all)
  local r = g:act("A", "end")
  eq(r.status .. (r.message or ""), "decision")
  eq(g.dice:forced_left(), 0, "every forced die used")
  done(g:answer("first"))
end

-- the next missile phase (nobody moves)
local function to_missile(g)
  done(g:act("A", "end"))
  done(g:act("B", "end"))
  eq(g:phase_info().name, "missile")
end

test("Catapults: crew, T-79 a full crew fires every other turn, a 1-man crew 3 turns later; a light catapult's 2\" area kills 2/5 of the hex", function()
  local g = at_missile { U("cat", "A", "LI", "0501", "S", { figures = 4, weapon = "light_catapult" }),
                         U("bow", "A", "LI", "0503", "S", { weapon = "bow" }),
                         U("near", "B", "LI", "0505", "N"), U("li", "B", "LI", "0507", "N") }
  -- 15-30": 0505 is 4 hexes (12") away, too near
  refused(g:act("A", "catapult cat 0505"), "Catapults")
  done(g:act("A", "catapult cat 0507"))
  eq(g:view_for("A"):unit_table("cat").reload, 2) -- A's own view: the order is sealed
  -- 16 figures x 2/5 = 6.4: 7 killed; the heavy-loss check (25%) 8 stands
  resolve(g, { 8 })
  eq(fig(g, "li"), 9)
  to_missile(g)
  refused(g:act("A", "catapult cat 0507"), "Catapults: rate of fire")
  resolve(g, {})
  to_missile(g)
  done(g:act("A", "catapult cat 0507"))
  -- a 1-man crew: 3 extra turns
  local g2 = at_missile { U("cat", "A", "LI", "0501", "S", { figures = 1, weapon = "light_catapult" }),
                          U("li", "B", "LI", "0507", "N") }
  done(g2:act("A", "catapult cat 0507"))
  eq(g2:view_for("A"):unit_table("cat").reload, 5, "fires again 5 turns on (turn 6) instead of 2") -- A's own view
end)

test("Catapults: a heavy catapult's 3 1/2\" area (and a bombard fired as a catapult) kills every figure in the hex", function()
  local g = at_missile { U("cat", "A", "LI", "0501", "S", { figures = 4, weapon = "heavy_catapult" }),
                         U("li", "B", "LI", "0509", "N") }
  done(g:act("A", "catapult cat 0509"))
  resolve(g, {})
  eq(g:find_unit("li"), nil)
  local g2 = at_missile { U("bom", "A", "LI", "0501", "S", { figures = 4, weapon = "bombard" }),
                          U("own", "A", "HI", "0503", "S"), U("li", "B", "LI", "0506", "N") }
  -- indirect: over its own HI
  done(g2:act("A", "catapult bom 0506"))
  eq(g2:view_for("A"):unit_table("bom").reload, 3, "every third turn") -- A's own view: the order is sealed
  resolve(g2, {})
  eq(g2:find_unit("li"), nil)
end)

test("Cannon: game mechanics, T-GG-15 the ball along the line to full range; 'long' kills one file in the black hexes (6, 7, 9, 10), 'short' in the white; the deviation die", function()
  local units = { U("gun", "A", "LI", "0501", "S", { figures = 4, weapon = "light_cannon" }),
                  U("u1", "B", "LI", "0503", "N"), U("u2", "B", "LI", "0507", "N"),
                  U("u3", "B", "HC", "0508", "N", { figures = 6 }) }
  local g = at_missile(units)
  done(g:act("A", "cannon gun 0503 long"))
  -- deviation 3: on the line; u2's heavy-loss check (4 of 16: 25%) 8 stands
  resolve(g, { 3, 8 })
  eq({ fig(g, "u1"), fig(g, "u2"), fig(g, "u3") }, { 16, 12, 4 }, "a file: 4 infantry, 2 cavalry")
  local g2 = at_missile(units)
  done(g2:act("A", "cannon gun 0503 short"))
  resolve(g2, { 4, 8 })
  eq({ fig(g2, "u1"), fig(g2, "u2"), fig(g2, "u3") }, { 12, 16, 6 })
  -- the deviation die, 1: one hex-line left (east, facing south): the ball misses column 05 beyond
  local g3 = at_missile(units)
  done(g3:act("A", "cannon gun 0503 long"))
  resolve(g3, { 1 })
  eq({ fig(g3, "u2"), fig(g3, "u3") }, { 16, 6 })
  -- option cannon_kills = all: every figure in a struck hex
  local g4 = at_missile(units, { cannon_kills = "all" })
  done(g4:act("A", "cannon gun 0503 long"))
  resolve(g4, { 3 })
  eq({ g4:find_unit("u2"), g4:find_unit("u3") }, { nil, nil })
end)

test("Cannon: a hill stops the ball; cover, firing into woods is not permitted; indirect fire only for bombards as catapults", function()
  local g = at_missile { U("gun", "A", "LI", "0401", "S", { figures = 4, weapon = "heavy_cannon" }),
                         U("li", "B", "LI", "0407", "N"),
                         U("g2", "A", "LI", "1206", "N", { figures = 4, weapon = "light_cannon" }),
                         U("w", "B", "LI", "1202", "S"),
                         U("g3", "A", "LI", "0901", "S", { figures = 4, weapon = "light_cannon" }),
                         U("own", "A", "LI", "0902", "S"), U("x", "B", "LI", "0905", "N") }
  refused(g:act("A", "cannon g2 1202 long"), "Cannon: cover")
  refused(g:act("A", "cannon g3 0905 long"), "Cannon: indirect fire")
  -- the heavy cannon's black hexes include 7 (0407), but the hill at 0402 stops the ball
  done(g:act("A", "cannon gun 0407 long"))
  resolve(g, { 3 })
  eq(fig(g, "li"), 16)
end)

test("Cannon: the bounce/range dowels by hex (the longer part of each hex's 3\", both on a tie)", function()
  local g = at_missile { U("gun", "A", "LI", "0501", "S", { figures = 4, weapon = "light_cannon" }), U("li", "B", "LI", "0507", "N") }
  with(g, function(bitwa, rules)
    local function list(kind, colour)
      local out = {}
      for k, c in ipairs(rules.artillery.dowel_colours(kind)) do if c[colour] then out[#out + 1] = k end end
      return table.concat(out, " ")
    end
    eq({ list("light", "white"), list("light", "black") }, { "1 2 3 4 5 8", "6 7 9 10" })
    eq({ list("heavy", "white"), list("heavy", "black") }, { "1 2 3 4 5 6 9", "7 8 10 11 12" })
    eq({ list("bombard", "white"), list("bombard", "black") }, { "1 2 3 4 5 6 7 10 11", "8 9 12 13 14" })
  end)
end)

test("Catapults: arc of fire and game mechanics (the target is a hex); Cannon: arc of fire, 45 degrees left or right (the infantry wedge)", function()
  local g = at_missile { U("cat", "A", "LI", "0501", "S", { figures = 4, weapon = "light_catapult" }),
                         U("gun", "A", "LI", "0901", "S", { figures = 4, weapon = "light_cannon" }),
                         U("li", "B", "LI", "0507", "N"), U("side", "B", "LI", "1201", "N") }
  -- 1201 lies east of the catapult, beside its facing
  refused(g:act("A", "catapult cat 1201"), "Catapults: arc of fire")
  refused(g:act("A", "cannon gun 1201 long"), "Cannon: arc of fire")
  -- an empty hex may be aimed at
  done(g:act("A", "catapult cat 0508"))
  resolve(g, {})
  eq(g:unit_table("li").figures, 16, "the hex next to li: nobody hit")
end)

test("Catapults: over-/under-shoot option, d6 - d6 inches: +3\" falls one hex beyond, -1\" on the aim", function()
  local units = { U("cat", "A", "LI", "0501", "S", { figures = 4, weapon = "light_catapult" }),
                  U("near", "B", "LI", "0506", "N"), U("li", "B", "LI", "0507", "N") }
  local g = at_missile(units, { catapult_overshoot = "on" })
  done(g:act("A", "catapult cat 0506"))
  -- 5 - 2 = +3": one hex beyond, on li (7 of 16 killed); li's loss check 8 stands
  resolve(g, { 5, 2, 8 })
  eq({ g:unit_table("near").figures, g:unit_table("li").figures }, { 16, 9 })
  local g2 = at_missile(units, { catapult_overshoot = "on" })
  done(g2:act("A", "catapult cat 0506"))
  -- 3 - 4 = -1": no hex; near is hit; its check 8 stands
  resolve(g2, { 3, 4, 8 })
  eq({ g2:unit_table("near").figures, g2:unit_table("li").figures }, { 9, 16 })
end)
