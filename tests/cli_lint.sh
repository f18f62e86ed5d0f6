# cli_lint.sh: "pnpkit lint": every kind of finding at its template place,
# exit 0 with warnings and 1 with --strict, a clean sheet, cards judged by their
# own edge, and render's cheap checks on stderr.
. "$(dirname "$0")/lib.sh"

D="$SRC/tests/data/lint"
cp "$D/bad.yaml" "$D/good.yaml" "$T/"
cd "$T"
expect_status 0 "warnings, exit 0" -- "$PNPKIT" lint bad.yaml
expect_stdout '^bad.yaml:5:6: warning: a filled shape is off the page \(at -490\.1, 9\.8 mm\)$' "rect at x: -500mm"
expect_stdout '^bad.yaml:6:6: warning: text "A very long heading.*" runs off the page \(-104\.6 to 314\.6 x' "heading off both sides"
expect_stdout '^bad.yaml:7:6: warning: text "tiny" is 4\.0 pt, under 6 pt' "small text"
expect_stdout '^bad.yaml:9:6: warning: text "overlap two" overlaps "overlap one" \(line 8\)$' "overlapping text"
expect_stdout '^bad.yaml:10:6: warning: a line 0\.05 mm wide, under 0\.1 mm' "thin line"
expect_stdout '^bad.yaml:11:6: warning: adjacent fills #d62728 and #2ca02c \(the second from line 12\) look alike with deuteranopia \(green-blind\): colour difference 7\.[0-9], under 10 \(CIE76\)$' "red and green"
expect_stdout '^bad.yaml:14:6: warning: a filled shape reaches into the 5 mm border printers cannot print \(9\.8 to 30\.1 x 287\.9 to 293\.1 mm\)$' "unprintable border"
expect_stdout '^bad.yaml:15:6: warning: adjacent fills #2d6cc0 and #d7301f \(the second from line 16\) look alike in greyscale \(--mono\)' "alike in mono"
expect_eq "$(grep -c warning "$T/out")" 8 "eight findings"
expect_status 1 "--strict" -- "$PNPKIT" lint --strict bad.yaml
expect_status 0 "clean" -- "$PNPKIT" lint --strict good.yaml
expect_stdout '^good.yaml: no problems found$' "clean message"
# --mono agrees with plain lint: the blue and red that plain lint says look
# alike in greyscale are reported, at the same place and with the colours as
# written; red and green (alike only to colour-blind eyes) are not, for mono
# prints no colour; the rest stays.
plain_grey=$("$PNPKIT" lint bad.yaml | grep "look alike in greyscale")
[ -n "$plain_grey" ] && ok || bad "plain lint reports the greyscale pair"
expect_status 0 "--mono" -- "$PNPKIT" lint --mono bad.yaml
expect_eq "$(grep "look alike" "$T/out")" "$plain_grey" "--mono reports the greyscale pair plain lint reports"
grep -q "deuteranopia" "$T/out" && bad "colour-blind findings on a greyscale sheet" || ok
expect_eq "$(grep -c warning "$T/out")" 7 "seven findings in mono"
expect_status 1 "--mono --strict fails like plain --strict" -- "$PNPKIT" lint --strict --mono bad.yaml
# --set reaches the template: a parameter that moves text off the page.
printf 'name: p\nparams:\n  x: {type: length, default: 0, min: -500mm, max: 500mm}\ncomponents:\n  - {type: text, text: Hello, x: $x, y: 0}\n' > p.yaml
expect_status 0 "param clean" -- "$PNPKIT" lint --strict p.yaml
expect_status 1 "param off" -- "$PNPKIT" lint --strict p.yaml --set x=300mm
expect_stdout '^p.yaml:5:6: warning: text "Hello" is off the page' "the parameter's effect"
# A card (under 100 mm a side) is cut out: only its own edge counts.
printf 'name: c\npage: {paper: 63x88mm, margin: 0}\ncomponents:\n  - {type: rect, x: 1mm, y: 1mm, w: 61mm, h: 86mm, fill: "#ffeecc", stroke: none}\n  - {type: rect, x: 60mm, y: 1mm, w: 10mm, h: 10mm, fill: "#000000", stroke: none}\n' > c.yaml
expect_status 1 "card edge" -- "$PNPKIT" lint --strict c.yaml
expect_stdout '^c.yaml:5:6: warning: a filled shape runs off the page \(60\.0 to 70\.0 x 1\.0 to 11\.0 mm on a 63x88mm page\)$' "past the card's edge"
expect_eq "$(grep -c warning "$T/out")" 1 "the card's border is not the printer's"
# A character no font has is a finding (exit 0, 1 with --strict), in a line
# and in wrapped text, each at its text's place; render refuses the sheet.
printf 'name: g\ncomponents:\n  - {type: text, text: "A 𓀀 B", x: 20mm, y: 20mm}\n  - {type: text, text: "wrapped 𓀀 words", x: 20mm, y: 40mm, w: 50mm}\n  - {type: text, text: "fine", x: 20mm, y: 60mm}\n' > g.yaml
expect_status 0 "missing glyphs" -- "$PNPKIT" lint g.yaml
expect_stdout '^g.yaml:3:6: warning: text "A 𓀀 B": no font pnpkit uses has 𓀀 \(U\+13000\)' "the missing glyph named"
expect_stdout '^g.yaml:4:6: warning: text "wrapped 𓀀 words": no font pnpkit uses has 𓀀' "the wrapped text's glyph named"
expect_eq "$(grep -c warning "$T/out")" 2 "two findings, the clean text none"
expect_status 1 "missing glyphs --strict" -- "$PNPKIT" lint --strict g.yaml
expect_status 1 "render refuses missing glyphs" -- "$PNPKIT" render g.yaml -o g.pdf
expect_stderr '^g.yaml:3:6: text: no font pnpkit uses has .*U\+13000' "render names the glyph"
expect_no_file g.pdf "no output with missing glyphs"
# Fills are adjacent by their shapes, not their boxes: two circles whose boxes
# overlap but which lie 2.6 mm apart are not, the same circles overlapping are.
printf 'name: s\ncomponents:\n  - {type: circle, x: 20mm, y: 20mm, r: 10mm, fill: "#d62728", stroke: none}\n  - {type: circle, x: 36mm, y: 36mm, r: 10mm, fill: "#2ca02c", stroke: none}\n' > apart.yaml
expect_status 0 "circles apart" -- "$PNPKIT" lint --strict apart.yaml
sed 's/x: 36mm, y: 36mm/x: 33mm, y: 33mm/' apart.yaml > touch.yaml
expect_status 1 "circles touching" -- "$PNPKIT" lint --strict touch.yaml
expect_stdout 'warning: adjacent fills #d62728 and #2ca02c .* look alike with deuteranopia' "touching circles found"
# Within 0.5 mm counts as adjacent: 0.3 mm apart is found.
sed 's/x: 36mm, y: 36mm/x: 34.35mm, y: 34.35mm/' apart.yaml > near.yaml
expect_status 1 "circles 0.3 mm apart" -- "$PNPKIT" lint --strict near.yaml
# Colours are judged as they print. A page background is a fill like any
# other, written (page.background) or drawn (a rect over the whole page); a
# board over it hides it, except at its edge.
R='{type: rect, x: 20mm, y: 20mm, w: 30mm, h: 30mm, fill: "#d7301f", stroke: none}'
printf 'name: bg\npage: {paper: a4, margin: 10mm, background: "#2d6cc0"}\ncomponents:\n  - %s\n' "$R" > bg.yaml
expect_status 0 "on a page background" -- "$PNPKIT" lint bg.yaml
expect_eq "$(cat out)" 'bg.yaml:4:6: warning: fill #d7301f on the page background #2d6cc0 looks alike in greyscale (--mono): colour difference 7.7, under 10 (CIE76)' "a fill on the page background"
printf 'name: bgc\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - {type: rect, x: -10mm, y: -10mm, w: 210mm, h: 297mm, fill: "#2d6cc0", stroke: none}\n  - %s\n' "$R" > bgc.yaml
expect_status 0 "on a background component" -- "$PNPKIT" lint bgc.yaml
expect_eq "$(cat out)" 'bgc.yaml:5:6: warning: fill #d7301f on the page background #2d6cc0 (line 4) looks alike in greyscale (--mono): colour difference 7.7, under 10 (CIE76)' "a fill on a background drawn by the template"
printf 'name: board\npage: {paper: a4, margin: 10mm, background: "#2d6cc0"}\ncomponents:\n  - {type: rect, x: 0, y: 0, w: 190mm, h: 277mm, fill: "#f4f0e0", stroke: none}\n  - {type: circle, x: 95mm, y: 140mm, r: 20mm, fill: "#d7301f", stroke: none}\n' > board.yaml
expect_status 0 "a board over the background" -- "$PNPKIT" lint --strict board.yaml
# A fill wholly under a later one is not seen: the red under the white
# square does not meet the blue beside it; uncovered, it does.
printf 'name: hid\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - %s\n  - {type: rect, x: 19mm, y: 19mm, w: 32mm, h: 32mm, fill: "#ffffff", stroke: none}\n  - {type: rect, x: 50mm, y: 20mm, w: 30mm, h: 30mm, fill: "#2d6cc0", stroke: none}\n' "$R" > hid.yaml
expect_status 0 "a hidden fill" -- "$PNPKIT" lint --strict hid.yaml
sed '/#ffffff/d' hid.yaml > shown.yaml
expect_status 1 "the fill shown" -- "$PNPKIT" lint --strict shown.yaml
expect_stdout '^shown.yaml:4:6: warning: adjacent fills #d7301f and #2d6cc0 \(the second from line 5\) look alike in greyscale' "the shown fill found"
# A translucent fill prints over what is under it: red at 25% on the paper is
# a pink unlike the blue beside it; red at 50% on red prints red, alike it.
printf 'name: al\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - {type: rect, x: 20mm, y: 20mm, w: 30mm, h: 30mm, fill: "#d7301f40", stroke: none}\n  - {type: rect, x: 50mm, y: 20mm, w: 30mm, h: 30mm, fill: "#2d6cc0", stroke: none}\n' > al.yaml
expect_status 0 "translucent on paper" -- "$PNPKIT" lint --strict al.yaml
printf 'name: al2\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - {type: rect, x: 20mm, y: 20mm, w: 30mm, h: 30mm, fill: "#d7301f", stroke: none}\n  - {type: rect, x: 25mm, y: 25mm, w: 25mm, h: 20mm, fill: "#d7301f80", stroke: none}\n  - {type: rect, x: 50mm, y: 20mm, w: 30mm, h: 30mm, fill: "#2d6cc0", stroke: none}\n' > al2.yaml
expect_status 0 "translucent on red" -- "$PNPKIT" lint al2.yaml
expect_stdout '^al2.yaml:5:6: warning: adjacent fills #d7301f \(#d7301f at 50%\) and #2d6cc0 \(the second from line 6\) look alike in greyscale' "translucent red over red"
sed 's/#d7301f", stroke/#ffffff", stroke/' al2.yaml > al3.yaml
expect_status 0 "translucent on white" -- "$PNPKIT" lint --strict al3.yaml
# A translucent fill hides nothing: a faint wash over the whole sheet leaves
# the red and blue beside each other under it as they were.
printf 'name: wash\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - %s\n  - {type: rect, x: 50mm, y: 20mm, w: 30mm, h: 30mm, fill: "#2d6cc0", stroke: none}\n  - {type: rect, x: 0, y: 0, w: 190mm, h: 277mm, fill: "#00000014", stroke: none}\n' "$R" > wash.yaml
expect_status 0 "under a translucent wash" -- "$PNPKIT" lint wash.yaml
expect_stdout '^wash.yaml:4:6: warning: adjacent fills #d7301f and #2d6cc0 \(the second from line 5\) look alike in greyscale' "a wash hides nothing"
# A translucent disc on a disc is judged over it (points inside the disc,
# not the corners of its box, which lie outside the one under it).
printf 'name: tc\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - {type: circle, x: 60mm, y: 60mm, r: 30mm, fill: "#d7301f", stroke: none}\n  - {type: circle, x: 60mm, y: 60mm, r: 22mm, fill: "#2d6cc0c0", stroke: none}\n' > tc.yaml
expect_status 0 "a translucent disc on a disc" -- "$PNPKIT" lint tc.yaml
expect_eq "$(cat out)" 'tc.yaml:4:6: warning: adjacent fills #d7301f and #575d98 (#2d6cc0 at 75%) (the second from line 5) look alike in greyscale (--mono): colour difference 5.8, under 10 (CIE76)' "a translucent disc over a red one"
# A page background as light as paper is not compared, as the paper is not:
# a pale sand hex on a cream page prints like one on white paper.
printf 'name: cream\npage: {paper: a4, margin: 10mm, background: "#fffaf0"}\ncomponents:\n  - {type: polygon, sides: 6, x: 60mm, y: 60mm, r: 20mm, fill: "#f6e8c3", stroke: none}\n' > cream.yaml
expect_status 0 "a pale fill on a cream page" -- "$PNPKIT" lint --strict cream.yaml
# A thin fill keeps its pixels across on a large sheet: a 1 mm bar 600 mm
# long on a blue area is found; one of 0.05 mm is a hairline that may not
# print, as a line that thin.
printf 'name: thin\npage: {paper: 594x841mm, margin: 10mm}\ncomponents:\n  - {type: rect, x: 0, y: 0, w: 500mm, h: 700mm, fill: "#2d6cc0", stroke: none}\n  - {type: rect, x: 100mm, y: 50mm, w: 1mm, h: 600mm, fill: "#d7301f", stroke: none}\n' > thin.yaml
expect_status 0 "a thin bar" -- "$PNPKIT" lint thin.yaml
expect_eq "$(cat out)" 'thin.yaml:4:6: warning: adjacent fills #2d6cc0 and #d7301f (the second from line 5) look alike in greyscale (--mono): colour difference 7.7, under 10 (CIE76)' "a thin bar on a large sheet"
sed 's/w: 1mm/w: 0.05mm/' thin.yaml > hair.yaml
expect_status 0 "a hairline fill" -- "$PNPKIT" lint hair.yaml
expect_eq "$(cat out)" 'hair.yaml:5:6: warning: a filled shape 0.05 mm wide, under 0.1 mm: it may not print' "a hairline fill is a line"
# Many fills of one component, overlapping, of many colours: each pair of
# template places is reported once (not every pair of colours), and 4000 of
# them take well under a second (a quadratic number of findings was kept and
# took 40 s and 740 MB).
cat > fills.yaml <<'Y'
name: fills
params:
  n: {type: int, default: 4000, min: 1, max: 10000}
