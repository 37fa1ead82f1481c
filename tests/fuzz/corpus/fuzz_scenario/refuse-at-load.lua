scenario { title = "Refused", map = "skirmish", turns = 1 }
local ok, r = pcall(refuse, "1.1", "caught")
refuse()
