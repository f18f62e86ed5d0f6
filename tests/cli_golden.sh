# cli_golden.sh: the laid-out scene of each built-in sheet against its checked-in
# golden file (tests/golden/NAME.scene). After an intended layout change, accept
# the new layouts with: PNPKIT_REGEN=1 sh tests/cli_golden.sh build/pnpkit .
. "$(dirname "$0")/lib.sh"

check() {
    name=$1; shift
    golden="$SRC/tests/golden/$name.scene"
    if ! "$PNPKIT" render "$@" -o "$T/$name.scene"; then
        bad "$name: render failed"
        return
    fi
    if [ -n "${PNPKIT_REGEN:-}" ]; then
        cp "$T/$name.scene" "$golden"
        echo "regenerated $golden"
        ok
    elif [ ! -f "$golden" ]; then
        bad "$name: no golden file $golden (run with PNPKIT_REGEN=1)"
    elif cmp -s "$golden" "$T/$name.scene"; then
        ok
    else
        bad "$name: the layout changed; first differences:"
        diff "$golden" "$T/$name.scene" | head -8
    fi
}

check circle36 circle36
check circle36-letter circle36 --paper letter
check dicrono dicrono
finish
