#!/usr/bin/env bash
# npm run fuzz: random input at scale, after npm run build. The core: 1,000,000 random specs through its
# checks and a bounded run (no panic, every refusal one line). The page: 2,000 random URLs and ten minutes
# of random clicks, keys, slider moves and field edits on the lab, a figure and a worksheet (no uncaught
# error, never blank, every dropped key named). --short (what CI runs): 10,000 specs, 100 URLs, one minute.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--short" ]; then
  specs=10000 urls=100 seconds=60
else
  specs=1000000 urls=2000 seconds=600
fi
cargo build --release -q -p integrator-lab --example fuzz_specs
target/release/examples/fuzz_specs "$specs"
node scripts/fuzz-page.mjs --urls "$urls" --seconds "$seconds"
