#!/bin/sh
# bitwa sim, sim-merge and compare from the shell: exit statuses (0 done,
# 1 a game failed, 2 bad input), what they print, and the files they write.
# usage: test_sim.sh PATH/TO/bitwa   (run from the source directory)
BITWA=${1:-build/tools/bitwa}
. "$(dirname "$0")/lib.sh"

# help and bad arguments
expect 0 "help lists sim" "$BITWA" help
has "$T/out" "sim-merge" "help lists sim-merge"
has "$T/out" "compare" "help lists compare"
expect 0 "sim --help" "$BITWA" sim --help
has "$T/out" "usage: bitwa sim RULESET/SCENARIO" "sim usage"
has "$T/out" "S\*1000003+i" "sim help documents the seeds"
expect 2 "sim without -n" "$BITWA" sim skirmish/duel
has "$T/err" "-n N (the number of games) is required" "missing -n message"
expect 2 "sim -n 0" "$BITWA" sim skirmish/duel -n 0
expect 2 "sim -n abc" "$BITWA" sim skirmish/duel -n abc
expect 2 "sim without a target" "$BITWA" sim -n 3
expect 2 "sim target without a scenario" "$BITWA" sim skirmish -n 3
expect 2 "sim unknown scenario" "$BITWA" sim skirmish/nowhere -n 3
has "$T/err" "has no scenario 'nowhere'" "unknown scenario message"
expect 2 "sim unknown ruleset" "$BITWA" sim nosuch/duel -n 3
expect 2 "sim unknown overlay" "$BITWA" sim skirmish/duel -n 3 --overlay skirmish/nosuch
expect 2 "sim unknown option" "$BITWA" sim skirmish/duel -n 3 --option nosuch=1
expect 2 "sim unknown flag" "$BITWA" sim skirmish/duel -n 3 --frobnicate
has "$T/err" "unknown option --frobnicate" "unknown flag message"
expect 2 "sim unknown bot" "$BITWA" sim skirmish/duel -n 3 --bots clever,random
has "$T/err" "no bot named 'clever'" "unknown bot message"
expect 2 "sim three bots for two sides" "$BITWA" sim skirmish/duel -n 3 --bots random,random,random
expect 2 "sim bot for an unknown side" "$BITWA" sim skirmish/duel -n 3 --bots C=random
has "$T/err" "no side 'C'" "unknown side message"
expect 2 "sim --shard 3/2" "$BITWA" sim skirmish/duel -n 3 --shard 3/2
expect 2 "sim --shard x" "$BITWA" sim skirmish/duel -n 3 --shard x
expect 2 "sim --jobs 0" "$BITWA" sim skirmish/duel -n 3 --jobs 0

# a run
expect 0 "sim" "$BITWA" sim skirmish/duel -n 6 --bots greedy,random
has "$T/out" "Duel at Wola (skirmish/duel), 6 games, seeds 1\*1000003+i, bots A=greedy, B=random" "summary header"
has "$T/out" "A wins" "win rates"
has "$T/out" "95% CI" "intervals"
has "$T/out" "losses per game" "losses"
has "$T/out" "errors: none" "no errors"
cp "$T/out" "$T/one.txt"
expect 0 "sim --jobs 3" "$BITWA" sim skirmish/duel -n 6 --bots A=greedy --jobs 3
sed '$d' "$T/out" >"$T/three.txt"; sed '$d' "$T/one.txt" >"$T/one-body.txt"
# --bots A=greedy leaves B to its default (rules) bot: a different run
if cmp -s "$T/three.txt" "$T/one-body.txt"; then no "--bots A=greedy should differ from greedy,random"; else ok; fi
expect 0 "sim --jobs 3, same bots" "$BITWA" sim skirmish/duel -n 6 --bots greedy,random --jobs 3
sed '$d' "$T/out" >"$T/three.txt"
if cmp -s "$T/three.txt" "$T/one-body.txt"; then ok; else no "the summary depends on --jobs"; fi
expect 0 "sim --json" "$BITWA" sim skirmish/duel -n 4 --json --overlay no-quarter --option stacking_limit=3
has "$T/out" '"completed":4' "json summary"
has "$T/out" '"overlays":\["skirmish/no-quarter"\]' "json records the overlay"
has "$T/out" '"options":{"stacking_limit":"3"}' "json records the option"
expect 0 "sim --plot" "$BITWA" sim skirmish/duel -n 4 --plot "$T/p.svg"
has "$T/p.svg" "<svg" "plot is SVG"
has "$T/p.svg" "VP difference" "plot has the histogram"

# a failing game: exit 1, reported with its seed
expect 1 "sim with games that fail" "$BITWA" sim skirmish/duel -n 2 --max-actions 3
has "$T/out" "errors: 2 games failed" "errors counted"
has "$T/out" "game 2 (seed 1000005): the game did not end within 3 actions" "error names its seed"

