# cli_render.sh: pnpkit render end to end: every built-in template in every
# format, page sizes, PNG size for the dpi, determinism, and bad input.
. "$(dirname "$0")/lib.sh"

# PNG width and height from the IHDR chunk.
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{print $1*16777216+$2*65536+$3*256+$4 "x" $5*16777216+$6*65536+$7*256+$8}'; }
# "W x H" in pt of the first page, as pdfinfo prints it.
pdf_size() { pdfinfo "$1" | awk '/^Page size:/ {print $3 "x" $5}'; }
pdf_pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }

for t in $("$PNPKIT" list --names); do
    expect_status 0 "$t pdf" -- "$PNPKIT" render "$t" -o "$T/$t.pdf"
    expect_eq "$(pdf_size "$T/$t.pdf")" "595.276x841.89" "$t is A4 by default"
    # The Cirplexed tile set takes two A4 sheets; every other template one.
    want=1; [ "$t" = cirplexed-tiles ] && want=2
    expect_eq "$(pdf_pages "$T/$t.pdf")" "$want" "$t has $want page(s)"
    # SVG and PNG: one file a page, numbered when there are several.
    p1=""; [ "$want" = 2 ] && p1="-1"
    expect_status 0 "$t svg" -- "$PNPKIT" render "$t" -o "$T/$t.svg"
    expect_status 0 "$t svg parses" -- xmllint --noout "$T/$t$p1.svg"
    grep -q 'width="595.2755[0-9]*pt"' "$T/$t$p1.svg" && ok || bad "$t svg width"
    expect_status 0 "$t png" -- "$PNPKIT" render "$t" -o "$T/$t.png" --dpi 100
    # 210 mm at 100 dpi = 826.8 px, 297 mm = 1169.3 px
    expect_eq "$(png_size "$T/$t$p1.png")" "827x1169" "$t png size at 100 dpi"
    expect_status 0 "$t letter" -- "$PNPKIT" render "$t" -o "$T/$t-letter.pdf" --paper letter
    expect_eq "$(pdf_size "$T/$t-letter.pdf")" "612x792" "$t on US Letter"
    # Same input, same bytes.
    expect_status 0 "$t again" -- "$PNPKIT" render "$t" -o "$T/$t-2.pdf"
    cmp -s "$T/$t.pdf" "$T/$t-2.pdf" && ok || bad "$t pdf is not deterministic"
    expect_status 0 "$t png again" -- "$PNPKIT" render "$t" -o "$T/again-$t.png" --dpi 100
    cmp -s "$T/$t$p1.png" "$T/again-$t$p1.png" && ok || bad "$t png is not deterministic"
    expect_status 0 "$t svg again" -- "$PNPKIT" render "$t" -o "$T/again-$t.svg"
    cmp -s "$T/$t$p1.svg" "$T/again-$t$p1.svg" && ok || bad "$t svg is not deterministic"
done

# Text is real text: the PDF carries the sheet's words and the designer's sign.
pdftotext "$T/dicrono.pdf" - | grep -q "AK☉KA" && ok || bad "dicrono: AK☉KA not found in the PDF text"
pdftotext "$T/circle36.pdf" - | grep -q "Red Circle 18 Bonus" && ok || bad "circle36 bonus line"
pdftotext "$T/circle36.pdf" - | grep -q "Total ComboCircles" && ok || bad "circle36 combo line"

# Paper and orientation.
expect_status 0 "landscape" -- "$PNPKIT" render dicrono --paper a4 --landscape -o "$T/l.pdf"
expect_eq "$(pdf_size "$T/l.pdf")" "841.89x595.276" "landscape A4"
expect_status 0 "custom paper" -- "$PNPKIT" render dicrono --paper 200x300mm -o "$T/c.pdf"
expect_eq "$(pdf_size "$T/c.pdf")" "566.929x850.394" "200x300mm paper"
expect_status 0 "dpi 50" -- "$PNPKIT" render circle36 --dpi 50 -o "$T/d.png"
expect_eq "$(png_size "$T/d.png")" "413x585" "png at 50 dpi"

