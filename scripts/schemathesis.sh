#!/usr/bin/env bash
# Runs real Schemathesis (3.21.2) against a running server, as the test suite does
# (apps/contract-tests/test/schemathesis.test.ts runs it against the compiled binary):
#   scripts/schemathesis.sh http://127.0.0.1:8080 [extra schemathesis run options]
# Installs it on demand from the offline kit in ../shared/tools/schemathesis
# (scripts/ensure-schemathesis.sh). The project's hooks (no redirects followed, no header values
# with control characters) are in apps/contract-tests/schemathesis/st_project_hooks.py, with why.
set -euo pipefail

if [ $# -lt 1 ] || [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  echo "usage: $0 <base-url> [schemathesis run options...]" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
BASE_URL="${1%/}"
shift
ST="$(bash "$root/scripts/ensure-schemathesis.sh")"
echo "schemathesis.sh: $("$ST" --version 2>&1 | head -n1) against $BASE_URL/openapi.json" >&2
export SCHEMATHESIS_HOOKS=st_project_hooks
export PYTHONPATH="$root/apps/contract-tests/schemathesis${PYTHONPATH:+:$PYTHONPATH}"
exec "$ST" run "$BASE_URL/openapi.json" --base-url "$BASE_URL" --checks all \
  --data-generation-method all --hypothesis-deadline None "$@"
