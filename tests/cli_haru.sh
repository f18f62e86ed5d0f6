# cli_haru.sh: --backend haru from the command line: page sizes equal cairo's,
# base-14 text and glyph outlines for text they cannot encode, --ttf, --bleed boxes
# (pdfinfo -box), the option cairo refuses, determinism, long pads of different
# pages saved in pieces and joined.
. "$(dirname "$0")/lib.sh"

TTF=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
pdf_size() { pdfinfo "$1" | awk '/^Page size:/ {print $3 "x" $5}'; }
pdf_pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }
# "x0 y0 x1 y1" of a page box, as pdfinfo -box prints it.
pdf_box() { pdfinfo -box "$1" | awk -v b="$2:" '$1 == b {print $2, $3, $4, $5}'; }

# The same page size as cairo, for every paper and orientation.
for args in "" "--paper letter" "--paper a5 --landscape" "--paper 200x300mm" "--nup 2"; do
    expect_status 0 "cairo $args" -- "$PNPKIT" render circle36 $args -o "$T/c.pdf"
    expect_status 0 "haru $args" -- "$PNPKIT" render circle36 $args --backend haru -o "$T/h.pdf"
    expect_eq "$(pdf_size "$T/h.pdf")" "$(pdf_size "$T/c.pdf")" "page size with '$args'"
done
expect_eq "$(pdf_size "$T/h.pdf")" "841.89x595.276" "2-up turns the A4 paper"

# Helvetica, not an embedded font; the sheet's words are there.
expect_status 0 "circle36" -- "$PNPKIT" render circle36 --backend haru -o "$T/h.pdf"
pdffonts "$T/h.pdf" > "$T/fonts"
grep -q "^Helvetica-Bold .*Type 1 .*WinAnsi .*no " "$T/fonts" && ok || bad "Helvetica-Bold, not embedded"
grep -q "DejaVu" "$T/fonts" && bad "a DejaVu font in the haru PDF" || ok
pdftotext "$T/h.pdf" - > "$T/h.txt"
grep -q "Red Circle 18 Bonus" "$T/h.txt" && ok || bad "bonus line"
grep -q "Total ComboCircles" "$T/h.txt" && ok || bad "combo line"
# compressed: much smaller than cairo's
expect_status 0 "cairo circle36" -- "$PNPKIT" render circle36 -o "$T/c.pdf"
[ "$(wc -c < "$T/h.pdf")" -lt "$(($(wc -c < "$T/c.pdf") / 3))" ] && ok || bad "haru PDF is not compact"

# A character WinAnsiEncoding lacks, without --ttf: only it is drawn as glyph
# outlines from the cairo backend's font (no font is embedded, the file stays
# small); the rest of its line stays text that can be found and copied, each
# piece where cairo sets it.
expect_status 0 "AK☉KA with the sun outlined" -- "$PNPKIT" render dicrono --backend haru -o "$T/d.pdf"
pdffonts "$T/d.pdf" | tail -n +3 | awk '$(NF-4) == "yes" { exit 1 }' && ok || bad "a font is embedded"
[ "$(wc -c <"$T/d.pdf")" -lt 12000 ] && ok || bad "outlined DiCroNo is $(wc -c <"$T/d.pdf") bytes"
pdftotext "$T/d.pdf" - | grep -q "AK☉KA" && bad "AK☉KA in the text layer" || ok
pdftotext "$T/d.pdf" - | grep -q "Tic-tac-toe with two dice · by AK KA" && ok || bad "the subtitle's words are text: $(pdftotext "$T/d.pdf" - | head -3 | tr '\n' '|')"
expect_status 0 "cairo dicrono" -- "$PNPKIT" render dicrono -o "$T/dc.pdf"
word_box() { pdftotext -bbox "$1" - | grep ">$2</word>" | head -1 | sed 's/.*xMin="\([0-9.]*\)".*xMax="\([0-9.]*\)".*/\1 \2/'; }
set -- $(word_box "$T/dc.pdf" "Tic-tac-toe") $(word_box "$T/dc.pdf" "AK☉KA") \
    $(word_box "$T/d.pdf" "Tic-tac-toe") $(word_box "$T/d.pdf" "AK") $(word_box "$T/d.pdf" "KA")
