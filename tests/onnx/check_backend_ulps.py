#!/usr/bin/python3
"""ONNX's backend node cases of the correctly rounded operators, checked two ways.

ONNX's expected outputs are numpy's approximations (numpy's log is within a few ulps, not
correctly rounded), so `dmlp onnx-test` (rtol 1e-3) is not the whole check. Here each
case runs through `dmlp onnx`, and its output must be
  1. within ULPS units in the last place of ONNX's expected output (NaN where NaN,
     infinities equal), and
  2. bit for bit the correctly rounded value of the exact function at the inputs
     (broadcast as numpy does; mpmath at 200 bits, rounded once to the type's
     significand; no result of these cases is subnormal).

Usage: check_backend_ulps.py DMLP BACKEND_DIR CASE...
Exits 1 on any difference or when a named case is missing.
"""
import os
import subprocess
import sys
import tempfile

import mpmath
import numpy as np
import onnx
from onnx import numpy_helper

ULPS = 4
# operator: (its exact function in mpmath, numpy's function for the inputs where the result
# is no finite number: the IEEE special cases, which numpy gets right), each of one
# argument per input
ORACLES = {"Log": (mpmath.log, lambda x: np.log(x) if not (np.isfinite(x) and x > 0) else None),
           "Softplus": (lambda x: mpmath.log1p(mpmath.exp(x)),
                        lambda x: np.log1p(np.exp(x)) if not np.isfinite(x) else None),
           # a zero base or a result that is no finite number (a negative base with a
           # non-integer exponent among them, where mpmath's power is complex): numpy's
           "Pow": (mpmath.power, lambda x, y: np.power(x, y)
                   if x == 0 or not np.isfinite(np.power(x, y)) else None),
           "Sinh": (mpmath.sinh, lambda x: np.sinh(x) if not np.isfinite(x) else None),
           "Cosh": (mpmath.cosh, lambda x: np.cosh(x) if not np.isfinite(x) else None),
           "Asinh": (mpmath.asinh, lambda x: np.arcsinh(x) if not np.isfinite(x) else None),
           # outside the domain (acosh below 1, atanh beyond +-1) and at atanh's poles
           "Acosh": (mpmath.acosh,
                     lambda x: np.arccosh(x) if not (np.isfinite(x) and x >= 1) else None),
           "Atanh": (mpmath.atanh,
                     lambda x: np.arctanh(x) if not (np.isfinite(x) and abs(x) < 1) else None),
           # |x| > 1 (no real value) and the infinities: numpy's NaN and +-pi/2
           "Asin": (mpmath.asin, lambda x: np.arcsin(x) if not abs(x) <= 1 else None),
           "Acos": (mpmath.acos, lambda x: np.arccos(x) if not abs(x) <= 1 else None),
           "Atan": (mpmath.atan, lambda x: np.arctan(x) if not np.isfinite(x) else None),
           "Sin": (mpmath.sin, lambda x: np.sin(x) if not np.isfinite(x) else None),
           "Cos": (mpmath.cos, lambda x: np.cos(x) if not np.isfinite(x) else None),
           "Tan": (mpmath.tan, lambda x: np.tan(x) if not np.isfinite(x) else None)}
PRECISION = {np.float16: 11, np.float32: 24, np.float64: 53}


def correctly_rounded(op, inputs):
    exact, special = ORACLES[op]
    args = np.broadcast_arrays(*inputs)
    x = args[0]
    out = np.empty(x.shape, x.dtype)
    flat = out.reshape(-1)
    for i, vs in enumerate(zip(*(a.reshape(-1) for a in args))):
        with np.errstate(all="ignore"):
            edge = special(*vs)
        if edge is not None:
            flat[i] = edge
            continue
        with mpmath.workprec(200):
            y = exact(*(mpmath.mpf(float(v)) for v in vs))
        with mpmath.workprec(PRECISION[x.dtype.type]):
            flat[i] = float(+y)
    return out


def same_bits(a, b):
    """Bit for bit, a NaN matching any NaN."""
    nan = np.isnan(b)
    return (a.dtype == b.dtype and np.array_equal(np.isnan(a), nan)
            and np.array_equal(a[~nan].view(np.uint8), b[~nan].view(np.uint8)))


def ulp_distance(a, b):
    """|a - b| in units of the type's spacing at b (both finite)."""
    return np.abs(a.astype(np.float64) - b.astype(np.float64)) / np.spacing(np.abs(b))


def check(dmlp, case_dir):
    model = onnx.load(os.path.join(case_dir, "model.onnx"))
    (op,) = {n.op_type for n in model.graph.node}
    set_dir = os.path.join(case_dir, "test_data_set_0")
    args = [dmlp, "onnx", os.path.join(case_dir, "model.onnx")]
    inputs = []
    for i, value_info in enumerate(model.graph.input):
        path = os.path.join(set_dir, "input_%d.pb" % i)
        args += ["-i", "%s=%s" % (value_info.name, path)]
        inputs.append(numpy_helper.to_array(onnx.load_tensor(path)))
    expected = numpy_helper.to_array(onnx.load_tensor(os.path.join(set_dir, "output_0.pb")))
    with tempfile.TemporaryDirectory() as out_dir:
        subprocess.run(args + ["-o", out_dir], check=True, stdout=subprocess.DEVNULL)
        got = np.load(os.path.join(out_dir, model.graph.output[0].name + ".npy"))
    nan = np.isnan(expected)
    ok = got.dtype == expected.dtype and np.array_equal(np.isnan(got), nan)
    finite = np.isfinite(expected) & np.isfinite(got)
    ok = ok and np.array_equal(got[~finite & ~nan], expected[~finite & ~nan])
    worst = ulp_distance(got[finite], expected[finite]).max(initial=0)
    ok = ok and worst <= ULPS
    same = same_bits(got, correctly_rounded(op, inputs))
    print("%s: %d elements, %.2f ulps from ONNX's expected, %s" % (
        os.path.basename(case_dir), got.size, worst,
        "correctly rounded" if same else "NOT correctly rounded"))
    return ok and same


def main():
    if len(sys.argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    dmlp, root, cases = sys.argv[1], sys.argv[2], sys.argv[3:]
    failed = 0
    for name in cases:
        case_dir = os.path.join(root, name)
        if not os.path.isfile(os.path.join(case_dir, "model.onnx")):
            print("%s: missing" % name)
            failed += 1
        elif not check(dmlp, case_dir):
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
