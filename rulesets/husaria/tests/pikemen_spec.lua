-- Pikemen [15.0], with forced dice.
local function U(name, side, kind, hex, facing, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = facing, sp = 2, mp = 4, morale = 7 }
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end
local function setup(units, stock)
  units[#units + 1] = U("far", "SW", "infantry", "2015", "N", { sp = 1 })
  units[#units + 1] = U("farpl", "PL", "infantry", "0115", "N", { sp = 1 })
  return game { ruleset = "husaria", seed = 1, deploy = "scenario",
    scenario = { map = "test-field", turns = 5, units = units, data = { pike_mp = 3 },
                 vars = { { "side.A", "PL" }, { "pikes.stock.PL", stock or 2 }, { "pikes.stock.SW", 1 } } } }
end
local DEFAULT = { reaction = "pass", free_turn = 1, chase = "no", advance = "no", chase_step = "stop", retreat = 1, loss = 1, volley = "pass" }
local function act(g, side, line, answers, dice)
  answers = answers or {}
  if dice then g.dice:force(dice) end
  local r = g:act(side, line)
  while r.status == "decision" do
    local k = r.request.kind
    local list = answers[k]
    local a = (list and #list > 0) and table.remove(list, 1) or DEFAULT[k]
    if type(a) == "number" then a = r.request.options[a] end
    r = g:answer(a)
  end
  return r
end

test("15.11, 15.12, T-74: an infantry unit within command range takes a pike formation, once a stage, from the side's tokens", function()
  local g = setup({ U("i", "PL", "infantry", "0805", "S"), U("j", "PL", "infantry", "0405", "S"),
                    U("ch", "PL", "commander", "0802", "S", { command = 1, sp = 0 }), U("c", "PL", "cavalry", "0902", "S", { mp = 8 }) })
  refused(g:act("PL", "pike c"), "15.12", "not infantry")
  refused(g:act("PL", "pike j"), "15.12", "0405 is 4 hexes from a +1 commander (range 3)")
  done(act(g, "PL", "pike i"))
  local u = g:unit_table("i")
  eq({ u.kind, u.mp, u.sp }, { "pikes", 3, 2 })
  eq(g:var("pikes.stock.PL"), 1)
  refused(g:act("PL", "pike j"), "15.12", "once a stage")
  local g2 = setup({ U("i", "PL", "infantry", "0805", "S"), U("ch", "PL", "commander", "0802", "S", { command = 1, sp = 0 }) }, 0)
  refused(g2:act("PL", "pike i"), "15.11")
end)

test("15.13, 15.14, 15.15: pikes move by the normal rules; own units do not pass through them; back to infantry for 1 MP", function()
  local g = setup({ U("i", "PL", "infantry", "0805", "S"), U("ch", "PL", "commander", "0805", "S", { command = 0, sp = 0 }),
                    U("k", "PL", "infantry", "0804", "S", { sp = 1 }) })
  done(act(g, "PL", "pike i"))
  refused(g:act("PL", "move k"), "15.14")
  done(act(g, "PL", "move i"))
  eq(g:unit_table("i").hex, "0806")
  eq(g:unit_table("i").mp_left, 4, "15.13: 3 MP as pikes, 1 spent")
  done(act(g, "PL", "pike i"))
  local u = g:unit_table("i")
  eq({ u.kind, u.mp, u.mp_left }, { "infantry", 4, 2 })
end)

test("15 C, T-HU-04: pikes forced to retreat are dispersed; after a loss the unit goes onto the track weakened", function()
  local g = setup({ U("c", "PL", "infantry", "0803", "S", { morale = 8 }), U("p", "SW", "infantry", "0805", "N", { morale = 6 }),
                    U("sc", "SW", "commander", "0807", "N", { command = 1, sp = 0 }) })
  -- SW forms pikes in its turn: play to B.movement
  for _ = 1, 2 do done(act(g, g:acting_side(), "end")) end
  eq(g:phase_info().name, "B.movement")
  done(act(g, "SW", "pike p"))
  for _ = 1, 2 do done(act(g, g:acting_side(), "end")) end
  eq(g:phase_info().name, "A.movement")
  done(act(g, "PL", "move c"))
  done(act(g, "PL", "end"))
  -- 1:1 +2 morale -1 the defending commander = 2:1; roll 5: B1: the pikes retreat and are dispersed
  local r = act(g, "PL", "attack c p", nil, { 5 })
  local u = g:unit_table("p")
  eq(u.hex, nil)
  ok(u.dispersed)
  eq({ u.kind, u.sp }, { "infantry", 2 })
  -- 1:1 -1 = 1:2, roll 2: B1-1: retreat and lose 1 SP: onto the track with 1 SP
  local g2 = setup({ U("c", "PL", "infantry", "0803", "S"), U("p", "SW", "infantry", "0805", "N"),
                     U("sc", "SW", "commander", "0807", "N", { command = 1, sp = 0 }) })
  for _ = 1, 2 do done(act(g2, g2:acting_side(), "end")) end
  done(act(g2, "SW", "pike p"))
  for _ = 1, 2 do done(act(g2, g2:acting_side(), "end")) end
  done(act(g2, "PL", "move c"))
  done(act(g2, "PL", "end"))
  act(g2, "PL", "attack c p", nil, { 2 })
  local v = g2:unit_table("p")
  eq({ v.hex, v.dispersed, v.kind, v.sp }, { nil, true, "infantry", 1 })
end)
