#!/bin/sh
# bitwa serve's JSON API against a server on a loopback port: start, act,
# answer, refusals with their rule, undo and its refusal, reach, odds on the
# position, replay at N; bad requests get a 4xx with a message and change
# nothing; the game played through the server has the log of the same
# decisions typed at the CLI; the writer lock while it runs; bot games
# played in the background are `bitwa run`'s games row for row, the
# server answering meanwhile.  The server is stopped by this script (and
# by `timeout` at the latest); exit 77 (skipped) without libmicrohttpd.
# usage: test_serve.sh PATH/TO/bitwa   (run from the source directory)
BITWA=${1:-build/tools/bitwa}
PID=""
. "$(dirname "$0")/lib.sh"
stop() { [ -n "$PID" ] && kill "$PID" 2>/dev/null; wait 2>/dev/null; }
cleanup() { stop; }
started() { # started FILE TEXT: wait (up to 120 s, a loaded machine is slow) for the server's line
  i=0
  while ! grep -q "$2" "$1" 2>/dev/null && [ $i -lt 1200 ] && kill -0 $PID 2>/dev/null; do i=$((i + 1)); sleep 0.1; done
  grep -q "$2" "$1" 2>/dev/null || no "the server did not start: $(cat "$1")"
}
command -v curl >/dev/null || { echo "curl is missing"; exit 77; }
"$BITWA" serve --help >/dev/null 2>&1 || { echo "no serve command"; exit 1; }

G="$T/g.bitwa"
SC=tests/fixtures/scenarios/skirmish-archers.lua
"$BITWA" start $SC --ruleset skirmish "$G" --seed 2 >/dev/null || { echo "start failed"; exit 1; }
timeout 300 "$BITWA" serve "$G" --port 0 >"$T/serve.out" 2>"$T/serve.err" &
PID=$!
i=0
while ! grep -q "http://" "$T/serve.out" 2>/dev/null; do
  i=$((i + 1))
  if [ $i -gt 1200 ] || ! kill -0 "$PID" 2>/dev/null; then
    if grep -q "without libmicrohttpd" "$T/serve.err"; then echo "built without libmicrohttpd"; exit 77; fi
    echo "the server did not start: $(cat "$T/serve.err")"; exit 1
  fi
  sleep 0.1
done
URL=$(sed -n 's|.* at \(http://127\.0\.0\.1:[0-9]*/\).*|\1|p' "$T/serve.out")
[ -n "$URL" ] && ok || no "the URL is printed on 127.0.0.1: $(cat "$T/serve.out")"

# req METHOD PATH [BODY] -> $T/body, $code
req() { # never read a former request's body: a failed request leaves none
  rm -f "$T/body"
  if [ -n "$3" ]; then
    code=$(curl -s -m 60 -o "$T/body" -w '%{http_code}' -X "$1" -H 'Content-Type: application/json' --data "$3" "$URL$2")
  else
    code=$(curl -s -m 60 -o "$T/body" -w '%{http_code}' -X "$1" "$URL$2")
  fi
  [ -f "$T/body" ] || : >"$T/body"
  [ "$code" != 000 ] || no "$1 $2: no answer from the server"
}
status() { # status WANT DESCRIPTION
  if [ "$code" = "$1" ]; then ok; else no "$2: HTTP $code, expected $1: $(cat "$T/body")"; fi
}

req GET "api/state"
status 200 "state"
has "$T/body" '"phase":"A.move"' "the phase"
has "$T/body" '"acting":\["A"\]' "the acting side"
has "$T/body" '"name":"a","role":"unit","side":"A","strength":2' "a unit with its strength (roles)"
req GET "api/unit?name=a"
status 200 "a unit"
has "$T/body" '{"cost":1,"facing":"NE","facings":\[{"cost":2,"facing":"N","line":"move a 0404 N"},{"cost":1,"facing":"NE","line":"move a 0404 NE"},' "its reach: 0404 for 1 MP facing NE, for 2 facing N"
has "$T/body" '"hex":"0404","line":"move a 0404 NE","steps":1}' "the path order to 0404"
has "$T/body" '{"cost":2,"facing":"SE","facings":\[[^]]*\],"hex":"0505","line":"move a 0505 SE","steps":2}' "and 0505 for 2 MP in two steps, a path order"
has "$T/body" '"order_words":\[\["turn","a","SE"\],\["turn","a","N"\]\]' "its other orders in words (a facing: chosen on the board)"
req GET "api/unit?name=zz"
status 404 "an unknown unit"
has "$T/body" "no unit 'zz'" "the message names it"

