# cli_font_haru.sh: damaged TrueType files listed by a template, rendered with
# the haru backend and with cairo. libharu's TrueType reader used to get the
# file and crashed (SIGSEGV), aborted (free(): invalid pointer), hung or failed
# while drawing (exit 3) on them, leaving its temporary output file behind;
# then a template's fonts stopped reaching libharu (their text is drawn as
# outlines, read by FreeType). Now a TrueType font whose hmtx or loca tables
# disagree with its glyph count is refused when the template is read (a loca
# pointing past the glyf table, or a loca table with no glyf table, made
# cairo's subsetter ask for 1 GB): one line
# naming the font, exit 1, no file. A good font still renders by both.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
mkdir res
for f in "$SRC"/fuzz/regressions/font/haru-ttf-*.ttf "$SRC"/fuzz/regressions/font/cairo-subset-loca-*.ttf \
    "$SRC"/fuzz/seeds/font/dejavu-subset.ttf; do
    name=${f##*/}
    cp "$f" font.ttf
    cat > t.yaml <<'Y'
name: t
fonts: [font.ttf]
components:
  - {type: text, text: "Dragon Keep 0123", font: DejaVu Sans, x: 10mm, y: 10mm}
  - {type: text, text: "Bold AVAV fi", font: DejaVu Sans, bold: true, x: 10mm, y: 30mm}
Y
    case $name in
    haru-ttf-* | cairo-subset-loca-*)
        for backend in haru cairo; do
            expect_status 1 "$name ($backend)" -- timeout 60 "$PNPKIT" render t.yaml --backend $backend -o res/h.pdf
            expect_stderr "^t\.yaml:2:9: fonts: font\.ttf: a damaged font: " "$name ($backend): the font named"
            expect_eq "$(wc -l < "$T/err")" 1 "$name ($backend): one line"
            expect_eq "$(ls -A res)" "" "$name ($backend): no file"
        done
        ;;
    *)
        expect_status 0 "$name (haru)" -- timeout 60 "$PNPKIT" render t.yaml --backend haru -o res/h.pdf
        expect_eq "$(ls -A res)" "h.pdf" "$name (haru): the PDF and nothing else"
        pdffonts res/h.pdf > fonts.txt 2>&1
        grep -qi 'dejavu' fonts.txt && bad "$name: a template font embedded by libharu: $(cat fonts.txt)" || ok
        expect_status 0 "$name (cairo)" -- timeout 60 "$PNPKIT" render t.yaml -o res/c.pdf
        ;;
    esac
    rm -f res/*
done
finish
