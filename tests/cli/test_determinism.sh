#!/bin/sh
# Same seed + same decisions -> the same log, row for row, whatever the
# process: different address-space layouts (ASLR on and off), a heap
# perturbed by BITWA_TEST_HEAP_JITTER, and a fresh Lua string-hash seed
# in every process (Lua seeds it from addresses and the clock).
# The fixture's duel, then a real battle of each system played to its
# end by its rules bots (Grunwald; Husaria; Grognard with sealed orders):
# the rulesets and bots whose tables, caches and searches could let an
# address or a table's order reach the game.
BITWA=${1:-build/tools/bitwa}
. "$(dirname "$0")/lib.sh"
# play NAME GAME SEED [ENV...] -- plays GAME (a scenario and its options)
# into $T/NAME.bitwa, its log as text in $T/NAME.txt
play() {
  name=$1; game=$2; seed=$3; shift 3
  # shellcheck disable=SC2086 # GAME is words: the scenario, then options
  env "$@" "$BITWA" run $game -o "$T/$name.bitwa" --seed "$seed" --quiet --durability off >"$T/$name.out" 2>&1 || return 1
  "$BITWA" script tests/cli/dump_log.lua "$T/$name.bitwa" >"$T/$name.txt"
}
noaslr=no
if command -v setarch >/dev/null 2>&1 && setarch "$(uname -m)" -R true 2>/dev/null; then noaslr=yes; fi
# same GAME SEED TAG -- the game played four ways, the logs compared
same() {
  game=$1; seed=$2; tag=$3
  if ! play "$tag.plain" "$game" "$seed"; then no "$game: the game did not run: $(tail -3 "$T/$tag.plain.out")"; return; fi
  # a game played to its end: its last event says the game is over
  if [ -s "$T/$tag.plain.txt" ] && grep -q "game over" "$T/$tag.plain.txt"; then ok
  else no "$game: no game over in its log"; fi
  # (a run that fails is a failure, not a comparison left out)
  for other in jitter1 jitter2 noaslr; do
    case $other in
      jitter1) set -- BITWA_TEST_HEAP_JITTER=1 ;;
      jitter2) set -- BITWA_TEST_HEAP_JITTER=977 ;;
      noaslr) [ "$noaslr" = yes ] || continue
              set -- BITWA_TEST_HEAP_JITTER=5 setarch "$(uname -m)" -R ;;
    esac
    if ! play "$tag.$other" "$game" "$seed" "$@"; then
      no "$game seed $seed: the $other run failed: $(tail -3 "$T/$tag.$other.out")"
    elif cmp -s "$T/$tag.plain.txt" "$T/$tag.$other.txt"; then ok
    else no "$game seed $seed: $other differs"; diff "$T/$tag.plain.txt" "$T/$tag.$other.txt" | head -5; fi
  done
}
same skirmish-plus/duel 42 duel
# another seed must give another game (the comparison can fail)
if ! play other skirmish-plus/duel 43; then no "seed 43: the game did not run"
elif cmp -s "$T/duel.plain.txt" "$T/other.txt"; then no "seed 43 gave seed 42's game"
else ok; fi
same grunwald/clash-of-titans 7 cot
same husaria/kokenhausen 7 kok
same "grognard/crecy --option sequence=simultaneous" 7 crecy
finish
