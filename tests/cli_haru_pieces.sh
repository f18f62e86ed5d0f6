# cli_haru_pieces.sh: haru pads long enough to be saved in several pieces and
# joined, beyond the plain boards cli_haru.sh checks: images with a soft mask
# stored once across pieces, a TrueType font (a document that embeds one is
# not split, so its font file is stored once), --nup with
# --bleed, and standard output.
. "$(dirname "$0")/lib.sh"

pdf_pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }
# Objects of a PDF holding pattern, object streams unpacked.
count() { qpdf --qdf --object-streams=disable "$1" - 2>/dev/null | grep -ac "$2"; }

# The card deck: four art files, each a soft-masked image, on 150 cards. The
# images (and their masks) are stored once, as in a one-piece pad of 60 cards.
DECK="$SRC/examples/elements-deck/elements.yaml"
expect_status 0 "150 cards" -- "$PNPKIT" render "$DECK" --backend haru --pages 150 -o "$T/deck.pdf" -q
expect_status 0 "60 cards" -- "$PNPKIT" render "$DECK" --backend haru --pages 60 -o "$T/deck60.pdf" -q
expect_qpdf_ok "$T/deck.pdf" "the deck"
expect_eq "$(pdf_pages "$T/deck.pdf")" 150 "cards"
expect_eq "$(count "$T/deck.pdf" '/Subtype /Image')" "$(count "$T/deck60.pdf" '/Subtype /Image')" \
    "image objects of 150 cards"
expect_eq "$(count "$T/deck.pdf" '/SMask')" 4 "four soft-masked images"
# and every image stream deflated, the soft masks too (libharu itself leaves
# a PNG's alpha raw: the deck was 14 times larger)
raw=$(qpdf --json "$T/deck.pdf" | python3 -c '
import json, sys
j = json.load(sys.stdin)
objs = j["qpdf"][1] if "qpdf" in j else j["objects"]
st = [v["stream"]["dict"] for v in objs.values() if isinstance(v, dict) and "stream" in v]
img = [d for d in st if d.get("/Subtype") == "/Image"]
print(len(img), sum("/Filter" not in d for d in img))')
expect_eq "$raw" "8 0" "image streams (colours and masks), none of them raw"
# the same words on every card as cairo's deck, in order
"$PNPKIT" render "$DECK" --pages 150 -o "$T/deck-cairo.pdf" -q || bad "cairo deck"
pdftotext "$T/deck.pdf" "$T/deck.txt" && pdftotext "$T/deck-cairo.pdf" "$T/deck-cairo.txt"
cmp -s "$T/deck.txt" "$T/deck-cairo.txt" && ok || bad "the cards' words differ from cairo's"

# A TrueType font on 150 different sheets: words that only the last sheets
# use are embedded and readable, and the font file is there once. libharu
# embeds only the --ttf font (a template's own fonts are drawn as outlines),
# here the file the template lists, so its family is set in it.
serif=$(fc-match -f '%{file}' 'DejaVu Serif')
mkdir -p "$T/k/fonts"
python3 - "$serif" "$T/k/fonts/Title.ttf" "$T/k/keep.yaml" <<'PY'
import sys
data = open(sys.argv[1], 'rb').read()
for a, b in (("DejaVu Serif", "Pnpkit Serif"), ("DejaVuSerif", "PnpkitSerif")):
    for enc in ('latin-1', 'utf-16-be'):
        data = data.replace(a.encode(enc), b.encode(enc))
open(sys.argv[2], 'wb').write(data)
rows = "\n".join('  - {label: "%s %d"}' % ("Dragon" if i < 64 else
                  "Zephyr Ångström" if i < 128 else "Quixotic jumble", i) for i in range(150))
open(sys.argv[3], 'w').write("""name: keep
page: {paper: a5}
fonts:
  - fonts/Title.ttf
data:
%s
components:
  - {type: text, text: "${label}", font: Pnpkit Serif, size: 20, x: 5mm, y: 5mm}
  - {type: text, text: "Plain ${label}", size: 14, x: 5mm, y: 20mm}
""" % rows)
PY
expect_status 0 "150 sheets in a template font" -- \
    "$PNPKIT" render "$T/k/keep.yaml" --backend haru --ttf "$T/k/fonts/Title.ttf" -o "$T/keep.pdf" -q
expect_qpdf_ok "$T/keep.pdf" "the font pad"
expect_eq "$(pdf_pages "$T/keep.pdf")" 150 "sheets of the font pad"
expect_eq "$(count "$T/keep.pdf" '/FontFile2')" 1 "the template's font file stored once"
expect_eq "$(pdftotext -f 100 -l 100 "$T/keep.pdf" - | head -n 1)" "Zephyr Ångström 99" "sheet 100"
expect_eq "$(pdftotext -f 150 -l 150 "$T/keep.pdf" - | head -n 1)" "Quixotic jumble 149" "sheet 150"

# Four boards a paper with a bleed: 300 boards on 75 papers (two pieces), each
# paper with its print-shop boxes; the last paper holds the boards of seeds
# 297 to 300, as a 4-board render of those seeds shows them.
expect_status 0 "300 boards 4-up with a bleed" -- "$PNPKIT" render thinking-in-circles \
    --backend haru --pages 300 --nup 4 --bleed 3mm -o "$T/nup.pdf" -q
expect_qpdf_ok "$T/nup.pdf" "the 4-up pad"
expect_eq "$(pdf_pages "$T/nup.pdf")" 75 "papers"
pdfinfo -box -f 75 -l 75 "$T/nup.pdf" | grep -q "^Page   75 TrimBox:" && ok || bad "TrimBox on paper 75"
"$PNPKIT" render thinking-in-circles --backend haru --pages 4 --seed 297 --nup 4 --bleed 3mm \
    -o "$T/last.pdf" -q || bad "4 boards from seed 297"
pdftoppm -r 20 -gray -f 75 -l 75 "$T/nup.pdf" >"$T/a.pgm"
pdftoppm -r 20 -gray "$T/last.pdf" >"$T/b.pgm"
cmp -s "$T/a.pgm" "$T/b.pgm" && ok || bad "paper 75 is not the boards of seeds 297 to 300"

# Standard output gets the bytes the file gets, and nothing is left beside it.
"$PNPKIT" render thinking-in-circles --backend haru --pages 150 -o - -q >"$T/out.pdf" &&
    "$PNPKIT" render thinking-in-circles --backend haru --pages 150 -o "$T/file.pdf" -q &&
    cmp -s "$T/out.pdf" "$T/file.pdf" && ok || bad "standard output differs from the file"
expect_eq "$(ls -A "$T" | grep -c '^\.')" 0 "scratch files left"

finish
