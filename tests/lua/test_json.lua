-- Tests for lua/engine/json.lua.  Run from the repository root:
--   lua5.4 tests/lua/test_json.lua
package.path = "lua/engine/?.lua;" .. package.path

local json = require("json")

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

local function diff(a, b, path)
  path = path or "value"
  if type(a) ~= "table" or type(b) ~= "table" then
    if a == b and math.type(a) == math.type(b) then return nil end
    return path .. ": got " .. show(a) .. " (" .. tostring(math.type(a) or type(a)) ..
      "), expected " .. show(b) .. " (" .. tostring(math.type(b) or type(b)) .. ")"
  end
  if (a == json.null) ~= (b == json.null) then
    return path .. ": null versus table"
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

---------------------------------------------------------------------------
-- Encoding
---------------------------------------------------------------------------

local shared = { 1 }
local ENCODE = {
  { id = "nil", v = nil, out = "null" },
  { id = "null", v = json.null, out = "null" },
  { id = "true", v = true, out = "true" },
  { id = "false", v = false, out = "false" },
  { id = "zero", v = 0, out = "0" },
  { id = "negative", v = -42, out = "-42" },
  { id = "maxint", v = math.maxinteger, out = "9223372036854775807" },
  { id = "minint", v = math.mininteger, out = "-9223372036854775808" },
  { id = "float", v = 1.5, out = "1.5" },
  { id = "float-0.1", v = 0.1, out = "0.10000000000000001" },
  { id = "float-integral", v = 2.0, out = "2" },
  { id = "float-big", v = 1e300, out = "1.0000000000000001e+300" },
  { id = "float-small", v = -2.5e-8, out = "-2.4999999999999999e-08" },
  { id = "string-plain", v = "abc", out = '"abc"' },
  { id = "string-quote-backslash", v = 'a"b\\c', out = '"a\\"b\\\\c"' },
  { id = "string-controls", v = "\n\t\r\0\31\8\12", out = '"\\u000a\\u0009\\u000d\\u0000\\u001f\\u0008\\u000c"' },
  { id = "string-utf8", v = "Mała é 😀", out = '"Mała é 😀"' },
  { id = "string-slash-del", v = "a/b\127", out = '"a/b\127"' },
  { id = "empty-table", v = {}, out = "{}" },
  { id = "empty-array-sentinel", v = json.empty_array, out = "[]" },
  { id = "empty-marked-array", v = json.array(), out = "[]" },
  { id = "array", v = { 1, 2, 3 }, out = "[1,2,3]" },
  { id = "array-mixed", v = { "a", true, json.null, 1.25 }, out = '["a",true,null,1.25]' },
  { id = "array-sparse", v = { 1, nil, 3 }, out = '{"1":1,"3":3}' },
  { id = "zero-key", v = { [0] = "z", "a" }, out = '{"0":"z","1":"a"}' },
  { id = "negative-key", v = { [-1] = 1 }, out = '{"-1":1}' },
  { id = "array-and-keys", v = { 1, 2, x = 3 }, out = '{"1":1,"2":2,"x":3}' },
  { id = "sorted-keys", v = { b = 1, a = 2, B = 3, aa = 4, [10] = 5, [9] = 6, ["é"] = 7, [""] = 8 },
    out = '{"":8,"10":5,"9":6,"B":3,"a":2,"aa":4,"b":1,"é":7}' },
  { id = "nested", v = { list = { { x = 1 }, {} }, obj = { y = json.empty_array } },
    out = '{"list":[{"x":1},{}],"obj":{"y":[]}}' },
  { id = "shared-not-cycle", v = { a = shared, b = shared }, out = '{"a":[1],"b":[1]}' },
  { id = "pretty-2", v = { a = { 1, 2 }, b = {}, c = json.empty_array, d = { e = "f" } },
    opts = { indent = 2 },
    out = '{\n  "a": [\n    1,\n    2\n  ],\n  "b": {},\n  "c": [],\n  "d": {\n    "e": "f"\n  }\n}' },
  { id = "pretty-4-scalar", v = 7, opts = { indent = 4 }, out = "7" },
  { id = "pretty-4-array", v = { { 1 } }, opts = { indent = 4 },
    out = "[\n    [\n        1\n    ]\n]" },
  { id = "indent-0-compact", v = { a = { 1 } }, opts = { indent = 0 }, out = '{"a":[1]}' },
}

