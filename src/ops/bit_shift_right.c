/* ELEMENT_WISE_BIT_SHIFT_RIGHT: a >> b, a logical shift of each unsigned element by the
   count in b, broadcast (docs/operators.md). The page is silent on counts at or past the
   width: the count modulo the width (HLSL's shifts use its low bits), or with
   DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO (numpy's right_shift) 0 (src/ops/bitwise.h). */
#include "ops/op.h"
#include "ops/bitwise.h"

#define OP DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT
#define OP_DESC DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC
#define BITWISE_OP bit_shr

DMLP_OP(ELEMENT_WISE_BIT_SHIFT_RIGHT, shr, right_shift, "BitShift", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  shr       ELEMENT_WISE_BIT_SHIFT_RIGHT: a >> b (unsigned; a count past the\n"
        "            width is taken modulo it, or with --shift zero gives 0)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

SHIFT_SUPPORT
SHIFT_TYPES(BITWISE_BINARY_ROW)

/* ONNX's BitShift-11 is this operator when its `direction` is "RIGHT" (required); its
   reference, numpy's shifts, gives 0 for a count at or past the width. */
DMLP_ONNX_WHEN("direction", STRING, "RIGHT", NULL)
DMLP_ONNX(11, "uint8, uint16, uint32, uint64", 0, DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO, 0)

#ifndef DMLP_OPS_LIST
#define BITWISE_FN(w) shr##w
/* k is below w, or w: every bit out (the C shift of a full width is undefined) */
static uint8_t shr8(uint8_t x, unsigned k) { return k >= 8 ? 0 : (uint8_t)(x >> k); }
static uint16_t shr16(uint16_t x, unsigned k) { return k >= 16 ? 0 : (uint16_t)(x >> k); }
static uint32_t shr32(uint32_t x, unsigned k) { return k >= 32 ? 0 : x >> k; }
static uint64_t shr64(uint64_t x, unsigned k) { return k >= 64 ? 0 : x >> k; }
SHIFT_TYPES(BITWISE_SHIFT_REFERENCE)
#undef BITWISE_FN
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
SHIFT_FAST_FN(bit_shr8, 8, shrv8)
SHIFT_FAST_FN(bit_shr16, 16, shrv16)
SHIFT_FAST_FN(bit_shr32, 32, shrv32)
SHIFT_FAST_FN(bit_shr64, 64, shrv64)
#define BITWISE_VFN(w) bit_shr##w
SHIFT_TYPES(BITWISE_SHIFT_FAST)
#undef BITWISE_VFN
#endif

#undef BITWISE_OP
#undef OP
#undef OP_DESC
