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
[ "$n" -ge 2 ] && ok || bad "examples missing ($n)"

# Hex Islands: one landscape A4 with 15 x 11 hexes, numbered, with its art.
expect_status 0 "hex-islands" -- "$PNPKIT" render "$EX/hex-islands/hex-islands.yaml" -o "$T/hex.pdf"
expect_eq "$(pdf_pages "$T/hex.pdf")" 1 "hex-islands: one page"
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
pdftotext "$T/solar.pdf" - | grep -q "Circle 48 Solar" && ok || bad "circle36-solar: title with the target"
expect_status 0 "circle36-solar scene" -- "$PNPKIT" render "$EX/circle36-solar/circle36-solar.yaml" -f scene -o "$T/solar.scene"
# four rings of ten sectors and the centre: 41 spaces
expect_eq "$(grep -cE '^slot (R|B|G|O)[0-9]+ |^slot Y ' "$T/solar.scene")" 41 "circle36-solar: 41 spaces"
expect_eq "$(grep -c '^image sun.svg svg' "$T/solar.scene")" 3 "circle36-solar: three suns"
finish
