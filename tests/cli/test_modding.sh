#!/bin/sh
# What a modder meets: every mistake of a scenario or map reported at its
# file:line at once (with a "did you mean" for a misspelt name), option
# values and bot sides checked, a battle of one's own in any folder played
# with an existing ruleset.
# usage: test_modding.sh PATH/TO/bitwa   (run from the source directory)
BITWA=${1:-build/tools/bitwa}
case $BITWA in /*) ;; *) BITWA=$(pwd)/$BITWA ;; esac
. "$(dirname "$0")/lib.sh"

# ---- a scenario with a mistake on every line: all of them, at their lines
cat >"$T/bad.lua" <<'SCEN'
scenario { title = "Bad", map = "test-field", turns = 3, titel = "x" }
side { "PL", name = "Poles" }
side { "TO" }
unit { "L1", side = "PL", kind = "leader", mp = 10, range = 2, hex = "0101" }
unit { "C1", side = "PL", kind = "cavalery", sp = 2, mp = -1, hex = "0102" }
unit { "C2", side = "PL", kind = "cavalry", sp = 2, mp = 6, amour = 2, leader = "L2", hex = "0103" }
unit { "C3", side = "TO", kind = "cavalry", sp = 2, mp = 6, armour = 5, condition = "panic", hex = "0104" }
unit { "C4", side = "TO", kind = "cavalry", sp = 2, mp = 6, leader = "L1", hex = "0105" }
SCEN
expect 2 "lint a scenario file against a ruleset" "$BITWA" lint --ruleset grunwald "$T/bad.lua"
has "$T/err" "bad.lua:1: scenario: unknown field 'titel' (did you mean 'title'?)" "a misspelt field"
has "$T/err" "bad.lua:4: unit L1: a leader needs sp (ruleset grunwald gives no default for it)" "a leader left at the default SP"
has "$T/err" "bad.lua:5: unit C1: kind 'cavalery' is not one of .* (did you mean 'cavalry'?)" "a misspelt kind"
has "$T/err" "bad.lua:5: unit C1: mp -1 is out of range (at least 0)" "negative MP"
has "$T/err" "bad.lua:6: unit C2: unknown attribute 'amour' (did you mean 'armour'?)" "a misspelt attribute"
has "$T/err" "bad.lua:6: unit C2: leader 'L2' is not a leader of the scenario (did you mean 'L1'?)" "a misspelt leader assignment"
has "$T/err" "bad.lua:7: unit C3: armour 5 is out of range (0 to 2)" "armour out of range"
has "$T/err" 'bad.lua:7: unit C3: condition "panic" is not one of "", "disorganized", "panicked"' "a value not in the list"
has "$T/err" "bad.lua:8: unit C4: leader 'L1' is of side PL, not TO" "a leader of the other side"
has "$T/err" "^9 problems" "all of them at once"
expect 2 "start refuses it too" "$BITWA" start "$T/bad.lua" "$T/bad.bitwa" --ruleset grunwald
[ -e "$T/bad.bitwa" ] && no "a refused start leaves no game file" || ok

# ---- sides
cat >"$T/one.lua" <<'SCEN'
scenario { title = "One", map = "test-field", turns = 3 }
side { "PL" }
unit { "C1", side = "PL", kind = "cavalry", sp = 2, mp = 6, hex = "0102" }
SCEN
expect 2 "a one-side scenario" "$BITWA" lint --ruleset grunwald "$T/one.lua"
has "$T/err" 'one.lua:2: the scenario declares one side (PL) but ruleset grunwald plays PL, TO: declare side { "TO" } too' "one side: a clear error"
expect 2 "a one-side scenario does not start" "$BITWA" start "$T/one.lua" "$T/one.bitwa" --ruleset grunwald
has "$T/err" "declares one side" "start says why"
cat >"$T/foreign.lua" <<'SCEN'
scenario { title = "Foreign", map = "test-field", turns = 3 }
side { "PL" }
side { "XX" }
unit { "C1", side = "PL", kind = "cavalry", sp = 2, mp = 6, hex = "0102" }
unit { "C2", side = "XX", kind = "cavalry", sp = 2, mp = 6, hex = "0104" }
SCEN
expect 2 "a side that is not the ruleset's" "$BITWA" lint --ruleset grunwald "$T/foreign.lua"
has "$T/err" "foreign.lua:3: side 'XX' is not one of ruleset grunwald's sides (PL, TO)" "the foreign side at its line"
# Legnica (PL against MO) does not play Grunwald's battles (PL against TO)
expect 2 "legnica/clash-of-titans is refused" "$BITWA" start legnica/clash-of-titans "$T/lc.bitwa"
has "$T/err" "ruleset 'legnica' has no scenario 'clash-of-titans'" "not a Legnica scenario"
has "$T/err" "clash-of-titans.lua is written for other sides than legnica's (PL, MO)" "and why"
expect 2 "lint legnica/clash-of-titans" "$BITWA" lint legnica/clash-of-titans
expect 2 "Grunwald's scenario file played with Legnica" "$BITWA" lint --ruleset legnica rulesets/grunwald/scenarios/clash-of-titans.lua
has "$T/err" "clash-of-titans.lua:67: the scenario's sides (PL, TO) are not ruleset legnica's (PL, MO)" "sides differ: refused at lint"
expect 0 "list" "$BITWA" list
hasnt "$T/out" "scenario  legnica/clash-of-titans" "list does not offer Legnica the Grunwald battles"
has "$T/out" "scenario  skirmish-plus/duel" "a child with its parent's sides plays its scenarios"

# ---- a misspelt map name: file:line, did you mean, and the rest checked too
cat >"$T/map.lua" <<'SCEN'
scenario { title = "Map", map = "grunwlad", turns = 3 }
unit { "C1", side = "PL", kind = "cavalry", sp = 2, mp = 6, hex = "0102" }
unit { "C2", side = "TO", kind = "cavalry", sp = 2, mp = -6 }
SCEN
expect 2 "a misspelt map" "$BITWA" lint --ruleset grunwald "$T/map.lua"
has "$T/err" "map.lua:1: scenario: no map 'grunwlad' (did you mean 'grunwald'?) (maps: grunwald, test-field)" "map name at its line"
has "$T/err" "map.lua:3: unit C2: mp -6 is out of range" "the other problems too"

# ---- a map file: every error at once
printf 'map x\ncolumns 1-5\nrows 1-x\nparity odd-down\ndefault clear\nterrain forrest 0101\nterain forest 0102\nedge rivr 0101:N\nlabel 0909 "a"\n' >"$T/bad.map"
expect 2 "lint a map with several errors" "$BITWA" lint --ruleset grunwald "$T/bad.map"
has "$T/err" "bad.map:3: bad rows '1-x'" "first error"
has "$T/err" "bad.map:6: unknown terrain 'forrest' (did you mean 'forest'?)" "misspelt terrain"
has "$T/err" "bad.map:7: unknown directive 'terain' (did you mean 'terrain'?)" "misspelt directive"
has "$T/err" "bad.map:8: unknown hexside feature 'rivr' (did you mean 'river'?)" "misspelt feature"
has "$T/err" "bad.map:9: hex 0909 is outside the map" "hex outside"
has "$T/err" "^5 problems" "all five"
expect 2 "lint --json" "$BITWA" lint --ruleset grunwald "$T/bad.map" --json
has "$T/out" '"ok":false' "json: not ok"
has "$T/out" '{"file":"[^"]*bad.map","line":6,"message":"unknown terrain' "json: file, line, message"
expect 0 "lint --json of good files" "$BITWA" lint skirmish --json
has "$T/out" '{"ok":true,"problems":\[\]}' "json: ok"

# ---- options: declared values, checked, listed
G="$T/g.bitwa"
expect 2 "a wrong option value" "$BITWA" start grunwald/clash-of-titans "$G" --option leader_test_modifier=foo
has "$T/err" "option 'leader_test_modifier': 'foo' is not one of add, subtract" "the choices listed"
[ -e "$G" ] && no "a refused start leaves no game file" || ok
expect 2 "a misspelt option" "$BITWA" start grunwald/clash-of-titans "$G" --option leader_test_modifer=add
has "$T/err" "unknown option 'leader_test_modifer' (did you mean 'leader_test_modifier'?)" "did you mean"
expect 2 "a boolean option" "$BITWA" start grunwald/clash-of-titans "$G" --option complementary=maybe
has "$T/err" "option 'complementary': one of true, false expected, got 'maybe'" "true or false"
expect 2 "an integer option" "$BITWA" start skirmish/duel "$G" --option stacking_limit=lots
has "$T/err" "option 'stacking_limit': an integer expected, got 'lots'" "an integer"
expect 2 "run checks option values" "$BITWA" run skirmish/duel -o "$G" --option stacking_limit=lots
expect 2 "sim checks option values" "$BITWA" sim grunwald/clash-of-titans -n 1 --option leader_test_modifier=foo
has "$T/err" "is not one of add, subtract" "sim lists the choices"
expect 0 "list shows options" "$BITWA" list
has "$T/out" "option    leader_test_modifier=add (add|subtract) — 6.2.2-6.2.3" "an option, its values and rule"
has "$T/out" "option    complementary=true (true|false)" "a boolean option"
expect 0 "list --json" "$BITWA" list --json
has "$T/out" '"name":"leader_test_modifier","values":\["add","subtract"\]' "json options"

# ---- bot sides
expect 0 "start" "$BITWA" start skirmish/duel "$G" --seed 2
expect 2 "play --bot with a side the game lacks" "$BITWA" play "$G" --bot C=random
has "$T/err" "--bot: no side 'C' in this game (sides: A, B)" "play names the sides"
expect 2 "run --bots with a side the game lacks" "$BITWA" run skirmish/duel -o "$T/r.bitwa" --bots C=random
has "$T/err" "--bots: no side 'C' in this game (sides: A, B)" "run names the sides"
[ -e "$T/r.bitwa" ] && no "run with bad bots leaves no game file" || ok
expect 2 "sim --bots with a side the game lacks" "$BITWA" sim skirmish/duel -n 1 --bots C=random
has "$T/err" "no side 'C'" "sim names the side"
expect 2 "compare --bots with a side the game lacks" "$BITWA" compare skirmish/duel -n 1 --b option:stacking_limit=3 --bots C=random
has "$T/err" "no side 'C'" "compare names the side"

# ---- help
expect 2 "help of an unknown command" "$BITWA" help frob
has "$T/err" "help: no command 'frob'" "help frob"
expect 2 "a misspelt command" "$BITWA" lnit skirmish
has "$T/err" "unknown command 'lnit' (did you mean 'lint'?)" "did you mean"

# ---- a battle of one's own, in any folder, played with a named ruleset
mkdir -p "$T/battles"
cat >"$T/battles/ford.lua" <<'SCEN'
scenario { title = "Ford", map = "ford", turns = 2 }
side { "A" }
side { "B" }
unit { "R1", side = "A", kind = "infantry", hex = "0202", facing = "SE", sp = 2 }
unit { "B1", side = "B", kind = "infantry", hex = "0204", facing = "N", sp = 2 }
SCEN
printf 'map ford\ncolumns 1-4\nrows 1-5\nparity odd-down\ndefault clear\nterrain forest 0303\n' >"$T/battles/ford.map"
expect 0 "lint a scenario file" "$BITWA" lint "$T/battles/ford.lua" --ruleset skirmish
expect 2 "a scenario file needs --ruleset" "$BITWA" start "$T/battles/ford.lua" "$T/f.bitwa"
has "$T/err" "say which ruleset plays this scenario file: --ruleset NAME" "asks for the ruleset"
expect 0 "start a scenario file" "$BITWA" start "$T/battles/ford.lua" "$T/f.bitwa" --ruleset skirmish --seed 3
has "$T/err" "note: to open this game again (do, show, replay, run --resume), put the scenario's folder on BITWA_PATH: export BITWA_PATH=$T/battles" "start says how to open the game again"
# a game file names only files of the home or a BITWA_PATH folder
expect 2 "without its folder on BITWA_PATH the game is not opened" "$BITWA" show "$T/f.bitwa"
has "$T/err" "the game names a scenario file outside the rulesets and the bitwa home" "refused, saying why"
BITWA_PATH="$T/battles"
export BITWA_PATH
expect 0 "its map is the one of its folder" "$BITWA" show "$T/f.bitwa" --json
has "$T/out" '"title":"Ford"' "the scenario's title"
expect 0 "play on in it" "$BITWA" do "$T/f.bitwa" A end
expect 0 "run a scenario file" "$BITWA" run "$T/battles/ford.lua" --ruleset skirmish -o "$T/fr.bitwa" --quiet
hasnt "$T/err" "note:" "no note when the folder is on BITWA_PATH"
expect 0 "replay it from elsewhere" sh -c "cd / && '$BITWA' replay '$T/fr.bitwa' --verify"
has "$T/out" "every checksum matches" "replayed"
expect 0 "sim a scenario file in two processes" "$BITWA" sim "$T/battles/ford.lua" --ruleset skirmish -n 2 --jobs 2
has "$T/out" "Ford (.*battles/ford.lua), 2 games" "sim names the file"
# the map's own errors and a map outside the folder
printf 'map ford\ncolumns 1-4\nrows 1-5\nparity odd-down\ndefault lava\n' >"$T/battles/broken.map"
sed 's/map = "ford"/map = "broken"/' "$T/battles/ford.lua" >"$T/battles/broken.lua"
expect 2 "a scenario whose map is broken" "$BITWA" lint "$T/battles/broken.lua" --ruleset skirmish
has "$T/err" "broken.map:5: unknown terrain 'lava'" "the map's error at its line"
sed 's|map = "ford"|map = "../ford"|' "$T/battles/ford.lua" >"$T/battles/up.lua"
expect 2 "a map outside the scenario's folder" "$BITWA" lint "$T/battles/up.lua" --ruleset skirmish
has "$T/err" "up.lua:1: map '../ford': a map name expected" "no path out of the folder"

# ---- the rules-test runner: the failing line, --filter, --json, the rules' API
cat >"$T/t_spec.lua" <<'SPEC'
test("A: the rules' API in a test", function()
  local g = game { ruleset = "skirmish", scenario = "duel" }
  local n = with(g, function(bitwa, rules)
    eq(bitwa.unit("R1").side, "A")
    return #bitwa.units{ side = "A" }
  end)
  ok(n > 0, "units of A")
end)
test("B: fails in eq", function()
  local x = 1
  eq(x, 2, "x")
end)
SPEC
expect 1 "a failing test" "$BITWA" test "$T/t_spec.lua"
has "$T/out" "FAIL B: fails in eq \[.*t_spec.lua:11\]: x: got 1, expected 2" "the failure names its line"
has "$T/out" "^1 passed, 1 failed$" "the summary"
expect 0 "--filter" "$BITWA" test "$T/t_spec.lua" --filter "A:"
has "$T/out" "^1 passed, 0 failed (1 not matching --filter)$" "only the matching test"
expect 1 "test --json" "$BITWA" test "$T/t_spec.lua" --json
has "$T/out" '"failures":\[{"file":".*t_spec.lua","id":"B: fails in eq","line":11,"message":"x: got 1, expected 2"}\]' "json failures"
has "$T/out" '"passed":1' "json passed"
# a run that tested nothing fails; a ruleset's own folder runs its tests/
mkdir -p "$T/no-tests"
expect 1 "a folder with no test" "$BITWA" test "$T/no-tests"
has "$T/err" "no test ran" "says that no test ran"
expect 1 "a filter that matches nothing" "$BITWA" test "$T/t_spec.lua" --filter "no such id"
has "$T/err" "none matches --filter" "says the filter matched nothing"
expect 0 "a ruleset's folder" "$BITWA" test "$(pwd)/tests/fixtures/rulesets/stages"
has "$T/out" "^[1-9][0-9]* passed, 0 failed$" "the folder's tests/ ran"

# ---- render --json, compare's note on several measures
expect 0 "render --json" "$BITWA" render "$T/fr.bitwa" -o "$T/fr.svg" --json
has "$T/out" '"output":"[^"]*fr.svg"' "render json names the SVG"
[ -s "$T/fr.svg" ] && ok || no "render --json writes the SVG"
expect 0 "compare" "$BITWA" compare skirmish/duel -n 4 --b option:stacking_limit=3
has "$T/out" 'measures, each at 95%: a change that does nothing shows at least one of them "beyond noise" by chance' "compare warns"
expect 0 "compare --json" "$BITWA" compare skirmish/duel -n 4 --b option:stacking_limit=3 --json
has "$T/out" '"multiple_measures":{"chance_percent":[0-9]*,"measures":[0-9]*' "json note"

# ---- tables: cells in the book's terms, printed text against effect fields
expect 0 "diff names cells as the book does" "$BITWA" diff grunwald grunwald+fr-revised
has "$T/out" '~ COMBAT TABLE, roll 5, column 2:1, printed: "D1 -1" -> "D2"  \[tables.combat\[5\]\[5\].printed\]' "a cell: title, roll, column"
has "$T/out" '~ COMBAT TABLE, roll 5, column 2:1, def_retreat: 1 -> 2' "its effect field"
expect 0 "diff --json keeps the Lua path" "$BITWA" diff grunwald legnica --json
has "$T/out" '"cell":"COMBAT TABLE, roll 7, column 7:1","detail":"\\"D3 -1\\" -> \\"D2 -1\\"","field":"printed","op":"~","path":"tables.combat\[7\]\[10\].printed"' "json cell and path"
unset BITWA_PATH
mkdir -p "$T/rs/grunwald-typo"
cat >"$T/rs/grunwald-typo/ruleset.lua" <<'RS'
return { name = "grunwald-typo", extends = "grunwald", modules = { "tables" } }
RS
cat >"$T/rs/grunwald-typo/tables.lua" <<'RS'
local T = inherit()
T.combat[7][10].printed = "D9 -1"   -- the fields still say D3 -1
T.combat[3][2].printed = "X?"       -- not in the legend
return T
RS
BITWA_PATH="$T/rs" expect 2 "lint checks each cell's printed text against its fields" "$BITWA" lint grunwald-typo
has "$T/err" 'grunwald-typo/tables.lua: COMBAT TABLE, roll 7, column 7:1: printed "D9 -1" reads def_retreat = 9 (the cell has 3)' "a cell whose text and fields differ"
has "$T/err" 'grunwald-typo/tables.lua: COMBAT TABLE, roll 3, column 1:3: tables.read_combat cannot read "X?"' "a cell the legend cannot read"
has "$T/err" "^2 problems" "only those"
expect 0 "the rulesets' tables agree with their printed cells" "$BITWA" lint grunwald legnica

# ---- a misspelt manifest field
mkdir -p "$T/rs/typo"
cat >"$T/rs/typo/ruleset.lua" <<'RS'
return { name = "typo", extends = "skirmish", atributes = { { "morale", "int", 0, mn = 0 } } }
RS
BITWA_PATH="$T/rs" expect 2 "a misspelt manifest field" "$BITWA" lint typo
has "$T/err" "typo/ruleset.lua: unknown field 'atributes' (did you mean 'attributes'?)" "did you mean, in the manifest"
cat >"$T/rs/typo/ruleset.lua" <<'RS'
return { name = "typo", extends = "skirmish", attributes = { { "morale", "int", 0, mn = 0 } },
         options = { drill = { default = "line", valeus = { "line" } } } }
RS
BITWA_PATH="$T/rs" expect 2 "a misspelt attribute field" "$BITWA" lint typo
has "$T/err" "typo/ruleset.lua: attributes\[1\]: unknown field 'mn' (did you mean 'min'?)" "did you mean, in an attribute"

finish
