# cli_svg_dashes.sh: an SVG image whose dashed strokes would make cairo build
# millions of dashes is refused before it is drawn (src/scene/svgcheck.c),
# however the dashes, the long shapes or their repetitions are written, and
# a real drawing with dashes is still drawn. Each refusal is one line naming
# the SVG and the line of the shape, exit 1, and no file.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
cat > img.yaml <<'Y'
name: img
components:
  - {type: image, src: d.svg, x: 10mm, y: 10mm, w: 80mm, h: 60mm}
Y
head='<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="30" viewBox="0 0 40 30">'

# refused NAME LINE TEXT: d.svg (already written) is refused at LINE.
refused() {
    expect_status 1 "$1: refused" -- timeout 60 "$PNPKIT" render img.yaml -o out.pdf
    expect_stderr "^img\.yaml:3:6: image: d\.svg: line $2: $3" "$1: the message"
    expect_eq "$(wc -l < "$T/err")" 1 "$1: one line"
    expect_no_file out.pdf "$1"
}
drawn() {
    expect_status 0 "$1: drawn" -- timeout 60 "$PNPKIT" render img.yaml -o out.pdf
    rm -f out.pdf
}

# The fuzzer's input: a path to the edge of cairo's range, dashes of 0.05
# (cairo took 0.94 GB and a second, then gave up).
printf '%s\n<path d="M1 3e70 L19 5" stroke="black" stroke-dasharray="0.05"/>\n</svg>\n' "$head" > d.svg
refused "path to 3e70" 2 "the SVG's dashed strokes would draw over a thousand million dashes"
# The same without dashes, and a real drawing with dashes, are drawn.
printf '%s\n<path d="M1 3e70 L19 5" stroke="black"/>\n</svg>\n' "$head" > d.svg
drawn "long path without dashes"
printf '%s\n<rect x="2" y="2" width="36" height="26" fill="none" stroke="black" stroke-dasharray="1 0.5"/>\n<circle cx="20" cy="15" r="10" stroke="red" stroke-dasharray="0.2"/>\n</svg>\n' "$head" > d.svg
drawn "a dashed frame and circle"

# Dashes of 1 and gaps of 1 on a path 10 million long: 5 million dashes.
printf '%s\n<path d="M0 0 h1e7" stroke="black" stroke-dasharray="1"/>\n</svg>\n' "$head" > d.svg
refused "counted" 2 "the SVG's dashed strokes would draw about 5 million dashes \\(at most 2 million\\)"
# Two million are drawn.
printf '%s\n<path d="M0 0 h4e6" stroke="black" stroke-dasharray="1"/>\n</svg>\n' "$head" > d.svg
drawn "two million dashes"

# Dashes in a style sheet, a style attribute, a CSS escape, an entity.
printf '%s\n<style>path { stroke: black; stroke-dasharray: 0.5 }</style>\n<path d="M0 0 L 1e7 3"/>\n</svg>\n' "$head" > d.svg
refused "style sheet" 3 "the SVG's dashed strokes"
printf '%s\n<path d="M0 0 L 1e7 3" style="stroke:black;stroke-d\\61 sharray:0.5"/>\n</svg>\n' "$head" > d.svg
refused "CSS escape" 2 "the SVG's dashed strokes"
printf '<!DOCTYPE svg [<!ENTITY da "stroke-dasharray">]>\n%s\n<path d="M0 0 L 1e7 3" style="stroke:black;&da;:0.5"/>\n</svg>\n' "$head" > d.svg
refused "entity" 3 "the SVG's dashed strokes"

