/* AVX-512 F/BW/VL/DQ kernels (compiled with those flags only in this file). Defines the
   vector vocabulary of vector_kernels.inc on 512-bit registers; masks are k-registers, so
   compares and selects cost one instruction each.
   AVX512-BF16's rounding (bf16_pair below) is used by bf16 Softsign only, where CPUID
   has it, with the subnormal lanes it flushes patched from the input; AVX512-BITALG's and
   VPOPCNTDQ's counts (popcntW) by BitCount only, where CPUID has both. */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "kernels/kernels.h"
#include "kernels/x86/x86_mxcsr.h"

#define ISA avx512
#define VB 64
typedef __m512i V;
typedef __m512 F32;
typedef __m512d F64;
typedef __mmask64 M8;
typedef __mmask32 M16;
typedef __mmask16 M32;
typedef __mmask8 M64;

#define ld(p) _mm512_loadu_si512((const void *)(p))
#define st(p, v) _mm512_storeu_si512((void *)(p), (v))
#define nt(p, v) _mm512_stream_si512((void *)(p), (v))
#define stream_fence _mm_sfence
#define vand _mm512_and_si512
#define vor _mm512_or_si512
#define vandn _mm512_andnot_si512
#define vxor _mm512_xor_si512
#define mandn(a, b) (~(a) & (b))
#define zero _mm512_setzero_si512
#define set8(x) _mm512_set1_epi8((char)(x))
#define set16(x) _mm512_set1_epi16((short)(x))
#define set32(x) _mm512_set1_epi32((int)(x))
#define set64(x) _mm512_set1_epi64((long long)(x))
#define eq8 _mm512_cmpeq_epi8_mask
#define eq16 _mm512_cmpeq_epi16_mask
#define eq32 _mm512_cmpeq_epi32_mask
#define eq64 _mm512_cmpeq_epi64_mask
#define gt8 _mm512_cmpgt_epi8_mask
#define gt16 _mm512_cmpgt_epi16_mask
#define maxs16 _mm512_max_epi16
#define mins16 _mm512_min_epi16
#define gt32 _mm512_cmpgt_epi32_mask
#define gt64 _mm512_cmpgt_epi64_mask
#define gts64 _mm512_cmpgt_epi64_mask
#define gtu64 _mm512_cmpgt_epu64_mask
#define ltz8 _mm512_movepi8_mask
#define ltz16 _mm512_movepi16_mask
#define ltz32 _mm512_movepi32_mask
#define ltz64 _mm512_movepi64_mask
#define add8 _mm512_add_epi8
#define add16 _mm512_add_epi16
#define add32 _mm512_add_epi32
#define add64 _mm512_add_epi64
#define mul16 _mm512_mullo_epi16
#define mul32 _mm512_mullo_epi32
#define mul64 _mm512_mullo_epi64 /* DQ */
#define sub8 _mm512_sub_epi8
#define sub16 _mm512_sub_epi16
#define sub32 _mm512_sub_epi32
#define sub64 _mm512_sub_epi64
#define srli32 _mm512_srli_epi32
#define slli32 _mm512_slli_epi32
#define srli16 _mm512_srli_epi16
#define slli16 _mm512_slli_epi16
#define srli64 _mm512_srli_epi64
#define slli64 _mm512_slli_epi64
/* Lane-wise shifts by counts below the width: 16 (BW), 32 and 64 bits have them; bytes
   shift as the even and the odd bytes of 16-bit lanes, each by its own count (the other
   byte's bits that cross over are masked off). */
#define shlv16 _mm512_sllv_epi16
#define shrv16 _mm512_srlv_epi16
#define shlv32 _mm512_sllv_epi32
#define shrv32 _mm512_srlv_epi32
#define shlv64 _mm512_sllv_epi64
#define shrv64 _mm512_srlv_epi64
static inline V shlv8_bytes(V x, V n)
{
    V low = _mm512_set1_epi16(0x00ff);
    V even = _mm512_and_si512(_mm512_sllv_epi16(x, _mm512_and_si512(n, low)), low);
    V odd = _mm512_sllv_epi16(_mm512_andnot_si512(low, x), _mm512_srli_epi16(n, 8));
    return _mm512_or_si512(even, odd);
}
static inline V shrv8_bytes(V x, V n)
{
    V low = _mm512_set1_epi16(0x00ff);
    V even = _mm512_srlv_epi16(_mm512_and_si512(x, low), _mm512_and_si512(n, low));
    V odd = _mm512_andnot_si512(low, _mm512_srlv_epi16(x, _mm512_srli_epi16(n, 8)));
    return _mm512_or_si512(even, odd);
}
#define shlv8 shlv8_bytes
#define shrv8 shrv8_bytes
#define tof32 _mm512_castsi512_ps
#define tof64 _mm512_castsi512_pd
#define fromf32 _mm512_castps_si512
#define fromf64 _mm512_castpd_si512
#define fadd32 _mm512_add_ps
#define fadd64 _mm512_add_pd
#define fdiv32 _mm512_div_ps
#define fdiv64 _mm512_div_pd
#define fsqrt32 _mm512_sqrt_ps
#define fsqrt64 _mm512_sqrt_pd
/* Capability tags (vector_kernels.inc): a divide of two NaNs returns the first, quiet;
   F16C converts infinities, NaNs and values past f16's range exactly. */
