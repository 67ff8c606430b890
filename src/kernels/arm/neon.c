/* NEON (AdvSIMD) kernels for aarch64: the vector vocabulary of vector_kernels.inc on
   128-bit registers. Every AArch64 CPU has AdvSIMD, including the f16 <-> f32
   conversions (fcvtl, fcvtn) and the IEEE divide the kernels use, so one level serves
   them all; FP16 arithmetic is not needed (Sign and IsInfinity work on the bits, and
   Softsign must divide in f32 and round once). Compares give all-ones lanes, so masks
   are vectors, and bsl selects in one instruction. V is a vector of bytes; the lane
   views are reinterpretations, which cost nothing. */
#include <arm_neon.h>
#include <stdint.h>
#include <string.h>

#include "kernels/kernels.h"

#define ISA neon
#define VB 16
typedef uint8x16_t V;
typedef float32x4_t F32;
typedef float64x2_t F64;
typedef uint8x16_t M8, M16, M32, M64;

#define U16(x) vreinterpretq_u16_u8(x)
#define U32(x) vreinterpretq_u32_u8(x)
#define U64(x) vreinterpretq_u64_u8(x)
#define S8(x) vreinterpretq_s8_u8(x)
#define S16(x) vreinterpretq_s16_u8(x)
#define S32(x) vreinterpretq_s32_u8(x)
#define S64(x) vreinterpretq_s64_u8(x)
#define B16(x) vreinterpretq_u8_u16(x)
#define B32(x) vreinterpretq_u8_u32(x)
#define B64(x) vreinterpretq_u8_u64(x)

#define ld(p) vld1q_u8((const uint8_t *)(const void *)(p))
#define st(p, v) vst1q_u8((uint8_t *)(void *)(p), (v))
/* No non-temporal store: STNP is only a hint that most cores treat as a plain store, and
   their write streaming already avoids allocating lines that are written whole. So the
   streaming path differs only by its prefetch, and needs no fence of its own. */
#define nt(p, v) st(p, v)
#define stream_fence() ((void)0)
#define vand vandq_u8
#define vor vorrq_u8
#define vandn(a, b) vbicq_u8((b), (a))
#define vxor veorq_u8
#define MASKS_ARE_VECTORS 1
#define mandn vandn
#define zero() vdupq_n_u8(0)
#define set8(x) vdupq_n_u8((uint8_t)(x))
#define set16(x) B16(vdupq_n_u16((uint16_t)(x)))
#define set32(x) B32(vdupq_n_u32((uint32_t)(x)))
#define set64(x) B64(vdupq_n_u64((uint64_t)(x)))
#define eq8 vceqq_u8
#define eq16(a, b) B16(vceqq_u16(U16(a), U16(b)))
#define eq32(a, b) B32(vceqq_u32(U32(a), U32(b)))
#define eq64(a, b) B64(vceqq_u64(U64(a), U64(b)))
#define gt8(a, b) vcgtq_s8(S8(a), S8(b))
#define gt16(a, b) B16(vcgtq_s16(S16(a), S16(b)))
#define maxs16(a, b) vreinterpretq_u8_s16(vmaxq_s16(S16(a), S16(b)))
#define mins16(a, b) vreinterpretq_u8_s16(vminq_s16(S16(a), S16(b)))
#define gt32(a, b) B32(vcgtq_s32(S32(a), S32(b)))
#define gt64(a, b) B64(vcgtq_s64(S64(a), S64(b)))
#define gts64 gt64
#define gtu64(a, b) B64(vcgtq_u64(U64(a), U64(b)))
#define ltz8(x) vcltzq_s8(S8(x))
#define ltz16(x) B16(vcltzq_s16(S16(x)))
#define ltz32(x) B32(vcltzq_s32(S32(x)))
#define ltz64(x) B64(vcltzq_s64(S64(x)))
#define add8 vaddq_u8
#define add16(a, b) B16(vaddq_u16(U16(a), U16(b)))
#define add32(a, b) B32(vaddq_u32(U32(a), U32(b)))
#define add64(a, b) B64(vaddq_u64(U64(a), U64(b)))
#define mul16(a, b) B16(vmulq_u16(U16(a), U16(b)))
#define mul32(a, b) B32(vmulq_u32(U32(a), U32(b)))
/* The low 64 bits of each product (AdvSIMD multiplies lanes of up to 32 bits): the low
   halves' full product (umull), and the two cross products' low halves added into the
   high half. */
