# cli_decks.sh: decks a print shop accepts. Each card of a --grid drawn into
# its trim plus the bleed and clipped there (pixels of the rendered PDF, both
# backends, and the clip boxes of the scene in mm), fills touching the trim
# reaching into the bleed, the gutter rule (twice the bleed, or 0 for shared
# cut lines), cut marks at every trim line, backs for --duplex long and short,
# --layout single (TrimBox and BleedBox on every page, front then back), and
# the data of a deck: the count column, ${card} and ${cards}, backs reading
# their card's row.
. "$(dirname "$0")/lib.sh"

# The grey (0 black .. 255 white) at (x, y) mm of page 1 of a PDF drawn at 2 px a mm.
gray_at() {
    h=$(head -n 3 "$1" | wc -c)
    w=$(head -n 2 "$1" | tail -n 1 | cut -d' ' -f1)
    off=$(awk -v h="$h" -v w="$w" -v x="$2" -v y="$3" 'BEGIN {print h + int(y * 2) * w + int(x * 2)}')
    od -An -tu1 -j "$off" -N1 "$1" | tr -d ' '
}
white() { [ "$(gray_at "$1" "$2" "$3")" -ge 250 ]; }
inked() { [ "$(gray_at "$1" "$2" "$3")" -le 150 ]; }

# A card whose red box reaches 8 mm past its trim on every side.
cat > "$T/over.yaml" <<'E'
name: over
page: {paper: poker, margin: 0}
components:
  - {type: rect, x: -8mm, y: -8mm, w: 79mm, h: 104mm, fill: "#ff0000", width: 0}
E
# A card with a blue background to its trim.
cat > "$T/bg.yaml" <<'E'
name: bg
page: {paper: poker, margin: 4mm, background: "#0000ff"}
components:
  - {type: text, x: 50%, y: 40mm, text: Card, align: center, color: "#ffffff"}
E
# 3x3 poker cards on A3 with 3 mm bleed and 8 mm gutters: the block is
# 205 x 280 mm from (46, 70); card 1's trim runs to x 109, its bleed to 112;
# card 2's bleed starts at 114. Between them 2 mm of gutter no card may reach.
for be in cairo haru; do
    expect_status 0 "over $be" -- "$PNPKIT" render "$T/over.yaml" --backend "$be" --grid 3x3 --gutter 8mm --bleed 3mm --paper a3 -o "$T/over-$be.pdf"
    pdftoppm -r 50.8 -gray -f 1 -l 1 "$T/over-$be.pdf" > "$T/over.pgm"
    white "$T/over.pgm" 113 100 && ok || bad "$be: a card's ink reaches past its bleed into the gutter (x 113 mm)"
    white "$T/over.pgm" 100 162 && ok || bad "$be: a card's ink reaches past its bleed below (y 162 mm)"
    white "$T/over.pgm" 41 100 && ok || bad "$be: ink past the bleed outside the block (x 41 mm)"
    inked "$T/over.pgm" 110.5 100 && ok || bad "$be: the card's own bleed is not inked (x 110.5 mm)"
    inked "$T/over.pgm" 44 100 && ok || bad "$be: the outer bleed is not inked (x 44 mm)"
    expect_qpdf_ok "$T/over-$be.pdf" "over $be"
    expect_status 0 "bg $be" -- "$PNPKIT" render "$T/bg.yaml" --backend "$be" --grid 3x3 --gutter 8mm --bleed 3mm --paper a3 -o "$T/bg-$be.pdf"
    pdftoppm -r 50.8 -gray -f 1 -l 1 "$T/bg-$be.pdf" > "$T/bg.pgm"
    inked "$T/bg.pgm" 110.5 100 && ok || bad "$be: the background does not reach into the bleed"
    inked "$T/bg.pgm" 100 159.5 && ok || bad "$be: the background does not reach into the bleed below"
    white "$T/bg.pgm" 113 100 && ok || bad "$be: the background reaches past the bleed"
