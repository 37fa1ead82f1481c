-- json.lua -- deterministic JSON encoding and strict decoding.
--
-- Encoding: a table with keys exactly 1..n (n >= 1) is an array; any
-- other table is an object whose keys are written in byte order; an empty
-- table is {} unless it is M.empty_array or was marked with M.array.
-- Integers are written as integers, floats with %.17g (finite only).
--
-- Decoding: null is M.null, integers without fraction or exponent become
-- Lua integers, arrays come back marked (so [] re-encodes as []).  Errors
-- are returned as nil, "json: LINE:COLUMN: message".

local M = {}

local MAX_DEPTH = 200

local function read_only()
  error("json: this sentinel is read-only", 2)
end

-- Every metatable json hands out is protected (getmetatable gives its
-- name, setmetatable refuses it): test files and bots see these values.
-- The module itself looks at the real metatables.
local rawgetmetatable = debug.getmetatable

M.null = setmetatable({}, {
  __newindex = read_only,
  __tostring = function () return "json.null" end,
  __metatable = "json.null",
})

M.empty_array = setmetatable({}, {
  __newindex = read_only,
  __tostring = function () return "json.empty_array" end,
  __metatable = "json.empty_array",
})

-- Tables with this metatable encode as [] when empty.
local array_mt = { __name = "json.array", __metatable = "json.array" }

-- Mark t (default: a new table) as an array; returns it.
function M.array(t)
  t = t or {}
  if rawgetmetatable(t) == array_mt then return t end
  return setmetatable(t, array_mt)
end

function M.is_array(t)
  return t == M.empty_array or rawgetmetatable(t) == array_mt
end

---------------------------------------------------------------------------
-- Encoding
---------------------------------------------------------------------------

