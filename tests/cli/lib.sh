# What every shell test of tests/cli shares: a scratch folder $T (removed
# on exit unless KEEP is set; a test that must stop something first
# defines cleanup()), the counters and the checks, and the last line.
# Sourced by each test as `. "$(dirname "$0")/lib.sh"` after setting BITWA.
T=$(mktemp -d)
cleanup() { :; }
trap 'cleanup; [ -n "$KEEP" ] || rm -rf "$T"' EXIT
BITWA_NO_PROGRESS=1
export BITWA_NO_PROGRESS
pass=0
fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "FAIL $*"; }
# expect STATUS DESCRIPTION COMMAND...: COMMAND's exit status is STATUS
# (its output in $T/out and $T/err)
expect() {
  want=$1; shift; what=$1; shift
  "$@" >"$T/out" 2>"$T/err"
  got=$?
  if [ "$got" -eq "$want" ]; then ok; else no "$what: exit $got, expected $want: $(cat "$T/err")"; fi
}
# status GOT WANT DESCRIPTION: an exit status already taken
status() {
  if [ "$1" -eq "$2" ]; then ok; else no "$3: exit $1, expected $2: $(cat "$T/out" "$T/err" 2>/dev/null)"; fi
}
has() { # has FILE TEXT DESCRIPTION
  if grep -q -- "$2" "$1"; then ok; else no "$3: '$2' not in $(cat "$1")"; fi
}
hasnt() { # hasnt FILE TEXT DESCRIPTION
  if grep -q -- "$2" "$1"; then no "$3: '$2' in $(cat "$1")"; else ok; fi
}
digest() { cksum "$1" | cut -d' ' -f1-2; }
# finish [NAME]: the counts, and the exit status (0 when nothing failed)
finish() {
  echo "${1:+$1: }$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