done
# The paper keeps its size: the bleed is each card's.
pdfinfo "$T/bg-cairo.pdf" | grep -q "841.89 x 1190.55 pts (A3)" && ok || bad "the paper grew with a card bleed"

# The clip boxes in mm: 2x2 on A4 with 3 mm bleed, gutter by default twice
# the bleed: block 132 x 182 mm from (39, 57.5).
expect_status 0 "2x2 scene" -- "$PNPKIT" render "$T/bg.yaml" --grid 2x2 --bleed 3mm --backs "$T/bg.yaml" -f scene -o "$T/g.scene"
awk '/^page/ {p++} p == 1 && /^clip [0-9]/ {print $2, $3, $4, $5}' "$T/g.scene" > "$T/clips"
expect_eq "$(tr '\n' ';' < "$T/clips")" "36.00 54.50 69.00 94.00;105.00 54.50 69.00 94.00;36.00 148.50 69.00 94.00;105.00 148.50 69.00 94.00;" "each card clipped to its trim plus 3 mm"
# no two clip boxes overlap, and every point drawn after a clip lies in it
awk '{x[NR] = $1; y[NR] = $2; w[NR] = $3; h[NR] = $4}
     END {for (i = 1; i <= NR; i++) for (j = i + 1; j <= NR; j++)
              if (x[i] < x[j] + w[j] && x[j] < x[i] + w[i] && y[i] < y[j] + h[j] && y[j] < y[i] + h[i]) exit 1}' "$T/clips" && ok || bad "clip boxes overlap"
awk '/^page/ {p++} p == 1 && /^clip [0-9]/ {c = 1; x0 = $2; y0 = $3; x1 = $2 + $4; y1 = $3 + $5; next}
     /^clip none/ {c = 0}
     c && /^path/ {for (i = 2; i < NF; i++) if ($i == "M" || $i == "L") if ($(i+1) < x0 - 0.01 || $(i+1) > x1 + 0.01 || $(i+2) < y0 - 0.01 || $(i+2) > y1 + 0.01) bad = 1}
     END {exit bad}' "$T/g.scene" && ok || bad "a path of a card outside its clip box"
# the background of card 1 is drawn to its bleed edge
grep -q "^path fill=#0000ff M 36.00 54.50 L 105.00 54.50 L 105.00 148.50 L 36.00 148.50 Z$" "$T/g.scene" && ok || bad "card 1's background does not fill its bleed"
# A slanted shape on the edge is not a background: a corner triangle keeps its
# fill under its outline (moving its corners out pulled its slanted edge 3 mm
# into the card, a white sliver inside its own outline, in every backend).
printf 'name: tri\npage: {paper: 63x88mm, margin: 5mm}\ncomponents:\n  - {type: path, x: -5mm, y: -5mm, d: "M0 0 L40 0 L0 40 Z", fill: "#d62828", stroke: "#000000", width: 0.5mm}\n' > "$T/tri.yaml"
expect_status 0 "corner triangle with bleed" -- "$PNPKIT" render "$T/tri.yaml" --grid 1x1 --bleed 3mm -f scene -o "$T/tri.scene"
grep -q "^path fill=#d62828 stroke=#000000 w=0.50 M 73.50 104.50 L 113.50 104.50 L 73.50 144.50 Z$" "$T/tri.scene" && ok || bad "the corner triangle changed with the bleed: $(grep '^path fill=#d62828' "$T/tri.scene")"
for be in cairo haru; do
    expect_status 0 "corner triangle, page bleed ($be)" -- "$PNPKIT" render "$T/tri.yaml" --bleed 3mm --backend $be -o "$T/tri-$be.pdf"
    pdftoppm -r 50.8 -gray "$T/tri-$be.pdf" > "$T/tri.pgm"
    # (3 mm bleed + 19.25 mm, the same): inside the outline, 1 mm from its
    # slanted edge, where the old fill ended 1 mm short
    inked "$T/tri.pgm" 22.25 22.25 && ok || bad "$be: the triangle's fill left its slanted edge"
