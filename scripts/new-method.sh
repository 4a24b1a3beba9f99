#!/usr/bin/env bash
# Adding a method is one file and two lines beside their kind in methods/mod.rs: proved here on a throw-away
# copy of the workspace. The method is docs/teaching.md's Heun, taken from the guide's own text, so the guide
# cannot go stale either. With no other edit, the file must be rustfmt-clean, its tests must take it (order,
# stability limit, allocation, its facts on every scenario, the registry's distinct ids and looks), and the
# CLI must list it with its order.
set -euo pipefail
cd "$(dirname "$0")/.."
here=$PWD
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -z Cargo.toml Cargo.lock rust-toolchain.toml crates 2>/dev/null | xargs -0 cp --parents -t "$copy"

methods="$copy/crates/core/src/methods"
# The guide's first Rust block after "## 2.", less the list item's indent.
awk '/^## 2\./ { part = 1 } part && /^ *```rust/ { code = 1; next } code && /^ *```/ { exit } code' docs/teaching.md |
  sed 's/^   //' >"$methods/heun.rs"
grep -q 'pub(super) static INFO: MethodInfo' "$methods/heun.rs" || { echo "new method: no method in docs/teaching.md"; exit 1; }
sed -i 's/^mod forest_ruth;$/mod forest_ruth;\nmod heun;/; s/^    ForestRuth => forest_ruth,$/    ForestRuth => forest_ruth,\n    Heun => heun,/' \
  "$methods/mod.rs"
[ "$(grep -c '^mod heun;$\|^    Heun => heun,$' "$methods/mod.rs")" = 2 ] || { echo "new method: mod.rs has moved its lines"; exit 1; }

cd "$copy"
# The workspace's own target directory: its dependencies are built already; only the copy's crates compile.
export CARGO_TARGET_DIR="$here/target"
rustfmt --edition 2021 --check "$methods/heun.rs"
cargo test -q -p integrator-lab --lib methods
cargo test -q -p integrator-lab --test convergence --test stability --test allocation --test facts
listed=$(cargo run -q -p integrator-lab-cli -- list | grep '^  heun ')
echo "new method: $listed"
case "$listed" in *"order 2"*"evals 2"*"none | none"*) ;; *) echo "new method: heun is not listed as order 2, 2 evaluations, unstable"; exit 1 ;; esac
echo "new method: one file and two lines, and the lab takes it"
