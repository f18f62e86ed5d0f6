# cli_errors.sh: messages and exit statuses of mistakes a user makes: a
# command-line limit is a usage error (exit 2, "pnpkit CMD: ..." and a hint to
# the help), one error is one message, and each message says what is wrong in
# the user's own terms (a directory is called a directory, a number is shown as
# written, a built-in template is named as such).
. "$(dirname "$0")/lib.sh"

mkdir "$T/w" && cd "$T/w"

# usage CMD DESCRIPTION PATTERN -- args...: exit 2, the pattern on the first
# line, the hint on the second, nothing else, no output file.
usage() {
    cmd=$1; desc=$2; pat=$3; shift 4
    expect_status 2 "$desc" -- "$PNPKIT" "$cmd" "$@"
    expect_stderr "^pnpkit $cmd: $pat$" "$desc: message"
    expect_eq "$(sed -n 2p "$T/err")" "Try 'pnpkit help $cmd'." "$desc: hint"
    expect_eq "$(wc -l < "$T/err")" "2" "$desc: two lines"
}

# Papers from the command line are checked as options.
usage render "--paper 1x1mm" "paper '1x1mm': each side must be 20 to 1200 mm" -- circle36 --paper 1x1mm -o x.pdf
usage render "--paper 5000x5000mm" "paper '5000x5000mm': each side must be 20 to 1200 mm" -- circle36 --paper 5000x5000mm -o x.pdf
usage render "--paper b7" "unknown paper 'b7' .*" -- circle36 --paper b7 -o x.pdf
usage render "haru --pages 5001" "the haru backend holds at most 5000 pages in one document; give fewer --pages or use --backend cairo" -- circle36 --backend haru --pages 5001 -o x.pdf
usage render "--backend skia" "unknown backend 'skia' \(cairo or haru\)" -- circle36 --backend skia -o x.pdf
usage check "check --bogus" "unknown option '--bogus'" -- check --bogus
usage check "check -x" "unknown option '-x'" -- thinking-in-circles -x
# A template's own paper is input, not usage.
printf 'name: p\npage:\n  paper: b7\ncomponents:\n  - {type: grid, rows: 2, cols: 2}\n' > paper.yaml
expect_status 1 "a template's unknown paper" -- "$PNPKIT" render paper.yaml -o x.pdf
expect_stderr "^paper.yaml:3:10: unknown paper 'b7' \\(a0 to a6, b1 to b6" "the template's paper at its place"
# The same template twice with -d: the advice works.
usage render "the same template twice" "o/circle36.pdf was already written by circle36; render it again on its own with -o FILE, or give each render its own -o in a list file \(--list\)" -- circle36 circle36 -d o
printf 'circle36\ncircle36 -o again.pdf\n' > twice.list
expect_status 0 "the advice of the message works" -- "$PNPKIT" render -l twice.list -d o
[ -s o/circle36.pdf ] && [ -s again.pdf ] && ok || bad "the list of the advice did not write both"
expect_no_file x.pdf "no output for a usage error"

# Directories where a file belongs.
mkdir dir dir.yaml
expect_status 1 "--ttf a directory" -- "$PNPKIT" render dicrono --backend haru --ttf dir -o x.pdf
expect_stderr "^--ttf dir: is a directory, not a font file$" "--ttf a directory: message"
expect_status 1 "--ttf a missing file" -- "$PNPKIT" render dicrono --backend haru --ttf nosuch.ttf -o x.pdf
expect_stderr "^--ttf nosuch.ttf: No such file or directory$" "--ttf a missing file: message"
# Damaged TrueType files given to --ttf: libharu reads a font it embeds
# without checking its tables against the file, and died with SIGSEGV
# (hmtx shorter than hhea says, a loca offset past glyf) or SIGILL. Each is
# refused before libharu sees it, and no PDF is written. So is a character
# map leading 'H' to a glyph the font lacks (SIGSEGV, found by the ttf harness).
for case in "font/haru-ttf-segv.ttf:its hmtx table does not hold the metrics its hhea table says" \
    "font/haru-ttf-table-offset.ttf:its hmtx table does not hold the metrics its hhea table says" \
    "font/haru-ttf-draw-error.ttf:its head table names no loca format it has" \
    "font/cairo-name-table-past-end.ttf:a table runs past the end of the file" \
    "ttf/cmap-names-glyph-past-count.ttf:its character map names glyphs it does not have"; do
    f=${case%%:*}
    expect_status 1 "--ttf $f" -- "$PNPKIT" render dicrono --backend haru --ttf "$SRC/fuzz/regressions/$f" -o x.pdf
    expect_stderr "^--ttf $SRC/fuzz/regressions/$f: damaged: ${case#*:}$" "--ttf $f: message"
    expect_no_file x.pdf "--ttf $f: output"
done
# A whole small font (the ttf harness's seeds) is embedded, its composite
# Omega with it.
printf 'name: t\ntitle: t\ncomponents:\n  - {type: text, text: "\316\251 AHx abc", x: 10mm, y: 20mm, size: 24}\n' >omega.yaml
expect_status 0 "--ttf a small whole font" -- "$PNPKIT" render omega.yaml --backend haru --ttf "$SRC/fuzz/seeds/ttf/small-composite-2x2.ttf" -o omega.pdf
if pdffonts omega.pdf 2>/dev/null | grep -q "SeedSix-Regular .*CID TrueType .* yes yes yes"; then
    ok
