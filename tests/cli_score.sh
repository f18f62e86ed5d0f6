# cli_score.sh: pnpkit score and pnpkit analyze end to end: JSON exactly as
# docs/formats.md writes it, streams, standard input, completed sheets (pages, text),
# exit statuses, error places, and no output file when anything is wrong.
. "$(dirname "$0")/lib.sh"

D="$SRC/tests/data"
pdf_pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }

# The sheet of docs/formats.md and its JSON line, key for key.
expect_status 0 "spec sheet" -- "$PNPKIT" score circle36 "$D/circle36-perfect.yaml" --json
expect_eq "$(cat "$T/out")" '{"game":"circle36","player":"Ada","empty":0,"totals":{"red":36,"blue":36,"green":36,"A":36,"B":36,"C":36,"D":36},"points":{"red":8,"blue":7,"green":6,"A":3,"B":3,"C":3,"D":3},"red_upper":18,"bonus":3,"combos":1,"penalty":0,"earned":36,"total":36}' "circle36 JSON"

# The readable table shows the Scoring Box's lines.
expect_status 0 "table" -- "$PNPKIT" score circle36 "$D/circle36-last-roll-37.yaml"
expect_stdout "^  Green Ring +37 +3$" "green ring line"
expect_stdout "^  Row C +28 +0$" "row C line"
expect_stdout "^  TOTAL POINTS +23$" "total line"
expect_stdout "^  Red Circle 18 Bonus +19 +0 \(3 crossed\)$" "bonus crossed out"

# A stream: one JSON object per line, from a file and from standard input.
cat "$D/circle36-last-roll-45.yaml" > "$T/stream.yaml"
printf -- '---\n' >> "$T/stream.yaml"
cat "$D/circle36-last-roll-37.yaml" >> "$T/stream.yaml"
expect_status 0 "stream" -- "$PNPKIT" score circle36 "$T/stream.yaml" --json
expect_eq "$(wc -l < "$T/out")" "2" "two sheets, two lines"
expect_eq "$(sed -n 1p "$T/out" | grep -o '"total":[-0-9]*}$')" '"total":22}' "first sheet: 22"
expect_eq "$(sed -n 2p "$T/out" | grep -o '"total":[-0-9]*}$')" '"total":23}' "second sheet: 23"
"$PNPKIT" score circle36 - --json < "$T/stream.yaml" > "$T/stdin.out" 2>&1
expect_eq "$(cat "$T/stdin.out")" "$(cat "$T/out")" "'-' reads standard input"
"$PNPKIT" score circle36 --json < "$T/stream.yaml" > "$T/stdin2.out" 2>&1
expect_eq "$(cat "$T/stdin2.out")" "$(cat "$T/out")" "no FILE reads standard input"

# An error in the third document is placed in the stream's lines; with -o
# nothing is written and no report is printed (reports follow the file).
printf -- '---\nred: [5, 4, 4, 5, 4, 5, 5, 4]\nblue: [4, 5, 4, 5, 5, 4, 5]\n' >> "$T/stream.yaml"
lines=$(wc -l < "$T/stream.yaml")
expect_status 1 "bad third sheet" -- "$PNPKIT" score circle36 "$T/stream.yaml" --json -o "$T/bad.pdf"
expect_eq "$(cat "$T/err")" "$T/stream.yaml:$lines:7: blue has 7 numbers; a ring has 8 spaces" "stream error place"
expect_eq "$(wc -l < "$T/out")" "0" "no report without the completed sheets"
expect_status 1 "bad third sheet, no -o" -- "$PNPKIT" score circle36 "$T/stream.yaml" --json
expect_eq "$(wc -l < "$T/out")" "2" "earlier sheets are reported without -o"
expect_no_file "$T/bad.pdf" "no completed sheet on error"
ls -a "$T" | grep -q '^\.bad' && bad "temporary file left behind" || ok

