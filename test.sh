#!/usr/bin/env bash
# The project's test command, exactly what CI runs: formatting, lints, every test of the
# engine and the app, and a rendered check of the real window under Xvfb.
set -euo pipefail
cd "$(dirname "$0")"
scripts/deps.sh --headless

cargo fmt --all -- --check
python3 scripts/check-mobile.py && python3 scripts/check-mobile.py --self-test
cargo clippy --workspace --all-targets --profile ci -- -D warnings
cargo test --workspace --profile ci
# The real binary in a virtual window (software Vulkan): moves played through the input path,
# screenshots at desktop, phone and tablet sizes checked pixel by pixel against the engine.
# The PNGs stay in target/screenshots/.
cargo test --profile ci --test rendered -- --ignored --test-threads 1
