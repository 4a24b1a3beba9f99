#!/usr/bin/env bash
# Builds the core for the browser: cargo → wasm-bindgen (--target web) → wasm-opt from npm's binaryen.
# Output: www/src/pkg/ (generated, not committed).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --target wasm32-unknown-unknown -p integrator-lab-wasm
wasm-bindgen --target web --out-dir www/src/pkg --out-name lab \
  target/wasm32-unknown-unknown/release/integrator_lab_wasm.wasm
# Current Rust emits these post-MVP features by default; wasm-opt must be told it may keep them.
node_modules/.bin/wasm-opt -O3 \
  --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
  --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types --enable-simd \
  www/src/pkg/lab_bg.wasm -o www/src/pkg/lab_bg.wasm
echo "wasm: $(wc -c < www/src/pkg/lab_bg.wasm) bytes, $(gzip -9c www/src/pkg/lab_bg.wasm | wc -c) gzipped"
