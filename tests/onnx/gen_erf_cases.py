"""Erf and Gelu cases for gen_cases.py: hand-checked values whose expected bits were
rounded once from mpmath at 300 bits (written out here, so the cases do not depend on
the library), and the refusals (an integer Erf, Gelu before opset 20; Gelu's
approximate = "tanh" is gen_mish_cases.py's).

erf_cases(root, g) and erf_refused_cases(root, g) write them, g being the gen_cases module
(its helpers and lists).
"""
import numpy as np
from onnx import helper

FLOAT, INT32, FLOAT16 = 1, 6, 10


def case(g, root, name, op, opset, onnx_type, x, y, attrs=None):
    node = helper.make_node(op, ["x"], ["y"], name=name + "_node", **(attrs or {}))
    model = g.model_of([node], [helper.make_tensor_value_info("x", onnx_type, list(x.shape))],
                       [helper.make_tensor_value_info("y", onnx_type, list(x.shape))], opset)
    g.write_case(root, name, model, [([g.raw_tensor("x", onnx_type, x)],
                                      [g.raw_tensor("y", onnx_type, y)])])


def bits32(values):
    return np.array(values, dtype=np.uint32).view(np.float32)


def erf_cases(root, g):
    # +-0 kept, +-inf to +-1, 1 from 3.919206 (0x407ad445) on, just below it the float
    # below 1, the least subnormal to itself, 4 * 2^-149 to 5 * 2^-149, erf(0.5)
    x = bits32([0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x407ad445, 0x407ad444,
                0x00000001, 0x00000004, 0x3f000000])
    y = bits32([0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3f800000, 0x3f7fffff,
                0x00000001, 0x00000005, 0x3f053f7b])
    case(g, root, "dmlp_erf_hand_checked", "Erf", 13, FLOAT, x, y)
    case(g, root, "dmlp_erf9_hand_checked", "Erf", 9, FLOAT, x, y)
    # GELU: +-0 kept, +inf, -inf to -0 (the limit), the ties of half an odd subnormal
    # broken by x^2/sqrt(2 pi) (up for x > 0, toward zero below), GELU(1), GELU(-14) (a
    # subnormal), GELU(-16) (-0)
    x = bits32([0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x00000001, 0x80000001,
                0x00000003, 0x3f800000, 0xc1600000, 0xc1800000])
    y = bits32([0x00000000, 0x80000000, 0x7f800000, 0x80000000, 0x00000001, 0x80000000,
                0x00000002, 0x3f57625f, 0x8000004e, 0x80000000])
    case(g, root, "dmlp_gelu_hand_checked", "Gelu", 20, FLOAT, x, y)
    case(g, root, "dmlp_gelu_none_hand_checked", "Gelu", 20, FLOAT, x, y,
         {"approximate": "none"})


def erf_refused_cases(root, g):
    g.refuse(root, "erf_int32", g.simple("Erf", INT32, 13, node_name="r"), "int32",
             "Erf-13 allows float16, float, double, bfloat16")
    g.refuse(root, "gelu_opset19", g.simple("Gelu", FLOAT, 19), "Gelu")
