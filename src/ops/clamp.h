/* What Threshold and Clip share: the bounds (FLOAT members) converted to the tensor's
   type as Clip's page says (floats: rounded to nearest even, so FLOAT16 and BFLOAT16
   bounds are the type's values; integers: truncated toward zero, saturated to the type,
   and a NaN bound bounds nothing), and max and min on the bits. The pages are silent on
   NaN and -0: the API follows DirectML's GPU max and min (IEEE 754-2019 maximumNumber and
   minimumNumber: a NaN loses to a number, two NaNs give the first made quiet, -0 is below
   +0), and DMLP_EXECUTION_FLAG_NAN_PROPAGATE gives IEEE maximum and minimum (a NaN wins,
   the first before the second, made quiet; -0 still below +0), as Max's. A ScaleBias
   (float types) is applied to x first, as Identity applies it. */

/* DirectML's Clip and Threshold support rows up to 3_0 (Clip adds the 64-bit integers at
   5_0); the extension types and the kernel rows. */
#define CLAMP_SUPPORT                                                                       \
    DMLP_SUPPORT(1_0, 4, 4, (F32, F16))                                                     \
    DMLP_SUPPORT(2_1, 4, 4, (F32, F16, I32, I16, I8, U32, U16, U8))                         \
    DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))
#define CLAMP_KERNELS(op)                                                                   \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_##op, 1, 1, YES, YES)                         \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_##op, 1, 1, YES, YES)                        \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_##op, 2, 2, YES, YES)                       \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_##op, 2, 2, YES, YES)                      \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_##op, 4, 4, YES, YES)                       \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_##op, 4, 4, YES, YES)                      \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_##op, 2, 2, YES, YES)                     \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_##op, 4, 4, YES, YES)                     \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_##op, 8, 8, YES, YES)                     \
    DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_##op, 2, 2, YES, YES)

/* An integer bound: truncated toward zero and saturated to [lo, hi]; *none for a NaN.
   The reference kernels and the fast kernels' setup both read bounds through it (a
   function: not for the readers of the rows, which include the file inside tables). */
#if (!defined(DMLP_OPS_LIST) || defined(DMLP_OPS_VECTOR)) && !defined(DMLP_OPS_CLAMP_BOUND_INT)
#define DMLP_OPS_CLAMP_BOUND_INT 1
#include <stdint.h>
static inline double clamp_bound_int(float p, double lo, double hi, int *none)
{
    *none = p != p;
    if (*none)
        return 0;
    if ((double)p <= lo)
        return lo;
    if ((double)p >= hi)
        return hi;
    return (double)p < 0 ? -(double)(uint64_t)(-(double)p) : (double)(uint64_t)(double)p;
}
#endif

#if !defined(DMLP_OPS_LIST) && !defined(DMLP_OPS_CLAMP_REFERENCE)
#define DMLP_OPS_CLAMP_REFERENCE 1
#include <stdint.h>

#include "kernels/reference.h"
#include "kernels/scale_bias.h"
#include "numeric/fp_convert.h"

/* The floats' picks are Max's and Min's: minmax_pick (ops/minmax.h) on the formats there,
   up (greater) for max, down for min, the first operand first under the NaN rules above. */
#include "ops/minmax.h"

#ifndef DMLP_OPS_CLAMP_NO_CONVERSION /* Clip1's bounds are of the type already */
/* A bound in each float type: float32 as it is, widened exactly for float64, rounded to
   nearest even for the 16-bit types (a NaN keeps its leading payload, made quiet). */
static uint64_t clamp_bound_f16(float p) { return dmlp__f32_to_f16(p); }
static uint64_t clamp_bound_bf16(float p) { return dmlp__f32_to_bf16(p); }
static uint64_t clamp_bound_f32(float p) { return dmlp__f32_bits(p); }
static uint64_t clamp_bound_f64(float p) { return dmlp__f64_bits((double)p); }

#endif

/* x through the ScaleBias when there is one. */
static uint64_t clamp_scaled_f16(uint64_t x, const dmlp__kernel_args *a)
{
    return a->scale_bias ? dmlp__scale_bias_f16((uint16_t)x, a) : x;
}
static uint64_t clamp_scaled_bf16(uint64_t x, const dmlp__kernel_args *a)
{
    return a->scale_bias ? dmlp__scale_bias_bf16((uint16_t)x, a) : x;
}
static uint64_t clamp_scaled_f32(uint64_t x, const dmlp__kernel_args *a)
{
    return a->scale_bias ? dmlp__scale_bias_f32((uint32_t)x, a) : x;
}
static uint64_t clamp_scaled_f64(uint64_t x, const dmlp__kernel_args *a)
{
    return a->scale_bias ? dmlp__scale_bias_f64(x, a) : x;
}
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR) && !defined(DMLP_OPS_CLAMP_VECTOR)
#define DMLP_OPS_CLAMP_VECTOR 1
#include "numeric/fp_convert.h"

