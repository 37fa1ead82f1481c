#!/bin/sh
# tools/bench_games.sh on the small fixture game: it prints every row of
# its table with positive figures, skips a scenario that does not exist,
# refuses bad arguments, and warns when two configurations of the same
# seeds end differently.  Timings are printed, never checked.
# usage: test_bench_games.sh PATH/TO/bitwa   (run from the source directory)
BITWA=${1:-build/tools/bitwa}
case $BITWA in /*) ;; *) BITWA=$(pwd)/$BITWA ;; esac
BENCH=$(dirname "$0")/../../tools/bench_games.sh
. "$(dirname "$0")/lib.sh"
# row FILE SCENARIO CONFIG GAMES: that row, with positive seconds, games/s
# (odds: "-") and ratio, and a cpu% (a whole number; 0 may be a short run
# between two clock ticks)
row() {
  if awk -v s="$2" -v c="$3" -v n="$4" '
      function pos(x) { return x ~ /^[0-9]+(\.[0-9]+)?(e-?[0-9]+)?$/ && x + 0 > 0 }
      $0 !~ /^#/ && index($0, s " ") == 1 && $(NF - 6) == c && $(NF - 5) == n {
        f = pos($(NF - 4)) && $(NF - 3) ~ /^[0-9]+$/ && ($(NF - 2) == "-" && c == "odds/1" || pos($(NF - 2))) &&
            pos($(NF - 1))
      }
      END { exit !f }' "$1"; then ok; else no "row $2 $3 with $4 games and positive figures: $(cat "$1")"; fi
}

# bad arguments: exit 2, nothing run
sh "$BENCH" --bitwa "$BITWA" -n 0 skirmish/duel >"$T/out" 2>"$T/err"
status $? 2 "-n 0"
has "$T/err" "a positive integer expected" "-n 0 message"
sh "$BENCH" --bitwa "$BITWA" --frobnicate >"$T/out" 2>"$T/err"
status $? 2 "unknown option"
sh "$BENCH" --bitwa "$BITWA" duel >"$T/out" 2>"$T/err"
status $? 2 "a target without a ruleset"
sh "$BENCH" --bitwa "$BITWA" --bot-list "random,,rules" skirmish/duel >"$T/out" 2>"$T/err"
status $? 2 "a bad bot list"
has "$T/err" "bot names separated by commas" "bad bot list message"
sh "$BENCH" --bitwa "$T/nosuch" skirmish/duel >"$T/out" 2>"$T/err"
status $? 2 "no bitwa command"
has "$T/err" "no bitwa command at" "missing command message"

# a run: one game per configuration, a scenario that does not exist, a small odds twice
sh "$BENCH" --bitwa "$BITWA" -n 1 --baseline 3 --odds tests/fixtures/situations/skirmish-attack.lua --odds-runs 2 \
  --targets none --bot-games 0 skirmish/duel nosuch/nowhere >"$T/out" 2>"$T/err"
status $? 0 "bench_games"
has "$T/out" "^scenario  *config  *games  *seconds  *cpu%  *games/s  *ratio  *of$" "table header"
row "$T/out" "baseline (skirmish/duel)" unlogged/1 3
row "$T/out" skirmish-attack.lua odds/1 2
row "$T/out" skirmish/duel unlogged/1 1
row "$T/out" skirmish/duel logged/1 1
row "$T/out" skirmish/duel unlogged/2 2
row "$T/out" skirmish/duel logged/2 2
row "$T/out" "baseline again (skirmish/duel)" unlogged/1 3
rows=$(grep -c -v '^#' "$T/out")
if [ "$rows" -eq 8 ]; then ok; else no "a header and 7 rows expected, got $rows lines: $(cat "$T/out")"; fi
has "$T/out" "# nosuch/nowhere: skipped, no such scenario" "a missing scenario is skipped"
has "$T/out" "# skirmish/duel game 1 (seed 1000004): " "the outcome of the game"
if grep -q WARNING "$T/out"; then no "a warning in a deterministic run: $(cat "$T/out")"; else ok; fi

if grep -q "^# targets" "$T/out"; then no "--targets none still printed the targets: $(cat "$T/out")"; else ok; fi

# the targets table, on the fixture game standing for both battles
sh "$BENCH" --bitwa "$BITWA" -n 1 --baseline 2 --odds tests/fixtures/situations/skirmish-attack.lua --odds-runs 1 \
  --clash skirmish/duel --henry nosuch/nowhere --target-games 1 --sim-games 2 \
  --bot-scenario skirmish/duel --bot-games 2 --bot-list random,rules --bot-actions 10 skirmish/duel >"$T/out" 2>"$T/err"
status $? 0 "bench_games with targets"
has "$T/out" "^target  *cpu-s  *wall-s  *goal  *ratio  *met$" "targets header"
# trow FILE NAME GOAL: that targets row with figures, the goal and yes/no
trow() {
  if awk -v s="$2" -v g="$3" '
      function num(x) { return x ~ /^[0-9]+(\.[0-9]+)?(e-?[0-9]+)?$/ }
      index($0, s) == 1 { f = num($(NF - 5)) && num($(NF - 4)) && $(NF - 3) " " $(NF - 2) == g &&
                               num($(NF - 1)) && ($NF == "yes" || $NF == "no") }
      END { exit !f }' "$1"; then ok; else no "targets row '$2' with goal $3: $(cat "$1")"; fi
}
trow "$T/out" "game skirmish/duel (median of 1)" "1 cpu"
trow "$T/out" "sim skirmish/duel -n 2 --jobs 2" "2.4 wall"
trow "$T/out" "replay --verify, skirmish/duel (" "0.3 cpu"
trow "$T/out" "show, skirmish/duel (" "0.05 cpu"
trow "$T/out" "actions, skirmish/duel (" "0.05 cpu"
trow "$T/out" "render, skirmish/duel (" "0.05 cpu"
trow "$T/out" "odds skirmish-attack.lua" "0.05 wall"
has "$T/out" "# nosuch/nowhere: skipped, no such scenario" "a missing target game is skipped"
# the bots table: a row per bot with its games, positive figures and the mean actions per game
has "$T/out" "^bot  *games  *cpu-s  *wall-s  *games/cpu-s  *actions  *ratio$" "bots header"
for b in random rules; do
  if awk -v b="$b" '
      function pos(x) { return x ~ /^[0-9]+(\.[0-9]+)?(e-?[0-9]+)?$/ && x + 0 > 0 }
      $1 == b && NF == 7 { f = $2 == 2 && $3 ~ /^[0-9.e-]+$/ && pos($4) && pos($5) && $6 ~ /^[0-9]+$/ && $6 > 0 && pos($7) }
      END { exit !f }' "$T/out"; then ok; else no "bots row $b: $(cat "$T/out")"; fi
done
if grep -q "^greedy " "$T/out"; then no "--bot-list random,rules still played greedy"; else ok; fi
# the actions table: the first 10 actions of each of the 2 games, the rules bot's ratio 1
has "$T/out" "^bot  *games  *actions  *cpu-s  *actions/cpu-s  *ratio$" "bot actions header"
for b in random rules; do
  if awk -v b="$b" '
      function pos(x) { return x ~ /^[0-9]+(\.[0-9]+)?(e-?[0-9]+)?$/ && x + 0 > 0 }
      $1 == b && NF == 6 { f = $2 == 2 && $3 == 20 && $4 ~ /^[0-9.e-]+$/ && (pos($5) || $5 == "-") && (b != "rules" || $6 == "1.00" || $6 == "-") }
      END { exit !f }' "$T/out"; then ok; else no "bot actions row $b: $(cat "$T/out")"; fi
done

# a bot whose games outlast --bot-cpu: a bound, and no failure
sh "$BENCH" --bitwa "$BITWA" -n 1 --baseline 1 --odds none --targets none --bot-scenario skirmish/duel \
  --bot-games 5000 --bot-list random --bot-actions 0 --bot-cpu 1 skirmish/duel >"$T/out" 2>"$T/err"
status $? 0 "bench_games with a bot over its CPU limit"
if awk '$1 == "random" && NF == 7 { f = $2 == 5000 && $3 == ">1" && $5 ~ /^</ && $6 == "-" } END { exit !f }' "$T/out"
then ok; else no "the random row as a bound: $(cat "$T/out")"; fi
if grep -q "actions/cpu-s" "$T/out"; then no "--bot-actions 0 still printed the actions table"; else ok; fi

# a bitwa whose logged games play other seeds: the outcomes differ
cat >"$T/other-seeds" <<EOF
#!/bin/sh
case " \$* " in *" --keep "*) exec "$BITWA" "\$@" --seed 7 ;; esac
exec "$BITWA" "\$@"
EOF
chmod +x "$T/other-seeds"
sh "$BENCH" --bitwa "$T/other-seeds" -n 1 --baseline 1 --odds none --targets none --bot-games 0 skirmish/duel >"$T/out" 2>"$T/err"
status $? 1 "outcomes that differ"
has "$T/out" "WARNING: skirmish/duel: logged/1 (process 1) ended differently" "the warning names the configuration"
if grep -q odds/1 "$T/out"; then no "--odds none still timed odds"; else ok; fi

finish