# A short dashed shape drawn many times: use inside use (10 x 10 x 10 x 10
# times 1000 dashes), and as a marker on each of 40000 vertices.
{
    printf '%s\n<defs><path id="p" d="M0 0 h1000" stroke="black" stroke-dasharray="1"/>\n' "$head"
    printf '<g id="a"><use xlink:href="#p"/><use xlink:href="#p"/><use xlink:href="#p"/><use xlink:href="#p"/><use xlink:href="#p"/><use xlink:href="#p"/><use xlink:href="#p"/><use xlink:href="#p"/><use xlink:href="#p"/><use xlink:href="#p"/></g>\n'
    for x in b:a c:b d:c; do
        printf '<g id="%s">' "${x%%:*}"
        for i in 0 1 2 3 4 5 6 7 8 9; do printf '<use xlink:href="#%s"/>' "${x#*:}"; done
        printf '</g>\n'
    done
    printf '</defs>\n<use xlink:href="#d"/>\n</svg>\n'
} > d.svg
refused "use inside use" 2 "the SVG's dashed strokes would draw about 5 million dashes"
{
    printf '%s\n<marker id="m"><path d="M0 0 h200" stroke="black" stroke-dasharray="1"/></marker>\n<path marker-mid="url(#m)" d="M0 0' "$head"
    awk 'BEGIN { for (i = 0; i < 40000; i++) printf " l1 1" }'
    printf '"/>\n</svg>\n'
} > d.svg
refused "markers" 2 "the SVG's dashed strokes would draw about 4"

# Stroked text in a huge font.
printf '%s\n<text x="0" y="20" font-size="1e9" stroke="black" stroke-dasharray="1">dashes</text>\n</svg>\n' "$head" > d.svg
refused "text" 2 "the SVG's dashed strokes would draw over a thousand million dashes"

# An SVG drawn inside the SVG: as a data: URI, and as a file next to it.
inner=$(printf '%s<path d="M0 0 L1e9 1" stroke="black" stroke-dasharray="1"/></svg>' "$head" | base64 -w0)
printf '%s\n<image width="40" height="30" xlink:href="data:image/svg+xml;base64,%s"/>\n</svg>\n' "$head" "$inner" > d.svg
refused "data: SVG inside" 2 "a data: URI: line 1: the SVG's dashed strokes would draw about 500 million"
printf '%s<path d="M0 0 L1e9 1" stroke="black" stroke-dasharray="1"/></svg>\n' "$head" > inner.svg
printf '%s\n<image width="40" height="30" xlink:href="inner.svg"/>\n</svg>\n' "$head" > d.svg
refused "file SVG inside" 2 "inner\\.svg: line 1: the SVG's dashed strokes would draw about 500 million"
# An SVG that draws itself as an image is not followed for ever.
printf '%s\n<image width="40" height="30" xlink:href="d.svg"/>\n</svg>\n' "$head" > d.svg
drawn "an SVG drawing itself"

# Dashes that cannot be bounded: relative units, style from another file.
printf '%s\n<path d="M0 0 L10 3" stroke="black" stroke-dasharray="1em"/>\n</svg>\n' "$head" > d.svg
refused "em" 2 "a stroke-dasharray in relative units"
printf '<?xml-stylesheet type="text/css" href="s.css"?>\n%s\n<path d="M0 0 L10 3"/>\n</svg>\n' "$head" > d.svg
refused "xml-stylesheet" 1 "the SVG takes its style from another file"
printf '%s\n<style>@import url(s.css);</style>\n</svg>\n' "$head" > d.svg
refused "@import" 2 "the SVG takes its style from another file"

# An external entity is never read (/dev/zero would be read for ever).
printf '<!DOCTYPE svg [<!ENTITY %% p SYSTEM "/dev/zero"> %%p;]>\n%s\n<path d="M0 0 L10 3" stroke="black"/>\n</svg>\n' "$head" > d.svg
expect_status 1 "an external parameter entity" -- timeout 60 "$PNPKIT" render img.yaml -o out.pdf
expect_stderr "^img\\.yaml:3:6: image: d\\.svg: not a valid SVG: .*PEReference: %p; not found" "the entity named"

