-- Helpers shared by the Legnica tests: games of the legnica ruleset on the
-- rules test field (rulesets/grunwald/maps/test-field.map: forest
-- 0305-0306, village 0505, swamp 0705, hill 0909-0910 at elevation 1,
-- fortification 1105, lake 1305, a stream east of column 15, a road along
-- row 12; odd columns sit lower), units, decisions, phases.  Loaded with
-- loadfile(..., "t", _ENV).  MO is player A unless extra.first says.

local function setup(units, extra)
  extra = extra or {}
  local vars = { { "side.A", extra.first or "MO" } }
  for _, v in ipairs(extra.vars or {}) do vars[#vars + 1] = v end
  local options = { complementary = false }
  for k, v in pairs(extra.options or {}) do options[k] = v end
  return game { ruleset = "legnica", seed = 1, options = options, dice = extra.dice,
    scenario = { map = extra.map or "test-field", turns = extra.turns or 3, units = units, vars = vars,
                 data = extra.data, victory = extra.victory } }
end

-- a unit; t overrides sp, mp, armour, cf, condition, leader ...
local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8, armour = 0, cf = 0 }
  if kind == "infantry" or kind == "archers" or kind == "crossbowmen" or kind == "bombards" then u.mp = 4 end
  if kind == "leader" then u.sp, u.mp = 0, 10 end
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- answer every decision: answers[kind] is a list (used in order) or one
-- answer; otherwise "stop" for a pursuit, else the first option.
local function answer_all(g, r, answers)
  answers = answers or {}
  local asked = {}
  for _ = 1, 100 do
    if r.status ~= "decision" then break end
    local req = r.request
    asked[#asked + 1] = req
    local q, a = answers[req.kind], nil
    if type(q) == "table" and #q > 0 then a = table.remove(q, 1)
    elseif type(q) == "string" then a = q
    elseif req.kind == "pursuit" and contains(req.options, "stop") then a = "stop"
    else a = req.options[1] end
    r = g:answer(a)
  end
  r.asked = asked
  return r
end

local function play(g, side, line, answers) return answer_all(g, g:act(side, line), answers) end

local function to_phase(g, name, answers)
  for _ = 1, 30 do
    if g:phase_info().name == name then return end
    done(play(g, g:acting_side(), "end", answers), "end of " .. g:phase_info().name)
  end
  error("phase " .. name .. " not reached")
end

local function purposes(r)
  local out = {}
  for i, x in ipairs(r.rolls or {}) do out[i] = x.purpose end
  return out
end

local function asked(r, kind)
  local out = {}
  for _, q in ipairs(r.asked or {}) do if q.kind == kind then out[#out + 1] = q end end
  return out
end

local function notes(r)
  local out = {}
  for _, ev in ipairs(r.events or {}) do out[#out + 1] = tostring(ev) end
  return table.concat(out, "\n")
end

return { setup = setup, U = U, contains = contains, answer_all = answer_all, play = play,
         to_phase = to_phase, purposes = purposes, asked = asked, notes = notes }
