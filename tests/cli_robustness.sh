# cli_robustness.sh: docs/robustness.md lists every component property with the
# bounds pnpkit actually enforces (the table is made by scripts/component-bounds).
. "$(dirname "$0")/lib.sh"

doc="$SRC/docs/robustness.md"
awk '/<!-- components:begin -->/ {on = 1; next} /<!-- components:end -->/ {on = 0} on' "$doc" > "$T/doc"
sh "$SRC/scripts/component-bounds" "$PNPKIT" > "$T/now"
[ -s "$T/now" ] && ok || bad "no component properties listed"
if cmp -s "$T/doc" "$T/now"; then ok; else
    bad "docs/robustness.md is out of date; regenerate its table with scripts/component-bounds"
    diff "$T/doc" "$T/now" | head -20
fi
finish
