#!/bin/sh
# How fast whole games are: games per second of scenarios played bot
# against bot to their end, with the game log written and without, on one
# process and on two at once, and the time of `bitwa odds`.
# A measurement, not a test: it fails only when a game or a command fails,
# or when the same seed gives a different outcome in two configurations.
#
# usage: tools/bench_games.sh [-n GAMES] [--seed S] [--bots SPEC] [--bitwa PATH]
#                             [--odds SITUATION.lua | --odds none] [--odds-runs R]
#                             [--baseline N] [--bot-scenario S] [--bot-games G]
#                             [--bot-list LIST] [--bot-actions M] [--bot-cpu S]
#                             [RULESET/SCENARIO...]
#
#   RULESET/SCENARIO  default: grunwald/clash-of-titans legnica/henry-ii husaria/kircholm;
#                     one that `bitwa list` does not show is skipped
#   -n GAMES          games per configuration and process (default 2)
#   --seed S          as `bitwa sim --seed` (default 1): game i has seed S*1000003+i
#   --bots SPEC       as `bitwa sim --bots` (default: the rulesets' own rules bots)
#   --bitwa PATH      the command (default: $BITWA, else build/tools/bitwa)
#   --odds FILE       the situation timed with `bitwa odds`
#                     (default tests/fixtures/situations/grunwald-charge.lua)
#   --odds-runs R     times it is run; the row gives the median (default 3)
#   --baseline N      games of skirmish/duel in the baseline (default 50)
#   --clash S, --henry S   the games of the targets table
#                     (default grunwald/clash-of-titans, legnica/henry-ii)
#   --target-games G  games of each played one by one for the targets (default 3)
#   --sim-games N     games of the targets' `bitwa sim S --jobs 2` (default 100;
#                     0: not run)
#   --targets none    no targets table
#   --bot-scenario S  the real battle of the bots table (default
#                     grunwald/clash-of-titans)
#   --bot-games G     games of it per bot (default 1; 0: no bots table)
#   --bot-list LIST   the bots, comma-separated (default
#                     random,greedy,heuristic,rules,search)
#   --bot-actions M   the first M actions of each of the G games per bot
#                     (default 300; 0: no such table)
#   --bot-cpu S       CPU seconds a bot's whole games may take (default 900;
#                     beyond, its row says so and the next bot plays)
#
# Each configuration is `bitwa sim` (progress bar off):
#   unlogged/1  one process, no game log (sim without --keep)
#   logged/1    one process, each game's SQLite log written as `bitwa run`
#               writes it (sim --keep: synchronous=NORMAL, WAL), under $TMPDIR
#   unlogged/2, logged/2
#               two processes at once, each playing the same GAMES games:
#               2*GAMES games in all, so both cores stay busy to the end
#               (`sim --jobs 2` splits the games instead, and with few
#               games of unequal length one core idles)
# The baseline is a fixed amount of engine work measured in the same run:
# BASELINE games of the fixture skirmish/duel (seeds as above, default
# bots whatever --bots says), unlogged, one process.  It is measured first,
# then the odds (the median of R runs: single runs vary widely), then the
# scenarios, then the baseline again: its ratio to the first says how much
# the machine's speed drifted during the run.
#
# Columns: games played, wall seconds, cpu% = the CPU time of the run's
# processes over wall seconds times the number of processes (below 100:
# they waited, for other work on the machine or for the disk, and the
# figures of that row are less to be trusted), games/s (all processes
# together), and ratio = games/s over the games/s of the row named in `of`:
# logged/1 over unlogged/1 (below 1: what the log costs), N/2 over N/1
# (the speed-up of two processes), unlogged/1 over the baseline.  For the
# odds row, seconds is the median of its runs and ratio = those seconds
# over the baseline's seconds.
# Then the targets table (the goals of the speed work, issue 9), each row
# with its CPU seconds (user + system of the command), wall seconds, the
# goal, ratio = its CPU seconds over the CPU seconds of the first baseline,
# and whether the goal is met:
#   game S               median CPU of G games of S played one by one with
#                        `bitwa run` (rules bots or --bots, logged with
#                        --durability normal); goals 1 s (Clash of Titans)
#                        and 3 s (Henry II)
#   sim S -n N --jobs 2  the whole `bitwa sim` (goal: 120 s wall for N = 100)
#   replay --verify      `bitwa replay --verify` of the first game of the Clash
#                        row (no bots, every checksum verified), median of G
#                        runs; goal 0.3 s
#   show, actions, render  `bitwa show`, `bitwa actions` and `bitwa render`
#                        of that finished game (opened from its snapshot,
#                        not replayed), median of G runs each; goal 0.05 s
#   odds                 the odds row again (median wall seconds; CPU of the
#                        runs over their number); goal 0.05 s
# Then the bots tables, each bot on every side of the bot scenario, one
# process, no game log, the seeds as above.  First the actions table: the
# first M actions of G games (`bitwa sim S -n G --bots BOT --max-actions M`,
# a game that ends sooner counted with its own actions): the actions
# played, CPU seconds, actions per CPU second and ratio = those over the
# rules bot's (when it is in the list).  Then the games table: G whole
# games (`bitwa sim S -n G --bots BOT`) within S CPU seconds
# (--bot-cpu; ulimit -t): CPU and wall seconds, games per CPU second, the
# mean actions per game, and ratio = the bot's games per CPU second over
# the first baseline's (fixture games, the same run); a bot whose games
# did not end within S CPU seconds is shown as ">S" CPU seconds and "<G/S"
# games per CPU second (a bound, not a measure; its actions table row says
# how fast it plays).
# Every configuration plays the same seeds: their per-game outcomes
# (winner, level, VP, turns, actions) must agree; a difference is printed
# as a WARNING and the exit status is 1.
# Exit status: 0 done, 1 a run failed or outcomes differ, 2 bad arguments.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
GAMES=2
SEED=1
BOTS=
BITWA=${BITWA:-$ROOT/build/tools/bitwa}
ODDS=$ROOT/tests/fixtures/situations/grunwald-charge.lua
ODDS_RUNS=3
BASELINE=50
TARGETS=
CLASH=grunwald/clash-of-titans
HENRY=legnica/henry-ii
TARGET_GAMES=3
SIM_GAMES=100
GOALS=1
BOT_SCENARIO=grunwald/clash-of-titans
BOT_GAMES=1
BOT_LIST=random,greedy,heuristic,rules,search
BOT_ACTIONS=300
BOT_CPU=900

