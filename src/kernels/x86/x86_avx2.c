/* AVX2 + FMA + F16C kernels (compiled with those flags only in this file). Defines the
   vector vocabulary of vector_kernels.inc on 256-bit registers; masks are vectors. */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "kernels/kernels.h"
#include "kernels/x86/x86_mxcsr.h"

#define ISA avx2
#define VB 32
typedef __m256i V;
typedef __m256 F32;
typedef __m256d F64;
typedef __m256i M8, M16, M32, M64;

#define ld(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define st(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define nt(p, v) _mm256_stream_si256((__m256i *)(void *)(p), (v))
#define stream_fence _mm_sfence
#define vand _mm256_and_si256
#define vor _mm256_or_si256
#define vandn _mm256_andnot_si256
#define vxor _mm256_xor_si256
#define MASKS_ARE_VECTORS 1
#define mandn _mm256_andnot_si256
#define zero _mm256_setzero_si256
#define set8(x) _mm256_set1_epi8((char)(x))
#define set16(x) _mm256_set1_epi16((short)(x))
#define set32(x) _mm256_set1_epi32((int)(x))
#define set64(x) _mm256_set1_epi64x((long long)(x))
#define eq8 _mm256_cmpeq_epi8
#define eq16 _mm256_cmpeq_epi16
#define eq32 _mm256_cmpeq_epi32
#define eq64 _mm256_cmpeq_epi64
#define gt8 _mm256_cmpgt_epi8
#define gt16 _mm256_cmpgt_epi16
#define maxs16 _mm256_max_epi16
#define mins16 _mm256_min_epi16
#define gt32 _mm256_cmpgt_epi32
#define gt64 _mm256_cmpgt_epi64
#define gts64 _mm256_cmpgt_epi64
#define gtu64(a, b)                                                                         \
    _mm256_cmpgt_epi64(_mm256_xor_si256((a), _mm256_set1_epi64x(INT64_MIN)),                \
                       _mm256_xor_si256((b), _mm256_set1_epi64x(INT64_MIN)))
#define ltz8(x) _mm256_cmpgt_epi8(_mm256_setzero_si256(), (x))
#define ltz16(x) _mm256_srai_epi16((x), 15)
#define ltz32(x) _mm256_srai_epi32((x), 31)
#define ltz64(x) _mm256_cmpgt_epi64(_mm256_setzero_si256(), (x))
#define add8 _mm256_add_epi8
#define add16 _mm256_add_epi16
#define add32 _mm256_add_epi32
#define add64 _mm256_add_epi64
#define mul16 _mm256_mullo_epi16
#define mul32 _mm256_mullo_epi32
/* The low 64 bits of each product (vpmullq is AVX-512DQ): the low halves' full product,
   and the two cross products' low halves added into the high half. */
static inline __m256i mul64(__m256i a, __m256i b)
{
    __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), b),
                                     _mm256_mul_epu32(a, _mm256_srli_epi64(b, 32)));
    return _mm256_add_epi64(_mm256_mul_epu32(a, b), _mm256_slli_epi64(cross, 32));
}
#define sub8 _mm256_sub_epi8
#define sub16 _mm256_sub_epi16
#define sub32 _mm256_sub_epi32
#define sub64 _mm256_sub_epi64
#define srli32 _mm256_srli_epi32
#define slli32 _mm256_slli_epi32
#define srli16 _mm256_srli_epi16
#define slli16 _mm256_slli_epi16
#define srli64 _mm256_srli_epi64
#define slli64 _mm256_slli_epi64
/* Lane-wise shifts by counts below the width: AVX2 has them for 32 and 64 bits (the
   template shifts 8 and 16 by the count's bits). */
