#!/bin/sh
# tools/fuzz.sh [SECONDS [TARGET...]] -- build the libFuzzer targets and
# run each for SECONDS (default 30).
#
# Configures build-fuzz/ with clang and -DBITWA_FUZZ=ON, builds, and runs
# every target of tests/fuzz/ (or the ones named) in turn on a copy of its
# seed corpus (tests/fuzz/corpus/TARGET is never written).  Per target:
#   build-fuzz/fuzz-work/TARGET      the working corpus (fresh each run)
#   build-fuzz/fuzz-findings/TARGET  crash-*, leak-*, timeout-*, oom-* files
#   build-fuzz/fuzz-logs/TARGET.log  libFuzzer's output
# Exits 0 when no target found anything, 1 when one did, 2 on a build
# or usage error.  A finding replays with the plain build:
#   build/tests/fuzz/TARGET build-fuzz/fuzz-findings/TARGET/crash-...
# Environment: CC (default clang), FUZZ_JOBS (parallel make, default 2),
# FUZZ_TIMEOUT (seconds one input may take, default 60).
set -u

seconds=${1:-30}
case $seconds in
  ''|*[!0-9]*) echo "usage: $0 [SECONDS [TARGET...]]" >&2; exit 2 ;;
esac
[ $# -gt 0 ] && shift

root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-fuzz
targets=${*:-fuzz_mapfile fuzz_scenario fuzz_action fuzz_gamefile}
timeout=${FUZZ_TIMEOUT:-60}

mkdir -p "$build/fuzz-logs" "$build/fuzz-tmp"
blog=$build/fuzz-logs/build.log
echo "== building in $build (log: $blog)"
if ! { cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER="${CC:-clang}" -DBITWA_FUZZ=ON \
         -DCMAKE_BUILD_TYPE=RelWithDebInfo &&
       cmake --build "$build" -j "${FUZZ_JOBS:-2}" --target $targets; } >"$blog" 2>&1; then
  tail -n 40 "$blog" >&2
  echo "fuzz: the build failed" >&2
  exit 2
fi

# fuzz_gamefile's temporary game files go here (a finding leaves its own)
rm -f "$build/fuzz-tmp"/bitwa-fuzz-*
TMPDIR=$build/fuzz-tmp
export TMPDIR
ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS UBSAN_OPTIONS

stat () {   # stat NAME LOG -> the value of libFuzzer's final "stat::NAME:"
  sed -n "s/^stat::$1: *//p" "$2" | tail -n 1
}

found=0
summary=
for t in $targets; do
  bin=$build/tests/fuzz/$t
  seeds=$root/tests/fuzz/corpus/$t
  work=$build/fuzz-work/$t
  findings=$build/fuzz-findings/$t
  log=$build/fuzz-logs/$t.log
  if [ ! -x "$bin" ] || [ ! -d "$seeds" ]; then
    echo "fuzz: no target $t" >&2
    exit 2
  fi
  rm -rf "$work"
  mkdir -p "$work" "$findings"
  cp "$seeds"/* "$work"/
  set -- -max_total_time="$seconds" -rss_limit_mb=2048 -timeout="$timeout" \
    -print_final_stats=1 -artifact_prefix="$findings/"
  if [ -f "$root/tests/fuzz/$t.dict" ]; then set -- "$@" -dict="$root/tests/fuzz/$t.dict"; fi
  echo "== $t: ${seconds}s"
  before=$(ls "$findings" | wc -l)
  (cd "$build/fuzz-tmp" && "$bin" "$@" "$work") >"$log" 2>&1
  rc=$?
  after=$(ls "$findings" | wc -l)
  last=$(grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -n 1)
  cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
  ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
  corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
  line=$(printf '%-14s execs %-9s exec/s %-6s cov %-5s ft %-6s corpus %-5s rss %sMb' "$t" \
    "$(stat number_of_executed_units "$log")" "$(stat average_exec_per_sec "$log")" \
    "${cov:-?}" "${ft:-?}" "${corp:-?}" "$(stat peak_rss_mb "$log")")
  if [ $rc -ne 0 ] || [ "$after" -gt "$before" ]; then
    found=1
    line="$line  FINDING (exit $rc, see $log)"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz_[a-z]+: )|artifact_prefix|Test unit written' "$log" | head -n 8
  fi
  echo "$line"
  summary="$summary$line
"
done

echo
echo "summary (${seconds}s per target):"
printf '%s' "$summary"
if [ $found -ne 0 ]; then
  echo "fuzz: findings in $build/fuzz-findings" >&2
  exit 1
fi
exit 0
