/* ELEMENT_WISE_CLIP_GRAD1: ClipGrad (ops/clip_grad.c) with Min and Max as
   DML_SCALAR_UNION values of the tensor's type: 0 where x <= Min or x >= Max, else the
   incoming gradient's bits. Compared in the type itself (integers in their signedness,
   exactly; floats as IEEE compares of their values: a NaN on either side compares false
   and lets the gradient through, -0 equals +0); the 0 is +0 for float types. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1
#define OP_DESC DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_CLIP_GRAD1, clipgrad1, clip_grad1, NULL, DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  clipgrad1 ELEMENT_WISE_CLIP_GRAD1: 0 where x <= min or x >= max, else the\n"
        "            gradient (the second input), the bounds in x's type (--min, --max)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(INPUT, InputGradientTensor),
        DMLP_FIELD(OUTPUT, OutputGradientTensor), DMLP_FIELD(SCALAR_TYPE, MinMaxDataType),
        DMLP_FIELD_DEFAULT(SCALAR, Min, -__builtin_inff()),
        DMLP_FIELD_DEFAULT(SCALAR, Max, __builtin_inff()))

DMLP_SUPPORT(5_0, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_clipgrad1, 1, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_clipgrad1, 1, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_clipgrad1, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_clipgrad1, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_clipgrad1, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_clipgrad1, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_clipgrad1, 8, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_clipgrad1, 8, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_clipgrad1, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_clipgrad1, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_clipgrad1, 8, YES, YES)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_clipgrad1, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"

#define INT_CLIPGRAD1(t, T)                                                                 \
    static T t##_clipgrad1(T x, T grad, const dmlp__kernel_args *args)                      \
    {                                                                                       \
        return x <= (T)args->scalar[0] || x >= (T)args->scalar[1] ? (T)0 : grad;            \
    }
INT_CLIPGRAD1(i8, int8_t)
INT_CLIPGRAD1(u8, uint8_t)
INT_CLIPGRAD1(i16, int16_t)
INT_CLIPGRAD1(u16, uint16_t)
INT_CLIPGRAD1(i32, int32_t)
INT_CLIPGRAD1(u32, uint32_t)
INT_CLIPGRAD1(i64, int64_t)
INT_CLIPGRAD1(u64, uint64_t)

/* Floats: the element and the bounds read as binary64 (exact for every type). */
#define FLOAT_CLIPGRAD1(t, T, VALUE)                                                        \
    static double t##_clipgrad1_value(uint64_t bits) { T v = (T)bits; return VALUE; }       \
    static T t##_clipgrad1(T x, T grad, const dmlp__kernel_args *args)                      \
    {                                                                                       \
        double v = t##_clipgrad1_value(x);                                                  \
        int cut = v <= t##_clipgrad1_value(args->scalar[0]) ||                              \
                  v >= t##_clipgrad1_value(args->scalar[1]);                                \
        return cut ? (T)0 : grad;                                                           \
    }
FLOAT_CLIPGRAD1(f16, uint16_t, (double)dmlp__f16_to_f32(v))
FLOAT_CLIPGRAD1(bf16, uint16_t, (double)dmlp__bf16_to_f32(v))
FLOAT_CLIPGRAD1(f32, uint32_t, (double)dmlp__f32_from_bits(v))
FLOAT_CLIPGRAD1(f64, uint64_t, dmlp__f64_from_bits(v))

BINARY_KERNEL_ARGS(i8, clipgrad1, int8_t)
BINARY_KERNEL_ARGS(u8, clipgrad1, uint8_t)
BINARY_KERNEL_ARGS(i16, clipgrad1, int16_t)
BINARY_KERNEL_ARGS(u16, clipgrad1, uint16_t)
BINARY_KERNEL_ARGS(i32, clipgrad1, int32_t)
BINARY_KERNEL_ARGS(u32, clipgrad1, uint32_t)
BINARY_KERNEL_ARGS(i64, clipgrad1, int64_t)
BINARY_KERNEL_ARGS(u64, clipgrad1, uint64_t)
BINARY_KERNEL_ARGS(f16, clipgrad1, uint16_t)
BINARY_KERNEL_ARGS(bf16, clipgrad1, uint16_t)
BINARY_KERNEL_ARGS(f32, clipgrad1, uint32_t)
BINARY_KERNEL_ARGS(f64, clipgrad1, uint64_t)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* ClipGrad's element operation (ops/clip_grad.c) with CLIP1's setup of the bounds from
   args->scalar (ops/clip1.c). */
BINARY_KERNEL(f32, clipgrad1, 4, bin_clipgrad_f32, setup_scalars_f32)
BINARY_KERNEL(f64, clipgrad1, 8, bin_clipgrad_f64, setup_scalars_f64)

/* f16, bf16 and the 8-, 16- and 32-bit integers: ClipGrad's element operations with its
   keys A and B (clipgrad_keys) from bounds of the type: x <= Min is key(x) < key(Min) +
   1, x >= Max is key(x) > key(Max) - 1; Min at the type's top or Max at its bottom cuts
   every x, a NaN bound nothing. */
