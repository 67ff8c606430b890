#!/bin/sh
# test_cli_pow: `dmlp run pow` and `dmlp run constant_pow` (docs/operators.md) against bits
# rounded once from mpmath at 300 bits (written out below, so the test does not depend on
# the library): exact results, inexact ones, C99's special values, float16 with numpy's
# broadcasting, --scale/--bias on the base, --exponent, and the refusals (an exponent
# file of another type, an integer base, constant_pow without --exponent).
# usage: test_cli_pow.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_pow.sh path/to/dmlp}
name=test_cli_pow
. "$(dirname "$0")/numpy_checks.sh"

"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
w = sys.argv[1]
np.save(f"{w}/a_f4.npy", np.array([9, 2, -3, -2, 2, 0, -0.0, -8, 1, np.nan], np.float32))
np.save(f"{w}/b_f4.npy", np.array([0.5, -3, 3, -2, 0.1, -1, -3, 1 / 3, np.nan, 0],
                                  np.float32))
np.save(f"{w}/a_f2.npy", np.array([[3], [0.5]], np.float16))
np.save(f"{w}/b_f2.npy", np.array([2, -1, 0.5], np.float16))
np.save(f"{w}/s_f4.npy", np.array([1, 0.5], np.float32))
np.save(f"{w}/h_f4.npy", np.array([0.5], np.float32))
np.save(f"{w}/c_f4.npy", np.array([4, 2, 0.25], np.float32))
np.save(f"{w}/c_f2.npy", np.array([2, -4, 40, 0.5], np.float16))
np.save(f"{w}/x_i4.npy", np.array([1, 2], np.int32))
PY

check 0 "pow f4" run pow "$work/a_f4.npy" "$work/b_f4.npy" "$work/p_f4.npy"
check 0 "pow f2 broadcast" run pow "$work/a_f2.npy" "$work/b_f2.npy" "$work/p_f2.npy"
check 0 "pow f4 scale bias" run pow --scale 2 --bias 1 "$work/s_f4.npy" "$work/h_f4.npy" \
    "$work/sb_f4.npy"
check 0 "constant_pow f4 exponent 1.5" run constant_pow --exponent 1.5 "$work/c_f4.npy" \
    "$work/cp_f4.npy"
check 0 "constant_pow f2 exponent -3" run constant_pow --exponent -3 "$work/c_f2.npy" \
    "$work/cp_f2.npy"

"$py" - "$work" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
w = sys.argv[1]
want = {
    # 9^0.5 = 3, 2^-3, (-3)^3, (-2)^-2, 2^0.1 (inexact), 0^-1 = +inf, -0^-3 = -inf,
    # (-8)^(1/3) the default NaN, 1^NaN = 1, NaN^0 = 1
    "p_f4": ([10], [0x40400000, 0x3E000000, 0xC1D80000, 0x3E800000, 0x3F892FDF,
                    0x7F800000, 0xFF800000, 0x7FC00000, 0x3F800000, 0x3F800000]),
    # [[3], [0.5]] ^ [2, -1, 0.5]: 9, 1/3, sqrt 3, 0.25, 2, sqrt 0.5
    "p_f2": ([2, 3], [0x4880, 0x3555, 0x3EEE, 0x3400, 0x4000, 0x39A8]),
    "sb_f4": ([2], [0x3FDDB3D7, 0x3FB504F3]),                # (2x + 1)^0.5: sqrt 3, sqrt 2
    "cp_f4": ([3], [0x41000000, 0x403504F3, 0x3E000000]),    # 4^1.5, 2^1.5, 0.25^1.5
    "cp_f2": ([4], [0x3000, 0xA400, 0x0106, 0x4800]),        # x^-3; 40^-3 subnormal
}
bad = 0
for name, (shape, bits) in want.items():
    y = np.load(f"{w}/{name}.npy")
    got = y.view(np.uint16 if y.itemsize == 2 else np.uint32).reshape(-1).tolist()
    if list(y.shape) != shape or got != bits:
        bad += 1
        print(f"FAIL: {name}: shape {list(y.shape)} {[hex(b) for b in got]}, "
              f"expected {shape} {[hex(b) for b in bits]}")
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "pow float16 exponent" run pow "$work/c_f4.npy" "$work/b_f2.npy" "$work/no.npy"
has "ExponentTensor.DataType is FLOAT16; it must equal InputTensor.DataType (FLOAT32)" \
    "pow float16 exponent: message"
check 1 "pow int32" run pow "$work/x_i4.npy" "$work/x_i4.npy" "$work/no.npy"
has "InputTensor.DataType is INT32" "pow int32: message"
check 2 "constant_pow without --exponent" run constant_pow "$work/c_f4.npy" "$work/no.npy"
has "constant_pow needs --exponent" "constant_pow without --exponent: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_pow: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
