# cli_docs.sh: the example in docs/templates.md renders as the guide says.
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
finish
