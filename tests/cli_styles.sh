# cli_styles.sh: style reuse through YAML anchors and merge keys: the example
# of docs/templates.md renders with the merged values (written keys win, the
# first of a list wins), errors in a merged key point at the style, and an
# alias bomb is refused quickly with exit 1 and no file.
. "$(dirname "$0")/lib.sh"

awk '$0 == "<!-- example: styles -->" {f=1; next} f && /^```yaml$/ {on=1; next} on && /^```$/ {exit} on' \
    "$SRC/docs/templates.md" > "$T/styled.yaml"
[ -s "$T/styled.yaml" ] && ok || bad "no styles example in docs/templates.md"
expect_status 0 "the styles example renders" -- "$PNPKIT" render "$T/styled.yaml" --format scene -o "$T/styled.scene"
grep -q '^text "Title" font="DejaVu Sans" 18.0pt bold at 74.00 10.00 center' "$T/styled.scene" && ok || bad "title takes the style"
grep -q '^text "Subtitle" font="DejaVu Sans" 12.0pt bold at 74.00 22.00 center' "$T/styled.scene" && ok || bad "subtitle: its own size wins"
grep -q '^path fill=#ffeecc stroke=#8a5a00 w=0.30 M 10.00 40.00 L 30.00 40.00' "$T/styled.scene" && ok || bad "first box: cream"
grep -q '^path fill=#ffeecc stroke=#000000 w=1.00 M 35.00 40.00 L 55.00 40.00' "$T/styled.scene" && ok || bad "second box: thick's stroke wins over cream's"
expect_status 0 "the example renders to PDF" -- "$PNPKIT" render "$T/styled.yaml" -o "$T/styled.pdf"

# A merged key a component does not take is reported where the style writes it.
sed 's/  - {<<: \*cream, type: rect/  - {<<: [*cream, *title], type: rect/' "$T/styled.yaml" > "$T/wrong.yaml"
expect_status 1 "a style that does not fit" -- "$PNPKIT" render "$T/wrong.yaml" -o "$T/wrong.pdf"
expect_stderr "^$T/wrong.yaml:4:38: unknown key 'size' \(expected one of: type, when, x" "merged key named at the style"
expect_no_file "$T/wrong.pdf" "no file for a bad merge"

# Merged keys are compared as text: a key that is not YAML on its own ("...
# x", a document end marker; "a: b") is merged like any other, and nothing
# but the one-line message reaches stderr (libfyaml's lookup by string would
# parse the key and print its own error).
printf 'name: t\nstyles:\n  odd: &odd {"... x": 1, "a: b": 2}\ncomponents:\n  - {<<: *odd, type: rect}\n' > "$T/odd.yaml"
expect_status 1 "merged keys that are not YAML" -- "$PNPKIT" render "$T/odd.yaml" -o "$T/odd.pdf"
expect_stderr "^$T/odd.yaml:3:[0-9]+: unknown key '(\\.\\.\\. x|a: b)'" "merged odd key named"
expect_eq "$(wc -l < "$T/err")" 1 "merged odd keys: one line on stderr"

# An alias bomb in a template: refused before expansion, quickly.
{
    echo "name: bomb"
    echo "styles:"
    echo "  a0: &a0 {fill: red, stroke: blue, width: 1mm, x: 0, y: 0, w: 1mm, h: 1mm}"
    i=1
    while [ $i -le 8 ]; do
        p=$((i - 1))
        echo "  a$i: &a$i [*a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p]"
        i=$((i + 1))
    done
    echo "components:"
    echo "  - {<<: *a0, type: rect}"
} > "$T/bomb.yaml"
start=$(date +%s)
expect_status 1 "alias bomb" -- "$PNPKIT" render "$T/bomb.yaml" -o "$T/bomb.pdf"
expect_stderr "^$T/bomb.yaml:7:22: document too large: more than 50000 nodes \(aliases expanded\)$" "bomb refused at the alias that passes the limit"
expect_no_file "$T/bomb.pdf" "no file for an alias bomb"
[ $(($(date +%s) - start)) -le 2 ] && ok || bad "the bomb took more than 2 s to refuse"
finish
