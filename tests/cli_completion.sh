# cli_completion.sh: the bash completion (scripts/pnpkit.bash-completion)
# completes parameter names after --set for the template on the line: a
# built-in name, a template file, a scored game's template.
. "$(dirname "$0")/lib.sh"

command -v bash >/dev/null || { echo "no bash: skipped"; finish; exit; }
# COMPREPLY for a command line given word by word (the last is being completed).
complete_words() {
    PATH="$(dirname "$PNPKIT"):$PATH" bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _pnpkit; printf "%s\n" "${COMPREPLY[@]}"' \
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
finish
