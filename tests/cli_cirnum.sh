# cli_cirnum.sh: "pnpkit calc circular-numbers": sums with and without a
# marked space, moves, the ace-five-six move-back, the track taken from the
# template (and --set), and errors.
. "$2/tests/lib.sh"

CALC="$PNPKIT calc circular-numbers"

expect_status 0 "start space" -- $CALC --hand "A 5 6 K"
expect_stdout "^Hand: A 5 6 K on the start space$" "hand"
expect_eq "$(grep -cE '^ +[0-9]+ +[0-9] ' "$T/out")" 4 "four sums without a mark"
expect_stdout "^  6      3  A \+ 5$" "A + 5 = 6 moves 3"
expect_stdout "^Ace-five-six move-back: available" "move-back"

# Space 20 carries 10 by default: multiples of 10 reach 25 and 76.
expect_status 0 "marked 10" -- $CALC --hand "A 5 6 K" --space 20
expect_stdout "^Hand: A 5 6 K on space 20, marked 10: any multiple of 10 may be added$" "mark named"
expect_stdout "^ 25      4  5 \+ 20 \(2 x 10\)$" "25 = 5 + 20"
expect_stdout "^ 76      5  6 \+ K \+ 60 \(6 x 10\)$" "76 = 6 + K + 60"
expect_eq "$(grep -cE '^ 76 ' "$T/out")" 4 "four ways to 76"

# An unmarked space, no sum at all, no move-back.
expect_status 0 "unmarked" -- $CALC --hand "2 2 9" --space 5
expect_stdout "^Hand: 2 2 9 on space 5 \(not marked\)$" "unmarked"
expect_stdout "^No circular number: draw a card from the stock\.$" "no sum"
expect_stdout "^Ace-five-six move-back: not available$" "no move-back"

# JSON.
expect_status 0 "json" -- $CALC --hand "5 5 J" --space 8 --json
expect_stdout '^\{"game":"circular-numbers","hand":\["5","5","J"\],"space":8,"mark":3,"sums":\[\{"sum":5,"moves":2,"cards":\["5"\],"cards_total":5,"multiple":0\},\{"sum":25,"moves":4,"cards":\["J"\],"cards_total":10,"multiple":15\}' "json sums"
expect_stdout '"move_back":false\}$' "json move-back"

# The track follows the board's parameters.
expect_status 0 "--set marks" -- $CALC --hand "A" --space 3 --set marks=3:25
expect_stdout "^ 76      5  A \+ 75 \(3 x 25\)$" "a custom mark"
expect_status 2 "space past a short track" -- $CALC --hand "A" --space 12 --set spaces=12 --set marks=3:2
expect_stderr "^pnpkit calc: --space 12: must be a space of the track, 0 \(the start\) to 11$" "space bound"
expect_status 2 "a huge space" -- $CALC --hand "A" --space 99999999999999999999
expect_stderr "^pnpkit calc: --space 99999999999999999999: must be a space of the track, 0 \(the start\) to 23$" "a huge space, as written"
expect_status 1 "marks off the track" -- $CALC --hand "A" --set spaces=12
expect_stderr "marks: mark '12:4' is past the track's last space, 11: a track of 12 spaces needs marks of its own \\(spaces 1 to 11\\)" "marks checked"
expect_status 1 "bad card" -- $CALC --hand "A 5 Z"
expect_stderr "^--hand \"A 5 Z\": 'Z' is not a card \(A, 2-10, J, Q, K\)$" "bad card message"
expect_status 1 "too many cards" -- $CALC --hand "A 2 3 4 5 6 7 8 9 10 J Q K"
expect_stderr "more than 12 cards" "hand bound"
expect_status 2 "no hand" -- $CALC
expect_stderr "--hand is required" "no hand message"
expect_status 2 "other game" -- "$PNPKIT" calc circle36 --hand A
expect_status 2 "space not a number" -- $CALC --hand A --space x

# Any circular number can be the target, 76 included: 76 boxes a player wrap
# into two lines, none overlapping, all inside the page's margin.
expect_status 0 "target 76" -- "$PNPKIT" render circular-numbers --set target=76 --set players=8 -f scene -o "$T/t76.scene"
expect_eq "$(grep -cE '^slot p[1-8]\.([1-9]|[1-6][0-9]|7[0-6]) ' "$T/t76.scene")" 608 "8 players x 76 boxes"
awk 'BEGIN {n = 0} $1 == "slot" && $2 ~ /^p[0-9]+\.[0-9]+$/ {x[n] = $3; y[n] = $4; w[n] = $5; h[n] = $6; n++}
     END {
         for (i = 0; i < n; i++) {
             if (y[i] < 200 || y[i] + h[i] > 287 || x[i] + w[i] > 200) { print "outside"; exit }
             for (j = i + 1; j < n; j++)
                 if (x[i] < x[j] + w[j] && x[j] < x[i] + w[i] && y[i] < y[j] + h[j] && y[j] < y[i] + h[i]) { print "overlap"; exit }
         }
         print "ok"
     }' "$T/t76.scene" >"$T/t76.check"
