#!/bin/sh
# test_cli_recip_sqrt: `dmlp run recip` and `dmlp run sqrt` (docs/operators.md) on every
# float dtype against numpy (float16 through float32 and rounded once, NaNs made quiet; sqrt
# below zero the positive default NaN), with --scale/--bias
# against numpy's binary32 x * scale + bias, and the refusals.
# usage: test_cli_recip_sqrt.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_recip_sqrt.sh path/to/dmlp}
name=test_cli_recip_sqrt
. "$(dirname "$0")/numpy_checks.sh"

# Inputs of every dtype (tests/cli/cli_elementwise.py).
"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

ops="recip sqrt"
for op in $ops; do
    for dt in f2 f4 f8; do
        check 0 "$op $dt" run $op --feature-level ext "$work/in_$dt.npy" "$work/${op}_$dt.npy"
    done
    check 0 "$op f4 scale bias" run $op --scale -2.5 --bias 0.75 "$work/in_f4.npy" \
        "$work/${op}_sb_f4.npy"
done

"$py" - "$work" "$ops" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
from cli_elementwise import same, quiet
work = sys.argv[1]


def sqrt(x):
    r = np.sqrt(x)
    r[(x < 0) & ~np.isnan(x)] = np.nan  # below zero (-inf too): the positive default NaN
    return np.where(np.isnan(x), x, np.where(np.isnan(r), np.abs(r), r))


FUNCTIONS = {"recip": lambda x: np.float32(1) / x if x.dtype != np.float64 else 1.0 / x,
             "sqrt": sqrt}


def model(op, x):
    """The operator in the type's precision; float16 through float32, rounded once."""
    if x.dtype == np.float16:
        return quiet(FUNCTIONS[op](x.astype(np.float32)).astype(np.float16))
    return quiet(FUNCTIONS[op](x).astype(x.dtype))


with np.errstate(all='ignore'):
    for op in sys.argv[2].split():
        for dt in ['f2', 'f4', 'f8']:
            x = np.load(f"{work}/in_{dt}.npy")
            same(f"{op} {dt}", np.load(f"{work}/{op}_{dt}.npy"), model(op, x))
        x = np.load(f"{work}/in_f4.npy")
        y = (x * np.float32(-2.5)) + np.float32(0.75)
        y.view(np.uint32)[np.isnan(y)] = 0x7fc00000
        y.view(np.uint32)[np.isnan(x)] = x.view(np.uint32)[np.isnan(x)] | 0x00400000
        same(f"{op} f4 scale bias", np.load(f"{work}/{op}_sb_f4.npy"), model(op, y))
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

for op in $ops; do
    check 1 "$op int32" run $op --feature-level ext "$work/in_i4.npy" "$work/no.npy"
    has "InputTensor.DataType is INT32" "$op int32: message"
    check 1 "$op f8 without ext" run $op "$work/in_f8.npy" "$work/no.npy"
    has "InputTensor.DataType is FLOAT64" "$op f8: message"
done
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_recip_sqrt: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
