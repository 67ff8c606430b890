#!/bin/sh
# test_cli_clip_grad: `dmlp run clipgrad X GRAD OUT` (docs/operators.md) on every dtype,
# the gradient broadcast along the first axis, against numpy: the gradient where
# min < x < max as exact numbers (Python's own comparison of integers with floats, so
# 64-bit integers are not rounded), else 0; a NaN x lets the gradient through. Bounds
# between integers, the defaults (-inf, inf), a NaN bound. Then the refusals.
# usage: test_cli_clip_grad.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_clip_grad.sh path/to/dmlp}
name=test_cli_clip_grad
. "$(dirname "$0")/numpy_checks.sh"

"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

for dt in i1 u1 i2 u2 i4 u4 i8 u8 f2 f4 f8; do
    check 0 "clipgrad $dt" run clipgrad --feature-level ext --min=-2.5 --max 3.25 \
        "$work/in_$dt.npy" "$work/b_$dt.npy" "$work/cg_$dt.npy"
    check 0 "clipgrad $dt defaults" run clipgrad --feature-level ext \
        "$work/in_$dt.npy" "$work/b_$dt.npy" "$work/cgd_$dt.npy"
    check 0 "clipgrad $dt nan min" run clipgrad --feature-level ext --min nan --max 1e9 \
        "$work/in_$dt.npy" "$work/b_$dt.npy" "$work/cgn_$dt.npy"
done

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, math, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
work = sys.argv[1]

def model(x, g, lo, hi):
    g = np.broadcast_to(g, x.shape)
    if x.dtype.kind == 'f':
        v = x.astype(np.float64)  # exact
        cut = (v <= lo) | (v >= hi)  # False for NaN on either side
    else:  # Python ints against the float bounds: exact comparisons
        flat = [(not math.isnan(lo) and int(a) <= lo) or (not math.isnan(hi) and int(a) >= hi)
                for a in x.flat]
        cut = np.array(flat, dtype=bool).reshape(x.shape)
    return np.where(cut, np.zeros((), x.dtype), g).astype(x.dtype)

with np.errstate(all='ignore'):
    for dt in ce.DTYPES:
        x, g = np.load(f"{work}/in_{dt}.npy"), np.load(f"{work}/b_{dt}.npy")
        ce.same(f"clipgrad {dt}", np.load(f"{work}/cg_{dt}.npy"), model(x, g, -2.5, 3.25))
        ce.same(f"clipgrad {dt} defaults", np.load(f"{work}/cgd_{dt}.npy"),
                model(x, g, -math.inf, math.inf))
        ce.same(f"clipgrad {dt} nan min", np.load(f"{work}/cgn_{dt}.npy"),
                model(x, g, math.nan, 1e9))
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "clipgrad below 3_1" run clipgrad --feature-level 3_0 "$work/in_f4.npy" "$work/b_f4.npy" "$work/no.npy"
has "ELEMENT_WISE_CLIP_GRAD" "clipgrad below 3_1: names the operator"
has "3_1" "clipgrad below 3_1: names the level"
check 1 "clipgrad int64 at 4_1" run clipgrad --feature-level 4_1 "$work/in_i8.npy" "$work/b_i8.npy" "$work/no.npy"
has "ELEMENT_WISE_CLIP_GRAD: InputTensor.DataType is INT64" "clipgrad int64 at 4_1: message"
check 1 "clipgrad float64 without the extensions" run clipgrad "$work/in_f8.npy" "$work/b_f8.npy" "$work/no.npy"
has "it needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS" "clipgrad float64: message"
check 1 "clipgrad of two dtypes" run clipgrad --feature-level ext "$work/in_f4.npy" "$work/b_f8.npy" "$work/no.npy"
has "InputGradientTensor" "clipgrad of two dtypes: names the gradient"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_clip_grad: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
