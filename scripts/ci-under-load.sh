#!/usr/bin/env bash
# Runs CI as CI does, on a busy machine: clones this repository's committed HEAD into a
# temporary folder with ../shared beside it (nothing built, installed in the clone or cached),
# keeps one core busy with a bounded CPU hog, runs `CI=true bash .ci/run` there, and reports
# the closing "N passed, N failed" line, the wall time and each turbo task's time.
#
#   scripts/ci-under-load.sh [--keep] [--no-hog]
#
# --keep leaves the clone (its path is printed); --no-hog runs on an otherwise idle machine.
# Exit status: .ci/run's. The hog always stops: on exit, on Ctrl-C, and by itself after
# HOG_SECONDS (default 1800) in any case.
set -uo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
shared="$(cd "$repo/../shared" 2>/dev/null && pwd)" || { echo "ci-under-load: $repo/../shared is missing" >&2; exit 2; }
keep=0
hog_on=1
for a in "$@"; do
  case "$a" in
    --keep) keep=1 ;;
    --no-hog) hog_on=0 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "ci-under-load: unknown option $a" >&2; exit 2 ;;
  esac
done

work="$(mktemp -d /tmp/ci-under-load.XXXXXX)"
hog=""
cleanup() {
  [ -n "$hog" ] && kill "$hog" 2>/dev/null
  if [ "$keep" = 0 ]; then rm -rf "$work"; else echo "ci-under-load: clone kept in $work/main"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

git clone -q "$repo" "$work/main" || exit 2
ln -s "$shared" "$work/shared"
echo "ci-under-load: $(git -C "$work/main" log -1 --format='%h %s') in $work/main"

if [ "$hog_on" = 1 ]; then
  timeout "${HOG_SECONDS:-1800}" sh -c 'while :; do :; done' &
  hog=$!
  echo "ci-under-load: one core kept busy (pid $hog)"
fi

log="$work/ci.log"
start=$(date +%s)
(cd "$work/main" && CI=true bash .ci/run) >"$log" 2>&1
status=$?
wall=$(( $(date +%s) - start ))

# Per-suite wall time: vitest's "Duration" line of each package, prefixed by turbo.
sed -e 's/\x1b\[[0-9;]*m//g' "$log" | awk '/:test: +Duration/ { sub(/:test:.*Duration/, ":"); print "  " $0 }'
echo "ci-under-load: $(tail -n 1 "$log")  (exit $status, wall $((wall / 60))m$((wall % 60))s, load average at end $(cut -d' ' -f1-3 /proc/loadavg))"
[ "$status" = 0 ] || { echo "ci-under-load: last 60 lines of the log:"; tail -n 60 "$log"; }
exit "$status"
