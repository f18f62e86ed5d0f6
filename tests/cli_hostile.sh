# cli_hostile.sh: hostile templates are refused quickly, with one line naming the
# place and exit 1, and nothing is written; every size the command line takes is
# bounded. The time limits are coarse safety nets (timing proper is for bench/).
. "$(dirname "$0")/lib.sh"

now_ms() { date +%s%3N; }
# A sanitizer build runs several times slower: `make check-asan` sets
# PNPKIT_SLOW_TESTS to the factor by which these nets widen.
limit_ms=$((5000 * ${PNPKIT_SLOW_TESTS:-1}))

# refused NAME PATTERN FILE [options...]: exit 1 within 5 s, stderr matches, no output.
refused() {
    name=$1 pattern=$2 file=$3
    shift 3
    start=$(now_ms)
    expect_status 1 "$name" -- "$PNPKIT" render "$file" -o "$T/out.pdf" "$@"
    took=$(($(now_ms) - start))
    [ "$took" -lt "$limit_ms" ] && ok || bad "$name took ${took} ms"
    expect_stderr "$pattern" "$name message"
    [ "$(wc -l < "$T/err")" -eq 1 ] && ok || bad "$name: more than one line on stderr"
    expect_no_file "$T/out.pdf" "$name leaves no output"
}

# Billion laughs: ten levels of ten aliases would expand to 10^10 nodes.
{
    echo "name: laughs"
    echo "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"
    i=1
    while [ $i -le 9 ]; do
        p=$((i - 1))
        echo "a$i: &a$i [*a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p]"
        i=$((i + 1))
    done
    echo "components: []"
} > "$T/laughs.yaml"
refused "billion laughs" "^$T/laughs.yaml:6:25: document too large: more than 50000 nodes \(aliases expanded\)$" "$T/laughs.yaml"

# Deep nesting, as block mappings (one per line) and as a flow list on one line.
awk 'BEGIN { print "name: deep"; print "components: []"; print "params:";
             for (i = 1; i <= 40; i++) printf "%*sk%d:\n", 2 * i, "", i; }' > "$T/deep.yaml"
refused "deep block nesting" "^$T/deep.yaml:3[0-9]:[0-9]+: nesting deeper than 32 levels$" "$T/deep.yaml"
awk 'BEGIN { printf "name: deep\ncomponents: ";
             for (i = 0; i < 5000; i++) printf "["; for (i = 0; i < 5000; i++) printf "]"; print "" }' \
    > "$T/deepflow.yaml"
refused "deep flow nesting" "^$T/deepflow.yaml:2:[0-9]+: nesting deeper than 32 levels$" "$T/deepflow.yaml"

# A 100 MB scalar: refused by size before it is parsed.
{ printf 'name: "'; head -c 100000000 /dev/zero | tr '\0' a; printf '"\ncomponents: []\n'; } > "$T/big.yaml"
refused "100 MB scalar" "^$T/big.yaml: file too large \(more than 16777216 bytes\)$" "$T/big.yaml"
rm -f "$T/big.yaml"
# A long scalar within the file size: refused by the scalar limit.
awk 'BEGIN { print "name: long"; print "components: []"; print "title: |";
             for (i = 0; i < 100; i++) { printf "  "; for (j = 0; j < 100; j++) printf "abcdefghij"; print "" } }' \
    > "$T/long.yaml"
refused "long block scalar" "^$T/long.yaml:4:1: a value longer than 65536 bytes$" "$T/long.yaml"
# One long line (libfyaml would hold every token of it in memory).
awk 'BEGIN { printf "name: line\ncomponents: ["; for (i = 0; i < 100000; i++) printf "1,"; print "1]" }' \
    > "$T/line.yaml"
refused "long line" "^$T/line.yaml:2:16385: line longer than 16384 bytes$" "$T/line.yaml"

# A million items; a mapping of 1000 keys whose last duplicates an early one
# (found in one pass), and one of 20001 keys (refused before libfyaml's
# resolving, which compares keys pairwise).
awk 'BEGIN { print "name: items"; print "components:"; for (i = 0; i < 1000000; i++) print "  - 1" }' \
    > "$T/items.yaml"
refused "10^6 items" "^$T/items.yaml:[0-9]+:[0-9]+: document too large: more than 50000 nodes$" "$T/items.yaml"
awk 'BEGIN { print "name: keys"; print "components: []"; print "params:";
             for (i = 0; i < 999; i++) print "  k" i ": 1"; print "  k7: 2" }' > "$T/keys.yaml"
