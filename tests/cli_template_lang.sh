# cli_template_lang.sh: the examples of docs/templates.md for expressions,
# repeats, text, shapes and data render as the guide says (geometry in mm read
# from the scene dump), and bad values are refused at their line and column
# with exit 1 and no file.
. "$(dirname "$0")/lib.sh"

# doc_example NAME FILE: the ```yaml block after "<!-- example: NAME -->".
doc_example() {
    awk -v tag="<!-- example: $1 -->" '$0 == tag {f=1; next} f && /^```yaml$/ {on=1; next} on && /^```$/ {exit} on' \
        "$SRC/docs/templates.md" > "$2"
    [ -s "$2" ] && ok || bad "no example '$1' in docs/templates.md"
}

# --- repeats and expressions ---
doc_example repeats "$T/track.yaml"
expect_status 0 "repeats example renders" -- "$PNPKIT" render "$T/track.yaml" -o "$T/track.pdf"
"$PNPKIT" render "$T/track.yaml" --format scene -o "$T/track.scene"
# 30 boxes of 15 mm; box 12 is in the second column of the second row:
# x = 12 + 15, y = 12 + 12 + 15 (margin 12 mm, track 12 mm below the title).
expect_eq "$(grep -c 'M [0-9.]* [0-9.]* L [0-9.]* [0-9.]* L' "$T/track.scene")" 33 "30 boxes and 3 row slots"
grep -q 'M 27.00 39.00 L 42.00 39.00 L 42.00 54.00 L 27.00 54.00 Z' "$T/track.scene" && ok || bad "box 12 misplaced"
expect_eq "$(grep -c 'fill=#d9d9d9' "$T/track.scene")" 6 "every fifth box shaded"
grep -q '^text "Score track: 30 boxes in 3 rows"' "$T/track.scene" && ok || bad "title arithmetic"
grep -q '^text "15" font="DejaVu Sans" 11.0pt bold' "$T/track.scene" && ok || bad "box 15 bold and larger"
expect_eq "$(grep -c '^slot row' "$T/track.scene")" 3 "one slot per row"
"$PNPKIT" render "$T/track.yaml" --set n=7 --format scene -o "$T/track7.scene"
expect_eq "$(grep -c 'M [0-9.]* [0-9.]* L [0-9.]* [0-9.]* L' "$T/track7.scene")" 7 "n=7: 7 boxes, no row slots (one row)"
"$PNPKIT" render "$T/track.yaml" --set n=100 --set per_row=12 --format scene -o "$T/track100.scene"
expect_eq "$(grep -c '^slot row' "$T/track100.scene")" 9 "100 boxes in rows of 12: 9 rows"

# Errors: place inside the value, exit 1, no file written.
sed 's/"${(k - 1) % per_row \* box}mm"/"${(k - 1 % per_row * box}mm"/' "$T/track.yaml" > "$T/bad1.yaml"
expect_status 1 "unbalanced parenthesis" -- "$PNPKIT" render "$T/bad1.yaml" -o "$T/bad1.pdf"
expect_stderr "^$T/bad1.yaml:15:37: '\\)' expected at the end \\(where k = 1\\)$" "error inside the value"
expect_no_file "$T/bad1.pdf" "no file after an expression error"
sed 's/for: k in 1..$n/for: k in 1..$n * 1000/' "$T/track.yaml" > "$T/bad2.yaml"
expect_status 1 "runaway repeat" -- "$PNPKIT" render "$T/bad2.yaml" -o "$T/bad2.pdf"
expect_stderr "^$T/bad2.yaml:12:10: for: 1..30000 is more than 10000 rounds$" "repeat bound"
expect_no_file "$T/bad2.pdf" "no file after a runaway repeat"
sed 's/when: n \/ per_row >= 2/when: n \/ per_row >= "two"/' "$T/track.yaml" > "$T/bad3.yaml"
expect_status 1 "comparing a number with a text" -- "$PNPKIT" render "$T/bad3.yaml" -o "$T/bad3.pdf"
expect_stderr "^$T/bad3.yaml:29:23: when: cannot compare a number with a text$" "when comparison"

