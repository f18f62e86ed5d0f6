# cli_print.sh: print features of "pnpkit render" on every built-in template:
# paper sizes and orientation, pads and n-up page counts, PNG resolution, SVG
# pages, mono, byte-identical output per seed, and every parameter's bounds.
. "$2/tests/lib.sh"

TEMPLATES=$("$PNPKIT" list --names)
# every template of the source's templates/ is built in
expect_eq "$(echo "$TEMPLATES" | grep -c .)" "$(ls "$SRC"/templates/*.yaml | wc -l | tr -d ' ')" "every built-in template"

# "W x H" in points of page N of a PDF.
page_size() {
    pdfinfo -f "${2:-1}" -l "${2:-1}" "$1" 2>/dev/null | awk '/size:/ {print $4 "x" $6; exit}'
}
pages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ {print $2}'; }

for t in $TEMPLATES; do
    # paper, size, size with --landscape, size with --portrait: a WxH paper is
    # width x height as written; --landscape and --portrait turn it.
    while read -r paper size land port; do
        expect_status 0 "$t on $paper" -- "$PNPKIT" render "$t" --paper "$paper" -o "$T/p.pdf"
        expect_eq "$(page_size "$T/p.pdf")" "$size" "$t on $paper: page size"
        expect_status 0 "$t on $paper landscape" -- "$PNPKIT" render "$t" --paper "$paper" --landscape -o "$T/l.pdf"
        expect_eq "$(page_size "$T/l.pdf")" "$land" "$t on $paper landscape: page size"
        expect_status 0 "$t on $paper portrait" -- "$PNPKIT" render "$t" --paper "$paper" --portrait -o "$T/l.pdf"
        expect_eq "$(page_size "$T/l.pdf")" "$port" "$t on $paper portrait: page size"
    done <<EOF
a4 595.276x841.89 841.89x595.276 595.276x841.89
a5 419.528x595.276 595.276x419.528 419.528x595.276
a3 841.89x1190.55 1190.55x841.89 841.89x1190.55
letter 612x792 792x612 612x792
legal 612x1008 1008x612 612x1008
200x150mm 566.929x425.197 566.929x425.197 425.197x566.929
150x200mm 425.197x566.929 566.929x425.197 425.197x566.929
8.5x11in 612x792 792x612 612x792
EOF
    expect_status 0 "$t --mono" -- "$PNPKIT" render "$t" --mono -o "$T/m.pdf"
    expect_status 0 "$t --mono --nup 4" -- "$PNPKIT" render "$t" --mono --nup 4 --pages 4 -o "$T/m4.pdf"
    expect_eq "$(pages "$T/m4.pdf")" 1 "$t: 4 sheets 4-up on one paper"
done

# Pads and n-up: page counts and the paper turned for 2-up.
expect_status 0 "pad of 5" -- "$PNPKIT" render thinking-in-circles --pages 5 -o "$T/pad.pdf"
expect_eq "$(pages "$T/pad.pdf")" 5 "--pages 5"
expect_status 0 "5 sheets 2-up" -- "$PNPKIT" render thinking-in-circles --pages 5 --nup 2 -o "$T/n2.pdf"
expect_eq "$(pages "$T/n2.pdf")" 3 "--pages 5 --nup 2"
expect_eq "$(page_size "$T/n2.pdf")" "841.89x595.276" "2-up turns A4"
expect_status 0 "5 sheets 4-up" -- "$PNPKIT" render thinking-in-circles --pages 5 --nup 4 -o "$T/n4.pdf"
expect_eq "$(pages "$T/n4.pdf")" 2 "--pages 5 --nup 4"
expect_eq "$(page_size "$T/n4.pdf")" "595.276x841.89" "4-up keeps A4"
expect_status 0 "4-up on letter" -- "$PNPKIT" render circle36 --pages 8 --nup 4 --paper letter -o "$T/n4l.pdf"
expect_eq "$(pages "$T/n4l.pdf")" 2 "--pages 8 --nup 4"
expect_eq "$(page_size "$T/n4l.pdf")" "612x792" "4-up on letter"
# Every sheet of a seeded pad names its own seed in the footer.
if command -v pdftotext >/dev/null; then
    pdftotext -f 3 -l 3 "$T/pad.pdf" "$T/pad3.txt"
    expect_eq "$(grep -c 'pnpkit render thinking-in-circles --seed 3$' "$T/pad3.txt")" 1 "sheet 3 of a pad: seed 1+2"
    "$PNPKIT" render thinking-in-circles --seed 40 --set layout=ring --pages 2 --nup 2 -o "$T/f.pdf"
    pdftotext "$T/f.pdf" "$T/f.txt"
    expect_eq "$(grep -c -- '--set layout=ring --seed 4[01]$' "$T/f.txt")" 2 "2-up: both footers"
