#!/usr/bin/python3
"""Writes the exported-model test cases: small PyTorch modules exported with
torch.onnx.export, each with its inputs and expected outputs, in ONNX's backend test
layout (model.onnx, test_data_set_<k>/input_<i>.pb and output_<i>.pb).

Run by hand (it needs PyTorch; the tests that read its output do not):

    /usr/bin/python3 tests/onnx/export_torch_models.py tests/onnx/exported

The expected outputs are not PyTorch's: every node of the exported graph is evaluated
here with numpy in the node's own type (float16 arithmetic rounded to float16 per node,
integer arithmetic modulo 2^bits, integer division truncating), which is what ONNX
specifies and what dmlp documents. Where PyTorch's own result differs (torch.sign of NaN
is 0 in PyTorch, NaN in ONNX), the script says so on stdout.

Cases that must be refused at run time (integer division by zero, a symbolic dimension
fed two sizes) go to <out>/refused/<name>/: model.onnx, input_<i>.pb and expect.txt, the
fragment the one-line refusal must contain, and inputs.txt, the graph input each file
feeds.
"""
import io
import os
import shutil
import sys
import warnings

import numpy as np
import onnx
import torch
import torch.nn.functional as F
from onnx import numpy_helper

warnings.filterwarnings("ignore")
np.seterr(all="ignore")

OPSETS = (10, 13, 17)


