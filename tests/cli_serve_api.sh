# cli_serve_api.sh: pnpkit serve's JSON API over 127.0.0.1 with curl: every
# endpoint and every error status, downloads byte-identical to pnpkit render,
# scores equal to pnpkit score --json, the Host/Origin checks, the body limit,
# the bounded engine queue (503), saving templates. Every loop is bounded.
. "$(dirname "$0")/lib.sh"

D="$SRC/tests/data"
export XDG_DATA_HOME="$T/data"
unset SOURCE_DATE_EPOCH

# start_server LOG ARGS...: starts pnpkit serve on a free port; sets URL and PID.
start_server() {
    log=$1; shift
    "$PNPKIT" serve --port 0 "$@" > "$log" 2>"$log.err" &
    PID=$!
    i=0
    while [ $i -lt 50 ] && ! grep -q '^http://' "$log" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
    URL=$(head -1 "$log")
    case "$URL" in http://127.0.0.1:*/) ok ;; *) bad "server did not start: $(cat "$log.err")"; finish ;; esac
}
# stop_server PID LOG: stops it; a sanitizer build's report in its stderr fails.
stop_server() {
    kill "$1" 2>/dev/null; wait "$1"
    if grep -q 'Sanitizer' "$2.err"; then bad "sanitizer report: $(grep -m1 Sanitizer "$2.err")"; else ok; fi
}

# req METHOD PATH [curl args...]: status in $T/code, body in $T/body.
req() {
    m=$1; p=$2; shift 2
    curl -s -m 30 -X "$m" -o "$T/body" -w '%{http_code}' "$@" "${URL%/}$p" > "$T/code"
}
# post PATH JSON-FILE [curl args...]
post() { p=$1; f=$2; shift 2; req POST "$p" -H 'Content-Type: application/json' --data-binary "@$f" "$@"; }
expect_code() { expect_eq "$(cat "$T/code")" "$1" "$2 (status; body: $(head -c 200 "$T/body"))"; }
json() { jq -r "$1" "$T/body"; }
js() { jq -Rs . < "$1"; }   # a file as a JSON string

start_server "$T/server" 
trap 'kill $PID 2>/dev/null; rm -rf "$T"' EXIT

# ---- the pages and the template list ----
req GET /
expect_code 200 "index page"
grep -q '<html' "$T/body" && ok || bad "index is HTML"
req GET /app.js
expect_code 200 "script"
req GET /nothing.html
expect_code 404 "unknown page"
expect_eq "$(json .error)" "/nothing.html: not found" "404 body"
req GET /../CMakeLists.txt --path-as-is
expect_code 404 "no path outside the pages"

req GET /api/templates
expect_code 200 "template list"
expect_eq "$(json 'map(.name)|index("circle36") != null')" "true" "circle36 listed"
expect_eq "$(json 'length')" "$("$PNPKIT" list | grep -c '^[a-z]' || true)" "as many as pnpkit list" 2>/dev/null
expect_eq "$(json '.[]|select(.name=="circle36")|.params[]|select(.name=="rings")|[.type,.min,.max,.default]|@csv')" '"int",1,6,"3"' "rings: int 1..6 default 3"
expect_eq "$(json '.[]|select(.name=="circle36")|.origin')" "built-in" "origin"
expect_eq "$(json '[.[]|select(.name=="thinking-in-circles")|.params[]|select(.type=="enum")|.choices|length>1]|all')" "true" "enums carry their choices"

req GET /api/templates/circle36
expect_code 200 "template source"
cmp -s "$T/body" "$SRC/templates/circle36.yaml" && ok || bad "source is the built-in's text"
req GET /api/templates/nope
expect_code 404 "unknown template source"

# ---- renders: byte-identical to pnpkit render ----
render_same() { # DESC JSON CLI-ARGS...
    desc=$1; printf '%s' "$2" > "$T/q.json"; shift 2
    post /api/render "$T/q.json"
    expect_code 200 "$desc"
    "$PNPKIT" render "$@" > "$T/cli.err" 2>&1 || bad "$desc: cli failed $(cat "$T/cli.err")"
    cmp -s "$T/body" "$T/cli.out" && ok || bad "$desc: differs from pnpkit render"
}
render_same "svg rings 4" '{"template":"circle36","set":{"rings":4},"format":"svg"}' \
    circle36 --set rings=4 -o "$T/cli.out" --format svg
