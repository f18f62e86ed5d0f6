# cli_examples.sh: every design in examples/ renders (PDF, and its page count
# and size) and passes "pnpkit lint --strict".
. "$(dirname "$0")/lib.sh"

EX="$SRC/examples"
pdf_pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }
pdf_size() { pdfinfo "$1" | awk '/^Page size:/ {print $3 "x" $5}'; }

n=0
for y in "$EX"/*/*.yaml; do
    case $y in */back*.yaml) continue ;; esac
    n=$((n + 1))
    name=$(basename "$y" .yaml)
    expect_status 0 "$name lint --strict" -- "$PNPKIT" lint --strict "$y"
    expect_stdout "no problems found" "$name is clean"
done
[ "$n" -ge 3 ] && ok || bad "examples missing ($n)"
expect_status 0 "elements back lint --strict" -- "$PNPKIT" lint --strict "$EX/elements-deck/back.yaml"

# Hex Islands: one landscape A4 with 15 x 11 hexes, numbered, with its art.
expect_status 0 "hex-islands" -- "$PNPKIT" render "$EX/hex-islands/hex-islands.yaml" -o "$T/hex.pdf"
expect_eq "$(pdf_pages "$T/hex.pdf")" 1 "hex-islands: one page"
# the palms and ships are each drawn twice: one entry per image in the resources
expect_qpdf_ok "$T/hex.pdf" "hex-islands"
expect_eq "$(pdf_size "$T/hex.pdf")" "841.89x595.276" "hex-islands: landscape A4"
expect_status 0 "hex-islands scene" -- "$PNPKIT" render "$EX/hex-islands/hex-islands.yaml" -f scene -o "$T/hex.scene"
expect_eq "$(grep -c '^slot hex\.' "$T/hex.scene")" 165 "hex-islands: 15 x 11 hexes"
expect_eq "$(grep -c '^image palm.svg svg' "$T/hex.scene")" 2 "hex-islands: two palms"
expect_eq "$(grep -c '^image ship.svg svg' "$T/hex.scene")" 2 "hex-islands: two ships"
# the heart of the island is land, the corners deep sea
grep -q 'fill=#5aae61' "$T/hex.scene" && ok || bad "hex-islands: land"
expect_eq "$(grep -c 'fill=#4a86c5' "$T/hex.scene" | awk '{print ($1 > 20)}')" 1 "hex-islands: deep sea around"

