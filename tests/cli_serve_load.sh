# cli_serve_load.sh: a short bounded load test of pnpkit serve on 127.0.0.1
# (tests/serve_load.py): 8 clients, 400 mixed requests, every answer checked,
# memory after the run within 1.2x of after the warm-up. The figures are
# measured by bench/serve.sh (make bench).
. "$(dirname "$0")/lib.sh"

export XDG_DATA_HOME="$T/data"
unset SOURCE_DATE_EPOCH
"$PNPKIT" serve --port 0 --jobs 2 > "$T/server" 2> "$T/server.err" &
PID=$!
trap 'kill $PID 2>/dev/null; rm -rf "$T"' EXIT
i=0
while [ $i -lt 50 ] && ! grep -q '^http://' "$T/server" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
URL=$(head -1 "$T/server")
case "$URL" in http://127.0.0.1:*/) ok ;; *) bad "server did not start: $(cat "$T/server.err")"; finish ;; esac
if timeout 300 python3 "$SRC/tests/serve_load.py" "$PNPKIT" "$URL" "$PID" "$SRC" --requests 400; then ok; else bad "load test"; fi
kill $PID && wait $PID && ok || bad "server did not stop cleanly on SIGTERM"
# under a sanitizer build, the server's threads raced nowhere
if grep -q 'Sanitizer' "$T/server.err"; then bad "sanitizer report: $(grep -m1 Sanitizer "$T/server.err")"; else ok; fi
finish
