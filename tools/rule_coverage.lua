-- bitwa script tools/rule_coverage.lua BOOK.txt TESTDIR [EXAMPLES.md TAG]...
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
-- whatever the tag).
local util = require "engine.util"
local book, dir = arg[1], arg[2]
if not book or not dir or (#arg % 2) ~= 0 then
  io.stderr:write("usage: bitwa script tools/rule_coverage.lua BOOK.txt TESTDIR [EXAMPLES.md TAG]...\n")
  return 2
end
local ids = {}
for _, f in ipairs(util.list_dir(dir)) do
  if f:match("%.lua$") then
    local text = assert(util.read_file(dir .. "/" .. f))
    for id in text:gmatch('test%(%s*"([^"]*)"') do ids[#ids + 1] = id end
  end
end
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
local function numbered(pattern)
  local rules, seen = {}, {}
  for line in assert(util.read_file(book)):gmatch("[^\n]+") do
    local num = line:match(pattern)
    if num and not seen[num] then seen[num] = true; rules[#rules + 1] = num end
  end
  return rules
end
-- "4.2.5 text", "- 4.2.5 text", "- **4.2.5** text" (the Legnica book's bold)
local rules = numbered("^%s*%-?%s*%*?%*?(%d+%.%d+%.%d+)%*?%*?%s")
-- "4.21 text" (the Husaria book)
if #rules == 0 then rules = numbered("^%s*%-?%s*%*?%*?(%d+%.%d%d)%*?%*?%s") end
local missing = {}
for _, r in ipairs(rules) do if not named(r) then missing[#missing + 1] = r end end
print(string.format("%d numbered rules, %d named by a test; not named: %s", #rules, #rules - #missing,
  #missing > 0 and table.concat(missing, " ") or "none"))
for k = 3, #arg, 2 do
  local file, tag = arg[k], arg[k + 1]
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
  for line in text:gmatch("[^\n]+") do
    local t, rest = line:match("^%*%*(T%-%d+) · ([^%*]+)%*")
    if t then
      local b, listed = books(rest)
      if b:find(tagpat) or (listed and in_lists and b:find("%f[%w]all%f[%W]")) then add(t) end
    end
    local row = line:match("^|%s*(T%-%u+%-%d+)%s*|")
    if row then add(row) end
  end
  local miss = {}
  for _, t in ipairs(ex) do if not named(t) then miss[#miss + 1] = t end end
  print(string.format("%d worked examples for %s in %s, %d named by a test; not named: %s", #ex, tag,
    file:match("[^/]*$"), #ex - #miss, #miss > 0 and table.concat(miss, " ") or "none"))
end
return 0
