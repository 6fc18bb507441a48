#!/usr/bin/env bash
# Xcode build phase ("Build Rust library", before Compile Sources): builds the game, the
# repository's root crate, as a static library for every architecture Xcode asks for and
# combines them into $DERIVED_FILE_DIR/rust/libsternhalma.a, which the target links
# (LIBRARY_SEARCH_PATHS + OTHER_LDFLAGS -lsternhalma).
#
#   device     (PLATFORM_NAME=iphoneos):        arm64  -> aarch64-apple-ios
#   simulator  (PLATFORM_NAME=iphonesimulator): arm64  -> aarch64-apple-ios-sim
#                                               x86_64 -> x86_64-apple-ios
#
# The crate type is asked for on the command line (`cargo rustc --crate-type staticlib`), so
# Cargo.toml needs no staticlib and desktop builds never make one. Debug configurations use
# Cargo's dev profile, every other configuration `--release`.
#
# Outside Xcode, for a quick check of one target:
#   PLATFORM_NAME=iphonesimulator ARCHS=arm64 CONFIGURATION=Debug \
#     DERIVED_FILE_DIR=/tmp/sternhalma-ios ios/build_rust_deps.sh
set -euo pipefail

: "${ARCHS:?run from Xcode, or set ARCHS (e.g. arm64)}"
: "${PLATFORM_NAME:?run from Xcode, or set PLATFORM_NAME (iphoneos or iphonesimulator)}"
: "${CONFIGURATION:=Debug}"
: "${DERIVED_FILE_DIR:?run from Xcode, or set DERIVED_FILE_DIR (where libsternhalma.a goes)}"

LIB=sternhalma
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$DERIVED_FILE_DIR/rust"

# Cargo from rustup first, then the system's own tools: Xcode puts its toolchain first on PATH,
# and host build scripts then fail to link (`ld: library 'System' not found`, rust-lang/rust
# issue 80817). Homebrew last.
export PATH="$HOME/.cargo/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin:$PATH:/opt/homebrew/bin"
# Xcode exports SDKROOT for the iOS SDK; build scripts and proc macros are compiled for the Mac
# and must not see it (cc and rustc find the iOS SDK for the target themselves through xcrun).
unset SDKROOT
# IPHONEOS_DEPLOYMENT_TARGET stays exported: rustc and cc build for the same iOS version as Xcode.

PROFILE_DIR=debug
RELEASE_FLAG=""
if [ "$CONFIGURATION" != "Debug" ]; then
  PROFILE_DIR=release
  RELEASE_FLAG=--release
fi
# Where Cargo puts its output (the repository's target/ unless CARGO_TARGET_DIR says otherwise).
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"

LIBS=()
for arch in $ARCHS; do
  case "$PLATFORM_NAME:$arch" in
    iphoneos:arm64) TARGET=aarch64-apple-ios ;;
    iphonesimulator:arm64) TARGET=aarch64-apple-ios-sim ;;
    iphonesimulator:x86_64) TARGET=x86_64-apple-ios ;;
    *)
      echo "error: no Rust target for architecture $arch on $PLATFORM_NAME" >&2
      exit 2
      ;;
  esac
  echo "Building lib$LIB.a for $TARGET ($PROFILE_DIR)"
  # $RELEASE_FLAG unquoted on purpose: empty for Debug. (No empty arrays here: macOS's
  # /bin/bash 3.2 treats "${empty[@]}" as unbound under set -u.)
  # shellcheck disable=SC2086
  cargo rustc --manifest-path "$ROOT/Cargo.toml" --lib $RELEASE_FLAG \
    --target "$TARGET" --crate-type staticlib
  LIBS+=("$TARGET_DIR/$TARGET/$PROFILE_DIR/lib$LIB.a")
done

mkdir -p "$OUT"
lipo -create -output "$OUT/lib$LIB.a" "${LIBS[@]}"
echo "Wrote $OUT/lib$LIB.a (${ARCHS})"
