-- a scenario whose map is a file anywhere on the machine
scenario { title = "Outside", map = "/etc/passwd", turns = 1 }
side { "A", name = "Red" }
side { "B", name = "Blue" }