refused "duplicate key" "^$T/keys.yaml:1003:3: duplicate key 'k7'$" "$T/keys.yaml"
awk 'BEGIN { print "name: keys"; print "components: []"; print "params:";
             for (i = 0; i < 20001; i++) print "  k" i ": 1" }' > "$T/keys.yaml"
refused "20001 keys" "^$T/keys.yaml:3:1: a mapping of more than 1000 keys$" "$T/keys.yaml"

# Huge and odd numbers.
printf 'name: n\ncomponents:\n  - {type: grid, rows: 99999999999999999999999}\n' > "$T/num1.yaml"
refused "huge integer" "^$T/num1.yaml:3:24: rows: 99999999999999999999999 is out of range \(1 to 30\)$" "$T/num1.yaml"
printf 'name: n\ncomponents:\n  - {type: text, text: x, size: 1e999}\n' > "$T/num2.yaml"
# too large for a double, but a number: out of range, as written
refused "overflowing number" "^$T/num2.yaml:3:33: size: 1e999 is out of range \(2 to 200\)$" "$T/num2.yaml"
printf 'name: n\ncomponents:\n  - {type: circle, r: nan}\n' > "$T/num3.yaml"
refused "nan length" "^$T/num3.yaml:3:23: r: 'nan' is not a length" "$T/num3.yaml"
printf 'name: n\nparams:\n  k: {type: int, default: 1, max: 1e300}\ncomponents: []\n' > "$T/num4.yaml"
refused "huge bound" "^$T/num4.yaml:3:35: '1e300' is not a valid bound$" "$T/num4.yaml"

# Bytes that are not text.
printf 'name: x\ntitle: caf\351\ncomponents: []\n' > "$T/latin1.yaml"
refused "invalid UTF-8" "^$T/latin1.yaml:2:11: not valid UTF-8" "$T/latin1.yaml"
printf 'name: x\ntitle: a\000b\ncomponents: []\n' > "$T/nul.yaml"
refused "NUL byte" "^$T/nul.yaml:2:9: NUL byte in the text$" "$T/nul.yaml"

# A tab (libfyaml 0.7 crashes on some tabs after an explicit key).
printf 'name: x\ncomponents: []\n? a:\t:\n' > "$T/tab.yaml"
refused "tab character" "^$T/tab.yaml:3:5: a tab character; YAML is indented and separated with spaces" "$T/tab.yaml"

# Too many components, and a page too heavy to lay out (500 grids of 30x30).
awk 'BEGIN { print "name: many"; print "components:";
             for (i = 0; i < 501; i++) print "  - {type: rect}" }' > "$T/many.yaml"
refused "501 components" "^$T/many.yaml:503:6: more than 500 components$" "$T/many.yaml"
awk 'BEGIN { print "name: heavy"; print "components:";
             for (i = 0; i < 500; i++) print "  - {type: grid, rows: 30, cols: 30, cell: 4mm, prefix: g" i "}" }' \
    > "$T/heavy.yaml"
refused "heavy page" "^$T/heavy.yaml:[0-9]+:6: grid: the page would hold more than 100000 items; make the sheet simpler$" \
    "$T/heavy.yaml"
# Within the page budget, but not a thousand times over.
awk 'BEGIN { print "name: pad"; print "components:";
             for (i = 0; i < 30; i++) print "  - {type: grid, rows: 30, cols: 30, cell: 4mm, labels: false, prefix: g" i "}" }' \
    > "$T/pad.yaml"
refused "heavy pad" "^1000 pages of about [0-9]+ items each would pass the limit of 2000000 items in one document; render fewer pages$" \
    "$T/pad.yaml" --pages 1000
expect_status 0 "a heavy page on its own" -- "$PNPKIT" render "$T/pad.yaml" -o "$T/pad.pdf"