class Module(torch.nn.Module):
    """A function as a module (torch.onnx.export takes modules)."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        return self.fn(*args)


class AddBias(torch.nn.Module):
    """x + a parameter row: the parameter becomes an initializer."""

    def __init__(self, dtype):
        super().__init__()
        self.bias = torch.nn.Parameter(torch.tensor(
            [0.5, -0.0, 1e30, -1e-40, float("inf"), -3.0, 2.0 ** -20, 7.25], dtype=dtype))

    def forward(self, x):
        return x + self.bias


# ---- values -------------------------------------------------------------------------

def special_floats(dtype):
    """NaN, +-0, +-inf, subnormals, the largest values, and ordinary ones."""
    fi = np.finfo(dtype)
    tiny_sub = fi.tiny * fi.eps  # smallest subnormal
    values = [np.nan, -np.nan, 0.0, -0.0, np.inf, -np.inf, tiny_sub, -tiny_sub,
              fi.tiny - tiny_sub, -(fi.tiny - tiny_sub), fi.tiny, -fi.tiny, fi.max, -fi.max,
              fi.max / 2, 1.0, -1.0, 0.5, -2.5, 3.0, 1.0 + fi.eps, 1.0 - fi.eps / 2,
              fi.eps, -fi.eps / 4, 1e4, -65504.0, 1e-3, 123.456]
    if dtype != np.float16:
        values += [1e30, -1e30, 1e-30, 3.4e38, 1e-40, -1e-40, 16777217.0, 2.0 ** 24]
    return np.array(values, dtype=np.float64).astype(dtype)


def float_data(dtype, batch, width, seed):
    """batch x width values: the special ones first, then random magnitudes."""
    rng = np.random.default_rng(seed)
    count = batch * width
    special = special_floats(dtype)
    exponents = rng.uniform(-12, 12, count)
    random = (rng.choice([-1.0, 1.0], count) * 10.0 ** exponents).astype(dtype)
    values = np.concatenate([special, random])
    if seed:
        values = rng.permutation(values)
    return values[:count].reshape(batch, width).astype(dtype)


INT32_MIN, INT32_MAX = -2 ** 31, 2 ** 31 - 1


# ---- per-node evaluation in each node's type ----------------------------------------

ONNX_TO_NP = {1: np.float32, 2: np.uint8, 3: np.int8, 4: np.uint16, 5: np.int16,
              6: np.int32, 7: np.int64, 9: np.bool_, 10: np.float16, 11: np.float64,
              12: np.uint32, 13: np.uint64}


class Refused(Exception):
    """An input dmlp refuses at run time; the message is the expected fragment."""


def int_div(a, b):
    """ONNX integer Div: truncates toward zero, modulo 2^bits (INT_MIN / -1 is INT_MIN)."""
    a, b = np.broadcast_arrays(a, b)
    if np.any(b == 0):
        raise Refused("an integer division by zero is refused")
    wide_a, wide_b = a.astype(object), b.astype(object)
    out = np.empty(a.shape, dtype=object)
    for idx in np.ndindex(a.shape):
        x, y = int(wide_a[idx]), int(wide_b[idx])
        q = abs(x) // abs(y)
        out[idx] = q if (x < 0) == (y < 0) else -q
    bits = 8 * a.dtype.itemsize
    wrapped = [((int(v) + 2 ** (bits - 1)) % 2 ** bits) - 2 ** (bits - 1)
               for v in out.reshape(-1)]
    return np.array(wrapped, dtype=a.dtype).reshape(a.shape)


def cast(x, to):
    target = ONNX_TO_NP[to]
    if np.issubdtype(x.dtype, np.floating) and not np.issubdtype(target, np.floating):
        raise ValueError("float to integer Cast is not evaluated here")
    return x.astype(target)


def binary(op, a, b):
    if a.dtype != b.dtype:
        raise ValueError("%s on %s and %s" % (op, a.dtype, b.dtype))
    if op == "Div" and np.issubdtype(a.dtype, np.integer):
        return int_div(a, b)
    fn = {"Add": np.add, "Sub": np.subtract, "Mul": np.multiply, "Div": np.divide}[op]
    out = fn(a, b)
    assert out.dtype == a.dtype
    return out


def attribute(node, name, default=None):
    for a in node.attribute:
        if a.name == name:
            return onnx.helper.get_attribute_value(a)
    return default


def evaluate(model, feeds):
    """Every node in order, each in its own type; returns the graph outputs."""
    env = {init.name: numpy_helper.to_array(init) for init in model.graph.initializer}
    env.update(feeds)
    for node in model.graph.node:
        ins = [env[name] for name in node.input]
        op = node.op_type
        if op == "Constant":
            t = attribute(node, "value")
            if t is None:
                raise ValueError("Constant without a tensor value")
            out = numpy_helper.to_array(t)
        elif op == "Identity":
            out = ins[0].copy()
        elif op == "Abs":
            out = np.abs(ins[0])
        elif op == "Neg":
            out = np.negative(ins[0])
        elif op == "Sign":
            out = np.sign(ins[0])
        elif op == "IsInf":
            x = ins[0]
            neg, pos = attribute(node, "detect_negative", 1), attribute(node, "detect_positive", 1)
            out = (np.isneginf(x) & bool(neg)) | (np.isposinf(x) & bool(pos))
        elif op == "Cast":
            out = cast(ins[0], attribute(node, "to"))
        elif op in ("Add", "Sub", "Mul", "Div"):
            out = binary(op, ins[0], ins[1])
        elif op == "Greater":
            out = np.greater(ins[0], ins[1])
        elif op == "Equal":
            out = np.equal(ins[0], ins[1])
        elif op == "And":
            out = np.logical_and(ins[0], ins[1])
        else:
            raise ValueError("no evaluation for %s" % op)
        env[node.output[0]] = np.asarray(out)
    return [env[o.name] for o in model.graph.output]


# ---- writing ------------------------------------------------------------------------

def export(module, args, opset, input_names, output_names, dynamic):
    buf = io.BytesIO()
    axes = dynamic if isinstance(dynamic, dict) else \
        {name: {0: "batch"} for name in input_names + output_names} if dynamic else None
    torch.onnx.export(module, tuple(torch.from_numpy(a) for a in args), buf,
                      opset_version=opset, input_names=input_names,
                      output_names=output_names, dynamic_axes=axes)
    return onnx.load_from_string(buf.getvalue())


def write_tensor(path, array, name):
    # copy(), not ascontiguousarray(), which makes a 0-d array 1-d
    tensor = numpy_helper.from_array(np.array(array, copy=True, order="C"), name)
    with open(path, "wb") as f:
        f.write(tensor.SerializeToString())


def same(a, b):
    """Equal values, NaN equal to NaN, and the same shape and type."""
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if np.issubdtype(a.dtype, np.floating):
        return bool(np.all((a == b) | (np.isnan(a) & np.isnan(b))))
    return bool(np.array_equal(a, b))


DIFFERENCES = []


def torch_differs(label, module, feeds, expected):
    """Notes where PyTorch's own result is not the ONNX result."""
    with torch.no_grad():
        got = module(*(torch.from_numpy(v) for v in feeds))
    got = got if isinstance(got, tuple) else (got,)
    for g, e in zip(got, expected):
        g = g.numpy()
        if same(g, e):
            continue
        if g.shape != e.shape or g.dtype != e.dtype:
            DIFFERENCES.append("%s: PyTorch gives %s %s, ONNX %s %s" %
                               (label, g.dtype, g.shape, e.dtype, e.shape))
            continue
        equal = (g == e) | (np.isnan(g) & np.isnan(e)) if np.issubdtype(e.dtype, np.floating) \
            else g == e
        i = np.flatnonzero(~equal)[0]
        x = feeds[0].reshape(-1)[i] if feeds[0].size == e.size else "?"
        DIFFERENCES.append("%s (%s): PyTorch gives %r where ONNX gives %r (input %r)" %
                           (label, e.dtype, g.reshape(-1)[i], e.reshape(-1)[i], x))


