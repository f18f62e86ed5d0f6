# cli_damaged_images.sh: damaged image files found by the image fuzzer, and
# JPEGs made to be slow, are refused with one line naming the template line
# and the file and exit 1 by every backend, and no file is written.
# The haru backend used to hand a PNG file to libharu, whose PNG reader
# aborted the whole process (SIGABRT) on a chunk with a wrong checksum; now it
# only ever gets the pixels cairo decoded, encoded again.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
cat > img.yaml <<'Y'
name: img
components:
  - {type: image, src: picture.png, x: 10mm, y: 10mm, w: 40mm, h: 30mm}
Y
cp "$SRC/fuzz/regressions/image/haru-png-chunk-crc.png" picture.png
# The file is only decoded when the page is drawn; the error still names the
# template line of the image, also when sheets are imposed two to a page.
for backend in cairo haru; do
    for nup in 1 2; do
        set -- --backend "$backend"
        [ "$nup" = 1 ] || set -- "$@" --nup "$nup"
        expect_status 1 "PNG chunk with a bad checksum ($backend, $nup up)" -- \
            "$PNPKIT" render img.yaml "$@" -o "$backend.pdf"
        expect_stderr '^img\.yaml:3:6: image: picture\.png: cannot decode the PNG: the file is damaged' \
            "bad checksum ($backend, $nup up): the template line and the file named"
        expect_eq "$(wc -l < "$T/err")" 1 "bad checksum ($backend, $nup up): one line"
        expect_no_file "$backend.pdf" "bad checksum ($backend, $nup up)"
    done
done
# The same in a deck laid out nine cards to a page, its picture named by the
# card's data row.
printf 'name,art\nA,good.png\nB,picture.png\n' > cards.csv
cp "$SRC/tests/data/img/flag.png" good.png
cat > deck.yaml <<'Y'
name: deck
page: {paper: 63x88mm, margin: 3mm}
data: cards.csv
components:
  - {type: text, text: "$name", x: 5mm, y: 5mm}
  - {type: image, src: "$art", x: 5mm, y: 15mm, w: 40mm, h: 30mm}
Y
expect_status 1 "a deck with a damaged PNG" -- "$PNPKIT" render deck.yaml --grid 3x3 -o deck.pdf
expect_stderr '^deck\.yaml:6:6: image: picture\.png: cannot decode the PNG: the file is damaged' \
    "a deck with a damaged PNG: the template line and the file named"
expect_no_file deck.pdf "a deck with a damaged PNG"

# A JPEG of 150 scans: each scan is decoded over the whole picture (a few
# megabytes of them took hours), so it is refused from its markers, placed
# in a template, drawn inside an SVG, or scanned as a photo.
cp "$SRC/tests/data/img/many-scans.jpg" many.jpg
cat > jpg.yaml <<'Y'
name: jpg
components:
  - {type: image, src: many.jpg, x: 10mm, y: 10mm, w: 40mm, h: 30mm}
  - {type: image, src: many.svg, x: 10mm, y: 50mm, w: 40mm, h: 30mm}
Y
echo '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><image href="many.jpg" width="80" height="60"/></svg>' > many.svg
expect_status 1 "a JPEG of 150 scans" -- "$PNPKIT" render jpg.yaml -o jpg.pdf
expect_stderr '^jpg\.yaml:3:6: image: many\.jpg: a JPEG of more than 100 scans' "150 scans: refused"
expect_no_file jpg.pdf "150 scans"
sed -i '3d' jpg.yaml
expect_status 1 "a JPEG of 150 scans in an SVG" -- "$PNPKIT" render jpg.yaml -o jpg.pdf
expect_stderr '^jpg\.yaml:3:6: image: many\.svg: line 1: many\.jpg, drawn inside the SVG: a JPEG of more than 100 scans' "150 scans in an SVG"
expect_status 1 "a photo of 150 scans" -- "$PNPKIT" scan many.jpg -o sheet.yaml
expect_stderr '^many\.jpg: a JPEG of more than 100 scans' "a photo of 150 scans"
expect_no_file sheet.yaml "a photo of 150 scans"
# A damaged arithmetic-coded JPEG of 128 bytes (found by fuzz_photo): fed
# from memory, gdk-pixbuf's loader never returned, so a photo to scan, or an
# SVG drawing it (a file, or a data: URI), froze pnpkit. Refused from its
# frame header, everywhere.
cp "$SRC/fuzz/regressions/photo/jpeg-arithmetic-never-decoded.jpg" arith.jpg
echo '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><image href="arith.jpg" width="80" height="60"/></svg>' > arith.svg
printf 'name: a\ncomponents:\n  - {type: image, src: arith.svg, x: 0, y: 0, w: 40mm, h: 30mm}\n  - {type: image, src: arith.jpg, x: 0, y: 40mm, w: 40mm, h: 30mm}\n' > arith.yaml
expect_status 1 "an SVG drawing an arithmetic-coded JPEG" -- timeout 60 "$PNPKIT" render arith.yaml -o arith.png
expect_stderr '^arith\.yaml:3:6: image: arith\.svg: line 1: arith\.jpg, drawn inside the SVG: an arithmetic-coded JPEG' "arithmetic JPEG in an SVG"
sed -i '3d' arith.yaml
expect_status 1 "an arithmetic-coded JPEG" -- timeout 60 "$PNPKIT" render arith.yaml -o arith.png
expect_stderr '^arith\.yaml:3:6: image: arith\.jpg: an arithmetic-coded JPEG' "arithmetic JPEG"
expect_status 1 "a photo coded arithmetically" -- timeout 60 "$PNPKIT" scan arith.jpg -o sheet.yaml
expect_stderr '^arith\.jpg: an arithmetic-coded JPEG, which pnpkit does not read' "arithmetic photo"
expect_no_file arith.png "arithmetic JPEG"

