# cli_lengths.sh: a length given as a percentage of the page, or by a
# parameter or an expression that comes to one, obeys its property's bounds
# like a length in mm. Such a length is only known once the page is, so it
# is checked when the sheet is laid out: exit 1, file:line:col at the value,
# no output file. (A tally whose w came to 0% used to divide by zero: SIGFPE.)
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

# The template of the crash, as it was found by the render fuzzer.
cat > zero.yaml <<'Y'
name: t
title: t
components:
  - {type: tally, x: 0, y: 16mm, w: +00%, rows: 3, boxes: 6, row_h: 7mm, title: "G"}
Y
for fmt in pdf png svg; do
    expect_status 1 "tally w: +00% to $fmt" -- "$PNPKIT" render zero.yaml -o "zero.$fmt"
    expect_stderr '^zero\.yaml:4:37: tally: w: \+00% is 0mm on this page, out of range \(40mm to 1000mm\)$' \
        "tally w: +00% to $fmt: the error is at w's value"
    expect_eq "$(wc -l < "$T/err")" 1 "tally w: +00% to $fmt: one line"
    expect_no_file "zero.$fmt" "tally w: +00% to $fmt"
done
expect_status 1 "lint of tally w: +00%" -- "$PNPKIT" lint zero.yaml
expect_stderr '^zero\.yaml:4:37: tally: w: \+00% is 0mm' "lint: the same error"
expect_status 1 "the haru backend" -- "$PNPKIT" render zero.yaml --backend haru -o zero.pdf
expect_stderr '^zero\.yaml:4:37: ' "haru: the same place"

# The same tally at 50% of an A4 sheet's content box (about 95mm) is fine,
# and 10% (19mm) is below the 40mm the property allows.
sed 's/+00%/50%/' zero.yaml > half.yaml
expect_status 0 "tally w: 50%" -- "$PNPKIT" render half.yaml -o half.pdf
[ -s half.pdf ] && ok || bad "tally w: 50%: no PDF"
sed 's/+00%/10%/' zero.yaml > tenth.yaml
expect_status 1 "tally w: 10%" -- "$PNPKIT" render tenth.yaml -o tenth.pdf
expect_stderr '^tenth\.yaml:4:37: tally: w: 10% is 19mm on this page, out of range \(40mm to 1000mm\)$' \
    "tally w: 10%"
# ...and so does the page: 50% is enough on A4, not on a sheet 80mm wide.
sed 's/^title: t$/page: {paper: 80x148mm}/' half.yaml > a6.yaml
expect_status 1 "tally w: 50% 80mm wide" -- "$PNPKIT" render a6.yaml -o a6.pdf
expect_stderr '^a6\.yaml:4:37: tally: w: 50% is [0-9.]+mm on this page, out of range' "80mm wide"
expect_no_file a6.pdf "tally w: 50% 80mm wide"

# A percentage above the bounds, in the other direction (y's are -1000mm to 1000mm
# on any sheet pnpkit takes; an image's h is at least 0.1mm).
cat > image.yaml <<'Y'
name: t
components:
  - {type: rect, x: 0, y: 0, w: 10mm, h: 10mm}
  - type: image
    src: pic.svg
    h: -0%
Y
printf '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>\n' > pic.svg
expect_status 1 "image h: -0%" -- "$PNPKIT" render image.yaml -o image.pdf
expect_stderr '^image\.yaml:6:8: image: h: -0% is -?0mm on this page, out of range \(0\.1mm to 1000mm\)$' \
    "image h: -0%: at the value on its own line"

# A percentage that comes from a text parameter, and one made by an expression.
cat > param.yaml <<'Y'
name: t
params:
  width: {type: string, default: "0%"}
  k: {type: int, default: 0, min: 0, max: 100}
components:
  - {type: tally, x: 0, y: 16mm, w: $width, rows: 3, boxes: 6, row_h: 7mm}
  - {type: tally, x: 0, y: 60mm, w: "${k * 2}%", rows: 3, boxes: 6, row_h: 7mm, prefix: q}
Y
expect_status 1 "w from a parameter" -- "$PNPKIT" render param.yaml -o param.pdf
expect_stderr '^param\.yaml:6:37: tally: w: \$width \(0%\) is 0mm on this page, out of range \(40mm to 1000mm\)$' \
    "w from a parameter: at the value, naming the parameter"
expect_status 1 "w from an expression" -- "$PNPKIT" render param.yaml --set width=50% -o param.pdf
expect_stderr '^param\.yaml:7:38: tally: w: \$\{k \* 2\}% \(0%\) is 0mm on this page' \
    "w from an expression"
expect_status 0 "both in bounds" -- "$PNPKIT" render param.yaml --set width=50% --set k=30 -o param.pdf

# The sheet counter reads lengths too (a tile sheet counts sheets from w and
# h): a percentage that comes to nothing is an error there as well.
cat > tiles.yaml <<'Y'
name: t
components:
  - {type: tile-sheet, w: 0%, h: 100%}
Y
expect_status 1 "tile-sheet w: 0%" -- "$PNPKIT" render tiles.yaml -o tiles.pdf
expect_stderr '^tiles\.yaml:3:27: tile-sheet: w: 0% is 0mm on this page, out of range \(20mm to 1000mm\)$' \
    "tile-sheet w: 0%"
finish
