#!/bin/sh
# Makes sure Debian's chromium is installed for the browser test (tests/browser).
# Runs `apt-get update` only when the package is not already installable.
# Usage: sh tests/support/ensure-chromium.sh   (prints the chromium path)
set -eu
if [ -x /usr/bin/chromium ]; then
  echo /usr/bin/chromium
  exit 0
fi
# Suites run in parallel: hold the project's apt lock so two installs do not collide.
if [ -z "${SD_APT_LOCKED:-}" ]; then
  SD_APT_LOCKED=1 exec flock -w 1800 "${APT_LOCK_FILE:-/tmp/school-districts-apt.lock}" sh "$0" "$@"
fi
if [ -x /usr/bin/chromium ]; then
  echo /usr/bin/chromium
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-cache show chromium >/dev/null 2>&1; then
  $SUDO apt-get update -qq >&2
fi
$SUDO apt-get install -y -qq --no-install-recommends chromium >&2 || {
  $SUDO apt-get update -qq >&2
  $SUDO apt-get install -y -qq --no-install-recommends chromium >&2
}
echo /usr/bin/chromium
