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
finish