page: {paper: a4, margin: 10mm}
components:
  - for: i in 0..${n - 1}
    components:
      - type: rect
        x: "${(i % 7) * 0.1}mm"
        y: "${(i % 5) * 0.1}mm"
        w: 150mm
        h: 150mm
        stroke: none
        fill: "#${char('6789abcdef', i % 10 + 1)}${char('0123456789', floor(i / 10) % 10 + 1)}${char('abcdef9876', floor(i / 100) % 10 + 1)}${char('0246813579', i % 10 + 1)}${char('89ab', floor(i / 1000) % 4 + 1)}${char('13579', i % 5 + 1)}"
Y
expect_status 0 "30 fills of one place" -- "$PNPKIT" lint fills.yaml --set n=30
expect_eq "$(cat out)" 'fills.yaml:8:9: warning: adjacent fills #72a283 and #b2a181 (the second from line 8) look alike with protanopia (red-blind): colour difference 4.9, under 10 (CIE76)' "one finding for one pair of places"
expect_status 0 "4000 fills in time" -- timeout 20 "$PNPKIT" lint fills.yaml
expect_eq "$(wc -l < out)" 1 "4000 fills: one finding"
# Past the budget of comparisons by shape, pairs are not reported (which fit
# is chance) but counted: 4000 circles of 150 mm on one another.
sed 's/- type: rect/- type: circle/; s/w: 150mm/r: 75mm/; /h: 150mm/d; s/(i % 7) \* 0.1}mm/100 + (i % 7) * 0.1}mm/; s/(i % 5) \* 0.1}mm/100 + (i % 5) * 0.1}mm/' fills.yaml > circles.yaml
expect_status 0 "4000 circles in time" -- timeout 20 "$PNPKIT" lint circles.yaml
expect_eq "$(cat out)" "circles.yaml: warning: fills of 1 pair of components near each other were not all compared for colours: the sheet's budget of comparisons by shape was spent" "past the budget: counted, not reported"
# A sheet lists at most 1000 findings and one template 10 000; the rest are
# counted.
{ printf 'name: r\ndata:\n'; for i in 1 2 3 4 5 6 7 8 9 10; do printf '  - {row: %d}\n' $i; done
  printf 'components:\n  - for: i in 0..1100\n    components:\n      - {type: rect, x: -50mm, y: 10mm, w: 10mm, h: 10mm, fill: "#000000", stroke: none}\n'; } > many.yaml
