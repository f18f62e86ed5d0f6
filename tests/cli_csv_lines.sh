# cli_csv_lines.sh: an error in a CSV data file names the line the row starts
# on, whether lines end with LF, CR LF or a lone CR (as libcsv ends rows at
# each). A file with CR line ends used to report every row on line 1.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
cat > card.yaml <<'Y'
name: card
page: {paper: 63x88mm, margin: 5mm}
data:
  - {name: x, cost: 1}
components:
  - {type: text, text: "${name} costs ${cost}", x: 0, y: 5mm}
Y
for end in lf crlf cr; do
    case $end in lf) nl='\n' ;; crlf) nl='\r\n' ;; cr) nl='\r' ;; esac
    printf "name,cost${nl}A,1${nl}\"B${nl}and C\",2${nl}D${nl}E,5${nl}" > "$end.csv"
    expect_status 1 "short row ($end)" -- "$PNPKIT" render card.yaml --data "$end.csv" -o "$end.pdf"
    expect_stderr "^$end\\.csv:5:1: this row has 1 field, the header names 2 columns\$" "short row's line ($end)"
    expect_no_file "$end.pdf" "short row ($end)"
    printf "name,cost${nl}A,1${nl}B,x\"y${nl}" > "q$end.csv"
    expect_status 1 "stray quote ($end)" -- "$PNPKIT" render card.yaml --data "q$end.csv" -o "$end.pdf"
    expect_stderr "^q$end\\.csv:3:1: not valid CSV" "stray quote's line ($end)"
    printf "name,cost${nl}A,1${nl}B,2${nl}" > "ok$end.csv"
    expect_status 0 "good file ($end)" -- "$PNPKIT" render card.yaml --data "ok$end.csv" -o "ok$end.pdf"
    expect_eq "$(pdfinfo "ok$end.pdf" | awk '/^Pages:/ {print $2}')" 2 "one sheet per row ($end)"
done
# A row whose first field runs over lines, after a blank line, is named by
# the line it starts on (it was named by the line its first field ended on).
printf 'name,cost\nA,1\n\n"B\nand\nC"\nD,4\n' > first.csv
expect_status 1 "a short row starting with a field over lines" -- "$PNPKIT" render card.yaml --data first.csv -o first.pdf
expect_stderr '^first\.csv:4:1: this row has 1 field, the header names 2 columns$' "the row's first line"
# A number in a column is decimal, as in expressions: 0x10 is text.
printf 'name,cost\nA,0x10\n' > hex.csv
printf 'name: card\ndata:\n  - {name: x, cost: 1}\ncomponents:\n  - {type: text, text: "${cost * 2}", x: 0, y: 5mm}\n' > twice.yaml
expect_status 1 "a hex cost in arithmetic" -- "$PNPKIT" render twice.yaml --data hex.csv -o hex.pdf
expect_stderr "expected a number, not a text" "0x10 is not a number"
printf 'name,cost\nA,16\n' > dec.csv
"$PNPKIT" render twice.yaml --data dec.csv -f scene -o dec.scene 2>/dev/null && grep -q '"32"' dec.scene && ok || bad "16 * 2 is 32: $(grep -m1 text dec.scene)"
finish
