#!/usr/bin/env bash
# Makes sure real Schemathesis (3.21.2) is installed for the contract tests, from the offline
# kit in ../shared/tools/schemathesis (Debian packages plus bundled wheels: PyPI is not
# reachable here). Idempotent; prints the command's path.
# Usage: bash scripts/ensure-schemathesis.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
want="3.21.2"
kit="${SCHEMATHESIS_KIT:-$root/../shared/tools/schemathesis}"

installed() { command -v schemathesis >/dev/null 2>&1 && schemathesis --version 2>/dev/null | grep -q "version $want"; }

if ! installed; then
  [ -f "$kit/install.sh" ] || { echo "ensure-schemathesis: the offline kit $kit/install.sh is missing" >&2; exit 1; }
  # Suites run in parallel and the browser suite may be installing chromium: hold the
  # project's apt lock (tests/support/ensure-package.sh takes the same) so the two apt-get
  # runs do not collide on dpkg's lock. Another suite may have installed it meanwhile.
  flock -w 1800 "${APT_LOCK_FILE:-/tmp/school-districts-apt.lock}" \
    bash -c 'command -v schemathesis >/dev/null 2>&1 && schemathesis --version | grep -q "version $1" || bash "$2/install.sh"' _ "$want" "$kit" >&2
  installed || { echo "ensure-schemathesis: $kit/install.sh ran but 'schemathesis --version' is not $want" >&2; exit 1; }
fi
command -v schemathesis
