/* ELEMENT_WISE_QUANTIZE_LINEAR: clamp(round(input / scale) + zero_point, Min, Max), Min and
   Max the output type's range (docs/operators.md; the arithmetic of one element is in
   ops/quantize.h). A float input is divided in binary32 and the quotient rounded once,
   then to the nearest integer with ties to even; an INT32 input's exact quotient is
   rounded once. NaN gives Min (the page's clamp on DirectML's GPU maxNum and minNum);
   ±inf saturates; a scale of 0 divides by zero as IEEE does. ZeroPointTensor has the
   output's type and may be NULL from 6_2 (a zero point of 0). INT16 and UINT16 outputs
   (and zero points) are extensions, for ONNX's QuantizeLinear 21. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR
#define OP_DESC DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_QUANTIZE_LINEAR, quantize, quantize_linear, "QuantizeLinear",
        DML_TENSOR_DATA_TYPE_UINT8,
        DMLP_NOT_IN_PLACE("QuantizeLinear never runs in place (its output's type is none of "
                          "its inputs' but the zero point's)"),
        "  quantize  ELEMENT_WISE_QUANTIZE_LINEAR: clamp(round(x / scale) + zero_point),\n"
        "            ties to even, in the zero point's dtype (|u1 or |i1; |u1 without one;\n"
        "            <u2 or <i2 with --feature-level ext)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(INPUT, ScaleTensor),
        DMLP_FIELD_OPTIONAL(INPUT, ZeroPointTensor), DMLP_FIELD(OUTPUT, OutputTensor))

/* InputTensor is the main input; the others have types of their own (index in member
   order: 1 ScaleTensor, 2 ZeroPointTensor). */
DMLP_SUPPORT(1_0, 4, 4, (F32))
DMLP_SUPPORT(2_1, 4, 4, (F32, I32))
DMLP_SUPPORT(3_0, 1, 8, (F32, I32))
DMLP_SUPPORT(6_0, 1, 8, (F32, F16, I32))
DMLP_INPUT_TYPES(1, 1_0, (F32))
DMLP_INPUT_TYPES(1, 6_0, (F32, F16))
DMLP_INPUT_TYPES(2, 1_0, (U8))
DMLP_INPUT_TYPES(2, 2_1, (U8, I8))
DMLP_OUTPUT_TYPES(1_0, (U8))
DMLP_OUTPUT_TYPES(2_1, (U8, I8))
/* The scale has the input's type, or FLOAT32 for an INT32 input; the zero point has the
   output's; ZeroPointTensor may be NULL from 6_2. */
DMLP_TYPE_PAIRS(ScaleTensor, InputTensor, (F32, F32, F16, F16, I32, F32))
DMLP_SAME_TYPE_AS(OutputTensor, ZeroPointTensor)
DMLP_OPTIONAL_FROM(ZeroPointTensor, 6_2)
DMLP_EXTENSION_OUTPUT_TYPES((I16, U16))
DMLP_EXTENSION_INPUT_TYPES(2, (I16, U16))

/* ONNX's QuantizeLinear (docs/onnx.md): x of these types, its scale of x's type (float
   for an int32 x before 19), the zero point and the output uint8 or int8, or float8 from
   19. A float16 or bfloat16 x and the float8 outputs run as several operators (the ONNX
   loader's parts); int16 and uint16 outputs run on the extension rows; int32 x with an
   int32 scale and 4-bit outputs are refused. */
#define QUANTIZE_ONNX_21                                                                    \
    (DMLP_ONNX_QUANTIZED | DMLP_ONNX_AXIS | DMLP_ONNX_BLOCK_SIZE | DMLP_ONNX_SATURATE |     \
     DMLP_ONNX_OUTPUT_DTYPE)
DMLP_ONNX(21, "float, float16, bfloat16", 0, 0, QUANTIZE_ONNX_21)
DMLP_ONNX(19, "float, float16, bfloat16", 0, 0,
          DMLP_ONNX_QUANTIZED | DMLP_ONNX_AXIS | DMLP_ONNX_SATURATE)
DMLP_ONNX(13, "float, int32", 0, 0, DMLP_ONNX_QUANTIZED | DMLP_ONNX_AXIS)
DMLP_ONNX(10, "float, int32", 0, 0, DMLP_ONNX_QUANTIZED)
#undef QUANTIZE_ONNX_21

