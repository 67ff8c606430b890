/* ELEMENT_WISE_LOGICAL_AND: 1 where a and b are both nonzero, else 0, broadcast,
   in the inputs' type: UINT8 or UINT32, ONNX's bool as UINT8 (docs/operators.md). */
#include "ops/op.h"
#include "ops/logical.h"

#define OP DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND
#define OP_DESC DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_LOGICAL_AND, and, logical_and, "And", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  and       ELEMENT_WISE_LOGICAL_AND: 1 where a and b are both nonzero, else 0\n"
        "            (uint8, uint32 or bool)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

BOOLEAN_SUPPORT
BOOLEAN_ONNX
BOOLEAN_KERNELS(and)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_logical.h"

BOOLEAN_REFERENCE(and, &&)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
BOOLEAN_VECTOR(and, BOOL_AND)
#endif

#undef OP
#undef OP_DESC
