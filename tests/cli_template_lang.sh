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

# Errors: a sentence shrunk below min_size, markup left open, other markup.
sed 's/max_width: 49mm/max_width: 20mm/' "$T/card.yaml" > "$T/small.yaml"
expect_status 1 "shrinking below min_size" -- "$PNPKIT" render "$T/small.yaml" -o "$T/small.pdf"
expect_stderr "^$T/small.yaml:10:6: text: 'Ambush at the Ford' would shrink to 5.1 pt to fit in max_width 20.0mm, below min_size 6 pt; wrap it \(w:\), give it more room or shorten it$" "min_size error names the text"
expect_no_file "$T/small.pdf" "no file below min_size"
sed 's/max_width: 49mm/max_width: 20mm, min_size: 5/' "$T/card.yaml" > "$T/small5.yaml"
expect_status 0 "min_size lowered" -- "$PNPKIT" render "$T/small5.yaml" -o "$T/small5.pdf"
sed 's/<i>Once per round.<\/i>/<i>Once per round./' "$T/card.yaml" > "$T/open.yaml"
expect_status 1 "markup left open" -- "$PNPKIT" render "$T/open.yaml" -o "$T/open.pdf"
expect_stderr "^$T/open.yaml:12:5: text: markup: a tag is left open$" "open tag"
sed "s/<b>Ambush:<\\/b>/<span color='red'>Ambush:<\\/span>/" "$T/card.yaml" > "$T/span.yaml"
expect_status 1 "colour markup" -- "$PNPKIT" render "$T/span.yaml" -o "$T/span.pdf"
expect_stderr "^$T/span.yaml:12:5: text: markup: only <b>, <i> and spans of weight and style are allowed$" "other markup refused"

finish
