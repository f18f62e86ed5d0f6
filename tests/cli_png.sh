# cli_png.sh: images and PNG output: a JPEG (read through gdk-pixbuf) placed
# like a PNG and embedded as it is in a PDF, a PNG that carries its
# resolution (pHYs), and card backs side by side in a PNG with no light seam
# between them.
. "$(dirname "$0")/lib.sh"
PNG="python3 $SRC/tests/png_read.py"

# --- a JPEG image: made here from a rendered PDF by pdftoppm ---
printf 'name: src\npage: {paper: 60x60mm, margin: 0mm, background: "#3366cc"}\ncomponents:\n  - {type: rect, x: 0, y: 0, w: 30mm, h: 60mm, fill: "#ffcc00", stroke: none}\n' > "$T/src.yaml"
"$PNPKIT" render "$T/src.yaml" -o "$T/src.pdf" -q
pdftoppm -jpeg -r 50 -singlefile "$T/src.pdf" "$T/photo"
expect_eq "$(head -c 3 "$T/photo.jpg" | od -An -tx1 | tr -d ' ')" "ffd8ff" "pdftoppm made a JPEG"
printf 'name: usejpg\npage: {paper: 100x100mm, margin: 5mm}\ncomponents:\n  - {type: image, src: photo.jpg, x: 0, y: 0, w: 90mm, h: 45mm, fit: stretch}\n' > "$T/use.yaml"
expect_status 0 "a JPEG renders" -- "$PNPKIT" render "$T/use.yaml" --format scene -o "$T/use.scene"
grep -q '^image photo.jpg pixbuf 119x119 at 5.00 5.00 90.00 45.00' "$T/use.scene" && ok || bad "JPEG size read from its header: $(grep image "$T/use.scene")"
expect_status 0 "a JPEG in a PDF" -- "$PNPKIT" render "$T/use.yaml" -o "$T/use.pdf"
expect_eq "$(pdfimages -list "$T/use.pdf" | awk 'NR > 2 {print $4 "x" $5, $9}')" "119x119 jpeg" "the PDF embeds the JPEG as it is (DCT)"
expect_status 0 "a JPEG with haru" -- "$PNPKIT" render "$T/use.yaml" --backend haru -o "$T/useh.pdf"
expect_status 0 "a JPEG in a PNG" -- "$PNPKIT" render "$T/use.yaml" -o "$T/use.png" --dpi 50
# 5 mm margin = 10 px at 50 dpi; the left half of the photo is yellow, the right blue
row=$($PNG "$T/use.png" row 50)
# (the picture is smoothed where it is scaled: a pixel or two blend at its edges)
case "$row" in "ffffff*9 "* | "ffffff*10 "*) ok ;; *) bad "JPEG row starts with the margin: $row" ;; esac
echo "$row" | grep -Eq ' ffcc00\*[6-9][0-9] ' && ok || bad "JPEG's yellow half drawn: $row"
echo "$row" | grep -Eq ' 3266cc\*[6-9][0-9] ' && ok || bad "JPEG's blue half drawn: $row"
printf 'GIF89a\001\000\001\000' > "$T/bad.gif"
sed 's/photo.jpg/bad.gif/' "$T/use.yaml" > "$T/badimg.yaml"
expect_status 1 "a damaged GIF" -- "$PNPKIT" render "$T/badimg.yaml" -o "$T/badimg.pdf"
expect_stderr "^$T/badimg.yaml:4:6: image: .*bad.gif" "a damaged image is an error at its component"
expect_no_file "$T/badimg.pdf" "no file for a damaged image"
printf 'just text\n' > "$T/notimage.dat"
sed 's/photo.jpg/notimage.dat/' "$T/use.yaml" > "$T/noimg.yaml"
expect_status 1 "not an image" -- "$PNPKIT" render "$T/noimg.yaml" -o "$T/noimg.pdf"
expect_stderr "not an image pnpkit can read \(PNG, SVG, JPEG" "what pnpkit reads"

# --- pHYs: pixels per metre from --dpi ---
"$PNPKIT" render "$T/use.yaml" -o "$T/d300.png" --dpi 300
expect_eq "$($PNG "$T/d300.png" phys)" "11811 11811 1" "300 dpi = 11811 pixels a metre"
expect_eq "$($PNG "$T/use.png" phys)" "1969 1969 1" "50 dpi = 1969 pixels a metre"
expect_eq "$($PNG "$T/d300.png" size)" "1181 1181" "100 mm at 300 dpi"

# --- no seam between card backs: 3x3 backs, no gutter, at 37 dpi (edges fall
# inside pixels) ---
printf 'name: back\npage: {paper: 63x88mm, margin: 5mm, background: "#2a4d8f"}\ncomponents:\n  - {type: text, text: B, x: 50%%, y: 50%%, size: 8}\n' > "$T/back.yaml"
expect_status 0 "backs render" -- "$PNPKIT" render "$T/back.yaml" --grid 3x3 --gutter 0 --pages 9 -o "$T/backs.png" --dpi 37 -q
expect_eq "$($PNG "$T/backs.png" row 100)" "ffffff*15 2a4d8f*276 ffffff*15" "one unbroken colour across three backs"
expect_eq "$($PNG "$T/backs.png" col 150)" "ffffff*24 2a4d8f*385 ffffff*24" "one unbroken colour down three backs"

finish
