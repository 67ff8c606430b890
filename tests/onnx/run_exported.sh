#!/bin/sh
# Runs one exported-model case (tests/onnx/exported/, written by export_torch_models.py)
# with the built dmlp, comparing every output bit for bit (NaN equal to NaN).
#   run_exported.sh DMLP CASE_DIR            a case in ONNX's backend test layout
#   run_exported.sh DMLP refused/CASE_DIR    a case dmlp must refuse at run time
# Every model here must load and run: dmlp has every operator the exporter wrote for
# them, so a refusal for a missing operator is a failure, not a skip.
set -u
dmlp=$1
dir=$2
if [ -f "$dir/expect.txt" ]; then
    # inputs.txt: one "NAME FILE" line per graph input; expect.txt: the message fragment
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    set --
    while read -r name file; do
        set -- "$@" -i "$name=$dir/$file"
    done <"$dir/inputs.txt"
    mkdir "$work/out"
    "$dmlp" onnx "$dir/model.onnx" "$@" -o "$work/out" >"$work/stdout" 2>"$work/stderr"
    rc=$?
    cat "$work/stderr"
    fragment=$(cat "$dir/expect.txt")
    if [ "$rc" -ne 1 ]; then
        echo "FAIL: exit $rc, expected 1" >&2
        exit 1
    fi
    if [ "$(wc -l <"$work/stderr")" -ne 1 ] || ! grep -qF -- "$fragment" "$work/stderr"; then
        echo "FAIL: expected one line containing: $fragment" >&2
        exit 1
    fi
    if [ -n "$(ls -A "$work/out")" ]; then
        echo "FAIL: files were written: $(ls -A "$work/out")" >&2
        exit 1
    fi
    echo "refused as expected"
    exit 0
fi
out=$("$dmlp" onnx-test --exact "$dir" 2>&1)
rc=$?
echo "$out"
case "$out" in
*"1 passed, 0 failed"*)
    [ "$rc" -eq 0 ] && exit 0 ;;
esac
exit 1
