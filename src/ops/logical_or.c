/* ELEMENT_WISE_LOGICAL_OR: 1 where a or b is nonzero, else 0, broadcast,
   in the inputs' type: UINT8 or UINT32, ONNX's bool as UINT8 (docs/operators.md). */
#include "ops/op.h"
#include "ops/logical.h"

#define OP DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR
#define OP_DESC DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_LOGICAL_OR, or, logical_or, "Or", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  or        ELEMENT_WISE_LOGICAL_OR: 1 where a or b is nonzero, else 0 (uint8,\n"
        "            uint32 or bool)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

BOOLEAN_SUPPORT
BOOLEAN_ONNX
BOOLEAN_KERNELS(or)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_logical.h"

BOOLEAN_REFERENCE(or, ||)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
BOOLEAN_VECTOR(or, BOOL_OR)
#endif

#undef OP
#undef OP_DESC
