#!/bin/sh
# The main job: builds bitwa (installing what is missing) and plays a
# whole battle bot against bot, printing a turn-by-turn summary and the
# result; the game's log is kept in out/, then replayed and verified.
# usage: tools/play.sh [SEED]
set -e
cd "$(dirname "$0")/.."
sh tools/deps.sh build
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j2 >/dev/null
seed=${1:-1}
mkdir -p out
log="out/skirmish-duel-$seed.bitwa"
rm -f "$log" "$log-wal" "$log-shm"
./build/tools/bitwa run skirmish/duel -o "$log" --seed "$seed" --durability full
./build/tools/bitwa replay "$log" --verify
