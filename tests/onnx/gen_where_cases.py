"""Where cases for gen_cases.py: models with expected outputs computed here, independently
of dmlp.

ONNX's reference for Where is numpy's where(condition, X, Y): the element of X where the
condition is true, else Y's, all three broadcast as numpy does (multidirectional). The
expected values here are numpy's where on the storage bits (bfloat16 as uint16 bits,
floats viewed as unsigned integers), so NaN payloads, -0 and subnormals are the inputs'
own, as dmlp copies them (ELEMENT_WISE_IF, src/ops/element_wise_if.c).

The cases: Where-9 and Where-16 on every type each allows (bfloat16 from 16), random
bits with NaNs and -0 among them, numpy broadcasting of the three inputs in every
direction (the condition, X or Y the largest; a scalar condition; an empty axis), the
same-shape case, an initializer as the condition and Constants as X, a graph of Where
after Greater (the usual max(a, b) pattern) and before Relu; and the refusals: a
condition that is not bool, X and Y of two types, a type the version does not allow,
shapes that do not broadcast, the wrong number of inputs.

where_cases(root, g) and where_refused_cases(root, g) write them, g being the gen_cases
module (its helpers and lists).
"""
import numpy as np
from onnx import helper, numpy_helper

FLOAT, UINT8, INT8, UINT16, INT16, INT32, INT64, BOOL, FLOAT16, DOUBLE, UINT32, UINT64 = \
    1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13
BFLOAT16 = 16
INTS = (UINT8, UINT16, UINT32, UINT64, INT8, INT16, INT32, INT64)
vi = helper.make_tensor_value_info

# (since, (first opset, last opset), types)
VERSIONS = [
    (9, (9, 15), INTS + (FLOAT16, FLOAT, DOUBLE, BOOL)),
    (16, (16, 23), INTS + (FLOAT16, FLOAT, DOUBLE, BOOL, BFLOAT16)),
]
rng = np.random.default_rng(88)


def bits_of(g, onnx_type, shape):
    """Random storage values of a type: any bit pattern (floats: NaNs, -0 and subnormals
    among them; bool: 0 or 1)."""
    store = g.storage(onnx_type, np.zeros(1)).dtype
    if onnx_type == BOOL:
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    raw = rng.integers(0, 256, size=tuple(shape) + (store.itemsize,), dtype=np.uint8)
    x = raw.view(store).reshape(shape).copy()
    if x.size and onnx_type in (FLOAT16, FLOAT, DOUBLE, BFLOAT16):
        x.flat[0] = np.array(1 << (8 * store.itemsize - 1), dtype=np.uint64).astype(
            np.dtype("u%d" % store.itemsize)).view(store)  # -0
    return x


def ref_where(c, x, y):
    """numpy's where on the storage bits."""
    u = np.dtype("u%d" % x.dtype.itemsize) if x.dtype != np.bool_ else np.bool_
    return np.where(c, x.view(u), y.view(u)).view(x.dtype)


def where_case(g, root, name, opset, onnx_type, shapes, condition=None, declared=None):
    c = rng.integers(0, 2, size=shapes[0]).astype(np.bool_) if condition is None else condition
    x, y = bits_of(g, onnx_type, shapes[1]), bits_of(g, onnx_type, shapes[2])
    expected = ref_where(c, x, y)
    node = helper.make_node("Where", ["c", "x", "y"], ["z"], name=name + "_node")
    dims = declared or [list(c.shape), list(x.shape), list(y.shape)]
    model = g.model_of([node], [vi("c", BOOL, dims[0]), vi("x", onnx_type, dims[1]),
                                vi("y", onnx_type, dims[2])],
                       [vi("z", onnx_type, None if declared else list(expected.shape))], opset)
    sets = [([g.raw_tensor("c", BOOL, c), g.raw_tensor("x", onnx_type, x),
              g.raw_tensor("y", onnx_type, y)], [g.raw_tensor("z", onnx_type, expected)])]
    g.write_case(root, name, model, sets)


def version_cases(root, g):
    for since, (first, last), types in VERSIONS:
        for opset in sorted({first, last}):
            for t in types:
                where_case(g, root, "where%d_opset%d_%s" % (since, opset, g.NAMES[t]), opset, t,
                           [(3, 1, 33), (5, 1), (1, 5, 33)])