enum { isa_div_keeps_first_nan = 1, isa_f16_convert_exact = 1 };
/* ftrunc32 and ftrunc64 are one instruction each. */
enum { isa_trunc_native = 1 };
/* Softsign's divisor t = 1 + |x| with +inf made the default NaN by one vfixupimm (class
   +inf: the source made quiet, 0x7fc00000; every other class keeps t), so that the divide
   itself gives the infinities' result (vector_kernels.inc, DIVISOR). */
#define DIV_INF_GIVES_DNAN 1
#define inf_to_dnan32(t) _mm512_fixupimm_ps((t), (t), _mm512_set1_epi32(0x00200000), 0)
#define inf_to_dnan64(t) _mm512_fixupimm_pd((t), (t), _mm512_set1_epi64(0x00200000), 0)
#define fsub32 _mm512_sub_ps
#define fsub64 _mm512_sub_pd
#define fmul64 _mm512_mul_pd

#define sel8(m, a, b) _mm512_mask_blend_epi8((M8)(m), (b), (a))
#define sel16(m, a, b) _mm512_mask_blend_epi16((M16)(m), (b), (a))
#define sel32(m, a, b) _mm512_mask_blend_epi32((M32)(m), (b), (a))
#define sel64(m, a, b) _mm512_mask_blend_epi64((M64)(m), (b), (a))

/* Masks of wide lanes concatenate into masks of narrow lanes, in element order, without
   leaving the mask registers (kunpck puts its second operand low). */
#define n16to8(a, b) _mm512_kunpackd((M8)(b), (M8)(a))
#define n32to16(a, b) _mm512_kunpackw((M16)(b), (M16)(a))
#define n64to32(a, b) _mm512_kunpackb((M32)(b), (M32)(a))
#define ones8(m) _mm512_maskz_set1_epi8((m), 1)
/* Whether any lane of a mask is set: the k-mask is nonzero. */
#define any8(m) ((M8)(m) != 0)
#define any16(m) ((M16)(m) != 0)
#define any32(m) ((M32)(m) != 0)
#define any64(m) ((M64)(m) != 0)
/* The lanes of a mask as bits, lane 0 the lowest. */
#define lanes16(m) ((unsigned)(M16)(m))
#define lanes32(m) ((unsigned)(M32)(m))
#define lanes64(m) ((unsigned)(M64)(m))
/* The largest lane, by halving: short rows wait on it (Hardmax). */
#define fmax_lanes32(x) _mm512_reduce_max_ps(x)
static inline int16_t maxs_lanes16(__m512i x)
{
    __m256i h = _mm256_max_epi16(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));
    __m128i q = _mm_max_epi16(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
    q = _mm_max_epi16(q, _mm_shuffle_epi32(q, 0x4e));
    q = _mm_max_epi16(q, _mm_shuffle_epi32(q, 0xb1));
    q = _mm_max_epi16(q, _mm_srli_epi32(q, 16));
    return (int16_t)_mm_cvtsi128_si32(q);
}

/* Vectors of small counts (below 128) narrowed to half-width lanes in element order (the
   packs work within 128-bit lanes; a qword permute puts them in order; 64 to 32 bits is
   one two-source dword permute of the even dwords). */
#define narrow16(a, b)                                                                      \
    _mm512_permutexvar_epi64(_mm512_set_epi64(7, 5, 3, 1, 6, 4, 2, 0),                      \
                             _mm512_packus_epi16((a), (b)))
#define narrow32(a, b)                                                                      \
    _mm512_permutexvar_epi64(_mm512_set_epi64(7, 5, 3, 1, 6, 4, 2, 0),                      \
                             _mm512_packus_epi32((a), (b)))