else
    bad "--ttf a small whole font: embedded: $(pdffonts omega.pdf 2>&1 | tail -n 1)"
fi
# libharu finds fonts by PostScript name: a --ttf font named like a PDF
# standard font would be used for every plain text too. The seed renamed
# SeedOne-Regular -> Courier-Oblique (the same length) in both its names.
python3 -c '
import sys
d = open(sys.argv[1], "rb").read()
for a, b in ((b"SeedOne-Regular", b"Courier-Oblique"),):
    d = d.replace(a, b).replace(a.decode().encode("utf-16-be"), b.decode().encode("utf-16-be"))
open("courier.ttf", "wb").write(d)' "$SRC/fuzz/seeds/ttf/small-short-loca.ttf"
expect_status 1 "--ttf named like a standard font" -- "$PNPKIT" render omega.yaml --backend haru --ttf courier.ttf -o x.pdf
expect_stderr "^--ttf courier.ttf: its PostScript name is Courier-Oblique, the name of a PDF standard font it would replace: give a font of another name$" "--ttf named like a standard font: message"
expect_no_file x.pdf "--ttf named like a standard font: output"
expect_status 0 "--ttf the same font under its own name" -- "$PNPKIT" render omega.yaml --backend haru --ttf "$SRC/fuzz/seeds/ttf/small-short-loca.ttf" -o own.pdf
expect_status 3 "a directory as a template" -- "$PNPKIT" render dir.yaml -o x.pdf
expect_stderr "^dir.yaml: is a directory, not a file$" "a directory as a template: message"
expect_status 3 "a directory as a template path" -- "$PNPKIT" render ./dir -o x.pdf
expect_stderr "^./dir: is a directory, not a file$" "a directory as a template path: message"
expect_status 3 "a directory as a sheet" -- "$PNPKIT" score circle36 dir
expect_stderr "^dir: is a directory, not a file$" "a directory as a sheet: message"
expect_status 3 "a directory as a position" -- "$PNPKIT" check thinking-in-circles dir
expect_stderr "^dir: is a directory, not a file$" "a directory as a position: message"
expect_status 3 "a directory as a list" -- "$PNPKIT" render -l dir
expect_stderr "^dir: is a directory, not a file$" "a directory as a list: message"

# Numbers too large for any integer are shown as written.
H=99999999999999999999
expect_status 1 "a huge --set" -- "$PNPKIT" render circle36 --set rings=$H -o x.pdf
expect_stderr "^--set rings=$H: $H is out of range \(1 to 6\)$" "a huge --set: message"
expect_status 1 "a huge negative --set" -- "$PNPKIT" render circle36 --set rings=-$H -o x.pdf
expect_stderr "^--set rings=-$H: -$H is out of range \(1 to 6\)$" "a huge negative --set: message"
expect_status 1 "a huge number --set" -- "$PNPKIT" render circle36 --set tint=$H -o x.pdf
expect_stderr "^--set tint=$H: $H is out of range \(0 to 1\)$" "a huge number: message"
sed "s/^yellow: .*/yellow: $H/" "$SRC/tests/data/circle36-perfect.yaml" > huge.yaml
expect_status 1 "a huge number on a sheet" -- "$PNPKIT" score circle36 huge.yaml
expect_stderr "^huge.yaml:[0-9]+:[0-9]+: yellow: $H is out of range \(0 to [0-9]+\)$" "a huge number on a sheet: message"

# Templates with nothing in them are called empty.
: > empty.yaml
expect_status 1 "an empty template" -- "$PNPKIT" render empty.yaml -o x.pdf
expect_stderr "^empty.yaml: the file is empty$" "empty template message"
printf '\n  \n\n' > blank.yaml
expect_status 1 "a blank template" -- "$PNPKIT" render blank.yaml -o x.pdf
expect_stderr "^blank.yaml: the file is empty$" "blank template message"
printf '# nothing yet\n\n   # more\n' > comments.yaml
expect_status 1 "a template of comments" -- "$PNPKIT" render comments.yaml -o x.pdf
expect_stderr "^comments.yaml: the file holds only comments$" "comments template message"

