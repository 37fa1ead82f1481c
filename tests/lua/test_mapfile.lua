-- Tests for lua/engine/mapfile.lua.  Run from the repository root:
--   lua5.4 tests/lua/test_mapfile.lua
package.path = "lua/engine/?.lua;" .. package.path

local mapfile = require("mapfile")

local passed, failed = 0, 0

local function case(id, fn)
  local ok, err = pcall(fn)
  if ok then
    passed = passed + 1
  else
    failed = failed + 1
    io.stderr:write("FAIL ", id, ": ", tostring(err), "\n")
  end
end

local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  return tostring(v)
end

-- Deep comparison; returns nil when equal, else a path and a description.
local function diff(a, b, path)
  path = path or "value"
  if type(a) ~= "table" or type(b) ~= "table" then
    if a == b and math.type(a) == math.type(b) then return nil end
    return path .. ": got " .. show(a) .. " (" .. tostring(math.type(a) or type(a)) ..
      "), expected " .. show(b) .. " (" .. tostring(math.type(b) or type(b)) .. ")"
  end
  local keys = {}
  for k in pairs(a) do keys[#keys + 1] = k end
  for k in pairs(b) do if a[k] == nil then keys[#keys + 1] = k end end
  table.sort(keys, function (x, y) return tostring(x) < tostring(y) end)
  for _, k in ipairs(keys) do
    local d = diff(a[k], b[k], path .. "." .. tostring(k))
    if d then return d end
  end
  return nil
end

local function check_eq(got, expected, what)
  local d = diff(got, expected, what)
  if d then error(d, 2) end
end

local function check(cond, msg)
  if not cond then error(msg or "check failed", 2) end
end

local SPEC = {
  terrain = { "clear", "forest", "village", "swamp", "lake", "hill" },
  edges = { "river", "stream", "bridge", "ford", "fence", "road" },
}

local function H(col, row) return { col = col, row = row } end

---------------------------------------------------------------------------
-- Hex labels
---------------------------------------------------------------------------

local HEX_CASES = {
  { id = "hex-0614", s = "0614", col = 6, row = 14 },
  { id = "hex-614", s = "614", col = 6, row = 14 },
  { id = "hex-2300", s = "2300", col = 23, row = 0 },
  { id = "hex-0100", s = "0100", col = 1, row = 0 },
  { id = "hex-000", s = "000", col = 0, row = 0 },
  { id = "hex-12345", s = "12345", col = 123, row = 45 },
  { id = "hex-6-digits", s = "999999", col = 9999, row = 99 },
  { id = "hex-too-short", s = "14" },
  { id = "hex-too-long", s = "1234567" },
  { id = "hex-letters", s = "06a4" },
  { id = "hex-sign", s = "-614" },
  { id = "hex-space", s = " 614" },
  { id = "hex-empty", s = "" },
}

for _, c in ipairs(HEX_CASES) do
  case(c.id, function ()
    local col, row = mapfile.parse_hex(c.s)
    check_eq(col, c.col, "col")
    check_eq(row, c.row, "row")
  end)
end

case("hex-not-string", function ()
  check(mapfile.parse_hex(614) == nil, "a number is not a label")
end)

case("hex-format", function ()
  check_eq(mapfile.format_hex(6, 14), "0614")
  check_eq(mapfile.format_hex(23, 0), "2300")
  check_eq(mapfile.format_hex(123, 5), "12305")
end)

case("614-vs-0614-in-a-map", function ()
  local head = "map m\ncolumns 1-12\nrows 0-20\nparity odd-down\ndefault clear\n"
  local a = assert(mapfile.parse(head .. "terrain forest 614\nlabel 614 \"x\"\n", "a.map", SPEC))
  local b = assert(mapfile.parse(head .. "terrain forest 0614\nlabel 0614 \"x\"\n", "b.map", SPEC))
  check_eq(a.terrain, { { hex = H(6, 14), kind = "forest", line = 6 } }, "terrain")
  check_eq(a, b, "map")
end)

---------------------------------------------------------------------------
-- Neighbours
---------------------------------------------------------------------------

-- Expected neighbours, dirs N NE SE S SW NW.
local NEIGHBOUR_CASES = {
  { id = "nb-odd-down-odd-col", col = 1, row = 5, parity = "odd-down",
    want = { { 1, 4 }, { 2, 5 }, { 2, 6 }, { 1, 6 }, { 0, 6 }, { 0, 5 } } },
  { id = "nb-odd-down-even-col", col = 2, row = 5, parity = "odd-down",
    want = { { 2, 4 }, { 3, 4 }, { 3, 5 }, { 2, 6 }, { 1, 5 }, { 1, 4 } } },
  { id = "nb-even-down-odd-col", col = 1, row = 5, parity = "even-down",
    want = { { 1, 4 }, { 2, 4 }, { 2, 5 }, { 1, 6 }, { 0, 5 }, { 0, 4 } } },
  { id = "nb-even-down-even-col", col = 2, row = 5, parity = "even-down",
    want = { { 2, 4 }, { 3, 5 }, { 3, 6 }, { 2, 6 }, { 1, 6 }, { 1, 5 } } },
  { id = "nb-odd-down-col-23", col = 23, row = 1, parity = "odd-down",
    want = { { 23, 0 }, { 24, 1 }, { 24, 2 }, { 23, 2 }, { 22, 2 }, { 22, 1 } } },
}

for _, c in ipairs(NEIGHBOUR_CASES) do
  case(c.id, function ()
    for dir = 0, 5 do
      local col, row = mapfile.neighbour(c.col, c.row, dir, c.parity)
      check_eq({ col, row }, c.want[dir + 1], "dir " .. dir)
    end
  end)
end

for _, parity in ipairs({ "odd-down", "even-down" }) do
  case("nb-symmetry-" .. parity, function ()
    local checked = 0
    for col = 1, 20 do
      for row = 1, 20 do
        local seen = {}
        for dir = 0, 5 do
          local nc, nr = mapfile.neighbour(col, row, dir, parity)
          local bc, br = mapfile.neighbour(nc, nr, (dir + 3) % 6, parity)
          check(bc == col and br == row, string.format(
            "%s: (%d,%d) dir %d -> (%d,%d) -> back (%d,%d)",
            parity, col, row, dir, nc, nr, bc, br))
          check(mapfile.direction(col, row, nc, nr, parity) == dir,
            "direction() disagrees with neighbour()")
          local key = nc .. "," .. nr
          check(not seen[key], "two directions give the same neighbour")
          seen[key] = true
          checked = checked + 1
        end
        check(mapfile.direction(col, row, col, row, parity) == nil,
          "a hex is not its own neighbour")
        check(mapfile.direction(col, row, col, row + 2, parity) == nil,
          "distance 2 is not adjacent")
      end
    end
    check_eq(checked, 20 * 20 * 6, "checked")
  end)
end

case("nb-bad-arguments", function ()
  check(not pcall(mapfile.neighbour, 1, 1, 6, "odd-down"), "dir 6")
  check(not pcall(mapfile.neighbour, 1, 1, 1.5, "odd-down"), "dir 1.5")
  check(not pcall(mapfile.neighbour, 1, 1, 0, "odd"), "parity odd")
end)

---------------------------------------------------------------------------
-- A good 12 x 10 map, parsed fully
---------------------------------------------------------------------------

local GOOD = table.concat({
  "# A test map",                                  -- 1
  "map test-12x10   # the id",                     -- 2
  'title "Test map, 12 x 10"',                     -- 3
  'note "first note # not a comment"',             -- 4
  "note plain",                                    -- 5
  "columns 1-12",                                  -- 6
  "rows 1-10",                                     -- 7
  "parity even-down",                              -- 8
  "default clear",                                 -- 9
  "",                                              -- 10
  "terrain forest 0101-0103 610",                  -- 11
  "block swamp 1009 1110",                         -- 12
  "elevation -1 1009",                             -- 13
  "\televation\t2 0405-0406   ",                   -- 14
  "edge stream 0303:N 0303:se",                    -- 15
  "path road 0101 0201 0302",                      -- 16
  'label 0905 "Wola Ma\xC5\x82a"',                 -- 17
  'label 0905 "say \\"hi\\" \\\\ bye"',            -- 18
  "terrain village 0905",                          -- 19
}, "\n") .. "\n"

case("good-12x10", function ()
  local m, err = mapfile.parse(GOOD, "good.map", SPEC)
  check(m, err)
  check_eq(m, {
    id = "test-12x10",
    title = "Test map, 12 x 10",
    notes = { "first note # not a comment", "plain" },
    col0 = 1, row0 = 1, width = 12, height = 10,
    parity = "even-down",
    default = "clear",
    terrain = {
      { hex = H(1, 1), kind = "forest", line = 11 },
      { hex = H(1, 2), kind = "forest", line = 11 },
      { hex = H(1, 3), kind = "forest", line = 11 },
      { hex = H(6, 10), kind = "forest", line = 11 },
      { hex = H(10, 9), kind = "swamp", line = 12 },
      { hex = H(10, 10), kind = "swamp", line = 12 },
      { hex = H(11, 9), kind = "swamp", line = 12 },
      { hex = H(11, 10), kind = "swamp", line = 12 },
      { hex = H(9, 5), kind = "village", line = 19 },
    },
    elevation = {
      { hex = H(10, 9), value = -1, line = 13 },
      { hex = H(4, 5), value = 2, line = 14 },
      { hex = H(4, 6), value = 2, line = 14 },
    },
    edges = {
      { hex = H(3, 3), dir = 0, feature = "stream", line = 15 },
      { hex = H(3, 3), dir = 2, feature = "stream", line = 15 },
      { hex = H(1, 1), dir = 2, feature = "road", line = 16 },
      { hex = H(2, 1), dir = 2, feature = "road", line = 16 },
    },
    labels = {
      { hex = H(9, 5), text = "Wola Ma\xC5\x82a", line = 17 },
      { hex = H(9, 5), text = 'say "hi" \\ bye', line = 18 },
    },
  }, "map")
end)

case("good-crlf-bom-no-final-newline", function ()
  local text = "\239\187\191" .. GOOD:gsub("\n", "\r\n"):gsub("\r\n$", "")
  local a = assert(mapfile.parse(GOOD, "good.map", SPEC))
  local b, err = mapfile.parse(text, "good.map", SPEC)
  check(b, err)
  check_eq(b, a, "map")
end)

case("good-minimal", function ()
  local m, err = mapfile.parse(
    "map x\ncolumns 0-0\nrows 0-0\nparity odd-down\ndefault lake", "x.map", SPEC)
  check(m, err)
  check_eq(m, { id = "x", notes = {}, col0 = 0, row0 = 0, width = 1,
    height = 1, parity = "odd-down", default = "lake", terrain = {},
    elevation = {}, edges = {}, labels = {} }, "map")
end)

case("good-max-extent-and-header-after-body", function ()
  local m, err = mapfile.parse(
    "terrain hill 9901\nmap x\ncolumns 1-99\nrows 1-99\nparity odd-down\ndefault clear\n",
    "x.map", SPEC)
  check(m, err)
  check_eq(m.width, 99)
  check_eq(m.height, 99)
  check_eq(m.terrain, { { hex = H(99, 1), kind = "hill", line = 1 } })
end)

case("good-path-parity-matters", function ()
  local head = "map m\ncolumns 1-12\nrows 1-10\ndefault clear\n"
  local odd = assert(mapfile.parse(head .. "parity odd-down\npath road 0101 0202\n", "p.map", SPEC))
  check_eq(odd.edges, { { hex = H(1, 1), dir = 2, feature = "road", line = 6 } })
  local m, err = mapfile.parse(head .. "parity even-down\npath road 0101 0202\n", "p.map", SPEC)
  check_eq(m, nil)
  check_eq(err, "p.map:6: path: 0101 and 0202 are not adjacent")
end)

case("good-deterministic", function ()
  local a = assert(mapfile.parse(GOOD, "good.map", SPEC))
  for _ = 1, 5 do
    check_eq(mapfile.parse(GOOD, "good.map", SPEC), a, "repeat")
  end
end)

---------------------------------------------------------------------------
-- Malformed maps: exact file:line and message
---------------------------------------------------------------------------

local HEAD = "map t\ncolumns 1-12\nrows 1-10\nparity odd-down\ndefault clear\n"  -- lines 1-5
local TERRAIN_LIST = "clear, forest, village, swamp, lake, hill"
local EDGE_LIST = "river, stream, bridge, ford, fence, road"

-- msg is the exact message after "bad.map:LINE: " when exact = true,
-- otherwise a substring of it.
local BAD = {
  { id = "unknown-directive", text = HEAD .. "forrest 0101\n", line = 6,
    msg = "unknown directive 'forrest' (expected one of: block, columns, default, edge, elevation, label, map, note, parity, path, rows, terrain, title)", exact = true },
  { id = "quoted-directive", text = HEAD .. '"terrain" forest 0101\n', line = 6,
    msg = "unknown directive 'terrain'" },
  { id = "map-twice", text = "map a\n" .. HEAD, line = 2,
    msg = "'map' may appear only once (first at line 1)", exact = true },
  { id = "columns-twice", text = HEAD .. "# c\ncolumns 1-5\n", line = 7,
    msg = "'columns' may appear only once (first at line 2)", exact = true },
  { id = "title-twice", text = HEAD .. 'title "a"\ntitle "b"\n', line = 7,
    msg = "'title' may appear only once (first at line 6)", exact = true },
  { id = "missing-map-empty-file", text = "", line = 1,
    msg = "missing 'map'", exact = true },
  { id = "missing-columns", text = "map t\nrows 1-10\nparity odd-down\ndefault clear\n",
    line = 5, msg = "missing 'columns'", exact = true },
  { id = "missing-default-no-final-newline",
    text = "map t\ncolumns 1-12\nrows 1-10\nparity odd-down\n\n# end", line = 7,
    msg = "missing 'default'", exact = true },
  { id = "missing-parity", text = "map t\ncolumns 1-12\nrows 1-10\ndefault clear\n",
    line = 5, msg = "missing 'parity'", exact = true },
  { id = "bad-columns-number", text = "map t\ncolumns 1-x\n", line = 2,
    msg = "bad columns '1-x' (expected FIRST-LAST, e.g. 1-51)", exact = true },
  { id = "bad-columns-single", text = "map t\ncolumns 12\n", line = 2,
    msg = "bad columns '12'" },
  { id = "columns-reversed", text = "map t\ncolumns 12-1\n", line = 2,
    msg = "columns 12-1: empty extent (last before first)", exact = true },
  { id = "columns-too-many", text = "map t\ncolumns 1-100\n", line = 2,
    msg = "columns 1-100: extent too big (100 columns, at most 99)", exact = true },
  { id = "rows-beyond-99", text = "map t\ncolumns 1-12\nrows 50-100\n", line = 3,
    msg = "rows 50-100: last row beyond 99", exact = true },
  { id = "bad-parity", text = "map t\nparity odd\n", line = 2,
    msg = "bad parity 'odd' (expected odd-down or even-down)", exact = true },
  { id = "unknown-default", text = "map t\ndefault grass\n", line = 2,
    msg = "unknown terrain 'grass' (allowed: " .. TERRAIN_LIST .. ")", exact = true },
  { id = "bad-map-id", text = "map -x\n", line = 1, msg = "bad map id '-x'" },
  { id = "map-no-id", text = "map\n", line = 1,
    msg = "wrong number of arguments to 'map' (usage: map ID)", exact = true },
  { id = "title-unquoted-spaces", text = HEAD .. "title The field\n", line = 6,
    msg = "quote text that holds spaces" },
  { id = "unterminated-string", text = HEAD .. 'label 0101 "Wola\n', line = 6,
    msg = "unterminated string", exact = true },
  { id = "bad-string-escape", text = HEAD .. 'label 0101 "a\\nb"\n', line = 6,
    msg = "bad escape '\\n' in string" },
  { id = "quote-inside-token", text = HEAD .. 'label 0101 Wo"la"\n', line = 6,
    msg = "unexpected '\"' inside 'Wo'" },
  { id = "unknown-terrain", text = HEAD .. "terrain wood 0101\n", line = 6,
    msg = "unknown terrain 'wood' (allowed: " .. TERRAIN_LIST .. ")", exact = true },
  { id = "unknown-feature", text = HEAD .. "edge creek 0101:N\n", line = 6,
    msg = "unknown hexside feature 'creek' (allowed: " .. EDGE_LIST .. ")", exact = true },
  { id = "unknown-path-feature", text = HEAD .. "path lane 0101 0102\n", line = 6,
    msg = "unknown hexside feature 'lane'" },
  { id = "bad-hex", text = HEAD .. "terrain forest 0101 01x1\n", line = 6,
    msg = "bad hex '01x1' (expected CCRR, e.g. 0614)", exact = true },
  { id = "bad-hex-short", text = HEAD .. "label 11 \"x\"\n", line = 6,
    msg = "bad hex '11'" },
  { id = "range-crosses-columns", text = HEAD .. "terrain forest 0101-0203\n", line = 6,
    msg = "range 0101-0203 crosses columns (a range stays within one column)", exact = true },
  { id = "range-reversed", text = HEAD .. "terrain forest 0105-0101\n", line = 6,
    msg = "range 0105-0101 is reversed (write 0101-0105)", exact = true },
  { id = "range-beyond-map", text = HEAD .. "\nterrain forest 0108-0112\n", line = 7,
    msg = "range 0108-0112 goes beyond the map (columns 1-12, rows 1-10)", exact = true },
  { id = "range-bad-end", text = HEAD .. "terrain forest 0101-\n", line = 6,
    msg = "bad range '0101-'" },
  { id = "elevation-range-beyond-map", text = HEAD .. "elevation 1 1309-1310\n", line = 6,
    msg = "range 1309-1310 goes beyond the map" },
  { id = "hex-outside-map", text = HEAD .. 'label 1311 "x"\n', line = 6,
    msg = "hex 1311 is outside the map (columns 1-12, rows 1-10)", exact = true },
  { id = "hex-row-0-outside", text = HEAD .. "terrain forest 0100\n", line = 6,
    msg = "hex 0100 is outside the map (columns 1-12, rows 1-10)", exact = true },
  { id = "edge-hex-outside", text = HEAD .. "edge river 0001:S\n", line = 6,
    msg = "hex 0001 is outside the map" },
  { id = "block-corner-outside", text = HEAD .. "block swamp 1010 1311\n", line = 6,
    msg = "hex 1311 is outside the map" },
  { id = "block-reversed", text = HEAD .. "block swamp 0505 0303\n", line = 6,
    msg = "block 0505 0303 is reversed" },
  { id = "block-three-hexes", text = HEAD .. "block swamp 0303 0404 0505\n", line = 6,
    msg = "wrong number of arguments to 'block' (usage: block TERRAIN HEX HEX)", exact = true },
  { id = "block-range", text = HEAD .. "block swamp 0303-0304 0505\n", line = 6,
    msg = "bad hex '0303-0304'" },
  { id = "bad-direction", text = HEAD .. "edge river 0101:E\n", line = 6,
    msg = "bad direction 'E' in '0101:E' (expected one of N, NE, SE, S, SW, NW)", exact = true },
  { id = "bad-hexside", text = HEAD .. "edge river 0101\n", line = 6,
    msg = "bad hexside '0101' (expected HEX:DIR, e.g. 2301:NE)", exact = true },
  { id = "path-not-adjacent", text = HEAD .. "path road 0101 0102 0104\n", line = 6,
    msg = "path: 0102 and 0104 are not adjacent", exact = true },
  { id = "path-repeated-hex", text = HEAD .. "path road 0101 0102 0202 0101\n", line = 6,
    msg = "path: hex 0101 repeated" },
  { id = "path-repeated-614", text = HEAD .. "path road 0605 605\n", line = 6,
    msg = "path: hex 605 repeated (it appears as '0605' earlier in the same path)", exact = true },
  { id = "path-one-hex", text = HEAD .. "path road 0101\n", line = 6,
    msg = "wrong number of arguments to 'path'" },
  { id = "bad-elevation", text = HEAD .. "elevation high 0101\n", line = 6,
    msg = "bad elevation 'high' (expected an integer)", exact = true },
  { id = "elevation-float", text = HEAD .. "elevation 1.5 0101\n", line = 6,
    msg = "bad elevation '1.5'" },
  { id = "elevation-no-hex", text = HEAD .. "elevation 2\n", line = 6,
    msg = "wrong number of arguments to 'elevation'" },
  { id = "label-no-text", text = HEAD .. "label 0101\n", line = 6,
    msg = "wrong number of arguments to 'label' (usage: label HEX \"TEXT\")", exact = true },
  { id = "label-empty-text", text = HEAD .. 'label 0101 ""\n', line = 6,
    msg = "empty label text", exact = true },
  { id = "terrain-no-hex", text = HEAD .. "terrain forest\n", line = 6,
    msg = "wrong number of arguments to 'terrain'" },
  { id = "every-error-in-line-order",
    text = HEAD .. "terrain forest 0101\nlabel 0101\nterrain wood 0101\n", line = 7,
    msg = "wrong number of arguments to 'label'",
    all = { { 7, "wrong number of arguments to 'label' (usage: label HEX \"TEXT\")" },
            { 8, "unknown terrain 'wood' (allowed: " .. TERRAIN_LIST .. ")" } } },
  { id = "extent-error-and-later-syntax-error",
    text = HEAD .. "terrain forest 1301\nforrest 0101\n", line = 6,
    msg = "hex 1301 is outside the map",
    all = { { 6, "hex 1301 is outside the map (columns 1-12, rows 1-10)" },
            { 7, "unknown directive 'forrest' (expected one of: block, columns, default, edge, elevation, label, map, note, parity, path, rows, terrain, title)" } } },
  { id = "extent-error-and-later-header-error",
    text = "map t\ncolumns 1-12\nrows 1-10\nterrain forest 1301\nparity oddish\n", line = 4,
    msg = "hex 1301 is outside the map (columns 1-12, rows 1-10)", exact = true,
    all = { { 4, "hex 1301 is outside the map (columns 1-12, rows 1-10)" },
            { 5, "bad parity 'oddish' (expected odd-down or even-down)" },
            { 6, "missing 'default'" } } },
  { id = "body-error-and-missing", text = "map t\ncolumns 1-12\nrows 1-10\nlabel 0111 \"x\"\n",
    line = 4, msg = "hex 0111 is outside the map",
    all = { { 4, "hex 0111 is outside the map (columns 1-12, rows 1-10)" },
            { 5, "missing 'parity'" }, { 5, "missing 'default'" } } },
  { id = "did-you-mean", text = HEAD .. "terain forest 0101\nterrain forrest 0102\nedge rivr 0101:N\n", line = 6,
    msg = "unknown directive 'terain' (did you mean 'terrain'?)",
    all = { { 6, "unknown directive 'terain' (did you mean 'terrain'?) (expected one of: block, columns, default, edge, elevation, label, map, note, parity, path, rows, terrain, title)" },
            { 7, "unknown terrain 'forrest' (did you mean 'forest'?) (allowed: " .. TERRAIN_LIST .. ")" },
            { 8, "unknown hexside feature 'rivr' (did you mean 'river'?) (allowed: " .. EDGE_LIST .. ")" } } },
}

for _, c in ipairs(BAD) do
  case("bad-" .. c.id, function ()
    local m, err, list = mapfile.parse(c.text, "bad.map", SPEC)
    check(m == nil, "parsed, expected an error")
    check(type(err) == "string", "error is not a string")
    -- every problem is on its own line, in line order; the first is checked here
    local file, line, msg = err:match("^([^:]+):(%d+): ([^\n]*)")
    if c.all then
      local got = {}
      for i, e in ipairs(list) do got[i] = { e.line, e.msg } end
      check_eq(got, c.all, "every error")
      local lines = {}
      for i, e in ipairs(c.all) do lines[i] = "bad.map:" .. e[1] .. ": " .. e[2] end
      check_eq(err, table.concat(lines, "\n"), "the message")
    end
    check(#list >= 1 and list[1].line == c.line, "the error list starts at line " .. c.line)
    check(file == "bad.map", "bad error format: " .. err)
    check(tonumber(line) == c.line,
      "line " .. tostring(line) .. ", expected " .. c.line .. " (" .. err .. ")")
    if c.exact then
      check(msg == c.msg, "message\n  got:      " .. msg .. "\n  expected: " .. c.msg)
    else
      check(msg:find(c.msg, 1, true), "message " .. show(msg) .. " lacks " .. show(c.msg))
    end
  end)
end

case("bad-default-filename", function ()
  local _, err = mapfile.parse("bogus\n", nil, SPEC)
  check_eq(err:match("^(.-):1: unknown directive 'bogus'"), "<map>", "filename")
end)

case("bad-spec-raises", function ()
  check(not pcall(mapfile.parse, "map x\n", "x.map", nil), "nil spec")
  check(not pcall(mapfile.parse, "map x\n", "x.map", { terrain = "clear" }), "string terrain")
  check(not pcall(mapfile.parse, nil, "x.map", SPEC), "nil text")
end)

---------------------------------------------------------------------------
-- The fixture map
---------------------------------------------------------------------------

local function read_file(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

-- An edge named from either side, as one key.
local function edge_key(col, row, dir, parity)
  local nc, nr = mapfile.neighbour(col, row, dir, parity)
  local a = string.format("%04d%04d%d", col, row, dir)
  local b = string.format("%04d%04d%d", nc, nr, (dir + 3) % 6)
  return a < b and a or b
end

case("fixture-skirmish", function ()
  local path = "tests/fixtures/rulesets/skirmish/maps/skirmish.map"
  local m, err = mapfile.parse(read_file(path), path, SPEC)
  check(m, err)
  check_eq(m.id, "skirmish")
  check_eq(m.title, "Skirmish at Wola")
  check_eq(#m.notes, 1, "notes")
  check_eq({ m.col0, m.row0, m.width, m.height, m.parity, m.default },
           { 1, 1, 12, 10, "odd-down", "clear" }, "extent")

  -- The last word on each hex's terrain and elevation.
  local terrain, elevation = {}, {}
  for _, t in ipairs(m.terrain) do
    check(t.hex.col >= 1 and t.hex.col <= 12 and t.hex.row >= 1 and t.hex.row <= 10)
    terrain[mapfile.format_hex(t.hex.col, t.hex.row)] = t.kind
  end
  for _, e in ipairs(m.elevation) do
    elevation[mapfile.format_hex(e.hex.col, e.hex.row)] = e.value
  end
  local counts = {}
  for _, kind in pairs(terrain) do counts[kind] = (counts[kind] or 0) + 1 end
  check_eq(counts, { forest = 12, hill = 4, village = 2 }, "terrain counts")
  check_eq(terrain["0201"], "forest")
  check_eq(terrain["1110"], "forest")
  check_eq(terrain["0408"], "hill")
  check_eq(terrain["0905"], "village")
  check_eq(elevation, { ["0407"] = 1, ["0507"] = 1, ["0508"] = 1, ["0408"] = 2 },
    "elevation")

  -- Edges by feature.
  local by = {}
  for _, e in ipairs(m.edges) do
    by[e.feature] = by[e.feature] or {}
    by[e.feature][edge_key(e.hex.col, e.hex.row, e.dir, m.parity)] = true
  end
  local function count(set)
    local n = 0
    for _ in pairs(set) do n = n + 1 end
    return n
  end
  check_eq(count(by.river), 20, "river edges")
  check_eq(count(by.bridge), 1, "bridge edges")
  check_eq(count(by.ford), 1, "ford edges")
  check_eq(count(by.road), 11, "road edges")
  local bridge = edge_key(6, 5, 2, m.parity)
  local ford = edge_key(6, 8, 1, m.parity)
  check(by.bridge[bridge] and by.river[bridge], "the bridge spans the river")
  check(by.ford[ford] and by.river[ford], "the ford crosses the river")
  check_eq(edge_key(7, 5, 5, m.parity), bridge, "bridge seen from the east bank")
  check_eq(edge_key(7, 7, 4, m.parity), ford, "ford seen from the east bank")
  -- The road crosses the river exactly once, at the bridge.
  local crossings = {}
  for k in pairs(by.road) do
    if by.river[k] then crossings[#crossings + 1] = k end
  end
  check_eq(crossings, { bridge }, "road/river crossings")

  local labels = {}
  for _, l in ipairs(m.labels) do labels[#labels + 1] = mapfile.format_hex(l.hex.col, l.hex.row) .. "=" .. l.text end
  check_eq(labels, { "0905=Wola", "0407=Mill Hill" }, "labels")
end)

case("fixture-skirmish-every-edge-on-map", function ()
  local path = "tests/fixtures/rulesets/skirmish/maps/skirmish.map"
  local m = assert(mapfile.parse(read_file(path), path, SPEC))
  for _, e in ipairs(m.edges) do
    check(e.dir >= 0 and e.dir <= 5 and math.type(e.dir) == "integer")
    check(e.hex.col >= 1 and e.hex.col <= 12 and e.hex.row >= 1 and e.hex.row <= 10)
  end
end)

print(string.format("%d passed, %d failed", passed, failed))
if failed > 0 then os.exit(1) end
