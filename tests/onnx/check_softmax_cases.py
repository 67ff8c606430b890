#!/usr/bin/python3
"""Softmax, LogSoftmax and Hardmax through the ONNX front end, checked against models
computed here.

Each case is a one-node model (onnx.helper) written to OUT_DIR/<case>/ with its input as
input_0.pb, run by `dmlp onnx`, and its output compared with
  - Hardmax: numpy's model (1 at the row's first argmax, NaN counting as largest), bit for
    bit;
  - Softmax and LogSoftmax: numpy's model (float64, rounded once to the type) within
    1 ulp for float, float16 and bfloat16, and bit for bit the correctly rounded value of
    the exact row (mpmath at 200 bits, rounded once to the type, subnormals and the sign
    of zero included); double within 1 ulp of the exact value and of numpy's long double
    model (where long double is wider). NaN where the model has NaN (a row with a NaN,
    +inf, or only -inf), infinities equal.
Both models take the row's sum as 1 + the other elements' exponentials, so LogSoftmax's
-log1p(tail) at the largest element keeps its accuracy (and its sign) however small the
tail.
The row is the one axis `axis` from opset 13 (default -1), and axes axis .. rank - 1
before it (the input coerced to 2-D at axis, default 1).

Cases: opset 11 and 1 coercion (rank 3 with axis 1, axis 0, a negative axis, the
default), opset 13 with axis 0, -1, -2 and the default, every type each version allows
(bfloat16 from 13), edge rows, empty tensors, rank 8, a row of 1000, a model whose input
declares no shape, a chain with element-wise nodes, and the refusals only a run can make
(a rank fed where the model declares none). With BACKEND_DIR, ONNX's own backend cases
test_softmax_* and test_logsoftmax_* are checked the same way against the exact row
(and within 4 ulps of ONNX's expected output, numpy's approximation), test_hardmax_* bit
for bit against ONNX's expected output.

Usage: check_softmax_cases.py DMLP OUT_DIR [BACKEND_DIR]
Exits 1 on any difference.
"""
import glob
import os
import subprocess
import sys

import mpmath
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from gen_cases import raw_tensor  # noqa: E402 (this folder: the cases' own helpers)

FLOAT, FLOAT16, DOUBLE, BFLOAT16 = 1, 10, 11, 16
# (significand bits after the point, least normal exponent, largest finite value)
FORMATS = {FLOAT: (23, -126, float(np.finfo(np.float32).max)),
           FLOAT16: (10, -14, 65504.0),
           BFLOAT16: (7, -126, float.fromhex("0x1.fep127")),
           DOUBLE: (52, -1022, float(np.finfo(np.float64).max))}
STORAGE = {FLOAT: np.float32, FLOAT16: np.float16, DOUBLE: np.float64, BFLOAT16: np.uint16}
NAMES = {FLOAT: "float", FLOAT16: "float16", DOUBLE: "double", BFLOAT16: "bfloat16"}

rng = np.random.default_rng(20250611)


# ---- values ------------------------------------------------------------------------------

