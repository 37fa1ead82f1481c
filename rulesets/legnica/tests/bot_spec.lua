-- The Legnica rules bot (bot.lua): what it proposes and answers in small
-- situations, on the rules test field (village 0505, odd columns lower)
-- or on the Legnica map (Legnickie Pole, village 2419, on the road from
-- 2318).  PL is player A here.
local H = loadfile(bitwa.home .. "/rulesets/legnica/tests/lib/lg.lua", "t", _ENV)()
local setup, U, to_phase = H.setup, H.U, H.to_phase
local botmod = require "engine.bot"

local function bot(side_index) return botmod.make("rules", 1, side_index) end
local function pl(units, extra)
  extra = extra or {}
  extra.first = "PL"
  return setup(units, extra)
end

-- what the bot module's function f returns on the game's position
local function ask(g, f)
  return g:query(function() return f(g.rs.api, g.rs.modules) end)
end

test("4.2.9 / bot: a road spares only CF 1 cavalry from the village's scatter", function()
  local function spoils(cf)
    local g = pl({ U("C", "PL", "cavalry", "2318", "SE", { cf = cf }), U("E", "MO", "horse_archers", "3028", "N") },
                 { map = "legnica" })
    return ask(g, function(api, R)
      return R.bot.spoils(api.unit("C"), api.hex.parse("2318"), api.hex.parse("2419"))
    end)
  end
  eq(spoils(2), true, "CF 2 along the road into Legnickie Pole: 1 SP and a scatter (4.2.5, 4.2.9)")
  eq(spoils(1), false, "CF 1 along the road: spared (4.2.9)")
  eq(spoils(0), false, "CF 0: no charge, no scatter")
end)

test("5.6.12 / bot: a plan does not end where the moves it then owes ride into the village", function()
  -- K at 0502 facing S: 0503, 0504, then the village 0505 on its way to E
  local g = pl { U("K", "PL", "cavalry", "0502", "S"), U("E", "MO", "horse_archers", "0509", "N", { mp = 0 }) }
  local ends = function(cf)
    return ask(g, function(api, R)
      local s = R.movement.planned(api.unit("K"))
      s.hex, s.cf = api.hex.parse("0504"), cf
      return R.bot.plan_ends("PL", api.unit("K"), s)
    end)
  end
  eq(ends(2), false, "at 0504 with CF 2 it would owe the move into 0505")
  eq(ends(0), true, "CF 0 owes nothing")
  local l = bot(1).propose(g, "PL", {})
  ok(l ~= "move K 0504 S" and not (l or ""):match("^move K 0505"), "no path into the village's reach: " .. tostring(l))
  -- K charging (CF 3) at 0503: it owes 0504, then 0505; it turns now,
  -- while it has the MP for the turn
  g = pl { U("K", "PL", "cavalry", "0503", "S", { cf = 3 }), U("E", "MO", "horse_archers", "0509", "N", { mp = 0 }) }
  l = bot(1).propose(g, "PL", {})
  ok((l or ""):match("^turn K "), tostring(l))
end)

test("8.2.8 / bot: a leader alone with no troops of his own joins another's unit out of contact, at once where no countercharge meets him", function()
  local g = pl { U("L", "PL", "leader", "0802", "S", { range = 2 }),
                 U("F", "PL", "infantry", "0806", "S", { leader = "X", mp = 0 }),
                 U("E", "MO", "horse_archers", "1308", "NW", { mp = 0 }) }
  -- at once, in the cavalry movement phase, where no enemy cavalry can
  -- countercharge him on the way (it would be fought against him alone,
  -- 5.7.3, 8.2.9)
  local l = bot(1).propose(g, "PL", {})
  ok((l or ""):match("^move L 0806 "), "A.cavalry_move: " .. tostring(l))
  -- E two hexes from F's hex: in the cavalry phase he waits, in the
  -- infantry one (no countercharge) he goes
  g = pl { U("L", "PL", "leader", "0802", "S", { range = 2 }),
           U("F", "PL", "infantry", "0806", "S", { leader = "X", mp = 0 }),
           U("E", "MO", "horse_archers", "1006", "NW", { mp = 0 }) }
  eq(bot(1).propose(g, "PL", {}), "end", "A.cavalry_move: he waits")
  to_phase(g, "A.infantry_move")
  l = bot(1).propose(g, "PL", {})
  ok((l or ""):match("^move L 0806 "), tostring(l))
end)

