# cli_hexfill.sh: a hex map coloured from data: a hex-grid's fill and
# label_color worked out per hex from expressions over the hex's col, row, q
# and r (and parameters or data columns, through pick and char), labels that
# stay readable on dark fills by default, and errors that name the hex.
. "$(dirname "$0")/lib.sh"

cat > "$T/map.yaml" <<'YAML'
# Terrain from a data column: one letter a hex, row by row.
name: map
page: {paper: a4, margin: 10mm}
data:
  - {terrain: "WWFFMMPPWF"}
  - {terrain: "FFFFFWWWWW"}
components:
  - {type: hex-grid, x: 0, y: 0, size: 10mm, cols: 5, rows: 2, labels: offset,
     fill: "${pick(char(terrain, (row - 1) * 5 + col), 'W', '#1f4e99', 'F', 'forestgreen', 'M', 'grey', 'wheat')}"}
  - {type: hex-grid, x: 0, y: 60mm, size: 10mm, cols: 3, rows: 2, labels: axial, prefix: b,
     fill: "${(q + r) % 2 == 0 ? 'black' : 'white'}", label_color: "${col == 3 ? 'red' : 'auto'}"}
YAML
expect_status 0 "a map from data renders" -- "$PNPKIT" render "$T/map.yaml" --format scene -o "$T/map.scene"
# Sheet 1: W W F F M / M P P W F -> one path per colour, in order of first use.
awk '/^page/ {p++} p == 1 && /^path fill/ {print $2}' "$T/map.scene" | tr '\n' ' ' > "$T/fills1"
expect_eq "$(cat "$T/fills1")" "fill=#1f4e99 fill=#228b22 fill=#808080 fill=#f5deb3 fill=#000000 fill=#ffffff " "sheet 1: water, forest, mountain, plain, then the chequer"
# hex 0101 is water: its outline (pointy, size 10, at 10 mm margin) is in the water path
awk '/^page/ {p++} p == 1 && /^path fill=#1f4e99/' "$T/map.scene" | grep -q 'M 27.32 25.00 L 18.66 30.00 L 10.00 25.00 L 10.00 15.00 L 18.66 10.00 L 27.32 15.00 Z' && ok || bad "hex 0101 drawn as water"
expect_eq "$(awk '/^page/ {p++} p == 1 && /^path fill=#1f4e99/' "$T/map.scene" | grep -o 'Z' | wc -l)" 3 "three water hexes on sheet 1"
expect_eq "$(awk '/^page/ {p++} p == 2 && /^path fill=#1f4e99/' "$T/map.scene" | grep -o 'Z' | wc -l)" 5 "five water hexes on sheet 2 (its own row of data)"
# Labels: white on water, forest and mountain; the grid's grey on wheat.
label() { awk -v l="$1" '/^page/ {p++} p == 1 && $1 == "text" && $2 == "\"" l "\"" {for (i = 1; i <= NF; i++) if ($i ~ /^color=/) print $i}' "$T/map.scene"; }
expect_eq "$(label 0101)" "color=#ffffff" "white label on dark water"
expect_eq "$(label 0501)" "color=#ffffff" "white label on grey mountain"
expect_eq "$(label 0202)" "color=#737373" "grey label on light wheat"
expect_eq "$(label 0,0)" "color=#ffffff" "white label on black"
expect_eq "$(label 1,0)" "color=#737373" "grey label on white"
expect_eq "$(label 2,0)" "color=#ff0000" "label_color per hex: red in column 3"
# One colour for the whole grid still draws one path with fill and outline.
printf 'name: one\ncomponents:\n  - {type: hex-grid, cols: 3, rows: 3, fill: "#abcdef", labels: offset}\n' > "$T/one.yaml"
"$PNPKIT" render "$T/one.yaml" --format scene -o "$T/one.scene"
expect_eq "$(grep -c '^path' "$T/one.scene")" 1 "a single fill: one path"
grep -q '^path fill=#abcdef stroke=#000000' "$T/one.scene" && ok || bad "fill and outline together"
grep -q 'text "0101" .* color=#737373' "$T/one.scene" && ok || bad "grey labels on a light fill"
printf 'name: dark\ncomponents:\n  - {type: hex-grid, cols: 2, rows: 1, fill: "#202020", labels: offset}\n' > "$T/dark.yaml"
"$PNPKIT" render "$T/dark.yaml" --format scene -o "$T/dark.scene"
grep -q 'text "0101" .* color=#ffffff' "$T/dark.scene" && ok || bad "white labels on one dark fill"

# Errors name the hex and the data row.
sed "s/'M', 'grey'/'M', 'greyish'/" "$T/map.yaml" > "$T/bad.yaml"
expect_status 1 "a bad colour for one hex" -- "$PNPKIT" render "$T/bad.yaml" -o "$T/bad.pdf"
expect_stderr "^$T/bad.yaml:9:13: fill: 'greyish' is not a colour .*\(where col = 5, row = 1, q = 4, r = 0\) \(data row 1, $T/bad.yaml line 5\)$" "bad hex colour at its place, with the hex"
expect_no_file "$T/bad.pdf" "no file for a bad hex colour"
sed "s/(row - 1) \* 5 + col/(row - 1) * 5 + col + 1/" "$T/map.yaml" > "$T/past.yaml"
expect_status 1 "char past the end" -- "$PNPKIT" render "$T/past.yaml" -o "$T/past.pdf"
expect_stderr "char: 11 is not a place in a text of 10 characters \(where col = 5, row = 2" "char past the end names the hex"
sed "s/, 'wheat')/)/" "$T/map.yaml" > "$T/nodef.yaml"
expect_status 1 "pick without a default" -- "$PNPKIT" render "$T/nodef.yaml" -o "$T/nodef.pdf"
expect_stderr "pick: no choice for 'P' and no default \(where col = 2, row = 2" "pick names the key"
sed "s/label_color: \"\${col == 3 ? 'red' : 'auto'}\"/label_color: reddish/" "$T/map.yaml" > "$T/badlabel.yaml"
expect_status 1 "a bad label colour" -- "$PNPKIT" render "$T/badlabel.yaml" -o "$T/badlabel.pdf"
expect_stderr "^$T/badlabel.yaml:11:68: hex-grid: label_color: 'reddish' is not a colour \(or auto\)" "bad label colour"
finish
