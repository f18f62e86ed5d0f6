#!/bin/sh
# profile.sh: instruction counts under valgrind's callgrind, which other load on
# the machine does not disturb: pnpkit against the floor for one sheet and per
# page of a pad (the difference between a 21-page and a 1-page run, over 20),
# then the functions that cost most in one circle36 sheet.
#
#   sh bench/profile.sh [BUILD_DIR]
set -u
BUILD=${1:-build}
command -v valgrind >/dev/null || { echo "profile: valgrind is not installed" >&2; exit 2; }
T=$(mktemp -d "${TMPDIR:-/tmp}/pnpkit-profile.XXXXXX") || exit 3
trap 'rm -rf "$T"' EXIT

# instr CMD...: instructions executed by CMD and all its threads
instr() {
    valgrind --tool=callgrind --callgrind-out-file="$T/cg.out" "$@" 2>&1 >/dev/null |
        awk '/refs:/ { gsub(",", "", $NF); print $NF }'
}
mi() { awk "BEGIN { printf \"%.1f\", $1 / 1e6 }"; }

printf '%-10s %-4s %-22s %12s %14s\n' template fmt program "1 sheet (M)" "per page (M)"
for t in circle36 dicrono; do
    for fmt in pdf svg; do
        for prog in pnpkit floor; do
            share=""
            [ "$fmt" = pdf ] && share=--share
            if [ "$prog" = pnpkit ]; then
                one=$(instr "$BUILD/pnpkit" render "$t" --pages 1 -o "$T/p.$fmt" -q)
                pad=$(instr "$BUILD/pnpkit" render "$t" --pages 21 -o "$T/p.$fmt" -q)
                name=pnpkit
            else
                one=$(instr "$BUILD/bench/bench-floor" "$t" -o "$T/f.$fmt")
                pad=$(instr "$BUILD/bench/bench-floor" "$t" --pages 21 $share -o "$T/f.$fmt")
                name="floor${share:+ (shared pages)}"
            fi
            printf '%-10s %-4s %-22s %12s %14s\n' "$t" "$fmt" "$name" "$(mi "$one")" \
                "$(mi "($pad - $one) / 20")"
        done
    done
done

echo
echo "circle36, one sheet to PDF: inclusive instructions (M) of the main parts"
valgrind --tool=callgrind --callgrind-out-file="$T/one.out" "$BUILD/pnpkit" render circle36 \
    -o "$T/one.pdf" -q >/dev/null 2>&1
callgrind_annotate --inclusive=yes "$T/one.out" 2>/dev/null | grep -v '=>' |
    sed -nE 's/^ *([0-9,]+) \( *[0-9.]+%\) +[^ ]*:([A-Za-z_0-9]+) .*/\1 \2/p' |
    grep -E ' (_dl_start|main|tmpl_open|build_sheet|scene_measure|draw_items|cairo_draw_text|cairo_draw_path|cairo_show_page|cairo_finish|pn_fonts_map|FcFontSetSort|pango_font_get_metrics)$' |
    awk '{ gsub(",", "", $1); printf "%10.1f  %s\n", $1 / 1e6, $2 }'