# A variant parameter changes the sheet.
expect_status 0 "variant" -- "$PNPKIT" render circle36 --set rings=2 --set sectors=6 --set target=24 -o "$T/v.pdf"
pdftotext "$T/v.pdf" - | grep -q "Circle 24" && ok || bad "variant title"

# Default output goes to out/NAME.EXT, creating out/.
mkdir "$T/cwd"
(cd "$T/cwd" && "$PNPKIT" render dicrono --format png --dpi 30) && ok || bad "default output"
[ -s "$T/cwd/out/dicrono.png" ] && ok || bad "out/dicrono.png missing"

# Standard output.
"$PNPKIT" render dicrono -o - --format pdf > "$T/stdout.pdf" && ok || bad "pdf to stdout"
expect_eq "$(pdf_pages "$T/stdout.pdf")" "1" "pdf from stdout"

# Bad input: one line naming the place, exit 1, nothing written.
expect_status 1 "unknown template" -- "$PNPKIT" render nosuch -o "$T/x.pdf"
expect_stderr "^nosuch: no such template" "unknown template message"
expect_no_file "$T/x.pdf" "unknown template"

printf 'name: bad\ncomponents:\n  - {type: rect, x: 1mm, colour: red}\n' > "$T/key.yaml"
expect_status 1 "unknown key" -- "$PNPKIT" render "$T/key.yaml" -o "$T/x.pdf"
expect_stderr "key.yaml:3:26: unknown key 'colour'" "unknown key place"
expect_no_file "$T/x.pdf" "unknown key"
expect_eq "$(wc -l < "$T/err")" "1" "one line"

printf 'name: bad\ncomponents:\n  - {type: grid, rows: [1, 2]}\n' > "$T/type.yaml"
expect_status 1 "wrong type" -- "$PNPKIT" render "$T/type.yaml" -o "$T/x.pdf"
expect_stderr "type.yaml:3:18: rows: expected a single value, not a list" "wrong type place"

printf 'name: bad\ncomponents:\n  - type: grid\n    cell: 3km\n' > "$T/unit.yaml"
expect_status 1 "bad unit" -- "$PNPKIT" render "$T/unit.yaml" -o "$T/x.pdf"
expect_stderr "unit.yaml:4:11: cell: '3km' is not a length" "bad unit place"

printf 'name: bad\ncomponents:\n  - type: grid\n    rows: 31\n' > "$T/bound.yaml"
expect_status 1 "out of bounds" -- "$PNPKIT" render "$T/bound.yaml" -o "$T/x.pdf"
expect_stderr "bound.yaml:4:11: rows: 31 is out of range \(1 to 30\)" "out of bounds place"

printf 'name: bad\ncomponents: [\n  - {type: rect\n' > "$T/syntax.yaml"
expect_status 1 "malformed YAML" -- "$PNPKIT" render "$T/syntax.yaml" -o "$T/x.pdf"
expect_stderr "syntax.yaml:[0-9]+:[0-9]+: invalid YAML" "malformed YAML place"
expect_no_file "$T/x.pdf" "malformed YAML"

expect_status 1 "unknown --set" -- "$PNPKIT" render circle36 --set colour=red -o "$T/x.pdf"
expect_stderr "^--set colour=red: template circle36 has no parameter 'colour'" "unknown --set"
expect_status 1 "--set out of bounds" -- "$PNPKIT" render circle36 --set rings=7 -o "$T/x.pdf"
expect_stderr "^--set rings=7: 7 is out of range \(1 to 6\)" "--set bounds"
expect_status 1 "--set wrong type" -- "$PNPKIT" render circle36 --set radius=big -o "$T/x.pdf"
expect_stderr "^--set radius=big: 'big' is not a length" "--set type"
expect_no_file "$T/x.pdf" "bad --set"

