# cli_tic.sh: "pnpkit check thinking-in-circles": wins by colour and by goal
# read either way, adjacency by layout, seeded boards as printed, and errors
# at the line and column of the offending node.
. "$2/tests/lib.sh"

CHECK="$PNPKIT check thinking-in-circles"

# A drawn board: circles 1-5, the token of each on space 1.
cat >"$T/row.yaml" <<'EOF'
board:
  layout: row
  circles:
    - "* bc wt"
    - "* bs wc"
    - "* bp nt"
    - "* wt bc"
    - "* bc ns"
tokens: [1, 1, 1, 1, 1]
players:
  - {name: Ann, color: black, goals: [[pentagon, square, circle]]}
  - {name: Bob, color: white, goals: [[circle, pentagon, square]]}
EOF
expect_status 0 "check a row" -- $CHECK "$T/row.yaml"
expect_stdout "^Tokens: 1 black circle, 2 black square, 3 black pentagon, 4 white triangle, 5 black circle$" "tokens listed"
expect_stdout "^Ann \(black\): wins with three black spaces on circles 1-2-3; goal 1 \(pentagon, square, circle, read backwards\) on circles 3-2-1$" "Ann wins twice"
expect_stdout "^Bob \(white\): no win$" "Bob does not win: order matters"

# The same board as a ring: circles 5-1-2 are adjacent too.
sed 's/layout: row/layout: ring/' "$T/row.yaml" >"$T/ring.yaml"
expect_status 0 "check a ring" -- $CHECK --json "$T/ring.yaml"
expect_stdout '"wins":\[\{"by":"color","circles":\[1,2,3\]\},\{"by":"goal","goal":1,"reversed":true,"circles":\[3,2,1\]\},\{"by":"color","circles":\[5,1,2\]\}\]' "ring adds 5-1-2"
expect_stdout '"winners":\["Ann"\]' "winners"

# Tokens are steps from the start, any whole number: 10 steps on 3 spaces is 1.
sed 's/tokens: \[1, 1, 1, 1, 1\]/tokens: [10, -2, 0, 1, 1]/' "$T/row.yaml" >"$T/steps.yaml"
expect_status 0 "steps" -- $CHECK "$T/steps.yaml"
expect_stdout "^Tokens: 1 black circle, 2 black square, 3 start, 4 white triangle, 5 black circle$" "steps taken modulo"
expect_stdout "^Ann \(black\): no win$" "a token on the start breaks both wins"

# Both at once; Spin Cycle goals; several documents.
cat >"$T/both.yaml" <<'EOF'
board: {circles: ["* wc nt", "* ws nt", "* wp nt"], layout: row}
tokens: [1, 1, 1]
players:
  - {name: Ann, color: black, goals: [[triangle, triangle, triangle], [circle, square, pentagon], [square, square, square]]}
  - {color: white, goals: [[pentagon, pentagon, pentagon]]}
---
board: {circles: ["* wc nt", "* ws nt", "* wp nt"]}
tokens: [0, 0, 0]
players:
  - {name: Ann, color: black, goals: [[circle, square, pentagon]]}
  - {name: Bob, color: white, goals: [[circle, square, pentagon]]}
EOF
expect_status 0 "two documents" -- $CHECK "$T/both.yaml"
expect_stdout "^Ann \(black\): wins with goal 2 \(circle, square, pentagon\) on circles 1-2-3$" "Spin Cycle goal 2"
expect_stdout "^Player 2 \(white\): wins with three white spaces on circles 1-2-3$" "unnamed player, colour win"
expect_stdout "^Both players win at once\.$" "both win"
expect_eq "$(grep -c 'no win' "$T/out")" 2 "second document: nobody wins from the start"

