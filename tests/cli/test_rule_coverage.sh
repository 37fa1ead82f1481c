#!/bin/sh
# Every numbered rule of each book, and every worked example of MATRIX.md
# and the digests for it, is named by a test of its ruleset, or declared
# out of scope with its reason (rulesets/NAME/tests/out_of_scope.txt):
# tools/rule_coverage.lua --check over the five books.  First the tool's
# own checks on a made-up book (always); then the books, which are not
# part of the source tree: $BITWA_BOOKS, or ../shared/rules beside it.
# Without the books that part is skipped (exit 77) after the first.
# usage: test_rule_coverage.sh PATH/TO/bitwa   (run from the source directory)
BITWA=${1:-build/tools/bitwa}
case $BITWA in /*) ;; *) BITWA=$(pwd)/$BITWA ;; esac
. "$(dirname "$0")/lib.sh"
cov() { "$BITWA" script tools/rule_coverage.lua "$@"; }

# the tool on a made-up book: two rules, an example, a test naming one rule
mkdir -p "$T/tests"
printf '1.1.1 The first rule.\n1.1.2 The second rule.\n' >"$T/book.txt"
printf '**T-01 · 1.1.1 · XX – an example**\n' >"$T/ex.md"
printf 'test("1.1.1 the first rule", function() end)\n' >"$T/tests/a_spec.lua"
expect 1 "a rule no test names" cov --check "$T/book.txt" "$T/tests" "$T/ex.md" XX
has "$T/out" "2 numbered rules, 1 named by a test; not named: 1.1.2" "the rule not named"
has "$T/out" "1 worked examples for XX in ex.md, 0 named by a test; not named: T-01" "the example not named"
expect 0 "without --check, a list" cov "$T/book.txt" "$T/tests"
printf '# what is left out\n1.1.2 | not implemented here\nT-01 | no such case\n' >"$T/scope.txt"
expect 0 "the rest declared out of scope" cov --check --out-of-scope "$T/scope.txt" "$T/book.txt" "$T/tests" "$T/ex.md" XX
has "$T/out" "not named: none" "nothing left"
has "$T/out" "out of scope: 1.1.2 (not implemented here)" "the declared rule and why"
printf '1.1.1 | declared, yet a test names it\n1.1.2 | fine\n' >"$T/scope2.txt"
expect 1 "a declared rule that a test names" cov --check --out-of-scope "$T/scope2.txt" "$T/book.txt" "$T/tests"
has "$T/out" "declared out of scope but named by a test: 1.1.1" "named though declared"
printf '1.1.2 | fine\n9.9.9 | not in the book\n' >"$T/scope3.txt"
expect 1 "a declared rule the book does not have" cov --check --out-of-scope "$T/scope3.txt" "$T/book.txt" "$T/tests"
has "$T/out" "not among the book's rules, sections or examples: 9.9.9" "unknown declaration"
printf 'no bar here\n' >"$T/scope4.txt"
expect 2 "a malformed declaration" cov --check --out-of-scope "$T/scope4.txt" "$T/book.txt" "$T/tests"
has "$T/err" "scope4.txt:1: \"ITEM | why\" expected" "its file and line"

BOOKS=${BITWA_BOOKS:-$(pwd)/../shared/rules}
if [ ! -f "$BOOKS/MATRIX.md" ]; then
  finish rule_coverage
  [ "$fail" -eq 0 ] || exit 1
  echo "skipped the books: no $BOOKS/MATRIX.md (set BITWA_BOOKS to the folder of the rulebooks)"
  exit 77
fi
book() { # book NAME ARGS...: the tool's --check on it
  name=$1; shift
  cov --check "$@" >"$T/out" 2>"$T/err"
  st=$?
  cat "$T/out"
  status $st 0 "$name: every rule and example named or declared out of scope"
}
book grunwald "$BOOKS/grunwald-1410-medieval-en.txt" rulesets/grunwald/tests "$BOOKS/MATRIX.md" EN
book grunwald-fr "$BOOKS/grunwald-1410-medieval-fr-revised.txt" rulesets/grunwald/tests "$BOOKS/MATRIX.md" FR
book legnica "$BOOKS/legnica-1241-medieval-en.txt" rulesets/legnica/tests "$BOOKS/MATRIX.md" LG
book husaria "$BOOKS/kircholm-1605-husaria-en.txt" rulesets/husaria/tests "$BOOKS/HUSARIA.md" HU "$BOOKS/MATRIX.md" HU
book grognard --out-of-scope rulesets/grognard/tests/out_of_scope.txt "$BOOKS/grognard-0.11.txt" rulesets/grognard/tests \
  "$BOOKS/GROGNARD.md" GR "$BOOKS/MATRIX.md" T-75..T-85
finish rule_coverage
