-- Turn Sequence: the Simultaneous Move System (option sequence =
-- "simultaneous", simultaneous.lua): written orders, sealed; one-half of
-- the move, unordered contact, "charge, if charged", the balance.
local F = loadfile(bitwa.home .. "/rulesets/grognard/tests/lib/field.lua", "t", _ENV)()
local U = F.U

-- a game at turn 1's orders phase (no initiative is rolled)
local function at_orders(units, options)
  options = options or {}
  options.sequence = "simultaneous"
  local g = game { ruleset = "grognard", seed = 1,
                   scenario = { map = "proving-ground", turns = 3, units = units, options = options } }
  eq(g:phase_info().name, "orders")
  return g
end

local function unit(g, n) return g:unit_table(n) end

local function noted(r, text)
  for _, e in ipairs(r.events) do
    if tostring(e.text or e.note or e):find(text, 1, true) then return true end
  end
  return false
end

test("Turn Sequence: the Simultaneous Move System 1-2, written orders sealed from the other side, one-half of the move each, then the balance", function()
  local g = at_orders { U("a", "A", "LI", "0502", "S"), U("b", "B", "LI", "0509", "N") }
  eq({ g:var("first"), g:var("last"), g.dice:count() }, { nil, nil, 0 }, "no initiative")
  -- one order a unit: LI moves 9" = 18 MP, 3 clear hexes
  done(g:act("A", "order a 0505 S"))
  refused(g:act("A", "order a 0504 S"), "Turn Sequence: the Simultaneous Move System", "has its order")
  refused(g:act("B", "order b 0505 N"), "Turn Sequence: the Simultaneous Move System", "cannot reach")
  eq(g:view_for("A"):unit_table("a").order, "move 0505 3", "A's own view: its order")
  eq({ g:view_for("B"):unit_table("a").order, unit(g, "a").hex }, { "", "0502" }, "sealed: B and the game do not see it")
  done(g:act("A", "end"))
  done(g:act("B", "order b 0506 N"))
  local r = g:act("B", "end")
  done(r)
  -- in turn, a step each while less than half the move is spent: a 0503, b 0508, a 0504, b 0507
  -- (12 MP each: 2 x 12 >= 18); no contact at 3 hexes; the balance: a 0505, b 0506
  eq({ unit(g, "a").hex, unit(g, "b").hex, unit(g, "a").facing, unit(g, "b").facing }, { "0505", "0506", "S", "N" })
  -- both moved 9" (more than may join a melee, T-GG-09): the missile and melee phases are skipped and
  -- turn 2 opens with the orders phase again, the orders cleared, no initiative rolled
  eq({ g:turn(), g:phase_info().name, unit(g, "a").order, unit(g, "b").order, g.dice:count() }, { 2, "orders", "", "", 0 })
end)

test("Turn Sequence: the Simultaneous Move System 2, unordered melee contact due to opponent movement stops both at the half move", function()
  local g = at_orders({ U("a", "A", "LI", "0502", "S"), U("b", "B", "LI", "0507", "N") }, { zoc = "none" })
  done(g:act("A", "order a 0505 S"))
  done(g:act("A", "end"))
  done(g:act("B", "order b 0504 N"))
  local r = g:act("B", "end")
  done(r)
  -- first half: a 0503, b 0506, a 0504, b 0505: next to each other with a hex of their orders left
  eq({ unit(g, "a").hex, unit(g, "b").hex }, { "0504", "0505" })
  ok(noted(r, "a stops at 0504 (unordered melee contact)"), "noted")
  ok(noted(r, "b stops at 0505 (unordered melee contact)"), "noted")
end)