#define narrow64(a, b)                                                                      \
    _mm512_permutex2var_epi32((a),                                                          \
                              _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10,  \
                                               8, 6, 4, 2, 0),                              \
                              (b))

/* The bits set in each byte: each nibble's count looked up by vpshufb (BW), the two
   added (vpopcntb is BITALG, beyond this file's level: popcnt8 below, where CPUID has
   it). The eight counts of a 64-bit lane
   add up in one vpsadbw against zero. */
static inline V cnt8(V x)
{
    V table = _mm512_set4_epi32(0x04030302, 0x03020201, 0x03020201, 0x02010100);
    V low = _mm512_set1_epi8(0x0f);
    V lo = _mm512_shuffle_epi8(table, _mm512_and_si512(x, low));
    V hi = _mm512_shuffle_epi8(table, _mm512_and_si512(_mm512_srli_epi16(x, 4), low));
    return _mm512_add_epi8(lo, hi);
}
#define bytesum64(x) _mm512_sad_epu8((x), _mm512_setzero_si512())

/* The bits set in each lane in one instruction: AVX512-BITALG's vpopcntb and vpopcntw,
   AVX512-VPOPCNTDQ's vpopcntd and vpopcntq. In asm so that this file needs neither flag:
   BitCount runs them only where CPUID says so (dmlp__isa_lane_popcount). */
#define HAS_LANE_POPCOUNT 1
#define LANE_POPCOUNT(w, insn)                                                              \
    static inline V popcnt##w(V x)                                                          \
    {                                                                                       \
        V r;                                                                                \
        __asm__(insn " %1, %0" : "=v"(r) : "v"(x));                                         \
        return r;                                                                           \
    }
LANE_POPCOUNT(8, "vpopcntb")
LANE_POPCOUNT(16, "vpopcntw")
LANE_POPCOUNT(32, "vpopcntd")
LANE_POPCOUNT(64, "vpopcntq")
#undef LANE_POPCOUNT

/* IsInfinity of 16- and 32-bit lanes without masks (vector_kernels.inc): lanes of 0 and 1
   packed to bytes with unsigned saturation, then put back in element order (the packs
   work within 128-bit lanes). */
#define HAS_LANE_PACK 1
/* (x & m) ^ t in one vpternlogd whose destination is x, not a copy of a constant */
#define and_xor(x, m, t) _mm512_ternarylogic_epi32((x), (m), (t), 0x6a)
#define minu16 _mm512_min_epu16
#define minu32 _mm512_min_epu32
#define pack16to8(a, b)                                                                     \
    _mm512_permutexvar_epi64(_mm512_set_epi64(7, 5, 3, 1, 6, 4, 2, 0),                      \
                             _mm512_packus_epi16((a), (b)))
/* Dword j of the packed vector holds vector j % 4's 128-bit lane j / 4. */
#define pack32to8(a, b, c, d)                                                               \
    _mm512_permutexvar_epi32(                                                               \
        _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0),             \
        _mm512_packus_epi16(_mm512_packus_epi32((a), (b)), _mm512_packus_epi32((c), (d))))

/* IsInfinity f64's byte permute (vector_kernels.inc): AVX512-VBMI's vpermb, in asm so
   that this file needs no -mavx512vbmi; run only where CPUID says so. */
#define HAS_BYTE_PERMUTE 1
#define or_where64(r, m, v) _mm512_mask_or_epi64((r), (m), (r), (v))
static inline V lane_bytes_in_order64(V x)
{
    static const unsigned char order[64] = {
        0, 8, 16, 24, 32, 40, 48, 56, 1, 9, 17, 25, 33, 41, 49, 57,
        2, 10, 18, 26, 34, 42, 50, 58, 3, 11, 19, 27, 35, 43, 51, 59,
        4, 12, 20, 28, 36, 44, 52, 60, 5, 13, 21, 29, 37, 45, 53, 61,
        6, 14, 22, 30, 38, 46, 54, 62, 7, 15, 23, 31, 39, 47, 55, 63};
    V r;
    __asm__("vpermb %1, %2, %0" : "=v"(r) : "v"(x), "v"(ld(order)));
    return r;
}

/* 16-bit lanes as the high halves of 32-bit ones (the comparisons of 16-bit floats,
   ops/logical.h): vpunpck[lh]wd with zero interleave within 128-bit lanes, so the low
   form holds the elements 0-3, 8-11, 16-19, 24-27 of its vector and the high form the
   others; a block's bytes (two vectors, low then high forms) come back in element order
   by one dword permute. */
