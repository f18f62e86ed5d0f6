# cli_textfit.sh: text that does not fit: fit: shrink sets wrapped text in its
# box (w x h) down to min_size; text running past its box, lines cut by
# max_lines and a title that would shrink below min_size are lint findings at
# the component's line:col naming the data row, render warns and still makes
# every card of the deck.
. "$(dirname "$0")/lib.sh"

cat > "$T/fit.yaml" <<'YAML'
name: fitcard
page: {paper: 63x88mm, margin: 4mm}
data:
  - {title: "Heal", text: "Restore 2 health."}
  - {title: "An extraordinarily long card title that cannot fit", text: "Deal 3 damage to every enemy in a row, burning their cover, then draw a card. If you drew a spell, cast it at once for free, and if it was a fire spell, deal one more damage to each of them. Then shuffle your discard pile into your deck and end your turn with a flourish of your cloak."}
components:
  - {type: text, x: 0, y: 0, text: $title, size: 12, bold: true, max_width: 40mm}
  - {type: text, x: 0, y: 10mm, w: 55mm, h: 30mm, size: 11, fit: shrink, min_size: 7, text: $text}
  - {type: text, x: 0, y: 45mm, w: 55mm, h: 20mm, size: 9, text: $text}
  - {type: text, x: 0, y: 70mm, w: 55mm, size: 8, max_lines: 2, text: $text}
YAML
expect_status 0 "the deck renders despite row 2" -- "$PNPKIT" render "$T/fit.yaml" -o "$T/fit.pdf"
expect_eq "$(pdfinfo "$T/fit.pdf" | awk '/^Pages:/ {print $2}')" 2 "both cards are made"
W="^$T/fit.yaml"
expect_stderr "$W:7:6: warning: text \"An extraordinarily long card …\" would shrink to 4.2 pt to fit max_width 40.0 mm, below min_size 6 pt: set at 6 pt, it runs 17.2 mm past max_width \(data row 2, $T/fit.yaml line 5\) \(sheet 2\)$" "render warns: the title, by row"
expect_stderr "$W:9:6: warning: text \"Deal 3 damage to every enemy …\" runs 14.2 mm past its box \(9 lines, 34.2 mm high at 9.0 pt in h 20.0 mm\) \(data row 2, $T/fit.yaml line 5\) \(sheet 2\)$" "render warns: overflow past the box, by row"
expect_stderr "$W:10:6: warning: text \"Deal 3 damage to every enemy …\" is cut to max_lines 2 with an ellipsis: it needs 8 lines \(data row 2, $T/fit.yaml line 5\) \(sheet 2\)$" "render warns: max_lines cut"
expect_eq "$(grep -c warning "$T/err")" 3 "nothing about row 1 or the shrunk text"
"$PNPKIT" render "$T/fit.yaml" --format scene -o "$T/fit.scene"
# fit: shrink: row 1 stays at 11 pt; row 2 is set at 8.3 pt, 8 lines, the
# last baseline within the box (10 + 4 mm margin to 44 mm).
awk '/^page/ {p++} p == 1 && /Restore 2 health/' "$T/fit.scene" | head -1 | grep -q ' 11.0pt at 4.00 ' && ok || bad "row 1 keeps its size"
expect_eq "$(awk '/^page/ {p++} p == 2 && / 8.3pt at 4.00 /' "$T/fit.scene" | wc -l)" 8 "row 2 shrunk to 8.3 pt in 8 lines"
expect_eq "$(awk '/^page/ {p++} p == 2 && / 8.3pt at 4.00 /' "$T/fit.scene" | tail -1 | grep -o 'at 4.00 [0-9.]*')" "at 4.00 41.31" "the last line inside the box"
# lint: the same findings, --strict fails
expect_status 1 "lint --strict" -- "$PNPKIT" lint --strict "$T/fit.yaml"
expect_eq "$(grep -c 'data row 2' "$T/out")" 3 "lint names row 2 three times"
# A card grid of the deck is made too.
expect_status 0 "the deck on a grid" -- "$PNPKIT" render "$T/fit.yaml" --grid 2x1 --paper a4 -o "$T/grid.pdf"
expect_stderr "would shrink to 4.2 pt" "the grid warns too"
# fit: shrink needs a box
printf 'name: t\ncomponents:\n  - {type: text, text: hello, w: 20mm, fit: shrink}\n' > "$T/nobox.yaml"
expect_status 1 "shrink without h" -- "$PNPKIT" render "$T/nobox.yaml" -o "$T/nobox.pdf"
expect_stderr "^$T/nobox.yaml:3:6: text: fit: shrink needs the box's height, h$" "shrink needs h"
printf 'name: t\ncomponents:\n  - {type: text, text: hello, h: 20mm}\n' > "$T/now.yaml"
expect_status 1 "h without w" -- "$PNPKIT" render "$T/now.yaml" -o "$T/now.pdf"
expect_stderr "^$T/now.yaml:3:6: text: h is for wrapped text: give w too$" "h needs w"
# A word longer than 128 characters with no place to break (pango shapes
# the rest of such a word again for every line it cuts: a deck of 4096-letter
# words in narrow boxes took minutes) is refused at its row; 128 letters,
# and a text of many short words, are drawn.
printf 'name: t\ncomponents:\n  - {type: text, text: "$word", w: 10mm, fit: shrink, h: 30mm}\n' > "$T/word.yaml"
python3 -c "print('word'); print('y' * 128); print('a-' * 300); print('x' * 129)" > "$T/words.csv"
expect_status 1 "a 129-letter word" -- timeout 20 "$PNPKIT" render "$T/word.yaml" --data "$T/words.csv" -o "$T/word.pdf"
expect_stderr "^$T/word.yaml:3:6: text: the text holds a word of 129 characters with no place to break a line \\(at most 128\\): add spaces or hyphens \\(data row 3, " "the long word's message"
expect_stderr "data row 3" "the long word's row"
expect_no_file "$T/word.pdf" "no output for the long word"
python3 -c "print('word'); print('y' * 128); print('a ' * 200)" > "$T/words.csv"
expect_status 0 "a 128-letter word" -- timeout 20 "$PNPKIT" render "$T/word.yaml" --data "$T/words.csv" -o "$T/word.pdf"
finish