/* min from Max's max (ops/max.c, earlier in ops.inc) on negated lanes: the sign bits
   flipped, so -0 below +0 turns the right way and a NaN keeps its payload. */
static ALWAYS_INLINE V clamp_neg32(V x) { return vor(vand(x, set32(0x7fffffffu)), vandn(x, set32(SIGN32))); }
static ALWAYS_INLINE V clamp_neg64(V x, const kc *c)
{
    return vor(vand(x, c->abs), vandn(x, set64(1ull << 63)));
}
static ALWAYS_INLINE V clamp_min32(V a, V b, const kc *c)
{
    return clamp_neg32(bin_max_f32(clamp_neg32(a), clamp_neg32(b), c));
}
static ALWAYS_INLINE V clamp_min64(V a, V b, const kc *c)
{
    return clamp_neg64(bin_max_f64(clamp_neg64(a, c), clamp_neg64(b, c), c), c);
}
static ALWAYS_INLINE V clamp_min16(V a, V b, const kc *c)
{
    V s = set16(0x8000u);
    return vxor(bin_max_f16(vxor(a, s), vxor(b, s), c), s);
}

/* f16 and bf16: the bounds rounded to the type as the reference rounds them, in every
   16-bit lane (p[0] Min, p[1] Max). */
static ALWAYS_INLINE void setup_clamp_f16(kc *c, const dmlp__kernel_args *args)
{
    setup_f16(c, args);
    c->p[0] = set16(dmlp__f32_to_f16(args->param[0]));
    c->p[1] = set16(dmlp__f32_to_f16(args->param[1]));
}
static ALWAYS_INLINE void setup_clamp_bf16(kc *c, const dmlp__kernel_args *args)
{
    setup_bf16(c, args);
    c->p[0] = set16(dmlp__f32_to_bf16(args->param[0]));
    c->p[1] = set16(dmlp__f32_to_bf16(args->param[1]));
}

/* Integers: the bounds truncated and saturated to the type, a NaN bound the type's own
   extreme (it then bounds nothing); min and max in the lane's signedness (unsigned lanes
   as keys with the top bit flipped). The signed ones' min and max also clamp the floats'
   ordering keys (clamp_keysW, below). */
#define CLAMP_INT_SETUP(t, w, LO, HI)                                                       \
    static ALWAYS_INLINE void setup_clamp_##t(kc *c, const dmlp__kernel_args *args)         \
    {                                                                                       \
        int none;                                                                           \
        double low = clamp_bound_int(args->param[0], LO, HI, &none);                        \
        c->p[0] = splat(w, (uint64_t)(int64_t)(none ? (LO) : low));                         \
        double high = clamp_bound_int(args->param[1], LO, HI, &none);                       \
        c->p[1] = splat(w, (uint64_t)(int64_t)(none ? (HI) : high));                        \
    }
#define CLAMP_INT(t, w, LO, HI, KEY)                                                        \
    CLAMP_INT_SETUP(t, w, LO, HI)                                                           \
    static ALWAYS_INLINE V clamp_max_##t(V a, V b) { return sel##w(gt##w(KEY(b), KEY(a)), b, a); } \
    static ALWAYS_INLINE V clamp_min_##t(V a, V b) { return sel##w(gt##w(KEY(a), KEY(b)), b, a); }
#define CLAMP_SIGNED(x) (x)
CLAMP_INT(i8, 8, INT8_MIN, INT8_MAX, CLAMP_SIGNED)
CLAMP_INT(u8, 8, 0, UINT8_MAX, ukey8)
CLAMP_INT_SETUP(i16, 16, INT16_MIN, INT16_MAX) /* signed 16-bit lanes: one instruction */
static ALWAYS_INLINE V clamp_max_i16(V a, V b) { return maxs16(a, b); }
static ALWAYS_INLINE V clamp_min_i16(V a, V b) { return mins16(a, b); }
CLAMP_INT(u16, 16, 0, UINT16_MAX, ukey16)
CLAMP_INT(i32, 32, INT32_MIN, INT32_MAX, CLAMP_SIGNED)
CLAMP_INT(u32, 32, 0, UINT32_MAX, ukey32)
#undef CLAMP_INT
#undef CLAMP_INT_SETUP
#undef CLAMP_SIGNED
/* The 64-bit integers: the bounds converted as the reference converts them (a bound at
   or past the type's greatest value, which binary64 rounds up to 2^63 or 2^64, is that
   value), the compares in the lane's signedness. */