fi

# n-up without --pages fills the paper; with --pages the last paper keeps its
# empty slots unless --fill asks for more sheets. Sheets are counted by their
# titles and footers on the paper.
if command -v pdftotext >/dev/null; then
    titles() { pdftotext "$1" - | tr '\f' '\n' | grep -c '^Circle 36$'; }
    for n in 2 4; do
        expect_status 0 "circle36 --nup $n" -- "$PNPKIT" render circle36 --nup $n --mono -o "$T/c$n.pdf"
        expect_eq "$(pages "$T/c$n.pdf")" 1 "circle36 --nup $n: one paper"
        expect_eq "$(titles "$T/c$n.pdf")" $n "circle36 --nup $n: $n sheets on the paper"
    done
    "$PNPKIT" render thinking-in-circles --nup 4 --seed 20 -o "$T/t4.pdf"
    expect_eq "$(pdftotext "$T/t4.pdf" - | grep -o -- '--seed [0-9]*$' | tr '\n' ' ')" \
        "--seed 20 --seed 21 --seed 22 --seed 23 " "--nup 4: four boards, one seed each"
    "$PNPKIT" render thinking-in-circles --pages 5 --nup 4 -o "$T/p5.pdf"
    expect_eq "$(pdftotext -f 2 -l 2 "$T/p5.pdf" - | grep -c -- '--seed [0-9]*$')" 1 "--pages 5 --nup 4: one sheet on the last paper"
    expect_status 0 "--fill" -- "$PNPKIT" render thinking-in-circles --pages 5 --nup 4 --fill -o "$T/f5.pdf"
    expect_eq "$(pages "$T/f5.pdf")" 2 "--pages 5 --nup 4 --fill: two papers"
    expect_eq "$(pdftotext -f 2 -l 2 "$T/f5.pdf" - | grep -o -- '--seed [0-9]*$' | tr '\n' ' ')" \
        "--seed 5 --seed 6 --seed 7 --seed 8 " "--fill: the last paper full, seeds going on"
    expect_status 0 "--fill on a full paper" -- "$PNPKIT" render circle36 --pages 4 --nup 2 --fill -o "$T/f4.pdf"
    expect_eq "$(titles "$T/f4.pdf")" 4 "--fill adds nothing to full papers"
fi
expect_status 0 "tiles 4-up" -- "$PNPKIT" render cirplexed-tiles --nup 4 -o "$T/t4up.pdf"
expect_eq "$(pages "$T/t4up.pdf")" 1 "the tile set 4-up: one full paper"
expect_status 2 "--fill without --nup" -- "$PNPKIT" render circle36 --fill -o "$T/x.pdf"
expect_stderr "^pnpkit render: --fill fills the last paper of --nup 2 or 4" "--fill without --nup message"

# The tile set takes as many sheets as it needs; --pages overrides.
expect_status 0 "tiles" -- "$PNPKIT" render cirplexed-tiles -o "$T/tiles.pdf"
expect_eq "$(pages "$T/tiles.pdf")" 2 "90 tiles of 30mm on A4"
expect_status 0 "tiles a3" -- "$PNPKIT" render cirplexed-tiles --paper a3 -o "$T/tiles3.pdf"
expect_eq "$(pages "$T/tiles3.pdf")" 1 "90 tiles of 30mm on A3"
expect_status 0 "tiles 20mm" -- "$PNPKIT" render cirplexed-tiles --set tile=20mm -o "$T/tiles20.pdf"
expect_eq "$(pages "$T/tiles20.pdf")" 1 "90 tiles of 20mm on A4"
expect_status 0 "two sets" -- "$PNPKIT" render cirplexed-tiles --pages 4 -o "$T/tiles4.pdf"
expect_eq "$(pages "$T/tiles4.pdf")" 4 "--pages 4"

