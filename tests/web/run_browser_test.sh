#!/usr/bin/env bash
# ctest's `browser` test: node and chromium must be there (scripts/install-deps); installs
# puppeteer-core from package-lock.json when it is missing, then runs browser_test.js.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary="$1"
shots="$2"
command -v node >/dev/null || { echo "browser test FAILED: node is missing (scripts/install-deps)"; exit 1; }
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || { echo "browser test FAILED: chromium is missing (scripts/install-deps)"; exit 1; }
if [ ! -d "$here/node_modules/puppeteer-core" ]; then
  (cd "$here" && npm ci --no-audit --no-fund >/dev/null)
fi
exec node "$here/browser_test.js" "$binary" "$shots"
