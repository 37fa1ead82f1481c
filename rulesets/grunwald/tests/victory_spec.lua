-- Victory (the scenarios' "Victory Conditions", L1270-1300, L1366-1382):
-- VP per kind of unit killed, leaders killed and banners captured, the
-- victory scale and its boundaries (0 / 1-20 / 21-40 / 41-70 / 71-100 /
-- > 100), the automatic victory at the end of a turn (A-079) and the end
-- of the game on points.  On the rules test field (20 x 15 hexes).

local VICTORY = {
  leader = 16, banner = 10,
  cavalry = 4, horse_archers = 4, crossbowmen = 3, archers = 2, infantry = 1, bombards = 1,
  scale = { { 0, "draw" }, { 20, "tiny victory" }, { 40, "small victory" }, { 70, "considerable victory" },
            { 100, "great victory" }, { math.maxinteger, "overwhelming victory" } },
}

local function U(name, side, kind, hex, t)
  local u = { name = name, side = side, kind = kind, hex = hex, facing = hex and (side == "PL" and "N" or "S") or nil,
              sp = 2, mp = 6 }
  if kind == "leader" then u.sp, u.mp, u.range = 0, 10, 2 end
  if kind == "banner" then u.sp, u.mp = 0, 0 end
  for k, v in pairs(t or {}) do u[k] = v end
  return u
end

-- a leader and a cavalry unit a side, far apart, plus `extra`
local function setup(extra, opts)
  opts = opts or {}
  local units = {
    U("PL-L", "PL", "leader", "0212"), U("PL-C", "PL", "cavalry", "0212"),
    U("TO-L", "TO", "leader", "1903"), U("TO-C", "TO", "cavalry", "1903"),
  }
  for _, u in ipairs(extra or {}) do units[#units + 1] = u end
  local victory = VICTORY
  if opts.victory == false then victory = nil end
  return game { ruleset = "grunwald", seed = 1,
    scenario = { map = "test-field", turns = opts.turns or 4, units = units, victory = victory,
                 reinforcements = opts.reinforcements,
                 vars = { { "side.A", "PL" }, { "side.B", "TO" }, { "morale", 0 } } } }
end

-- Run f(rules, bitwa) as an action of its own (it may change the state).
local function run(g, f)
  local out
  local r = g:_start({ n = g.n + 1, side = "", line = "test", turn = g:turn(), phase = "" },
                     function() out = f(g.rs.rules, g.rs.api) end)
  done(r, "rule code")
  return out
end
local function Q(g, f) return g:query(function() return f(g.rs.rules, g.rs.api) end) end
local function vp(g) return { PL = g:var("vp.PL") or 0, TO = g:var("vp.TO") or 0 } end

local function end_turn(g)
  local t = g:turn()
  for _ = 1, 20 do
    if g:is_over() or g:turn() ~= t then return end
    done(g:act(g:acting_side(), "end"), "end of " .. g:phase_info().name)
  end
end

------------------------------------------------------------ victory points

test("vp-a: VP for each kind of enemy unit killed (4 / 3 / 2 / 1)", function()
  local kinds = { cavalry = 4, horse_archers = 4, crossbowmen = 3, archers = 2, infantry = 1, bombards = 1 }
  for kind, n in pairs(kinds) do
    local g = setup { U("x", "TO", kind, "1005", { sp = 1 }) }
    run(g, function(R, B) R.victory.on_elimination(B.unit("x"), { by = "PL" }) end)
    eq(vp(g), { PL = n, TO = 0 }, kind)
  end
end)

test("vp-b: the scenario's table gives the values; without one, the book's", function()
  local g = setup({ U("x", "TO", "cavalry", "1005") }, { victory = false })
  run(g, function(R, B) R.victory.on_elimination(B.unit("x"), { by = "PL" }) end)
  eq(vp(g).PL, 4, "the book's value")
  eq(Q(g, function(R) return R.victory.level(21) end), "small victory")
end)

test("vp-c: no VP for a unit lost to its own side or to nobody; leaders and banners score apart", function()
  local g = setup { U("x", "TO", "cavalry", "1005"), U("y", "TO", "cavalry", "1006") }
  run(g, function(R, B)
    R.victory.on_elimination(B.unit("x"), { by = "TO" })
    R.victory.on_elimination(B.unit("y"), {})
    R.victory.on_elimination(B.unit("TO-L"), { by = "PL" })
  end)
  eq(vp(g), { PL = 0, TO = 0 })
end)

test("vp-d: an elimination through units.eliminate reaches the VP (cause.by = the enemy)", function()
  local g = setup { U("x", "TO", "infantry", "1005", { sp = 1 }), U("y", "PL", "crossbowmen", "0510", { sp = 1 }) }
  run(g, function(R, B)
    R.units.eliminate(B.unit("x"), { by = "PL", rule = "test" })
    R.units.eliminate(B.unit("y"), { by = "TO", rule = "test" })
  end)
  eq(vp(g), { PL = 1, TO = 3 })
  eq(g:unit_table("x"), nil, "x is gone")
end)

test("vp-e: a leader killed is worth 16 VP, the grand leader too", function()
  local g = setup { U("TO-G", "TO", "leader", "1506", { grand = true, range = 3 }) }
  run(g, function(R, B)
    R.victory.on_leader_killed(B.unit("TO-L"), "PL")
    R.victory.on_leader_killed(B.unit("TO-G"), "PL")
    R.victory.on_leader_killed(B.unit("PL-L"), "PL")       -- not by the enemy: nothing
  end)
  eq(vp(g), { PL = 32, TO = 0 })
end)

test("vp-f: a banner captured is worth 10 VP once; retaken, the captor loses them; taken again, scores again", function()
  local g = setup { U("TO-B", "TO", "banner", "1903", { holder = "TO-C" }) }
  run(g, function(R, B) R.victory.on_banner_captured(B.unit("TO-B"), "PL") end)
  eq(vp(g), { PL = 10, TO = 0 }, "captured")
  run(g, function(R, B) R.victory.on_banner_captured(B.unit("TO-B"), "PL") end)
  eq(vp(g), { PL = 10, TO = 0 }, "once per banner")
  run(g, function(R, B) R.victory.on_banner_captured(B.unit("TO-B"), "TO") end)
  eq(vp(g), { PL = 0, TO = 0 }, "retaken by its own side")
  run(g, function(R, B) R.victory.on_banner_captured(B.unit("TO-B"), "TO") end)
  eq(vp(g), { PL = 0, TO = 0 }, "its own side never scores")
  run(g, function(R, B) R.victory.on_banner_captured(B.unit("TO-B"), "PL") end)
  eq(vp(g), { PL = 10, TO = 0 }, "captured again")
end)

------------------------------------------------------------ the scale

test("scale-a: the boundaries 0 / 1 / 20 / 21 / 40 / 41 / 70 / 71 / 100 / 101", function()
  local g = setup()
  local want = { [0] = "draw", [1] = "tiny victory", [20] = "tiny victory", [21] = "small victory",
                 [40] = "small victory", [41] = "considerable victory", [70] = "considerable victory",
                 [71] = "great victory", [100] = "great victory", [101] = "overwhelming victory",
                 [1000] = "overwhelming victory" }
  for diff, level in pairs(want) do
    eq(Q(g, function(R) return R.victory.level(diff) end), level, "difference " .. diff)
  end
end)

test("scale-b: the game's end reads the VP difference on the scale, either way", function()
  local cases = {
    { 0, 0, "", "draw" }, { 17, 17, "", "draw" },
    { 1, 0, "PL", "tiny victory" }, { 20, 0, "PL", "tiny victory" }, { 21, 0, "PL", "small victory" },
    { 40, 0, "PL", "small victory" }, { 41, 0, "PL", "considerable victory" },
    { 0, 70, "TO", "considerable victory" }, { 0, 71, "TO", "great victory" },
    { 10, 110, "TO", "great victory" }, { 0, 101, "TO", "overwhelming victory" },
    { 136, 4, "PL", "overwhelming victory" },
  }
  for _, c in ipairs(cases) do
    local g = setup()
    run(g, function(R, B)
      B.set_var("vp.PL", c[1]); B.set_var("vp.TO", c[2])
      R.victory.game_end()
    end)
    local r = g:result()
    eq({ r.winner, r.level, r.vp.PL, r.vp.TO }, { c[3], c[4], c[1], c[2] }, c[1] .. ":" .. c[2])
  end
end)

test("scale-c: after the last turn the game ends on points", function()
  local g = setup({ U("x", "TO", "archers", "1005", { sp = 1 }) }, { turns = 1 })
  run(g, function(R, B) R.victory.on_elimination(B.unit("x"), { by = "PL" }) end)
  end_turn(g)
  ok(g:is_over(), "the game is over")
  eq(g:result(), { winner = "PL", level = "tiny victory", reason = "PL 2 VP, TO 0 VP", vp = { PL = 2, TO = 0 } })
end)

------------------------------------------------------------ automatic victory

test("auto-a: all enemy leaders killed: automatic victory at the end of the turn (A-079)", function()
  local g = setup()
  run(g, function(R, B)
    local l = B.unit("TO-L")
    R.victory.on_leader_killed(l, "PL")
    B.remove(l)
  end)
  ok(not g:is_over(), "not before the end of the turn")
  done(g:act("PL", "end"))
  ok(not g:is_over(), "not in the turn's phases")
  end_turn(g)
  ok(g:is_over(), "at the end of the turn")
  local r = g:result()
  eq({ r.winner, r.level, r.vp.PL, r.vp.TO }, { "PL", "automatic victory", 16, 0 })
end)

test("auto-b: a leader who left the map has escaped; one still to arrive has not", function()
  local g = setup({ U("TO-R", "TO", "leader") },
                  { reinforcements = { { turn = 3, side = "TO", at = { "1001" }, units = { "TO-R" } } } })
  run(g, function(R, B)
    local l = B.unit("TO-L")
    l.hex = nil
    l.off_map = 1
    R.victory.end_of_turn()
  end)
  ok(not g:is_over(), "TO-R is still to come")
  run(g, function(R, B)
    B.remove(B.unit("TO-R"))
    R.victory.end_of_turn()
  end)
  ok(g:is_over(), "no TO leader left")
  eq(g:result().winner, "PL")
  eq(g:result().level, "automatic victory")
end)

test("auto-c: one leader left is enough; the Order wins as well", function()
  local g = setup { U("PL-L2", "PL", "leader", "0513") }
  run(g, function(R, B) B.remove(B.unit("PL-L")); R.victory.end_of_turn() end)
  ok(not g:is_over(), "PL-L2 still commands")
  run(g, function(R, B)
    R.victory.on_leader_killed(B.unit("PL-L2"), "TO")
    B.remove(B.unit("PL-L2"))
    R.victory.end_of_turn()
  end)
  eq(g:result().winner, "TO")
  eq(g:result().vp, { PL = 0, TO = 16 })
end)

test("auto-d: both sides without leaders at once: no automatic victory, the points decide", function()
  local g = setup()
  run(g, function(R, B)
    R.victory.on_leader_killed(B.unit("TO-L"), "PL")
    B.remove(B.unit("TO-L")); B.remove(B.unit("PL-L"))
    R.victory.end_of_turn()
  end)
  ok(g:is_over())
  local r = g:result()
  eq({ r.winner, r.level }, { "PL", "tiny victory" })
end)

test("auto-e: no automatic victory in a scenario without victory conditions", function()
  local g = setup({}, { victory = false })
  run(g, function(R, B) B.remove(B.unit("TO-L")); R.victory.end_of_turn() end)
  ok(not g:is_over())
end)
