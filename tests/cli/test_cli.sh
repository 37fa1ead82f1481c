#!/bin/sh
# The bitwa command as a user meets it: exit statuses, messages on
# stderr, and game files left untouched by refused or failed actions.
# usage: test_cli.sh PATH/TO/bitwa   (run from the source directory)
BITWA=${1:-build/tools/bitwa}
. "$(dirname "$0")/lib.sh"

expect 0 "help" "$BITWA" help
has "$T/out" "run      play a whole game with bots" "help lists commands"
expect 2 "unknown command" "$BITWA" frobnicate
has "$T/err" "unknown command 'frobnicate'" "unknown command message"
expect 0 "do --help" "$BITWA" do --help
has "$T/out" "usage: bitwa do FILE SIDE ACTION" "command help"
expect 2 "bad option" "$BITWA" start skirmish/duel "$T/x.bitwa" --sed 3
has "$T/err" "unknown option --sed" "bad option message"
expect 0 "list" "$BITWA" list
has "$T/out" "scenario  skirmish/duel" "list shows scenarios"

# --deploy scenario: a game starting at turn 3 skips its deployment phases,
# is logged with it and replays with it; a bad value is refused
D="$T/d.bitwa"
expect 0 "start --deploy scenario" "$BITWA" start stages/late "$D" --deploy scenario
expect 0 "show a deployed game" "$BITWA" show "$D"
has "$T/out" "turn 3/5, phase A.move" "deployed as the scenario says, from turn 3"
expect 0 "start with deployment" "$BITWA" start stages/late "$T/d2.bitwa"
expect 0 "show a game to deploy" "$BITWA" show "$T/d2.bitwa"
has "$T/out" "turn 3/5, phase A.deploy" "the sides deploy first"
expect 2 "start --deploy bogus" "$BITWA" start stages/late "$T/d3.bitwa" --deploy bogus
has "$T/err" "deploy: 'players' or 'scenario' expected" "bad --deploy message"

G="$T/g.bitwa"
expect 0 "start" "$BITWA" start skirmish/duel "$G" --seed 5
expect 2 "start over an existing file" "$BITWA" start skirmish/duel "$G"
has "$T/err" "the file exists" "existing file message"
expect 2 "start an unknown scenario" "$BITWA" start skirmish/nowhere "$T/n.bitwa"
has "$T/err" "has no scenario 'nowhere'" "unknown scenario message"
[ -e "$T/n.bitwa" ] && no "a failed start leaves no file" || ok

# an argument more than a command takes is refused, not ignored (undo FILE
# SIDE would take back the last action whatever its side; run SCENARIO
# NAME would write its game elsewhere)
expect 0 "a move of A" "$BITWA" do "$G" A move R1 0404
digest "$G" >"$T/g.digest"
expect 2 "undo with a side as an argument" "$BITWA" undo "$G" B
has "$T/err" "undo: unexpected argument 'B'" "the argument is named"
has "$T/err" "usage: bitwa undo FILE \[--side S\]" "with the usage"
[ "$(digest "$G")" = "$(cat "$T/g.digest")" ] && ok || no "a refused undo changed the game"
expect 2 "show with an argument more" "$BITWA" show "$G" extra
has "$T/err" "show: unexpected argument 'extra'" "show names it"
expect 2 "answer with two options as two words" "$BITWA" answer "$G" fire hold
has "$T/err" "answer: unexpected argument 'hold'" "answer names it"
(cd "$T" && "$BITWA" run skirmish/duel mygame.bitwa --quiet >"$T/out" 2>"$T/err"); rc=$?
status $rc 2 "run with a file name as an argument (not -o)"
has "$T/err" "run: unexpected argument 'mygame.bitwa'" "run names it"
[ -e "$T/skirmish-duel-1.bitwa" ] || [ -e "$T/mygame.bitwa" ] && no "a refused run wrote a game" || ok
expect 2 "list with an argument" "$BITWA" list skirmish
expect 0 "undo the move" "$BITWA" undo "$G"

