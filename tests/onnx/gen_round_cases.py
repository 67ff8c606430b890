"""Round cases for gen_cases.py: models with expected outputs computed here, independently
of dmlp: numpy's rint (halves to even, what ONNX's reference evaluator runs as numpy's
round) in the input's own type, bfloat16 decoded exactly to float32, rounded there and
encoded back (every integral value a bfloat16 rounds to is a bfloat16). Both versions on
every type they allow (float16 and bfloat16 patterns exhaustively), hand-checked halves,
shapes and a graph, and the refusals (an opset before Round, bfloat16 before version 22,
integers, an attribute, two inputs).

round_cases(root, g) and round_refused_cases(root, g) write them, g being the gen_cases
module (its helpers and lists).
"""
import numpy as np
from onnx import helper

FLOAT, INT32, FLOAT16, DOUBLE, BFLOAT16 = 1, 6, 10, 11, 16

# (since, (first opset, last opset), types)
VERSIONS = [
    (11, (11, 21), (FLOAT16, FLOAT, DOUBLE)),
    (22, (22, 23), (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
]


def reference(g, onnx_type, x):
    with np.errstate(invalid="ignore"):  # signalling NaN patterns
        if onnx_type == BFLOAT16:
            return g.f32_to_bf16(np.rint(g.bf16_to_f32(x)))
        return np.rint(x)  # numpy in the type: exact


def case(g, root, name, opset, onnx_type, x, typed_set=False):
    node = helper.make_node("Round", ["x"], ["y"], name=name + "_node")
    model = g.model_of([node], [helper.make_tensor_value_info("x", onnx_type, list(x.shape))],
                       [helper.make_tensor_value_info("y", onnx_type, list(x.shape))], opset)
    y = g.raw_tensor("y", onnx_type, g.storage(onnx_type, reference(g, onnx_type, x)))
    sets = [([g.raw_tensor("x", onnx_type, x)], [y])]
    if typed_set:
        sets.append(([g.typed_tensor("x", onnx_type, x)], [y]))
    g.write_case(root, name, model, sets)


def round_cases(root, g):
    for since, opsets, types in VERSIONS:
        for i, onnx_type in enumerate(types):
            opset = opsets[i % len(opsets)]
            x = g.storage(onnx_type, g.input_values(onnx_type))
            name = "dmlp_round%d_%s_opset%d" % (since, g.NAMES[onnx_type], opset)
            case(g, root, name, opset, onnx_type, x,
                 typed_set=onnx_type in (FLOAT, DOUBLE, BFLOAT16))
    # hand-checked: halves to even, the sign kept, subnormals and the value just below one
    # half to 0, 2^23 - 1/2 up to 2^23, large values already integral
    x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, -0.0, 0.49999997, 1e-45, -1e-45,
                  8388607.5, 2.0 ** 23 + 1, -np.inf], dtype=np.float32)
    want = np.array([-2.0, -2.0, -0.0, 0.0, 2.0, 2.0, -0.0, 0.0, 0.0, -0.0, 8388608.0,
                     2.0 ** 23 + 1, -np.inf], dtype=np.float32)
    assert np.array_equal(np.rint(x).view(np.uint32), want.view(np.uint32))
    case(g, root, "dmlp_round_hand_checked", 11, FLOAT, x)
    # 0-d, empty and rank 8; Round(Ceil(x)) is Ceil(x)
    case(g, root, "dmlp_round_scalar", 22, DOUBLE, np.array(-3.5))
    case(g, root, "dmlp_round_empty", 22, BFLOAT16, np.zeros((2, 0), np.uint16))
    case(g, root, "dmlp_round_rank8", 13, FLOAT16,
         (g.rng.standard_normal((1, 2, 1, 3, 1, 2, 2, 2)) * 100).astype(np.float16))
    x = (g.rng.integers(-64, 64, size=(4, 5)) / 4).astype(np.float32)
    nodes = [helper.make_node("Round", ["x"], ["r"]), helper.make_node("Ceil", ["x"], ["c"]),
             helper.make_node("Round", ["c"], ["y"])]
    model = g.model_of(nodes, [helper.make_tensor_value_info("x", FLOAT, list(x.shape))],
                       [helper.make_tensor_value_info("r", FLOAT, list(x.shape)),
                        helper.make_tensor_value_info("y", FLOAT, list(x.shape))], 13)
    g.write_case(root, "dmlp_graph_round_and_round_of_ceil", model,
                 [([g.raw_tensor("x", FLOAT, x)],
                   [g.raw_tensor("r", FLOAT, np.rint(x)),
                    g.raw_tensor("y", FLOAT, np.ceil(x))])])


def round_refused_cases(root, g):
    g.refuse(root, "round_int32", g.simple("Round", INT32, 13, node_name="r"), 'node 0 "r"',
             "Round at opset 13", "int32", "Round-11 allows float16, float, double")
    g.refuse(root, "round11_bfloat16", g.simple("Round", BFLOAT16, 21),
             "Round at opset 21", "bfloat16", "Round-11 allows float16, float, double")
    g.refuse(root, "round_opset10", g.simple("Round", FLOAT, 10), "Round", "opset 10")
    g.refuse(root, "round_attribute", g.simple("Round", FLOAT, 22, attrs={"mode": 1}),
             'attribute "mode"')
    g.refuse(root, "round_two_inputs", g.model_of(
        [helper.make_node("Round", ["x", "x"], ["y"])],
        [helper.make_tensor_value_info("x", FLOAT, [2])],
        [helper.make_tensor_value_info("y", FLOAT, [2])], 13),
        "has 2 inputs; Round takes exactly one, named")
