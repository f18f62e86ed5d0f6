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

finish
