#!/bin/sh
# test_cli_binary: `dmlp run add|sub|mul|div|add1 A.npy B.npy OUT.npy` (docs/cli.md):
# numpy broadcasting (row, column, scalar, 0-d, Fortran order, empty) against numpy's own
# float32/int32 arithmetic, --fused softsign and the fused activations with FLOAT members
# (--alpha ... for the activation, its defaults otherwise), and the refusals (shapes that
# do not broadcast, two dtypes, an integer division by zero, an activation dmlp does not
# fuse, a parameter it does not have: nothing written).
# usage: test_cli_binary.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_binary.sh path/to/dmlp}
name=test_cli_binary
. "$(dirname "$0")/numpy_checks.sh"

"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
w = sys.argv[1]
rng = np.random.default_rng(11)
np.save(f"{w}/m.npy", rng.standard_normal((4, 6)).astype(np.float32))
np.save(f"{w}/row.npy", rng.standard_normal(6).astype(np.float32))
np.save(f"{w}/col.npy", rng.standard_normal((4, 1)).astype(np.float32))
np.save(f"{w}/s.npy", np.array(2.5, dtype=np.float32))
np.save(f"{w}/f.npy", np.asfortranarray(rng.standard_normal((4, 6)).astype(np.float32)))
np.save(f"{w}/empty.npy", np.zeros((0, 6), dtype=np.float32))
np.save(f"{w}/i.npy", rng.integers(-2**31, 2**31 - 1, (3, 5), dtype=np.int32))
np.save(f"{w}/j.npy", rng.integers(1, 100, (3, 5), dtype=np.int32) * rng.choice([-1, 1], (3, 5)).astype(np.int32))
j0 = np.ones((3, 5), dtype=np.int32); j0[2, 4] = 0
np.save(f"{w}/j0.npy", j0)
np.save(f"{w}/bad.npy", np.zeros((5,), dtype=np.float32))
np.save(f"{w}/irow.npy", np.arange(6, dtype=np.int32))
PY

for op in add sub mul div; do
    for b in row col s f m; do
        check 0 "$op m $b" run "$op" "$work/m.npy" "$work/$b.npy" "$work/out_${op}_$b.npy"
    done
    check 0 "$op s m (A a 0-d scalar)" run "$op" "$work/s.npy" "$work/m.npy" "$work/out_${op}_sm.npy"
    check 0 "$op int32" run "$op" "$work/i.npy" "$work/j.npy" "$work/out_${op}_ij.npy"
done
check 0 "empty" run add "$work/empty.npy" "$work/row.npy" "$work/out_empty.npy"
check 0 "add1 fused" run add1 --fused softsign "$work/m.npy" "$work/col.npy" "$work/out_add1.npy"
check 0 "add1 leaky_relu" run add1 --fused leaky_relu --alpha 0.5 "$work/m.npy" "$work/col.npy" "$work/out_add1_leaky.npy"
check 0 "add1 leaky_relu default" run add1 --fused leaky_relu "$work/m.npy" "$work/col.npy" "$work/out_add1_leaky_default.npy"
check 0 "add1 linear" run add1 --fused linear --alpha 2 --beta=-0.5 "$work/m.npy" "$work/row.npy" "$work/out_add1_linear.npy"
check 0 "add1 shrink" run add1 --fused shrink --bias 0.25 --threshold 0.75 "$work/m.npy" "$work/col.npy" "$work/out_add1_shrink.npy"
check 0 "add1 hard_sigmoid" run add1 --fused hard_sigmoid "$work/m.npy" "$work/row.npy" "$work/out_add1_hard.npy"

"$py" - "$work" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
w = sys.argv[1]
load = lambda n: np.load(f"{w}/{n}.npy")
ops = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide}
bad = 0
def same(got, want, what):
    global bad
    if got.shape != want.shape or got.dtype != want.dtype or got.tobytes() != want.tobytes():
        print(f"FAIL: {what}: {got.dtype}{got.shape} differs from {want.dtype}{want.shape}")
        bad += 1
