/* ELEMENT_WISE_MULTIPLY: a * b, broadcast (docs/operators.md): floats rounded once to
   nearest even in the type (src/kernels/reference_binary.h), integers wrap. */
#include "ops/op.h"
#include "ops/arithmetic.h"

#define OP DML_OPERATOR_ELEMENT_WISE_MULTIPLY
#define OP_DESC DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_MULTIPLY, mul, multiply, "Mul", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  mul       ELEMENT_WISE_MULTIPLY: a * b (integers wrap)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))
ARITHMETIC_SUPPORT
DMLP_EXTENSION_TYPES((F64, BF16))
ARITHMETIC_ONNX
ARITHMETIC_KERNELS(mul, YES, YES, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"

DMLP__FLOAT_OPS(mul, *)
/* In uint64_t, so the product of two narrow values does not overflow a promoted int. */
#define INT_MUL(t, T, U)                                                                    \
    static T t##_mul(T x, T y) { return (T)(U)((uint64_t)x * (uint64_t)y); }
DMLP__INT_TYPES(INT_MUL)
DMLP__BINARY_ALL_TYPES(mul)
#endif

#undef OP
#undef OP_DESC
