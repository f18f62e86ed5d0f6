#!/bin/sh
# jpeg-scans.sh BUILD: what a JPEG's scans cost, and the bound on them
# (src/util/jpeg.h). A progressive JPEG is decoded over the whole picture once
# a scan, and a scan can be a dozen bytes. Makes a plain grey picture of
# 6000x6000 pixels (36 million; a photo may have 50) as a progressive JPEG of
# 6 scans, then the same with one scan repeated to 100 in all (the most
# allowed), 1000 and 10000. Prints, for `pnpkit scan` of each (the picture
# holds no sheet: its decoding is the whole cost) and for a template placing
# it, rendered as PNG, wall seconds, peak MB and whether it was refused.
set -u
build=${1:-build}
pnpkit=$(cd "$build" && pwd)/pnpkit
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
/usr/bin/python3 - <<'PY' || exit 1
from PIL import Image
Image.new("L", (6000, 6000), 200).save("p6.jpg", quality=50, progressive=True)
d = open("p6.jpg", "rb").read()
sos = [i for i in range(len(d) - 1) if d[i] == 0xFF and d[i + 1] == 0xDA]
ends = [i for i in range(len(d) - 1) if d[i] == 0xFF and d[i + 1] in (0xC4, 0xDA, 0xD9)]
start = sos[1] # the second scan, with the tables before it: decoded again and again
while start > 0 and not (d[start] == 0xFF and d[start + 1] == 0xC4) and start > sos[0]:
    start -= 1
end = min(e for e in ends if e > sos[1])
piece = d[start:end]
for n in (80, 100, 1000, 10000):
    open(f"p{n}.jpg", "wb").write(d[:-2] + piece * (n - 6) + d[-2:])
PY
printf '%-12s %8s %12s %8s %9s  %s\n' picture size command seconds "peak MB" result
for n in 6 80 100 1000 10000; do
    f=p$n.jpg
    printf 'name: t\ncomponents:\n  - {type: image, src: %s, x: 0, y: 0, w: 60mm, h: 60mm}\n' "$f" > t.yaml
    for cmd in scan render; do
        if [ $cmd = scan ]; then set -- "$pnpkit" scan "$f" -o out.yaml; else set -- "$pnpkit" render t.yaml --format png --dpi 100 -o out.png; fi
        /usr/bin/time -f '%e %M' -o time.txt timeout 600 "$@" > /dev/null 2> err.txt
        read -r secs kb <<EOT
$(tail -n 1 time.txt)
EOT
        if grep -q 'more than 100 scans\|too many scans' err.txt; then result=refused
        elif grep -q 'no pnpkit sheet' err.txt || [ $cmd = render ]; then result=decoded
        else result="$(head -c 60 err.txt)"; fi
        printf '%-12s %7sK %12s %8s %9s  %s\n' "$n scans" "$(( $(wc -c < "$f") / 1024 ))" $cmd "$secs" "$((kb / 1024))" "$result"
    done
done