#define shlv32 _mm256_sllv_epi32
#define shrv32 _mm256_srlv_epi32
#define shlv64 _mm256_sllv_epi64
#define shrv64 _mm256_srlv_epi64
#define tof32 _mm256_castsi256_ps
#define tof64 _mm256_castsi256_pd
#define fromf32 _mm256_castps_si256
#define fromf64 _mm256_castpd_si256
#define fadd32 _mm256_add_ps
#define fadd64 _mm256_add_pd
#define fdiv32 _mm256_div_ps
#define fdiv64 _mm256_div_pd
#define fsqrt32 _mm256_sqrt_ps
#define fsqrt64 _mm256_sqrt_pd
/* Capability tags (vector_kernels.inc): a divide of two NaNs returns the first, quiet;
   F16C converts infinities, NaNs and values past f16's range exactly. */
enum { isa_div_keeps_first_nan = 1, isa_f16_convert_exact = 1 };
/* ftrunc32 and ftrunc64 are one instruction each. */
enum { isa_trunc_native = 1 };
#define fsub32 _mm256_sub_ps
#define fsub64 _mm256_sub_pd
#define fmul64 _mm256_mul_pd

#define sel(m, a, b) _mm256_blendv_epi8((b), (a), (m))
/* Sign of f32 and f64 (vector_kernels.inc): "not equal to 0, ordered" is one compare
   (subnormals are numbers: the core clears DAZ before a kernel runs). */
#define HAS_FLOAT_NUMBER 1
#define number32(x) fromf32(_mm256_cmp_ps(tof32(x), _mm256_setzero_ps(), _CMP_NEQ_OQ))
#define number64(x) fromf64(_mm256_cmp_pd(tof64(x), _mm256_setzero_pd(), _CMP_NEQ_OQ))
#define sel8 sel
#define sel16 sel
#define sel32 sel
#define sel64 sel

/* The packs work within 128-bit lanes; one qword permute puts the halves in order. */
#define IN_ORDER(v) _mm256_permute4x64_epi64((v), 0xd8)
#define n16to8(a, b) IN_ORDER(_mm256_packs_epi16((a), (b)))
#define n32to16(a, b) IN_ORDER(_mm256_packs_epi32((a), (b)))
#define n64to32(a, b)                                                                       \
    IN_ORDER(_mm256_castps_si256(                                                           \
        _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), 0x88)))
#define ones8(m) _mm256_and_si256((m), _mm256_set1_epi8(1))
/* Whether any lane of a mask is set: any of its bytes. */
#define any8(m) (_mm256_movemask_epi8(m) != 0)
#define any16 any8
#define any32 any8
#define any64 any8
/* The lanes of a mask as bits, lane 0 the lowest (16-bit lanes packed to bytes within
   each 128-bit half, whose bits then sit at 0-7 and 16-23). */
static inline unsigned lanes16(M16 m)
{
    unsigned b = (unsigned)_mm256_movemask_epi8(_mm256_packs_epi16(m, m));
    return (b & 0xffu) | (b >> 8 & 0xff00u);
}
#define lanes32(m) ((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(m)))
#define lanes64(m) ((unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(m)))
/* The largest lane, by halving: short rows wait on it (Hardmax). */
static inline float fmax_lanes32(__m256 x)
{
    __m128 q = _mm_max_ps(_mm256_castps256_ps128(x), _mm256_extractf128_ps(x, 1));
    q = _mm_max_ps(q, _mm_movehl_ps(q, q));
    return _mm_cvtss_f32(_mm_max_ss(q, _mm_shuffle_ps(q, q, 1)));
}
static inline int16_t maxs_lanes16(__m256i x)
{
    __m128i q = _mm_max_epi16(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
    q = _mm_max_epi16(q, _mm_shuffle_epi32(q, 0x4e));
    q = _mm_max_epi16(q, _mm_shuffle_epi32(q, 0xb1));
    q = _mm_max_epi16(q, _mm_srli_epi32(q, 16));
    return (int16_t)_mm_cvtsi128_si32(q);
}

/* The bits set in each byte: each nibble's count looked up by vpshufb, the two added. The
   eight counts of a 64-bit lane add up in one vpsadbw against zero. */
static inline V cnt8(V x)
{
    V table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                               0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    V low = _mm256_set1_epi8(0x0f);
    V lo = _mm256_shuffle_epi8(table, _mm256_and_si256(x, low));
    V hi = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(x, 4), low));
    return _mm256_add_epi8(lo, hi);
}
#define bytesum64(x) _mm256_sad_epu8((x), _mm256_setzero_si256())