# A seeded board is the one render prints for that seed: no win from the start
# for any goal, and the shapes under the tokens make a goal that wins.
cat >"$T/seed.yaml" <<'EOF'
board: {seed: 4, layout: ring}
tokens: [1, 1, 1, 1, 1]
players:
  - {name: Ann, color: black, goals: [[pentagon, pentagon, pentagon]]}
  - {name: Bob, color: white, goals: [[triangle, triangle, square]]}
EOF
expect_status 0 "seeded board" -- $CHECK --json "$T/seed.yaml"
shapes=$(grep -o '"shape":"[a-z]*"' "$T/out" | head -3 | sed 's/"shape":"//; s/"//' | tr '\n' ',' | sed 's/,$//')
sed "s/\[\[pentagon, pentagon, pentagon\]\]/[[${shapes}]]/" "$T/seed.yaml" >"$T/seed2.yaml"
expect_status 0 "goal from the board" -- $CHECK --json "$T/seed2.yaml"
expect_stdout '"name":"Ann","color":"black","wins":\[[^]]*\{"by":"goal","goal":1,"reversed":false,"circles":\[1,2,3\]\}' "the shapes under tokens 1-3 win"
sed 's/tokens: \[1, 1, 1, 1, 1\]/tokens: [0, 0, 0, 0, 0]/' "$T/seed2.yaml" >"$T/seed3.yaml"
expect_status 0 "start position" -- $CHECK --json "$T/seed3.yaml"
expect_stdout '"winners":\[\]' "nobody wins from the start"

# Errors: file:line:col, exit 1, nothing on standard output.
err_case() {
    printf '%s\n' "$1" >"$T/bad.yaml"
    expect_status 1 "$3" -- $CHECK "$T/bad.yaml"
    expect_stderr "^$T/bad.yaml:$2" "$3 message"
    expect_eq "$(wc -c <"$T/out")" 0 "$3: no output"
}
P='players: [{color: black, goals: [[circle, circle, circle]]}, {color: white, goals: [[square, square, square]]}]'
err_case "board: {seed: 1}
tokens: [0, 0]
$P" "2:1: tokens has 2 entries; the board has 5 circles" "token count"
err_case "board: {seed: 1}
tokens: [0, 0, 0, 0, 0]
players: [{color: black, goals: [[circle, hexagon, circle]]}, {color: white, goals: [[square, square, square]]}]" "3:43: 'hexagon' is not a shape" "bad shape"
err_case "board: {seed: 1}
tokens: [0, 0, 0, 0, 0]
players: [{color: white, goals: [[circle, circle, circle]]}, {color: white, goals: [[square, square, square]]}]" "3:1: both players are white" "same colour"
err_case "board: {circles: [\"* bc nt\", \"* xq nt\", \"* bc nt\"]}
tokens: [0, 0, 0]
$P" "1:31: circle 2, space 2: 'xq' is not a space" "bad space"
err_case "board: {circles: [\"* bc nt\", \"* bc wt nc\", \"* bc nt\"]}
tokens: [0, 0, 0]
$P" "1:31: circle 2 has 4 spaces; circle 1 has 3" "ragged circles"
err_case "board: {circles: [\"* bc\", \"* bc\", \"* bc\"]}
tokens: [0, 0, 0]
$P" "1:20: circle 1 has 2 spaces; at least 3" "short circle"
err_case "board: {seed: 1, spaces: 20}
tokens: [0, 0, 0, 0, 0]
$P" "1:26: 20 is out of range" "spaces bound"
err_case "board: {seed: 1, spaces: 6, neutral: 4}
tokens: [0, 0, 0, 0, 0]
$P" "1:38: neutral must leave at least one black and one white" "neutral bound"
err_case "board: {seed: 1}
tokens: [0, 0, 0, 0, 0]
uncloned: true
$P" "4:35: UnCloned: a goal may not hold the same shape twice in a row" "UnCloned"
err_case "board: {seed: 1}
tokens: [0, 0, 0, 0, 0]
players: [{color: black, goals: [[circle, square, circle], [circle, square, circle], [circle, square, circle], [circle, square, circle]]}, {color: white, goals: [[square, square, square]]}]" "3:26: 4 goals; a player has 1 \(Spin Cycle: 2 or 3\)" "too many goals"
err_case "board: {seed: 1}
tokens: [0, 0, 0, 0, 0]
color: black
$P" "3:1: unknown key 'color'" "unknown key"
err_case "game: circle36" "1:7: game 'circle36': this checks thinking-in-circles" "wrong game"