done
# cut marks at every trim line (x 39, 102, 108, 171), outside the bleed
for x in 39.00 102.00 108.00 171.00; do
    grep -q "^path stroke=#000000 w=0.15 M $x 48.50 L $x 53.50$" "$T/g.scene" && ok || bad "no cut mark above the trim line x = $x"
done
# backs: the same clips, columns swapped for turning on the long edge
expect_eq "$(awk '/^page/ {p++} p == 2 && /^clip [0-9]/ {print $2, $3}' "$T/g.scene" | tr '\n' ';')" "105.00 54.50;36.00 54.50;105.00 148.50;36.00 148.50;" "backs for the long edge"
expect_status 0 "short edge" -- "$PNPKIT" render "$T/bg.yaml" --grid 2x2 --bleed 3mm --backs "$T/bg.yaml" --duplex short -f scene -o "$T/s.scene"
expect_eq "$(awk '/^page/ {p++} p == 2 && /^clip [0-9]/ {print $2, $3}' "$T/s.scene" | tr '\n' ';')" "36.00 148.50;105.00 148.50;36.00 54.50;105.00 54.50;" "backs for the short edge: rows swapped"

# Gutter 0 asked for: shared cut lines, the bleed only round the block.
expect_status 0 "shared lines" -- "$PNPKIT" render "$T/bg.yaml" --grid 3x3 --gutter 0 --bleed 3mm -f scene -o "$T/z.scene"
expect_eq "$(awk '/^clip [0-9]/ {print $2, $3, $4, $5}' "$T/z.scene" | sed -n '1p;2p;3p;5p' | tr '\n' ';')" "7.50 13.50 66.00 91.00;73.50 13.50 63.00 91.00;136.50 13.50 66.00 91.00;73.50 104.50 63.00 88.00;" "shared cut lines: inner edges clipped at the trim"
# A gutter narrower than two bleeds is refused; so is a block that does not fit.
expect_status 2 "gutter 2mm, bleed 3mm" -- "$PNPKIT" render "$T/bg.yaml" --grid 2x2 --gutter 2mm --bleed 3mm -o "$T/x.pdf"
expect_stderr "a gutter of 2mm is narrower than two bleeds of 3mm: neighbouring cards would print into each other; give --gutter 6mm or more, or --gutter 0 for shared cut lines$" "gutter message"
expect_status 2 "3x3 with 6 mm gutters on A4" -- "$PNPKIT" render "$T/bg.yaml" --grid 3x3 --bleed 3mm -o "$T/x.pdf"
expect_stderr "takes 207x282mm.*\\(with --gutter 0, cards sharing their cut lines, it takes 195x270mm\\)$" "too wide, with the way out"
expect_no_file "$T/x.pdf" "no output"
expect_status 2 "--duplex without backs" -- "$PNPKIT" render "$T/bg.yaml" --grid 2x2 --duplex short -o "$T/x.pdf"
expect_status 2 "--duplex long without backs" -- "$PNPKIT" render "$T/bg.yaml" --duplex long -o "$T/x.pdf"
expect_stderr "^pnpkit render: --duplex places the --backs of a --grid$" "--duplex long is refused as short is"
expect_status 2 "--duplex sideways" -- "$PNPKIT" render "$T/bg.yaml" --grid 2x2 --backs "$T/bg.yaml" --duplex up -o "$T/x.pdf"
# One card a page as PNG counts each card's pixels with its bleed against
# the document's budget (69.5 x 94.9 mm at 1200 dpi: 14.5 million).
expect_status 1 "2000 single cards at 1200 dpi" -- "$PNPKIT" render "$T/bg.yaml" --layout single --bleed 3mm --pages 2000 --format png --dpi 1200 -o "$T/card.png"
expect_stderr "^2000 PNG pages of 14\.5 million pixels each would pass the limit of 25000 million pixels" "single cards: the pixel budget"
expect_status 2 "--layout single with --grid" -- "$PNPKIT" render "$T/bg.yaml" --layout single --grid 2x2 -o "$T/x.pdf"
expect_status 2 "--layout single with --offset" -- "$PNPKIT" render "$T/bg.yaml" --layout single --offset 1mm,0 -o "$T/x.pdf"
expect_stderr "^pnpkit render: --offset and --scale are for papers printed at home, not for --layout single$" "--offset message"
expect_status 2 "--layout sideways" -- "$PNPKIT" render "$T/bg.yaml" --layout sideways -o "$T/x.pdf"

