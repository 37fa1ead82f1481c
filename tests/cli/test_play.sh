#!/bin/sh
# The `bitwa play` prompt and the grouped `bitwa actions`, as a player
# meets them: on a pseudo-terminal (line editing, history and completion
# by libedit), through a pipe (plain lines, the same text, the same game
# every time), on every ruleset: Grunwald, Legnica, Husaria and the
# skirmish fixture.
# usage: test_play.sh PATH/TO/bitwa PATH/TO/pty_drive edit|plain
#   edit: bitwa was built with libedit (the terminal tests run)
BITWA=${1:-build/tools/bitwa}
PTY=${2:-}
EDIT=${3:-plain}
FACTOR=${BITWA_TIME_FACTOR:-1}
. "$(dirname "$0")/lib.sh"
has() { # has FILE TEXT DESCRIPTION
  if grep -q -F -- "$2" "$1"; then ok; else no "$3: '$2' not in $(head -c 3000 "$1")"; fi
}
hasnt() {
  if grep -q -F -- "$2" "$1"; then no "$3: '$2' in $1"; else ok; fi
}
lines() { # lines FILE N DESCRIPTION: FILE has N lines
  n=$(wc -l <"$1" | tr -d ' ')
  if [ "$n" -eq "$2" ]; then ok; else no "$3: $n lines, expected $2"; fi
}

# ---------------------------------------------------------------- actions
# Clash of Titans, seed 3: 2497 legal lines (every hex every unit can
# reach), one line per unit and order kind
expect 0 "start CoT" "$BITWA" start grunwald/clash-of-titans "$T/cot.bitwa" --seed 3
expect 0 "actions CoT" "$BITWA" actions "$T/cot.bitwa"
cp "$T/out" "$T/cot-actions"
has "$T/cot-actions" "PL move Chase-1 keep|HEX        5 hexes, 1 to 2 away (nearest 1516, farthest 1318)" "a unit's moves on one line"
has "$T/cot-actions" "PL move Jagiello HEX            128 hexes, 1 to 8 away (nearest 2822, farthest 3622)" "a leader's 128 hexes on one line"
has "$T/cot-actions" "PL pass_banner PL-Banner-Krakow Dobrzyn-1|Dobrzyn-2|GreatBanner-2|GreatBanner-4|Czech-1" "the banner's passes on one line"
has "$T/cot-actions" "(2497 lines grouped into 99: --all lists every line, --unit U a unit's)" "the count"
lines "$T/cot-actions" 100 "99 lines and the count"
expect 0 "actions --all CoT" "$BITWA" actions "$T/cot.bitwa" --all
lines "$T/out" 2497 "--all: every line"
has "$T/out" "PL move Jagiello 3622" "--all: the farthest hex's line"
expect 0 "actions --unit CoT" "$BITWA" actions "$T/cot.bitwa" --unit Chase-1
lines "$T/out" 6 "--unit: keep and 5 hexes"
has "$T/out" "PL move Chase-1 1318" "--unit: a hex's line"
hasnt "$T/out" "Chase-2" "--unit: only that unit"
expect 0 "actions --json CoT" "$BITWA" actions "$T/cot.bitwa" --json
n=$(grep -o '"line":' "$T/out" | wc -l | tr -d ' ')
[ "$n" -eq 2497 ] && ok || no "--json keeps every line: $n"
expect 0 "actions --unit --json" "$BITWA" actions "$T/cot.bitwa" --unit Chase-1 --json
n=$(grep -o '"line":' "$T/out" | wc -l | tr -d ' ')
[ "$n" -eq 6 ] && ok || no "--unit --json: $n lines"
expect 2 "actions --unit of no unit" "$BITWA" actions "$T/cot.bitwa" --unit Chase-9
has "$T/err" "actions: no unit 'Chase-9' (did you mean" "an unknown unit is named"

# the skirmish fixture: path orders with their facing, grouped by unit
# (seed 11: below, the random bot, drawing from the keyed hash of the
# seed, answers fire)
expect 0 "start duel" "$BITWA" start skirmish/duel "$T/duel.bitwa" --seed 11
expect 0 "actions duel" "$BITWA" actions "$T/duel.bitwa"
has "$T/out" "A move R2 HEX FACING  48 hexes, 1 to 5 away (nearest 0305, farthest 0402)" "the fixture's moves grouped"
has "$T/out" "(89 lines grouped into 4:" "the fixture's count"
lines "$T/out" 5 "three units, end and the count"

