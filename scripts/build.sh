#!/usr/bin/env bash
# npm run build: the static site in www/dist, with relative paths so it works from any host and subpath.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
node_modules/.bin/vite build
# Posters (link cards, figures before they load, readers without scripts) are drawn from the built site by the
# tests' Chromium, then built in; without Chromium the site has none, and the build says so.
chromium=${CHROME_BIN:-$(node -p 'require("./scripts/chromium.json").executablePath')}
if [ -x "$chromium" ]; then
  node scripts/posters.mjs
  node_modules/.bin/vite build --logLevel warn
else
  echo "Posters skipped: no Chromium at $chromium (set CHROME_BIN to draw them with npm run posters)"
fi
echo "Static site: www/dist/ (serve it from any path)"
