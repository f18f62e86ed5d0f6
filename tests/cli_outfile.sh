# cli_outfile.sh: how outputs are named and replaced. A symbolic link is written
# through (its target replaced, the link kept); a read-only file is refused
# (exit 3) unless --force; names up to the longest a directory allows work;
# every fatal signal removes the hidden temporary file; page files are numbered
# so they sort, and files of an earlier, longer run are named in a warning; on
# a terminal a render says what it wrote, and score says it reads standard input.
. "$(dirname "$0")/lib.sh"

mkdir "$T/w" && cd "$T/w"
pdf_pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }

# A link to a file: the file gets the new PDF, the link stays a link.
printf 'old\n' > real.pdf
ln -s real.pdf link.pdf
expect_status 0 "output through a link" -- "$PNPKIT" render dicrono -o link.pdf
[ -L link.pdf ] && ok || bad "the link was replaced by a file"
expect_eq "$(readlink link.pdf)" "real.pdf" "the link still points to real.pdf"
head -c 5 real.pdf | grep -q '%PDF-' && ok || bad "the link's target did not get the PDF"
# A link into another directory: the temporary file goes beside the target.
mkdir sub other
ln -s ../other/deep.pdf sub/l.pdf
expect_status 0 "link into another directory" -- "$PNPKIT" render dicrono -o sub/l.pdf
[ -L sub/l.pdf ] && [ -s other/deep.pdf ] && ok || bad "link into another directory"
expect_eq "$(ls -A sub) $(ls -A other)" "l.pdf deep.pdf" "no temporary file left in either directory"
# A dangling link: the file it names is created.
ln -s made.pdf dangling.pdf
expect_status 0 "dangling link" -- "$PNPKIT" render dicrono -o dangling.pdf
[ -L dangling.pdf ] && head -c 5 made.pdf | grep -q '%PDF-' && ok || bad "dangling link: made.pdf not written through it"
# A chain of links, and a loop.
ln -s link.pdf chain.pdf
expect_status 0 "chain of links" -- "$PNPKIT" render circle36 -o chain.pdf
[ -L chain.pdf ] && [ -L link.pdf ] && pdftotext real.pdf - | grep -q "ComboCircles" && ok || bad "chain of links"
ln -s loop1.pdf loop2.pdf && ln -s loop2.pdf loop1.pdf
expect_status 3 "a loop of links" -- "$PNPKIT" render dicrono -o loop1.pdf
expect_stderr "^loop1.pdf: Too many levels of symbolic links$" "loop message"
# SVG pages through a linked directory name work as in any directory.
ln -s other linkdir
expect_status 0 "pages in a linked directory" -- "$PNPKIT" render dicrono --pages 2 -o linkdir/p.svg
expect_eq "$(ls other | grep '^p-' | tr '\n' ' ')" "p-1.svg p-2.svg " "pages in a linked directory"

# A read-only file is left alone (exit 3, as cp would), even for root; --force
# replaces it and the new file keeps the old permissions.
printf 'keep me\n' > ro.pdf && chmod 444 ro.pdf
expect_status 3 "read-only target" -- "$PNPKIT" render dicrono -o ro.pdf
expect_stderr "^ro.pdf: the file is read-only; --force replaces it$" "read-only message"
expect_eq "$(cat ro.pdf)" "keep me" "the read-only file is untouched"
ln -s ro.pdf rolink.pdf
expect_status 3 "read-only target through a link" -- "$PNPKIT" render dicrono -o rolink.pdf
expect_eq "$(cat ro.pdf)" "keep me" "the read-only file behind a link is untouched"
printf 'keep\n' > rp-2.svg && chmod 444 rp-2.svg
expect_status 3 "read-only page file" -- "$PNPKIT" render dicrono --pages 3 -o rp.svg
expect_stderr "^rp-2.svg: the file is read-only; --force replaces it$" "read-only page message"
expect_no_file rp-1.svg "no page written when one is read-only"
expect_status 0 "--force" -- "$PNPKIT" render dicrono -o ro.pdf --force
head -c 5 ro.pdf | grep -q '%PDF-' && ok || bad "--force did not replace the file"
expect_eq "$(stat -c %a ro.pdf)" "444" "the replaced file keeps its permissions"
expect_eq "$(ls -A | grep -c '^\.')" "0" "no temporary file after the read-only cases"

