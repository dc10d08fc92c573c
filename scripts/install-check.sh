#!/usr/bin/env bash
# `make install` into a temporary prefix, then what a user's machine sees: the binary runs, each
# shell's completion loads and completes, the man page renders, and `make uninstall` takes it all
# away. Called by `make test` with CONFIG=debug (the debug build make test already has; a release
# build of swift-syntax takes far longer on 2 cores).
#
#   scripts/install-check.sh                 CONFIG=debug
#   CONFIG=release scripts/install-check.sh  the release build `make install` uses by default
#
# zsh and fish are exercised when they are installed, and their files checked for content when not.
# Then action.yml, the GitHub Action: scripts/action-check.py runs its steps here.
set -euo pipefail
cd "$(dirname "$0")/.."
CONFIG=${CONFIG:-debug}
PREFIX=$(mktemp -d /tmp/navgraph-install.XXXXXX)
LOG=$(mktemp /tmp/navgraph-install-log.XXXXXX)
trap 'rm -rf "$PREFIX" "$LOG"' EXIT
fail() { echo "install-check: FAIL: $*" >&2; exit 1; }
BIN="$PREFIX/bin/navgraph"
BASH_COMPLETION="$PREFIX/share/bash-completion/completions/navgraph"
ZSH_COMPLETION="$PREFIX/share/zsh/site-functions/_navgraph"
FISH_COMPLETION="$PREFIX/share/fish/vendor_completions.d/navgraph.fish"
MAN_PAGE="$PREFIX/share/man/man1/navgraph.1"
# The completion functions run the binary for some answers: find it the way a user's shell would.
export PATH="$PREFIX/bin:$PATH"

echo "== make install PREFIX=$PREFIX CONFIG=$CONFIG"
start=$(date +%s)
make --no-print-directory install PREFIX="$PREFIX" CONFIG="$CONFIG" >"$LOG" 2>&1 || { cat "$LOG"; fail "make install failed"; }
echo "   took $(( $(date +%s) - start )) s"

echo "== the installed binary"
version=$("$BIN" --version) || fail "$BIN --version failed"
[[ "$version" =~ ^[0-9]+\.[0-9]+ ]] || fail "--version printed '$version'"
[[ "$version" == "$(".build/$CONFIG/navgraph" --version)" ]] || fail "installed $version is not the build's"
"$BIN" check Examples/ShopApp.yml >"$LOG" 2>&1 || { cat "$LOG"; fail "the installed navgraph failed on a clean example"; }
if "$BIN" check Examples/Broken.yml >"$LOG" 2>&1; then fail "the installed navgraph passed Examples/Broken.yml"; fi

echo "== bash completion"
[[ $(bash -c "source '$BASH_COMPLETION'; complete -p navgraph") == *"-F _navgraph navgraph"* ]] \
    || fail "sourcing $BASH_COMPLETION registers no completion for navgraph"
# What Tab after `navgraph ch` and `navgraph check --rep` offers.
complete_bash() {
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
             _navgraph navgraph "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"; printf "%s\n" "${COMPREPLY[@]}"' \
        _ "$BASH_COMPLETION" "$@"
}
[[ $(complete_bash navgraph ch) == "check" ]] || fail "bash: 'navgraph ch<Tab>' did not complete to check"
[[ $(complete_bash navgraph check --rep | sort | tr '\n' ' ') == "--report --reporter " ]] \
    || fail "bash: 'navgraph check --rep<Tab>' did not offer --report and --reporter"

echo "== zsh completion"
head -1 "$ZSH_COMPLETION" | grep -q '^#compdef navgraph$' || fail "$ZSH_COMPLETION is not a zsh completion"
if command -v zsh >/dev/null 2>&1; then
    zsh -n "$ZSH_COMPLETION" || fail "zsh cannot parse $ZSH_COMPLETION"
    # compinit finds it on fpath (site-functions is on zsh's default fpath under the prefix zsh was built for).
    [[ $(zsh -fc "fpath=('${ZSH_COMPLETION%/*}' \$fpath); autoload -Uz compinit; compinit -u -d '$PREFIX/zcompdump'; print -r -- \${_comps[navgraph]}") == "_navgraph" ]] \
        || fail "zsh: compinit did not register _navgraph for navgraph"
