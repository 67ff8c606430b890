/* ELEMENT_WISE_BIT_NOT: ~x on the bits of each element (docs/operators.md): every type of
   the page's tables, a float type as its encoding (src/ops/bitwise.h). */
#include "ops/op.h"
#include "ops/bitwise.h"

#define OP DML_OPERATOR_ELEMENT_WISE_BIT_NOT
#define OP_DESC DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC
#define BITWISE_OP bit_not

/* numpy's name is invert (bitwise_not is its alias) */
DMLP_OP(ELEMENT_WISE_BIT_NOT, bitnot, invert, "BitwiseNot", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  bitnot    ELEMENT_WISE_BIT_NOT: ~x, every bit of each element flipped\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))

BITWISE_SUPPORT
BITWISE_ONNX
BITWISE_TYPES(BITWISE_UNARY_ROW)

#ifndef DMLP_OPS_LIST
#define BITWISE_FN(w) (uint##w##_t) ~
BITWISE_TYPES(BITWISE_UNARY_REFERENCE)
#undef BITWISE_FN
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
MAP_BLOCK(bit_not_v, vxor(x, set8(-1)))
#define BITWISE_VFN(w) bit_not_v
BITWISE_TYPES(BITWISE_UNARY_FAST)
#undef BITWISE_VFN
#endif

#undef BITWISE_OP
#undef OP
#undef OP_DESC