#define QUANTIZE_ROWS_16(X, x)                                                              \
    DMLP_NARY_KERNEL(X, DML_TENSOR_DATA_TYPE_UINT16, x##_u16_quantize, NO, NO)              \
    DMLP_NARY_KERNEL(X, DML_TENSOR_DATA_TYPE_INT16, x##_i16_quantize, NO, NO)
#define QUANTIZE_ROWS(X, x)                                                                 \
    DMLP_NARY_KERNEL(X, DML_TENSOR_DATA_TYPE_UINT8, x##_u8_quantize, NO, NO)                \
    DMLP_NARY_KERNEL(X, DML_TENSOR_DATA_TYPE_INT8, x##_i8_quantize, NO, NO)                 \
    QUANTIZE_ROWS_16(X, x)
/* FLOAT32 to the bytes: fast kernels on every ISA (below). */
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT8, f32_u8_quantize, YES,
                 YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_INT8, f32_i8_quantize, YES,
                 YES)
QUANTIZE_ROWS_16(DML_TENSOR_DATA_TYPE_FLOAT32, f32)
QUANTIZE_ROWS(DML_TENSOR_DATA_TYPE_FLOAT16, f16)
QUANTIZE_ROWS(DML_TENSOR_DATA_TYPE_INT32, i32)

#ifndef DMLP_OPS_LIST
#include <string.h>

#include "kernels/kernels.h"
#include "ops/quantize.h"

/* dmlp__<x>_<y>_quantize__reference: input of X, scale of S, zero point and output of Y;
   bit k of scalar: input k is one element for the whole run. */
#define QUANTIZE_KERNEL(x, X, S, y, Y, lo, hi, element)                                     \
    void dmlp__##x##_##y##_quantize__reference(size_t n, const void *const *in, void *out,  \
                                               uint32_t scalar,                             \
                                               const dmlp__kernel_args *args);              \
    void dmlp__##x##_##y##_quantize__reference(size_t n, const void *const *in, void *out,  \
                                               uint32_t scalar,                             \
                                               const dmlp__kernel_args *args)               \
    {                                                                                       \
        const unsigned char *xs = in[0], *ss = in[1], *zs = in[2];                          \
        unsigned char *ys = out;                                                            \
        (void)args;                                                                         \
        for (size_t i = 0; i < n; i++) {                                                    \
            X v;                                                                            \
            S s;                                                                            \
            Y z = 0;                                                                        \
            memcpy(&v, xs + (scalar & 1u ? 0 : i) * sizeof v, sizeof v);                    \
            memcpy(&s, ss + (scalar & 2u ? 0 : i) * sizeof s, sizeof s);                    \
            if (zs)                                                                         \
                memcpy(&z, zs + (scalar & 4u ? 0 : i) * sizeof z, sizeof z);                \
            Y r = (Y)element(v, s, z, lo, hi);                                              \
            memcpy(ys + i * sizeof r, &r, sizeof r);                                        \
        }                                                                                   \
    }
#define QUANTIZE_KERNELS(x, X, S, element)                                                  \
    QUANTIZE_KERNEL(x, X, S, u8, uint8_t, 0, 255, element)                                  \
    QUANTIZE_KERNEL(x, X, S, i8, int8_t, -128, 127, element)                                \
    QUANTIZE_KERNEL(x, X, S, u16, uint16_t, 0, 65535, element)                              \
    QUANTIZE_KERNEL(x, X, S, i16, int16_t, -32768, 32767, element)
QUANTIZE_KERNELS(f32, uint32_t, uint32_t, dmlp__quantize_f32)
QUANTIZE_KERNELS(f16, uint16_t, uint16_t, dmlp__quantize_f16)
QUANTIZE_KERNELS(i32, int32_t, uint32_t, dmlp__quantize_i32)
#undef QUANTIZE_KERNEL
#undef QUANTIZE_KERNELS
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernels of a FLOAT32 input: a loop of one lane type per case, which the
   compiler vectorizes for the file's ISA, giving the reference's bits:
   - q = x / scale is IEEE binary32 division (the reference's correctly rounded quotient;
     the operator runs with subnormals neither flushed nor read as zero);
   - a NaN q gives Min; otherwise q is held to +-2^20 on its bits (past it every result
     saturates, as the reference's limit), and q + 1.5 * 2^23 rounds it to its nearest
     integer, ties to even (one rounding of a sum whose unit is 1, in the default
     rounding mode; 1.5 * 2^23 is even), read back from the sum's bits;
   - the zero point added in 32 bits, then saturation to [Min, Max].
   Each input is per element or one element for the run (bit k of scalar); an absent zero
   point is 0. */
static ALWAYS_INLINE void quantize_f32_run(size_t n, const float *x, const float *s,
                                           const unsigned char *z, unsigned char *y,
                                           int x_one, int s_one, int z_one, int z_signed,
                                           int32_t lo, int32_t hi)
{
    for (size_t i = 0; i < n; i++) {
        float q = x[x_one ? 0 : i] / s[s_one ? 0 : i];
        unsigned char zb = z[z_one ? 0 : i];
        int32_t zp = z_signed ? (int32_t)(int8_t)zb : (int32_t)zb;
        /* On the bits, in integer selects the compiler vectorizes (a float compare or a
           float-to-integer conversion it keeps as a branch): NaN, the hold to +-2^20, and
           the integer from the bits of c + 1.5 * 2^23 (1.5 * 2^23 + r, a unit of 1). A
           NaN lane goes through as NaN and is replaced by Min. */
        uint32_t b = dmlp__f32_bits(q), magnitude = b & 0x7fffffffu;
        uint32_t nan = magnitude > 0x7f800000u;
        uint32_t held = magnitude >= 0x49800000u ? (b & 0x80000000u) | 0x49800000u : b;
        float c = dmlp__f32_from_bits(held) + 12582912.0f;
        int32_t r = (int32_t)(dmlp__f32_bits(c) - 0x4b400000u) + zp;
        r = r < lo ? lo : r;
        r = r > hi ? hi : r;
        r = (int32_t)(((uint32_t)r & ~(0u - nan)) | ((uint32_t)lo & (0u - nan)));
        y[i] = (unsigned char)r;
    }
}

static ALWAYS_INLINE void quantize_f32_fast(size_t n, const void *const *in, void *out,
                                            uint32_t scalar, int z_signed, int32_t lo,
                                            int32_t hi)
{
    static const unsigned char no_zero_point = 0;
    const float *x = in[0], *s = in[1];
    const unsigned char *z = in[2] ? (const unsigned char *)in[2] : &no_zero_point;
    int z_one = !in[2] || (scalar & 4u);
    if (scalar & 1u) /* one input for the run: rare, one loop for every case */
        quantize_f32_run(n, x, s, z, out, 1, (scalar & 2u) != 0, z_one, z_signed, lo, hi);
    else if ((scalar & 2u) && z_one) /* per tensor */
        quantize_f32_run(n, x, s, z, out, 0, 1, 1, z_signed, lo, hi);
    else if (z_one)
        quantize_f32_run(n, x, s, z, out, 0, 0, 1, z_signed, lo, hi);
    else if (scalar & 2u)
        quantize_f32_run(n, x, s, z, out, 0, 1, 0, z_signed, lo, hi);
    else /* per element: a per-axis scale and zero point gathered into tiles */
        quantize_f32_run(n, x, s, z, out, 0, 0, 0, z_signed, lo, hi);
}

#define QUANTIZE_PARAMS                                                                     \
    size_t n, const void *const *in, void *out, uint32_t scalar, const dmlp__kernel_args *args
EXPORTED(KNAME(f32_u8_quantize, ISA), QUANTIZE_PARAMS)
{
    (void)args;
    quantize_f32_fast(n, in, out, scalar, 0, 0, 255);
}
EXPORTED(KNAME(f32_i8_quantize, ISA), QUANTIZE_PARAMS)
{
    (void)args;
    quantize_f32_fast(n, in, out, scalar, 1, -128, 127);
}
#undef QUANTIZE_PARAMS
#endif

#undef QUANTIZE_ROWS
#undef QUANTIZE_ROWS_16
#undef OP
#undef OP_DESC
