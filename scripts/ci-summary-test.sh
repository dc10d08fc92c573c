#!/usr/bin/env bash
# Checks scripts/ci-summary.sh on made-up logs: every framework's counts reach the line, a failing
# test in any framework makes it exit 1, a missing closing line is an error.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "ci-summary-test: $*" >&2; exit 1; }

cat > "$dir/ok.log" <<'LOG'
Test Suite 'All tests' passed at 2026-11-26 17:00:00.000.
	 Executed 383 tests, with 2 tests skipped and 0 failures (0 unexpected) in 120.5 (120.6) seconds
✔ Test knownAnswers() passed after 0.1 seconds.
➜ Test slowOne() skipped.
✔ Test run with 24 tests in 5 suites passed after 38.7 seconds.
html page (chromium): 10 passed, 0 failed in 61 s; screenshots in /tmp/x
LOG
out=$(scripts/ci-summary.sh "$dir/ok.log") || fail "a green log exited non-zero: $out"
[ "$out" = "tests: 414 passed, 0 failed, 3 skipped (XCTest 383, Swift Testing 24, browser 10)" ] || fail "green: $out"

sed -e 's/✔ Test knownAnswers() passed after 0.1 seconds./✘ Test knownAnswers() failed after 0.1 seconds with 1 issue./' \
    -e 's/✔ Test run with 24 tests in 5 suites passed/✘ Test run with 24 tests in 5 suites failed/' "$dir/ok.log" > "$dir/st.log"
if out=$(scripts/ci-summary.sh "$dir/st.log"); then fail "a Swift Testing failure exited 0: $out"; fi
[ "$out" = "tests: 413 passed, 1 failed, 3 skipped (XCTest 383, Swift Testing 24, browser 10)" ] || fail "swift testing: $out"

# Two XCTest tests fail, one of them twice: tests are counted, not assertion failures.
{ echo "Test Case 'ATests.testOne' failed (0.1 seconds)"; echo "Test Case 'ATests.testTwo' failed (0.2 seconds)"; \
  sed -e 's/and 0 failures (0 unexpected)/and 3 failures (0 unexpected)/' -e 's/10 passed, 0 failed/9 passed, 1 failed/' "$dir/ok.log"; } > "$dir/xc.log"
if out=$(scripts/ci-summary.sh "$dir/xc.log"); then fail "XCTest and browser failures exited 0: $out"; fi
[ "$out" = "tests: 411 passed, 3 failed, 3 skipped (XCTest 383, Swift Testing 24, browser 10)" ] || fail "xctest: $out"

grep -v "Test run with" "$dir/ok.log" > "$dir/cut.log"
if scripts/ci-summary.sh "$dir/cut.log" 2>/dev/null; then fail "a log without Swift Testing's closing line exited 0"; fi
echo "ci-summary: 4 logs summed as expected"