#define high_halves_lo(x) _mm512_unpacklo_epi16(_mm512_setzero_si512(), (x))
#define high_halves_hi(x) _mm512_unpackhi_epi16(_mm512_setzero_si512(), (x))
#define high_halves_order(r)                                                               \
    _mm512_permutexvar_epi32(                                                               \
        _mm512_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15), (r))
#define h2f_lo(x) _mm512_cvtph_ps(_mm512_castsi512_si256(x))
#define h2f_hi(x) _mm512_cvtph_ps(_mm512_extracti64x4_epi64((x), 1))
/* The memory forms: vcvtph2ps from 32 bytes and vcvtps2ph to them, no shuffle. */
#define HAS_HALF_MEMORY 1
#define h2f_mem(p) _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(const void *)(p)))
#define f2h_mem(p, f)                                                                       \
    _mm256_storeu_si256((__m256i *)(void *)(p), _mm512_cvtps_ph((f), _MM_FROUND_TO_NEAREST_INT))
#define st_mask16(p, m, v) _mm512_mask_storeu_epi16((void *)(p), (m), (v))
#define f2h(lo, hi)                                                                         \
    _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtps_ph((lo), _MM_FROUND_TO_NEAREST_INT)), \
                       _mm512_cvtps_ph((hi), _MM_FROUND_TO_NEAREST_INT), 1)

/* bf16 from the even and odd elements' f32 (vector_kernels.inc): AVX512-BF16's
   vcvtne2ps2bf16 rounds both, nearest even, as two halves (odd above even), and vpermw
   interleaves them again. Written in asm so that this file needs no -mavx512bf16: the
   kernel runs it only where CPUID says so (dmlp__isa_bf16_round). It flushes subnormals,
   which the kernel patches. */
#define HAS_BF16_PAIR 1
static inline V bf16_pair(F32 even, F32 odd)
{
    static const uint16_t order[32] = {0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23,
                                       8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31};
    V halves;
    __asm__("vcvtne2ps2bf16 %2, %1, %0" : "=v"(halves) : "v"(odd), "v"(even));
    return _mm512_permutexvar_epi16(ld(order), halves);
}

/* Sign of f32/f64 by vfixupimm (kernels/vector_kernels.inc); imm8 0: no faults. */
#define HAS_FIXUP 1
#define fixup32(x, t) _mm512_castps_si512(_mm512_fixupimm_ps(tof32(x), tof32(x), (t), 0))
#define fixup64(x, t) _mm512_castpd_si512(_mm512_fixupimm_pd(tof64(x), tof64(x), (t), 0))
/* Softsign's zero and subnormal lanes (vector_kernels.inc) by the quotient's class, one
   instruction: x where q is ±0 (as it is exactly for those x, read as zero), else q (the
   class codes: 0 keeps the first operand, 1 takes q). */
#define tiny_takes_x32(x, q, c)                                                             \
    _mm512_castps_si512(_mm512_fixupimm_ps(tof32(x), tof32(q), set32(0x11111011), 0))
#define tiny_takes_x64(x, q, c)                                                             \
    _mm512_castpd_si512(_mm512_fixupimm_pd(tof64(x), tof64(q), set64(0x11111011), 0))

/* The reciprocal form of Softsign (kernels/vector_kernels.inc). */
#define HAS_FMA 1
#define frcp32 _mm512_rcp14_ps
#define fmul32 _mm512_mul_ps
#define fmadd32 _mm512_fmadd_ps
#define fnmadd32 _mm512_fnmadd_ps
#define fmsub32 _mm512_fmsub_ps
#define fmadd64 _mm512_fmadd_pd
#define RECIP_BOUND 0x1p-14 /* vrcp14ps */
#define RECIP_STEPS 1
#define RECIP_STEPS_F16 0
#define RECIP_STEPS_BF16 0
/* The lanes beyond the quotient's range by a compare, a vfixupimm and a blend: the
   fixup maps x's class to its value there (NaN: x made quiet; ±inf: the default NaN kept
   from the first operand; negative, positive: -1, +1). */
#define recip_finish32(x, ab, q, c)                                                         \
    sel32(gt32((ab), set32(0x4bffffff)),                                                    \
          _mm512_castps_si512(                                                              \
              _mm512_fixupimm_ps(tof32((c)->dnan), tof32(x), set32(0xA9000022), 0)),        \
          fromf32(q))

