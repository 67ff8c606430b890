/* ELEMENT_WISE_SUBTRACT: a - b, broadcast (docs/operators.md): floats rounded once to
   nearest even in the type (src/kernels/reference_binary.h), integers wrap. */
#include "ops/op.h"
#include "ops/arithmetic.h"

#define OP DML_OPERATOR_ELEMENT_WISE_SUBTRACT
#define OP_DESC DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_SUBTRACT, sub, subtract, "Sub", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  sub       ELEMENT_WISE_SUBTRACT: a - b (integers wrap)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))
ARITHMETIC_SUPPORT
DMLP_EXTENSION_TYPES((F64, BF16))
ARITHMETIC_ONNX
ARITHMETIC_KERNELS(sub, YES, YES, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"

DMLP__FLOAT_OPS(sub, -)
#define INT_SUB(t, T, U)                                                                    \
    static T t##_sub(T x, T y) { return (T)(U)((U)x - (U)y); }
DMLP__INT_TYPES(INT_SUB)
DMLP__BINARY_ALL_TYPES(sub)
#endif

#undef OP
#undef OP_DESC
