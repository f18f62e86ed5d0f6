# cli_install.sh: the installed tree in a temporary prefix: files in their
# places, the installed binary run from elsewhere (and after moving the tree)
# finds installed and user templates and says where each comes from, the man
# page renders, the bash completion loads and completes; make install too.
. "$(dirname "$0")/lib.sh"

BUILD=$(cd "$(dirname "$PNPKIT")" && pwd)
PNPKIT=$BUILD/$(basename "$PNPKIT")
P=$T/prefix
expect_status 0 "cmake --install" -- cmake --install "$BUILD" --prefix "$P"
for f in bin/pnpkit share/pnpkit/templates/circle36.yaml share/pnpkit/templates/dicrono.yaml \
    share/man/man1/pnpkit.1 share/bash-completion/completions/pnpkit \
    share/doc/pnpkit/formats.md share/doc/pnpkit/templates.md share/doc/pnpkit/README.md \
    share/doc/pnpkit/seeds/circle36.md share/doc/pnpkit/img/circle36.png; do
    [ -s "$P/$f" ] && ok || bad "$f is not installed"
done
[ -x "$P/bin/pnpkit" ] && ok || bad "bin/pnpkit is not executable"
cmp -s "$P/share/pnpkit/templates/circle36.yaml" "$SRC/templates/circle36.yaml" && ok || bad "template copy"

# Run from another directory, with a clean user directory.
mkdir -p "$T/elsewhere" "$T/xdg"
cd "$T/elsewhere"
export XDG_DATA_HOME="$T/xdg"
unset PNPKIT_DATADIR
expect_status 0 "installed list" -- "$P/bin/pnpkit" list
expect_stdout "^circle36 +Circle 36 \(built-in\)$" "built-in template listed"
expect_status 0 "installed render" -- "$P/bin/pnpkit" render circle36 --format png --dpi 20
[ -s out/circle36.png ] && ok || bad "render from the installed binary"

# A template only the installation has.
sed 's/^name: dicrono/name: extra/; s/^title: DiCroNo/title: Extra grid/' \
    "$SRC/templates/dicrono.yaml" > "$P/share/pnpkit/templates/extra.yaml"
expect_status 0 "list installed-only" -- "$P/bin/pnpkit" list
expect_stdout "^extra +Extra grid \(installed: $P/share/pnpkit/templates/extra.yaml\)$" "installed template listed with its file"
expect_status 0 "render installed-only" -- "$P/bin/pnpkit" render extra -o "$T/extra.pdf"
pdftotext "$T/extra.pdf" - | grep -q "Column: the WHITE die" && ok || bad "installed template content"
# The build-tree binary does not see it (it looks in its own prefix).
expect_status 1 "not from the build tree" -- env PNPKIT_DATADIR="$T/none" "$PNPKIT" render extra -o "$T/x.pdf"

# The tree can move: the binary finds the data beside it.
mv "$P" "$T/moved"
expect_status 0 "moved list" -- "$T/moved/bin/pnpkit" list
expect_stdout "^extra +Extra grid \(installed: $T/moved/share/pnpkit/templates/extra.yaml\)$" "moved tree"
# PNPKIT_DATADIR overrides it.
expect_status 0 "PNPKIT_DATADIR" -- env PNPKIT_DATADIR="$T/none" "$T/moved/bin/pnpkit" list --names
grep -qx extra "$T/out" && bad "PNPKIT_DATADIR ignored" || ok
mv "$T/moved" "$P"

# User templates in $XDG_DATA_HOME/pnpkit/templates, one hiding a built-in.
mkdir -p "$T/xdg/pnpkit/templates"
sed 's/^name: circle36/name: mine/; s/^title: Circle 36/title: My board/' \
    "$SRC/templates/circle36.yaml" > "$T/xdg/pnpkit/templates/mine.yaml"