def broadcast_cases(root, g):
    shapes = {
        "same": [(4, 5), (4, 5), (4, 5)],
        "condition_largest": [(2, 3, 4), (4,), (3, 1)],
        "x_largest": [(4,), (2, 3, 4), ()],
        "y_largest": [(1,), (3, 1), (2, 3, 7)],
        "scalar_condition": [(), (2, 3), (3,)],
        "all_scalars": [(), (), ()],
        "empty_axis": [(0, 3), (1, 3), (3,)],
        "rank8": [(2, 1, 2, 1, 2, 1, 2, 1), (1, 2, 1, 2, 1, 2, 1, 2), (2,)],
        "long_rows": [(1, 1000), (3, 1000), (3, 1)],
    }
    for name, s in shapes.items():
        where_case(g, root, "where_broadcast_" + name, 16, FLOAT, s)
    where_case(g, root, "where_broadcast_int8_symbolic", 16, INT8, [(2, 3), (3,), (2, 1)],
               declared=[["n", 3], [3], ["n", 1]])


def graph_cases(root, g):
    # max(a, b) as Where(Greater(a, b), a, b), then Relu; the condition an initializer in a
    # second model
    a = rng.standard_normal((4, 6)).astype(np.float32)
    b = rng.standard_normal((6,)).astype(np.float32)
    nodes = [helper.make_node("Greater", ["a", "b"], ["gt"], name="gt"),
             helper.make_node("Where", ["gt", "a", "b"], ["m"], name="w"),
             helper.make_node("Relu", ["m"], ["r"], name="r")]
    expected = np.maximum(np.where(a > b, a, b), np.float32(0))
    model = g.model_of(nodes, [vi("a", FLOAT, [4, 6]), vi("b", FLOAT, [6])],
                       [vi("r", FLOAT, [4, 6])], 16)
    g.write_case(root, "where_graph_greater_relu", model,
                 [([g.raw_tensor("a", FLOAT, a), g.raw_tensor("b", FLOAT, b)],
                   [g.raw_tensor("r", FLOAT, expected)])])
    c = rng.integers(0, 2, size=(3, 1)).astype(np.bool_)
    x = rng.integers(-100, 100, size=(3, 4)).astype(np.int32)
    k = np.array([7, -7, 0, 1], dtype=np.int32)
    nodes = [helper.make_node("Constant", [], ["k"], value=numpy_helper.from_array(k, "kv")),
             helper.make_node("Where", ["c", "k", "x"], ["z"], name="w")]
    model = g.model_of(nodes, [vi("x", INT32, [3, 4])], [vi("z", INT32, [3, 4])], 9,
                       initializers=[numpy_helper.from_array(c, "c")])
    g.write_case(root, "where_initializer_condition_constant_x", model,
                 [([g.raw_tensor("x", INT32, x)], [g.raw_tensor("z", INT32, np.where(c, k, x))])])


def where_cases(root, g):
    version_cases(root, g)
    broadcast_cases(root, g)
    graph_cases(root, g)


# ---- refused models --------------------------------------------------------------------

def where_model(g, opset=16, types=(BOOL, FLOAT, FLOAT), shapes=((3,), (3,), (3,)),
                inputs=("c", "x", "y")):
    names = ["c", "x", "y"][:len(types)]
    node = helper.make_node("Where", list(inputs), ["z"], name="w")
    return g.model_of([node], [vi(n, t, list(s)) for n, t, s in zip(names, types, shapes)],
                      [vi("z", types[1] if len(types) > 1 else FLOAT, None)], opset)


def where_refused_cases(root, g):
    refuse = g.refuse
    refuse(root, "where_uint8_condition", where_model(g, types=(UINT8, FLOAT, FLOAT)),
           'node 0 "w" (Where at opset 16, input type float)',
           'input "c" has type uint8; Where-16\'s input 1 is bool')
    refuse(root, "where_two_types", where_model(g, types=(BOOL, FLOAT, DOUBLE)),
           'input "y" has type double; Where-16 needs inputs 2 and 3 of one type (input "x" '
           'has float)')
    refuse(root, "where9_bfloat16", where_model(g, 15, (BOOL, BFLOAT16, BFLOAT16)),
           "Where at opset 15", 'input "x" has type bfloat16; Where-9 allows')
    refuse(root, "where_no_broadcast", where_model(g, shapes=((2, 3), (4,), (3,))),
           'inputs "c" ... "y": input 2\'s shape [4] does not broadcast with the inputs before '
           'it (axis 1 of the result: 4 and 3)')
    refuse(root, "where_two_inputs", where_model(g, types=(BOOL, FLOAT), shapes=((3,), (3,)),
                                                 inputs=("c", "x")),
           "has 2 inputs; Where takes exactly three, named")
    refuse(root, "where_opset8", where_model(g, 8), "Where first appears in opset 9")
