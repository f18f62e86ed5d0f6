# browser.sh: sourced by the browser tests (cli_serve_browser.sh,
# cli_serve_scan_browser.sh): starts pnpkit serve on 127.0.0.1, runs one
# selenium script against it in Debian's chromium, and checks the server
# lived through it. Skipped (exit 77) when chromium, chromedriver or
# python3-selenium is missing.
# Usage: . browser.sh; browser_test SCRIPT.py SCREENSHOT_FOLDER_NAME
. "$(dirname "$0")/lib.sh"

browser_test() {
    PY=/usr/bin/python3
    if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] || ! $PY -c 'import selenium' 2>/dev/null; then
        echo "skipped: chromium, chromium-driver or python3-selenium missing"
        exit 77
    fi
    export XDG_DATA_HOME="$T/data"
    unset SOURCE_DATE_EPOCH
    SHOTS="$(cd "$(dirname "$PNPKIT")" && pwd)/$2"
    "$PNPKIT" serve --port 0 > "$T/server" 2> "$T/server.err" &
    PID=$!
    trap 'kill $PID 2>/dev/null; rm -rf "$T"' EXIT
    i=0
    while [ $i -lt 50 ] && ! grep -q '^http://' "$T/server" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
    URL=$(head -1 "$T/server")
    case "$URL" in http://127.0.0.1:*/) ok ;; *) bad "server did not start: $(cat "$T/server.err")"; finish; return ;; esac
    # -B: no __pycache__ in the source tree for the shared pagewait.py
    if timeout 240 $PY -B "$SRC/tests/$1" "$PNPKIT" "$URL" "$SHOTS" "$T" "$SRC"; then ok; else bad "browser test"; fi
    kill -0 $PID 2>/dev/null && ok || bad "server died"
    finish
}
