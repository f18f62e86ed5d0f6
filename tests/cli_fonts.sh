# cli_fonts.sh: a template's own font files (fonts:), read beside the template,
# embedded by cairo, drawn as outlines by haru, refused at their entry when bad.
. "$(dirname "$0")/lib.sh"

# Fonts from Debian packages the build already needs, renamed (file and
# family) so that no font configuration could find them but the template's.
serif=$(fc-match -f '%{file}' 'DejaVu Serif')
hand=$(fc-match -f '%{file}' 'Comic Neue')
[ -f "$serif" ] && [ -f "$hand" ] && ok || bad "DejaVu Serif or Comic Neue is not installed"
mkdir -p "$T/d/fonts"
python3 - "$serif" "$T/d/fonts/Title.ttf" "DejaVu Serif:Pnpkit Serif" "DejaVuSerif:PnpkitSerif" <<'PY'
import sys
data = open(sys.argv[1], 'rb').read()
for pair in sys.argv[3:]:
    a, b = pair.split(':')
    for enc in ('latin-1', 'utf-16-be'):
        data = data.replace(a.encode(enc), b.encode(enc))
open(sys.argv[2], 'wb').write(data)
PY
python3 - "$hand" "$T/d/fonts/Ink.otf" "Comic Neue:Pnpkit Ink" "ComicNeue:PnpkitInk" <<'PY'
import sys
data = open(sys.argv[1], 'rb').read()
for pair in sys.argv[3:]:
    a, b = pair.split(':')
    for enc in ('latin-1', 'utf-16-be'):
        data = data.replace(a.encode(enc), b.encode(enc))
open(sys.argv[2], 'wb').write(data)
PY
cat > "$T/d/keep.yaml" <<'Y'
name: keep
page: {paper: a5}
fonts:
  - fonts/Title.ttf
  - fonts/Ink.otf
components:
  - {type: text, text: Dragon Keep, font: Pnpkit Serif, size: 20, x: 5mm, y: 5mm}
  - {type: text, text: Scribbled rules, font: pnpkit ink, size: 14, x: 5mm, y: 20mm}
  - {type: text, text: Plain label, x: 5mm, y: 35mm}
Y

# cairo: both fonts embedded, all text extractable.
expect_status 0 "cairo pdf" -- "$PNPKIT" render "$T/d/keep.yaml" -o "$T/c.pdf"
pdffonts "$T/c.pdf" > "$T/cf"
grep -Eq '^[A-Z]{6}\+PnpkitSerif +TrueType .* yes +yes' "$T/cf" && ok || bad "cairo: Pnpkit Serif not embedded: $(cat "$T/cf")"
# A template's CFF font is drawn as outlines, not given to cairo's CFF
# subsetter (a crafted one aborted it): no font of it in the PDF.
grep -q 'PnpkitInk' "$T/cf" && bad "cairo: Pnpkit Ink embedded: $(cat "$T/cf")" || ok
grep -q 'DejaVuSans ' "$T/cf" && ok || bad "cairo: the plain label's DejaVu Sans is missing"
pdftotext "$T/c.pdf" - > "$T/ct"
for w in "Dragon Keep" "Plain label"; do
    grep -q "$w" "$T/ct" && ok || bad "cairo: '$w' not extracted"
done
grep -q "Scribbled rules" "$T/ct" && bad "cairo: the outlined text was extracted" || ok
# ... yet it is drawn: the page has more ink than without that line.
grep -v 'Scribbled rules' "$T/d/keep.yaml" > "$T/d/noink.yaml"
"$PNPKIT" render "$T/d/noink.yaml" -o "$T/n.pdf" && ok || bad "cairo: the page without the line"
pdftoppm -r 100 -gray "$T/c.pdf" "$T/cp" && pdftoppm -r 100 -gray "$T/n.pdf" "$T/np" && ok || bad "cairo: pdftoppm"
python3 - "$T/cp-1.pgm" "$T/np-1.pgm" <<'PY' && ok || bad "cairo: the outlined line has no ink"
import sys
def dark(name):
    data = open(name, 'rb').read()
    w, h = map(int, data.split(b'\n')[1].split())
    return sum(1 for v in data[-w * h:] if v < 128)
sys.exit(0 if dark(sys.argv[1]) > dark(sys.argv[2]) + 100 else 1)
PY
# The same sheet measured with the template's font, not a stand-in: the
# title's width in the scene is DejaVu Serif's, wider than DejaVu Sans's.
"$PNPKIT" render "$T/d/keep.yaml" -f scene -o "$T/k.scene" && ok || bad "scene"
sed 's/font: Pnpkit Serif, //' "$T/d/keep.yaml" > "$T/d/sans.yaml"
"$PNPKIT" render "$T/d/sans.yaml" -f scene -o "$T/s.scene" && ok || bad "sans scene"
ks=$(grep 'Dragon Keep' "$T/k.scene"); ss=$(grep 'Dragon Keep' "$T/s.scene")
grep -q 'Pnpkit Serif' "$T/k.scene" && ok || bad "scene does not name the family: $ks"
[ -n "$ks" ] && [ "$ks" != "$ss" ] && ok || bad "title measured alike in both fonts: $ks"

