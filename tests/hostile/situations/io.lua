-- a situation file that reads a file
return { ruleset = "skirmish", scenario = "duel", action = io.open("/etc/passwd"):read("a") }