render_same "pdf letter nup 2 mono" '{"template":"circle36","format":"pdf","paper":"letter","pages":2,"nup":2,"mono":true}' \
    circle36 --paper letter --pages 2 --nup 2 --mono -o "$T/cli.out" --format pdf
render_same "png 40 dpi landscape" '{"template":"dicrono","format":"png","dpi":40,"landscape":true,"set":{"size":8}}' \
    dicrono --dpi 40 --landscape --set size=8 -o "$T/cli.out" --format png
render_same "seeded board" '{"template":"thinking-in-circles","seed":7,"format":"svg"}' \
    thinking-in-circles --seed 7 -o "$T/cli.out" --format svg
# A pad as SVG or PNG: one page per request ("sheet": k), each the file
# pnpkit render writes for that page; the pages differ by seed.
"$PNPKIT" render thinking-in-circles --seed 7 --pages 3 --format svg -o "$T/pad.svg" 2>/dev/null
for k in 1 2 3; do
    printf '{"template":"thinking-in-circles","seed":7,"pages":3,"format":"svg","sheet":%d}' "$k" > "$T/q.json"
    post /api/render "$T/q.json"
    expect_code 200 "svg sheet $k of 3"
    cmp -s "$T/body" "$T/pad-$k.svg" && ok || bad "svg sheet $k differs from pnpkit render's pad-$k.svg"
    cp "$T/body" "$T/sheet-$k.svg"
done
cmp -s "$T/sheet-1.svg" "$T/sheet-3.svg" && bad "sheets 1 and 3 of a seeded pad are the same" || ok
"$PNPKIT" render circle36 --pages 4 --nup 2 --format png --dpi 20 -o "$T/nup.png" 2>/dev/null
printf '%s' '{"template":"circle36","pages":4,"nup":2,"format":"png","dpi":20,"sheet":2}' > "$T/q.json"
post /api/render "$T/q.json"
expect_code 200 "png paper 2 of a 2-up pad"
cmp -s "$T/body" "$T/nup-2.png" && ok || bad "png paper 2 differs from pnpkit render's nup-2.png"
for body in '{"template":"circle36","pages":3,"format":"svg","sheet":4}' \
    '{"template":"circle36","pages":3,"format":"svg","sheet":0}' \
    '{"template":"circle36","pages":3,"format":"svg","sheet":"2"}' \
    '{"template":"circle36","pages":3,"format":"svg","sheet":101}' \
    '{"template":"circle36","pages":3,"format":"svg","sheet":1.5}' \
    '{"template":"circle36","pages":3,"sheet":2}'; do
    printf '%s' "$body" > "$T/q.json"
    post /api/render "$T/q.json"
    expect_code 400 "bad sheet $body"
    expect_eq "$(json .field)" "sheet" "the sheet is at fault in $body"
done
printf '%s' '{"template":"circle36","pages":3,"format":"svg","sheet":4}' > "$T/q.json"; post /api/render "$T/q.json"
expect_eq "$(json .error)" "there is no sheet 4: the svg has 3 pages" "sheet out of range message"
# A template's data can make more sheets than the request's pages: past the
# server's 100 pages the request is refused, 100 are drawn.
mkdir -p "$XDG_DATA_HOME/pnpkit/templates"
printf 'name: deck\ndata: rows.csv\ncomponents:\n  - {type: text, text: "$n", x: 10mm, y: 10mm}\n' \
    > "$XDG_DATA_HOME/pnpkit/templates/deck.yaml"
{ echo n; seq 1 101; } > "$XDG_DATA_HOME/pnpkit/templates/rows.csv"
printf '%s' '{"template":"deck"}' > "$T/q.json"; post /api/render "$T/q.json"
expect_code 400 "a deck of 101 sheets"
expect_eq "$(json .error)" "the document has 101 pages, and the server draws at most 100 in one request: render it with the command line (pnpkit render)" "a deck of 101 sheets: message"
{ echo n; seq 1 100; } > "$XDG_DATA_HOME/pnpkit/templates/rows.csv"
post /api/render "$T/q.json"
expect_code 200 "a deck of 100 sheets"
expect_eq "$(pdfinfo "$T/body" | awk '/^Pages:/ {print $2}')" 100 "a deck of 100 sheets: pages"
# An error in a saved template's data file gives the row's line.
{ echo n; echo '"open'; } > "$XDG_DATA_HOME/pnpkit/templates/rows.csv"
post /api/render "$T/q.json"
expect_code 400 "a damaged data file"
expect_eq "$(json '.error|test("rows\\.csv:2:1: a quoted field is never closed$")')" true "a damaged data file: its line: $(json .error)"
rm "$XDG_DATA_HOME/pnpkit/templates/deck.yaml" "$XDG_DATA_HOME/pnpkit/templates/rows.csv"
render_same "haru backend" '{"template":"circle36","backend":"haru","bleed":"3mm"}' \
    circle36 --backend haru --bleed 3mm -o "$T/cli.out" --format pdf
