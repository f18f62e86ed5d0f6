# cli_batch.sh: several templates and list files in one render, --outdir,
# errors in a batch, and parallel runs (xargs -P) that leave only whole files.
. "$(dirname "$0")/lib.sh"

pdf_pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }
mkdir "$T/w" && cd "$T/w"

# Several templates: each to out/NAME.pdf.
expect_status 0 "two templates" -- "$PNPKIT" render circle36 dicrono --pages 2
expect_eq "$(pdf_pages out/circle36.pdf)" "2" "circle36 pad"
expect_eq "$(pdf_pages out/dicrono.pdf)" "2" "dicrono pad"
expect_status 0 "outdir" -- "$PNPKIT" render circle36 dicrono -d sheets/night --format png --dpi 20
[ -s sheets/night/circle36.png ] && [ -s sheets/night/dicrono.png ] && ok || bad "--outdir outputs"
expect_status 2 "-o with two templates" -- "$PNPKIT" render circle36 dicrono -o x.pdf
expect_stderr "-o names one file; give --outdir DIR" "message"
expect_status 2 "the same output twice" -- "$PNPKIT" render circle36 circle36 -d twice
expect_stderr "^pnpkit render: twice/circle36.pdf was already written by circle36; render it again on its own with -o FILE" "message"
[ -s twice/circle36.pdf ] && ok || bad "the first one is written"

# One bad template among good ones: the others are written, exit 1.
rm -rf out
expect_status 1 "a missing template" -- "$PNPKIT" render circle36 nosuch dicrono
expect_stderr "^nosuch: no such template" "message"
[ -s out/circle36.pdf ] && [ -s out/dicrono.pdf ] && ok || bad "the others are rendered"

# A list file: a template and its own options per line.
cat > night.list <<'LIST'
# game night

circle36 --pages 3                       # the pad
circle36 --set rings=4 --set 'target=48' -o variants/circle48.pdf
dicrono --format svg
  "dicrono" --backend haru --ttf /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf -o compact.pdf
LIST
mkdir variants
expect_status 0 "list" -- "$PNPKIT" render --list night.list --outdir listed --mono
expect_eq "$(pdf_pages listed/circle36.pdf)" "3" "line options apply"
pdftotext variants/circle48.pdf - | grep -q "Circle 48" && ok || bad "quoted --set on a line"
[ -s listed/dicrono.svg ] && ok || bad "svg line"
pdffonts compact.pdf | grep -q Helvetica && ok || bad "haru line"
# the command line's options reach every line: --mono makes every colour grey
printf 'circle36 -o m.scene\n' | "$PNPKIT" render -l - --mono && ok || bad "mono list"
grep -o '=#[0-9a-f]*' m.scene | sort -u > colours
[ -s colours ] && ok || bad "no colours in the scene"
grep -Ev '^=#(..)\1\1$' colours > not-grey
[ -s not-grey ] && bad "colours under --mono: $(head -3 not-grey | tr '\n' ' ')" || ok

# Problems in a list stop the run before anything is written.
printf 'circle36\ndicrono --nup 3\n' > bad.list
expect_status 1 "bad option in a list" -- "$PNPKIT" render -l bad.list -d never
expect_stderr "^bad.list:2:1: --nup takes 2 or 4$" "file and line"
expect_no_file never "nothing written for a bad list"
printf 'circle36 -d elsewhere\n' > bad.list
expect_status 1 "command-line option in a list" -- "$PNPKIT" render -l bad.list -d never
expect_stderr "^bad.list:1:1: --outdir belongs on the command line, not in a list$" "message"
printf 'circle36 dicrono\n' > bad.list
expect_status 1 "two templates on a line" -- "$PNPKIT" render -l bad.list -d never
expect_stderr "^bad.list:1:1: one template per line$" "message"
printf 'circle36 "open\n' > bad.list
expect_status 1 "open quote" -- "$PNPKIT" render -l bad.list -d never
expect_stderr "^bad.list:1:1: " "message"
printf 'circle36 -o x.txt\n' > bad.list
expect_status 1 "no format for the output" -- "$PNPKIT" render -l bad.list -d never
expect_stderr "^bad.list:1:1: x.txt: cannot tell the format; use .pdf, .svg, .png or --format$" "message"
expect_status 3 "missing list" -- "$PNPKIT" render -l nosuch.list
expect_no_file never "nothing written"
# A render that fails names its line; the rest still run.
printf 'circle36 -o one.pdf\ncircle36 --set rings=9 -o two.pdf\ndicrono -o three.pdf\n' > mixed.list
expect_status 1 "a failing line" -- "$PNPKIT" render -l mixed.list
expect_stderr "^mixed.list:2: --set rings=9: 9 is out of range" "line of the failure"
[ -s one.pdf ] && [ -s three.pdf ] && ok || bad "the other lines are rendered"
expect_no_file two.pdf "no output for the failing line"
printf 'circle36\ncircle36 --pages 2\n' > dup.list
expect_status 1 "the same output twice in a list" -- "$PNPKIT" render -l dup.list -d dup
expect_stderr "^dup.list:2: dup/circle36.pdf was already written by dup.list:1; give this line -o FILE$" "message"
# The same file by another name, and a page file of an earlier render: "./r.pdf"
# is r.pdf; page 1 of a two-page PNG of x is x-1.png, what a render of x-1 writes.
printf 'circle36 -o r.pdf\ndicrono -o ./r.pdf\n' > dot.list
expect_status 1 "./r.pdf after r.pdf" -- "$PNPKIT" render -l dot.list
expect_stderr "^dot.list:2: \./r\.pdf was already written by dot.list:1; give this line -o FILE$" "./r.pdf after r.pdf: message"
expect_eq "$(pdftotext r.pdf - | grep -ci 'dicrono')" 0 "./r.pdf after r.pdf: the first render kept"
mkdir -p pg && cp "$SRC/templates/circle36.yaml" pg/x.yaml && cp "$SRC/templates/dicrono.yaml" pg/x-1.yaml
mkdir -p pgout && printf 'pg/x.yaml --pages 2 -o pgout/x.png\npg/x-1.yaml -o pgout/x-1.png\n' > pages.list
expect_status 1 "a page file written twice" -- "$PNPKIT" render -l pages.list
expect_stderr "^pages.list:2: pgout/x-1\.png was already written by pages.list:1; give this line -o FILE$" "a page file written twice: message"

# Parallel runs: whole files only, no temporary files left. Eight processes
# write four outputs, each output twice at once.
rm -rf par && mkdir par
for i in 1 2 3 4 1 2 3 4; do echo "$i"; done |
    xargs -P 4 -I N "$PNPKIT" render circle36 --pages 3 --seed N -q -o par/sheet-N.pdf && ok || bad "xargs -P"
for i in 1 2 3 4; do
    expect_eq "$(pdf_pages par/sheet-$i.pdf)" "3" "par/sheet-$i.pdf is whole"
done
expect_eq "$(ls -A par | grep -c '^\.')" "0" "no temporary files left"
"$PNPKIT" list --names | xargs -P 2 -n 1 "$PNPKIT" render -q -d par2 && ok || bad "xargs over list --names"
expect_eq "$(LC_ALL=C ls par2 | tr '\n' ' ')" "$("$PNPKIT" list --names | sed 's/$/.pdf/' | LC_ALL=C sort | tr '\n' ' ')" "one file per template"
finish
