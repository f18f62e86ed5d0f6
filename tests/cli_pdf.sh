# cli_pdf.sh: the structure of every PDF pnpkit writes, with both backends:
# page count and size, a pad's pages sharing one content stream and one
# resources dictionary (qpdf --json), object streams and a cross-reference
# stream, qpdf --check, poppler reads it, the bleed boxes with cairo (pdfinfo
# -box; test_haru checks the crop marks and backgrounds), embedded fonts
# (pdffonts), same bytes for the same input.
. "$(dirname "$0")/lib.sh"

pdf_pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }
pdf_size() { pdfinfo "$1" | awk '/^Page size:/ {print $3 "x" $5}'; }
# "x0 y0 x1 y1" of a box of page N, as pdfinfo -box prints it.
pdf_box() { pdfinfo -box -f "$3" -l "$3" "$1" | awk -v b="$2:" '$1 == "Page" && $3 == b {print $4, $5, $6, $7}'; }
# How many different objects the pages use for KEY (/Contents or /Resources).
distinct() {
    qpdf --json --json-key=pages --json-key=qpdf "$1" |
        jq -r --arg k "$2" '.qpdf[1] as $o | .pages[].object | $o["obj:" + .].value[$k]' |
        sort -u | wc -l | tr -d ' '
}
# qpdf finds no error and no warning (exit 0), and the cross-reference table is
# a compressed stream with the dictionaries in object streams.
structure() {
    expect_qpdf_ok "$1" "$2"
    grep -q "No syntax or stream encoding errors" "$T/qpdf" && ok || bad "$2: qpdf --check found errors"
    qpdf --show-xref "$1" | grep -q "compressed; stream" && ok || bad "$2: no object streams"
    grep -aq "/Type */XRef" "$1" && ok || bad "$2: no cross-reference stream"
    pdftoppm -r 10 -png -f 1 -l 1 "$1" "$T/look" 2>"$T/poppler" && [ ! -s "$T/poppler" ] && ok ||
        bad "$2: poppler: $(head -c 200 "$T/poppler")"
}

for be in cairo haru; do
    # A pad of identical pages: every page dictionary refers to one content
    # stream and one resources dictionary.
    expect_status 0 "$be pad" -- "$PNPKIT" render circle36 --backend "$be" --pages 40 -o "$T/pad-$be.pdf"
    expect_eq "$(pdf_pages "$T/pad-$be.pdf")" 40 "$be pad pages"
    expect_eq "$(pdf_size "$T/pad-$be.pdf")" "595.276x841.89" "$be pad page size"
    expect_eq "$(distinct "$T/pad-$be.pdf" /Contents)" 1 "$be pad: one content stream"
    expect_eq "$(distinct "$T/pad-$be.pdf" /Resources)" 1 "$be pad: one resources dictionary"
    structure "$T/pad-$be.pdf" "$be pad"
    expect_status 0 "$be one" -- "$PNPKIT" render circle36 --backend "$be" -o "$T/one-$be.pdf"
    structure "$T/one-$be.pdf" "$be one sheet"
    # 39 more pages cost less than 100 bytes each.
    more=$(($(wc -c <"$T/pad-$be.pdf") - $(wc -c <"$T/one-$be.pdf")))
    [ "$more" -lt 3900 ] && ok || bad "$be: 39 repeated pages add $more bytes"
    # Same input, same bytes; to standard output too.
    "$PNPKIT" render circle36 --backend "$be" --pages 40 -o "$T/again.pdf" && ok || bad "$be again"
    cmp -s "$T/pad-$be.pdf" "$T/again.pdf" && ok || bad "$be pad is not deterministic"
    "$PNPKIT" render circle36 --backend "$be" --pages 40 -o - --format pdf >"$T/stdout.pdf" && ok || bad "$be stdout"
    cmp -s "$T/pad-$be.pdf" "$T/stdout.pdf" && ok || bad "$be: standard output differs from a file"
    SOURCE_DATE_EPOCH=1700000000 "$PNPKIT" render circle36 --backend "$be" -o "$T/e1.pdf" && ok || bad "$be epoch"
    SOURCE_DATE_EPOCH=1700000000 "$PNPKIT" render circle36 --backend "$be" -o "$T/e2.pdf" && ok || bad "$be epoch"
    cmp -s "$T/e1.pdf" "$T/e2.pdf" && ok || bad "$be: SOURCE_DATE_EPOCH output is not deterministic"
    cmp -s "$T/e1.pdf" "$T/one-$be.pdf" && bad "$be: SOURCE_DATE_EPOCH changes nothing" || ok
    pdfinfo "$T/e1.pdf" | grep -q "^CreationDate:.*Nov 14 .*2023" && ok || bad "$be: SOURCE_DATE_EPOCH date"
    SOURCE_DATE_EPOCH=1700000000 "$PNPKIT" render circle36 --backend "$be" --pages 3 -o "$T/e3.pdf" && ok || bad "$be epoch pad"
    SOURCE_DATE_EPOCH=1700000000 "$PNPKIT" render circle36 --backend "$be" --pages 3 -o "$T/e4.pdf" && ok || bad "$be epoch pad"
    cmp -s "$T/e3.pdf" "$T/e4.pdf" && ok || bad "$be: SOURCE_DATE_EPOCH pad is not deterministic"
    pdfinfo "$T/e3.pdf" | grep -q "^CreationDate:.*Nov 14 .*2023" && ok || bad "$be: SOURCE_DATE_EPOCH pad date"
done

# Pages that differ (seeded boards) are each drawn, still packed.
expect_status 0 "seeded" -- "$PNPKIT" render thinking-in-circles --pages 3 -o "$T/tic.pdf"
expect_eq "$(pdf_pages "$T/tic.pdf")" 3 "seeded pages"
expect_eq "$(distinct "$T/tic.pdf" /Contents)" 3 "seeded pages: three content streams"
structure "$T/tic.pdf" "seeded pages"

# Bleed with cairo: the page grows by 3 mm (8.50 pt) all round, TrimBox is A4
# on every page, BleedBox is the page; fonts embedded; Unicode kept.
expect_status 0 "cairo bleed" -- "$PNPKIT" render dicrono --bleed 3mm --pages 3 -o "$T/b.pdf"
expect_eq "$(pdf_pages "$T/b.pdf")" 3 "bleed pages"
for n in 1 3; do
    expect_eq "$(pdf_box "$T/b.pdf" MediaBox $n)" "0.00 0.00 612.28 858.90" "MediaBox page $n"
    expect_eq "$(pdf_box "$T/b.pdf" TrimBox $n)" "8.50 8.50 603.78 850.39" "TrimBox page $n"
    expect_eq "$(pdf_box "$T/b.pdf" BleedBox $n)" "0.00 0.00 612.28 858.90" "BleedBox page $n"
done
structure "$T/b.pdf" "cairo bleed"
pdffonts "$T/b.pdf" | tail -n +3 >"$T/fonts"
[ -s "$T/fonts" ] && ok || bad "cairo bleed: no fonts"
awk '$(NF-4) != "yes" { exit 1 }' "$T/fonts" && ok || bad "cairo bleed: a font is not embedded: $(cat "$T/fonts")"
pdftotext "$T/b.pdf" - | grep -q "by AK☉KA" && ok || bad "cairo bleed: AK☉KA in the text"
# Same bytes again.
"$PNPKIT" render dicrono --bleed 3mm --pages 3 -o "$T/b2.pdf" && ok || bad "bleed again"
cmp -s "$T/b.pdf" "$T/b2.pdf" && ok || bad "cairo bleed is not deterministic"
finish
