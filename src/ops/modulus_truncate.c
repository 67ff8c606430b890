/* ELEMENT_WISE_MODULUS_TRUNCATE: a - b * trunc(a / b), broadcast (docs/operators.md), the
   sign of a: C's fmod and % (src/ops/modulus.h says how each type computes it). An
   integer divisor of 0 is refused by the core before anything is written. ONNX's Mod
   with fmod = 1. */
#include "ops/op.h"
#include "ops/modulus.h"

#define OP DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE
#define OP_DESC DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_MODULUS_TRUNCATE, fmod, fmod, "Mod", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  fmod      ELEMENT_WISE_MODULUS_TRUNCATE: a - b * trunc(a / b), the sign of a\n"
        "            (C's fmod and %; an integer divisor of 0 is refused)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

MODULUS_SUPPORT

/* ONNX's Mod when fmod is 1: every type (its reference is numpy's fmod). */
DMLP_ONNX_WHEN("fmod", INT, "1", "0")
DMLP_ONNX(13, MODULUS_TYPES10 MODULUS_FLOATS10 ", bfloat16", 0, 0, 0)
DMLP_ONNX(10, MODULUS_TYPES10 MODULUS_FLOATS10, 0, 0, 0)

MODULUS_KERNELS(fmod)

#ifndef DMLP_OPS_LIST
MODULUS_FLOATS(fmod, 0)
MODULUS_INTEGERS(fmod, 0)
DMLP__BINARY_ALL_TYPES(fmod)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
#include "ops/modulus_vector.h"
MODULUS_VECTOR(fmod, 0)
#endif

#undef OP
#undef OP_DESC