static ALWAYS_INLINE int64_t clipgrad1_value(uint64_t bits, int w, int is_unsigned)
{
    uint64_t top = 1ull << (w - 1), v = bits & ((top << 1) - 1);
    return is_unsigned ? (int64_t)v : (int64_t)(v ^ top) - (int64_t)top;
}
static ALWAYS_INLINE void setup_clipgrad1_int(kc *c, const dmlp__kernel_args *args, int w,
                                              int is_unsigned, int64_t lo, int64_t hi)
{
    int64_t s0 = clipgrad1_value(args->scalar[0], w, is_unsigned);
    int64_t s1 = clipgrad1_value(args->scalar[1], w, is_unsigned);
    clipgrad_keys(c, w, is_unsigned, lo, hi, s0 + 1, s1 - 1, s0 == hi || s1 == lo);
}
#define CLIPGRAD1_INT_SETUP(t, w, U, LO, HI)                                                \
    static ALWAYS_INLINE void setup_clipgrad1_##t(kc *c, const dmlp__kernel_args *args)     \
    {                                                                                       \
        setup_clipgrad1_int(c, args, w, U, LO, HI);                                         \
    }
CLIPGRAD1_INT_SETUP(i8, 8, 0, INT8_MIN, INT8_MAX)
CLIPGRAD1_INT_SETUP(u8, 8, 1, 0, UINT8_MAX)
CLIPGRAD1_INT_SETUP(i16, 16, 0, INT16_MIN, INT16_MAX)
CLIPGRAD1_INT_SETUP(u16, 16, 1, 0, UINT16_MAX)
CLIPGRAD1_INT_SETUP(i32, 32, 0, INT32_MIN, INT32_MAX)
CLIPGRAD1_INT_SETUP(u32, 32, 1, 0, UINT32_MAX)
#undef CLIPGRAD1_INT_SETUP
/* The 64-bit integers: a and b in the type, as ops/clip_grad.c's setup gives them. */
#define CLIPGRAD1_WIDE_SETUP(t, T, LO, HI)                                                  \
    static ALWAYS_INLINE void setup_clipgrad1_##t(kc *c, const dmlp__kernel_args *args)     \
    {                                                                                       \
        T s0 = (T)args->scalar[0], s1 = (T)args->scalar[1];                                 \
        int all = s0 == (T)(HI) || s1 == (T)(LO);                                           \
        c->p[0] = set64((uint64_t)(all ? (T)(HI) : (T)(s0 + 1)));                           \
        c->p[1] = set64((uint64_t)(all ? (T)(LO) : (T)(s1 - 1)));                           \
    }
CLIPGRAD1_WIDE_SETUP(i64, int64_t, INT64_MIN, INT64_MAX)
CLIPGRAD1_WIDE_SETUP(u64, uint64_t, 0, UINT64_MAX)
#undef CLIPGRAD1_WIDE_SETUP
static ALWAYS_INLINE void setup_clipgrad1_half(kc *c, const dmlp__kernel_args *args, int bf16)
{
    int32_t inf = half_key(bf16 ? 0x7f80u : 0x7c00u);
    uint16_t s0 = (uint16_t)args->scalar[0], s1 = (uint16_t)args->scalar[1];
    int32_t a = (s0 & 0x7fff) > inf ? -inf : half_key(s0) + 1;
    int32_t b = (s1 & 0x7fff) > inf ? inf : half_key(s1) - 1;
    c->p[0] = set16((uint16_t)a);
    c->p[1] = set16((uint16_t)b);
}
CLIPGRAD_HALF_SETUPS(clipgrad1, setup_clipgrad1_half) /* ops/clip_grad.c */
BINARY_KERNEL(i8, clipgrad1, 1, bin_clipgrad_i8, setup_clipgrad1_i8)
BINARY_KERNEL(u8, clipgrad1, 1, bin_clipgrad_u8, setup_clipgrad1_u8)
BINARY_KERNEL(i16, clipgrad1, 2, bin_clipgrad_i16, setup_clipgrad1_i16)
BINARY_KERNEL(u16, clipgrad1, 2, bin_clipgrad_u16, setup_clipgrad1_u16)
BINARY_KERNEL(i32, clipgrad1, 4, bin_clipgrad_i32, setup_clipgrad1_i32)
BINARY_KERNEL(u32, clipgrad1, 4, bin_clipgrad_u32, setup_clipgrad1_u32)
BINARY_KERNEL(i64, clipgrad1, 8, bin_clipgrad_i64, setup_clipgrad1_i64)
BINARY_KERNEL(u64, clipgrad1, 8, bin_clipgrad_u64, setup_clipgrad1_u64)
BINARY_KERNEL(f16, clipgrad1, 2, bin_clipgrad_h16, setup_clipgrad1_f16)
BINARY_KERNEL(bf16, clipgrad1, 2, bin_clipgrad_h16, setup_clipgrad1_bf16)
#endif

#undef OP
#undef OP_DESC
