/* ACTIVATION_PARAMETERIZED_RELU: x if x >= 0, else slope * x, the slope broadcast
   (docs/operators.md). In the page's order: a NaN x is not >= 0, so it takes slope * x,
   whose NaN rule (src/kernels/reference_binary.h) gives the slope's NaN made quiet, else
   x's; -0 >= 0 keeps -0. The product is rounded once in the type (FLOAT16 and BFLOAT16:
   formed exactly in binary32, rounded once). Signed integers: the product modulo
   2^bits; unsigned integers are never below 0 and come back unchanged. */
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU
#define OP_DESC DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC

DMLP_OP(ACTIVATION_PARAMETERIZED_RELU, prelu, prelu, "PRelu", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  prelu     ACTIVATION_PARAMETERIZED_RELU: x if x >= 0, else slope * x (the second\n"
        "            input is the slope, broadcast)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(INPUT, SlopeTensor),
        DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_SUPPORT(5_1, 1, 8, (F32, F16, I32, I16, I8))
DMLP_EXTENSION_TYPES((F64, BF16, I64, U32, U64))

/* ONNX's PRelu: 1 (float16, float, double; consumed_inputs), 6, 7 (the slope broadcasts
   to X's shape, one way), 9 (+ uint32, uint64, int32, int64), 16 (+ bfloat16). Before
   version 7 the slope has X's shape or one element. Its reference is
   where(x < 0, x * slope, x). */
#define PRELU_TYPES9 "float16, float, double, uint32, uint64, int32, int64"
DMLP_ONNX(16, PRELU_TYPES9 ", bfloat16", 0, 0, DMLP_ONNX_UNIDIRECTIONAL)
DMLP_ONNX(9, PRELU_TYPES9, 0, 0, DMLP_ONNX_UNIDIRECTIONAL)
DMLP_ONNX(7, "float16, float, double", 0, 0, DMLP_ONNX_UNIDIRECTIONAL)
DMLP_ONNX(6, "float16, float, double", 0, 0, DMLP_ONNX_UNIDIRECTIONAL)
DMLP_ONNX(1, "float16, float, double", 0, 0,
          DMLP_ONNX_UNIDIRECTIONAL | DMLP_ONNX_CONSUMED_INPUTS)

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_prelu, 1, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_prelu, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_prelu, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_prelu, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_prelu, 8, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_prelu, 8, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_prelu, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_prelu, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_prelu, 8, YES, YES)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_prelu, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"

/* slope * x on the bits: the arithmetic operators' multiplication (A = the slope). */
DMLP__FLOAT_OPS(mul, *)

#define SIGNED_PRELU(t, T, U)                                                               \
    static T t##_prelu(T x, T slope)                                                        \
    {                                                                                       \
        return x >= 0 ? x : (T)(U)((U)slope * (U)x);                                        \
    }
#define UNSIGNED_PRELU(t, T)                                                                \
    static T t##_prelu(T x, T slope)                                                        \
    {                                                                                       \
        (void)slope;                                                                        \
        return x;                                                                           \
    }
SIGNED_PRELU(i8, int8_t, uint32_t)
SIGNED_PRELU(i16, int16_t, uint32_t)
SIGNED_PRELU(i32, int32_t, uint32_t)
SIGNED_PRELU(i64, int64_t, uint64_t)
UNSIGNED_PRELU(u32, uint32_t)
UNSIGNED_PRELU(u64, uint64_t)

/* x >= 0 on the bits: the sign clear and not a NaN, or a zero of either sign. */
#define FLOAT_PRELU(t, T, SIGN, NAN_TEST)                                                   \
    static T t##_prelu(T x, T slope)                                                        \
    {                                                                                       \
        int at_least_zero = (!(x & SIGN) && !NAN_TEST(x)) || (T)(x & (T)~SIGN) == 0;        \
        return at_least_zero ? x : t##_mul(slope, x);                                       \
    }
FLOAT_PRELU(f16, uint16_t, 0x8000u, F16_NAN)
FLOAT_PRELU(bf16, uint16_t, 0x8000u, BF16_NAN)
FLOAT_PRELU(f32, uint32_t, 0x80000000u, F32_NAN)
FLOAT_PRELU(f64, uint64_t, UINT64_C(0x8000000000000000), F64_NAN)

BINARY_KERNEL(i8, prelu, int8_t)
BINARY_KERNEL(i16, prelu, int16_t)
BINARY_KERNEL(i32, prelu, int32_t)
BINARY_KERNEL(u32, prelu, uint32_t)
BINARY_KERNEL(i64, prelu, int64_t)
BINARY_KERNEL(u64, prelu, uint64_t)
BINARY_KERNEL(f16, prelu, uint16_t)
BINARY_KERNEL(bf16, prelu, uint16_t)
BINARY_KERNEL(f32, prelu, uint32_t)
BINARY_KERNEL(f64, prelu, uint64_t)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernels of f32 and f64: slope * x with the shared NaN lanes (A = the slope),
   then x itself where its sign is clear or it is a zero, unless it is a NaN. */
#define FLOAT_PRELU(w)                                                                      \
    static ALWAYS_INLINE V bin_prelu_f##w(V x, V slope, const kc *c)                        \
    {                                                                                       \
        V p = float_nans##w(slope, x, fromf##w(fmul##w(tof##w(slope), tof##w(x))), c);      \
        V a = vand(x, c->abs);                                                              \
        V r = sel##w(eq##w(vandn(c->abs, x), zero()), x, p);                                \
        r = sel##w(eq##w(a, zero()), x, r);                                                 \
        return sel##w(nan_##w(a, c), p, r);                                                 \
    }
FLOAT_PRELU(32)
FLOAT_PRELU(64)
BINARY_KERNEL(f32, prelu, 4, bin_prelu_f32, setup_f32)
BINARY_KERNEL(f64, prelu, 8, bin_prelu_f64, setup_f64)

/* f16 and bf16 the same way with Multiply's products (bf16_mul_form: the common vector
   rounded at once, any other formed again by bin_mul_bf16); signed integers: the
   wrapping product where x < 0; unsigned ones are x. */
static ALWAYS_INLINE V prelu_16(V x, V p, const kc *c)
{
    V a = vand(x, c->abs);
    V r = sel16(eq16(vandn(c->abs, x), zero()), x, p);
    r = sel16(eq16(a, zero()), x, r);
    return sel16(nan_16(a, c), p, r);
}
static ALWAYS_INLINE V bin_prelu_f16(V x, V slope, const kc *c)
{
    return prelu_16(x, bin_mul_f16(slope, x, c), c);
}
static ALWAYS_INLINE V prelu_bf16_form(V x, V slope, const kc *c, int pair)
{
    return prelu_16(x, bf16_mul_form(slope, x, c, pair), c);
}
static ALWAYS_INLINE V bin_prelu_i8(V x, V slope, const kc *c)
{
    return sel8(ltz8(x), bin_mul_8(slope, x, c), x);
}
static ALWAYS_INLINE V bin_prelu_i16(V x, V slope, const kc *c)
{
    (void)c;
    return sel16(ltz16(x), mul16(slope, x), x);
}
static ALWAYS_INLINE V bin_prelu_i32(V x, V slope, const kc *c)
{
    (void)c;
    return sel32(ltz32(x), mul32(slope, x), x);
}
static ALWAYS_INLINE V bin_prelu_i64(V x, V slope, const kc *c)
{
    (void)c;
    return sel64(ltz64(x), mul64(slope, x), x);
}
/* the unsigned types: no x is below 0 */
static ALWAYS_INLINE V bin_prelu_unsigned(V x, V slope, const kc *c)
{
    (void)slope;
    (void)c;
    return x;
}
BINARY_KERNEL(f16, prelu, 2, bin_prelu_f16, setup_f16)
BF16_FORMS_KERNEL(prelu, prelu_bf16_form)
BINARY_KERNEL(i8, prelu, 1, bin_prelu_i8, setup_none)
BINARY_KERNEL(i16, prelu, 2, bin_prelu_i16, setup_none)
BINARY_KERNEL(i32, prelu, 4, bin_prelu_i32, setup_none)
BINARY_KERNEL(u32, prelu, 4, bin_prelu_unsigned, setup_none)
BINARY_KERNEL(i64, prelu, 8, bin_prelu_i64, setup_none)
BINARY_KERNEL(u64, prelu, 8, bin_prelu_unsigned, setup_none)
#endif

#undef OP
#undef OP_DESC