# PNG resolution: width and height from the PNG header.
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{print $3*256+$4 "x" $7*256+$8}'; }
expect_status 0 "png 100dpi" -- "$PNPKIT" render circular-numbers --dpi 100 -o "$T/c.png"
expect_eq "$(png_size "$T/c.png")" "827x1169" "A4 at 100 dpi"
expect_status 0 "png 30dpi landscape" -- "$PNPKIT" render dicrono --dpi 30 --landscape -o "$T/d.png"
expect_eq "$(png_size "$T/d.png")" "351x248" "A4 landscape at 30 dpi"
expect_status 0 "png pages" -- "$PNPKIT" render thinking-in-circles --pages 3 --dpi 20 -o "$T/pp.png"
expect_eq "$(ls "$T"/pp*.png | wc -l)" 3 "one PNG per page"
expect_status 0 "svg pages" -- "$PNPKIT" render cirplexed-tiles -o "$T/t.svg"
[ -f "$T/t-1.svg" ] && [ -f "$T/t-2.svg" ] && ok || bad "tile sheets as SVG: t-1.svg and t-2.svg"

# Same seed, same bytes; --seed N and --set seed=N agree; another seed differs.
"$PNPKIT" render thinking-in-circles --seed 9 -o "$T/s1.pdf"
"$PNPKIT" render thinking-in-circles --seed 9 -o "$T/s2.pdf"
"$PNPKIT" render thinking-in-circles --set seed=9 -o "$T/s3.pdf"
"$PNPKIT" render thinking-in-circles --seed 10 -o "$T/s4.pdf"
cmp -s "$T/s1.pdf" "$T/s2.pdf" && ok || bad "same seed gives the same bytes"
cmp -s "$T/s1.pdf" "$T/s3.pdf" && ok || bad "--set seed=9 is --seed 9"
cmp -s "$T/s1.pdf" "$T/s4.pdf" && bad "seed 10 gives another board" || ok
# Page 2 of a pad from seed 9 is the board of seed 10.
"$PNPKIT" render thinking-in-circles --seed 9 --pages 2 --dpi 20 -o "$T/q.png"
"$PNPKIT" render thinking-in-circles --seed 10 --dpi 20 -o "$T/r.png"
cmp -s "$T/q-2.png" "$T/r.png" && ok || bad "sheet 2 of a pad from seed 9 is seed 10's board"

# Every paper name (ISO A and B series, the card sizes): its size in mm, upright.
page_mm() {
    pdfinfo "$1" 2>/dev/null | awk '/^Page size:/ {printf "%.1fx%.1f\n", $3 * 25.4 / 72, $5 * 25.4 / 72; exit}'
}
while read -r paper size; do
    expect_status 0 "--paper $paper" -- "$PNPKIT" render dicrono --paper "$paper" -o "$T/n.pdf"
    expect_eq "$(page_mm "$T/n.pdf")" "$size" "--paper $paper: size in mm"