for _, c in ipairs(ENCODE) do
  case("encode-" .. c.id, function ()
    local got = json.encode(c.v, c.opts)
    check(got == c.out, "got " .. show(got) .. ", expected " .. show(c.out))
  end)
end

local cyc = {}
cyc.self = cyc
local cyc2 = { a = { b = {} } }
cyc2.a.b.c = cyc2
local cyc3 = { 1, 2 }
cyc3[3] = { cyc3 }

local ENCODE_ERRORS = {
  { id = "nan", v = 0 / 0, err = "json: cannot encode NaN" },
  { id = "inf", v = math.huge, err = "json: cannot encode infinity" },
  { id = "-inf", v = { x = -math.huge }, err = "json: cannot encode infinity" },
  { id = "cycle-self", v = cyc, err = "json: cycle" },
  { id = "cycle-deep", v = cyc2, err = "json: cycle" },
  { id = "cycle-array", v = cyc3, err = "json: cycle" },
  { id = "function", v = { f = print }, err = "json: cannot encode a value of type function" },
  { id = "float-key", v = { [1.5] = 1 }, err = "json: cannot encode a key of type float" },
  { id = "boolean-key", v = { [true] = 1 }, err = "json: cannot encode a key of type boolean" },
  { id = "duplicate-key", v = { [1] = "a", ["1"] = "b" }, err = "json: duplicate key '1'" },
}

for _, c in ipairs(ENCODE_ERRORS) do
  case("encode-error-" .. c.id, function ()
    local ok, err = pcall(json.encode, c.v)
    check(not ok, "encoded, expected an error")
    check(err == c.err, "error " .. show(err) .. ", expected " .. show(c.err))
  end)
end

case("encode-bad-indent", function ()
  check(not pcall(json.encode, {}, { indent = -1 }), "negative indent")
  check(not pcall(json.encode, {}, { indent = 1.5 }), "float indent")
end)

case("encode-deterministic-insertion-order", function ()
  local a, b = {}, {}
  local names = {}
  for i = 1, 200 do names[i] = "k" .. i end
  for i = 1, 200 do a[names[i]] = i end
  for i = 200, 1, -1 do b[names[i]] = i end
  for i = 1, 100 do a[names[i]] = nil; a[names[i]] = i end
  check_eq(json.encode(a), json.encode(b), "encoding")
  check_eq(json.encode(a, { indent = 2 }), json.encode(b, { indent = 2 }), "pretty")
end)

case("encode-deep-nesting", function ()
  local v = {}
  local cur = v
  for _ = 1, 500 do
    local nxt = {}
    cur[1] = nxt
    cur = nxt
  end
  check_eq(json.encode(v), string.rep("[", 500) .. "{}" .. string.rep("]", 500))
end)

case("sentinels-read-only", function ()
  check(not pcall(function () json.null.x = 1 end), "null")
  check(not pcall(function () json.empty_array[1] = 1 end), "empty_array")
  check(json.is_array(json.empty_array) and json.is_array(json.array({})))
  check(not json.is_array({}))
end)

---------------------------------------------------------------------------
-- Decoding
---------------------------------------------------------------------------

local DECODE = {
  { id = "null", text = "null", v = json.null },
  { id = "true", text = " true ", v = true },
  { id = "false", text = "\n\tfalse\r\n", v = false },
  { id = "int", text = "0", v = 0 },
  { id = "neg-int", text = "-12", v = -12 },
  { id = "big-int", text = "123456789012", v = 123456789012 },
  { id = "maxint", text = "9223372036854775807", v = math.maxinteger },
  { id = "minint", text = "-9223372036854775808", v = math.mininteger },
  { id = "neg-zero-int", text = "-0", v = 0 },
  { id = "float", text = "1.5", v = 1.5 },
  { id = "float-integral", text = "2.0", v = 2.0 },
  { id = "exp", text = "1e2", v = 100.0 },
  { id = "exp-neg", text = "-2.5E-3", v = -0.0025 },
  { id = "exp-plus", text = "3e+1", v = 30.0 },
  { id = "string", text = '"abc"', v = "abc" },
  { id = "string-escapes", text = '"\\"\\\\\\/\\b\\f\\n\\r\\t"', v = '"\\/\b\f\n\r\t' },
  { id = "string-u-ascii", text = '"\\u0041\\u00e9\\u00E9"', v = "Aéé" },
  { id = "string-u-nul", text = '"a\\u0000b"', v = "a\0b" },
  { id = "string-u-bmp", text = '"\\u0142\\u20ac"', v = "ł€" },
  { id = "string-surrogates", text = '"\\ud83d\\ude00x"', v = "😀x" },
  { id = "string-raw-utf8", text = '"Mała 😀"', v = "Mała 😀" },
  { id = "string-raw-del", text = '"a\127"', v = "a\127" },
  { id = "empty-array", text = "[]", v = {} },
  { id = "empty-array-ws", text = "[ \n ]", v = {} },
  { id = "empty-object", text = "{ }", v = {} },
  { id = "array", text = "[1, 2.5, \"x\", null, true]", v = { 1, 2.5, "x", json.null, true } },
  { id = "object", text = '{"b": {"c": [1, {}]}, "a": -1}', v = { a = -1, b = { c = { 1, {} } } } },
  { id = "object-empty-key", text = '{"": 1}', v = { [""] = 1 } },
}

