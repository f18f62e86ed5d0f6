# cli_colours.sh: colours a designer writes: the CSS colour names with their
# CSS values, a page background from a parameter, a data column or an
# expression, and an unquoted '#rrggbb' (a YAML comment) or a bad paper name
# reported at their place with exit 1 and no file.
. "$(dirname "$0")/lib.sh"

# --- CSS colour names: values as CSS Color 4 gives them ---
cat > "$T/names.yaml" <<'YAML'
name: names
page: {paper: a5, margin: 5mm}
components:
  - {type: rect, x: 0, y: 0, w: 5mm, h: 5mm, fill: rebeccapurple}
  - {type: rect, x: 0, y: 0, w: 5mm, h: 5mm, fill: LightGoldenrodYellow}
  - {type: rect, x: 0, y: 0, w: 5mm, h: 5mm, fill: green}
  - {type: rect, x: 0, y: 0, w: 5mm, h: 5mm, fill: darkslategrey}
  - {type: rect, x: 0, y: 0, w: 5mm, h: 5mm, fill: red}
  - {type: rect, x: 0, y: 0, w: 5mm, h: 5mm, fill: "#0a8"}
YAML
expect_status 0 "CSS names render" -- "$PNPKIT" render "$T/names.yaml" --format scene -o "$T/names.scene"
expect_eq "$(grep -o 'fill=#[0-9a-f]*' "$T/names.scene" | tr '\n' ' ')" \
    "fill=#663399 fill=#fafad2 fill=#008000 fill=#2f4f4f fill=#ff0000 fill=#00aa88 " "CSS values"
sed 's/fill: red/fill: reddish/' "$T/names.yaml" > "$T/badname.yaml"
expect_status 1 "unknown colour name" -- "$PNPKIT" render "$T/badname.yaml" -o "$T/badname.pdf"
expect_stderr "^$T/badname.yaml:8:52: fill: 'reddish' is not a colour" "unknown name at its place"
expect_no_file "$T/badname.pdf" "no file for an unknown colour"

# --- background from a parameter, a data column, an expression ---
cat > "$T/bg.yaml" <<'YAML'
name: bg
params:
  theme: {type: colour, default: "#102030"}
page: {paper: 63x88mm, margin: 5mm, background: "${kind == 'fire' ? 'tomato' : bg}"}
data:
  - {kind: fire, bg: "#ffffff"}
  - {kind: water, bg: "steelblue"}
  - {kind: air, bg: "#ABCDEF"}
components:
  - {type: text, x: 0, y: 0, text: $kind}
YAML
expect_status 0 "background from data renders" -- "$PNPKIT" render "$T/bg.yaml" --format scene -o "$T/bg.scene"
expect_eq "$(grep -c '^path fill=#ff6347 M 0.00 0.00 L 63.00 0.00' "$T/bg.scene")" 1 "row 1: the expression's tomato"
expect_eq "$(grep -c '^path fill=#4682b4 M 0.00 0.00 L 63.00 0.00' "$T/bg.scene")" 1 "row 2: the column's steelblue"
expect_eq "$(grep -c '^path fill=#abcdef M 0.00 0.00 L 63.00 0.00' "$T/bg.scene")" 1 "row 3: the column's #ABCDEF"
sed 's/background: .*/background: $theme}/; /^data:/,/^components:/{/^data:/d;/  - {kind/d}' "$T/bg.yaml" > "$T/bgp.yaml"
sed -i 's/text: \$kind/text: x/' "$T/bgp.yaml"
expect_status 0 "background from a parameter" -- "$PNPKIT" render "$T/bgp.yaml" --set theme=gold --format scene -o "$T/bgp.scene"
expect_eq "$(grep -c '^path fill=#ffd700 M 0.00 0.00' "$T/bgp.scene")" 1 "--set theme=gold paints the page gold"
sed 's/steelblue/steelbleu/' "$T/bg.yaml" > "$T/bgbad.yaml"
expect_status 1 "a row with a bad background" -- "$PNPKIT" render "$T/bgbad.yaml" -o "$T/bgbad.pdf"
expect_stderr "^$T/bgbad.yaml:4:50: background: 'steelbleu' is not a colour .*\(data row 2, $T/bgbad.yaml line 7\)$" "bad background names its row"
expect_no_file "$T/bgbad.pdf" "no file for a bad background"

# --- an unquoted '#ff0000' is a comment: the real place and the hint ---
printf 'name: t\ncomponents:\n  - {type: rect, x: 0, y: 0, w: 10mm, h: 10mm, fill: #ff0000}\n' > "$T/flow.yaml"
expect_status 1 "unquoted colour in a flow mapping" -- "$PNPKIT" render "$T/flow.yaml" -o "$T/flow.pdf"
expect_stderr "^$T/flow.yaml:3:54: invalid YAML: .*quote colours: '#ff0000'$" "flow: placed at the '#', not past the end"
expect_no_file "$T/flow.pdf" "no file for an unquoted colour"
printf 'name: t\ncomponents:\n  - type: rect\n    fill: #ff0000\n' > "$T/block.yaml"
expect_status 1 "unquoted colour in a block mapping" -- "$PNPKIT" render "$T/block.yaml" -o "$T/block.pdf"
expect_stderr "^$T/block.yaml:4:11: fill: no colour: YAML reads #ff0000 as a comment; quote colours: '#ff0000'$" "block: the hint at the '#'"
printf 'name: t\npage:\n  background: #abc # dark\ncomponents:\n  - type: rect\n' > "$T/pbg.yaml"
expect_status 1 "unquoted background" -- "$PNPKIT" render "$T/pbg.yaml" -o "$T/pbg.pdf"
expect_stderr "^$T/pbg.yaml:3:15: background: no colour: YAML reads #abc as a comment; quote colours: '#abc'$" "background hint"

# A syntax error libyaml finds at the end of the stream is placed at the end
# of the last line, never on a line the file does not have.
printf 'name: t\ncomponents:\n  - {type: rect, x: 0\n' > "$T/eof.yaml"
expect_status 1 "a flow mapping left open" -- "$PNPKIT" render "$T/eof.yaml" -o "$T/eof.pdf"
expect_stderr "^$T/eof.yaml:3:22: invalid YAML: did not find expected ',' or '}'$" "placed on the last line"

# --- a bad paper name in a template names its place ---
printf 'name: t\npage:\n  margin: 5mm\n  paper: nosuchpaper\ncomponents:\n  - {type: rect}\n' > "$T/paper.yaml"
expect_status 1 "unknown paper" -- "$PNPKIT" render "$T/paper.yaml" -o "$T/paper.pdf"
expect_stderr "^$T/paper.yaml:4:10: unknown paper 'nosuchpaper'" "paper error at page.paper"
expect_no_file "$T/paper.pdf" "no file for an unknown paper"

finish
