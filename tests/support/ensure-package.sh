#!/bin/sh
# Makes sure a Debian package a black-box test needs is installed: chromium for the
# browser tests (tests/browser), nginx-light for the static export's nginx.conf and the proxy,
# openssl for the proxy test's TLS certificate.
# Runs `apt-get update` only when the package is not already installable.
# Usage: sh tests/support/ensure-package.sh <package> <program path>   (prints the path)
set -eu
PACKAGE="$1"
PROGRAM="$2"
if [ -x "$PROGRAM" ]; then
  echo "$PROGRAM"
  exit 0
fi
# Suites run in parallel: hold the project's apt lock so two installs do not collide.
if [ -z "${SD_APT_LOCKED:-}" ]; then
  SD_APT_LOCKED=1 exec flock -w 1800 "${APT_LOCK_FILE:-/tmp/school-districts-apt.lock}" sh "$0" "$@"
fi
if [ -x "$PROGRAM" ]; then
  echo "$PROGRAM"
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-cache show "$PACKAGE" >/dev/null 2>&1; then
  $SUDO apt-get update -qq >&2
fi
$SUDO apt-get install -y -qq --no-install-recommends "$PACKAGE" >&2 || {
  $SUDO apt-get update -qq >&2
  $SUDO apt-get install -y -qq --no-install-recommends "$PACKAGE" >&2
}
echo "$PROGRAM"