expect_eq "$(cat "$T/t76.check")" ok "76 boxes: inside the page, no two overlapping"
expect_status 0 "pad target 76" -- "$PNPKIT" render circular-numbers-pad --set target=76 -f scene -o "$T/p76.scene"
grep -q '^slot g4.p6.76 ' "$T/p76.scene" && ok || bad "the pad's fourth game has 76 boxes"
grep -q '^slot g3.p6.76 ' "$T/p76.scene" && ok || bad "the pad's third game has 76 boxes"
# 7 or 8 players at 76 points need 68 to 76mm a game: the pad holds three
# games of them, each player's boxes in two lines, inside the page.
for n in 7 8; do
    expect_status 0 "pad target 76, $n players" -- "$PNPKIT" render circular-numbers-pad --set target=76 --set players=$n -f scene -o "$T/p76.$n.scene"
    expect_eq "$(grep -cE "^slot g[1-3]\.p[1-$n]\.[0-9]+ " "$T/p76.$n.scene")" $((3 * n * 76)) "pad, $n players: three games of $n x 76 boxes"
    expect_eq "$(grep -c '^slot g4\.' "$T/p76.$n.scene")" 0 "pad, $n players: no fourth game"
    awk 'BEGIN {n = 0} $1 == "slot" && $2 ~ /^g[0-9]\.p[0-9]+\.[0-9]+$/ {x[n] = $3; y[n] = $4; w[n] = $5; h[n] = $6; n++
             if ($5 < 3 || $6 < 3) small++}
         END {
             if (small) { print "small"; exit }
             for (i = 0; i < n; i++) {
                 if (y[i] < 26 || y[i] + h[i] > 287 || x[i] + w[i] > 200) { print "outside"; exit }
                 for (j = i + 1; j < n && j < i + 200; j++)
                     if (x[i] < x[j] + w[j] && x[j] < x[i] + w[i] && y[i] < y[j] + h[j] && y[j] < y[i] + h[i]) { print "overlap"; exit }
             }
             print "ok"
         }' "$T/p76.$n.scene" >"$T/p76.check"
    expect_eq "$(cat "$T/p76.check")" ok "pad, $n players: boxes of 3mm or more, inside the page, none overlapping"
done

# A custom track holds 8 to 60 spaces as the built-in one; a bad option is
# one message (getopt's own is not printed too).
printf 'name: cn\nparams:\n  spaces: {type: int, default: 1000000, min: 0, max: 2000000}\n  marks: {type: list, default: []}\ncomponents: []\n' > "$T/cn.yaml"
expect_status 1 "a track of a million spaces" -- "$PNPKIT" calc circular-numbers --hand "A 5" --template "$T/cn.yaml"
expect_stderr "^$T/cn\.yaml:3:3: spaces: a track has 8 to 60 spaces, not 1000000$" "a track of a million spaces: refused at its parameter"
expect_status 2 "an unknown calc option" -- "$PNPKIT" calc circular-numbers --hand A --bogus
expect_eq "$(cat "$T/err")" "pnpkit calc: unknown option '--bogus'
Try 'pnpkit help calc'." "an unknown calc option: one message"
expect_status 2 "--space without its value" -- "$PNPKIT" calc circular-numbers --hand A --space
expect_stderr "^pnpkit calc: option '--space' needs a value$" "--space without its value: said so"

# The legend tells the rule of marked spaces only on a track that has some,
# and its last line then takes the freed place.
expect_status 0 "default marks" -- "$PNPKIT" render circular-numbers -f scene -o "$T/m5.scene"
expect_eq "$(grep -c '^text "On a marked space, add any multiple of its number\."' "$T/m5.scene")" 1 "marked spaces: their rule told"
expect_status 0 "no marks" -- "$PNPKIT" render circular-numbers --set marks= -f scene -o "$T/m0.scene"
expect_eq "$(grep -c '^text "On a marked space' "$T/m0.scene")" 0 "no marked space: no rule of marked spaces"
y5=$(awk '/^text "A \+ 5 \+ 6: send/ {for (i = 1; i <= NF; i++) if ($i == "at") print $(i + 2)}' "$T/m5.scene")
y0=$(awk '/^text "A \+ 5 \+ 6: send/ {for (i = 1; i <= NF; i++) if ($i == "at") print $(i + 2)}' "$T/m0.scene")
expect_eq "$(awk -v a="$y5" -v b="$y0" 'BEGIN {print (a - b > 5 && a - b < 15) ? "up" : a " " b}')" up "no marked space: the move-back line one line higher"

finish