for _, c in ipairs(DECODE) do
  case("decode-" .. c.id, function ()
    local v, err = json.decode(c.text)
    check(err == nil, "error: " .. tostring(err))
    check_eq(v, c.v, "decoded")
  end)
end

local DECODE_ERRORS = {
  { id = "empty", text = "", err = "json: 1:1: unexpected end of input" },
  { id = "blank", text = "  \n ", err = "json: 2:2: unexpected end of input" },
  { id = "garbage", text = "x", err = "json: 1:1: unexpected 'x'" },
  { id = "bad-literal", text = "[tru]", err = "json: 1:2: unexpected 't'" },
  { id = "nul-literal", text = "nul", err = "json: 1:1: unexpected 'n'" },
  { id = "trailing-comma-array", text = "[1,]", err = "json: 1:4: unexpected ']'" },
  { id = "trailing-comma-object", text = '{"a":1,}', err = "json: 1:8: expected a string key, got '}'" },
  { id = "missing-comma", text = "[1 2]", err = "json: 1:4: expected ',' or ']', got '2'" },
  { id = "missing-colon", text = '{"a" 1}', err = "json: 1:6: expected ':', got '1'" },
  { id = "object-missing-brace", text = '{"a":1', err = "json: 1:7: expected ',' or '}', got end of input" },
  { id = "unquoted-key", text = "{a:1}", err = "json: 1:2: expected a string key, got 'a'" },
  { id = "array-unclosed", text = "[1,2", err = "json: 1:5: expected ',' or ']', got end of input" },
  { id = "trailing", text = "[1] x", err = "json: 1:5: trailing characters after the value" },
  { id = "two-values", text = "1 2", err = "json: 1:3: trailing characters after the value" },
  { id = "leading-zero", text = "01", err = "json: 1:1: bad number (leading zero)" },
  { id = "dot-no-digit", text = "1.", err = "json: 1:2: bad number (digit expected after '.')" },
  { id = "leading-dot", text = ".5", err = "json: 1:1: unexpected '.'" },
  { id = "exp-no-digit", text = "1e+", err = "json: 1:2: bad number (digit expected in exponent)" },
  { id = "minus-alone", text = "-", err = "json: 1:1: bad number" },
  { id = "plus-sign", text = "+1", err = "json: 1:1: unexpected '+'" },
  { id = "int-overflow", text = "9223372036854775808", err = "json: 1:1: integer out of range" },
  { id = "float-overflow", text = "[1e400]", err = "json: 1:2: number out of range" },
  { id = "unterminated-string", text = '["abc', err = "json: 1:2: unterminated string" },
  { id = "bad-escape", text = '"a\\x"', err = "json: 1:3: bad escape '\\x'" },
  { id = "short-u", text = '"\\u12"', err = "json: 1:4: expected four hex digits after \\u" },
  { id = "lone-high", text = '"\\ud800"', err = "json: 1:2: high surrogate without a low surrogate" },
  { id = "high-then-bmp", text = '"\\ud800\\u0041"', err = "json: 1:8: high surrogate followed by a non-low surrogate" },
  { id = "lone-low", text = '"\\udc00"', err = "json: 1:2: low surrogate without a high surrogate" },
  { id = "raw-tab", text = '"a\tb"', err = "json: 1:3: control character 0x09 in string" },
  { id = "raw-newline", text = '"a\nb"', err = "json: 1:3: control character 0x0a in string" },
  { id = "invalid-utf8", text = '["ok", "\255"]', err = "json: 1:9: invalid UTF-8" },
  { id = "duplicate-key", text = '{"a":1,\n "a":2}', err = "json: 2:2: duplicate key 'a'" },
  { id = "multiline-position", text = "[\n  1,\n  ]", err = "json: 3:3: unexpected ']'" },
  { id = "control-byte-describe", text = "\1", err = "json: 1:1: unexpected byte 0x01" },
  { id = "too-deep", text = string.rep("[", 201) .. string.rep("]", 201),
    err = "json: 1:201: nesting too deep (limit 200)" },
  { id = "too-deep-object", text = string.rep('{"a":', 200) .. "{}" .. string.rep("}", 200),
    err = "json: 1:1001: nesting too deep (limit 200)" },
}

