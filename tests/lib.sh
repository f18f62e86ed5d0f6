# lib.sh: helpers for the command-line tests (sourced by tests/cli_*.sh).
# Each test script is run as: sh cli_x.sh PNPKIT SOURCE_DIR
PNPKIT=$1
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
PASS=0
FAIL=0

ok() { PASS=$((PASS + 1)); }
bad() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }

# expect_status N DESCRIPTION -- command...
expect_status() {
    want=$1; desc=$2; shift 3
    "$@" >"$T/out" 2>"$T/err"
    got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "$desc: exit $got, expected $want; stderr: $(head -c 300 "$T/err")"; fi
}

# expect_stderr PATTERN DESCRIPTION: the last command's stderr matches the grep -E pattern
expect_stderr() {
    if grep -Eq -- "$1" "$T/err"; then ok; else bad "$2: stderr '$(head -c 300 "$T/err")' does not match '$1'"; fi
}

# expect_stdout PATTERN DESCRIPTION
expect_stdout() {
    if grep -Eq -- "$1" "$T/out"; then ok; else bad "$2: stdout does not match '$1': $(head -c 300 "$T/out")"; fi
}

# expect_eq GOT WANT DESCRIPTION
expect_eq() {
    if [ "$1" = "$2" ]; then ok; else bad "$3: got '$1', expected '$2'"; fi
}

# expect_no_file PATH DESCRIPTION
expect_no_file() {
    if [ -e "$1" ]; then bad "$2: $1 exists"; else ok; fi
}

# expect_qpdf_ok PDF DESCRIPTION: qpdf --check exits 0 (3 would be warnings, 2 errors)
expect_qpdf_ok() {
    qpdf --check "$1" >"$T/qpdf" 2>&1
    got=$?
    if [ "$got" -eq 0 ]; then ok; else bad "$2: qpdf --check exits $got: $(grep -m 2 -iE 'warning|error' "$T/qpdf")"; fi
}

# Prints the summary line ctest reads and exits with the right status.
finish() {
    echo "$PASS passed, $FAIL failed"
    [ "$FAIL" -eq 0 ]
}