# Completed sheets: one page per sheet, the numbers in the text.
expect_status 0 "completed sheets" -- "$PNPKIT" score circle36 "$D/circle36-last-roll-45.yaml" -o "$T/done.pdf"
expect_eq "$(pdf_pages "$T/done.pdf")" "1" "one page"
{ cat "$D/circle36-last-roll-45.yaml"; echo "---"; cat "$D/circle36-last-roll-37.yaml"; } > "$T/two.yaml"
expect_status 0 "two sheets" -- "$PNPKIT" score circle36 "$T/two.yaml" -o "$T/two.pdf" --json
expect_eq "$(pdf_pages "$T/two.pdf")" "2" "a page per sheet"
pdftotext "$T/done.pdf" - | grep -q "sum for 9" && ok || bad "player's name on the sheet"
expect_status 0 "same again" -- "$PNPKIT" score circle36 "$D/circle36-last-roll-45.yaml" -o "$T/done2.pdf"
cmp -s "$T/done.pdf" "$T/done2.pdf" && ok || bad "completed sheet is not deterministic"
expect_status 0 "png" -- "$PNPKIT" score circle36 "$D/circle36-perfect.yaml" -o "$T/done.png" --dpi 40
[ -s "$T/done.png" ] && ok || bad "png written"

# A variant: four rings of twelve sectors, target 48, on the built-in template.
{
    for r in red blue green orange; do echo "$r: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]"; done
    echo "yellow: 8"; echo "combos: 0"
} > "$T/v.yaml"
expect_status 0 "variant" -- "$PNPKIT" score circle36 "$T/v.yaml" --json --set rings=4 --set sectors=12 --set target=48
expect_stdout '"totals":\{"red":48,"blue":48,"green":48,"orange":48,"A":40,' "variant totals"
expect_stdout '"points":\{"red":8,"blue":7,"green":6,"orange":5,"A":0,' "variant points"
expect_stdout '"red_upper":24,"bonus":3' "variant bonus at 24"
expect_status 1 "variant sheet on the default board" -- "$PNPKIT" score circle36 "$T/v.yaml"
expect_stderr "v.yaml:4:1: orange: this board has 3 rings" "ring count"
head -n 3 "$T/v.yaml" > "$T/v3.yaml"
expect_status 1 "sectors on the default board" -- "$PNPKIT" score circle36 "$T/v3.yaml"
expect_stderr "v3.yaml:1:6: red has 12 numbers; a ring has 8 spaces" "sector count"
# --template FILE: a template file with other defaults.
sed 's/default: 3, min: 1/default: 4, min: 1/; s/default: 8, min: 4/default: 12, min: 4/; s/default: 36, min: 10/default: 48, min: 10/' \
    "$SRC/templates/circle36.yaml" > "$T/c48.yaml"
expect_status 0 "template file" -- "$PNPKIT" score circle36 "$T/v.yaml" --template "$T/c48.yaml" --json -o "$T/v.pdf"
expect_stdout '"orange":48' "template variant"
expect_status 1 "template for another game" -- "$PNPKIT" score circle36 "$T/v.yaml" --template dicrono

# DiCroNo: the rule sheet's Example 2, subtotals X 4, 3, 3 and O 0, 1, 2.
expect_status 0 "dicrono" -- "$PNPKIT" score dicrono "$D/dicrono-example2.yaml" --json
expect_eq "$(grep -o '"subtotal":{"X":[0-9]*,"O":[0-9]*}' "$T/out" | tr '\n' ' ')" \
    '"subtotal":{"X":4,"O":0} "subtotal":{"X":3,"O":1} "subtotal":{"X":3,"O":2} ' "subtotals"
expect_stdout '^\{"game":"dicrono","games":\[\{"first":"X","points":\{"X":4,"O":0\},"penalty_deducted":\{"X":0,"O":0\},"subtotal":\{"X":4,"O":0\},"next_first":"O",' "dicrono key order"
expect_stdout '\],"total":\{"X":3,"O":2\}' "set total"
expect_status 0 "dicrono sheet" -- "$PNPKIT" score dicrono "$D/dicrono-example2.yaml" -o "$T/set.pdf"
expect_eq "$(pdf_pages "$T/set.pdf")" "3" "a page per game"
pdftotext "$T/set.pdf" - | grep -q "Bohdan" && ok || bad "names on the dicrono sheet"