done <<EOF
a0 841.0x1189.0
a1 594.0x841.0
a2 420.0x594.0
a6 105.0x148.0
b1 707.0x1000.0
b2 500.0x707.0
b3 353.0x500.0
b4 250.0x353.0
b5 176.0x250.0
b6 125.0x176.0
poker 63.0x88.0
bridge 57.0x89.0
tarot 70.0x120.0
mini 44.0x63.0
A6 105.0x148.0
EOF
# A template's WxH paper is width x height as written, as --paper WxH is; its
# orientation, when written, turns it.
printf 'name: wxh\npage: {paper: 100x60mm}\ncomponents:\n  - {type: grid, rows: 2, cols: 2, cell: 5mm}\n' > "$T/wxh.yaml"
expect_status 0 "template 100x60mm" -- "$PNPKIT" render "$T/wxh.yaml" -o "$T/w1.pdf"
expect_eq "$(page_mm "$T/w1.pdf")" "100.0x60.0" "template paper 100x60mm: 100 wide"
expect_status 0 "--paper 100x60mm" -- "$PNPKIT" render "$T/wxh.yaml" --paper 100x60mm -o "$T/w2.pdf"
expect_eq "$(page_mm "$T/w2.pdf")" "100.0x60.0" "--paper 100x60mm: the same"
sed 's/100x60mm}/100x60mm, orientation: portrait}/' "$T/wxh.yaml" > "$T/wxhp.yaml"
expect_status 0 "template 100x60mm portrait" -- "$PNPKIT" render "$T/wxhp.yaml" -o "$T/w3.pdf"
expect_eq "$(page_mm "$T/w3.pdf")" "60.0x100.0" "template paper 100x60mm, orientation portrait: turned"
expect_status 0 "template 100x60mm --landscape" -- "$PNPKIT" render "$T/wxhp.yaml" --landscape -o "$T/w4.pdf"
expect_eq "$(page_mm "$T/w4.pdf")" "100.0x60.0" "--landscape turns it back"

# --nup 2 --actual-size: two A5 sheets on A4 at 100% (20 mm cells stay 20 mm,
# lines keep their 0.3 mm), each centred in its half; scaled to fit, without it.
printf 'name: a5grid\npage: {paper: a5}\ncomponents:\n  - {type: grid, rows: 5, cols: 5, cell: 20mm}\n' > "$T/a5.yaml"
expect_status 0 "--actual-size" -- "$PNPKIT" render "$T/a5.yaml" --nup 2 --paper a4 --actual-size -f scene -o "$T/act.scene"
expect_eq "$(grep -c '^page 297.00 210.00$' "$T/act.scene")" 1 "--actual-size: one landscape A4"
awk '/^path stroke=#000000 w=0.30 M/ && $6 == $9 {print $6}' "$T/act.scene" | sort -un | head -2 > "$T/ys"
expect_eq "$(awk 'NR == 1 {a = $1} NR == 2 {printf "%.2f", $1 - a}' "$T/ys")" "20.00" "--actual-size: 20 mm cells at 100%"
expect_eq "$(awk '/^path stroke=#000000 w=0.30 M/ && $6 == $9 {print $5; exit}' "$T/act.scene")" "10.25" "--actual-size: the first sheet centred in its 148.5 mm half (0.25 mm in), its grid at the 10 mm margin"
awk '/^(path|text)/ {for (i = 2; i < NF; i++) if ($i == "M" || $i == "L") if ($(i+1) < 5 || $(i+1) > 292 || $(i+2) < 5 || $(i+2) > 205) bad = 1} END {exit bad}' "$T/act.scene" && ok || bad "--actual-size: a line in the unprintable border"
expect_status 0 "--nup 2 scaled" -- "$PNPKIT" render "$T/a5.yaml" --nup 2 --paper a4 -f scene -o "$T/fit.scene"
grep -q '^path stroke=#000000 w=0.30 ' "$T/fit.scene" && bad "--nup 2 without --actual-size kept 100%" || ok
expect_status 2 "--actual-size on the template's own paper" -- "$PNPKIT" render "$T/a5.yaml" --nup 2 --actual-size -o "$T/x.pdf"
expect_stderr "2 sheets of 148x210mm at their own size need a paper of 296x210mm; the paper is 210x148mm" "--actual-size message"
expect_status 2 "--actual-size without --nup" -- "$PNPKIT" render "$T/a5.yaml" --actual-size -o "$T/x.pdf"
expect_no_file "$T/x.pdf" "no output for --actual-size errors"

