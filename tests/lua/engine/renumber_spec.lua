-- A child ruleset's `renumber`: the rule numbers the inherited code cites,
-- as the child's book numbers them (lua/engine/api.lua renumber,
-- cite_text), in refusals, notes and roll purposes.
local api = require "engine.api"

local MAP = { ["11"] = "10", ["4.2.9"] = "4.2.10", ["5.8.2"] = "5.8.4", ["14.1.4"] = "13.1.5", ["14"] = "13" }

test("renumber: a whole chapter, one rule, the longest match first", function()
  eq(api.renumber(MAP, "11.6.2"), "10.6.2")
  eq(api.renumber(MAP, "11"), "10")
  eq(api.renumber(MAP, "4.2.9"), "4.2.10")
  eq(api.renumber(MAP, "4.2.8"), "4.2.8")
  eq(api.renumber(MAP, "14.1.4"), "13.1.5")
  eq(api.renumber(MAP, "14.1.3"), "13.1.3")
  eq(api.renumber(MAP, "5.1.1 g"), "5.1.1 g")
  eq(api.renumber(MAP, "111.6"), "111.6", "11 is not a prefix of 111")
  eq(api.renumber(MAP, "scenario"), "scenario")
end)

test("cite_text: numbers in parentheses are renumbered, '=n' is kept as the book's own, other text untouched", function()
  eq(api.cite_text(MAP, "crossbow hit (11.6.2)"), "crossbow hit (10.6.2)")
  eq(api.cite_text(MAP, "X (=5.8.2) and (5.8.2)"), "X (5.8.2) and (5.8.4)")
  eq(api.cite_text(MAP, "losses (6.1.4, 11.7.4)"), "losses (6.1.4, 10.7.4)")
  eq(api.cite_text(MAP, "11.6.2 outside"), "11.6.2 outside")
  eq(api.cite_text({}, "a (=9.1.4) b"), "a (9.1.4) b", "without a map the marker is still removed")
  eq(api.cite_text(nil, "plain (5.1.1)"), "plain (5.1.1)")
end)

test("a Legnica game cites Legnica's numbers; a Grunwald game the English ones", function()
  local units = { { name = "X1", side = "PL", kind = "archers", hex = "0808", facing = "N", sp = 1, mp = 0,
                    formation = "movement" } }
  local lg = game { ruleset = "legnica", seed = 1, options = { complementary = false },
    scenario = { map = "test-field", turns = 2, units = units, vars = { { "side.A", "PL" } } } }
  local en = game { ruleset = "grunwald", seed = 1, options = { complementary = false },
    scenario = { map = "test-field", turns = 2, units = units, vars = { { "side.A", "PL" } } } }
  for _, g in ipairs { lg, en } do
    for _ = 1, 5 do
      if g:phase_info().name == "A.infantry_move" then break end
      done(g:act("PL", "end"))
    end
  end
  local a, b = lg:act("PL", "formation X1"), en:act("PL", "formation X1")
  eq(a.status, "refused")
  eq(b.status, "refused")
  eq(a.rule:sub(1, 3), "10.")
  eq(b.rule:sub(1, 3), "11.")
end)
