"""Softmax, LogSoftmax and Hardmax refusals for gen_cases.py: models the loader refuses
before any run (an axis outside [-rank, rank - 1], given or the version's default; a 0-d
input; bfloat16 before opset 13; a malformed, repeated or unknown attribute). Their
results are checked by check_softmax_cases.py.

softmax_refused_cases(root, g) writes them, g being the gen_cases module (its helpers and
lists).
"""
from onnx import helper

FLOAT, INT32, BFLOAT16 = 1, 6, 16


def softmax_refused_cases(root, g):
    head = 'node 0 "r"'
    g.refuse(root, "softmax13_axis_too_large",
             g.simple("Softmax", FLOAT, 13, shape=(2, 3, 4), attrs={"axis": 3},
                      node_name="r"),
             head, "Softmax at opset 13", 'attribute "axis" is 3',
             'input "x" [2, 3, 4] has rank 3, so it must be in [-3, 2]')
    g.refuse(root, "logsoftmax13_axis_too_negative",
             g.simple("LogSoftmax", FLOAT, 13, shape=(2, 3, 4), attrs={"axis": -4},
                      node_name="r"),
             head, 'attribute "axis" is -4', "must be in [-3, 2]")
    g.refuse(root, "hardmax11_axis_too_large",
             g.simple("Hardmax", FLOAT, 11, shape=(2, 3), attrs={"axis": 2}, node_name="r"),
             head, 'attribute "axis" is 2', "must be in [-2, 1]")
    # the default axis of the versions before 13 is 1: out of range on a 1-D input
    g.refuse(root, "softmax11_rank1_default_axis",
             g.simple("Softmax", FLOAT, 11, shape=(4,), node_name="r"),
             head, "attribute \"axis\" is 1 (Softmax-11's default)", "must be in [-1, 0]")
    g.refuse(root, "logsoftmax1_rank1_default_axis",
             g.simple("LogSoftmax", FLOAT, 10, shape=(4,), node_name="r"),
             "LogSoftmax at opset 10", "attribute \"axis\" is 1 (LogSoftmax-1's default)")
    g.refuse(root, "softmax13_scalar", g.simple("Softmax", FLOAT, 13, shape=(), node_name="r"),
             head, 'input "x" is 0-d', "Softmax-13 runs along an axis",
             "needs rank 1 or more")
    g.refuse(root, "hardmax1_scalar", g.simple("Hardmax", FLOAT, 1, shape=(), node_name="r"),
             'input "x" is 0-d', "Hardmax-1")
    g.refuse(root, "softmax11_bfloat16", g.simple("Softmax", BFLOAT16, 12, node_name="r"),
             head, "Softmax at opset 12", "bfloat16",
             "Softmax-11 allows float16, float, double")
    g.refuse(root, "hardmax1_bfloat16", g.simple("Hardmax", BFLOAT16, 10),
             "bfloat16", "Hardmax-1 allows float16, float, double")
    g.refuse(root, "logsoftmax13_int32", g.simple("LogSoftmax", INT32, 13),
             "int32", "LogSoftmax-13 allows float16, float, double, bfloat16")
    g.refuse(root, "softmax13_axis_float",
             g.simple("Softmax", FLOAT, 13, shape=(2, 3), attrs={"axis": 1.0}, node_name="r"),
             head, 'attribute "axis" must be an INT')
    twice = g.simple("Softmax", FLOAT, 13, shape=(2, 3), attrs={"axis": 0}, node_name="r")
    twice.graph.node[0].attribute.append(helper.make_attribute("axis", 1))
    g.refuse(root, "softmax13_axis_twice", twice, head, 'attribute "axis" is given twice')
    g.refuse(root, "hardmax13_axes_attribute",
             g.simple("Hardmax", FLOAT, 13, shape=(2, 3), attrs={"axes": [0]},
                      node_name="r"),
             head, "attribute \"axes\" is not one of Hardmax-13's")
    g.refuse(root, "softmax13_two_inputs",
             g.model_of([helper.make_node("Softmax", ["x", "x"], ["y"], name="r")],
                        [helper.make_tensor_value_info("x", FLOAT, [2, 3])],
                        [helper.make_tensor_value_info("y", FLOAT, None)], 13),
             head, "has 2 inputs", "takes exactly one")
