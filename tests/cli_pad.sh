# cli_pad.sh: pads of identical sheets: every page of a PDF pad looks exactly
# like the single sheet, the content is stored once, and memory does not grow
# with the number of pages.
. "$(dirname "$0")/lib.sh"

pdf_pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }

for t in circle36 dicrono; do
    expect_status 0 "$t sheet" -- "$PNPKIT" render "$t" -o "$T/one.pdf"
    expect_status 0 "$t pad" -- "$PNPKIT" render "$t" --pages 40 -o "$T/pad.pdf"
    expect_eq "$(pdf_pages "$T/pad.pdf")" 40 "$t pad has 40 pages"
    pdftoppm -r 40 -png "$T/one.pdf" "$T/one"
    for p in 1 2 40; do
        pdftoppm -r 40 -f $p -l $p -png "$T/pad.pdf" "$T/pad"
        cmp -s "$T/one-1.png" "$T/pad-$(printf %02d $p).png" && ok || bad "$t pad page $p differs from the sheet"
    done
    one=$(wc -c <"$T/one.pdf") pad=$(wc -c <"$T/pad.pdf")
    # Each further page is a page object, its resources and a reference to the
    # shared content: some 600 bytes (drawn in full, a page takes 2 to 5 KB).
    [ "$pad" -lt $((one + 39 * 1024)) ] && ok || bad "$t pad of 40 pages is $pad bytes, one sheet $one"
    expect_eq "$(pdffonts "$T/pad.pdf" | tail -n +3 | wc -l)" "$(pdffonts "$T/one.pdf" | tail -n +3 | wc -l)" \
        "$t pad embeds the fonts of one sheet"
done

# The haru backend shares a pad's page the same way (one content stream), with
# and without bleed.
for bleed in 0 3mm; do
    expect_status 0 "haru sheet, bleed $bleed" -- "$PNPKIT" render circle36 --backend haru --bleed $bleed -o "$T/h1.pdf"
    expect_status 0 "haru pad, bleed $bleed" -- "$PNPKIT" render circle36 --backend haru --bleed $bleed --pages 40 -o "$T/h40.pdf"
    expect_eq "$(pdf_pages "$T/h40.pdf")" 40 "haru pad has 40 pages"
    pdftoppm -r 40 -png "$T/h1.pdf" "$T/h1"
    pdftoppm -r 40 -f 40 -l 40 -png "$T/h40.pdf" "$T/h40"
    cmp -s "$T/h1-1.png" "$T/h40-40.png" && ok || bad "haru pad page 40 differs from the sheet (bleed $bleed)"
    one=$(wc -c <"$T/h1.pdf") pad=$(wc -c <"$T/h40.pdf")
    [ "$pad" -lt $((one + 39 * 1024)) ] && ok || bad "haru pad of 40 pages is $pad bytes, one sheet $one"
    trim() { pdfinfo -box "$@" | awk '/TrimBox:/ { print $(NF-3), $(NF-2), $(NF-1), $NF }'; }
    expect_eq "$(trim -f 40 -l 40 "$T/h40.pdf")" "$(trim "$T/h1.pdf")" "haru pad page 40 has the sheet's trim box (bleed $bleed)"
done
# Pages that differ are drawn in full by haru too.
expect_status 0 "haru seeded pad" -- "$PNPKIT" render thinking-in-circles --backend haru --pages 3 -o "$T/ht.pdf"
pdftoppm -r 30 -f 2 -l 3 -png "$T/ht.pdf" "$T/ht"
cmp -s "$T/ht-2.png" "$T/ht-3.png" && bad "seeded haru pages 2 and 3 are the same" || ok

# An SVG or PNG pad closes each page's file when the page is done: more pages
# than the process may hold open files.
mkdir "$T/svg" "$T/png"
expect_status 0 "svg pad beyond the open-file limit" -- sh -c 'ulimit -n 40 && exec "$0" render dicrono --pages 60 -o "$1"' "$PNPKIT" "$T/svg/pad.svg"
expect_eq "$(ls "$T/svg" | grep -c '^pad.*\.svg$')" 60 "60 SVG pages"
expect_eq "$(ls -A "$T/svg" | grep -c '^\.')" 0 "no temporary files left"
expect_status 0 "png pad beyond the open-file limit" -- sh -c 'ulimit -n 40 && exec "$0" render circle36 --pages 45 --dpi 20 -o "$1"' "$PNPKIT" "$T/png/pad.png"
expect_eq "$(ls "$T/png" | grep -c '^pad.*\.png$')" 45 "45 PNG pages"
cmp -s "$T/png/pad-01.png" "$T/png/pad-45.png" && ok || bad "PNG pad pages differ"

# Pages stream through: 2000 pages take hardly more memory than one. (Not
# measurable under AddressSanitizer, whose quarantine keeps freed memory.)
if [ -n "${ASAN_OPTIONS:-}" ]; then
    echo "memory checks skipped under AddressSanitizer"
    finish
    exit $?
fi
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1; }
r1=$(rss "$PNPKIT" render circle36 -o "$T/m1.pdf" -q)
r2=$(rss "$PNPKIT" render circle36 --pages 2000 -o "$T/m2.pdf" -q)
[ "$r2" -lt $((r1 * 3 / 2)) ] && ok || bad "2000 pages took $r2 KB, one page $r1 KB"
# The same with libharu: only the page drawn is held, the repeats are packed.
r4=$(rss "$PNPKIT" render circle36 --backend haru --pages 2000 -o "$T/m4.pdf" -q)
[ "$r4" -lt $((r1 * 3 / 2)) ] && ok || bad "2000 haru pages took $r4 KB, one page $r1 KB"
# Pages that differ (seeded boards) stream through too.
r3=$(rss "$PNPKIT" render thinking-in-circles --pages 300 -o "$T/m3.pdf" -q)
[ "$r3" -lt $((r1 * 3 / 2)) ] && ok || bad "300 seeded pages took $r3 KB, one page $r1 KB"
finish