for _, c in ipairs(DECODE_ERRORS) do
  case("decode-error-" .. c.id, function ()
    local v, err = json.decode(c.text)
    check(v == nil, "decoded, expected an error")
    check(err == c.err, "error " .. show(err) .. ", expected " .. show(c.err))
  end)
end

case("decode-not-a-string", function ()
  local v, err = json.decode(42)
  check(v == nil and err:match("^json: "), "expected an error")
end)

case("decode-depth-200-ok", function ()
  local text = string.rep("[", 200) .. string.rep("]", 200)
  local v, err = json.decode(text)
  check(v, err)
  check_eq(json.encode(v), text, "re-encoded")
end)

case("decode-number-types", function ()
  check_eq(math.type(json.decode("5")), "integer")
  check_eq(math.type(json.decode("5.0")), "float")
  check_eq(math.type(json.decode("5e0")), "float")
  check_eq(math.type(json.decode("[-7]")[1]), "integer")
end)

case("decode-arrays-keep-their-kind", function ()
  local v = assert(json.decode('{"a":[],"b":{},"c":[1]}'))
  check_eq(json.encode(v), '{"a":[],"b":{},"c":[1]}', "round trip")
  v.c[1] = nil
  check_eq(json.encode(v), '{"a":[],"b":{},"c":[]}', "emptied array")
  v.a[1] = "x"
  check_eq(json.encode(v.a), '["x"]', "filled array")
end)

---------------------------------------------------------------------------
-- Round trips
---------------------------------------------------------------------------

local ROUND_TRIP_TEXT = {
  '{"a":[1,2,{"b":null}],"c":"d\\u000ae","f":-1.5,"g":true,"h":[]}',
  '[0,-0.5,1.0000000000000001e+300,"\\"\\\\","😀",{}]',
  '{"":{"":[]}}',
  '"\\u0000\\u001f"',
  '[[[[[]]]]]',
}

for i, text in ipairs(ROUND_TRIP_TEXT) do
  case("round-trip-text-" .. i, function ()
    local v, err = json.decode(text)
    check(err == nil, err)
    check_eq(json.encode(v), text, "re-encoded")
  end)
end

case("round-trip-value", function ()
  local value = {
    id = "grunwald", turn = 3, ratio = 0.75, flags = { true, false },
    units = { { id = "u1", hex = { col = 23, row = 0 }, sp = 4 },
              { id = "u2", hex = { col = 6, row = 14 }, sp = 0 } },
    log = json.empty_array, note = "Mała \"Wola\"\n",
    [1] = "one", [2] = "two",
  }
  for _, opts in ipairs({ {}, { indent = 2 } }) do
    local text = json.encode(value, opts)
    local back, err = json.decode(text)
    check(back, err)
    local expected = {}
    for k, v in pairs(value) do expected[type(k) == "number" and tostring(k) or k] = v end
    expected.log = {}
    check_eq(back, expected, "decoded")
    check_eq(json.encode(back, opts), text, "re-encoded")
  end
end)

case("round-trip-all-bytes", function ()
  local bytes = {}
  for b = 0, 127 do bytes[#bytes + 1] = string.char(b) end
  local s = table.concat(bytes) .. "é€😀"
  check_eq(json.decode(json.encode(s)), s, "string")
  check_eq(json.decode(json.encode({ [s] = s }))[s], s, "key")
end)

print(string.format("%d passed, %d failed", passed, failed))
if failed > 0 then os.exit(1) end
