# cli_scan.sh: pnpkit scan on photos it must refuse (each one line, exit 1,
# nothing written), the scan marks on rendered sheets and their options.
# The bad photos in tests/data/scan are made by scripts/make-scan-photos --bad.
. "$(dirname "$0")/lib.sh"
D="$SRC/tests/data/scan"

# refuse PHOTO PATTERN: one line on stderr matching PATTERN, exit 1, no output.
refuse() {
    expect_status 1 "$1" -- "$PNPKIT" scan "$D/$1" -o "$T/sheet.yaml"
    expect_stderr "^$D/$1: $2" "$1"
    expect_eq "$(wc -l < "$T/err")" 1 "$1: one line"
    expect_no_file "$T/sheet.yaml" "$1"
}
refuse not-an-image.jpg "not a JPEG or PNG image$"
refuse truncated.jpg "the image is cut short"
refuse bomb.png "the image claims 60000x60000 pixels"
refuse no-sheet.jpg "no pnpkit sheet in the photo"
refuse half.jpg "only 2 of the sheet's four corner marks"
refuse blurred.jpg "no pnpkit sheet in the photo"
refuse foreign-qr.png "the QR code 'https://example.org/' is not a pnpkit sheet's"
# A sheet's four corner marks and its QR code cut out and laid in a row:
# before, read as a blank sheet "with no problems". The marks must stand
# where one flat sheet puts them (within a quarter of a tag's side).
refuse collage.png "the four corner marks do not stand as on one flat sheet"
# A DiCroNo sheet under a Circle 36 sheet's QR code (the same paper, so the
# corner marks agree): before, read as a Circle 36 sheet of 24 doubtful
# spaces. The printed lines must be where the code's sheet has them.
refuse other-code.jpg "the sheet in the photo is not the 'circle36' sheet its QR code names"
# A photo named is a regular file: a device never ends (`pnpkit scan
# /dev/zero` once read until memory ran out) and a FIFO without a writer
# waited forever. Standard input is read up to 64 MB, then refused.
expect_status 1 "/dev/zero" -- "$PNPKIT" scan /dev/zero -o "$T/sheet.yaml"
expect_stderr "^pnpkit scan: /dev/zero: not a regular file \(a FIFO or a device\)$" "/dev/zero: message"
expect_no_file "$T/sheet.yaml" "/dev/zero"
mkfifo "$T/fifo"
expect_status 1 "a FIFO" -- timeout 20 "$PNPKIT" scan "$T/fifo"
expect_stderr "^pnpkit scan: $T/fifo: not a regular file \(a FIFO or a device\)$" "a FIFO: message"
head -c 140000000 /dev/zero | "$PNPKIT" scan - 2> "$T/err" > /dev/null
expect_eq "$?:$(cat "$T/err")" "1:<stdin>: more than 64 MB, larger than any photo pnpkit reads" "an endless pipe"
# Standard input read twice would give the second photo no bytes.
expect_status 2 "- twice" -- "$PNPKIT" scan - - -o "$T/sheet.yaml"
expect_stderr "standard input \\(-\\) can be read once" "- twice: message"
# Two sheets in one picture (--nup 2 on A4, photographed whole): the corner
# marks of both are seen; reading one sheet through the corners of two gave
# a sheet of made-up numbers. Refused, with what to do.
"$PNPKIT" render circle36 --nup 2 -q -o "$T/two-up.png" --dpi 150
expect_status 1 "two sheets in one photo" -- "$PNPKIT" scan "$T/two-up.png" -o "$T/sheet.yaml"
expect_stderr "^$T/two-up.png: the photo holds more than one sheet \\(a corner mark is there 2 times\\): photograph one sheet at a time" "two sheets: message"
expect_no_file "$T/sheet.yaml" "two sheets: no output"

# A poster-sized sheet: its tags are found in a 22 MP picture, then it is
# refused for its size (the sheet is drawn again at 6 pixels a millimetre to
# be read: at most 50 million pixels), not with a photo's message.
"$PNPKIT" render circle36 --paper 1200x1200mm -q -o "$T/poster.png" --dpi 100
expect_status 1 "a poster-sized sheet" -- "$PNPKIT" scan "$T/poster.png" -o "$T/sheet.yaml"
expect_stderr "^$T/poster.png: a 1200x1200mm sheet is too large to read" "poster: message"

# A photo too small to hold a sheet is refused before the tags are looked
# for (AprilTag's detector crashed on an image two pixels high).
R="$SRC/fuzz/regressions/scan"
for f in one-pixel.png:1x1 two-pixels-high.png:500x2; do
    expect_status 1 "${f%%:*}" -- "$PNPKIT" scan "$R/${f%%:*}" -o "$T/sheet.yaml"
    expect_stderr "^$R/${f%%:*}: the image is ${f##*:} pixels, too small to hold a sheet" "${f%%:*}"
    expect_no_file "$T/sheet.yaml" "${f%%:*}"
done