req GET "api/state"
cp "$T/body" "$T/state0"
req POST "api/act" '{"side":"B","line":"end"}'
status 422 "another side's action"
has "$T/body" '"rule":"2.1"' "the refusal names its rule"
req POST "api/act" '{"side":"A","line":"move a 0202"}'
status 422 "an illegal move"
has "$T/body" '"status":"refused"' "refused"
# refusals change nothing but the log's refusal table
req GET "api/state"
cmp -s "$T/body" "$T/state0" && ok || no "refusals changed the game: $(cat "$T/body")"
if command -v sqlite3 >/dev/null 2>&1; then
  r=$(sqlite3 "file:$G?mode=ro" "SELECT group_concat(after || ' ' || side || ' ' || line || ' ' || rule, ';') FROM refusal")
  case "$r" in "1 B end 2.1;1 A move a 0202 "*) ok ;; *) no "the refusals are recorded: '$r'" ;; esac
fi
before=$(digest "$G")
req POST "api/act" '{"side":"A",'
status 400 "bad JSON"
has "$T/body" '"error":"the body is not a JSON object' "bad JSON message"
req POST "api/act" '{"side":"A"}'
status 400 "no line"
req GET "api/act"
status 405 "act by GET"
code=$(curl -s -m 60 -o "$T/body" -w '%{http_code}' -X POST -H 'Content-Type: text/plain' --data '{"side":"A","line":"move a 0404"}' "${URL}api/act")
status 415 "a POST that is not JSON (a cross-site form)"
code=$(curl -s -m 60 -o "$T/body" -w '%{http_code}' -H 'Host: evil.example:80' "${URL}api/state")
status 421 "another Host (DNS rebinding)"
req GET "api/nothing"
status 404 "an unknown API"
req GET "api/state?at=x"
status 400 "a bad at"
req GET "api/state?at=99"
status 400 "at beyond the log"
req POST "api/answer" '{"answer":"fire"}'
status 422 "an answer with no decision pending"
req GET "api/odds"
status 400 "odds without a line"
[ "$(digest "$G")" = "$before" ] && ok || no "bad requests changed the game file"
req GET "api/state"
has "$T/body" '"actions":1,' "bad requests changed nothing"

req GET "api/odds?line=move%20c%200406"
status 200 "odds of a move on the live position"
has "$T/body" '"exact":"1/1","outcome":"c.hex 0306->0406; c.mp_left 5->4"' "the move's one outcome"
req POST "api/act" '{"side":"A","line":"move a 0404"}'
status 200 "a move"
has "$T/body" '"status":"decision"' "B may fire"
has "$T/body" '"request":{"kind":"reaction_fire","options":\["fire","hold"\],"prompt":"x may fire at a","side":"B"}' "the decision's options"
req POST "api/undo" '{}'
status 422 "undo while a decision waits"
req POST "api/answer" '{"answer":"maybe"}'
status 422 "an answer not among the options"
req POST "api/answer" '{"answer":"hold"}'
status 200 "B holds"
has "$T/body" '"status":"done"' "the move is done"
req POST "api/undo" '{}'
status 422 "undo after B decided"
has "$T/body" "B decided (reaction_fire): another side's decision is never taken back" "the refusal's reason"
req POST "api/act" '{"side":"A","line":"move c 0406"}'
status 200 "another move"
req GET "api/state"
has "$T/body" '"actions":3,' "three actions"
req POST "api/undo" '{}'
status 200 "undo"
has "$T/body" '"taken":\["move c 0406"\]' "the move taken back"
req GET "api/state"
has "$T/body" '"actions":2,' "two actions after undo"
has "$T/body" '"hex":"0306","kind":"cavalry","name":"c"' "c back at 0306"
req POST "api/act" '{"side":"A","line":"move c 0505 NE"}'
status 200 "a path order"
has "$T/body" '"line":"move c 0505 NE"' "one order"
req GET "api/state"
has "$T/body" '"line":"move c 0505 NE","side":"A","units":\["c"\]' "the unit the last action moved"
req GET "api/state?at=1"
status 200 "replay at 1"
has "$T/body" '"at":1' "at 1"
has "$T/body" '"hex":"0304","kind":"infantry","name":"a"' "a at 0304 after action 1"
req GET "api/board.svg?at=2"
status 200 "the board at 2"
has "$T/body" 'data-hex="0404"' "an SVG of the map"
req GET "api/log"
status 200 "the log"
has "$T/body" '"decisions":\[{"answer":"hold","kind":"reaction_fire","side":"B"}\]' "the decision in the log"
req GET ""
status 200 "the page"
has "$T/body" "<html" "HTML"
req GET "web/../README.md"
[ "$code" -ge 400 ] && ok || no "a path out of web/ is served: $code"