# Circle 36's spaces take a handwritten number: rings under 7mm deep are
# refused at the --set that asked for them; 57mm holds six rings.
expect_status 1 "circle36: six rings in 40mm" -- "$PNPKIT" render circle36 --set radius=40mm --set rings=6 -o "$T/x.pdf"
expect_eq "$(cat "$T/err")" "--set rings=6: ring-board: 6 rings in a 40mm radius are 4.2mm deep, too shallow to write a number in (7mm or more): at most 3 rings, or a radius of 57mm or more" "circle36: six rings in 40mm, one line"
expect_no_file "$T/x.pdf" "circle36: six rings in 40mm"
printf 'name: rb\ncomponents:\n  - {type: ring-board, radius: 30mm, center: 10mm, rings: 3, sectors: 16}\n' > "$T/rb.yaml"
expect_status 1 "ring-board: too many rings in a file" -- "$PNPKIT" render "$T/rb.yaml" -o "$T/x.pdf"
expect_stderr "^$T/rb\.yaml:3:[0-9]+: ring-board: 3 rings in a 30mm radius are 6\.7mm deep" "ring-board: placed in the file"
printf 'name: rb\ncomponents:\n  - {type: ring-board, radius: 20mm, center: 15mm, rings: 1}\n' > "$T/rb1.yaml"
expect_status 1 "ring-board: not even one ring fits" -- "$PNPKIT" render "$T/rb1.yaml" -o "$T/x.pdf"
expect_stderr "^$T/rb1\.yaml:3:[0-9]+: ring-board: 1 ring in a 20mm radius is 5\.0mm deep, too shallow to write a number in \(7mm or more\): a radius of 22mm or more$" "ring-board: no ring fits, only a larger radius is offered"
expect_status 0 "circle36: six rings in 57mm" -- "$PNPKIT" render circle36 --set radius=57mm --set rings=6 --set sectors=16 -f scene -o "$T/r57.scene"
expect_eq "$(awk '$1 == "slot" && $2 ~ /^[RBGOPK][0-9]+$/ && ($5 < 5.6 || $6 < 5.6) {n++} END {print n + 0}' "$T/r57.scene")" 0 "circle36: six rings in 57mm: every space 5.6mm or more"

# An existing file survives a failed render untouched.
echo "precious" > "$T/keep.pdf"
expect_status 1 "failed render" -- "$PNPKIT" render circle36 --set sectors=7 -o "$T/keep.pdf"
expect_stderr "^--set sectors=7: 7 is not allowed \(4 to 16 in steps of 2\)$" "odd sectors"
expect_eq "$(cat "$T/keep.pdf")" "precious" "old file kept"
expect_eq "$(ls -A "$T" | grep -c '^\.keep')" "0" "no temporary file left"

# A PNG document is bounded by its pixels, before any page is drawn: 180
# A4 pages at 1200 dpi (139.2 million pixels each) would take some twenty
# minutes; 10 000 at the default resolution fit.
expect_status 1 "PNG pages past the pixel budget" -- "$PNPKIT" render circle36 --format png --dpi 1200 --pages 180 -o "$T/px.png"
expect_stderr "^180 PNG pages of 139\.2 million pixels each would pass the limit of 25000 million pixels in one document; lower --dpi or render fewer pages$" "the pixel budget's message"
expect_eq "$(ls "$T" | grep -c '^px')" "0" "no page written past the pixel budget"

