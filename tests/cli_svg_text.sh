# cli_svg_text.sh: text inside an SVG image is set in real glyphs (librsvg
# uses the thread's default pango font map, which the command line leaves
# empty; the backends lend it the document's), by the cairo and the haru
# backend: ten Ws take far more ink than ten ls, where empty boxes (what such
# text was drawn as) take the same.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
cat > t.yaml <<'Y'
name: svgtext
components:
  - {type: image, src: w.svg, x: 10mm, y: 10mm, w: 100mm, h: 20mm}
  - {type: image, src: l.svg, x: 10mm, y: 40mm, w: 100mm, h: 20mm}
Y
for c in W l; do
    printf '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="20"><text x="2" y="16" font-size="16" font-family="sans-serif">%s</text></svg>\n' \
        "$(printf "$c%.0s" 1 2 3 4 5 6 7 8 9 10)" > "$(echo $c | tr W w).svg"
done
# ink PGM ROW: dark pixels in the 20 mm band from ROW mm down (4 pixels a mm)
ink() {
    python3 - "$1" "$2" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read()
parts = d.split(maxsplit=4)
w, h = int(parts[1]), int(parts[2])
px = parts[4][-w*h:]
top = int(float(sys.argv[2]) * 4)
print(sum(1 for y in range(top, top + 80) for x in range(w) if px[y*w + x] < 128))
PY
}
for backend in cairo haru; do
    expect_status 0 "$backend" -- "$PNPKIT" render t.yaml --backend "$backend" -o "$backend.pdf"
    pdftoppm -r 101.6 -gray -f 1 -l 1 "$backend.pdf" "$backend" && ok || bad "$backend: rasterise"
    w=$(ink "$backend"-1.pgm 10) l=$(ink "$backend"-1.pgm 40)
    [ "$l" -gt 20 ] && ok || bad "$backend: ten ls drew $l dark pixels"
    [ "$w" -gt $((l * 17 / 10)) ] && ok || bad "$backend: ten Ws drew $w dark pixels, ten ls $l (boxes draw as many)"
done
finish
