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
503) grep -q '"error":"the render took more than 1 seconds of work; ask for fewer pages or a lower resolution"' "$T/body" && ok ||
        bad "budget message: $(head -c 200 "$T/body")"
     awk "BEGIN { exit !($secs < 1.8) }" && ok || bad "the budget of 1 s stopped the render after $secs s" ;;
# The budget counts the render's work; the client's time adds the request
# and the answer's transfer, so a render just inside it may end past 1 s here.
200) awk "BEGIN { exit !($secs < 1.5) }" && ok || bad "a render ran $secs s past a budget of 1 s" ;;
*) bad "budget: status $code: $(head -c 200 "$T/body")" ;;
esac
echo "work budget: --work-seconds 1, 100 boards: status $code after $secs s"
curl -s -m 5 -o /dev/null -w '%{http_code}' "${URL}api/templates" | grep -q 200 && ok || bad "alive after the budget"
# One page slow to draw (10 000 glyphs of 200 pt on a paper of 1 m at
# 300 dpi: over a minute of drawing) is stopped in the middle of the page.
python3 - > "$T/slow.json" <<'PY'
import json
y = ("name: slow\npage: {paper: a4, margin: 5mm}\ncomponents:\n  - for: i in 1..9990\n    components:\n"
     "      - {type: text, x: 0, y: \"${(i % 4) * 60}mm\", size: 200, text: \"WW\"}\n")
print(json.dumps({"yaml": y, "format": "png", "dpi": 300, "paper": "1000x1000mm"}))
PY
curl -s -m 60 -o "$T/body" -w '%{http_code} %{time_total}' -H 'Content-Type: application/json' \
    --data-binary @"$T/slow.json" "${URL}api/render" > "$T/code"
read -r code secs < "$T/code"
expect_eq "$code" 503 "a page slow to draw: stopped by the budget"
awk "BEGIN { exit !($secs < 6) }" && ok || bad "a page slow to draw was stopped after $secs s (budget 1 s)"
echo "work budget: one page slow to draw: status $code after $secs s"
kill $PID && wait $PID && ok || bad "server 2 did not stop cleanly"

# Stopping: a render in progress (the slow page) is answered, a request waiting for the
# engine is told the server is stopping (its template is not saved after
# its client was cut off), and a new connection is refused.
"$PNPKIT" serve --port 0 --jobs 1 --work-seconds 3 > "$T/server3" 2> "$T/server3.err" &
PID=$!
i=0
while [ $i -lt 50 ] && ! grep -q '^http://' "$T/server3" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
URL=$(head -1 "$T/server3")
ORIGIN=${URL%/}
curl -s -m 30 -o "$T/b1" -w '%{http_code}' -H 'Content-Type: application/json' \
    --data-binary @"$T/slow.json" "${URL}api/render" > "$T/c1" &
C1=$!
sleep 0.5
curl -s -m 30 -o "$T/b2" -w '%{http_code}' -H 'Content-Type: application/json' -H "Origin: $ORIGIN" \
    --data-binary '{"name":"late","yaml":"name: late\ncomponents: []\n"}' "${URL}api/templates" > "$T/c2" &
C2=$!
sleep 0.5
kill -TERM $PID
sleep 0.3
curl -s -m 5 -o /dev/null -w '%{http_code}' "${URL}api/templates" > "$T/c3"
wait $C1 $C2
wait $PID && ok || bad "server 3 did not stop cleanly"
expect_eq "$(cat "$T/c1")" 503 "the render in progress is answered (its budget of 3 s)"
expect_eq "$(cat "$T/c2") $(cat "$T/b2")" '503 {"error":"the server is stopping"}' "a request waiting when the server stops"
expect_eq "$(cat "$T/c3")" "000" "no new connection once stopping"
[ ! -e "$T/data/pnpkit/templates/late.yaml" ] && ok || bad "a save waiting when the server stopped was carried out"
if grep -q 'Sanitizer' "$T/server.err"; then bad "sanitizer report: $(grep -m1 Sanitizer "$T/server.err")"; else ok; fi
finish
