#!/bin/sh
# test_cli_diffsq: `dmlp run diffsq A B OUT` (docs/operators.md) on its dtypes, B broadcast
# along the first axis, against numpy: (a - b) * (a - b) in float32 and float64 (any NaN
# for a NaN), float16 evaluated in float32 and rounded once, int32 and uint32 wrapping.
# Then the refusals: below 3_1, an extension dtype without the extensions, an int8
# tensor. usage: test_cli_diffsq.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_diffsq.sh path/to/dmlp}
name=test_cli_diffsq
. "$(dirname "$0")/numpy_checks.sh"

# Inputs of every dtype (tests/cli/cli_elementwise.py).
"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

for dt in i4 u4 f2 f4; do
    check 0 "diffsq $dt" run diffsq "$work/in_$dt.npy" "$work/b_$dt.npy" "$work/d_$dt.npy"
done
check 0 "diffsq f8" run diffsq --feature-level ext "$work/in_f8.npy" "$work/b_f8.npy" \
    "$work/d_f8.npy"

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
work = sys.argv[1]
with np.errstate(all='ignore'):
    for dt in ['i4', 'u4', 'f2', 'f4', 'f8']:
        a, b = np.load(f"{work}/in_{dt}.npy"), np.load(f"{work}/b_{dt}.npy")
        wide = np.float32 if dt == 'f2' else a.dtype
        d = a.astype(wide) - b.astype(wide)
        want = (d * d).astype(a.dtype)
        got = np.load(f"{work}/d_{dt}.npy")
        if dt[0] == 'f':  # the NaNs are the library's rule (docs/operators.md)
            nan = np.isnan(want)
            if not np.array_equal(np.isnan(got), nan):
                print(f"FAIL: diffsq {dt}: NaNs differ")
                ce.bad += 1
            got, want = np.where(nan, 0, got).astype(a.dtype), np.where(nan, 0, want).astype(a.dtype)
        ce.same(f"diffsq {dt}", got, want)
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "diffsq below 3_1" run diffsq --feature-level 3_0 "$work/in_f4.npy" "$work/b_f4.npy" "$work/no.npy"
has "ELEMENT_WISE_DIFFERENCE_SQUARE" "diffsq below 3_1: names the operator"
has "3_1" "diffsq below 3_1: names the level"
check 1 "diffsq float64 without the extensions" run diffsq "$work/in_f8.npy" "$work/b_f8.npy" "$work/no.npy"
has "ELEMENT_WISE_DIFFERENCE_SQUARE: ATensor.DataType is FLOAT64; it needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS" \
    "diffsq float64: message"
check 1 "diffsq int8" run diffsq --feature-level ext "$work/in_i1.npy" "$work/b_i1.npy" "$work/no.npy"
has "ATensor.DataType is INT8" "diffsq int8: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_diffsq: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
