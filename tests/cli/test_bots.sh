#!/bin/sh
# The rules bots pinned at commit 089d1f3 (tests/bots/*-089d1f3.lua): the
# fixed opponents the search bot is measured against.  Each plays a whole
# battle on both sides to a result, proposing only lines the rules accept
# (no refusal, no fallback to the random choice).
# usage: test_bots.sh PATH/TO/bitwa   (run from the source directory)
BITWA=${1:-build/tools/bitwa}
. "$(dirname "$0")/lib.sh"

G=tests/bots/grunwald-089d1f3.lua
L=tests/bots/legnica-089d1f3.lua
expect 0 "pinned Grunwald bot, Clash of Titans" "$BITWA" run grunwald/clash-of-titans --seed 5 \
  --bots "PL=$G,TO=$G" -o "$T/g.bitwa"
has "$T/out" "^result: .* wins" "a Clash of Titans game to a result"
has "$T/out" "bots: 0 proposed lines refused; 0 fallbacks" "the pinned Grunwald bot: no refusal, no fallback"
expect 0 "pinned Legnica bot, Henry II" "$BITWA" run legnica/henry-ii --seed 2 --bots "PL=$L,MO=$L" -o "$T/l.bitwa"
has "$T/out" "^result: .* wins" "a Henry II game to a result"
has "$T/out" "bots: 0 proposed lines refused; 0 fallbacks" "the pinned Legnica bot: no refusal, no fallback"
expect 0 "the pinned game replays" "$BITWA" replay "$T/l.bitwa" --verify

finish bots
