/* ELEMENT_WISE_LOGICAL_GREATER_THAN: 1 where a > b, else 0, broadcast, in a UINT8 or
   UINT32 output whatever the inputs' type (docs/operators.md). Floats compare as numbers:
   FLOAT16 and BFLOAT16 are widened exactly to binary32, so a comparison with a NaN is
   false, -0 equals +0, and subnormals are ordered as the numbers they are. Integers
   compare in their own type (signed or unsigned). */
#include "ops/op.h"
#include "ops/logical.h"

#define OP DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN
#define OP_DESC DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC

/* The output may also be UINT32 (DMLP_OUTPUT_TYPES); the front ends make UINT8, ONNX's
   bool. */
DMLP_OP(ELEMENT_WISE_LOGICAL_GREATER_THAN, gt, greater, "Greater", DML_TENSOR_DATA_TYPE_UINT8,
        DMLP_NOT_IN_PLACE("LogicalGreaterThan never runs in place (DirectML's page does not "
                          "allow it)"),
        "  gt        ELEMENT_WISE_LOGICAL_GREATER_THAN: 1 where a > b, else 0 (NaN gives 0)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

COMPARISON_SUPPORT

/* Greater: 1 (float16, float, double; legacy broadcast), 7 (numpy broadcasting), 9 (+ the
   integer types), 13 (+ bfloat16); the output is bool. */
DMLP_ONNX(13, COMPARISON_ONNX_TYPES ", bfloat16", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(9, COMPARISON_ONNX_TYPES, DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(7, "float16, float, double", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(1, "float16, float, double", DMLP_ONNX_TYPE_BOOL, 0, 0)

COMPARISON_KERNELS(gt)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_logical.h"

COMPARISON_REFERENCE(gt, >)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
COMPARISON_VECTOR(gt, CMP_GT, 0, CMP_GT, 0, 0)
#endif

#undef OP
#undef OP_DESC
