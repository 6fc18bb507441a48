#!/usr/bin/env bash
# Remakes the README's screenshots in assets/screenshots/ from the real binary under Xvfb
# (software Vulkan): desktop, phone and tablet sizes, portrait and landscape, and the menus.
# Usage: scripts/screenshots.sh   (needs scripts/deps.sh --headless; builds the ci profile)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh --headless
cargo build --profile ci --bin sternhalma
out=assets/screenshots
mkdir -p "$out"
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
record="$data/record.ron"
# A finished game to show in the replay viewer.
cargo run -q --release -p sternhalma-rules --bin sternhalma-cli -- \
  match --players 2 --a hard --b medium --games 1 --records "$data/games" >/dev/null
cp "$data/games/game-001.ron" "$record"

shot() { # name WxH args...
  local name=$1 size=$2
  shift 2
  if ! BEVY_ASSET_ROOT="$PWD" xvfb-run -a -s "-screen 0 ${size}x24" target/ci/sternhalma \
    --size "$size" --screenshot "$out/$name.png" "$@" >"$data/log" 2>&1; then
    grep '^sternhalma:' "$data/log" >&2 || tail -5 "$data/log" >&2
    exit 1
  fi
  echo "$out/$name.png"
}

shot desktop-1280x800 1280x800 --players 2 --moves "k3-k5 e15-e13 m3-k3-i5" --click l3
shot phone-1080x2400 1080x2400 --players 2 --vs medium --moves "k3-k5" --click l3
shot phone-landscape-2400x1080 2400x1080 --players 3 --moves "k3-k5" --click d13
shot tablet-2048x1536 2048x1536 --players 6 --colour-blind --moves "k3-k5" --click d13
shot tablet-portrait-1536x2048 1536x2048 --players 4 --rules casual --moves "k3-k5" --click d13
shot menu-1280x800 1280x800 --screen menu
shot replay-1280x800 1280x800 --record "$record"
