#!/bin/sh
# test_cli_abs_negate: `dmlp run abs` and `dmlp run negate` (docs/operators.md) on every
# dtype they take (unsigned and float64 with --feature-level ext), against numpy's absolute and negative (integers wrap, floats change
# the sign bit only), abs with --scale/--bias against numpy's binary32 arithmetic, and the
# refusals. usage: test_cli_abs_negate.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_abs_negate.sh path/to/dmlp}
name=test_cli_abs_negate
. "$(dirname "$0")/numpy_checks.sh"

# Inputs: random bit patterns of every dtype (NaNs with payloads, -0, INT_MIN among them).
"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
work = sys.argv[1]
rng = np.random.default_rng(11)
for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
    bits = {'1': np.uint8, '2': np.uint16, '4': np.uint32, '8': np.uint64}[dt[1]]
    raw = rng.integers(0, np.iinfo(bits).max, size=(2, 3, 41), dtype=bits, endpoint=True)
    raw.flat[0] = 1 << (8 * raw.itemsize - 1)  # INT_MIN, -0.0
    np.save(f"{work}/in_{dt}.npy", raw.view(np.dtype(dt)))
PY

for dt in i1 u1 i2 u2 i4 u4 i8 u8 f2 f4 f8; do
    check 0 "abs $dt" run abs --feature-level ext "$work/in_$dt.npy" "$work/abs_$dt.npy"
done
for dt in i1 i2 i4 i8 f2 f4 f8; do
    check 0 "negate $dt" run negate --feature-level ext "$work/in_$dt.npy" "$work/neg_$dt.npy"
done
check 0 "abs f4 scale bias" run abs --scale -2.5 --bias 0.75 "$work/in_f4.npy" "$work/sb_f4.npy"

"$py" - "$work" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
work = sys.argv[1]
bad = 0
def same(name, got, want):
    global bad
    if got.dtype != want.dtype or got.shape != want.shape or got.tobytes() != want.tobytes():
        print(f"FAIL: {name}: differs from numpy"); bad += 1
with np.errstate(all='ignore'):
    for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
        x = np.load(f"{work}/in_{dt}.npy")
        same(f"abs {dt}", np.load(f"{work}/abs_{dt}.npy"), np.absolute(x))
        if dt[0] != 'u':
            same(f"negate {dt}", np.load(f"{work}/neg_{dt}.npy"), np.negative(x))
    # |x * scale + bias| in binary32; a NaN input stays that NaN made quiet, sign cleared,
    # a NaN the arithmetic makes is 0x7fc00000
    x = np.load(f"{work}/in_f4.npy")
    y = (x * np.float32(-2.5)) + np.float32(0.75)
    want = np.absolute(y).view(np.uint32).copy()
    want[np.isnan(y)] = 0x7fc00000
    nan_in = np.isnan(x)
    want[nan_in] = (x.view(np.uint32)[nan_in] | 0x00400000) & 0x7fffffff
    same("abs f4 scale bias", np.load(f"{work}/sb_f4.npy").view(np.uint32), want)
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "abs uint8 without the extensions" run abs "$work/in_u1.npy" "$work/no.npy"
has "ELEMENT_WISE_ABS: InputTensor.DataType is UINT8; it needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS" \
    "abs uint8: message"
check 1 "negate uint8" run negate --feature-level ext "$work/in_u1.npy" "$work/no.npy"
has "ELEMENT_WISE_NEGATE: InputTensor.DataType is UINT8" "negate uint8: message"
check 1 "negate at 4_1" run negate --feature-level 4_1 "$work/in_f4.npy" "$work/no.npy"
has "ELEMENT_WISE_NEGATE: the device's feature level is 4_1; the operator needs feature level 5_0 or higher" \
    "negate at 4_1: message"
check 1 "abs scale on int16" run abs --scale 2 "$work/in_i2.npy" "$work/no.npy"
has "ELEMENT_WISE_ABS: ScaleBias is set; with InputTensor.DataType INT16 it must be NULL" \
    "abs int16 ScaleBias: message"
check 2 "--mode on abs" run abs --mode positive "$work/in_f4.npy" "$work/no.npy"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi
check 0 "caps at 5_0" caps --feature-level 5_0
if grep -q "ELEMENT_WISE_NEGATE (negate)  *5_0 *5_0 *1 to 8 *FLOAT32 FLOAT16 INT64 INT32 INT16 INT8" "$work/stdout"; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: caps row: $(grep NEGATE "$work/stdout")"; fi

echo "test_cli_abs_negate: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