static inline V mul64(V a, V b)
{
    uint32x2_t al = vmovn_u64(U64(a)), bl = vmovn_u64(U64(b));
    uint32x2_t ah = vshrn_n_u64(U64(a), 32), bh = vshrn_n_u64(U64(b), 32);
    uint32x2_t cross = vmla_u32(vmul_u32(ah, bl), al, bh);
    return B64(vaddq_u64(vmull_u32(al, bl), vshll_n_u32(cross, 32)));
}
#define sub8 vsubq_u8
#define sub16(a, b) B16(vsubq_u16(U16(a), U16(b)))
#define sub32(a, b) B32(vsubq_u32(U32(a), U32(b)))
#define sub64(a, b) B64(vsubq_u64(U64(a), U64(b)))
#define srli32(x, k) B32(vshrq_n_u32(U32(x), (k)))
#define slli32(x, k) B32(vshlq_n_u32(U32(x), (k)))
#define srli16(x, k) B16(vshrq_n_u16(U16(x), (k)))
#define slli16(x, k) B16(vshlq_n_u16(U16(x), (k)))
#define srli64(x, k) B64(vshrq_n_u64(U64(x), (k)))
#define slli64(x, k) B64(vshlq_n_u64(U64(x), (k)))
/* Lane-wise shifts by counts below the width: ushl shifts each lane by its own signed
   count, left where positive, right where negative. */
#define shlv8(x, n) vshlq_u8((x), S8(n))
#define shrv8(x, n) vshlq_u8((x), vnegq_s8(S8(n)))
#define shlv16(x, n) B16(vshlq_u16(U16(x), S16(n)))
#define shrv16(x, n) B16(vshlq_u16(U16(x), vnegq_s16(S16(n))))
#define shlv32(x, n) B32(vshlq_u32(U32(x), S32(n)))
#define shrv32(x, n) B32(vshlq_u32(U32(x), vnegq_s32(S32(n))))
#define shlv64(x, n) B64(vshlq_u64(U64(x), S64(n)))
#define shrv64(x, n) B64(vshlq_u64(U64(x), vnegq_s64(S64(n))))
/* The bits set in each byte (cnt), and the eight counts of a 64-bit lane added by three
   pairwise widening adds. */
#define cnt8 vcntq_u8
#define bytesum64(x) B64(vpaddlq_u32(vpaddlq_u16(vpaddlq_u8(x))))
#define tof32(x) vreinterpretq_f32_u8(x)
#define tof64(x) vreinterpretq_f64_u8(x)
#define fromf32(x) vreinterpretq_u8_f32(x)
#define fromf64(x) vreinterpretq_u8_f64(x)
#define fadd32 vaddq_f32
#define fadd64 vaddq_f64
#define fdiv32 vdivq_f32
#define fdiv64 vdivq_f64
#define fsqrt32 vsqrtq_f32
#define fsqrt64 vsqrtq_f64
/* The two-input kernels: one IEEE operation per lane (no contraction in this file). */
#define fsub32 vsubq_f32
#define fsub64 vsubq_f64
#define fmul32 vmulq_f32
#define fmul64 vmulq_f64

/* Capability tags (vector_kernels.inc): no denormals-are-zero mode that leaves results
   alone (FPCR.FZ flushes them too), so subnormals are divided as they are; a divide of
   two NaNs is not relied on to keep the first. The f16 conversions (FCVTL, FCVTN) are
   exact for infinities, NaNs and values past f16's range. */
enum { isa_has_daz = 0, isa_div_keeps_first_nan = 0, isa_f16_convert_exact = 1 };
/* ftrunc32 and ftrunc64 are one instruction each (frintz). */
enum { isa_trunc_native = 1 };
static inline unsigned daz_on(void) { return 0; }
static inline void daz_restore(unsigned saved) { (void)saved; }

#define sel(m, a, b) vbslq_u8((m), (a), (b))
#define sel8 sel
#define sel16 sel
#define sel32 sel
#define sel64 sel

/* Narrowing masks: uzp1 keeps the low half of every wide lane (all-ones or zero either
   way), the first operand's lanes first: element order in one instruction. */