# Print options out of bounds (the paper too): usage errors, no output.
expect_status 2 "--nup 3" -- "$PNPKIT" render circle36 --nup 3 -o "$T/x.pdf"
expect_stderr "--nup takes 2 or 4" "--nup 3 message"
expect_status 2 "--nup 1 (one sheet a paper is the default, not an imposition)" -- "$PNPKIT" render circle36 --nup 1 -o "$T/x.pdf"
expect_stderr "--nup takes 2 or 4" "--nup 1 message"
expect_status 2 "--pages 0" -- "$PNPKIT" render circle36 --pages 0 -o "$T/x.pdf"
expect_status 2 "--dpi 5" -- "$PNPKIT" render circle36 --dpi 5 -o "$T/x.png"
expect_status 2 "--paper b7" -- "$PNPKIT" render circle36 --paper b7 -o "$T/x.pdf"
expect_stderr "unknown paper 'b7'" "--paper b7 message"
expect_status 2 "--paper 19x19mm" -- "$PNPKIT" render circle36 --paper 19x19mm -o "$T/x.pdf"
expect_stderr "each side must be 20 to 1200 mm" "tiny paper message"
expect_no_file "$T/x.pdf" "no output after an error"

# Every parameter of every template: one past each bound is refused, by name.
"$PNPKIT" list | awk '
    /^[^ ]/ {t = $1}
    /--set/ {gsub(",", "", $4); print t, $2, $3, $4}' >"$T/params"
while read -r t name type range; do
    lo=${range%%..*}; hi=${range#*..}
    case $type in
    int) below=$((lo - 1)); above=$((hi + 1)) ;;
    length) below="$(awk "BEGIN {print ${lo%mm} - 1}")mm"; above="$(awk "BEGIN {print ${hi%mm} + 1}")mm" ;;
    number) below=$(awk "BEGIN {print $lo - 1}"); above=$(awk "BEGIN {print $hi + 1}") ;;
    enum) below=bogus; above=bogus ;;
    *) continue ;;
    esac
    for v in "$below" "$above"; do
        expect_status 1 "$t --set $name=$v" -- "$PNPKIT" render "$t" --set "$name=$v" -o "$T/b.pdf"
        expect_stderr "^--set $name=$v: .*(out of range|is not one of)" "$t $name=$v message"
        expect_no_file "$T/b.pdf" "$t $name=$v leaves no file"
    done
done <"$T/params"
expect_eq "$(grep -c . "$T/params")" 35 "parameters listed"

# Bounds that depend on each other and steps.
expect_status 1 "odd sectors" -- "$PNPKIT" render circle36 --set sectors=7 -o "$T/b.pdf"
expect_stderr "^--set sectors=7: 7 is not allowed \(4 to 16 in steps of 2\)" "odd sectors message"
expect_status 1 "neutral beyond spaces" -- "$PNPKIT" render thinking-in-circles --set spaces=6 --set neutral=4 -o "$T/b.pdf"
expect_stderr "^built-in template thinking-in-circles:[0-9]+:[0-9]+: tic-board: neutral must leave at least one black and one white space" "neutral message"
expect_status 1 "mark beyond the track" -- "$PNPKIT" render circular-numbers --set spaces=12 -o "$T/b.pdf"
expect_stderr "circular-track: marks: mark '12:4' is past the track's last space, 11" "marks message"
expect_no_file "$T/b.pdf" "no file after a dependent bound"
expect_status 0 "marks fitted to a short track" -- "$PNPKIT" render circular-numbers --set spaces=12 --set marks=3:2,9:5 -o "$T/b.pdf"

# A template from a file: the components of this page, a parameter, --set.
cat >"$T/mine.yaml" <<'EOF2'
# A row of shape glyphs.
name: glyphs
params:
  size: {type: length, default: 20mm, min: 5mm, max: 40mm}
components:
  - {type: shape, x: 20mm, y: 20mm, shape: circle, size: $size}
  - {type: shape, x: 50mm, y: 20mm, shape: pentagon, size: $size, fill: none, stroke: black}
  - {type: tile-sheet, x: 0, y: 40mm, w: 100mm, h: 80mm, tile: 25mm, legend: false}
  - {type: circular-track, x: 50%, y: 200mm, radius: 50mm, width: 15mm, spaces: 12, marks: ["3:2"]}
