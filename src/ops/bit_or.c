/* ELEMENT_WISE_BIT_OR: a | b on the bits of each element, broadcast (docs/operators.md):
   every type of the page's tables, a float type as its encoding (src/ops/bitwise.h). */
#include "ops/op.h"
#include "ops/bitwise.h"

#define OP DML_OPERATOR_ELEMENT_WISE_BIT_OR
#define OP_DESC DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC
#define BITWISE_OP bit_or

DMLP_OP(ELEMENT_WISE_BIT_OR, bitor, bitwise_or, "BitwiseOr", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  bitor     ELEMENT_WISE_BIT_OR: a | b on each element's bits\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

BITWISE_SUPPORT
BITWISE_ONNX
BITWISE_TYPES(BITWISE_BINARY_ROW)

#ifndef DMLP_OPS_LIST
#define BITWISE_FN(w) or##w
static uint8_t or8(uint8_t x, uint8_t y) { return x | y; }
static uint16_t or16(uint16_t x, uint16_t y) { return x | y; }
static uint32_t or32(uint32_t x, uint32_t y) { return x | y; }
static uint64_t or64(uint64_t x, uint64_t y) { return x | y; }
BITWISE_TYPES(BITWISE_BINARY_REFERENCE)
#undef BITWISE_FN
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
static ALWAYS_INLINE V bit_or_v(V x, V y, const kc *c)
{
    (void)c;
    return vor(x, y);
}
#define BITWISE_VFN(w) bit_or_v
#define BITWISE_SETUP setup_none
BITWISE_TYPES(BITWISE_BINARY_FAST)
#undef BITWISE_VFN
#undef BITWISE_SETUP
#endif

#undef BITWISE_OP
#undef OP
#undef OP_DESC
