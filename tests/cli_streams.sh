# cli_streams.sh: standard output and input: -o - gives the same bytes as a
# file for every format and backend, needs --format, takes one page of SVG or
# PNG, never binary to a terminal; render lists from standard input.
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
expect_status 2 "-o - without --format" -- "$PNPKIT" render circle36 -o -
expect_stderr "-o - needs --format" "message"
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
finish