before=$("$BITWA" show "$G" --json | cksum)
expect 2 "illegal move" "$BITWA" do "$G" A move R1 0202
has "$T/err" "refused: 3.1: a unit moves only into a hex of its front area" "refusal cites its rule"
expect 2 "wrong side" "$BITWA" do "$G" B move B1 0804
has "$T/err" "refused: 2.1:" "phase refusal cites 2.1"
expect 2 "unknown unit" "$BITWA" do "$G" A move Nobody 0404
[ "$("$BITWA" show "$G" --json | cksum)" = "$before" ] && ok || no "refused actions changed the game"
# the refusals are recorded, each with its rule, and replay --verify tries
# them again; an edited refusal row is named
if command -v sqlite3 >/dev/null 2>&1; then
  r=$(sqlite3 "file:$G?mode=ro" "SELECT group_concat(k || '|' || after || '|' || side || '|' || line || '|' || rule || '|' || message, ';') FROM refusal")
  want="1|1|A|move R1 0202|3.1|a unit moves only into a hex of its front area;2|1|B|move B1 0804|2.1|side B cannot act in phase A.move (A acts);3|1|A|move Nobody 0404||move: argument 1 (unit): no unit 'Nobody'"
  [ "$r" = "$want" ] && ok || no "the refusal rows: '$r'"
  [ "$(sqlite3 "file:$G?mode=ro" "SELECT count(*) FROM action")" = 2 ] && ok || no "a refusal added an action"
  expect 0 "replay --verify with refusals" "$BITWA" replay "$G" --verify
  has "$T/out" "every logged row agrees" "the refusals verify"
  cp "$G" "$T/r.bitwa"
  sqlite3 "$T/r.bitwa" "UPDATE refusal SET rule = '3.2' WHERE k = 1"
  expect 1 "replay --verify of an edited refusal" "$BITWA" replay "$T/r.bitwa" --verify
  has "$T/out" 'refusal 1 (A move R1 0202 after action 1): its rule is "3.2" in the log, the replay gives "3.1"' "the edited refusal is named"
  cp "$G" "$T/r.bitwa"
  sqlite3 "$T/r.bitwa" "UPDATE refusal SET line = 'move R1 0404' WHERE k = 1"
  expect 1 "replay --verify of a refusal the rules allow" "$BITWA" replay "$T/r.bitwa" --verify
  has "$T/out" 'refusal 1 (A move R1 0404 after action 1): the replay does not refuse it' "an allowed refusal is named"
  # a format 2 file made before the refusal table: it is made by the first refusal
  cp "$G" "$T/r.bitwa"
  sqlite3 "$T/r.bitwa" "DROP TABLE refusal"
  expect 0 "replay --verify without a refusal table" "$BITWA" replay "$T/r.bitwa" --verify
  expect 2 "a refusal in a file without the table" "$BITWA" do "$T/r.bitwa" A move R1 0202
  [ "$(sqlite3 "file:$T/r.bitwa?mode=ro" "SELECT rule FROM refusal")" = 3.1 ] && ok || no "the table is made by the first refusal"
  expect 0 "replay --verify after it" "$BITWA" replay "$T/r.bitwa" --verify
else
  echo "note: no sqlite3 command: the refusal rows are not queried"
fi

