-- The engine's fast paths give the same answers as the slow ones: the
-- incremental state hash equals its recomputation from scratch, unit rows
-- equal the state after writes, rollbacks, clones, removals and changes
-- made to the state directly, and games of format 1 still verify.
local tmp = os.tmpname()
os.remove(tmp)
os.execute("mkdir -p " .. tmp)
local n = 0
local function tmpfile(name)
  n = n + 1
  return tmp .. "/" .. n .. "-" .. name
end

local runner = require "engine.runner"
local bot = require "engine.bot"

local function bots(seed) return { A = bot.random(seed, 1), B = bot.random(seed, 2) } end

-- Every live unit's fields as the rules read them, against the state.
local function rows_match(g)
  local bad = g:query(function()
    for _, u in ipairs(g.rs.api.units()) do
      for i, sl in ipairs(g.state:slots()) do
        local want = g.state:get(u.id, i)
        if u[sl.name] ~= want then
          return u.name .. "." .. sl.name .. ": " .. tostring(u[sl.name]) .. " ~= " .. tostring(want)
        end
      end
    end
    return nil
  end)
  return bad == nil, bad
end

test("state hash: the incremental hash equals a full recomputation after every action of random games", function()
  local checked = 0
  for seed = 1, 6 do
    local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = seed }
    eq(g.state:hash(), g.state:hash_full(), "after the setup")
    assert(runner.play(g, bots(seed), { on_action = function(gg, r)
      if gg.state:hash() ~= gg.state:hash_full() then
        error("seed " .. seed .. ", after " .. tostring(r.action and r.action.line) .. ": " ..
          gg.state:hash() .. " ~= " .. gg.state:hash_full())
      end
      checked = checked + 1
    end }))
    ok(g:is_over(), "the game ran to its end")
    eq(g.state:hash(), g.state:hash_full(), "at the end")
  end
  ok(checked > 100, "checked " .. checked .. " actions")
end)

test("state hash: refused actions and rollbacks leave the hash of the state before", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 3 }
  local before, sum = g:checksum(), g.state:hash()
  local r = g:act("A", "move R1 0909")          -- too far: refused after nothing or partial work
  eq(r.status, "refused")
  eq(g.state:hash(), sum)
  eq(g.state:hash(), g.state:hash_full())
  eq(g:checksum(), before)
  -- a clone has the same hash and goes its own way
  local c = g:clone()
  eq(c.state:hash(), sum)
  c.state:set_var("probe", 1)
  ok(c.state:hash() ~= sum)
  eq(c.state:hash(), c.state:hash_full())
  eq(g.state:hash(), sum)
  c.state:set_var("probe", nil)
  eq(c.state:hash(), sum, "removing the variable gives the hash back")
end)

test("state hash: independent of the order of changes and of string interning", function()
  local a, b = bitwa.state.new(), bitwa.state.new()
  for _, s in ipairs { a, b } do
    s:declare("name", "string", "")
    s:declare("hex", "hex", nil)
    s:declare("n", "int", 0)
  end
  local x, y = a:spawn(), b:spawn()
  a:spawn(); b:spawn()
  a:set(x, 1, "alpha"); a:set(2, 1, "beta")
  b:set(2, 1, "beta"); b:set(y, 1, "alpha")       -- interned in the other order
  a:set_var("k1", 5); a:set_var("k2", "s")
  b:set_var("k2", "s"); b:set_var("k1", 5)
  a:set(x, 3, 7); a:set(x, 3, 9)
  b:set(y, 3, 9)
  a:set(x, 2, bitwa.hex.parse("0101")); a:set(x, 2, nil)
  eq(a:hash(), b:hash())
  eq(a:hash(), a:hash_full())
  b:set(y, 3, 10)
  ok(a:hash() ~= b:hash(), "a different slot value, a different hash")
  b:set(y, 3, 9)
  a:remove(2)
  ok(a:hash() ~= b:hash(), "a removal changes the hash")
  eq(a:hash(), a:hash_full())
end)

