# cli_glyphs.sh: text with characters no font pnpkit uses can draw is an error
# naming them and the Debian package that has them, never a row of boxes; with
# that package installed (fonts-noto-cjk for Chinese, Japanese, Korean), the
# text is drawn with it; emoji and symbols are drawn with Symbola. Holds on machines with and without the package.
. "$(dirname "$0")/lib.sh"

cat >"$T/label.yaml" <<'EOF2'
name: label
params:
  heading: {type: string, default: "Scores"}
components:
  - {type: text, x: 50%, y: 10mm, text: "${heading}", size: 20, align: center}
EOF2
# Egyptian hieroglyphs: no font pnpkit configures has them, installed or not.
expect_status 1 "hieroglyphs" -- "$PNPKIT" render "$T/label.yaml" --set 'heading=A 𓀀𓀁 B' -o "$T/h.pdf"
expect_stderr "^$T/label.yaml:5:6: text: .*no font pnpkit uses has 𓀀, 𓀁 \(U\+13000, U\+13001\), and no Debian font package pnpkit knows of has them$" "hieroglyphs message"
expect_no_file "$T/h.pdf" "no file with missing glyphs"
# Japanese: drawn with Noto Sans CJK when fonts-noto-cjk is installed, else an
# error that names the package.
if [ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ]; then
    expect_status 0 "Japanese with fonts-noto-cjk" -- "$PNPKIT" render "$T/label.yaml" --set 'heading=日本語' -o "$T/j.pdf"
    if command -v pdffonts >/dev/null; then
        pdffonts "$T/j.pdf" | grep -q "NotoSansCJK" && ok || bad "the CJK text is set in Noto Sans CJK: $(pdffonts "$T/j.pdf")"
    fi
    command -v pdftotext >/dev/null && { pdftotext "$T/j.pdf" - | grep -q "日本語" && ok || bad "the Japanese text is in the PDF"; }
else
    expect_status 1 "Japanese without fonts-noto-cjk" -- "$PNPKIT" render "$T/label.yaml" --set 'heading=日本語' -o "$T/j.pdf"
    expect_stderr "no font pnpkit uses has 日, 本, 語 \(U\+65E5, U\+672C, U\+8A9E\); the Debian package fonts-noto-cjk has them" "names fonts-noto-cjk"
    expect_no_file "$T/j.pdf" "no file without the CJK fonts"
fi
# Emoji and symbols DejaVu lacks: drawn as outlines from Symbola
# (fonts-symbola, which scripts/install-deps installs), black like the text
# around them, and found again in the text layer; the compact backend draws
# them as outlines too.
expect_status 0 "a die emoji" -- "$PNPKIT" render "$T/label.yaml" --set 'heading=Ana 🎲 🂡' -o "$T/e.pdf"
pdffonts "$T/e.pdf" | grep -q "Symbola .*yes yes yes" && ok || bad "Symbola embedded: $(pdffonts "$T/e.pdf")"
pdftotext "$T/e.pdf" - | grep -q "Ana 🎲 🂡" && ok || bad "the emoji in the text layer: $(pdftotext "$T/e.pdf" - | head -3)"
expect_status 0 "without the emoji" -- "$PNPKIT" render "$T/label.yaml" --set 'heading=Ana' -o "$T/e0.pdf"
expect_status 0 "a die emoji, haru" -- "$PNPKIT" render "$T/label.yaml" --set 'heading=Ana 🎲' --backend haru -o "$T/eh.pdf"
expect_status 0 "without the emoji, haru" -- "$PNPKIT" render "$T/label.yaml" --set 'heading=Ana' --backend haru -o "$T/eh0.pdf"
pdftoppm -r 50 -gray "$T/eh.pdf" "$T/eh" && pdftoppm -r 50 -gray "$T/eh0.pdf" "$T/eh0" && ok || bad "rasterise"
cmp -s "$T/eh-1.pgm" "$T/eh0-1.pgm" && bad "the haru PDF does not draw the die" || ok
# Emoji newer than Unicode 9 are in no outline font Debian packages.
expect_status 1 "a Unicode 11 emoji" -- "$PNPKIT" render "$T/label.yaml" --set 'heading=🥳' -o "$T/n.pdf"
expect_stderr "no font pnpkit uses has 🥳 \(U\+1F973\), and no Debian font package pnpkit knows of has it$" "newer emoji message"
# Text the shipped fonts cover is unaffected: accents, Greek, Cyrillic, the sun sign.
expect_status 0 "covered text" -- "$PNPKIT" render "$T/label.yaml" --set 'heading=Ærø ΑΒΓ Щ ☉' -o "$T/c.pdf"
# Control characters would print as hex boxes: the render stops, naming them;
# tabs and line ends are set as space and line breaks.
printf 'name: ctl\ncomponents:\n  - {type: text, x: 0, y: 10mm, text: "a\\tb c\\rd\\u2028e"}\n  - {type: text, x: 0, y: 30mm, text: "esc\\e[31mred bell\\a"}\n' > "$T/ctl.yaml"
expect_status 1 "control characters" -- "$PNPKIT" render "$T/ctl.yaml" -o "$T/ctl.pdf"
expect_stderr "^$T/ctl\.yaml:4:6: text: the control characters U\+001B, U\+0007 would print as boxes: take them out of the text$" "control characters: named at their text"
expect_no_file "$T/ctl.pdf" "control characters: no output"
# A NUL written as an escape would cut the text (or a title, a choice, a
# slot id, a key) short where C strings end: refused at its place.
printf 'name: nul\ntitle: "Secret\\0 title"\ncomponents:\n  - {type: text, x: 0, y: 10mm, text: "h"}\n' > "$T/nul.yaml"
expect_status 1 "a NUL in a title" -- "$PNPKIT" render "$T/nul.yaml" -o "$T/nul.pdf"
expect_stderr "^$T/nul\.yaml:2:9: a NUL character \(U\+0000\) is not allowed: it would cut the text short$" "a NUL: at its value"
expect_no_file "$T/nul.pdf" "a NUL: no output"
printf 'name: nul\ncomponents:\n  - {type: text, x: 0, y: 10mm, "te\\u0000xt": "h"}\n' > "$T/nulk.yaml"
expect_status 1 "a NUL in a key" -- "$PNPKIT" lint "$T/nulk.yaml"
expect_stderr "^$T/nulk\.yaml:3:34: a NUL character" "a NUL in a key: at the key"
sed -i '$d' "$T/ctl.yaml"
expect_status 0 "tabs and line ends" -- "$PNPKIT" render "$T/ctl.yaml" -o "$T/ctl.pdf"
expect_status 1 "a control character, haru" -- "$PNPKIT" render "$T/label.yaml" --set "heading=$(printf 'a\001b')" --backend haru -o "$T/ctlh.pdf"
expect_stderr "the control character U\+0001 would print as a box: take it out of the text$" "a control character, haru: message"
finish