# Cirplexed: players in input order, ranks.
expect_status 0 "cirplexed" -- "$PNPKIT" score cirplexed "$D/cirplexed-three.yaml" --json
expect_stdout '^\{"game":"cirplexed","players":\[\{"name":"Ann","circles":1,"three_quarter":0,"half":0,"rank":1' "cirplexed JSON"
expect_status 0 "cirplexed boards" -- "$PNPKIT" score cirplexed "$D/cirplexed-three.yaml" -o "$T/boards.pdf"
expect_eq "$(pdf_pages "$T/boards.pdf")" "1" "one page of boards"

# analyze dicrono-max: a number, and a witness that the scorer accepts and
# scores to the same number.
expect_status 0 "analyze" -- "$PNPKIT" analyze dicrono-max --json
max=$(grep -o '"points":[0-9]*' "$T/out" | head -1 | cut -d: -f2)
[ -n "$max" ] && [ "$max" -ge 3 ] && [ "$max" -le 12 ] && ok || bad "dicrono-max answer '$max'"
"$PNPKIT" analyze dicrono-max --sheet > "$T/witness.yaml"
expect_status 0 "witness scores" -- "$PNPKIT" score dicrono "$T/witness.yaml" --json
expect_stdout "\"points\":\\{\"X\":$max,\"O\":0\\}" "the witness scores the maximum"
expect_status 0 "analyze -o" -- "$PNPKIT" analyze dicrono-max -o "$T/max.pdf"
expect_eq "$(pdf_pages "$T/max.pdf")" "1" "witness sheet"
expect_status 0 "analyze text" -- "$PNPKIT" analyze dicrono-max
expect_stdout "^DiCroNo on a 6x6 grid: the most points one player can score in a single game is $max\\.$" "analyze sentence"
# On a 10x10 grid the witness's rows line up under their two-digit columns:
# every row of the grid as long as the header.
"$PNPKIT" analyze dicrono-max --size 10 > "$T/a10.txt"
widths=$(grep -E '^ +(1 +2 +3|[0-9]+ +[.XO])' "$T/a10.txt" | awk '{ print length($0) }' | sort -u)
expect_eq "$widths" "$(grep -E '^ +1 +2 +3' "$T/a10.txt" | awk '{ print length($0) }')" "10x10 witness aligned"
expect_eq "$(grep -cE '^ +[0-9]+ +[.XO]' "$T/a10.txt")" 10 "10x10 witness: ten rows"

# Exit statuses.
expect_status 2 "no game" -- "$PNPKIT" score
expect_status 2 "unknown game" -- "$PNPKIT" score chess "$D/circle36-perfect.yaml"
expect_stderr "unknown game 'chess'" "unknown game message"
expect_status 2 "unknown option" -- "$PNPKIT" score circle36 --colour
expect_status 2 "format without -o" -- "$PNPKIT" score circle36 --format pdf
expect_status 2 "bad output name" -- "$PNPKIT" score circle36 "$D/circle36-perfect.yaml" -o "$T/x.doc"
expect_status 2 "analyze what" -- "$PNPKIT" analyze
expect_status 2 "analyze size" -- "$PNPKIT" analyze dicrono-max --size 11
expect_status 2 "analyze --json --sheet" -- "$PNPKIT" analyze dicrono-max --json --sheet
# A witness that cannot be drawn prints no answer (a --sheet > file would look whole).
expect_status 3 "analyze into a missing folder" -- "$PNPKIT" analyze dicrono-max --sheet -o "$T/no/dir/w.pdf"
expect_eq "$(wc -c < "$T/out")" 0 "analyze into a missing folder: no answer printed"
expect_status 3 "missing file" -- "$PNPKIT" score circle36 "$T/missing.yaml"
expect_status 3 "unwritable output" -- "$PNPKIT" score circle36 "$D/circle36-perfect.yaml" -o "$T/no/dir/x.pdf"
: > "$T/empty.yaml"
expect_status 1 "empty file" -- "$PNPKIT" score circle36 "$T/empty.yaml"
expect_eq "$(cat "$T/err")" "$T/empty.yaml:1:1: no sheet in the file" "empty file message"