# the manifest's doc and roles.states are checked where the ruleset loads
mkdir -p "$T/rs/docs"
cat >"$T/rs/docs/ruleset.lua" <<'RS'
return { name = "docs", extends = "skirmish", attributes = { { "morale", "int", 0, doc = 3 } } }
RS
BITWA_PATH="$T/rs" expect 2 "a doc that is no string" "$BITWA" lint docs
has "$T/err" "docs/ruleset.lua: attributes[1] (morale): doc: a string expected" "the doc's type is named"
cat >"$T/rs/docs/ruleset.lua" <<'RS'
return { name = "docs", extends = "skirmish", attributes = { { "morale", "int", 0, label = "", doc = "morale" } } }
RS
BITWA_PATH="$T/rs" expect 2 "an empty label" "$BITWA" lint docs
has "$T/err" "docs/ruleset.lua: attributes[1] (morale): label: a short string expected" "the label's type is named"
cat >"$T/rs/docs/ruleset.lua" <<'RS'
return { name = "docs", extends = "skirmish", roles = { states = "condition" } }
RS
BITWA_PATH="$T/rs" expect 2 "states that are no list" "$BITWA" lint docs
has "$T/err" "docs/ruleset.lua: roles.states: a list of attributes expected" "the states' type is named"

# ---------------------------------------------------------------- a pipe
# plain lines, no terminal: the same text and the same game every time
cp "$T/duel.bitwa" "$T/duel2.bitwa"
printf 'help\nshow R2\nshow --side B\nmove R2 0805 NE\nlast\nshow\nquit\n' >"$T/in"
expect 0 "play through a pipe" "$BITWA" play "$T/duel.bitwa" --bot B=random <"$T/in"
cp "$T/out" "$T/pipe1"
expect 0 "play through a pipe again" "$BITWA" play "$T/duel2.bitwa" --bot B=random <"$T/in"
if cmp -s "$T/pipe1" "$T/out"; then ok; else no "a pipe gives the same text: $(diff "$T/pipe1" "$T/out" | head)"; fi
has "$T/pipe1" "turn 1/4, phase A.move (2.1): A to act" "the summary: turn, phase, who acts"
has "$T/pipe1" "A    3 units 4 SP" "the summary: a side's units and strength"
has "$T/pipe1" "B    3 units 4 SP, 1 off the map" "the summary: units off the map"
has "$T/pipe1" "orders in phase A.move (2.1):" "help: the phase's orders"
has "$T/pipe1" "move UNIT HEX [FACING]" "help: the path order"
has "$T/pipe1" "R2: A cavalry, at 0306 facing NE" "show UNIT: where"
has "$T/pipe1" "    A move R2 HEX FACING  48 hexes" "show UNIT: its orders"
has "$T/pipe1" "B: 4 pieces" "show --side: the side's pieces"
has "$T/pipe1" "[bot B] answers fire (B3 may fire at R2)" "the bot's answer, not the action's line"
has "$T/pipe1" "roll reaction fire (3.7): 1d6 = 2" "the roll"
has "$T/pipe1" "R2: 0306 -> 0406 -> 0505 -> 0605 -> 0705 -> 0805" "what the action did"
has "$T/pipe1" "last: action 2, A move R2 0805 NE (R2: 0306 -> 0406 -> 0505 -> 0605 -> 0705 -> 0805)" "the summary's last action"
has "$T/pipe1" "#2.hex = 0805 (was 0705)" "last: every event"
expect 0 "show after the pipe" "$BITWA" show "$T/duel.bitwa" --json
has "$T/out" '"name":"R2","side":"A"' "the game has R2"
has "$T/out" '"hex":"0805"' "R2 stands where it was sent"