test("8.2.8 / bot: a leader alone with no unit of his side to reach keeps away from the enemy cavalry", function()
  local g = pl { U("L", "PL", "leader", "0808", "S", { range = 2 }),
                 U("E", "MO", "horse_archers", "0812", "N", { mp = 0 }) }
  to_phase(g, "A.infantry_move")
  local l = bot(1).propose(g, "PL", {})
  local to = (l or ""):match("^move L (%d+) ")
  ok(to, tostring(l))
  local d0, d1 = ask(g, function(api)
    return api.hex.distance(api.hex.parse("0808"), api.hex.parse("0812")),
           api.hex.distance(api.hex.parse(to), api.hex.parse("0812"))
  end)
  ok(d1 > d0 and d1 > 9, string.format("from %d to %d hexes", d0, d1))
end)

test("8.2.6 / bot: a leader retreating on his own goes onto his side's units", function()
  local g = pl { U("D", "PL", "cavalry", "0406", "N"), U("E", "MO", "horse_archers", "0409", "N") }
  local req = { side = "PL", kind = "retreat", options = { "0404", "0406" },
                prompt = "L retreats 1 of 2 hexes from 0405 on his own (=8.2.6)" }
  eq(bot(1).answer(g, req), "0406", "D's hex, though nearer E")
end)

test("8.2.8 / bot: a unit that can reach a lone enemy leader rides into his hex", function()
  local g = pl { U("K", "PL", "cavalry", "0808", "N"), U("B", "MO", "leader", "0804", "S", { range = 2 }),
                 U("E", "MO", "horse_archers", "1514", "N", { mp = 0 }) }
  local l = bot(1).propose(g, "PL", {})
  ok((l or ""):match("^move K 0804"), tostring(l))
end)

test("bot: no cavalry held in reserve (the Ordu is the book's reserve): the farthest of four closes in as the others", function()
  -- the Grunwald bot's position (bot_spec: the reserve): K4, one of four
  -- 1-SP units and the farthest from E, is asked first and moves
  local g = pl { U("K4", "PL", "cavalry", "1102", "S", { sp = 1 }), U("K1", "PL", "cavalry", "1108", "S", { sp = 1 }),
                 U("K2", "PL", "cavalry", "1008", "S", { sp = 1 }), U("K3", "PL", "cavalry", "1208", "S", { sp = 1 }),
                 U("E", "MO", "cavalry", "1112", "N", { sp = 1, mp = 0 }) }
  eq(ask(g, function(api, R) return R.bot.reserve("PL", { side = "PL" }) end), nil)
  local l = bot(1).propose(g, "PL", {})
  ok((l or ""):match("^move K4 "), tostring(l))
end)

test("4.2.5 / 5.7 / bot: no countercharge into the village with a CF above 0, nor by a leader's last unit", function()
  -- P at 0504 facing S (frontal hex: the village 0505); M moves to 0606,
  -- next to 0505
  local function answer(cf, leader)
    local g = pl { U("P", "PL", "cavalry", "0504", "S", { cf = cf, armour = 2 }),
                   U("M", "MO", "horse_archers", "0606", "N", { sp = 1 }),
                   leader and U("L", "PL", "leader", "0504", "S", { range = 2 }) or nil }
    return bot(1).answer(g, { side = "PL", kind = "reaction", options = { "countercharge P M", "pass" },
                              prompt = "M moves" })
  end
  eq(answer(2), "pass", "CF 2: it would lose 1 SP and scatter (4.2.5)")
  eq(answer(0), "countercharge P M", "CF 0: no scatter, and 2 SP of armour 2 against 1")
  eq(answer(0, true), "pass", "8.2.8: P is the last unit on L's hex: it stays with him")
end)

