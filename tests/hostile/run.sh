#!/bin/sh
# Hostile content against the sandbox: every fixture under
# tests/hostile/rulesets attacks one class of hole.  Each case asserts
# that the attack is stopped within its time limit (seconds, wall
# clock, generous for a shared, loaded machine: the sandbox's CPU ceiling
# is 20 s), with the exit status
# documented in README (1: the rules failed, 2: bad input), that the
# message names the hostile file and line, that the game file is
# unchanged, and that `replay --verify` passes afterwards.
# usage: run.sh PATH/TO/bitwa   (run from the source directory)
BITWA=${1:-build/tools/bitwa}
SRC=$(pwd)
BITWA_PATH=$SRC/tests/hostile/rulesets
export BITWA_PATH
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "FAIL $*"; }
digest() { cksum "$1" | cut -d' ' -f1-2; }
# the game's position and actions, as bitwa shows them
game() { "$BITWA" show "$1" --json 2>&1 | cksum; }
now() { date +%s; }

# run LIMIT STATUS OUT ERR -- COMMAND...: runs it, checks status and time
FACTOR=${BITWA_TIME_FACTOR:-1}
run() {
  limit=$(($1 * FACTOR)); want=$2; out=$3; err=$4; shift 5
  t0=$(now)
  timeout $((limit + 30)) "$@" >"$out" 2>"$err"
  got=$?
  t1=$(now)
  if [ "$got" -ne "$want" ]; then no "$*: exit $got, expected $want: $(head -c 600 "$err")"; else ok; fi
  if [ $((t1 - t0)) -gt "$limit" ]; then no "$*: took $((t1 - t0)) s, limit $limit s"; else ok; fi
}

# overlay NAME STATUS LIMIT [TEXT]: a game with overlay hostile/NAME;
# unit R1 moves and the overlay attacks.  A failure (STATUS 1) names
# the overlay's file and a line; TEXT is looked for in its message.
overlay() {
  name=$1; want=$2; limit=$3; text=$4
  G="$T/$name.bitwa"
  if ! "$BITWA" start hostile/duel "$G" --seed 5 --overlay "hostile/$name" >/dev/null 2>"$T/err"; then
    no "$name: start: $(cat "$T/err")"; return
  fi
  before=$(digest "$G")
  position=$(game "$G")
  run "$limit" "$want" "$T/out" "$T/err" -- "$BITWA" do "$G" A move R1 0404
  if [ "$want" -ne 0 ]; then
    if [ "$want" -eq 2 ] || grep -Eq "overlays/$name\.lua:[0-9]+: " "$T/err"; then ok; else no "$name: no file:line in: $(head -c 600 "$T/err")"; fi
    # a refusal is recorded (its own row); the game is as it was
    if [ "$want" -eq 2 ]; then
      [ "$(game "$G")" = "$position" ] && ok || no "$name: the game changed"
    else
      [ "$(digest "$G")" = "$before" ] && ok || no "$name: the game file changed"
    fi
    if [ "$(wc -l <"$T/err")" -le 1 ]; then ok; else no "$name: more than one line: $(head -c 600 "$T/err")"; fi
  fi
  if [ -n "$text" ]; then
    if grep -q -- "$text" "$T/err" "$T/out"; then ok; else no "$name: '$text' not in $(head -c 600 "$T/err") $(head -c 300 "$T/out")"; fi
  fi
  if grep -q "0x[0-9a-f]" "$T/out" "$T/err"; then no "$name: an address is shown"; else ok; fi
  if "$BITWA" replay "$G" --verify >"$T/rout" 2>"$T/rerr"; then ok; else no "$name: replay --verify: $(cat "$T/rerr")"; fi
}

# loading NAME STATUS TEXT: an overlay that attacks while it loads: the
# start is refused, names the overlay's file (and line), leaves no file
loading() {
  name=$1; want=$2; text=$3
  G="$T/$name.bitwa"
  run 20 "$want" "$T/out" "$T/err" -- "$BITWA" start hostile/duel "$G" --seed 5 --overlay "hostile/$name"
  if grep -q -- "$text" "$T/err"; then ok; else no "$name: '$text' not in $(head -c 600 "$T/err")"; fi
  [ -e "$G" ] && no "$name: a refused start left a file" || ok
}