test("Turn Sequence: the Simultaneous Move System, cavalry ordered to charge, if charged, meets the charge at the half move with half a charge", function()
  local g = at_orders({ U("hc", "A", "HC", "0502", "S", { figures = 6 }), U("hc2", "B", "HC", "0508", "N", { figures = 6 }) })
  refused(g:act("B", "cic hc2 hc"), "Turn Sequence: the Simultaneous Move System", "not a friendly unit")
  done(g:act("A", "order_charge hc hc2"))
  done(g:act("A", "end"))
  done(g:act("B", "cic hc2 hc2"))
  -- hc charges 18" (6 hexes): 3 in the first half (0503-0505); hc2 then charges it with half a charge
  -- (3 hexes at most): 0507, 0506, next to hc. Both charging: hc rolls first (+2, cavalry), then hc2 (+2)
  g.dice:force { 12, 12 }
  local r = g:act("B", "end")
  done(r)
  eq(g.dice:forced_left(), 0, "one pair of checks: hc's own arrival is met by hc2's charge")
  local a, b = unit(g, "hc"), unit(g, "hc2")
  eq({ a.hex, b.hex, a.charged, b.charged, b.charge_target, a.facing, b.facing }, { "0505", "0506", true, true, "hc", "S", "N" })
  ok(noted(r, "hc2 charges, if charged: hc charges hc2"), "noted")
  -- without the order hc2 stands and hc's charge arrives: hc2's check alone (HC charged by HC needs 5: 4 retreats)
  local g2 = at_orders({ U("hc", "A", "HC", "0502", "S", { figures = 6 }), U("hc2", "B", "HC", "0508", "N", { figures = 6 }) })
  done(g2:act("A", "order_charge hc hc2"))
  done(g2:act("A", "end"))
  g2.dice:force { 12 }
  done(g2:act("B", "end"))
  eq(g2.dice:forced_left(), 0)
  eq({ unit(g2, "hc").hex, unit(g2, "hc2").hex, unit(g2, "hc2").charged }, { "0507", "0508", false })
end)

test("Turn Sequence: the Simultaneous Move System, a charge whose target moves goes on from its half move, and misses a target that gets away", function()
  -- hc charges li at 0507 (4 hexes: 0503-0506); li is ordered two hexes away, to 0509
  local g = at_orders({ U("hc", "A", "HC", "0502", "S", { figures = 6 }), U("li", "B", "LI", "0507", "S") }, { zoc = "none" })
  done(g:act("A", "order_charge hc li"))
  done(g:act("A", "end"))
  done(g:act("B", "order li 0509 S"))
  -- first half: hc 0503, li 0508, hc 0504, li 0509, hc 0505 (3 of its 6 hexes); the balance from there:
  -- 0506, 0507, 0508, next to li: LI charged by HC rolls its check (12 stands)
  g.dice:force { 12 }
  done(g:act("B", "end"))
  eq({ unit(g, "hc").hex, unit(g, "li").hex, unit(g, "hc").charged, unit(g, "hc").facing, (g.dice:forced_left()) },
     { "0508", "0509", true, "S", 0 })
  eq(g:phase_info().name, "melee")
  -- ordered three hexes away (0510), li is still at 0509 when the balance is planned, then steps away
  -- after hc's first hex: hc ends its charge at 0508 with nobody next to it (no check, no melee)
  local g2 = at_orders({ U("hc", "A", "HC", "0502", "S", { figures = 6 }), U("li", "B", "LI", "0507", "S") }, { zoc = "none" })
  done(g2:act("A", "order_charge hc li"))
  done(g2:act("A", "end"))
  done(g2:act("B", "order li 0510 S"))
  done(g2:act("B", "end"))
  eq({ unit(g2, "hc").hex, unit(g2, "li").hex, g2:turn(), unit(g2, "hc").charged_last }, { "0508", "0510", 2, true })
end)

test("Turn Sequence: the Simultaneous Move System, Historical Options: Knights not ordered to charge roll to obey when the orders are carried out", function()
  local function field()
    local g = at_orders { U("li", "A", "LI", "0503", "S"), U("kn", "B", "HC", "0508", "N", { figures = 6, knight = true }) }
    done(g:act("A", "end"))
    return g
  end
  -- obedience 3: kn must charge li (0507-0504: 3 hexes in the first half, 1 in the balance); li's check, 12, stands
  local g = field()
  g.dice:force { 3, 12 }
  done(g:act("B", "end"))
  eq(g.dice:forced_left(), 0)
  eq({ unit(g, "kn").hex, unit(g, "kn").charged, unit(g, "kn").order, unit(g, "li").hex }, { "0504", true, "charge li", "0503" })
  -- a 6 holds them: kn stands (it has no order)
  local g2 = field()
  g2.dice:force { 6 }
  done(g2:act("B", "end"))
  eq(g2.dice:forced_left(), 0)
  eq({ unit(g2, "kn").hex, unit(g2, "kn").charged }, { "0508", false })
end)