# --- text that wraps ---
doc_example text "$T/card.yaml"
expect_status 0 "text example renders" -- "$PNPKIT" render "$T/card.yaml" -o "$T/card.pdf"
"$PNPKIT" render "$T/card.yaml" --format scene -o "$T/card.scene"
# The rules text: 9 pt lines 9 * 1.2 pt = 3.81 mm apart, none wider than 48 mm,
# starting at x = 5 + 2.5 mm; "2" (the damage) bold in the third line.
grep '9.0pt' "$T/card.scene" | awk '{print $(NF-8), $(NF-7)}' > "$T/rules"
expect_eq "$(awk '{print $2}' "$T/rules" | sort -u | tr '\n' ' ')" "21.95 25.76 29.57 33.38 " "four lines 3.81 mm apart"
expect_eq "$(grep -c ' at 7.50 ' "$T/card.scene")" 4 "every rules line starts at x = 7.5 mm"
awk '/9.0pt/ {w[$(NF-7)] += $(NF-2)} END {for (y in w) if (w[y] > 48) print y, w[y]}' "$T/card.scene" > "$T/wide"
expect_eq "$(cat "$T/wide")" "" "no rules line wider than 48 mm"
grep -q '^text "2" font="DejaVu Sans" 9.0pt bold at [0-9.]* 29.57' "$T/card.scene" && ok || bad "bold run in the third line"
grep -q '^text "Once per round." font="DejaVu Sans" 9.0pt italic' "$T/card.scene" && ok || bad "italic run"
# Flavour text: two lines kept, the second ends in an ellipsis, the block's
# bottom at y = 5 + 74 mm, lines centred on x = 31.5 mm.
expect_eq "$(grep -c '7.0pt italic' "$T/card.scene")" 2 "max_lines keeps two lines"
grep '7.0pt italic' "$T/card.scene" | tail -1 | grep -q '…" ' && ok || bad "the last line kept ends in an ellipsis"
grep '7.0pt italic' "$T/card.scene" | awk '{c = $(NF-8) + $(NF-2) / 2; if (c < 31.45 || c > 31.55) print "off", c}' > "$T/centre"
expect_eq "$(cat "$T/centre")" "" "flavour lines centred on the card"
# The title shrinks from 14 pt to fit 49 mm.
grep -q '^text "Ambush at the Ford" font="DejaVu Sans" 12.5pt bold .* size 49.00 ' "$T/card.scene" && ok || bad "title fitted to 49 mm"

# Values put into markup are escaped.
cat > "$T/esc.yaml" <<'YAML'
name: esc
params:
  who: {type: string, default: "Ann <b>& Co"}
components:
  - {type: text, w: 100mm, markup: "<b>Winner:</b> ${who}"}
  - {type: text, y: 20mm, w: 100mm, markup: $who}
YAML
"$PNPKIT" render "$T/esc.yaml" --format scene -o "$T/esc.scene"
grep -q '^text " Ann <b>& Co" font="DejaVu Sans" 11.0pt at' "$T/esc.scene" && ok || bad "markup escapes \${who}"
grep -q '^text "Ann <b>& Co" font="DejaVu Sans" 11.0pt at' "$T/esc.scene" && ok || bad "markup escapes \$who"

# A title that would shrink below min_size is set at min_size and reported
# (the sheet is still made); markup left open and other markup are errors.
sed 's/max_width: 49mm/max_width: 20mm/' "$T/card.yaml" > "$T/small.yaml"
expect_status 0 "shrinking below min_size is a warning" -- "$PNPKIT" render "$T/small.yaml" -o "$T/small.pdf"
expect_stderr "^$T/small.yaml:10:6: warning: text \"Ambush at the Ford\" would shrink to 5.1 pt to fit max_width 20.0 mm, below min_size 6 pt: set at 6 pt, it runs 3.6 mm past max_width$" "min_size finding names the text"
[ -s "$T/small.pdf" ] && ok || bad "the sheet is made at min_size"
sed 's/max_width: 49mm/max_width: 20mm, min_size: 5/' "$T/card.yaml" > "$T/small5.yaml"
expect_status 0 "min_size lowered" -- "$PNPKIT" render "$T/small5.yaml" -o "$T/small5.pdf"
sed 's/<i>Once per round.<\/i>/<i>Once per round./' "$T/card.yaml" > "$T/open.yaml"
expect_status 1 "markup left open" -- "$PNPKIT" render "$T/open.yaml" -o "$T/open.pdf"
expect_stderr "^$T/open.yaml:12:5: text: markup: a tag is left open$" "open tag"
sed "s/<b>Ambush:<\\/b>/<span color='red'>Ambush:<\\/span>/" "$T/card.yaml" > "$T/span.yaml"
expect_status 1 "colour markup" -- "$PNPKIT" render "$T/span.yaml" -o "$T/span.pdf"
expect_stderr "^$T/span.yaml:12:5: text: markup: only <b>, <i> and spans of weight and style are allowed$" "other markup refused"
sed 's/<b>Ambush:<\/b>/<![CDATA[Ambush \& run:]]>/' "$T/card.yaml" > "$T/cdata.yaml"
expect_status 1 "a CDATA section" -- "$PNPKIT" render "$T/cdata.yaml" -o "$T/cdata.pdf"
expect_stderr "^$T/cdata.yaml:12:5: text: markup: a CDATA section" "a CDATA section would print nothing: refused"
expect_no_file "$T/cdata.pdf" "a CDATA section: no output"