expect 0 "legal move" "$BITWA" do "$G" A move R1 0404
has "$T/out" "#1.hex = 0404" "the move's events are shown"
# replay --verify compares every event row with the replay's (the kernel
# compares them first; an edited row is then named field by field)
if command -v sqlite3 >/dev/null 2>&1; then
  expect 0 "replay --verify of the move" "$BITWA" replay "$G" --verify
  has "$T/out" "every logged row agrees" "the move's events verify"
  ev() {  # ev WHAT SQL MESSAGE: the edited file's replay names the row
    cp "$G" "$T/e.bitwa"
    sqlite3 "$T/e.bitwa" "$2"
    expect 1 "replay --verify of an event row with $1" "$BITWA" replay "$T/e.bitwa" --verify
    has "$T/out" "$3" "the event row with $1 is named"
  }
  ev "another text" "UPDATE event SET text = '#1.hex = 0405 (was 0304)' WHERE action = 2 AND k = 2" \
    'event 2 of action 2: its text is "#1.hex = 0405 (was 0304)" in the log, the replay gives "#1.hex = 0404 (was 0304)"'
  ev "another kind" "UPDATE event SET kind = 'var' WHERE action = 2 AND k = 2" \
    'event 2 of action 2: its kind is "var" in the log, the replay gives "set"'
  ev "another unit" "UPDATE event SET unit = 2 WHERE action = 2 AND k = 3" \
    'event 3 of action 2: its unit is 2 in the log, the replay gives 1'
  ev "no unit" "UPDATE event SET unit = NULL WHERE action = 2 AND k = 3" \
    'event 3 of action 2: its unit is nothing in the log, the replay gives 1'
  ev "another attribute" "UPDATE event SET attribute = 'sp' WHERE action = 2 AND k = 3" \
    'event 3 of action 2: its attribute is "sp" in the log, the replay gives "mp_left"'
  ev "another value" "UPDATE event SET value = 1 WHERE action = 2 AND k = 3" \
    'event 3 of action 2: its value is 1 in the log, the replay gives 2'
  ev "a text for a number" "UPDATE event SET value = '2' WHERE action = 2 AND k = 3" \
    'event 3 of action 2: its value is "2" in the log, the replay gives 2'
  ev "another hex" "UPDATE event SET value = '0405' WHERE action = 2 AND k = 2" \
    'event 2 of action 2: its value is "0405" in the log, the replay gives "0404"'
  ev "another was" "UPDATE event SET was = NULL WHERE action = 2 AND k = 2" \
    'event 2 of action 2: its was is nothing in the log, the replay gives "0304"'
  ev "a row more" "INSERT INTO event VALUES (2, 4, 'note', NULL, '', NULL, NULL, 'more')" \
    'event 4 of action 2 is in the log but not in the replay'
  ev "a row less" "DELETE FROM event WHERE action = 2 AND k = 3" \
    'event 3 of action 2 is missing from the log'
  ev "an edited setup" "UPDATE event SET value = 4 WHERE action = 1 AND k = 1" \
    'event 1 of action 1: its value is 4 in the log, the replay gives 3'
fi
expect 0 "actions" "$BITWA" actions "$G"
has "$T/out" "A end" "legal actions include end"
expect 0 "show --json" "$BITWA" show "$G" --json
has "$T/out" '"phase":"A.move"' "json state"
has "$T/out" '"hex":"0404"' "json unit position"

# a decision window: R1 moves next to B's archers at 0804? set one up inline
P="$T/p.bitwa"
expect 0 "start probe" "$BITWA" start probe/one "$P"
before=$(digest "$P")
expect 1 "runaway rule code" "$BITWA" do "$P" A probe loop
has "$T/err" "probes.lua:[0-9]*: instruction budget exceeded" "the runaway loop is named"
expect 1 "memory bomb" "$BITWA" do "$P" A probe memory
has "$T/err" "memory cap exceeded" "the memory cap is named"
[ "$(digest "$P")" = "$before" ] && ok || no "failed actions changed the game file"
expect 0 "decision request" "$BITWA" do "$P" A probe decide_then_loop
has "$T/out" "waiting for B" "the decision is shown"
expect 2 "bad answer" "$BITWA" answer "$P" perhaps
has "$T/err" "'perhaps' is not one of: yes, no" "bad answer message"
expect 1 "answer, then the loop is stopped" "$BITWA" answer "$P" yes
expect 0 "the game is usable after the failure" "$BITWA" do "$P" A probe ok

expect 0 "replay --verify" "$BITWA" replay "$G" --verify
has "$T/out" "every checksum matches" "verify message"

printf 'this is not a game\n' >"$T/junk.bitwa"
expect 2 "a text file as a game" "$BITWA" show "$T/junk.bitwa"
has "$T/err" "not a bitwa game file" "junk file message"
head -c 3000 "$G" >"$T/trunc.bitwa"
expect 2 "a truncated game" "$BITWA" show "$T/trunc.bitwa"
expect 2 "a missing game" "$BITWA" show "$T/none.bitwa"

