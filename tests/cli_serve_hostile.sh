# cli_serve_hostile.sh: pnpkit serve against a hostile client on 127.0.0.1
# (tests/serve_hostile.py): nested JSON to depth 10^6, slowloris, quadratic
# YAML, symbolic links and path tricks, NUL, malformed headers. Every answer
# is a JSON error where the server writes it, and the server keeps answering
# a normal request within a second. Prints the probe table.
. "$(dirname "$0")/lib.sh"

export XDG_DATA_HOME="$T/data"
unset SOURCE_DATE_EPOCH
"$PNPKIT" serve --port 0 --jobs 2 > "$T/server" 2> "$T/server.err" &
PID=$!
trap 'kill $PID 2>/dev/null; rm -rf "$T"' EXIT  # PID: the server running now
i=0
while [ $i -lt 50 ] && ! grep -q '^http://' "$T/server" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
URL=$(head -1 "$T/server")
case "$URL" in http://127.0.0.1:*/) ok ;; *) bad "server did not start: $(cat "$T/server.err")"; finish ;; esac
if timeout 120 python3 "$SRC/tests/serve_hostile.py" "$URL" "$PID" "$T/data/pnpkit/templates"; then ok; else bad "hostile client"; fi
kill $PID && wait $PID && ok || bad "server did not stop cleanly on SIGTERM"

# The work budget: with --work-seconds 1, a render of 100 Thinking In Circles
# boards (about 2 s of work here) stops after the page that passes the second
# and is answered 503; a machine fast enough to finish in time answers 200.
"$PNPKIT" serve --port 0 --work-seconds 1 > "$T/server2" 2> "$T/server2.err" &
PID=$!
i=0
while [ $i -lt 50 ] && ! grep -q '^http://' "$T/server2" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
URL=$(head -1 "$T/server2")
curl -s -m 30 -o "$T/body" -w '%{http_code} %{time_total}' -H 'Content-Type: application/json' \
    --data-binary '{"template":"thinking-in-circles","pages":100}' "${URL}api/render" > "$T/code"
read -r code secs < "$T/code"
case "$code" in
503) grep -q '"error":"the render took more than 1 seconds of work; ask for fewer pages"' "$T/body" && ok ||
        bad "budget message: $(head -c 200 "$T/body")"
     awk "BEGIN { exit !($secs < 1.8) }" && ok || bad "the budget of 1 s stopped the render after $secs s" ;;
# The budget counts the render's work; the client's time adds the request
# and the answer's transfer, so a render just inside it may end past 1 s here.
200) awk "BEGIN { exit !($secs < 1.5) }" && ok || bad "a render ran $secs s past a budget of 1 s" ;;
*) bad "budget: status $code: $(head -c 200 "$T/body")" ;;
esac
echo "work budget: --work-seconds 1, 100 boards: status $code after $secs s"
curl -s -m 5 -o /dev/null -w '%{http_code}' "${URL}api/templates" | grep -q 200 && ok || bad "alive after the budget"
kill $PID && wait $PID && ok || bad "server 2 did not stop cleanly"
if grep -q 'Sanitizer' "$T/server.err"; then bad "sanitizer report: $(grep -m1 Sanitizer "$T/server.err")"; else ok; fi
finish
