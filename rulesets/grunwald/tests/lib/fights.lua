-- Helpers shared by the combat-chapter tests: games on the test field,
-- units, answering decisions, moving through phases.  Loaded by the specs
-- with loadfile(..., "t", _ENV) so that it sees the test functions.

local function setup(units, extra)
  extra = extra or {}
  local vars = { { "side.A", extra.first or "TO" } }
  for _, v in ipairs(extra.vars or {}) do vars[#vars + 1] = v end
  local options = { complementary = false }
  for k, v in pairs(extra.options or {}) do options[k] = v end
  return game { ruleset = "grunwald", overlays = extra.overlays, seed = 1, options = options,
    scenario = { map = "test-field", turns = extra.turns or 3, units = units, vars = vars, hooks = extra.hooks } }
end

local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 8, armour = 0, cf = 0 }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- answer every decision: answers[kind] is a list (used in order) or one
-- answer; otherwise "stop" for a pursuit, "march" for a panicked unit,
-- else the first option (a facing: keep it).
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

-- ends phases (answering what they ask) until phase `name` (of turn
-- `turn`, when given) is the current one
local function to_phase(g, name, answers, turn)
  for _ = 1, turn and 100 or 20 do
    if g:phase_info().name == name and (turn == nil or g:turn() == turn) then return end
    done(play(g, g:acting_side(), "end", answers), "end of " .. g:phase_info().name)
  end
  error("phase " .. name .. " not reached")
end

local function purposes(r)
  local out = {}
  for i, x in ipairs(r.rolls or {}) do out[i] = x.purpose end
  return out
end

-- the decisions of one kind asked in r
local function asked(r, kind)
  local out = {}
  for _, q in ipairs(r.asked or {}) do if q.kind == kind then out[#out + 1] = q end end
  return out
end

local function var(g, k) return g:var(k) end

return { setup = setup, U = U, contains = contains, answer_all = answer_all, play = play,
         to_phase = to_phase, purposes = purposes, asked = asked, var = var }
