#!/usr/bin/env bash
# Remakes the README's screenshots in assets/screenshots/ from the real binary under Xvfb
# (software Vulkan): phones and tablets at their real size in points and density, portrait and
# landscape, a desktop window, the menus and the replay viewer.
# Usage: scripts/screenshots.sh   (needs scripts/deps.sh --headless; builds the ci profile)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh --headless
cargo build --profile ci --features dev --bin sternhalma
out=assets/screenshots
mkdir -p "$out"
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
record="$data/record.ron"
# A finished game to show in the replay viewer.
cargo run -q --release -p sternhalma-rules --bin sternhalma-cli -- \
  match --players 2 --a hard --b medium --games 1 --records "$data/games" >/dev/null
cp "$data/games/game-001.ron" "$record"

shot() { # name WxH (points) scale args...
  local name=$1 size=$2 scale=$3
  shift 3
  local w=${size%x*} h=${size#*x}
  # The screen is twice as wide as the window: X's pointer starts in its middle, off the window.
  if ! BEVY_ASSET_ROOT="$PWD" xvfb-run -a -s "-screen 0 $((2 * w * scale + 32))x$((h * scale + 16))x24" \
    target/ci/sternhalma --size "$size" --scale "$scale" --screenshot "$out/$name.png" "$@" \
    >"$data/log" 2>&1; then
    grep '^sternhalma:' "$data/log" >&2 || tail -5 "$data/log" >&2
    exit 1
  fi
  echo "$out/$name.png"
}

rm -f "$out"/*.png
# Phones at their real size in points and their real density (an iPhone: 390x844 at 3x).
shot phone-390x844@3 390x844 3 --players 2 --vs medium --moves "k3-k5" --click l3
shot phone-menu-390x844@3 390x844 3 --screen menu
shot phone-new-game-390x844@3 390x844 3 --screen new-game
shot phone-landscape-844x390@3 844x390 3 --players 3 --moves "k3-k5" --click d13
shot tablet-1024x768@2 1024x768 2 --players 6 --colour-blind --moves "k3-k5" --click d13
shot tablet-portrait-768x1024@2 768x1024 2 --players 4 --rules casual --moves "k3-k5" --click d13
shot desktop-1280x800 1280x800 1 --players 2 --moves "k3-k5 e15-e13 m3-k3-i5" --click l3
shot replay-1280x800 1280x800 1 --record "$record"
