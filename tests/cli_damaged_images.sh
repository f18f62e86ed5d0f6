# cli_damaged_images.sh: damaged image files found by the image fuzzer are
# refused with one line naming the file and exit 1 by every backend, and no
# file is written.
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
for backend in cairo haru; do
    expect_status 1 "PNG chunk with a bad checksum ($backend)" -- \
        "$PNPKIT" render img.yaml --backend "$backend" -o "$backend.pdf"
    expect_stderr '^picture\.png: cannot decode the PNG: the file is damaged' \
        "bad checksum ($backend): the file named"
    expect_eq "$(wc -l < "$T/err")" 1 "bad checksum ($backend): one line"
    expect_no_file "$backend.pdf" "bad checksum ($backend)"
done

# A good PNG still reaches the PDF through libharu, at its size in pixels,
# with its transparency as a soft mask.
cp "$SRC/fuzz/seeds/image/rgba8.png" picture.png
expect_status 0 "good PNG (haru)" -- "$PNPKIT" render img.yaml --backend haru -o good.pdf
pdfimages -list good.pdf > list.txt 2>&1
expect_eq "$(awk '$3 == "image" {print $4 "x" $5 " " $6}' list.txt)" "8x8 rgb" "the image in the PDF"
expect_eq "$(awk '$3 == "smask" {print $4 "x" $5}' list.txt)" "8x8" "its alpha as a soft mask"
finish
