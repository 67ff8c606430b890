/* ELEMENT_WISE_CLIP1: max(Min, min(x, Max)) in the page's order (docs/operators.md), x
   after the ScaleBias when there is one, as ELEMENT_WISE_CLIP; Min and Max are
   DML_SCALAR_UNION values of the tensor's own type (MinMaxDataType must be the output's
   DataType), so nothing is converted: integers clip by integer bounds exactly, 64-bit
   ones included. Floats take Clip's rules: DirectML's GPU min and max (a NaN loses, -0
   below +0), or with DMLP_EXECUTION_FLAG_NAN_PROPAGATE IEEE minimum and maximum (a NaN
   wins). Min above Max gives Min. */
#include "ops/op.h"
#ifndef DMLP_OPS_LIST
#define DMLP_OPS_CLAMP_NO_CONVERSION 1 /* the bounds are of the tensor's type already */
#endif
#include "ops/clamp.h"

#define OP DML_OPERATOR_ELEMENT_WISE_CLIP1
#define OP_DESC DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_CLIP1, clip1, clip1, NULL, DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  clip1     ELEMENT_WISE_CLIP1: max(min, min(x, max)) with the bounds in x's type\n"
        "            (--min, default -inf or the type's lowest; --max, default inf or its\n"
        "            highest; integers exact; --scale, --bias and --nan as for clip)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias), DMLP_FIELD(SCALAR_TYPE, MinMaxDataType),
        DMLP_FIELD_DEFAULT(SCALAR, Min, -__builtin_inff()),
        DMLP_FIELD_DEFAULT(SCALAR, Max, __builtin_inff()))

DMLP_SUPPORT(5_0, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))
DMLP_EXTENSION_TYPES((F64, BF16))

CLAMP_KERNELS(clip1)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_clip1, 8, 8, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_clip1, 8, 8, YES, YES)

