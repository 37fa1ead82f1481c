#!/bin/sh
# Every test of bitwa, from a fresh checkout: installs what is missing,
# builds with AddressSanitizer and UndefinedBehaviorSanitizer (warnings
# are errors) and runs every C and Lua test with ctest; then the optimised
# build plays a whole Grunwald battle and verifies its replay (the tests
# labelled "long"); then a short run of each fuzz target.
# usage: tools/test.sh            (BITWA_FUZZ_SECONDS=0 skips the fuzz run)
set -e
cd "$(dirname "$0")/.."
sh tools/deps.sh test
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DBITWA_SANITIZE=ON >/dev/null
cmake --build build-asan -j2
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
ctest --test-dir build-asan --output-on-failure -j2 -LE long
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j2
ctest --test-dir build --output-on-failure -L long
seconds=${BITWA_FUZZ_SECONDS:-20}
if [ "$seconds" -gt 0 ] && [ -f tools/fuzz.sh ]; then
  sh tools/fuzz.sh "$seconds"
fi
