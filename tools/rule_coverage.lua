-- bitwa script tools/rule_coverage.lua BOOK.txt TESTDIR [MATRIX.md TAG]
-- Lists the numbered rules of a rulebook (x.y.z) that no test id in
-- TESTDIR names, and with MATRIX.md and a tag (EN, LG, FR...) the worked
-- examples (T-nn) marked for that book that no test names.  A test names a
-- rule when its id (the first argument of test(...)) contains the number.
local util = require "engine.util"
local book, dir, matrix, tag = arg[1], arg[2], arg[3], arg[4]
if not book or not dir then
  io.stderr:write("usage: bitwa script tools/rule_coverage.lua BOOK.txt TESTDIR [MATRIX.md TAG]\n")
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
local rules, seen = {}, {}
for line in assert(util.read_file(book)):gmatch("[^\n]+") do
  -- "4.2.5 text", "- 4.2.5 text", "- **4.2.5** text" (the Legnica book's bold)
  local num = line:match("^%s*%-?%s*%*?%*?(%d+%.%d+%.%d+)%*?%*?%s")
  if num and not seen[num] then seen[num] = true; rules[#rules + 1] = num end
end
local missing = {}
for _, r in ipairs(rules) do if not named(r) then missing[#missing + 1] = r end end
print(string.format("%d numbered rules, %d named by a test; not named: %s", #rules, #rules - #missing,
  #missing > 0 and table.concat(missing, " ") or "none"))
if matrix and tag then
  local ex, exseen = {}, {}
  for line in assert(util.read_file(matrix)):gmatch("[^\n]+") do
    local t, books = line:match("^%*%*(T%-%d+) · [^·]+ · ([^%*]+)%*%*")
    if t and (books:find(tag, 1, true) or books:find("all", 1, true)) and not exseen[t] then
      exseen[t] = true; ex[#ex + 1] = t
    end
  end
  local miss = {}
  for _, t in ipairs(ex) do if not named(t) then miss[#miss + 1] = t end end
  print(string.format("%d worked examples for %s, %d named by a test; not named: %s", #ex, tag, #ex - #miss,
    #miss > 0 and table.concat(miss, " ") or "none"))
end
return 0
