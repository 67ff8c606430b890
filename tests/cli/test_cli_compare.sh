#!/bin/sh
# test_cli_compare: `dmlp run eq|... A.npy B.npy OUT.npy` (docs/cli.md), each comparison
# beyond gt against numpy's own (written as |b1): float32 with NaN, ±0, ±inf and
# subnormals in every pair, float16, float64, int8 and uint64 extremes, numpy
# broadcasting (a row, a column, a 0-d scalar); each one's refusals (two dtypes, shapes
# that do not broadcast: nothing written).
# usage: test_cli_compare.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_compare.sh path/to/dmlp}
name=test_cli_compare
. "$(dirname "$0")/numpy_checks.sh"

# `dmlp run` name and numpy function of each comparison
OPS="eq:equal le:less_equal ge:greater_equal lt:less"

"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
w = sys.argv[1]
rng = np.random.default_rng(11)
special = np.array([np.nan, -np.nan, 0.0, -0.0, np.inf, -np.inf, 1e-45, -1e-45, 1.0, -1.0,
                    3.4028235e38, -3.4028235e38], dtype=np.float32)
np.save(f"{w}/fa.npy", np.repeat(special, special.size).reshape(12, 12))
np.save(f"{w}/fb.npy", np.tile(special, special.size).reshape(12, 12))
np.save(f"{w}/frow.npy", special)
np.save(f"{w}/fcol.npy", special.reshape(12, 1))
np.save(f"{w}/fs.npy", np.array(0.0, dtype=np.float32))
h = rng.standard_normal((5, 7)).astype(np.float16)
np.save(f"{w}/ha.npy", h)
np.save(f"{w}/hb.npy", np.where(rng.integers(0, 2, (5, 7)) == 1, h, -h))
np.save(f"{w}/da.npy", np.array([0.0, -0.0, 1.0, 1.0 + 2**-52, np.nan, np.inf]))
np.save(f"{w}/db.npy", np.array([-0.0, 0.0, 1.0 + 2**-52, 1.0, np.nan, np.inf]))
np.save(f"{w}/ia.npy", np.arange(-128, 128, dtype=np.int8).reshape(16, 16))
np.save(f"{w}/ib.npy", np.arange(-128, 128, dtype=np.int8).reshape(16, 16).T.copy())
u = np.array([0, 1, 2**63 - 1, 2**63, 2**64 - 2, 2**64 - 1], dtype=np.uint64)
np.save(f"{w}/ua.npy", np.repeat(u, u.size))
np.save(f"{w}/ub.npy", np.tile(u, u.size))
np.save(f"{w}/bad.npy", np.zeros(5, dtype=np.float32))
PY

for pair in $OPS; do
    op=${pair%%:*}
    check 0 "$op f32 specials" run "$op" "$work/fa.npy" "$work/fb.npy" "$work/out_${op}_f.npy"
    check 0 "$op f32 B a row" run "$op" "$work/fa.npy" "$work/frow.npy" "$work/out_${op}_row.npy"
    check 0 "$op f32 A a column" run "$op" "$work/fcol.npy" "$work/fb.npy" "$work/out_${op}_col.npy"
    check 0 "$op f32 B a 0-d scalar" run "$op" "$work/fa.npy" "$work/fs.npy" "$work/out_${op}_s.npy"
    check 0 "$op f16" run "$op" "$work/ha.npy" "$work/hb.npy" "$work/out_${op}_h.npy"
    check 0 "$op f64 (an extension)" run "$op" --feature-level ext "$work/da.npy" "$work/db.npy" "$work/out_${op}_d.npy"
    check 0 "$op int8" run "$op" "$work/ia.npy" "$work/ib.npy" "$work/out_${op}_i.npy"
    check 0 "$op uint64" run "$op" "$work/ua.npy" "$work/ub.npy" "$work/out_${op}_u.npy"
    check 1 "$op two dtypes" run "$op" "$work/fs.npy" "$work/ia.npy" "$work/x.npy"
    has "BTensor.DataType is INT8; it must equal ATensor.DataType (FLOAT32)" "$op dtype message"
    check 1 "$op shapes that do not broadcast" run "$op" "$work/fa.npy" "$work/bad.npy" "$work/x.npy"
    has "the shapes do not broadcast" "$op broadcast message"
    if [ -e "$work/x.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused $op wrote x.npy"; else passed=$((passed + 1)); fi
done

"$py" - "$work" "$OPS" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
w, ops = sys.argv[1], [p.split(":") for p in sys.argv[2].split()]
load = lambda n: np.load(f"{w}/{n}.npy")
bad = 0
def same(got, want, what):
    global bad
    if got.shape != want.shape or got.dtype != want.dtype or got.tobytes() != want.tobytes():
        print(f"FAIL: {what}: {got.dtype}{got.shape} {got.ravel()[:16]} differs from "
              f"{want.dtype}{want.shape} {want.ravel()[:16]}")
        bad += 1
with np.errstate(all="ignore"):
    for op, fn in ops:
        f = getattr(np, fn)
        for out, a, b in [("f", "fa", "fb"), ("row", "fa", "frow"), ("col", "fcol", "fb"),
                          ("s", "fa", "fs"), ("h", "ha", "hb"), ("d", "da", "db"),
                          ("i", "ia", "ib"), ("u", "ua", "ub")]:
            same(load(f"out_{op}_{out}"), f(load(a), load(b)), f"{op} {out}")
sys.exit(1 if bad else 0)
PY

echo "$name: $passed passed, $failed failed"
[ "$failed" = 0 ]
