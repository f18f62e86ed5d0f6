#!/bin/sh
# svg-dashes.sh BUILD: what the SVG check (src/scene/svgcheck.c: dashes,
# src/scene/svgtiles.c: pattern tiles) costs and what it saves. Renders one
# template placing an SVG image, to PDF, for: a 4 MB map of 34 000 dashed
# paths (the check's cost on the largest SVG read); a path of 2 million
# dashes (the most allowed: what cairo then takes); the fuzzer's path to the
# edge of cairo's range (refused, where cairo took 0.94 GB); the same map
# without dashes; the map filled with a pattern by its style sheet (the tile
# bound's cost: every path sized); and, as PNG at 300 dpi, a pattern tile
# twice the picture (the most allowed) and the fuzzer's tile 256 times it
# (refused, where it took 700 MB). Prints wall seconds and peak MB of each
# whole render (/usr/bin/time), and whether it was refused.
set -u
build=${1:-build}
pnpkit=$(cd "$build" && pwd)/pnpkit
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat > t.yaml <<'Y'
name: t
components:
  - {type: image, src: d.svg, x: 10mm, y: 10mm, w: 80mm, h: 60mm}
Y
head='<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">'
map() { # map FILE STYLE: 4 MB of short random paths
    awk -v head="$head" -v style="$2" 'BEGIN {
        srand(1); print head; print "<style>.a { " style " }</style>"
        for (n = 0; n < 34000; n++) {
            printf "<path class=\"a\" stroke=\"black\" d=\"M%d %d", int(rand() * 400), int(rand() * 300)
            for (i = 0; i < 12; i++) printf " l%d %d", int(rand() * 19) - 9, int(rand() * 19) - 9
            print "\"/>"
        }
        print "</svg>" }' > "$1"
}
run() { # run NAME [OUTPUT [OPTIONS]]
    /usr/bin/time -f "%e %M" "$pnpkit" render t.yaml -o "${2:-out.pdf}" ${3:-} > /dev/null 2> err
    status=$?
    set -- "$1" $(tail -n 1 err)
    verdict=drawn
    [ "$status" -eq 1 ] && verdict="refused: $(head -n 1 err | sed 's/.*d\.svg: //' | cut -c1-70)"
    printf '%-34s %6.2f s %6.0f MB  %s\n' "$1" "$2" "$(($3 / 1024))" "$verdict"
}
map d.svg "stroke-dasharray: 4 2"
printf '%-34s %s\n' "SVG" "$(wc -c < d.svg) bytes"
run "4 MB map, dashed"
map d.svg "stroke-width: 1"
run "4 MB map, no dashes"
printf '%s<path d="M0 0 h3999999" stroke="black" stroke-dasharray="1"/></svg>\n' "$head" > d.svg
run "2 million dashes (the most)"
printf '%s<path d="M1 3e70 L19 5" stroke="black" stroke-dasharray="0.05"/></svg>\n' "$head" > d.svg
run "a path to 3e70, dashes of 0.05"
map d.svg "fill: url(#p)"
sed -i 's|<style>|<defs><pattern id="p" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="2"/></pattern></defs><style>|' d.svg
run "4 MB map, a pattern fill"
printf '%s<pattern id="p" width="1" height="1"><rect width="400" height="300" fill="#ccf"/></pattern><rect x="-83" y="-62" width="566" height="424" fill="url(#p)"/></svg>\n' "$head" > d.svg
run "a tile twice the picture, PNG" out.png "--dpi 300"
printf '%s<pattern id="p" width="40" height="30" viewBox="0 0 40 30"><rect width="40" height="30"/></pattern><circle cx="10" cy="10" r="8" fill="url(#p)"/></svg>\n' "$head" > d.svg
run "the fuzzer's tile, PNG" out.png "--dpi 300"
