-- Small helpers for the engine (trusted code).  Anything whose order
-- can reach a game goes through sorted_keys / spairs.
local M = {}

local function rank(v)
  local t = type(v)
  if t == "number" then return 0 elseif t == "string" then return 1
  elseif t == "boolean" then return 2 else return 3 end
end

function M.key_less(a, b)
  local ra, rb = rank(a), rank(b)
  if ra ~= rb then return ra < rb end
  if ra == 2 then return (not a) and b end
  if ra == 3 then return tostring(a) < tostring(b) end
  return a < b
end

-- Sort a list of distinct keys in place in key_less order.  Numbers,
-- strings and booleans (the keys of almost every table) are sorted apart,
-- each kind by the C comparison (no Lua comparator call per comparison),
-- and put back in key_less's order: numbers, strings, false, true.  A list
-- holding any other kind of value is sorted by key_less itself.
function M.sort_keys(list)
  local n = #list
  if n < 2 then return list end
  local nums, strs, nn, ns = {}, {}, 0, 0
  local f, tr = false, false
  for i = 1, n do
    local k = list[i]
    local ty = type(k)
    if ty == "string" then ns = ns + 1; strs[ns] = k
    elseif ty == "number" then nn = nn + 1; nums[nn] = k
    elseif k == false then f = true
    elseif k == true then tr = true
    else
      table.sort(list, M.key_less)
      return list
    end
  end
  if nn > 1 then table.sort(nums) end
  if ns > 1 then table.sort(strs) end
  for i = 1, nn do list[i] = nums[i] end
  for i = 1, ns do list[nn + i] = strs[i] end
  local k = nn + ns
  if f then k = k + 1; list[k] = false end
  if tr then k = k + 1; list[k] = true end
  return list
end

function M.sorted_keys(t)
  local keys, n = {}, 0
  for k in next, t do n = n + 1; keys[n] = k end
  return M.sort_keys(keys)
end

-- pairs in sorted key order
function M.spairs(t)
  local keys, i = M.sorted_keys(t), 0
  return function()
    i = i + 1
    local k = keys[i]
    if k ~= nil then return k, t[k] end
  end
end