test("format 2: a new game's log says format 2 and verifies; format 1 games still verify", function()
  for _, fmt in ipairs { 1, 2 } do
    local path = tmpfile("f" .. fmt .. ".bitwa")
    local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 5, log = path,
                                durability = "off", format = fmt ~= 2 and fmt or nil }
    assert(runner.play(g, bots(5)))
    local final = g:checksum()
    if fmt == 1 then
      eq(final, bitwa.util.hash(g.state:checksum() .. ":" .. g.dice:count()), "format 1's checksum")
    else
      eq(final, bitwa.util.hash(g.state:hash() .. ":" .. g.dice:count()), "format 2's checksum")
    end
    g:close()
    local log = assert(bitwa.log.open(path, true))
    eq(log:metas().format, "bitwa-game " .. fmt)
    log:close()
    local g2, rep = game_module.open(path, { readonly = true })
    assert(g2, rep)
    eq(rep.divergence, nil)
    eq(g2.format, fmt)
    eq(g2:checksum(), final)
    g2:close()
  end
  -- the two formats' checksums differ: a file is never misread as the other
  local g1 = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 5, format = 1 }
  local g2 = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 5 }
  ok(g1:checksum() ~= g2:checksum())
end)

test("format: a game of an unknown format is refused with a message naming it", function()
  local path = tmpfile("f9.bitwa")
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 5, log = path, durability = "off" }
  g:close()
  local log = assert(bitwa.log.open(path, false, "off"))
  log:set_meta("format", "bitwa-game 9")
  log:close()
  local g2, err = game_module.open(path, { readonly = true })
  eq(g2, nil)
  ok(err:find("bitwa-game 9", 1, true), err)
  ok(err:find("bitwa-game 1", 1, true) and err:find("bitwa-game 2", 1, true), err)
end)

test("unit rows: fields read through proxies equal the state after every action of random games", function()
  for seed = 1, 3 do
    local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = seed }
    local refusals = 0
    assert(runner.play(g, bots(seed), { on_action = function(gg, r)
      if r.status == "refused" then refusals = refusals + 1 end
      local same, why = rows_match(gg)
      if not same then error("seed " .. seed .. ": " .. why) end
    end }))
  end
end)