# One card a page: trim + bleed, TrimBox 3 mm (8.50 pt) inside, front then back.
cat > "$T/deck.csv" <<'E'
name,count
Ace,2
King,0
Queen,1
E
cat > "$T/face.yaml" <<'E'
name: face
page: {paper: poker, margin: 4mm, background: "#eeeeee"}
components:
  - {type: text, x: 0, y: 0, text: "${name} ${card} of ${cards}"}
E
cat > "$T/back.yaml" <<'E'
name: back
page: {paper: poker, margin: 4mm, background: "#222222"}
components:
  - {type: text, x: 0, y: 0, text: "back of ${name}", color: "#ffffff"}
E
for be in cairo haru; do
    expect_status 0 "single $be" -- "$PNPKIT" render "$T/face.yaml" --data "$T/deck.csv" --layout single --bleed 3mm --backs "$T/back.yaml" --backend "$be" -o "$T/one-$be.pdf"
    expect_eq "$(pdfinfo "$T/one-$be.pdf" | awk '/^Pages:/ {print $2}')" 6 "$be: three cards (counts 2, 0, 1), each with its back"
    pdfinfo -box -f 1 -l 6 "$T/one-$be.pdf" > "$T/box"
    expect_eq "$(grep -c 'MediaBox: *0.00 *0.00 *195.59 *266.46' "$T/box")" 6 "$be: every page 69 x 94 mm"
    expect_eq "$(grep -c 'TrimBox: *8.50 *8.50 *187.09 *257.95' "$T/box")" 6 "$be: every page's TrimBox 3 mm in"
    expect_eq "$(grep -c 'BleedBox: *0.00 *0.00 *195.59 *266.46' "$T/box")" 6 "$be: every page's BleedBox"
    expect_qpdf_ok "$T/one-$be.pdf" "single $be"
    for p in 1:"Ace 1 of 3" 2:"back of Ace" 3:"Ace 2 of 3" 5:"Queen 3 of 3" 6:"back of Queen"; do
        pdftotext -f "${p%%:*}" -l "${p%%:*}" "$T/one-$be.pdf" - | grep -q "${p#*:}" && ok || bad "$be: page ${p%%:*} is not '${p#*:}'"
    done
done
# A page of one card has no crop marks in its bleed (the boxes say where to
# cut); a sheet with --bleed has one along the trim's top edge (y 3 mm).
printf 'name,count\nAce,1\n' > "$T/ace.csv"
for be in cairo haru; do
    "$PNPKIT" render "$T/face.yaml" --data "$T/ace.csv" --layout single --bleed 3mm --backend "$be" -o "$T/m1.pdf"
    "$PNPKIT" render "$T/face.yaml" --data "$T/ace.csv" --bleed 3mm --backend "$be" -o "$T/m2.pdf"
    pdftoppm -r 50.8 -aa no -aaVector no -gray "$T/m1.pdf" > "$T/m1.pgm"
    pdftoppm -r 50.8 -aa no -aaVector no -gray "$T/m2.pdf" > "$T/m2.pgm"
    expect_eq "$(gray_at "$T/m1.pgm" 1 3)" 238 "$be: the background, no crop mark, in a single card's bleed"
    expect_eq "$(gray_at "$T/m2.pgm" 1 3)" 0 "$be: the crop mark of a sheet with --bleed"
done