# An error inside a built-in template names the template, not a path in the
# source tree that an installed pnpkit does not have.
expect_status 1 "error in a built-in template" -- "$PNPKIT" render circular-numbers --set spaces=8 -o x.pdf
expect_stderr "^built-in template circular-numbers:[0-9]+:[0-9]+: circular-track: marks: " "built-in template message"
grep -q "templates/" "$T/err" && bad "a source path in the message: $(cat "$T/err")" || ok
# The default marks no longer fit: placed at the component's `marks:` value.
at=$(grep -n 'marks: \$marks' "$SRC/templates/circular-numbers.yaml" | cut -d: -f1)
expect_stderr "^built-in template circular-numbers:$at:12: circular-track: marks: mark '8:3' is past the track's last space, 7: a track of 8 spaces needs marks of its own \\(spaces 1 to 7\\)" "default marks at their place"
# A value the player set, refused by the component: the option is named, as
# for a value refused by the parameter's own bounds.
expect_status 1 "a mark set on the command line" -- "$PNPKIT" render circular-numbers --set marks=4:1 -o x.pdf
expect_stderr "^--set marks=4:1: circular-track: marks: mark '4:1': expected SPACE:NUMBER with SPACE 1 to 23 and NUMBER 2 to 76$" "set marks named"
expect_status 1 "a mark set twice" -- "$PNPKIT" render circular-numbers --set marks=4:2,4:3 -o x.pdf
expect_stderr "^--set marks=4:2,4:3: circular-track: marks: space 4 is marked twice$" "set marks twice named"
expect_status 1 "calc with a mark set" -- "$PNPKIT" calc circular-numbers --hand A --set marks=99:2
expect_stderr "^--set marks=99:2: marks: mark '99:2'" "calc names the option"
expect_status 1 "calc with the default marks off a short track" -- "$PNPKIT" calc circular-numbers --hand A --set spaces=8
at=$(grep -n '^  marks:' "$SRC/templates/circular-numbers.yaml" | cut -d: -f1)
expect_stderr "^built-in template circular-numbers:$at:3: marks: mark '8:3'" "calc: the default at the parameter"
# A length set as a percentage that comes to zero on the page.
cat > pct.yaml <<'YAML'
name: pct
params:
  w: {type: string, default: "100%"}
components:
  - {type: tally, x: 0, y: 16mm, w: $w, rows: 3, boxes: 6, row_h: 7mm}
YAML
expect_status 1 "a percentage set to nothing" -- "$PNPKIT" render pct.yaml --set w=0% -o x.pdf
expect_stderr "^--set w=0%: tally: w: \\\$w \(0%\) is 0mm on this page, out of range \(40mm to 1000mm\)" "set percentage named"
expect_status 0 "a percentage that fits" -- "$PNPKIT" render pct.yaml --set w=50% -o fit.pdf
# A value from merge data names the row it came from.
cat > rows.yaml <<'YAML'
name: rows
data:
  - {m: "3:2"}
  - {m: "3:1"}
components:
  - {type: circular-track, x: 50%, y: 100mm, radius: 50mm, width: 15mm, spaces: 12, marks: $m}
YAML
expect_status 1 "a mark from a data row" -- "$PNPKIT" render rows.yaml -o x.pdf
expect_stderr "^rows.yaml:6:92: circular-track: marks: mark '3:1': expected SPACE:NUMBER with SPACE 1 to 11 and NUMBER 2 to 76 \(data row 2, rows.yaml line 4\)$" "the data row named"
expect_no_file x.pdf "no output after the errors"

# A line break or a byte that is not UTF-8 in an argument is quoted as an
# escape: the message stays one line (and its hint the second).
nl='circle
36'
expect_status 2 "a game name with a line break" -- "$PNPKIT" score "$nl" x.yaml
expect_eq "$(wc -l < "$T/err")" 2 "line break in a game name: the message and its hint"
expect_stderr "^pnpkit score: unknown game 'circle[\\]n36'" "line break quoted as an escape"
expect_status 2 "a command name with a line break" -- "$PNPKIT" "$nl"
expect_eq "$(wc -l < "$T/err")" 2 "line break in a command name"
expect_status 3 "a photo name with a line break" -- "$PNPKIT" scan "$nl.jpg"
expect_eq "$(wc -l < "$T/err")" 1 "line break in a photo's name: one line"
expect_status 2 "a paper that is not UTF-8" -- "$PNPKIT" render dicrono --paper "$(printf '\377')" -o x.pdf
expect_stderr "^pnpkit render: unknown paper '[\\]xff'" "a stray byte quoted as an escape"
# A slot too small to write in is the template's mistake, at its size: a
# scorer writing into a flat slot failed in cairo (exit 3, no place).
printf '%s\n' "name: mini" "game: circle36" "page: {paper: a4, margin: 10mm}" "components:" \
    "  - {type: slot, id: player, x: 17mm, y: 2mm, w: 10mm, h: 0mm}" \
    "  - {type: ring-board, x: 50%, y: 84mm, radius: 60mm}" "  - {type: c36-scorebox, x: 0, y: 161mm}" > mini.yaml
expect_status 1 "a flat slot" -- "$PNPKIT" score circle36 "$SRC/tests/data/circle36-perfect.yaml" --template mini.yaml -o m.pdf
expect_stderr "^mini.yaml:5:59: h: 0mm is out of range \(2mm to 1000mm\)$" "a flat slot: at its h"
expect_no_file m.pdf "a flat slot: no output"
sed 's/h: 0mm/h: 0%/' mini.yaml > mini0.yaml
expect_status 1 "a slot of 0%" -- "$PNPKIT" render mini0.yaml -o m.pdf
expect_stderr "^mini0.yaml:5:59: slot: h: 0% is 0mm on this page, out of range \(2mm to 1000mm\)$" "a slot of 0%: at its h"
finish
