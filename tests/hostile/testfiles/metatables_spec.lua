-- Every metatable the engine hands a test file is protected: getmetatable
-- gives its name, setmetatable refuses to replace it, and nothing can be
-- added to it (the engine would meet it later, outside any budget).
local function guarded(v, name)
  eq(getmetatable(v), name, "getmetatable gives the name")
  local ok1 = pcall(setmetatable, v, { __index = function() while true do end end })
  ok(not ok1, "setmetatable refused")
  eq(getmetatable(v), name, "unchanged")
end
test("json.array", function()
  local a = json.array { 1, 2 }
  guarded(a, "json.array")
  eq(json.encode(json.array()), "[]", "an empty array still encodes as []")
end)
test("json.null and json.empty_array", function()
  guarded(json.null, "json.null")
  guarded(json.empty_array, "json.empty_array")
end)
test("a decoded array", function()
  local v = json.decode("[[1],[]]")
  guarded(v, "json.array")
  guarded(v[2], "json.array")
  eq(json.encode(v), "[[1],[]]")
end)
test("a game", function()
  local g = game { ruleset = "skirmish", scenario = "duel" }
  guarded(g, "game")
  local ok1 = pcall(function() getmetatable(g).act = nil end)
  ok(not ok1, "the game's methods cannot be changed")
  done(g:act("A", "end"))
end)
test("a runner failure", function()
  local ok1, e = pcall(eq, 1, 2)
  ok(not ok1)
  guarded(e, "test failure")
end)
test("a rules failure", function()
  local ok1, e = pcall(function()
    return game { ruleset = "skirmish", scenario = { map = "nosuchmap" } }
  end)
  ok(not ok1)
  if type(e) == "table" then guarded(e, getmetatable(e)) ok(type(getmetatable(e)) == "string") end
end)