sed 's/^title: DiCroNo/title: House DiCroNo/' "$SRC/templates/dicrono.yaml" > "$T/xdg/pnpkit/templates/dicrono.yaml"
printf 'name: broken\ncomponents: 3\n' > "$T/xdg/pnpkit/templates/broken.yaml"
expect_status 1 "list with a broken user template" -- "$P/bin/pnpkit" list
expect_stdout "^mine +My board \(user: $T/xdg/pnpkit/templates/mine.yaml\)$" "user template listed"
expect_stdout "^dicrono +House DiCroNo \(user: $T/xdg/pnpkit/templates/dicrono.yaml; hides the built-in one\)$" "user template hides the built-in"
expect_stdout "^extra " "others still listed"
expect_stderr "broken.yaml:2:13: " "the broken one named with its place"
rm "$T/xdg/pnpkit/templates/broken.yaml"
expect_status 0 "render user template" -- "$P/bin/pnpkit" render mine -o "$T/mine.pdf"
expect_status 0 "names" -- "$P/bin/pnpkit" list --names
builtin=$(env XDG_DATA_HOME="$T/none" PNPKIT_DATADIR="$T/none" "$P/bin/pnpkit" list --names)
expect_eq "$(tr '\n' ' ' < "$T/out")" "$(printf '%s\nextra\nmine\n' "$builtin" | LC_ALL=C sort | tr '\n' ' ')" "every name once, sorted"

# The man page renders without warnings.
MANWIDTH=80 man --warnings -l "$P/share/man/man1/pnpkit.1" > "$T/man.txt" 2> "$T/man.err" && ok || bad "man -l"
[ -s "$T/man.err" ] && bad "man warnings: $(head -c 300 "$T/man.err")" || ok
grep -q "^PNPKIT(1)" "$T/man.txt" && ok || bad "man header"
for s in SYNOPSIS "RENDER OPTIONS" "LIST FILES" TEMPLATES ENVIRONMENT "EXIT STATUS" EXAMPLES; do
    grep -q "^$s" "$T/man.txt" && ok || bad "man section $s"
done
# Every render option the binary knows is in the man page.
for o in $("$P/bin/pnpkit" help render | grep -oE -- '--[a-z]+' | sort -u); do
    grep -q -- "$o" "$T/man.txt" && ok || bad "man page lacks $o"
done

# Every command is in the man page's synopsis and described.
for c in $("$P/bin/pnpkit" --help | awk '/^Commands:/ {on=1; next} on && /^  [a-z]/ {print $1}'); do
    grep -q "^       pnpkit $c" "$T/man.txt" && ok || bad "man synopsis lacks $c"
    grep -Eq "^       $c( |$)" "$T/man.txt" && ok || bad "man page does not describe $c"
done

# The completion loads in bash and completes commands, templates and options.
complete_words() {
    PATH="$P/bin:$PATH" bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _pnpkit; printf "%s\n" "${COMPREPLY[@]}"' \
        sh "$P/share/bash-completion/completions/pnpkit" "$@" | sort | tr '\n' ' '
}
PATH="$P/bin:$PATH" bash -c '. "$1" && complete -p pnpkit' sh "$P/share/bash-completion/completions/pnpkit" > "$T/complete" 2>&1
grep -q -- "-F _pnpkit pnpkit" "$T/complete" && ok || bad "completion not registered: $(cat "$T/complete")"
commands=$("$P/bin/pnpkit" --help | awk '/^Commands:/ {on=1; next} on && /^  [a-z]/ {print $1}')
expect_eq "$(complete_words pnpkit '')" "$(printf -- '--help\n--version\n%s\n' "$commands" | sort | tr '\n' ' ')" "commands"
echo "$commands" | grep -qx render && ok || bad "render is a command"
expect_eq "$(complete_words pnpkit re)" "render " "command prefix"
expect_eq "$(complete_words pnpkit render m)" "mine " "user template name"
mkdir ex-dir
expect_eq "$(complete_words pnpkit render e)" "ex-dir extra " "installed template name and a directory"
expect_eq "$(complete_words pnpkit render circle36 --backe)" "--backend " "render option"
expect_eq "$(complete_words pnpkit render circle36 --backend '')" "cairo haru " "backend ids"
expect_eq "$(complete_words pnpkit list --n)" "--names " "list option"
expect_eq "$(complete_words pnpkit help r)" "render " "help topic"
expect_eq "$(complete_words pnpkit check t)" "thinking-in-circles " "check's game"

# make install PREFIX=... installs the same tree.
cd "$SRC"
expect_status 0 "make install" -- make --no-print-directory install PREFIX="$T/m" BUILD="$BUILD"
for f in bin/pnpkit share/pnpkit/templates/circle36.yaml share/man/man1/pnpkit.1 share/bash-completion/completions/pnpkit; do
    [ -s "$T/m/$f" ] && ok || bad "make install: $f missing"
done
finish
