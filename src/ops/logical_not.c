/* ELEMENT_WISE_LOGICAL_NOT: 1 where x is zero, else 0, in the input's type: UINT8 or
   UINT32, ONNX's bool as UINT8 (docs/operators.md). Any nonzero value is true, so its
   NOT is 0 (UINT32 0x100 gives 0). */
#include "ops/op.h"
#include "ops/logical.h"

#define OP DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT
#define OP_DESC DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_LOGICAL_NOT, not, logical_not, "Not", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  not       ELEMENT_WISE_LOGICAL_NOT: 1 where x is zero, else 0 (uint8, uint32 or\n"
        "            bool)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))

/* DirectML's table is LogicalAnd's: UINT32 (1_0), UINT8 too (2_0), 1 to 8 dimensions from
   3_0. */
BOOLEAN_SUPPORT

/* Not: 1, bool. */
DMLP_ONNX(1, "bool", 0, 0, 0)

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_not, 1, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_not, 4, 4, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"

DMLP__REFERENCE_MAP(u8_not, uint8_t, uint8_t, x == 0)
DMLP__REFERENCE_MAP(u32_not, uint32_t, uint32_t, x == 0)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* 1 in the lanes equal to 0, selected by the compare's mask. */
MAP_BLOCK(not_b8, sel8(eq8(x, zero()), set8(1), zero()))
MAP_BLOCK(not_b32, sel32(eq32(x, zero()), set32(1), zero()))
MAP_KERNEL(u8, not, 1, not_b8, setup_none)
MAP_KERNEL(u32, not, 4, not_b32, setup_none)
#endif

#undef OP
#undef OP_DESC
