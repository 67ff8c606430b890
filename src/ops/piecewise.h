/* What the operators with FLOAT members share (LeakyRelu, Linear, ThresholdedRelu,
   HardSigmoid, Shrink, HardSwish): the kernel rows of the float types, the reference
   kernels made from one element function in binary32 and one in binary64, and the fast
   kernels made from one element function on f32 lanes and one on f64 lanes.

   The rule every one of them follows (docs/operators.md): f16 and bf16 widen exactly to
   f32, the formula is evaluated in f32 in the page's order (each operation rounded to
   nearest even; the FLOAT members are f32 already), and the result is rounded once to
   the type; f64 evaluates in binary64 with the members widened exactly. A NaN result is
   the input made quiet (sign and payload kept) when the input is a NaN, else the type's
   positive default NaN, so no CPU's own NaN choice reaches the output.

   Included by an operator file after op.h; each part is guarded for the translation
   unit it is compiled in (the reference part once per operator file, the vector part
   once in each ISA's template). */

/* The kernel rows of the four float types, fast (YES) on every ISA; f16 is fast where
   the ISA's conversions are exact for infinities and NaNs (isa_f16_convert_exact: F16C,
   NEON) and runs the reference on SSE2, whose widening is for finite values only. */
#define PIECEWISE_KERNELS(op)                                                               \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_##op, 2, 2, YES, YES)                     \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_##op, 4, 4, YES, YES)                     \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_##op, 8, 8, YES, YES)                     \
    DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_##op, 2, 2, YES, YES)

/* Graphs run op inside a chain kernel as map: its element functions (PIECEWISE_VECTOR),
   f16's by chain_##op##_f16 (below). */
