-- Helpers shared by the Legnica tests: games of the legnica ruleset on the
-- rules test field (rulesets/grunwald/maps/test-field.map: forest
-- 0305-0306, village 0505, swamp 0705, hill 0909-0910 at elevation 1,
-- fortification 1105, lake 1305, a stream east of column 15, a road along
-- row 12; odd columns sit lower) and its units; the Grunwald helpers for
-- the rest.  Loaded with loadfile(..., "t", _ENV).  MO is player A unless
-- extra.first says.

local function setup(units, extra)
  extra = extra or {}
  local vars = { { "side.A", extra.first or "MO" } }
  for _, v in ipairs(extra.vars or {}) do vars[#vars + 1] = v end
  local options = { complementary = false }
  for k, v in pairs(extra.options or {}) do options[k] = v end
  return game { ruleset = "legnica", seed = 1, options = options, dice = extra.dice,
    scenario = { map = extra.map or "test-field", turns = extra.turns or 3, units = units, vars = vars,
                 data = extra.data, victory = extra.victory, hooks = extra.hooks } }
end

-- a unit; t overrides sp, mp, armour, cf, condition, leader ...
local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8, armour = 0, cf = 0 }
  if kind == "infantry" or kind == "archers" or kind == "crossbowmen" or kind == "bombards" then u.mp = 4 end
  if kind == "leader" then u.sp, u.mp = 0, 10 end
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function notes(r)
  local out = {}
  for _, ev in ipairs(r.events or {}) do out[#out + 1] = tostring(ev) end
  return table.concat(out, "\n")
end

-- the rest (answering decisions, playing, moving through phases, the
-- purposes of the rolls, the decisions asked) is the Grunwald tests' own
local F = loadfile(bitwa.home .. "/rulesets/grunwald/tests/lib/fights.lua", "t", _ENV)()
return { setup = setup, U = U, contains = F.contains, answer_all = F.answer_all, play = F.play,
         to_phase = F.to_phase, purposes = F.purposes, asked = F.asked, notes = notes }
