# Sourced by the `dmlp run` tests that compare with numpy (test_cli_identity.sh,
# test_cli_abs_negate.sh, test_cli_binary.sh, test_cli_logical.sh, test_cli_cast.sh), after
# they set $name and $dmlp. Skips the test (77) without Debian's /usr/bin/python3 and
# numpy; gives $py, a folder $work removed at exit, the counters $passed and $failed, and two checks:
#   check STATUS DESCRIPTION ARGS...   runs dmlp ARGS, its exit status must be STATUS
#   has TEXT DESCRIPTION               the last check's stderr holds TEXT
py=/usr/bin/python3
if ! [ -x "$py" ] || ! "$py" -c 'import numpy' 2>/dev/null; then
    echo "$name: skipped: needs /usr/bin/python3 with numpy"
    exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/dmlp-$name.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
check() {
    want=$1 what=$2
    shift 2
    "$dmlp" "$@" >"$work/stdout" 2>"$work/stderr" </dev/null
    got=$?
    if [ "$got" = "$want" ]; then passed=$((passed + 1)); else
        failed=$((failed + 1)); echo "FAIL: $what: exit $got, expected $want: $(head -c 300 "$work/stderr")"; fi
}
has() {
    if grep -F -q -e "$1" "$work/stderr"; then passed=$((passed + 1)); else
        failed=$((failed + 1)); echo "FAIL: $2: '$1' not in $(head -c 300 "$work/stderr")"; fi
}
