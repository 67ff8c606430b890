/* ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL: 1 where a <= b, else 0, broadcast, in a UINT8 or UINT32
   output whatever the inputs' type (docs/operators.md); from feature level 3_0. Floats
   compare as numbers: a comparison with a NaN is false (NaN <= NaN too), -0 and +0 are
   equal (so -0 <= +0 is true). Integers compare in their own signedness. */
#include "ops/op.h"
#include "ops/logical.h"

#define OP DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL
#define OP_DESC DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC

/* The output may also be UINT32 (DMLP_OUTPUT_TYPES); the front ends make UINT8, ONNX's
   bool. */
DMLP_OP(ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL, le, less_equal, "LessOrEqual", DML_TENSOR_DATA_TYPE_UINT8,
        DMLP_NOT_IN_PLACE("LogicalLessThanOrEqual never runs in place (DirectML's page does not "
                          "allow it)"),
        "  le        ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL: 1 where a <= b, else 0\n"
        "            (NaN gives 0)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

COMPARISON_SUPPORT_3_0

/* LessOrEqual: 12 (the integer types, float16, float, double), 16 (+ bfloat16); the output is
   bool. */
DMLP_ONNX(16, COMPARISON_ONNX_TYPES ", bfloat16", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(12, COMPARISON_ONNX_TYPES, DMLP_ONNX_TYPE_BOOL, 0, 0)

COMPARISON_KERNELS(le)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_logical.h"

COMPARISON_REFERENCE(le, <=)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* integers: not a > b */
COMPARISON_VECTOR(le, CMP_GE, 1, CMP_GT, 0, 1)
#endif

#undef OP
#undef OP_DESC