/* 16-bit lanes as the high halves of 32-bit ones (the comparisons of 16-bit floats,
   ops/logical.h): vpunpck[lh]wd with zero interleave within 128-bit lanes (the low form
   holds elements 0-3 and 8-11, the high form 4-7 and 12-15); a block's bytes come back
   in element order by one dword permute. */
#define high_halves_lo(x) _mm256_unpacklo_epi16(_mm256_setzero_si256(), (x))
#define high_halves_hi(x) _mm256_unpackhi_epi16(_mm256_setzero_si256(), (x))
#define high_halves_order(r)                                                               \
    _mm256_permutevar8x32_epi32((r), _mm256_setr_epi32(0, 2, 1, 3, 4, 6, 5, 7))
#define h2f_lo(x) _mm256_cvtph_ps(_mm256_castsi256_si128(x))
#define h2f_hi(x) _mm256_cvtph_ps(_mm256_extracti128_si256((x), 1))
#define f2h(lo, hi)                                                                         \
    _mm256_inserti128_si256(_mm256_castsi128_si256(_mm256_cvtps_ph((lo), _MM_FROUND_TO_NEAREST_INT)), \
                            _mm256_cvtps_ph((hi), _MM_FROUND_TO_NEAREST_INT), 1)

/* The reciprocal form of Softsign (kernels/vector_kernels.inc). */
#define HAS_FMA 1
#define frcp32 _mm256_rcp_ps
#define fmul32 _mm256_mul_ps
#define fmadd32 _mm256_fmadd_ps
#define fnmadd32 _mm256_fnmadd_ps
#define fmsub32 _mm256_fmsub_ps
#define fmadd64 _mm256_fmadd_pd
#define RECIP_BOUND 0x1.8p-12 /* rcpps: 1.5 * 2^-12 */
#define RECIP_STEPS 2
#define RECIP_STEPS_F16 1 /* none fails for some rcpps within its bound (test_recip_bound) */
#define RECIP_STEPS_BF16 0

/* Rounding to an integral value toward +inf (fceil) and -inf (ffloor), IEEE's
   roundToIntegral: a NaN comes back quiet, the sign is kept (Ceil, Floor); and fmax and
   fmin, the greater and the lesser of two floats in lanes where neither is a NaN; of two
   zeros, the second operand (max and min return their second operand where the
   comparison is false). */
#define fceil32(x) _mm256_round_ps((x), _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC)
#define ffloor32(x) _mm256_round_ps((x), _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
#define fceil64(x) _mm256_round_pd((x), _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC)
#define ffloor64(x) _mm256_round_pd((x), _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
/* Toward zero (ftrunc) and to nearest with ties to even (fnearest), likewise. */
#define ftrunc32(x) _mm256_round_ps((x), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)
#define fnearest32(x) _mm256_round_ps((x), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
#define ftrunc64(x) _mm256_round_pd((x), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)
#define fnearest64(x) _mm256_round_pd((x), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
#define fmax32 _mm256_max_ps
#define fmax64 _mm256_max_pd
#define fmin32 _mm256_min_ps
#define fmin64 _mm256_min_pd
/* IEEE comparisons of the float views, ordered and quiet: false wherever a lane holds a
   NaN, -0 equal to +0 (the comparisons' fast kernels). */
