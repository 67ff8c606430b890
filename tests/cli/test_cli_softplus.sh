#!/bin/sh
# test_cli_softplus: `dmlp run softplus` and `dmlp run parametric_softplus`
# (docs/operators.md) against bits rounded once from mpmath at 200 bits (written out
# below, so the test does not depend on the library): the default Steepness, --steepness,
# float16, --alpha/--beta, and the refusals (a missing required option, an integer input).
# usage: test_cli_softplus.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_softplus.sh path/to/dmlp}
name=test_cli_softplus
. "$(dirname "$0")/numpy_checks.sh"

"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
w = sys.argv[1]
np.save(f"{w}/x_f4.npy", np.array([0, -0.0, 1, -1, 20, -100, np.inf, -np.inf, np.nan],
                                  np.float32))
np.save(f"{w}/x_f2.npy", np.array([-1, 0, 1, 3], np.float16))
np.save(f"{w}/p_f4.npy", np.array([0, 1, -1, 20], np.float32))
np.save(f"{w}/x_i4.npy", np.array([1, 2], np.int32))
PY

check 0 "softplus f4" run softplus "$work/x_f4.npy" "$work/sp_f4.npy"
check 0 "softplus f2 steepness 2" run softplus --steepness 2 "$work/x_f2.npy" "$work/sp_f2.npy"
check 0 "parametric_softplus f4" run parametric_softplus --alpha 0.5 --beta -2 \
    "$work/p_f4.npy" "$work/ps_f4.npy"

"$py" - "$work" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
w = sys.argv[1]
want = {
    # ln 2 (both zeros), softplus(1), softplus(-1), 20, e^-100 (27 subnormal steps),
    # +inf, +0, the NaN made quiet
    "sp_f4": [0x3F317218, 0x3F317218, 0x3FA818F5, 0x3EA063D6, 0x41A00000, 0x0000001B,
              0x7F800000, 0x00000000, 0x7FC00000],
    "sp_f2": [0x2C10, 0x358C, 0x3C41, 0x4201],            # ln(1 + e^2x) / 2
    "ps_f4": [0x3EB17218, 0x3D81F96B, 0x3F881F97, 0x221CBC92],  # 0.5 ln(1 + e^-2x)
}
bad = 0
for name, bits in want.items():
    y = np.load(f"{w}/{name}.npy")
    got = y.view(np.uint16 if y.itemsize == 2 else np.uint32).tolist()
    if got != bits:
        bad += 1
        print(f"FAIL: {name}: {[hex(b) for b in got]}, expected {[hex(b) for b in bits]}")
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 2 "parametric_softplus without --beta" run parametric_softplus --alpha 1 \
    "$work/p_f4.npy" "$work/no.npy"
has "parametric_softplus needs --beta" "parametric_softplus without --beta: message"
check 1 "softplus int32" run softplus "$work/x_i4.npy" "$work/no.npy"
has "InputTensor.DataType is INT32" "softplus int32: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_softplus: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
