-- include "NAME" in scenario files: a file of the scenario's own
-- directory run in the scenario's sandbox (same environment, same
-- limits), its declarations and errors reported at its own file:line.
local tmp = os.tmpname()
os.remove(tmp)
os.execute("mkdir -p " .. tmp)
local n = 0

-- A fresh directory holding files { ["name.lua"] = text, ["lib/x.lua"] = text }.
local function dir_with(files)
  n = n + 1
  local d = tmp .. "/" .. n
  for name, text in pairs(files) do
    local sub = name:match("^(.*)/[^/]*$")
    os.execute("mkdir -p " .. d .. (sub and ("/" .. sub) or ""))
    local f = assert(io.open(d .. "/" .. name, "w"))
    f:write(text)
    f:close()
  end
  return d
end

local HEAD = 'scenario { title = "Inc", map = "skirmish", turns = 3 }\n' ..
  'side { "A", name = "Red" }\nside { "B", name = "Blue" }\n'

local function new(path)
  return game_module.new { ruleset = "skirmish", scenario = path, seed = 1 }
end

-- The message of the refusal to load the scenario.
local function refusal(path)
  local okk, err = pcall(new, path)
  ok(not okk, "the scenario must be refused")
  return type(err) == "table" and err.message or tostring(err)
end

local function rel(path) return ruleset.relpath(path) end

