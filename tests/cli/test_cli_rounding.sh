#!/bin/sh
# test_cli_rounding: `dmlp run ceil|floor` (docs/operators.md) on every float dtype against
# numpy's ceil and floor (NaNs made quiet), ceil with --scale/--bias against numpy's binary32
# x * scale + bias, and the refusals. usage: test_cli_rounding.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_rounding.sh path/to/dmlp}
name=test_cli_rounding
. "$(dirname "$0")/numpy_checks.sh"

# Inputs: random bit patterns and small values of every dtype (NaNs with payloads, -0,
# halves and INT_MIN among them), and a B for max that broadcasts along the first axis.
"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
work = sys.argv[1]
rng = np.random.default_rng(23)
for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
    bits = {'1': np.uint8, '2': np.uint16, '4': np.uint32, '8': np.uint64}[dt[1]]
    raw = rng.integers(0, np.iinfo(bits).max, size=(2, 3, 41), dtype=bits, endpoint=True)
    raw.flat[0] = 1 << (8 * raw.itemsize - 1)  # INT_MIN, -0.0
    x = raw.view(np.dtype(dt)).copy()
    if dt[0] == 'f':  # half of them small, where rounding has work to do
        x.flat[1::2] = (rng.integers(-40, 40, size=x.size // 2) / 4).astype(dt)
        x.flat[1] = -0.5
    np.save(f"{work}/in_{dt}.npy", x)
    b = x[:, :1, :].copy()
    b.flat[::3] = x.flat[:b.size:3]  # ties with A
    np.save(f"{work}/b_{dt}.npy", b)
PY

ops="ceil floor"
for op in $ops; do
    for dt in f2 f4 f8; do
        check 0 "$op $dt" run $op --feature-level ext "$work/in_$dt.npy" "$work/${op}_$dt.npy"
    done
done
check 0 "ceil f4 scale bias" run ceil --scale -2.5 --bias 0.75 "$work/in_f4.npy" "$work/sb_f4.npy"

"$py" - "$work" "$ops" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
work = sys.argv[1]
bad = 0
def same(name, got, want):
    global bad
    if got.dtype != want.dtype or got.shape != want.shape or got.tobytes() != want.tobytes():
        print(f"FAIL: {name}: differs from numpy"); bad += 1
def quiet(x):
    """x with its NaNs made quiet (the quiet bit of the format set, nothing else)."""
    u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[x.itemsize]
    q = {2: 0x0200, 4: 0x00400000, 8: 0x0008000000000000}[x.itemsize]
    bits = x.view(u).copy()
    bits[np.isnan(x)] |= u(q)
    return bits.view(x.dtype)
with np.errstate(all='ignore'):
    for op in sys.argv[2].split():
        for dt in ['f2', 'f4', 'f8']:
            x = np.load(f"{work}/in_{dt}.npy")
            same(f"{op} {dt}", np.load(f"{work}/{op}_{dt}.npy"), quiet(getattr(np, op)(x)))
    x = np.load(f"{work}/in_f4.npy")
    y = (x * np.float32(-2.5)) + np.float32(0.75)
    want = np.ceil(y).view(np.uint32).copy()
    want[np.isnan(y)] = 0x7fc00000
    want[np.isnan(x)] = x.view(np.uint32)[np.isnan(x)] | 0x00400000
    same("ceil f4 scale bias", np.load(f"{work}/sb_f4.npy").view(np.uint32), want)
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

for op in $ops; do
    check 1 "$op int32" run $op --feature-level ext "$work/in_i4.npy" "$work/no.npy"
    has "InputTensor.DataType is INT32" "$op int32: message"
    check 1 "$op scale on int16" run $op --scale 2 --feature-level ext "$work/in_i2.npy" "$work/no.npy"
done
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_rounding: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
