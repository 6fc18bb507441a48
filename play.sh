#!/usr/bin/env bash
# Runs the game on the desktop (installs the system packages it needs first).
# Extra arguments go to the game, e.g. ./play.sh --size 390x844 --scale 2
#
#   ./play.sh --release           the shipped build (whole-program LTO: much longer to build)
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
# The `play` profile: optimised like a release, without the release's whole-program LTO, so
# the first build takes minutes (see docs/building.md for both times).
profile=play
if [ "${1:-}" = "--release" ]; then
  shift
  profile=release
fi
exec cargo run --profile "$profile" --bin sternhalma -- "$@"
