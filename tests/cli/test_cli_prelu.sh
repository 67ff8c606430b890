#!/bin/sh
# test_cli_prelu: `dmlp run prelu X SLOPE OUT` (docs/operators.md) on its dtypes, the
# slope broadcast along the first axis, against numpy: x if x >= 0 (-0 kept), else
# slope * x (float16 formed in float32 and rounded once; a NaN x gives a NaN; integers
# wrap, unsigned ones unchanged). Then the refusals. usage: test_cli_prelu.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_prelu.sh path/to/dmlp}
name=test_cli_prelu
. "$(dirname "$0")/numpy_checks.sh"

# Inputs of every dtype (tests/cli/cli_elementwise.py).
"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

for dt in i1 i2 i4 f2 f4; do
    check 0 "prelu $dt" run prelu "$work/in_$dt.npy" "$work/b_$dt.npy" "$work/p_$dt.npy"
done
for dt in i8 u4 u8 f8; do
    check 0 "prelu $dt" run prelu --feature-level ext "$work/in_$dt.npy" "$work/b_$dt.npy" \
        "$work/p_$dt.npy"
done

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
work = sys.argv[1]
with np.errstate(all='ignore'):
    for dt in ['i1', 'i2', 'i4', 'i8', 'u4', 'u8', 'f2', 'f4', 'f8']:
        x, s = np.load(f"{work}/in_{dt}.npy"), np.load(f"{work}/b_{dt}.npy")
        wide = np.float32 if dt == 'f2' else x.dtype
        product = (s.astype(wide) * x.astype(wide)).astype(x.dtype)
        keep = (x >= 0) & ~np.isnan(x) if dt[0] == 'f' else x >= 0
        want = np.where(keep, x, product).astype(x.dtype)
        got = np.load(f"{work}/p_{dt}.npy")
        if dt[0] == 'f':  # which NaN is the library's rule (docs/operators.md)
            nan = np.isnan(want)
            if not np.array_equal(np.isnan(got), nan):
                print(f"FAIL: prelu {dt}: NaNs differ")
                ce.bad += 1
            got, want = np.where(nan, 0, got).astype(x.dtype), np.where(nan, 0, want).astype(x.dtype)
        ce.same(f"prelu {dt}", got, want)
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "prelu int32 below 5_1" run prelu --feature-level 5_0 "$work/in_i4.npy" "$work/b_i4.npy" "$work/no.npy"
has "ACTIVATION_PARAMETERIZED_RELU: InputTensor.DataType is INT32" "prelu int32 at 5_0: message"
check 1 "prelu uint8" run prelu --feature-level ext "$work/in_u1.npy" "$work/b_u1.npy" "$work/no.npy"
has "InputTensor.DataType is UINT8" "prelu uint8: message"
check 1 "prelu of two dtypes" run prelu --feature-level ext "$work/in_f4.npy" "$work/b_f8.npy" "$work/no.npy"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_prelu: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