def write_case(out_dir, name, module, data_sets, opset, input_names, output_names,
               dynamic=True, compare_torch=True, label=None):
    model = export(module, data_sets[0], opset, input_names, output_names, dynamic)
    case = os.path.join(out_dir, name)
    os.makedirs(case)
    with open(os.path.join(case, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    for k, feeds in enumerate(data_sets):
        expected = evaluate(model, dict(zip(input_names, feeds)))
        if compare_torch:
            torch_differs(label or name, module, feeds, expected)
        folder = os.path.join(case, "test_data_set_%d" % k)
        os.makedirs(folder)
        for i, (n, v) in enumerate(zip(input_names, feeds)):
            write_tensor(os.path.join(folder, "input_%d.pb" % i), v, n)
        for i, (o, v) in enumerate(zip(model.graph.output, expected)):
            write_tensor(os.path.join(folder, "output_%d.pb" % i), v, o.name)
    return model


def write_refused(out_dir, name, module, export_args, feeds, opset, input_names,
                  output_names, fragment, dynamic=True):
    """A model and inputs dmlp must refuse at run time with fragment in the message."""
    model = export(module, export_args, opset, input_names, output_names, dynamic)
    case = os.path.join(out_dir, "refused", name)
    os.makedirs(case)
    with open(os.path.join(case, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    with open(os.path.join(case, "inputs.txt"), "w") as listing:
        for i, (n, v) in enumerate(zip(input_names, feeds)):
            write_tensor(os.path.join(case, "input_%d.pb" % i), v, n)
            listing.write("%s input_%d.pb\n" % (n, i))
    with open(os.path.join(case, "expect.txt"), "w") as f:
        f.write(fragment + "\n")


# ---- the cases ----------------------------------------------------------------------

# The modules: each exported at opsets 10, 13 and 17 in float32 and float64 (and
# float16), with a dynamic batch axis. torch 1.13 cannot export aten::isposinf; its
# definition, isinf(x) & (x > 0), stands in for it.
UNARY = [
    ("softsign_functional", lambda x: F.softsign(x)),
    ("softsign_module", torch.nn.Softsign()),
    ("softsign_formula", lambda x: x / (1 + x.abs())),
    ("sign", lambda x: torch.sign(x)),
    ("isinf", lambda x: torch.isinf(x)),
    ("isposinf_as_isinf_and_gt", lambda x: torch.isinf(x) & (x > 0)),
    ("sign_times_2_5", lambda x: torch.sign(x) * 2.5),
    ("chain_sign_of_softsign", lambda x: torch.sign(F.softsign(x))),
]
BINARY = [
    ("sub", lambda x, y: x - y),
    ("chain_isinf_of_softsign_sub", lambda x, y: torch.isinf(F.softsign(x) - y)),
]
DTYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16}
WIDTH = 8


def unary_sets(dtype):
    # batch 5 at export; batch 1 and 3 fed later: the batch axis is symbolic
    return [[float_data(dtype, 5, WIDTH, 0)], [float_data(dtype, 1, WIDTH, 1)],
            [float_data(dtype, 3, WIDTH, 2)]]


def binary_sets(dtype):
    x = float_data(dtype, 5, WIDTH, 0)
    y = np.roll(float_data(dtype, 5, WIDTH, 1).reshape(-1), 7).reshape(5, WIDTH)
    return [[x, y], [x[:1], y[1:2]], [y[:3], x[2:]]]


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "exported")
    if os.path.exists(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    count = 0
    for tag, dtype in DTYPES.items():
        for opset in OPSETS:
            for name, fn in UNARY:
                write_case(out_dir, "%s_%s_opset%d" % (name, tag, opset), Module(fn),
                           unary_sets(dtype), opset, ["x"], ["y"], label=name)
                count += 1
            for name, fn in BINARY:
                write_case(out_dir, "%s_%s_opset%d" % (name, tag, opset), Module(fn),
                           binary_sets(dtype), opset, ["x", "y"], ["z"], label=name)
                count += 1
    count += write_shapes(out_dir)
    count += write_integers(out_dir)
    count += write_symbolic(out_dir)
    print("%d cases in %s" % (count, out_dir))
    for line in sorted(set(DIFFERENCES)):
        print("PyTorch differs from ONNX:", line)


def write_shapes(out_dir):
    """Broadcasting shapes, parameters (initializers) and scalar constants."""
    n = 0
    for tag in ("f32", "f64", "f16"):
        dtype = DTYPES[tag]
        v = float_data(dtype, 4, 12, 0).reshape(-1)
        # (batch, 1, 4) - (3, 1): both inputs repeat along some axis
        x, y = v[:8].reshape(2, 1, 4), v[8:11].reshape(3, 1)
        write_case(out_dir, "broadcast_sub_%s" % tag, Module(lambda a, b: a - b),
                   [[x, y], [v[16:28].reshape(3, 1, 4), v[40:43].reshape(3, 1)]], 17,
                   ["x", "y"], ["z"], dynamic={"x": {0: "batch"}, "z": {0: "batch"}})
        # (batch, 8) + an (8,) parameter: an initializer broadcast along the batch
        write_case(out_dir, "add_parameter_%s" % tag, AddBias(torch.from_numpy(v[:1]).dtype),
                   [[v[:24].reshape(3, 8)], [v[24:32].reshape(1, 8)]], 17, ["x"], ["y"])
        # scalar constants on each side of each operator
        write_case(out_dir, "scalar_constants_%s" % tag,
                   Module(lambda a: (2.0 - (a + 1.0) * 0.1) / 3.0 - a * 0.5),
                   [[v[:24].reshape(3, 8)], [v[24:48].reshape(3, 8)]], 17, ["x"], ["y"])
        # a 0-d input (no batch axis to make dynamic) times a vector
        write_case(out_dir, "scalar_input_mul_%s" % tag, Module(lambda a, b: a * b),
                   [[np.array(v[4], dtype), v[:12].copy()],
                    [np.array(v[12], dtype), v[12:24].copy()]], 17, ["s", "x"], ["y"],
                   dynamic=False)
        n += 4
    return n


def write_integers(out_dir):
    """int32 arithmetic at its edges; integer division by zero refused."""
    trunc_div = Module(lambda a, b: torch.div(a, b, rounding_mode="trunc"))
    a = np.array([[INT32_MIN, INT32_MIN, INT32_MAX, INT32_MAX, -7, 7, -7, 0],
                  [INT32_MIN, 1, -1, 5, 100, -100, 3, INT32_MIN + 1]], np.int32)
    b = np.array([[-1, 1, -1, 1, 2, -2, -2, 5],
                  [INT32_MIN, INT32_MIN, INT32_MAX, -3, 7, 7, -1, -1]], np.int32)
    safe = [np.array([[6, -6, 5, 9, -1, 0, 8, 3]], np.int32),
            np.array([[4, 4, -5, 2, 3, 7, -8, 1]], np.int32)]
    n = 0
    for opset in OPSETS:
        write_case(out_dir, "int32_trunc_div_opset%d" % opset, trunc_div, [safe, [a, b]],
                   opset, ["x", "y"], ["z"], compare_torch=False)
        write_case(out_dir, "int32_true_div_opset%d" % opset, Module(lambda p, q: p / q),
                   [safe, [a, b]], opset, ["x", "y"], ["z"], compare_torch=False)
        n += 2
    wrap = Module(lambda p, q: (p - q) * (p + 1))
    write_case(out_dir, "int32_wrapping_sub_add_mul", wrap, [[a, b], [b, a]], 17,
               ["x", "y"], ["z"], compare_torch=False)
    write_case(out_dir, "int64_neg", Module(lambda p: -p),
               [[np.array([[-2 ** 63, 2 ** 63 - 1, 0, -1, 1, 5]], np.int64)]], 17, ["x"],
               ["y"], compare_torch=False)
    n += 2
    zero = b.copy()
    zero[1, 2] = 0
    write_refused(out_dir, "int32_trunc_div_by_zero", trunc_div, safe, [a, zero], 17,
                  ["x", "y"], ["z"], "an integer division by zero is refused")
    # x (batch, 4) - y (batch, 1): numpy would broadcast batch 3 against 1, but both are
    # the one symbolic size "batch"
    x4 = float_data(np.float32, 3, 4, 0)
    write_refused(out_dir, "symbolic_batch_fed_two_sizes", Module(lambda p, q: p - q),
                  [x4[:2], x4[:2, :1].copy()], [x4, x4[:1, :1].copy()], 17, ["x", "y"],
                  ["z"], 'input "y": dimension "batch" is 1; input "x" gave it 3')
    return n


def write_symbolic(out_dir):
    """One symbolic size shared by two inputs, and by both axes of one input."""
    v = float_data(np.float32, 5, 6, 0)
    two = Module(lambda p, q: (torch.sign(p), torch.sign(q)))
    write_case(out_dir, "symbolic_batch_two_inputs", two,
               [[v[:, :4].copy(), v[:, 4:].copy()], [v[:1, :4].copy(), v[2:3, 4:].copy()],
                [v[2:, :4].copy(), v[:3, 4:].copy()]], 17, ["x", "y"], ["sx", "sy"])
    write_refused(out_dir, "symbolic_batch_two_inputs_fed_3_and_2", two,
                  [v[:, :4].copy(), v[:, 4:].copy()], [v[:3, :4].copy(), v[:2, 4:].copy()],
                  17, ["x", "y"], ["sx", "sy"],
                  'input "y": dimension "batch" is 2; input "x" gave it 3')
    square = Module(lambda p: torch.sign(p))
    axes = {"x": {0: "n", 1: "n"}, "y": {0: "n", 1: "n"}}
    write_case(out_dir, "symbolic_square", square,
               [[v[:4, :4].copy()], [v[:1, :1].copy()], [v[:3, 1:4].copy()]], 17, ["x"],
               ["y"], dynamic=axes)
    write_refused(out_dir, "symbolic_square_fed_2_by_3", square, [v[:4, :4].copy()],
                  [v[:2, :3].copy()], 17, ["x"], ["y"],
                  'input "x": dimension "n" is 3; input "x" gave it 2', dynamic=axes)
    return 2


if __name__ == "__main__":
    main()