else
    echo "   (zsh not installed: file checked, not loaded)"
fi

echo "== fish completion"
grep -q "^complete -c 'navgraph'" "$FISH_COMPLETION" || fail "$FISH_COMPLETION is not a fish completion"
if command -v fish >/dev/null 2>&1; then
    fish -n "$FISH_COMPLETION" || fail "fish cannot parse $FISH_COMPLETION"
    [[ $(fish --no-config -c "source '$FISH_COMPLETION'; complete -C 'navgraph ch'" | cut -f1) == "check" ]] \
        || fail "fish: 'navgraph ch<Tab>' did not complete to check"
else
    echo "   (fish not installed: file checked, not loaded)"
fi

echo "== man page"
grep -q '^\.Dt NAVGRAPH 1' "$MAN_PAGE" || fail "$MAN_PAGE has no '.Dt NAVGRAPH 1' header"
# Every subcommand `navgraph --help` lists has its section (the page is generated from the binary).
subcommands=$("$BIN" --help | awk '/^SUBCOMMANDS:/ { on = 1; next } on && /^  [a-z]/ { print $1 }')
[[ $(wc -w <<<"$subcommands") -ge 10 ]] || fail "navgraph --help lists too few subcommands: $subcommands"
for sub in $subcommands; do
    grep -q "^\.It Em $sub\$" "$MAN_PAGE" || fail "the man page has no section for '$sub'"
done
if command -v mandoc >/dev/null 2>&1; then
    mandoc -Tlint -Werror "$MAN_PAGE" || fail "mandoc -Tlint found errors in $MAN_PAGE"
fi
if command -v man >/dev/null 2>&1; then
    rendered=$(MANWIDTH=80 man -l "$MAN_PAGE" 2>"$LOG") || { cat "$LOG"; fail "man -l cannot read $MAN_PAGE"; }
    [[ "$rendered" == *"NAVGRAPH(1)"* && "$rendered" == *SYNOPSIS* && "$rendered" == *"--all-flag-combinations"* ]] \
        || fail "man -l rendered no NAVGRAPH(1) page with its synopsis and options"
    # `man navgraph` finds it through the prefix's share/man.
    MANPATH="$PREFIX/share/man" man -w navgraph >/dev/null 2>&1 || fail "man -w navgraph does not find the page under $PREFIX/share/man"
else
    echo "   (man not installed: header and sections checked, not rendered)"
fi

echo "== make uninstall PREFIX=$PREFIX"
make --no-print-directory uninstall PREFIX="$PREFIX" >"$LOG" 2>&1 || { cat "$LOG"; fail "make uninstall failed"; }
for f in "$BIN" "$BASH_COMPLETION" "$ZSH_COMPLETION" "$FISH_COMPLETION" "$MAN_PAGE"; do
    [[ ! -e "$f" ]] || fail "make uninstall left $f"
done
left=$(find "$PREFIX" -type f ! -name zcompdump)
[[ -z "$left" ]] || fail "make uninstall left files: $left"

echo "== action.yml: its steps run here as the runner would (scripts/action-check.py)"
python3 -c 'import yaml' 2>/dev/null || python3 -m pip install --quiet --user pyyaml 2>/dev/null \
    || python3 -m pip install --quiet --user --break-system-packages pyyaml
python3 scripts/action-check.py ".build/$CONFIG/navgraph" || fail "action.yml"
if command -v check-jsonschema >/dev/null 2>&1; then
    check-jsonschema --builtin-schema vendor.github-actions action.yml >/dev/null || fail "action.yml does not match GitHub's action schema"
fi
echo "install-check: OK"