# --- shapes, paths and hex grids ---
doc_example hexes "$T/hex.yaml"
expect_status 0 "hex example renders" -- "$PNPKIT" render "$T/hex.yaml" -o "$T/hex.pdf"
"$PNPKIT" render "$T/hex.yaml" --format scene -o "$T/hex.scene"
# 9 x 8 flat hexes of 9 mm: one round slot each; column 2 pushed down half a
# hex (sqrt(3) * 9 / 2 = 7.79 mm); the slots are the inscribed circles.
expect_eq "$(grep -c '^slot hex\.' "$T/hex.scene")" 72 "one slot per hex"
grep -q '^slot hex.1.1 11.21 10.00 15.59 15.59 round$' "$T/hex.scene" && ok || bad "hex 1.1"
grep -q '^slot hex.2.1 24.71 17.79 15.59 15.59 round$' "$T/hex.scene" && ok || bad "hex 2.1 pushed down"
grep -q '^slot hex.9.8 ' "$T/hex.scene" && ok || bad "hex 9.8"
grep -q '^path fill=#f2f7ee stroke=#000000 w=0.40 M 28.00 17.79 L 23.50 25.59 L 14.50 25.59 L 10.00 17.79 L 14.50 10.00 L 23.50 10.00 Z' "$T/hex.scene" && ok || bad "first flat hex outline"
for l in '0,0' '1,0' '2,-1' '8,-4' '0,7' '8,3'; do
    grep -q "^text \"$l\" " "$T/hex.scene" && ok || bad "axial label $l"
done
# The same grid pointy with offset labels: rows pushed right by sqrt(3) * 9 / 2.
sed 's/orient: flat, labels: axial/orient: pointy, labels: offset/' "$T/hex.yaml" > "$T/pointy.yaml"
"$PNPKIT" render "$T/pointy.yaml" --format scene -o "$T/pointy.scene"
grep -q '^slot hex.1.2 17.79 24.71 15.59 15.59 round$' "$T/pointy.scene" && ok || bad "pointy row 2 pushed right"
grep -q '^text "0101" ' "$T/pointy.scene" && grep -q '^text "0908" ' "$T/pointy.scene" && ok || bad "offset labels"
# The triangle: a corner at 12 o'clock, r = 5.4 mm, above the centre of hex 2.2.
grep -q '^path fill=#8c7b6b M 32.50 35.74 L 37.18 43.84 L 27.82 43.84 Z$' "$T/hex.scene" && ok || bad "polygon corners"
# The lake: a path of two elliptical arcs, drawn as four cubic curves.
expect_eq "$(grep '^path fill=#4a90d9' "$T/hex.scene" | grep -o ' C ' | wc -l)" 4 "arcs become curves"
grep -q '^path fill=#4a90d9 M 54.10 56.71 C .* 59.50 59.86 C .* 64.90 56.71 C .* 59.50 53.56 C .* 54.10 56.71 Z$' "$T/hex.scene" && ok || bad "lake ellipse through its four extremes"
# The rounded legend box: four corner arcs.
expect_eq "$(grep '^path fill=#fff8e0' "$T/hex.scene" | grep -o ' C ' | wc -l)" 4 "rounded corners"
grep -q '^path fill=#fff8e0 stroke=#000000 w=0.30 M 271.00 50.00 C 273.21 50.00 275.00 51.79 275.00 54.00 L 275.00 76.00 ' "$T/hex.scene" && ok || bad "rounded top-right corner of radius 4 mm"