test("unit rows: a rollback restores the fields read; a clone reads its own state", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local api = g.rs.api
  local function field(gg, name, k) return gg:query(function() return api.unit(name)[k] end) end
  local hex0 = field(g, "R1", "hex").label
  -- an action that changes the unit and then fails is rolled back
  local r = g:_start({ n = g.n + 1, side = "A", line = "probe", turn = 1, phase = "A.move" }, function()
    local u = api.unit("R1")
    u.sp = 7
    u.hex = bitwa.hex.parse("0505")
    eq(u.sp, 7)
    eq(#api.units { hex = bitwa.hex.parse("0505") }, 1)
    api.refuse("0.0", "undo")
  end)
  eq(r.status, "refused")
  eq(field(g, "R1", "sp"), 2)
  eq(field(g, "R1", "hex").label, hex0)
  eq(g:query(function() return #api.units { hex = bitwa.hex.parse("0505") } end), 0, "the hex index is restored")
  eq(g:query(function() return api.units { hex = bitwa.hex.parse(hex0) }[1].name end), "R1")
  -- a clone
  local c = g:clone()
  c.state:set(c:find_unit("R1"), c.slot.sp, 5)
  eq(field(c, "R1", "sp"), 5)
  eq(field(g, "R1", "sp"), 2)
  -- a change made to the state directly is seen, by the fields and by the hex index
  g.state:set(g:find_unit("R1"), g.slot.sp, 3)
  eq(field(g, "R1", "sp"), 3)
  g.state:set(g:find_unit("R1"), g.slot.hex, bitwa.hex.parse("0707"))
  eq(g:query(function() return api.units { hex = bitwa.hex.parse("0707") }[1].name end), "R1")
  eq(g:query(function() return #api.units { hex = bitwa.hex.parse(hex0) } end), 0)
  g.state:set(g:find_unit("R1"), g.slot.hex, bitwa.hex.parse(hex0))
  -- a removed unit's fields are gone
  local id = g:find_unit("R1")
  local stale = g:query(function() return api.unit("R1") end)
  g:remove_unit(id)
  local read, err = pcall(function() return g:query(function() return stale.sp end) end)
  ok(not read and tostring(err):find("no entity", 1, true), "reading a removed unit: " .. tostring(err))
  eq(g:query(function() return api.unit("#" .. id) end), nil, "a removed unit is not found")
  local okr = pcall(function() return g:query(function() return api.units()[1].sp end) end)
  ok(okr)
  local same, why = rows_match(g)
  ok(same, why)
end)

test("unit rows: writing the value a unit has changes nothing (no event, the state's version and hash kept); other writes as before", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local api = g.rs.api
  local seen
  local r = g:_start({ n = g.n + 1, side = "A", line = "probe", turn = 1, phase = "A.move" }, function()
    local u = api.unit("R1")
    local v0, h0 = g.state:version(), g.state:hash()
    u.sp = u.sp                                   -- the same values: nothing happens
    u.hex = u.hex
    u.facing = u.facing
    seen = { g.state:version() == v0, g.state:hash() == h0, #g.state:events() }
    u.sp = 2.0                                    -- a float of the same value goes to the state, which keeps it
    seen[4] = g.state:version() == v0
    seen[5] = math.type(u.sp)
    u.sp = 1                                      -- a change is recorded as always
    seen[6] = #g.state:events()
    seen[7] = g.state:hash() == g.state:hash_full()
    local bad = pcall(function() u.sp = 1.5 end)  -- and a bad value is still refused by the state
    seen[8] = bad
    api.refuse("0.0", "undo")
  end)
  eq(r.status, "refused")
  eq(seen[1], true, "the version is kept")
  eq(seen[2], true, "the hash is kept")
  eq(seen[3], 0, "no event")
  eq(seen[4], true)
  eq(seen[5], "integer")
  eq(seen[6], 1, "one event for the change")
  eq(seen[7], true)
  eq(seen[8], false, "1.5 refused")
  eq(g:query(function() return api.unit("R1").sp end), 2, "rolled back")
  local same, why = rows_match(g)
  ok(same, why)
end)

-- A probe game and its memo probe `fname` (R.probes.memo_sp or
-- memo_pos: the answer and how many keys the memo holds), checked to
-- keep an answer while nothing changes and to add a second key.
local function memo_game(fname)
  local g = game_module.new { ruleset = "probe", scenario = "one", seed = 1 }
  local R = g.rs.rules
  local function memo(gg, name) return gg:query(function() return R.probes[fname](name) end) end
  local function sp(gg, v) gg.state:set(gg:find_unit("p1"), gg.slot.sp, v) end
  local v, made = memo(g, "p1")
  eq(v, 1); eq(made, 1)
  v, made = memo(g, "p1")
  eq(v, 1); eq(made, 1, "asked again with no change: the memo's answer")
  eq(select(2, memo(g, "p2")), 2, "another key is added to the same memo")
  return g, R, memo, sp
end

test("cache(\"units\"): kept while no unit changes; emptied by a unit's change, a rollback, a removal, another game", function()
  local g, R, memo, sp = memo_game("memo_sp")
  local v, made
  g.state:set_var("x", 1)
  eq(select(2, memo(g, "p1")), 2, "a variable set does not empty it")
  -- a unit's field changed, by an action or directly
  assert(g:act("A", "probe ok").status == "done")          -- p1.sp = 5
  v, made = memo(g, "p1")
  eq(v, 5); eq(made, 1, "emptied by the action's change")
  sp(g, 4)
  eq(memo(g, "p1"), 4, "emptied by a change made to the state directly")
  -- an action that changes p1 and is refused: rolled back, and so is the memo's answer
  eq(memo(g, "p1"), 4)
  local r = g:_start({ n = g.n + 1, side = "B", line = "probe", turn = 1, phase = "B.play" }, function()
    g.rs.api.unit("p1").sp = 9
    eq(R.probes.memo_sp("p1"), 9, "inside the action: the new SP")
    g.rs.api.refuse("0.0", "undo")
  end)
  eq(r.status, "refused", r.message)
  eq(memo(g, "p1"), 4, "after the rollback: the SP as it was")
  -- a clone and its game each see their own units
  local c = g:clone()
  sp(c, 3)
  eq(memo(c, "p1"), 3)
  eq(memo(g, "p1"), 4)
  eq(memo(c, "p1"), 3)
  -- a unit removed
  eq(memo(g, "p2"), 1)
  g:remove_unit(g:find_unit("p2"))
  eq(g:query(function() return pcall(R.probes.memo_sp, "p2") end), false, "p2 is asked again, and is gone")
  -- the memo is made while the module loads, as cache()
  ok(g.rs.caches ~= nil)
end)

test("cache(\"position\"): kept while nothing changes; emptied by a unit's or a variable's change, the map in play, a rollback, another game", function()
  local g, R, memo, sp = memo_game("memo_pos")
  local v, made
  -- a variable set: emptied (a units memo is not)
  eq(g:query(function() return select(2, R.probes.memo_sp("p1")) end), 1)
  g.state:set_var("bonus", 10)
  v, made = memo(g, "p1")
  eq(v, 11); eq(made, 1, "emptied by a variable set")
  eq(g:query(function() return select(2, R.probes.memo_sp("p1")) end), 1, "the units memo is kept")
  g.state:set_var("bonus", 10)
  eq(select(2, memo(g, "p1")), 1, "a variable set to the value it has changes nothing")
  eq(select(2, memo(g, "p2")), 2)
  -- a unit's field changed, by an action or directly
  assert(g:act("A", "probe ok").status == "done")          -- p1.sp = 5
  v, made = memo(g, "p1")
  eq(v, 15); eq(made, 1, "emptied by the action's change")
  sp(g, 4)
  eq(memo(g, "p1"), 14, "emptied by a change made to the state directly")
  -- the map in play (kept in variables)
  g:set_terrain(bitwa.hex.parse("0101"), "forest")
  eq(memo(g, "p1"), 114, "emptied by the map's change")
  g:set_terrain(bitwa.hex.parse("0101"), "clear")
  eq(memo(g, "p1"), 14)
  -- an action that sets a variable and is refused: rolled back, and so is the memo's answer
  local r = g:_start({ n = g.n + 1, side = "B", line = "probe", turn = 1, phase = "B.play" }, function()
    g.rs.api.set_var("bonus", 20)
    eq(R.probes.memo_pos("p1"), 24, "inside the action: the new variable")
    g.rs.api.refuse("0.0", "undo")
  end)
  eq(r.status, "refused", r.message)
  v, made = memo(g, "p1")
  eq(v, 14, "after the rollback: the variable as it was"); eq(made, 1)
  -- a clone and its game each see their own position
  local c = g:clone()
  c.state:set_var("bonus", 30)
  eq(memo(c, "p1"), 34)
  eq(memo(g, "p1"), 14)
  eq(memo(c, "p1"), 34)
  -- another game bound empties it, even an unchanged clone (the same version)
  eq(select(2, memo(g, "p1")), 1, "bound again after the clone: emptied")
  eq(select(2, memo(g, "p2")), 2)
  local c2 = g:clone()
  eq(select(2, memo(c2, "p1")), 1, "the clone starts from an empty memo")
  eq(select(2, memo(g, "p2")), 1, "and so does the game after it")
end)

test("unit names: the name index kept through spawns finds every unit, refuses a name taken, and follows removals", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local r1 = g:find_unit("R1")
  ok(r1, "R1 is found")
  local ids = {}
  for i = 1, 5 do
    ids[i] = g:spawn { name = "X" .. i, side = "A", kind = "infantry" }
    eq(g:find_unit("X" .. i), ids[i])
  end
  for i = 1, 5 do eq(g:find_unit("X" .. i), ids[i], "X" .. i .. " after every spawn") end
  eq(g:find_unit("R1"), r1)
  eq(g:find_unit("#" .. ids[3]), ids[3])
  local dup, err = pcall(g.spawn, g, { name = "X2", side = "A", kind = "infantry" })
  ok(not dup and tostring(err):find("exists", 1, true), "a name taken is refused: " .. tostring(err))
  local bad = pcall(g.spawn, g, { name = "Y", side = "A", kind = "infantry", nosuch = 1 })
  ok(not bad, "an unknown attribute is refused")
  g:remove_unit(ids[2])
  eq(g:find_unit("X2"), nil, "a removed unit is not found")
  eq(g:find_unit("X4"), ids[4])
  local z = g:spawn { name = "X2", side = "B", kind = "infantry" }
  eq(g:find_unit("X2"), z, "its name may be taken again")
end)

test("unit proxies: one per unit, equal and usable as keys", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local api = g.rs.api
  local same = g:query(function() return api.unit("R1") == api.units { side = "A" }[1] end)
  ok(same)
  local raw = g:query(function() return rawequal(api.unit("R2"), api.unit("R2")) end)
  ok(raw)
end)

test("unit proxies: keys of pairs in id order, whatever order they were made in; fields read after a rollback", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 2 }
  local api = g.rs.api
  local order = g:query(function()
    local all = api.units()
    local t = {}
    for i = #all, 1, -1 do t[api.unit(all[i].name)] = all[i].name end
    local out = {}
    for u, name in bitwa.sandbox.pairs(t) do out[#out + 1] = { u.id, name } end
    return out
  end)
  ok(#order > 2)
  for i = 2, #order do ok(order[i - 1][1] < order[i][1], "ids in order") end
  -- a row read before an action, changed in it and rolled back reads the old value
  local sp = g:query(function() return api.unit("R1").sp end)
  local r = g:_start({ n = g.n + 1, side = "A", line = "probe", turn = 1, phase = "A.move" }, function()
    local u = api.unit("R1")
    u.sp = sp + 4
    eq(u.sp, sp + 4)
    api.refuse("0.0", "undo")
  end)
  eq(r.status, "refused")
  eq(g:query(function() return api.unit("R1").sp end), sp)
  -- a clone bound in between reads its own rows; the game its own again
  local c = g:clone()
  c.state:set(c:find_unit("R1"), c.slot.sp, sp + 1)
  eq(c:query(function() return api.unit("R1").sp end), sp + 1)
  eq(g:query(function() return api.unit("R1").sp end), sp)
  eq(c:query(function() return api.unit("R1").sp end), sp + 1)
end)

test("bitwa.units{kind=, side=}: the per-kind and per-side lists follow changes of side and kind and their rollback", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local api = g.rs.api
  local function names(f)
    return g:query(function()
      local out = {}
      for _, u in ipairs(api.units(f)) do out[#out + 1] = u.name end
      return out
    end)
  end
  local function slow(f)
    return g:query(function()
      local out = {}
      for _, u in ipairs(api.units()) do
        if (f.side == nil or u.side == f.side) and (f.kind == nil or u.kind == f.kind) then out[#out + 1] = u.name end
      end
      return out
    end)
  end
  local filters = { { side = "A" }, { side = "B" }, { kind = "archers" }, { kind = "cavalry" },
                    { kind = "infantry", side = "B" }, { kind = "nothing" } }
  for _, f in ipairs(filters) do eq(names(f), slow(f)) end
  local before = names { side = "A" }
  local r = g:_start({ n = g.n + 1, side = "A", line = "probe", turn = 1, phase = "A.move" }, function()
    local u = api.unit("R1")
    u.side = "B"
    u.kind = "archers"
    for _, f in ipairs(filters) do eq(names(f), slow(f), "inside the action") end
    api.refuse("0.0", "undo")
  end)
  eq(r.status, "refused")
  eq(names { side = "A" }, before)
  for _, f in ipairs(filters) do eq(names(f), slow(f), "after the rollback") end
end)

test("bitwa.units{kind = {list}, on_map = true}: the units of any listed kind, those on a hex, as testing every unit says, through moves off the map and their rollback", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local api = g.rs.api
  local function names(f)
    return g:query(function()
      local out = {}
      for _, u in ipairs(api.units(f)) do out[#out + 1] = u.name end
      return out
    end)
  end
  local function slow(f)
    return g:query(function()
      local out = {}
      for _, u in ipairs(api.units()) do
        local kind_ok = f.kind == nil
        for _, k in ipairs(f.kind or {}) do if u.kind == k then kind_ok = true end end
        if kind_ok and (f.side == nil or u.side == f.side) and (not f.on_map or u.hex ~= nil) and
           (f.where == nil or f.where(u)) then
          out[#out + 1] = u.name
        end
      end
      return out
    end)
  end
  local filters = { { kind = { "archers", "cavalry" } }, { kind = { "infantry" }, side = "B" },
                    { kind = {}, side = "A" }, { on_map = true }, { on_map = true, side = "A" },
                    { kind = { "cavalry", "nothing" }, on_map = true },
                    { kind = { "archers", "infantry", "cavalry" }, on_map = true, where = function(u) return u.name ~= "B1" end } }
  for _, f in ipairs(filters) do eq(names(f), slow(f)) end
  ok(#names { on_map = true } > 0 and #names { kind = { "archers", "cavalry" } } > 0, "the filters list units")
  local r = g:_start({ n = g.n + 1, side = "A", line = "probe", turn = 1, phase = "A.move" }, function()
    api.unit("R1").hex = nil
    api.unit("B1").kind = "archers"
    for _, f in ipairs(filters) do eq(names(f), slow(f), "inside the action") end
    local listed = false
    for _, u in ipairs(api.units { on_map = true }) do if u.name == "R1" then listed = true end end
    ok(not listed, "a unit off the map is not on_map")
    api.refuse("0.0", "undo")
  end)
  eq(r.status, "refused")
  for _, f in ipairs(filters) do eq(names(f), slow(f), "after the rollback") end
  local okq, err = pcall(g.query, g, function() return api.units { kind = { "archers", 3 } } end)
  ok(not okq and tostring(err):find("a kind or a list of kinds", 1, true), tostring(err))
end)

test("unit cache: a unit removed in an action leaves the queries at once, and a rollback brings it back", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local api = g.rs.api
  local function names(f)
    return g:query(function()
      local out = {}
      for _, u in ipairs(api.units(f)) do out[#out + 1] = u.name end
      return out
    end)
  end
  local hex = g:query(function() return api.unit("R1").hex end)
  local all, side_a, here = names {}, names { side = "A" }, names { hex = hex }
  ok(#here > 0 and here[1] == "R1")
  local r = g:_start({ n = g.n + 1, side = "A", line = "probe", turn = 1, phase = "A.move" }, function()
    api.remove(api.unit("R1"))
    eq(api.unit("R1"), nil)
    for _, f in ipairs { {}, { side = "A" }, { hex = hex } } do
      for _, u in ipairs(api.units(f)) do ok(u.name ~= "R1", "removed unit listed") end
    end
    eq(#api.units {}, #all - 1)
    api.refuse("0.0", "undo")
  end)
  eq(r.status, "refused")
  eq(names {}, all)
  eq(names { side = "A" }, side_a)
  eq(names { hex = hex }, here)
  eq(g:query(function() return api.unit("R1").name end), "R1")
  -- removed for good: gone from every query
  g:remove_unit(g:find_unit("R1"))
  eq(#names {}, #all - 1)
  eq(#names { side = "A" }, #side_a - 1)
  local same, why = rows_match(g)
  ok(same, why)
end)

test("bitwa.units{near=, within=}: the units within n hexes of a hex, in id order, with the other filters", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local api = g.rs.api
  local function names(f)
    return g:query(function()
      local out = {}
      for _, u in ipairs(api.units(f)) do out[#out + 1] = u.name end
      return out
    end)
  end
  -- the same answer as testing every unit's distance
  for _, centre in ipairs { "0304", "0606", "0905", "1205" } do
    for within = 0, 5 do
      local want = g:query(function()
        local out = {}
        for _, u in ipairs(api.units()) do
          if u.hex and g.map:distance(u.hex, bitwa.hex.parse(centre)) <= within then out[#out + 1] = u.name end
        end
        return out
      end)
      eq(names { near = bitwa.hex.parse(centre), within = within }, want, centre .. " within " .. within)
    end
  end
  eq(names { near = bitwa.hex.parse("0304") }, { "R1" }, "within defaults to 0")
  eq(names { near = bitwa.hex.parse("0905"), within = 1, side = "B" }, { "B1" })
  eq(names { near = bitwa.hex.parse("0905"), within = 2, side = "B" }, { "B1", "B2", "B3" })
  eq(names { near = bitwa.hex.parse("0905"), within = 2, kind = "archers" }, { "B3" })
  eq(names { near = bitwa.hex.parse("0905"), within = 9, side = "A",
             where = function(u) return u.kind ~= "cavalry" end }, { "R1", "R3" })
  eq(names { hex = bitwa.hex.parse("0905"), near = bitwa.hex.parse("0804"), within = 2 }, { "B1" })
  eq(names { hex = bitwa.hex.parse("0905"), near = bitwa.hex.parse("0304"), within = 1 }, {})
  local okq, err = pcall(g.query, g, function() return api.units { near = bitwa.hex.parse("0304"), within = -1 } end)
  ok(not okq and tostring(err):find("within", 1, true), tostring(err))
end)

test("bitwa.heap: values come out by key, equal keys in the order pushed, as a stable sort says, pushes and pops mixed", function()
  local h = bitwa.heap.new()
  local model, pushed, popped = {}, 0, 0
  local x = 12345
  local function rnd(n) x = (x * 1103515245 + 12345) % 2147483648; return x % n end
  local function model_pop()
    local bi
    for i, m in ipairs(model) do
      if not bi or m.key < model[bi].key or (m.key == model[bi].key and m.n < model[bi].n) then bi = i end
    end
    return table.remove(model, bi)
  end
  for _ = 1, 5000 do
    if rnd(3) > 0 then
      pushed = pushed + 1
      local key = rnd(40) - 20
      h:push(key, { pushed })
      model[#model + 1] = { key = key, n = pushed }
    elseif #model > 0 then
      local v, key = h:pop()
      local m = model_pop()
      popped = popped + 1
      eq(v[1], m.n, "pop " .. popped .. ": the value")
      eq(key, m.key, "pop " .. popped .. ": the key")
    else
      eq(h:pop(), nil, "an empty heap pops nil")
    end
    eq(#h, #model, "its length")
  end
  while #model > 0 do
    local v = h:pop()
    eq(v[1], model_pop().n)
  end
  eq(h:pop(), nil)
  ok(pushed > 3000 and popped > 1000, pushed .. " pushes, " .. popped .. " pops")
  eq(getmetatable(h), "heap")
  ok(not pcall(h.push, h, 1.5, true), "a key that is not an integer is refused")
  ok(not pcall(h.push, h, 1, nil), "a nil value is refused")
  ok(not pcall(h.push, {}, 1, true), "push needs a heap")
end)

test("bitwa.heap: each push and pop is charged to the instruction budget of rule code", function()
  local sandbox = bitwa.sandbox
  local function used(f)
    local co = coroutine.create(f)
    sandbox.budget(10000000)
    local r = sandbox.resume(co)
    local left = sandbox.budget_left()
    sandbox.budget(0)
    eq(r, "done")
    return 10000000 - left
  end
  local N = 4096
  local with_heap = used(function()
    local h = bitwa.heap.new()
    for i = 1, N do h:push(N - i, i) end
    for _ = 1, N do h:pop() end
  end)
  local plain = used(function()
    local h = { push = function() end, pop = function() end }
    for i = 1, N do h:push(N - i, i) end
    for _ = 1, N do h:pop() end
  end)
  -- every push walks up to the root here (keys decrease): log2 levels each
  ok(with_heap - plain >= N * 10, "charged " .. (with_heap - plain) .. " for " .. N .. " pushes and pops")
end)

test("state journal: a rollback to the mark and a clone at the mark equal a copy taken at the mark, after random changes", function()
  local dice = bitwa.dice.new(7, 0)
  local function r(n) if n < 2 then return 1 end return (dice:roll(1, n, "test")) end
  for round = 1, 40 do
    local s = bitwa.state.new()
    s:declare("name", "string", "")
    s:declare("hex", "hex", nil)
    s:declare("n", "int", 0)
    s:declare("b", "bool", false)
    local function change()
      local k = r(6)
      local max = s:max_id()
      local id = max > 0 and r(max) or nil
      if k == 1 or not id then s:spawn()
      elseif k == 2 then if s:alive(id) then s:remove(id) end
      elseif k == 3 then if s:alive(id) then s:set(id, 1, "s" .. r(5)) end
      elseif k == 4 then if s:alive(id) then s:set(id, 2, r(2) == 1 and bitwa.hex.at(r(9), r(9)) or nil) end
      elseif k == 5 then if s:alive(id) then s:set(id, 3, r(4)); s:set(id, 4, r(2) == 1) end
      else
        local v = ({ nil, r(3), "v" .. r(3), true, bitwa.hex.at(1, r(3)) })[r(5)]
        s:set_var("k" .. r(6), v)
      end
    end
    for _ = 1, r(30) do change() end
    local copy = s:clone()
    local want = { s:checksum(), s:hash_full(), s:hash(), s:max_id(), #s:vars() }
    s:mark()
    for _ = 1, r(40) do change() end
    local at_mark = s:clone_at_mark()
    eq({ at_mark:checksum(), at_mark:hash_full(), at_mark:hash(), at_mark:max_id(), #at_mark:vars() }, want,
       "round " .. round .. ": the clone at the mark")
    eq(s:hash(), s:hash_full(), "round " .. round .. ": the changed state's hash")
    s:rollback()
    eq({ s:checksum(), s:hash_full(), s:hash(), s:max_id(), #s:vars() }, want, "round " .. round .. ": rolled back")
    eq(s:checksum(), copy:checksum())
    for id = 1, s:max_id() do
      eq(s:alive(id), copy:alive(id))
      if s:alive(id) then for i = 1, 4 do eq(s:get(id, i), copy:get(id, i)) end end
    end
    -- still marked: more changes roll back to the same mark
    for _ = 1, r(10) do change() end
    s:rollback()
    s:unmark()
    eq(s:checksum(), copy:checksum(), "round " .. round .. ": a second rollback")
    local okr = pcall(s.rollback, s)
    ok(not okr, "no rollback without a mark")
  end
end)

test("hexes: interned, so == is the kernel's own equality without a metamethod, across collections", function()
  local h = bitwa.hex.parse("0606")
  assert(rawequal(h, bitwa.hex.parse("0606")), "a label parsed twice is one value")
  assert(rawequal(h, bitwa.hex.at(6, 6)), "a hex made from its column and row is the same value")
  assert(h ~= bitwa.hex.parse("0607"), "two hexes differ")
  assert(h ~= "0606", "a hex is not its label")
  eq(getmetatable(h), "hex", "the metatable stays protected")
  -- hexes dropped and collected are made again; one kept stays the only one
  for i = 1, 200 do local _ = bitwa.hex.at(i % 40, i // 40) end
  collectgarbage("collect")
  assert(rawequal(h, bitwa.hex.parse("0606")), "after a collection")
  local t = { [h] = true }
  assert(t[bitwa.hex.parse("0606")], "a hex is its own key")
  -- ordering is unchanged (by column, then row)
  assert(bitwa.hex.parse("0506") < h and h <= bitwa.hex.parse("0606") and not (h < h), "hexes order by column, then row")
end)

test("snapshots: the same position with its strings interned otherwise is the same position; another value or dice are not", function()
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 1 }
  local bytes = g:snapshot_bytes()
  assert(g:same_position(bytes), "its own bytes")
  local pos = bytes:match("^([^\n]*)\n")
  local s = g.state:clone()
  local name = s:get(1, g.slot.name)
  s:set(1, g.slot.name, "a string interned and no longer used")
  s:set(1, g.slot.name, name)
  local b2 = pos .. "\n" .. s:serialize()
  assert(b2 ~= bytes, "other bytes")
  assert(g:same_position(b2), "the same position")
  local mp = s:get(1, g.slot.mp_left)
  s:set(1, g.slot.mp_left, mp + 1)
  assert(not g:same_position(pos .. "\n" .. s:serialize()), "a value differs")
  s:set(1, g.slot.mp_left, mp)
  assert(g:same_position(pos .. "\n" .. s:serialize()), "the value back")
  s:set_var("weather", "rain")
  assert(not g:same_position(pos .. "\n" .. s:serialize()), "a variable more")
  g.dice:roll(1, 6, "test")
  assert(not g:same_position(bytes), "the dice moved on")
  assert(not g:same_position("not a snapshot"), "malformed")
end)

test("replay --verify: a snapshot is checked against the replay's position there: damaged bytes, another position, the same position in other bytes", function()
  local path = tmpfile("snap.bitwa")
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = 5, log = path, durability = "off" }
  assert(runner.play(g, bots(5)))
  g:close()
  local log = assert(bitwa.log.open(path, false, "off"))
  local n, chk, hash, bytes = log:snapshot()
  log:close()
  assert(n, "the game keeps a snapshot")
  local function verify_with(b, h)
    local l = assert(bitwa.log.open(path, false, "off"))
    l:put_snapshot(n, chk, h or bitwa.util.hash(b), b)
    l:close()
    local gg, msg = game_module.open(path, { readonly = true, verify = true })
    if gg then gg:close() return nil end
    return msg
  end
  -- the state as the file holds it, to write it back changed: a string
  -- interned and left unused (other bytes, the same position), then a value
  local pos = bytes:match("^([^\n]*)\n")
  local g2 = assert(game_module.open(path, { readonly = true }))
  local s = g2.state:clone()
  g2:close()
  local name_slot, mp_slot = g2.slot.name, g2.slot.mp_left
  local u = s:max_id()
  while not s:alive(u) do u = u - 1 end
  local name = s:get(u, name_slot)
  s:set(u, name_slot, "a string interned and left unused")
  s:set(u, name_slot, name)
  local same = pos .. "\n" .. s:serialize()
  assert(same ~= bytes, "other bytes")
  eq(verify_with(same), nil, "the same position in other bytes verifies")
  s:set(u, mp_slot, s:get(u, mp_slot) + 1)
  local msg = verify_with(pos .. "\n" .. s:serialize())
  ok(msg and msg:find("the snapshot of action " .. n .. " differs from the replay's position there", 1, true), msg)
  msg = verify_with(bytes .. "x", hash)
  ok(msg and msg:find("the snapshot of action " .. n .. " is damaged (its bytes do not match their hash)", 1, true), msg)
  eq(verify_with(bytes, hash), nil, "the snapshot as written verifies")
end)