# haru: a template's fonts never reach libharu (its TrueType reader crashes on
# damaged files): the TrueType and the CFF font are both drawn as outlines (no
# font object, no text); text in the built-in fonts stays text.
expect_status 0 "haru pdf" -- "$PNPKIT" render "$T/d/keep.yaml" --backend haru -o "$T/h.pdf"
pdffonts "$T/h.pdf" > "$T/hf"
grep -q 'PnpkitSerif' "$T/hf" && bad "haru: a template's TrueType font embedded: $(cat "$T/hf")" || ok
grep -q 'PnpkitInk' "$T/hf" && bad "haru: a CFF font embedded" || ok
pdftotext "$T/h.pdf" - > "$T/ht"
grep -q "Dragon Keep" "$T/ht" && bad "haru: outlined title extracted" || ok
grep -q "Plain label" "$T/ht" && ok || bad "haru: label not extracted"
grep -q "Scribbled" "$T/ht" && bad "haru: outlined text extracted" || ok
pdftoppm -r 30 -gray "$T/h.pdf" "$T/hp" && ok || bad "haru pdf does not rasterise"

# Deterministic, and found from any working directory.
"$PNPKIT" render "$T/d/keep.yaml" -o "$T/c2.pdf" && cmp -s "$T/c.pdf" "$T/c2.pdf" && ok || bad "cairo PDF differs between runs"
"$PNPKIT" render "$T/d/keep.yaml" --backend haru -o "$T/h2.pdf" && cmp -s "$T/h.pdf" "$T/h2.pdf" && ok || bad "haru PDF differs between runs"
(cd / && "$PNPKIT" render "$T/d/keep.yaml" -o "$T/c3.pdf") && cmp -s "$T/c.pdf" "$T/c3.pdf" && ok || bad "from / the PDF differs"
expect_status 0 "svg" -- "$PNPKIT" render "$T/d/keep.yaml" -o "$T/k.svg"
expect_status 0 "lint" -- "$PNPKIT" lint "$T/d/keep.yaml"

# Bad entries: exit 1, the entry's place, no output.
cd "$T/d"
echo "not a font" > fonts/junk.ttf
printf 'ttcf\0\2\0\0' > fonts/pack.ttc
printf '\0\1\0\0' > fonts/huge.ttf && truncate -s 17M fonts/huge.ttf
mkdir -p fonts/dir.ttf
for case in "fonts/missing.ttf:No such file or directory" \
    "fonts/junk.ttf:not a TrueType or OpenType font" \
    "fonts/pack.ttc:a font collection \(.ttc\): give one font file \(.ttf or .otf\)" \
    "fonts/huge.ttf:larger than 16 MB" \
    "fonts/dir.ttf:not a regular file"; do
    f=${case%%:*}; why=${case#*:}
    sed "s#fonts/Ink.otf#$f#" keep.yaml > bad.yaml
    expect_status 1 "$f" -- "$PNPKIT" render bad.yaml -o out.pdf
    expect_stderr "^bad.yaml:5:5: fonts: $f: $why$" "$f message"
    expect_no_file out.pdf "$f output"
done
printf '\0\1\0\0 not really a font' > fonts/fake.ttf
sed "s#fonts/Ink.otf#fonts/fake.ttf#" keep.yaml > bad.yaml
expect_status 1 "fake sfnt" -- "$PNPKIT" render bad.yaml --backend haru -o out.pdf
expect_stderr "^bad.yaml:5:5: fonts: fonts/fake.ttf: a damaged font: its table directory runs past the end of the file$" "fake sfnt message"
# A name table whose records run past its end (found by the font harness):
# FreeType and fontconfig read the font, and cairo's subsetter (1.16) then
# read past the table and killed `render` with SIGSEGV while writing the PDF.
cp "$SRC/tests/data/font-name-table-damaged.ttf" fonts/named.ttf
sed "s#fonts/Ink.otf#fonts/named.ttf#" keep.yaml > bad.yaml
expect_status 1 "damaged name table" -- "$PNPKIT" render bad.yaml -o out.pdf
expect_stderr "^bad.yaml:5:5: fonts: fonts/named.ttf: a damaged font: its name table is damaged$" "damaged name table message"
expect_no_file out.pdf "damaged name table output"
{ echo "name: many"; echo "fonts:"; for i in 1 2 3 4 5 6 7 8 9; do echo "  - fonts/Title.ttf"; done
  echo "components: []"; } > many.yaml
expect_status 1 "nine files" -- "$PNPKIT" render many.yaml -o out.pdf
expect_stderr "^many.yaml:11:5: fonts: more than 8 font files$" "nine files message"
sed 's/font: pnpkit ink/font: Old English/' keep.yaml > bad.yaml
expect_status 1 "unknown family" -- "$PNPKIT" render bad.yaml -o out.pdf
expect_stderr "^bad.yaml:8:47: text: font 'Old English' is none of sans, mono, hand, Pnpkit Serif, Pnpkit Ink" "unknown family message"
expect_no_file out.pdf "unknown family output"
printf 'name: x\nfonts: fonts/Title.ttf\ncomponents: []\n' > bad.yaml
expect_status 1 "not a list" -- "$PNPKIT" render bad.yaml -o out.pdf
expect_stderr "^bad.yaml:2:8: " "not a list message"

# The guide's example, with its font beside it.
awk '/^## A template.s own fonts/ {s=1} s && /^```yaml$/ {on=1; next} on && /^```$/ {exit} on' "$SRC/docs/templates.md" > "$T/d/guide.yaml"
expect_status 0 "guide example" -- "$PNPKIT" render "$T/d/guide.yaml" -o "$T/g.pdf"
pdffonts "$T/g.pdf" | grep -q PnpkitSerif && ok || bad "guide example: font not embedded"
pdftotext "$T/g.pdf" - | grep -q "Dragon Keep" && ok || bad "guide example: title missing"
finish
