/* ELEMENT_WISE_QUANTIZED_LINEAR_ADD: A and B dequantized, added, and the sum quantized
   (docs/operators.md):

       a = (A - AZeroPoint) * AScale       the exact product rounded once to binary32
       b = (B - BZeroPoint) * BScale       likewise
       s = a + b                           rounded once to binary32
       clamp(round(s / OutputScale) + OutputZeroPoint, Min, Max)   QuantizeLinear's

   The page gives the formula, not the precision of its intermediates: dmlp holds each to
   binary32, the type of the scales, each rounded once (DequantizeLinear's product, an
   IEEE addition, QuantizeLinear's quotient of a FLOAT32 input, ops/quantize.h). NaN gives
   Min, ±inf saturates; a NULL zero point is 0. A and AZeroPoint share INT8 or UINT8, B
   and BZeroPoint share INT8 or UINT8 of their own, the output and OutputZeroPoint too. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD
#define OP_DESC DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_QUANTIZED_LINEAR_ADD, quantized_add, quantized_linear_add, NULL,
        DML_TENSOR_DATA_TYPE_UINT8,
        DMLP_NOT_IN_PLACE("QuantizedLinearAdd never runs in place (its page does not allow "
                          "it, and its output's type is its own)"),
        "  quantized_add ELEMENT_WISE_QUANTIZED_LINEAR_ADD: (a - a_zero) * a_scale +\n"
        "            (b - b_zero) * b_scale quantized by out_scale and out_zero, in\n"
        "            out_zero's dtype (|u1 or |i1; |u1 without one)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, AScaleTensor),
        DMLP_FIELD_OPTIONAL(INPUT, AZeroPointTensor), DMLP_FIELD(INPUT, BTensor),
        DMLP_FIELD(INPUT, BScaleTensor), DMLP_FIELD_OPTIONAL(INPUT, BZeroPointTensor),
        DMLP_FIELD(INPUT, OutputScaleTensor), DMLP_FIELD_OPTIONAL(INPUT, OutputZeroPointTensor),
        DMLP_FIELD(OUTPUT, OutputTensor))

/* The page's one table (4_0): ATensor and AZeroPointTensor (the main list) INT8 or UINT8;
   the others by index in member order: 1 AScaleTensor, 3 BTensor, 4 BScaleTensor,
   5 BZeroPointTensor, 6 OutputScaleTensor, 7 OutputZeroPointTensor. The zero points are
   optional from the start. */
DMLP_SUPPORT(4_0, 1, 8, (I8, U8))
DMLP_INPUT_TYPES(1, 4_0, (F32))
DMLP_INPUT_TYPES(3, 4_0, (I8, U8))
DMLP_INPUT_TYPES(4, 4_0, (F32))
DMLP_INPUT_TYPES(5, 4_0, (I8, U8))
DMLP_INPUT_TYPES(6, 4_0, (F32))
DMLP_INPUT_TYPES(7, 4_0, (I8, U8))
DMLP_OUTPUT_TYPES(4_0, (I8, U8))
DMLP_SAME_TYPE_AS(OutputTensor, OutputZeroPointTensor)
DMLP_SAME_TYPE_AS(BZeroPointTensor, BTensor)

/* A kernel per type of A and of the output; B's type comes in args->in_type[3]. */
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_INT8, i8_i8_quantized_add, NO,
                 NO)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_UINT8, i8_u8_quantized_add,
                 NO, NO)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8, u8_i8_quantized_add,
                 NO, NO)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_UINT8, u8_u8_quantized_add,
                 NO, NO)

#ifndef DMLP_OPS_LIST
#include <string.h>

#include "kernels/kernels.h"
#include "ops/quantize.h"

/* a + b, binary32 values given and returned as bits, rounded once: the double sum of two
   binary32 values rounded to binary32 is their correctly rounded sum (53 >= 2 * 24 + 2
   bits), and the last rounding is done on the bits, so that a subnormal sum stays one
   whatever the processor's flush-to-zero mode (its quotient by a small scale need not be
   0). No sum of binary32 values is a subnormal double. A NaN sum gives the default NaN
   (which NaN does not matter: quantizing any gives Min). */
