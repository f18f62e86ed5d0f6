#!/bin/sh
# serve.sh: pnpkit serve's figures (part of make bench, runnable on its own):
# a short bounded load test (1000 mixed requests from 8 clients, every answer
# checked), then the warm circle36 SVG preview latency (target: median under
# 25 ms), previews per second with two clients and two workers (at least 60)
# and the latency of scoring one sheet (median under 2 ms), each beside the
# command line's figure for the same job (a pnpkit process each). Only
# 127.0.0.1 is used; everything stops by itself.
#
#   sh bench/serve.sh [BUILD_DIR] [--quick]
#
# --quick: 200 requests and a few samples, a check that the benchmark works.
# Timing never decides the exit status: 0 unless an answer was wrong or the
# server failed.
set -u
BUILD=${1:-build}
REQUESTS=1000 QUICK=""
[ "${2:-}" = "--quick" ] && REQUESTS=200 QUICK=--quick
PNPKIT=$BUILD/pnpkit
SRC=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$PNPKIT" ] || { echo "bench/serve.sh: $PNPKIT is missing; build first" >&2; exit 2; }
T=$(mktemp -d "${TMPDIR:-/tmp}/pnpkit-bench-serve.XXXXXX") || exit 3
unset SOURCE_DATE_EPOCH
XDG_DATA_HOME="$T/data" "$PNPKIT" serve --port 0 --jobs 2 > "$T/server" 2> "$T/server.err" &
PID=$!
trap 'kill $PID 2>/dev/null; rm -rf "$T"' EXIT
trap 'exit 130' INT TERM
i=0
while [ $i -lt 50 ] && ! grep -q '^http://' "$T/server" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
URL=$(head -1 "$T/server")
case "$URL" in
http://127.0.0.1:*/) ;;
*) echo "bench/serve.sh: the server did not start: $(head -1 "$T/server.err")"; exit 1 ;;
esac
echo "== pnpkit serve ($URL, --jobs 2)"
XDG_DATA_HOME="$T/data" timeout 600 python3 "$SRC/tests/serve_load.py" "$PNPKIT" "$URL" "$PID" "$SRC" \
    --requests "$REQUESTS" --bench $QUICK > "$T/out" 2>&1
st=$?
sed 's/^/   /' "$T/out"
kill $PID 2>/dev/null && wait $PID 2>/dev/null
exit $st
