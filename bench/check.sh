# check.sh: tests of the benchmark itself (no timing): the floor programs draw
# what pnpkit draws, --share keeps the pixels, the score sheet generator writes
# what it promises, and a quick run of the benchmark completes every section.
# Run as: sh bench/check.sh PNPKIT SOURCE_DIR BENCH_BUILD_DIR
. "$2/tests/lib.sh"
B=$3

pdf_pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }

for t in circle36 dicrono; do
    # The floor programs draw the sheet without the scan marks.
    expect_status 0 "$t pnpkit png" -- "$PNPKIT" render "$t" -o "$T/p-$t.png" --dpi 100 -q --no-scan-marks
    expect_status 0 "$t floor png" -- "$B/bench-floor" "$t" -o "$T/f-$t.png" --dpi 100
    expect_status 0 "$t: the floor draws pnpkit's sheet" -- "$B/bench-pngdiff" "$T/p-$t.png" "$T/f-$t.png" 0.5
    expect_status 0 "$t floor pad" -- "$B/bench-floor" "$t" -o "$T/f-$t.pdf" --pages 3
    expect_status 0 "$t shared floor pad" -- "$B/bench-floor" "$t" -o "$T/s-$t.pdf" --pages 3 --share
    expect_eq "$(pdf_pages "$T/s-$t.pdf")" 3 "$t shared floor page count"
    expect_eq "$(grep -ac '/Subtype /Form' "$T/s-$t.pdf")" 1 "$t shared floor stores the page once"
    pdftoppm -r 50 -f 3 -l 3 -png "$T/f-$t.pdf" "$T/f3-$t" && pdftoppm -r 50 -f 3 -l 3 -png "$T/s-$t.pdf" "$T/s3-$t"
    expect_status 0 "$t: sharing keeps the pixels" -- "$B/bench-pngdiff" "$T/f3-$t-3.png" "$T/s3-$t-3.png" 0.1
    expect_status 0 "$t haru floor" -- "$B/bench-floor-haru" "$t" -o "$T/h-$t.pdf" --pages 2
    expect_eq "$(pdf_pages "$T/h-$t.pdf")" 2 "$t haru floor page count"
    expect_status 0 "$t shared haru floor" -- "$B/bench-floor-haru" "$t" -o "$T/hs-$t.pdf" --pages 3 --share
    expect_eq "$(pdf_pages "$T/hs-$t.pdf")" 3 "$t shared haru floor page count"
    pdftoppm -r 50 -f 2 -l 2 -png "$T/h-$t.pdf" "$T/h2-$t" && pdftoppm -r 50 -f 3 -l 3 -png "$T/hs-$t.pdf" "$T/hs3-$t"
    expect_status 0 "$t: haru sharing keeps the pixels" -- "$B/bench-pngdiff" "$T/h2-$t-2.png" "$T/hs3-$t-3.png" 0.1
done
# The comparison can fail: two different sheets differ.
expect_status 1 "pngdiff tells sheets apart" -- "$B/bench-pngdiff" "$T/p-circle36.png" "$T/p-dicrono.png" 0.5

"$B/bench-sheets" 3 --rounds >"$T/s.yaml"
expect_eq "$(grep -c '^---$' "$T/s.yaml")" 2 "three documents"
expect_eq "$(grep -c '^  - {dice' "$T/s.yaml")" 75 "25 rounds per sheet"
"$B/bench-sheets" 3 --rounds >"$T/s2.yaml"
cmp -s "$T/s.yaml" "$T/s2.yaml" && ok || bad "bench-sheets is not deterministic"
# combos counts the rounds that used a sum.
awk '/^combos:/ {c = $2} /use: sum/ {s++} /^---$/ {if (c != s) bad++; s = 0} END {if (c != s) bad++; exit bad}' "$T/s.yaml" &&
    ok || bad "combos disagrees with the rounds"

# The scorer takes every generated sheet, rounds and all.
if "$PNPKIT" help score >/dev/null 2>&1; then
    "$B/bench-sheets" 200 --rounds >"$T/s200.yaml"
    expect_status 0 "generated sheets score" -- sh -c '"$0" score circle36 - --json <"$1"' "$PNPKIT" "$T/s200.yaml"
    expect_eq "$(grep -c '"game":"circle36"' "$T/out")" 200 "one JSON line per generated sheet"
fi

expect_status 0 "bench-time runs a command" -- "$B/bench-time" -n 3 -w 1 -- true
expect_stdout '^[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+ 0 [0-9.]+$' "bench-time prints median, min, max, rss, status, cpu"
expect_status 0 "bench-time reports a failing command" -- "$B/bench-time" -n 1 -- false
expect_stdout ' 1 0$' "exit status of the command"

expect_status 0 "quick benchmark run" -- sh "$2/bench/run.sh" "$(dirname "$PNPKIT")" --quick
for s in "== 1-2" "== 3" "== 4" "== 5" "^targets: "; do
    expect_stdout "$s" "benchmark prints section '$s'"
done
finish
