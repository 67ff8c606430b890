#!/bin/sh
# test_cli_bitwise: `dmlp run bitand|bitor|bitxor A B OUT` and `dmlp run bitnot|bitcount
# IN OUT` (docs/operators.md) on every dtype (the float ones as their bits), B broadcast along the
# first axis, against numpy's bitwise functions on the unsigned integers of each width;
# `dmlp run shl|shr` on the unsigned dtypes with counts below and past the width, under
# both rules (modulo the width; --shift zero: numpy's); then the refusals (a float
# type at feature level 3_0, two dtypes: nothing written).
# usage: test_cli_bitwise.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_bitwise.sh path/to/dmlp}
name=test_cli_bitwise
. "$(dirname "$0")/numpy_checks.sh"

dtypes="i1 u1 i2 u2 i4 u4 i8 u8 f2 f4 f8"
"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
work = sys.argv[1]
rng = np.random.default_rng(29)
for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
    bits = {'1': np.uint8, '2': np.uint16, '4': np.uint32, '8': np.uint64}[dt[1]]
    raw = rng.integers(0, np.iinfo(bits).max, size=(2, 3, 37), dtype=bits, endpoint=True)
    raw.flat[:3] = [0, np.iinfo(bits).max, 1 << (8 * raw.itemsize - 1)]
    np.save(f"{work}/a_{dt}.npy", raw.view(np.dtype(dt)))
    np.save(f"{work}/b_{dt}.npy", raw[:, :1, :].copy().view(np.dtype(dt))[::-1].copy())
    if dt[0] == 'u':  # shift counts: 0 to twice the width and beyond, broadcast
        w = 8 * raw.itemsize
        n = (np.arange(37) % (2 * w + 3)).astype(bits)
        n[-1] = np.iinfo(bits).max
        np.save(f"{work}/n_{dt}.npy", n)
PY

for dt in u1 u2 u4 u8; do
    for op in shl shr; do
        check 0 "$op $dt" run $op "$work/a_$dt.npy" "$work/n_$dt.npy" "$work/${op}_$dt.npy"
        check 0 "$op $dt zero" run $op --shift zero --feature-level ext "$work/a_$dt.npy" \
            "$work/n_$dt.npy" "$work/${op}z_$dt.npy"
    done
done
for dt in $dtypes; do
    for op in bitand bitor bitxor; do
        check 0 "$op $dt" run $op "$work/a_$dt.npy" "$work/b_$dt.npy" "$work/${op}_$dt.npy"
    done
    check 0 "bitnot $dt" run bitnot "$work/a_$dt.npy" "$work/bitnot_$dt.npy"
    check 0 "bitcount $dt" run bitcount "$work/a_$dt.npy" "$work/bitcount_$dt.npy"
done

"$py" - "$work" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
work = sys.argv[1]
bad = 0
def same(name, got, want):
    global bad
    if got.dtype != want.dtype or got.shape != want.shape or got.tobytes() != want.tobytes():
        print(f"FAIL: {name}: differs from numpy"); bad += 1
for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
    u = np.dtype('u' + dt[1])
    a, b = np.load(f"{work}/a_{dt}.npy"), np.load(f"{work}/b_{dt}.npy")
    for op, fn in (('bitand', np.bitwise_and), ('bitor', np.bitwise_or),
                   ('bitxor', np.bitwise_xor)):
        want = fn(a.view(u), b.view(u)).view(a.dtype)
        same(f"{op} {dt}", np.load(f"{work}/{op}_{dt}.npy"), want)
    same(f"bitnot {dt}", np.load(f"{work}/bitnot_{dt}.npy"), np.invert(a.view(u)).view(a.dtype))
    rows = np.ascontiguousarray(a).reshape(-1).view(np.uint8).reshape(a.size, a.itemsize)
    counts = np.unpackbits(rows, axis=1).sum(axis=1).astype(np.uint8).reshape(a.shape)
    same(f"bitcount {dt}", np.load(f"{work}/bitcount_{dt}.npy"), counts)
    if dt[0] == 'u':
        n = np.load(f"{work}/n_{dt}.npy")
        w = a.dtype.type(8 * a.itemsize)
        for op, fn in (('shl', np.left_shift), ('shr', np.right_shift)):
            same(f"{op} {dt}", np.load(f"{work}/{op}_{dt}.npy"), fn(a, n % w))
            same(f"{op} {dt} zero", np.load(f"{work}/{op}z_{dt}.npy"), fn(a, n))
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "bitand float32 at 3_0" run bitand --feature-level 3_0 "$work/a_f4.npy" "$work/b_f4.npy" "$work/no.npy"
has "ELEMENT_WISE_BIT_AND: ATensor.DataType is FLOAT32; at feature level 3_0 it must be UINT32, UINT16 or UINT8" \
    "bitand float32 at 3_0: message"
check 1 "bitnot int8 at 3_0" run bitnot --feature-level 3_0 "$work/a_i1.npy" "$work/no.npy"
has "ELEMENT_WISE_BIT_NOT: InputTensor.DataType is INT8; at feature level 3_0 it must be UINT32, UINT16 or UINT8" \
    "bitnot int8 at 3_0: message"
check 1 "shl --shift zero without the extensions" run shl --shift zero "$work/a_u1.npy" "$work/n_u1.npy" "$work/no.npy"
has "DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS" \
    "shl --shift zero: message"
check 2 "shl --shift other" run shl --shift wrap "$work/a_u1.npy" "$work/n_u1.npy" "$work/no.npy"
has "--shift is 'wrap'; use modulo or zero" "shl --shift other: message"
check 1 "shr of int32" run shr "$work/a_i4.npy" "$work/b_i4.npy" "$work/no.npy"
has "ELEMENT_WISE_BIT_SHIFT_RIGHT: ATensor.DataType is INT32" "shr int32: message"
check 1 "bitor of two dtypes" run bitor "$work/a_u4.npy" "$work/b_i4.npy" "$work/no.npy"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_bitwise: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
