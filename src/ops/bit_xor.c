/* ELEMENT_WISE_BIT_XOR: a ^ b on the bits of each element, broadcast (docs/operators.md):
   every type of the page's tables, a float type as its encoding (src/ops/bitwise.h). */
#include "ops/op.h"
#include "ops/bitwise.h"

#define OP DML_OPERATOR_ELEMENT_WISE_BIT_XOR
#define OP_DESC DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC
#define BITWISE_OP bit_xor

DMLP_OP(ELEMENT_WISE_BIT_XOR, bitxor, bitwise_xor, "BitwiseXor", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  bitxor    ELEMENT_WISE_BIT_XOR: a ^ b on each element's bits\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

BITWISE_SUPPORT
BITWISE_ONNX
BITWISE_TYPES(BITWISE_BINARY_ROW)

#ifndef DMLP_OPS_LIST
#define BITWISE_FN(w) xor##w
static uint8_t xor8(uint8_t x, uint8_t y) { return x ^ y; }
static uint16_t xor16(uint16_t x, uint16_t y) { return x ^ y; }
static uint32_t xor32(uint32_t x, uint32_t y) { return x ^ y; }
static uint64_t xor64(uint64_t x, uint64_t y) { return x ^ y; }
BITWISE_TYPES(BITWISE_BINARY_REFERENCE)
#undef BITWISE_FN
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
static ALWAYS_INLINE V bit_xor_v(V x, V y, const kc *c)
{
    (void)c;
    return vxor(x, y);
}
#define BITWISE_VFN(w) bit_xor_v
#define BITWISE_SETUP setup_none
BITWISE_TYPES(BITWISE_BINARY_FAST)
#undef BITWISE_VFN
#undef BITWISE_SETUP
#endif

#undef BITWISE_OP
#undef OP
#undef OP_DESC
