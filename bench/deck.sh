#!/bin/sh
# deck.sh: the card deck benchmark, a piece of make bench that also runs on its
# own. A deck of 54 cards from a CSV file, one PNG picture per card, imposed
# 3 x 3 on A4 with cut marks and mirrored backs (12 pages), rendered as PDF by
# pnpkit and drawn straight with cairo + pango by the floor (bench-deck floor).
# Target: pnpkit within 2x the floor's time; each picture embedded once.
#
#   sh bench/deck.sh [BUILD_DIR] [--quick]
#
# Timing never decides the exit status: 0 unless a command failed.
set -u
BUILD=${1:-build}
RUNS=${BENCH_RUNS:-5}
[ "${2:-}" = "--quick" ] && RUNS=1
PNPKIT=$BUILD/pnpkit
DECK=$BUILD/bench/bench-deck
TIMER=$BUILD/bench/bench-time
for f in "$PNPKIT" "$DECK" "$TIMER"; do
    [ -x "$f" ] || { echo "bench: $f is missing; build first (make build)" >&2; exit 2; }
done
T=$(mktemp -d "${TMPDIR:-/tmp}/pnpkit-deck.XXXXXX") || exit 3
trap 'rm -rf "$T"' EXIT
calc() { awk "BEGIN { printf \"$1\", $2 }"; }
pages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ {print $2}'; }

echo "== Card deck: 54 cards from CSV with a PNG each, 3x3 on A4 with backs (12 pages), PDF"
echo "   target: pnpkit at most 2x the floor (the same pages drawn straight with cairo + pango)"
"$DECK" make "$T/d" || { echo "   bench-deck make failed"; exit 1; }
set -- $("$TIMER" -n "$RUNS" -w 1 -- "$DECK" floor "$T/d" "$T/floor.pdf" 2>"$T/err")
FMS=$1 FCPU=$6 FST=$5
set -- $("$TIMER" -n "$RUNS" -w 1 -- "$PNPKIT" render "$T/d/front.yaml" --grid 3x3 --gutter 2mm \
    --backs "$T/d/back.yaml" -q -o "$T/deck.pdf" 2>"$T/err")
MS=$1 RSS=$4 ST=$5 CPU=$6
if [ "$FST" -ne 0 ]; then
    echo "   the floor failed (exit $FST)"
    exit 1
fi
if [ "$ST" -eq 1 ]; then
    echo "   not available: $(head -n 1 "$T/err" | cut -c 1-100)"
    exit 0
elif [ "$ST" -ne 0 ]; then
    echo "   pnpkit failed (exit $ST): $(head -c 200 "$T/err")"
    exit 1
fi
images=$(grep -ac "/Subtype /Image" "$T/deck.pdf")
echo "   pages: pnpkit $(pages "$T/deck.pdf"), floor $(pages "$T/floor.pdf"); pictures embedded: $images for 54 files"
ratio=$(calc '%.2f' "$MS / $FMS")
cratio=$(calc '%.2f' "$CPU / ($FCPU > 0 ? $FCPU : 1)")
verdict=FAIL
awk "BEGIN { exit !($ratio <= 2) }" && verdict=PASS
printf '   pnpkit %s ms (cpu %s ms, peak RSS %s MB), floor %s ms (cpu %s ms): ratio %s (cpu %s) <= 2: %s\n' \
    "$MS" "$CPU" "$(calc '%.1f' "$RSS / 1024")" "$FMS" "$FCPU" "$ratio" "$cratio" "$verdict"
[ "$(pages "$T/deck.pdf")" = 12 ] && [ "$images" -ge 54 ] && [ "$images" -le 54 ] || {
    echo "   wrong output: expected 12 pages and 54 pictures"
    exit 1
}
exit 0
