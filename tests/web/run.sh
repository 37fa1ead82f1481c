#!/bin/sh
# The browser test (tests/web/browser_test.js): headless Chromium driven by
# playwright-core, installed from npm into the build folder when missing.
# Screenshots are left in OUT.  Exit 77 (skipped) without chromium or node
# (tools/deps.sh test installs them).
# usage: tests/web/run.sh PATH/TO/bitwa OUT   (from the source directory)
BITWA=$1
OUT=$2
CHROMIUM=${BITWA_CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || { echo "no $CHROMIUM (apt-get install chromium)"; exit 77; }
command -v node >/dev/null && command -v npm >/dev/null || { echo "no node/npm (apt-get install nodejs npm)"; exit 77; }
"$BITWA" serve --help >/dev/null 2>&1 || { echo "no serve command"; exit 1; }
NODE_DIR="$OUT/node"
if [ ! -d "$NODE_DIR/node_modules/playwright-core" ]; then
  mkdir -p "$NODE_DIR"
  npm install --no-audit --no-fund --silent --prefix "$NODE_DIR" playwright-core@1.65.1 >/dev/null 2>&1 ||
    { echo "cannot install playwright-core from npm (no network?): skipped"; exit 77; }
fi
NODE_PATH="$NODE_DIR/node_modules" exec timeout 540 node tests/web/browser_test.js "$BITWA" "$OUT" "$CHROMIUM"
