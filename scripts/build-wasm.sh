#!/usr/bin/env bash
# Builds the core for the browser four times: the usual build `lab`, which every page loads; the second,
# `lab_full` (feature `full`: studies, facts, experiments, f32), which the page loads when it needs it;
# `lab_worksheets` (the second's and the classroom worksheets), for a page with a worksheet and teacher.html;
# and `lab_language` (the second's and "your method": a student's rule), loaded only when a rule is in use.
# Each: cargo → wasm-bindgen (--target web) → wasm-opt from npm's binaryen.
# Output: www/src/pkg/ (generated, not committed).
set -euo pipefail
cd "$(dirname "$0")/.."

build() { # NAME [CARGO FEATURES]
  local name=$1
  shift
  cargo build --release --target wasm32-unknown-unknown -p integrator-lab-wasm "$@"
  wasm-bindgen --target web --out-dir www/src/pkg --out-name "$name" \
    target/wasm32-unknown-unknown/release/integrator_lab_wasm.wasm
  # Current Rust emits these post-MVP features by default; wasm-opt must be told it may keep them.
  node_modules/.bin/wasm-opt -O3 \
    --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types --enable-simd \
    --strip-producers --strip-target-features \
    "www/src/pkg/${name}_bg.wasm" -o "www/src/pkg/${name}_bg.wasm"
  echo "wasm $name: $(wc -c < "www/src/pkg/${name}_bg.wasm") bytes," \
    "$(gzip -9c "www/src/pkg/${name}_bg.wasm" | wc -c) gzipped"
}

build lab
build lab_full --features full
build lab_worksheets --features worksheets
build lab_language --features language
