#!/usr/bin/env bash
# Sums up a `make test` log (.ci/run's last line): XCTest, Swift Testing and the chromium page tests.
# Usage: scripts/ci-summary.sh LOG. Exit 1 when a framework's closing line is missing (its run did not
# finish) or a test failed.
set -euo pipefail
log=$1

# XCTest: the last "Executed N tests, with F failures (U unexpected)" line is the whole run's.
xc=$(grep -E "Executed [0-9]+ tests?, with" "$log" | tail -1 || true)
if [ -z "$xc" ]; then
  echo "tests: no XCTest summary found" >&2
  exit 1
fi
xc_run=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$xc")
# Failed tests, not failures: one test can fail several assertions.
xc_failed=$(grep -cE "^Test Case '.*' failed \(" "$log" || true)
xc_failures=$(sed -E 's/.* ([0-9]+) failures?.*/\1/' <<<"$xc")
if [ "$xc_failures" -gt 0 ] && [ "$xc_failed" -eq 0 ]; then xc_failed=1; fi
xc_skipped=0
if grep -q "skipped" <<<"$xc"; then xc_skipped=$(sed -E 's/.*with ([0-9]+) tests? skipped.*/\1/' <<<"$xc"); fi

# Swift Testing: "✔/✘ Test run with N tests in M suites passed/failed …"; failing and skipped tests
# are counted from their own lines (the closing line counts issues, not tests).
st=$(grep -E "Test run with [0-9]+ tests?" "$log" | tail -1 || true)
if [ -z "$st" ]; then
  echo "tests: no Swift Testing summary found" >&2
  exit 1
fi
st_run=$(sed -E 's/.*Test run with ([0-9]+) tests?.*/\1/' <<<"$st")
st_failed=$(grep -E "^✘ Test [^ ]" "$log" | grep -cvE "^✘ Test run with" || true)
st_skipped=$(grep -cE "^➜ Test .* skipped" "$log" || true)

# The page tests in chromium (scripts/browser-test.sh).
br=$(grep -E "^html page \(chromium\): [0-9]+ passed, [0-9]+ failed" "$log" | tail -1 || true)
br_passed=0; br_failed=0
if [ -n "$br" ]; then
  br_passed=$(sed -E 's/.*: ([0-9]+) passed.*/\1/' <<<"$br")
  br_failed=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$br")
fi

passed=$(( (xc_run - xc_failed - xc_skipped) + (st_run - st_failed - st_skipped) + br_passed ))
failed=$(( xc_failed + st_failed + br_failed ))
skipped=$(( xc_skipped + st_skipped ))
echo "tests: $passed passed, $failed failed, $skipped skipped" \
  "(XCTest $xc_run, Swift Testing $st_run, browser $((br_passed + br_failed)))"
[ "$failed" -eq 0 ]