# The line starts and ends where cairo's does, within 0.5 pt (the pieces
# between keep the base font's own letter widths); a gap for the sun.
awk -v c0="$1" -v c1="$4" -v t0="$5" -v a1="$8" -v k0="$9" -v k1="${10}" 'BEGIN {
    d0 = t0 - c0; d1 = k1 - c1; if (d0 < 0) d0 = -d0; if (d1 < 0) d1 = -d1
    exit !(d0 < 0.5 && d1 < 0.5 && k0 - a1 > 5) }' && ok || bad "pieces misplaced: cairo $1..$4, haru $5..${10}, AK ends $8, KA starts $9"
printf 'name: ru\ncomponents:\n  - {type: text, x: 0, y: 0, text: "Круг 36"}\n' > "$T/ru.yaml"
printf 'name: ru\ncomponents:\n  - {type: text, x: 0, y: 0, text: ""}\n' > "$T/empty.yaml"
expect_status 0 "Cyrillic as outlines" -- "$PNPKIT" render "$T/ru.yaml" --backend haru -o "$T/ru.pdf"
expect_status 0 "no text" -- "$PNPKIT" render "$T/empty.yaml" --backend haru -o "$T/empty.pdf"
pdftoppm -r 50 -gray "$T/ru.pdf" "$T/ru" && pdftoppm -r 50 -gray "$T/empty.pdf" "$T/empty" && ok || bad "rasterise"
cmp -s "$T/ru-1.pgm" "$T/empty-1.pgm" && bad "the Cyrillic text is not drawn" || ok
# With a TrueType font it is embedded and the text comes back out.
expect_status 0 "--ttf" -- "$PNPKIT" render dicrono --backend haru --ttf "$TTF" -o "$T/d.pdf"
pdftotext "$T/d.pdf" - 2>"$T/warn" | grep -q "by AK☉KA" && ok || bad "AK☉KA in the text"
[ -s "$T/warn" ] && bad "pdftotext warns: $(head -c 200 "$T/warn")" || ok
pdffonts "$T/d.pdf" | grep -q "DejaVuSans.*CID TrueType.*yes yes yes" && ok || bad "embedded subset with ToUnicode"
expect_status 0 "cyrillic --ttf" -- "$PNPKIT" render "$T/ru.yaml" --backend haru --ttf "$TTF" -o "$T/ru.pdf"
pdftotext "$T/ru.pdf" - | grep -q "Круг 36" && ok || bad "Cyrillic text"
expect_status 1 "missing font" -- "$PNPKIT" render dicrono --backend haru --ttf "$T/none.ttf" -o "$T/x.pdf"
expect_stderr "^--ttf $T/none.ttf: No such file or directory$" "missing font message"
printf 'not a font' > "$T/bad.ttf"
expect_status 1 "bad font" -- "$PNPKIT" render dicrono --backend haru --ttf "$T/bad.ttf" -o "$T/x.pdf"
expect_stderr "^--ttf $T/bad.ttf: not a font$" "bad font message"
expect_no_file "$T/x.pdf" "no PDF with a bad font"

# Bleed: the page grows by 3 mm (8.50 pt) all round, the trim is A4.
expect_status 0 "bleed" -- "$PNPKIT" render circle36 --backend haru --bleed 3mm -o "$T/b.pdf"
expect_eq "$(pdf_box "$T/b.pdf" MediaBox)" "0.00 0.00 612.28 858.90" "MediaBox"
expect_eq "$(pdf_box "$T/b.pdf" TrimBox)" "8.50 8.50 603.78 850.39" "TrimBox"
expect_eq "$(pdf_box "$T/b.pdf" BleedBox)" "0.00 0.00 612.28 858.90" "BleedBox"
expect_status 0 "bleed pad" -- "$PNPKIT" render circle36 --backend haru --bleed 0.125in --pages 3 -o "$T/b3.pdf"
expect_eq "$(pdf_pages "$T/b3.pdf")" "3" "bleed pad pages"
expect_eq "$(pdfinfo -box -f 3 -l 3 "$T/b3.pdf" | awk '$1 == "Page" && $3 == "TrimBox:" {print $4, $5, $6, $7}')" \
    "9.00 9.00 604.28 850.89" "every page has its TrimBox"
