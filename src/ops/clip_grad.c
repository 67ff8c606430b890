/* ELEMENT_WISE_CLIP_GRAD: the gradient of Clip (docs/operators.md): 0 where x <= Min or
   x >= Max, else the incoming gradient, bit for bit. The page's comparisons are made on
   exact values: a float element widened exactly (FLOAT16, BFLOAT16 to binary32; FLOAT64
   against Min and Max widened to binary64), an integer element against the FLOAT bound
   as numbers (no truncation: the page, unlike Clip's, converts nothing). A NaN on either
   side makes both comparisons false, so a NaN x, or a NaN bound, lets the gradient
   through; -0 equals +0. The zero is +0 for float types. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD
#define OP_DESC DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_CLIP_GRAD, clipgrad, clip_grad, NULL, DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  clipgrad  ELEMENT_WISE_CLIP_GRAD: 0 where x <= min or x >= max, else the gradient\n"
        "            (the second input; --min, default -inf; --max, default inf)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(INPUT, InputGradientTensor),
        DMLP_FIELD(OUTPUT, OutputGradientTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Min, -__builtin_inff()),
        DMLP_FIELD_DEFAULT(FLOAT, Max, __builtin_inff()))

DMLP_SUPPORT(3_1, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))
DMLP_SUPPORT(5_0, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_clipgrad, 1, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_clipgrad, 1, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_clipgrad, 2, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_clipgrad, 2, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_clipgrad, 4, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_clipgrad, 4, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_clipgrad, 8, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_clipgrad, 8, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_clipgrad, 2, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_clipgrad, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_clipgrad, 8, YES, YES)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_clipgrad, 2, NO, NO)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"
#include "ops/clip_grad.h"

/* Integers up to 32 bits and every float widened: exact in binary64. */
#define CLIPGRAD_EXACT(t, T, VALUE, ZERO)                                                   \
    static T t##_clipgrad(T x, T grad, const dmlp__kernel_args *args)                       \
    {                                                                                       \
        double v = VALUE;                                                                   \
        int cut = v <= (double)args->param[0] || v >= (double)args->param[1];               \
        return cut ? (T)ZERO : grad;                                                        \
    }
CLIPGRAD_EXACT(i8, int8_t, (double)x, 0)
CLIPGRAD_EXACT(u8, uint8_t, (double)x, 0)
CLIPGRAD_EXACT(i16, int16_t, (double)x, 0)
CLIPGRAD_EXACT(u16, uint16_t, (double)x, 0)
CLIPGRAD_EXACT(i32, int32_t, (double)x, 0)
CLIPGRAD_EXACT(u32, uint32_t, (double)x, 0)
CLIPGRAD_EXACT(f16, uint16_t, (double)dmlp__f16_to_f32(x), 0)
CLIPGRAD_EXACT(bf16, uint16_t, (double)dmlp__bf16_to_f32(x), 0)
CLIPGRAD_EXACT(f32, uint32_t, (double)dmlp__f32_from_bits(x), 0)
CLIPGRAD_EXACT(f64, uint64_t, dmlp__f64_from_bits(x), 0)

/* 64-bit integers against a float bound as numbers (ops/clip_grad.h). */
static int64_t i64_clipgrad(int64_t x, int64_t grad, const dmlp__kernel_args *args)
{
    int cut = clipgrad_i64_at_most(x, args->param[0]) || clipgrad_i64_at_least(x, args->param[1]);
    return cut ? 0 : grad;
}
static uint64_t u64_clipgrad(uint64_t x, uint64_t grad, const dmlp__kernel_args *args)
{
    int cut = clipgrad_u64_at_most(x, args->param[0]) || clipgrad_u64_at_least(x, args->param[1]);
    return cut ? 0 : grad;
}

BINARY_KERNEL_ARGS(i8, clipgrad, int8_t)
BINARY_KERNEL_ARGS(u8, clipgrad, uint8_t)
BINARY_KERNEL_ARGS(i16, clipgrad, int16_t)
BINARY_KERNEL_ARGS(u16, clipgrad, uint16_t)
BINARY_KERNEL_ARGS(i32, clipgrad, int32_t)
BINARY_KERNEL_ARGS(u32, clipgrad, uint32_t)
BINARY_KERNEL_ARGS(i64, clipgrad, int64_t)
BINARY_KERNEL_ARGS(u64, clipgrad, uint64_t)
BINARY_KERNEL_ARGS(f16, clipgrad, uint16_t)
BINARY_KERNEL_ARGS(bf16, clipgrad, uint16_t)
BINARY_KERNEL_ARGS(f32, clipgrad, uint32_t)
BINARY_KERNEL_ARGS(f64, clipgrad, uint64_t)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* f32 and f64: the two IEEE compares against the bounds (c->p, in the type's width),
   false on a NaN; the gradient's bits or +0. */
static ALWAYS_INLINE V bin_clipgrad_f32(V x, V grad, const kc *c)
{
    V r = sel32(fge32(c->p[0], x), zero(), grad);
    return sel32(fge32(x, c->p[1]), zero(), r);
}
static ALWAYS_INLINE V bin_clipgrad_f64(V x, V grad, const kc *c)
{
    V r = sel64(fge64(c->p[0], x), zero(), grad);
    return sel64(fge64(x, c->p[1]), zero(), r);
}
BINARY_KERNEL(f32, clipgrad, 4, bin_clipgrad_f32, setup_f32)
BINARY_KERNEL(f64, clipgrad, 8, bin_clipgrad_f64, setup_f64)
#endif

#undef OP
#undef OP_DESC
