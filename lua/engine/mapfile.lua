-- mapfile.lua -- the human-editable map format.
--
-- A map file is one directive per line ('#' starts a comment, blank lines
-- are ignored, "..." quotes text holding spaces).  M.parse turns the text
-- into a plain table of hexes, terrain, elevations, hexside features and
-- labels; it checks names against the ruleset's lists and hexes against
-- the map extent, and reports every error, one "FILE:LINE: message" a
-- line (a misspelt name with a "did you mean").
--
-- Geometry: flat-topped hexes in columns, every other column half a hex
-- lower ("down").  Directions are numbered clockwise from N:
-- 0 = N, 1 = NE, 2 = SE, 3 = S, 4 = SW, 5 = NW.

local M = {}

local DIR_NAMES = { [0] = "N", "NE", "SE", "S", "SW", "NW" }
local DIR_INDEX = { N = 0, NE = 1, SE = 2, S = 3, SW = 4, NW = 5 }
local DIR_LIST = "N, NE, SE, S, SW, NW"

local MAX_EXTENT = 99       -- columns or rows
local MAX_COLUMN = 9999     -- the column part of a label has at most 4 digits
local MAX_ROW = 99          -- the row part has exactly 2
local MAX_ELEVATION = 999999

local PARITIES = { ["odd-down"] = true, ["even-down"] = true }

-- Directives that may appear once, and those that must appear.
local ONCE = { map = true, title = true, columns = true, rows = true,
               parity = true, default = true }
local REQUIRED = { "map", "columns", "rows", "parity", "default" }

local USAGE = {
  map = "map ID",
  title = 'title "TEXT"',
  note = 'note "TEXT"',
  columns = "columns FIRST-LAST",
  rows = "rows FIRST-LAST",
  parity = "parity odd-down|even-down",
  default = "default TERRAIN",
  terrain = "terrain TERRAIN HEX|HEX-HEX ...",
  block = "block TERRAIN HEX HEX",
  elevation = "elevation N HEX|HEX-HEX ...",
  edge = "edge FEATURE HEX:DIR ...",
  path = "path FEATURE HEX HEX ...",
  label = 'label HEX "TEXT"',
}