expect_status 3 "missing file" -- $CHECK "$T/none.yaml"
expect_status 2 "no game" -- "$PNPKIT" check
expect_status 2 "wrong game" -- "$PNPKIT" check circle36 "$T/row.yaml"
expect_stderr "only thinking-in-circles can be checked" "wrong game message"
expect_status 0 "help" -- "$PNPKIT" help check
expect_stdout "board: \{seed: 7\}" "help shows the format"

# One seed range everywhere: check refuses what --seed refuses.
for s in -5 2147483648; do
    err_case "board: {seed: $s}
tokens: [0, 0, 0, 0, 0]
$P" "1:15: $s is out of range \((expected )?0 to 2147483647\)" "seed $s"
    expect_status 2 "--seed $s" -- "$PNPKIT" render thinking-in-circles --seed "$s" -o "$T/x.pdf"
done
printf '%s\n' "board: {seed: 2147483647}" "tokens: [0, 0, 0, 0, 0]" "$P" >"$T/max.yaml"
expect_status 0 "the largest seed is a board" -- $CHECK "$T/max.yaml"

# Names in --json are escaped by json-glib: a quote and a backslash come back
# as written (control characters are refused, below).
cat >"$T/names.yaml" <<'EOF2'
board: {seed: 7}
tokens: [0, 0, 0, 0, 0]
players:
  - {name: "Ann \"Q\" \\ x y", color: black, goals: [[circle, square, pentagon]]}
  - {name: Bob, color: white, goals: [[triangle, triangle, square]]}
EOF2
expect_status 0 "escaped names" -- $CHECK --json "$T/names.yaml"
name=$(jq -r '.players[0].name' "$T/out" | od -An -c | tr -s ' ' | tr -d '\n')
[ "$name" = ' A n n " Q " \ x y \n' ] && ok || bad "name read back by jq: $name"
if LC_ALL=C grep -q "$(printf '[\001-\037]')" "$T/out"; then bad "raw control byte in JSON"; else ok; fi
# A stream's reports are kept until its last position is read, so the stream
# is bounded as a whole: 10 000 positions and 16 MiB (a 160 MB file once took
# 2 GB and aborted). The row position, 10 000 and 10 001 times.
awk 'BEGIN { for (i = 0; i < 10001; i++) { print "---"; while ((getline l < ARGV[1]) > 0) print l; close(ARGV[1]) } exit }' "$T/row.yaml" >"$T/many.yaml"
head -n $((10000 * 13)) "$T/many.yaml" >"$T/10000.yaml"
expect_status 0 "10 000 positions" -- $CHECK "$T/10000.yaml"
expect_eq "$(grep -c '^Ann (black): wins' "$T/out")" 10000 "10 000 positions: each reported"
expect_status 1 "10 001 positions" -- $CHECK "$T/many.yaml"
expect_stderr "^$T/many.yaml:130001:1: more than 10000 positions in one file: check them in several$" "10 001 positions: at the last"
expect_eq "$(wc -c <"$T/out")" 0 "10 001 positions: nothing printed"
# two positions of 9 MB each (comment lines of 9000 bytes)
awk 'BEGIN { s = "x"; while (length(s) < 9000) s = s s; s = substr(s, 1, 9000); for (d = 0; d < 2; d++) { print "---"; for (i = 0; i < 1000; i++) print "# " s; while ((getline l < ARGV[1]) > 0) print l; close(ARGV[1]) } exit }' "$T/row.yaml" >"$T/big.yaml"
expect_status 1 "two positions of 9 MB" -- $CHECK "$T/big.yaml"
expect_stderr "^$T/big.yaml:1014:1: the positions pass 16 MiB in all: check them in several files$" "two positions of 9 MB: at the second"