# The deck's data: a count out of bounds is an error at its line.
printf 'name,count\nAce,2\nKing,many\n' > "$T/bad.csv"
expect_status 1 "bad count" -- "$PNPKIT" render "$T/face.yaml" --data "$T/bad.csv" --grid 2x2 -o "$T/x.pdf"
expect_stderr "bad.csv:3:1: count 'many' \\(row 2\\): a whole number of copies, 0 to 1000" "count message"
printf 'name,count\nAce,0\n' > "$T/none.csv"
expect_status 1 "no cards" -- "$PNPKIT" render "$T/face.yaml" --data "$T/none.csv" --grid 2x2 -o "$T/x.pdf"
expect_stderr "none.csv:1:1: every count is 0: the data makes no cards" "no cards message, at the header naming count"
expect_no_file "$T/x.pdf" "no output for bad counts"

# On a paper lying on its side the long edge is the top: --duplex long puts
# each back in the mirrored row, --duplex short in the mirrored column (they
# were swapped). 8 cards 4x2 on landscape A4: F1 at (54, 61), B1 behind it.
printf 'name: f\npage: {paper: 63x88mm, margin: 5mm}\ncomponents:\n  - {type: text, x: 50%%, y: 50%%, text: "F${card}", align: center, size: 20}\n' > "$T/lf.yaml"
sed 's/F\$/B$/; s/name: f/name: b/' "$T/lf.yaml" > "$T/lb.yaml"
{ echo n; seq 1 8; } > "$T/l8.csv"
for d in long:"54.00 149.00" short:"243.00 61.00"; do
    expect_status 0 "landscape --duplex ${d%%:*}" -- "$PNPKIT" render "$T/lf.yaml" --data "$T/l8.csv" --grid 4x2 --paper a4 --landscape --backs "$T/lb.yaml" --duplex "${d%%:*}" -f scene -o "$T/l.scene"
    expect_eq "$(awk '$1 == "text" && $2 == "\"B1\"" {print $7, $8}' "$T/l.scene")" "${d#*:}" "landscape --duplex ${d%%:*}: B1 behind F1"
done
# --grid keeps a WxH paper as written: 4 poker cards across 297x210.
expect_status 0 "--grid 4x2 on 297x210mm" -- "$PNPKIT" render "$T/lf.yaml" --data "$T/l8.csv" --paper 297x210mm --grid 4x2 -f scene -o "$T/w.scene"
expect_eq "$(head -1 "$T/w.scene")" "page 297.00 210.00" "--grid 4x2 on 297x210mm: the paper as written"
# --nup on a paper too small for its sheets and their cut marks: refused (it
# drew every sheet upside down at 4-up, and failed as a write error at 2-up).
printf 'name: token\npage: {paper: 40x20mm, margin: 2mm}\ncomponents:\n  - {type: rect, x: 0, y: 0, w: 100%%, h: 100%%, fill: "#3060ff"}\n' > "$T/tok.yaml"
expect_status 1 "--nup 4 on the template's 40x20mm" -- "$PNPKIT" render "$T/tok.yaml" --nup 4 -o "$T/tok.png"
expect_stderr "^$T/tok.yaml:2:15: a 40x20mm paper leaves no room for 4 sheets with their cut marks \(10mm at its border, 8mm between sheets\); give a larger --paper$" "--nup 4 on 40x20mm: message at page.paper"
expect_status 2 "--nup 2 on --paper 30x30mm" -- "$PNPKIT" render "$T/tok.yaml" --nup 2 --paper 30x30mm -o "$T/tok.pdf"
expect_no_file "$T/tok.pdf" "--nup 2 on 30x30mm: no output"
expect_no_file "$T/tok.png" "--nup 4 on 40x20mm: no output"

