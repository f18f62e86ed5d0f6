# cli_cards.sh: card grids (--grid, --card, --gutter) at the cards' own size
# with cut marks, mirrored backs for long-edge duplex, printer correction
# (--offset, --scale), the calibration page, the guide's example, and the
# usage errors (exit 2, no output).
. "$(dirname "$0")/lib.sh"

cp "$SRC/tests/data/img/sun.svg" "$T/sun.svg"
# The guide's example: the first yaml block after "## Card grids".
awk '/^## Card grids/ {s=1} s && /^```yaml$/ {n++; on=1; next} on && /^```$/ {on=0; if (n==2) exit} on {print > (n==1 ? "'"$T"'/front.yaml" : "'"$T"'/back.yaml")}' "$SRC/docs/templates.md"
[ -s "$T/front.yaml" ] && [ -s "$T/back.yaml" ] && ok || bad "no card example in docs/templates.md"
pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }

expect_status 0 "grid with backs" -- "$PNPKIT" render "$T/front.yaml" --grid 3x3 --gutter 2mm --backs "$T/back.yaml" --pages 12 -o "$T/deck.pdf"
expect_eq "$(pages "$T/deck.pdf")" 4 "12 cards: two papers of fronts, each followed by its backs"
pdfinfo "$T/deck.pdf" | grep -q "595.276 x 841.89 pts (A4)" && ok || bad "A4 paper"
expect_status 0 "scene" -- "$PNPKIT" render "$T/front.yaml" --grid 3x3 --gutter 2mm --backs "$T/back.yaml" --pages 12 -f scene -o "$T/deck.scene"
# 3 x 63 + 2 x 2 = 193 mm across, 3 x 88 + 2 x 2 = 268 mm down: the block
# starts at (8.5, 14.5). Each card's frame is its own box 5 mm in.
awk '/^page/ {p++} p == 1 && /^path stroke=#333355/ {print $5, $6}' "$T/deck.scene" > "$T/fronts"
expect_eq "$(sed -n 1p "$T/fronts")" "13.50 19.50" "card 1 at column 1, row 1"
expect_eq "$(sed -n 2p "$T/fronts")" "78.50 19.50" "card 2: 63 mm + 2 mm gutter to the right"
expect_eq "$(sed -n 4p "$T/fronts")" "13.50 109.50" "card 4: 88 mm + 2 mm down"
expect_eq "$(wc -l < "$T/fronts" | tr -d ' ')" 9 "nine fronts on paper 1"
# Backs in mirrored columns (no gutter: columns at 10.5, 73.5, 136.5 mm,
# rows at 16.5, 104.5 mm): with 4 cards, card 4 (column 1, row 2) has its
# back in column 3 of row 2, so that it is behind its front when the paper is
# flipped on its long edge.
expect_status 0 "4 cards" -- "$PNPKIT" render "$T/front.yaml" --grid 3x3 --backs "$T/back.yaml" --pages 4 -f scene -o "$T/four.scene"
awk '/^page/ {p++} p == 2 && /^text "Back"/ {for (i = 1; i <= NF; i++) if ($i == "at") print $(i+1), $(i+2)}' "$T/four.scene" | sort > "$T/backs"
expect_eq "$(tr '\n' ' ' < "$T/backs")" "105.00 60.50 168.00 148.50 168.00 60.50 42.00 60.50 " "backs: row 1 full, row 2 in column 3 only"
# The last paper holds 3 cards and their 3 backs.
expect_eq "$(awk '/^page/ {p++} p == 3 && /^path stroke=#333355/' "$T/deck.scene" | wc -l | tr -d ' ')" 3 "paper 3: three fronts"
# Cut marks: the card edges carried past the block, outside the unprintable 5 mm.
grep -q "^path stroke=#000000 w=0.15 M 8.50 8.50 L 8.50 13.50$" "$T/deck.scene" && ok || bad "cut mark above the first column's left edge"
awk '/^path stroke=#000000 w=0.15/ {for (i = 5; i <= NF; i += 3) if ($i < 5 || $(i+1) < 5 || $i > 205 || $(i+1) > 292) bad = 1} END {exit bad}' "$T/deck.scene" && ok || bad "a cut mark in the unprintable border"

# --card overrides the template's size; a single card fills one paper.
expect_status 0 "--card" -- "$PNPKIT" render "$T/front.yaml" --grid 4x3 --card 44x63mm --paper a4 --landscape -f scene -o "$T/mini.scene"
expect_eq "$(grep -c '^page 297.00 210.00$' "$T/mini.scene")" 1 "one landscape paper"
expect_eq "$(grep -c '^path stroke=#333355' "$T/mini.scene")" 12 "twelve mini cards"

