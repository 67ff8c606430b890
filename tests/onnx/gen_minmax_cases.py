"""Relu and Max cases for gen_cases.py: models with expected outputs computed here,
independently of dmlp.

ONNX's reference for both is numpy's maximum (Relu: maximum(x, 0)); Max folds its inputs
from the left, res = maximum(res, d). The expected values are numpy's maximum in the
input's own type (bfloat16 decoded exactly to float32, the result encoded back: it is
one of the inputs, or a NaN) with one rule written out here: a tie of -0 and +0 gives +0
(IEEE 754-2019 maximum, -0 below +0; only two -0 give -0). numpy itself has no one answer
there: numpy 1.24 on x86-64 gives A for float16 and B for float32 and float64 (its SIMD
loops), so dmlp keeps IEEE's order (src/ops/max.c, relu.c) and so does this file
(zero_tie). A NaN wins (dmlp makes it quiet; `dmlp onnx-test --exact` takes any NaN for any
NaN). Integers: numpy's maximum, exact.

The cases: every version of each operator on every type it allows (float16 and bfloat16
patterns exhaustively against edges and random patterns), Max with 1 (a copy), 2, 3 and 5
inputs, numpy broadcasting through the fold (the intermediate shapes are the broadcast of
the inputs so far), the same-shape rule of Max-1 and Max-6, consumed_inputs, symbolic and
empty shapes, initializers and Constants as inputs, an input repeated, a model whose own
names look like the loader's intermediate values, graphs mixing Ceil, Floor, Relu and
Max; and the refusals (no inputs, types, shapes, attributes, node numbering).

minmax_cases(root, g) and minmax_refused_cases(root, g) write them, g being the gen_cases
module (its helpers and lists).
"""
import numpy as np
from onnx import helper

FLOAT, UINT8, INT8, UINT16, INT16, INT32, INT64, BOOL, FLOAT16, DOUBLE, UINT32, UINT64 = \
    1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13
BFLOAT16 = 16
INTS = (UINT8, UINT16, UINT32, UINT64, INT8, INT16, INT32, INT64)
vi = helper.make_tensor_value_info

