#!/usr/bin/env bash
# Builds the core for the browser in four tiers, each named by what it serves (crates/wasm/Cargo.toml):
# `base`, the smallest, which an embedded figure steps with; `studies` (feature `studies`: studies, facts,
# shadow energies, the CSV export, experiments, f32), which the full page steps with and its worker runs; `classroom` (the studies tier and the worksheets), for a page
# with a worksheet and teacher.html; and `language` (the studies tier and "your method": a student's rule),
# loaded only when a rule is in use. Each: cargo → wasm-bindgen (--target web) → wasm-opt from npm's binaryen.
# Output: www/src/core/pkg/ (generated, not committed).
set -euo pipefail
cd "$(dirname "$0")/.."

out=www/src/core/pkg

build() { # TIER [CARGO FEATURES]
  local name=$1
  shift
  cargo build --release --target wasm32-unknown-unknown -p integrator-lab-wasm "$@"
  wasm-bindgen --target web --out-dir "$out" --out-name "$name" \
    target/wasm32-unknown-unknown/release/integrator_lab_wasm.wasm
  # Current Rust emits these post-MVP features by default; wasm-opt must be told it may keep them.
  node_modules/.bin/wasm-opt -O3 \
    --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types --enable-simd \
    --strip-producers --strip-target-features \
    "$out/${name}_bg.wasm" -o "$out/${name}_bg.wasm"
  echo "wasm $name: $(wc -c < "$out/${name}_bg.wasm") bytes," \
    "$(gzip -9c "$out/${name}_bg.wasm" | wc -c) gzipped"
}

build base
build studies --features studies
build classroom --features classroom
build language --features language