# Names up to 255 bytes (the longest a directory takes): the temporary name is
# cut to fit. One byte more is an I/O error naming the limit.
for n in 248 250 255; do
    name=$(printf "%0$((n - 4))d.pdf" 0)
    expect_status 0 "a name of $n bytes" -- "$PNPKIT" render dicrono -o "$name"
    [ -s "$name" ] && ok || bad "a name of $n bytes was not written"
    rm -f "$name"
done
name=$(printf "%0252d.pdf" 0)
expect_status 3 "a name of 256 bytes" -- "$PNPKIT" render dicrono -o "$name"
expect_stderr "the name is longer than 255 bytes$" "256 bytes message"
expect_eq "$(ls -A | grep -c '^\.')" "0" "no temporary file after the long names"

# Every signal that ends the process removes the temporary file. Background
# jobs of a shell ignore SIGINT and SIGQUIT; env gives them back their default.
mkdir d
for sig in QUIT PIPE HUP INT TERM USR1 USR2 ALRM XCPU; do
    (ulimit -c 0; exec env --default-signal=INT,QUIT "$PNPKIT" render thinking-in-circles --pages 2000 -o d/t.pdf) 2> err &
    pid=$!
    i=0
    until ls -A d | grep -q '^\.t\.pdf\.' || [ $i -ge 200 ]; do
        sleep 0.05
        i=$((i + 1))
    done
    [ $i -lt 200 ] && ok || bad "SIG$sig: no temporary file appeared"
    kill -s "$sig" $pid
    wait $pid
    st=$?
    [ "$st" -gt 128 ] && expect_eq "$(kill -l $st)" "$sig" "SIG$sig ends the process as the signal does" || bad "SIG$sig: exit $st"
    expect_eq "$(ls -A d)" "" "SIG$sig: files left in the directory"
done
# A signal the caller ignores stays ignored (nohup): the render completes.
(trap '' HUP; exec "$PNPKIT" render thinking-in-circles --pages 200 -o d/h.pdf) &
pid=$!
i=0
until ls -A d | grep -q '^\.h\.pdf\.' || [ $i -ge 200 ]; do
    sleep 0.05
    i=$((i + 1))
done
kill -s HUP $pid
wait $pid
expect_eq "$?" "0" "an ignored SIGHUP is left ignored"

# Page files of SVG and PNG: NAME-K.EXT, K as wide as the last page number.
mkdir pad
expect_status 0 "12 PNG pages" -- "$PNPKIT" render dicrono --pages 12 --dpi 10 -o pad/p.png
expect_eq "$(ls pad | tr '\n' ' ')" "p-01.png p-02.png p-03.png p-04.png p-05.png p-06.png p-07.png p-08.png p-09.png p-10.png p-11.png p-12.png " "pages sort in order"
[ -s "$T/err" ] && bad "a first run warned: $(cat "$T/err")" || ok
# A later, shorter run: the files it did not write are named in a warning.
expect_status 0 "3 PNG pages over 12" -- "$PNPKIT" render dicrono --pages 3 --dpi 10 -o pad/p.png
expect_stderr "^pnpkit render: warning: 12 files such as pad/p-01.png are not from this run \(3 pages\); remove them$" "stale pages warning"
rm pad/p-??.png
expect_status 0 "1 PNG page over 3" -- "$PNPKIT" render dicrono --dpi 10 -o pad/p.png
expect_stderr "^pnpkit render: warning: 3 files such as pad/p-1.png are not from this run \(1 page\); remove them$" "stale pages of a single page"
rm pad/p-*.png
expect_status 0 "2 PNG pages over 1" -- "$PNPKIT" render dicrono --pages 2 --dpi 10 -o pad/p.png
expect_stderr "^pnpkit render: warning: pad/p.png is not from this run \(2 pages\); remove it$" "the single page of an earlier run"
expect_status 0 "the same run again" -- "$PNPKIT" render dicrono --pages 2 --dpi 10 -o pad/q.png
[ -s "$T/err" ] && bad "a run over its own files warned: $(cat "$T/err")" || ok
# A PDF is one file: nothing to warn about.
expect_status 0 "PDF beside page files" -- "$PNPKIT" render dicrono -o pad/p.pdf
[ -s "$T/err" ] && bad "a PDF warned: $(cat "$T/err")" || ok