local DIRECTIVES = {}
for name in next, USAGE do DIRECTIVES[#DIRECTIVES + 1] = name end
table.sort(DIRECTIVES)

local DIRECTIVE_LIST = (function ()
  local names = {}
  for name in next, USAGE do names[#names + 1] = name end
  table.sort(names)
  return table.concat(names, ", ")
end)()

---------------------------------------------------------------------------
-- "Did you mean": the closest of candidates to word
---------------------------------------------------------------------------

-- The edit distance (insertions, deletions, substitutions, and swaps of
-- two neighbouring letters) between a and b, or nil when above limit.
local function distance(a, b, limit)
  local la, lb = #a, #b
  if math.abs(la - lb) > limit then return nil end
  local prev2, prev, cur = {}, {}, {}
  for j = 0, lb do prev[j] = j end
  for i = 1, la do
    cur = { [0] = i }
    local best = i
    for j = 1, lb do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      local d = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
      if i > 1 and j > 1 and a:byte(i) == b:byte(j - 1) and a:byte(i - 1) == b:byte(j) then
        d = math.min(d, prev2[j - 2] + 1)
      end
      cur[j] = d
      if d < best then best = d end
    end
    if best > limit then return nil end
    prev2, prev = prev, cur
  end
  return prev[lb] <= limit and prev[lb] or nil
end

-- The candidate (a list of strings) closest to word when it is close
-- enough to be a likely typo (at most 1 edit in a word of 2 to 4
-- letters, 2 in a longer one; none for one letter; case ignored), or nil.  Ties go to the first candidate.
function M.suggest(word, candidates)
  if type(word) ~= "string" or #word < 2 or #word > 64 then return nil end
  local w = word:lower()
  local limit = #w <= 4 and 1 or 2
  local best, bestd
  for _, c in ipairs(candidates) do
    if type(c) == "string" and c ~= word and #c <= 64 then
      local d = distance(w, c:lower(), limit)
      if d and (not bestd or d < bestd) then best, bestd = c, d end
    end
  end
  return best
end

-- " (did you mean 'x'?)" or "".
function M.did_you_mean(word, candidates)
  local s = M.suggest(word, candidates)
  return s and (" (did you mean '" .. s .. "'?)") or ""
end

---------------------------------------------------------------------------
-- Hex labels and geometry
---------------------------------------------------------------------------

-- "2300" -> 23, 0; "614" and "0614" -> 6, 14.  3 to 6 digits; the last
-- two are the row.  Returns nil for anything else.
function M.parse_hex(s)
  if type(s) ~= "string" or not s:match("^%d%d%d%d?%d?%d?$") then
    return nil
  end
  return tonumber(s:sub(1, -3)), tonumber(s:sub(-2))
end

-- The label with at least four digits: 6, 14 -> "0614".
function M.format_hex(col, row)
  return string.format("%02d%02d", col, row)
end

local function is_down(col, parity)
  if parity == "odd-down" then
    return col % 2 == 1
  elseif parity == "even-down" then
    return col % 2 == 0
  end
  error("mapfile: bad parity " .. tostring(parity), 3)
end

-- The hex across edge dir (0..5) of (col, row); may lie off any map.
function M.neighbour(col, row, dir, parity)
  if math.type(dir) ~= "integer" or dir < 0 or dir > 5 then
    error("mapfile: bad direction " .. tostring(dir), 2)
  end
  local down = is_down(col, parity)
  if dir == 0 then return col, row - 1 end
  if dir == 3 then return col, row + 1 end
  local dc = (dir == 1 or dir == 2) and 1 or -1
  local upper = (dir == 1 or dir == 5)
  if down then
    return col + dc, upper and row or row + 1
  else
    return col + dc, upper and row - 1 or row
  end
end

-- The direction (0..5) from (c1, r1) to the adjacent (c2, r2), or nil.
function M.direction(c1, r1, c2, r2, parity)
  for dir = 0, 5 do
    local c, r = M.neighbour(c1, r1, dir, parity)
    if c == c2 and r == r2 then return dir end
  end
  return nil
end

-- Direction names, index 0..5.
function M.direction_name(dir)
  return DIR_NAMES[dir]
end

---------------------------------------------------------------------------
-- Lines and tokens
---------------------------------------------------------------------------

local function split_lines(text)
  local lines = {}
  local pos, n = 1, #text
  while pos <= n do
    local e = text:find("\n", pos, true)
    local line
    if e then
      line = text:sub(pos, e - 1)
      pos = e + 1
    else
      line = text:sub(pos)
      pos = n + 1
    end
    if line:sub(-1) == "\r" then line = line:sub(1, -2) end
    lines[#lines + 1] = line
  end
  if lines[1] and lines[1]:sub(1, 3) == "\239\187\191" then
    lines[1] = lines[1]:sub(4)          -- a UTF-8 byte order mark
  end
  return lines
end

-- Tokens of one line: { {text=, quoted=bool}, ... } or nil, message.
local function tokenize(line)
  local toks = {}
  local i, n = 1, #line
  while true do
    local s = line:find("[^ \t]", i)
    if not s then break end
    local ch = line:sub(s, s)
    if ch == "#" then break end
    if ch == '"' then
      local buf = {}
      local j = s + 1
      while true do
        if j > n then return nil, "unterminated string" end
        local c = line:sub(j, j)
        if c == '"' then break end
        if c == "\\" then
          local nx = line:sub(j + 1, j + 1)
          if nx ~= '"' and nx ~= "\\" then
            return nil, "bad escape '\\" .. nx ..
              "' in string (only \\\" and \\\\ are allowed)"
          end
          buf[#buf + 1] = nx
          j = j + 2
        else
          buf[#buf + 1] = c
          j = j + 1
        end
      end
      local after = line:sub(j + 1, j + 1)
      if after ~= "" and after ~= " " and after ~= "\t" and after ~= "#" then
        return nil, "missing space after closing quote"
      end
      local text = table.concat(buf)
      if not utf8.len(text) then
        return nil, "string is not valid UTF-8"
      end
      toks[#toks + 1] = { text = text, quoted = true }
      i = j + 1
    else
      local e = line:find('[ \t#"]', s)
      local stop = e and e - 1 or n
      if e and line:sub(e, e) == '"' then
        return nil, "unexpected '\"' inside '" .. line:sub(s, stop) .. "'"
      end
      toks[#toks + 1] = { text = line:sub(s, stop), quoted = false }
      i = stop + 1
    end
  end
  return toks
end

---------------------------------------------------------------------------
-- Parsing
---------------------------------------------------------------------------

local function name_set(list, what)
  if type(list) ~= "table" then
    error("mapfile: spec." .. what .. " must be a list of names", 3)
  end
  local set = {}
  for i = 1, #list do
    if type(list[i]) ~= "string" then
      error("mapfile: spec." .. what .. " must be a list of names", 3)
    end
    set[list[i]] = true
  end
  return set, table.concat(list, ", ")
end

-- Parse "FIRST-LAST" of columns or rows.
local function parse_extent(tok, what, maxv)
  local a, b = tok:match("^(%d+)-(%d+)$")
  if not a then
    return nil, "bad " .. what .. " '" .. tok ..
      "' (expected FIRST-LAST, e.g. " ..
      (what == "columns" and "1-51" or "0-31") .. ")"
  end
  if #a > 4 or #b > 4 then
    return nil, "bad " .. what .. " '" .. tok .. "' (number too large)"
  end
  a, b = tonumber(a), tonumber(b)
  if b < a then
    return nil, what .. " " .. tok .. ": empty extent (last before first)"
  end
  if b > maxv then
    return nil, what .. " " .. tok .. ": last " .. what:sub(1, -2) ..
      " beyond " .. maxv
  end
  if b - a + 1 > MAX_EXTENT then
    return nil, what .. " " .. tok .. ": extent too big (" ..
      (b - a + 1) .. " " .. what .. ", at most " .. MAX_EXTENT .. ")"
  end
  return { first = a, last = b }
end

local function bad_hex(tok)
  return "bad hex '" .. tok .. "' (expected CCRR, e.g. 0614)"
end

-- A hex or a range within one column: returns {col=, r1=, r2=, tok=}.
local function parse_hexspec(tok, allow_range)
  local a, b = tok:match("^([^-]+)-([^-]+)$")
  if not a then
    local c, r = M.parse_hex(tok)
    if not c then
      if allow_range and tok:find("-", 1, true) then
        return nil, "bad range '" .. tok .. "' (expected HEX-HEX, e.g. 0101-0105)"
      end
      return nil, bad_hex(tok)
    end
    return { col = c, r1 = r, r2 = r, tok = tok, range = false }
  end
  if not allow_range then return nil, bad_hex(tok) end
  local c1, r1 = M.parse_hex(a)
  if not c1 then return nil, bad_hex(a) .. " in range '" .. tok .. "'" end
  local c2, r2 = M.parse_hex(b)
  if not c2 then return nil, bad_hex(b) .. " in range '" .. tok .. "'" end
  if c1 ~= c2 then
    return nil, "range " .. tok ..
      " crosses columns (a range stays within one column)"
  end
  if r2 < r1 then
    return nil, "range " .. tok .. " is reversed (write " ..
      b .. "-" .. a .. ")"
  end
  return { col = c1, r1 = r1, r2 = r2, tok = tok, range = true }
end

-- Parse one body directive (everything but the header) into a record
-- whose hexes are checked against the extent later.
local function parse_body(name, args, st)
  local nargs = #args
  local function usage()
    return "wrong number of arguments to '" .. name .. "' (usage: " ..
      USAGE[name] .. ")"
  end
  local function kind_of(tok)
    if not st.terrain_set[tok] then
      return nil, "unknown terrain '" .. tok .. "'" .. M.did_you_mean(tok, st.terrain_names) ..
        " (allowed: " .. st.terrain_list .. ")"
    end
    return tok
  end
  local function feature_of(tok)
    if not st.edge_set[tok] then
      return nil, "unknown hexside feature '" .. tok .. "'" .. M.did_you_mean(tok, st.edge_names) ..
        " (allowed: " .. st.edge_list .. ")"
    end
    return tok
  end

  if name == "terrain" or name == "elevation" then
    if nargs < 2 then return nil, usage() end
    local rec = { what = name, specs = {} }
    if name == "terrain" then
      local kind, err = kind_of(args[1].text)
      if not kind then return nil, err end
      rec.kind = kind
    else
      local tok = args[1].text
      if not tok:match("^[-+]?%d+$") or #tok > 8 then
        return nil, "bad elevation '" .. tok .. "' (expected an integer)"
      end
      local v = math.tointeger(tonumber(tok))
      if not v or v > MAX_ELEVATION or v < -MAX_ELEVATION then
        return nil, "elevation " .. tok .. " out of range (at most " ..
          MAX_ELEVATION .. " either way)"
      end
      rec.value = v
    end
    for i = 2, nargs do
      local spec, err = parse_hexspec(args[i].text, true)
      if not spec then return nil, err end
      rec.specs[#rec.specs + 1] = spec
    end
    return rec

  elseif name == "block" then
    if nargs ~= 3 then return nil, usage() end
    local kind, err = kind_of(args[1].text)
    if not kind then return nil, err end
    local a, b = args[2].text, args[3].text
    local c1, r1 = M.parse_hex(a)
    if not c1 then return nil, bad_hex(a) end
    local c2, r2 = M.parse_hex(b)
    if not c2 then return nil, bad_hex(b) end
    if c2 < c1 or r2 < r1 then
      return nil, "block " .. a .. " " .. b ..
        " is reversed (give the top-left corner first, then the bottom-right)"
    end
    return { what = name, kind = kind, c1 = c1, r1 = r1, c2 = c2, r2 = r2,
             corners = { { col = c1, row = r1, tok = a },
                         { col = c2, row = r2, tok = b } } }

  elseif name == "edge" then
    if nargs < 2 then return nil, usage() end
    local feature, err = feature_of(args[1].text)
    if not feature then return nil, err end
    local sides = {}
    for i = 2, nargs do
      local tok = args[i].text
      local h, d = tok:match("^([^:]*):([^:]*)$")
      if not h then
        return nil, "bad hexside '" .. tok .. "' (expected HEX:DIR, e.g. 2301:NE)"
      end
      local c, r = M.parse_hex(h)
      if not c then return nil, bad_hex(h) .. " in '" .. tok .. "'" end
      local dir = DIR_INDEX[d:upper()]
      if not dir then
        return nil, "bad direction '" .. d .. "' in '" .. tok ..
          "' (expected one of " .. DIR_LIST .. ")"
      end
      sides[#sides + 1] = { col = c, row = r, dir = dir, tok = h }
    end
    return { what = name, feature = feature, sides = sides }

  elseif name == "path" then
    if nargs < 3 then return nil, usage() end
    local feature, err = feature_of(args[1].text)
    if not feature then return nil, err end
    local hexes, seen = {}, {}
    for i = 2, nargs do
      local tok = args[i].text
      local c, r = M.parse_hex(tok)
      if not c then return nil, bad_hex(tok) end
      local key = M.format_hex(c, r)
      if seen[key] then
        return nil, "path: hex " .. tok .. " repeated (it appears as '" ..
          seen[key] .. "' earlier in the same path)"
      end
      seen[key] = tok
      hexes[#hexes + 1] = { col = c, row = r, tok = tok }
    end
    return { what = name, feature = feature, hexes = hexes }

  elseif name == "label" then
    if nargs ~= 2 then return nil, usage() end
    local tok = args[1].text
    local c, r = M.parse_hex(tok)
    if not c then return nil, bad_hex(tok) end
    if args[2].text == "" then return nil, "empty label text" end
    return { what = name, col = c, row = r, tok = tok, text = args[2].text }
  end
  error("mapfile: unhandled directive " .. name)
end

-- Header directives change st directly.
local function parse_header(name, args, st, line)
  local nargs = #args
  local function usage()
    local msg = "wrong number of arguments to '" .. name .. "' (usage: " ..
      USAGE[name] .. ")"
    if (name == "title" or name == "note") and nargs > 1 and
       not args[1].quoted then
      msg = msg .. "; quote text that holds spaces"
    end
    return msg
  end
  if nargs ~= 1 then return nil, usage() end
  local tok = args[1].text
  if name == "map" then
    if not tok:match("^[A-Za-z0-9][A-Za-z0-9_.%-]*$") then
      return nil, "bad map id '" .. tok ..
        "' (letters, digits, '_', '-', '.'; starting with a letter or digit)"
    end
    st.id = tok
    st.map_line = line
  elseif name == "title" then
    st.title = tok
  elseif name == "note" then
    st.notes[#st.notes + 1] = tok
  elseif name == "columns" then
    local ext, err = parse_extent(tok, "columns", MAX_COLUMN)
    if not ext then return nil, err end
    st.columns = ext
  elseif name == "rows" then
    local ext, err = parse_extent(tok, "rows", MAX_ROW)
    if not ext then return nil, err end
    st.rows = ext
  elseif name == "parity" then
    if not PARITIES[tok] then
      return nil, "bad parity '" .. tok .. "' (expected odd-down or even-down)"
    end
    st.parity = tok
  elseif name == "default" then
    if not st.terrain_set[tok] then
      return nil, "unknown terrain '" .. tok .. "'" .. M.did_you_mean(tok, st.terrain_names) ..
        " (allowed: " .. st.terrain_list .. ")"
    end
    st.default = tok
  end
  return true
end

local HEADER = { map = true, title = true, note = true, columns = true,
                 rows = true, parity = true, default = true }

-- "(columns 1-51, rows 0-31)" with whatever is known.
local function extent_text(st)
  local parts = {}
  if st.columns then
    parts[#parts + 1] = "columns " .. st.columns.first .. "-" .. st.columns.last
  end
  if st.rows then
    parts[#parts + 1] = "rows " .. st.rows.first .. "-" .. st.rows.last
  end
  return "(" .. table.concat(parts, ", ") .. ")"
end

-- Is the hex inside the map, as far as the extent is known?
local function inside(st, col, row)
  if st.columns and (col < st.columns.first or col > st.columns.last) then
    return false
  end
  if st.rows and (row < st.rows.first or row > st.rows.last) then
    return false
  end
  return true
end

local function hex_outside(st, tok)
  return "hex " .. tok .. " is outside the map " .. extent_text(st)
end

local function hex(col, row)
  return { col = col, row = row }
end

-- Check a body record against the extent and add its entries to out.
local function expand(rec, st, out, line)
  local w = rec.what
  if w == "terrain" or w == "elevation" then
    for _, s in ipairs(rec.specs) do
      if not inside(st, s.col, s.r1) or not inside(st, s.col, s.r2) then
        if s.range then
          return nil, "range " .. s.tok .. " goes beyond the map " ..
            extent_text(st)
        end
        return nil, hex_outside(st, s.tok)
      end
      for r = s.r1, s.r2 do
        if w == "terrain" then
          out.terrain[#out.terrain + 1] =
            { hex = hex(s.col, r), kind = rec.kind, line = line }
        else
          out.elevation[#out.elevation + 1] =
            { hex = hex(s.col, r), value = rec.value, line = line }
        end
      end
    end
  elseif w == "block" then
    for _, c in ipairs(rec.corners) do
      if not inside(st, c.col, c.row) then
        return nil, hex_outside(st, c.tok)
      end
    end
    for c = rec.c1, rec.c2 do
      for r = rec.r1, rec.r2 do
        out.terrain[#out.terrain + 1] =
          { hex = hex(c, r), kind = rec.kind, line = line }
      end
    end
  elseif w == "edge" then
    for _, s in ipairs(rec.sides) do
      if not inside(st, s.col, s.row) then
        return nil, hex_outside(st, s.tok)
      end
      out.edges[#out.edges + 1] =
        { hex = hex(s.col, s.row), dir = s.dir, feature = rec.feature,
          line = line }
    end
  elseif w == "path" then
    local hs = rec.hexes
    for _, h in ipairs(hs) do
      if not inside(st, h.col, h.row) then
        return nil, hex_outside(st, h.tok)
      end
    end
    if st.parity then
      for i = 1, #hs - 1 do
        local a, b = hs[i], hs[i + 1]
        local dir = M.direction(a.col, a.row, b.col, b.row, st.parity)
        if not dir then
          return nil, "path: " .. a.tok .. " and " .. b.tok ..
            " are not adjacent"
        end
        out.edges[#out.edges + 1] =
          { hex = hex(a.col, a.row), dir = dir, feature = rec.feature,
            line = line }
      end
    end
  elseif w == "label" then
    if not inside(st, rec.col, rec.row) then
      return nil, hex_outside(st, rec.tok)
    end
    out.labels[#out.labels + 1] =
      { hex = hex(rec.col, rec.row), text = rec.text, line = line }
  end
  return true
end

-- Parse map text.  Returns the map table, or nil, every problem as
-- "FILE:LINE: message" lines in line order, and the list of them
-- ({ line =, msg = }).
function M.parse(text, filename, spec)
  if type(text) ~= "string" then
    error("mapfile.parse: text must be a string", 2)
  end
  if type(spec) ~= "table" then
    error("mapfile.parse: spec must be a table", 2)
  end
  filename = filename or "<map>"
  local st = { notes = {}, seen = {} }
  st.terrain_set, st.terrain_list = name_set(spec.terrain, "terrain")
  st.edge_set, st.edge_list = name_set(spec.edges or {}, "edges")
  st.terrain_names, st.edge_names = spec.terrain, spec.edges or {}

  local lines = split_lines(text)
  local errors = {}               -- { line=, msg= }: every problem, reported at once
  local function problem(line, msg) errors[#errors + 1] = { line = line, msg = msg } end

  -- Pass 1: tokens, directive names, the header, and the syntax of the
  -- body lines.  A line with an error is left out of what follows.
  local records = {}              -- { line=, rec= } in file order
  for ln, line in ipairs(lines) do
    local toks, terr = tokenize(line)
    if not toks then problem(ln, terr)
    elseif #toks > 0 then
      local name = toks[1].text
      if toks[1].quoted or not USAGE[name] then
        local close = not toks[1].quoted and M.suggest(name, DIRECTIVES) or nil
        problem(ln, "unknown directive '" .. name .. "'" ..
          (close and (" (did you mean '" .. close .. "'?)") or "") ..
          " (expected one of: " .. DIRECTIVE_LIST .. ")")
      elseif ONCE[name] and st.seen[name] then
        problem(ln, "'" .. name .. "' may appear only once (first at line " .. st.seen[name] .. ")")
      else
        st.seen[name] = st.seen[name] or ln
        local args = table.move(toks, 2, #toks, 1, {})
        if HEADER[name] then
          local ok, herr = parse_header(name, args, st, ln)
          if not ok then problem(ln, herr) end
        else
          local rec, berr = parse_body(name, args, st)
          if not rec then problem(ln, berr)
          else records[#records + 1] = { line = ln, rec = rec } end
        end
      end
    end
  end

  -- Pass 2: hexes against the extent, paths against the geometry.
  local out = { terrain = {}, elevation = {}, edges = {}, labels = {} }
  for _, r in ipairs(records) do
    local ok, xerr = expand(r.rec, st, out, r.line)
    if not ok then problem(r.line, xerr) end
  end

  for _, name in ipairs(REQUIRED) do
    if not st.seen[name] then problem(#lines + 1, "missing '" .. name .. "'") end
  end
  if #errors > 0 then
    for i, e in ipairs(errors) do e.index = i end
    table.sort(errors, function(a, b)
      if a.line ~= b.line then return a.line < b.line end
      return a.index < b.index
    end)
    local msgs = {}
    for i, e in ipairs(errors) do
      msgs[i] = string.format("%s:%d: %s", filename, e.line, e.msg)
      e.index = nil
    end
    return nil, table.concat(msgs, "\n"), errors
  end

  return {
    id = st.id,
    title = st.title,
    notes = st.notes,
    col0 = st.columns.first,
    row0 = st.rows.first,
    width = st.columns.last - st.columns.first + 1,
    height = st.rows.last - st.rows.first + 1,
    parity = st.parity,
    default = st.default,
    terrain = out.terrain,
    elevation = out.elevation,
    edges = out.edges,
    labels = out.labels,
  }
end

return M