test("scenario / bot: in the opening turns an outnumbered side's free units hold their ground", function()
  local data = { opening = { turns = 2, PL = { "Lf" }, MO = { "Mf" } } }
  local units = { U("Lf", "PL", "leader", "0803", "S", { range = 2 }), U("K", "PL", "cavalry", "0803", "S", { leader = "Lf" }),
                  U("Mf", "MO", "leader", "0810", "N", { range = 2 }) }
  for i = 1, 3 do units[#units + 1] = U("H" .. i, "MO", "horse_archers", "0" .. (7 + i) .. "10", "N", { leader = "Mf" }) end
  local g = pl(units, { data = data })
  local l = bot(1).propose(g, "PL", {})
  ok(not (l or ""):match("^move K"), "2 SP against 6: K holds (" .. tostring(l) .. ")")
  -- the same with the Poles' held unit free: 4 SP against 6, still
  -- outnumbered; with four free units of their own (8 SP) they advance
  for i = 1, 3 do units[#units + 1] = U("K" .. i, "PL", "cavalry", "0" .. (5 + i) .. "03", "S", { leader = "Lf" }) end
  g = pl(units, { data = data })
  l = bot(1).propose(g, "PL", {})
  ok((l or ""):match("^move K"), "8 SP against 6: " .. tostring(l))
end)

test("8.2.8 / bot: a leader's last unit does not ride off his hex", function()
  -- F alone with L on 0808; G shares 0810 with K: G may go, F may not
  local g = pl { U("L", "PL", "leader", "0808", "S", { range = 2 }), U("F", "PL", "cavalry", "0808", "S", { leader = "L" }),
                 U("G", "PL", "cavalry", "0810", "S", { leader = "L" }), U("K", "PL", "cavalry", "0810", "S", { leader = "L" }),
                 U("M", "PL", "leader", "0810", "S", { range = 2 }),
                 U("E", "MO", "horse_archers", "0815", "N", { mp = 0 }) }
  local function barred(name, kind)
    return ask(g, function(api, R) return R.bot.barred("PL", api.unit(name), kind, {}) end)
  end
  eq(barred("F", "move"), true, "F is L's last unit: alone L dies when an enemy enters or attacks 0808")
  eq(barred("F", "turn"), false, "a turn keeps F on L's hex")
  eq(barred("G", "move"), false, "K stays with M")
  local l = bot(1).propose(g, "PL", {})
  ok(not (l or ""):match("^move F"), tostring(l))
end)

test("8.2.8 / bot: a leader on a stack likely to go moves onto a stack out of the first line", function()
  -- L on 0804 with A (1 SP) two hexes from E; B (2 SP) on 0801, five
  -- hexes from E
  local function line(a_sp, e_hex)
    local g = pl { U("L", "PL", "leader", "0804", "S", { range = 2 }),
                   U("A", "PL", "cavalry", "0804", "S", { leader = "L", sp = a_sp }),
                   U("B", "PL", "cavalry", "0801", "S", { leader = "L" }),
                   U("E", "MO", "horse_archers", e_hex, "N", { mp = 0 }) }
    to_phase(g, "A.infantry_move")
    return bot(1).propose(g, "PL", {})
  end
  local l = line(1, "0806")
  ok((l or ""):match("^move L 0801 "), "in the first line: " .. tostring(l))
  l = line(1, "0809")
  ok((l or ""):match("^move L 0801 "), "one unit of 1 SP within the cavalry's reach: " .. tostring(l))
  eq(line(2, "0809"), "end", "2 SP five hexes from the enemy: he stays")
  eq(ask(pl { U("X", "PL", "cavalry", "0101", "S") }, function(api, R)
    return { R.bot.shaky(2, 2), R.bot.shaky(2, 3), R.bot.shaky(1, 9), R.bot.shaky(1, 10) }
  end), { true, false, true, false }, "the first line is 2 hexes; one unit of 1 SP is shaky within 9")
end)

test("5.5.2 / 6.1.8 / bot: no closing in on an enemy whose retreat the obligatory pursuit follows into the village", function()
  -- E on 0504, the village 0505 behind it; K plans to end on 0503
  local function trap(k_cf, leader, e_hex, k_hex)
    local g = pl { U("K", "PL", "cavalry", "0501", "S"), U("E", "MO", "horse_archers", e_hex or "0504", "N", { mp = 0 }),
                   leader and U("L", "PL", "leader", k_hex or "0503", "S", { range = 2 }) or nil }
    return ask(g, function(api, R)
      local s = R.movement.planned(api.unit("K"))
      s.hex, s.cf = api.hex.parse(k_hex or "0503"), k_cf
      return R.bot.pursuit_trap("PL", s)
    end)
  end
  eq(trap(2), true, "no leader within 5 hexes: the pursuit is obligatory (5.5.2) and enters 0504, then 0505")
  eq(trap(0), false, "CF 0: cavalry enters the village without a scatter")
  eq(trap(2, true), false, "a leader on K's hex: not obligatory (6.1.8, 5.5.3)")
  eq(trap(2, false, "1003", "1002"), false, "no forest, village or swamp within 2 hexes of E beyond it")
  -- the bot's own move: K charges toward E and stops short of it
  local g = pl { U("K", "PL", "cavalry", "0501", "S"), U("E", "MO", "horse_archers", "0504", "N", { mp = 0 }) }
  local l = bot(1).propose(g, "PL", {})
  eq(l, "end", "K does not ride next to E")
  g = pl { U("K", "PL", "cavalry", "1001", "S"), U("E", "MO", "horse_archers", "1004", "N", { mp = 0 }) }
  l = bot(1).propose(g, "PL", {})
  ok((l or ""):match("^move K"), "no trap by 1004: " .. tostring(l))
end)

test("5.5.2 / 5.7 / bot: no countercharge whose obligatory pursuit follows the mover into the village", function()
  -- M stops on 0504 with the village 0505 behind it; P countercharges
  -- from 0502 into 0503.  Far from any village (1004, P on 1002) it goes.
  local function answer(p_hex, m_hex)
    local g = pl { U("P", "PL", "cavalry", p_hex, "S", { armour = 2 }),
                   U("M", "MO", "horse_archers", m_hex, "N", { sp = 1 }) }
    return bot(1).answer(g, { side = "PL", kind = "reaction", options = { "countercharge P M", "pass" },
                              prompt = "M moves" })
  end
  eq(answer("0502", "0504"), "pass", "no leader within 5 hexes: P would pursue into 0504, then 0505 (5.5.2, 4.2.5)")
  eq(answer("1002", "1004"), "countercharge P M", "no forest, village or swamp behind M")
end)

test("5.5.3 / 4.2.5 / bot: a leader 1-5 hexes off leaves the pursuit to the PURSUIT table's roll: a chance the bot does not take by the village", function()
  -- E on 0504, the village 0505 behind it; K plans to end on 0503; L, a PL
  -- leader, 2 hexes from 0503 (obligatory on 2 rolls in 6)
  local g = pl { U("K", "PL", "cavalry", "0501", "S"), U("E", "MO", "horse_archers", "0504", "N", { mp = 0 }),
                 U("L", "PL", "leader", "0501", "S", { range = 2 }) }
  eq(ask(g, function(api, R)
    local s = R.movement.planned(api.unit("K"))
    s.hex, s.cf = api.hex.parse("0503"), 2
    return { R.bot.pursuit_chance("PL", s.hex), R.bot.pursuit_trap("PL", s) }
  end), { 2, true })
end)

test("5.2.2 / 10.5 / bot: a unit whose mandatory attack would be below 1:1 rides out of contact before the attack phase", function()
  -- E, a horse archer (MO is player A), faces K across 0804-0805: K in
  -- its ZoC (3.2.1) makes it attack in the attack phase (5.2.2)
  local function line(k)
    local g = setup { U("E", "MO", "horse_archers", "0805", "N"), k }
    return g, bot(1).propose(g, "MO", {})
  end
  local g, l = line(U("K", "PL", "cavalry", "0804", "S", { armour = 2, mp = 0 }))
  eq(ask(g, function(api, R)
    return { R.bot.hopeless_contact("MO", api.unit("E")) ~= nil, R.combat.evaluate {
      attackers = { api.unit("E") }, defenders = { api.unit("K") } }.final < 4 }
  end), { true, true }, "2 SP of horse archers against 2 SP of armour 2: below 1:1")
  local to, f = (l or ""):match("^move E (%d+) (%a+)$")
  ok(to, "E rides off: " .. tostring(l))
  local d, df = ask(g, function(api)
    local h, k = api.hex.parse(to), api.hex.parse("0804")
    local ahead = api.hex.neighbour(h, api.hex.facing(f), true)
    return api.hex.distance(h, k), ahead and api.hex.distance(ahead, k)
  end)
  ok(d >= 2 and d <= 3, "to " .. tostring(to) .. ", " .. d .. " hexes from K")
  ok(df and df < d, "facing K: " .. tostring(l))
  -- against 1 SP of light infantry it fights at 2:1 or better: it stays
  g, l = line(U("I", "PL", "infantry", "0804", "S", { sp = 1, armour = 0, mp = 0 }))
  eq(ask(g, function(api, R) return R.bot.hopeless_contact("MO", api.unit("E")) end), nil)
  ok(not (l or ""):match("^move E"), tostring(l))
end)
