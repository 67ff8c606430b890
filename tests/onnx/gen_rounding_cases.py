"""Ceil and Floor cases for gen_cases.py: models with expected outputs computed here,
independently of dmlp: numpy's ceil and floor (what ONNX's reference evaluator runs) in
the input's own type, bfloat16 decoded exactly to float32, rounded there and encoded back
(every integral value a bfloat16 rounds to is a bfloat16, so nothing is rounded twice).
Every version of each operator on every type it allows (float16 and bfloat16 patterns
exhaustively), version 1's consumed_inputs, and the refusals (types a version does not
allow, the legacy attribute after version 1, two inputs).

rounding_cases(root, g) and rounding_refused_cases(root, g) write them, g being the
gen_cases module (its helpers and lists).
"""
import numpy as np
from onnx import helper

FLOAT, INT32, FLOAT16, DOUBLE, BFLOAT16 = 1, 6, 10, 11, 16

OPERATORS = ("Ceil", "Floor")
# (since, (first opset, last opset), types): the same for both operators
VERSIONS = [
    (1, (1, 5), (FLOAT16, FLOAT, DOUBLE)),
    (6, (6, 12), (FLOAT16, FLOAT, DOUBLE)),
    (13, (13, 23), (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
]


def reference(g, op, onnx_type, x):
    f = np.ceil if op == "Ceil" else np.floor
    with np.errstate(invalid="ignore"):  # signalling NaN patterns
        if onnx_type == BFLOAT16:
            return g.f32_to_bf16(f(g.bf16_to_f32(x)))
        return f(x)  # numpy in the type: float16 through float32, exact


def case(g, root, name, op, opset, onnx_type, x, attrs=None, typed_set=False):
    node = helper.make_node(op, ["x"], ["y"], name=name + "_node", **(attrs or {}))
    model = g.model_of([node], [helper.make_tensor_value_info("x", onnx_type, list(x.shape))],
                       [helper.make_tensor_value_info("y", onnx_type, list(x.shape))], opset)
    y = g.raw_tensor("y", onnx_type, g.storage(onnx_type, reference(g, op, onnx_type, x)))
    sets = [([g.raw_tensor("x", onnx_type, x)], [y])]
    if typed_set:
        sets.append(([g.typed_tensor("x", onnx_type, x)], [y]))
    g.write_case(root, name, model, sets)


def rounding_cases(root, g):
    for op in OPERATORS:
        for since, opsets, types in VERSIONS:
            for i, onnx_type in enumerate(types):
                opset = opsets[i % len(opsets)]
                x = g.storage(onnx_type, g.input_values(onnx_type))
                name = "dmlp_%s%d_%s_opset%d" % (op.lower(), since, g.NAMES[onnx_type], opset)
                case(g, root, name, op, opset, onnx_type, x,
                     typed_set=onnx_type in (FLOAT, DOUBLE, BFLOAT16))
        x = g.storage(FLOAT, g.input_values(FLOAT))
        case(g, root, "dmlp_%s1_consumed_inputs" % op.lower(), op, 1, FLOAT, x,
             {"consumed_inputs": [0]})
    # hand-checked: the sign is kept, halves go away from or toward zero, subnormals round
    # to 0 or ±1, large values are already integral
    x = np.array([-0.5, 0.5, -0.0, 0.0, 1.5, -1.5, 1e-45, -1e-45, 2.0 ** 23 + 1, -np.inf,
                  8388607.5], dtype=np.float32)
    ceil = np.array([-0.0, 1.0, -0.0, 0.0, 2.0, -1.0, 1.0, -0.0, 2.0 ** 23 + 1, -np.inf,
                     8388608.0], dtype=np.float32)
    floor = np.array([-1.0, 0.0, -0.0, 0.0, 1.0, -2.0, 0.0, -1.0, 2.0 ** 23 + 1, -np.inf,
                      8388607.0], dtype=np.float32)
    assert np.array_equal(np.ceil(x).view(np.uint32), ceil.view(np.uint32))
    assert np.array_equal(np.floor(x).view(np.uint32), floor.view(np.uint32))
    for op in OPERATORS:
        case(g, root, "dmlp_%s_hand_checked" % op.lower(), op, 13, FLOAT, x)
    # 0-d, empty and rank 8; Floor(Ceil(x)) is Ceil(x)
    case(g, root, "dmlp_ceil_scalar", "Ceil", 13, DOUBLE, np.array(-2.25))
    case(g, root, "dmlp_floor_empty", "Floor", 13, BFLOAT16, np.zeros((2, 0), np.uint16))
    case(g, root, "dmlp_floor_rank8", "Floor", 6, FLOAT16,
         (g.rng.standard_normal((1, 2, 1, 3, 1, 2, 2, 2)) * 100).astype(np.float16))
    x = g.storage(FLOAT16, g.input_values(FLOAT16))
    nodes = [helper.make_node("Ceil", ["x"], ["c"]), helper.make_node("Floor", ["c"], ["y"])]
    model = g.model_of(nodes, [helper.make_tensor_value_info("x", FLOAT16, list(x.shape))],
                       [helper.make_tensor_value_info("c", FLOAT16, list(x.shape)),
                        helper.make_tensor_value_info("y", FLOAT16, list(x.shape))], 13)
    c = reference(g, "Ceil", FLOAT16, x)
    g.write_case(root, "dmlp_graph_floor_of_ceil_f16", model,
                 [([g.raw_tensor("x", FLOAT16, x)],
                   [g.raw_tensor("c", FLOAT16, c),
                    g.raw_tensor("y", FLOAT16, reference(g, "Floor", FLOAT16, c))])])


def rounding_refused_cases(root, g):
    for op in OPERATORS:
        low = op.lower()
        g.refuse(root, "%s_int32" % low, g.simple(op, INT32, 13, node_name="r"), 'node 0 "r"',
                 "%s at opset 13" % op, "int32", "%s-13 allows float16, float, double, "
                 "bfloat16" % op)
        g.refuse(root, "%s6_bfloat16" % low, g.simple(op, BFLOAT16, 12),
                 "%s at opset 12" % op, "bfloat16", "%s-6 allows float16, float, double" % op)
        g.refuse(root, "%s6_consumed_inputs" % low,
                 g.simple(op, FLOAT, 6, attrs={"consumed_inputs": [0]}),
                 'attribute "consumed_inputs" is not one of %s-6\'s' % op)
        g.refuse(root, "%s1_consumed_inputs_int" % low,
                 g.simple(op, FLOAT, 1, attrs={"consumed_inputs": 0}),
                 'attribute "consumed_inputs" must be INTS')
        g.refuse(root, "%s_two_inputs" % low, g.model_of(
            [helper.make_node(op, ["x", "x"], ["y"])],
            [helper.make_tensor_value_info("x", FLOAT, [2])],
            [helper.make_tensor_value_info("y", FLOAT, [2])], 13),
            "has 2 inputs; %s takes exactly one, named" % op)