# Found by reading the check as an attacker would: each drew 4 million
# dashes or more and was let through.
printf '%s\n<path d="M0 0 L400000 0" stroke="black" style="stroke-dasharray/**/:0.05"/>\n</svg>\n' "$head" > d.svg
refused "a CSS comment" 2 "the SVG's dashed strokes would draw about 4 million"
printf '%s\n<path xmlns:x="urn:x" x:d="M0 0" d="M0 0 L400000 0" stroke="black" stroke-dasharray="0.05"/>\n</svg>\n' "$head" > d.svg
refused "an attribute of another namespace" 2 "the SVG's dashed strokes would draw about 4 million"
printf '%s\n<path d="M0 0 L400000. 0" stroke="black" stroke-dasharray="0.05"/>\n</svg>\n' "$head" > d.svg
refused "a number ending in a point" 2 "the SVG's dashed strokes would draw about 4 million"
printf '%s\n<text y="20" stroke="black" stroke-dasharray="0.05" style="font: 100 100000px sans-serif">MMM</text>\n</svg>\n' "$head" > d.svg
refused "the font shorthand's weight" 2 "the SVG's dashed strokes would draw"
{
    printf '%s\n<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><path d="M0 0 L15000 0" stroke="black" stroke-dasharray="0.05"/></pattern>\n<g fill="url(#p)">' "$head"
    for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do printf '<rect x="%s" width="1" height="1"/>' "$i"; done
    printf '</g>\n</svg>\n'
} > d.svg
refused "a group's pattern, drawn for each shape in it" 2 "the SVG's dashed strokes would draw about 3 million"
# A group drawing itself n times over is drawn some n! times by librsvg.
printf '%s\n<g id="G"><path d="M0 0 L300 0" stroke="black"/><use xlink:href="#G"/><use xlink:href="#G"/></g>\n</svg>\n' "$head" > d.svg
refused "a loop" 2 "the SVG draws this element inside itself"
# Elements of another file join the page under its styles: refused.
printf '%s<path id="p" d="M0 0 L400000 0"/></svg>\n' "$head" > other.svg
printf '%s\n<use xlink:href="other.svg#p" stroke="black" stroke-dasharray="0.05"/>\n</svg>\n' "$head" > d.svg
refused "use of another file" 2 "the SVG takes elements from another file \\(other\\.svg#p\\)"
# 40 000 attributes on one element: libxml2 reads them in quadratic time.
python3 -c "print('$head<g ' + ' '.join('a%d=\"1\"' % i for i in range(40000)) + '/></svg>')" > d.svg
expect_status 1 "40 000 attributes" -- timeout 20 "$PNPKIT" render img.yaml -o out.pdf
expect_stderr "^img\\.yaml:3:6: image: d\\.svg: an element of the SVG has more than 10000 attributes" "40 000 attributes: the message"

# Found by a second reading: markers set on a group of uses (each use draws a
# 200-vertex path, each vertex a dashed marker); a viewport given in %; a
# font size after 400 spaces; a nested file with 5 000 spaces before <svg>.
{
    printf '%s\n<defs><path id="P" d="M0 0' "$head"
    awk 'BEGIN { for (i = 1; i < 200; i++) printf " L%d 0", i }'
    printf '"/><marker id="m" markerUnits="userSpaceOnUse"><path d="M0 0 L20000 0" stroke="black" stroke-dasharray="0.05"/></marker></defs>\n'
    printf '<g marker-mid="url(#m)"><use xlink:href="#P"/><use xlink:href="#P"/><use xlink:href="#P"/></g>\n</svg>\n'
} > d.svg
refused "markers on a group of uses" 2 "the SVG's dashed strokes would draw about 1[0-9][0-9] million"
printf '%s\n<svg width="400000%%" height="100%%"><rect width="100%%" height="1" fill="none" stroke="black" stroke-dasharray="0.05"/></svg>\n</svg>\n' "$head" > d.svg
refused "a viewport in %" 2 "the SVG's dashed strokes would draw"
python3 -c "print('$head\n<text y=\"20\" stroke=\"black\" stroke-dasharray=\"0.05\" style=\"font-size:' + ' ' * 400 + '100000px\">MMM</text>\n</svg>')" > d.svg
refused "a font size after 400 spaces" 2 "the SVG's dashed strokes would draw"
python3 -c "print(' ' * 5000 + '$head<path d=\"M0 0 L400000 0\" stroke=\"black\" stroke-dasharray=\"0.05\"/></svg>')" > inner.svg
printf '%s\n<image width="40" height="30" xlink:href="inner.svg"/>\n</svg>\n' "$head" > d.svg
refused "a nested file 5 000 spaces in" 2 "inner\\.svg: line 1: the SVG's dashed strokes would draw about 4 million"

