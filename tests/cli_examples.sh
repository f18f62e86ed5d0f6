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
finish
