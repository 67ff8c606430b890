/* ELEMENT_WISE_DEQUANTIZE_LINEAR: (input - zero_point) * scale (docs/operators.md; the
   arithmetic of one element is in ops/quantize.h): the difference exact in 64 bits, the
   product exact, rounded once to the scale's type, which is the output's. InputTensor
   and ZeroPointTensor have one integer type; ZeroPointTensor may be NULL from 6_2 (a zero
   point of 0). */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR
#define OP_DESC DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_DEQUANTIZE_LINEAR, dequantize, dequantize_linear, "DequantizeLinear",
        DML_TENSOR_DATA_TYPE_FLOAT32,
        DMLP_NOT_IN_PLACE("DequantizeLinear never runs in place (its output's type is none of "
                          "its inputs' but the scale's)"),
        "  dequantize ELEMENT_WISE_DEQUANTIZE_LINEAR: (x - zero_point) * scale, rounded\n"
        "            once to the scale's dtype (<f4 or <f2)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(INPUT, ScaleTensor),
        DMLP_FIELD_OPTIONAL(INPUT, ZeroPointTensor), DMLP_FIELD(OUTPUT, OutputTensor))

/* InputTensor and ZeroPointTensor share the row's types; ScaleTensor (1) has its own. */
DMLP_SUPPORT(1_0, 4, 4, (U8))
DMLP_SUPPORT(2_1, 4, 4, (I32, I16, I8, U32, U16, U8))
DMLP_SUPPORT(3_0, 1, 8, (I32, I16, I8, U32, U16, U8))
DMLP_INPUT_TYPES(1, 1_0, (F32))
DMLP_INPUT_TYPES(1, 6_0, (F32, F16))
DMLP_OUTPUT_TYPES(1_0, (F32))
DMLP_OUTPUT_TYPES(6_0, (F32, F16))
/* The output has the scale's type; ZeroPointTensor may be NULL from 6_2. */
DMLP_SAME_TYPE_AS(OutputTensor, ScaleTensor)
DMLP_OPTIONAL_FROM(ZeroPointTensor, 6_2)

/* ONNX's DequantizeLinear (docs/onnx.md): x and the zero point of these types, the scale
   and the output float (float16 too from 19, with an 8-bit x). A float8 x runs as several
   operators (the ONNX loader's parts); bfloat16 scales of integers and 4-bit x are
   refused. */
DMLP_ONNX(21, "int8, uint8, int16, uint16, int32, float8e4m3fn, float8e4m3fnuz, float8e5m2, "
              "float8e5m2fnuz", 0, 0,
          DMLP_ONNX_QUANTIZED | DMLP_ONNX_AXIS | DMLP_ONNX_BLOCK_SIZE)
DMLP_ONNX(19, "int8, uint8, int32, float8e4m3fn, float8e4m3fnuz, float8e5m2, float8e5m2fnuz",
          0, 0, DMLP_ONNX_QUANTIZED | DMLP_ONNX_AXIS)
DMLP_ONNX(13, "int8, uint8, int32", 0, 0, DMLP_ONNX_QUANTIZED | DMLP_ONNX_AXIS)
DMLP_ONNX(10, "int8, uint8, int32", 0, 0, DMLP_ONNX_QUANTIZED)

#define DEQUANTIZE_ROWS(X, x)                                                               \
    DMLP_NARY_KERNEL(X, DML_TENSOR_DATA_TYPE_FLOAT32, x##_f32_dequantize, NO, NO)           \
    DMLP_NARY_KERNEL(X, DML_TENSOR_DATA_TYPE_FLOAT16, x##_f16_dequantize, NO, NO)
/* The bytes to FLOAT32: fast kernels on every ISA (below). */
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_FLOAT32, i8_f32_dequantize, YES,
                 YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_FLOAT16, i8_f16_dequantize, NO,
                 NO)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_FLOAT32, u8_f32_dequantize,
                 YES, YES)
DMLP_NARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_FLOAT16, u8_f16_dequantize,
                 NO, NO)
DEQUANTIZE_ROWS(DML_TENSOR_DATA_TYPE_INT16, i16)
DEQUANTIZE_ROWS(DML_TENSOR_DATA_TYPE_UINT16, u16)
DEQUANTIZE_ROWS(DML_TENSOR_DATA_TYPE_INT32, i32)
DEQUANTIZE_ROWS(DML_TENSOR_DATA_TYPE_UINT32, u32)

#ifndef DMLP_OPS_LIST
#include <string.h>

#include "kernels/kernels.h"
#include "ops/quantize.h"

/* dmlp__<x>_<y>_dequantize__reference: input and zero point of X, scale and output of Y
   (bits); bit k of scalar: input k is one element for the whole run. */
