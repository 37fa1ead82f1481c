#!/bin/sh
# Where a whole bot game spends its time: wall time, actions and rolls,
# then the share of executed instructions in Lua (liblua5.4), SQLite
# (libsqlite3), the kernel (the bitwa executable: core/ and tools/) and
# the C library, counted by callgrind (instruction counts, repeatable).
# A measurement, not a test.
# usage: tools/profile.sh RULESET/SCENARIO [SEED] [BOTS] [ACTIONS]
# ACTIONS limits the profiled run (callgrind is some 30 times slower than
# the game) to the game's first ACTIONS actions; the timed run is whole.
set -e
cd "$(dirname "$0")/.."
target=${1:-skirmish/duel}
seed=${2:-1}
bots=${3:-}
limit=${4:-}
command -v valgrind >/dev/null 2>&1 || sh tools/deps.sh build
command -v valgrind >/dev/null 2>&1 || { apt-get install -y -qq valgrind >/dev/null; }
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j2 >/dev/null
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
botopt=""
[ -n "$bots" ] && botopt="--bots $bots"
start=$(date +%s%N)
./build/tools/bitwa run "$target" -o "$T/wall.bitwa" --seed "$seed" --durability normal --quiet $botopt
end=$(date +%s%N)
./build/tools/bitwa script tests/cli/dump_log.lua "$T/wall.bitwa" >"$T/dump.txt"
actions=$(grep -c '^action|' "$T/dump.txt" || true)
rolls=$(grep -c '^  roll|' "$T/dump.txt" || true)
echo "game: $target seed $seed; wall time $(( (end - start) / 1000000 )) ms (no profiler); $actions actions; $rolls rolls"
limitopt=""
[ -n "$limit" ] && limitopt="--max-actions $limit" && echo "profiled: the first $limit actions"
valgrind --tool=callgrind --callgrind-out-file="$T/cg.out" \
  ./build/tools/bitwa run "$target" -o "$T/cg.bitwa" --seed "$seed" --durability normal --quiet $botopt $limitopt \
  >/dev/null 2>"$T/vg.err" || [ -n "$limit" ]
callgrind_annotate --inclusive=no --threshold=100 "$T/cg.out" 2>/dev/null >"$T/ann.txt"
awk '
  /PROGRAM TOTALS/ { n = $1; gsub(",", "", n); total = n; next }
  /^ *[0-9,]+ +\(.*\[.*\] *$/ {
    n = $1; gsub(",", "", n)
    obj = $0; sub(/.*\[/, "", obj); sub(/\].*/, "", obj)
    if (obj ~ /liblua5\.4/) lua += n
    else if (obj ~ /libsqlite3/) sql += n
    else if (obj ~ /libc\.so|libm\.so|ld-linux/) libc += n
    else if (obj ~ /bitwa/) kern += n
    else other += n
  }
  END {
    if (total == 0) { print "no callgrind totals"; exit 1 }
    printf "instructions: %.0f in all\n", total
    printf "  Lua (rules and engine code, liblua5.4)  %5.2f%%\n", 100 * lua / total
    printf "  SQLite (the game log)                  %5.2f%%\n", 100 * sql / total
    printf "  kernel (core/, the bitwa executable)   %5.2f%%\n", 100 * kern / total
    printf "  C library (malloc, string functions)   %5.2f%%\n", 100 * libc / total
    printf "  other                                  %5.2f%%\n", 100 * other / total
  }' "$T/ann.txt"