usage() { sed -n '/^# usage:/,/RULESET\/SCENARIO\.\.\.\]$/p' "$0" | sed 's/^# //' >&2; exit 2; }
bad() { echo "bench_games: $*" >&2; exit 2; }
posint() { case $2 in '' | *[!0-9]* | 0*) bad "$1: a positive integer expected, got '$2'" ;; esac; }

while [ $# -gt 0 ]; do
  case $1 in
    -n | --games) [ $# -ge 2 ] || usage; posint "$1" "$2"; GAMES=$2; shift 2 ;;
    --seed) [ $# -ge 2 ] || usage; case $2 in '' | *[!0-9]*) bad "--seed: an integer expected, got '$2'" ;; esac
      SEED=$2; shift 2 ;;
    --bots) [ $# -ge 2 ] || usage; BOTS=$2; shift 2 ;;
    --bitwa) [ $# -ge 2 ] || usage; BITWA=$2; shift 2 ;;
    --odds) [ $# -ge 2 ] || usage; ODDS=$2; shift 2 ;;
    --odds-runs) [ $# -ge 2 ] || usage; posint "$1" "$2"; ODDS_RUNS=$2; shift 2 ;;
    --baseline) [ $# -ge 2 ] || usage; posint "$1" "$2"; BASELINE=$2; shift 2 ;;
    --clash) [ $# -ge 2 ] || usage; CLASH=$2; shift 2 ;;
    --henry) [ $# -ge 2 ] || usage; HENRY=$2; shift 2 ;;
    --target-games) [ $# -ge 2 ] || usage; posint "$1" "$2"; TARGET_GAMES=$2; shift 2 ;;
    --sim-games) [ $# -ge 2 ] || usage
      case $2 in 0) ;; *) posint "$1" "$2" ;; esac; SIM_GAMES=$2; shift 2 ;;
    --bot-scenario) [ $# -ge 2 ] || usage; BOT_SCENARIO=$2; shift 2 ;;
    --bot-games) [ $# -ge 2 ] || usage
      case $2 in 0) ;; *) posint "$1" "$2" ;; esac; BOT_GAMES=$2; shift 2 ;;
    --bot-list) [ $# -ge 2 ] || usage
      case $2 in '' | *[!a-zA-Z0-9_.,/-]* | ,* | *, | *,,*) bad "--bot-list: bot names separated by commas expected, got '$2'" ;; esac
      BOT_LIST=$2; shift 2 ;;
    --bot-actions) [ $# -ge 2 ] || usage
      case $2 in 0) ;; *) posint "$1" "$2" ;; esac; BOT_ACTIONS=$2; shift 2 ;;
    --bot-cpu) [ $# -ge 2 ] || usage; posint "$1" "$2"; BOT_CPU=$2; shift 2 ;;
    --targets) [ $# -ge 2 ] || usage; [ "$2" = none ] || bad "--targets: only 'none' is known"; GOALS=0; shift 2 ;;
    -h | --help) sed -n '2,/^# Exit status/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) bad "unknown option $1" ;;
    */*) TARGETS="$TARGETS $1"; shift ;;
    *) bad "RULESET/SCENARIO expected, got '$1'" ;;
  esac
done
[ -n "$TARGETS" ] || TARGETS="grunwald/clash-of-titans legnica/henry-ii husaria/kircholm"
[ -x "$BITWA" ] || bad "no bitwa command at $BITWA (build it: cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo && cmake --build build -j2; or give --bitwa PATH)"
[ "$ODDS" = none ] || [ -f "$ODDS" ] || bad "--odds: no file $ODDS"
case $(date +%N) in '' | *[!0-9]*) bad "date +%N gives no nanoseconds here (GNU date needed)" ;; esac

W=$(mktemp -d) || exit 1
trap 'rm -rf "$W"' EXIT
trap 'exit 1' INT TERM
BITWA_NO_PROGRESS=1
export BITWA_NO_PROGRESS
status=0

now() { date +%s%N; }
# secs START END -> seconds with 3 decimals
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }
# fmt X -> at least 3 significant digits
fmt() {
  awk -v x="$1" 'BEGIN {
    if (x == "-") { print "-"; exit }
    a = x < 0 ? -x : x
    if (a >= 100) printf "%.0f\n", x; else if (a >= 1) printf "%.2f\n", x; else printf "%.3g\n", x }'
}
div() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b + 0 == 0) print "-"; else printf "%.6g", a / b }'; }

row() { # scenario config games seconds cpu% games/s ratio of
  printf '%-30s %-11s %5s %9s %5s %9s %8s  %s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$8"
}

# The CPU seconds (user + system) of this shell's children that ended
# between cpu_mark and cpu_used (sets CPU).  Both run `times` in this shell,
# never in a $(...) subshell, which would count only its own children.
cpu_mark() { times >"$W/times.0"; }
cpu_used() {
  times >"$W/times.1"
  CPU=$(awk 'function s(x, a) { split(x, a, "m"); sub(/s$/, "", a[2]); return a[1] * 60 + a[2] }
    FNR == 2 { c[FILENAME == ARGV[1]] = s($1) + s($2) }
    END { printf "%.3f", c[0] - c[1] }' "$W/times.0" "$W/times.1")
}
# busy CPU WALL PROCS -> cpu%
busy() { awk -v c="$1" -v w="$2" -v p="$3" 'BEGIN { if (w + 0 == 0) print "-"; else printf "%.0f", 100 * c / (w * p) }'; }

# run_sim TAG TARGET N PROCS LOGGED [BOTS] -> $W/TAG.<p>.json (records), .out, .err;
# sets SECS, BUSY (cpu%), OK
run_sim() {
  tag=$1 target=$2 n=$3 procs=$4 logged=$5 bots=$6
  set -- "$BITWA" sim "$target" -n "$n" --seed "$SEED"
  [ -n "$bots" ] && set -- "$@" --bots "$bots"
  OK=1
  cpu_mark
  t0=$(now)
  p=1
  pids=
  while [ "$p" -le "$procs" ]; do
    if [ "$logged" = 1 ]; then
      "$@" --out "$W/$tag.$p.json" --keep "$W/$tag.$p.logs" >"$W/$tag.$p.out" 2>"$W/$tag.$p.err" &
    else
      "$@" --out "$W/$tag.$p.json" >"$W/$tag.$p.out" 2>"$W/$tag.$p.err" &
    fi
    pids="$pids $!"
    p=$((p + 1))
  done
  for pid in $pids; do
    wait "$pid" || OK=0
  done
  SECS=$(secs "$t0" "$(now)")
  cpu_used
  BUSY=$(busy "$CPU" "$SECS" "$procs")
  if [ "$OK" = 1 ] && [ "$logged" = 1 ] && [ ! -s "$W/$tag.1.logs/game-1.bitwa" ]; then
    OK=0
    echo "no game log written in $W/$tag.1.logs" >>"$W/$tag.1.err"
  fi
  rm -rf "$W/$tag".*.logs
}

# why TAG PROCS: the first lines saying why a run failed
why() {
  p=1
  while [ "$p" -le "$2" ]; do
    { grep -A3 '^errors: [1-9]' "$W/$1.$p.out"; head -n 3 "$W/$1.$p.err"; } 2>/dev/null | sed 's/^/    /'
    p=$((p + 1))
  done
}

# outcomes FILE: one line per game, what must not depend on the configuration
outcomes() {
  sed -n 's/^{\(.*"i":.*\)},\{0,1\}$/\1/p' "$1" | awk '{
    i = $0; sub(/.*"i":/, "", i); sub(/[,}].*/, "", i)
    seed = $0; sub(/.*"seed":/, "", seed); sub(/[,}].*/, "", seed)
    if ($0 ~ /"error":/) { e = $0; sub(/.*"error":"/, "", e); sub(/".*/, "", e)
      printf "game %s (seed %s): failed: %s\n", i, seed, e; next }
    w = $0; sub(/.*"winner":"/, "", w); sub(/".*/, "", w)
    l = $0; sub(/.*"level":"/, "", l); sub(/".*/, "", l)
    v = $0; sub(/.*"vp":\{/, "", v); sub(/\}.*/, "", v); gsub(/"/, "", v); gsub(/:/, " ", v); gsub(/,/, ", ", v)
    t = $0; sub(/.*"turns":/, "", t); sub(/[,}].*/, "", t)
    a = $0; sub(/.*"actions":/, "", a); sub(/[,}].*/, "", a)
    printf "game %s (seed %s): %s, VP %s; %s turns, %s actions\n", i, seed,
      w == "" ? (l == "" ? "draw" : l) : (w " wins" (l == "" ? "" : " (" l ")")), v, t, a
  }'
}

