# cli_completion.sh: the bash completion (scripts/pnpkit.bash-completion)
# completes parameter names after --set for the template on the line: a
# built-in name, a template file, a scored game's template; and the scored
# games, which it asks pnpkit for ('pnpkit list --games'), so a new game needs
# no edit of the script.
. "$(dirname "$0")/lib.sh"

command -v bash >/dev/null || { echo "no bash: skipped"; finish; exit; }
# COMPREPLY for a command line given word by word (the last is being completed),
# in an empty directory (no file names among the completions).
mkdir -p "$T/empty"
complete_words() {
    cd "$T/empty" && PATH="${FAKE:+$FAKE:}$(dirname "$PNPKIT"):$PATH" bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _pnpkit; printf "%s\n" "${COMPREPLY[@]}"' \
        sh "$SRC/scripts/pnpkit.bash-completion" "$@" | sed "/^$/d" | sort | tr '\n' ' '
}
expect_eq "$(complete_words pnpkit render circle36 --set '')" "dice= radius= rings= sectors= target= tint= " "circle36 parameters"
expect_eq "$(complete_words pnpkit render thinking-in-circles --set la)" "layout= " "a parameter by prefix"
expect_eq "$(complete_words pnpkit render --mono -o x.pdf dicrono --set s)" "size= " "the template after options and their values"
expect_eq "$(complete_words pnpkit render thinking-in-circles --set layout = ring --set se)" "seed= " "after an earlier --set NAME=VALUE"
expect_eq "$(complete_words pnpkit score cirplexed x.yaml --set p)" "palette= players= " "score cirplexed: the board's template"
expect_eq "$(complete_words pnpkit calc --set m)" "marks= " "calc: the circular-numbers track"
cat >"$T/mine.yaml" <<'EOF2'
name: mine
params:
  rounds: {type: int, default: 8, min: 1, max: 20}
  # a comment
  heading: {type: string, default: "Scores"}
components: []
EOF2
expect_eq "$(complete_words pnpkit render "$T/mine.yaml" --set '')" "heading= rounds= " "a template file's parameters"
expect_eq "$(complete_words pnpkit score circle36 s.yaml --template "$T/mine.yaml" --set r)" "rounds= " "--template FILE"
expect_eq "$(complete_words pnpkit render nosuch --set '')" "" "an unknown template: nothing"
expect_eq "$(complete_words pnpkit render deck.yaml --duplex '')" "long short " "--duplex: its two edges"
expect_eq "$(complete_words pnpkit render deck.yaml --layout s)" "sheets single " "--layout: its two layouts"
expect_eq "$(complete_words pnpkit render deck.yaml --paper b)" "b1 b2 b3 b4 b5 b6 bridge " "--paper: the B series and bridge"
expect_eq "$(complete_words pnpkit render --grid 3x3 --backs back.yaml circle36 --set t)" "target= tint= " "the template after --grid and --backs values"

# The games come from the binary.
# list --games: a line per game, its name then a template 'list --names' has
"$PNPKIT" list --games > "$T/games"
grep -qx "cirplexed cirplexed-board" "$T/games" && ok || bad "list --games: $(cat "$T/games")"
expect_eq "$(awk 'NF != 2' "$T/games")" "" "list --games: two words a line"
expect_eq "$(awk '{print $2}' "$T/games" | grep -vxF "$("$PNPKIT" list --names)")" "" "list --games: built-in templates"
expect_eq "$(complete_words pnpkit score '')" "$("$PNPKIT" list --games | awk '{print $1}' | sort | tr '\n' ' ')" "score: the games"
expect_eq "$(complete_words pnpkit score ci)" "circle36 cirplexed " "score: games by prefix"
expect_eq "$(complete_words pnpkit score dicrono x.yaml --set si)" "size= " "score dicrono: its template"
# A pnpkit with one more game (a wrapper that adds it to list --games): the
# completion offers it and its template's parameters with no edit.
mkdir -p "$T/fake"
cat >"$T/fake/pnpkit" <<EOF2
#!/bin/sh
if [ "\$1 \$2" = "list --games" ]; then "$PNPKIT" list --games; echo "extra-game $T/mine.yaml"; exit 0; fi
exec "$PNPKIT" "\$@"
EOF2
chmod +x "$T/fake/pnpkit"
expect_eq "$(FAKE=$T/fake complete_words pnpkit score ex)" "extra-game " "score: a game the script does not name"
expect_eq "$(FAKE=$T/fake complete_words pnpkit score extra-game s.yaml --set r)" "rounds= " "score extra-game: its template's parameters"
finish