def to_f64(onnx_type, data):
    """The input's values, widened exactly (bfloat16 from its bits)."""
    if onnx_type == BFLOAT16:
        return (data.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return data.astype(np.float64)


def bf16_bits(values):
    """float32 values as bfloat16 bits, rounded to nearest even (NaN kept quiet)."""
    u = np.asarray(values, np.float32).view(np.uint32).astype(np.uint64)
    bits = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(np.asarray(values, np.float32))
    bits[nan] = ((u[nan] >> 16) | 0x40).astype(np.uint16)
    return bits


def rounding(y, onnx_type):
    """The exact value y (an mpf) rounded once to nearest even in the type: a float (a
    negative value too small for the type gives -0)."""
    frac, emin, largest = FORMATS[onnx_type]
    if y == 0 or not mpmath.isfinite(y):
        return float(y)
    e = max(int(mpmath.floor(mpmath.log(abs(y), 2))), emin)
    v = float(mpmath.nint(y / mpmath.ldexp(1, e - frac)) * mpmath.ldexp(1, e - frac))
    if abs(v) > largest:
        return float("inf") if v > 0 else float("-inf")
    return -0.0 if v == 0 and y < 0 else v


def storage(onnx_type, values):
    """Values (float64) as the type's storage array (bfloat16: bits, through float32)."""
    if onnx_type == BFLOAT16:
        return bf16_bits(np.asarray(values, np.float64).astype(np.float32))
    return np.asarray(values).astype(STORAGE[onnx_type])


def rows_of(x, axes):
    """x with the row axes last (in order), as (outer, row) plus how to undo it."""
    rank = x.ndim
    others = [d for d in range(rank) if d not in axes]
    order = others + list(axes)
    moved = np.transpose(x, order)
    row = int(np.prod([x.shape[d] for d in axes], dtype=np.int64))
    outer = int(np.prod([x.shape[d] for d in others], dtype=np.int64))
    back = np.argsort(order)
    return moved.reshape(outer, row), moved.shape, back


def from_rows(r, shape, back):
    return np.transpose(r.reshape(shape), back)


def numpy_model(op, x, axes, dtype=np.float64):
    """numpy's model: each row's results in dtype (float64), by the rules of the row."""
    rows, shape, back = rows_of(x.astype(dtype), axes)
    out = np.zeros(rows.shape, dtype)
    for i, r in enumerate(rows):
        if r.size == 0:
            continue
        if op == "Hardmax":
            out[i, np.argmax(r)] = 1  # numpy's argmax: the first NaN, else the first max
            continue
        if np.isnan(r).any():
            out[i] = np.nan
            continue
        if np.isposinf(r).any() or np.isneginf(r).all():
            out[i] = np.nan
            continue
        # the sum as 1 + the others' exponentials: log1p keeps LogSoftmax's relative
        # accuracy where the others are small
        k = np.argmax(r)
        with np.errstate(over="ignore", invalid="ignore"):
            d = r - r[k]
            e = np.exp(d)
            tail = np.delete(e, k).sum()
            out[i] = e / (1 + tail) if op == "Softmax" else d - np.log1p(tail)
    return from_rows(out, shape, back)


def exact_model(op, x, axes, onnx_type):
    """The exact row (mpmath at 200 bits) rounded once to the type, as float64."""
    rows, shape, back = rows_of(x, axes)
    out = np.zeros(rows.shape, np.float64)
    with mpmath.workprec(200):
        for i, r in enumerate(rows):
            if r.size == 0 or np.isnan(r).any() or np.isposinf(r).any() or \
                    np.isneginf(r).all():
                out[i] = np.nan
                continue
            k = int(np.argmax(r))
            m = mpmath.mpf(float(r[k]))
            d = [mpmath.mpf(float(v)) - m if np.isfinite(v) else mpmath.mpf("-inf")
                 for v in r]
            # 1 + the others' exponentials, kept apart: at the largest element
            # LogSoftmax is -log1p(tail), below 0 however small the tail
            tail = mpmath.fsum(mpmath.exp(v) for j, v in enumerate(d) if j != k)
            for j, v in enumerate(d):
                y = mpmath.exp(v) / (1 + tail) if op == "Softmax" else v - mpmath.log1p(tail)
                out[i, j] = rounding(y, onnx_type)
    return from_rows(out, shape, back)


def ulps(got, want, onnx_type):
    """|got - want| in units of the type's spacing at want (both finite), in want's
    precision."""
    frac, emin, _ = FORMATS[onnx_type]
    _, exponent = np.frexp(want)
    e = np.maximum(exponent.astype(np.int64) - 1, emin)
    return np.abs(got - want) / np.ldexp(np.ones_like(want), e - frac)


# ---- models and runs ---------------------------------------------------------------------

def model_bytes(op, opset, onnx_type, shape, attrs, declare_shape=True, negated=False):
    """One node; negated: Neg before and after it (a graph of element-wise nodes around
    the operator)."""
    node = helper.make_node(op, ["p" if negated else "x"], ["s" if negated else "y"],
                            name="n", **attrs)
    nodes = [node]
    if negated:
        nodes = [helper.make_node("Neg", ["x"], ["p"], name="before"), node,
                 helper.make_node("Neg", ["s"], ["y"], name="after")]
    x = helper.make_tensor_value_info("x", onnx_type, list(shape) if declare_shape else None)
    y = helper.make_tensor_value_info("y", onnx_type, None)
    graph = helper.make_graph(nodes, "g", [x], [y])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                              producer_name="dmlp-tests")
    return model.SerializeToString()


