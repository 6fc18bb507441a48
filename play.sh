#!/usr/bin/env bash
# Runs the game on the desktop (installs the system packages it needs first).
# Extra arguments go to the game, e.g. ./play.sh --size 390x844 --scale 2
set -euo pipefail
cd "$(dirname "$0")"
scripts/deps.sh
exec cargo run --release --bin sternhalma -- "$@"
