# cli_images.sh: the image component: fit modes in mm (scene dump), paths
# relative to the template, every backend, each file embedded once, the
# guide's example, and files refused before decoding (exit 1, no output).
. "$(dirname "$0")/lib.sh"

IMG="$SRC/tests/data/img"
expect_status 0 "scene" -- "$PNPKIT" render "$IMG/images.yaml" -f scene -o "$T/i.scene"
# A 40x20 picture in a 60x60 mm box at (10, 10): contain is 60x30 centred,
# cover 120x60 clipped to the 40x60 box, stretch the box itself.
grep -qx "image flag.png png 40x20 at 10.00 25.00 60.00 30.00 clip 10.00 10.00 60.00 60.00" "$T/i.scene" && ok || bad "contain"
grep -qx "image flag.png png 40x20 at 40.00 10.00 120.00 60.00 clip 80.00 10.00 40.00 60.00" "$T/i.scene" && ok || bad "cover"
grep -qx "image flag.png png 40x20 at 10.00 80.00 60.00 20.00 clip 10.00 80.00 60.00 20.00" "$T/i.scene" && ok || bad "stretch"
grep -qx "image sun.svg svg 100x100 at 10.00 125.00 30.00 30.00 clip 10.00 110.00 30.00 60.00" "$T/i.scene" && ok || bad "svg contain in a tall box"

# Relative to the template, whatever the working directory.
(cd / && "$PNPKIT" render "$IMG/images.yaml" -o "$T/from-root.pdf" 2>"$T/err") && ok || bad "from / : $(cat "$T/err")"

# Every backend and format; one embedded copy of each file.
images_in() { grep -a -c "/Subtype /Image" "$1"; }
expect_status 0 "cairo pdf" -- "$PNPKIT" render "$IMG/images.yaml" -o "$T/c.pdf"
expect_eq "$(images_in "$T/c.pdf")" 1 "cairo: flag.png drawn three times, embedded once"
expect_status 0 "haru pdf" -- "$PNPKIT" render "$IMG/images.yaml" --backend haru -o "$T/h.pdf"
# haru: flag.png once (cairo decodes it for libharu; every pixel is opaque, so
# it needs no alpha mask); sun.svg at its two sizes, each with a mask.
expect_eq "$(images_in "$T/h.pdf")" 5 "haru: one opaque PNG, two SVG rasters with masks"
expect_status 0 "png" -- "$PNPKIT" render "$IMG/images.yaml" --dpi 50 -o "$T/i.png"
expect_status 0 "svg" -- "$PNPKIT" render "$IMG/images.yaml" -o "$T/i.svg"
expect_eq "$(grep -c "<image" "$T/i.svg")" 1 "svg: one embedded PNG"
# Every element the SVG uses is in it: the SVG image's drawing was named
# anew (a process-wide serial number made fixed) where it was given but not
# where it was used, so the page showed nothing of it.
used=$(grep -o '#\(surface\|image\)[0-9]*' "$T/i.svg" | sort -u | tr -d '#')
[ -n "$used" ] && ok || bad "svg: no drawing used"
for u in $used; do
    grep -q "id=\"$u\"" "$T/i.svg" && ok || bad "svg: uses #$u, which it does not hold"
done
# Many sheets imposed, still one image.
expect_status 0 "4-up pad" -- "$PNPKIT" render "$IMG/images.yaml" --pages 8 --nup 4 -o "$T/pad.pdf"
expect_eq "$(images_in "$T/pad.pdf")" 1 "8 sheets, one image"
expect_eq "$(pdfinfo "$T/pad.pdf" | awk '/^Pages:/ {print $2}')" 2 "two papers"
# The pixels are there: the left of the contain box is red, its top empty.
pdftoppm -r 25.4 -png -f 1 -l 1 "$T/c.pdf" "$T/r" && ok || bad "rasterise"
if command -v python3 >/dev/null; then
    python3 - "$T"/r*.png <<'PY' && ok || bad "pixels of the contained image"
import sys, zlib, struct
d = open(sys.argv[1], 'rb').read()
w, h, depth, ctype = struct.unpack('>IIBB', d[16:26])
idat = b''; i = 8
while i < len(d):
    n, = struct.unpack('>I', d[i:i+4]); t = d[i+4:i+8]
    if t == b'IDAT': idat += d[i+8:i+8+n]
    i += 12 + n
raw = zlib.decompress(idat); bpp = {2: 3, 6: 4}[ctype]; stride = w * bpp
rows = []; prev = bytearray(stride)
for y in range(h):
    f = raw[y*(stride+1)]; line = bytearray(raw[y*(stride+1)+1:(y+1)*(stride+1)])
    for x in range(stride):
        a = line[x-bpp] if x >= bpp else 0; b = prev[x]; c = prev[x-bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p-a), abs(p-b), abs(p-c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line); prev = line
px = lambda x, y: tuple(rows[y][x*bpp:x*bpp+3])
r, g, b = px(15, 40)       # 1 px a mm: inside the red half of the contained flag
assert r > 150 and g < 80 and b < 80, (r, g, b)
r, g, b = px(15, 15)       # above it: the empty part of the box
assert r > 240 and g > 240 and b > 240, (r, g, b)
r, g, b = px(115, 40)      # cover: the blue half reaches the box's right edge
assert b > 150 and r < 80, (r, g, b)
PY
fi
# Deterministic.
"$PNPKIT" render "$IMG/images.yaml" -o "$T/c2.pdf" && cmp -s "$T/c.pdf" "$T/c2.pdf" && ok || bad "cairo PDF differs between runs"
"$PNPKIT" render "$IMG/images.yaml" --backend haru -o "$T/h2.pdf" && cmp -s "$T/h.pdf" "$T/h2.pdf" && ok || bad "haru PDF differs between runs"