# A position written on its "---" line is read like any other.
{ printf -- '--- {board: {layout: row, circles: ["* bc wt", "* bs wc", "* bp nt", "* wt bc", "* bc ns"]}, '
  printf 'tokens: [1, 1, 1, 1, 1], players: [{name: Ann, color: black, goals: [[pentagon, square, circle]]}, '
  printf '{name: Bob, color: white, goals: [[circle, pentagon, square]]}]}\n'; } >"$T/inline.yaml"
expect_status 0 "a position on its --- line" -- $CHECK "$T/inline.yaml"
expect_stdout "^Ann \(black\): wins with three black spaces on circles 1-2-3" "a position on its --- line: read"

# Lines ending in a CR alone (old Mac files): a YAML parser takes each CR for
# a line end, the document splitter does not, so a second position would be
# lost; such a file is refused at its first lone CR.
printf -- '---\r' >"$T/cr.yaml"
tr '\n' '\r' <"$T/row.yaml" >>"$T/cr.yaml"
expect_status 1 "lone CR line ends" -- $CHECK "$T/cr.yaml"
expect_stderr "^$T/cr.yaml:1:4: a line ends in a carriage return alone \(old Mac line ends\): save the file with LF or CR LF line ends$" "lone CR line ends: message"
tr '\n' '\r' <"$T/row.yaml" | sed 's/\r/\r\n/g' >"$T/crlf.yaml"
expect_status 0 "CR LF line ends" -- $CHECK "$T/crlf.yaml"

# A mapping holds at most 1000 keys (libfyaml's resolving of aliases compares
# a mapping's keys pairwise: 25 000 keys took over a minute).
awk 'BEGIN { for (i = 0; i < 1001; i++) printf "k%04d: 1\n", i }' >"$T/keys.yaml"
expect_status 1 "1001 keys" -- $CHECK "$T/keys.yaml"
expect_stderr "^$T/keys.yaml:1:1: a mapping of more than 1000 keys$" "1001 keys: message"
head -n 1000 "$T/keys.yaml" >"$T/keys1000.yaml"
expect_status 1 "1000 keys" -- $CHECK "$T/keys1000.yaml"
expect_stderr "^$T/keys1000.yaml:1:1: unknown key 'k0000'" "1000 keys: read, then its first key refused"

# A player's name is a name: at most 200 bytes, no control characters (a
# newline could forge a report line), no NUL cutting it short.
long=$(printf 'a%.0s' $(seq 201))
err_case "board: {seed: 1}
tokens: [0, 0, 0, 0, 0]
players: [{name: $long, color: black, goals: [[circle, circle, circle]]}, {color: white, goals: [[square, square, square]]}]" "3:18: name: longer than 200 bytes" "a 201-byte name"
err_case 'board: {seed: 1}
tokens: [0, 0, 0, 0, 0]
players: [{name: "Ann\nBob (white): wins", color: black, goals: [[circle, circle, circle]]}, {color: white, goals: [[square, square, square]]}]' "3:19: name: control characters are not allowed" "a newline in a name"
err_case 'board: {seed: 1}
tokens: [0, 0, 0, 0, 0]
players: [{name: "a\0b", color: black, goals: [[circle, circle, circle]]}, {color: white, goals: [[square, square, square]]}]' "3:19: a NUL character .U.0000. is not allowed" "a NUL in a name"