# Circle 36 Solar: the variant's board with the suns.
expect_status 0 "circle36-solar" -- "$PNPKIT" render "$EX/circle36-solar/circle36-solar.yaml" -o "$T/solar.pdf"
expect_eq "$(pdf_size "$T/solar.pdf")" "595.276x841.89" "circle36-solar: A4"
expect_qpdf_ok "$T/solar.pdf" "circle36-solar"
pdftotext "$T/solar.pdf" - | grep -q "Circle 48 Solar" && ok || bad "circle36-solar: title with the target"
expect_status 0 "circle36-solar scene" -- "$PNPKIT" render "$EX/circle36-solar/circle36-solar.yaml" -f scene -o "$T/solar.scene"
# four rings of ten sectors and the centre: 41 spaces
expect_eq "$(grep -cE '^slot (R|B|G|O)[0-9]+ |^slot Y ' "$T/solar.scene")" 41 "circle36-solar: 41 spaces"
expect_eq "$(grep -c '^image sun.svg svg' "$T/solar.scene")" 3 "circle36-solar: three suns"
# Elements: 12 cards from cards.csv, 3 x 3 with backs: 2 papers of fronts,
# each followed by its backs; each card's art is its element's picture.
D="$EX/elements-deck"
expect_status 0 "elements deck" -- "$PNPKIT" render "$D/elements.yaml" --grid 3x3 --gutter 2mm --backs "$D/back.yaml" -o "$T/deck.pdf"
expect_eq "$(pdf_pages "$T/deck.pdf")" 4 "elements: 4 pages"
expect_qpdf_ok "$T/deck.pdf" "elements"
expect_eq "$(grep -ac '/Subtype /Form' "$T/deck.pdf" | awk '{print ($1 >= 4)}')" 1 "elements: the four pictures as vectors"
pdftotext -f 1 -l 1 "$T/deck.pdf" - | grep -q "Wildfire" && ok || bad "elements: a card's name from the CSV"
pdftotext -f 3 -l 3 "$T/deck.pdf" - | grep -q "Tempest" && ok || bad "elements: card 12 on the second paper"
pdftotext -f 2 -l 2 "$T/deck.pdf" - | grep -c "ELEMENTS" | grep -qx 9 && ok || bad "elements: nine backs"
expect_status 0 "elements scene" -- "$PNPKIT" render "$D/elements.yaml" --grid 3x3 --gutter 2mm --backs "$D/back.yaml" -f scene -o "$T/deck.scene"
awk '/^page/ {p++} p == 1 && /^image/ {print $2}' "$T/deck.scene" | tr '\n' ' ' > "$T/art"
expect_eq "$(cat "$T/art")" "fire.svg fire.svg fire.svg water.svg water.svg water.svg earth.svg earth.svg earth.svg " "elements: art by element, row by row"
# the rules text wraps inside its 47 mm box: several lines of text per card
awk '/^page/ {p++} p == 1 && /^text "Every beacon/ {print}' "$T/deck.scene" | grep -q . && ok || bad "elements: wrapped rules text"
# Print-shop deck: 18 cards from 8 rows (the count column), 3 mm bleed. As
# 3x3 sheets on A4 with shared cut lines: 2 papers of fronts, each followed
# by its backs; as one card a page: 36 pages, every one with its boxes.
D="$EX/print-shop-deck"
expect_status 0 "print-shop sheets" -- "$PNPKIT" render "$D/deck.yaml" --grid 3x3 --gutter 0 --bleed 3mm --backs "$D/back.yaml" -o "$T/shop.pdf"
expect_eq "$(pdf_pages "$T/shop.pdf")" 4 "print-shop: 4 A4 pages"
expect_qpdf_ok "$T/shop.pdf" "print-shop sheets"
pdftotext -f 3 -l 3 "$T/shop.pdf" - | grep -q "Pepper" && ok || bad "print-shop: card 18 on the second paper"
pdftotext -f 3 -l 3 "$T/shop.pdf" - | grep -q "18 / 18" && ok || bad "print-shop: the last card numbered 18 / 18"
pdftotext -f 4 -l 4 "$T/shop.pdf" - | grep -q "trade" && ok || bad "print-shop: a back names its card's suit"
expect_status 0 "print-shop single" -- "$PNPKIT" render "$D/deck.yaml" --layout single --bleed 3mm --backs "$D/back.yaml" -o "$T/shop1.pdf"
expect_eq "$(pdf_pages "$T/shop1.pdf")" 36 "print-shop: 18 cards and their backs"
expect_qpdf_ok "$T/shop1.pdf" "print-shop single"
pdfinfo -box -f 1 -l 36 "$T/shop1.pdf" > "$T/box"
expect_eq "$(grep -c 'TrimBox: *8.50 *8.50 *187.09 *257.95' "$T/box")" 36 "print-shop: a 63x88 TrimBox on every page"
expect_eq "$(grep -c 'BleedBox: *0.00 *0.00 *195.59 *266.46' "$T/box")" 36 "print-shop: a 69x94 BleedBox on every page"
# No card's ink past its clip box (trim, plus the bleed round the block),
# and no two clip boxes overlap.
expect_status 0 "print-shop scene" -- "$PNPKIT" render "$D/deck.yaml" --grid 3x3 --gutter 0 --bleed 3mm --backs "$D/back.yaml" -f scene -o "$T/shop.scene"
for p in 1 2 3 4; do
    awk -v p="$p" '/^page/ {n++} n == p && /^clip [0-9]/ {print $2, $3, $4, $5}' "$T/shop.scene" > "$T/clips"
    expect_eq "$(grep -c . "$T/clips")" 9 "print-shop page $p: nine clipped cards"
    awk '{x[NR] = $1; y[NR] = $2; w[NR] = $3; h[NR] = $4}
         END {for (i = 1; i <= NR; i++) for (j = i + 1; j <= NR; j++)
                  if (x[i] < x[j] + w[j] - 0.001 && x[j] < x[i] + w[i] - 0.001 && y[i] < y[j] + h[j] - 0.001 && y[j] < y[i] + h[i] - 0.001) exit 1}' "$T/clips" && ok || bad "print-shop page $p: clip boxes overlap"
done
expect_eq "$(awk '/^clip [0-9]/ {print $2, $3, $4, $5; exit}' "$T/shop.scene")" "7.50 13.50 66.00 91.00" "print-shop: card 1 with the bleed on its outer edges"
grep -q '^path fill=#2a9d8f M 7.50 13.50 L 76.50 13.50' "$T/shop.scene" && ok || bad "print-shop: card 1's colour from the outer bleed"
finish
