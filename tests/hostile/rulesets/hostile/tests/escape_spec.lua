-- Test files of a ruleset are modder content: each test below tries to
-- leave the sandbox and must fail (tests/hostile/run.sh checks the
-- messages; none of them may pass).
test("hostile: os", function() os.execute("touch /tmp/bitwa-hostile-pwned") end)
test("hostile: io", function() io.open("/etc/passwd") end)
test("hostile: debug", function() debug.getinfo(1) end)
test("hostile: package", function() package.loadlib("libc.so.6", "system") end)
test("hostile: require a library", function() require("io") end)
test("hostile: require an engine module", function() require("engine.cli") end)
test("hostile: loadfile outside", function() loadfile("/etc/passwd") end)
test("hostile: loadfile up", function() loadfile(bitwa.home .. "/../../../etc/passwd") end)
test("hostile: util.read_file outside", function() util.read_file("/etc/passwd") end)
test("hostile: the kernel's sandbox controls", function() bitwa.sandbox.budget(0) end)
test("hostile: bitwa is read-only", function() bitwa.home = "/" end)
test("hostile: engine modules are read-only", function() ruleset.load = nil end)
test("hostile: load of bytecode", function()
  assert(load(string.dump or "x", "x", "b"))
end)