expect_status 0 "1101 findings on each of 10 sheets" -- "$PNPKIT" lint many.yaml
expect_stdout '^many\.yaml:16:10: warning: a filled shape is off the page \(at -40\.0, 20\.0 mm\) \(and 9990 more like it\)$' "10 000 kept"
expect_stdout '^many\.yaml: warning: 101 more findings on this sheet not listed \(at most 1000 are\) \(and 8 more like it\)$' "each sheet's rest counted"
expect_stdout '^many\.yaml: warning: 10 more findings not listed \(at most 10000 are for one template\)$' "the template's rest counted"
expect_eq "$(wc -l < out)" 3 "three lines"
# One component in the border, running off the page and off it: a line each,
# the worse never hidden behind the milder as "(and 2 more like it)".
printf 'name: k\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - for: i in 1..3\n    components:\n      - {type: rect, x: "${-7 - (i - 1) * 15}mm", y: "${i * 30}mm", w: 20mm, h: 10mm}\n' > kinds.yaml
expect_status 0 "three kinds of bounds" -- "$PNPKIT" lint kinds.yaml
expect_eq "$(cat out)" 'kinds.yaml:6:10: warning: a line reaches into the 5 mm border printers cannot print (2.9 to 23.1 x 39.9 to 50.1 mm)
kinds.yaml:6:10: warning: a line runs off the page (-12.2 to 8.2 x 69.8 to 80.2 mm on a 210x297mm page)
kinds.yaml:6:10: warning: a line is off the page (at -27.1, 99.8 mm)' "each kind its own line"
# What draws nothing is never a finding: an answer key hidden by a colour
# parameter set to none (small, overlapping, a hairline), a line and a text of
# alpha 0 off the page. Shown, the answers are found.
printf 'name: h\nparams:\n  show: {type: colour, default: none}\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - {type: text, x: 0, y: 0, text: "Answer: 42", color: $show, size: 5}\n  - {type: text, x: 2mm, y: 0, text: "Question", size: 12}\n  - {type: line, x1: 0, y1: 20mm, x2: 50mm, y2: 20mm, color: $show, width: 0.05mm}\n  - {type: line, x1: -20mm, y1: 40mm, x2: 50mm, y2: 40mm, color: "#00000000"}\n  - {type: text, x: -20mm, y: 60mm, text: "gone", color: "#00000000", size: 4}\n' > hidden.yaml
expect_status 0 "hidden items" -- "$PNPKIT" lint --strict hidden.yaml
expect_stdout '^hidden.yaml: no problems found$' "nothing drawn, nothing found"
expect_status 1 "hidden items shown" -- "$PNPKIT" lint --strict hidden.yaml --set show=black
expect_eq "$(cut -d: -f2 out | tr '\n' ' ')" "6 7 8 " "the shown answer: small, overlapped, a hairline"
# Boxes are the ink's: a curve by its turning points, not its control points
# (a sector of 100 mm whose arc tops out at 11.8 mm, a path curve at 10.3 mm:
# both clear of the 5 mm border); a stroke with sharp corners by the tips of
# its miter joins (a triangle's 8 mm stroke reaches 8 mm above its top corner,
# at 2 mm; a star's 2 mm stroke past its points on every side), as drawn.
printf 'name: b\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - {type: sector, x: 95mm, y: 102mm, r: 100mm, from: -45, to: 45, fill: "#ddeeff", width: 0.3mm}\n  - {type: arc, x: 95mm, y: 252mm, r: 25mm, from: 135, to: 225, width: 0.3mm}\n  - {type: path, x: 60mm, y: 20mm, d: "M 0 0 C 0 -26 10 -26 10 0", width: 0.5mm}\n' > curves.yaml
expect_status 0 "curves clear of the border" -- "$PNPKIT" lint --strict curves.yaml
printf 'name: m\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - {type: polygon, x: 90mm, y: 30mm, r: 30mm, sides: 3, width: 8mm}\n  - {type: star, x: 40mm, y: 60mm, r: 58mm, points: 5, inner: 0.5, width: 2mm}\n' > miter.yaml
expect_status 0 "miters" -- "$PNPKIT" lint miter.yaml
expect_eq "$(cat out)" 'miter.yaml:4:6: warning: a line reaches into the 5 mm border printers cannot print (67.1 to 132.9 x 2.0 to 59.0 mm)
miter.yaml:5:6: warning: a line runs off the page (-7.3 to 107.3 x 9.7 to 118.8 mm on a 210x297mm page)' "the miters' tips"
# A quoted text is cut at 60 bytes between characters, never inside one; a
# figure past a limit is never shown as the limit (5.99 pt is not "6.0 pt,
# under 6 pt", 4.98 mm not "5.0" in the 5 mm border).
a59=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
printf 'name: f\npage: {paper: a4, margin: 5mm}\ncomponents:\n  - {type: text, x: 10mm, y: 10mm, size: 5, text: "%sé"}\n  - {type: text, x: 10mm, y: 30mm, text: "small", size: 5.99}\n  - {type: line, x1: 10mm, y1: 50mm, x2: 50mm, y2: 50mm, width: 0.099mm}\n  - {type: rect, x: -0.02mm, y: 60mm, w: 20mm, h: 10mm, fill: "#cccccc", stroke: none}\n  - {type: rect, x: 20mm, y: 80mm, w: 20mm, h: 10mm, fill: "#cccccc", stroke: none}\n  - {type: rect, x: 20mm, y: -5.03mm, w: 20mm, h: 10mm, fill: "#cccccc", stroke: none}\n' "$a59" > figures.yaml
expect_status 0 "figures" -- "$PNPKIT" lint figures.yaml
expect_stdout "^figures.yaml:4:6: warning: text \"$a59\\.\\.\\.\" is 5\\.0 pt" "cut before the character it would split"
expect_stdout '^figures.yaml:5:6: warning: text "small" is 5\.99 pt, under 6 pt' "5.99 pt"
expect_stdout '^figures.yaml:6:6: warning: a line 0\.099 mm wide, under 0\.1 mm' "0.099 mm"
expect_stdout '^figures.yaml:7:6: warning: a filled shape reaches into the 5 mm border printers cannot print \(4\.98 to 25\.0 x 65\.0 to 75\.0 mm\)$' "4.98 mm"
expect_stdout '^figures.yaml:9:6: warning: a filled shape runs off the page \(25\.0 to 45\.0 x -0\.03 to 10\.0 mm' "-0.03 mm"
expect_eq "$(grep -c warning out)" 5 "the rect clear of the border is not reported"
# Text overlaps where its glyphs draw, each box turned with its text: a
# paragraph set solid (line_spacing 1.0) does not overlap itself, nor do two
# labels at 45 degrees 8 mm apart, whose upright boxes overlap; a vertical
# label whose first letter meets a horizontal one does.
printf 'name: o\npage: {paper: a4, margin: 10mm}\ncomponents:\n  - {type: text, x: 0, y: 40mm, w: 60mm, size: 12, line_spacing: 1.0, text: "A wrapped paragraph set solid, with line spacing 1.0, several lines long here."}\n  - {type: text, x: 20mm, y: 80mm, text: "Diagonal label one", size: 12, angle: 45}\n  - {type: text, x: 30mm, y: 80mm, text: "Diagonal label two", size: 12, angle: 45}\n  - {type: text, x: 100mm, y: 100mm, text: "Vertical heading text", size: 12, angle: 90}\n  - {type: text, x: 100mm, y: 100mm, text: "Horizontal", size: 12, align: right}\n' > texts.yaml
expect_status 0 "text overlaps by ink" -- "$PNPKIT" lint texts.yaml
expect_eq "$(cat out)" 'texts.yaml:8:6: warning: text "Horizontal" overlaps "Vertical heading text" (line 7)' "only the letters that meet"
# Errors are errors: exit 1, the place.
printf 'name: e\ncomponents:\n  - {type: rect, w: 9999mm}\n' > e.yaml
expect_status 1 "bad template" -- "$PNPKIT" lint e.yaml
expect_stderr '^e.yaml:3:' "the error's place"
expect_status 2 "no template" -- "$PNPKIT" lint
expect_status 2 "unknown option" -- "$PNPKIT" lint --nope good.yaml