build=$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$(dirname "$BITWA")/../CMakeCache.txt" 2>/dev/null)
# the rules and engine code run: $BITWA_HOME, else the tree the command was built from
home=${BITWA_HOME:-$ROOT}
rev=$(git -C "$home" rev-parse --short HEAD 2>/dev/null)
[ -n "$rev" ] && [ -n "$(git -C "$home" status --porcelain -- lua rulesets core 2>/dev/null)" ] &&
  rev="$rev with uncommitted changes in lua/, rulesets/ or core/"
echo "# bitwa: $BITWA (${build:-build type unknown})${BITWA_HOME:+, BITWA_HOME $BITWA_HOME}${rev:+, commit $rev}"
echo "# $(nproc 2>/dev/null || echo '?') cores, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null); seed $SEED; bots ${BOTS:-rules (default)}; logs under ${TMPDIR:-/tmp}"
row scenario config games seconds cpu% games/s ratio of

# the baseline: fixed engine work (sets GPS, SECS; GPS "-" when it failed)
baseline() { # TAG NAME REF-GPS OF (REF-GPS "self": the first baseline)
  run_sim "$1" skirmish/duel "$BASELINE" 1 0
  if [ "$OK" = 1 ]; then
    GPS=$(div "$BASELINE" "$SECS")
    [ "$3" = self ] && set -- "$1" "$2" "$GPS" "$4"
    row "$2" unlogged/1 "$BASELINE" "$(fmt "$SECS")" "$BUSY" "$(fmt "$GPS")" "$(fmt "$(div "$GPS" "$3")")" "$4"
  else
    GPS=- SECS=-
    row "$2" unlogged/1 "$BASELINE" failed - - - "$4"
    why "$1" 1
    status=1
  fi
}
baseline base "baseline (skirmish/duel)" self -
base_gps=$GPS
base_s=$SECS
base_cpu=$CPU

