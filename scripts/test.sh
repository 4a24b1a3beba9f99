#!/usr/bin/env bash
# npm test: every test of the project, cheapest failures first. Ends with the totals of the JS runners and the
# Firefox/WebKit smoke suite as a plain "N passed, N failed" line (cargo prints its own summaries).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy (native and wasm32)"
cargo clippy --workspace --all-targets -- -D warnings
cargo clippy -p integrator-lab-wasm --target wasm32-unknown-unknown --all-targets -- -D warnings
cargo clippy -p integrator-lab-wasm --target wasm32-unknown-unknown --all-targets --features studies -- -D warnings
cargo clippy -p integrator-lab-wasm --target wasm32-unknown-unknown --all-targets --features classroom -- -D warnings
cargo clippy -p integrator-lab-wasm --target wasm32-unknown-unknown --all-targets --features language -- -D warnings
cargo clippy -p integrator-lab --no-default-features --lib -- -D warnings
echo "== cargo test"
cargo test --workspace
echo "== the page's view types (www/src/core/views.ts) are the wasm crate's views, generated"
cargo test -p integrator-lab-wasm --features classroom,language --lib
echo "== a new method is one file and two lines: docs/teaching.md's Heun on a throw-away copy"
bash scripts/new-method.sh
echo "== wasm-bindgen tests (wasm32 under Node), of the base tier and of the fullest"
cargo test --target wasm32-unknown-unknown -p integrator-lab-wasm
cargo test --target wasm32-unknown-unknown -p integrator-lab-wasm --features classroom,language

echo "== build: wasm (the TypeScript imports its bindings), the static site, the CLI the browser tests use"
bash scripts/build-wasm.sh
node_modules/.bin/vite build --logLevel warn
# One poster (the generic one) drawn from that build, then the site built again with it and with the address
# the browser tests serve it at, so that its link cards carry absolute URLs.
node scripts/posters.mjs generic
SITE_URL=http://127.0.0.1:4173/ node_modules/.bin/vite build --logLevel warn
cargo build --release -p integrator-lab-cli

echo "== TypeScript: type check, format and lint"
node_modules/.bin/tsc --noEmit -p tsconfig.json
node_modules/.bin/tsc --noEmit -p tsconfig.node.json
node_modules/.bin/biome check www scripts vite.config.ts playwright.config.ts

echo "== fuzz, short: 10,000 random specs through the core, 100 random URLs and a minute of random input on the page"
bash scripts/fuzz.sh --short
echo "== soak, short: two minutes of the 100-mass chain with every method and changing settings; the core's memory flat"
SOAK_PORT=4177 node scripts/soak.mjs --minutes 2 --core-only

results=$(mktemp -d)
echo "== vitest"
node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile="$results/vitest.json"
echo "== playwright (Chromium: ${CHROME_BIN:-/usr/bin/chromium})"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" \
  node_modules/.bin/playwright test --reporter=list,json

echo "== engines: the built site in Firefox and WebKit (smoke)"
node scripts/engines/run.mjs | tee "$results/engines.txt"

node -e '
  const fs = require("fs");
  const v = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  const p = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const e = /engines: (\d+) passed, (\d+) failed/.exec(fs.readFileSync(process.argv[3], "utf8"));
  const passed = v.numPassedTests + p.stats.expected + Number(e?.[1] ?? 0);
  const failed = v.numFailedTests + p.stats.unexpected + Number(e?.[2] ?? 0);
  const skipped = v.numPendingTests + v.numTodoTests + p.stats.skipped;
  console.log(`vitest+playwright+engines: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  if (skipped > 0) { console.error("a skipped test is a defect"); process.exit(1); }
' "$results/vitest.json" "$results/playwright.json" "$results/engines.txt"