# --count: per-game counts of what the logs say, checked against the kept logs
expect 2 "sim --count with a bad name" "$BITWA" sim skirmish/duel -n 2 --count 'a;b'
has "$T/err" "--count: an event kind" "bad --count message"
expect 0 "sim --count" "$BITWA" sim skirmish/duel -n 3 --bots heuristic,random --keep "$T/counted" --json \
  --count roll --count note --count set:sp --count decision --count remove --count nosuch --count 9.9.9
for i in 1 2 3; do
  "$BITWA" script tests/cli/dump_log.lua "$T/counted/game-$i.bitwa" |
    awk -F'|' '/^action/ { n = $2 } n > 0 && /^  roll\|/ { r++ } n > 0 && /^  event\|note\|/ { t++ }
      n > 0 && /^  event\|set\|[0-9]*\|sp\|/ { s++ } n > 0 && /^  decision\|/ { d++ } n > 0 && /^  event\|remove\|/ { m++ }
      END { printf "%d %d %d %d %d\n", r, t, s, d, m }' >>"$T/fromlogs.txt"
done
python3 - "$T/out" "$T/fromlogs.txt" >"$T/cmp.txt" 2>&1 <<'PY'
import json, sys
sm = json.load(open(sys.argv[1]))
c = {e["name"]: e for e in sm["counts"]}
logs = [list(map(int, l.split())) for l in open(sys.argv[2])]
names = ["roll", "note", "set:sp", "decision", "remove"]
for k, name in enumerate(names):
    want = [row[k] for row in logs]
    assert c[name]["per_game"] == want, (name, c[name]["per_game"], want)
    assert c[name]["total"] == sum(want), name
    assert abs(c[name]["mean"] - sum(want) / 3) < 1e-3, name
    assert c[name]["games_with"] == sum(1 for x in want if x > 0), name
    if len(set(want)) > 1:
        assert c[name]["ci"][0] < c[name]["mean"] < c[name]["ci"][1], name
assert sum(c["roll"]["per_game"]) > 0 and sum(c["note"]["per_game"]) > 0
assert c["nosuch"]["per_game"] == [0, 0, 0] and c["9.9.9"]["total"] == 0
print("ok")
PY
has "$T/cmp.txt" "^ok" "--count agrees with the kept logs"
# the same counts without --keep (no log: the events' details are made for
# the counts), in two workers, and note~PATTERN: the notes matching a Lua
# pattern ("." matches every note; " attacks %u+%d* at " the attacks' notes)
cp "$T/out" "$T/kept.json"
expect 0 "sim --count without --keep" "$BITWA" sim skirmish/duel -n 3 --bots heuristic,random --json --jobs 2 \
  --count note --count set:sp --count 'note~.' --count 'note~ attacks %u+%d* at ' --count 'note~^nothing like it$'
python3 - "$T/kept.json" "$T/out" "$T/fromlogs.txt" >"$T/cmp.txt" 2>&1 <<'PY'
import json, sys
kept = {e["name"]: e for e in json.load(open(sys.argv[1]))["counts"]}
c = {e["name"]: e for e in json.load(open(sys.argv[2]))["counts"]}
assert c["note"]["per_game"] == kept["note"]["per_game"], (c["note"], kept["note"])
assert c["set:sp"]["per_game"] == kept["set:sp"]["per_game"]
assert c["note~."]["per_game"] == c["note"]["per_game"], c["note~."]
assert 0 < c["note~ attacks %u+%d* at "]["total"] < c["note"]["total"], c["note~ attacks %u+%d* at "]
assert c["note~^nothing like it$"]["total"] == 0
print("ok")
PY
has "$T/cmp.txt" "^ok" "--count without --keep and note~PATTERN"
expect 2 "sim --count with a bad pattern" "$BITWA" sim skirmish/duel -n 1 --count 'note~[a'
has "$T/err" "not a Lua pattern" "bad pattern message"
# rules cited: a Grunwald game's rolls, notes and refusals by rule (8.2 takes 8.2.6 and 8.2.7)
expect 0 "sim --count rules" "$BITWA" sim grunwald/clash-of-titans -n 1 --json --max-actions 400000 \
  --count 8.2 --count 8.2.6 --count 8.2.7 --count note:8.2.6 --count roll:8.2.6 --count refused:8.2.6 --count roll:5.1.1 --count 5.1.1 --count 5.1.10