# the odds, next to the baseline in time
if [ "$ODDS" != none ]; then
  name=$(basename "$ODDS")
  : >"$W/odds.times"
  r=0
  cpu_mark
  while [ "$r" -lt "$ODDS_RUNS" ]; do
    t0=$(now)
    if ! "$BITWA" odds "$ODDS" >"$W/odds.out" 2>"$W/odds.err"; then
      r=-1
      break
    fi
    secs "$t0" "$(now)" >>"$W/odds.times"
    echo >>"$W/odds.times"
    r=$((r + 1))
  done
  if [ "$r" -ge 0 ]; then
    cpu_used
    odds_cpu=$(awk -v c="$CPU" -v n="$ODDS_RUNS" 'BEGIN { printf "%.3f", c / n }')
    s=$(sort -n "$W/odds.times" | awk '{ t[NR] = $1; all += $1 }
      END { printf "%.3f %.3f", NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2, all }' "$W/odds.times")
    median=${s% *}
    row "$name" odds/1 "$ODDS_RUNS" "$(fmt "$median")" "$(busy "$CPU" "${s#* }" 1)" - \
      "$(fmt "$(div "$median" "$base_s")")" baseline
  else
    row "$name" odds/1 "$ODDS_RUNS" failed - - - baseline
    head -n 3 "$W/odds.err" | sed 's/^/    /'
    status=1
  fi
fi

k=0
checks=
for target in $TARGETS; do
  k=$((k + 1))
  if ! "$BITWA" list 2>/dev/null | awk -v t="$target" '$1 == "scenario" && $2 == t { f = 1 } END { exit !f }'; then
    echo "# $target: skipped, no such scenario (\`bitwa list\` does not show it)"
    continue
  fi
  gps1_u=-
  gps1_l=-
  ref=
  for cfg in unlogged/1 logged/1 unlogged/2 logged/2; do
    procs=${cfg#*/}
    logged=0
    [ "${cfg%/*}" = logged ] && logged=1
    tag="s$k.${cfg%/*}.$procs"
    run_sim "$tag" "$target" "$GAMES" "$procs" "$logged" "$BOTS"
    n=$((GAMES * procs))
    case $cfg in
      unlogged/1) of=baseline; refgps=$base_gps ;;
      logged/1) of=unlogged/1; refgps=$gps1_u ;;
      unlogged/2) of=unlogged/1; refgps=$gps1_u ;;
      logged/2) of=logged/1; refgps=$gps1_l ;;
    esac
    if [ "$OK" != 1 ]; then
      row "$target" "$cfg" "$n" failed - - - "$of"
      why "$tag" "$procs"
      status=1
      continue
    fi
    gps=$(div "$n" "$SECS")
    [ "$cfg" = unlogged/1 ] && gps1_u=$gps
    [ "$cfg" = logged/1 ] && gps1_l=$gps
    row "$target" "$cfg" "$n" "$(fmt "$SECS")" "$BUSY" "$(fmt "$gps")" "$(fmt "$(div "$gps" "$refgps")")" "$of"
    p=1
    while [ "$p" -le "$procs" ]; do
      outcomes "$W/$tag.$p.json" >"$W/$tag.$p.outcomes"
      if [ -z "$ref" ]; then ref=$tag.$p
      elif ! cmp -s "$W/$ref.outcomes" "$W/$tag.$p.outcomes"; then
        checks="$checks $target:$cfg:$p:$ref:$tag.$p"
      fi
      p=$((p + 1))
    done
  done
  [ -n "$ref" ] && cp "$W/$ref.outcomes" "$W/s$k.outcomes"