static uint32_t quantized_add_sum(uint32_t a, uint32_t b)
{
    uint64_t bits = dmlp__f64_bits(dmlp__quant_widen(a) + dmlp__quant_widen(b));
    int negative = (int)(bits >> 63);
    uint32_t exponent = (uint32_t)(bits >> 52) & 0x7ffu;
    uint64_t mantissa = bits & UINT64_C(0xfffffffffffff);
    if (exponent == 0x7ffu)
        return mantissa ? 0x7fc00000u : negative ? 0xff800000u : 0x7f800000u;
    if (exponent == 0)
        return negative ? 0x80000000u : 0u;
    return (uint32_t)dmlp__quant_encode(negative, mantissa | (UINT64_C(1) << 52),
                                        (int)exponent - 1075, &dmlp__quant_f32);
}

/* One element: x and y the integer inputs, their zero points already subtracted. */
static inline int32_t quantized_add_element(int32_t x, uint32_t x_scale, int32_t y,
                                            uint32_t y_scale, uint32_t out_scale,
                                            int32_t out_zero, int32_t lo, int32_t hi)
{
    uint32_t sum = quantized_add_sum(dmlp__dequantize_f32(x, x_scale),
                                     dmlp__dequantize_f32(y, y_scale));
    return dmlp__quantize_f32(sum, out_scale, out_zero, lo, hi);
}

/* An 8-bit element k of input p, signed or not (absent: 0); bit p of scalar: one element
   for the run. */
static inline int32_t quantized_add_byte(const void *const *in, uint32_t p, int is_signed,
                                         uint32_t scalar, size_t i)
{
    const unsigned char *bytes = in[p];
    if (!bytes)
        return 0;
    unsigned char v = bytes[scalar >> p & 1u ? 0 : i];
    return is_signed ? (int32_t)(int8_t)v : (int32_t)v;
}

static inline uint32_t quantized_add_scale(const void *const *in, uint32_t p, uint32_t scalar,
                                           size_t i)
{
    uint32_t s;
    memcpy(&s, (const unsigned char *)in[p] + (scalar >> p & 1u ? 0 : i) * sizeof s, sizeof s);
    return s;
}

/* dmlp__<a>_<y>_quantized_add__reference: A and AZeroPoint of type a, B and BZeroPoint
   INT8 or UINT8 (args->in_type[3]), the scales FLOAT32, OutputZeroPoint and the output of
   type y. */
#define QUANTIZED_ADD_KERNEL(a, a_signed, y, Y, lo, hi)                                     \
    void dmlp__##a##_##y##_quantized_add__reference(size_t n, const void *const *in,        \
                                                    void *out, uint32_t scalar,             \
                                                    const dmlp__kernel_args *args);         \
    void dmlp__##a##_##y##_quantized_add__reference(size_t n, const void *const *in,        \
                                                    void *out, uint32_t scalar,             \
                                                    const dmlp__kernel_args *args)          \
    {                                                                                       \
        int b_signed = args->in_type[3] == DML_TENSOR_DATA_TYPE_INT8;                       \
        int y_signed = lo < 0;                                                              \
        Y *ys = out;                                                                        \
        for (size_t i = 0; i < n; i++) {                                                    \
            int32_t x = quantized_add_byte(in, 0, a_signed, scalar, i) -                    \
                        quantized_add_byte(in, 2, a_signed, scalar, i);                     \
            int32_t z = quantized_add_byte(in, 3, b_signed, scalar, i) -                    \
                        quantized_add_byte(in, 5, b_signed, scalar, i);                     \
            ys[i] = (Y)quantized_add_element(                                               \
                x, quantized_add_scale(in, 1, scalar, i), z,                                \
                quantized_add_scale(in, 4, scalar, i), quantized_add_scale(in, 6, scalar, i), \
                quantized_add_byte(in, 7, y_signed, scalar, i), lo, hi);                    \
        }                                                                                   \
    }
QUANTIZED_ADD_KERNEL(i8, 1, i8, int8_t, -128, 127)
QUANTIZED_ADD_KERNEL(i8, 1, u8, uint8_t, 0, 255)
QUANTIZED_ADD_KERNEL(u8, 0, i8, int8_t, -128, 127)
QUANTIZED_ADD_KERNEL(u8, 0, u8, uint8_t, 0, 255)
#undef QUANTIZED_ADD_KERNEL
#endif

#undef OP
#undef OP_DESC
