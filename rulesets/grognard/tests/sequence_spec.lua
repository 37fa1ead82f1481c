-- Turn Sequence (the Move/Counter Move System) and the scale of scale.lua.
local F = loadfile(bitwa.home .. "/rulesets/grognard/tests/lib/field.lua", "t", _ENV)()
local U = F.U

-- a game at its first turn's move phases: the first initiative (rolled at
-- the game's start, with the seed's dice) goes to whoever won, who moves
-- first
local function start()
  local g = game { ruleset = "grognard", seed = 1,
    scenario = { map = "proving-ground", turns = 3,
      units = { U("a", "A", "LI", "0505", "N"), U("b", "B", "HC", "0508", "N", { figures = 6 }) } } }
  done(g:answer("first"))
  return g
end

-- ends turn 1 with `dice` forced for turn 2's initiative
local function to_turn_2(g, dice)
  done(g:act(g:acting_side(), "end"))
  g.dice:force(dice)
  local r = g:act(g:acting_side(), "end")
  eq(r.status, "decision", "the next turn opens with the initiative decision")
  eq(g:turn(), 2)
end

test("Turn Sequence: Move/Counter Move 1, the higher initiative roll chooses to move first or last", function()
  local g = start()
  to_turn_2(g, { 2, 5 })
  local req = g:pending_request()
  ok(req, "the winner is asked")
  eq({ req.side, req.kind, req.options }, { "B", "initiative", { "first", "last" } })
  done(g:answer("last"))
  eq({ g:var("first"), g:var("last") }, { "A", "B" })
  eq(g:phase_info().name, "move.first")
  eq(g:acting_side(), "A")
  done(g:act("A", "end"))
  eq(g:phase_info().name, "move.last")
  eq(g:acting_side(), "B")
end)

test("Turn Sequence: initiative ties are rolled again; the winner may move first", function()
  local g = start()
  to_turn_2(g, { 3, 3, 1 })
  local req = g:pending_request()
  eq(req.side, "A")
  eq(g.dice:forced_left(), 0, "three dice rolled: B rolled the tie again")
  done(g:answer("first"))
  eq({ g:var("first"), g:var("last") }, { "A", "B" })
  eq(g:acting_side(), "A")
end)

test("Turn Sequence: the missile and melee phases are skipped when nobody can fire or fight", function()
  local g = start()
  eq(g:phase_info().name, "move.first")
  done(g:act(g:acting_side(), "end"))
  eq(g:phase_info().name, "move.last")
  eq(g:act(g:acting_side(), "end").status, "decision")
  -- no missile troops, nobody in contact: straight to the next turn's initiative
  eq(g:turn(), 2)
  ok(g:pending_request() and g:pending_request().kind == "initiative")
end)

test("Scale: T-85 the hex conversion at 3\"/hex with MP in half-inches; T-GG-14 facing costs", function()
  local g = start()
  g:query(function()
    local S, T = g.rs.rules.scale, g.rs.rules.tables
    eq(S.hex_mp(), 6)
    -- T-85: LC move 24" -> 8 hexes, charge 30" -> 10; longbow 21" -> 7, indirect (2/3) -> 4
    eq(S.hexes(T.movement.LC.move), 8)
    eq(S.hexes(T.movement.LC.charge), 10)
    eq(S.hexes(T.movement.longbowmen.range), 7)
    eq(S.reduced_hexes(T.movement.longbowmen.range, 2, 3), 4)
    -- a 20" range is 6 hexes (rounded down), a 15" bow 5
    eq(S.hexes(20), 6); eq(S.hexes(15), 5)
    -- T-85: HI (6" = 12 MP) turns 60 degrees for 1/3 move = 2" = 4 MP
    eq(S.mp(T.movement.HI.move), 12)
    eq(S.facing_mp(T.movement.HI.move, 1), 4)
    -- T-GG-14: LI (9" = 18 MP): 60 degrees 6 MP, elite 3, peasants 12; about face = the whole move
    eq(S.facing_mp(9, 1), 6); eq(S.facing_mp(9, 1, "elite"), 3); eq(S.facing_mp(9, 1, "peasants"), 12)
    eq(S.facing_mp(9, 3), 18); eq(S.facing_mp(9, 5), 6, "five hexsides right = one left")
    -- retreat distances, rounded up: HI 1/2 move (3") 1 hex, LI 1 1/2 moves (13.5") 5 hexes
    eq(S.move_hexes(6, 1, 2), 1); eq(S.move_hexes(9, 3, 2), 5); eq(S.move_hexes(24, 1, 1), 8)
    -- the front rank and the two firing ranks of a counter
    eq({ S.front("infantry", 16), S.front("infantry", 2), S.front("cavalry", 6) }, { 4, 2, 3 })
    eq({ S.in_ranks("infantry", 16, 2), S.in_ranks("infantry", 5, 2), S.in_ranks("cavalry", 6, 2) }, { 8, 5, 6 })
    -- half a move: 9 MP of an LI's 18 is half, 10 is more
    ok(S.within_half(9, 9)); ok(not S.within_half(10, 9))
  end)
end)