done

# the baseline again: how far the machine drifted during the run
baseline base2 "baseline again (skirmish/duel)" "$base_gps" baseline

# ------------------------------------------------------------------ targets
# trow NAME CPU WALL GOAL-SECONDS GOAL-KIND(cpu|wall): one row of the targets table
trow() {
  met=-
  v=$2
  [ "$5" = wall ] && v=$3
  [ "$v" != - ] && met=$(awk -v v="$v" -v g="$4" 'BEGIN { print (v <= g) ? "yes" : "no" }')
  printf '%-60s %8s %8s %9s %8s  %s\n' "$1" "$(fmt "$2")" "$(fmt "$3")" "$4 $5" \
    "$(fmt "$(div "$2" "$base_cpu")")" "$met"
}
# timed NAME COMMAND...: runs it, sets CPU and SECS, OK=0 on failure (output in $W/timed.*)
timed() {
  name=$1
  shift
  OK=1
  cpu_mark
  t0=$(now)
  "$@" >"$W/timed.out" 2>"$W/timed.err" || OK=0
  SECS=$(secs "$t0" "$(now)")
  cpu_used
  if [ "$OK" != 1 ]; then
    echo "# $name failed:"
    head -n 3 "$W/timed.err" "$W/timed.out" 2>/dev/null | sed 's/^/#     /'
    status=1
  fi
}
med() { sort -n | awk '{ t[NR] = $1 } END { if (NR == 0) print "-"; else printf "%.3f", NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'; }

