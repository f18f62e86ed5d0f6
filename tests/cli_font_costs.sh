# cli_font_costs.sh: template fonts that are whole but would take minutes or
# gigabytes to draw are refused at their `fonts:` entry before FreeType,
# HarfBuzz or cairo see them (src/util/sfnt_draw.c): a composite glyph built
# of 2^24 glyphs (a minute and 1.6 GB), an outline of 1000 edges each across
# the em, a colour glyph whose PNG is 1100 pixels a side; CFF outlines that
# aborted or crashed cairo's PDF subsetter (a negative subroutine number, a
# font dict past the FDArray) or nest calls 16 to the 10th times (the PDF
# never finished); a GSUB table whose thousand lookups share one rule of a
# 2048-glyph lookahead (minutes to shape one text). A glyph FreeType
# gives up on at a large size is the font's fault: exit 1, not a write error.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
for case in "freetype-composite-tree-of-2-to-the-24.ttf:a composite glyph of it is made of over 1024 glyphs" \
    "freetype-1000-edges-across-the-em.ttf:a glyph of it has an outline over 1000 ems long" \
    "sbix-png-1100-pixels-a-side.ttf:a colour glyph of it is a picture over 1024 pixels a side" \
    "cairo-cff-negative-local-subr.otf:its CFF outlines call a subroutine they lack" \
    "cairo-cff-fdselect-past-fdarray.otf:its CFF font dict selection names a dict it lacks" \
    "cff-subr-bomb-16-to-the-10.otf:a glyph of its CFF outlines takes over 64 KB to draw" \
    "cff-8000-edges-across-the-em.otf:a glyph of its CFF outlines has an outline over 1000 ems long" \
    "harfbuzz-gsub-lookahead-of-2048-in-1000-lookups.ttf:its GSUB table would make shaping text slow \\(contextual rules too long or too many\\)"; do
    f=${case%%:*}; why=${case#*:}
    cp "$SRC/fuzz/regressions/font/$f" font.ttf
    cat > t.yaml <<'Y'
name: t
fonts: [font.ttf]
components:
  - {type: text, text: "ABC", x: 10mm, y: 10mm}
Y
    for out in o.pdf o.png; do
        expect_status 1 "$f ($out)" -- timeout 20 "$PNPKIT" render t.yaml -o $out
        expect_stderr "^t\.yaml:2:9: fonts: font\.ttf: a font pnpkit does not draw: $why$" "$f ($out): message"
        expect_eq "$(wc -l < "$T/err")" 1 "$f ($out): one line"
        expect_no_file $out "$f ($out): no output"
    done
done

# 400 edges each across the em: cheap enough to keep, but at 200 pt and 300
# dpi FreeType's rasterizer runs out of room; at 100 dpi it draws.
cp "$SRC/tests/data/font-zigzag-400-edges.ttf" zig.ttf
cat > z.yaml <<'Y'
name: z
fonts: [zig.ttf]
components:
  - {type: text, text: "一丁", font: Hedgehog, size: 200, x: 5mm, y: 10mm}
Y
expect_status 0 "zigzag at 100 dpi" -- "$PNPKIT" render z.yaml -o z.png --dpi 100
expect_status 1 "zigzag at 300 dpi" -- "$PNPKIT" render z.yaml -o z3.png --dpi 300
expect_stderr "^z3\.png: a glyph of the document's fonts is too intricate for FreeType to draw at this size" "zigzag at 300 dpi: message"
expect_no_file z3.png "zigzag at 300 dpi: no output"

# A font just under the GSUB bound (600 lookups sharing one chaining rule
# with a 37-glyph lookahead: work 24 000, weight 480) sets about 2000
# characters a second. A page's text counts each byte 480 times against
# 8 MiB: one text of 4096 letters is drawn, sixteen (half a minute of work
# before) are refused at the text that passes, some 4 s in.
cp "$SRC/tests/data/font-gsub-weight-480.ttf" slow.ttf
As=$(printf '%4096s' | tr ' ' A)
{
    printf 'name: slow\nfonts: [slow.ttf]\ncomponents:\n'
    i=0
    while [ $i -lt 16 ]; do
        printf '  - {type: text, x: 10mm, y: %dmm, size: 4, font: Otl Test, text: "%s"}\n' $((5 + i * 4)) "$As"
        i=$((i + 1))
    done
} > slow.yaml
head -4 slow.yaml > one.yaml
expect_status 0 "one text in a slow font" -- timeout 20 "$PNPKIT" render one.yaml -o one.pdf
expect_status 1 "sixteen texts in a slow font" -- timeout 20 "$PNPKIT" render slow.yaml -o slow.pdf
expect_stderr "^slow\.yaml:8:6: text: the page would set more than 8388608 bytes of text, each counted 480 times for the cost of the template's own fonts \(their OpenType rules\); make the sheet's text shorter$" "sixteen texts: message names the fifth"
expect_no_file slow.pdf "sixteen texts: no output"
finish
