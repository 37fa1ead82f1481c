-- What one ruleset (with overlays) changes against another: manifest
-- entries, modules, functions (with the rule numbers their code cites)
-- and tables down to the cell.
local util = require "engine.util"
local ruleset = require "engine.ruleset"

local M = {}

-- "grunwald+fr-revised" -> "grunwald", { "grunwald/fr-revised" }
function M.parse_spec(spec)
  local parts = util.split(spec, "+")
  local name = parts[1]
  local overlays = {}
  for i = 2, #parts do
    local o = parts[i]
    if not o:find("/") then o = name .. "/" .. o end
    overlays[#overlays + 1] = o
  end
  return name, overlays
end

local file_cache = {}
local function source_lines(src)
  if file_cache[src] then return file_cache[src] end
  local path = src:sub(1, 1) == "@" and src:sub(2) or nil
  local lines = {}
  if path then
    local text = util.read_file(path) or util.read_file(bitwa.home .. "/" .. path)
    if text then for l in (text .. "\n"):gmatch("(.-)\r?\n") do lines[#lines + 1] = l end end
  end
  file_cache[src] = lines
  return lines
end

-- A function's identity for comparison: where it is and what it says.
local function fn_info(f)
  local src, first, last = bitwa.util.function_info(f)
  local lines = source_lines(src)
  local text = table.concat(lines, "\n", math.max(first, 1), math.min(math.max(last, 0), #lines))
  -- the comment block right above the function belongs to it
  local top = first
  while top > 1 and lines[top - 1] and lines[top - 1]:match("^%s*%-%-") do top = top - 1 end
  local cited = table.concat(lines, "\n", math.max(top, 1), math.min(math.max(last, 0), #lines))
  local rules, seen = {}, {}
  for num in cited:gmatch("%f[%w%.](P?%d+%.%d+[%.%d]*)") do
    num = num:gsub("%.$", "")
    if not seen[num] then seen[num] = true; rules[#rules + 1] = num end
  end
  return { where = src:gsub("^@", "") .. ":" .. first .. "-" .. last, hash = bitwa.util.hash(text),
           rules = rules }
end

local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) == "table" then return "{...}" end
  if type(v) == "function" then
    local i = fn_info(v)
    return "function " .. i.where .. (#i.rules > 0 and (" (cites " .. table.concat(i.rules, ", ") .. ")") or "")
  end
  return tostring(v)
end

local function path_join(p, k)
  if type(k) == "number" then return p .. "[" .. k .. "]" end
  if type(k) == "string" and k:match("^[%a_][%w_]*$") then return p .. "." .. k end
  return p .. "[" .. show(k) .. "]"
end

-- Compare two values; push lines { op = "+|-|~", path = , detail = }.
local function compare(a, b, path, out, seen)
  if a == b then return end
  local ta, tb = type(a), type(b)
  if a == nil then out[#out + 1] = { op = "+", path = path, detail = "added: " .. show(b) } return end
  if b == nil then out[#out + 1] = { op = "-", path = path, detail = "removed: " .. show(a) } return end
  if ta == "function" and tb == "function" then
    local ia, ib = fn_info(a), fn_info(b)
    if ia.hash ~= ib.hash or ia.where ~= ib.where then
      local rules = {}
      local have = {}
      for _, r in ipairs(ib.rules) do if not have[r] then have[r] = true; rules[#rules + 1] = r end end
      for _, r in ipairs(ia.rules) do if not have[r] then have[r] = true; rules[#rules + 1] = r end end
      out[#out + 1] = { op = "~", path = path, detail = "function replaced: " .. ia.where .. " -> " .. ib.where ..
        (#rules > 0 and (" (cites " .. table.concat(rules, ", ") .. ")") or "") }
    end
    return
  end
  if ta == "table" and tb == "table" then
    seen = seen or {}
    if seen[a] then return end
    seen[a] = true
    local keys, have = {}, {}
    for _, k in ipairs(util.sorted_keys(a)) do keys[#keys + 1] = k; have[k] = true end
    for _, k in ipairs(util.sorted_keys(b)) do if not have[k] then keys[#keys + 1] = k end end
    util.sort_keys(keys)
    for _, k in ipairs(keys) do compare(a[k], b[k], path_join(path, k), out, seen) end
    return
  end
  out[#out + 1] = { op = "~", path = path, detail = show(a) .. " -> " .. show(b) }
end
M.compare = compare

-- ------------------------------------------------------------ book names
-- A manifest's `tables` say how the book names a table's cells:
--   ["tables.combat"] = { title = "COMBAT TABLE", row = "roll",
--     column = "column", column_labels = "tables.columns" }
-- so that tables.combat[7][10] reads "COMBAT TABLE, roll 7, column 7:1".
-- Rule data is read raw, and only strings and integers are shown.

local function raw_at(R, path)
  local v = R
  for part in path:gmatch("[^%.]+") do
    if type(v) ~= "table" then return nil end
    v = rawget(v, part)
  end
  return v
end

local function plain_text(x)
  if type(x) == "string" then return x end
  if math.type(x) == "integer" then return tostring(x) end
  return nil
end

-- The labels list at "module.path" (index -> text), or nil.
local function labels(R, path)
  if type(path) ~= "string" then return nil end
  local v = raw_at(R, path)
  if type(v) ~= "table" then return nil end
  local out = {}
  for i = 1, 1000 do
    local x = rawget(v, i)
    if x == nil then break end
    out[i] = plain_text(x) or "?"
  end
  return out
end

-- (row_labels/column_labels = "=printed" label a row by its own field.)
-- The book's name of the cell a diff path reaches ("tables.combat[7][10].printed"
-- -> "COMBAT TABLE, roll 7, column 7:1", "printed"), or nil when no
-- declared table holds it.
function M.cell_name(decls, R, path)
  local best
  for _, k in ipairs(util.sorted_keys(decls or {})) do
    local nxt = path:sub(#k + 1, #k + 1)
    if path:sub(1, #k) == k and (nxt == "" or nxt == "[" or nxt == ".") and (not best or #k > #best) then best = k end
  end
  if not best then return nil end
  local d = decls[best]
  local rest = path:sub(#best + 1)
  local segs = {}
  while rest ~= "" do
    local k, r = rest:match("^%[(%-?%d+)%](.*)$")
    if k then k = math.tointeger(tonumber(k))
    else
      k, r = rest:match('^%["(.-)"%](.*)$')
      if not k then k, r = rest:match("^%.([%a_][%w_]*)(.*)$") end
    end
    if not k then break end
    segs[#segs + 1] = k
    rest = r
  end
  if rest ~= "" then return nil end
  local parts = { type(d.title) == "string" and d.title or best }
  local i = 1
  local at = raw_at(R, best)           -- the table, then the row
  -- spec: "module.list" (index -> label) or "=field" (the row's or
  -- cell's own field, e.g. a row's printed label)
  local function name(what, spec)
    local key = segs[i]
    if key == nil then return end
    local label
    local inner = type(at) == "table" and rawget(at, key) or nil
    if type(spec) == "string" and spec:sub(1, 1) == "=" then
      label = type(inner) == "table" and plain_text(rawget(inner, spec:sub(2))) or nil
    elseif math.type(key) then
      local list = labels(R, spec)
      label = list and list[key]
    end
    parts[#parts + 1] = what .. " " .. (label or tostring(key))
    at = inner
    i = i + 1
  end
  if type(d.row) == "string" then name(d.row, d.row_labels) end
  if type(d.column) == "string" then name(d.column, d.column_labels) end
  local field = {}
  for j = i, #segs do field[#field + 1] = tostring(segs[j]) end
  return table.concat(parts, ", "), #field > 0 and table.concat(field, ".") or nil
end

-- Lint: each cell of a declared table with a `read` function whose printed
-- text the function reads into other effect fields than the cell's.
-- rs: a ruleset loaded with freeze = false.  Returns messages
-- "FILE: TITLE, row .., column ..: ...".
function M.check_tables(rs)
  local problems = {}
  local decls = rs.manifest.tables or {}
  for _, path in ipairs(util.sorted_keys(decls)) do
    local d = decls[path]
    if type(d.read) == "string" then
      local mod = path:match("^([^%.]+)")
      local origin = rs.module_origin[mod]
      local file = mod .. ".lua"
      for _, l in ipairs(rs.chain) do if l.name == origin then file = ruleset.relpath(l.dir .. "/" .. mod .. ".lua") end end
      local function problem(msg) problems[#problems + 1] = file .. ": " .. msg end
      local f = raw_at(rs.modules, d.read)
      local t = raw_at(rs.modules, path)
      if type(f) ~= "function" then problem(path .. ": read = \"" .. d.read .. "\" names no function")
      elseif type(t) ~= "table" then problem(path .. ": no such table")
      else
        local function check(cell, cpath)
          local printed = rawget(cell, "printed")
          if type(printed) ~= "string" then return end
          local where = M.cell_name(decls, rs.modules, cpath) or cpath
          local ok, want = pcall(ruleset.run_rule, f, printed)
          if not ok then problem(where .. ": " .. d.read .. " cannot read " .. string.format("%q", printed) .. ": " ..
            (type(want) == "string" and want or "error")) return end
          if type(want) ~= "table" then
            problem(where .. ": " .. d.read .. " cannot read " .. string.format("%q", printed)) return
          end
          local bad = {}
          for _, k in ipairs(util.sorted_keys(want)) do
            local v = rawget(want, k)
            if type(k) == "string" and (type(v) == "string" or math.type(v) or type(v) == "boolean") then
              local has = rawget(cell, k)
              if has ~= v then
                bad[#bad + 1] = k .. " = " .. tostring(v) .. " (the cell has " ..
                  ((type(has) == "string" or math.type(has) or type(has) == "boolean") and tostring(has) or type(has)) .. ")"
              end
            end
          end
          if #bad > 0 then
            problem(where .. ": printed " .. string.format("%q", printed) .. " reads " .. table.concat(bad, ", "))
          end
        end
        for _, rk in ipairs(util.sorted_keys(t)) do
          local row = rawget(t, rk)
          if type(row) == "table" and (type(rk) == "string" or math.type(rk)) then
            local rpath = path_join(path, rk)
            if type(d.column) == "string" then
              for _, ck in ipairs(util.sorted_keys(row)) do
                local cell = rawget(row, ck)
                if type(cell) == "table" and (type(ck) == "string" or math.type(ck)) then check(cell, path_join(rpath, ck)) end
              end
            else
              check(row, rpath)
            end
          end
        end
      end
    end
  end
  return problems
end

function M.diff(spec_a, spec_b)
  local na, oa = M.parse_spec(spec_a)
  local nb, ob = M.parse_spec(spec_b)
  local A = ruleset.load(na, { overlays = oa, freeze = false })
  local B = ruleset.load(nb, { overlays = ob, freeze = false })
  local report = { a = spec_a, b = spec_b, sections = {} }
  local function section(title, lines)
    if #lines > 0 then report.sections[#report.sections + 1] = { title = title, lines = lines } end
  end
  -- chain and overlays
  local chain = {}
  local function names(rs)
    local t = {}
    for _, l in ipairs(rs.chain) do t[#t + 1] = l.name end
    for _, o in ipairs(rs.overlays) do t[#t + 1] = "overlay " .. o.id end
    return table.concat(t, " > ")
  end
  if names(A) ~= names(B) then chain[1] = { op = "~", path = "chain", detail = names(A) .. " -> " .. names(B) } end
  section("rulesets", chain)
  -- manifest
  local man = {}
  for _, f in ipairs { "title", "system", "sides", "attributes", "kinds", "terrain", "edges",
                       "modules", "phases", "actions", "budget", "memory" } do
    compare(A.manifest[f], B.manifest[f], f, man)
  end
  compare(A.options, B.options, "options", man)
  section("manifest", man)
  -- hooks
  local hooks = {}
  local function hook_names(list)
    local t = {}
    for i, h in ipairs(list or {}) do
      t[i] = type(h) == "function" and ("function at " .. fn_info(h).where) or h
    end
    return t
  end
  local events = {}
  for _, k in ipairs(util.sorted_keys(A.hooks)) do events[k] = true end
  for _, k in ipairs(util.sorted_keys(B.hooks)) do events[k] = true end
  for _, ev in ipairs(util.sorted_keys(events)) do
    compare(hook_names(A.hooks[ev]), hook_names(B.hooks[ev]), "hooks." .. ev, hooks)
  end
  local phases = {}
  for _, k in ipairs(util.sorted_keys(A.phase_hooks)) do phases[k] = true end
  for _, k in ipairs(util.sorted_keys(B.phase_hooks)) do phases[k] = true end
  for _, p in ipairs(util.sorted_keys(phases)) do
    for _, ev in ipairs { "enter", "exit" } do
      compare(hook_names((A.phase_hooks[p] or {})[ev]), hook_names((B.phase_hooks[p] or {})[ev]),
        "phase_hooks[" .. show(p) .. "]." .. ev, hooks)
    end
  end
  section("hooks", hooks)
  -- modules, functions and tables
  local mods = {}
  local all = {}
  for _, k in ipairs(util.sorted_keys(A.modules)) do all[k] = true end
  for _, k in ipairs(util.sorted_keys(B.modules)) do all[k] = true end
  for _, m in ipairs(util.sorted_keys(all)) do
    local ma, mb = A.modules[m], B.modules[m]
    if ma == nil then mods[#mods + 1] = { op = "+", path = m, detail = "module added (from " .. B.module_origin[m] .. ")" }
    elseif mb == nil then mods[#mods + 1] = { op = "-", path = m, detail = "module removed" }
    else
      if A.module_origin[m] ~= B.module_origin[m] then
        mods[#mods + 1] = { op = "~", path = m, detail = "module replaced: " .. A.module_origin[m] ..
          "/" .. m .. ".lua -> " .. B.module_origin[m] .. "/" .. m .. ".lua" }
      end
      compare(ma, mb, m, mods)
    end
  end
  -- table cells in the book's terms (B's names, else A's)
  for _, l in ipairs(mods) do
    local cell, field = M.cell_name(B.manifest.tables, B.modules, l.path)
    if not cell then cell, field = M.cell_name(A.manifest.tables, A.modules, l.path) end
    if cell then l.cell, l.field = cell, field end
  end
  section("modules, functions and tables", mods)
  return report
end

function M.format(report)
  local out = { "--- " .. report.a, "+++ " .. report.b }
  if #report.sections == 0 then out[#out + 1] = "no differences" end
  for _, s in ipairs(report.sections) do
    out[#out + 1] = ""
    out[#out + 1] = "## " .. s.title
    for _, l in ipairs(s.lines) do
      if l.cell then
        out[#out + 1] = string.format("%s %s%s: %s  [%s]", l.op, l.cell, l.field and (", " .. l.field) or "", l.detail, l.path)
      else
        out[#out + 1] = string.format("%s %s: %s", l.op, l.path, l.detail)
      end
    end
  end
  return table.concat(out, "\n") .. "\n"
end

return M