expect_status 0 "no bleed" -- "$PNPKIT" render circle36 --backend haru -o "$T/n.pdf"
expect_eq "$(pdf_box "$T/n.pdf" TrimBox)" "0.00 0.00 595.28 841.89" "no bleed: trim is the page"
expect_status 2 "ttf with cairo" -- "$PNPKIT" render circle36 --ttf "$TTF" -o "$T/x.pdf"
expect_stderr "^pnpkit render: --ttf is for --backend haru" "cairo refuses --ttf"
expect_status 2 "bleed too large" -- "$PNPKIT" render circle36 --backend haru --bleed 11mm -o "$T/x.pdf"
expect_status 2 "haru has no PNG" -- "$PNPKIT" render circle36 --backend haru -o "$T/x.png"
expect_stderr "the haru backend cannot write png" "haru png message"
expect_no_file "$T/x.pdf" "nothing written by refused options"

# A page background must be a colour; the place is named.
printf 'name: bg\npage:\n  background: "#12345"\ncomponents: []\n' > "$T/bg.yaml"
expect_status 1 "bad background" -- "$PNPKIT" render "$T/bg.yaml" --backend haru -o "$T/x.pdf"
expect_stderr "^$T/bg.yaml:3:16: background: .#12345. is not a colour" "background error place"

# Same input, same bytes (fixed dates, no random /ID).
expect_status 0 "again" -- "$PNPKIT" render circle36 --backend haru --bleed 3mm -o "$T/b2.pdf"
cmp -s "$T/b.pdf" "$T/b2.pdf" && ok || bad "haru output is not deterministic"
expect_status 0 "ttf again" -- "$PNPKIT" render dicrono --backend haru --ttf "$TTF" -o "$T/d2.pdf"
cmp -s "$T/d.pdf" "$T/d2.pdf" && ok || bad "haru --ttf output is not deterministic"
SOURCE_DATE_EPOCH=1700000000 "$PNPKIT" render circle36 --backend haru -o "$T/e.pdf" && ok || bad "epoch"
pdfinfo "$T/e.pdf" | grep -q "^CreationDate:.*Nov 14 .*2023" && ok || bad "SOURCE_DATE_EPOCH sets the date"

# A pad of different pages is saved by libharu in pieces of 64 pages, which
# the packer joins: 150 pages (three pieces) pass qpdf --check, keep their
# order (page k is the sheet of seed 5 + k - 1 drawn alone, pixel for pixel),
# hold each base-14 font and the --ttf font file once, and come out the same
# twice. pdf_pages reads the page count the joined page tree gives.
expect_status 0 "150 different pages" -- "$PNPKIT" render thinking-in-circles --backend haru \
    --pages 150 --seed 5 --ttf "$TTF" -o "$T/long.pdf" -q
expect_qpdf_ok "$T/long.pdf" "a joined haru PDF"
expect_eq "$(pdf_pages "$T/long.pdf")" 150 "pages of the joined PDF"
for k in 1 64 65 128 129 150; do
    "$PNPKIT" render thinking-in-circles --backend haru --seed $((5 + k - 1)) --ttf "$TTF" \
        -o "$T/one.pdf" -q || bad "sheet of seed $((5 + k - 1))"
    rm -f "$T"/pa-*.png "$T"/pb-*.png
    pdftoppm -r 20 -f "$k" -l "$k" -png "$T/long.pdf" "$T/pa"
    pdftoppm -r 20 -png "$T/one.pdf" "$T/pb"
    cmp -s "$T"/pa-*.png "$T"/pb-*.png && ok || bad "page $k is not the sheet of seed $((5 + k - 1))"
done
expect_eq "$(pdffonts "$T/long.pdf" | tail -n +3 | wc -l)" 2 "two base-14 fonts, each stored once"
expect_eq "$(grep -a -c '/Length1 ' "$T/long.pdf")" 1 "the --ttf font file stored once"
"$PNPKIT" render thinking-in-circles --backend haru --pages 150 --seed 5 --ttf "$TTF" \
    -o "$T/long2.pdf" -q && cmp -s "$T/long.pdf" "$T/long2.pdf" && ok ||
    bad "a joined haru PDF is not deterministic"
finish
