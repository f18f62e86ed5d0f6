# cli_data_symbols.sh: the library's only writable data is the process-wide
# state listed below, each with its reason; every table that never changes
# (components, property specs, backends, games, colour names, ...) is const.
#
# nm marks const tables that hold pointers 'd' as well: in a shared library
# they sit in .data.rel.ro, which the dynamic linker makes read-only once it
# has relocated them (the GNU_RELRO segment). So this test reads each
# symbol's section: .data and .bss are the writable ones.
. "$(dirname "$0")/lib.sh"
LIB="$(dirname "$PNPKIT")/libpnpkit.so"
[ -f "$LIB" ] && ok || { bad "no $LIB"; finish; exit; }

# SYMBOL|why it must be writable
cat > "$T/allowed" <<'A'
rsvg_lib|librsvg is loaded on first use, once per process (util/lazylib.h)
rsvg_ptrs|librsvg's functions, looked up once
rsvg_fns|librsvg's functions, typed once
rsvg_typed|the GOnce of the typed table
xml_lib|libxml2 is loaded on first use, once per process (util/lazylib.h)
xml_ptrs|libxml2's functions, looked up once
xml_fns|libxml2's functions, typed once
xml_typed|the GOnce of the typed table (which also sets libxml2 up, once)
pixbuf_lib|gdk-pixbuf is loaded on first use, once per process (util/lazylib.h)
pixbuf_ptrs|gdk-pixbuf's functions, looked up once
pixbuf_fns|gdk-pixbuf's functions, typed once
pixbuf_typed|the GOnce of the typed table
zbar_lib|zbar (reading the QR code of a scanned sheet) is loaded on first use (scan/lazy.c)
zbar_ptrs|zbar's functions, looked up once
zbar_fns|zbar's functions, typed once
zbar_typed|the GOnce of the typed table
chart|Circle 36's points chart, read once from the embedded seeds table (g_once)
once|the GOnce of that chart
dir|the data and template folders, worked out once (g_once_init)
maps|a count of font maps made, for their unique names (atomic)
live|output files being written, removed if a signal stops the process (util/outfile.h)
A
nm -f sysv "$LIB" | awk -F'|' '{ name = $1; sec = $7; gsub(/ /, "", name); gsub(/ /, "", sec);
    if (sec == ".data" || sec == ".bss") print name }' |
    # the C runtime's own, and what sanitizers add to instrumented builds
    grep -Ev '^(__TMC_END__|__dso_handle|completed\.[0-9]+|_+(asan|odr_asan|sancov|tsan|ubsan).*)$' |
    sed 's/\.[0-9]*$//' | sort -u > "$T/writable"
[ -s "$T/writable" ] && ok || bad "nm found no writable symbol at all (is nm there?)"
while read -r sym; do
    grep -q "^$sym|" "$T/allowed" && ok || bad "writable data symbol '$sym' in $LIB: make it const, or keep its state in a context"
done < "$T/writable"
# The tables the issue named are const: in read-only sections.
nm -f sysv "$LIB" | awk -F'|' '{ name = $1; sec = $7; gsub(/ /, "", name); gsub(/ /, "", sec); print name, sec }' > "$T/sections"
for sym in comp_text comp_types text_props hexgrid_props pn_backend_cairo pn_backend_haru pn_backends css_colors score_circle36 paper_names; do
    sec=$(awk -v s="$sym" '$1 == s {print $2; exit}' "$T/sections")
    case "$sec" in .rodata | .data.rel.ro) ok ;; *) bad "$sym is in '$sec', not a read-only section" ;; esac
done
# .data.rel.ro lies inside the GNU_RELRO segment (read-only after relocation).
readelf -lW "$LIB" | awk '$1 == "GNU_RELRO" {print $3, $6}' > "$T/relro"
readelf -SW "$LIB" | awk '{for (i = 1; i <= NF; i++) if ($i == ".data.rel.ro") print $(i + 2), $(i + 4)}' > "$T/drr"
read -r rstart rsize < "$T/relro"
read -r dstart dsize < "$T/drr"
if [ -n "$rstart" ] && [ -n "$dstart" ] && [ $((0x$dstart)) -ge $((rstart)) ] &&
    [ $((0x$dstart + 0x$dsize)) -le $((rstart + rsize)) ]; then ok; else
    bad "the const tables (.data.rel.ro $dstart+$dsize) are not all read-only after relocation (GNU_RELRO $rstart+$rsize)"
fi
finish