stop
PID=""
"$BITWA" replay "$G" --verify >"$T/out" 2>&1 && ok || no "replay --verify after serve: $(cat "$T/out")"
# the same decisions at the CLI give the same log
C="$T/c.bitwa"
"$BITWA" start $SC --ruleset skirmish "$C" --seed 2 >/dev/null
"$BITWA" do "$C" A move a 0404 >/dev/null
"$BITWA" answer "$C" hold >/dev/null
"$BITWA" do "$C" A move c 0505 NE >/dev/null
a=$("$BITWA" show "$G" --json | sed 's/.*"checksum":"\([0-9a-f]*\)".*/\1/')
b=$("$BITWA" show "$C" --json | sed 's/.*"checksum":"\([0-9a-f]*\)".*/\1/')
[ -n "$a" ] && [ "$a" = "$b" ] && ok || no "the served game and the CLI game differ: $a vs $b"
"$BITWA" script tests/cli/dump_log.lua "$G" >"$T/g.log" 2>&1
"$BITWA" script tests/cli/dump_log.lua "$C" >"$T/c.log" 2>&1
cmp -s "$T/g.log" "$T/c.log" && ok || no "the logs differ: $(diff "$T/g.log" "$T/c.log" | head -5)"

# the server is the file's writer while it runs: a CLI writer waits, then
# fails (exit 2) with the file untouched; readers work
timeout 120 "$BITWA" serve "$G" --port 0 >"$T/serve3.out" 2>&1 &
PID=$!
started "$T/serve3.out" "http://"
URL=$(sed -n 's|.* at \(http://127\.0\.0\.1:[0-9]*/\).*|\1|p' "$T/serve3.out")
before=$(digest "$G")
BITWA_LOCK_WAIT_MS=200 "$BITWA" do "$G" A end >"$T/out" 2>&1
rc=$?
[ $rc -eq 2 ] && ok || no "a CLI writer while serve runs: exit $rc, expected 2"
has "$T/out" "another bitwa process is writing this game (waited" "the CLI writer's message"
BITWA_LOCK_WAIT_MS=200 "$BITWA" undo "$G" >"$T/out" 2>&1
[ $? -eq 2 ] && ok || no "bitwa undo while serve runs: not exit 2: $(cat "$T/out")"
"$BITWA" show "$G" >"$T/out" 2>&1 && ok || no "bitwa show while serve runs: $(cat "$T/out")"
has "$T/out" "actions 3," "show reads the served game"
# a second server on the same file is a writer too
BITWA_LOCK_WAIT_MS=200 timeout 60 "$BITWA" serve "$G" --port 0 >"$T/out" 2>&1
rc=$?
[ $rc -eq 2 ] && ok || no "a second serve of the file: exit $rc, expected 2: $(cat "$T/out")"
has "$T/out" "another bitwa process is writing this game (waited" "the second server's message"
printf 'quit\n' | BITWA_LOCK_WAIT_MS=200 BITWA_NO_EDIT=1 "$BITWA" play "$G" >"$T/out" 2>&1
rc=$?
[ $rc -eq 2 ] && ok || no "bitwa play while serve runs: exit $rc, expected 2: $(cat "$T/out")"
[ "$(digest "$G")" = "$before" ] && ok || no "the refused CLI writers changed the file"
req POST "api/act" '{"side":"A","line":"end"}'
status 200 "the server still plays after the CLI writer was refused"
stop
PID=""
"$BITWA" replay "$G" --verify >"$T/out" 2>&1 && ok || no "replay --verify after the lock test: $(cat "$T/out")"

