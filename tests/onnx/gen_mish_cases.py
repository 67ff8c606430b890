"""Mish and Gelu with approximate = "tanh" cases for gen_cases.py (dmlp's extension
operators ACTIVATION_MISH and ACTIVATION_GELU_TANH): hand-checked values whose expected
bits were rounded once from mpmath at 300 bits (ONNX's formulas with sqrt(2/pi) the real
number and 0.044715 the decimal; written out here, so the cases do not depend on the
library), and the refusals (Mish before opset 18, Mish-18 on bfloat16, another value of
approximate).

mish_cases(root, g) and mish_refused_cases(root, g) write them, g being the gen_cases
module (its helpers and lists).
"""
import numpy as np

import gen_erf_cases

FLOAT, BFLOAT16 = 1, 16


def bits32(values):
    return np.array(values, dtype=np.uint32).view(np.float32)


def mish_cases(root, g):
    case = gen_erf_cases.case
    # Mish: +-0 kept, +inf, -inf to -0 (the limit), 0.6 of the least subnormals rounded
    # up in magnitude, 1.8 of them to 2, Mish(1), Mish(-1), Mish(-100) (a subnormal),
    # 20 (x from there on), Mish(5)
    x = bits32([0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x00000001, 0x80000001,
                0x00000003, 0x3f800000, 0xbf800000, 0xc2c80000, 0x41a00000, 0x40a00000])
    y = bits32([0x00000000, 0x80000000, 0x7f800000, 0x80000000, 0x00000001, 0x80000001,
                0x00000002, 0x3f5d7717, 0xbe9b5770, 0x80000a5f, 0x41a00000, 0x409ffc55])
    case(g, root, "dmlp_mish_hand_checked", "Mish", 22, FLOAT, x, y)
    case(g, root, "dmlp_mish18_hand_checked", "Mish", 18, FLOAT, x, y)
    # Gelu tanh: +-0 kept, +inf, -inf to -0, the ties of half an odd subnormal broken by
    # sqrt(2/pi) x^2 / 2 (up for x > 0, toward zero below), at 1, -1, -10 (about -1.2e-37),
    # 10 (x from there on), 3
    x = bits32([0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x00000001, 0x80000001,
                0x00000003, 0x3f800000, 0xbf800000, 0xc1200000, 0x41200000, 0x40400000])
    y = bits32([0x00000000, 0x80000000, 0x7f800000, 0x80000000, 0x00000001, 0x80000000,
                0x00000002, 0x3f57585c, 0xbe229e91, 0x8223e47f, 0x41200000, 0x403fc468])
    case(g, root, "dmlp_gelu_tanh_hand_checked", "Gelu", 20, FLOAT, x, y,
         {"approximate": "tanh"})


def mish_refused_cases(root, g):
    g.refuse(root, "gelu_approximate_other",
             g.simple("Gelu", FLOAT, 20, attrs={"approximate": "fast"}),
             'attribute "approximate" is fast', "none", "tanh")
    g.refuse(root, "mish_opset17", g.simple("Mish", FLOAT, 17), "Mish")
    g.refuse(root, "mish18_bfloat16", g.simple("Mish", BFLOAT16, 18, node_name="m"),
             "bfloat16", "Mish-18 allows float16, float, double")