# render runs the cheap checks and warns on stderr, still writing the file.
expect_status 0 "render warns" -- "$PNPKIT" render bad.yaml -o bad.pdf
expect_stderr '^bad.yaml:5:6: warning: a filled shape is off the page' "render: off the page"
expect_stderr '^bad.yaml:7:6: warning: text "tiny" is 4\.0 pt' "render: small text"
grep -q "look alike\|overlaps\|no font has" "$T/err" && bad "render ran the dear checks" || ok
[ -s bad.pdf ] && ok || bad "render wrote the PDF"
expect_status 0 "render clean" -- "$PNPKIT" render good.yaml -o good.pdf
[ -s "$T/err" ] && bad "warnings for a clean sheet: $(cat "$T/err")" || ok

# A --paper outside the bounds is wrong usage, as for render.
expect_status 2 "lint --paper 10x10mm" -- "$PNPKIT" lint circle36 --paper 10x10mm
expect_stderr "^pnpkit lint: paper '10x10mm': each side must be 20 to 1200 mm$" "lint --paper 10x10mm: message"
# Lint takes what render takes to lay a deck out: its data, its bleed and its
# backs (a template that needs --data could not be linted at all).
printf 'name: nd\npage: {paper: 63x88mm, margin: 3mm}\ncomponents:\n  - {type: text, x: 0, y: 0, text: $name, size: 12}\n  - {type: path, x: -6mm, y: -6mm, d: "M 0 0 L 25 0 L 0 25 Z", fill: "#1f5fbf", stroke: none}\n' > "$T/nd.yaml"
printf 'name,count\nAce,2\nKing,1\n' > "$T/nd.csv"
printf 'name: ndb\npage: {paper: 63x88mm, margin: 3mm}\nparams:\n  w: {type: string, default: "x"}\ncomponents:\n  - {type: text, x: 5mm, y: 5mm, text: "back of ${name} ${w}", size: 4}\n' > "$T/ndb.yaml"
expect_status 1 "a deck without its data" -- "$PNPKIT" lint "$T/nd.yaml"
expect_status 0 "a deck with --data and --bleed" -- "$PNPKIT" lint --strict "$T/nd.yaml" --data "$T/nd.csv" --bleed 3mm
expect_stdout "^$T/nd\.yaml: no problems found$" "a deck with --data and --bleed: clean"
expect_status 1 "a bleed too narrow" -- "$PNPKIT" lint --strict "$T/nd.yaml" --data "$T/nd.csv" --bleed 2mm
expect_stdout "^$T/nd\.yaml:5:6: warning: a filled shape runs past the 2 mm bleed" "a bleed too narrow: said so"
expect_status 0 "the backs too" -- "$PNPKIT" lint "$T/nd.yaml" --data "$T/nd.csv" --bleed 3mm --backs "$T/ndb.yaml" --set w=gold
expect_stdout "^$T/ndb\.yaml:6:6: warning: text \"back of Ace gold\" is 4\.0 pt, under 6 pt: hard to read \(and 2 more like it\)$" "the backs' findings at their own file, one a card, --set reaching them"
expect_status 1 "a setting neither has" -- "$PNPKIT" lint "$T/nd.yaml" --data "$T/nd.csv" --backs "$T/ndb.yaml" --set zz=1
expect_status 2 "--bleed 11mm" -- "$PNPKIT" lint "$T/nd.yaml" --bleed 11mm
expect_status 3 "--data a device" -- timeout 20 "$PNPKIT" lint "$T/nd.yaml" --data /dev/zero
finish