/* Rounding to an integral value toward +inf (fceil) and -inf (ffloor), IEEE's
   roundToIntegral: a NaN comes back quiet, the sign is kept (Ceil, Floor); and fmax and
   fmin, the greater and the lesser of two floats in lanes where neither is a NaN; of two
   zeros, the second operand (max and min return their second operand where the
   comparison is false). */
#define fceil32(x) _mm512_roundscale_ps((x), _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC)
#define ffloor32(x) _mm512_roundscale_ps((x), _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
#define fceil64(x) _mm512_roundscale_pd((x), _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC)
#define ffloor64(x) _mm512_roundscale_pd((x), _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
/* Toward zero (ftrunc) and to nearest with ties to even (fnearest), likewise. */
#define ftrunc32(x) _mm512_roundscale_ps((x), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)
#define fnearest32(x) _mm512_roundscale_ps((x), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
#define ftrunc64(x) _mm512_roundscale_pd((x), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)
#define fnearest64(x) _mm512_roundscale_pd((x), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
#define fmax32 _mm512_max_ps
#define fmax64 _mm512_max_pd
#define fmin32 _mm512_min_ps
#define fmin64 _mm512_min_pd
/* IEEE comparisons of the float views into k-masks, ordered and quiet: false wherever a
   lane holds a NaN, -0 equal to +0 (the comparisons' fast kernels). */
#define feq32(a, b) _mm512_cmp_ps_mask(tof32(a), tof32(b), _CMP_EQ_OQ)
#define fgt32(a, b) _mm512_cmp_ps_mask(tof32(a), tof32(b), _CMP_GT_OQ)
#define fge32(a, b) _mm512_cmp_ps_mask(tof32(a), tof32(b), _CMP_GE_OQ)
#define feq64(a, b) _mm512_cmp_pd_mask(tof64(a), tof64(b), _CMP_EQ_OQ)
#define fgt64(a, b) _mm512_cmp_pd_mask(tof64(a), tof64(b), _CMP_GT_OQ)
#define fge64(a, b) _mm512_cmp_pd_mask(tof64(a), tof64(b), _CMP_GE_OQ)

/* f64 lanes for the correctly rounded functions (kernels/vector_crmath.inc): half of the f32
   lanes widened, two halves narrowed (to nearest, MXCSR's default), a table read. */
#define HAS_F64_LANES 1
#define wide_lo(x) _mm512_cvtps_pd(_mm512_castps512_ps256(tof32(x)))
#define wide_hi(x) _mm512_cvtps_pd(_mm256_castsi256_ps(_mm512_extracti64x4_epi64((x), 1)))
#define narrow_f64(lo, hi)                                                                  \
    _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_castps_si256(_mm512_cvtpd_ps(lo))),   \
                       _mm256_castps_si256(_mm512_cvtpd_ps(hi)), 1)
/* The low 32 bits of each f64 lane of lo, then of hi, in element order (one permute). */
#define low32_f64(lo, hi)                                                                   \
    _mm512_permutex2var_epi32(fromf64(lo),                                                  \
                              _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10,  \
                                               8, 6, 4, 2, 0),                              \
                              fromf64(hi))
#define gather64(base, idx) _mm512_i64gather_pd((idx), (const void *)(base), 8)
/* A 16-entry table of doubles in two registers, read by the low 4 bits of each 64-bit
   lane of idx (vpermi2pd): a gather costs several times more. */
#define HAS_TABLE16_64 1
/* table[in[i]] for 16 16-bit inputs by vpgatherdd: each reads 32 bits at the entry (the
   tables have an entry past the last, kernels/table16_cache.h). */
#define HAS_TABLE16_GATHER 1
#define TABLE16_GATHER_LANES 16
static inline void table16_gather(const void *in, void *out, const uint16_t *table)
{
    __m512i i = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)in));
    __m512i r = _mm512_i32gather_epi32(i, (const void *)table, 2);
    _mm256_storeu_si256((__m256i *)out, _mm512_cvtepi32_epi16(r));
}
#define table16_64(lo8, hi8, idx) _mm512_permutex2var_pd((lo8), (idx), (hi8))
#define ldf64(p) _mm512_loadu_pd((const double *)(p))
/* 1/x within 2^-14 relative (the arctangent's lean lanes pick a piece by it). */
#define frcp64 _mm512_rcp14_pd

#include "kernels/vector_kernels.inc"
