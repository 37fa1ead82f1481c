-- bitwa render: the position of a game as SVG.
local render = require "engine.render"
local runner = require "engine.runner"
local bot = require "engine.bot"

local tmp = os.tmpname()
os.remove(tmp)
os.execute("mkdir -p " .. tmp)

local function count(s, plain)
  local n, i = 0, 1
  while true do
    local a, b = s:find(plain, i, true)
    if not a then return n end
    n, i = n + 1, b + 1
  end
end

-- A small well-formedness check: every tag closed in order, attributes
-- quoted, no stray '<' or '&' in text.
local function check_xml(s)
  local stack, i = {}, 1
  s = s:gsub("^<%?xml[^>]*%?>%s*", "")
  while i <= #s do
    local lt = s:find("<", i, true)
    local text = s:sub(i, (lt or (#s + 1)) - 1)
    for amp in text:gmatch("&[^;%s]*;?") do
      if not (amp:match("^&%a+;$") or amp:match("^&#%d+;$")) then return nil, "bad entity " .. amp end
    end
    if not lt then break end
    local gt = s:find(">", lt, true)
    if not gt then return nil, "unclosed tag at " .. lt end
    local tag = s:sub(lt + 1, gt - 1)
    if tag:find("<", 1, true) then return nil, "'<' inside a tag at " .. lt end
    local close, name = tag:match("^(/?)([%w:%-]+)")
    if not name then return nil, "bad tag <" .. tag .. ">" end
    local attrs = tag:sub(#close + #name + 1):gsub("/$", "")
    local rest = attrs:gsub('%s+[%w:%-]+="[^"]*"', "")
    if rest:match("%S") then return nil, "bad attributes in <" .. tag .. ">" end
    if close == "/" then
      if stack[#stack] ~= name then return nil, "</" .. name .. "> closes <" .. tostring(stack[#stack]) .. ">" end
      stack[#stack] = nil
    elseif tag:sub(-1) ~= "/" then
      stack[#stack + 1] = name
    end
    i = gt + 1
  end
  if #stack > 0 then return nil, "unclosed <" .. stack[#stack] .. ">" end
  return true
end

local function duel(seed, path)
  local g = game_module.new { ruleset = "skirmish", scenario = "duel", seed = seed, log = path, durability = "off" }
  return g
end

test("render: a fresh duel is well-formed SVG with one polygon per hex", function()
  local g = duel(1)
  local svg = render.svg(g)
  ok(svg:match("^<%?xml"), "an XML declaration")
  eq(count(svg, "<svg "), 1, "one <svg>")
  eq(count(svg, "</svg>"), 1, "one </svg>")
  ok(check_xml(svg))
  eq(count(svg, '<polygon class="hex"'), #g.map:hexes(), "hex polygons")
  eq(#g.map:hexes(), 120)
  -- every unit once: on the map on its counter, off the map in the panel
  for _, u in ipairs(g:units_table()) do
    if u.hex then eq(count(svg, ">" .. u.name .. "</text>"), 1, u.name)
    else eq(count(svg, ">" .. u.name .. " ("), 1, u.name .. " in the panel") end
  end
  ok(svg:find("B4 (infantry, 1 SP)", 1, true), "B4 waits off the map")
  ok(svg:find("arrives turn 2 at 1205", 1, true), "and says when it arrives")
  ok(svg:find(">Duel at Wola</text>", 1, true), "the title")
  ok(svg:find("turn 1/4, phase A.move", 1, true), "turn and phase")
  -- place names
  ok(svg:find(">Wola</text>", 1, true) and svg:find(">Mill Hill</text>", 1, true), "place labels")
  -- hex numbers
  eq(count(svg, ">0101</text>"), 1)
  eq(count(svg, ">1210</text>"), 1)
end)

test("render: hexside features are drawn on their edge", function()
  local g = duel(1)
  local svg = render.svg(g)
  -- the river runs along the east side of column 06
  ok(svg:find('<line class="river" data-edge="river" data-hex="0601" data-dir="NE"', 1, true), "river 0601:NE")
  ok(svg:find('<line class="river" data-edge="river" data-hex="0610" data-dir="SE"', 1, true), "river 0610:SE")
  eq(count(svg, 'class="river"'), 20, "twenty river hexsides")
  ok(count(svg, 'class="road"') >= 11, "the road, hex to hex")
  ok(svg:find('class="bridge" data-edge="bridge" data-hex="0605"', 1, true), "the bridge")
  ok(svg:find('class="ford" data-edge="ford" data-hex="0608"', 1, true), "the ford")
  ok(svg:find('.river{stroke:#3b7fc4', 1, true), "the river style")
end)

test("render: columns follow the map's parity (odd-down)", function()
  local g = duel(1)
  local svg = render.svg(g)
  local function first_y(label)
    local pts = svg:match('data%-hex="' .. label .. '" data%-terrain="[^"]*" points="([^"]*)"')
    return tonumber(pts:match("^[%d%.%-]+,([%d%.%-]+)"))
  end
  ok(first_y("0101") > first_y("0201"), "column 1 sits lower than column 2")
  ok(first_y("0301") > first_y("0201"), "column 3 sits lower than column 2")
  ok(math.abs(first_y("0101") - first_y("0301")) < 0.01, "odd columns level")
end)

test("render: counters show SP and facing; the result is shown when the game is over", function()
  local path = tmp .. "/over.bitwa"
  local g = duel(3, path)
  assert(runner.play(g, { A = bot.random(3, 1), B = bot.random(3, 2) }))
  local svg = render.svg(g)
  ok(check_xml(svg))
  ok(svg:find("Game over:", 1, true), "the result line")
  local on = 0
  for _, u in ipairs(g:units_table()) do
    if u.hex then
      on = on + 1
      eq(count(svg, ">" .. u.name .. "</text>"), 1, u.name)
      ok(svg:find('<polygon class="face" data-unit="' .. u.name .. '"', 1, true), u.name .. " has a facing mark")
    end
  end
  eq(count(svg, '<rect class="ctr"'), on, "one counter per unit on the map")
  -- the same game gives the same bytes, rendered again or reopened from its log
  eq(render.svg(g), svg)
  g:close()
  local g2 = assert(game_module.open(path, { readonly = true }))
  eq(render.svg(g2), svg, "reopened")
  eq(render.svg(g2, { scale = 40 }), svg, "the default scale is 40")
  ok(render.svg(g2, { scale = 60 }) ~= svg, "another scale")
  g2:close()
end)

test("render: a ruleset's palette is used when it has one", function()
  local g = duel(1)
  local c = g:clone()
  c.rs = setmetatable({ modules = { render = {
    terrain_colors = { forest = "#123456" }, side_colors = { A = "#abcdef" } } } }, { __index = g.rs })
  local svg = render.svg(c)
  ok(svg:find('data%-terrain="forest" points="[^"]*" fill="#123456"'), "forest colour")
  ok(svg:find('fill="#abcdef"', 1, true), "side A colour")
  ok(not render.svg(g):find("#abcdef", 1, true), "not without it")
end)

test("render: bitwa render writes FILE.svg", function()
  local path = tmp .. "/cli.bitwa"
  local g = duel(5, path)
  g:close()
  local cli = require "engine.cli"
  local out, err = io.output(), io.stderr
  io.output(tmp .. "/stdout.txt")
  io.stderr = io.output()
  local rc = cli.main { "render", path }
  local rc2 = cli.main { "render", path, "-o", tmp .. "/big.svg", "--scale", "60" }
  local rc3 = cli.main { "render", path, "--scale", "x" }
  io.output():close()
  io.output(out)
  io.stderr = err
  eq(rc, 0)
  eq(rc2, 0)
  eq(rc3, 2, "a bad scale is bad input")
  local svg = assert(util.read_file(tmp .. "/cli.svg"))
  ok(check_xml(svg))
  local g2 = assert(game_module.open(path, { readonly = true }))
  eq(svg, render.svg(g2))
  g2:close()
  ok(util.read_file(tmp .. "/big.svg"))
end)

test("render: the panel names the ruleset's strength (figures in grognard, SP where the strength is sp)", function()
  local g = game_module.new { ruleset = "grognard", scenario = "crecy", seed = 1 }
  local svg = render.svg(g)
  ok(check_xml(svg))
  local total = 0
  for _, u in ipairs(g:units_table()) do
    if u.hex and u.side == "A" then total = total + u.figures end
  end
  ok(svg:find(total .. " figures on the map", 1, true), "A's figures on the map: " .. total)
  eq(svg:find(" SP on the map", 1, true), nil)
  eq(svg:find(" SP)", 1, true), nil, "units off the map counted in figures")
  g:close()
  local d = duel(1, tmp .. "/label.bitwa")
  ok(render.svg(d):find(" SP on the map", 1, true))
  d:close()
end)

test("render: a rule's string with control characters gives a drawing that loads (XML 1.0 has no place for them)", function()
  local g = game_module.new { ruleset = "stages", scenario = "late", seed = 1 }
  g.state:set_var("reserve", "two\27[31m <red>\7")
  local svg = render.svg(g)
  ok(check_xml(svg))
  eq(svg:find("[%z\1-\8\11\12\14-\31]"), nil, "no control character but tab and line breaks")
  ok(svg:find("Reserve: two\239\191\189[31m &lt;red&gt;\239\191\189", 1, true), "the panel's row, each shown as U+FFFD")
  g:close()
end)
