/* SSE2 kernels: the x86-64 baseline. Defines the vector vocabulary of vector_kernels.inc
   on 128-bit registers; masks are vectors of all-ones lanes. */
#include <emmintrin.h>
#include <stdint.h>
#include <string.h>

#include "kernels/kernels.h"
#include "kernels/x86/x86_mxcsr.h"

#define ISA sse2
#define VB 16
typedef __m128i V;
typedef __m128 F32;
typedef __m128d F64;
typedef __m128i M8, M16, M32, M64;

#define ld(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define st(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define nt(p, v) _mm_stream_si128((__m128i *)(void *)(p), (v))
#define stream_fence _mm_sfence
#define vand _mm_and_si128
#define vor _mm_or_si128
#define vandn _mm_andnot_si128
#define vxor _mm_xor_si128
#define MASKS_ARE_VECTORS 1
#define mandn _mm_andnot_si128
#define zero _mm_setzero_si128
#define set8(x) _mm_set1_epi8((char)(x))
#define set16(x) _mm_set1_epi16((short)(x))
#define set32(x) _mm_set1_epi32((int)(x))
#define set64(x) _mm_set1_epi64x((long long)(x))
#define eq8 _mm_cmpeq_epi8
#define eq16 _mm_cmpeq_epi16
#define eq32 _mm_cmpeq_epi32
#define gt8 _mm_cmpgt_epi8
#define gt16 _mm_cmpgt_epi16
#define maxs16 _mm_max_epi16
#define mins16 _mm_min_epi16
#define gt32 _mm_cmpgt_epi32
#define add8 _mm_add_epi8
#define add16 _mm_add_epi16
#define add32 _mm_add_epi32
#define add64 _mm_add_epi64
#define mul16 _mm_mullo_epi16
/* The low 32 bits of each product, without pmulld (SSE4.1): the even lanes' 64-bit
   products and the odd lanes', their low halves interleaved back. */
static inline __m128i mul32(__m128i a, __m128i b)
{
    __m128i even = _mm_mul_epu32(a, b);
    __m128i odd = _mm_mul_epu32(_mm_srli_epi64(a, 32), _mm_srli_epi64(b, 32));
    return _mm_unpacklo_epi32(_mm_shuffle_epi32(even, _MM_SHUFFLE(0, 0, 2, 0)),
                              _mm_shuffle_epi32(odd, _MM_SHUFFLE(0, 0, 2, 0)));
}
#define sub8 _mm_sub_epi8
#define sub16 _mm_sub_epi16
#define sub32 _mm_sub_epi32
#define sub64 _mm_sub_epi64
#define srli32 _mm_srli_epi32
#define slli32 _mm_slli_epi32
#define srli16 _mm_srli_epi16
#define slli16 _mm_slli_epi16
#define srli64 _mm_srli_epi64
#define slli64 _mm_slli_epi64
#define tof32 _mm_castsi128_ps
#define tof64 _mm_castsi128_pd
#define fromf32 _mm_castps_si128
#define fromf64 _mm_castpd_si128
#define fadd32 _mm_add_ps
#define fadd64 _mm_add_pd
#define fdiv32 _mm_div_ps
#define fdiv64 _mm_div_pd
#define fsqrt32 _mm_sqrt_ps
#define fsqrt64 _mm_sqrt_pd
/* Capability tags (vector_kernels.inc): not relied on here; Softsign sets every NaN and
   infinity lane from the bits. The f16 conversions below are for finite values. */
enum { isa_div_keeps_first_nan = 0, isa_f16_convert_exact = 0 };
/* ftrunc32 and ftrunc64 below are several instructions, not one (no roundps). */
enum { isa_trunc_native = 0 };
#define fsub32 _mm_sub_ps
#define fsub64 _mm_sub_pd
#define fmul64 _mm_mul_pd
#define fmul32 _mm_mul_ps

static inline V sel(V m, V a, V b) { return _mm_or_si128(_mm_and_si128(m, a), _mm_andnot_si128(m, b)); }
#define sel8 sel
#define sel16 sel
#define sel32 sel
#define sel64 sel

/* SSE2 has no 64-bit compares: equality from the 32-bit halves; greater-than only for
   operands in [0, 2^63), where b - a cannot overflow and its sign answers. */
static inline V eq64(V a, V b)
{
    V e = _mm_cmpeq_epi32(a, b);
    return _mm_and_si128(e, _mm_shuffle_epi32(e, 0xb1));
}
#define gt64(a, b) _mm_shuffle_epi32(_mm_srai_epi32(_mm_sub_epi64((b), (a)), 31), 0xf5)
/* 64-bit greater-than for every operand (pcmpgtq is SSE4.2): the high dwords compared
   signed (gts64) or unsigned (gtu64), the low dwords unsigned (their sign bits flipped,
   with the high ones' for gtu64), and where the high dwords are equal the low dwords'
   answer taken; then each lane's high dword spread over the lane. */