#define CLAMP_INT64(t, T, TMIN, TMAX, GT)                                                   \
    static ALWAYS_INLINE T clamp_bound_##t(float p, T if_none)                              \
    {                                                                                       \
        int none;                                                                           \
        double b = clamp_bound_int(p, (double)(TMIN), (double)(TMAX), &none);               \
        return none ? if_none : b >= (double)(TMAX) ? (TMAX) : (T)b;                        \
    }                                                                                       \
    static ALWAYS_INLINE void setup_clamp_##t(kc *c, const dmlp__kernel_args *args)         \
    {                                                                                       \
        c->p[0] = set64((uint64_t)clamp_bound_##t(args->param[0], TMIN));                   \
        c->p[1] = set64((uint64_t)clamp_bound_##t(args->param[1], TMAX));                   \
    }                                                                                       \
    static ALWAYS_INLINE V clamp_max_##t(V a, V b) { return sel64(GT(b, a), b, a); }        \
    static ALWAYS_INLINE V clamp_min_##t(V a, V b) { return sel64(GT(a, b), b, a); }
CLAMP_INT64(i64, int64_t, INT64_MIN, INT64_MAX, gts64)
CLAMP_INT64(u64, uint64_t, 0, UINT64_MAX, gtu64)
#undef CLAMP_INT64

/* The floats whose bounds are numbers, on ordering keys: a float's bits with the
   magnitude bits flipped where the sign is set order as signed integers as the values
   do, -0 below +0 (fkeyW in vector_kernels.inc; each is its own inverse). With the
   bounds' keys set up once (c->p[0] Min, c->p[1] Max), Clip is a signed max and min of
   keys, Threshold the max alone, and a NaN x takes c->p[2] (what maximumNumber and
   minimumNumber give it: Clip's greater bound, Threshold's Min), or x made quiet where
   NaNs propagate: the reference's result in every case. Against Max's kernel, the form
   without keys, this was 1.2-2.9 x as fast for Clip and 0.6-0.9 x for Threshold on one
   CPU (docs/performance.md), so the core measures both (args->clamp_keys, core/tune.h).
   `upper`: whether Max bounds x (Clip) or not (Threshold). */
#define CLAMP_KEYS(w, MIN, MAX, NAN)                                                        \
    static ALWAYS_INLINE V clamp_keys##w(V x, int upper, const kc *c)                       \
    {                                                                                       \
        V k = fkey##w(x);                                                                   \
        if (upper)                                                                          \
            k = MIN(k, c->p[1]);                                                            \
        k = MAX(k, c->p[0]);                                                                \
        return sel##w(NAN, c->propagate ? vor(x, c->quiet) : c->p[2], fkey##w(k));          \
    }
CLAMP_KEYS(16, clamp_min_i16, clamp_max_i16, nan_16(vand(x, c->abs), c))
CLAMP_KEYS(32, clamp_min_i32, clamp_max_i32, gt32(vand(x, c->abs), c->inf))
CLAMP_KEYS(64, clamp_min_i64, clamp_max_i64, nan_64(vand(x, c->abs), c))
#undef CLAMP_KEYS

/* Bounds that are numbers, Min not -0 and Max not +0, on f32 and f64 lanes: Clip is
   fmax(fmin(x, Max), Min) and Threshold fmax(x, Min) by the ISA's own max and min, the
   bound second. Of two zeros every ISA's rule (fmaxW, fminW) then gives the bound, which
   is the right zero: max(+-0, +0) is +0 and min(+-0, -0) is -0. A NaN x takes p[2], as
   on the keys. Four instructions a vector at AVX-512 against the keys' fourteen. */
#define CLAMP_NATIVE(w)                                                                     \
    static ALWAYS_INLINE V clamp_native##w(V x, int upper, const kc *c)                     \
    {                                                                                       \
        F##w r = upper ? fmin##w(tof##w(x), tof##w(c->p[1])) : tof##w(x);                   \
        r = fmax##w(r, tof##w(c->p[0]));                                                   \
        return sel##w(feq##w(x, x), fromf##w(r), c->propagate ? vor(x, c->quiet) : c->p[2]); \
    }
CLAMP_NATIVE(32)
CLAMP_NATIVE(64)
#undef CLAMP_NATIVE

/* Whether the first `bounds` FLOAT members (Min, and Max for Clip) are numbers. */
static inline int clamp_keyed(const dmlp__kernel_args *args, int bounds)
{
    return args->param[0] == args->param[0] && (bounds < 2 || args->param[1] == args->param[1]);
}
/* Whether they are numbers, Min not -0 and Max not +0 (clamp_native). */
static inline int clamp_native(const dmlp__kernel_args *args, int bounds)
{
    return clamp_keyed(args, bounds) && dmlp__f32_bits(args->param[0]) != 0x80000000u &&
           (bounds < 2 || dmlp__f32_bits(args->param[1]) != 0);
}
/* A bound's bits (w bits, in the type) as a key, and a key as a signed w-bit number. */
static inline uint64_t clamp_key_bits(uint64_t b, int w)
{
    uint64_t sign = 1ull << (w - 1);
    return b & sign ? b ^ (sign - 1) : b;
}
static inline int64_t clamp_key_value(uint64_t key, int w)
{
    uint64_t sign = 1ull << (w - 1);
    return (int64_t)((key ^ sign) - sign);
}
/* The keys of the bounds lo and hi (w bits, in the type) and a NaN x's result, after the
   type's setup; Threshold gives its Min as both, which makes p[2] its Min. */
static ALWAYS_INLINE void setup_keys(kc *c, int w, uint64_t lo, uint64_t hi)
{
    uint64_t klo = clamp_key_bits(lo, w), khi = clamp_key_bits(hi, w);
    c->p[0] = splat(w, klo);
    c->p[1] = splat(w, khi);
    c->p[2] = splat(w, clamp_key_value(khi, w) > clamp_key_value(klo, w) ? hi : lo);
}
/* The bounds themselves for clamp_native, p[2] as for the keys. */
static ALWAYS_INLINE void setup_native(kc *c, int w, uint64_t lo, uint64_t hi)
{
    setup_keys(c, w, lo, hi);
    c->p[0] = splat(w, lo);
    c->p[1] = splat(w, hi);
}
/* Clip's bounds as keys (Threshold's: Max taken as Min, below), and as themselves. */
static ALWAYS_INLINE uint64_t clamp_f64_bits(float p) { return dmlp__f64_bits((double)p); }
#define SETUP_CLAMP(form, t, w, BITS)                                                       \
    static ALWAYS_INLINE void setup_clamp_##form##_##t(kc *c, const dmlp__kernel_args *args) \
    {                                                                                       \
        setup_##t(c, args);                                                                 \
        setup_##form(c, w, BITS(args->param[0]), BITS(args->param[1]));                     \
    }
SETUP_CLAMP(keys, f16, 16, dmlp__f32_to_f16)
SETUP_CLAMP(keys, bf16, 16, dmlp__f32_to_bf16)
SETUP_CLAMP(keys, f32, 32, dmlp__f32_bits)
SETUP_CLAMP(keys, f64, 64, clamp_f64_bits)
SETUP_CLAMP(native, f32, 32, dmlp__f32_bits)
SETUP_CLAMP(native, f64, 64, clamp_f64_bits)
#undef SETUP_CLAMP

/* A float kernel of Clip, Clip1 or Threshold: a ScaleBias to the reference; the ISA's
   max and min (native_blk after native_setup) where NATIVE holds (clamp_native: f32 and
   f64; 0 for the 16-bit types); on the keys (keys_blk after keys_setup) where
   args->clamp_keys says so and KEYED holds (the bounds are numbers); else blk after
   setup. */
#define CLAMP_FLOAT_KERNEL(t, op, S, NATIVE, native_blk, native_setup, KEYED, keys_blk,      \
                           keys_setup, blk, setup)                                          \
    REFERENCE_DECL(t, op);                                                                  \
    UNARY_KERNEL(t, op)                                                                     \
    {                                                                                       \
        if (BY_IDENTITY_FIRST(t, op, S))                                                    \
            return;                                                                         \
        if (NATIVE)                                                                         \
            run_map(n, in, out, args, S, native_blk, native_setup);                         \
        else if (args->clamp_keys && (KEYED))                                               \
            run_map(n, in, out, args, S, keys_blk, keys_setup);                             \
        else                                                                                \
            run_map(n, in, out, args, S, blk, setup);                                       \
    }

#endif