# The guide's example.
awk '/^## Images/ {s=1} s && /^```yaml$/ {on=1; next} on && /^```$/ {exit} on' "$SRC/docs/templates.md" > "$T/card.yaml"
cp "$IMG/sun.svg" "$T/sun.svg"; cp "$IMG/flag.png" "$T/banner.png"
expect_status 0 "guide example" -- "$PNPKIT" render "$T/card.yaml" -f scene -o "$T/card.scene"
grep -q "^page 63.00 88.00$" "$T/card.scene" && ok || bad "card size"
grep -qx "image banner.png png 40x20 at 5.00 1.75 53.00 26.50 clip 5.00 5.00 53.00 20.00" "$T/card.scene" && ok || bad "banner covers its strip"
expect_status 0 "guide example pdf" -- "$PNPKIT" render "$T/card.yaml" -o "$T/card.pdf"

# Refused before decoding: exit 1, the component's place, no output.
cd "$T"
printf '\211PNG\r\n\032\n\0\0\0\015IHDR\0\001\206\240\0\001\206\240\010\006\0\0\0\0\0\0\0' > bomb.png
printf '\211PNG\r\n\032\n\0\0\0\015IHDR\0\0\020\0\0\0\020\0\010\006\0\0\0\0\0\0\0' > big.png
truncate -s 40M big.png
echo "not an image" > junk.png
printf '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>' > nosize.svg
printf '<svg xmlns="http://www.w3.org/2000/svg" width="10"' > broken.svg
printf '<svg xmlns="http://www.w3.org/2000/svg" width="0.001" height="2"/>' > speck.svg
# one pixel in tiles of 16384x16384 given as SLONG: libtiff reads the sides
# from signed types too, and takes a buffer of a whole tile
printf 'II*\0\010\0\0\0\004\0\0\001\003\0\001\0\0\0\001\0\0\0\001\001\003\0\001\0\0\0\001\0\0\0' > tiles.tif
printf '\102\001\011\0\001\0\0\0\0\100\0\0\103\001\011\0\001\0\0\0\0\100\0\0\0\0\0\0' >> tiles.tif
# JBIG: libjbig sizes the picture from its own header (it aborted on 2^32 x 2^32)
printf 'II*\0\010\0\0\0\001\0\003\001\003\0\001\0\0\0\145\207\0\0\0\0\0\0' > jbig.tif
# 1024x1024 pixels of 1000 samples of 16 bits in one strip: 2 GB to decode
printf 'II*\0\010\0\0\0\005\0\0\001\003\0\001\0\0\0\0\004\0\0\001\001\003\0\001\0\0\0\0\004\0\0' > samples.tif
printf '\002\001\003\0\003\0\0\0\112\0\0\0\025\001\003\0\001\0\0\0\350\003\0\0' >> samples.tif
printf '\026\001\004\0\001\0\0\0\0\004\0\0\0\0\0\0\020\0\020\0\020\0' >> samples.tif
for case in "bomb.png:a 100000x100000 pixel image is too large" \
    "big.png:an image of 41943040 bytes is too large" \
    "junk.png:not an image pnpkit can read" \
    "missing.png:cannot read the image: No such file or directory" \
    "nosize.svg:the SVG has no size" \
    "speck.svg:the SVG is 0.001x2 pixels, less than one" \
    "broken.svg:line 1: cannot read the SVG" \
    "tiles.tif:a damaged TIFF \(tiles much larger than its picture\)" \
    "samples.tif:a TIFF whose strips or tiles hold more than 256 MB" \
    "jbig.tif:a TIFF compressed in a way pnpkit does not read"; do
    f=${case%%:*}; why=${case#*:}
    printf 'name: t\ncomponents:\n  - type: text\n    text: hi\n  - type: image\n    src: %s\n' "$f" > t.yaml
    for be in cairo haru; do
        expect_status 1 "$f ($be)" -- "$PNPKIT" render t.yaml --backend "$be" -o out.pdf
        expect_stderr "^t.yaml:5:5: image: $f: $why" "$f message"
        expect_no_file out.pdf "$f: no output"
    done
done
# The pictures taken besides PNG and SVG: JPEG, GIF, BMP, TIFF, WebP by
# their first bytes. An icon, a TGA or a PNM, which gdk-pixbuf also reads,
# reaches no loader: refused with the list.
/usr/bin/python3 - <<'PY'
from PIL import Image
im = Image.new("RGB", (30, 20), (20, 120, 200))
for f in ("ok.gif", "ok.bmp", "ok.tif", "ok.jpg", "no.ico", "no.tga", "no.ppm"):
    im.save(f)
PY
for f in ok.gif ok.bmp ok.tif ok.jpg no.ico no.tga no.ppm; do
    printf 'name: t\ncomponents:\n  - {type: image, src: %s, x: 0, y: 0, w: 30mm, h: 20mm}\n' "$f" > k.yaml
    case $f in
    ok.*) expect_status 0 "$f placed" -- "$PNPKIT" render k.yaml -o k.pdf ;;
    *) expect_status 1 "$f refused" -- "$PNPKIT" render k.yaml -o k.pdf
       expect_stderr "^k.yaml:3:6: image: $f: not an image pnpkit can read \(PNG, SVG, JPEG, GIF, BMP, TIFF or WebP\)$" "$f refused" ;;
    esac
done

# librsvg's reason ends in a line break: the message stays one line, with
# no escaped "\n" at its end.
expect_status 1 "broken.svg" -- "$PNPKIT" render t.yaml -o out.pdf
expect_eq "$(wc -l < "$T/err")" 1 "broken SVG: one line"
grep -q '\\n$' "$T/err" && bad "broken SVG: an escaped line break ends the message" || ok
finish
