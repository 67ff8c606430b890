/* ELEMENT_WISE_LOGICAL_AND: 1 where a and b are both nonzero, else 0, broadcast,
   in the inputs' type: UINT8 or UINT32, ONNX's bool as UINT8 (docs/operators.md). */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND
#define OP_DESC DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_LOGICAL_AND, and, logical_and, "And", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  and       ELEMENT_WISE_LOGICAL_AND: 1 where a and b are both nonzero, else 0\n"
        "            (uint8, uint32 or bool)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_SUPPORT(1_0, 4, 4, (U32))
DMLP_SUPPORT(2_0, 4, 4, (U32, U8))
DMLP_SUPPORT(3_0, 1, 8, (U32, U8))

/* bool: 1 (legacy broadcast) and 7 (numpy broadcasting) */
DMLP_ONNX(7, "bool", 0, 0, 0)
DMLP_ONNX(1, "bool", 0, 0, 0)

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_and, 1, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_and, 4, NO, NO)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_logical.h"

static int u8_and(uint8_t x, uint8_t y) { return x != 0 && y != 0; }
static int u32_and(uint32_t x, uint32_t y) { return x != 0 && y != 0; }

LOGICAL_KERNEL(u8, and, uint8_t)
LOGICAL_KERNEL(u32, and, uint32_t)
#endif

#undef OP
#undef OP_DESC