# query NAME TEXT: a game with overlay hostile/NAME whose legal-actions
# query attacks: `bitwa actions` fails on one line (exit 1) naming the
# overlay's file and line, and the game is unchanged and verifies
query() {
  name=$1; text=$2
  G="$T/$name.bitwa"
  if ! "$BITWA" start hostile/duel "$G" --seed 5 --overlay "hostile/$name" >/dev/null 2>"$T/err"; then
    no "$name: start: $(cat "$T/err")"; return
  fi
  before=$(digest "$G")
  run 20 1 "$T/out" "$T/err" -- "$BITWA" actions "$G"
  if grep -Eq "overlays/$name\.lua:[0-9]+: " "$T/err"; then ok; else no "$name: no file:line in: $(head -c 600 "$T/err")"; fi
  if grep -q -- "$text" "$T/err"; then ok; else no "$name: '$text' not in $(head -c 600 "$T/err")"; fi
  if [ "$(wc -l <"$T/err")" -le 1 ]; then ok; else no "$name: more than one line: $(head -c 600 "$T/err")"; fi
  [ "$(digest "$G")" = "$before" ] && ok || no "$name: the game file changed"
  if "$BITWA" replay "$G" --verify >"$T/rout" 2>"$T/rerr"; then ok; else no "$name: replay --verify: $(cat "$T/rerr")"; fi
}

# --- rule code escaping the budget or doing unbounded C work ---------------
overlay xpcall-loop 1 20 "instruction budget exceeded"
overlay xpcall-handler 1 20 "instruction budget exceeded"
overlay close-loop 1 20 "instruction budget exceeded"
overlay pcall-pattern 1 20 "instruction budget exceeded"
overlay rep-loop 1 20 "instruction budget exceeded"
overlay concat-loop 1 20 "instruction budget exceeded"
overlay sort-loop 1 20 "instruction budget exceeded"
overlay pairs-loop 1 20 "instruction budget exceeded"
overlay move-huge 1 20 "instruction budget exceeded"
overlay unpack-loop 1 20 "instruction budget exceeded"
overlay byte-loop 1 20 "instruction budget exceeded"
overlay deep-stack 1 20 "stack overflow"
overlay vars-memory 1 20 "exceeded"
overlay notes-memory 1 20 "exceeded"

# --- metatables -------------------------------------------------------------
overlay weak-late 1 20 "__mode cannot be added"
overlay gc-late 1 20 "__gc cannot be added"
overlay meta-meta 1 20 "protected metatable"
overlay hex-meta 1 20 ""
overlay lt-keys 1 20 "has no order"

# --- values crossing into the engine ----------------------------------------
overlay refusal-tostring 2 20 "refused: 3.1: refused"
overlay refusal-mutated 2 20 "refused: refused"
overlay refusal-meta 1 20 ""
overlay refusal-fake 1 20 "error object is a table value"

query legal-evil "the rules failed (budget)"
query legal-memory "the rules failed (memory)"
query legal-table-arg "an argument is a table"

# --- engine tables are read-only while rules load ----------------------------
loading facings 2 "overlays/facings.lua:2: "
loading roll-replace 2 "overlays/roll-replace.lua:2: the bitwa table is read-only"
loading module-keys 2 "overlays/module-keys.lua:2: tables.evil: a key of type table"

# --- determinism ------------------------------------------------------------
overlay note-table 1 20 "is not a note"
overlay decide-table 1 20 "option 1 is a table"
overlay format-address 0 20 "table function table"
overlay sort-sidefx 0 20 "comparisons"

