#!/usr/bin/env bash
# Fuzzes the engine's parsers and the app's file decoders with cargo-fuzz (libFuzzer): move
# notation, game records and move lists, rule set files, the autosave, settings, statistics
# and the player's named rule sets. Each target checks the promise, not only that nothing
# panics: see docs/fuzzing.md.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#
# Defaults: 10 seconds for each of notation, record, rule_set, save, settings, stats and
# my_rules (a run of a little over a minute for the test suite). Installs what it needs when missing: the nightly toolchain (minimal profile),
# cargo-fuzz, and a C++ compiler for libFuzzer (Debian's g++). Prints one line per target
# (runs, seconds, corpus, findings) and exits 1 if any target found something; the input that
# failed is kept in fuzz/artifacts/TARGET/ (rerun it with the command printed there).
#
# The committed seeds (fuzz/corpus/TARGET/seed-*) are only read; what the fuzzer learns
# is kept in fuzz/target/corpus/TARGET/, so repeated runs build on each other and the
# working tree stays clean.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-10}
case "$seconds" in
  '' | *[!0-9]*) echo "fuzz.sh: SECONDS_PER_TARGET must be a whole number, not '$seconds'" >&2; exit 2 ;;
esac
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(notation record rule_set save settings stats my_rules)

if ! command -v rustup >/dev/null; then
  echo "fuzz.sh: rustup is needed (https://rustup.rs) for the nightly toolchain." >&2
  exit 1
fi
if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  echo "Installing the nightly toolchain (cargo-fuzz needs it)"
  rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "Installing cargo-fuzz 0.13.2"
  cargo install cargo-fuzz --version 0.13.2 --locked
fi
if ! command -v c++ >/dev/null; then
  if command -v apt-get >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "Installing g++ (libFuzzer is C++)"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends g++ >/dev/null
  else
    echo "fuzz.sh: a C++ compiler is needed to build libFuzzer (g++ or clang++)." >&2
    exit 1
  fi
fi

cd fuzz
# The engine has no unsafe code, so AddressSanitizer would only slow the search down; debug
# assertions (overflow checks) stay on.
fuzz=(cargo +nightly fuzz)
build=(--sanitizer none --debug-assertions)
mkdir -p target
if ! "${fuzz[@]}" build "${build[@]}" >target/fuzz-build.log 2>&1; then
  cat target/fuzz-build.log >&2
  echo "fuzz.sh: building the fuzz targets failed" >&2
  exit 1
fi

failed=()
for t in "${targets[@]}"; do
  mkdir -p "target/corpus/$t" "artifacts/$t"
  log="target/fuzz-$t.log"
  start=$(date +%s)
  status=0
  # -timeout: an input taking over 10 s counts as a finding (a hang); -max_len: the longest
  # seed record is under 5 kB.
  "${fuzz[@]}" run "${build[@]}" "$t" "target/corpus/$t" "corpus/$t" -- \
    -max_total_time="$seconds" -timeout=10 -max_len=8192 -print_final_stats=1 \
    >"$log" 2>&1 || status=$?
  elapsed=$(( $(date +%s) - start ))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  corpus=$(find "target/corpus/$t" -type f | wc -l)
  if [ "$status" -eq 0 ]; then
    findings=0
  else
    findings=1
    failed+=("$t")
  fi
  echo "$t: runs=${runs:-?} seconds=$elapsed corpus=$corpus findings=$findings"
  if [ "$status" -ne 0 ]; then
    grep -E 'panicked at|^(thread|assertion|  left|  right)|Test unit written to|ERROR: libFuzzer' "$log" | head -20 >&2 || true
    echo "fuzz.sh: $t failed (exit $status); full log: fuzz/$log" >&2
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: findings in ${failed[*]}; reproduce with: cd fuzz && cargo +nightly fuzz run TARGET artifacts/TARGET/FILE" >&2
  exit 1
fi
