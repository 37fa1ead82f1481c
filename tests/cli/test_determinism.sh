#!/bin/sh
# Same seed + same decisions -> the same log, row for row, whatever the
# process: different address-space layouts (ASLR on and off), a heap
# perturbed by BITWA_TEST_HEAP_JITTER, and a fresh Lua string-hash seed
# in every process (Lua seeds it from addresses and the clock).
BITWA=${1:-build/tools/bitwa}
. "$(dirname "$0")/lib.sh"
run() { # run NAME [ENV...] -- plays the same game into $T/NAME.bitwa
  name=$1; shift
  env "$@" "$BITWA" run skirmish-plus/duel -o "$T/$name.bitwa" --seed 42 --quiet --durability off || return 1
  "$BITWA" script tests/cli/dump_log.lua "$T/$name.bitwa" >"$T/$name.txt"
}
run plain || { echo "FAIL: the game did not run"; echo "0 passed, 1 failed"; exit 1; }
run jitter1 BITWA_TEST_HEAP_JITTER=1
run jitter2 BITWA_TEST_HEAP_JITTER=977
if command -v setarch >/dev/null 2>&1 && setarch "$(uname -m)" -R true 2>/dev/null; then
  env BITWA_TEST_HEAP_JITTER=5 setarch "$(uname -m)" -R "$BITWA" run skirmish-plus/duel -o "$T/noaslr.bitwa" --seed 42 --quiet --durability off
  "$BITWA" script tests/cli/dump_log.lua "$T/noaslr.bitwa" >"$T/noaslr.txt"
fi
[ -s "$T/plain.txt" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: empty log"; }
for other in jitter1 jitter2 noaslr; do
  [ -f "$T/$other.txt" ] || continue
  if cmp -s "$T/plain.txt" "$T/$other.txt"; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL: $other differs"; diff "$T/plain.txt" "$T/$other.txt" | head -5; fi
done
# another seed must give another game (the comparison can fail)
"$BITWA" run skirmish-plus/duel -o "$T/other.bitwa" --seed 43 --quiet --durability off
"$BITWA" script tests/cli/dump_log.lua "$T/other.bitwa" >"$T/other.txt"
if cmp -s "$T/plain.txt" "$T/other.txt"; then fail=$((fail + 1)); echo "FAIL: seed 43 gave seed 42's game"
else pass=$((pass + 1)); fi
finish