static inline V gt64_halves(V a, V b, V flip)
{
    V gt = _mm_cmpgt_epi32(_mm_xor_si128(a, flip), _mm_xor_si128(b, flip));
    V eq = _mm_cmpeq_epi32(a, b);
    V high = _mm_or_si128(gt, _mm_and_si128(eq, _mm_shuffle_epi32(gt, 0xa0)));
    return _mm_shuffle_epi32(high, 0xf5);
}
#define gts64(a, b) gt64_halves((a), (b), _mm_set_epi32(0, (int)0x80000000u, 0, (int)0x80000000u))
#define gtu64(a, b) gt64_halves((a), (b), _mm_set1_epi32((int)0x80000000u))
/* The low 64 bits of each product, without a 64-bit multiply: the low halves' full
   product, and the two cross products' low halves added into the high half. */
static inline __m128i mul64(__m128i a, __m128i b)
{
    __m128i cross = _mm_add_epi64(_mm_mul_epu32(_mm_srli_epi64(a, 32), b),
                                  _mm_mul_epu32(a, _mm_srli_epi64(b, 32)));
    return _mm_add_epi64(_mm_mul_epu32(a, b), _mm_slli_epi64(cross, 32));
}
/* |x| of an f64 classified by float compares: unordered with itself = NaN. */
#define nan_64(a, c) _mm_castpd_si128(_mm_cmpunord_pd(_mm_castsi128_pd(a), _mm_castsi128_pd(a)))
#define inf_64(a, c) _mm_castpd_si128(_mm_cmpeq_pd(_mm_castsi128_pd(a), _mm_castsi128_pd((c)->inf)))
#define nz_64(a) _mm_castpd_si128(_mm_cmpneq_pd(_mm_castsi128_pd(a), _mm_setzero_pd()))
#define ltz8(x) _mm_cmpgt_epi8(_mm_setzero_si128(), (x))
#define ltz16(x) _mm_srai_epi16((x), 15)
#define ltz32(x) _mm_srai_epi32((x), 31)
#define ltz64(x) _mm_shuffle_epi32(_mm_srai_epi32((x), 31), 0xf5)

#define n16to8 _mm_packs_epi16
#define n32to16 _mm_packs_epi32
#define n64to32(a, b)                                                                       \
    _mm_castps_si128(_mm_shuffle_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b), 0x88))
#define ones8(m) _mm_and_si128((m), _mm_set1_epi8(1))
/* Whether any lane of a mask is set: any of its bytes. */
#define any8(m) (_mm_movemask_epi8(m) != 0)
#define any16 any8
#define any32 any8
#define any64 any8
/* The lanes of a mask as bits, lane 0 the lowest. */
#define lanes16(m) ((unsigned)_mm_movemask_epi8(_mm_packs_epi16((m), (m))) & 0xffu)
#define lanes32(m) ((unsigned)_mm_movemask_ps(_mm_castsi128_ps(m)))
#define lanes64(m) ((unsigned)_mm_movemask_pd(_mm_castsi128_pd(m)))
/* The largest lane, by halving: short rows wait on it (Hardmax). */
static inline float fmax_lanes32(__m128 x)
{
    __m128 q = _mm_max_ps(x, _mm_movehl_ps(x, x));
    return _mm_cvtss_f32(_mm_max_ss(q, _mm_shuffle_ps(q, q, 1)));
}
static inline int16_t maxs_lanes16(__m128i q)
{
    q = _mm_max_epi16(q, _mm_shuffle_epi32(q, 0x4e));
    q = _mm_max_epi16(q, _mm_shuffle_epi32(q, 0xb1));
    q = _mm_max_epi16(q, _mm_srli_epi32(q, 16));
    return (int16_t)_mm_cvtsi128_si32(q);
}

/* The bits set in each byte, without pshufb (SSSE3): pairs, then nibbles, then the byte,
   each step's sums too small to reach the next field (16-bit shifts move bits across the
   byte boundary only into places the masks clear). The eight counts of a 64-bit lane
   add up in one psadbw against zero. */
static inline V cnt8(V x)
{
    V m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0f);
    x = _mm_sub_epi8(x, _mm_and_si128(_mm_srli_epi16(x, 1), m1));
    x = _mm_add_epi8(_mm_and_si128(x, m2), _mm_and_si128(_mm_srli_epi16(x, 2), m2));
    return _mm_and_si128(_mm_add_epi8(x, _mm_srli_epi16(x, 4)), m4);
}
#define bytesum64(x) _mm_sad_epu8((x), _mm_setzero_si128())

