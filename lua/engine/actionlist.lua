-- Legal action lines grouped for people (`bitwa actions`, the `bitwa
-- play` prompt).  At the start of a big battle the lines are thousands
-- (every hex every unit can reach, every facing): they are grouped into
-- one line per side, action, unit and form, the hexes and facings that
-- vary summarised (how many, how far from the unit, the nearest and the
-- farthest).  Nothing here knows a title: a word is a unit when the game
-- has a unit of that name (or a comma-separated list of them), a hex when
-- it is a hex of the map, a facing when it names one.
local util = require "engine.util"

local M = {}

local function quote(w)
  if w:find("[%s\"]") or w == "" then return '"' .. w .. '"' end
  return w
end

-- Whether word w names units of the game (one, or several joined by
-- commas); `where` maps unit names to their hex label or false.
local function units_word(where, w)
  if where[w] ~= nil then return true end
  if not w:find(",", 1, true) then return false end
  for part in w:gmatch("[^,]+") do if where[part] == nil then return false end end
  return true
end

-- name -> hex label (false off the map) of every unit of the game.
function M.where(g)
  local where = {}
  for _, u in ipairs(g:units_table()) do where[u.name] = u.hex or false end
  return where
end

-- The units a line names (the parts of every unit word); where: M.where(g)
-- (asked when not given).
function M.names_in(g, line, where)
  where = where or M.where(g)
  local out = {}
  for i, w in ipairs(util.words(line) or {}) do
    if i > 1 and units_word(where, w) then
      for part in w:gmatch("[^,]+") do out[#out + 1] = part end
    end
  end
  return out
end

-- Whether a line names unit `name` in any of its unit words.
function M.names(g, line, name, where)
  if not line:find(name, 1, true) then return false end
  for _, n in ipairs(M.names_in(g, line, where)) do if n == name then return true end end
  return false
end

--[[
M.group(g, legal) -> a list of entries, in the order of the lines (a
side's action kind where it first appears, then each unit where it
first appears in that kind):
  { side, kind, unit, pattern, lines = { line... }, hexes = { label... },
    facings = { name... }, text }
pattern: the line with its hex and facing words replaced by HEX and
FACING (only when more than one line shares it; a single line is its
own pattern); text: the summary of the hexes and facings, "" when none.
legal: { { side, line }... } as g:legal_actions or paths.listing give.
--]]
-- The lines of `legal` that name unit `name`.
function M.of_unit(g, legal, name)
  local where = M.where(g)
  local out = {}
  for _, a in ipairs(legal) do
    if M.names(g, a.line, name, where) then out[#out + 1] = a end
  end
  return out
end

function M.group(g, legal)
  local where = M.where(g)
  local groups, index = {}, {}
  local kind_order, unit_order = {}, {}
  for n, a in ipairs(legal) do
    local w = util.words(a.line) or { a.line }
    local unit, hex, facing
    local pattern = { quote(w[1] or "") }
    for i = 2, #w do
      local x = w[i]
      if not unit and units_word(where, x) then
        unit = x
        pattern[#pattern + 1] = quote(x)
      elseif unit and not hex and bitwa.hex.parse(x) and g.map:contains(bitwa.hex.parse(x)) then
        hex = x
        pattern[#pattern + 1] = "HEX"
      elseif unit and not facing and util.parse_facing(x) then
        facing = util.FACINGS[util.parse_facing(x) + 1]
        pattern[#pattern + 1] = "FACING"
      else
        pattern[#pattern + 1] = quote(x)
      end
    end
    local p = table.concat(pattern, " ")
    local key = a.side .. "\0" .. p
    local e = index[key]
    if not e then
      local kk = a.side .. "\0" .. (w[1] or "")
      if not kind_order[kk] then kind_order[kk] = n end
      local uk = kk .. "\0" .. (unit or "")
      if not unit_order[uk] then unit_order[uk] = n end
      e = { side = a.side, kind = w[1] or "", unit = unit, pattern = p, lines = {}, hexes = {}, facings = {},
            seen_hex = {}, seen_facing = {}, order = { kind_order[kk], unit_order[uk], n } }
      index[key] = e
      groups[#groups + 1] = e
    end
    e.lines[#e.lines + 1] = a.line
    if hex and not e.seen_hex[hex] then e.seen_hex[hex] = true; e.hexes[#e.hexes + 1] = hex end
    if facing and not e.seen_facing[facing] then e.seen_facing[facing] = true end
  end
  table.sort(groups, function(x, y)
    for i = 1, 3 do if x.order[i] ~= y.order[i] then return x.order[i] < y.order[i] end end
    return false
  end)
  for _, e in ipairs(groups) do
    for _, f in ipairs(util.FACINGS) do if e.seen_facing[f] then e.facings[#e.facings + 1] = f end end
    if #e.lines == 1 then e.pattern = e.lines[1] end
    e.text = #e.lines > 1 and M.summary(g, e, where) or ""
    e.seen_hex, e.seen_facing, e.order = nil, nil, nil
  end
  return groups
end

-- "121 hexes, 1 to 9 away (nearest 2315, farthest 3120)"; with facings
-- "× N, NE, SE" when a hex comes with more than one of them.
function M.summary(g, e, where)
  local parts = {}
  local n = #e.hexes
  if n > 0 then
    local from = e.unit and where[e.unit] and bitwa.hex.parse(where[e.unit])
    if from then
      local near, far, dn, df
      local each = {}
      for _, l in ipairs(e.hexes) do
        local d = g.map:distance(from, bitwa.hex.parse(l))
        each[#each + 1] = string.format("%s (%d away)", l, d)
        if not dn or d < dn then near, dn = l, d end
        if not df or d > df then far, df = l, d end
      end
      if n <= 3 then parts[1] = string.format("%d hex%s: %s", n, n == 1 and "" or "es", table.concat(each, ", "))
      else
        parts[1] = string.format("%d hexes, %s away (nearest %s, farthest %s)", n,
          dn == df and tostring(dn) or (dn .. " to " .. df), near, far)
      end
    else
      -- a unit off the map (entering, deploying): where the hexes lie
      local c1, c2, r1, r2
      for _, l in ipairs(e.hexes) do
        local h = bitwa.hex.parse(l)
        c1, c2 = math.min(c1 or h.col, h.col), math.max(c2 or h.col, h.col)
        r1, r2 = math.min(r1 or h.row, h.row), math.max(r2 or h.row, h.row)
      end
      if n <= 4 then
        local sorted = {}
        for i, l in ipairs(e.hexes) do sorted[i] = l end
        table.sort(sorted)
        parts[1] = string.format("%d hex%s: %s", n, n == 1 and "" or "es", table.concat(sorted, ", "))
      else
        local function span(a, b) return a == b and tostring(a) or (a .. "-" .. b) end
        parts[1] = string.format("%d hexes (first %s, last %s; columns %s, rows %s)", n, e.hexes[1],
          e.hexes[n], span(c1, c2), span(r1, r2))
      end
    end
  end
  if #e.facings > 0 and (n == 0 or #e.lines > n) then
    parts[#parts + 1] = (n > 0 and "× " or "") .. (#e.facings == 1 and "facing " or "facings ") ..
      table.concat(e.facings, " ")
  end
  if #parts == 0 then return #e.lines .. " lines" end
  return table.concat(parts, " ")
end

-- At most this many forms of one unit's action are spelled out on its line.
M.MAX_FORMS = 6

--[[
M.rows(groups) -> { { head = "SIDE KIND UNIT FORM|FORM...", text = summary,
count = lines } }: one row per side, action kind and unit (the groups of
the same unit and kind joined: "PL move Chase-1 keep|HEX"), the rest one
row per group.
--]]
function M.rows(groups)
  local rows, index = {}, {}
  for _, e in ipairs(groups) do
    local prefix = e.unit and (quote(e.kind) .. " " .. quote(e.unit)) or nil
    local rest = prefix and e.pattern:sub(1, #prefix + 1) == prefix .. " " and e.pattern:sub(#prefix + 2) or nil
    local key = rest and (e.side .. "\0" .. prefix) or nil
    local r = key and index[key]
    if not r then
      r = { side = e.side, prefix = rest and prefix or e.pattern, forms = {}, texts = {}, count = 0 }
      if key then index[key] = r end
      rows[#rows + 1] = r
    end
    if rest then r.forms[#r.forms + 1] = rest end
    if e.text ~= "" then r.texts[#r.texts + 1] = e.text end
    r.count = r.count + #e.lines
  end
  for _, r in ipairs(rows) do
    local forms = r.forms
    if #forms > M.MAX_FORMS then
      local shown = {}
      for i = 1, M.MAX_FORMS - 1 do shown[i] = forms[i] end
      shown[#shown + 1] = "... (" .. (#forms - M.MAX_FORMS + 1) .. " more)"
      forms = shown
    end
    r.head = r.side .. " " .. r.prefix .. (#forms > 0 and (" " .. table.concat(forms, "|")) or "")
    r.text = table.concat(r.texts, "; ")
    r.prefix, r.forms, r.texts = nil, nil, nil
  end
  return rows
end

-- The grouped listing as text lines: "SIDE KIND UNIT FORMS  summary".
function M.lines(groups)
  local rows = M.rows(groups)
  local width = 0
  for _, r in ipairs(rows) do
    if r.text ~= "" then width = math.max(width, #r.head) end
  end
  width = math.min(width, 40)
  local out = {}
  for _, r in ipairs(rows) do
    if r.text ~= "" then
      out[#out + 1] = r.head .. string.rep(" ", math.max(1, width - #r.head + 2)) .. r.text
    else out[#out + 1] = r.head end
  end
  return out
end

-- Whether grouping shortens the list.
function M.grouped(groups, legal) return #M.rows(groups) < #legal end

return M
