#!/bin/sh
# test_cli_quantize: `dmlp run quantize X SCALE [ZERO_POINT] OUT` and `dmlp run dequantize`
# (docs/operators.md) against numpy models written here: quantize divides in float32 (float16
# widened first; int32 in float64, whose nearest integer is the exact quotient's), rounds
# half to even, adds the zero point and saturates, NaN giving Min; dequantize multiplies the
# exact difference by the scale in float64 (exact for these inputs) and rounds once to the
# scale's dtype. A scale per column and one zero point broadcast as numpy does; the output
# takes the zero point's (quantize) or the scale's (dequantize) dtype. Then the refusals.
# usage: test_cli_quantize.sh path/to/dmlp
dmlp=${1:?usage: test_cli_quantize.sh path/to/dmlp}
name=test_cli_quantize
. "$(dirname "$0")/numpy_checks.sh"

"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
work = sys.argv[1]
rng = np.random.default_rng(7)
special = np.array([0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 127.5, 128.5, 255.5, -128.5,
                    np.inf, -np.inf, np.nan, 1e30, -1e30, 0.35, 3.5, 1e-40], np.float64)
for dt in ['f4', 'f2']:
    with np.errstate(over='ignore'):  # 1e30 is inf in float16
        x = np.concatenate([special, rng.normal(0, 40, 41)]).astype(dt).reshape(20, 3)
    np.save(f"{work}/x_{dt}.npy", x)
    np.save(f"{work}/s_{dt}.npy", np.array([0.1, 0.5, 3.0], dt))
xi = np.concatenate([[16777217, -16777217, 2**31 - 1, -2**31, 0, 1, -1, 300, -300],
                     rng.integers(-2**31, 2**31, 51)]).astype('i4').reshape(20, 3)
np.save(f"{work}/x_i4.npy", xi)
np.save(f"{work}/s_i4.npy", np.array([2.0**25, 0.5, 1e6], 'f4'))
np.save(f"{work}/z_u1.npy", np.array(128, 'u1'))
np.save(f"{work}/z_i1.npy", np.array(-3, 'i1'))
np.save(f"{work}/z_u2.npy", np.array(40000, 'u2'))
np.save(f"{work}/z_i2.npy", np.array(-300, 'i2'))
for dt in ['u1', 'i1', 'u2', 'i2', 'u4', 'i4']:
    info = np.iinfo(dt)
    lo, hi = int(info.min), min(int(info.max), 2**20)
    d = np.concatenate([[info.min, info.max, 0, 1], rng.integers(lo, hi, 56)]).astype(dt)
    np.save(f"{work}/d_{dt}.npy", d.reshape(20, 3))
    np.save(f"{work}/dz_{dt}.npy", np.array(info.max // 2, dt))
np.save(f"{work}/ds_f4.npy", np.array([0.1, -2.5, 1e-3], 'f4'))
np.save(f"{work}/ds_f2.npy", np.array([0.1, -2.5, 1e-3], 'f2'))
PY

for dt in f4 f2 i4; do
    for z in u1 i1; do
        check 0 "quantize $dt to $z" run quantize "$work/x_$dt.npy" "$work/s_$dt.npy" \
            "$work/z_$z.npy" "$work/q_${dt}_$z.npy"
    done
    for z in u2 i2; do  # 16-bit outputs are extensions
        check 0 "quantize $dt to $z" run quantize --feature-level ext "$work/x_$dt.npy" \
            "$work/s_$dt.npy" "$work/z_$z.npy" "$work/q_${dt}_$z.npy"
    done
    check 0 "quantize $dt without a zero point" run quantize "$work/x_$dt.npy" \
        "$work/s_$dt.npy" "$work/q_${dt}_none.npy"
done
for dt in u1 i1 u2 i2 u4 i4; do
    for s in f4 f2; do
        check 0 "dequantize $dt by $s" run dequantize "$work/d_$dt.npy" "$work/ds_$s.npy" \
            "$work/dz_$dt.npy" "$work/dq_${dt}_$s.npy"
    done
done

"$py" - "$work" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
work = sys.argv[1]
bad = 0
def same(what, got, want):
    global bad
    if got.dtype != want.dtype or got.shape != want.shape or not np.array_equal(
            got.view(f"u{got.dtype.itemsize}"), want.view(f"u{want.dtype.itemsize}")):
        bad += 1
        print(f"FAIL: {what}: {got!r} (dtype {got.dtype}), expected {want!r}")
def quantize(x, s, zp, dtype):
    info = np.iinfo(dtype)
    with np.errstate(all='ignore'):
        if x.dtype.kind == 'i':
            q = x.astype(np.float64) / s.astype(np.float64)
        else:
            q = x.astype(np.float32) / s.astype(np.float32)
        r = np.rint(q).astype(np.float64) + float(zp)
        r = np.where(np.isnan(r), info.min, np.clip(r, info.min, info.max))
    return r.astype(dtype)
for dt in ['f4', 'f2', 'i4']:
    x, s = np.load(f"{work}/x_{dt}.npy"), np.load(f"{work}/s_{dt}.npy")
    for z in ['u1', 'i1', 'u2', 'i2']:
        zp = np.load(f"{work}/z_{z}.npy")
        same(f"quantize {dt} to {z}", np.load(f"{work}/q_{dt}_{z}.npy"), quantize(x, s, zp, z))
    same(f"quantize {dt} without a zero point", np.load(f"{work}/q_{dt}_none.npy"),
         quantize(x, s, 0, 'u1'))
for dt in ['u1', 'i1', 'u2', 'i2', 'u4', 'i4']:
    d, zp = np.load(f"{work}/d_{dt}.npy"), np.load(f"{work}/dz_{dt}.npy")
    for sd in ['f4', 'f2']:
        s = np.load(f"{work}/ds_{sd}.npy")
        with np.errstate(over='ignore'):  # beyond float16: inf
            want = ((d.astype(np.int64) - np.int64(zp)).astype(np.float64) *
                    s.astype(np.float64)).astype(sd)
        same(f"dequantize {dt} by {sd}", np.load(f"{work}/dq_{dt}_{sd}.npy"), want)
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "quantize float16 with a float32 scale" run quantize "$work/x_f2.npy" "$work/s_f4.npy" \
    "$work/z_u1.npy" "$work/no.npy"
has "ELEMENT_WISE_QUANTIZE_LINEAR: ScaleTensor.DataType is FLOAT32; with InputTensor.DataType FLOAT16 it must be FLOAT16" \
    "quantize scale: message"
check 1 "quantize without a zero point at 6_1" run quantize --feature-level 6_1 \
    "$work/x_f4.npy" "$work/s_f4.npy" "$work/no.npy"
has "ZeroPointTensor is NULL; at feature level 6_1 it is required (it may be NULL from 6_2)" \
    "quantize zero point: message"
check 1 "dequantize with a zero point of another dtype" run dequantize "$work/d_u1.npy" \
    "$work/ds_f4.npy" "$work/dz_i1.npy" "$work/no.npy"
has "ZeroPointTensor.DataType is INT8; it must equal InputTensor.DataType (UINT8)" \
    "dequantize zero point: message"
check 1 "quantize to int16 without the extensions" run quantize "$work/x_f4.npy" \
    "$work/s_f4.npy" "$work/z_i2.npy" "$work/no.npy"
has "ZeroPointTensor.DataType is INT16; it needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS" \
    "quantize int16: message"
check 2 "quantize with one file" run quantize "$work/x_f4.npy" "$work/no.npy"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_quantize: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