/* f16 <-> f32 without F16C, for finite values (the kernels set inf and NaN lanes from
   the input bits). Widening: the 15 magnitude bits moved into f32 position, scaled by
   2^112, which is exact for normals and subnormals alike. */
static inline F32 h2f(V h) /* h: the f16 in the upper half of each lane */
{
    V sign = _mm_and_si128(h, _mm_set1_epi32((int)0x80000000u));
    V mag = _mm_srli_epi32(_mm_and_si128(h, _mm_set1_epi32(0x7fff0000)), 3);
    F32 f = _mm_mul_ps(_mm_castsi128_ps(mag), _mm_castsi128_ps(_mm_set1_epi32(0x77800000)));
    return _mm_or_ps(f, _mm_castsi128_ps(sign));
}
/* 16-bit lanes as the high halves of 32-bit ones (the comparisons of 16-bit floats,
   ops/logical.h): punpck[lh]wd with zero, already in element order. */
#define high_halves_lo(x) _mm_unpacklo_epi16(_mm_setzero_si128(), (x))
#define high_halves_hi(x) _mm_unpackhi_epi16(_mm_setzero_si128(), (x))
#define high_halves_order(r) (r)
#define h2f_lo(x) h2f(high_halves_lo(x))
#define h2f_hi(x) h2f(high_halves_hi(x))

/* Narrowing, nearest even, for |f| < 65520: below 2^-14 the FPU rounds by adding 0.5
   (whose ulp is the f16 subnormal step); above, the mantissa is rounded on the bits.
   Returns the f16 sign-extended in each lane, ready for _mm_packs_epi32. */
static inline V f2h1(F32 f)
{
    V u = _mm_castps_si128(f);
    V sign = _mm_and_si128(u, _mm_set1_epi32((int)0x80000000u));
    V a = _mm_xor_si128(u, sign);
    V half = _mm_set1_epi32(0x3f000000);
    V sub = _mm_sub_epi32(_mm_castps_si128(_mm_add_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(half))), half);
    V odd = _mm_and_si128(_mm_srli_epi32(a, 13), _mm_set1_epi32(1));
    V norm = _mm_add_epi32(_mm_add_epi32(a, _mm_set1_epi32((int)0xc8000fffu)), odd);
    norm = _mm_srli_epi32(norm, 13);
    V h = sel(_mm_cmpgt_epi32(_mm_set1_epi32(0x38800000), a), sub, norm);
    return _mm_srai_epi32(_mm_or_si128(_mm_slli_epi32(h, 16), sign), 16);
}
#define f2h(lo, hi) _mm_packs_epi32(f2h1(lo), f2h1(hi))

/* Rounding to an integral value toward +inf (fceil) and -inf (ffloor), IEEE's
   roundToIntegral: a NaN comes back quiet, the sign is kept (Ceil, Floor); and fmax and
   fmin, the greater and the lesser of two floats in lanes where neither is a NaN; of two
   zeros, the second operand (max and min return their second operand where the
   comparison is false). */
#define fmax32 _mm_max_ps
#define fmax64 _mm_max_pd
#define fmin32 _mm_min_ps
#define fmin64 _mm_min_pd
/* IEEE comparisons of the float views, lanes of all ones where true: false wherever a
   lane holds a NaN, -0 equal to +0 (the comparisons' fast kernels). */
#define feq32(a, b) _mm_castps_si128(_mm_cmpeq_ps(tof32(a), tof32(b)))
#define fgt32(a, b) _mm_castps_si128(_mm_cmpgt_ps(tof32(a), tof32(b)))
#define fge32(a, b) _mm_castps_si128(_mm_cmpge_ps(tof32(a), tof32(b)))
#define feq64(a, b) _mm_castpd_si128(_mm_cmpeq_pd(tof64(a), tof64(b)))
#define fgt64(a, b) _mm_castpd_si128(_mm_cmpgt_pd(tof64(a), tof64(b)))
#define fge64(a, b) _mm_castpd_si128(_mm_cmpge_pd(tof64(a), tof64(b)))

/* SSE2 has no roundps (SSE4.1): |x| below 2^23 (f64: 2^52) becomes the integer t nearest
   it by adding and subtracting that power of two (the execute runs under round to
   nearest); one step away from zero where rounding goes away from zero and t is below
   |x|, one step toward zero where it goes toward zero and t is above; then x's sign is put
   back (so ceil(-0.5) is -0). |x| at or above the bound is integral already, or an
   infinity or a NaN (made quiet): those lanes take x. |x| and t are compared as integers,
   which order non-negative floats as their values (gt64 takes operands >= 0 only). */