#define PIECEWISE_CHAIN(op, map)                                                            \
    DMLP_CHAIN(map)                                                                         \
    DMLP_CHAIN_MAP(f16, map, chain_##op##_f16, setup_f16)                                   \
    DMLP_CHAIN_MAP(bf16, map, blk_##op##_bf16, setup_bf16)                                  \
    DMLP_CHAIN_MAP(f32, map, blk_##op##_f32, setup_f32)                                     \
    DMLP_CHAIN_MAP(f64, map, blk_##op##_f64, setup_f64)

#if !defined(DMLP_OPS_LIST) && !defined(DMLP_OPS_PIECEWISE_REFERENCE)
#define DMLP_OPS_PIECEWISE_REFERENCE 1
#include "kernels/reference.h"
#include "numeric/fp_convert.h"
#include "platform/compiler.h"

DMLP__FP_CONTRACT_OFF

/* A result in f32 bits with the NaN rule, for an input x (f32 bits). */
static inline uint32_t piecewise_nan32(uint32_t x, uint32_t r)
{
    if ((r & 0x7fffffffu) <= 0x7f800000u)
        return r;
    return (x & 0x7fffffffu) > 0x7f800000u ? x | 0x00400000u : 0x7fc00000u;
}

static inline uint64_t piecewise_nan64(uint64_t x, uint64_t r)
{
    if ((r & 0x7fffffffffffffffu) <= 0x7ff0000000000000u)
        return r;
    return (x & 0x7fffffffffffffffu) > 0x7ff0000000000000u ? x | 0x0008000000000000u
                                                          : 0x7ff8000000000000u;
}

/* The reference kernels of op from op##_f32(float, args) and op##_f64(double, args),
   which see every input (NaN too) and answer with the formula. f16 and bf16 keep their
   own NaN: a NaN result of a NaN input is the input made quiet in its own format. */
#define PIECEWISE_REFERENCE(op)                                                             \
    static uint32_t op##_bits32(uint32_t x, const dmlp__kernel_args *args)                  \
    {                                                                                       \
        return piecewise_nan32(x, dmlp__f32_bits(op##_f32(dmlp__f32_from_bits(x), args))); \
    }                                                                                       \
    static uint64_t op##_bits64(uint64_t x, const dmlp__kernel_args *args)                  \
    {                                                                                       \
        return piecewise_nan64(x, dmlp__f64_bits(op##_f64(dmlp__f64_from_bits(x), args))); \
    }                                                                                       \
    static uint16_t op##_bits16(uint16_t x, const dmlp__kernel_args *args)                  \
    {                                                                                       \
        uint32_t r = dmlp__f32_bits(op##_f32(dmlp__f16_to_f32(x), args));                   \
        if ((r & 0x7fffffffu) <= 0x7f800000u)                                               \
            return dmlp__f32_to_f16(dmlp__f32_from_bits(r));                                \
        return (x & 0x7fffu) > 0x7c00u ? (uint16_t)(x | 0x0200u) : 0x7e00u;                 \
    }                                                                                       \
    static uint16_t op##_bitsb16(uint16_t x, const dmlp__kernel_args *args)                 \
    {                                                                                       \
        uint32_t r = dmlp__f32_bits(op##_f32(dmlp__bf16_to_f32(x), args));                  \
        if ((r & 0x7fffffffu) <= 0x7f800000u)                                               \
            return dmlp__f32_to_bf16(dmlp__f32_from_bits(r));                               \
        return (x & 0x7fffu) > 0x7f80u ? (uint16_t)(x | 0x0040u) : 0x7fc0u;                 \
    }                                                                                       \
    DMLP__REFERENCE_MAP(f16_##op, uint16_t, uint16_t, op##_bits16(x, args))                 \
    DMLP__REFERENCE_MAP(bf16_##op, uint16_t, uint16_t, op##_bitsb16(x, args))               \
    DMLP__REFERENCE_MAP(f32_##op, uint32_t, uint32_t, op##_bits32(x, args))                 \
    DMLP__REFERENCE_MAP(f64_##op, uint64_t, uint64_t, op##_bits64(x, args))

/* x > y and the clamps, as IEEE compares them (false with a NaN). */
static inline int piecewise_isnan32(float x) { return x != x; }
static inline int piecewise_isnan64(double x) { return x != x; }
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR) && !defined(DMLP_OPS_PIECEWISE_VECTOR)
#define DMLP_OPS_PIECEWISE_VECTOR 1
/* The NaN rule on f32 lanes: r's NaN lanes take x made quiet where x is a NaN, else the
   default NaN (bf16 widened by a shift keeps its NaN, so this serves it too). Most
   vectors hold no NaN result and skip the fix (a branch once per vector: on a Zen 4 in
   cache, LeakyRelu f32 67 -> 81 GB/s, Linear 94 -> 117, Shrink 72 -> 82). */
static ALWAYS_INLINE V pw_nan32(V x, V r)
{
    V inf = set32(0x7f800000u), abs = set32(0x7fffffffu);
    M32 bad = gt32(vand(r, abs), inf);
    if (__builtin_expect(!any32(bad), 1))
        return r;
    V fixed = sel32(gt32(vand(x, abs), inf), vor(x, set32(0x00400000u)), set32(0x7fc00000u));
    return sel32(bad, fixed, r);
}
static ALWAYS_INLINE V pw_nan64(V x, V r, const kc *c)
{
    M64 bad = nan_64(vand(r, c->abs), c);
    if (__builtin_expect(!any64(bad), 1))
        return r;
    V fixed = sel64(nan_64(vand(x, c->abs), c), vor(x, c->quiet), c->dnan);
    return sel64(bad, fixed, r);
}

/* Lanes where x > y as IEEE compares them: false with a NaN and for a pair of zeros. */
static ALWAYS_INLINE M32 pw_gt32(F32 x, F32 y) { return fgt32(fromf32(x), fromf32(y)); }
static ALWAYS_INLINE M64 pw_gt64(F64 x, F64 y) { return fgt64(fromf64(x), fromf64(y)); }

/* The fast kernels of op from op##_v32(V x, const kc *c) (x: f32 bits, the result's f32
   bits) and op##_v64 (f64); bf16 runs the f32 function on its even and odd elements
   widened by shifts and narrows by rounding on the bits; f16 widens and narrows by the
   ISA's conversions, which keep a NaN's sign and payload and round past f16's range to
   infinity, so the NaN rule applied in f32 carries over. Both narrowings keep a NaN a
   NaN and make none of a number, so the 16-bit result is tested for NaNs once, and only
   a vector that holds one is computed again with the rule on each half. A chain's f16
   map is the same choice for one vector: where the conversions are not exact, the
   reference kernel on its elements with the map's arguments (kc.args).
   PIECEWISE_VECTOR_NAN(op, NAN_POSSIBLE): NAN_POSSIBLE, an expression of c, is 0 where
   op's function never returns a NaN (ThresholdedRelu's x > Alpha ? x : 0; HardSigmoid's
   clamp but under NAN_PROPAGATE), which then skips the NaN rule altogether. */
#define PIECEWISE_VECTOR(op) PIECEWISE_VECTOR_NAN(op, 1)
#define PIECEWISE_VECTOR_NAN(op, NAN_POSSIBLE)                                              \
    static ALWAYS_INLINE V blk_##op##_f16(V x, const kc *c)                                 \
    {                                                                                       \
        V lo = fromf32(h2f_lo(x)), hi = fromf32(h2f_hi(x));                                 \
        V r = f2h(tof32(op##_v32(lo, c)), tof32(op##_v32(hi, c)));                          \
        if (!(NAN_POSSIBLE) || __builtin_expect(!any16(nan_16(vand(r, c->abs), c)), 1))     \
            return r;                                                                       \
        return f2h(tof32(pw_nan32(lo, op##_v32(lo, c))), tof32(pw_nan32(hi, op##_v32(hi, c)))); \
    }                                                                                       \
    REFERENCE_DECL(f16, op);                                                                \
    UNARY_KERNEL(f16, op)                                                                   \
    {                                                                                       \
        if (isa_f16_convert_exact)                                                          \
            run_map(n, in, out, args, 2, blk_##op##_f16, setup_f16);                        \
        else                                                                                \
            REFERENCE(f16, op)(n, in, out, args);                                           \
    }                                                                                       \
    static ALWAYS_INLINE V chain_##op##_f16(V x, const kc *c)                               \
    {                                                                                       \
        if (isa_f16_convert_exact)                                                          \
            return blk_##op##_f16(x, c);                                                    \
        unsigned char b[VB];                                                                \
        st(b, x);                                                                           \
        REFERENCE(f16, op)(VB / 2, b, b, c->args);                                          \
        return ld(b);                                                                       \
    }                                                                                       \
    MAP_BLOCK(blk_##op##_f32, (NAN_POSSIBLE) ? pw_nan32(x, op##_v32(x, c)) : op##_v32(x, c)) \
    MAP_BLOCK(blk_##op##_f64,                                                               \
              (NAN_POSSIBLE) ? pw_nan64(x, op##_v64(x, c), c) : op##_v64(x, c))             \
    static ALWAYS_INLINE V blk_##op##_bf16(V x, const kc *c)                                \
    {                                                                                       \
        V even = fromf32(bf_even(x)), odd = fromf32(bf_odd(x));                             \
        V r = bf_narrow(tof32(op##_v32(even, c)), tof32(op##_v32(odd, c)));                 \
        if (!(NAN_POSSIBLE) || __builtin_expect(!any16(nan_16(vand(r, c->abs), c)), 1))     \
            return r;                                                                       \
        return bf_narrow(tof32(pw_nan32(even, op##_v32(even, c))),                          \
                         tof32(pw_nan32(odd, op##_v32(odd, c))));                           \
    }                                                                                       \
    MAP_KERNEL(f32, op, 4, blk_##op##_f32, setup_f32)                                       \
    MAP_KERNEL(f64, op, 8, blk_##op##_f64, setup_f64)                                       \
    MAP_KERNEL(bf16, op, 2, blk_##op##_bf16, setup_bf16)
#endif
