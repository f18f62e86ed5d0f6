# cli_output.sh: a user's files are safe. An existing output is replaced only by
# a complete new one; a failure before or during writing (bad input, a full
# disk, a file size limit, a kill) leaves the old bytes and no temporary file;
# a missing directory is an I/O error (exit 3); nothing is written beside the
# target or in the current directory.
. "$(dirname "$0")/lib.sh"

mkdir "$T/w" "$T/cwd"
printf 'the old sheet\n' > "$T/w/sheet.pdf"
cp "$T/w/sheet.pdf" "$T/old"

# same_old DESCRIPTION: the old file is untouched and w/ holds nothing else.
same_old() {
    cmp -s "$T/old" "$T/w/sheet.pdf" && ok || bad "$1: the old file was changed"
    expect_eq "$(ls -A "$T/w")" "sheet.pdf" "$1: files left in the directory"
}

# Bad input: refused before any output is opened.
printf 'name: bad\ncomponents:\n  - {type: grid, rows: 0}\n' > "$T/bad.yaml"
expect_status 1 "bad template" -- "$PNPKIT" render "$T/bad.yaml" -o "$T/w/sheet.pdf"
same_old "bad template"

# A file size limit hit while the PDF is written (like a full disk).
(cd "$T/cwd" && ulimit -f 16 && exec "$PNPKIT" render circle36 --pages 4 -o "$T/w/sheet.pdf") 2> "$T/err"
expect_eq "$?" "3" "file size limit: exit status"
expect_stderr "^$T/w/sheet.pdf: write failed: File too large$" "file size limit message"
same_old "file size limit"
# PNG pages are written one file each; they appear together or not at all.
(cd "$T/cwd" && ulimit -f 16 && exec "$PNPKIT" render circle36 --pages 3 --dpi 40 -o "$T/w/p.png") 2> "$T/err"
expect_eq "$?" "3" "file size limit, PNG pages: exit status"
same_old "file size limit, PNG pages"

# A device that is full is written directly (never replaced by a rename).
expect_status 3 "/dev/full" -- "$PNPKIT" render dicrono -o /dev/full --format pdf
expect_stderr "^/dev/full: write failed: No space left on device$" "/dev/full message"
[ -c /dev/full ] && ok || bad "/dev/full is no longer a device"
expect_status 0 "/dev/null" -- "$PNPKIT" render dicrono -o /dev/null --format png --dpi 20
[ -c /dev/null ] && ok || bad "/dev/null is no longer a device"
# A device has no extension to tell the format: PDF, the default.
expect_status 0 "/dev/null without --format" -- "$PNPKIT" render dicrono -o /dev/null
expect_status 3 "/dev/full without --format" -- "$PNPKIT" render dicrono -o /dev/full
expect_stderr "^/dev/full: write failed: No space left on device$" "/dev/full without --format: message"

# Killed while writing: wait for the temporary file to appear, then SIGTERM.
# A pad of different seeded boards (identical pages would be written at once).
(cd "$T/cwd" && exec "$PNPKIT" render thinking-in-circles --pages 2000 -q -o "$T/w/sheet.pdf") 2> "$T/err" &
pid=$!
i=0
until ls -A "$T/w" | grep -q '^\.sheet\.pdf\.' || [ $i -ge 100 ]; do
    sleep 0.1
    i=$((i + 1))
done
[ $i -lt 100 ] && ok || bad "no temporary file appeared while rendering"
kill -TERM $pid
wait $pid
expect_eq "$?" "143" "killed by SIGTERM"
same_old "killed while writing"

