# cli_inputs.sh: the files a render reads are never lost and never waited on:
# an output named like any of them (-o, or a page name of several) is refused
# before anything is written; a FIFO or a device given as data, a list or a
# file an SVG draws is refused at once instead of blocking or filling memory;
# a list with a NUL byte is refused at its line; a deck larger than a document
# holds is refused at the data row that passes the limit, not cut short.
. "$(dirname "$0")/lib.sh"

mkdir "$T/w" && cd "$T/w"
printf 'a\n1\n' >d.csv
printf 'name: t\ncomponents:\n  - {type: text, x: 0, y: 0, text: "x"}\n' >t.yaml
printf 'name: td\ndata: d.csv\ncomponents:\n  - {type: image, src: palm.svg, x: 0, y: 0, w: 30mm, h: 30mm}\n' >td.yaml
cp "$SRC/examples/hex-islands/palm.svg" .
cp "$SRC/fuzz/seeds/ttf/small-short-loca.ttf" f.ttf
printf 'name: tf\nfonts: [f.ttf]\ncomponents:\n  - {type: text, x: 0, y: 0, text: "AHx", font: Seed One}\n' >tf.yaml
printf 'name: front\npage: {paper: 63x88mm, margin: 5mm}\ncomponents:\n  - {type: text, x: 0, y: 0, text: "F"}\n' >front.yaml
cp front.yaml back.yaml
printf 'front.yaml -o list.txt -f pdf\n' >list.txt
for f in d.csv palm.svg f.ttf back.yaml list.txt; do cp "$f" "$f.orig"; done

# kept NAME DESCRIPTION: NAME is byte for byte what it was
kept() {
    if cmp -s "$1" "$1.orig"; then ok; else bad "$2: $1 was replaced"; fi
}
# replaced DESCRIPTION OUTPUT INPUT -- args: exit 2, the message, the input kept
replaced() {
    desc=$1 out=$2 in=$3
    shift 4
    expect_status 2 "$desc" -- "$PNPKIT" render "$@"
    expect_stderr "^pnpkit render: $out would replace $in, which this command reads: give another output name$" "$desc: message"
    kept "${in#./}" "$desc"
}
replaced "-o the CSV given with --data" d.csv d.csv -- t.yaml --data d.csv -o d.csv -f pdf
replaced "-o the template's data" d.csv d.csv -- td.yaml -o d.csv -f pdf
replaced "-o the template's image" palm.svg palm.svg -- td.yaml -o palm.svg
replaced "-o a font the template lists" f.ttf f.ttf -- tf.yaml -o f.ttf -f pdf
replaced "-o the --ttf font" f.ttf f.ttf -- t.yaml --backend haru --ttf f.ttf -o f.ttf -f pdf
replaced "-o the --backs template" back.yaml back.yaml -- front.yaml --grid 2x2 --backs back.yaml -o back.yaml -f pdf
expect_no_file .d.csv.* "no temporary file left"
# score -o and scan -o draw or write with a template too: the files it reads
# are kept the same way.
sed 's/^components:/data: d.csv\ncomponents:/' "$SRC/templates/circle36.yaml" > c36d.yaml
printf '  - {type: image, src: palm.svg, x: 0, y: 250mm, w: 20mm, h: 20mm}\n' >> c36d.yaml
expect_status 2 "score -o the template's data" -- "$PNPKIT" score circle36 "$SRC/tests/data/circle36-perfect.yaml" --template c36d.yaml -o d.csv -f pdf
expect_stderr "^pnpkit score: d.csv would replace d.csv, which this command reads: give another output name$" "score -o the data: message"
kept d.csv "score -o the template's data"
expect_status 2 "score -o the template's image" -- "$PNPKIT" score circle36 "$SRC/tests/data/circle36-perfect.yaml" --template c36d.yaml -o palm.svg
kept palm.svg "score -o the template's image"
expect_status 0 "a sheet of that template" -- "$PNPKIT" render c36d.yaml -o c36d.png --dpi 100
expect_status 2 "scan -o the template's image" -- "$PNPKIT" scan c36d.png --template c36d.yaml -o palm.svg
expect_stderr "^pnpkit scan: -o palm.svg would replace palm.svg, which the sheet's template reads: give another output name$" "scan -o the image: message"
kept palm.svg "scan -o the template's image"
expect_status 0 "scan -o another name" -- "$PNPKIT" scan c36d.png --template c36d.yaml -o sheet.yaml
expect_eq "$(head -1 sheet.yaml)" "game: circle36" "scan -o another name: the sheet"
# A template named like the second page of its own output.
printf 'a\n1\n2\n' >d2.csv
printf 'name: tpl\ndata: d2.csv\ncomponents:\n  - {type: text, x: 0, y: 0, text: "${a}"}\n' >tpl-2.svg
cp tpl-2.svg tpl-2.svg.orig
replaced "page 2 of -o tpl.svg is the template" tpl-2.svg ./tpl-2.svg -- ./tpl-2.svg -o tpl.svg
expect_no_file tpl-1.svg "page 1 is not written either"
# The list file itself as a render's output.
expect_status 1 "-o the list" -- "$PNPKIT" render --list list.txt -q
expect_stderr "^list.txt:1:1: -o list.txt is this list itself: writing it would lose the list$" "-o the list: message"
kept list.txt "-o the list"
printf 'front.yaml -f pdf\n' >list2.txt
cp list2.txt list2.txt.orig
expect_status 2 "-o the list, on the command line" -- "$PNPKIT" render --list list2.txt -o list2.txt
expect_stderr "^pnpkit render: -o list2.txt is the list list2.txt itself: writing it would lose the list$" "-o the list, on the command line: message"
kept list2.txt "-o the list, on the command line"
# Outputs beside the inputs are written as ever.
expect_status 0 "an output of another name" -- "$PNPKIT" render td.yaml -o deck.pdf
kept d.csv "an output of another name"