with np.errstate(all="ignore"):
    for op, f in ops.items():
        for b in ["row", "col", "s", "f", "m"]:
            same(load(f"out_{op}_{b}"), f(load("m"), load(b)), f"{op} m {b}")
        same(load(f"out_{op}_sm"), f(load("s"), load("m")), f"{op} s m")
        i, j = load("i"), load("j")
        if op == "div":  # truncation toward zero, in int64 so nothing overflows
            want = (np.trunc(i.astype(np.float64) / j)).astype(np.int64).astype(np.int32)
        else:
            want = f(i.astype(np.int64), j.astype(np.int64)).astype(np.int32)  # wraps
        same(load(f"out_{op}_ij"), want, f"{op} int32")
    same(load("out_empty"), np.zeros((0, 6), np.float32), "empty")
    s = load("m") + load("col")
    same(load("out_add1"), (s / (np.float32(1) + np.abs(s))).astype(np.float32), "add1 softsign")
    f32 = np.float32
    same(load("out_add1_leaky"), np.where(s >= 0, s, f32(0.5) * s), "add1 leaky_relu")
    same(load("out_add1_leaky_default"), np.where(s >= 0, s, f32(0.01) * s), "add1 leaky default")
    r = load("m") + load("row")
    same(load("out_add1_linear"), f32(2) * r + f32(-0.5), "add1 linear")
    same(load("out_add1_shrink"), np.where(s < f32(-0.75), s + f32(0.25),
                                           np.where(s > f32(0.75), s - f32(0.25), f32(0))),
         "add1 shrink")
    same(load("out_add1_hard"), np.clip(f32(0.2) * r + f32(0.5), f32(0), f32(1)),
         "add1 hard_sigmoid")
sys.exit(1 if bad else 0)
PY

check 1 "shapes that do not broadcast" run add "$work/m.npy" "$work/bad.npy" "$work/x.npy"
has "axis 1 is 6 in" "broadcast message"
check 1 "two dtypes" run add "$work/m.npy" "$work/irow.npy" "$work/x.npy"
has "BTensor.DataType is INT32; it must equal ATensor.DataType (FLOAT32)" "dtype message"
check 1 "integer division by zero" run div "$work/i.npy" "$work/j0.npy" "$work/x.npy"
has "ELEMENT_WISE_DIVIDE: BTensor element [2, 4] is 0" "division by zero message"
if [ -e "$work/x.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote x.npy"; else passed=$((passed + 1)); fi
check 2 "one input" run add "$work/m.npy" "$work/x.npy"
has "add needs A.npy B.npy OUT.npy" "usage"
check 2 "--fused on add" run add --fused softsign "$work/m.npy" "$work/m.npy" "$work/x.npy"
has "--fused is for add1 only" "fused usage"
check 2 "--fused hard_swish" run add1 --fused hard_swish "$work/m.npy" "$work/m.npy" "$work/x.npy"
has "--fused is 'hard_swish'; use softsign, relu, leaky_relu, elu, selu, celu, linear" "fusable list"
check 2 "--fused linear without alpha" run add1 --fused linear --beta 1 "$work/m.npy" "$work/m.npy" "$work/x.npy"
has "--fused linear needs --alpha (its Alpha)" "fused member required"
check 2 "--alpha with --fused relu" run add1 --fused relu --alpha 1 "$work/m.npy" "$work/m.npy" "$work/x.npy"
has "(--fused relu has no alpha)" "fused member unknown"
check 1 "add1 on int32" run add1 "$work/i.npy" "$work/j.npy" "$work/x.npy"
has "ELEMENT_WISE_ADD1: ATensor.DataType is INT32" "add1 types"

echo "test_cli_binary: $passed passed, $failed failed"
[ "$failed" = 0 ]