# score -o - and -o /dev/null draw a PDF, the default, without --format.
"$PNPKIT" score circle36 "$SRC/tests/data/circle36-perfect.yaml" -o - --format pdf > with.pdf &&
    "$PNPKIT" score circle36 "$SRC/tests/data/circle36-perfect.yaml" -o - > without.pdf && ok || bad "score -o - without --format"
cmp -s with.pdf without.pdf && ok || bad "score -o - without --format is not the PDF"
expect_status 0 "score -o /dev/null" -- "$PNPKIT" score circle36 "$SRC/tests/data/circle36-perfect.yaml" -o /dev/null

# On a terminal (script(1) gives the command a pty) a render says what it
# wrote; -q and a pipe keep it quiet.
script -qec "$PNPKIT render circle36 --pages 2 -o tty.pdf" /dev/null < /dev/null > tty.log 2>&1
size=$(stat -c %s tty.pdf)
expect_eq "$(tr -d '\r' < tty.log)" "wrote tty.pdf: 2 pages, $(awk "BEGIN {printf \"%.1f\", $size / 1000}") kB" "what was written, on a terminal"
script -qec "$PNPKIT render dicrono --pages 3 --dpi 10 -o tty.png" /dev/null < /dev/null > tty.log 2>&1
tr -d '\r' < tty.log | grep -Eq '^wrote tty-1.png \.\.\. tty-3.png: 3 pages, [0-9.]+ kB$' && ok || bad "page files on a terminal: $(cat tty.log)"
script -qec "$PNPKIT render circle36 -q -o tty.pdf" /dev/null < /dev/null > tty.log 2>&1
expect_eq "$(cat tty.log)" "" "-q on a terminal"
"$PNPKIT" render circle36 -o tty.pdf 2> err
expect_eq "$(cat err)" "" "stderr not a terminal"
script -qec "$PNPKIT render circle36 -o /dev/null" /dev/null < /dev/null > tty.log 2>&1
expect_eq "$(cat tty.log)" "" "/dev/null is not reported"
# score and check waiting for standard input on a terminal say so.
script -qec "timeout 10 $PNPKIT score circle36" /dev/null < /dev/null > tty.log 2>&1
tr -d '\r' < tty.log | grep -q '^pnpkit score: reading circle36 sheets from standard input (Ctrl-D ends)$' && ok || bad "score on a terminal: $(cat tty.log)"
"$PNPKIT" score circle36 < /dev/null 2> err
grep -q "reading" err && bad "score from a file said it is reading standard input" || ok
script -qec "timeout 10 $PNPKIT check thinking-in-circles" /dev/null < /dev/null > tty.log 2>&1
tr -d '\r' < tty.log | grep -q '^pnpkit check: reading the position from standard input (Ctrl-D ends)$' && ok || bad "check on a terminal: $(cat tty.log)"
# A render that fails leaves no folder it made for its outputs; one that
# wrote something keeps it.
printf '%s\n' "name: flat" "components:" "  - {type: slot, id: player, x: 17mm, y: 2mm, w: 10mm, h: 0%}" > flat.yaml
expect_status 1 "a failed render into --outdir" -- "$PNPKIT" render flat.yaml --outdir made
expect_eq "$(ls -d made 2>/dev/null)" "" "a failed render leaves no folder"
expect_status 1 "one of two fails" -- "$PNPKIT" render flat.yaml circle36 --outdir made2
expect_eq "$(ls made2)" "circle36.pdf" "the other's output and its folder are kept"
finish