# FIFOs and devices: refused at once, not waited on (each under a timeout: a
# hang is a failure, not a stuck test).
mkfifo fifo
printf 'name: df\ndata: fifo\ncomponents:\n  - {type: text, x: 0, y: 0, text: "x"}\n' >df.yaml
expect_status 1 "data: a FIFO" -- timeout 20 "$PNPKIT" render df.yaml -o x.pdf
expect_stderr "^df.yaml:2:7: data: cannot read fifo: not a regular file \(a FIFO or a device\)$" "data: a FIFO: message"
expect_status 3 "--data /dev/zero" -- timeout 20 "$PNPKIT" render t.yaml --data /dev/zero -o x.pdf
expect_stderr "^cannot read /dev/zero: not a regular file \(a FIFO or a device\)$" "--data /dev/zero: message"
expect_status 3 "--data a FIFO" -- timeout 20 "$PNPKIT" render t.yaml --data fifo -o x.pdf
expect_stderr "^cannot read fifo: not a regular file \(a FIFO or a device\)$" "--data a FIFO: message"
expect_status 1 "--list /dev/zero" -- timeout 20 "$PNPKIT" render --list /dev/zero
expect_stderr "^/dev/zero: not a regular file \(a FIFO or a device\)$" "--list /dev/zero: message"
expect_status 1 "--list a FIFO" -- timeout 20 "$PNPKIT" render --list fifo
# A template is a regular file too (render, lint and the backs waited on a FIFO).
ln -s fifo fifo.yaml
expect_status 1 "a FIFO template" -- timeout 20 "$PNPKIT" render fifo.yaml -o x.pdf
expect_stderr "^fifo\.yaml: not a regular file \(a FIFO or a device\)$" "a FIFO template: message"
expect_status 1 "lint a FIFO template" -- timeout 20 "$PNPKIT" lint fifo.yaml
expect_status 1 "a FIFO of backs" -- timeout 20 "$PNPKIT" render t.yaml --grid 2x2 --backs fifo.yaml -o x.pdf
expect_status 1 "a device template" -- timeout 20 "$PNPKIT" render /dev/zero -o x.pdf
expect_stderr "^/dev/zero: not a regular file \(a FIFO or a device\)$" "a device template: message"
printf '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">\n<image href="fifo" width="50" height="50"/>\n</svg>\n' >pipe.svg
printf 'name: ps\ncomponents:\n  - {type: image, src: pipe.svg, x: 0, y: 0, w: 30mm, h: 30mm}\n' >ps.yaml
expect_status 1 "an SVG drawing a FIFO" -- timeout 20 "$PNPKIT" render ps.yaml -o x.pdf
expect_stderr "^ps.yaml:3:6: image: pipe.svg: line 2: fifo: not a regular file \(a FIFO or a device\)$" "an SVG drawing a FIFO: message"
expect_no_file x.pdf "no output for any of them"

# A template reads files in its own folder and below it only: not a user's
# other files (an absolute path, a '..', a link leading out), which it could
# print into a sheet that is then shared. Files named on the command line
# (--data, --ttf, --backs) are the user's choice and may be anywhere.
mkdir -p proj/sub private
printf 'user,password\nalice,hunter2\n' >private/secret.csv
cp private/secret.csv proj/sub/ok.csv
ln -s ../private/secret.csv proj/link.csv
ln -s sub/ok.csv proj/inner.csv
msg="a template reads only files in its own folder and the folders below it \(no absolute path, no '..', no link leading out\)"
for ref in ../private/secret.csv "$T/w/private/secret.csv" link.csv; do
    printf 'name: evil\ndata: %s\ncomponents:\n  - {type: text, x: 0, y: 0, text: "${user}: ${password}"}\n' "$ref" >proj/evil.yaml
    expect_status 1 "data: $ref" -- "$PNPKIT" render proj/evil.yaml -o - -f scene
    expect_stderr "^proj/evil.yaml:2:7: data: $ref: $msg$" "data: $ref: message"
    if grep -q hunter2 "$T/out"; then bad "data: $ref: the secret was printed"; else ok; fi