test("include: the file's declarations join the scenario's, and what it returns is include's value", function()
  local d = dir_with {
    ["main.lua"] = HEAD .. 'local army = include "lib/army"\n' ..
      'unit(army.red { "R2", hex = "0305" })\n',
    ["lib/army.lua"] = '-- the red army\nlocal M = {}\n' ..
      'function M.red(t) t.side = "A"; t.kind = "infantry"; t.facing = "SE"; t.sp = 2; return t end\n' ..
      'unit(M.red { "R1", hex = "0304" })\n' ..
      'unit { "B1", side = "B", kind = "cavalry", hex = "0905", facing = "NW", sp = 1 }\n' ..
      'return M\n',
  }
  local g = new(d .. "/main.lua")
  local names = {}
  for _, u in ipairs(g.scenario.units) do names[#names + 1] = u.name .. "@" .. u.hex.label .. ":" .. u.attrs.sp end
  eq(names, { "R1@0304:2", "B1@0905:1", "R2@0305:2" })
end)

test("include: '.lua' may be given; a file may include another (names from the scenario's directory)", function()
  local d = dir_with {
    ["main.lua"] = HEAD .. 'include "lib/a.lua"\n',
    ["lib/a.lua"] = 'include "lib/b"\nunit { "R1", side = "A", kind = "infantry", hex = "0304" }\n',
    ["lib/b.lua"] = 'unit { "B1", side = "B", kind = "infantry", hex = "0905" }\n',
  }
  eq(#new(d .. "/main.lua").scenario.units, 2)
end)

test("include: a declaration's problem is reported at the included file's line", function()
  local d = dir_with {
    ["main.lua"] = HEAD .. 'include "lib/army"\nunit { "R9", side = "A", kind = "dragon", hex = "0306" }\n',
    ["lib/army.lua"] = '\n\nunit { "R1", side = "A", kind = "infantry", hex = "9999" }\n' ..
      'unit { "R2", side = "C", kind = "infantry", hex = "0305" }\n',
  }
  local msg = refusal(d .. "/main.lua")
  local lines = {}
  for l in msg:gmatch("[^\n]+") do lines[#lines + 1] = l end
  eq(lines, {
    rel(d .. "/main.lua") .. ":5: unit R9: kind 'dragon' is not one of infantry, cavalry, archers",
    rel(d .. "/lib/army.lua") .. ":3: unit R1: hex 9999 is not on the map",
    rel(d .. "/lib/army.lua") .. ":4: unit R2: side 'C' is not one of A, B",
  })
end)

test("include: a unit declared in two files names the first one's file and line", function()
  local d = dir_with {
    ["main.lua"] = HEAD .. 'include "lib/army"\nunit { "R1", side = "A", kind = "infantry", hex = "0305" }\n',
    ["lib/army.lua"] = '\nunit { "R1", side = "A", kind = "infantry", hex = "0304" }\n',
  }
  local msg = refusal(d .. "/main.lua")
  eq(msg, rel(d .. "/main.lua") .. ":5: unit 'R1' declared twice (first at " .. rel(d .. "/lib/army.lua") .. ":2)")
end)

test("include: a run-time error, a syntax error and a runaway loop name the included file's line", function()
  local d = dir_with {
    ["main.lua"] = HEAD .. 'include "lib/bad"\n',
    ["lib/bad.lua"] = '\n\nlocal x = nil\nx.y = 1\n',
  }
  local msg = refusal(d .. "/main.lua")
  ok(msg:find("^" .. rel(d .. "/lib/bad.lua"):gsub("%p", "%%%0") .. ":4: "), msg)
  d = dir_with {
    ["main.lua"] = HEAD .. 'include "lib/bad"\n',
    ["lib/bad.lua"] = 'unit { "R1",\n',
  }
  msg = refusal(d .. "/main.lua")
  ok(msg:find("^" .. rel(d .. "/lib/bad.lua"):gsub("%p", "%%%0") .. ":%d: "), msg)
  d = dir_with {
    ["main.lua"] = HEAD .. 'include "lib/bad"\n',
    ["lib/bad.lua"] = '\nwhile true do end\n',
  }
  msg = refusal(d .. "/main.lua")
  eq(msg, rel(d .. "/lib/bad.lua") .. ":2: instruction budget exceeded")
end)

test("include: a missing file, a bad name and a file including itself are refused at the include", function()
  local d = dir_with { ["main.lua"] = HEAD .. 'include "lib/none"\n' }
  eq(refusal(d .. "/main.lua"), rel(d .. "/main.lua") .. ":4: include: no file " .. rel(d .. "/lib/none.lua"))
  for _, bad in ipairs({ "../main", "/etc/passwd", "lib//x", "a b", "lib/" }) do
    d = dir_with { ["main.lua"] = HEAD .. 'include "' .. bad .. '"\n' }
    local msg = refusal(d .. "/main.lua")
    ok(msg:find(rel(d .. "/main.lua") .. ":4: include: '" .. bad .. "' is not a file name", 1, true), msg)
  end
  d = dir_with {
    ["main.lua"] = HEAD .. 'include "lib/a"\n',
    ["lib/a.lua"] = 'include "lib/b"\n',
    ["lib/b.lua"] = '\ninclude "lib/a"\n',
  }
  eq(refusal(d .. "/main.lua"), rel(d .. "/lib/b.lua") .. ":2: include: " .. rel(d .. "/lib/a.lua") ..
    " includes itself (" .. rel(d .. "/main.lua") .. " -> " .. rel(d .. "/lib/a.lua") .. " -> " ..
    rel(d .. "/lib/b.lua") .. " -> " .. rel(d .. "/lib/a.lua") .. ")")
  d = dir_with { ["main.lua"] = HEAD .. 'include "main"\n' }
  local msg = refusal(d .. "/main.lua")
  ok(msg:find("include: " .. rel(d .. "/main.lua") .. " includes itself", 1, true), msg)
end)

test("include: the included file shares the scenario's instruction budget", function()
  -- each file alone stays within the budget; together they exceed it
  local loop = 'local n = 0\nfor i = 1, 6000000 do n = n + 1 end\n'
  local d = dir_with {
    ["main.lua"] = HEAD .. loop .. 'include "lib/more"\n',
    ["lib/more.lua"] = loop,
  }
  local msg = refusal(d .. "/main.lua")
  ok(msg:find("instruction budget exceeded", 1, true), msg)
  d = dir_with { ["main.lua"] = HEAD .. loop }
  ok(pcall(new, d .. "/main.lua"), "one loop alone fits the budget")
end)

test("include: the included file's text is part of the scenario's hash", function()
  local unit = 'unit { "R1", side = "A", kind = "infantry", hex = "0304" }\n'
  local d1 = dir_with { ["main.lua"] = HEAD .. 'include "lib/army"\n', ["lib/army.lua"] = unit }
  local d2 = dir_with { ["main.lua"] = HEAD .. 'include "lib/army"\n', ["lib/army.lua"] = unit .. "-- changed\n" }
  local d3 = dir_with { ["main.lua"] = HEAD .. 'include "lib/army"\n', ["lib/army.lua"] = unit }
  local h1, h2, h3 = new(d1 .. "/main.lua").scenario.hash, new(d2 .. "/main.lua").scenario.hash,
    new(d3 .. "/main.lua").scenario.hash
  ok(h1 ~= h2, "a change in the included file changes the hash")
  eq(h1, h3, "the same files in another directory")
  -- a scenario without includes keeps the hash of its own text
  local d4 = dir_with { ["main.lua"] = HEAD .. unit }
  eq(new(d4 .. "/main.lua").scenario.hash, bitwa.util.hash(HEAD .. unit))
end)

test("include: files in a subdirectory of scenarios/ are not listed as scenarios", function()
  local d = dir_with { ["scenarios/one.lua"] = "", ["scenarios/lib/shared.lua"] = "" }
  eq(ruleset.list_files({ { dir = d } }, "scenarios", ".lua"), { "one" })
end)

test("include: refused once the scenario file has run (in a hook)", function()
  local d = dir_with {
    ["main.lua"] = HEAD .. 'unit { "R1", side = "A", kind = "infantry", hex = "0304" }\n' ..
      'hook { "turn_start", function() include "lib/late" end }\n',
    ["lib/late.lua"] = '',
  }
  local msg = refusal(d .. "/main.lua")     -- the hook runs as turn 1 starts
  ok(msg:find(rel(d .. "/main.lua") .. ":5: include: only while the scenario file runs", 1, true), msg)
end)
