#!/bin/sh
# test_cli_activations: `dmlp run` of the activations with FLOAT members (docs/operators.md)
# on every dtype each takes, with the defaults (ONNX's) and given FLOAT options (numbers,
# inf, nan), under both NaN rules where they differ, against the numpy models of
# cli_activations.py. Then the refusals and the usage errors.
# usage: test_cli_activations.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_activations.sh path/to/dmlp}
name=test_cli_activations
. "$(dirname "$0")/numpy_checks.sh"

"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

# run OP NAME DTYPES OPTIONS...: runs OP on each dtype's input, then checks the outputs
run() {
    op=$1 case=$2 dtypes=$3
    shift 3
    for dt in $dtypes; do
        check 0 "$op $case $dt" run "$op" --feature-level ext "$@" "$work/in_$dt.npy" \
            "$work/${case}_$dt.npy"
    done
    PYTHONPATH="$(dirname "$0")" "$py" "$(dirname "$0")/cli_activations.py" check "$work" \
        "$op" "$case" "$@" && passed=$((passed + 1)) || failed=$((failed + 1))
    rm -f "$work/${case}"_*.npy
}

floats="f2 f4 f8"
run linear lin1 "$floats" --alpha=1.5 --beta=-0.25
run linear lin2 "$floats" --alpha=-3 --beta=inf
run linear lin3 "$floats" --alpha=nan --beta=1
run thresholded_relu tr0 "$floats"
run thresholded_relu tr1 "$floats" --alpha=-0.5
run thresholded_relu tr2 "$floats" --alpha=nan
run hard_sigmoid hs0 "$floats"
run hard_sigmoid hs1 "$floats" --alpha=-2 --beta=0.25
run hard_sigmoid hs2 "$floats" --alpha=0 --beta=nan
run hard_sigmoid hs3 "$floats" --alpha=0 --beta=nan --nan=propagate
run hard_sigmoid hs4 "$floats" --nan=propagate
run shrink sh0 "$floats i1 u1 i2 u2 i4 u4"
run shrink sh1 "$floats i1 u1 i2 u2 i4 u4" --bias=1.5 --threshold=2
run shrink sh2 "$floats i1 u1 i2 u2 i4 u4" --bias=-300.5 --threshold=-1
run shrink sh3 "$floats i1 i4" --bias=nan --threshold=0
run hard_swish hw0 "$floats"
run hard_swish hw1 "$floats" --alpha=0.25 --beta=-1 --nan=propagate
run hard_swish hw2 "$floats" --alpha=0 --beta=nan

check 2 "linear without --beta" run linear --alpha 2 "$work/in_f4.npy" "$work/no.npy"
has "linear needs --beta (its Beta)" "linear without --beta: message"
check 1 "linear float64 without the extensions" run linear --alpha 1 --beta 0 "$work/in_f8.npy" "$work/no.npy"
has "ACTIVATION_LINEAR: InputTensor.DataType is FLOAT64" "linear float64: message"
check 2 "--threshold for linear" run linear --alpha 1 --beta 0 --threshold 1 "$work/in_f4.npy" "$work/no.npy"
has "--threshold is for shrink only" "--threshold for shrink only: message"
check 2 "--scale for shrink" run shrink --scale 2 "$work/in_f4.npy" "$work/no.npy"
has "--scale and --bias are for" "--scale for shrink: message"
check 1 "shrink int32 at 5_0" run shrink --feature-level 5_0 "$work/in_i4.npy" "$work/no.npy"
has "ACTIVATION_SHRINK: InputTensor.DataType is INT32" "shrink int32 at 5_0: message"
check 1 "shrink int64" run shrink --feature-level ext "$work/in_i8.npy" "$work/no.npy"
has "ACTIVATION_SHRINK: InputTensor.DataType is INT64" "shrink int64: message"
check 1 "hard_swish at 6_1" run hard_swish --feature-level 6_1 "$work/in_f4.npy" "$work/no.npy"
has "ACTIVATION_HARD_SWISH: the device's feature level is 6_1; the operator needs feature level 6_2" \
    "hard_swish at 6_1: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_activations: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