# Sizes on the command line.
expect_status 2 "--pages above the limit" -- "$PNPKIT" render dicrono --pages 10001 -o "$T/x.pdf"
expect_stderr "--pages takes a number from 1 to 10000" "--pages message"
# A long pad of one light sheet is within the budget: repeated pages cost little.
expect_status 0 "a long pad of one sheet" -- "$PNPKIT" render circle36 --pages 6000 -o "$T/long.pdf"
rm -f "$T/long.pdf"
# SVG pages are files of their own, each drawn in full: the same pad is refused
# at once, before any file is written.
expect_status 1 "a long SVG pad" -- "$PNPKIT" render circle36 --pages 6000 -o "$T/long.svg"
expect_stderr "^6000 pages of about [0-9]+ items each would pass the limit" "long SVG pad message"
expect_no_file "$T/long.svg" "no SVG page written"
# Pages that differ count in full: 10000 seeded boards pass the budget.
refused "long seeded pad" "^10000 pages of about [0-9]+ items each would pass the limit of 2000000 items in one document; render fewer pages$" \
    thinking-in-circles --pages 10000
expect_status 2 "--dpi above the limit" -- "$PNPKIT" render dicrono --dpi 1201 -o "$T/x.png"
expect_status 2 "--dpi below the limit" -- "$PNPKIT" render dicrono --dpi 9 -o "$T/x.png"
expect_status 2 "paper too large" -- "$PNPKIT" render dicrono --paper 1300x200mm -o "$T/x.pdf"
expect_stderr "each side must be 20 to 1200 mm" "paper message"
expect_status 2 "paper with a huge number" -- "$PNPKIT" render dicrono --paper 1e400x200mm -o "$T/x.pdf"
expect_status 1 "raster too large" -- "$PNPKIT" render dicrono --paper 1200x1200mm --dpi 1200 -o "$T/x.png"
expect_stderr "pixel PNG is too large \\(at most 32767 pixels a side and 150 million in all\\); lower --dpi" "raster message"
expect_no_file "$T/x.png" "no PNG after a refused size"
# Within the pixel budget but wider than cairo's image surfaces (32767): the
# same message, not cairo's "invalid value" as an I/O error.
expect_status 1 "raster too wide" -- "$PNPKIT" render dicrono --paper 900x60mm --dpi 1200 -o "$T/x.png"
expect_stderr "^a 42520x2835 pixel PNG is too large" "too wide message"
expect_no_file "$T/x.png" "no PNG after a refused width"
long=$(head -c 5000 /dev/zero | tr '\0' x)
expect_status 1 "--set with a long text" -- "$PNPKIT" render dicrono --set "size=$long" -o "$T/x.pdf"
expect_no_file "$T/x.pdf" "nothing written for a bad --set"

# Path segments are bounded per document too: 30 SVG pages of 900 000
# segments (a 60 KB path drawn 90 times) would take minutes and hundreds of
# MB; they are refused before the first page is written. (Identical PDF
# pages are stored once and count a quarter each.)
{
    printf 'name: segs\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - for: i in 1..90\n    components:\n      - type: path\n        d: >-\n          M0 0'
    i=0
    while [ $i -lt 9999 ]; do
        [ $((i % 100)) -eq 0 ] && printf '\n         '
        printf ' L%d 1' $((i % 50))
        i=$((i + 1))
    done
    printf '\n'
} >"$T/segs.yaml"
expect_status 1 "30 pages of 900000 segments" -- timeout 60 "$PNPKIT" render "$T/segs.yaml" --pages 30 -o "$T/x.svg"
expect_stderr "^30 pages of about 900000 path segments each would pass the limit of 25000000 path segments in one document; render fewer pages$" "30 pages of 900000 segments: message"
expect_no_file "$T/x-01.svg" "30 pages of 900000 segments: no output"

# Text laid out as blocks is bounded per page, counted at each layout: a
# 4000-byte text shrunk to one line, repeated 3000 times, drew little but
# took some 25 s of layouts; it is refused at the text, a line of the file.
words=$(i=0; while [ $i -lt 800 ]; do printf 'w%03d ' $i; i=$((i + 1)); done)
printf 'name: cut\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - for: i in 1..3000\n    components:\n      - {type: text, x: 0, y: 0, w: 60mm, h: 10mm, size: 20, min_size: 19, fit: shrink, max_lines: 1, text: "%s"}\n' "$words" >"$T/cut.yaml"
expect_status 1 "3000 long texts shrunk to a line" -- timeout 60 "$PNPKIT" render "$T/cut.yaml" -o "$T/x.pdf"
expect_stderr "^$T/cut.yaml:6:10: text: the page would hold more than 4194304 bytes of text laid out; make the sheet simpler$" "3000 long texts: message"
expect_no_file "$T/x.pdf" "3000 long texts: no output"