grep -q '^%PDF' "$T/body" && ok || bad "a PDF"
sed -n '1,200p' "$SRC/templates/circle36.yaml" > "$T/mine.yaml"
printf '{"yaml":%s,"format":"svg"}' "$(js "$T/mine.yaml")" > "$T/q.json"
post /api/render "$T/q.json"
expect_code 200 "a template's text"
"$PNPKIT" render "$T/mine.yaml" -o "$T/mine.svg" 2>/dev/null
cmp -s "$T/body" "$T/mine.svg" && ok || bad "yaml render differs from pnpkit render FILE"
curl -s -o /dev/null -w '%{content_type}' -X POST --data '{"template":"circle36","format":"png","dpi":20}' "${URL}api/render" > "$T/ct"
expect_eq "$(cat "$T/ct")" "image/png" "PNG content type"

# ---- render errors: 400 with the CLI's message, line and column ----
printf '%s' '{"template":"circle36","set":{"rings":40},"format":"svg"}' > "$T/q.json"
post /api/render "$T/q.json"
expect_code 400 "rings out of range"
"$PNPKIT" render circle36 --set rings=40 -o "$T/x.svg" 2> "$T/cli.err"
expect_eq "$(json .error)" "$(cat "$T/cli.err")" "same message as the CLI"
expect_eq "$(json .field)" "rings" "the field at fault"
printf 'name: broken\ntitle: Broken\ncomponents:\n  - type: circle\n    radius: banana\n' > "$T/broken.yaml"
printf '{"yaml":%s}' "$(js "$T/broken.yaml")" > "$T/q.json"
post /api/render "$T/q.json"
expect_code 400 "broken template"
"$PNPKIT" render "$T/broken.yaml" -o "$T/x.pdf" 2> "$T/cli.err"
cli_pos=$(sed -E 's/^[^:]*:([0-9]+):([0-9]+): .*/\1 \2/' "$T/cli.err")
expect_eq "$(json '"\(.line) \(.col)"')" "$cli_pos" "line and column as the CLI's"
expect_eq "$(json .error | cut -d: -f4-)" "$(cut -d: -f4- "$T/cli.err")" "message as the CLI's"
for body in '{"template":"circle36","pages":0}' '{"template":"circle36","pages":101}' \
    '{"template":"circle36","nup":3}' '{"template":"circle36","dpi":5000}' \
    '{"template":"circle36","format":"gif"}' '{"template":"circle36","colour":1}' \
    '{"template":"circle36","mono":"yes"}' '{}' '[1,2]' 'not json' \
    '{"template":"circle36","format":"svg","pages":2}' '{"template":"circle36","set":{"rings":null}}' \
    '{"template":"circle36","paper":"b9"}' '{"template":"circle36","bleed":"50mm"}'; do
    printf '%s' "$body" > "$T/q.json"
    post /api/render "$T/q.json"
    expect_code 400 "bad request $body"
    [ -n "$(json .error)" ] && ok || bad "$body: no error message"
