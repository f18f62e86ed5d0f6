# cli_font_haru.sh: damaged TrueType files listed by a template, rendered with
# the haru backend. libharu's TrueType reader used to get the file and crashed
# (SIGSEGV), aborted (free(): invalid pointer), hung or failed while drawing
# (exit 3) on them, leaving its temporary output file behind; now a template's
# fonts never reach libharu (their text is drawn as outlines, read by FreeType),
# so each renders like any other font, with no file left over.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
mkdir res
for f in "$SRC"/fuzz/regressions/font/haru-ttf-*.ttf "$SRC"/fuzz/seeds/font/dejavu-subset.ttf; do
    name=${f##*/}
    cp "$f" font.ttf
    cat > t.yaml <<'Y'
name: t
fonts: [font.ttf]
components:
  - {type: text, text: "Dragon Keep 0123", font: DejaVu Sans, x: 10mm, y: 10mm}
  - {type: text, text: "Bold AVAV fi", font: DejaVu Sans, bold: true, x: 10mm, y: 30mm}
Y
    expect_status 0 "$name (haru)" -- timeout 60 "$PNPKIT" render t.yaml --backend haru -o res/h.pdf
    expect_eq "$(ls -A res)" "h.pdf" "$name (haru): the PDF and nothing else"
    pdffonts res/h.pdf > fonts.txt 2>&1
    grep -qi 'dejavu' fonts.txt && bad "$name: a template font embedded by libharu: $(cat fonts.txt)" || ok
    expect_status 0 "$name (cairo)" -- timeout 60 "$PNPKIT" render t.yaml -o res/c.pdf
    rm -f res/*
done
finish