# bots in the background: a game of bots only, played through the server
# while it answers requests, is the game `bitwa run` plays with the same
# seed and bots, row for row
# (the short duel paced at 20 ms an action, Clash of Titans as fast as it goes)
for spec in "skirmish/duel 3 A=random,B=heuristic 20" "grunwald/clash-of-titans 2 PL=rules,TO=rules 0"; do
  set -- $spec
  SB="$T/bots-$2.bitwa"
  delay=$4
  # a file of its own for each server: the shell truncates a redirection in
  # the child, so a reused file could still show the former server's URL
  SO="$T/serve4-$2.out"
  timeout 900 "$BITWA" serve "$1" -o "$SB" --seed "$2" --bots "$3" --port 0 >"$SO" 2>&1 &
  PID=$!
  i=0
  while ! grep -q "http://" "$SO" 2>/dev/null && [ $i -lt 1200 ] && kill -0 $PID 2>/dev/null; do i=$((i + 1)); sleep 0.1; done
  URL=$(sed -n 's|.* at \(http://127\.0\.0\.1:[0-9]*/\).*|\1|p' "$SO")
  [ -n "$URL" ] || { no "$1: the server did not start: $(cat "$SO")"; stop; PID=""; continue; }
  req GET "api/status"
  has "$T/body" '"actions":1,' "$1: a game of bots waits for play"
  has "$T/body" '"bot_play":false' "$1: bots paused at first"
  before=$(digest "$SB")
  req POST "api/bots" '{"play":"yes"}'
  status 400 "bots: play not a boolean"
  req POST "api/bots" '{"delay":-5}'
  status 400 "bots: a negative delay"
  req GET "api/bots"
  status 405 "bots by GET"
  req POST "api/step" '{"n":0}'
  status 400 "step: n 0"
  req GET "api/state?marks=x"
  status 400 "a bad marks"
  [ "$(digest "$SB")" = "$before" ] && ok || no "$1: bad requests changed the game file"
  req POST "api/step" '{"n":2}'
  status 200 "two bot actions now"
  has "$T/body" '"actions":3' "$1: two actions played by step"
  # the server answers while the bots play: at one action a minute the
  # bots are at work and the game not over whatever the machine's load
  # (they play one action, then wait), so the answer comes between two
  # bot actions; then at the real speed (a new speed counts from now)
  # to the game's end
  req POST "api/bots" '{"play":true,"delay":60000}'
  status 200 "bots play"
  has "$T/body" '"play":true' "$1: bots on"
  req GET "api/status"
  has "$T/body" '"bot_busy":true' "$1: the status is answered while the bots play"
  has "$T/body" '"over":false' "$1: ... in the middle of their game"
  n0=$(sed 's/.*"actions":\([0-9]*\).*/\1/' "$T/body")
  req POST "api/bots" "{\"delay\":$delay}"
  status 200 "the bots' speed"
  # (bounded by time: a loaded machine plays the game slower)
  deadline=$(($(date +%s) + 600))
  while [ "$(date +%s)" -lt $deadline ]; do
    req GET "api/status"
    [ "$code" = 200 ] || break
    grep -q '"over":true' "$T/body" && break
    sleep 0.1
  done
  has "$T/body" '"over":true' "$1: the bots played the game to its end"
  n=$(sed 's/.*"actions":\([0-9]*\).*/\1/' "$T/body")
  [ "$n0" -le 4 ] && [ "$n" -gt 20 ] && ok || no "$1: the status answered at action $n0, the game ended at $n"
  stop
  PID=""
  set -- $spec
  C="$T/bots-cli-$2.bitwa"
  "$BITWA" run "$1" -o "$C" --seed "$2" --bots "$3" >/dev/null 2>&1 || no "$1: bitwa run failed"
  # the snapshot row is a cache of the position, not part of the game (which
  # action it is taken at depends on how the process ended); replay --verify
  # below compares whichever the file kept with the replay's position
  "$BITWA" script tests/cli/dump_log.lua "$SB" | grep -v '^meta|bots|\|^snapshot|' >"$T/g.log" 2>&1
  "$BITWA" script tests/cli/dump_log.lua "$C" | grep -v '^meta|bots|\|^snapshot|' >"$T/c.log" 2>&1
  a=$(grep -c '^action|' "$T/g.log")
  [ "$a" -gt 20 ] && cmp -s "$T/g.log" "$T/c.log" && ok ||
    no "$1: the served bot game and bitwa run's differ ($a actions): $(diff "$T/g.log" "$T/c.log" | head -5)"
  "$BITWA" replay "$SB" --verify >"$T/out" 2>&1 && ok || no "$1: replay --verify of the served bot game: $(cat "$T/out")"
