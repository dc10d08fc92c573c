#!/usr/bin/env bash
# Installs what navgraph needs and is missing: graphviz's libraries (libgvc/libcgraph via
# Debian's libgraphviz-dev, the `graphviz` package for its plugins and `dot`), pkg-config,
# tmux for the explorer's terminal test, valgrind for the render leak check, and chromium (with
# python3) for the HTML page's browser test. Safe to run again: it installs only what is absent.
set -euo pipefail
need=()
pkg-config --exists libgvc libcgraph 2>/dev/null || need+=(libgraphviz-dev)
command -v dot >/dev/null 2>&1 || need+=(graphviz)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v tmux >/dev/null 2>&1 || need+=(tmux)
command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
[ -x /usr/lib/chromium/chromium ] || command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  echo "navgraph setup: installing ${need[*]}" >&2
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
# Debian's libgvc writes its plugin list at install time; without it no layout engine is found.
if ! dot -c >/dev/null 2>&1; then
  echo "navgraph setup: graphviz plugin configuration is missing; run 'dot -c' as root" >&2
fi
