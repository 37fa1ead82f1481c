-- Musketry [12.0] and artillery fire [13.1] [13.2], with forced dice.
-- Map facts: movement_spec.lua (forest 0305-0306, village 0505, orchard
-- 0905, hill 1109-1110 at elevation 1).

local U = loadfile(bitwa.home .. "/rulesets/husaria/tests/lib/field.lua", "t", _ENV)().U
local function G(name, side, hex, facing, t)
  local u = U(name, side, "artillery", hex, facing, { gun = "heavy", mp = 2, morale = 6 })
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

local function setup(units, extra)
  extra = extra or {}
  units[#units + 1] = U("far", "SW", "infantry", "2015", "N", { sp = 1, mp = 4 })
  units[#units + 1] = U("farpl", "PL", "infantry", "0115", "N", { sp = 1, mp = 4 })
  return game { ruleset = "husaria", seed = 1, options = extra.options, deploy = "scenario",
    scenario = { map = "test-field", turns = 5, units = units, vars = { { "side.A", "PL" } } } }
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
    if a == nil then error("no answer for " .. k) end
    if type(a) == "number" then a = r.request.options[a] end
    r = g:answer(a)
  end
  return r
end
local function notes(r)
  local t = {}
  for _, e in ipairs(r.events or {}) do t[#t + 1] = tostring(e) end
  return table.concat(t, "\n")
end
local function has(r, text)
  ok(notes(r):find(text, 1, true), "'" .. text .. "' not in:\n" .. notes(r) .. " (" .. tostring(r.status) .. ": " .. tostring(r.message) .. ")")
end
local function to_attack(g) while g:phase_info().name ~= "A.attack" do done(g:act(g:acting_side(), "end")) end end

test("13.11, 13.21, 13.22, 12.4: a heavy gun fires in its artillery phase: 2 SP at distance 3, 2D6 = 8: -1 and a morale check", function()
  local g = setup({ G("gun", "PL", "0803", "S"), U("t", "SW", "infantry", "0806", "N") })
  eq(g:phase_info().name, "A.artillery")
  local r = act(g, "PL", "fire gun t", nil, { 8, 7 })
  has(r, "artillery gun at t, distance 3: 2D6 = 8: -1")
  has(r, "t passes its morale check (2D6 = 7, 12.4)")
  eq(g:unit_table("t").sp, 1)
  refused(g:act("PL", "fire gun t"), "13.16", "once a phase")
end)

test("12.4, T-HU-12: a -1 hit on a morale-7 unit: 2D6 = 8 disperses it, 7 does not (strictly higher)", function()
  local g = setup({ G("gun", "PL", "0803", "S"), U("t", "SW", "infantry", "0806", "N") })
  local r = act(g, "PL", "fire gun t", nil, { 8, 8 })
  has(r, "t fails its morale check (2D6 = 8 > 7, 12.4)")
  eq(g:unit_table("t").hex, nil)
  ok(g:unit_table("t").dispersed)
end)

test("13.11, 13.22: heavy range 4; light range 3 (option light_range 6); rolls below the first printed column do nothing", function()
  local g = setup({ G("gun", "PL", "0803", "S"), U("t", "SW", "infantry", "0808", "N"),
                    G("lt", "PL", "1203", "S", { gun = "light", sp = 1 }), U("u", "SW", "infantry", "1207", "N") })
  refused(g:act("PL", "fire gun t"), "13.11", "distance 5")
  refused(g:act("PL", "fire lt u"), "13.11", "light: distance 4")
  local g2 = setup({ G("lt", "PL", "1203", "S", { gun = "light", sp = 1 }), U("u", "SW", "infantry", "1207", "N") },
    { options = { light_range = 6 } })
  local r = act(g2, "PL", "fire lt u", nil, { 5 })
  has(r, "distance 4: 2D6 = 5: -")
end)

test("13.12, 13.13, T-HU-11: no line of sight through an orchard, any unit, or a hill between gun and target; from the hill, yes", function()
  local g = setup({ G("g1", "PL", "0903", "S"), U("t1", "SW", "infantry", "0907", "N"),
                    G("g2", "PL", "0403", "S"), U("own", "PL", "infantry", "0405", "N"), U("t2", "SW", "infantry", "0407", "N"),
                    G("g3", "PL", "1108", "S"), U("t3", "SW", "infantry", "1111", "N"),
                    G("g4", "PL", "1309", "S"), U("t4", "SW", "infantry", "1312", "N") })
  refused(g:act("PL", "fire g1 t1"), "13.12", "the orchard at 0905")
  refused(g:act("PL", "fire g2 t2"), "13.12", "a friendly unit at 0405")
  refused(g:act("PL", "fire g3 t3"), "13.12", "the hill 1109-1110 between two hexes at its foot")
  done((act(g, "PL", "fire g4 t4", nil, { 2 })), "clear ground")
  local g2 = setup({ G("g5", "PL", "1109", "S"), U("t5", "SW", "infantry", "1112", "N") })
  done((act(g2, "PL", "fire g5 t5", nil, { 2 })), "from the hill over its own slope")
end)

test("13.14, 13.15, T-HU-21: a gun with an enemy next to it at the phase's start fires only at that enemy, in its front zone", function()
  local g = setup({ G("gun", "PL", "0803", "S"), U("adj", "SW", "infantry", "0804", "N"), U("t", "SW", "infantry", "0806", "N"),
                    G("g2", "PL", "0403", "S"), U("behind", "SW", "infantry", "0402", "S"), U("t2", "SW", "infantry", "0405", "N") })
  refused(g:act("PL", "fire gun t"), "13.15")
  done((act(g, "PL", "fire gun adj", nil, { 2 })))
  refused(g:act("PL", "fire g2 t2"), "13.15", "its neighbour is behind it")
  refused(g:act("PL", "fire g2 behind"), "13.15", "not in its front zone")
end)

test("13.16, 13.22: guns firing together sum their SP up to 3, at one target", function()
  local g = setup({ G("a", "PL", "0803", "S"), G("b", "PL", "0903", "S"), U("t", "SW", "infantry", "0806", "N") })
  local r = act(g, "PL", "fire a,b t", nil, { 7, 2 })
  -- heavy SP 3 at distance 3: 7 -> -1
  has(r, "artillery a, b at t, distance 3: 2D6 = 7: -1")
end)

test("13.17: a gun that fired in its artillery phase does not move in the movement phase", function()
  local g = setup({ G("gun", "PL", "0803", "S"), U("t", "SW", "infantry", "0806", "N") })
  act(g, "PL", "fire gun t", nil, { 2 })
  done(g:act("PL", "end"))
  eq(g:phase_info().name, "A.movement")
  refused(g:act("PL", "move gun"), "13.17")
end)

test("12.31, 13.22: a forest or village -2 and a wagon or fence -1 on the target modify the roll", function()
  local g = setup({ G("gun", "PL", "0502", "S"), U("t", "SW", "infantry", "0505", "N"),
                    G("g2", "PL", "0802", "S"), U("t2", "SW", "infantry", "0804", "N"), U("w", "SW", "wagon", "0804", nil, { sp = 0 }) })
  has(act(g, "PL", "fire gun t", nil, { 10, 2 }), "2D6 = 10 -2 (village -2): -1")
  local r = act(g, "PL", "fire g2 t2", nil, { 8, 2 })
  has(r, "2D6 = 8 -1 (wagon -1): -1")
end)

test("12.11, 12.12, 12.2, T-73: starred units fire in the attack phase at a unit in their front zone about to be attacked; strengths sum, at most 4", function()
  local g = setup({ U("m1", "PL", "infantry", "0804", "S", { stars = "full" }), U("m2", "PL", "infantry", "0704", "SE", { stars = "hollow", sp = 1 }),
                    U("m3", "PL", "infantry", "0904", "SW", { stars = "full", sp = 1 }), U("t", "SW", "infantry", "0805", "N"),
                    U("plain", "PL", "infantry", "0402", "S") })
  to_attack(g)
  refused(g:act("PL", "volley plain t"), "12.11", "no star")
  -- 2 + 1 + 1 = 4: the 4+ row; 2D6 = 10: R
  local r = act(g, "PL", "volley m1,m2,m3 t", nil, { 10 })
  has(r, "muskets m1, m2, m3 (strength 4) at t: 2D6 = 10: R")
  eq(g:unit_table("t").hex, nil)
end)

test("12.2: a full star fires once a stage, a hollow star twice", function()
  local g = setup({ U("m1", "PL", "infantry", "0804", "S", { stars = "full" }), U("m2", "PL", "infantry", "0704", "SE", { stars = "hollow" }),
                    U("t", "SW", "infantry", "0805", "N", { sp = 2, morale = 12 }) })
  to_attack(g)
  act(g, "PL", "volley m1 t", nil, { 2 })
  refused(g:act("PL", "volley m1 t"), "12.2")
  act(g, "PL", "volley m2 t", nil, { 2 })
  done((act(g, "PL", "volley m2 t", nil, { 2 })))
  refused(g:act("PL", "volley m2 t"), "12.2")
end)

test("3.1, 12.11: the defender may fire its muskets at an attacker before the battle", function()
  local g = setup({ U("a", "PL", "cavalry", "0804", "S"), U("d", "SW", "infantry", "0805", "N", { stars = "full" }) })
  to_attack(g)
  -- the cavalry table: strength 2, 2D6 = 12: R; the attacker is dispersed and the battle is not fought
  local r = act(g, "PL", "attack a d", { volley = { "a" } }, { 12 })
  has(r, "muskets d (strength 2) at a: 2D6 = 12: R")
  has(r, "the battle is not fought")
end)

test("11.19: a side that lost all its wagons fires neither muskets nor guns", function()
  local g = setup({ G("gun", "SW", "0807", "N"), U("t", "PL", "infantry", "0804", "S", { mp = 4 }), U("w", "SW", "wagon", "0805", nil, { sp = 0 }),
                    U("m", "SW", "infantry", "1006", "N", { stars = "full" }) })
  done(act(g, "PL", "move t"))
  done(g:act("PL", "end"))
  to_attack(g)
  done(g:act("PL", "end"))
  eq(g:phase_info().name, "B.artillery")
  refused(g:act("SW", "fire gun t"), "11.19")
end)

test("12.2, option musket_shots = 'phase': the stars count in each attack phase", function()
  local g = setup({ U("m1", "PL", "infantry", "0804", "S", { stars = "full" }), U("t", "SW", "infantry", "0805", "N", { sp = 2 }) },
    { options = { musket_shots = "phase" } })
  to_attack(g)
  act(g, "PL", "volley m1 t", nil, { 2 })
  eq(g:unit_table("m1").shots, 1)
  done(act(g, "PL", "attack m1 t", nil, { 6 }))
  done(g:act("PL", "end"))
  done(g:act("SW", "end"))
  eq(g:phase_info().name, "B.attack")
  eq(g:unit_table("m1").shots, 0, "counted again in SW's attack phase")
end)
