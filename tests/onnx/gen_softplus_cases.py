"""Softplus cases for gen_cases.py: hand-checked values whose expected bits were rounded
once from mpmath at 300 bits (written out here, so the cases do not depend on the
library), at both opsets and in bfloat16 from 22 on, and the refusal of bfloat16 at
Softplus-1.

softplus_cases(root, g) and softplus_refused_cases(root, g) write them, g being the
gen_cases module (its helpers and lists).
"""
import numpy as np
from onnx import helper

FLOAT, BFLOAT16 = 1, 16


def case(g, root, name, opset, onnx_type, x, y):
    node = helper.make_node("Softplus", ["x"], ["y"], name=name + "_node")
    model = g.model_of([node], [helper.make_tensor_value_info("x", onnx_type, list(x.shape))],
                       [helper.make_tensor_value_info("y", onnx_type, list(x.shape))], opset)
    g.write_case(root, name, model, [([g.raw_tensor("x", onnx_type, x)],
                                      [g.raw_tensor("y", onnx_type, y)])])


def softplus_cases(root, g):
    # +-0 to ln 2, +inf kept, -inf to +0, 1 and -1, 20 and 100 to themselves (the
    # log1p(e^-x) term below half an ulp), -100 to e^-100 = 26.55 * 2^-149 (27 subnormal
    # steps), -104 to +0 (below half the least subnormal), the least subnormal to ln 2
    x = np.array([0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x3f800000, 0xbf800000,
                  0x41a00000, 0x42c80000, 0xc2c80000, 0xc2d00000, 0x00000001],
                 np.uint32).view(np.float32)
    y = np.array([0x3f317218, 0x3f317218, 0x7f800000, 0x00000000, 0x3fa818f5, 0x3ea063d6,
                  0x41a00000, 0x42c80000, 0x0000001b, 0x00000000, 0x3f317218],
                 np.uint32).view(np.float32)
    case(g, root, "dmlp_softplus_hand_checked", 22, FLOAT, x, y)
    case(g, root, "dmlp_softplus1_hand_checked", 1, FLOAT, x, y)
    # bfloat16 from the exact value, not through float: 1, -1, 0, 2, -2
    xb = np.array([0x3f80, 0xbf80, 0x0000, 0x4000, 0xc000], np.uint16)
    yb = np.array([0x3fa8, 0x3ea0, 0x3f31, 0x4008, 0x3e02], np.uint16)
    case(g, root, "dmlp_softplus_bf16_hand_checked", 22, BFLOAT16, xb, yb)


def softplus_refused_cases(root, g):
    g.refuse(root, "softplus1_bf16", g.simple("Softplus", BFLOAT16, 1, node_name="r"),
             "bfloat16", "Softplus-1 allows float16, float, double")
