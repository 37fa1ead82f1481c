#!/bin/sh
# A whole seeded battle (Grunwald by default), bot against bot, to its result; then
# the log is replayed and verified, and the final position drawn; the
# rules bots must have proposed no refused line and never fallen back on
# choosing from the legal actions.
# usage: test_full_game.sh PATH/TO/bitwa [RULESET/SCENARIO] [SEED]
BITWA=${1:-build/tools/bitwa}
TARGET=${2:-grunwald/clash-of-titans}
SEED=${3:-1}
. "$(dirname "$0")/lib.sh"
check() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $*"; fi; }
"$BITWA" run "$TARGET" -o "$T/game.bitwa" --seed "$SEED" >"$T/run.txt" 2>"$T/err.txt"
check [ $? -eq 0 ]
check grep -q "^result: " "$T/run.txt"
check grep -q "^turn *[0-9]*:" "$T/run.txt"
# the rules bots propose only lines the rules accept: none refused, and
# the runner never lets the random bot choose for them
check grep -q "^bots: 0 proposed lines refused; 0 fallbacks" "$T/run.txt"
"$BITWA" replay "$T/game.bitwa" --verify >"$T/replay.txt" 2>&1
check [ $? -eq 0 ]
check grep -q "every checksum matches" "$T/replay.txt"
"$BITWA" show "$T/game.bitwa" --json >"$T/show.json"
check grep -q '"over":true' "$T/show.json"
"$BITWA" render "$T/game.bitwa" -o "$T/final.svg"
check [ -s "$T/final.svg" ]
check grep -q "</svg>" "$T/final.svg"
cat "$T/err.txt"
tail -2 "$T/run.txt"
finish