# --- nothing sends escape sequences to the player's terminal -------------
# what the rules say (a note, a refusal) is shown with its control
# characters escaped; a scenario naming units, sides or itself with them
# (or a unit with a comma) is refused at start, the names escaped
ESC=$(printf '\033')
G="$T/term.bitwa"
"$BITWA" start hostile/duel "$G" --seed 5 --overlay hostile/terminal-escapes >/dev/null 2>&1 || no "terminal-escapes: start"
run 20 0 "$T/out" "$T/err" -- "$BITWA" do "$G" A move R1 0404
if grep -q "$ESC" "$T/out" "$T/err"; then no "terminal-escapes: an escape byte reached the terminal: $(cat -v "$T/out")"; else ok; fi
if grep -qF 'moving\x1b]0;pwned\x07 on\x1b[2J\u009b 31m' "$T/out"; then ok; else no "terminal-escapes: the note escaped: $(cat -v "$T/out")"; fi
run 20 2 "$T/out" "$T/err" -- "$BITWA" do "$G" A move R2 0305
if grep -q "$ESC" "$T/out" "$T/err"; then no "terminal-escapes: an escape byte in the refusal: $(cat -v "$T/err")"; else ok; fi
if grep -qF 'no\x1b[31m red' "$T/err"; then ok; else no "terminal-escapes: the refusal escaped: $(cat -v "$T/err")"; fi
run 20 2 "$T/out" "$T/err" -- "$BITWA" start hostile/terminal-names "$T/names.bitwa" --seed 1
if grep -q "$ESC" "$T/out" "$T/err"; then no "terminal-names: an escape byte reached the terminal: $(cat -v "$T/err")"; else ok; fi
for text in "title 'Names\x1b]0;pwned\x07': control characters" "side name 'Red\x1b[2J': control characters" \
            "unit 'R1\x1b[31m': control characters" "unit 'B1\x0ainjected line': control characters" \
            "unit 'B2,B3': a comma is not allowed"; do
  if grep -qF -- "$text" "$T/err"; then ok; else no "terminal-names: '$text' not in $(cat -v "$T/err")"; fi
done
[ -e "$T/names.bitwa" ] && no "terminal-names: a refused start left a file" || ok

# --- nothing is read outside the rulesets --------------------------------
for sc in map-passwd map-dotdot map-dotdot2; do
  run 20 2 "$T/out" "$T/err" -- "$BITWA" start "hostile/$sc" "$T/$sc.bitwa" --seed 1
  if grep -q "root:" "$T/out" "$T/err"; then no "$sc: /etc/passwd was read"; else ok; fi
  if grep -q "scenarios/$sc.lua:[0-9]*: .*map" "$T/err"; then ok; else no "$sc: message: $(head -c 400 "$T/err")"; fi
  [ -e "$T/$sc.bitwa" ] && no "$sc: a refused start left a file" || ok