#define ROUND_SSE2(w, pd, BOUND, ONE, INF, QUIET, SIGN)                                     \
    static inline F##w fround##w(F##w x, int up)                                            \
    {                                                                                       \
        V u = fromf##w(x), sign = vand(u, set##w(SIGN)), a = vandn(sign, u);                 \
        F##w big = tof##w(set##w(BOUND)), one = tof##w(set##w(ONE));                        \
        F##w t = _mm_sub_##pd(_mm_add_##pd(tof##w(a), big), big);                           \
        V ti = fromf##w(t);                                                                 \
        F##w step_up = tof##w(vand(gt##w(a, ti), fromf##w(one)));                           \
        F##w step_down = tof##w(vand(gt##w(ti, a), fromf##w(one)));                         \
        V away = up ? vandn(ltz##w(u), set##w(-1)) : ltz##w(u);                             \
        V r = sel(away, fromf##w(_mm_add_##pd(t, step_up)),                                 \
                  fromf##w(_mm_sub_##pd(t, step_down)));                                    \
        V special = sel(gt##w(a, set##w(INF)), vor(u, set##w(QUIET)), u);                   \
        return tof##w(sel(gt##w(a, set##w((BOUND) - 1)), special, vor(r, sign)));           \
    }
ROUND_SSE2(32, ps, 0x4b000000u, 0x3f800000u, 0x7f800000u, 0x00400000u, 0x80000000u)
ROUND_SSE2(64, pd, 0x4330000000000000u, 0x3ff0000000000000u, 0x7ff0000000000000u,
           0x0008000000000000u, 0x8000000000000000u)
#define fceil32(x) fround32((x), 1)
#define ffloor32(x) fround32((x), 0)
#define fceil64(x) fround64((x), 1)
#define ffloor64(x) fround64((x), 0)
/* Toward zero (ftrunc) and to nearest with ties to even (fnearest) likewise: t, the sum's
   rounding, is |x| rounded to nearest even already; toward zero takes one step down
   where t is above |x|. */
#define ROUND_NEAR_SSE2(w, pd, BOUND, ONE, INF, QUIET, SIGN)                                \
    static inline F##w fround_near##w(F##w x, int toward_zero)                              \
    {                                                                                       \
        V u = fromf##w(x), sign = vand(u, set##w(SIGN)), a = vandn(sign, u);                 \
        F##w big = tof##w(set##w(BOUND));                                                   \
        F##w t = _mm_sub_##pd(_mm_add_##pd(tof##w(a), big), big);                           \
        V ti = fromf##w(t);                                                                 \
        if (toward_zero)                                                                    \
            ti = fromf##w(_mm_sub_##pd(t, tof##w(vand(gt##w(ti, a), set##w(ONE)))));        \
        V special = sel(gt##w(a, set##w(INF)), vor(u, set##w(QUIET)), u);                   \
        return tof##w(sel(gt##w(a, set##w((BOUND) - 1)), special, vor(ti, sign)));          \
    }
ROUND_NEAR_SSE2(32, ps, 0x4b000000u, 0x3f800000u, 0x7f800000u, 0x00400000u, 0x80000000u)
ROUND_NEAR_SSE2(64, pd, 0x4330000000000000u, 0x3ff0000000000000u, 0x7ff0000000000000u,
                0x0008000000000000u, 0x8000000000000000u)
#define ftrunc32(x) fround_near32((x), 1)
#define fnearest32(x) fround_near32((x), 0)
#define ftrunc64(x) fround_near64((x), 1)
#define fnearest64(x) fround_near64((x), 0)

/* f64 lanes for the correctly rounded functions (kernels/vector_crmath.inc): half of the f32
   lanes widened, two halves narrowed (to nearest, MXCSR's default), a table read (two
   loads: SSE2 has no gather). */
#define HAS_F64_LANES 1
#define wide_lo(x) _mm_cvtps_pd(tof32(x))
#define wide_hi(x) _mm_cvtps_pd(_mm_movehl_ps(tof32(x), tof32(x)))
#define narrow_f64(lo, hi) fromf32(_mm_movelh_ps(_mm_cvtpd_ps(lo), _mm_cvtpd_ps(hi)))
/* The low 32 bits of each f64 lane of lo, then of hi, in element order. */
#define low32_f64(lo, hi)                                                                   \
    _mm_castps_si128(_mm_shuffle_ps(_mm_castpd_ps(lo), _mm_castpd_ps(hi), 0x88))
static inline __m128d gather64(const double *base, __m128i idx)
{
    long long i0 = _mm_cvtsi128_si64(idx), i1 = _mm_cvtsi128_si64(_mm_unpackhi_epi64(idx, idx));
    return _mm_set_pd(base[i1], base[i0]);
}

#include "kernels/vector_kernels.inc"

