#!/bin/sh
# test_cli_atrig: `dmlp run atan|asin|acos|atan_yx` (docs/operators.md) against bits
# rounded once from mpmath at 300 bits (written out below, so the test does not depend on
# the library): atan_yx's order (the first file is the y axis), its signed zeros, float16
# with numpy's broadcasting, --scale/--bias on atan, asin and acos in float32, and the
# refusals (inputs of two types, an integer input).
# usage: test_cli_atrig.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_atrig.sh path/to/dmlp}
name=test_cli_atrig
. "$(dirname "$0")/numpy_checks.sh"

"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
w = sys.argv[1]
np.save(f"{w}/y_f4.npy", np.array([1, -1, 3, 1e-30, 0, -0.0], np.float32))
np.save(f"{w}/x_f4.npy", np.array([1, -1, -4, 1e30, -0.0, -0.0], np.float32))
np.save(f"{w}/y_f2.npy", np.array([[1], [-0.5]], np.float16))
np.save(f"{w}/x_f2.npy", np.array([2, -1, 0.25], np.float16))
np.save(f"{w}/t_f4.npy", np.array([0.5, -0.5, 1e-3], np.float32))
np.save(f"{w}/s_f4.npy", np.array([0.5, -0.75, 0.999, 2], np.float32))
np.save(f"{w}/x_i4.npy", np.array([1, 2], np.int32))
PY

check 0 "atan_yx f4" run atan_yx "$work/y_f4.npy" "$work/x_f4.npy" "$work/yx_f4.npy"
check 0 "atan_yx f2 broadcast" run atan_yx "$work/y_f2.npy" "$work/x_f2.npy" "$work/yx_f2.npy"
check 0 "atan f4 scale bias" run atan --scale 2 --bias 1 "$work/t_f4.npy" "$work/at_f4.npy"
check 0 "asin f4" run asin "$work/s_f4.npy" "$work/as_f4.npy"
check 0 "acos f4" run acos "$work/s_f4.npy" "$work/ac_f4.npy"

"$py" - "$work" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
w = sys.argv[1]
want = {
    # atan2(1, 1) = pi/4, atan2(-1, -1) = -3pi/4, atan2(3, -4), atan2(1e-30, 1e30) = +0
    # (2^-199 rounds to 0), atan2(+0, -0) = pi, atan2(-0, -0) = -pi
    "yx_f4": ([6], [0x3F490FDB, 0xC016CBE4, 0x401FE0BB, 0x00000000, 0x40490FDB,
                    0xC0490FDB]),
    # [[1], [-0.5]] against [2, -1, 0.25]
    "yx_f2": ([2, 3], [0x376B, 0x40B6, 0x3D4E, 0xB3D7, 0xC15B, 0xBC6E]),
    # atan(2x + 1): atan 2, atan 0 = +0, atan(1.002) of the binary32 2x + 1
    "at_f4": ([3], [0x3F8DB70D, 0x00000000, 0x3F495153]),
    "as_f4": ([4], [0x3F060A92, 0xBF591A99, 0x3FC35650, 0x7FC00000]),  # asin 2: NaN
    "ac_f4": ([4], [0x3F860A92, 0x401ACE93, 0x3D37315A, 0x7FC00000]),
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

check 1 "atan_yx float16 x" run atan_yx "$work/t_f4.npy" "$work/x_f2.npy" "$work/no.npy"
has "BTensor.DataType is FLOAT16" "atan_yx float16 x: message"
check 1 "atan int32" run atan "$work/x_i4.npy" "$work/no.npy"
has "InputTensor.DataType is INT32" "atan int32: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_atrig: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
