# cli_fuzz_dirs.sh: every folder of fuzz/seeds/ and fuzz/regressions/ belongs
# to a harness (fuzz/fuzz_NAME.c), so that ctest's fuzz_NAME_replay replays
# every input kept there; a folder named after no harness would be skipped
# without a word. Every harness has a dictionary (fuzz/NAME.dict, or the one
# fuzz/run.sh gives it) and seeds of its own or built-in ones.
. "$(dirname "$0")/lib.sh"
for d in "$SRC"/fuzz/seeds/* "$SRC"/fuzz/regressions/*; do
    [ -d "$d" ] || continue
    name=${d##*/}
    if [ -f "$SRC/fuzz/fuzz_$name.c" ]; then ok; else bad "$d: no harness fuzz/fuzz_$name.c replays it"; fi
done
for h in "$SRC"/fuzz/fuzz_*.c; do
    name=${h##*/fuzz_}
    name=${name%.c}
    case $name in
    template | render | lint) dict=template ;;
    c36_sheet | dc_sheet | cpx_sheet | score) dict=sheets ;;
    *) dict=$name ;;
    esac
    if [ -f "$SRC/fuzz/$dict.dict" ]; then ok; else bad "fuzz_$name: no dictionary fuzz/$dict.dict"; fi
    if grep -q "fuzz/$dict\.dict" "$SRC/fuzz/run.sh" || [ "$dict" = "$name" ]; then ok; else
        bad "fuzz_$name: fuzz/run.sh does not give it fuzz/$dict.dict"
    fi
done
finish
