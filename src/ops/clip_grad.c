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

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_clipgrad, 1, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_clipgrad, 1, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_clipgrad, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_clipgrad, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_clipgrad, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_clipgrad, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_clipgrad, 8, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_clipgrad, 8, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_clipgrad, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_clipgrad, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_clipgrad, 8, YES, YES)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_clipgrad, 2, YES, YES)

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

/* The 8-, 16- and 32-bit integers, f16 and bf16: the bounds become two keys of the lanes'
   width once per call, A and B, and the gradient is cut where key(x) < A (x <= Min) or
   key(x) > B (x >= Max). The keys: integers' own values (unsigned ones with the top bit
   flipped, ukeyW), 16-bit floats' key16 (both zeros 0, the order the values'), whose NaN
   lanes pass the gradient. A bound that cuts every x sets A to the largest key and B to
   the smallest: each x is below one or above the other. ClipGrad1 (ops/clip_grad1.c)
   sets A and B from its bounds of the type. */
#include "numeric/fp_convert.h"
#include "ops/clip_grad.h"

#define CLIPGRAD_INT(t, w, KEY)                                                             \
    static ALWAYS_INLINE V bin_clipgrad_##t(V x, V grad, const kc *c)                       \
    {                                                                                       \
        V k = KEY;                                                                          \
        V r = sel##w(gt##w(c->p[0], k), zero(), grad);                                      \
        return sel##w(gt##w(k, c->p[1]), zero(), r);                                        \
    }
CLIPGRAD_INT(i8, 8, x)
CLIPGRAD_INT(u8, 8, ukey8(x))
CLIPGRAD_INT(i16, 16, x)
CLIPGRAD_INT(u16, 16, ukey16(x))
CLIPGRAD_INT(i32, 32, x)
CLIPGRAD_INT(u32, 32, ukey32(x))
#undef CLIPGRAD_INT
/* The 64-bit integers: A and B in the type itself, compared in its signedness. */
#define CLIPGRAD_WIDE(t, GT)                                                                \
    static ALWAYS_INLINE V bin_clipgrad_##t(V x, V grad, const kc *c)                       \
    {                                                                                       \
        V r = sel64(GT(c->p[0], x), zero(), grad);                                          \
        return sel64(GT(x, c->p[1]), zero(), r);                                            \
    }
CLIPGRAD_WIDE(i64, gts64)
CLIPGRAD_WIDE(u64, gtu64)
#undef CLIPGRAD_WIDE
static ALWAYS_INLINE V bin_clipgrad_h16(V x, V grad, const kc *c)
{
    V k = key16(x, c);
    V r = sel16(gt16(c->p[0], k), zero(), grad);
    r = sel16(gt16(k, c->p[1]), zero(), r);
    return sel16(nan_16(vand(x, c->abs), c), grad, r);
}

/* A and B of w-bit lanes from integers of [lo, hi] (`all`: every x is cut); unsigned
   types' keys are the values less 2^(w-1). */
static ALWAYS_INLINE void clipgrad_keys(kc *c, int w, int is_unsigned, int64_t lo, int64_t hi,
                                        int64_t a, int64_t b, int all)
{
    int64_t bias = is_unsigned ? (int64_t)1 << (w - 1) : 0;
    c->p[0] = splat(w, (uint64_t)((all ? hi : a) - bias));
    c->p[1] = splat(w, (uint64_t)((all ? lo : b) - bias));
}

/* An integer type's A and B from FLOAT bounds: x <= p0 is x < floor(p0) + 1, x >= p1 is
   x > ceil(p1) - 1; a NaN bound, or one past the type's far end, cuts nothing there. */
static ALWAYS_INLINE void setup_clipgrad_int(kc *c, const dmlp__kernel_args *args, int w,
                                             int is_unsigned, int64_t lo, int64_t hi)
{
    float p0 = args->param[0], p1 = args->param[1];
    int64_t a = lo, b = hi;
    int all = 0;
    if (p0 == p0 && (double)p0 >= (double)hi)
        all = 1;
    else if (p0 == p0 && (double)p0 >= (double)lo)
        a = clipgrad_floor(p0) + 1;
    if (p1 == p1 && (double)p1 <= (double)lo)
        all = 1;
    else if (p1 == p1 && (double)p1 <= (double)hi)
        b = clipgrad_ceil(p1) - 1;
    clipgrad_keys(c, w, is_unsigned, lo, hi, a, b, all);
}
#define CLIPGRAD_INT_SETUP(t, w, U, LO, HI)                                                 \
    static ALWAYS_INLINE void setup_clipgrad_##t(kc *c, const dmlp__kernel_args *args)      \
    {                                                                                       \
        setup_clipgrad_int(c, args, w, U, LO, HI);                                          \
    }
CLIPGRAD_INT_SETUP(i8, 8, 0, INT8_MIN, INT8_MAX)
CLIPGRAD_INT_SETUP(u8, 8, 1, 0, UINT8_MAX)
CLIPGRAD_INT_SETUP(i16, 16, 0, INT16_MIN, INT16_MAX)
CLIPGRAD_INT_SETUP(u16, 16, 1, 0, UINT16_MAX)
CLIPGRAD_INT_SETUP(i32, 32, 0, INT32_MIN, INT32_MAX)
CLIPGRAD_INT_SETUP(u32, 32, 1, 0, UINT32_MAX)
#undef CLIPGRAD_INT_SETUP
/* The 64-bit integers, by the reference's own tests (ops/clip_grad.h), each true up to
   or from one x: a bound that cuts at the type's far end cuts every x, one that cuts
   nothing at its near end nothing; else a is the last x cut by Min plus 1, b the first
   x cut by Max less 1, neither past the type. x < a or x > b is cut: every x where a is
   the type's greatest value and b its least. */
