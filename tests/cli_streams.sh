# cli_streams.sh: standard output and input: -o - gives the same bytes as a
# file for every format and backend, is a PDF without --format, takes one page of SVG or
# PNG, never binary to a terminal; render lists and score sheets from standard
# input (pnpkit score circle36 - --json < sheets.yaml | jq).
. "$(dirname "$0")/lib.sh"

mkdir "$T/w" && cd "$T/w"
for f in pdf svg png; do
    expect_status 0 "$f to a file" -- "$PNPKIT" render circle36 --dpi 40 -o "file.$f"
    "$PNPKIT" render circle36 --dpi 40 -o - --format "$f" > "stdout.$f" 2> err && ok || bad "$f to stdout"
    [ -s err ] && bad "$f to stdout printed: $(cat err)" || ok
    cmp -s "file.$f" "stdout.$f" && ok || bad "$f on stdout differs from the file"
done
expect_no_file out "-o - writes no default output"
"$PNPKIT" render circle36 --backend haru -o - --format pdf > haru-stdout.pdf && ok || bad "haru to stdout"
"$PNPKIT" render circle36 --backend haru -o haru-file.pdf && ok || bad "haru to a file"
cmp -s haru-stdout.pdf haru-file.pdf && ok || bad "haru stdout differs from the file"
# A pad goes through a pipe whole.
"$PNPKIT" render dicrono --pages 5 -o - --format pdf | pdfinfo - > info && ok || bad "pad through a pipe"
grep -q "^Pages: *5$" info && ok || bad "five pages through the pipe"
"$PNPKIT" render circle36 -o - --format scene | grep -q "^page 210.00 297.00$" && ok || bad "scene to stdout"

# Usage errors, with nothing on standard output.
# -o - without --format is a PDF, as everywhere else.
"$PNPKIT" render circle36 -o - > default.pdf 2> err && ok || bad "-o - without --format: $(cat err)"
cmp -s default.pdf stdout.pdf && ok || bad "-o - without --format is not the PDF of --format pdf"
expect_status 2 "two PNG pages to stdout" -- "$PNPKIT" render circle36 --pages 2 -o - --format png
expect_stderr "a PNG file holds one page, so standard output can take only one of 2" "message"
[ -s "$T/out" ] && bad "stdout written before the error" || ok
expect_status 2 "two SVG papers to stdout" -- "$PNPKIT" render circle36 --pages 3 --nup 2 -o - --format svg
expect_status 0 "two sheets on one SVG paper" -- "$PNPKIT" render circle36 --pages 2 --nup 2 -o - --format svg
expect_status 2 "two templates to stdout" -- "$PNPKIT" render circle36 dicrono -o - --format pdf
# Binary output is not sent to a terminal (script(1) gives the command a pty).
script -qec "$PNPKIT render circle36 -o - --format pdf" /dev/null > tty.log 2>&1
grep -q "not writing a PDF to a terminal" tty.log && ok || bad "PDF to a terminal: $(head -c 200 tty.log)"
grep -q "%PDF" tty.log && bad "PDF bytes reached the terminal" || ok

# A list of renders from standard input.
printf '# from a pipe\ncircle36 -o piped.pdf\ndicrono --format svg -o piped.svg\n' |
    "$PNPKIT" render --list - && ok || bad "list from stdin"
[ -s piped.pdf ] && [ -s piped.svg ] && ok || bad "list from stdin outputs"
# Sheets from standard input: the same scores as from the files, in order.
D="$SRC/tests/data"
for f in circle36-perfect circle36-last-roll-37 circle36-last-roll-45; do
    cat "$D/$f.yaml"
    echo "---"
done | sed '$d' > sheets.yaml
for f in circle36-perfect circle36-last-roll-37 circle36-last-roll-45; do
    "$PNPKIT" score circle36 "$D/$f.yaml" --json
done > from-files.jsonl
"$PNPKIT" score circle36 - --json < sheets.yaml > from-stdin.jsonl && ok || bad "score from stdin"
expect_eq "$(wc -l < from-stdin.jsonl)" "3" "one JSON line per sheet"
cmp -s from-files.jsonl from-stdin.jsonl && ok || bad "stdin scores differ from the files'"
"$PNPKIT" score circle36 --json < sheets.yaml > no-file.jsonl && ok || bad "score with no FILE"
cmp -s from-files.jsonl no-file.jsonl && ok || bad "no FILE reads stdin"
# the pipe of the README: a perfect game is 36, and every line is JSON
expect_eq "$("$PNPKIT" score circle36 - --json < sheets.yaml | jq -r '.player + ":" + (.total|tostring)' | head -1)" \
    "Ada:36" "through jq"
"$PNPKIT" score circle36 - --json < sheets.yaml | jq -e -s 'length == 3 and all(.game == "circle36")' > /dev/null &&
    ok || bad "jq reads every line"
# A completed sheet from a sheet on stdin, and one written to stdout.
"$PNPKIT" score circle36 - -o completed.pdf < "$D/circle36-perfect.yaml" > report && ok || bad "sheet from stdin, -o FILE"
"$PNPKIT" score circle36 "$D/circle36-perfect.yaml" -o - --format pdf > completed-stdout.pdf && ok || bad "completed sheet to stdout"
cmp -s completed.pdf completed-stdout.pdf && ok || bad "the completed sheet differs between file and stdout"
pdfinfo completed-stdout.pdf | grep -q "^Pages: *1$" && ok || bad "one completed page"
pdftotext completed-stdout.pdf - | grep -q "Ada" && ok || bad "the player's name on the completed sheet"
# An invalid sheet on stdin is named <stdin> with its place.
printf 'red: [1, 2]\nblue: [1,2,3,4,5,6,7,8]\ngreen: [1,2,3,4,5,6,7,8]\nyellow: 1\ncombos: 0\n' |
    "$PNPKIT" score circle36 - --json > bad.out 2> bad.err
expect_eq "$?" "1" "invalid sheet on stdin"
grep -q "^<stdin>:1:" bad.err && ok || bad "stdin named in the error: $(cat bad.err)"
finish
