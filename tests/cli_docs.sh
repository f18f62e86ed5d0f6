# cli_docs.sh: the example in docs/templates.md renders as the guide says;
# docs/formats.md names every JSON key the scorers print.
. "$(dirname "$0")/lib.sh"

# The first ```yaml block of the guide.
awk '/^```yaml$/ {on=1; next} /^```$/ && on {exit} on' "$SRC/docs/templates.md" > "$T/score-pad.yaml"
[ -s "$T/score-pad.yaml" ] && ok || bad "no example found in docs/templates.md"

expect_status 0 "example renders" -- "$PNPKIT" render "$T/score-pad.yaml" -o "$T/pad.pdf"
pdftotext "$T/pad.pdf" - > "$T/pad.txt"
grep -q "Game night" "$T/pad.txt" && ok || bad "heading missing"
grep -q "Winner:" "$T/pad.txt" && ok || bad "footer missing"
grep -qx "12" "$T/pad.txt" && ok || bad "twelve rounds expected"
grep -qx "13" "$T/pad.txt" && bad "a thirteenth round" || ok
expect_status 0 "rounds parameter" -- "$PNPKIT" render "$T/score-pad.yaml" --set rounds=20 --set heading=Finals -o "$T/pad20.pdf"
pdftotext "$T/pad20.pdf" - | grep -qx "20" && ok || bad "twenty rounds expected"
pdftotext "$T/pad20.pdf" - | grep -q "Finals" && ok || bad "heading parameter"
expect_status 1 "bounds from the guide" -- "$PNPKIT" render "$T/score-pad.yaml" --set rounds=99 -o "$T/x.pdf"
expect_stderr "^--set rounds=99: 99 is out of range \(1 to 20\)$" "message from the guide"

# Every component the guide's table names exists.
"$PNPKIT" list --components > "$T/components"
for c in text line rect circle slot grid table ring-board c36-scorebox tic-board tic-goals \
    tic-blockers shape tile-sheet circular-track tally; do
    grep -q "^$c: " "$T/components" && ok || bad "component $c is not listed"
done

# docs/formats.md names every key of the JSON outputs, and nothing in the
# repository cites a document that is not in it.
F="$SRC/docs/formats.md"
"$PNPKIT" score circle36 "$SRC/tests/data/circle36-perfect.yaml" --json | jq -r 'keys[]' > "$T/keys"
[ -s "$T/keys" ] && ok || bad "no circle36 JSON keys"
while read -r k; do
    grep -q "^| \`$k\` |" "$F" && ok || bad "formats.md lacks the circle36 key $k"
done < "$T/keys"
"$PNPKIT" score cirplexed "$SRC/tests/data/cirplexed-three.yaml" --json | jq -r '.players[0] | keys[]' > "$T/keys"
while read -r k; do
    grep -q "\`$k\`" "$F" && ok || bad "formats.md lacks the cirplexed key $k"
done < "$T/keys"
"$PNPKIT" score dicrono "$SRC/tests/data/dicrono-example2.yaml" --json | jq -r '.games[0] | keys[]' > "$T/keys"
while read -r k; do
    grep -q "\`$k\`" "$F" && ok || bad "formats.md lacks the dicrono key $k"
done < "$T/keys"
for f in README.md docs seeds src tests fuzz templates scripts; do
    grep -rl 'SPEC[.]md' "$SRC/$f" 2>/dev/null
done > "$T/cited"
expect_eq "$(cat "$T/cited")" "" "files citing a document outside the repository"
# Its examples are read as they stand (the Circle 36 one without its two
# sample rounds, which do not fill the board).
awk -v d="$T" '/^```yaml$/ {n++; on=1; next} /^```$/ {on=0} on {print > (d "/fmt" n ".yaml")}' "$F"
sed -i '/^rounds:/,$d' "$T/fmt1.yaml"
expect_status 0 "formats.md Circle 36 sheet" -- "$PNPKIT" score circle36 "$T/fmt1.yaml"
expect_status 0 "formats.md DiCroNo set" -- "$PNPKIT" score dicrono "$T/fmt2.yaml"
expect_status 0 "formats.md Cirplexed boards" -- "$PNPKIT" score cirplexed "$T/fmt3.yaml"
expect_status 0 "formats.md position" -- "$PNPKIT" check thinking-in-circles "$T/fmt4.yaml"
finish