#define n16to8(a, b) vuzp1q_u8((a), (b))
#define n32to16(a, b) B16(vuzp1q_u16(U16(a), U16(b)))
#define n64to32(a, b) B32(vuzp1q_u32(U32(a), U32(b)))
#define ones8(m) vshrq_n_u8((m), 7)
/* Whether any lane of a mask is set: the greatest of its bytes is nonzero. */
#define any8(m) (vmaxvq_u8(m) != 0)
#define any16 any8
#define any32 any8
#define any64 any8
/* The lanes of a mask as bits, lane 0 the lowest: each lane's bit kept, then added. */
static inline unsigned lanes16(M16 m)
{
    static const uint16_t bit[8] = {1, 2, 4, 8, 16, 32, 64, 128};
    return vaddvq_u16(vandq_u16(U16(m), vld1q_u16(bit)));
}
static inline unsigned lanes32(M32 m)
{
    static const uint32_t bit[4] = {1, 2, 4, 8};
    return vaddvq_u32(vandq_u32(U32(m), vld1q_u32(bit)));
}
/* The largest lane (Hardmax). */
#define fmax_lanes32(x) vmaxvq_f32(x)
#define maxs_lanes16(x) vmaxvq_s16(S16(x))
#define lanes64(m) ((unsigned)(vgetq_lane_u64(U64(m), 0) & 1) | (unsigned)(vgetq_lane_u64(U64(m), 1) & 1) << 1)

/* 16-bit lanes as the high halves of 32-bit ones (the comparisons of 16-bit floats,
   ops/logical.h): zip1 and zip2 with zero, in element order. */
#define high_halves_lo(x) B16(vzip1q_u16(vdupq_n_u16(0), U16(x)))
#define high_halves_hi(x) B16(vzip2q_u16(vdupq_n_u16(0), U16(x)))
#define high_halves_order(r) (r)
/* f16 <-> f32: fcvtl widens exactly; fcvtn rounds as FPCR says (nearest even: the
   execute clears the caller's other modes and flush-to-zero first). */
#define h2f_lo(x) vcvt_f32_f16(vget_low_f16(vreinterpretq_f16_u8(x)))
#define h2f_hi(x) vcvt_high_f32_f16(vreinterpretq_f16_u8(x))
#define f2h(lo, hi) vreinterpretq_u8_f16(vcvt_high_f16_f32(vcvt_f16_f32(lo), (hi)))

/* Rounding to an integral value toward +inf (fceil) and -inf (ffloor), IEEE's
   roundToIntegral: a NaN comes back quiet, the sign is kept (Ceil, Floor); and fmax and
   fmin, the greater and the lesser of two floats in lanes where neither is a NaN; of two
   zeros, the one IEEE orders so (-0 below +0: FMAX and FMIN). */
#define fceil32 vrndpq_f32
#define ffloor32 vrndmq_f32
#define fceil64 vrndpq_f64
#define ffloor64 vrndmq_f64
/* Toward zero (ftrunc) and to nearest with ties to even (fnearest), likewise. */
#define ftrunc32 vrndq_f32
#define fnearest32 vrndnq_f32
#define ftrunc64 vrndq_f64
#define fnearest64 vrndnq_f64
#define fmax32 vmaxq_f32
#define fmax64 vmaxq_f64
#define fmin32 vminq_f32
#define fmin64 vminq_f64
/* IEEE comparisons of the float views, lanes of all ones where true: false wherever a
   lane holds a NaN, -0 equal to +0 (the comparisons' fast kernels). */
#define feq32(a, b) B32(vceqq_f32(tof32(a), tof32(b)))
#define fgt32(a, b) B32(vcgtq_f32(tof32(a), tof32(b)))
#define fge32(a, b) B32(vcgeq_f32(tof32(a), tof32(b)))
#define feq64(a, b) B64(vceqq_f64(tof64(a), tof64(b)))
#define fgt64(a, b) B64(vcgtq_f64(tof64(a), tof64(b)))
#define fge64(a, b) B64(vcgeq_f64(tof64(a), tof64(b)))

/* f64 lanes for the correctly rounded functions (kernels/vector_crmath.inc): half of the f32
   lanes widened, two halves narrowed (to nearest, FPCR's default), a table read (two
   loads: NEON has no gather). */
#define HAS_F64_LANES 1
#define wide_lo(x) vcvt_f64_f32(vget_low_f32(tof32(x)))
#define wide_hi(x) vcvt_high_f64_f32(tof32(x))
#define narrow_f64(lo, hi) fromf32(vcvt_high_f32_f64(vcvt_f32_f64(lo), (hi)))
/* The low 32 bits of each f64 lane of lo, then of hi, in element order. */
#define low32_f64(lo, hi)                                                                   \
    B32(vuzp1q_u32(vreinterpretq_u32_f64(lo), vreinterpretq_u32_f64(hi)))
static inline float64x2_t gather64(const double *base, V idx)
{
    return vcombine_f64(vld1_f64(base + vgetq_lane_u64(U64(idx), 0)),
                        vld1_f64(base + vgetq_lane_u64(U64(idx), 1)));
}

#include "kernels/vector_kernels.inc"
