/* ELEMENT_WISE_LOGICAL_EQUALS: 1 where a == b, else 0, broadcast, in a UINT8 or UINT32
   output whatever the inputs' type (docs/operators.md). Floats compare as numbers: a NaN
   equals nothing (itself included), -0 equals +0. Integers compare their values; ONNX's
   bool compares as its byte. */
#include "ops/op.h"
#include "ops/logical.h"

#define OP DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS
#define OP_DESC DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC

/* The output may also be UINT32 (DMLP_OUTPUT_TYPES); the front ends make UINT8, ONNX's
   bool. */
DMLP_OP(ELEMENT_WISE_LOGICAL_EQUALS, eq, equal, "Equal", DML_TENSOR_DATA_TYPE_UINT8,
        DMLP_NOT_IN_PLACE("LogicalEquals never runs in place (DirectML's page does not "
                          "allow it)"),
        "  eq        ELEMENT_WISE_LOGICAL_EQUALS: 1 where a == b, else 0 (NaN gives 0,\n"
        "            -0 equals +0)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

COMPARISON_SUPPORT

/* Equal: 1 (bool, int32, int64; legacy broadcast), 7 (numpy broadcasting), 11 (+ the other
   integers, float16, float, double), 13 (+ bfloat16), 19 (+ string, which dmlp does not
   hold: for its types, 13's); the output is bool. */
DMLP_ONNX(19, "bool, " COMPARISON_ONNX_TYPES ", bfloat16", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(13, "bool, " COMPARISON_ONNX_TYPES ", bfloat16", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(11, "bool, " COMPARISON_ONNX_TYPES, DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(7, "bool, int32, int64", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(1, "bool, int32, int64", DMLP_ONNX_TYPE_BOOL, 0, 0)

COMPARISON_KERNELS(eq)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_logical.h"

COMPARISON_REFERENCE(eq, ==)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
COMPARISON_VECTOR(eq, CMP_EQ, 0, CMP_EQ, 0, 0)
#endif

#undef OP
#undef OP_DESC