# HEIC, where gdk-pixbuf has Debian's HEIF loader (heif-gdk-pixbuf) and
# heif-enc (libheif-examples) makes one: a played sheet reads as the JPEG it
# was made from; cut short, or claiming 60000x60000 pixels, it is refused
# from its boxes alone; damaged, it is one line saying so; with no HEIF
# loader the message says what to install.
if command -v heif-enc >/dev/null && ls /usr/lib/*/gdk-pixbuf-2.0/*/loaders/*heif* >/dev/null 2>&1; then
    heif-enc -q 50 "$D/played-2.jpg" -o "$T/p2.heic" >/dev/null 2>&1
    expect_status 0 "a HEIC photo" -- "$PNPKIT" scan "$T/p2.heic" -o "$T/p2h.yaml"
    got=$("$PNPKIT" score circle36 "$T/p2h.yaml" --json | jq -c '[.total, .combos, .totals]')
    want=$("$PNPKIT" score circle36 "$D/played-2.yaml" --json | jq -c '[.total, .combos, .totals]')
    expect_eq "$got" "$want" "HEIC: the score of the sheet read"
    head -c 300000 "$T/p2.heic" >"$T/cut.heic"
    expect_status 1 "a HEIC photo cut short" -- "$PNPKIT" scan "$T/cut.heic" -o "$T/sheet.yaml"
    expect_stderr "^$T/cut.heic: the image is cut short" "HEIC cut short"
    # claim N x N: every image extent ('ispe') of the HEIC rewritten
    claim() {
        python3 - "$T/p2.heic" "$T/bomb.heic" "$1" <<'PY'
import sys
d = bytearray(open(sys.argv[1], "rb").read())
i = d.find(b"ispe")
while i >= 0:
    d[i + 8:i + 16] = int(sys.argv[3]).to_bytes(4, "big") * 2
    i = d.find(b"ispe", i + 4)
open(sys.argv[2], "wb").write(d)
PY
    }
    for n in 60000 4294967295; do
        claim $n
        expect_status 1 "a HEIC claiming ${n}x$n" -- "$PNPKIT" scan "$T/bomb.heic" -o "$T/sheet.yaml"
        expect_stderr "^$T/bomb.heic: the image claims ${n}x$n pixels" "HEIC claiming ${n}x$n"
    done
    # A grid pasting N copies of the photo's coded picture, claiming 100x100:
    # the decoder would paste every tile (12 100 took 12 s) of the size its
    # stream is coded at, whatever the file claims, so tiles and coded
    # pixels are bounded from the boxes.
    grid() {
        python3 - "$T/p2.heic" "$T/grid.heic" "$1" <<'PY'
import struct, sys
src, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
d = open(src, "rb").read()
def find(kind):  # the first box of that kind, whole
    i = d.find(kind)
    return d[i - 4:i - 4 + struct.unpack(">I", d[i - 4:i])[0]]
def box(kind, body):
    return struct.pack(">I", 8 + len(body)) + kind + body
def full(kind, version, body):
    return box(kind, struct.pack(">I", version << 24) + body)
coded = find(b"mdat")[8:]
rows = 5 if n % 5 == 0 else 1  # rows and columns are bytes
desc = bytes([0, 0, rows - 1, n // rows - 1]) + struct.pack(">HH", 100, 100)
props = box(b"ipco", find(b"hvcC") + full(b"ispe", 0, struct.pack(">II", 100, 100)))
assoc = full(b"ipma", 0, struct.pack(">IHBBBHBB", 2, 1, 2, 0x81, 2, 2, 1, 2))
infe = lambda i, kind: full(b"infe", 2, struct.pack(">HH", i, 0) + kind + b"\0")
items = full(b"iinf", 0, struct.pack(">H", 2) + infe(1, b"hvc1") + infe(2, b"grid"))
refs = full(b"iref", 0, box(b"dimg", struct.pack(">HH", 2, n) + struct.pack(">H", 1) * n))
def meta(at):
    loc = full(b"iloc", 0, bytes([0x44, 0]) + struct.pack(">HHHHII", 2, 1, 0, 1, at, len(coded))
               + struct.pack(">HHHII", 2, 0, 1, at + len(coded), len(desc)))
    head = full(b"hdlr", 0, bytes(4) + b"pict" + bytes(13)) + full(b"pitm", 0, struct.pack(">H", 2))
    return full(b"meta", 0, head + loc + items + refs + box(b"iprp", props + assoc))
ftyp = box(b"ftyp", b"heic" + bytes(4) + b"mif1heic")
at = len(ftyp) + len(meta(0)) + 8
open(out, "wb").write(ftyp + meta(at) + box(b"mdat", coded + desc))
PY
    }
    grid 6
    expect_status 1 "a HEIC grid of 6 tiles of 4000x3000" -- "$PNPKIT" scan "$T/grid.heic" -o "$T/sheet.yaml"
    expect_stderr "^$T/grid.heic: a HEIC photo of 6 tiles coded 4000x3000: more than the 50000000 pixels a photo may have$" "HEIC grid: coded pixels"
    grid 1025
    expect_status 1 "a HEIC grid of 1025 tiles" -- "$PNPKIT" scan "$T/grid.heic" -o "$T/sheet.yaml"
    expect_stderr "^$T/grid.heic: a HEIC photo of 1025 tiles: a photo may have at most 1024$" "HEIC grid: tiles"
    # HEIC files whose boxes hide what the decoder does (fuzz/regressions/photo):
    # each took 5 to 34 s and up to 3.4 GB before; each is refused from its
    # boxes, before any decoding.
    R="$SRC/fuzz/regressions/photo"
    for c in "heif-decoy-iloc-in-nested-meta.heic:the image claims 16384x16384 pixels" \
        "heif-grid-size-split-over-extents.heic:does not read: a grid whose size cannot be read" \
        "heif-64-decoy-grids-before-the-real-one.heic:does not read: more grids than a photo has" \
        "heif-grid-of-grids.heic:does not read: a grid of grids" \
        "heif-sps-10000-in-item-data.heic:its picture is coded 10000x10000, larger than it says" \
        "heif-coded-10000-behind-ispe-1000.heic:its picture is coded 10000x10000, larger than it says" \
        "heif-grid-of-32000-claiming-1000.heic:the image claims 32000x32000 pixels" \
        "avif-coded-10000-behind-ispe-1000.avif:does not read: a picture not coded in HEVC"; do
        expect_status 1 "${c%%:*}" -- "$PNPKIT" scan "$R/${c%%:*}" -o "$T/sheet.yaml"
        expect_stderr "^$R/${c%%:*}: .*${c#*:}" "${c%%:*}: refused from its boxes"
    done
    # 4096 pictures and an 'iloc' of 2.5 million items (25 MB): a lookup a
    # picture over the whole 'iloc' ran for minutes; it is read once.
    python3 - "$T/iloc.heic" <<'PY'
import struct, sys
def box(kind, body):
    return struct.pack(">I", 8 + len(body)) + kind + body
def full(kind, version, body):
    return box(kind, struct.pack(">I", version << 24) + body)
infe = b"".join(full(b"infe", 2, struct.pack(">HH", i, 0) + b"hvc1\0") for i in range(1, 4097))
n = 2500000
iloc = full(b"iloc", 2, bytes(2) + struct.pack(">I", n) + struct.pack(">IHHH", 70000, 0, 0, 0) * n)
props = box(b"iprp", box(b"ipco", full(b"ispe", 0, struct.pack(">II", 1000, 1000))))
head = full(b"hdlr", 0, bytes(4) + b"pict" + bytes(13)) + full(b"pitm", 0, struct.pack(">H", 1))
meta = full(b"meta", 0, head + full(b"iinf", 0, struct.pack(">H", 4096) + infe) + iloc + props)
open(sys.argv[1], "wb").write(box(b"ftyp", b"heic" + bytes(4) + b"mif1heic") + meta)
PY
    expect_status 1 "a HEIC of 4096 pictures and 2.5 million places" -- timeout 60 "$PNPKIT" scan "$T/iloc.heic" -o "$T/sheet.yaml"
    expect_stderr "^$T/iloc.heic: a damaged HEIC photo" "4096 pictures: read once, refused"
    rm -f "$T/iloc.heic"
    # boxes the HEIF loader cannot use ('pitm' renamed): one line of pnpkit's,
    # saying the photo is damaged (the system does read HEIC), and none of
    # the loader's own warnings
    python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); open(sys.argv[2], "wb").write(d.replace(b"pitm", b"pitx", 1))' \
        "$T/p2.heic" "$T/damaged.heic"
    expect_status 1 "a damaged HEIC" -- "$PNPKIT" scan "$T/damaged.heic" -o "$T/sheet.yaml"
    expect_stderr "^$T/damaged.heic: a damaged HEIC photo: " "damaged HEIC"
    expect_eq "$(wc -l <"$T/err")" 1 "damaged HEIC: one line on standard error"
    : >"$T/no-loaders.cache"
    GDK_PIXBUF_MODULE_FILE="$T/no-loaders.cache" expect_status 1 "HEIC without a loader" -- \
        "$PNPKIT" scan "$T/p2.heic" -o "$T/sheet.yaml"
    expect_stderr "^$T/p2.heic: a HEIC photo this system cannot decode.*heif-gdk-pixbuf" "HEIC without a loader"
    expect_no_file "$T/sheet.yaml" "HEIC refused"
else
    echo "cli_scan: no HEIF loader or heif-enc: HEIC not tested"
fi
refuse dicrono.jpg "no X or O was found in the grid"

# The bomb is refused from its header: no time or memory spent decoding it.
start=$(date +%s)
"$PNPKIT" scan "$D/bomb.png" 2>/dev/null
[ $(( $(date +%s) - start )) -le 2 ] && ok || bad "bomb.png took more than 2 s"

# Standard input, and several photos: the first bad one stops the run.
expect_status 1 "stdin" -- sh -c "'$PNPKIT' scan - < '$D/no-sheet.jpg'"
expect_stderr "^<stdin>: no pnpkit sheet" "stdin"
expect_status 1 "two photos" -- "$PNPKIT" scan "$D/no-sheet.jpg" "$D/half.jpg" -o "$T/two.yaml"
expect_no_file "$T/two.yaml" "two photos"
expect_status 2 "no photo" -- "$PNPKIT" scan
expect_status 2 "--json and --score" -- "$PNPKIT" scan --json --score "$D/half.jpg"
expect_status 3 "missing file" -- "$PNPKIT" scan "$T/nothing.jpg"

# A sheet printed from a template file carries a hash of it: scanning needs
# that file, and another file is refused.
sed 's/^name: circle36$/name: my-c36/' "$SRC/templates/circle36.yaml" > "$T/my.yaml"
"$PNPKIT" render "$T/my.yaml" -q --dpi 100 -o "$T/my.png"
expect_status 1 "file template without --template" -- "$PNPKIT" scan "$T/my.png"
expect_stderr "printed from a template file: name that file" "file template"
sed 's/target: *{type: int, default: 36/target: {type: int, default: 40/' "$T/my.yaml" > "$T/other.yaml"
expect_status 1 "another template file" -- "$PNPKIT" scan "$T/my.png" --template "$T/other.yaml"
expect_stderr "printed from another template than" "another template file"
# The template named is read as render reads one: a device or a directory is
# refused (/dev/zero was read to 2 GB), a regular file past 16 MiB too.
expect_status 3 "--template /dev/zero" -- "$PNPKIT" scan "$T/my.png" --template /dev/zero
expect_stderr "^$T/my.png: /dev/zero: not a regular file$" "--template /dev/zero: message"
head -c 16777217 /dev/zero | tr '\0' '#' >"$T/huge.yaml"
expect_status 1 "--template past 16 MiB" -- "$PNPKIT" scan "$T/my.png" --template "$T/huge.yaml"
expect_stderr "huge.yaml: file too large \(more than 16777216 bytes\)$" "--template past 16 MiB: message"
rm -f "$T/huge.yaml"
"$PNPKIT" render circle36 -q --dpi 100 -o "$T/c36.png"
expect_status 1 "a built-in sheet with --template" -- "$PNPKIT" scan "$T/c36.png" --template "$T/my.yaml"
expect_stderr "a sheet of the template 'circle36', not one printed from" "built-in with --template"
# A sheet printed with settings is scored with them: --score, or the command
# the note gives for the sheet file (a 6-ring board scored as the default
# 3-ring one was refused, a target of 40 scored against 36).
"$PNPKIT" render circle36 --set target=40 -q --dpi 100 -o "$T/t40.png"
expect_status 0 "scan --score of a target-40 sheet" -- "$PNPKIT" scan "$T/t40.png" --score
expect_stdout "^Circle 40" "scan --score of a target-40 sheet"
"$PNPKIT" render circle36 --set rings=6 --set sectors=16 -q --dpi 100 -o "$T/r6.png"
expect_status 0 "scan --score of a 6-ring sheet" -- "$PNPKIT" scan "$T/r6.png" --score
expect_stdout "97 spaces left empty" "scan --score of a 6-ring sheet"
expect_status 0 "scan -o of a 6-ring sheet" -- "$PNPKIT" scan "$T/r6.png" -o "$T/r6.yaml"
expect_stderr "printed from circle36 with rings=6, sectors=16: score the sheets with: pnpkit score circle36 $T/r6.yaml --set rings=6 --set sectors=16$" "the note of a 6-ring sheet"
expect_status 0 "the note's command" -- "$PNPKIT" score circle36 "$T/r6.yaml" --set rings=6 --set sectors=16
expect_status 1 "sheets of two settings together" -- "$PNPKIT" scan "$T/t40.png" "$T/r6.png" -o "$T/two.yaml"
expect_stderr "^pnpkit scan: $T/r6.png: printed from circle36 with rings=6, sectors=16, and $T/t40.png from circle36 with target=40: scan them separately" "two settings"
expect_no_file "$T/two.yaml" "two settings"
expect_status 0 "sheets of two settings as JSON" -- "$PNPKIT" scan "$T/t40.png" "$T/r6.png" --json
expect_eq "$(jq -c .params "$T/out" | tr '\n' ' ')" '{"target":"40"} {"rings":"6","sectors":"16"} ' "two settings as JSON: each object its own"
"$PNPKIT" scan "$T/c36.png" -o "$T/c36.yaml" 2>"$T/err"
expect_eq "$(grep -c 'score the sheets with' "$T/err")" 0 "no note for a sheet at its defaults"

# A template file may claim any board: one of 1 ring and 120 sectors (121
# spaces, past the largest board pnpkit scores, 6 x 16 + 1) is refused by
# name; it used to overwrite the reader's arrays and crash (SIGSEGV).
python3 - "$T/big.yaml" <<'PY'
import sys
n = 120
ids = [f"R{i}" for i in range(1, n + 1)] + ["Y"]
for r in range(1, n + 2):
    ids += [f"roll{r}.a", f"roll{r}.b", f"roll{r}"]
ids.append("combos")
out = ["name: big-c36\nscan: true\ngame: circle36\nparams:\n",
       f"  rings: {{type: int, default: 1}}\n  sectors: {{type: int, default: {n}}}\n",
       "  dice: {type: int, default: 8}\n  target: {type: int, default: 36}\n",
       "page: {paper: a4, margin: 10mm}\ncomponents:\n"]
for k, sid in enumerate(ids):
    out.append(f'  - {{type: slot, id: "{sid}", x: {5 + k % 26 * 7}mm, y: {20 + k // 26 * 7}mm, w: 5mm, h: 5mm}}\n')
open(sys.argv[1], "w").write("".join(out))
PY
"$PNPKIT" render "$T/big.yaml" -q --dpi 150 -o "$T/big.png"
expect_status 1 "a template file's board of 121 spaces" -- "$PNPKIT" scan "$T/big.png" --template "$T/big.yaml" -o "$T/big-sheet.yaml"
expect_stderr "^$T/big.png: the template's Circle 36 board cannot be read: sectors must be" "board of 121 spaces"
expect_no_file "$T/big-sheet.yaml" "board of 121 spaces"

# The marks: four tags and a QR code on circle36 and dicrono (the scene dump
# shows their filled squares), none with --no-scan-marks, none on templates
# that do not ask.
count() { "$PNPKIT" render "$@" -q --format scene -o - | grep -c '^path fill=#000000 '; }
with=$(count circle36); without=$(count circle36 --no-scan-marks)
[ "$with" -gt $((without + 40)) ] && ok || bad "circle36 marks: $with filled black paths against $without"
with=$(count dicrono); without=$(count dicrono --no-scan-marks)
[ "$with" -gt $((without + 40)) ] && ok || bad "dicrono marks: $with against $without"
expect_eq "$(count calibration)" "$(count calibration --no-scan-marks)" "no marks on calibration"
# In an SVG the marks' black squares in a row are one path (the cairo
# backend merges opaque rectangles of one colour): a few elements, not 174.
svgpaths() { "$PNPKIT" render circle36 "$@" -q -o "$T/m.svg" && grep -o '<path' "$T/m.svg" | wc -l; }
with=$(svgpaths); without=$(svgpaths --no-scan-marks)
[ "$with" -gt "$without" ] && [ "$with" -le $((without + 12)) ] && ok ||
    bad "circle36 SVG marks: $with path elements against $without"
# The marks add at most 10% to a sheet's PDF: through cairo, and through
# libharu, where each is a small bitmap in the page's content (DiCroNo's
# libharu PDF is 2.4 kB: its QR code in capitals, 21 x 21, and no white
# squares where nothing lies under the marks keep it within).
pdfsize() { "$PNPKIT" render "$@" -q -o "$T/size.pdf" && stat -c %s "$T/size.pdf"; }
marks_size() { # TEMPLATE BACKEND PERCENT
    with=$(pdfsize "$1" --backend "$2"); without=$(pdfsize "$1" --backend "$2" --no-scan-marks)
    [ "$with" -gt "$without" ] && [ $((with * 100)) -le $((without * $3)) ] && ok ||
        bad "$1 through $2: $with bytes with marks against $without (at most $3%)"
}
marks_size circle36 cairo 110
marks_size circle36 haru 110
marks_size dicrono cairo 110
marks_size dicrono haru 110
# lint: content that runs into a mark (under it or over it) is a finding at
# the component that drew it; a background holding the whole mark is not.
cat > "$T/crowded.yaml" <<'Y'
name: crowded
scan: true
page: {paper: 60x40mm, background: "#ffeecc"}
components:
  - {type: rect, x: 5mm, y: 5mm, w: 20mm, h: 10mm}
Y
expect_status 0 "lint a crowded sheet" -- "$PNPKIT" lint "$T/crowded.yaml"
expect_stdout "^$T/crowded.yaml:5:6: warning: a line runs into a scan mark \\(" "crowded: the rect"
expect_eq "$(grep -c 'scan mark' "$T/out")" 1 "crowded: one finding, the background none"
sed 's/w: 20mm, h: 10mm/w: 2mm, h: 2mm/; s/x: 5mm, y: 5mm/x: 28mm, y: 6mm/' "$T/crowded.yaml" > "$T/clear.yaml"
expect_status 0 "lint a clear sheet" -- "$PNPKIT" lint "$T/clear.yaml"
expect_eq "$(grep -c 'scan mark' "$T/out")" 0 "clear: no finding"
# A paper too small to hold the marks 1 mm apart (they overlapped, and the
# QR code ran off a 25 mm wide page) gets none: the sheet prints, with a
# warning at `scan:`; a built-in sheet on a mini card says so too. Margins
# that leave no room are refused at `paper:`.
printf 'name: narrow\nscan: true\npage: {paper: 25x300mm, margin: 1mm}\ncomponents:\n  - {type: rect, x: 1mm, y: 1mm, w: 5mm, h: 5mm}\n' > "$T/narrow.yaml"
expect_status 0 "a paper too narrow for the marks" -- "$PNPKIT" render "$T/narrow.yaml" -o "$T/narrow.pdf"
expect_stderr "^$T/narrow.yaml:2:7: warning: a 25x300mm sheet is too small for its scan marks \\(they need 47.4x37.4mm\\): printed without them" "narrow: warning"
expect_status 0 "narrow: scene" -- "$PNPKIT" render "$T/narrow.yaml" -f scene -o "$T/narrow.scene"
expect_eq "$(grep -c '^path' "$T/narrow.scene")" 1 "narrow: no marks drawn (the rect only)"
expect_status 0 "dicrono on a mini card" -- "$PNPKIT" render dicrono --paper mini -o "$T/mini.pdf"
expect_stderr "^built-in template dicrono:3:7: warning: a 44x63mm sheet is too small for its scan marks" "mini: warning"
expect_eq "$(wc -l < "$T/err")" 1 "mini: that warning only"
sed 's/25x300mm, margin: 1mm/20x20mm/' "$T/narrow.yaml" > "$T/tiny.yaml"
expect_status 1 "margins leave no room" -- "$PNPKIT" render "$T/tiny.yaml" -o "$T/narrow.pdf"
expect_stderr "^$T/tiny.yaml:3:15: the margins leave no room on a 20x20mm page" "tiny: message at the paper"
expect_status 1 "--paper with no room" -- "$PNPKIT" render dicrono --paper 30x30mm -o "$T/narrow.pdf"
expect_stderr "^--paper 30x30mm: the margins leave no room on a 30x30mm page" "--paper: message"

# libharu leaves out a mark's white square only where nothing lies under it:
# on a coloured background all five marks keep theirs, on bare paper none.
squares() { # TEMPLATE: marks written with their white square, and all marks
    "$PNPKIT" render "$1" --backend haru -q -o "$T/sq.pdf" &&
        qpdf --qdf --object-streams=disable "$T/sq.pdf" "$T/sq-qdf.pdf" &&
        echo "$(grep -a -c 're f 0 g BI ' "$T/sq-qdf.pdf") $(grep -a -c ' BI /W' "$T/sq-qdf.pdf")"
}
expect_eq "$(squares "$T/clear.yaml")" "5 5" "marks on a background: white squares"
sed '/background/d' "$T/clear.yaml" > "$T/bare.yaml"
expect_eq "$(squares "$T/bare.yaml")" "0 5" "marks on bare paper: no white squares"

# Shrunk onto a smaller paper, a sheet keeps its content out of the top
# corner tags (it is moved down and shrunk a little more).
for paper in a5 a6 b5; do
    "$PNPKIT" lint circle36 --paper $paper > "$T/out" 2>&1
    expect_eq "$(grep -c 'scan mark' "$T/out")" 0 "circle36 on $paper: clear of the marks"
done

# libharu's marks (inline images) print and read back: the blank sheet drawn
# by poppler is found, its QR code names circle36, nothing is written on it.
"$PNPKIT" render circle36 --backend haru -q -o "$T/haru.pdf"
pdftoppm -r 150 -png -singlefile "$T/haru.pdf" "$T/haru"
expect_status 0 "a libharu sheet" -- "$PNPKIT" scan "$T/haru.png" --json
expect_eq "$(jq -c '[.template, (.problems | length), ([.fields[] | select(.value != null)] | length)]' "$T/out")" \
    '["circle36",0,0]' "a libharu sheet read back"
# A photo turned over left to right (a front camera's, or an orientation tag
# that mirrors): the corner marks read one way round only, so it is read
# again turned back. Before, "no pnpkit sheet in the photo".
/usr/bin/python3 -c 'import sys; from PIL import Image; Image.open(sys.argv[1]).transpose(Image.FLIP_LEFT_RIGHT).save(sys.argv[2])' \
    "$D/played-2.jpg" "$T/mirrored.png"
expect_status 0 "a mirrored photo" -- "$PNPKIT" scan "$T/mirrored.png" -o "$T/mirrored.yaml"
for ring in red blue green yellow combos; do
    expect_eq "$(grep "^$ring:" "$T/mirrored.yaml")" "$(grep "^$ring:" "$D/played-2.yaml")" "a mirrored photo: $ring"
done

# Played sheets photographed (scripts/make-scan-photos --share side --seed 7: photos 1, 2
# and 6, with the truth beside them as sheets; 1 is stored upside down and 6
# turned, both with an EXIF orientation). The score of the sheet read is the
# score of the sheet played, and so is --score's.
for k in 2 6; do
    expect_status 0 "played-$k" -- "$PNPKIT" scan "$D/played-$k.jpg" -o "$T/p$k.yaml"
    got=$("$PNPKIT" score circle36 "$T/p$k.yaml" --json | jq -c '[.total, .combos, .totals]')
    want=$("$PNPKIT" score circle36 "$D/played-$k.yaml" --json | jq -c '[.total, .combos, .totals]')
    expect_eq "$got" "$want" "played-$k: the score of the sheet read"
    for ring in red blue green yellow; do
        expect_eq "$(grep "^$ring:" "$T/p$k.yaml")" "$(grep "^$ring:" "$D/played-$k.yaml")" "played-$k: $ring"
    done
done
"$PNPKIT" scan "$D/played-6.jpg" --score > "$T/score.txt" 2>/dev/null
"$PNPKIT" score circle36 "$D/played-6.yaml" > "$T/want.txt"
cmp -s "$T/score.txt" "$T/want.txt" && ok || bad "played-6 --score differs from scoring the sheet played"

# A sheet whose QR code is too blurred to read as photographed
# (make-scan-photos --share side --seed 3, photo 6): the code is read module by module
# on its known grid, and the sheet is read. Its dice are small and blurred: two
# 7s (a die and the space it made) are read as 1s, both marked not sure; every
# field marked sure is as played.
expect_status 0 "blurred code" -- "$PNPKIT" scan "$D/blurred-code.jpg" --json
expect_eq "$(jq -r .template "$T/out")" circle36 "blurred code: the template its code names"
wrong=$(python3 - "$T/out" "$D/blurred-code.yaml" <<'PY'
import json, re, sys
got = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
want = {}
for ring, letter in (("red", "R"), ("blue", "B"), ("green", "G")):
    vals = re.search(r"^%s: \[(.*)\]$" % ring, text, re.M).group(1).split(",")
    for i, v in enumerate(vals):
        want["%s%d" % (letter, i + 1)] = int(v)
want["Y"] = int(re.search(r"^yellow: (\d+)$", text, re.M).group(1))
want["combos"] = int(re.search(r"^combos: (\d+)$", text, re.M).group(1))
for k, m in enumerate(re.finditer(r"dice: \[(\d+), (\d+)\]", text)):
    want["roll%d.a" % (k + 1)], want["roll%d.b" % (k + 1)] = int(m.group(1)), int(m.group(2))
wrong = [f for f in got["fields"] if f["slot"] in want and f["value"] != want[f["slot"]]]
sure = [f["slot"] for f in wrong if f["sure"]]
print("%d read, %d wrong, wrong and sure: %s" %
      (sum(f["slot"] in want for f in got["fields"]), len(wrong), " ".join(sure) or "none"))
PY
)
expect_eq "$wrong" "76 read, 2 wrong, wrong and sure: none" "blurred code: the fields read"
# Another (--share side --seed 11, photo 20), whose grid the perspective bends: it is
# found only through the code's alignment pattern.
expect_status 0 "bent code" -- "$PNPKIT" scan "$D/bent-code.jpg" -o "$T/bent.yaml"
for ring in red blue green yellow combos; do
    expect_eq "$(grep "^$ring:" "$T/bent.yaml")" "$(grep "^$ring:" "$D/bent-code.yaml")" "bent code: $ring"
done

# Small dice (make-scan-photos --share side --seed 5, photo 17): cut out finely enough,
# every die and space reads as played.
expect_status 0 "fine dice" -- "$PNPKIT" scan "$D/fine-dice.jpg" -o "$T/fd.yaml"
for ring in red blue green yellow combos; do
    expect_eq "$(grep "^$ring:" "$T/fd.yaml")" "$(grep "^$ring:" "$D/fine-dice.yaml")" "fine dice: $ring"
done
grep -o 'dice: \[[0-9]*, [0-9]*\]' "$T/fd.yaml" > "$T/fd.dice"
grep -o 'dice: \[[0-9]*, [0-9]*\]' "$D/fine-dice.yaml" | cmp -s - "$T/fd.dice" && ok || bad "fine dice: the dice read differ from those played"

# A completed sheet (pnpkit score -o) carries the marks too, and reads back
# to the same score (the player's name, not read, aside).
"$PNPKIT" score circle36 "$SRC/tests/data/circle36-game1-played.yaml" -o "$T/done.png" --dpi 150 >/dev/null
expect_status 0 "completed sheet" -- "$PNPKIT" scan "$T/done.png" --score
"$PNPKIT" score circle36 "$SRC/tests/data/circle36-game1-played.yaml" > "$T/want1.txt"
tail -n +2 "$T/out" > "$T/got1.txt"
tail -n +2 "$T/want1.txt" | cmp -s "$T/got1.txt" - && ok || bad "the completed sheet read back scores differently"

# --json: every field with its slot and box (as the scene dump places it);
# dice say whether they are circled. Every field marked sure is right.
"$PNPKIT" scan "$D/played-1.jpg" --json > "$T/p1.json" 2>"$T/err"
expect_eq "$(jq -r '.template' "$T/p1.json")" circle36 "json template"
expect_eq "$(jq '.fields | length' "$T/p1.json")" 76 "json fields: 25 spaces, 50 dice, combos"
box=$("$PNPKIT" render circle36 -q --format scene -o - | awk '$1 == "slot" && $2 == "R1" {print "[" $3+0 "," $4+0 "," $5+0 "," $6+0 "]"}')
expect_eq "$(jq -c '.fields[] | select(.slot == "R1") | .box_mm' "$T/p1.json")" "$box" "json R1 box"
expect_eq "$(jq '[.fields[] | select(.slot | test("^roll")) | has("circled")] | all' "$T/p1.json")" true "json dice circled"
expect_eq "$(jq '[.fields[] | select(.slot | test("^roll") | not) | has("circled")] | any' "$T/p1.json")" false "json spaces not circled"
cells="R1 R2 R3 R4 R5 R6 R7 R8 B1 B2 B3 B4 B5 B6 B7 B8 G1 G2 G3 G4 G5 G6 G7 G8"
i=0
for c in $cells; do
    ring=$(case $c in R*) echo red;; B*) echo blue;; G*) echo green;; esac)
    want=$(grep "^$ring:" "$D/played-1.yaml" | tr -d '[],' | awk -v k="${c#?}" '{print $(k + 1)}')
    sure=$(jq -r --arg s "$c" '.fields[] | select(.slot == $s) | "\(.sure) \(.value)"' "$T/p1.json")
    case $sure in "true "*) expect_eq "${sure#true }" "$want" "played-1: sure $c";; esac
    i=$((i + 1))
done
expect_eq "$i" 24 "played-1: spaces compared"
# Every field not sure is named on stderr and in the problems, and no other.
"$PNPKIT" scan "$D/played-1.jpg" -o "$T/p1.yaml" 2>"$T/err"
doubtful=$(jq -r '.fields[] | select(.sure | not) | .slot' "$T/p1.json" | sort)
named=$(sed -n 's/.*: \(space\|die\|the ComboCircles count\) \([^:]*\): doubtful reading$/\2/p' "$T/err" | sort)
expect_eq "$named" "$doubtful" "played-1: the doubtful fields named on stderr"
inproblems=$(jq -r '.problems[] | capture("^(space|die|the ComboCircles count) (?<s>[^:]*): doubtful") | .s' "$T/p1.json" | sort)
expect_eq "$inproblems" "$doubtful" "played-1: the doubtful fields in the problems"
# -o writes as every output does: a read-only sheet is left as it is, and a
# device (a copy of /dev/null, where mknod is allowed) is written, never
# replaced by a regular file.
printf 'keep\n' > "$T/ro.yaml" && chmod 444 "$T/ro.yaml"
expect_status 3 "read-only -o" -- "$PNPKIT" scan "$D/played-2.jpg" -o "$T/ro.yaml"
expect_eq "$(cat "$T/ro.yaml")" keep "a read-only sheet is left as it is"
if mknod -m 666 "$T/null" c 1 3 2>/dev/null; then
    expect_status 0 "-o a device" -- "$PNPKIT" scan "$D/played-2.jpg" -o "$T/null"
    [ -c "$T/null" ] && ok || bad "scan -o replaced a device with a regular file"
fi
# DiCroNo (scripts/make-scan-photos --game dicrono --share side --seed 2: photos 9 and 20,
# the game of the second in the score table's second row, under a first
# game's points). Every square and the penalties are read as played; who
# rolled first is not on the sheet and is named as a problem.
expect_status 0 "dicrono-played-1" -- "$PNPKIT" scan "$D/dicrono-played-1.jpg" -o "$T/d1.yaml"
expect_eq "$(grep -v first: "$T/d1.yaml")" "$(grep -v first: "$D/dicrono-played-1.yaml")" \
    "dicrono-played-1: the grid and penalties read"
expect_stderr "who rolled first is not on the sheet" "dicrono-played-1: first named"
"$PNPKIT" scan "$D/dicrono-played-2.jpg" --json > "$T/d2.json"
expect_eq "$(jq -r .template "$T/d2.json")" dicrono "dicrono json template"
expect_eq "$(jq '.fields | length' "$T/d2.json")" 42 "dicrono json fields: 36 squares, 6 ticks"
box=$("$PNPKIT" render dicrono -q --format scene -o - | awk '$1 == "slot" && $2 == "cell.3.4" {print "[" $3+0 "," $4+0 "," $5+0 "," $6+0 "]"}')
expect_eq "$(jq -c '.fields[] | select(.slot == "cell.3.4") | .box_mm' "$T/d2.json")" "$box" "dicrono json cell.3.4 box"
expect_eq "$(jq -c '[.fields[] | select(.slot | test("^g2[.]X[.]pen")) | .value]' "$T/d2.json")" "[1,0,0]" \
    "dicrono-played-2: X's ticks in the second row"
# Squares as 0 (empty), 1 (X), 2 (O), row by row, against the grid played;
# every field marked sure is right.
want=$(sed -n '/grid:/,/penalties:/p' "$D/dicrono-played-2.yaml" | grep -v ':' | tr -d ' \n' | tr '.XO' '012')
got=$(jq -r '[.fields[] | select(.slot | test("^cell")) | {s: .slot, v: .value}] | sort_by(.s | split(".") | [(.[2] | tonumber), (.[1] | tonumber)]) | map(.v | tostring) | join("")' "$T/d2.json")
expect_eq "$got" "$want" "dicrono-played-2: every square"
nsure=$(jq -r '[.fields[] | select(.sure and (.slot | test("^cell")))] | length' "$T/d2.json")
[ "$nsure" -gt 0 ] && ok || bad "dicrono-played-2: no square marked sure"
# Two photos make one set, in the order given, scored as the games played.
expect_status 0 "dicrono set" -- "$PNPKIT" scan "$D/dicrono-played-1.jpg" "$D/dicrono-played-2.jpg" -o "$T/set.yaml"
expect_eq "$(grep -c '^  - first:' "$T/set.yaml")" 2 "dicrono set: two games"
{ cat "$D/dicrono-played-1.yaml"; sed 1,2d "$D/dicrono-played-2.yaml"; } > "$T/want-set.yaml"
expect_eq "$("$PNPKIT" score dicrono "$T/set.yaml" --json | jq -c '[.games[] | [.points, .penalties]], .total')" \
    "$("$PNPKIT" score dicrono "$T/want-set.yaml" --json | jq -c '[.games[] | [.points, .penalties]], .total')" \
    "dicrono set: the score of the games read"
# A Circle 36 photo and a DiCroNo photo together are refused, nothing written.
expect_status 1 "two games" -- "$PNPKIT" scan "$D/dicrono-played-1.jpg" "$D/played-2.jpg" -o "$T/mixed.yaml"
expect_stderr "scan them separately" "two games"
expect_no_file "$T/mixed.yaml" "two games"
# A completed DiCroNo sheet (pnpkit score -o: printed marks, struck lines, a
# filled table) is not a played one: refused, nothing written.
"$PNPKIT" score dicrono "$SRC/tests/data/dicrono-example2.yaml" -o "$T/dcdone.png" --dpi 150 >/dev/null
expect_status 1 "completed dicrono sheet" -- "$PNPKIT" scan "$T/dcdone-2.png" -o "$T/dcdone.yaml"
expect_stderr "no game the rules allow is near what the grid shows" "completed dicrono sheet"
expect_no_file "$T/dcdone.yaml" "completed dicrono sheet"
# A Circle 36 sheet whose numbers are written but whose dice record is empty
# (completed from a sheet without rounds): the rules allow no number without
# its roll, yet 25 are read beyond doubt. It read as a sure empty board; now
# the readings are written as they are, and the photo is said to be no legal
# sheet.
"$PNPKIT" score circle36 "$SRC/tests/data/circle36-perfect.yaml" -o "$T/c36done.png" --dpi 150 >/dev/null
expect_status 0 "numbers without dice" -- "$PNPKIT" scan "$T/c36done.png"
expect_stderr "no sheet the rules allow is near the readings .*25 of [0-9]+ read fields would change" "numbers without dice: said so"
expect_stdout "^red: \\[5, 4, 4, 5, 4, 5, 5, 4\\]$" "numbers without dice: the numbers read"
finish
