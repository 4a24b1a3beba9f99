#!/usr/bin/env bash
# npm start: set up what is missing, build the core for the browser, serve the lab on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
PORT="${PORT:-5173}"
echo
echo "Integrator Lab: http://127.0.0.1:$PORT/"
echo
exec node_modules/.bin/vite --host 127.0.0.1 --port "$PORT" --strictPort