# Printer correction: scale about the paper's centre, then offset.
expect_status 0 "calibration" -- "$PNPKIT" render calibration -f scene -o "$T/cal.scene"
grep -qx "path stroke=#000000 w=0.25 M 20.00 30.28 L 20.00 266.72" "$T/cal.scene" && ok || bad "line A 20 mm from the left edge"
grep -qx "path stroke=#000000 w=0.25 M 30.20 277.00 L 179.80 277.00" "$T/cal.scene" && ok || bad "line D 20 mm from the bottom edge"
# On any other paper the lines are 20 mm from its edges too, never scaled
# (on Letter they were 28 mm in, and K came out 7 % wrong).
expect_status 0 "calibration on Letter" -- "$PNPKIT" render calibration --paper letter -f scene -o "$T/call.scene"
grep -qx "path stroke=#000000 w=0.25 M 195.90 29.58 L 195.90 249.82" "$T/call.scene" && ok || bad "Letter: line B 20 mm from the right edge"
grep -qx "path stroke=#000000 w=0.25 M 30.55 259.40 L 185.35 259.40" "$T/call.scene" && ok || bad "Letter: line D 20 mm from the bottom edge"
expect_status 0 "calibration on A5" -- "$PNPKIT" render calibration --paper a5 -f scene -o "$T/cala5.scene"
grep -q "^path stroke=#000000 w=0.25 M 128.00 " "$T/cala5.scene" && ok || bad "A5: line B 20 mm from the right edge"
expect_status 0 "calibration lint on Letter and A5" -- "$PNPKIT" lint --strict calibration --paper letter
expect_status 0 "calibration lint on A5" -- "$PNPKIT" lint --strict calibration --paper a5
expect_status 0 "corrected" -- "$PNPKIT" render calibration --offset 1.5mm,-1 --scale 1.01 -f scene -o "$T/cal2.scene"
# x: 105 + (20 - 105) x 1.01 + 1.5 = 20.65; y: 148.5 + (30.28 - 148.5) x 1.01 - 1 = 28.098
grep -qx "path stroke=#000000 w=0.25 M 20.65 28.10 L 20.65 266.90" "$T/cal2.scene" && ok || bad "line A corrected"
expect_status 0 "corrected deck" -- "$PNPKIT" render "$T/front.yaml" --grid 3x3 --backs "$T/back.yaml" --offset 2,0 -f scene -o "$T/off.scene"
# No gutter: the block starts at x = (210 - 189) / 2 = 10.5, moved to 12.5.
grep -q "^path stroke=#000000 w=0.15 M 12.50 " "$T/off.scene" && ok || bad "cut marks moved 2 mm right"
expect_status 0 "calibration pdf" -- "$PNPKIT" render calibration -o "$T/cal.pdf"
pdftotext "$T/cal.pdf" - | grep -q "K = E / e" && ok || bad "calibration instructions"

# haru draws the same deck; backs are one shared page repeated.
expect_status 0 "haru deck" -- "$PNPKIT" render "$T/front.yaml" --grid 3x3 --backs "$T/back.yaml" --pages 27 --backend haru -o "$T/h.pdf"
expect_eq "$(pages "$T/h.pdf")" 6 "haru: 27 cards on three papers with backs"

# Usage errors: exit 2, nothing written.
for args in "--grid 4x4" "--grid 0x3" "--grid 3" "--backs $T/back.yaml" "--gutter 2mm" \
    "--grid 3x3 --nup 2" "--offset 30,0" "--offset 1" "--scale 2" "--scale x" \
    "--grid 3x3 --card 10x10mm" "--grid 3x3 --gutter 30mm"; do
    expect_status 2 "$args" -- "$PNPKIT" render "$T/front.yaml" $args -o "$T/x.pdf"
    expect_no_file "$T/x.pdf" "$args: no output"
done
"$PNPKIT" render "$T/front.yaml" --grid 4x4 -o "$T/x.pdf" 2>"$T/err"
expect_stderr "takes 252x352mm; the 210x297mm paper has 200x287mm inside its unprintable border" "too many cards for the paper"
# A back template with an error: its place, exit 1.
printf 'name: b\ncomponents:\n  - {type: rect, w: 9999mm}\n' > "$T/badback.yaml"
expect_status 1 "bad backs" -- "$PNPKIT" render "$T/front.yaml" --grid 3x3 --backs "$T/badback.yaml" -o "$T/x.pdf"
expect_stderr "badback.yaml:3:" "the back template's error has its place"
expect_no_file "$T/x.pdf" "bad backs: no output"
finish