#define CLIPGRAD_WIDE_SETUP(t, T, LO, HI, LAST_AT_MOST, FIRST_AT_LEAST)                     \
    static ALWAYS_INLINE void setup_clipgrad_##t(kc *c, const dmlp__kernel_args *args)      \
    {                                                                                       \
        float p0 = args->param[0], p1 = args->param[1];                                     \
        int all = clipgrad_##t##_at_most(HI, p0) || clipgrad_##t##_at_least(LO, p1);        \
        T a = all ? (T)(HI)                                                                 \
                  : !clipgrad_##t##_at_most(LO, p0) ? (T)(LO) : (T)((LAST_AT_MOST) + 1);    \
        T b = all ? (T)(LO)                                                                 \
                  : !clipgrad_##t##_at_least(HI, p1) ? (T)(HI) : (T)((FIRST_AT_LEAST) - 1); \
        c->p[0] = set64((uint64_t)a);                                                       \
        c->p[1] = set64((uint64_t)b);                                                       \
    }
CLIPGRAD_WIDE_SETUP(i64, int64_t, INT64_MIN, INT64_MAX, clipgrad_floor(p0), clipgrad_ceil(p1))
CLIPGRAD_WIDE_SETUP(u64, uint64_t, 0, UINT64_MAX, (uint64_t)p0,
                    (float)(uint64_t)p1 < p1 ? (uint64_t)p1 + 1 : (uint64_t)p1)
#undef CLIPGRAD_WIDE_SETUP

/* A 16-bit float's key of bits h, and the value of a key, exactly in f32. */
static inline int32_t half_key(uint16_t h)
{
    return h & 0x8000u ? -(int32_t)(h & 0x7fffu) : (int32_t)(h & 0x7fffu);
}
static inline float half_value(int32_t k, int bf16)
{
    uint16_t h = (uint16_t)(k >= 0 ? k : 0x8000 | -k);
    return bf16 ? dmlp__bf16_to_f32(h) : dmlp__f16_to_f32(h);
}
/* The key of the greatest value <= p (up: the least value >= p) of the format, p no NaN:
   a search of the keys from -inf's to +inf's, which order as their values. */
static inline int32_t half_bound_key(float p, int bf16, int up)
{
    int32_t lo = -half_key(bf16 ? 0x7f80u : 0x7c00u), hi = -lo;
    while (lo < hi) {
        if (up) {
            int32_t mid = lo + (hi - lo) / 2;
            if (half_value(mid, bf16) >= p)
                hi = mid;
            else
                lo = mid + 1;
        } else {
            int32_t mid = lo + (hi - lo + 1) / 2;
            if (half_value(mid, bf16) <= p)
                lo = mid;
            else
                hi = mid - 1;
        }
    }
    return lo;
}
/* A and B of f16 and bf16 from FLOAT bounds: x <= p0 is key(x) < key(floor(p0)) + 1, in
   the format; x >= p1 is key(x) > key(ceil(p1)) - 1. A NaN bound cuts nothing: A below
   -inf's key, B above +inf's (NaN lanes are set apart). */
static ALWAYS_INLINE void setup_clipgrad_half(kc *c, const dmlp__kernel_args *args, int bf16)
{
    int32_t inf = half_key(bf16 ? 0x7f80u : 0x7c00u);
    float p0 = args->param[0], p1 = args->param[1];
    int32_t a = p0 == p0 ? half_bound_key(p0, bf16, 0) + 1 : -inf;
    int32_t b = p1 == p1 ? half_bound_key(p1, bf16, 1) - 1 : inf;
    c->p[0] = set16((uint16_t)a);
    c->p[1] = set16((uint16_t)b);
}
/* setup_<name>_f16 and _bf16: the format's constants, then the bound keys that `keys`
   sets (ClipGrad's from FLOAT bounds, ClipGrad1's from bounds in the tensor's type). */
#define CLIPGRAD_HALF_SETUPS(name, keys)                                                    \
    static ALWAYS_INLINE void setup_##name##_f16(kc *c, const dmlp__kernel_args *args)     \
    {                                                                                       \
        setup_f16(c, args);                                                                 \
        keys(c, args, 0);                                                                   \
    }                                                                                       \
    static ALWAYS_INLINE void setup_##name##_bf16(kc *c, const dmlp__kernel_args *args)    \
    {                                                                                       \
        setup_bf16(c, args);                                                                \
        keys(c, args, 1);                                                                   \
    }
CLIPGRAD_HALF_SETUPS(clipgrad, setup_clipgrad_half)

BINARY_KERNEL(i8, clipgrad, 1, bin_clipgrad_i8, setup_clipgrad_i8)
BINARY_KERNEL(u8, clipgrad, 1, bin_clipgrad_u8, setup_clipgrad_u8)
BINARY_KERNEL(i16, clipgrad, 2, bin_clipgrad_i16, setup_clipgrad_i16)
BINARY_KERNEL(u16, clipgrad, 2, bin_clipgrad_u16, setup_clipgrad_u16)
BINARY_KERNEL(i32, clipgrad, 4, bin_clipgrad_i32, setup_clipgrad_i32)
BINARY_KERNEL(u32, clipgrad, 4, bin_clipgrad_u32, setup_clipgrad_u32)
BINARY_KERNEL(i64, clipgrad, 8, bin_clipgrad_i64, setup_clipgrad_i64)
BINARY_KERNEL(u64, clipgrad, 8, bin_clipgrad_u64, setup_clipgrad_u64)
BINARY_KERNEL(f16, clipgrad, 2, bin_clipgrad_h16, setup_clipgrad_f16)
BINARY_KERNEL(bf16, clipgrad, 2, bin_clipgrad_h16, setup_clipgrad_bf16)
#endif

#undef OP
#undef OP_DESC
