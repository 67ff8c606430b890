/* ACTIVATION_SOFTSIGN: x / (1 + |x|) (docs/operators.md). f32 is the binary32 evaluation
   (1 + |x| rounded, then the quotient rounded), f64 the binary64 one; f16 and bf16 widen
   exactly to f32, evaluate as f32 and round once to nearest even. NaN and infinity are
   decided on the bits so every CPU path gives the same NaN: a NaN input comes back quiet
   with its sign and payload, ±inf gives the positive default quiet NaN. */
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_SOFTSIGN
#define OP_DESC DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC

DMLP_OP(ACTIVATION_SOFTSIGN, softsign, softsign, "Softsign", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  softsign  ACTIVATION_SOFTSIGN: x / (1 + |x|)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, 0)

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_softsign, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_softsign, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_softsign, 8, 8, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_softsign, 2, 2, YES, YES)

DMLP_CHAIN(DMLP__CHAIN_SOFTSIGN)

#ifndef DMLP_OPS_LIST
/* The reference kernels, compiled with -ffp-contract=off (src/kernels/CMakeLists.txt);
   C11's assignment to float/double drops any excess precision, and double rounding from
   an extended format is harmless for one binary32 add or divide (64 >= 2 * 24 + 2).
   Tiny inputs, subnormals among them, are answered without arithmetic: the result is
   exact and does not depend on a flush-to-zero or denormals-are-zero mode that other code
   in the process may have set. Like all floating-point code, the arithmetic assumes the
   default rounding mode. */
#include <math.h>

#include "kernels/reference.h"
#include "numeric/fp_convert.h"
#include "platform/compiler.h"

DMLP__FP_CONTRACT_OFF

static float softsign_f32_finite(float x)
{
    float t = 1.0f + fabsf(x);
    float q = x / t;
    return q;
}

static double softsign_f64_finite(double x)
{
    double t = 1.0 + fabs(x);
    double q = x / t;
    return q;
}

static uint32_t softsign_f32_bits(uint32_t x)
{
    uint32_t magnitude = x & 0x7fffffffu;
    if (magnitude > 0x7f800000u)
        return x | 0x00400000u;
    if (magnitude == 0x7f800000u)
        return 0x7fc00000u;
    if (magnitude <= 0x33800000u) /* |x| <= 2^-24: t rounds to 1, so the result is x */
        return x;
    return dmlp__f32_bits(softsign_f32_finite(dmlp__f32_from_bits(x)));
}

static uint64_t softsign_f64_bits(uint64_t x)
{
    uint64_t magnitude = x & 0x7fffffffffffffffu;
    if (magnitude > 0x7ff0000000000000u)
        return x | 0x0008000000000000u;
    if (magnitude == 0x7ff0000000000000u)
        return 0x7ff8000000000000u;
    if (magnitude <= 0x3ca0000000000000u) /* |x| <= 2^-53: t rounds to 1, so x */
        return x;
    return dmlp__f64_bits(softsign_f64_finite(dmlp__f64_from_bits(x)));
}

static uint16_t softsign_f16_bits(uint16_t x)
{
    uint16_t magnitude = x & 0x7fffu;
    if (magnitude > 0x7c00u)
        return x | 0x0200u;
    if (magnitude == 0x7c00u)
        return 0x7e00u;
    uint32_t wide = dmlp__f32_bits(dmlp__f16_to_f32(x));
    return dmlp__f32_to_f16(dmlp__f32_from_bits(softsign_f32_bits(wide)));
}

static uint16_t softsign_bf16_bits(uint16_t x)
{
    uint16_t magnitude = x & 0x7fffu;
    if (magnitude > 0x7f80u)
        return x | 0x0040u;
    if (magnitude == 0x7f80u)
        return 0x7fc0u;
    uint32_t wide = dmlp__f32_bits(dmlp__bf16_to_f32(x));
    return dmlp__f32_to_bf16(dmlp__f32_from_bits(softsign_f32_bits(wide)));
}

DMLP__REFERENCE_MAP(f16_softsign, uint16_t, uint16_t, softsign_f16_bits(x))
DMLP__REFERENCE_MAP(bf16_softsign, uint16_t, uint16_t, softsign_bf16_bits(x))
DMLP__REFERENCE_MAP(f32_softsign, uint32_t, uint32_t, softsign_f32_bits(x))
DMLP__REFERENCE_MAP(f64_softsign, uint64_t, uint64_t, softsign_f64_bits(x))
#endif

#undef OP
#undef OP_DESC