if [ "$GOALS" = 1 ]; then
  echo "# targets: CPU and wall seconds; ratio = CPU seconds over the first baseline's CPU seconds ($(fmt "$base_cpu") s)"
  printf '%-60s %8s %8s %9s %8s  %s\n' target cpu-s wall-s goal ratio met
  first_game=
  for spec in "$CLASH:1" "$HENRY:3"; do
    target=${spec%:*}
    goal=${spec##*:}
    if ! "$BITWA" list 2>/dev/null | awk -v t="$target" '$1 == "scenario" && $2 == t { f = 1 } END { exit !f }'; then
      echo "# $target: skipped, no such scenario"
      continue
    fi
    : >"$W/game.cpu"
    : >"$W/game.wall"
    i=1
    while [ "$i" -le "$TARGET_GAMES" ]; do
      gseed=$((SEED * 1000003 + i))
      set -- "$BITWA" run "$target" -o "$W/game-$i.bitwa" --seed "$gseed" --durability normal --quiet
      [ -n "$BOTS" ] && set -- "$@" --bots "$BOTS"
      timed "game $target seed $gseed" "$@"
      [ "$OK" = 1 ] || break
      echo "$CPU" >>"$W/game.cpu"
      echo "$SECS" >>"$W/game.wall"
      if [ "$i" = 1 ] && [ "$target" = "$CLASH" ]; then first_game=$W/clash.bitwa; cp "$W/game-1.bitwa" "$first_game"; fi
      rm -f "$W/game-$i.bitwa" "$W/game-$i.bitwa-wal" "$W/game-$i.bitwa-shm"
      i=$((i + 1))
    done
    [ "$OK" = 1 ] && trow "game $target (median of $TARGET_GAMES)" "$(med <"$W/game.cpu")" "$(med <"$W/game.wall")" "$goal" cpu
  done
  if [ "$SIM_GAMES" -gt 0 ] && "$BITWA" list 2>/dev/null | awk -v t="$CLASH" '$1 == "scenario" && $2 == t { f = 1 } END { exit !f }'; then
    set -- "$BITWA" sim "$CLASH" -n "$SIM_GAMES" --jobs 2 --seed "$SEED" --out "$W/sim.json"
    [ -n "$BOTS" ] && set -- "$@" --bots "$BOTS"
    timed "sim" "$@"
    [ "$OK" = 1 ] && trow "sim $CLASH -n $SIM_GAMES --jobs 2" "$CPU" "$SECS" \
      "$(awk -v n="$SIM_GAMES" 'BEGIN { printf "%g", 120 * n / 100 }')" wall
  fi
  if [ -n "$first_game" ]; then
    actions=$("$BITWA" replay "$first_game" 2>/dev/null | sed -n 's/^replayed \([0-9]*\) of.*/\1/p')
    for what in "replay --verify" show actions render; do
      : >"$W/cmd.cpu"
      : >"$W/cmd.wall"
      i=1
      while [ "$i" -le "$TARGET_GAMES" ]; do
        # shellcheck disable=SC2086
        timed "$what" "$BITWA" $what "$first_game"
        if [ "$OK" = 1 ] && [ "$what" = "replay --verify" ] && ! grep -q "every checksum matches" "$W/timed.out"; then
          echo "# replay --verify did not verify: $(head -n 1 "$W/timed.out")"
          OK=0
          status=1
        fi
        [ "$OK" = 1 ] || break
        echo "$CPU" >>"$W/cmd.cpu"
        echo "$SECS" >>"$W/cmd.wall"
        i=$((i + 1))
      done
      goal=0.05
      [ "$what" = "replay --verify" ] && goal=0.3
      [ "$OK" = 1 ] && trow "$what, $CLASH (${actions:-?} actions; median of $TARGET_GAMES)" \
        "$(med <"$W/cmd.cpu")" "$(med <"$W/cmd.wall")" "$goal" cpu
    done
  fi
  [ -n "${median:-}" ] && trow "odds $(basename "$ODDS")" "$odds_cpu" "$median" 0.05 wall
fi

# ------------------------------------------------------------------ bots
# the actions and games per CPU second of each bot on a real battle, every side played by it
if [ "$BOT_GAMES" -gt 0 ]; then
  if ! "$BITWA" list 2>/dev/null | awk -v t="$BOT_SCENARIO" '$1 == "scenario" && $2 == t { f = 1 } END { exit !f }'; then
    echo "# bots: $BOT_SCENARIO skipped, no such scenario"
  else
    if [ "$BOT_ACTIONS" -gt 0 ]; then
      echo "# bots: the first $BOT_ACTIONS actions of $BOT_GAMES game(s) of $BOT_SCENARIO per bot, every side played by it," \
        "unlogged; ratio = actions per CPU second over the rules bot's"
      printf '%-12s %5s %9s %9s %13s %8s\n' bot games actions cpu-s actions/cpu-s ratio
      rules_aps=-
      rows=
      for bot in $(echo "$BOT_LIST" | tr ',' ' '); do
        cpu_mark
        "$BITWA" sim "$BOT_SCENARIO" -n "$BOT_GAMES" --seed "$SEED" --bots "$bot" --max-actions "$BOT_ACTIONS" \
          --out "$W/botcap.json" >"$W/botcap.out" 2>"$W/botcap.err"
        cpu_used
        # every game either ended (its actions) or stopped at the cap; any other error fails the row
        acts=$(awk -v m="$BOT_ACTIONS" '
          /"error":/ { if ($0 ~ /did not end within/) { s += m; n++ } else bad = 1; next }
          /"actions":/ { x = $0; sub(/.*"actions":/, "", x); s += x + 0; n++ }
          END { if (bad || n == 0) print "-"; else print s }' "$W/botcap.json" 2>/dev/null)
        if [ -z "$acts" ] || [ "$acts" = - ]; then
          printf '%-12s %5s %9s\n' "$bot" "$BOT_GAMES" failed
          head -n 3 "$W/botcap.err" "$W/botcap.out" 2>/dev/null | sed 's/^/#     /'
          status=1
          continue
        fi
        aps=$(div "$acts" "$CPU")
        [ "$bot" = rules ] && rules_aps=$aps
        rows="$rows$bot $acts $CPU $aps
"
      done
      printf '%s' "$rows" | while read -r bot acts cpu aps; do
        printf '%-12s %5s %9s %9s %13s %8s\n' "$bot" "$BOT_GAMES" "$acts" "$(fmt "$cpu")" "$(fmt "$aps")" \
          "$(fmt "$(div "$aps" "$rules_aps")")"
      done
    fi
    base_gpc=$(div "$BASELINE" "$base_cpu")
    echo "# bots: $BOT_GAMES whole game(s) of $BOT_SCENARIO per bot, every side played by it, unlogged, within" \
      "$BOT_CPU CPU s; ratio = games per CPU second over the first baseline's ($(fmt "$base_gpc"))"
    printf '%-12s %5s %9s %9s %11s %9s %8s\n' bot games cpu-s wall-s games/cpu-s actions ratio
    for bot in $(echo "$BOT_LIST" | tr ',' ' '); do
      OK=1
      cpu_mark
      t0=$(now)
      sh -c 'ulimit -t "$1" && shift && exec "$@"' sh "$BOT_CPU" "$BITWA" sim "$BOT_SCENARIO" -n "$BOT_GAMES" \
        --seed "$SEED" --bots "$bot" --out "$W/bot.json" >"$W/timed.out" 2>"$W/timed.err"
      rc=$?
      [ "$rc" = 0 ] || OK=0
      SECS=$(secs "$t0" "$(now)")
      cpu_used
      if [ "$OK" != 1 ]; then
        # SIGXCPU (or SIGKILL at the hard limit) near the limit
        if { [ "$rc" = 137 ] || [ "$rc" = 152 ]; } && awk -v c="$CPU" -v l="$BOT_CPU" 'BEGIN { exit !(c + 0 >= 0.5 * l) }'; then
          # stopped at the CPU limit: a bound
          printf '%-12s %5s %9s %9s %11s %9s %8s\n' "$bot" "$BOT_GAMES" ">$BOT_CPU" "$(fmt "$SECS")" \
            "<$(fmt "$(div "$BOT_GAMES" "$BOT_CPU")")" - "<$(fmt "$(div "$(div "$BOT_GAMES" "$BOT_CPU")" "$base_gpc")")"
        else
          printf '%-12s %5s %9s\n' "$bot" "$BOT_GAMES" failed
          head -n 3 "$W/timed.err" "$W/timed.out" 2>/dev/null | sed 's/^/#     /'
          status=1
        fi
        continue
      fi
      acts=$(sed -n 's/.*"actions":\([0-9][0-9]*\).*/\1/p' "$W/bot.json" |
        awk '{ s += $1; n++ } END { if (n) printf "%.0f", s / n; else print "-" }')
      gpc=$(div "$BOT_GAMES" "$CPU")
      printf '%-12s %5s %9s %9s %11s %9s %8s\n' "$bot" "$BOT_GAMES" "$(fmt "$CPU")" "$(fmt "$SECS")" \
        "$(fmt "$gpc")" "$acts" "$(fmt "$(div "$gpc" "$base_gpc")")"
    done
  fi
fi

echo "# ratio: games/s over the games/s of the row named in 'of' (odds: its median seconds over the baseline's seconds);"
echo "# cpu%: CPU time over wall time and processes (below 100: the run waited for other work or the disk)"
# the outcomes, the same in every configuration
k=0
for target in $TARGETS; do
  k=$((k + 1))
  [ -f "$W/s$k.outcomes" ] || continue
  sed "s|^|# $target |" "$W/s$k.outcomes"
done
for c in $checks; do
  IFS=: read -r target cfg p ref tag <<EOF
$c
EOF
  echo "WARNING: $target: $cfg (process $p) ended differently from the first configuration with the same seeds:"
  diff "$W/$ref.outcomes" "$W/$tag.outcomes" | sed -n 's/^\([<>]\) /    \1 /p'
  status=1
done
exit $status