# Text is bounded per document too: a 40 KB CSV of ten rows counted to
# 10 000 cards of 64 texts of 2.8 KB each would set 1.8 GB of text (over
# half an hour in DejaVu Sans); it is refused from the first card's text.
words=$(i=0; while [ $i -lt 700 ]; do printf 'w%02d ' $((i % 100)); i=$((i + 1)); done)
{
    printf 'name: tome\ndata: tome.csv\ncomponents:\n'
    i=0
    while [ $i -lt 64 ]; do
        printf '  - {type: text, x: 0, y: %dmm, size: 4, text: "${t} %d"}\n' $((i * 4)) $i
        i=$((i + 1))
    done
} >"$T/tome.yaml"
{
    printf 't,count\n'
    i=0
    while [ $i -lt 10 ]; do printf '"%s%d",1000\n' "$words" $i; i=$((i + 1)); done
} >"$T/tome.csv"
expect_status 1 "10000 cards of 180 KB of text" -- timeout 20 "$PNPKIT" render "$T/tome.yaml" -o "$T/x.pdf"
expect_stderr "^10000 pages of about 179[0-9]{3} bytes of text to set each would pass the limit of 67108864 bytes of text to set in one document; render fewer pages$" "10000 cards of text: message"
expect_no_file "$T/x.pdf" "10000 cards of text: no output"
head -2 "$T/tome.csv" | sed 's/,1000$/,200/' >"$T/tome200.csv"
sed 's/tome\.csv/tome200.csv/' "$T/tome.yaml" >"$T/tome200.yaml"
expect_status 0 "200 cards of 180 KB of text" -- timeout 60 "$PNPKIT" render "$T/tome200.yaml" -o "$T/x.pdf"

# Expressions are bounded by their work, per sheet and over the sheets: one
# scalar of 12 000 `${''}` reused through a YAML alias by 499 texts in 20
# rounds (82 KB) made 10^8 of them before any page (53 s); it is refused at
# the expression that passes 10 million steps, in well under a second.
{
    printf 'name: heavy\nstyles:\n  big: &big "'
    i=0
    while [ $i -lt 3000 ]; do printf "\${''}"; i=$((i + 1)); done
    printf '"\ncomponents:\n  - for: i in 1..20\n    components:\n'
    i=0
    while [ $i -lt 499 ]; do printf '      - {type: text, x: 0, y: 0, text: *big}\n'; i=$((i + 1)); done
} >"$T/heavy.yaml"
for cmd in "render -o $T/heavy.pdf" lint; do
    expect_status 1 "10^8 expressions ($cmd)" -- timeout 60 "$PNPKIT" $cmd "$T/heavy.yaml"
    expect_stderr "^$T/heavy.yaml:3:[0-9]+: the expressions make more than 10000000 steps of work on one sheet \(each \\\$\{\.\.\.\}, when and value worked out per item counts\); make the sheet simpler \(where i = [0-9]+\)$" "10^8 expressions ($cmd): message"
done
expect_no_file "$T/heavy.pdf" "10^8 expressions: no output"
# Over the sheets: 30 rows of a 4 KB text, each sheet taking one letter of it
# 100 000 times, pass 200 million steps at row 22.
e=$(i=0; while [ $i -lt 100 ]; do printf '${char(t, 1)}'; i=$((i + 1)); done)
printf 'name: evals\ndata: evals.csv\ncomponents:\n  - for: i in 1..1000\n    components:\n      - {type: text, x: 0, y: 0, size: 2, text: "%s"}\n' "$e" >"$T/evals.yaml"
x=$(printf '%4000s' | tr ' ' x)
{ printf 't\n'; i=0; while [ $i -lt 30 ]; do printf '%s%d\n' "$x" $i; i=$((i + 1)); done; } >"$T/evals.csv"
expect_status 1 "30 sheets of 100 000 expressions" -- timeout 30 "$PNPKIT" render "$T/evals.yaml" -o "$T/evals.pdf"
expect_stderr "^$T/evals.yaml:6:[0-9]+: the expressions make more than 200000000 steps of work over the sheets; render fewer sheets or make them simpler \(where i = [0-9]+\) \(data row 22, $T/evals.csv line 23\)$" "30 sheets of expressions: message"
expect_no_file "$T/evals.pdf" "30 sheets of expressions: no output"
finish
