#!/bin/sh
# test_cli_clamp: `dmlp run threshold` and `dmlp run clip` (docs/operators.md) on every
# dtype each takes, against numpy: the bounds converted to the type (floats rounded to
# nearest even, integers truncated and saturated, a NaN bound none), then max and min as
# IEEE 754-2019 maximumNumber/minimumNumber or, with --nan propagate, maximum/minimum (-0
# below +0); with --scale and --bias first (float32). Then the refusals.
# usage: test_cli_clamp.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_clamp.sh path/to/dmlp}
name=test_cli_clamp
. "$(dirname "$0")/numpy_checks.sh"

"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

all="i1 u1 i2 u2 i4 u4 f2 f4 f8"
for dt in $all; do
    check 0 "threshold $dt" run threshold --feature-level ext --min -2.5 "$work/in_$dt.npy" "$work/th_$dt.npy"
    check 0 "threshold $dt nan" run threshold --feature-level ext --min nan "$work/in_$dt.npy" "$work/thn_$dt.npy"
    check 0 "clip $dt" run clip --feature-level ext --min=-3.75 --max 100.5 "$work/in_$dt.npy" "$work/cl_$dt.npy"
    check 0 "clip $dt defaults" run clip --feature-level ext "$work/in_$dt.npy" "$work/cld_$dt.npy"
    check 0 "clip $dt min above max" run clip --feature-level ext --min 5 --max -5 "$work/in_$dt.npy" "$work/clx_$dt.npy"
done
for dt in i8 u8; do
    check 0 "clip $dt" run clip --min=-3.75 --max 1e30 "$work/in_$dt.npy" "$work/cl_$dt.npy"
done
for dt in f2 f4 f8; do
    check 0 "threshold $dt propagate" run threshold --feature-level ext --nan propagate --min 0 "$work/in_$dt.npy" "$work/thp_$dt.npy"
    check 0 "clip $dt propagate" run clip --feature-level ext --nan propagate --min -1 --max 1 "$work/in_$dt.npy" "$work/clp_$dt.npy"
done
check 0 "clip f4 scale" run clip --scale -2 --bias 0.5 --min -1 --max 3 "$work/in_f4.npy" "$work/cls_f4.npy"

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
from cli_elementwise import same, max_number
work = sys.argv[1]

def bound(x, p):
    if x.dtype.kind in "iu":
        if np.isnan(p):
            return None
        info = np.iinfo(x.dtype)
        return x.dtype.type(min(max(np.trunc(np.float64(np.float32(p))), info.min), info.max))
    return x.dtype.type(np.float32(p))

def maxi(a, b, propagate):
    if b is None:
        return a
    if a.dtype.kind in "iu":
        return np.maximum(a, b)
    return max_number(a, np.full(a.shape, b, a.dtype), propagate)

def mini(a, b, propagate):
    if b is None:
        return a
    if a.dtype.kind in "iu":
        return np.minimum(a, b)
    return -max_number(-a, -np.full(a.shape, b, a.dtype), propagate)

def threshold(x, p, propagate=False):
    return maxi(x, bound(x, p), propagate)

def clip(x, lo, hi, propagate=False):
    u = mini(x, bound(x, hi), propagate)
    l = bound(x, lo)
    if l is None:
        return u
    if x.dtype.kind in "iu":
        return np.maximum(u, l)
    return max_number(np.full(x.shape, l, x.dtype), u, propagate)

with np.errstate(all='ignore'):
    for dt in "i1 u1 i2 u2 i4 u4 f2 f4 f8".split():
        x = np.load(f"{work}/in_{dt}.npy")
        same(f"threshold {dt}", np.load(f"{work}/th_{dt}.npy"), threshold(x, -2.5))
        same(f"threshold {dt} nan", np.load(f"{work}/thn_{dt}.npy"), threshold(x, np.nan))
        same(f"clip {dt}", np.load(f"{work}/cl_{dt}.npy"), clip(x, -3.75, 100.5))
        same(f"clip {dt} defaults", np.load(f"{work}/cld_{dt}.npy"), clip(x, -np.inf, np.inf))
        same(f"clip {dt} min above max", np.load(f"{work}/clx_{dt}.npy"), clip(x, 5, -5))
    for dt in ["i8", "u8"]:
        x = np.load(f"{work}/in_{dt}.npy")
        same(f"clip {dt}", np.load(f"{work}/cl_{dt}.npy"), clip(x, -3.75, 1e30))
    for dt in ["f2", "f4", "f8"]:
        x = np.load(f"{work}/in_{dt}.npy")
        same(f"threshold {dt} propagate", np.load(f"{work}/thp_{dt}.npy"), threshold(x, 0, True))
        same(f"clip {dt} propagate", np.load(f"{work}/clp_{dt}.npy"), clip(x, -1, 1, True))
    x = np.load(f"{work}/in_f4.npy")
    s = x * np.float32(-2) + np.float32(0.5)
    s = np.where(np.isnan(x), ce.quiet(x), np.where(np.isnan(s), np.float32(np.nan), s))
    same("clip f4 scale", np.load(f"{work}/cls_f4.npy"), clip(s.astype(np.float32), -1, 3))
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 2 "threshold without --min" run threshold "$work/in_f4.npy" "$work/no.npy"
has "threshold needs --min (its Min)" "threshold without --min: message"
check 1 "clip int64 at 4_1" run clip --feature-level 4_1 "$work/in_i8.npy" "$work/no.npy"
has "ELEMENT_WISE_CLIP: InputTensor.DataType is INT64" "clip int64 at 4_1: message"
check 1 "threshold int64" run threshold --feature-level ext --min 0 "$work/in_i8.npy" "$work/no.npy"
has "ELEMENT_WISE_THRESHOLD: InputTensor.DataType is INT64" "threshold int64: message"
check 1 "clip int32 with a scale" run clip --scale 2 "$work/in_i4.npy" "$work/no.npy"
has "ScaleBias is set; with InputTensor.DataType INT32" "clip int32 scale: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_clamp: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
