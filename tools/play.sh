#!/bin/sh
# The main job: builds bitwa (installing what is missing) and plays the
# battle of Grunwald ("Clash of Titans") to its end, bot against bot,
# printing a turn-by-turn summary and the result.  The game's log (an
# SQLite file) and an SVG of the final position are left in out/, and the
# log is replayed and verified.
# usage: tools/play.sh [SEED] [RULESET/SCENARIO]
set -e
cd "$(dirname "$0")/.."
sh tools/deps.sh build
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j2 >/dev/null
seed=${1:-1}
target=${2:-grunwald/clash-of-titans}
name=$(echo "$target" | tr '/' '-')
mkdir -p out
log="out/$name-$seed.bitwa"
rm -f "$log" "$log-wal" "$log-shm"
./build/tools/bitwa run "$target" -o "$log" --seed "$seed"
./build/tools/bitwa render "$log" -o "out/$name-$seed.svg"
echo "final position: out/$name-$seed.svg"
./build/tools/bitwa replay "$log" --verify