# Path and shape errors: place in d, exit 1, no file.
cat > "$T/badpath.yaml" <<'YAML'
name: badpath
components:
  - {type: path, d: "M 0 0 L 10 10 X 5 5"}
YAML
expect_status 1 "bad path command" -- "$PNPKIT" render "$T/badpath.yaml" -o "$T/badpath.pdf"
expect_stderr "^$T/badpath.yaml:3:22: path: d: 'X' at character 15 is not a path command \(M L H V C S Q T A Z, lower case for relative\)$" "bad command named"
expect_no_file "$T/badpath.pdf" "no file after a bad path"
sed 's/M 0 0 L 10 10 X 5 5/L 10 10/' "$T/badpath.yaml" > "$T/nom.yaml"
expect_status 1 "path without M" -- "$PNPKIT" render "$T/nom.yaml" -o "$T/nom.pdf"
expect_stderr "path: d: a path starts with M \(a move\)$" "path starts with M"
sed 's/M 0 0 L 10 10 X 5 5/M 0 0 A 5 5 0 2 1 10 10/' "$T/badpath.yaml" > "$T/flag.yaml"
expect_status 1 "bad arc flag" -- "$PNPKIT" render "$T/flag.yaml" -o "$T/flag.pdf"
expect_stderr "path: d: an arc flag \(0 or 1\) expected at character 15$" "arc flag"
awk 'BEGIN {printf "name: many\ncomponents:\n  - type: path\n    d: >\n      M 0 0"; for (i = 0; i < 10000; i++) printf "%s h1", (i % 100 ? "" : "\n      "); print ""}' > "$T/many.yaml"
expect_status 1 "too many path commands" -- "$PNPKIT" render "$T/many.yaml" -o "$T/many.pdf"
expect_stderr "path: d: more than 10000 commands$" "path command limit"
printf 'name: s\ncomponents:\n  - {type: sector, r: 5mm, inner: 5mm}\n  - {type: arc, from: 10, to: 10}\n' > "$T/sector.yaml"
expect_status 1 "sector inner radius" -- "$PNPKIT" render "$T/sector.yaml" -o "$T/sector.pdf"
expect_stderr "^$T/sector.yaml:3:35: sector: inner 5mm is not less than r 5mm$" "sector inner"
printf 'name: s\ncomponents:\n  - {type: arc, from: 10, to: 10}\n' > "$T/arc.yaml"
expect_status 1 "empty arc" -- "$PNPKIT" render "$T/arc.yaml" -o "$T/arc.pdf"
expect_stderr "arc: from 10 to 10: an arc turns by more than 0 and at most 360 degrees$" "arc angles"
printf 'name: s\ncomponents:\n  - {type: hex-grid, cols: 61}\n' > "$T/hex61.yaml"
expect_status 1 "hex grid bound" -- "$PNPKIT" render "$T/hex61.yaml" -o "$T/hex61.pdf"
expect_stderr "cols: 61 is out of range \(1 to 60\)$" "hex cols bounded"