# A circle drawn out starts at its blank start space, and has only that one.
err_case "board: {circles: [\"bc * nt\", \"* bc nt\", \"* bc nt\"]}
tokens: [0, 0, 0]
$P" "1:20: circle 1, space 1: a circle starts at its blank start space, written \*" "no start space"
err_case "board: {circles: [\"* bc nt\", \"* bc *\", \"* bc nt\"]}
tokens: [0, 0, 0]
$P" "1:31: circle 2, space 3: '\*' marks the start, which is space 1 alone" "two start spaces"

# A user's own thinking-in-circles template gives the defaults of a seeded
# board; one whose parameters are of another type is named, not a crash.
mkdir -p "$T/xdg/pnpkit/templates"
printf 'name: thinking-in-circles\nparams:\n  circles: {type: int, default: 5, min: 3, max: 9}\n  spaces: {type: int, default: 9, min: 5, max: 16}\n  neutral: {type: int, default: 2, min: 0, max: 13}\n  layout: {type: int, default: 7, min: 0, max: 100}\ncomponents: []\n' >"$T/xdg/pnpkit/templates/thinking-in-circles.yaml"
printf 'board: {seed: 1, circles: 5, spaces: 9, neutral: 2, layout: row}\ntokens: [0, 0, 0, 0, 0]\n%s\n' "$P" >"$T/seeded.yaml"
expect_status 1 "a user template with an int layout" -- env XDG_DATA_HOME="$T/xdg" $CHECK "$T/seeded.yaml"
expect_stderr "^$T/xdg/pnpkit/templates/thinking-in-circles\.yaml: a thinking-in-circles template needs the parameter layout, row or ring$" "a user template with an int layout: named"
sed -i 's/layout: {type: int, default: 7, min: 0, max: 100}/layout: {type: enum, choices: [row, ring], default: ring}/; s/default: 5, min: 3/default: 4, min: 3/' "$T/xdg/pnpkit/templates/thinking-in-circles.yaml"
printf 'board: {seed: 1}\ntokens: [0, 0, 0, 0]\n%s\n' "$P" >"$T/seeded4.yaml"
expect_status 0 "a user template's defaults" -- env XDG_DATA_HOME="$T/xdg" $CHECK "$T/seeded4.yaml"
expect_stdout "^Board: seed 1, 4 circles of 9 spaces in a ring$" "a user template's defaults: 4 circles in a ring"

# A "---" ending the file after its positions starts no position.
{ cat "$T/row.yaml"; printf -- '---\n'; } >"$T/trail.yaml"
expect_status 0 "a --- ending the file" -- $CHECK "$T/trail.yaml"
expect_eq "$(grep -c '^Board:' "$T/out")" "1" "a --- ending the file: one position"
printf -- '---\n' >"$T/only.yaml"
expect_status 1 "a file of one ---" -- $CHECK "$T/only.yaml"

# The board's spaces (diameter of the start space, from the scene): a row of
# 9 circles turns back under itself rather than zigzag at 5.7mm spaces; the
# default 5 stays one zigzag row at 10mm.
start_space() {
    awk '$1 == "path" && $2 == "fill=#c7b38c" {for (i = 1; i <= NF; i++) if ($i == "C") {printf "%.1f\n", 2 * ($(i + 5) - $(i - 2)); exit}}' "$1"
}
expect_status 0 "9 circles in a row" -- "$PNPKIT" render thinking-in-circles --set circles=9 -f scene -o "$T/t9.scene"
expect_eq "$(start_space "$T/t9.scene")" 7.5 "9 circles in a row: 7.5mm spaces"
expect_eq "$(grep -c '^path stroke=#8c8c8c w=[0-9.]* M [0-9.]* \([0-9.]*\) L [0-9.]* \1$' "$T/t9.scene")" 6 "9 circles in a row: six straight bridges, two rows of four"
expect_status 0 "5 circles in a row" -- "$PNPKIT" render thinking-in-circles -f scene -o "$T/t5.scene"
expect_eq "$(start_space "$T/t5.scene")" 10.0 "5 circles in a row: 10mm spaces"

finish