#define feq32(a, b) fromf32(_mm256_cmp_ps(tof32(a), tof32(b), _CMP_EQ_OQ))
#define fgt32(a, b) fromf32(_mm256_cmp_ps(tof32(a), tof32(b), _CMP_GT_OQ))
#define fge32(a, b) fromf32(_mm256_cmp_ps(tof32(a), tof32(b), _CMP_GE_OQ))
#define feq64(a, b) fromf64(_mm256_cmp_pd(tof64(a), tof64(b), _CMP_EQ_OQ))
#define fgt64(a, b) fromf64(_mm256_cmp_pd(tof64(a), tof64(b), _CMP_GT_OQ))
#define fge64(a, b) fromf64(_mm256_cmp_pd(tof64(a), tof64(b), _CMP_GE_OQ))

/* f64 lanes for the correctly rounded functions (kernels/vector_crmath.inc): half of the f32
   lanes widened, two halves narrowed (to nearest, MXCSR's default), a table read. */
#define HAS_F64_LANES 1
#define wide_lo(x) _mm256_cvtps_pd(_mm256_castps256_ps128(tof32(x)))
#define wide_hi(x) _mm256_cvtps_pd(_mm256_extractf128_ps(tof32(x), 1))
#define narrow_f64(lo, hi)                                                                  \
    fromf32(_mm256_insertf128_ps(_mm256_castps128_ps256(_mm256_cvtpd_ps(lo)),              \
                                 _mm256_cvtpd_ps(hi), 1))
/* The low 32 bits of each f64 lane of lo, then of hi, in element order. */
#define low32_f64(lo, hi)                                                                   \
    _mm256_permute4x64_epi64(                                                               \
        _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castpd_ps(lo), _mm256_castpd_ps(hi),   \
                                              0x88)),                                       \
        0xd8)
#define gather64(base, idx) _mm256_i64gather_pd((const double *)(base), (idx), 8)
/* table[in[i]] for 8 16-bit inputs by vpgatherdd: each reads 32 bits at the entry (the
   tables have an entry past the last, kernels/table16_cache.h); the low halves packed. */
#define HAS_TABLE16_GATHER 1
#define TABLE16_GATHER_LANES 8
static inline void table16_gather(const void *in, void *out, const uint16_t *table)
{
    __m256i i = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)in));
    __m256i r = _mm256_i32gather_epi32((const int *)(const void *)table, i, 2);
    r = _mm256_and_si256(r, _mm256_set1_epi32(0xffff));
    __m128i h = _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
    _mm_storeu_si128((__m128i *)out, h);
}
/* Entry k (the low 4 bits of each lane) of 16 doubles at p: four permutes of 32-bit
   pairs, one per quarter, and two rounds of blends on k's bits 2 and 3 (the index work
   is shared between lookups with the same k once inlined). Measured only on AMD EPYC
   family 26 model 2: Erf and GELU 1.3 times their speed with gathers; fixed here, not
   chosen at run time, so a CPU with faster gathers may want them back. */
#define HAS_LOOKUP16_64 1
static inline __m256d lookup16_64(const double *p, __m256i k)
{
    __m256i pair = _mm256_slli_epi64(_mm256_and_si256(k, _mm256_set1_epi64x(3)), 1);
    __m256i idx = _mm256_or_si256(pair, _mm256_slli_epi64(_mm256_add_epi64(pair, _mm256_set1_epi64x(1)), 32));
    __m256d q[4];
    for (int i = 0; i < 4; i++)
        q[i] = _mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_loadu_ps((const float *)(p + 4 * i)), idx));
    __m256d bit2 = _mm256_castsi256_pd(_mm256_slli_epi64(k, 61));
    __m256d bit3 = _mm256_castsi256_pd(_mm256_slli_epi64(k, 60));
    return _mm256_blendv_pd(_mm256_blendv_pd(q[0], q[1], bit2), _mm256_blendv_pd(q[2], q[3], bit2), bit3);
}

#include "kernels/vector_kernels.inc"