done
printf '%s' '{"template":"circle36","pages":0}' > "$T/q.json"; post /api/render "$T/q.json"
expect_eq "$(json .error)" "--pages takes a number from 1 to 100, not 0" "pages message"
printf '%s' '{"template":"nope"}' > "$T/q.json"; post /api/render "$T/q.json"
expect_code 404 "unknown template"
printf '%s' '{"template":"../../etc/passwd"}' > "$T/q.json"; post /api/render "$T/q.json"
expect_code 404 "a path is not a template name"
printf '%s' '{"template":"/etc/hostname.yaml"}' > "$T/q.json"; post /api/render "$T/q.json"
expect_code 404 "an absolute path is not a template name"
# A template sent as text has no folder: it reads no file of the machine.
png=$SRC/examples/circle36-solar/sun.svg
for what in "image:{type: image, src: $png, x: 0, y: 0, w: 20mm, h: 20mm}" \
    "data:$SRC/examples/elements-deck/cards.csv" "fonts:[/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf]"; do
    key=${what%%:*} val=${what#*:}
    if [ "$key" = image ]; then
        printf 'name: f\ncomponents:\n  - %s\n' "$val" > "$T/files.yaml"; want="3 6 image"
    else
        printf 'name: f\n%s: %s\ncomponents: []\n' "$key" "$val" > "$T/files.yaml"; want="2 $((${#key} + 3)) $key"
        [ "$key" = fonts ] && want="2 9 fonts"  # the entry inside [ ]
    fi
    printf '{"yaml":%s,"format":"svg"}' "$(js "$T/files.yaml")" > "$T/q.json"
    post /api/render "$T/q.json"
    expect_code 400 "a text template naming a file ($key)"
    expect_eq "$(json '"\(.line) \(.col)"') $(json .error | cut -d: -f4 | tr -d ' ')" "$want" \
        "$key refused at its place"
    json .error | grep -q "template given as text reads no files" && ok || bad "$key: $(json .error)"
done
req GET /api/render
expect_code 405 "render needs POST"
req DELETE /api/templates
expect_code 405 "no DELETE"
req GET /api/unknown
expect_code 404 "unknown endpoint"

# ---- scores: equal to pnpkit score --json ----
score_same() { # GAME FILE
    printf '{"game":"%s","sheet":%s}' "$1" "$(js "$2")" > "$T/q.json"
    post /api/score "$T/q.json"
    expect_code 200 "score $1"
    want=$("$PNPKIT" score "$1" "$2" --json | paste -sd, -)
    expect_eq "$(cat "$T/body")" "[$want]" "score $1 $(basename "$2") as pnpkit score --json"
}
score_same circle36 "$D/circle36-perfect.yaml"
score_same dicrono "$D/dicrono-example2.yaml"
score_same cirplexed "$D/cirplexed-three.yaml"
cat "$D/circle36-last-roll-45.yaml" > "$T/stream.yaml"; printf -- '---\n' >> "$T/stream.yaml"
cat "$D/circle36-last-roll-37.yaml" >> "$T/stream.yaml"
score_same circle36 "$T/stream.yaml"
expect_eq "$(json 'map(.total)|@csv')" "22,23" "two sheets, two totals"
# a variant, through set
printf 'rings: 4\n' > /dev/null
printf '{"game":"circle36","sheet":%s,"set":{"rings":3,"target":36}}' "$(js "$D/circle36-perfect.yaml")" > "$T/q.json"
post /api/score "$T/q.json"
expect_eq "$(json '.[0].total')" "36" "score with set"
# the completed sheet, byte-identical to pnpkit score -o
printf '{"game":"circle36","sheet":%s,"format":"pdf"}' "$(js "$D/circle36-perfect.yaml")" > "$T/q.json"
post /api/score "$T/q.json"
expect_code 200 "completed sheet"
"$PNPKIT" score circle36 "$D/circle36-perfect.yaml" -o "$T/scored.pdf" > /dev/null
cmp -s "$T/body" "$T/scored.pdf" && ok || bad "completed sheet differs from pnpkit score -o"
printf '{"game":"dicrono","sheet":%s,"format":"pdf"}' "$(js "$D/dicrono-example2.yaml")" > "$T/q.json"
post /api/score "$T/q.json"
"$PNPKIT" score dicrono "$D/dicrono-example2.yaml" -o "$T/scored.pdf" > /dev/null
cmp -s "$T/body" "$T/scored.pdf" && ok || bad "DiCroNo set differs from pnpkit score -o"
# a bad sheet: the CLI's message, line and column
sed 's/yellow: 9/yellow: 99/' "$D/circle36-perfect.yaml" > "$T/bad.yaml"
printf '{"game":"circle36","sheet":%s}' "$(js "$T/bad.yaml")" > "$T/q.json"
post /api/score "$T/q.json"
expect_code 400 "bad sheet"
"$PNPKIT" score circle36 - < "$T/bad.yaml" 2> "$T/cli.err" >/dev/null
expect_eq "$(json .error | cut -d: -f2-)" "$(cut -d: -f2- "$T/cli.err")" "sheet message as the CLI's"
cli_pos=$(sed -E 's/^[^:]*:([0-9]+):([0-9]+): .*/\1 \2/' "$T/cli.err")
expect_eq "$(json '"\(.line) \(.col)"')" "$cli_pos" "sheet line and column"
expect_eq "$(json .field)" "sheet" "sheet field"
for body in '{"game":"chess","sheet":"x: 1"}' ; do
    printf '%s' "$body" > "$T/q.json"; post /api/score "$T/q.json"
    expect_code 404 "unknown game"
done
for body in '{"sheet":"x: 1"}' '{"game":"circle36"}' '{"game":"circle36","sheet":""}' \
    '{"game":"circle36","sheet":"red: [1]"}' '{"game":"circle36","sheet":"x","format":"doc"}'; do
    printf '%s' "$body" > "$T/q.json"; post /api/score "$T/q.json"
    expect_code 400 "bad score request $body"
done

# ---- sheets as the library reads them (POST /api/sheet): what Load shows ----
sheet_read() { # GAME FILE [EXTRA-JSON]: the body of /api/sheet for the file
    printf '{"game":"%s","sheet":%s%s}' "$1" "$(js "$2")" "${3:-}" > "$T/q.json"
    post /api/sheet "$T/q.json"
}
# block-style lists read as the flow ones: the same board
{ printf 'player: Ada\nred:\n'; for v in 5 4 4 5 4 5 5 4; do printf '  - %s\n' $v; done
  printf 'blue: [4, 5, 4, 5, 5, 4, 5, 4]\ngreen: [5, 5, 4, 4, ~, 4, 5, 5]\nyellow: 9\ncombos: 1\n'; } > "$T/block.yaml"
sheet_read circle36 "$T/block.yaml"
expect_code 200 "a block-style sheet is read"
expect_eq "$(json '.[0]|[.player, (.red|@csv), (.green|map(tostring)|join(",")), .yellow, .combos, .rings, .sectors, .dice]|@tsv')" \
    "$(printf 'Ada\t5,4,4,5,4,5,5,4\t5,5,4,4,null,4,5,5\t9\t1\t3\t8\t8')" "block-style red and an empty space (null), as read"
# the rounds of a played game, in order, with their cells and uses
sheet_read circle36 "$D/circle36-game3-perfect.yaml"
expect_eq "$(json '.[0].rounds|length')" "25" "25 rounds read"
expect_eq "$(json '.[0].rounds[24]|"\(.dice|@csv) \(.cell) \(.use)"')" "3,6 G4 null" "the last round as the file gives it"
# a typo key: refused with the CLI's message, line and column
sed 's/^blue:/bleu:/' "$T/block.yaml" > "$T/typo.yaml"
sheet_read circle36 "$T/typo.yaml"
expect_code 400 "a typo key is refused"
"$PNPKIT" score circle36 - < "$T/typo.yaml" 2> "$T/cli.err" >/dev/null || true
expect_eq "$(json .error | cut -d: -f2-)" "$(cut -d: -f2- "$T/cli.err")" "the typo's message is the CLI's"
expect_eq "$(json '"\(.line) \(.col) \(.field)"')" "11 1 sheet" "the typo's line and column"
# a stream of two sheets: both, in order
sheet_read circle36 "$T/stream.yaml"
expect_eq "$(json 'length')" "2" "a file of two sheets gives both"
# a variant: its rings and sectors; a sheet of another board is refused
sheet_read circle36 "$D/circle36-perfect.yaml" ',"set":{"rings":4}'
expect_code 400 "three rings on a four-ring board"
# DiCroNo and Cirplexed, as read
sheet_read dicrono "$D/dicrono-example2.yaml"
expect_eq "$(json '.[0]|[.players.X, .players.O, (.games|length), .games[1].first, .games[0].grid[3], .games[0].penalties.O]|@tsv')" \
    "$(printf 'Anna\tBohdan\t3\tO\tXXXX..\t3')" "the DiCroNo set as read"
sheet_read cirplexed "$D/cirplexed-three.yaml"
expect_eq "$(json '.[0]|[(.boards|map(.name)|join(",")), (.boards[0].tiles[1].at|@csv), (.boards[0].tiles[1].corners|join(","))]|@tsv')" \
    "$(printf 'Ann,Ben,Cat\t1,0\torange,purple,blue,red')" "the Cirplexed boards as read"
for body in '{"sheet":"x: 1"}' '{"game":"circle36"}' '{"game":"circle36","sheet":"x","format":"pdf"}'; do
    printf '%s' "$body" > "$T/q.json"; post /api/sheet "$T/q.json"
    expect_code 400 "bad sheet request $body"
done
req GET /api/sheet
expect_code 405 "GET /api/sheet"

# ---- Thinking In Circles positions and the Circular Numbers calculator ----
cat > "$T/pos.yaml" <<'YAML'
game: thinking-in-circles
board: {seed: 7}
tokens: [0, 3, -2, 4, 1]
players:
  - {name: Ann, color: black, goals: [[circle, square, pentagon]]}
  - {name: Bob, color: white, goals: [[triangle, triangle, square]]}
YAML
printf '{"position":%s}' "$(js "$T/pos.yaml")" > "$T/q.json"
post /api/check "$T/q.json"
expect_code 200 "check a position"
expect_eq "$(cat "$T/body")" "[$("$PNPKIT" check thinking-in-circles "$T/pos.yaml" --json)]" "check as pnpkit check --json"
sed 's/tokens: .*/tokens: [0, 3]/' "$T/pos.yaml" > "$T/badpos.yaml"
printf '{"position":%s}' "$(js "$T/badpos.yaml")" > "$T/q.json"
post /api/check "$T/q.json"
expect_code 400 "bad position"
"$PNPKIT" check thinking-in-circles - < "$T/badpos.yaml" 2> "$T/cli.err" > /dev/null
expect_eq "$(json .error | cut -d: -f2-)" "$(cut -d: -f2- "$T/cli.err")" "position message as the CLI's"
printf '%s' '{"hand":"A 5 6 K","space":0}' > "$T/q.json"
post /api/calc "$T/q.json"
expect_code 200 "calc"
expect_eq "$(cat "$T/body")" "$("$PNPKIT" calc circular-numbers --hand "A 5 6 K" --json)" "calc as pnpkit calc --json"
printf '%s' '{"hand":"A 5 6 K","space":7,"set":{"spaces":30}}' > "$T/q.json"
post /api/calc "$T/q.json"
expect_eq "$(cat "$T/body")" "$("$PNPKIT" calc circular-numbers --hand "A 5 6 K" --space 7 --set spaces=30 --json)" "calc on a space of a variant"
printf '%s' '{"hand":"A Z"}' > "$T/q.json"
post /api/calc "$T/q.json"
expect_code 400 "bad hand"
"$PNPKIT" calc circular-numbers --hand "A Z" 2> "$T/cli.err" > /dev/null
expect_eq "$(json .error)" "$(cat "$T/cli.err")" "hand message as the CLI's"
expect_eq "$(json .field)" "hand" "hand field"
printf '%s' '{"hand":"A","space":999}' > "$T/q.json"
post /api/calc "$T/q.json"
expect_code 400 "space off the track"
req GET /api/calc
expect_code 405 "calc needs POST"

# ---- security ----
req GET /api/templates -H 'Host: evil.example:80'
expect_code 403 "foreign Host refused (DNS rebinding)"
req GET /api/templates -H "Host: attacker.test:${URL##*:}"
expect_code 403 "a name other than localhost refused"
port=${URL##*:}; port=${port%/}
req GET /api/templates -H "Host: localhost:$port"
expect_code 200 "localhost accepted"
printf '%s' '{"template":"circle36","format":"svg"}' > "$T/q.json"
post /api/render "$T/q.json" -H 'Origin: http://evil.example'
expect_code 403 "POST from another origin refused"
post /api/render "$T/q.json" -H "Origin: http://127.0.0.1:$port"
expect_code 200 "POST from the page's origin"
head -c 1100000 /dev/zero | tr '\0' 'a' > "$T/big"
post /api/render "$T/big"
expect_code 413 "body over the limit"
expect_eq "$(json .error)" "the request body is larger than 1048576 bytes" "413 message"
# a chunked body (no Content-Length) over the limit
curl -s -m 30 -o "$T/body" -w '%{http_code}' -H 'Transfer-Encoding: chunked' --data-binary "@$T/big" "${URL}api/render" > "$T/code"
expect_code 413 "chunked body over the limit"

# ---- saving a template to the user's directory ----
printf '{"name":"mine","yaml":%s}' "$(js "$T/mine.yaml")" > "$T/q.json"
post /api/templates "$T/q.json"
expect_code 403 "saving needs the page's Origin"
expect_no_file "$XDG_DATA_HOME/pnpkit/templates/mine.yaml" "nothing saved without Origin"
post /api/templates "$T/q.json" -H "Origin: http://127.0.0.1:$port"
expect_code 200 "saved"
cmp -s "$XDG_DATA_HOME/pnpkit/templates/mine.yaml" "$T/mine.yaml" && ok || bad "saved text"
req GET /api/templates
expect_eq "$(json '.[]|select(.name=="mine")|.origin')" "user" "listed as the user's"
for name in circle36 ../evil a/b .hidden ""; do
    printf '{"name":"%s","yaml":%s}' "$name" "$(js "$T/mine.yaml")" > "$T/q.json"
    post /api/templates "$T/q.json" -H "Origin: http://127.0.0.1:$port"
    expect_code 400 "refused name '$name'"
done
expect_no_file "$XDG_DATA_HOME/pnpkit/evil.yaml" "nothing outside the directory"
cmp -s "$SRC/templates/circle36.yaml" "$T/mine.yaml" && ok || bad "built-in untouched"
printf '{"name":"broken","yaml":%s}' "$(js "$T/broken.yaml")" > "$T/q.json"
post /api/templates "$T/q.json" -H "Origin: http://127.0.0.1:$port"
expect_code 400 "a broken template is not saved"
expect_no_file "$XDG_DATA_HOME/pnpkit/templates/broken.yaml" "broken not written"

# ---- a photographed sheet: POST /api/scan takes the image's bytes ----
P="$SRC/tests/data/scan"
req POST /api/scan -H 'Content-Type: image/jpeg' --data-binary "@$P/played-1.jpg" -m 120
expect_code 200 "a photo is scanned"
"$PNPKIT" scan --json "$P/played-1.jpg" > "$T/scan-cli.json" 2>/dev/null
expect_eq "$(jq -cS . "$T/body")" "$(jq -cS . "$T/scan-cli.json")" "the answer is pnpkit scan --json"
expect_eq "$(json .template)" "circle36" "scanned template"
expect_eq "$(json '[.fields[]|select(.slot=="R1")][0].box_mm|length')" "4" "a field's box in mm"
json .sheet > "$T/scanned.yaml"
"$PNPKIT" score circle36 "$T/scanned.yaml" > /dev/null 2>&1 && ok || bad "the scanned sheet scores"
req POST /api/scan --data-binary "@$P/not-an-image.jpg"
expect_code 400 "not an image"
expect_eq "$(json .error)" "photo: not a JPEG or PNG image" "not an image: message"
req POST /api/scan --data-binary "@$P/bomb.png"
expect_code 400 "a decompression bomb"
case "$(json .error)" in "photo: the image claims 60000x60000 pixels"*) ok ;; *) bad "bomb message: $(json .error)" ;; esac
req POST /api/scan --data-binary "@$P/truncated.jpg"
expect_code 400 "a truncated JPEG"
req POST /api/scan -H 'Content-Length: 0'
expect_code 400 "no photo"
# a photo has its own limit (25 MiB); the other endpoints keep 1 MiB
head -c 2000000 /dev/zero > "$T/two-mb"
req POST /api/scan --data-binary "@$T/two-mb"
expect_code 400 "2 MB is under the photo limit (read, and not an image)"
post /api/render "$T/two-mb"
expect_code 413 "2 MB is over the limit of the others"
head -c 26300000 /dev/zero > "$T/too-big"
req POST /api/scan --data-binary "@$T/too-big"
expect_code 413 "a photo over 25 MiB"
expect_eq "$(json .error)" "the request body is larger than 26214400 bytes" "photo 413 message"
curl -s -m 30 -o "$T/body" -w '%{http_code}' -H 'Transfer-Encoding: chunked' --data-binary "@$T/too-big" "${URL}api/scan" > "$T/code"
expect_code 413 "a chunked photo over 25 MiB"
rm -f "$T/too-big" "$T/two-mb"
req GET /api/scan
expect_code 405 "GET /api/scan"
# a photo may take longer to send than other requests (10 s): a phone's
# upload of 1.2 MB at 100 kB/s is read whole, then answered
head -c 1200000 /dev/zero > "$T/slow-photo"
req POST /api/scan --limit-rate 100k --data-binary "@$T/slow-photo"
expect_code 400 "a photo sent for 12 s is read whole"
expect_eq "$(json .error)" "photo: not a JPEG or PNG image" "slow photo: the engine's answer"
rm -f "$T/slow-photo"