-- Byte-wise string order, independent of the C locale.
local function bytes_less(a, b)
  local n = math.min(#a, #b)
  local i = 1
  while i <= n do
    local x, y = a:byte(i), b:byte(i)
    if x ~= y then return x < y end
    i = i + 1
  end
  return #a < #b
end

local ESCAPES = { ['"'] = '\\"', ['\\'] = '\\\\' }
for c = 0, 31 do
  ESCAPES[string.char(c)] = string.format("\\u%04x", c)
end

local function encode_string(s)
  return '"' .. s:gsub('[\0-\31"\\]', ESCAPES) .. '"'
end

local function encode_number(v)
  if math.type(v) == "integer" then
    return string.format("%d", v)
  end
  if v ~= v then error("json: cannot encode NaN", 0) end
  if v == math.huge or v == -math.huge then
    error("json: cannot encode infinity", 0)
  end
  return (string.format("%.17g", v):gsub(",", "."))
end

-- The kind of a table: "array" with its length, or "object" with its
-- sorted string keys and the values under them.
local function classify(t)
  local count, maxn = 0, 0
  local all_int = true
  for k in next, t do
    count = count + 1
    if math.type(k) == "integer" and k >= 1 then
      if k > maxn then maxn = k end
    else
      all_int = false
    end
  end
  if count == 0 then
    if t == M.empty_array or rawgetmetatable(t) == array_mt then
      return "array", 0
    end
    return "object", {}, {}
  end
  if all_int and maxn == count then
    return "array", count
  end
  local keys, values = {}, {}
  for k, v in next, t do
    local sk
    local tk = type(k)
    if tk == "string" then
      sk = k
    elseif math.type(k) == "integer" then
      sk = string.format("%d", k)
    else
      error("json: cannot encode a key of type " ..
        (tk == "number" and "float" or tk), 0)
    end
    if values[sk] ~= nil then
      error("json: duplicate key '" .. sk .. "'", 0)
    end
    values[sk] = v
    keys[#keys + 1] = sk
  end
  table.sort(keys, bytes_less)
  return "object", keys, values
end

function M.encode(value, opts)
  local indent = opts and opts.indent or 0
  if type(indent) ~= "number" or math.type(indent) ~= "integer" or indent < 0 then
    error("json: opts.indent must be a non-negative integer", 2)
  end
  local pretty = indent > 0
  local unit = string.rep(" ", indent)
  local buf = {}
  local active = {}      -- tables being encoded (on the current path)

  local function put(s) buf[#buf + 1] = s end

  local function enc(v, depth)
    local tv = type(v)
    if v == nil or v == M.null then
      put("null")
    elseif tv == "boolean" then
      put(v and "true" or "false")
    elseif tv == "number" then
      put(encode_number(v))
    elseif tv == "string" then
      put(encode_string(v))
    elseif tv == "table" then
      if active[v] then error("json: cycle", 0) end
      active[v] = true
      local kind, a, b = classify(v)
      local open, close = "{", "}"
      if kind == "array" then open, close = "[", "]" end
      local n = kind == "array" and a or #a
      if n == 0 then
        put(open .. close)
      else
        local nl_in, nl_out = "", ""
        if pretty then
          nl_in = "\n" .. string.rep(unit, depth + 1)
          nl_out = "\n" .. string.rep(unit, depth)
        end
        put(open)
        for i = 1, n do
          if i > 1 then put(",") end
          put(nl_in)
          if kind == "array" then
            enc(v[i], depth + 1)
          else
            local key = a[i]
            put(encode_string(key))
            put(pretty and ": " or ":")
            enc(b[key], depth + 1)
          end
        end
        put(nl_out)
        put(close)
      end
      active[v] = nil
    else
      error("json: cannot encode a value of type " .. tv, 0)
    end
  end

  enc(value, 0)
  return table.concat(buf)
end

---------------------------------------------------------------------------
-- Decoding
---------------------------------------------------------------------------

local function position(text, pos)
  local line, last_nl = 1, 0
  local i = 1
  while true do
    local e = text:find("\n", i, true)
    if not e or e >= pos then break end
    line = line + 1
    last_nl = e
    i = e + 1
  end
  return line .. ":" .. (pos - last_nl)
end

-- Raised inside the decoder, turned into nil, message by M.decode.
local DecodeError = { __metatable = "json.error" }

local SIMPLE_ESCAPES = {
  ['"'] = '"', ['\\'] = '\\', ['/'] = '/', b = '\b', f = '\f',
  n = '\n', r = '\r', t = '\t',
}

function M.decode(text)
  if type(text) ~= "string" then
    return nil, "json: 0:0: input must be a string, got " .. type(text)
  end

  local function fail(pos, msg)
    error(setmetatable({ pos = pos, msg = msg }, DecodeError), 0)
  end

  local bad_utf8 = select(2, utf8.len(text))
  if bad_utf8 then
    return nil, "json: " .. position(text, bad_utf8) .. ": invalid UTF-8"
  end

  local pos = 1
  local n = #text

  local function skip_ws()
    pos = text:find("[^ \t\r\n]", pos) or n + 1
  end

  local function describe(p)
    if p > n then return "end of input" end
    local c = text:sub(p, p)
    if c:byte() > 32 and c:byte() < 127 then return "'" .. c .. "'" end
    return string.format("byte 0x%02x", c:byte())
  end

  local value

  local function read_hex4(p)
    local h = text:match("^%x%x%x%x", p)
    if not h then fail(p, "expected four hex digits after \\u") end
    return tonumber(h, 16)
  end

  local function read_string()
    -- pos is at the opening quote
    local parts = {}
    local p = pos + 1
    while true do
      local s, e = text:find('^[^"\\\0-\31]+', p)
      if s then
        parts[#parts + 1] = text:sub(s, e)
        p = e + 1
      end
      if p > n then fail(pos, "unterminated string") end
      local c = text:sub(p, p)
      if c == '"' then
        pos = p + 1
        return table.concat(parts)
      elseif c == "\\" then
        local esc = text:sub(p + 1, p + 1)
        if SIMPLE_ESCAPES[esc] then
          parts[#parts + 1] = SIMPLE_ESCAPES[esc]
          p = p + 2
        elseif esc == "u" then
          local cp = read_hex4(p + 2)
          local q = p + 6
          if cp >= 0xD800 and cp <= 0xDBFF then
            if text:sub(q, q + 1) ~= "\\u" then
              fail(p, "high surrogate without a low surrogate")
            end
            local lo = read_hex4(q + 2)
            if lo < 0xDC00 or lo > 0xDFFF then
              fail(q, "high surrogate followed by a non-low surrogate")
            end
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
            q = q + 6
          elseif cp >= 0xDC00 and cp <= 0xDFFF then
            fail(p, "low surrogate without a high surrogate")
          end
          parts[#parts + 1] = utf8.char(cp)
          p = q
        elseif esc == "" then
          fail(pos, "unterminated string")
        else
          fail(p, "bad escape '\\" .. esc .. "'")
        end
      else
        fail(p, string.format("control character 0x%02x in string", c:byte()))
      end
    end
  end

  local function read_number()
    local s, e = text:find("^-?%d+", pos)
    if not s then fail(pos, "bad number") end
    local int = text:sub(s, e)
    if int:match("^-?0%d") then fail(pos, "bad number (leading zero)") end
    local is_int = true
    local fe = text:match("^%.%d*()", e + 1)
    if fe then
      if fe == e + 2 then fail(e + 1, "bad number (digit expected after '.')") end
      e = fe - 1
      is_int = false
    end
    local xe = text:match("^[eE][-+]?%d*()", e + 1)
    if xe then
      if not text:sub(e + 1, xe - 1):match("%d$") then
        fail(e + 1, "bad number (digit expected in exponent)")
      end
      e = xe - 1
      is_int = false
    end
    local str = text:sub(s, e)
    local v
    if is_int then
      v = math.tointeger(tonumber(str))
      if not v then fail(pos, "integer out of range") end
    else
      v = tonumber(str)
      if not v or v ~= v or v == math.huge or v == -math.huge then
        fail(pos, "number out of range")
      end
      v = v + 0.0
    end
    pos = e + 1
    return v
  end

  local function expect_literal(word, result)
    if text:sub(pos, pos + #word - 1) ~= word then
      fail(pos, "unexpected " .. describe(pos))
    end
    pos = pos + #word
    return result
  end

  function value(depth)
    skip_ws()
    if pos > n then fail(pos, "unexpected end of input") end
    local c = text:sub(pos, pos)
    if c == "{" then
      if depth >= MAX_DEPTH then
        fail(pos, "nesting too deep (limit " .. MAX_DEPTH .. ")")
      end
      local obj = {}
      pos = pos + 1
      skip_ws()
      if text:sub(pos, pos) == "}" then
        pos = pos + 1
        return obj
      end
      while true do
        skip_ws()
        if text:sub(pos, pos) ~= '"' then
          fail(pos, "expected a string key, got " .. describe(pos))
        end
        local kpos = pos
        local key = read_string()
        if obj[key] ~= nil then fail(kpos, "duplicate key '" .. key .. "'") end
        skip_ws()
        if text:sub(pos, pos) ~= ":" then
          fail(pos, "expected ':', got " .. describe(pos))
        end
        pos = pos + 1
        obj[key] = value(depth + 1)
        skip_ws()
        local d = text:sub(pos, pos)
        pos = pos + 1
        if d == "}" then return obj end
        if d ~= "," then fail(pos - 1, "expected ',' or '}', got " .. describe(pos - 1)) end
      end
    elseif c == "[" then
      if depth >= MAX_DEPTH then
        fail(pos, "nesting too deep (limit " .. MAX_DEPTH .. ")")
      end
      local arr = setmetatable({}, array_mt)
      pos = pos + 1
      skip_ws()
      if text:sub(pos, pos) == "]" then
        pos = pos + 1
        return arr
      end
      local i = 0
      while true do
        i = i + 1
        arr[i] = value(depth + 1)
        skip_ws()
        local d = text:sub(pos, pos)
        pos = pos + 1
        if d == "]" then return arr end
        if d ~= "," then fail(pos - 1, "expected ',' or ']', got " .. describe(pos - 1)) end
      end
    elseif c == '"' then
      return read_string()
    elseif c == "-" or c:match("^%d$") then
      return read_number()
    elseif c == "t" then
      return expect_literal("true", true)
    elseif c == "f" then
      return expect_literal("false", false)
    elseif c == "n" then
      return expect_literal("null", M.null)
    end
    fail(pos, "unexpected " .. describe(pos))
  end

  local ok, result = pcall(function ()
    local v = value(0)
    skip_ws()
    if pos <= n then fail(pos, "trailing characters after the value") end
    return v
  end)
  if ok then return result end
  if rawgetmetatable(result) == DecodeError then
    return nil, "json: " .. position(text, result.pos) .. ": " .. result.msg
  end
  error(result, 0)
end

return M
