#!/usr/bin/env bash
# Runs real Schemathesis against a running server:
#   scripts/schemathesis.sh http://127.0.0.1:8080 [extra schemathesis options]
# Uses `schemathesis` if installed; else installs it with pipx (or pip --user) when the Python
# package index is reachable. Where it cannot be installed (no Python, no network to PyPI),
# it says so and exits 3. The in-repo equivalent that needs no Python is
# `bun apps/contract-tests/src/cli.ts --base-url <url>`.
set -euo pipefail

if [ $# -lt 1 ] || [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  echo "usage: $0 <base-url> [schemathesis run options...]" >&2
  exit 2
fi
BASE_URL="${1%/}"
shift
# `--url` needs Schemathesis 4; pin an exact version with SCHEMATHESIS_SPEC="schemathesis==X.Y.Z".
SCHEMATHESIS_SPEC="${SCHEMATHESIS_SPEC:-schemathesis>=4,<5}"
INSTALL_TIMEOUT="${INSTALL_TIMEOUT:-120}"
PYPI_URL="${PIP_INDEX_URL:-https://pypi.org/simple}"

unavailable() {
  echo "schemathesis.sh: Schemathesis is not installed and cannot be installed here: $1" >&2
  echo "schemathesis.sh: install it (pipx install '$SCHEMATHESIS_SPEC') or run the" >&2
  echo "schemathesis.sh: in-repo contract tests instead: bun apps/contract-tests/src/cli.ts --base-url $BASE_URL" >&2
  exit 3
}

find_st() {
  if command -v schemathesis >/dev/null 2>&1; then command -v schemathesis; return 0; fi
  if command -v st >/dev/null 2>&1 && st --version 2>/dev/null | grep -qi schemathesis; then command -v st; return 0; fi
  for p in "$HOME/.local/bin/schemathesis"; do [ -x "$p" ] && { echo "$p"; return 0; }; done
  return 1
}

ST="$(find_st || true)"
if [ -z "$ST" ]; then
  command -v python3 >/dev/null 2>&1 || unavailable "python3 is not installed"
  # Fail fast when the package index is unreachable instead of letting pip retry for minutes.
  if command -v curl >/dev/null 2>&1; then
    curl -fsS --max-time 10 -o /dev/null "$PYPI_URL/schemathesis/" 2>/dev/null ||
      unavailable "the Python package index ($PYPI_URL) is unreachable"
  fi
  echo "schemathesis.sh: installing $SCHEMATHESIS_SPEC" >&2
  if command -v pipx >/dev/null 2>&1; then
    timeout "$INSTALL_TIMEOUT" pipx install --quiet "$SCHEMATHESIS_SPEC" >&2 ||
      unavailable "pipx install failed or timed out"
  else
    timeout "$INSTALL_TIMEOUT" python3 -m pip install --quiet --user --disable-pip-version-check \
      --retries 0 --timeout 15 "$SCHEMATHESIS_SPEC" >&2 ||
      unavailable "pip install failed or timed out"
  fi
  ST="$(find_st || true)"
  [ -n "$ST" ] || unavailable "installed, but the schemathesis command is not on PATH"
fi

echo "schemathesis.sh: $("$ST" --version 2>&1 | head -n1) against $BASE_URL/openapi.json" >&2
exec "$ST" run "$BASE_URL/openapi.json" --url "$BASE_URL" --checks all "$@"