# Every malformed sheet: exit 1, one line naming file:line:col, no output file.
bad_sheet() { # GAME TEXT EXPECTED-MESSAGE
    printf '%b' "$2" > "$T/b.yaml"
    rm -f "$T/b.pdf"
    expect_status 1 "$3" -- "$PNPKIT" score "$1" "$T/b.yaml" -o "$T/b.pdf"
    expect_eq "$(cat "$T/err")" "$T/b.yaml:$3" "message"
    expect_eq "$(wc -l < "$T/err")" "1" "one line"
    expect_no_file "$T/b.pdf" "$3: no output"
}
# A YAML syntax error: placed by libfyaml, moved down by the lines before its document.
printf 'red: [5, 4, 4, 5, 4, 5, 5, 4\n' > "$T/syntax.yaml"
expect_status 1 "syntax error" -- "$PNPKIT" score circle36 "$T/syntax.yaml"
place=$(sed 's/^[^:]*:\([0-9]*\):\([0-9]*\): invalid YAML: .*/\1 \2/' "$T/err")
{ cat "$D/circle36-perfect.yaml"; echo "---"; cat "$T/syntax.yaml"; } > "$T/syntax2.yaml"
expect_status 1 "syntax error in a stream" -- "$PNPKIT" score circle36 "$T/syntax2.yaml"
before=$(($(wc -l < "$D/circle36-perfect.yaml") + 1))
set -- $place
expect_eq "$(cut -d: -f2,3 "$T/err")" "$(($1 + before)):$2" "syntax error place in a stream"
bad_sheet circle36 'red: [5, 4]\nblue: *a\n' "2:7: *a: no anchor &a stands before it (or it is still open)"
bad_sheet circle36 'red: [5, 4, 4, 5, 4, 5, 5, 4]\nblue: [4, 5, 4, 5, 5, 4, 5, 4]\ngreen: [5, 5, 4, 4, 4, 4, 5, 5]\nyellow: 9\ncombos: 30\n' "5:9: combos: 30 is out of range (0 to 25)"
# Each ComboCircle goes with the number it made: no more of them than written spaces.
bad_sheet circle36 'red: [~, ~, ~, ~, ~, ~, ~, ~]\nblue: [~, ~, ~, ~, ~, ~, ~, ~]\ngreen: [~, 4, ~, ~, ~, ~, ~, 12]\nyellow: ~\ncombos: 3\n' "5:9: combos is 3, but 2 spaces are written: each ComboCircle goes with the number it made, so there are at most 2"
printf 'red: [~, ~, ~, ~, ~, ~, ~, ~]\nblue: [~, ~, ~, ~, ~, ~, ~, ~]\ngreen: [~, 4, ~, ~, ~, ~, ~, 12]\nyellow: ~\ncombos: 2\n' > "$T/two.yaml"
expect_status 0 "two written spaces, two ComboCircles" -- "$PNPKIT" score circle36 "$T/two.yaml" --json
expect_stdout '^{"game":"circle36","player":"","empty":23,.*"combos":2,"penalty":1,"earned":0,"total":-1}$' "no player: an empty name; the penalty of 2 ComboCircles"
# rounds: [] is a game before its first round: an empty board, no ComboCircle.
printf 'red: [~, ~, ~, ~, ~, ~, ~, ~]\nblue: [~, ~, ~, ~, ~, ~, ~, ~]\ngreen: [~, ~, ~, ~, ~, ~, ~, ~]\nyellow: ~\nrounds: []\n' > "$T/r0.yaml"
expect_status 0 "no round played yet" -- "$PNPKIT" score circle36 "$T/r0.yaml" --json
expect_stdout '"empty":25,.*"combos":0,"penalty":0,"earned":0,"total":0}$' "no round played yet: an empty sheet"
bad_sheet circle36 'red: [~, ~, ~, ~, ~, ~, ~, ~]\nblue: [~, 4, ~, ~, ~, ~, ~, ~]\ngreen: [~, ~, ~, ~, ~, ~, ~, ~]\nyellow: ~\nrounds: []\n' "2:11: B2 holds 4, but no round filled it"
bad_sheet circle36 '- 1\n- 2\n' "1:3: a sheet is a mapping of key: value lines"
bad_sheet dicrono 'games:\n  - first: X\n    grid: >\n      X X X\n' "3:5: game 1: write the grid as a literal block (grid: |) or a list of rows"
bad_sheet dicrono 'games:\n  - first: X\n    grid: ["X O X O", "O X O", "X O X O", "O X O X"]\n' "3:24: game 1, row 2 has 3 squares; expected 4"
bad_sheet cirplexed 'boards:\n  Ann: []\n' "2:8: Ann has 0 items; expected 1 to 90"
bad_sheet cirplexed 'colors: [red, red, blue, green]\nboards: {}\n' "1:15: colors: red is listed twice"
# A number tagged !!str is a text, as a quoted one is; !!int reads as a number.
bad_sheet circle36 'red: [!!str 4, 4, 4, 4, 4, 4, 4, 4]\nblue: [4, 4, 4, 4, 4, 4, 4, 4]\ngreen: [4, 4, 4, 4, 4, 4, 4, 4]\nyellow: 4\n' "1:13: red, sector 1: expected a whole number from 0 to 16"
bad_sheet circle36 'red: ["4", 4, 4, 4, 4, 4, 4, 4]\nblue: [4, 4, 4, 4, 4, 4, 4, 4]\ngreen: [4, 4, 4, 4, 4, 4, 4, 4]\nyellow: 4\n' "1:8: red, sector 1: expected a whole number from 0 to 16"
printf 'red: [!!int 4, 4, 4, 4, 4, 4, 4, 4]\nblue: [4, 4, 4, 4, 4, 4, 4, 4]\ngreen: [4, 4, 4, 4, 4, 4, 4, 4]\nyellow: 4\ncombos: 0\nplayer: !!str null\n' >"$T/int.yaml"
expect_status 0 "a number tagged !!int" -- "$PNPKIT" score circle36 "$T/int.yaml" --json
expect_stdout '"player":"null".*"total":3}$' "!!int 4 read as 4, !!str null as the name null"

