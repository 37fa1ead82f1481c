scenario { title = "Sandbox", map = "skirmish", turns = 1 }
local t = setmetatable({}, { __index = function (_, k) return k .. "!" end })
local ok, err = pcall(function () return io.open("/etc/passwd") end)
local parts = {}
for k, v in pairs({ b = 1, a = 2, [3] = "c" }) do parts[#parts + 1] = tostring(k) .. "=" .. tostring(v) end
local f = load("retuzone =  1")
unit { "R1", side = "A", kind = "infantry", hex = "0101", sp = f() }
data { joined = table.concat(parts, ","), hello = t.hello, ok = ok, err = err, s = ("x"):rep(3, ",") }
