#!/usr/bin/env bash
# npm run build: the static site in www/dist, with relative paths so it works from any host and subpath.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
node_modules/.bin/vite build
echo "Static site: www/dist/ (serve it from any path)"