EOF2
expect_status 0 "template from a file" -- "$PNPKIT" render "$T/mine.yaml" --set size=30mm -o "$T/mine.pdf"
expect_eq "$(pages "$T/mine.pdf")" 8 "12 tiles a sheet: 90 tiles on 8 sheets"
sed 's/shape: pentagon/shape: hexagon/' "$T/mine.yaml" >"$T/bad.yaml"
expect_status 1 "bad shape in a file" -- "$PNPKIT" render "$T/bad.yaml" -o "$T/bad.pdf"
expect_stderr "^$T/bad.yaml:7:44: shape: 'hexagon' is not one of: circle, triangle, square, pentagon$" "bad shape message"
expect_no_file "$T/bad.pdf" "no file from a bad template"

# Every footer runs as printed and prints its sheet again. Seeds wrap round
# after the largest one --seed takes, so a pad never names a seed it refuses.
if command -v pdftotext >/dev/null; then
    "$PNPKIT" render thinking-in-circles --seed 2147483647 --pages 3 -o "$T/wrap.pdf"
    expect_eq "$(pdftotext "$T/wrap.pdf" - | grep -o -- '--seed [0-9]*$' | tr '\n' ' ')" \
        "--seed 2147483647 --seed 0 --seed 1 " "footers wrap round to seed 0"
    "$PNPKIT" render thinking-in-circles --seed 2147483647 --pages 3 --dpi 20 -o "$T/wrap.png"
    (cd "$T" && PATH="$(dirname "$PNPKIT"):$PATH" && export PATH &&
        sh -c "$(pdftotext -f 2 -l 2 wrap.pdf - | grep '^pnpkit render') --dpi 20 -o again.png")
    cmp -s "$T/wrap-2.png" "$T/again.png" && ok || bad "the footer of sheet 2 prints sheet 2 again"
    # A template file: named by its path as given, every argument quoted.
    mkdir -p "$T/my dir"
    cat >"$T/my dir/seeded.yaml" <<'EOF2'
name: seeded
title: Seeded
seeded: true
params:
  seed: {type: int, default: 1, min: 0, max: 2147483647}
  label: {type: string, default: "hi"}
components:
  - {type: text, x: 10mm, y: 10mm, text: "${label}"}
  - {type: tic-board, x: 0, y: 20mm, w: 100%, h: 120mm}
EOF2
    (cd "$T" && "$PNPKIT" render "my dir/seeded.yaml" --set 'label=x; touch pwned' --seed 3 -o s1.pdf)
    line=$(pdftotext "$T/s1.pdf" - | grep '^pnpkit render')
    expect_eq "$line" "pnpkit render 'my dir/seeded.yaml' --set 'label=x; touch pwned' --seed 3" "footer of a template file"
    (cd "$T" && PATH="$(dirname "$PNPKIT"):$PATH" && export PATH && sh -c "$line -o s2.pdf")
    expect_no_file "$T/pwned" "a pasted footer runs nothing else"
    cmp -s "$T/s1.pdf" "$T/s2.pdf" && ok || bad "the pasted footer prints the same sheet"
fi

# A long thin WxH paper stays as written; 2-up on WxH keeps the paper as written.
expect_status 0 "1200x50mm" -- "$PNPKIT" render dicrono --paper 1200x50mm -o "$T/thin.pdf"
expect_eq "$(page_size "$T/thin.pdf")" "3401.57x141.732" "1200x50mm is 1200 wide"
expect_status 0 "200x150mm 2-up" -- "$PNPKIT" render circle36 --paper 200x150mm --nup 2 -o "$T/c2.pdf"
expect_eq "$(page_size "$T/c2.pdf")" "566.929x425.197" "200x150mm 2-up: the paper as written"
expect_status 0 "150x200mm 2-up" -- "$PNPKIT" render circle36 --paper 150x200mm --nup 2 -o "$T/c2p.pdf"
expect_eq "$(page_size "$T/c2p.pdf")" "425.197x566.929" "150x200mm 2-up: the paper as written"