done

# a player against a bot: the act is answered at once, the bot plays after
SH="$T/hb.bitwa"
timeout 120 "$BITWA" serve skirmish/duel -o "$SH" --seed 4 --bots B=heuristic --port 0 >"$T/serve5.out" 2>&1 &
PID=$!
started "$T/serve5.out" "http://"
URL=$(sed -n 's|.* at \(http://127\.0\.0\.1:[0-9]*/\).*|\1|p' "$T/serve5.out")
req POST "api/act" '{"side":"A","line":"end"}'
status 200 "A ends its move"
req POST "api/act" '{"side":"A","line":"end"}'
status 200 "A ends its attack"
has "$T/body" '"bots_busy":true' "the bot is to play, in the background"
req POST "api/act" '{"side":"B","line":"end"}'
status 409 "the bot's side cannot be played from the page"
i=0
while [ $i -lt 1200 ]; do
  req GET "api/status"
  grep -q '"bot_busy":false' "$T/body" && break
  i=$((i + 1)); sleep 0.1
done
req GET "api/state"
has "$T/body" '"acting":\["A"\]' "after the bot's turn A acts again"
has "$T/body" '"turn":2,' "in turn 2"
stop
PID=""

# a sealed phase (README: sealed phases): an order of the open phase is
# "(sealed)" in the log and nowhere in the state until both sides ended it
GS="$T/sealed.bitwa"
"$BITWA" start tests/fixtures/rulesets/sealed/scenarios/meet.lua --ruleset sealed "$GS" --seed 1 >/dev/null ||
  no "start the sealed fixture"
timeout 120 "$BITWA" serve "$GS" --port 0 >"$T/serve6.out" 2>&1 &
PID=$!
started "$T/serve6.out" "http://"
URL=$(sed -n 's|.* at \(http://127\.0\.0\.1:[0-9]*/\).*|\1|p' "$T/serve6.out")
req POST "api/act" '{"side":"A","line":"end"}'
req POST "api/act" '{"side":"B","line":"end"}'
req POST "api/act" '{"side":"A","line":"fire a1 b1"}'
has "$T/body" '"status":"done"' "a sealed order is taken"
req GET "api/log"
has "$T/body" '"line":"(sealed)"' "the log shows the open phase's order as sealed"
if grep -q 'fire a1' "$T/body"; then no "the sealed order is in the log: $(cat "$T/body")"; else ok; fi
req GET "api/state"
if grep -q 'sealed\.\|"target":"b1"\|fire a1' "$T/body"; then no "the state shows the sealed order: $(cat "$T/body")"; else ok; fi
req GET "api/actions?side=A"
if grep -q '"line":"fire a1' "$T/body"; then no "A's own view: a1 has its order: $(cat "$T/body")"; else ok; fi
req POST "api/act" '{"side":"B","line":"end"}'
req POST "api/act" '{"side":"A","line":"end"}'
req GET "api/log"
has "$T/body" '"line":"fire a1 b1"' "once resolved, the log shows the order"
stop
PID=""