# still serving after all of that
req GET /api/templates
expect_code 200 "still serving"
stop_server $PID "$T/server"

# ---- a full engine answers 503 at once ----
start_server "$T/server2" --jobs 1 --queue 0
# The slowest render a request may ask for: 100 boards of the largest
# Thinking In Circles (about a second here, more under a sanitizer).
printf '%s' '{"template":"thinking-in-circles","pages":100,"nup":4,"set":{"circles":9,"spaces":16}}' > "$T/slow.json"
curl -s -m 60 -o /dev/null -w '%{http_code}' -X POST --data-binary "@$T/slow.json" "${URL}api/render" > "$T/slow.code" &
SLOW=$!
sleep 0.2   # the slow render takes the only slot
printf '%s' '{"template":"circle36","format":"svg"}' > "$T/q.json"
got=""
i=0
while [ $i -lt 40 ] && [ "$got" != 503 ]; do
    post /api/render "$T/q.json"; got=$(cat "$T/code"); i=$((i + 1))
done
expect_eq "$got" "503" "busy engine answers 503"
expect_eq "$(json .error)" "the server is busy; try again in a moment" "503 message"
# a scan holds a slot like a render: refused while the slow render runs
req POST /api/scan --data-binary "@$P/played-1.jpg"
expect_code 503 "busy engine: a scan answers 503"
wait $SLOW
expect_eq "$(cat "$T/slow.code")" "200" "the slow render was served"
post /api/render "$T/q.json"
expect_code 200 "free again"
stop_server $PID "$T/server2"

