#!/bin/sh
# serve.sh: pnpkit serve's figures (part of make bench, runnable on its own):
# the bounded load test with 3000 mixed requests from 8 clients, then the warm
# circle36 SVG preview latency, previews per second with two clients, and the
# latency of scoring one sheet, each beside the command line's figure. Only
# 127.0.0.1 is used.
#
#   sh bench/serve.sh [BUILD_DIR]
set -u
BUILD=${1:-build}
PNPKIT=$BUILD/pnpkit
SRC=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$PNPKIT" ] || { echo "bench/serve.sh: $PNPKIT is missing; build first" >&2; exit 2; }
T=$(mktemp -d "${TMPDIR:-/tmp}/pnpkit-bench-serve.XXXXXX") || exit 3
XDG_DATA_HOME="$T/data" "$PNPKIT" serve --port 0 --jobs 2 > "$T/server" 2> "$T/server.err" &
PID=$!
trap 'kill $PID 2>/dev/null; rm -rf "$T"' EXIT
i=0
while [ $i -lt 50 ] && ! grep -q '^http://' "$T/server" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
URL=$(head -1 "$T/server")
echo "== pnpkit serve ($URL, --jobs 2)"
timeout 900 python3 "$SRC/tests/serve_load.py" "$PNPKIT" "$URL" "$PID" "$SRC" --requests 3000 --bench