#define DEQUANTIZE_KERNEL(x, X, y, Y, element)                                              \
    void dmlp__##x##_##y##_dequantize__reference(size_t n, const void *const *in,           \
                                                 void *out, uint32_t scalar,                \
                                                 const dmlp__kernel_args *args);            \
    void dmlp__##x##_##y##_dequantize__reference(size_t n, const void *const *in,           \
                                                 void *out, uint32_t scalar,                \
                                                 const dmlp__kernel_args *args)             \
    {                                                                                       \
        const unsigned char *xs = in[0], *ss = in[1], *zs = in[2];                          \
        unsigned char *ys = out;                                                            \
        (void)args;                                                                         \
        for (size_t i = 0; i < n; i++) {                                                    \
            X v, z = 0;                                                                     \
            Y s;                                                                            \
            memcpy(&v, xs + (scalar & 1u ? 0 : i) * sizeof v, sizeof v);                    \
            memcpy(&s, ss + (scalar & 2u ? 0 : i) * sizeof s, sizeof s);                    \
            if (zs)                                                                         \
                memcpy(&z, zs + (scalar & 4u ? 0 : i) * sizeof z, sizeof z);                \
            Y r = element((int64_t)v - (int64_t)z, s);                                      \
            memcpy(ys + i * sizeof r, &r, sizeof r);                                        \
        }                                                                                   \
    }
#define DEQUANTIZE_KERNELS(x, X)                                                            \
    DEQUANTIZE_KERNEL(x, X, f32, uint32_t, dmlp__dequantize_f32)                            \
    DEQUANTIZE_KERNEL(x, X, f16, uint16_t, dmlp__dequantize_f16)
DEQUANTIZE_KERNELS(i8, int8_t)
DEQUANTIZE_KERNELS(u8, uint8_t)
DEQUANTIZE_KERNELS(i16, int16_t)
DEQUANTIZE_KERNELS(u16, uint16_t)
DEQUANTIZE_KERNELS(i32, int32_t)
DEQUANTIZE_KERNELS(u32, uint32_t)
#undef DEQUANTIZE_KERNEL
#undef DEQUANTIZE_KERNELS
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernels of a byte input and a FLOAT32 scale: a loop of one lane type per case,
   which the compiler vectorizes for the file's ISA, giving the reference's bits: the
   difference (at most 255 in magnitude) is exact in binary32, so the IEEE product rounds
   the exact product once, as the reference does. A NaN scale comes back made quiet (the
   one NaN operand of a multiplication, x86's and ARM's rule); 0 * inf, IEEE's invalid
   operation, is set to the positive quiet NaN the reference gives (x86 makes it
   negative). */
static ALWAYS_INLINE void dequantize_f32_run(size_t n, const unsigned char *x, const float *s,
                                             const unsigned char *z, float *y, int x_one,
                                             int s_one, int z_one, int is_signed)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char xb = x[x_one ? 0 : i], zb = z[z_one ? 0 : i];
        int32_t d = is_signed ? (int32_t)(int8_t)xb - (int32_t)(int8_t)zb
                              : (int32_t)xb - (int32_t)zb;
        float sc = s[s_one ? 0 : i];
        float r = (float)d * sc;
        y[i] = r != r && sc == sc ? dmlp__f32_from_bits(0x7fc00000u) : r;
    }
}

static ALWAYS_INLINE void dequantize_f32_fast(size_t n, const void *const *in, void *out,
                                              uint32_t scalar, int is_signed)
{
    static const unsigned char no_zero_point = 0;
    const unsigned char *x = in[0];
    const float *s = in[1];
    const unsigned char *z = in[2] ? (const unsigned char *)in[2] : &no_zero_point;
    int z_one = !in[2] || (scalar & 4u);
    if (scalar & 1u) /* one input for the run: rare, one loop for every case */
        dequantize_f32_run(n, x, s, z, out, 1, (scalar & 2u) != 0, z_one, is_signed);
    else if ((scalar & 2u) && z_one) /* per tensor */
        dequantize_f32_run(n, x, s, z, out, 0, 1, 1, is_signed);
    else if (z_one)
        dequantize_f32_run(n, x, s, z, out, 0, 0, 1, is_signed);
    else if (scalar & 2u)
        dequantize_f32_run(n, x, s, z, out, 0, 1, 0, is_signed);
    else /* per element: a per-axis scale and zero point gathered into tiles */
        dequantize_f32_run(n, x, s, z, out, 0, 0, 0, is_signed);
}

#define DEQUANTIZE_PARAMS                                                                   \
    size_t n, const void *const *in, void *out, uint32_t scalar, const dmlp__kernel_args *args
EXPORTED(KNAME(i8_f32_dequantize, ISA), DEQUANTIZE_PARAMS)
{
    (void)args;
    dequantize_f32_fast(n, in, out, scalar, 1);
}
EXPORTED(KNAME(u8_f32_dequantize, ISA), DEQUANTIZE_PARAMS)
{
    (void)args;
    dequantize_f32_fast(n, in, out, scalar, 0);
}
#undef DEQUANTIZE_PARAMS
#endif

#undef DEQUANTIZE_ROWS
#undef OP
#undef OP_DESC