python3 - "$T/out" >"$T/cmp.txt" 2>&1 <<'PY'
import json, sys
c = {e["name"]: e["total"] for e in json.load(open(sys.argv[1]))["counts"]}
assert c["8.2.6"] == c["note:8.2.6"] + c["roll:8.2.6"] + c["refused:8.2.6"], c
assert c["8.2"] >= c["8.2.6"] + c["8.2.7"], c
assert c["roll:5.1.1"] > 0 and c["5.1.1"] >= c["roll:5.1.1"], c
print("ok")
PY
has "$T/cmp.txt" "^ok" "--count by rule"
# the search bot and its node budget: same seed and budget, same games, in one process or two
expect 2 "sim --bot-budget 0" "$BITWA" sim skirmish/duel -n 2 --bots search,random --bot-budget 0
has "$T/err" "bot-budget: a positive number of nodes expected" "bad budget message"
expect 0 "sim search" "$BITWA" sim skirmish/duel -n 4 --bots search,random --bot-budget 8 --json
cp "$T/out" "$T/search1.json"
has "$T/out" '"bot_budget":8' "the budget is in the summary"
has "$T/out" '"completed":4' "search games complete"
expect 0 "sim search --jobs 2" "$BITWA" sim skirmish/duel -n 4 --bots search,random --bot-budget 8 --json --jobs 2
if cmp -s "$T/out" "$T/search1.json"; then ok; else no "search games depend on --jobs"; fi
expect 0 "sim search, another budget" "$BITWA" sim skirmish/duel -n 4 --bots search,random --bot-budget 1 --json
if cmp -s "$T/out" "$T/search1.json"; then no "the budget changes nothing"; else ok; fi
expect 0 "sim --count text" "$BITWA" sim skirmish/duel -n 3 --bots heuristic,random --count roll
has "$T/out" "counts per game" "count table"
has "$T/out" "^  roll " "count row"

# --keep: the logs replay
expect 0 "sim --keep" "$BITWA" sim skirmish/duel -n 3 --keep "$T/keep" --jobs 2
[ -f "$T/keep/game-1.bitwa" ] && [ -f "$T/keep/game-3.bitwa" ] && ok || no "--keep writes game-<i>.bitwa"
expect 0 "a kept game replays" "$BITWA" replay "$T/keep/game-2.bitwa" --verify
expect 2 "sim --keep into a used directory" "$BITWA" sim skirmish/duel -n 3 --keep "$T/keep"
has "$T/err" "game-1.bitwa exists" "used directory message"

# shards and sim-merge
expect 0 "shard 1/2" "$BITWA" sim skirmish/duel -n 7 --shard 1/2 --out "$T/s1.json"
has "$T/out" "shard 1/2" "shard summary says so"
expect 0 "shard 2/2" "$BITWA" sim skirmish/duel -n 7 --shard 2/2 --out "$T/s2.json"
expect 0 "sim-merge" "$BITWA" sim-merge "$T/s1.json" "$T/s2.json" --json --out "$T/all.json"
cp "$T/out" "$T/merged.json"
expect 0 "unsharded" "$BITWA" sim skirmish/duel -n 7 --json
if cmp -s "$T/out" "$T/merged.json"; then ok; else no "merged shards differ from the whole run"; fi
expect 0 "sim-merge of the joined file" "$BITWA" sim-merge "$T/all.json" --json
if cmp -s "$T/out" "$T/merged.json"; then ok; else no "the joined file differs"; fi
expect 2 "sim-merge with a shard missing" "$BITWA" sim-merge "$T/s1.json"
has "$T/err" "3 of 7 games missing (2, 4, 6)" "missing games message"
expect 2 "sim-merge with a shard twice" "$BITWA" sim-merge "$T/s1.json" "$T/s2.json" "$T/s1.json"
has "$T/err" "is also in" "duplicate message"
expect 0 "another run's shard" "$BITWA" sim skirmish/duel -n 7 --seed 9 --shard 2/2 --out "$T/s9.json"
expect 2 "sim-merge of different runs" "$BITWA" sim-merge "$T/s1.json" "$T/s9.json"
has "$T/err" "a different run" "different run message"
has "$T/err" "seed differs" "names what differs"
echo "not json" >"$T/bad.json"
expect 2 "sim-merge of a foreign file" "$BITWA" sim-merge "$T/bad.json"
has "$T/err" "not a bitwa sim result file" "foreign file message"
expect 2 "sim-merge of no file" "$BITWA" sim-merge "$T/nothing.json"
expect 2 "sim-merge without arguments" "$BITWA" sim-merge

# compare
expect 2 "compare without --b" "$BITWA" compare skirmish/duel -n 4
has "$T/err" "--b SPEC" "missing --b message"
expect 2 "compare with a bad option spec" "$BITWA" compare skirmish/duel -n 4 --b option:stacking_limit
expect 2 "compare with an unknown overlay" "$BITWA" compare skirmish/duel -n 4 --b skirmish+nosuch
expect 2 "compare with an unknown option" "$BITWA" compare skirmish/duel -n 4 --b option:nosuch=1
expect 0 "compare" "$BITWA" compare skirmish/duel -n 6 --a skirmish --b skirmish+no-quarter --bots greedy,greedy
has "$T/out" "b: skirmish+no-quarter" "compare names the variants"
has "$T/out" "The change moves A's win rate by" "compare sentences"
has "$T/out" "noise\." "compare says noise"
expect 0 "compare an option, json" "$BITWA" compare skirmish/duel -n 4 --b option:stacking_limit=3 --json --jobs 2
has "$T/out" '"b":"skirmish stacking_limit=3"' "compare json names the option"
has "$T/out" '"measures":\[' "compare json measures"

finish