# Success replaces the file, keeps its permissions, and writes only the target.
chmod 640 "$T/w/sheet.pdf"
(cd "$T/cwd" && "$PNPKIT" render dicrono -o "$T/w/sheet.pdf") && ok || bad "render over an old file"
head -c 5 "$T/w/sheet.pdf" | grep -q '%PDF-' && ok || bad "the new file is not a PDF"
expect_eq "$(stat -c %a "$T/w/sheet.pdf")" "640" "permissions kept"
expect_eq "$(ls -A "$T/w")" "sheet.pdf" "nothing else in the target directory"
expect_eq "$(ls -A "$T/cwd")" "" "nothing written in the current directory"
# A relative path with a directory part writes there, not in the current directory.
mkdir "$T/cwd/sub"
(cd "$T/cwd" && "$PNPKIT" render dicrono -o sub/x.svg) && ok || bad "relative output path"
expect_eq "$(ls -A "$T/cwd")" "sub" "only sub/ in the current directory"
expect_eq "$(ls -A "$T/cwd/sub")" "x.svg" "only x.svg in sub/"

# A missing directory, a directory as the target, an unwritable directory.
expect_status 3 "missing directory" -- "$PNPKIT" render dicrono -o "$T/nowhere/x.pdf"
expect_stderr "^$T/nowhere/x.pdf: the directory $T/nowhere does not exist$" "missing directory message"
expect_no_file "$T/nowhere" "the missing directory is not created"
mkdir "$T/w/d.pdf"
expect_status 3 "directory as the target" -- "$PNPKIT" render dicrono -o "$T/w/d.pdf"
expect_stderr "^$T/w/d.pdf: is a directory$" "directory target message"
rmdir "$T/w/d.pdf"
if [ "$(id -u)" -ne 0 ]; then
    mkdir "$T/ro" && chmod 555 "$T/ro"
    expect_status 3 "read-only directory" -- "$PNPKIT" render dicrono -o "$T/ro/x.pdf"
    expect_stderr "^$T/ro/x.pdf: cannot write here: Permission denied$" "read-only message"
fi

# -o naming a file the command reads (the template, the sheet file, the
# photo, through another path or a symbolic link too) is refused before
# anything is written: the file is kept whole.
printf 'name: t\ntitle: t\ncomponents:\n  - {type: rect, x: 10mm, y: 10mm, w: 5mm, h: 5mm}\n' > "$T/own.yaml"
cp "$T/own.yaml" "$T/own.keep"
expect_status 2 "render over its template" -- "$PNPKIT" render "$T/own.yaml" -o "$T/own.yaml" --format pdf
expect_stderr "^pnpkit render: -o $T/own.yaml is the template itself" "render over its template: message"
cmp -s "$T/own.yaml" "$T/own.keep" && ok || bad "render over its template: the template changed"
cp "$SRC/tests/data/circle36-game1-played.yaml" "$T/sheet.yaml"
expect_status 2 "score over its sheets" -- "$PNPKIT" score circle36 "$T/sheet.yaml" -o "$T/./sheet.yaml" --format pdf
expect_stderr "^pnpkit score: -o $T/./sheet.yaml is the sheet file itself" "score over its sheets: message"
cmp -s "$T/sheet.yaml" "$SRC/tests/data/circle36-game1-played.yaml" && ok || bad "score over its sheets: the file changed"
cp "$SRC/tests/data/scan/played-2.jpg" "$T/photo.jpg"
ln -s "$T/photo.jpg" "$T/link.jpg"
expect_status 2 "scan over its photo" -- "$PNPKIT" scan "$T/photo.jpg" -o "$T/link.jpg"
expect_stderr "^pnpkit scan: -o $T/link.jpg is the photo $T/photo.jpg" "scan over its photo: message"
cmp -s "$T/photo.jpg" "$SRC/tests/data/scan/played-2.jpg" && ok || bad "scan over its photo: the photo changed"

# Standard output that cannot be written (a full disk) is a failure, exit 3,
# for every command, not a success with the output lost.
if [ -w /dev/full ]; then
    for cmd in "list" "lint circle36" "scan $SRC/tests/data/scan/played-2.jpg"; do
        "$PNPKIT" $cmd > /dev/full 2> "$T/err"
        expect_eq "$?" 3 "$cmd > /dev/full: exit status"
        grep -q "^pnpkit ${cmd%% *}: standard output: write failed" "$T/err" && ok ||
            bad "$cmd > /dev/full: message: $(cat "$T/err")"
    done
fi
finish
