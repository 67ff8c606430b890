/* ELEMENT_WISE_ADD: a + b, broadcast (docs/operators.md): floats rounded once to nearest
   even in the type (src/kernels/reference_binary.h), integers wrap. */
#include "ops/op.h"
#include "ops/arithmetic.h"

#define OP DML_OPERATOR_ELEMENT_WISE_ADD
#define OP_DESC DML_ELEMENT_WISE_ADD_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_ADD, add, add, "Add", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  add       ELEMENT_WISE_ADD: a + b (integers wrap)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))
ARITHMETIC_SUPPORT
DMLP_EXTENSION_TYPES((F64, BF16))
ARITHMETIC_ONNX

/* ONNX's Sum: 1 (float16, float, double; consumed_inputs; one shape), 6 (one shape), 8
   (numpy broadcasting), 13 (+ bfloat16). One or more inputs: one is a copy, more a left
   fold of Adds, ((x1 + x2) + x3) + ..., each sum rounded to the type (docs/onnx.md). */
DMLP_ONNX_ALSO("Sum", 13, "float16, float, double, bfloat16", 0, 0, DMLP_ONNX_VARIADIC)
DMLP_ONNX_ALSO("Sum", 8, "float16, float, double", 0, 0, DMLP_ONNX_VARIADIC)
DMLP_ONNX_ALSO("Sum", 6, "float16, float, double", 0, 0, DMLP_ONNX_VARIADIC)
DMLP_ONNX_ALSO("Sum", 1, "float16, float, double", 0, 0,
               DMLP_ONNX_VARIADIC | DMLP_ONNX_CONSUMED_INPUTS)

ARITHMETIC_KERNELS(add, YES, YES, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"

DMLP__FLOAT_OPS(add, +)
#define INT_ADD(t, T, U)                                                                    \
    static T t##_add(T x, T y) { return (T)(U)((U)x + (U)y); }
DMLP__INT_TYPES(INT_ADD)
DMLP__BINARY_ALL_TYPES(add)
#endif

#undef OP
#undef OP_DESC
