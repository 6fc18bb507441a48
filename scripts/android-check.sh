#!/usr/bin/env bash
# Type-checks and lints the whole crate for Android (aarch64), check-only: every cfg(target_os =
# "android") line, the Android dependencies and their features compile. Uses the pure-Rust
# NativeActivity glue (the game-activity feature the APK uses needs the NDK's clang++, which
# this machine lacks) and Debian's clang for blake3's C (its NEON code), with the arm64 glibc
# headers standing in for the NDK's sysroot. What it does not prove: linking, GameActivity's
# C++ half, or running on a device (docs/android.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh --android
export CC_aarch64_linux_android=clang
export AR_aarch64_linux_android=llvm-ar
export CFLAGS_aarch64_linux_android="--target=aarch64-linux-gnu -isystem /usr/aarch64-linux-gnu/include"
# Clippy rather than plain check, so a warning in Android-only code (dead code behind a cfg,
# say) fails like any other; dependencies are only checked.
cargo clippy --profile ci --target aarch64-linux-android --lib --features native-activity "$@" \
  -- -D warnings