# A back's warnings and --set errors name the backs' file (they were given
# at the front's lines, and a value only the backs refuse did not say so).
printf 'name: wb\npage: {paper: 63x88mm, margin: 5mm}\ncomponents:\n  - {type: text, x: 50%%, y: 10mm, text: "ok", size: 12}\n  - {type: text, x: 50%%, y: 50%%, text: "tiny back text", size: 3}\n' > "$T/wb.yaml"
expect_status 0 "a back with tiny text" -- "$PNPKIT" render "$T/lf.yaml" --grid 2x2 --backs "$T/wb.yaml" -o "$T/wb.pdf"
expect_stderr "^$T/wb\\.yaml:5:6: warning: text \"tiny back text\" is 3\\.0 pt, under 6 pt: hard to read" "a back's warning names the backs' file"
printf 'name: pf\npage: {paper: 63x88mm}\nparams:\n  n: {type: int, min: 1, max: 100, default: 5}\ncomponents:\n  - {type: text, x: 5mm, y: 5mm, text: "$n"}\n' > "$T/pf.yaml"
sed 's/name: pf/name: pb/; s/max: 100/max: 10/' "$T/pf.yaml" > "$T/pb.yaml"
expect_status 1 "--set past the backs' bound" -- "$PNPKIT" render "$T/pf.yaml" --grid 2x2 --backs "$T/pb.yaml" --set n=50 -o "$T/pb.pdf"
expect_stderr "^the backs \\($T/pb\\.yaml\\): --set n=50: 50 is out of range \\(1 to 10\\)$" "--set past the backs' bound: names the backs"
# A parameter only the backs have is set on the backs alone; one neither has is refused.
printf 'name: po\npage: {paper: 63x88mm}\nparams:\n  w: {type: string, default: "plain"}\ncomponents:\n  - {type: text, x: 5mm, y: 5mm, text: "back ${w}"}\n' > "$T/po.yaml"
expect_status 0 "--set of the backs' own parameter" -- "$PNPKIT" render "$T/pf.yaml" --grid 2x2 --backs "$T/po.yaml" --set w=gold --set n=7 -f scene -o "$T/po.scene"
expect_eq "$(grep -c '^text "back gold"' "$T/po.scene") $(grep -c '^text "7"' "$T/po.scene")" "4 4" "the backs say gold, the fronts 7"
expect_status 1 "--set of a parameter neither has" -- "$PNPKIT" render "$T/pf.yaml" --grid 2x2 --backs "$T/po.yaml" --set colour=red -o "$T/po.pdf"
expect_stderr "^--set colour=red: neither template pf nor its backs po has a parameter 'colour'$" "neither has it: said so"
expect_status 1 "--set of the backs' parameter without backs" -- "$PNPKIT" render "$T/pf.yaml" --grid 2x2 --set w=gold -o "$T/po.pdf"
expect_no_file "$T/po.pdf" "refused --set: no output"
# A shape drawn into the bleed, as the docs advise for a slanted one on the
# edge, is no warning with --bleed; past the bleed, or without one, it is.
printf 'name: sl\npage: {paper: 63x88mm, margin: 3mm}\ncomponents:\n  - {type: path, x: -6mm, y: -6mm, d: "M 0 0 L 25 0 L 0 25 Z", fill: "#1f5fbf", stroke: none}\n' > "$T/sl.yaml"
expect_status 0 "a slanted shape into a 3 mm bleed" -- "$PNPKIT" render "$T/sl.yaml" --grid 2x2 --bleed 3mm -o "$T/sl.pdf"
expect_eq "$(wc -c < "$T/err")" "0" "a slanted shape into a 3 mm bleed: no warning"
expect_status 0 "the same into a 2 mm bleed" -- "$PNPKIT" render "$T/sl.yaml" --grid 2x2 --bleed 2mm -o "$T/sl.pdf"
expect_stderr "^$T/sl\.yaml:4:6: warning: a filled shape runs past the 2 mm bleed \(-3\.0 to 22\.0 x -3\.0 to 22\.0 mm on a 63x88mm page\)" "past a 2 mm bleed: said so"
expect_status 0 "the same without a bleed" -- "$PNPKIT" render "$T/sl.yaml" --grid 2x2 -o "$T/sl.pdf"
expect_stderr "runs off the page" "without a bleed: runs off the page"
finish