# --- data merge ---
doc_example data "$T/card.yaml"
expect_status 0 "data example renders" -- "$PNPKIT" render "$T/card.yaml" -o "$T/card.pdf"
expect_eq "$(pdfinfo "$T/card.pdf" | awk '/^Pages:/ {print $2}')" 2 "one sheet per inline row"
cat > "$T/cards.csv" <<'CSV'
name,cost,text
Fireball,3,"Deal 3 damage to every enemy in a row, ""burning"" their cover."
Heal,1,Restore 2 health.
"Shield, Great",2,"Block the next attack.
Then draw a card."
CSV
expect_status 0 "--data renders" -- "$PNPKIT" render "$T/card.yaml" --data "$T/cards.csv" --format scene -o "$T/cards.scene"
expect_eq "$(grep -c '^page 63.00 88.00' "$T/cards.scene")" 3 "one sheet per CSV row"
sed -n 's/^text "\([^"]*\)" font="DejaVu Sans" 12.0pt bold.*/\1/p' "$T/cards.scene" > "$T/names"
expect_eq "$(tr '\n' '|' < "$T/names")" 'Fireball|Heal|Shield, Great|' "names in row order, quoted comma kept"
grep -q '^text "enemy in a row, \\"burning\\"" ' "$T/cards.scene" && ok || bad "doubled quotes read as one"
grep -q '^text "Then draw a card." font="DejaVu Sans" 9.0pt at 8.00 31.76 ' "$T/cards.scene" && ok || bad "a line break inside quotes starts a new line"
expect_eq "$(grep -c '^text "costs [0-9]* gold"' "$T/cards.scene")" 2 "when: cost > 1 leaves Heal out"
grep -q '^text "costs 30 gold"' "$T/cards.scene" && grep -q '^text "costs 20 gold"' "$T/cards.scene" && ok || bad "arithmetic on a column"
# 3 cards 2-up: two papers.
expect_status 0 "--data --nup 2" -- "$PNPKIT" render "$T/card.yaml" --data "$T/cards.csv" --nup 2 -o "$T/n2.pdf"
expect_eq "$(pdfinfo "$T/n2.pdf" | awk '/^Pages:/ {print $2}')" 2 "three cards on two papers"

# Bad rows name their line; nothing is written.
printf 'name,cost,text\nA,1,x\nB,2\n' > "$T/short.csv"
expect_status 1 "short row" -- "$PNPKIT" render "$T/card.yaml" --data "$T/short.csv" -o "$T/bad.pdf"
expect_stderr "^$T/short.csv:3:1: this row has 2 fields, the header names 3 columns$" "short row's line"
expect_no_file "$T/bad.pdf" "no file after a bad row"
printf 'name,cost,text\nA,1,x"y\n' > "$T/quote.csv"
expect_status 1 "stray quote" -- "$PNPKIT" render "$T/card.yaml" --data "$T/quote.csv" -o "$T/bad.pdf"
expect_stderr "^$T/quote.csv:2:1: not valid CSV" "stray quote's line"
printf 'name,cost,text\nA,1,"x\nB,2,y\n' > "$T/open.csv"
expect_status 1 "open quote" -- "$PNPKIT" render "$T/card.yaml" --data "$T/open.csv" -o "$T/bad.pdf"
expect_stderr "^$T/open.csv:2:1: a quoted field is never closed$" "open quote's line"
# A row's first field opening the quote: that row's line, not the last row's.
printf 'name,cost,text\nA,1,x\n\n"B,2,y\nC\n' > "$T/open1.csv"
expect_status 1 "open quote in a first field" -- "$PNPKIT" render "$T/card.yaml" --data "$T/open1.csv" -o "$T/bad.pdf"
expect_stderr "^$T/open1.csv:4:1: a quoted field is never closed$" "open quote in a first field: its line"
printf 'name,cost,text\nA,1,x\nB,lots,y\n' > "$T/lots.csv"
expect_status 1 "a text where a number is needed" -- "$PNPKIT" render "$T/card.yaml" --data "$T/lots.csv" -o "$T/bad.pdf"
expect_stderr "^$T/card.yaml:18:26: when: cannot compare a text with a number \(data row 2, $T/lots.csv line 3\)$" "bad value names the template's line and the row"
printf 'name,cost,na me\n' > "$T/head.csv"
expect_status 1 "bad column name" -- "$PNPKIT" render "$T/card.yaml" --data "$T/head.csv" -o "$T/bad.pdf"
expect_stderr "column 3: 'na me' is not a column name" "column names checked"
awk 'BEGIN {print "name,cost,text"; for (i = 0; i < 10001; i++) print "a,1,b"}' > "$T/many.csv"
expect_status 1 "too many rows" -- "$PNPKIT" render "$T/card.yaml" --data "$T/many.csv" -o "$T/bad.pdf"
expect_stderr "^$T/many.csv:10002:1: more than 10000 rows$" "row limit"
expect_status 3 "missing data file" -- "$PNPKIT" render "$T/card.yaml" --data "$T/none.csv" -o "$T/bad.pdf"
expect_no_file "$T/bad.pdf" "no file without data"

finish
