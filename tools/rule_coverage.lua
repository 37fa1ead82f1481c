-- bitwa script tools/rule_coverage.lua [--check] [--out-of-scope FILE]... BOOK.txt TESTDIR [EXAMPLES.md TAG]...
-- bitwa script tools/rule_coverage.lua [--check] [--out-of-scope FILE]... --index INDEX TESTDIR
-- bitwa script tools/rule_coverage.lua --write-index INDEX BOOK.txt [EXAMPLES.md TAG]...
-- Lists the numbered rules of a rulebook that no test id in TESTDIR names,
-- and, for each EXAMPLES.md file and tag (EN, LG, FR, HU...), the worked
-- examples marked for that book that no test names.  A test names a rule
-- when its id (the first argument of test(...)) contains the number.
--
-- Rule numbers: three-level ones ("4.2.5 text", "- 4.2.5 text",
-- "- **4.2.5** text": the Medieval books); a book without any is numbered
-- with a two-digit suffix ("4.21 text": the Husaria book), and those are
-- its rules (the one-digit "4.2 Movement rules" are section titles).
-- Worked examples: bold headers "**T-nn · rule · books**" or
-- "**T-nn · BOOK rule**" whose text names the tag (or "all"), and table
-- rows "| T-HU-nn | rule | case |" (a digest's own examples, taken
-- whatever the tag); a tag "T-75..T-85" takes the headers of that range.
-- A book with no rule numbers at all is covered by its section headings
-- and sub-headings instead (see below).
--
-- The index: what the tool reads from a book and its examples (the rule
-- numbers, the headings and sub-headings with what names them, the
-- examples' ids; no text of the book), one item a line, written by
-- --write-index and read by --index instead of the book, so that the check
-- runs where the books are not (rulesets/NAME/tests/book-*.index).
--
-- --out-of-scope FILE: what the ruleset leaves out on purpose, one item a
-- line, "ITEM | why" ("#" starts a comment): a rule number, a worked
-- example's id, a section or sub-heading as listed ("Section: Sub"), or a
-- chapter (all its sections).  Such an item is listed apart with its
-- reason instead of as not named; an item that a test names, or that the
-- book and the examples do not have, is listed as a wrong declaration.
-- --check: exit status 1 when anything is not named or wrongly declared.
local util = require "engine.util"
local check, scope_files, pos_args, index_in, index_out = false, {}, {}, nil, nil
do
  local k = 1
  while k <= #arg do
    if arg[k] == "--check" then check = true
    elseif arg[k] == "--out-of-scope" and arg[k + 1] then scope_files[#scope_files + 1] = arg[k + 1]; k = k + 1
    elseif arg[k] == "--index" and arg[k + 1] then index_in = arg[k + 1]; k = k + 1
    elseif arg[k] == "--write-index" and arg[k + 1] then index_out = arg[k + 1]; k = k + 1
    else pos_args[#pos_args + 1] = arg[k] end
    k = k + 1
  end
end
local function usage()
  io.stderr:write("usage: bitwa script tools/rule_coverage.lua [--check] [--out-of-scope FILE]... BOOK.txt TESTDIR [EXAMPLES.md TAG]...\n" ..
    "       bitwa script tools/rule_coverage.lua [--check] [--out-of-scope FILE]... --index INDEX TESTDIR\n" ..
    "       bitwa script tools/rule_coverage.lua --write-index INDEX BOOK.txt [EXAMPLES.md TAG]...\n")
  return 2
end
local book, dir, first_example
if index_out then
  book, first_example = pos_args[1], 2
  if not book or (#pos_args % 2) ~= 1 or index_in then return usage() end
elseif index_in then
  dir = pos_args[1]
  if not dir or #pos_args ~= 1 then return usage() end
else
  book, dir, first_example = pos_args[1], pos_args[2], 3
  if not book or not dir or (#pos_args % 2) ~= 0 then return usage() end
end

-- ------------------------------------------------------------------ the items
-- groups = { { title, what, sep, entries = { item... } } }; an item is
-- { kind = "rule" | "example", text = } or { kind = "heading", chapter,
-- text = the heading } or { kind = "sub", chapter, section, sub, alone
-- (named by the sub-heading alone), text = "Section: Sub" }
local groups = {}

local function from_book()
  local book_text = assert(util.read_file(book))
  local function numbered(pattern)
    local rules, seen = {}, {}
    for line in book_text:gmatch("[^\n]+") do
      local num = line:match(pattern)
      if num and not seen[num] then seen[num] = true; rules[#rules + 1] = num end
    end
    return rules
  end
  -- "4.2.5 text", "- 4.2.5 text", "- **4.2.5** text" (the Legnica book's bold)
  local rules = numbered("^%s*%-?%s*%*?%*?(%d+%.%d+%.%d+)%*?%*?%s")
  -- "4.21 text" (the Husaria book)
  if #rules == 0 then rules = numbered("^%s*%-?%s*%*?%*?(%d+%.%d%d)%*?%*?%s") end
  if #rules > 0 then
    local g = { title = "", what = "numbered rules", sep = " ", entries = {} }
    for i, r in ipairs(rules) do g.entries[i] = { kind = "rule", text = r } end
    groups[#groups + 1] = g
  else
    -- A book without rule numbers (Grognard) is cited by section name: its
    -- headings are lines underlined with "-" (sections) or "=" (chapters),
    -- in the pastebin dump every line behind "- ", and its sub-headings the
    -- "*Name*:" or "**Name**:" that open a paragraph of a section.  A test
    -- names a section when its id contains the section's name, and a
    -- sub-heading when it contains both (case-insensitive): "Missile Fire:
    -- rate of fire".
    local lines = {}
    for line in (book_text .. "\n"):gmatch("([^\n]*)\n") do
      lines[#lines + 1] = (line:gsub("^%- ", ""):gsub("%s+$", ""))
    end
    -- how many sections have a sub-heading of each name: a name of several
    -- words found in one only is named by itself ("Retreat and Panic"),
    -- else with its section
    local subs_of = {}
    do
      local sec
      for i = 2, #lines do
        if lines[i]:match("^%-%-%-+$") then sec = lines[i - 1] end
        local sub = lines[i]:match("^%*%*?([^%*]+)%*%*?:")
        if sub and sec then
          subs_of[sub:lower()] = subs_of[sub:lower()] or {}
          subs_of[sub:lower()][sec] = true
        end
      end
    end
    local function unique(sub)
      local n = 0
      for _ in next, subs_of[sub:lower()] or {} do n = n + 1 end
      return n <= 1
    end
    local chapter, section
    for i = 2, #lines do
      local head, under = lines[i - 1], lines[i]
      local mark = (under:match("^%-%-%-+$") and "-") or (under:match("^===+$") and "=")
      if mark and head ~= "" and not head:find("^Table:") and not head:find("^[%-=]")
         and not head:find("%.$") and math.abs(#under - #head) <= 2 then
        if mark == "=" then
          chapter = { title = head .. ": ", what = "sections and sub-headings", sep = "; ", entries = {}, name = head }
          groups[#groups + 1] = chapter
          section = nil
        elseif chapter then
          section = head
          chapter.entries[#chapter.entries + 1] = { kind = "heading", chapter = chapter.name, text = head }
        end
      elseif section and chapter then
        local sub = under:match("^%*%*?([^%*]+)%*%*?:")
        if sub and sub ~= "Example" then
          local key = section .. ": " .. sub
          local seen = false
          for _, e in ipairs(chapter.entries) do if e.text == key then seen = true end end
          if not seen then
            -- a sub-heading of one word ("Rest", "Cover") needs its section
            chapter.entries[#chapter.entries + 1] = { kind = "sub", chapter = chapter.name, section = section,
              sub = sub, alone = unique(sub) and sub:find("%s") ~= nil, text = key }
          end
        end
      end
    end
    -- chapters with nothing to cover are not listed
    for i = #groups, 1, -1 do if #groups[i].entries == 0 then table.remove(groups, i) end end
  end
  for k = first_example, #pos_args, 2 do
    local file, tag = pos_args[k], pos_args[k + 1]
    local ex, exseen = {}, {}
    local function add(t) if not exseen[t] then exseen[t] = true; ex[#ex + 1] = t end end
    local tagpat = "%f[%w]" .. tag:gsub("%p", "%%%0") .. "%f[%W]"
    local text = assert(util.read_file(file))
    -- "**T-nn · rule · books – title**": the books field; "**T-nn · BOOK
    -- rule**": its first word.  "all" means every book of the three-field
    -- headers, so it counts only for a tag that one of them names.
    local function books(rest)
      local b = rest:match("^[^·]-· ([^·]+)$")
      if b then return b, true end
      return rest:match("^(%S+)") or "", false
    end
    local in_lists = false
    for line in text:gmatch("[^\n]+") do
      local rest = line:match("^%*%*T%-%d+ · ([^%*]+)%*")
      if rest then
        local b, listed = books(rest)
        if listed and b:find(tagpat) then in_lists = true end
      end
    end
    -- a tag "T-75..T-85": the headers numbered in that range, whatever their books
    local lo, hi = tag:match("^T%-(%d+)%.%.T%-(%d+)$")
    for line in text:gmatch("[^\n]+") do
      local t, rest = line:match("^%*%*(T%-%d+) · ([^%*]+)%*")
      if t and lo then
        local n = tonumber(t:sub(3))
        if n >= tonumber(lo) and n <= tonumber(hi) then add(t) end
      elseif t then
        local b, listed = books(rest)
        if b:find(tagpat) or (listed and in_lists and b:find("%f[%w]all%f[%W]")) then add(t) end
      end
      local row = line:match("^|%s*(T%-%u+%-%d+)%s*|")
      if row then add(row) end
    end
    local g = { title = "", what = "worked examples for " .. tag .. " in " .. file:match("[^/]*$"), sep = " ", entries = {} }
    for i, t in ipairs(ex) do g.entries[i] = { kind = "example", text = t } end
    groups[#groups + 1] = g
  end
end

-- The index's lines: "group\tTITLE\tWHAT\tSEP", then its items: "rule\tN",
-- "example\tID", "heading\tCHAPTER\tHEADING", "sub\tCHAPTER\tSECTION\tSUB\t0|1".
local function index_text()
  local out = { "# bitwa rule_coverage index: the rule numbers, headings and worked examples of a book" }
  for _, g in ipairs(groups) do
    out[#out + 1] = table.concat({ "group", g.title, g.what, g.sep == " " and "space" or "semicolon" }, "\t")
    for _, e in ipairs(g.entries) do
      if e.kind == "rule" or e.kind == "example" then out[#out + 1] = e.kind .. "\t" .. e.text
      elseif e.kind == "heading" then out[#out + 1] = "heading\t" .. e.chapter .. "\t" .. e.text
      else out[#out + 1] = table.concat({ "sub", e.chapter, e.section, e.sub, e.alone and "1" or "0" }, "\t") end
    end
  end
  return table.concat(out, "\n") .. "\n"
end

local function from_index(path)
  local text, err = util.read_file(path)
  if not text then io.stderr:write("rule_coverage: ", tostring(err), "\n") return false end
  local n, g = 0, nil
  for line in text:gmatch("([^\n]*)\n") do
    n = n + 1
    if line ~= "" and not line:find("^#") then
      local f = {}
      for field in (line .. "\t"):gmatch("([^\t]*)\t") do f[#f + 1] = field end
      local bad = false
      if f[1] == "group" and #f == 4 and (f[4] == "space" or f[4] == "semicolon") then
        g = { title = f[2], what = f[3], sep = f[4] == "space" and " " or "; ", entries = {} }
        groups[#groups + 1] = g
      elseif not g then bad = true
      elseif (f[1] == "rule" or f[1] == "example") and #f == 2 then
        g.entries[#g.entries + 1] = { kind = f[1], text = f[2] }
      elseif f[1] == "heading" and #f == 3 then
        g.entries[#g.entries + 1] = { kind = "heading", chapter = f[2], text = f[3] }
      elseif f[1] == "sub" and #f == 5 and (f[5] == "0" or f[5] == "1") then
        g.entries[#g.entries + 1] = { kind = "sub", chapter = f[2], section = f[3], sub = f[4], alone = f[5] == "1",
                                      text = f[3] .. ": " .. f[4] }
      else bad = true end
      if bad then
        io.stderr:write(string.format("%s:%d: not an index line\n", path, n))
        return false
      end
    end
  end
  return true
end

if index_in then
  if not from_index(index_in) then return 2 end
else
  from_book()
end
if index_out then
  local f, err = io.open(index_out, "w")
  if not f then io.stderr:write("rule_coverage: ", tostring(err), "\n") return 2 end
  f:write(index_text())
  f:close()
  return 0
end

-- ------------------------------------------------------------------ the tests' ids
local ids = {}
for _, f in ipairs(util.list_dir(dir)) do
  if f:match("%.lua$") then
    local text = assert(util.read_file(dir .. "/" .. f))
    -- test("id", ...): the id up to its closing quote, escapes (\") kept
    local pos = 1
    while true do
      local _, e = text:find('test%(%s*"', pos)
      if not e then break end
      local i, buf = e + 1, {}
      while i <= #text do
        local c = text:sub(i, i)
        if c == "\\" then buf[#buf + 1] = text:sub(i + 1, i + 1); i = i + 2
        elseif c == '"' or c == "\n" then break
        else buf[#buf + 1] = c; i = i + 1 end
      end
      ids[#ids + 1] = table.concat(buf)
      pos = i + 1
    end
  end
end
local lid = {}
for i, id in ipairs(ids) do lid[i] = id:lower() end
-- a rule number or an example's id, not inside a longer number
local function named(num)
  for _, id in ipairs(ids) do
    local i = 1
    while true do
      local s, e = id:find(num, i, true)
      if not s then break end
      local before, after = id:sub(s - 1, s - 1), id:sub(e + 1, e + 1)
      if not before:match("[%d%.]") and not (after:match("%d") or (after == "." and id:sub(e + 2, e + 2):match("%d"))) then
        return true
      end
      i = e + 1
    end
  end
  return false
end
-- every name as whole words in one id: "Rest" is not named by "resting"
local function cited(...)
  local want = { ... }
  for _, id in ipairs(lid) do
    local all = true
    for _, w in ipairs(want) do
      w = w:lower()
      local pat = w:gsub("%p", "%%%0")
      if w:find("^%w") then pat = "%f[%w]" .. pat end
      if w:find("%w$") then pat = pat .. "%f[%W]" end
      if not id:find(pat) then all = false end
    end
    if all then return true end
  end
  return false
end
local function is_named(e)
  if e.kind == "rule" or e.kind == "example" then return named(e.text) end
  if e.kind == "heading" then return cited(e.text) end
  return cited(e.section, e.sub) or (e.alone and cited(e.sub))
end

-- ------------------------------------------------------------------ out of scope
-- the declared items: item -> { why =, used = }
local scope, scope_order = {}, {}
for _, f in ipairs(scope_files) do
  local text, err = util.read_file(f)
  if not text then io.stderr:write("rule_coverage: ", tostring(err), "\n") return 2 end
  local n = 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    line = line:gsub("^%s+", ""):gsub("%s+$", "")
    if line ~= "" and not line:find("^#") then
      local item, why = line:match("^(.-)%s*|%s*(.+)$")
      if not item or item == "" then
        io.stderr:write(string.format("%s:%d: \"ITEM | why\" expected\n", f, n))
        return 2
      end
      if not scope[item] then scope_order[#scope_order + 1] = item end
      scope[item] = { why = why, used = false }
    end
  end
end

-- ------------------------------------------------------------------ the report
local failed = false
-- A summary line per group: total, named, then what is not named, with
-- the declared items apart.
for _, g in ipairs(groups) do
  local miss, out, nnamed = {}, {}, 0
  for _, e in ipairs(g.entries) do
    local d, whole = scope[e.text], e.chapter and scope[e.chapter]
    if whole then whole.seen = true end
    if is_named(e) then
      nnamed = nnamed + 1
      -- an item declared by name that a test names is a wrong
      -- declaration; a chapter declared may still have tested sections
      if d then d.named = true end
    elseif d or whole then
      (d or whole).used = true
      out[#out + 1] = e.text .. " (" .. (d or whole).why .. ")"
    else
      miss[#miss + 1] = e.text
    end
  end
  if #miss > 0 then failed = true end
  print(string.format("%s%d %s, %d named by a test; not named: %s", g.title, #g.entries, g.what,
    nnamed, #miss > 0 and table.concat(miss, g.sep) or "none"))
  if #out > 0 then print("  out of scope: " .. table.concat(out, g.sep)) end
end
-- declarations that a test names, or that name nothing of the book
for _, item in ipairs(scope_order) do
  local d = scope[item]
  if d.named or (d.seen and not d.used) then
    failed = true
    print("declared out of scope but named by a test: " .. item)
  elseif not d.used then
    failed = true
    print("declared out of scope but not among the book's rules, sections or examples: " .. item)
  end
end
if check and failed then return 1 end
return 0