# signals end the server cleanly, however many come: timeout(1) sends its
# signal to the command and again to its process group; a second one once
# the loop has ended must not kill the process before it has closed its
# game (exit 0, the snapshot at the last action, no WAL left beside it).
# The server is started directly here, so that the signals reach it.
H="$T/h.bitwa"
"$BITWA" start $SC --ruleset skirmish "$H" --seed 2 >/dev/null
"$BITWA" serve "$H" --port 0 >"$T/serve4.out" 2>&1 &
PID=$!
started "$T/serve4.out" "http://"
URL=$(sed -n 's|.* at \(http://127\.0\.0\.1:[0-9]*/\).*|\1|p' "$T/serve4.out")
req POST "api/act" '{"side":"A","line":"move c 0406"}'
status 200 "a move before the signals"
for _ in 1 2 3 4 5; do kill -TERM "$PID" 2>/dev/null; done
wait "$PID"
rc=$?
PID=""
[ $rc -eq 0 ] && ok || no "serve after five SIGTERMs: exit $rc, expected 0: $(cat "$T/serve4.out")"
[ -e "$H-wal" ] && no "a WAL is left beside the served game" || ok
"$BITWA" script tests/cli/dump_log.lua "$H" >"$T/h.log" 2>&1
has "$T/h.log" '^snapshot|2|' "the snapshot is the position after the last action"

# a full disk (the file size limit, as a full disk; SIGXFSZ ignored so that
# a write past it fails): an action the log cannot take is answered 409
# with its message and is not played; every action answered 200 is in the
# file, which verifies
F="$T/f.bitwa"
"$BITWA" start $SC --ruleset skirmish "$F" --seed 2 >/dev/null
blocks=$(( ($(wc -c <"$F") + 8192) / 512 ))
(trap '' XFSZ; ulimit -f "$blocks" && exec timeout 120 "$BITWA" serve "$F" --port 0) >"$T/serve5.out" 2>&1 &
PID=$!
started "$T/serve5.out" "http://"
URL=$(sed -n 's|.* at \(http://127\.0\.0\.1:[0-9]*/\).*|\1|p' "$T/serve5.out")
acked=1
for _ in $(seq 1 60); do
  side=A
  req GET "api/state?marks=0"
  grep -q '"acting":\["B"\]' "$T/body" && side=B
  req POST "api/act" "{\"side\":\"$side\",\"line\":\"end\"}"
  [ "$code" = 200 ] || break
  acked=$((acked + 1))
done
status 409 "an action the full disk cannot take"
has "$T/body" '"status":"conflict"' "it is not played"
has "$T/body" 'commit: ' "the message says why"
req GET "api/status"
has "$T/body" "\"actions\":$acked," "the game is at the last action answered 200 ($acked)"
stop
PID=""
"$BITWA" show "$F" >"$T/f.show" 2>&1
has "$T/f.show" "^actions $acked," "the file holds every action answered 200"
expect 0 "the file verifies after a full disk" "$BITWA" replay "$F" --verify

# another interface only with a token
timeout 60 "$BITWA" serve "$G" --port 0 --host 0.0.0.0 >"$T/serve2.out" 2>&1 &
PID=$!
started "$T/serve2.out" "access token"
TOKEN=$(sed -n 's/^access token: \([0-9a-f]*\)$/\1/p' "$T/serve2.out")
PORT=$(sed -n 's|.*:\([0-9]*\)/?token=.*|\1|p' "$T/serve2.out")
[ ${#TOKEN} -eq 32 ] && ok || no "a 128-bit token is printed: $(cat "$T/serve2.out")"
URL="http://127.0.0.1:$PORT/"
req GET "api/state"
status 403 "no token"
req GET "api/state?token=$TOKEN"
status 200 "with the token"
stop
PID=""

finish
