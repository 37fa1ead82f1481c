-- Every ruleset in the viewer (bitwa serve): for each scenario of every
-- ruleset on the search path (and each overlay, on its ruleset's first
-- scenario), the page's position lists the units with their values from
-- the ruleset's own declarations, the board the server draws carries a
-- counter (data-unit) for every unit on the map and a data-hex for its hex,
-- a unit's panel answers with its values and reach, and the action kinds
-- the page composes orders from are listed.
-- usage: bitwa script tests/lua/test_viewer.lua   (from the source directory)
local ruleset = require "engine.ruleset"
local scenario = require "engine.scenario"
local gamemod = require "engine.game"
local server = require "engine.server"
local render = require "engine.render"

local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1 print("FAIL " .. what) end
end

local targets = {}
for _, r in ipairs(ruleset.list()) do
  local ok, chain = pcall(ruleset.chain, r.name)
  if ok then
    local scs = scenario.list(chain)
    for _, sc in ipairs(scs) do targets[#targets + 1] = { rs = r.name, sc = sc } end
    if scs[1] then
      for _, ov in ipairs(ruleset.list_files({ chain[#chain] }, "overlays", ".lua")) do
        targets[#targets + 1] = { rs = r.name, sc = scs[1], overlay = r.name .. "/" .. ov }
      end
    end
  end
end
check(#targets >= 10, "rulesets and scenarios found (" .. #targets .. ")")

for _, t in ipairs(targets) do
  local what = t.rs .. "/" .. t.sc .. (t.overlay and (" + " .. t.overlay) or "")
  if os.getenv("BITWA_TEST_VERBOSE") then print(what) end
  local ok, g = pcall(gamemod.new, { ruleset = t.rs, scenario = t.sc, seed = 1,
                                     overlays = t.overlay and { t.overlay } or nil })
  if not ok then
    check(false, what .. ": the game starts: " .. tostring(g))
  else
    local srv = server.new { game = g, path = "(memory)", web = "" }
    local pos = srv:position()
    check(#pos.units > 0, what .. ": units listed")
    check(next(pos.kinds) ~= nil, what .. ": action kinds listed")
    local svg = render.svg(g, { scale = 40 })
    local on_map, drawn, hexes, valued = 0, 0, 0, 0
    local first
    for _, u in ipairs(pos.units) do
      if u.hex then
        on_map = on_map + 1
        if svg:find('data-unit="' .. u.name .. '"', 1, true) then drawn = drawn + 1 end
        if svg:find('data-hex="' .. u.hex .. '"', 1, true) then hexes = hexes + 1 end
        if #u.values > 0 then valued = valued + 1 end
        if not first and u.role == "unit" then first = u end
      end
    end
    check(on_map > 0 and drawn == on_map, what .. ": a counter for every unit on the map (" .. drawn .. " of " .. on_map .. ")")
    -- a unit off the map (a reinforcement to enter, one to deploy) is clicked in the list beside it
    local off, listed = 0, 0
    for _, u in ipairs(pos.units) do
      if not u.hex then
        off = off + 1
        if svg:find('data-unit="' .. u.name .. '"', 1, true) then listed = listed + 1 end
      end
    end
    check(listed == off, what .. ": every unit off the map is clickable beside it (" .. listed .. " of " .. off .. ")")
    check(hexes == on_map, what .. ": their hexes are on the board (" .. hexes .. " of " .. on_map .. ")")
    check(valued == on_map, what .. ": every unit has its values (" .. valued .. " of " .. on_map .. ")")
    -- the page names every value by the manifest's attributes (label, doc)
    local declared, undeclared = {}, nil
    for _, a in ipairs(pos.attributes) do declared[a.name] = a end
    for _, u in ipairs(pos.units) do
      for _, v in ipairs(u.values) do if not declared[v.name] then undeclared = u.name .. "." .. v.name end end
    end
    check(undeclared == nil and declared[pos.strength] ~= nil,
          what .. ": every value's attribute is listed for the panel (" .. tostring(undeclared) .. ")")
    if first then
      local info = srv:unit(first.name)
      check(info and info.unit and info.unit.name == first.name and type(info.reach) == "table",
            what .. ": the panel of " .. first.name)
    end
    g:close()
  end
end
print(string.format("%d passed, %d failed", passed, failed))
return failed == 0 and 0 or 1