# A BMP of 83 bytes whose header made gdk-pixbuf's loader ask for 512 MB
# (found by fuzz_picture): refused from its header, as a file and inside an
# SVG.
tail -c +2 "$SRC/fuzz/regressions/picture/bmp-header-asks-512-mb" > big.bmp
echo "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"><image href=\"data:image/bmp;base64,$(base64 -w0 big.bmp)\" width=\"8\" height=\"8\"/></svg>" > bmp.svg
printf 'name: b\ncomponents:\n  - {type: image, src: bmp.svg, x: 0, y: 0, w: 40mm, h: 30mm}\n  - {type: image, src: big.bmp, x: 0, y: 40mm, w: 40mm, h: 30mm}\n' > bmp.yaml
expect_status 1 "an SVG drawing a BMP asking for 512 MB" -- "$PNPKIT" render bmp.yaml -o bmp.png
expect_stderr '^bmp\.yaml:3:6: image: bmp\.svg: line 1: a data: URI, drawn inside the SVG: a damaged BMP' "BMP in an SVG"
sed -i '3d' bmp.yaml
expect_status 1 "a BMP asking for 512 MB" -- "$PNPKIT" render bmp.yaml -o bmp.png
expect_stderr '^bmp\.yaml:3:6: image: big\.bmp: a damaged BMP' "BMP"
# an ordinary BMP is placed
/usr/bin/python3 -c 'from PIL import Image; Image.new("RGB", (30, 20), (20, 120, 30)).save("ok.bmp")'
sed -i 's/big\.bmp/ok.bmp/' bmp.yaml
expect_status 0 "an ordinary BMP" -- "$PNPKIT" render bmp.yaml -o bmp.png

# an ordinary progressive JPEG (10 scans) is placed as before
/usr/bin/python3 -c 'from PIL import Image; Image.new("RGB", (64, 48), (200, 30, 30)).save("prog.jpg", progressive=True)'
sed -i 's/many\.svg/prog.jpg/' jpg.yaml
expect_status 0 "a progressive JPEG" -- "$PNPKIT" render jpg.yaml -o prog.pdf

# A good PNG still reaches the PDF through libharu, at its size in pixels,
# with its transparency as a soft mask.
cp "$SRC/fuzz/seeds/image/rgba8.png" picture.png
expect_status 0 "good PNG (haru)" -- "$PNPKIT" render img.yaml --backend haru -o good.pdf
pdfimages -list good.pdf > list.txt 2>&1
expect_eq "$(awk '$3 == "image" {print $4 "x" $5 " " $6}' list.txt)" "8x8 rgb" "the image in the PDF"
expect_eq "$(awk '$3 == "smask" {print $4 "x" $5}' list.txt)" "8x8" "its alpha as a soft mask"

# PNG text chunks: libpng keeps every one (up to a thousand, each inflated to
# as much as 8 MB) and the loaders copy them: 999 compressed ones in a 7.7 MB
# file took 80 s and 7.7 GB to place. At most 64 text chunks, 4 of them
# compressed, in a template, inside an SVG, or as a photo; a PNG within
# the bounds is placed.
text_png() { # FILE TEXT-CHUNKS COMPRESSED-CHUNKS
    /usr/bin/python3 - "$@" <<'P'
import struct, sys, zlib
out, plain, packed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
rows = b"".join(b"\0" + b"\xff" * 3 * 200 for _ in range(200))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 200, 200, 8, 2, 0, 0, 0))
for i in range(plain):
    png += chunk(b"tEXt", b"Comment\0note %d" % i)
for i in range(packed):
    png += chunk(b"zTXt", b"Comment\0\0" + zlib.compress(b"x" * 1000))
png += chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
open(out, "wb").write(png)
P
}
cat > text.yaml <<'Y'
name: text
components:
  - {type: image, src: text.png, x: 10mm, y: 10mm, w: 40mm, h: 30mm}
  - {type: image, src: text.svg, x: 10mm, y: 50mm, w: 40mm, h: 30mm}
Y
echo '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><image href="text.png" width="80" height="60"/></svg>' > text.svg
text_png text.png 60 4
expect_status 0 "a PNG of 64 text chunks, 4 compressed" -- "$PNPKIT" render text.yaml -o text.pdf
for kinds in "0 5" "65 0"; do
    text_png text.png $kinds
    expect_status 1 "a PNG of $kinds text chunks" -- "$PNPKIT" render text.yaml -o text2.pdf
    expect_stderr '^text\.yaml:3:6: image: text\.png: a PNG of more text chunks than a picture carries \(at most 64, of them 4 compressed\)$' "$kinds text chunks: refused at the image"
    expect_no_file text2.pdf "$kinds text chunks"
done
sed -i '3d' text.yaml
expect_status 1 "a PNG of 65 text chunks in an SVG" -- "$PNPKIT" render text.yaml -o text2.pdf
expect_stderr '^text\.yaml:3:6: image: text\.svg: line 1: text\.png, drawn inside the SVG: a PNG of more text chunks' "65 text chunks in an SVG"
expect_status 1 "a PNG of 65 text chunks as a photo" -- "$PNPKIT" scan text.png
expect_stderr '^text\.png: a PNG of more text chunks than a picture carries' "65 text chunks as a photo"
finish