def read_output(path, onnx_type):
    """dmlp's output as float64 values (bfloat16 from the .pb's bits)."""
    if path.endswith(".npy"):
        return np.load(path).astype(np.float64)
    t = onnx.load_tensor(path)
    assert t.data_type == onnx_type
    if t.raw_data:
        bits = np.frombuffer(t.raw_data, "<u2")
    else:
        bits = np.array(t.int32_data, np.uint16)
    return to_f64(BFLOAT16, bits.reshape(tuple(t.dims)))


def run(dmlp, case_dir, model, x, onnx_type):
    """Runs the model on x; (values, None) or (None, dmlp's message)."""
    os.makedirs(case_dir, exist_ok=True)
    with open(os.path.join(case_dir, "model.onnx"), "wb") as f:
        f.write(model)
    in_path = os.path.join(case_dir, "input_0.pb")
    with open(in_path, "wb") as f:
        f.write(raw_tensor("x", onnx_type, x).SerializeToString())
    out_dir = os.path.join(case_dir, "out")
    os.makedirs(out_dir, exist_ok=True)
    for old in glob.glob(os.path.join(out_dir, "*")):
        os.remove(old)
    p = subprocess.run([dmlp, "onnx", os.path.join(case_dir, "model.onnx"), "-i",
                        "x=" + in_path, "-o", out_dir], capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip()
    (out,) = glob.glob(os.path.join(out_dir, "y.*"))
    return read_output(out, onnx_type), None


def row_axes(opset, rank, axis):
    """The row of a node: ONNX's rule per version (axis None: the default)."""
    coerced = opset < 13
    if axis is None:
        axis = 1 if coerced else -1
    first = axis + rank if axis < 0 else axis
    return tuple(range(first, rank)) if coerced else (first,)


def compare(op, onnx_type, x64, axes, got):
    """'' when got matches the models, else what differs."""
    model = numpy_model(op, x64, axes)
    if got.shape != model.shape:
        return "shape %s, expected %s" % (got.shape, model.shape)
    nan = np.isnan(model)
    if not np.array_equal(np.isnan(got), nan):
        return "NaN at %d elements, expected at %d" % (np.isnan(got).sum(), nan.sum())
    if op == "Hardmax":
        same = np.array_equal(got, model) and \
            np.array_equal(np.signbit(got), np.signbit(model))
        return "" if same else "differs from numpy's argmax"
    if onnx_type == DOUBLE:
        exact = exact_model(op, x64, axes, DOUBLE)
        finite = np.isfinite(exact)
        if not np.array_equal(got[~finite & ~nan], exact[~finite & ~nan]):
            return "infinities differ"
        worst = ulps(got[finite], exact[finite], DOUBLE).max(initial=0)
        if worst > 1:
            return "%.3g ulps from the exact row" % worst
        if np.finfo(np.longdouble).nmant < 63:
            return ""  # no numpy type wider than double here
        # long double's model: within 1 ulp of double but for its own error, a few ulps
        # of long double (2^-11 of double's) times |x - m|, small for these rows
        wide = numpy_model(op, x64.astype(np.longdouble), axes, np.longdouble)
        to_numpy = ulps(got[finite].astype(np.longdouble), wide[finite], DOUBLE).max(initial=0)
        if to_numpy > 1 + 2.0 ** -4:
            return "%.3g ulps from numpy's long double model" % float(to_numpy)
        return ""
    rounded = np.array([rounding(mpmath.mpf(v), onnx_type) if np.isfinite(v) else v
                        for v in model.ravel()]).reshape(model.shape)
    finite = np.isfinite(rounded) & np.isfinite(got)
    if not np.array_equal(got[~finite & ~nan], rounded[~finite & ~nan]):
        return "infinities differ from numpy's"
    worst = ulps(got[finite], rounded[finite], onnx_type).max(initial=0)
    if worst > 1:
        return "%.3g ulps from numpy's model" % worst
    exact = exact_model(op, x64, axes, onnx_type)
    ok = ~nan
    if not (np.array_equal(got[ok], exact[ok]) and
            np.array_equal(np.signbit(got[ok]), np.signbit(exact[ok]))):
        bad = int((got[ok] != exact[ok]).sum())
        return "%d elements are not the correctly rounded value" % bad
    return ""


# ---- the cases ---------------------------------------------------------------------------

def sample(onnx_type, shape, scale=4.0):
    """Random values exact in the type."""
    v = rng.standard_normal(shape) * scale
    if onnx_type == FLOAT16:
        return v.astype(np.float16).astype(np.float64)
    if onnx_type == BFLOAT16:
        return to_f64(BFLOAT16, storage(BFLOAT16, v))
    if onnx_type == FLOAT:
        return v.astype(np.float32).astype(np.float64)
    return v


def edge_rows(onnx_type):
    """Rows of 5 along the last axis: a NaN, +inf, only -inf, a -inf element, equal
    values, -0 beside +0, the type's extremes (LogSoftmax's x - m overflows to -inf),
    subnormal results, a tie for Hardmax."""
    big = FORMATS[onnx_type][2]
    tiny = {FLOAT: 2.0 ** -149, FLOAT16: 2.0 ** -24, BFLOAT16: 2.0 ** -133,
            DOUBLE: 2.0 ** -1074}[onnx_type]
    far = {FLOAT: 100.0, FLOAT16: 12.0, BFLOAT16: 90.0, DOUBLE: 740.0}[onnx_type]
    rows = [[1.0, np.nan, 2.0, -np.inf, 0.5],
            [1.0, np.inf, 2.0, 3.0, 0.5],
            [-np.inf] * 5,
            [-np.inf, 1.0, -np.inf, 2.0, -1.0],
            [3.0] * 5,
            [-0.0, 0.0, -0.0, 0.0, -1.0],
            [big, -big, 0.0, big, tiny],
            [0.0, -far, -far - 2.0, -far / 2, 1.0],
            [2.0, 7.0, -1.0, 7.0, 6.5],
            [np.nan, 5.0, np.nan, 9.0, 1.0]]
    return np.array(rows, np.float64)


def cases():
    """(name, op, opset, type, x as float64, attrs): the numeric cases."""
    out = []
    for op in ("Softmax", "LogSoftmax", "Hardmax"):
        low = op.lower()
        x3 = sample(FLOAT, (2, 3, 4))
        # before 13: coerced to 2-D at axis
        out.append(("%s11_axis1_rank3" % low, op, 11, FLOAT, x3, {"axis": 1}))
        out.append(("%s11_axis0_rank3" % low, op, 11, FLOAT, x3, {"axis": 0}))
        out.append(("%s11_axis_minus1_rank3" % low, op, 11, DOUBLE, sample(DOUBLE, (2, 3, 4)),
                    {"axis": -1}))
        out.append(("%s11_axis_minus2_rank3" % low, op, 11, FLOAT16,
                    sample(FLOAT16, (2, 3, 4), 2.0), {"axis": -2}))
        out.append(("%s11_default_axis_rank4" % low, op, 11, FLOAT,
                    sample(FLOAT, (2, 2, 3, 2)), {}))
        out.append(("%s1_default_axis_rank3" % low, op, 1, DOUBLE, sample(DOUBLE, (3, 2, 4)),
                    {}))
        out.append(("%s1_axis2_rank3" % low, op, 1, FLOAT, x3, {"axis": 2}))
        # from 13: the one axis
        x = sample(FLOAT, (3, 4, 5))
        out.append(("%s13_axis0" % low, op, 13, FLOAT, x, {"axis": 0}))
        out.append(("%s13_axis1" % low, op, 13, FLOAT, x, {"axis": 1}))
        out.append(("%s13_axis_minus1" % low, op, 13, FLOAT, x, {"axis": -1}))
        out.append(("%s13_axis_minus2" % low, op, 13, FLOAT, x, {"axis": -2}))
        out.append(("%s13_axis_minus3" % low, op, 13, FLOAT, x, {"axis": -3}))
        out.append(("%s13_default_axis" % low, op, 13, FLOAT, x, {}))
        out.append(("%s13_rank1" % low, op, 13, FLOAT, sample(FLOAT, (7,)), {}))
        for t in (FLOAT16, DOUBLE, BFLOAT16):
            out.append(("%s13_%s_axis1" % (low, NAMES[t]), op, 13, t, sample(t, (3, 5, 2)),
                        {"axis": 1}))
        for t in (FLOAT, FLOAT16, DOUBLE, BFLOAT16):
            e = edge_rows(t)
            out.append(("%s13_%s_edges" % (low, NAMES[t]), op, 13, t, e, {}))
            out.append(("%s13_%s_edges_axis0" % (low, NAMES[t]), op, 13, t, e, {"axis": 0}))
        out.append(("%s11_float16_edges" % low, op, 11, FLOAT16, edge_rows(FLOAT16),
                    {"axis": 1}))
        # empty: no rows, and rows of no element
        out.append(("%s13_empty_rows" % low, op, 13, FLOAT, np.zeros((0, 3)), {"axis": 1}))
        out.append(("%s13_empty_row" % low, op, 13, FLOAT, np.zeros((2, 0)), {"axis": -1}))
        out.append(("%s11_empty" % low, op, 11, FLOAT, np.zeros((2, 0, 3)), {"axis": 1}))
        # rank 8, the row over its last five axes (coerced) or its fourth
        x8 = sample(FLOAT, (2, 1, 2, 3, 1, 2, 2, 2))
        out.append(("%s11_rank8_axis3" % low, op, 11, FLOAT, x8, {"axis": 3}))
        out.append(("%s13_rank8_axis3" % low, op, 13, FLOAT, x8, {"axis": 3}))
        # long rows, large values (far from any other in the row)
        out.append(("%s13_long_rows" % low, op, 13, FLOAT, sample(FLOAT, (3, 1000), 20.0),
                    {}))
    return out


def check_case(dmlp, root, name, op, opset, onnx_type, x64, attrs, **model_args):
    x = storage(onnx_type, x64)
    x64 = to_f64(onnx_type, x)
    model = model_bytes(op, opset, onnx_type, x.shape, attrs, **model_args)
    got, error = run(dmlp, os.path.join(root, name), model, x, onnx_type)
    if error:
        print("%s: FAILED: %s" % (name, error))
        return False
    axes = row_axes(opset, x.ndim, attrs.get("axis"))
    if model_args.get("negated"):
        x64, got = -x64, -got
    why = compare(op, onnx_type, x64, axes, got)
    if why:
        print("%s: FAILED: %s" % (name, why))
        return False
    print("%s: %s-%d %s %s, row axes %s: as the models" % (
        name, op, opset, NAMES[onnx_type], list(x.shape), list(axes)))
    return True


def check_refused(dmlp, root, name, model, x, onnx_type, fragments):
    """A run the front end must refuse (the rank is known only when fed)."""
    got, error = run(dmlp, os.path.join(root, name), model, x, onnx_type)
    missing = [f for f in fragments if f not in (error or "")]
    if got is not None or missing:
        print("%s: FAILED: %s" % (name, "ran" if got is not None else
                                  "message lacks %s: %s" % (missing, error)))
        return False
    print("%s: refused: %s" % (name, error))
    return True


def check_backend(dmlp, root, backend):
    """ONNX's backend cases of Softmax and LogSoftmax against the exact row; Hardmax's
    bit for bit as ONNX expects. Returns (passed, failed)."""
    results = []
    dirs = sorted(glob.glob(os.path.join(backend, "test_softmax_*")) +
                  glob.glob(os.path.join(backend, "test_logsoftmax_*")) +
                  glob.glob(os.path.join(backend, "test_hardmax_*")))
    if not dirs:
        print("%s: no test_softmax_*, test_logsoftmax_* or test_hardmax_* case" % backend)
        return 0, 1
    for case_dir in dirs:
        name = os.path.basename(case_dir)
        model = onnx.load(os.path.join(case_dir, "model.onnx"))
        (node,) = model.graph.node
        attrs = {a.name: a.i for a in node.attribute}
        opset = model.opset_import[0].version
        set_dir = os.path.join(case_dir, "test_data_set_0")
        x = numpy_helper.to_array(onnx.load_tensor(os.path.join(set_dir, "input_0.pb")))
        expected = numpy_helper.to_array(onnx.load_tensor(os.path.join(set_dir,
                                                                       "output_0.pb")))
        got, error = run(dmlp, os.path.join(root, name), model.SerializeToString(), x, FLOAT)
        if error:
            print("%s: FAILED: %s" % (name, error))
            results.append(False)
            continue
        axes = row_axes(opset, x.ndim, attrs.get("axis"))
        if node.op_type == "Hardmax":
            same = np.array_equal(got, expected) and not compare(
                "Hardmax", FLOAT, x.astype(np.float64), axes, got)
            print("%s: %s" % (name, "as ONNX expects, bit for bit" if same else
                              "FAILED: differs from ONNX's expected output"))
            results.append(same)
            continue
        exact = exact_model(node.op_type, x.astype(np.float64), axes, FLOAT)
        off = ulps(got, expected.astype(np.float64), FLOAT).max(initial=0)
        if not np.array_equal(got, exact) or off > 4:
            print("%s: FAILED: %s, %.2f ulps from ONNX's expected" % (
                name, "correctly rounded" if np.array_equal(got, exact)
                else "NOT correctly rounded", off))
            results.append(False)
            continue
        print("%s: correctly rounded, %.2f ulps from ONNX's expected" % (name, off))
        results.append(True)
    return sum(results), len(results) - sum(results)


def main():
    if len(sys.argv) not in (3, 4):
        sys.stderr.write(__doc__)
        return 2
    dmlp, root = sys.argv[1], sys.argv[2]
    os.makedirs(root, exist_ok=True)
    passed = failed = 0
    for name, op, opset, onnx_type, x64, attrs in cases():
        if check_case(dmlp, root, name, op, opset, onnx_type, x64, attrs):
            passed += 1
        else:
            failed += 1
    x = sample(FLOAT, (2, 3, 4))
    more = [  # no declared shape: the row is decided when run
        check_case(dmlp, root, "softmax13_undeclared_shape", "Softmax", 13, FLOAT, x,
                   {"axis": -2}, declare_shape=False),
        check_case(dmlp, root, "logsoftmax11_undeclared_shape", "LogSoftmax", 11, FLOAT, x,
                   {"axis": -2}, declare_shape=False),
        # a graph: Neg, the operator, Neg
        check_case(dmlp, root, "softmax13_chain", "Softmax", 13, FLOAT, x, {"axis": 0},
                   negated=True),
        check_case(dmlp, root, "hardmax11_chain", "Hardmax", 11, FLOAT, x, {"axis": 1},
                   negated=True),
        check_refused(dmlp, root, "softmax13_fed_scalar",
                      model_bytes("Softmax", 13, FLOAT, (), {}, declare_shape=False),
                      np.array(1.5, np.float32), FLOAT,
                      ['Softmax-13 node producing "y"', 'input "x" is 0-d',
                       "needs rank 1 or more"]),
        check_refused(dmlp, root, "hardmax13_fed_axis_out_of_range",
                      model_bytes("Hardmax", 13, FLOAT, (), {"axis": 3}, declare_shape=False),
                      x.astype(np.float32), FLOAT,
                      ['Hardmax-13 node producing "y"', 'attribute "axis" is 3',
                       'input "x" [2, 3, 4] has rank 3, so it must be in [-3, 2]']),
        check_refused(dmlp, root, "logsoftmax11_fed_rank1_default_axis",
                      model_bytes("LogSoftmax", 11, FLOAT, (), {}, declare_shape=False),
                      np.ones(4, np.float32), FLOAT,
                      ["attribute \"axis\" is 1 (LogSoftmax-11's default)",
                       "must be in [-1, 0]"]),
    ]
    passed += sum(more)
    failed += len(more) - sum(more)
    if len(sys.argv) == 4:
        good, bad = check_backend(dmlp, os.path.join(root, "backend"), sys.argv[3])
        passed += good
        failed += bad
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
