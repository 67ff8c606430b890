/* ELEMENT_WISE_LOGICAL_LESS_THAN: 1 where a < b, else 0, broadcast, in a UINT8 or UINT32
   output whatever the inputs' type (docs/operators.md). Floats compare as numbers: a
   comparison with a NaN is false, -0 equals +0. Integers compare in their own
   signedness. */
#include "ops/op.h"
#include "ops/logical.h"

#define OP DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN
#define OP_DESC DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC

/* The output may also be UINT32 (DMLP_OUTPUT_TYPES); the front ends make UINT8, ONNX's
   bool. */
DMLP_OP(ELEMENT_WISE_LOGICAL_LESS_THAN, lt, less, "Less", DML_TENSOR_DATA_TYPE_UINT8,
        DMLP_NOT_IN_PLACE("LogicalLessThan never runs in place (DirectML's page does not "
                          "allow it)"),
        "  lt        ELEMENT_WISE_LOGICAL_LESS_THAN: 1 where a < b, else 0 (NaN gives 0)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

COMPARISON_SUPPORT

/* Less: 1 (float16, float, double; legacy broadcast), 7 (numpy broadcasting), 9 (+ the
   integer types), 13 (+ bfloat16); the output is bool. */
DMLP_ONNX(13, COMPARISON_ONNX_TYPES ", bfloat16", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(9, COMPARISON_ONNX_TYPES, DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(7, "float16, float, double", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(1, "float16, float, double", DMLP_ONNX_TYPE_BOOL, 0, 0)

COMPARISON_KERNELS(lt)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_logical.h"

COMPARISON_REFERENCE(lt, <)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
COMPARISON_VECTOR(lt, CMP_GT, 1, CMP_GT, 1, 0)
#endif

#undef OP
#undef OP_DESC