# The rule sheet's example games as played, with eight-sided dice; six-sided
# dice (--set dice=6) cannot have rolled them.
for g in "game1-played 22" "game1-die 23" "game2-played 33" "game3-played 32" "game3-perfect 36"; do
    expect_status 0 "${g% *}" -- "$PNPKIT" score circle36 "$D/circle36-${g% *}.yaml" --json
    expect_stdout "\"total\":${g#* }}$" "${g% *} scores ${g#* }"
done
expect_status 1 "six-sided dice" -- "$PNPKIT" score circle36 "$D/circle36-game2-played.yaml" --set dice=6
expect_stderr "circle36-game2-played.yaml:[0-9]+:[0-9]+: round [0-9]+: dice: [78] is out of range \(1 to 6\)$" "a die of 7 or 8 with six sides"
printf '%s\n' "red: [15, ~, ~, ~, ~, ~, ~, ~]" "blue: [~, ~, ~, ~, ~, ~, ~, ~]" \
    "green: [~, ~, ~, ~, ~, ~, ~, ~]" "yellow: ~" "rounds:" "  - {dice: [12, 3], cell: R1}" >"$T/d20.yaml"
expect_status 1 "a die of 12 with eight sides" -- "$PNPKIT" score circle36 "$T/d20.yaml"
expect_stderr "d20.yaml:6:13: round 1: dice: 12 is out of range \(1 to 8\)$" "die 12 refused"
expect_status 0 "twenty-sided dice" -- "$PNPKIT" score circle36 "$T/d20.yaml" --set dice=20 -o "$T/d20.pdf"
pdftotext "$T/d20.pdf" - | grep -qx 12 && ok || bad "the die 12 on the completed sheet"