# Options and template text that would be ignored are errors or warnings.
expect_status 2 "--seed and --set seed disagree" -- "$PNPKIT" render thinking-in-circles --seed 5 --set seed=9 -o "$T/x.pdf"
expect_stderr "^(pnpkit render: )?--seed 5 and --set seed=9 disagree; give one of them$" "seed conflict message"
expect_no_file "$T/x.pdf" "no output when the seeds disagree"
expect_status 0 "--seed and --set seed agree" -- "$PNPKIT" render thinking-in-circles --seed 9 --set seed=9 -o "$T/x.pdf"
expect_status 0 "--seed without a seed" -- "$PNPKIT" render circle36 --seed 3 -o "$T/y.pdf"
expect_stderr "^pnpkit render: warning: circle36 has no seed \(its sheets are not random\); --seed is ignored$" "--seed ignored warning"
# A template that says `seeded: true` has a seed without a seed parameter:
# no warning, and two seeds draw two boards.
printf '%s\n' "name: tic2" "seeded: true" "components:" "  - {type: tic-board, x: 0, y: 0}" >"$T/tic2.yaml"
expect_status 0 "--seed on a seeded template" -- "$PNPKIT" render "$T/tic2.yaml" --seed 7 -f svg -o "$T/tic7.svg"
expect_eq "$(grep -c warning "$T/err")" 0 "seeded: true: no warning"
expect_status 0 "another seed" -- "$PNPKIT" render "$T/tic2.yaml" --seed 8 -f svg -o "$T/tic8.svg"
expect_status 1 "seeded: true: two seeds, two boards" -- cmp -s "$T/tic7.svg" "$T/tic8.svg"
expect_status 0 "--dpi with a PDF" -- "$PNPKIT" render circle36 --dpi 100 -o "$T/y.pdf"
expect_stderr "^pnpkit render: warning: --dpi is the resolution of PNG output; it does not change pdf output$" "--dpi with PDF warning"
expect_status 0 "--dpi with a PNG" -- "$PNPKIT" render circle36 --dpi 20 -o "$T/y.png"
expect_eq "$(grep -c warning "$T/err")" 0 "--dpi with PNG: no warning"
printf '%s\n' "name: two" "components:" "  - {type: text, x: 0, y: 0, text: one}" "---" \
    "name: other" "components: []" >"$T/two.yaml"
expect_status 1 "a second document" -- "$PNPKIT" render "$T/two.yaml" -o "$T/two.pdf"
expect_stderr "^$T/two.yaml:5:1: a template is one YAML document, but a second one starts here" "second document message"
expect_no_file "$T/two.pdf" "no output from two documents"
printf '%s\n' "--- # one document, marked" "name: one" "components:" "  - {type: text, x: 0, y: 0, text: one}" "..." "# the end" >"$T/one.yaml"
expect_status 0 "one marked document" -- "$PNPKIT" render "$T/one.yaml" -o "$T/one.pdf"
printf '%s\n' "name: bin" "components:" "  - {type: text, x: 0, y: 0, text: !!binary aGVsbG8=}" >"$T/bin.yaml"
expect_status 1 "a !!binary tag" -- "$PNPKIT" render "$T/bin.yaml" -o "$T/bin.pdf"
expect_stderr "^$T/bin.yaml:3:36: the tag '!!binary' is not supported; write the value plainly$" "binary tag message"
printf '%s\n' "name: str" "components:" "  - {type: text, x: 0, y: 0, text: !!str 12}" >"$T/str.yaml"
expect_status 0 "a !!str tag" -- "$PNPKIT" render "$T/str.yaml" -o "$T/str.pdf"
# A tag on an empty value is placed at the tag, and text quoted in a message
# that looks like a place ("...:0:21: ...") is never taken for the message's
# own place (found by fuzz_check: the file's name was lost).
printf '%s\n' '!a:0:21:%20:2:' >"$T/tagged.yaml"
expect_status 1 "a tag on an empty document" -- "$PNPKIT" check thinking-in-circles "$T/tagged.yaml"
expect_stderr "^$T/tagged.yaml:1:1: the tag '!a:0:21: :2:' is not supported; write the value plainly$" "tag message keeps its place"

finish
