/* ELEMENT_WISE_LOGICAL_XOR: 1 where exactly one of a and b is nonzero, else 0,
   broadcast, in the inputs' type: UINT8 or UINT32, ONNX's bool as UINT8
   (docs/operators.md). */
#include "ops/op.h"
#include "ops/logical.h"

#define OP DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR
#define OP_DESC DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_LOGICAL_XOR, xor, logical_xor, "Xor", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  xor       ELEMENT_WISE_LOGICAL_XOR: 1 where exactly one of a and b is nonzero,\n"
        "            else 0 (uint8, uint32 or bool)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

BOOLEAN_SUPPORT
BOOLEAN_ONNX
BOOLEAN_KERNELS(xor)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_logical.h"

/* DirectML's page: (!!a) != (!!b) */
BOOLEAN_REFERENCE(xor, !=)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
BOOLEAN_VECTOR(xor, BOOL_XOR)
#endif

#undef OP
#undef OP_DESC