# analyze dicrono-max takes every size the dicrono template draws (4 to 10).
expect_status 0 "analyze 10x10" -- "$PNPKIT" analyze dicrono-max --size 10 --json
expect_stdout '"points":7[,}]' "10x10: 7 points, as from 5x5 up"
"$PNPKIT" analyze dicrono-max --size 10 --sheet >"$T/w10.yaml"
expect_status 0 "the 10x10 witness scores" -- "$PNPKIT" score dicrono "$T/w10.yaml" --json
expect_stdout '"points":\{"X":7' "the 10x10 witness scores 7"
expect_status 2 "analyze --size 11" -- "$PNPKIT" analyze dicrono-max --size 11
expect_stderr "--size takes a number from 4 to 10" "size bound message"
# -o that cannot be written prints no report: everything about the output is
# known before the first line goes out (exit 3 for I/O, 1 for bad input).
no_report() { # what status args...
    what=$1 status=$2
    shift 2
    expect_status "$status" "$what" -- "$PNPKIT" score "$@"
    [ ! -s "$T/out" ] && ok || bad "$what: a report was printed before the failure"
}
no_report "missing directory" 3 circle36 "$D/circle36-perfect.yaml" -o "$T/nodir/a.pdf"
no_report "full device" 3 circle36 "$D/circle36-perfect.yaml" -o /dev/full --format pdf
awk 'BEGIN { for (i = 0; i < 3000; i++) { if (i) print "---"; while ((getline l < ARGV[1]) > 0) print l; close(ARGV[1]) } }' \
    "$D/circle36-perfect.yaml" >"$T/many.yaml"
no_report "over the page limit" 1 circle36 "$T/many.yaml" -o "$T/many.pdf"
expect_no_file "$T/many.pdf" "over the page limit"
# A player's name no font can draw: the completed sheet cannot be drawn, and
# the message names the sheet that holds it (it had no place at all).
sed 's/X: Anna,/X: "Anna \xf0\x9f\xa5\xb3",/' "$D/dicrono-example2.yaml" > "$T/party.yaml"
expect_status 0 "a name with a new emoji scores" -- "$PNPKIT" score dicrono "$T/party.yaml"
no_report "a name no font draws" 1 dicrono "$T/party.yaml" -o "$T/party.pdf"
expect_stderr "^$T/party.yaml:1:1: no font pnpkit uses has 🥳 \\(U\\+1F973\\)" "a name no font draws: the sheet named"
expect_no_file "$T/party.pdf" "a name no font draws: no output"
# A set longer than the score table (12 games): named at its sheet too.
{ sed -n '1,/^games:/p' "$D/dicrono-example2.yaml"
  for k in 1 2 3 4 5; do sed '1,/^games:/d' "$D/dicrono-example2.yaml"; done; } > "$T/long-set.yaml"
no_report "a set longer than the score table" 1 dicrono "$T/long-set.yaml" -o "$T/long-set.pdf"
expect_stderr "^$T/long-set.yaml:1:1: the score table of dicrono holds at most 12 games; the set has 15: it is scored without a drawing, or drawn as sets of 12$" "long set: the sheet named"
# The circle36 template without its Scoring Box: no slot for the totals.
awk '/type: c36-scorebox/ { skip = 1; next } skip && /^    / { next } { skip = 0; print }' \
    "$SRC/templates/circle36.yaml" >"$T/noslot.yaml"
if ! cmp -s "$SRC/templates/circle36.yaml" "$T/noslot.yaml"; then
    no_report "template without a slot" 1 circle36 "$D/circle36-perfect.yaml" --template "$T/noslot.yaml" -o "$T/noslot.pdf"
    expect_stderr "^$T/noslot.yaml: the template has no slot 'total.red'$" "template without a slot: message"
    expect_no_file "$T/noslot.pdf" "template without a slot"
else
    bad "could not remove the Scoring Box from the circle36 template"
