#!/usr/bin/env bash
# Installs whatever is missing to build, serve and test Compute Lab on a fresh
# Debian 12 machine (as root), and nothing that is already there at the right
# version. Every tool comes from a package registry; nothing downloads a binary
# from anywhere else. Source it: it also puts the pinned tools on PATH.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true

trunk_version="0.21.14"
wasm_bindgen_version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$repo_root/Cargo.lock")"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null || ! command -v brotli >/dev/null; then
  say "Installing Chromium, ChromeDriver and brotli from Debian"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver brotli >/dev/null
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "Adding the wasm32 target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q " $trunk_version"; then
  say "Installing trunk $trunk_version (about 7 minutes)"
  cargo install trunk --version "$trunk_version" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $wasm_bindgen_version"; then
  say "Installing wasm-bindgen-cli $wasm_bindgen_version (the Cargo.lock version)"
  # Without --locked: one of its pinned dependencies is missing from the registry.
  cargo install wasm-bindgen-cli --version "$wasm_bindgen_version"
fi

if ! grep -q "wasm_bindgen = \"$wasm_bindgen_version\"" "$repo_root/Trunk.toml"; then
  echo "Trunk.toml pins a wasm_bindgen version other than Cargo.lock's $wasm_bindgen_version" >&2
  exit 1
fi

lock_stamp="$repo_root/tests/node_modules/.package-lock.json"
if [ ! -f "$lock_stamp" ] || [ "$repo_root/tests/package-lock.json" -nt "$lock_stamp" ]; then
  say "Installing node packages (Playwright, axe-core, binaryen's wasm-opt, echarts, scorm-again, smol-toml)"
  (cd "$repo_root/tests" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi

# binaryen 132's wasm-opt goes first: Debian's binaryen 108 breaks the page silently.
export PATH="$repo_root/tests/node_modules/.bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver)}"
export CHROMIUM="${CHROMIUM:-$(command -v chromium)}"
