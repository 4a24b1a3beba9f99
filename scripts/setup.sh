#!/usr/bin/env bash
# Installs what the lab needs and a fresh machine lacks: the wasm target, the wasm-bindgen CLI that matches
# the pinned crate, and the npm packages. Each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "== rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION\$"; then
  echo "== cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 2 minutes, once)"
  # Not --locked: one of its locked dependency versions is not served by the registry here.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # npm install, not npm ci: the registry here does not serve Biome's binaries for other platforms, so the
  # lock file cannot list them and npm ci would refuse it. The versions are pinned exactly all the same.
  echo "== npm install"
  npm install --no-audit --no-fund
fi