fi
# A player's name with emoji and symbols: the completed sheet draws them
# (Symbola, from fonts-symbola) and they are text in the PDF.
sed 's/^player: .*/player: "Ana 🎲 ♔ 🂡"/' "$D/circle36-game1-played.yaml" > "$T/emoji.yaml"
expect_status 0 "an emoji in the name" -- "$PNPKIT" score circle36 "$T/emoji.yaml" -o "$T/emoji.pdf"
expect_stdout "^Circle 36: Ana 🎲 ♔ 🂡$" "the report names the player"
pdftotext "$T/emoji.pdf" - | grep -q "Ana 🎲 ♔ 🂡" && ok || bad "the name in the PDF: $(pdftotext "$T/emoji.pdf" - | head -5 | tr '\n' '|')"
pdffonts "$T/emoji.pdf" | grep -q "Symbola .*yes yes yes" && ok || bad "Symbola in the PDF: $(pdffonts "$T/emoji.pdf")"
# And when -o works, the report is printed after it.
expect_status 0 "report after -o" -- "$PNPKIT" score circle36 "$D/circle36-perfect.yaml" -o "$T/ok.pdf"
expect_stdout "^  TOTAL POINTS" "report printed after -o"

# Sheets written each on its "---" line, one per line, are all read (a
# sheet there was once taken for an empty one), and checked: yellow 99 is
# refused at its line.
row='{red: [4,4,4,4,4,4,4,4], blue: [4,4,4,4,4,4,4,4], green: [4,4,4,4,4,4,4,4], yellow: 4, combos: 0}'
printf -- '--- %s\n--- %s\n' "$row" "$(echo "$row" | sed 's/yellow: 4/yellow: 99/')" >"$T/inline.yaml"
expect_status 1 "sheets on their --- lines: the second checked" -- "$PNPKIT" score circle36 "$T/inline.yaml" --json
expect_stderr "^$T/inline.yaml:2:" "sheets on their --- lines: the second's error at its line"
printf -- '--- %s\n--- %s\n' "$row" "$row" >"$T/inline.yaml"
expect_status 0 "sheets on their --- lines" -- "$PNPKIT" score circle36 "$T/inline.yaml" --json
expect_eq "$(grep -c '"total":3}' "$T/out")" 2 "sheets on their --- lines: both scored"

# Lines ending in a CR alone: the second sheet would be lost to the stream's
# splitter, so the file is refused at its first lone CR; CR LF is read.
printf -- '%s\r---\r%s\r' "$row" "$row" >"$T/cr.yaml"
expect_status 1 "lone CR line ends" -- "$PNPKIT" score circle36 "$T/cr.yaml"
expect_stderr "^$T/cr.yaml:1:98: a line ends in a carriage return alone \(old Mac line ends\): save the file with LF or CR LF line ends$" "lone CR line ends: at the CR"
printf -- '%s\r\n---\r\n%s\r\n' "$row" "$row" >"$T/crlf.yaml"
expect_status 0 "CR LF line ends" -- "$PNPKIT" score circle36 "$T/crlf.yaml" --json
expect_eq "$(grep -c '"total":3}' "$T/out")" 2 "CR LF line ends: both scored"

# A line without end (a device of zeros): refused at the line bound, as the
# lines of one sheet are, without gathering 16 MiB first.
expect_status 1 "a stream of one endless line" -- "$PNPKIT" score circle36 /dev/zero
expect_stderr "^/dev/zero:1:16385: line longer than 16384 bytes$" "a stream of one endless line: the line bound"
{ printf -- '%s\n---\n' "$row"; head -c 20000 /dev/zero | tr '\0' x; } >"$T/long.yaml"
expect_status 1 "a long line in the second sheet" -- "$PNPKIT" score circle36 "$T/long.yaml"
expect_stderr "^$T/long.yaml:3:16385: line longer than 16384 bytes$" "a long line in the second sheet: its line"

# More sheets than one completed document holds: refused at the first sheet
# past the bound, and no PDF is left.
for i in $(seq 1001); do echo "--- $row"; done >"$T/many.yaml"
expect_status 1 "1001 completed sheets" -- "$PNPKIT" score circle36 "$T/many.yaml" -o "$T/many.pdf"
expect_stderr "^$T/many.yaml:1001:1: the completed sheets would take more than 1000 pages: complete them in several files$" "1001 completed sheets: the sheet past the bound"
expect_eq "$(ls "$T" | grep -c '^many\.pdf')" 0 "1001 completed sheets: no PDF"

finish
