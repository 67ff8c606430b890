#!/bin/sh
# test_cli_mean: `dmlp run mean A B OUT` (docs/operators.md) on its dtypes, B broadcast
# along the first axis, against numpy: (a + b) / 2 in float32 and float64 (any NaN for a
# NaN), float16 evaluated in float32 and rounded once, int32 and uint32 with the sum
# wrapping and the half truncating toward zero. Then the refusals: int32 at 1_0, float64
# without the extensions, an int8 tensor. usage: test_cli_mean.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_mean.sh path/to/dmlp}
name=test_cli_mean
. "$(dirname "$0")/numpy_checks.sh"

# Inputs of every dtype (tests/cli/cli_elementwise.py).
"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

for dt in i4 u4 f2 f4; do
    check 0 "mean $dt" run mean "$work/in_$dt.npy" "$work/b_$dt.npy" "$work/m_$dt.npy"
done
check 0 "mean f8" run mean --feature-level ext "$work/in_f8.npy" "$work/b_f8.npy" \
    "$work/m_f8.npy"

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
work = sys.argv[1]
with np.errstate(all='ignore'):
    for dt in ['i4', 'u4', 'f2', 'f4', 'f8']:
        a, b = np.load(f"{work}/in_{dt}.npy"), np.load(f"{work}/b_{dt}.npy")
        if dt[0] == 'f':
            wide = np.float32 if dt == 'f2' else a.dtype
            want = ((a.astype(wide) + b.astype(wide)) / 2).astype(a.dtype)
        else:
            s = (a.astype(np.int64) + b.astype(np.int64)).astype(a.dtype).astype(np.int64)
            want = (np.sign(s) * (np.abs(s) // 2)).astype(a.dtype)
        got = np.load(f"{work}/m_{dt}.npy")
        if dt[0] == 'f':  # the NaNs are the library's rule (docs/operators.md)
            nan = np.isnan(want)
            if not np.array_equal(np.isnan(got), nan):
                print(f"FAIL: mean {dt}: NaNs differ")
                ce.bad += 1
            got, want = np.where(nan, 0, got).astype(a.dtype), np.where(nan, 0, want).astype(a.dtype)
        ce.same(f"mean {dt}", got, want)
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "mean int32 at 1_0" run mean --feature-level 1_0 "$work/in_i4.npy" "$work/b_i4.npy" "$work/no.npy"
has "ELEMENT_WISE_MEAN" "mean int32 at 1_0: names the operator"
has "ATensor.DataType is INT32" "mean int32 at 1_0: names the type"
check 1 "mean float64 without the extensions" run mean "$work/in_f8.npy" "$work/b_f8.npy" "$work/no.npy"
has "ELEMENT_WISE_MEAN: ATensor.DataType is FLOAT64; it needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS" \
    "mean float64: message"
check 1 "mean int8" run mean --feature-level ext "$work/in_i1.npy" "$work/b_i1.npy" "$work/no.npy"
has "ATensor.DataType is INT8" "mean int8: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_mean: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