# a bot that fails stops the prompt: its message on stderr, exit 1
cat >"$T/badbot.lua" <<'BOT'
local M = {}
function M.choose(side, legal) error("boom") end
function M.answer(req) error("boom") end
return M
BOT
"$BITWA" start skirmish/duel "$T/bad.bitwa" --seed 5 >/dev/null 2>&1
printf 'end\nend\nquit\n' >"$T/in2"
expect 1 "a failing bot" "$BITWA" play "$T/bad.bitwa" --bot "B=$T/badbot.lua" <"$T/in2"
has "$T/err" "bitwa: the bot of side B failed: bot '$T/badbot.lua': $T/badbot.lua:2: boom" "the bot's failure, on stderr"
has "$T/out" "phase B.move (2.1): B to act" "the game went on to the bot's phase"

# ---------------------------------------------------------------- a terminal
if [ "$EDIT" != "edit" ] || [ -z "$PTY" ]; then
  echo "bitwa is built without libedit: the terminal tests are skipped"
else
  TIMEOUT=$((30 * FACTOR))
  # drive RULESET/SCENARIO BOTS SIDE UNITPREFIX UNIT EXTRA_SCRIPT
  drive() {
    sc=$1; bots=$2; side=$3; prefix=$4; unit=$5; extra=$6
    f="$T/$(echo "$sc" | tr / -).bitwa"
    rm -f "$f"
    "$BITWA" start "$sc" "$f" --seed "${SEED:-5}" >/dev/null 2>&1 || { no "$sc: start"; return; }
    {
      printf '%s\n' "expect , $side> "
      # completion of a unit name, show UNIT
      printf '%s\n' "send show $prefix\\t\\r"
      printf '%s\n' "expect $unit: $side "
      printf '%s\n' "expect , $side> "
      # history: Ctrl-P and the Up key bring the line back
      printf '%s\n' "send \\x10\\r"
      printf '%s\n' "expect $unit: $side "
      printf '%s\n' "expect , $side> "
      printf '%s\n' "send \\e[A\\r"
      printf '%s\n' "expect $unit: $side "
      printf '%s\n' "expect , $side> "
      # a command word completed, and help
      printf '%s\n' "send hel\\t\\r"
      printf '%s\n' "expect orders in phase "
      printf '%s\n' "expect Tab completes unit names"
      printf '%s\n' "expect , $side> "
      printf '%b' "$extra" | sed "s/PROMPT/$side/g"
      printf '%s\n' "send quit\\r"
    } >"$T/script"
    # shellcheck disable=SC2086
    if "$PTY" "$TIMEOUT" "$T/transcript" "$T/script" -- "$BITWA" play "$f" $bots 2>"$T/pty-err"; then ok
    else no "$sc on a terminal: $(cat "$T/pty-err")"; fi
    cp "$T/transcript" "$T/transcript-$(echo "$sc" | tr / -)"
  }
  # Grunwald, the Teutonic Order a bot: a hex completed from the unit's reach
  drive grunwald/clash-of-titans "--bot TO=rules" PL Jagi Jagiello \
    'send move Poznan-1 161\\t\\t\nexpect 1610  1611  1612  1613  1614  1615  1616\nsend 4\\r\nexpect Poznan-1: 1617 -> 1616 -> 1615 -> 1614\nexpect , PROMPT> \nsend show Jagiello\\r\nexpect grand leader [8.1.5]\nexpect , PROMPT> \n'
  drive legnica/henry-ii "--bot MO=rules" PL Henr Henryk \
    'send mo\\tBo-1 \\t\\t\nexpect keep\nsend \\x15show --side MO\\r\nexpect MO: \nexpect , PROMPT> \n'
  drive husaria/kircholm "--bot SW=rules" PL Gosiew Gosiewski \
    'send actions\\r\nexpect PL deploy Gosiewski HEX FACING\nexpect , PROMPT> \n'
  # the fixture: a bot's answer to a decision the player's move opens
  # (seed 11: the random bot, drawing from the keyed hash of the seed,
  # fires there)
  SEED=11 drive skirmish/duel "--bot B=random" A R2 R2 \
    'send move R2 0805 NE\\r\nexpect [bot B] answers fire (B3 may fire at R2)\nexpect roll reaction fire (3.7): 1d6 = 2\nexpect , PROMPT> \n'
fi

finish play
