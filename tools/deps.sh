#!/bin/sh
# Installs what bitwa needs from Debian's packages, when it is missing.
# usage: tools/deps.sh [build|test]   (test adds clang for the fuzz targets)
set -e
want="gcc libc6-dev make cmake pkg-config liblua5.4-dev libsqlite3-dev libmicrohttpd-dev"
if [ "${1:-build}" = "test" ]; then
  want="$want clang libclang-rt-dev chromium nodejs npm curl"
fi
missing=""
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing"
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $missing