# (operator, since, (first opset, last opset), types)
VERSIONS = [
    ("Relu", 1, (1, 5), (FLOAT, FLOAT16, DOUBLE)),
    ("Relu", 6, (6, 12), (FLOAT, FLOAT16, DOUBLE)),
    ("Relu", 13, (13, 13), (FLOAT, FLOAT16, DOUBLE, BFLOAT16)),
    ("Relu", 14, (14, 23), (FLOAT, INT32, INT8, INT16, INT64, FLOAT16, DOUBLE, BFLOAT16)),
    ("Max", 1, (1, 5), (FLOAT16, FLOAT, DOUBLE)),
    ("Max", 6, (6, 7), (FLOAT16, FLOAT, DOUBLE)),
    ("Max", 8, (8, 11), (FLOAT16, FLOAT, DOUBLE)),
    ("Max", 12, (12, 12), INTS + (FLOAT16, FLOAT, DOUBLE)),
    ("Max", 13, (13, 23), INTS + (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
]


# ---- reference results -----------------------------------------------------------------

def zero_tie(a, b, r):
    """r = maximum(a, b) with IEEE's answer where both are zeros: +0 unless both are -0."""
    zero = (a == 0) & (b == 0)
    both_negative = np.signbit(a) & np.signbit(b)
    tie = np.where(both_negative, r.dtype.type(-0.0), r.dtype.type(0.0))
    return np.where(zero, tie, r)


def maximum(a, b):
    if a.dtype.kind in "iu":
        return np.maximum(a, b)
    with np.errstate(invalid="ignore"):
        return zero_tie(a, b, np.maximum(a, b))


def bf16_decode(g, bits):
    """bfloat16 bit patterns as exact float32 values, 0-d arrays included."""
    bits = np.asarray(bits)
    return g.bf16_to_f32(bits.reshape(-1)).reshape(bits.shape)


def ref_max(g, onnx_type, xs):
    """ONNX's Max: the inputs folded from the left."""
    values = [bf16_decode(g, x) if onnx_type == BFLOAT16 else x for x in xs]
    r = values[0].copy()
    for v in values[1:]:
        r = maximum(r, v)
    if onnx_type == BFLOAT16:
        return xs[0].copy() if len(xs) == 1 else g.f32_to_bf16(r)
    return r


def ref_relu(g, onnx_type, x):
    if onnx_type == BFLOAT16:
        return g.f32_to_bf16(maximum(bf16_decode(g, x), np.float32(0)))
    return maximum(x, x.dtype.type(0))


# ---- inputs ----------------------------------------------------------------------------

def edge_bits(onnx_type):
    """±0, ±subnormal, ±inf, a quiet NaN, a signalling NaN, -NaN and 1 as bit patterns."""
    if onnx_type == FLOAT16:
        return [0x0000, 0x8000, 0x0001, 0x8001, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE00, 0x3C00]
    return [0x0000, 0x8000, 0x0001, 0x8001, 0x7F80, 0xFF80, 0x7FC0, 0x7F81, 0xFFC0, 0x3F80]


def b_values(g, onnx_type, a, same_shape):
    """B for A: a row as long as A's rows (numpy broadcasting), or A's shape (versions 1
    and 6). 16-bit floats: the edges, then random bit patterns; others: A's values
    shuffled (so NaN, ±0, ±inf and the extremes meet other values)."""
    shape = a.shape if same_shape else a.shape[-1:]
    if onnx_type in (FLOAT16, BFLOAT16):
        bits = g.rng.integers(0, 65536, size=shape, dtype=np.uint16)
        edges = np.array(edge_bits(onnx_type), dtype=np.uint16)
        bits.reshape(-1)[: edges.size] = edges
        return bits.view(np.float16) if onnx_type == FLOAT16 else bits
    flat = g.rng.permutation(a.reshape(-1))
    return flat.reshape(shape) if same_shape else flat[: shape[0]].copy()


# ---- writing ---------------------------------------------------------------------------

def max_case(g, root, name, opset, onnx_type, xs, attrs=None, typed_set=False,
             declared=None):
    """A Max node over inputs x1 .. xN (declared: their shapes in the model, if not the
    data's)."""
    names = ["x%d" % (i + 1) for i in range(len(xs))]
    node = helper.make_node("Max", names, ["y"], name=name + "_node", **(attrs or {}))
    expected = ref_max(g, onnx_type, xs)
    shapes = declared or [list(x.shape) for x in xs]
    model = g.model_of([node], [vi(n, onnx_type, s) for n, s in zip(names, shapes)],
                       [vi("y", onnx_type, None if declared else list(expected.shape))], opset)
    y = g.raw_tensor("y", onnx_type, g.storage(onnx_type, expected))
    sets = [([g.raw_tensor(n, onnx_type, x) for n, x in zip(names, xs)], [y])]
    if typed_set:
        sets.append(([g.typed_tensor(n, onnx_type, x) for n, x in zip(names, xs)], [y]))
    g.write_case(root, name, model, sets)


def relu_case(g, root, name, opset, onnx_type, x, attrs=None, typed_set=False):
    node = helper.make_node("Relu", ["x"], ["y"], name=name + "_node", **(attrs or {}))
    model = g.model_of([node], [vi("x", onnx_type, list(x.shape))],
                       [vi("y", onnx_type, list(x.shape))], opset)
    y = g.raw_tensor("y", onnx_type, g.storage(onnx_type, ref_relu(g, onnx_type, x)))
    sets = [([g.raw_tensor("x", onnx_type, x)], [y])]
    if typed_set:
        sets.append(([g.typed_tensor("x", onnx_type, x)], [y]))
    g.write_case(root, name, model, sets)


def version_cases(root, g):
    for op, since, opsets, types in VERSIONS:
        for i, onnx_type in enumerate(types):
            opset = opsets[i % len(opsets)]
            a = g.storage(onnx_type, g.input_values(onnx_type))
            name = "dmlp_%s%d_%s_opset%d" % (op.lower(), since, g.NAMES[onnx_type], opset)
            typed = onnx_type in (FLOAT, INT64, UINT32, BFLOAT16)
            if op == "Relu":
                relu_case(g, root, name, opset, onnx_type, a, typed_set=typed)
            else:
                max_case(g, root, name, opset, onnx_type,
                         [a, b_values(g, onnx_type, a, same_shape=since < 8)],
                         typed_set=typed)


def hand_checked_cases(root, g):
    """Every pair of -0, +0, NaN, -NaN, 1, -inf and +inf, A a column and B a row."""
    v = np.array([-0.0, 0.0, np.nan, -np.nan, 1.0, -np.inf, np.inf], dtype=np.float32)
    a, b = v.reshape(7, 1), v
    got = ref_max(g, FLOAT, [a, b])
    bits = got.view(np.uint32)
    assert bits[0, 0] == 0x80000000 and bits[0, 1] == 0 and bits[1, 0] == 0 and \
        bits[1, 1] == 0  # max(-0, -0) = -0; any +0 gives +0
    assert np.isnan(got[2:4, :]).all() and np.isnan(got[:, 2:4]).all()
    assert got[4, 5] == 1.0 and got[5, 5] == -np.inf and got[6, 0] == np.inf
    max_case(g, root, "dmlp_max_hand_checked", 13, FLOAT, [a, b])
    want = np.array([0.0, 0.0, np.nan, np.nan, 1.0, 0.0, np.inf], dtype=np.float32)
    relu = ref_relu(g, FLOAT, v)
    assert np.array_equal(relu.view(np.uint32)[[0, 1, 4, 5, 6]],
                          want.view(np.uint32)[[0, 1, 4, 5, 6]]) and np.isnan(relu[2:4]).all()
    relu_case(g, root, "dmlp_relu_hand_checked", 14, FLOAT, v)
    # Relu(-0) = +0 in every float type
    for onnx_type in (FLOAT16, DOUBLE, BFLOAT16):
        zeros = g.storage(onnx_type, np.array([0x8000, 0x0000]) if onnx_type == BFLOAT16
                          else np.array([-0.0, 0.0]))
        relu_case(g, root, "dmlp_relu_negative_zero_%s" % g.NAMES[onnx_type], 14, onnx_type,
                  zeros)
    relu_case(g, root, "dmlp_relu1_consumed_inputs", 1, FLOAT,
              g.storage(FLOAT, g.input_values(FLOAT)), {"consumed_inputs": [0]})


def input_count_cases(root, g):
    """Max over 1 (a copy of every bit), 2, 3 and 5 inputs."""
    rng = g.rng
    for onnx_type, opset in ((FLOAT, 13), (BFLOAT16, 13), (INT64, 12), (FLOAT16, 8),
                             (DOUBLE, 1)):
        x = g.storage(onnx_type, g.input_values(onnx_type))
        max_case(g, root, "dmlp_max_one_input_%s_opset%d" % (g.NAMES[onnx_type], opset), opset,
                 onnx_type, [x])
    f32 = [rng.standard_normal((3, 4)).astype(np.float32) for _ in range(5)]
    f32[0][0, 0], f32[1][0, 1], f32[2][0, 2], f32[4][0, 3] = np.nan, np.nan, -np.inf, np.inf
    f32[0][1, 0], f32[1][1, 0], f32[2][1, 0], f32[3][1, 0], f32[4][1, 0] = -0.0, -0.0, 0.0, \
        -0.0, -0.0
    f32[0][1, 1] = f32[1][1, 1] = f32[2][1, 1] = f32[3][1, 1] = f32[4][1, 1] = -0.0
    for n in (2, 3, 5):
        max_case(g, root, "dmlp_max_%d_inputs" % n, 13, FLOAT, f32[:n], typed_set=True)
    ints = [g.storage(INT8, g.input_values(INT8)) for _ in range(3)]
    ints = [ints[0], rng.permutation(ints[1].reshape(-1)).reshape(8, 8),
            rng.permutation(ints[2].reshape(-1)).reshape(8, 8)]
    max_case(g, root, "dmlp_max_3_inputs_int8", 13, INT8, ints)
    u64 = [rng.integers(0, 2 ** 64 - 1, size=(4,), dtype=np.uint64, endpoint=True)
           for _ in range(5)]
    u64[2][0] = 2 ** 64 - 1
    max_case(g, root, "dmlp_max_5_inputs_uint64", 13, UINT64, u64, typed_set=True)
    # 16-bit floats: three inputs of random patterns, every pattern in x1
    for onnx_type in (FLOAT16, BFLOAT16):
        x1 = g.storage(onnx_type, g.input_values(onnx_type))
        others = [b_values(g, onnx_type, x1, same_shape=True) for _ in range(2)]
        max_case(g, root, "dmlp_max_3_inputs_%s" % g.NAMES[onnx_type], 13, onnx_type,
                 [x1] + others)
    # 5 bfloat16 inputs, broadcast
    bf = [rng.integers(0, 65536, size=s, dtype=np.uint16)
          for s in ((4,), (3, 1), (1,), (2, 1, 4), ())]
    max_case(g, root, "dmlp_max_5_inputs_bfloat16_broadcast", 13, BFLOAT16, bf)


def broadcast_cases(root, g):
    """numpy broadcasting through the fold (from version 8), and the same shapes of
    versions 1 and 6."""
    rng = g.rng
    shapes = ((3, 1), (4,), (2, 1, 1), (), (1, 4))  # (3,4), (2,3,4), (2,3,4), (2,3,4)
    xs = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    max_case(g, root, "dmlp_max_5_inputs_broadcast", 13, FLOAT, xs)
    max_case(g, root, "dmlp_max8_3_inputs_broadcast", 8, DOUBLE,
             [rng.standard_normal(s) for s in ((2, 1), (), (1, 3))])
    max_case(g, root, "dmlp_max12_broadcast_int32", 12, INT32,
             [np.array([[-2 ** 31], [2 ** 31 - 1], [0]], np.int32),
              np.array([-1, 0, 1, 2 ** 31 - 1], np.int32),
              np.array(-5, np.int32)])
    # a scalar first, the larger shapes after it
    max_case(g, root, "dmlp_max_scalar_first", 17, FLOAT16,
             [np.array(0.5, np.float16), rng.standard_normal((2, 3)).astype(np.float16),
              rng.standard_normal((4, 2, 1)).astype(np.float16)])
    # versions 1 and 6: every input of x1's shape
    same = [rng.standard_normal((2, 3)).astype(np.float32) for _ in range(5)]
    max_case(g, root, "dmlp_max6_5_inputs_same_shape", 6, FLOAT, same)
    max_case(g, root, "dmlp_max1_3_inputs_consumed_inputs", 1, DOUBLE,
             [x.astype(np.float64) for x in same[:3]], {"consumed_inputs": [0, 0, 0]})
    max_case(g, root, "dmlp_max1_one_input_consumed_inputs", 3, FLOAT16,
             [same[0].astype(np.float16)], {"consumed_inputs": [0]})
    # symbolic dims: x1 ["N", 3], x2 [3], x3 ["N", 1]; data sets of N = 1 and 4
    node = helper.make_node("Max", ["x1", "x2", "x3"], ["y"])
    model = g.model_of([node], [vi("x1", FLOAT, ["N", 3]), vi("x2", FLOAT, [3]),
                                vi("x3", FLOAT, ["N", 1])], [vi("y", FLOAT, ["N", 3])], 13)
    sets = []
    x2 = rng.standard_normal(3).astype(np.float32)
    for n in (1, 4):
        x1 = rng.standard_normal((n, 3)).astype(np.float32)
        x3 = rng.standard_normal((n, 1)).astype(np.float32)
        sets.append(([g.raw_tensor("x1", FLOAT, x1), g.raw_tensor("x2", FLOAT, x2),
                      g.raw_tensor("x3", FLOAT, x3)],
                     [g.raw_tensor("y", FLOAT, ref_max(g, FLOAT, [x1, x2, x3]))]))
    g.write_case(root, "dmlp_max_symbolic_dims", model, sets)
    # empty: (0, 3) with (3,) and (1, 3)
    max_case(g, root, "dmlp_max_empty", 13, FLOAT,
             [np.zeros((0, 3), np.float32), rng.standard_normal(3).astype(np.float32),
              rng.standard_normal((1, 3)).astype(np.float32)])
    max_case(g, root, "dmlp_max_rank8", 13, FLOAT,
             [rng.standard_normal((1, 2, 1, 3, 1, 2, 2, 2)).astype(np.float32),
              rng.standard_normal((2, 2)).astype(np.float32),
              rng.standard_normal((3, 1, 1, 1, 1)).astype(np.float32)])


def graph_cases(root, g):
    rng = g.rng
    # Relu(Max(Ceil(x), y)) in float32 and float16, with Max's output an output too
    for onnx_type, opset in ((FLOAT, 13), (FLOAT16, 14)):
        x = g.storage(onnx_type, g.input_values(onnx_type))
        y = (rng.standard_normal(x.shape[-1:]) * 4).astype(x.dtype)
        nodes = [helper.make_node("Relu", ["m"], ["r"], name="relu"),  # listed first
                 helper.make_node("Max", ["c", "y"], ["m"], name="max"),
                 helper.make_node("Ceil", ["x"], ["c"], name="ceil")]
        model = g.model_of(nodes, [vi("x", onnx_type, list(x.shape)),
                                   vi("y", onnx_type, list(y.shape))],
                           [vi("m", onnx_type, None), vi("r", onnx_type, None)], opset)
        with np.errstate(invalid="ignore"):
            m = ref_max(g, onnx_type, [np.ceil(x), y])
        g.write_case(root, "dmlp_graph_relu_max_ceil_%s" % g.NAMES[onnx_type], model,
                     [([g.raw_tensor("x", onnx_type, x), g.raw_tensor("y", onnx_type, y)],
                       [g.raw_tensor("m", onnx_type, m),
                        g.raw_tensor("r", onnx_type, ref_relu(g, onnx_type, m))])])
    # Max of Floor(x), Ceil(x), Relu(z) and an initializer, then Max of one input (a copy)
    # and Relu: y = Relu(Max(Max(floor(x), ceil(x), relu(z), w)))
    x = (rng.standard_normal((2, 3, 4)) * 3).astype(np.float64)
    z = (rng.standard_normal((3, 1)) * 3).astype(np.float64)
    w = np.array([-1.5, 0.25, -0.0, 2.0])
    nodes = [helper.make_node("Floor", ["x"], ["f"]), helper.make_node("Ceil", ["x"], ["c"]),
             helper.make_node("Relu", ["z"], ["rz"]),
             helper.make_node("Max", ["f", "c", "rz", "w"], ["m"]),
             helper.make_node("Max", ["m"], ["copy"]),
             helper.make_node("Relu", ["copy"], ["y"])]
    model = g.model_of(nodes, [vi("x", DOUBLE, list(x.shape)), vi("z", DOUBLE, list(z.shape))],
                       [vi("y", DOUBLE, list(x.shape))], 13,
                       initializers=[g.raw_tensor("w", DOUBLE, w)])
    m = ref_max(g, DOUBLE, [np.floor(x), np.ceil(x), ref_relu(g, DOUBLE, z), w])
    g.write_case(root, "dmlp_graph_floor_ceil_relu_max", model,
                 [([g.raw_tensor("x", DOUBLE, x), g.raw_tensor("z", DOUBLE, z)],
                   [g.raw_tensor("y", DOUBLE, ref_relu(g, DOUBLE, m))])])
    # an input repeated, and a Constant among the inputs
    x = g.storage(FLOAT, g.input_values(FLOAT))
    nodes = [helper.make_node("Constant", [], ["k"], value_float=-0.0),
             helper.make_node("Max", ["x", "x", "x"], ["same"]),
             helper.make_node("Max", ["x", "k", "x", "k"], ["y"])]
    model = g.model_of(nodes, [vi("x", FLOAT, list(x.shape))],
                       [vi("same", FLOAT, None), vi("y", FLOAT, None)], 13)
    k = np.array(-0.0, np.float32)
    g.write_case(root, "dmlp_graph_max_repeated_and_constant", model,
                 [([g.raw_tensor("x", FLOAT, x)],
                   [g.raw_tensor("same", FLOAT, ref_max(g, FLOAT, [x, x, x])),
                    g.raw_tensor("y", FLOAT, ref_max(g, FLOAT, [x, k, x, k]))])])
    # the model's own tensors named as the loader names its intermediate values: a graph
    # input and a node output; the fold's values are its own, the model's names the model's
    own, own_t = "y (Max of inputs 1 to 2)", "t (Max of inputs 1 to 2)"
    a, b, c, d = ((rng.standard_normal(3) * 2).astype(np.float32) for _ in range(4))
    nodes = [helper.make_node("Max", ["a", "b", "d"], ["t"]),
             helper.make_node("Relu", [own], [own_t]),
             helper.make_node("Max", ["a", "b", own, own_t], ["y"])]
    model = g.model_of(nodes, [vi("a", FLOAT, [3]), vi("b", FLOAT, [3]), vi(own, FLOAT, [3]),
                               vi("d", FLOAT, [3])],
                       [vi("y", FLOAT, [3]), vi("t", FLOAT, [3]), vi(own_t, FLOAT, [3])], 13)
    relu_c = ref_relu(g, FLOAT, c)
    g.write_case(root, "dmlp_graph_max_names_like_intermediates", model,
                 [([g.raw_tensor("a", FLOAT, a), g.raw_tensor("b", FLOAT, b),
                    g.raw_tensor(own, FLOAT, c), g.raw_tensor("d", FLOAT, d)],
                   [g.raw_tensor("y", FLOAT, ref_max(g, FLOAT, [a, b, c, relu_c])),
                    g.raw_tensor("t", FLOAT, ref_max(g, FLOAT, [a, b, d])),
                    g.raw_tensor(own_t, FLOAT, relu_c)])])


def minmax_cases(root, g):
    version_cases(root, g)
    hand_checked_cases(root, g)
    input_count_cases(root, g)
    broadcast_cases(root, g)
    graph_cases(root, g)


# ---- refused models --------------------------------------------------------------------

def max_model(g, opset=13, types=(FLOAT, FLOAT, FLOAT), shapes=((3,), (3,), (3,)),
              inputs=None, attrs=None, outputs=("y",)):
    names = ["x%d" % (i + 1) for i in range(len(types))]
    node = helper.make_node("Max", names if inputs is None else list(inputs), list(outputs),
                            name="m", **(attrs or {}))
    return g.model_of([node], [vi(n, t, list(s)) for n, t, s in zip(names, types, shapes)],
                      [vi("y", types[0] if types else FLOAT, None)], opset)


def minmax_refused_cases(root, g):
    refuse = g.refuse
    refuse(root, "max_no_inputs", max_model(g, types=(), shapes=()), 'node 0 "m"',
           "Max at opset 13", "has 0 inputs; Max takes one or more, named")
    refuse(root, "max_empty_input_name", max_model(g, inputs=("x1", "", "x3")),
           "has 3 inputs; Max takes one or more, named")
    refuse(root, "max_two_outputs", max_model(g, outputs=("y", "z")),
           "has 2 outputs; Max gives exactly one")
    refuse(root, "max8_int32", max_model(g, 11, (INT32,) * 3), "Max at opset 11",
           "input type int32", "Max-8 allows float16, float, double")
    refuse(root, "max12_bfloat16", max_model(g, 12, (BFLOAT16,) * 2, ((3,),) * 2),
           "Max-12 allows", "bfloat16")
    refuse(root, "max13_bool", max_model(g, 13, (BOOL,)), "Max-13 allows")
    refuse(root, "max1_int8_one_input", max_model(g, 5, (INT8,)), "Max-1 allows")
    refuse(root, "max_third_input_type", max_model(g, types=(FLOAT, FLOAT, DOUBLE)),
           'node 0 "m" (Max at opset 13, input type float)', 'input "x3" has type double; '
           'Max-13 needs all inputs of one type (input "x1" has float)')
    refuse(root, "max_second_input_type", max_model(g, types=(INT64, INT32)),
           'input "x2" has type int32; Max-13 needs all inputs of one type (input "x1" has '
           'int64)')
    refuse(root, "max_no_broadcast_second", max_model(g, shapes=((2, 3), (4,), (3,))),
           'inputs "x1" and "x2": A [2, 3] and B [4] do not broadcast')
    refuse(root, "max_no_broadcast_fifth",
           max_model(g, types=(FLOAT,) * 5, shapes=((3, 1), (4,), (2, 1, 1), (), (5,))),
           'input "x5" and the broadcast of inputs "x1" to "x4": A [2, 3, 4] and B [5] do not '
           'broadcast (axis 2 of the result: 4 and 5)')
    refuse(root, "max6_third_shape", max_model(g, 7, shapes=((3,), (3,), (4,))),
           "Max at opset 7", 'inputs "x1" and "x3": shapes [3] and [4] differ; Max-6 needs all '
           'inputs of one shape (numpy broadcasting comes with Max-8)')
    refuse(root, "max1_shapes", max_model(g, 1, (FLOAT, FLOAT), ((2, 3), (3,))),
           'inputs "x1" and "x2": shapes [2, 3] and [3] differ; Max-1 needs all inputs of one '
           'shape (numpy broadcasting comes with Max-8)')
    refuse(root, "max6_broadcast_attribute", max_model(g, 6, attrs={"broadcast": 1}),
           'attribute "broadcast" is not one of Max-6\'s')
    refuse(root, "max1_axis_attribute", max_model(g, 1, attrs={"axis": 0}),
           'attribute "axis" is not one of Max-1\'s')
    refuse(root, "max6_consumed_inputs", max_model(g, 6, attrs={"consumed_inputs": [0]}),
           'attribute "consumed_inputs" is not one of Max-6\'s')
    refuse(root, "max13_consumed_inputs", max_model(g, 13, attrs={"consumed_inputs": [0]}),
           'attribute "consumed_inputs" is not one of Max-13\'s')
    refuse(root, "max1_consumed_inputs_int", max_model(g, 1, attrs={"consumed_inputs": 0}),
           'attribute "consumed_inputs" must be')
    refuse(root, "max_undefined_third", max_model(g, inputs=("x1", "x2", "zz")),
           'node 0 "m"', 'input "zz" is not defined')
    # numbering: a Constant and a folded Max before the refused node; its graph number is 2
    nodes = [helper.make_node("Constant", [], ["k"], value_float=1.0, name="k"),
             helper.make_node("Max", ["x", "k", "x", "k"], ["t"], name="fold"),
             helper.make_node("Max", ["t", "x", "i"], ["y"], name="late")]
    refuse(root, "max_numbering", g.model_of(
        nodes, [vi("x", FLOAT, [2]), vi("i", INT32, [2])], [vi("y", FLOAT, None)], 13),
        'node 2 "late" (Max at opset 13, input type float)', 'input "i" has type int32')
    cycle = g.model_of([helper.make_node("Max", ["x", "x", "q"], ["p"], name="p"),
                        helper.make_node("Relu", ["p"], ["q"], name="q")],
                       [vi("x", FLOAT, [2])], [vi("q", FLOAT, None)], 13)
    refuse(root, "max_cycle_through_third", cycle, "cycle")
    refuse(root, "max_output_is_input", g.model_of(
        [helper.make_node("Max", ["x", "x", "x"], ["x"], name="m")], [vi("x", FLOAT, [2])],
        [vi("x", FLOAT, None)], 13), 'output "x" is already defined by a graph input')
    for name, opset, onnx_type, version in (("relu13_int32", 13, INT32, 13),
                                            ("relu14_uint8", 14, UINT8, 14),
                                            ("relu6_bfloat16", 12, BFLOAT16, 6),
                                            ("relu1_int64", 5, INT64, 1)):
        refuse(root, name, g.simple("Relu", onnx_type, opset, node_name="r"), 'node 0 "r"',
               "Relu at opset %d" % opset, g.NAMES[onnx_type], "Relu-%d allows" % version)
    refuse(root, "relu6_consumed_inputs", g.simple("Relu", FLOAT, 6,
                                                   attrs={"consumed_inputs": [0]}),
           'attribute "consumed_inputs" is not one of Relu-6\'s')
    refuse(root, "relu_two_inputs", g.model_of(
        [helper.make_node("Relu", ["x", "x"], ["y"])], [vi("x", FLOAT, [2])],
        [vi("y", FLOAT, [2])], 13), "has 2 inputs; Relu takes exactly one, named")