function M.split(s, sep)
  local out = {}
  for part in (s .. sep):gmatch("(.-)" .. sep:gsub("%p", "%%%0")) do out[#out + 1] = part end
  return out
end

function M.trim(s) return (s:gsub("^%s+", ""):gsub("%s+$", "")) end

-- Words of an action line; "double quotes" group words.
function M.words(line)
  local out, i, n = {}, 1, #line
  while i <= n do
    local c = line:sub(i, i)
    if c:match("%s") then
      i = i + 1
    elseif c == '"' then
      local j = line:find('"', i + 1, true)
      if not j then return nil, "unterminated quote" end
      out[#out + 1] = line:sub(i + 1, j - 1)
      i = j + 1
    else
      local j = line:find("[%s\"]", i) or n + 1
      out[#out + 1] = line:sub(i, j - 1)
      i = j
    end
  end
  return out
end

function M.deepcopy(v, seen)
  if type(v) ~= "table" then return v end
  seen = seen or {}
  if seen[v] then return seen[v] end
  local c = {}
  seen[v] = c
  for k, x in next, v do c[M.deepcopy(k, seen)] = M.deepcopy(x, seen) end
  -- the real metatable (a protected one shows only its name)
  return setmetatable(c, debug.getmetatable(v))
end

function M.read_file(path)
  local f, err = io.open(path, "rb")
  if not f then return nil, err end
  local s = f:read("a")
  f:close()
  return s
end

function M.exists(path)
  local f = io.open(path, "rb")
  if f then f:close() return true end
  return false
end

function M.is_dir(path)
  local ok, _, code = os.rename(path .. "/", path .. "/")
  return ok or code == 13
end

-- The names in a directory, sorted; {} when it cannot be read (read by
-- the kernel: no shell sees the path).
function M.list_dir(path)
  local out = bitwa.util.list_dir(path)
  table.sort(out)
  return out
end

-- Canonical text of a value: sorted keys, functions by their position.
-- (Written into one buffer: the same text as joining each table's parts.)
local function canonical_scalar(v, t)
  if t == "string" then return string.format("%q", v)
  elseif t == "number" then
    if math.type(v) == "integer" then return tostring(v) end
    return string.format("%.17g", v)
  elseif t == "boolean" or t == "nil" then return tostring(v)
  elseif t == "function" then
    local src, first, last = bitwa.util.function_info(v)
    return string.format("<function %s:%d-%d>", src, first, last)
  elseif t == "userdata" and bitwa.hex.is(v) then
    return "hex(" .. v.label .. ")"
  end
  return "<" .. t .. ">"
end

local function canonical_into(v, seen, buf, n)
  local t = type(v)
  if t ~= "table" then
    n = n + 1; buf[n] = canonical_scalar(v, t)
    return n
  end
  if seen[v] then n = n + 1; buf[n] = "<cycle>"; return n end
  seen[v] = true
  n = n + 1; buf[n] = "{"
  local keys = M.sorted_keys(v)
  for i = 1, #keys do
    local k = keys[i]
    n = n + 1; buf[n] = i == 1 and "[" or ",["
    n = canonical_into(k, seen, buf, n)
    n = n + 1; buf[n] = "]="
    n = canonical_into(v[k], seen, buf, n)
  end
  seen[v] = nil
  n = n + 1; buf[n] = "}"
  return n
end

function M.canonical(v, seen)
  local t = type(v)
  if t ~= "table" then return canonical_scalar(v, t) end
  local buf = {}
  local n = canonical_into(v, seen or {}, buf, 0)
  return table.concat(buf, "", 1, n)
end

-- Text for a terminal: the C0 control characters but tab and newline,
-- DEL and the C1 controls (UTF-8 C2 80 to C2 9F) written as \xNN and
-- \uNNNN, so that nothing a stranger's scenario, ruleset, bot or game
-- file names (a title, a unit, a note, a prompt) sends escape sequences
-- to the user's terminal.  Every other byte as it is (UTF-8 text).
function M.for_terminal(s)
  if not s:find("[%z\1-\8\11-\31\127\194]") then return s end
  s = s:gsub("[%z\1-\8\11-\31\127]", function(c) return string.format("\\x%02x", c:byte()) end)
  return (s:gsub("\194([\128-\159])", function(c) return string.format("\\u%04x", c:byte()) end))
end

-- What the command writes on its standard output and error goes through
-- for_terminal (files it writes do not): the method write of the files
-- (their shared metatable), io.write and print.  Called once, by cli.main.
-- M.raw_write(file, ...): the write of files as Lua has it, for the
-- engine's own control characters (the progress bar's carriage returns).
M.raw_write = function(f, ...) return f:write(...) end

function M.guard_terminal()
  local methods = getmetatable(io.stdout).__index
  if methods.bitwa_guarded then return end
  local raw_write = methods.write
  M.raw_write = raw_write
  local stdout, stderr = io.stdout, io.stderr
  methods.write = function(f, ...)
    if f ~= stdout and f ~= stderr then return raw_write(f, ...) end
    local n = select("#", ...)
    local parts = { ... }
    for i = 1, n do
      local v = parts[i]
      if type(v) == "string" then parts[i] = M.for_terminal(v) end
    end
    return raw_write(f, table.unpack(parts, 1, n))
  end
  methods.bitwa_guarded = true
  io.write = function(...) return io.output():write(...) end
  print = function(...)
    local n = select("#", ...)
    local t = {}
    for i = 1, n do t[i] = tostring((select(i, ...))) end
    io.stdout:write(table.concat(t, "\t"), "\n")
  end
end

function M.printf(fmt, ...) io.write(string.format(fmt, ...)) end
function M.eprintf(fmt, ...) io.stderr:write(string.format(fmt, ...)) end

M.FACINGS = { "N", "NE", "SE", "S", "SW", "NW" }
function M.parse_facing(s)
  if type(s) == "number" then
    if math.type(s) == "integer" and s >= 0 and s < 6 then return s end
    return nil
  end
  s = tostring(s):upper()
  for i, name in ipairs(M.FACINGS) do if name == s then return i - 1 end end
  local n = tonumber(s)
  if n and n >= 0 and n < 6 and n == math.floor(n) then return math.tointeger(n) end
  return nil
end


-- v (an integer) counted in 1/n of a point, in whole points: "6 5/6",
-- "2", "1/2" (what the prompt and the server show for MP kept in parts)
function M.whole(v, n)
  local w, r = v // n, v % n
  if r == 0 then return tostring(w) end
  local a, b = r, n
  while b ~= 0 do a, b = b, a % b end
  return (w ~= 0 and (w .. " ") or "") .. (r // a) .. "/" .. (n // a)
end

return M
