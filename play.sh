#!/usr/bin/env bash
# Runs the game on the desktop (installs the system packages it needs first).
# Extra arguments go to the game, e.g. ./play.sh --size 390x844 --scale 2
#
#   ./play.sh --web               builds the web version into target/web/ and serves it on
#                                 http://localhost:8080/ (open it in any browser)
#   ./play.sh --web --build-only  builds target/web/ and stops
set -euo pipefail
cd "$(dirname "$0")"
if [ "${1:-}" = "--web" ]; then
  shift
  scripts/web.sh
  if [ "${1:-}" = "--build-only" ]; then
    exit 0
  fi
  exec python3 scripts/serve-web.py "$@"
fi
scripts/deps.sh
exec cargo run --release --bin sternhalma -- "$@"
