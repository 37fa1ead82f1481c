#!/bin/sh
# Installs what bitwa needs from Debian's packages, when it is missing.
# usage: tools/deps.sh [build|test]
#   build: the compiler, CMake, Lua 5.4, SQLite, libmicrohttpd (bitwa serve) and
#          libedit (line editing at the bitwa play prompt)
#   test:  adds clang for the fuzz targets, and chromium, node and npm for the
#          browser test (that test is skipped, with its reason, when they
#          cannot be installed)
set -e
want="gcc libc6-dev make cmake pkg-config liblua5.4-dev libsqlite3-dev libmicrohttpd-dev libedit-dev"
optional=""
if [ "${1:-build}" = "test" ]; then
  want="$want clang libclang-rt-dev curl"
  command -v chromium >/dev/null 2>&1 || optional="$optional chromium"
  # node and npm may come from another source than Debian's packages (a
  # nodejs that bundles npm conflicts with Debian's npm): ask for the
  # commands, not the packages
  command -v node >/dev/null 2>&1 || optional="$optional nodejs"
  command -v npm >/dev/null 2>&1 || optional="$optional npm"
fi
missing=""
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing$optional" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
if [ -n "$missing" ]; then
  echo "installing:$missing"
  $SUDO apt-get install -y -qq --no-install-recommends $missing
fi
if [ -n "$optional" ]; then
  echo "installing (for the browser test):$optional"
  $SUDO apt-get install -y -qq --no-install-recommends $optional ||
    echo "warning: could not install$optional; the browser test will be skipped" >&2
fi
