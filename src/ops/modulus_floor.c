/* ELEMENT_WISE_MODULUS_FLOOR: a - b * floor(a / b), broadcast (docs/operators.md), the
   sign of b: Python's and numpy's mod (src/ops/modulus.h says how each type computes it).
   An integer divisor of 0 is refused by the core before anything is written. ONNX's Mod
   with fmod = 0, its default. */
#include "ops/op.h"
#include "ops/modulus.h"

#define OP DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR
#define OP_DESC DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_MODULUS_FLOOR, mod, mod, "Mod", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  mod       ELEMENT_WISE_MODULUS_FLOOR: a - b * floor(a / b), the sign of b\n"
        "            (numpy's mod; an integer divisor of 0 is refused)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

MODULUS_SUPPORT

/* ONNX's Mod when fmod is 0 (the default): the integer types only, as ONNX allows no
   floating-point input with fmod = 0 (its reference is numpy's mod). */
DMLP_ONNX_WHEN("fmod", INT, "0", "0")
DMLP_ONNX(13, MODULUS_TYPES10, 0, 0, 0)
DMLP_ONNX(10, MODULUS_TYPES10, 0, 0, 0)

MODULUS_KERNELS(mod)

#ifndef DMLP_OPS_LIST
MODULUS_FLOATS(mod, 1)
MODULUS_INTEGERS(mod, 1)
DMLP__BINARY_ALL_TYPES(mod)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
#include "ops/modulus_vector.h"
MODULUS_VECTOR(mod, 1)
#endif

#undef OP
#undef OP_DESC