#ifndef DMLP_OPS_LIST
/* Floats: Clip's picks (ops/clamp.h) with the bounds' bits as they are. */
#define FLOAT_CLIP1(t, T)                                                                   \
    static T t##_clip1_one(uint64_t x, const dmlp__kernel_args *args)                       \
    {                                                                                       \
        uint64_t u = minmax_pick(clamp_scaled_##t(x, args), args->scalar[1], &t##_format,   \
                                 args->nan_propagate, 0);                                   \
        return (T)minmax_pick(args->scalar[0], u, &t##_format, args->nan_propagate, 1);     \
    }                                                                                       \
    DMLP__REFERENCE_MAP(t##_clip1, T, T, t##_clip1_one(x, args))
FLOAT_CLIP1(f16, uint16_t)
FLOAT_CLIP1(bf16, uint16_t)
FLOAT_CLIP1(f32, uint32_t)
FLOAT_CLIP1(f64, uint64_t)

/* Integers: min with Max, then max with Min, in the type's signedness. */
#define INT_CLIP1(t, T)                                                                     \
    static T t##_clip1_one(T x, const dmlp__kernel_args *args)                              \
    {                                                                                       \
        T low = (T)args->scalar[0], high = (T)args->scalar[1];                              \
        T u = x < high ? x : high;                                                          \
        return u > low ? u : low;                                                           \
    }                                                                                       \
    DMLP__REFERENCE_MAP(t##_clip1, T, T, t##_clip1_one(x, args))
INT_CLIP1(i8, int8_t)
INT_CLIP1(i16, int16_t)
INT_CLIP1(i32, int32_t)
INT_CLIP1(i64, int64_t)
INT_CLIP1(u8, uint8_t)
INT_CLIP1(u16, uint16_t)
INT_CLIP1(u32, uint32_t)
INT_CLIP1(u64, uint64_t)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* Clip's element operations (ops/clip.c, ops/clamp.h) with the bounds from args->scalar
   in the type's width. */
static ALWAYS_INLINE void setup_scalars_f32(kc *c, const dmlp__kernel_args *args)
{
    setup_f32(c, args);
    c->p[0] = set32((uint32_t)args->scalar[0]);
    c->p[1] = set32((uint32_t)args->scalar[1]);
}
static ALWAYS_INLINE void setup_scalars_f64(kc *c, const dmlp__kernel_args *args)
{
    setup_f64(c, args);
    c->p[0] = set64(args->scalar[0]);
    c->p[1] = set64(args->scalar[1]);
}

/* Bounds that are numbers (their bits in the type: the magnitude at most the infinity's)
   by the ISA's min and max where Min is not -0 and Max not +0 (f32 and f64: clamp_native,
   ops/clamp.h), else on Clip's keys where args->clamp_keys says so, else Clip's blocks.
   SIGN is the type's sign bit, NATIVE 1 where the type has the native form (native_blk;
   the 16-bit types pass 0 and their blk). */
#define CLIP1_FLOAT_KERNEL(t, S, w, ABS, INF, SIGN, NATIVE, native_blk, blk)                \
    static ALWAYS_INLINE void setup_clip1_keys_##t(kc *c, const dmlp__kernel_args *args)    \
    {                                                                                       \
        setup_##t(c, args);                                                                 \
        setup_keys(c, w, args->scalar[0], args->scalar[1]);                                 \
    }                                                                                       \
    static ALWAYS_INLINE void setup_clip1_native_##t(kc *c, const dmlp__kernel_args *args)  \
    {                                                                                       \
        setup_##t(c, args);                                                                 \
        setup_native(c, w, args->scalar[0], args->scalar[1]);                               \
    }                                                                                       \
    MAP_BLOCK(blk_clip1_keys_##t, clamp_keys##w(x, 1, c))                                   \
    CLAMP_FLOAT_KERNEL(t, clip1, S,                                                         \
                       (NATIVE) && clip1_numbers(args, ABS, INF) &&                         \
                           args->scalar[0] != (SIGN) && args->scalar[1] != 0,               \
                       native_blk, setup_clip1_native_##t,                                  \
                       clip1_numbers(args, ABS, INF), blk_clip1_keys_##t,                   \
                       setup_clip1_keys_##t, blk, setup_scalars_##t)
static inline int clip1_numbers(const dmlp__kernel_args *args, uint64_t abs, uint64_t inf)
{
    return (args->scalar[0] & abs) <= inf && (args->scalar[1] & abs) <= inf;
}
CLIP1_FLOAT_KERNEL(f32, 4, 32, 0x7fffffffu, 0x7f800000u, 0x80000000u, 1, blk_clip_native_f32,
                   blk_clip_f32)
CLIP1_FLOAT_KERNEL(f64, 8, 64, 0x7fffffffffffffffu, 0x7ff0000000000000u, 1ull << 63, 1,
                   blk_clip_native_f64, blk_clip_f64)

/* f16, bf16 and the integers: Clip's blocks with the bounds' bits
   in every lane of the type's width. */
#define CLIP1_SETUP(t, w, SETUP)                                                            \
    static ALWAYS_INLINE void setup_scalars_##t(kc *c, const dmlp__kernel_args *args)       \
    {                                                                                       \
        SETUP(c, args);                                                                     \
        c->p[0] = splat(w, args->scalar[0]);                                                \
        c->p[1] = splat(w, args->scalar[1]);                                                \
    }
CLIP1_SETUP(f16, 16, setup_f16)
CLIP1_SETUP(bf16, 16, setup_bf16)
CLIP1_SETUP(i8, 8, setup_none)
CLIP1_SETUP(u8, 8, setup_none)
CLIP1_SETUP(i16, 16, setup_none)
CLIP1_SETUP(u16, 16, setup_none)
CLIP1_SETUP(i32, 32, setup_none)
CLIP1_SETUP(u32, 32, setup_none)
CLIP1_SETUP(i64, 64, setup_none)
CLIP1_SETUP(u64, 64, setup_none)
#undef CLIP1_SETUP
CLIP1_FLOAT_KERNEL(f16, 2, 16, 0x7fffu, 0x7c00u, 0x8000u, 0, blk_clip_f16, blk_clip_f16)
CLIP1_FLOAT_KERNEL(bf16, 2, 16, 0x7fffu, 0x7f80u, 0x8000u, 0, blk_clip_f16, blk_clip_f16)
#undef CLIP1_FLOAT_KERNEL
MAP_KERNEL(i8, clip1, 1, blk_clip_i8, setup_scalars_i8)
MAP_KERNEL(u8, clip1, 1, blk_clip_u8, setup_scalars_u8)
MAP_KERNEL(i16, clip1, 2, blk_clip_i16, setup_scalars_i16)
MAP_KERNEL(u16, clip1, 2, blk_clip_u16, setup_scalars_u16)
MAP_KERNEL(i32, clip1, 4, blk_clip_i32, setup_scalars_i32)
MAP_KERNEL(u32, clip1, 4, blk_clip_u32, setup_scalars_u32)
MAP_KERNEL(i64, clip1, 8, blk_clip_i64, setup_scalars_i64)
MAP_KERNEL(u64, clip1, 8, blk_clip_u64, setup_scalars_u64)
#endif

#undef OP
#undef OP_DESC