cat >"$T/bad.lua" <<'SCEN'
scenario { title = "Bad", map = "skirmish", turns = 2 }
unit { "u1", side = "A", kind = "infantry", hex = "0304", sp = 2 }
unit { "u2", side = "A", kind = "infantry", hex = "7777", sp = 2 }
SCEN
expect 2 "a bad scenario" "$BITWA" start "skirmish/$T/bad.lua" "$T/b.bitwa" 
expect 0 "lint a good ruleset" "$BITWA" lint skirmish skirmish-plus probe
printf 'map x\ncolumns 1-3\nrows 1-3\nparity odd-down\ndefault lava\n' >"$T/bad.map"
expect 2 "lint a map with unknown terrain" "$BITWA" lint --ruleset skirmish "$T/bad.map"
has "$T/err" "bad.map:5: unknown terrain 'lava'" "map errors name file and line"
expect 0 "lint a ruleset's own map" "$BITWA" lint tests/fixtures/rulesets/skirmish/maps/skirmish.map
expect 0 "diff" "$BITWA" diff skirmish skirmish-plus
has "$T/out" 'tables.crt\[2\]\[2\]: "-" -> "DR"' "diff down to the cell"
expect 0 "diff grunwald legnica" "$BITWA" diff grunwald legnica
has "$T/out" 'COMBAT TABLE, roll 7, column 7:1, printed: "D3 -1" -> "D2 -1"  \[tables.combat\[7\]\[10\].printed\]' "a Legnica combat-table cell in the book's terms"
has "$T/out" 'condition.disorganize: function replaced: rulesets/grunwald/condition.lua' "disorganization replaced by scatter"
has "$T/out" '+ scatter: module added (from legnica)' "Legnica's own module"
has "$T/out" 'combat.final_column: function replaced: .* (cites 1.5)' "with the rule it cites"
if grep -q "0x[0-9a-f]" "$T/out"; then fail=$((fail + 1)); echo "FAIL: diff prints an address"; else pass=$((pass + 1)); fi
expect 0 "lint the Legnica scenarios and map" "$BITWA" lint legnica rulesets/legnica/maps/legnica.map

R="$T/run.bitwa"
expect 0 "run a bot game" "$BITWA" run skirmish/duel -o "$R" --seed 4
has "$T/out" "result:" "run prints the result"
expect 2 "run over an existing file" "$BITWA" run skirmish/duel -o "$R"
expect 0 "run --resume of a finished game" "$BITWA" run "$R" --resume --quiet
R2="$T/run2.bitwa"
"$BITWA" run skirmish/duel -o "$R2" --seed 3 --bots A=random --max-actions 6 >/dev/null 2>&1
expect 0 "run --resume with the bots the game was started with" "$BITWA" run "$R2" --resume
has "$T/out" "bots: A=random, B=rules" "the log remembers the bots"
# a game stopped while an action waits for a decision keeps the snapshot
# of the position before that action, and it verifies (the strings the
# pending action interned are not in it; a file written before that was
# so is compared by its content)
R3="$T/run3.bitwa"
"$BITWA" run grunwald/clash-of-titans -o "$R3" --seed 1 --quiet --max-actions 300 >/dev/null 2>&1
"$BITWA" run "$R3" --resume --quiet --max-actions 320 >/dev/null 2>&1
expect 0 "show of a game stopped at a decision" "$BITWA" show "$R3"
has "$T/out" "actions 424" "the snapshot's action done, the next pending"
expect 0 "replay --verify of a game stopped at a decision" "$BITWA" replay --verify "$R3"
has "$T/out" "every checksum matches and every logged row agrees" "the snapshot agrees with the replay"

# odds on the position of a game file: read only, refusals exit 2
O="$T/odds.bitwa"
expect 0 "start for odds" "$BITWA" start skirmish/duel "$O"
before=$(digest "$O")
expect 0 "odds on a game file" "$BITWA" odds "$O" "move R1 0404" --json
has "$T/out" '"exact":"1/1","outcome":"R1.facing SE->NE; R1.hex 0304->0404; R1.mp_left 3->2"' "the move's one outcome"
expect 2 "odds of a refused line" "$BITWA" odds "$O" attack R1 B1
has "$T/err" "refused: 2.1" "the refusal names its rule"
expect 2 "odds on a game file needs an action" "$BITWA" odds "$O"
if [ "$(digest "$O")" = "$before" ]; then ok; else no "odds changed the game file"; fi
expect 0 "odds --json of a situation" "$BITWA" odds tests/fixtures/situations/skirmish-attack.lua --json
has "$T/out" '"exact":"1/6"' "exact fractions are integers"