done
# a game file (from a stranger) whose metadata names files anywhere but
# in the rulesets, the home or the game file's own folder
if command -v sqlite3 >/dev/null 2>&1; then
  i=0
  printf 'return { propose = function() return "end" end }\n' >"$T/evil.lua"
  for case in "scenario|/etc/passwd|show" "scenario|tests/../../../../etc/passwd|show" \
              "scenario|$T/evil.lua|show" "bots|A=$T/evil.lua,B=random|run"; do
    key=${case%%|*}; rest=${case#*|}; value=${rest%|*}; cmd=${rest##*|}
    i=$((i + 1)); mkdir -p "$T/mail"; G="$T/mail/meta$i.bitwa"
    "$BITWA" start skirmish/duel "$G" --seed 3 >/dev/null 2>&1
    sqlite3 "$G" "INSERT OR REPLACE INTO meta VALUES('$key', '$value')"
    before=$(digest "$G")
    if [ "$cmd" = run ]; then
      run 20 2 "$T/out" "$T/err" -- "$BITWA" run "$G" --resume
    else
      run 20 2 "$T/out" "$T/err" -- "$BITWA" "$cmd" "$G"
    fi
    if grep -q "outside the rulesets" "$T/err"; then ok; else no "meta $key=$value: $(head -c 400 "$T/err")"; fi
    if grep -q "root:" "$T/out" "$T/err"; then no "meta $key=$value: /etc/passwd was read"; else ok; fi
    [ "$(digest "$G")" = "$before" ] && ok || no "meta $key=$value: the game file changed"
  done
else
  echo "note: no sqlite3 command: the game-file metadata cases are skipped"
fi

# --- situation files (bitwa odds) run in the sandbox -------------------------
sit() { # sit NAME STATUS TEXT
  run 20 "$2" "$T/out" "$T/err" -- "$BITWA" odds "tests/hostile/situations/$1.lua"
  if grep -q -- "$3" "$T/out" "$T/err"; then ok; else no "odds $1: '$3' not in $(head -c 400 "$T/err")"; fi
}
sit loop 2 "situations/loop.lua:2: instruction budget exceeded"
sit memory 2 "situations/memory.lua:3: "
sit io 2 "situations/io.lua:2: undeclared global 'io'"
sit meta 0 "SP lost by A"

# --- a ruleset's test files run in the sandbox -------------------------------
rm -f /tmp/bitwa-hostile-pwned
run 60 1 "$T/out" "$T/err" -- "$BITWA" test hostile
if grep -q "^0 passed, 15 failed" "$T/out"; then ok; else no "bitwa test hostile: $(tail -1 "$T/out")"; fi
for text in "field 'execute'" "undeclared global 'io'" "undeclared global 'debug'" \
            "undeclared global 'package'" "(not 'io')" "(not 'engine.cli')" \
            "loadfile: '/etc/passwd' is outside" "passwd' is outside the rulesets" \
            "util.read_file: '/etc/passwd' is outside" "field 'sandbox'" "tried to set 'home'" \
            "tried to set 'load'" "only text chunks" "only files made by os.tmpname" \
            "a path from os.tmpname expected"; do
  if grep -q -- "$text" "$T/out"; then ok; else no "bitwa test hostile: '$text' not reported"; fi
done
[ -e /tmp/bitwa-hostile-pwned ] && no "a test file ran a shell command" || ok

# --- a test file's own code runs under the test file's limits --------------
# (spec.lua: instructions for everything it runs, the rule code of its
# games too, CPU time and memory): each attack ends `bitwa test` with
# exit 1 within the time limit, the failure naming the file and line.
# The limit is 1,000 M instructions (the heaviest test file of the
# rulesets, grognard's odds tests, takes 166 M): 10 to 15 s of CPU, so
# 120 s of wall clock on a loaded machine (under the sanitizers the CPU
# ceiling, 60 s, may stop it first).
tfile() { # tfile NAME PASSED TEXT...
  name=$1; passed=$2; shift 2
  run 120 1 "$T/out" "$T/err" -- "$BITWA" test "tests/hostile/testfiles/${name}_spec.lua"
  for text in "$@"; do
    if grep -q -- "$text" "$T/out"; then ok; else no "test file $name: '$text' not in $(head -c 600 "$T/out")"; fi
  done
  if grep -q "^$passed passed, [1-9][0-9]* failed" "$T/out"; then ok; else no "test file $name: $(tail -1 "$T/out")"; fi
  if grep -q "0x[0-9a-f]" "$T/out" "$T/err"; then no "test file $name: an address is shown"; else ok; fi
  if grep -q "traceback" "$T/out" "$T/err"; then no "test file $name: a traceback is shown"; else ok; fi
}
tfile loop 1 "testfiles/loop_spec.lua:3: \(instruction budget\|CPU time limit\) exceeded"
tfile loop_test 0 "testfiles/loop_test_spec.lua:4: \(instruction budget\|CPU time limit\) exceeded"
tfile helper_loop 0 "testfiles/lib/spin.lua:4: \(instruction budget\|CPU time limit\) exceeded"
tfile game_loop 0 "testfiles/game_loop_spec.lua:5: \(instruction budget\|CPU time limit\) exceeded"
tfile with_loop 0 "testfiles/with_loop_spec.lua:5: \(instruction budget\|CPU time limit\) exceeded"
tfile tostring_error 0 "testfiles/tostring_error_spec.lua:3: \(instruction budget\|CPU time limit\) exceeded"
tfile eq_meta 0 "testfiles/eq_meta_spec.lua:2: \(instruction budget\|CPU time limit\) exceeded"
tfile id_tostring 0 "testfiles/id_tostring_spec.lua:3: test: an id (a string) expected"
tfile memory 0 "testfiles/memory_spec.lua:3: memory cap exceeded"
tfile close 0 "testfiles/close_spec.lua:3: \(instruction budget\|CPU time limit\) exceeded"
# the engine's metatables a test file meets (json arrays and sentinels,
# games, failures) are protected: each of its tests asserts it
run 20 0 "$T/out" "$T/err" -- "$BITWA" test tests/hostile/testfiles/metatables_spec.lua
if grep -q "^6 passed, 0 failed" "$T/out"; then ok; else no "metatables_spec: $(head -c 600 "$T/out")"; fi

# --- a manifest is rule-made too: copied raw inside the load budget ---------
# (a looping __index, __len, __pairs or a key whose __tostring loops is
# never called by the engine reading it)
BITWA_PATH="$SRC/tests/hostile/manifests"
for r in evil-meta evil-key; do
  run 20 2 "$T/out" "$T/err" -- "$BITWA" start "$r/duel" "$T/$r.bitwa"
  if grep -q "manifests/$r/ruleset.lua: " "$T/err"; then ok; else no "manifest $r: $(head -c 400 "$T/err")"; fi
  [ -e "$T/$r.bitwa" ] && no "manifest $r: a refused start left a file" || ok
  run 20 2 "$T/out" "$T/err" -- "$BITWA" lint "$r"
  if grep -q "manifests/$r/ruleset.lua: " "$T/out" "$T/err"; then ok; else no "lint manifest $r: $(head -c 400 "$T/err")"; fi
done
run 20 0 "$T/out" "$T/err" -- "$BITWA" list
BITWA_PATH=$SRC/tests/hostile/rulesets

# --- the engine reads the rules' own tables raw ----------------------------
# a bot module and a render module whose tables hide every field behind a
# looping __index: run plays on (no propose is found: the legal actions are
# listed, as for a ruleset with no bot), render draws with its defaults
run 60 0 "$T/out" "$T/err" -- "$BITWA" run evilbot/duel --seed 2 -o "$T/evilbot.bitwa" --quiet
run 20 0 "$T/out" "$T/err" -- "$BITWA" render "$T/evilbot.bitwa" -o "$T/evilbot.svg"
[ -s "$T/evilbot.svg" ] && ok || no "evilbot: no SVG drawn"

# --- state kept outside the game state (rule functions' upvalues) -----------
# bitwa test names each overlay's function and upvalue after the file; the
# overlay keeping its count in the game and the declared memo (cache())
# are not reported
run 60 1 "$T/out" "$T/err" -- "$BITWA" test tests/hostile/testfiles/state_spec.lua
for text in "overlays/state-counter.lua:4: the rule function keeps state in its upvalue 'moves'" \
            "overlays/state-table.lua:3: the rule function keeps state in its upvalue 'seen'" \
            "hostile/lib/memo.lua:4: the rule function keeps state in its upvalue 'notes'" \
            "overlays/state-module.lua:5: the rule function keeps state in its upvalue 'M'" \
            "^6 passed, 4 failed"; do
  if grep -q -- "$text" "$T/out"; then ok; else no "state_spec: '$text' not in $(head -c 900 "$T/out")"; fi
done
if grep -q "state-none\|state-cache" "$T/out"; then no "state_spec: a rule without state reported"; else ok; fi
# replay --verify names it (exit 1); a game without such state verifies
for o in state-counter state-table state-lib state-module state-none state-cache; do
  G="$T/$o.bitwa"
  "$BITWA" start hostile/duel "$G" --seed 5 --overlay "hostile/$o" >/dev/null 2>&1
  "$BITWA" do "$G" A move R1 0404 >/dev/null 2>&1 || no "$o: the move"
  case $o in state-none|state-cache) want=0 ;; *) want=1 ;; esac
  run 20 "$want" "$T/out" "$T/err" -- "$BITWA" replay "$G" --verify
  if [ "$want" -eq 1 ]; then
    if grep -q "keeps state in its upvalue" "$T/out"; then ok; else no "$o: replay --verify: $(head -c 400 "$T/out")"; fi
  fi
done

# --- nothing shells out: a BITWA_PATH entry that is a command -------------
for entry in '$(touch '"$T"'/pwned)' '`touch '"$T"'/pwned`' '"; touch '"$T"'/pwned; "'; do
  BITWA_PATH="$entry:$BITWA_PATH" "$BITWA" list >/dev/null 2>&1
  BITWA_PATH="$entry:$BITWA_PATH" "$BITWA" start hostile/duel "$T/sh.bitwa" --seed 1 >/dev/null 2>&1
  rm -f "$T/sh.bitwa"
  [ -e "$T/pwned" ] && no "BITWA_PATH entry $entry ran a command" || ok
  rm -f "$T/pwned"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
