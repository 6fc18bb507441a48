#!/usr/bin/env bash
# Installs the Debian packages the game needs to build and run (and, with --headless, to
# render without a screen under Xvfb, as the tests do). Does nothing when all are present.
set -euo pipefail

packages=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev
  libvulkan1 mesa-vulkan-drivers libgl1-mesa-dri)
if [ "${1:-}" = "--headless" ]; then
  packages+=(xvfb xauth xdotool xclip)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing system packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null; then
  echo "Rust 1.95 or newer is needed: install it with rustup (https://rustup.rs)." >&2
  exit 1
fi