# undo: one's own last actions, until a die was rolled or another side decided
U="$T/undo.bitwa"
expect 0 "start for undo" "$BITWA" start skirmish/duel "$U" --seed 5
expect 2 "undo with nothing to take back" "$BITWA" undo "$U"
has "$T/err" "refused: action 1 (begin) is the game's own" "the game's own actions stay"
"$BITWA" do "$U" A move R1 0404 >/dev/null 2>&1
after1=$(digest "$U")
expect 0 "a move" "$BITWA" do "$U" A move R2 0406
expect 0 "undo the move" "$BITWA" undo "$U"
has "$T/out" "took back action 3: A move R2 0406" "undo names what it took back"
expect 0 "show after undo" "$BITWA" show "$U" --json
has "$T/out" '"actions":2' "the action left the log"
has "$T/out" '"hex":"0306","id":2,"kind":"cavalry","mp":5,"mp_left":5,"name":"R2"' "R2 stands where it stood, its MP whole"
expect 0 "replay --verify after undo" "$BITWA" replay "$U" --verify
has "$T/out" "replayed 2 of 2 actions" "the log holds two actions"
expect 0 "the same move again" "$BITWA" do "$U" A move R2 0406
expect 0 "end" "$BITWA" do "$U" A end
expect 2 "undo for the other side" "$BITWA" undo "$U" --side B
has "$T/err" "refused: action 4 (end) is A's: B takes back only its own" "undo takes back one's own only"
expect 0 "undo two" "$BITWA" undo "$U" -n 2
expect 0 "show after undo -n 2" "$BITWA" show "$U" --json
has "$T/out" '"actions":2' "two actions taken back"
expect 0 "render --at" "$BITWA" render "$U" --at 1 -o "$T/at1.svg" --json
has "$T/out" '"actions":1' "render --at draws the position after action 1"
grep -q '0304' "$T/at1.svg" && ok || no "render --at 1: R1 not drawn at 0304"
expect 2 "render -o FILE.png" "$BITWA" render "$U" -o "$T/board.png"
has "$T/err" "render writes SVG, not PNG: name the output FILE.svg (-o $T/board.svg)" "render -o .png refused"
[ ! -e "$T/board.png" ] && ok || no "render -o board.png wrote a file"
expect 0 "render -o FILE without an extension" "$BITWA" render "$U" -o "$T/board"
grep -q '<svg' "$T/board" && ok || no "render -o board: no SVG written"
expect 2 "render --at beyond the log" "$BITWA" render "$U" --at 9 -o "$T/at9.svg"
has "$T/err" "--at: an action from 0 to 2 expected" "render --at range"
A="$T/arch.bitwa"
expect 0 "start archers" "$BITWA" start tests/fixtures/scenarios/skirmish-archers.lua --ruleset skirmish "$A" --seed 2
expect 0 "a move that B may fire at" "$BITWA" do "$A" A move a 0404
has "$T/out" "waiting for B: x may fire at a" "B's decision"
before=$(digest "$A")
expect 2 "undo while a decision waits" "$BITWA" undo "$A"
has "$T/err" "waits for a decision: answer it first" "undo waits for the decision"
expect 0 "B holds" "$BITWA" answer "$A" hold
expect 2 "undo after the other side decided" "$BITWA" undo "$A"
has "$T/err" "in action 2 (move a 0404) B decided (reaction_fire): another side's decision is never taken back" "another side's decision stays"
A2="$T/arch2.bitwa"
"$BITWA" start tests/fixtures/scenarios/skirmish-archers.lua --ruleset skirmish "$A2" --seed 2 >/dev/null 2>&1
"$BITWA" do "$A2" A move a 0404 >/dev/null 2>&1
expect 0 "B fires" "$BITWA" answer "$A2" fire
before=$(digest "$A2")
expect 2 "undo after a roll" "$BITWA" undo "$A2"
has "$T/err" "rolled dice (reaction fire (3.7)): a roll is never taken back" "a roll is never taken back"
[ "$(digest "$A2")" = "$before" ] && ok || no "a refused undo changed the game file"

finish