done
printf 'name: img\ncomponents:\n  - {type: image, src: ../palm.svg, x: 0, y: 0, w: 30mm, h: 30mm}\n' >proj/img.yaml
expect_status 1 "image: ../palm.svg" -- "$PNPKIT" render proj/img.yaml -o x.pdf
expect_stderr "^proj/img.yaml:3:24: image: ../palm.svg: $msg$" "image: ../palm.svg: message"
printf 'name: fnt\nfonts: [/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf]\ncomponents: []\n' >proj/fnt.yaml
expect_status 1 "fonts: an absolute path" -- "$PNPKIT" render proj/fnt.yaml -o x.pdf
expect_stderr "^proj/fnt.yaml:2:9: fonts: /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf: $msg$" "fonts: an absolute path: message"
for ref in sub/ok.csv inner.csv; do
    printf 'name: fine\ndata: %s\ncomponents:\n  - {type: text, x: 0, y: 0, text: "${user}"}\n' "$ref" >proj/fine.yaml
    expect_status 0 "data: $ref, below the folder" -- "$PNPKIT" render proj/fine.yaml -o - -f scene
done
expect_status 0 "--data from elsewhere" -- "$PNPKIT" render proj/fine.yaml --data private/secret.csv -o - -f scene

# A CSV without a header or without rows, or with a column named like a
# parameter, is an error at a line of the file like any other.
: >empty.csv
printf 'a,b\n' >hdronly.csv
printf 'p,q\n1,2\n' >colparam.csv
printf 'name: csvt\nparams:\n  p: {type: int, default: 1}\ncomponents:\n  - {type: text, x: 0, y: 0, text: "x"}\n' >csvt.yaml
for case in "empty.csv:no header row naming the columns" "hdronly.csv:no rows after the header" \
    "colparam.csv:column 'p' is also a parameter of csvt; rename one"; do
    f=${case%%:*}
    expect_status 1 "--data $f" -- "$PNPKIT" render csvt.yaml --data "$f" -o x.pdf
    expect_stderr "^$f:1:1: ${case#*:}$" "--data $f: message"
done
printf '\n\np,q\n1,2\n' >colparam3.csv
expect_status 1 "--data colparam3.csv" -- "$PNPKIT" render csvt.yaml --data colparam3.csv -o x.pdf
expect_stderr "^colparam3.csv:3:1: column 'p' is also a parameter of csvt; rename one$" "the header after blank lines: its line"

# A NUL byte in a list: refused at its line, not read as the line's end.
printf 'front.yaml -o nul.pdf\000 --set bogus=1\n' >nul.txt
expect_status 1 "a NUL in a list" -- "$PNPKIT" render --list nul.txt
expect_stderr "^nul.txt:1:1: a NUL byte in the line$" "a NUL in a list: message"
expect_no_file nul.pdf "a NUL in a list: no output"

# 11 rows of 1000 cards: more than a document holds, refused at row 11
# (line 12 of the file), with or without --grid.
{ echo "a,count"; for i in 0 1 2 3 4 5 6 7 8 9 10; do echo "$i,1000"; done; } >counts.csv
printf 'name: cnt\npage: {paper: 63x88mm, margin: 5mm}\ndata: counts.csv\ncomponents:\n  - {type: text, x: 0, y: 0, text: "${a}"}\n' >cnt.yaml
want="^counts.csv:12:1: the data makes 11000 cards \(its counts\), at most 10000: this row passes the limit$"
expect_status 1 "11000 cards" -- "$PNPKIT" render cnt.yaml -o c.pdf
expect_stderr "$want" "11000 cards: message"
expect_status 1 "11000 cards on a grid" -- "$PNPKIT" render cnt.yaml --grid 3x3 -o c.pdf
expect_stderr "$want" "11000 cards on a grid: message"
expect_no_file c.pdf "11000 cards: no output"
# With --pages the first pages of the deck are drawn, as asked.
expect_status 0 "11000 cards, --pages 2" -- "$PNPKIT" render cnt.yaml --pages 2 -o c.pdf
expect_eq "$(pdfinfo c.pdf 2>/dev/null | sed -n 's/^Pages: *//p')" "2" "11000 cards, --pages 2: pages"

finish