# ---- --lan: other machines need the token ----
# PNPKIT_SERVE_TEST_REMOTE=1 takes every peer for another machine, so the
# token is checked over loopback (no traffic leaves this machine).
PNPKIT_SERVE_TEST_REMOTE=1 "$PNPKIT" serve --lan --port 0 > "$T/lan" 2>"$T/lan.err" &
PID=$!
i=0
while [ $i -lt 50 ] && ! grep -q '^http://' "$T/lan" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
LAN=$(head -1 "$T/lan")
echo "$LAN" | grep -Eq '^http://[0-9.]+:[0-9]+/\?token=[0-9a-f]{32}$' && ok || bad "--lan URL: $LAN"
token=${LAN##*token=}
port=${LAN%/*}; port=${port##*:}
URL="http://127.0.0.1:$port/"
expect_eq "$(sed -n 2,99p "$T/lan" | grep -c '[█▀▄]')" "$(($(sed -n 2,99p "$T/lan" | grep -c .) - 2))" "a QR code under the URL (blocks between two blank rows)"
grep -q 'local network' "$T/lan.err" && ok || bad "--lan says what it serves: $(cat "$T/lan.err")"
req GET /api/templates
expect_code 403 "no token: refused"
case "$(json .error)" in "this server answers other machines only with its token"*) ok ;; *) bad "403 message: $(json .error)" ;; esac
req GET "/?token=0$token"
expect_code 403 "a wrong token: refused"
curl -s -m 30 -D "$T/head" -o "$T/body" -w '%{http_code}' "${URL}?token=$token" > "$T/code"
expect_code 200 "the URL printed opens the page"
grep -qi "^set-cookie: pnpkit_token=$token; Path=/; HttpOnly; SameSite=Strict" "$T/head" && ok || bad "the token kept as a cookie: $(cat "$T/head")"
req GET /api/templates -b "pnpkit_token=$token"
expect_code 200 "the cookie lets the page's requests in"
req POST /api/scan -b "pnpkit_token=$token" --data-binary "@$P/not-an-image.jpg"
expect_code 400 "a scan with the cookie reaches the engine"
req POST /api/scan --data-binary "@$P/not-an-image.jpg"
expect_code 403 "a scan without it does not"
stop_server $PID "$T/lan"
# without the test switch, this machine itself needs no token
"$PNPKIT" serve --lan --port 0 > "$T/lan2" 2>"$T/lan2.err" &
PID=$!
i=0
while [ $i -lt 50 ] && ! grep -q '^http://' "$T/lan2" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
port=$(head -1 "$T/lan2"); port=${port%/*}; port=${port##*:}
URL="http://127.0.0.1:$port/"
req GET /api/templates
expect_code 200 "loopback needs no token"
stop_server $PID "$T/lan2"

# ---- command line ----
expect_status 2 "bad port" -- "$PNPKIT" serve --port 70000
expect_status 2 "bad bind" -- "$PNPKIT" serve --bind nowhere --port 0
expect_stderr "--bind takes an IP address" "bind message"
finish