# Written to make the check slow: a million url( in a style sheet, twenty
# thousand elements sharing an id, two hundred thousand files named.
python3 -c "print('$head<style>' + 'url(' * 900000 + '</style></svg>')" > d.svg
expect_status 0 "a million url(" -- timeout 20 "$PNPKIT" render img.yaml -o out.pdf
rm -f out.pdf
python3 -c "print('$head' + '<path id=\"a\" d=\"M0 0\"/>' * 20000 + '<use xlink:href=\"#a\"/>' * 20000 + '</svg>')" > d.svg
refused "shared ids" 1 "the SVG has more than 1000000 references between its elements"
python3 -c "print('$head<style>' + ''.join('a{fill:url(f%d)}' % i for i in range(200000)) + '</style></svg>')" > d.svg
expect_status 1 "two hundred thousand files" -- timeout 20 "$PNPKIT" render img.yaml -o out.pdf
expect_stderr "^img\\.yaml:3:6: image: d\\.svg: the SVG names more than 1000 other files" "two hundred thousand files: the message"

# librsvg loads no file outside the SVG's folder (nor through a link that
# leads out), so the check neither reads nor counts one: the SVG in sub/
# that names the 500-million-dash inner.svg above it is drawn, while the
# same file in a folder below sub/ is counted and refused.
printf '%s<path d="M0 0 L1e9 1" stroke="black" stroke-dasharray="1"/></svg>\n' "$head" > inner.svg
mkdir -p sub/deeper && cp img.yaml sub/ && cp inner.svg sub/deeper/ && ln -s ../inner.svg sub/link.svg
for ref in ../inner.svg "file://$T/inner.svg" link.svg; do
    printf '%s\n<image width="40" height="30" xlink:href="%s"/>\n</svg>\n' "$head" "$ref" > sub/d.svg
    expect_status 0 "$ref, outside the folder: drawn" -- timeout 60 "$PNPKIT" render sub/img.yaml -o out.pdf
    expect_eq "$(wc -c < "$T/err")" 0 "$ref, outside the folder: nothing said"
    rm -f out.pdf
done
printf '%s\n<image width="40" height="30" xlink:href="deeper/inner.svg"/>\n</svg>\n' "$head" > sub/d.svg
expect_status 1 "a folder below: refused" -- timeout 60 "$PNPKIT" render sub/img.yaml -o out.pdf
expect_stderr "^sub/img\\.yaml:3:6: image: sub/d\\.svg: line 2: deeper/inner\\.svg: line 1: the SVG's dashed strokes" "a folder below: the message"
# A name is looked up from the folder that names it: sub/deeper/a.svg may
# not follow file://.../sub/heavy.svg (above it), but sub/d.svg naming the
# same text after it must still count it. And "file:heavy.svg" is a path
# relative to the document, for librsvg as for the check.
cp inner.svg sub/heavy.svg
printf '%s<image width="4" height="3" xlink:href="file://%s/sub/heavy.svg"/></svg>\n' "$head" "$T" > sub/deeper/a.svg
printf '%s\n<image width="40" height="30" xlink:href="deeper/a.svg"/>\n<image width="40" height="30" xlink:href="file://%s/sub/heavy.svg"/>\n</svg>\n' "$head" "$T" > sub/d.svg
expect_status 1 "one name from two folders: refused" -- timeout 60 "$PNPKIT" render sub/img.yaml -o out.pdf
expect_stderr "^sub/img\\.yaml:3:6: image: sub/d\\.svg: line 3: file://.*heavy\\.svg: line 1: the SVG's dashed strokes" "one name from two folders: the message"
printf '%s\n<image width="40" height="30" xlink:href="file:heavy.svg"/>\n</svg>\n' "$head" > sub/d.svg
expect_status 1 "file:heavy.svg: refused" -- timeout 60 "$PNPKIT" render sub/img.yaml -o out.pdf
expect_stderr "^sub/img\\.yaml:3:6: image: sub/d\\.svg: line 2: file:heavy\\.svg: line 1: the SVG's dashed strokes" "file:heavy.svg: the message"
expect_no_file out.pdf "file:heavy.svg"

# Bytes not in the encoding the document names: libxml2 used to print its
# own lines on standard error before pnpkit's message.
printf '<?xml version="1.0" encoding="ISO-2022-JP"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><text>\033$B\377\376</text></svg>\n' > d.svg
expect_status 1 "bytes not in their encoding" -- timeout 60 "$PNPKIT" render img.yaml -o out.pdf
expect_stderr "^img\\.yaml:3:6: image: d\\.svg: line 2: cannot read the SVG: " "bytes not in their encoding: the message"
expect_eq "$(wc -l < "$T/err")" 1 "bytes not in their encoding: one line"
finish
