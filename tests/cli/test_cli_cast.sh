#!/bin/sh
# test_cli_cast: `dmlp run cast --to DTYPE` (docs/operators.md) from every .npy dtype to
# every other, against a model written here in Python: round to nearest even (numpy's own
# float conversions, which are correctly rounded), float to integer truncated and
# saturated with NaN giving 0 (DirectML's rule; numpy's astype differs there, so the
# model clamps first), integer to integer wrapped; --to b1; the refusals.
# usage: test_cli_cast.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy (numpy_checks.sh); without it, skipped (77).
name=test_cli_cast
dmlp=${1:?usage: test_cli_cast.sh path/to/dmlp}
. "$(dirname "$0")/numpy_checks.sh"
dtypes="i1 u1 i2 u2 i4 u4 i8 u8 f2 f4 f8"

"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
work = sys.argv[1]
rng = np.random.default_rng(5)
np.seterr(all='ignore')  # the sample overflows float16 on purpose
for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8']:
    info = np.iinfo(dt)
    x = rng.integers(info.min, info.max, size=61, dtype=dt, endpoint=True)
    x[:3] = [info.min, info.max, 0]
    np.save(f"{work}/in_{dt}.npy", x.reshape(61, 1))
for dt in ['f2', 'f4', 'f8']:
    x = (rng.choice([-1, 1], 50) * np.exp2(rng.uniform(-30, 70, 50))).astype(dt)
    x = np.concatenate([x, np.array([np.nan, np.inf, -np.inf, -0.0, 0.5, 1.5, 2.5, -2.5,
                                     127.9, -128.9, 65504, 3e38, -3e38], dtype=dt)])
    np.save(f"{work}/in_{dt}.npy", x.reshape(-1, 1))
PY

for a in $dtypes; do
    for b in $dtypes b1; do
        check 0 "cast $a to $b" run cast --feature-level ext --to $b "$work/in_$a.npy" "$work/out_${a}_$b.npy"
    done
done

"$py" - "$work" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
work = sys.argv[1]
bad = 0
types = ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']
def model(x, b):
    if b == 'b1':
        return x != 0
    if x.dtype.kind == 'f' and np.dtype(b).kind in 'iu':
        info = np.iinfo(b)
        t = np.trunc(x.astype(np.float64))
        out = np.empty(x.shape, dtype=b)
        for i, v in np.ndenumerate(t):  # exact: Python compares floats and integers exactly
            out[i] = 0 if np.isnan(v) else info.min if v < info.min \
                else info.max if v > info.max else int(v)
        return out
    with np.errstate(all='ignore'):
        if x.dtype.kind in 'iu' and np.dtype(b).kind in 'iu':  # wrap: via Python integers
            return np.array([int(v) % (1 << (8 * np.dtype(b).itemsize)) for v in x.ravel()],
                            dtype=np.uint64).astype(np.dtype(b).str.replace('i', 'u')
                            ).view(b).reshape(x.shape)
        if x.dtype.kind in 'iu' and b == 'f2':  # one rounding: via float64 is exact here
            return x.astype(np.float64).astype(b) if x.dtype.itemsize < 8 or \
                np.all(np.abs(x.astype(np.float64)) < 2**53) else None
        return x.astype(b)
for a in types:
    x = np.load(f"{work}/in_{a}.npy")
    for b in types + ['b1']:
        got = np.load(f"{work}/out_{a}_{b}.npy")
        want = model(x, b)
        if want is None:
            continue
        want = want.astype(bool) if b == 'b1' else want
        same = got.dtype == want.dtype and got.shape == want.shape and (
            np.array_equal(got, want, equal_nan=True) if got.dtype.kind == 'f'
            else np.array_equal(got, want))
        if not same:
            print(f"FAIL: cast {a} to {b}: differs from the model"); bad += 1
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 2 "cast without --to" run cast "$work/in_f4.npy" "$work/no.npy"
has "cast needs --to" "no --to: message"
check 2 "--to on sign" run sign --to f2 "$work/in_f4.npy" "$work/no.npy"
has "--to is for cast, isinf, isnan, gt, eq, lt, ge and le only, not sign" "--to on sign: message"
check 2 "--to bogus" run cast --to f16 "$work/in_f4.npy" "$work/no.npy"
has "--to is 'f16'" "--to f16: message"
check 1 "b1 without ext" run cast --to b1 "$work/in_f4.npy" "$work/no.npy"
has "DMLP_DEVICE_FLAG_EXTENSIONS" "b1 without ext: message"
check 1 "cast to u4 at 1_0" run cast --feature-level 1_0 --to u4 "$work/in_f4.npy" "$work/no.npy"
has "CAST: InputTensor.DimensionCount is 2; at feature level 1_0 it must be 4" "1_0: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_cast: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
