#!/usr/bin/env bash
# Builds the web version into target/web/: index.html, the game's wasm and its JavaScript glue,
# the engine's Web Worker, the manifest, icons and sounds. The folder can go on any static host.
# Installs what it needs first: the toolchain's wasm target and wasm-bindgen's CLI.
#
# No wasm-opt: Debian's binaryen (version 108) breaks the reference types wasm-bindgen uses
# (the page stops at start with "WebAssembly.Table.set(): Argument 1 is invalid").
set -euo pipefail
cd "$(dirname "$0")/.."

# wasm-bindgen's CLI must be exactly the version of the wasm-bindgen crate in Cargo.lock.
rustup target list --installed | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  echo "Installing wasm-bindgen-cli $want (matches Cargo.lock; takes a few minutes once)"
  cargo install -q wasm-bindgen-cli --version "=$want"
fi

target=wasm32-unknown-unknown
# One invocation for both, so their shared dependencies are built once with one set of
# features (two invocations rebuilt Bevy each time, as the features swapped).
cargo build --profile wasm --target "$target" -p sternhalma -p sternhalma-web-engine --lib \
  --bin sternhalma

out=target/web
rm -rf "$out"
mkdir -p "$out/assets"
built="target/$target/wasm"
for w in sternhalma sternhalma_web_engine; do
  wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" "$built/$w.wasm"
done
cp web/index.html web/worker.js web/manifest.webmanifest "$out/"
cp -r web/icons "$out/"
cp -r assets/sounds "$out/assets/"
echo "Built $out ($(du -sh "$out" | cut -f1))"