# Wrong usage exits 2.
expect_status 2 "no template" -- "$PNPKIT" render
expect_status 2 "unknown option" -- "$PNPKIT" render circle36 --frobnicate
expect_stderr "unknown option '--frobnicate'" "unknown option message"
expect_status 2 "bad dpi" -- "$PNPKIT" render circle36 --dpi 0
expect_status 2 "format mismatch" -- "$PNPKIT" render circle36 -o "$T/x.svg" --format pdf
expect_status 2 "unknown command" -- "$PNPKIT" frobnicate
# Pages written one a file are named after -o: a directory, a device or a
# pipe there would have had files made beside it (/dev/stdout-1.png), so it
# is refused before anything is drawn; one page is written to it as before.
mkdir -p "$T/dir.png"
expect_status 2 "PNG pages named after a directory" -- "$PNPKIT" render circle36 --pages 2 --format png -o "$T/dir.png"
expect_stderr "^pnpkit render: $T/dir.png is a directory, and the 2 pages of a PNG are files of their own named after it \($T/dir-1.png, ...\): give a file name$" "a directory: message"
mkfifo "$T/pipe"
expect_status 2 "SVG pages named after a pipe" -- "$PNPKIT" render circle36 --pages 3 --format svg -o "$T/pipe"
expect_stderr "is not a regular file, and the 3 pages of an SVG are files of their own" "a pipe: message"
expect_eq "$(ls "$T" | grep -c -e '^dir-' -e '^pipe-')" "0" "no page beside a directory or a pipe"
expect_status 3 "missing directory" -- "$PNPKIT" render circle36 -o "$T/no/such/dir/x.pdf"
expect_stderr "does not exist" "missing directory message"

# help and version
expect_status 0 "version" -- "$PNPKIT" --version
expect_stdout "^pnpkit [0-9]+\.[0-9]+" "version"
expect_status 0 "help render" -- "$PNPKIT" help render
expect_stdout "--paper" "help render"
expect_status 0 "list" -- "$PNPKIT" list
expect_stdout "--set rings +int 1..6, default 3" "list shows parameters"

# Every blockers value thinking-in-circles offers (0 to 16) prints: eight
# nickel-sized tokens fit one row; more shrink to fit two even rows.
for b in 0 8 9 16; do
    expect_status 0 "thinking-in-circles with $b blockers" -- "$PNPKIT" render thinking-in-circles --set blockers=$b -f scene -o "$T/tb$b.scene"
done
expect_eq "$(grep -c '^text "BLOCKER"' "$T/tb16.scene") $(awk '/^text "BLOCKER"/ {for (i = 1; i < NF; i++) if ($i == "at") print $(i+2)}' "$T/tb16.scene" | sort -u | wc -l)" "16 2" "16 blockers in two rows"
expect_eq "$(grep 'dash=1.50,1.00 M' "$T/tb16.scene" | head -1 | awk '{print $13 - $27}')" "10.5" "16 blockers: 10.5 mm tokens"
expect_eq "$(grep 'dash=1.50,1.00 M' "$T/tb8.scene" | head -1 | awk '{print $13 - $27}')" "21" "8 blockers: 21 mm tokens"
expect_eq "$(grep -c '^text "BLOCKER"' "$T/tb0.scene")" "0" "no blockers"

# cirplexed-board in --mono: each colour carries its pattern, as on the tile
# sheet (the quarter circles were one grey, a mixed circle looked like one).
tiles="0,0,0,1,2,3,1,0,0,1,2,4,2,0,0,1,2,5,3,0,0,1,3,2,4,0,0,1,3,4,5,0,0,1,3,5,0,1,0,1,4,2,1,1,0,1,4,3,2,1,0,1,4,5,3,1,0,1,5,2,4,1,0,1,5,3,5,1,0,1,5,4,0,2,0,2,1,3,1,2,0,2,1,4,2,2,0,2,1,5,3,2,0,2,3,1,4,2,0,2,3,4,5,2,0,2,3,5,0,3,0,2,4,1,1,3,0,2,4,3,2,3,0,2,4,5,3,3,0,2,5,1"
expect_status 0 "cirplexed-board --mono, --strict" -- "$PNPKIT" lint --strict --mono cirplexed-board --set players=1 --set "tiles1=$tiles"
"$PNPKIT" render cirplexed-board --set players=1 --set "tiles1=$tiles" -f scene -o "$T/cb.scene"
"$PNPKIT" render cirplexed-board --mono --set players=1 --set "tiles1=$tiles" -f scene -o "$T/cbm.scene"
[ "$(grep -c '^path' "$T/cbm.scene")" -gt "$(($(grep -c '^path' "$T/cb.scene") + 20))" ] && ok || bad "cirplexed-board --mono: the patterns are drawn"

finish
