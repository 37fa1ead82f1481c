#!/bin/sh
# Every numbered rule of each book, and every worked example of MATRIX.md
# and the digests for it, is named by a test of its ruleset, or declared
# out of scope with its reason (rulesets/NAME/tests/out_of_scope.txt):
# tools/rule_coverage.lua --check over the five books' indexes
# (rulesets/NAME/tests/book*.index: their rule numbers, headings and
# examples' ids), which are part of the source tree.  First the tool's own
# checks on a made-up book; then the indexes; then, where the books are
# found ($BITWA_BOOKS, or ../shared/rules beside the source tree), each
# index is made again from its book and must be the same, and the check
# runs on the books themselves.
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

# the index: written from the book, read instead of it, the same report
expect 0 "write an index" cov --write-index "$T/made.index" "$T/book.txt" "$T/ex.md" XX
has "$T/made.index" "^rule	1.1.2$" "the index lists the rules"
has "$T/made.index" "^example	T-01$" "the index lists the examples"
cov "$T/book.txt" "$T/tests" "$T/ex.md" XX >"$T/from-book" 2>&1
cov --index "$T/made.index" "$T/tests" >"$T/from-index" 2>&1
cmp -s "$T/from-book" "$T/from-index" && ok || no "the index's report differs from the book's: $(cat "$T/from-book" "$T/from-index")"
expect 1 "--check on an index" cov --check --index "$T/made.index" "$T/tests"
printf 'group\t\tnumbered rules\tspace\nrule 1.1.1\n' >"$T/bad.index"
expect 2 "a malformed index" cov --index "$T/bad.index" "$T/tests"
has "$T/err" "bad.index:2: not an index line" "its file and line"

# book NAME ARGS...: the tool's --check with ARGS
book() {
  name=$1; shift
  cov --check "$@" >"$T/out" 2>"$T/err"
  st=$?
  cat "$T/out"
  status $st 0 "$name: every rule and example named or declared out of scope"
}
G=rulesets/grognard/tests
book grunwald --index rulesets/grunwald/tests/book-en.index rulesets/grunwald/tests
book grunwald-fr --index rulesets/grunwald/tests/book-fr.index rulesets/grunwald/tests
book legnica --index rulesets/legnica/tests/book.index rulesets/legnica/tests
book husaria --index rulesets/husaria/tests/book.index rulesets/husaria/tests
book grognard --out-of-scope $G/out_of_scope.txt --index $G/book.index $G

BOOKS=${BITWA_BOOKS:-$(pwd)/../shared/rules}
if [ ! -f "$BOOKS/MATRIX.md" ]; then
  echo "the books are not here ($BOOKS/MATRIX.md; BITWA_BOOKS names their folder): the indexes were not compared with them"
  finish rule_coverage
  exit
fi
# index NAME INDEX BOOK [EXAMPLES TAG]...: INDEX is what BOOK gives now
index() {
  name=$1; idx=$2; shift 2
  cov --write-index "$T/$name.index" "$@" >"$T/out" 2>"$T/err"
  st=$?
  status $st 0 "$name: index written"
  cmp -s "$idx" "$T/$name.index" && ok || no "$name: $idx is not what the book gives now: $(diff "$idx" "$T/$name.index" | head -5)"
}
index grunwald rulesets/grunwald/tests/book-en.index "$BOOKS/grunwald-1410-medieval-en.txt" "$BOOKS/MATRIX.md" EN
index grunwald-fr rulesets/grunwald/tests/book-fr.index "$BOOKS/grunwald-1410-medieval-fr-revised.txt" "$BOOKS/MATRIX.md" FR
index legnica rulesets/legnica/tests/book.index "$BOOKS/legnica-1241-medieval-en.txt" "$BOOKS/MATRIX.md" LG
index husaria rulesets/husaria/tests/book.index "$BOOKS/kircholm-1605-husaria-en.txt" "$BOOKS/HUSARIA.md" HU "$BOOKS/MATRIX.md" HU
index grognard $G/book.index "$BOOKS/grognard-0.11.txt" "$BOOKS/GROGNARD.md" GR "$BOOKS/MATRIX.md" T-75..T-85
book grognard-book --out-of-scope $G/out_of_scope.txt "$BOOKS/grognard-0.11.txt" $G \
  "$BOOKS/GROGNARD.md" GR "$BOOKS/MATRIX.md" T-75..T-85
finish rule_coverage
