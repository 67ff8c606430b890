/* What the fast kernels of ELEMENT_WISE_MODULUS_TRUNCATE and _FLOOR share (included by
   both files' vector parts, compiled in each ISA's template). MODULUS_VECTOR(op, FLOOR).
   Integers: r = a - trunc(a / b) * b, wrapping, the quotient exact (ops/quotient_vector.h;
   INT_MIN by -1 gives the quotient INT_MIN and r = 0, the reference's), 0 where b is 0;
   floored (signed types), b added where r is nonzero and its sign is not b's (|r| < |b|:
   no overflow), as the reference does.
   float32: the remainder of the magnitudes in binary64, where it is exact, given its
   sign; lanes the exact path does not cover send their vector to the reference kernel
   (modulus_f32 says which). float16 and bfloat16: widened to float32, the same, rounded
   (modulus_f16, modulus_bf16). float64: the same in binary64 with a fused multiply-add
   (modulus_f64). */
#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR) && !defined(DMLP_OPS_MODULUS_VECTOR_H)
#define DMLP_OPS_MODULUS_VECTOR_H 1
#include "ops/quotient_vector.h"

static ALWAYS_INLINE V modulus_mul8(V x, V y) { return bin_mul_8(x, y, NULL); }

#define MODULUS_INT(op, FLOOR, t, w, S, sign, mul, KERNEL)                                  \
    static ALWAYS_INLINE V imod_##op##_##t(V x, V y, const kc *c)                           \
    {                                                                                       \
        (void)c;                                                                            \
        V r = sub##w(x, mul(quotient##w(x, y, sign), y));                                   \
        r = sel##w(eq##w(y, zero()), zero(), r);                                            \
        if (FLOOR && sign)                                                                  \
            r = sel##w(mandn(eq##w(r, zero()), ltz##w(vxor(r, y))), add##w(r, y), r);       \
        return r;                                                                           \
    }                                                                                       \
    KERNEL(t, op, S, imod_##op##_##t)
#define MODULUS_KERNEL(t, op, S, f) BINARY_KERNEL(t, op, S, f, setup_none)
#define MODULUS_KERNEL32(t, op, S, f) QUOTIENT_KERNEL32(t, op, f)

/* ---- float32 ----
   For |b| <= |a| < |b| * 2^29, both finite and |b| >= 2^-103: A = |a| and B = |b| are
   normal, made binary64 exactly on their bits (the exponent rebiased by 896), and
   q = trunc(A / B) rounded in binary64 is k = trunc(A / B) itself: A / B = k + f, where
   1 - f = (B - r) / B for r = A - k * B, a multiple of B's last place below B, so
   1 - f > 2^-24, while rounding A / B up to k + 1 <= 2^29 needs 1 - f within half an
   ulp of it, at most 2^-25 (the 16-bit types below: B's last place gives 1 - f > 2^-11
   for f16 and 2^-8 for bf16, half an ulp below 2^40 and 2^45 is 2^-13 and 2^-9). q has
   at most 29 bits and B 24, so q * B is exact, and A - q * B = r is exact. r is a
   float32 multiple of B's last place (>= 2^-126: no subnormal, whatever the flush-to-zero
   state), narrowed back exactly on its bits, and takes a's sign. |a| < |b| gives a
   itself; the floored form then adds b in binary32 where the remainder is nonzero of the
   other sign (one rounding, as the reference's), and a zero one takes b's sign.
   Infinities, zeros of b and NaNs are set from the bits last, as the reference orders
   them. Any other lane (a quotient of 2^29 or more, or a tiny b) sends the whole vector
   to the reference kernel: random bits do, most data (a remainder by a period, a modulus
   by a constant) does not. */
#define FMOD_BIAS64 (896ull << 52) /* binary32's exponent bias 127 -> binary64's 1023 */
static ALWAYS_INLINE F64 fmod_even64(V u)
{
    return tof64(add64(slli64(vand(u, set64(0xffffffffu)), 29), set64(FMOD_BIAS64)));
}
static ALWAYS_INLINE F64 fmod_odd64(V u)
{
    return tof64(add64(vand(srli64(u, 3), set64(~0x1fffffffull)), set64(FMOD_BIAS64)));
}
/* fmod(A, B) of magnitudes in the exact range, as binary64 */
static ALWAYS_INLINE V fmod_core64(F64 A, F64 B)
{
    F64 q = ftrunc64(fdiv64(A, B));
    V r = fromf64(fsub64(A, fmul64(q, B)));
    return sel64(feq64(r, zero()), zero(), sub64(r, set64(FMOD_BIAS64)));
}
typedef void modulus_reference_fn(size_t n, const void *a, const void *b, void *out,
                                  uint32_t scalar, const dmlp__kernel_args *args);
static const dmlp__kernel_args modulus_no_args;

/* The whole vector (of S-byte elements) by the reference kernel. */
static V modulus_by_reference(V x, V y, modulus_reference_fn *reference, size_t S)
{
    unsigned char ta[VB], tb[VB], to[VB];
    st(ta, x);
    st(tb, y);
    reference(VB / S, ta, tb, to, 0, &modulus_no_args);
    return ld(to);
}

/* The remainder of f32 lanes x by y whose magnitudes are in an exact range (above, or
   one of the 16-bit types' below), with x's sign; x itself where |x| < |y|; floored if
   asked (the sum in binary32, a zero remainder taking y's sign). The special lanes
   (infinite x, zero y, NaNs) are left to the caller. */
static ALWAYS_INLINE V fmod_lanes32(V x, V y, int floor)
{
    V abs = set32(0x7fffffffu), sign = set32(0x80000000u);
    V ax = vand(x, abs), ay = vand(y, abs);
    /* each half kept to its own lane: the lanes set afterwards (infinities, NaNs, b = 0)
       compute an inexact remainder, whose low bits would reach the neighbour */
    V r = vor(vand(srli64(fmod_core64(fmod_even64(ax), fmod_even64(ay)), 29),
                   set64(0xffffffffu)),
              vand(slli64(fmod_core64(fmod_odd64(ax), fmod_odd64(ay)), 3),
                   set64(0xffffffff00000000u)));
    r = sel32(gt32(ay, ax), x, vor(r, vand(x, sign)));
    if (floor) {
        M32 rz = eq32(vand(r, abs), zero());
        r = sel32(mandn(rz, ltz32(vxor(r, y))), fromf32(fadd32(tof32(r), tof32(y))), r);
        r = sel32(rz, vand(y, sign), r);
    }
    return r;
}

/* Infinities, zeros of b and NaNs set from the input bits last, in the reference's order,
   in lanes of w bits (fmod_specials16, 32 and 64). */
#define FMOD_SPECIALS(w)                                                                    \
    static ALWAYS_INLINE V fmod_specials##w(V x, V y, V r, const kc *c)                     \
    {                                                                                       \
        V ax = vand(x, c->abs), ay = vand(y, c->abs);                                       \
        r = sel##w(eq##w(ax, c->inf), c->dnan, r);                                          \
        r = sel##w(eq##w(ay, zero()), c->dnan, r);                                          \
        r = sel##w(nan_##w(ay, c), vor(y, c->quiet), r);                                    \
        return sel##w(nan_##w(ax, c), vor(x, c->quiet), r);                                 \
    }
FMOD_SPECIALS(16)
FMOD_SPECIALS(32)
FMOD_SPECIALS(64)
#undef FMOD_SPECIALS

static ALWAYS_INLINE V modulus_f32(V x, V y, int floor, modulus_reference_fn *reference,
                                   const kc *c)
{
    V ax = vand(x, c->abs), ay = vand(y, c->abs);
    /* the exact range: |b| >= 2^-103 and |a| < |b| * 2^29 */
    V least = set32(0x0bffffffu), reach = sub32(ax, set32(29u << 23));
    M32 fast = gt32(ay, sel32(gt32(reach, least), reach, least));
    M32 small = gt32(ay, ax), x_special = gt32(ax, set32(0x7f7fffffu));
    M32 slow = mandn(small, mandn(fast, mandn(x_special, gt32(ay, zero()))));
    if (__builtin_expect(any32(slow), 0))
        return modulus_by_reference(x, y, reference, 4);
    return fmod_specials32(x, y, fmod_lanes32(x, y, floor), c);
}

/* ---- float16 and bfloat16 ----
   Widened exactly to f32 (f16 by h2f, its infinities made f32's by h2f_specials; bf16 by
   bf_even and bf_odd), the remainder taken as float32's is (fmod_lanes32), rounded to the
   type: a truncated remainder is exact in the type, so it narrows exactly; the floored
   one's sum r + b is rounded in binary32 and again to the type, as f16's reference does,
   which for bf16 is the correctly rounded sum its reference forms in binary64 (24 >=
   2 * 8 + 2 bits; a sum below f32's normals is exact).
   The exact range: f16 holds every finite pair (|a| < 2^16, |b| >= 2^-24: q < 2^40 has
   at most 41 bits and B 11, so q * B is exact, and r, a multiple of 2^-24, is an f32
   normal). bf16: |a| < |b| * 2^45 (q of at most 45 bits, B of 8) and |b| >= 2^-119 (B's
   last place, and so r, among f32's normals); a vector with any other lane goes to bf16's
   reference kernel, as float32's do. Infinities, zeros of b and NaNs are set from the
   16-bit bits last, in the reference's order. */
static ALWAYS_INLINE V modulus_f16(V x, V y, int floor, const kc *c)
{
    V lo = fmod_lanes32(fromf32(h2f_specials(h2f_lo(x))), fromf32(h2f_specials(h2f_lo(y))),
                        floor);
    V hi = fmod_lanes32(fromf32(h2f_specials(h2f_hi(x))), fromf32(h2f_specials(h2f_hi(y))),
                        floor);
    return fmod_specials16(x, y, f16_results(tof32(lo), tof32(hi)), c);
}
static ALWAYS_INLINE V modulus_bf16(V x, V y, int floor, modulus_reference_fn *reference,
                                    const kc *c)
{
    V ax = vand(x, c->abs), ay = vand(y, c->abs);
    /* the exact range: |b| >= 2^-119 and |a| < |b| * 2^45 */
    V least = set16(0x03ffu), reach = sub16(ax, set16(45u << 7));
    M16 fast = gt16(ay, sel16(gt16(reach, least), reach, least));
    M16 small = gt16(ay, ax), x_special = gt16(ax, set16(0x7f7fu));
    M16 slow = mandn(small, mandn(fast, mandn(x_special, gt16(ay, zero()))));
    if (__builtin_expect(any16(slow), 0))
        return modulus_by_reference(x, y, reference, 2);
    V even = fmod_lanes32(fromf32(bf_even(x)), fromf32(bf_even(y)), floor);
    V odd = fmod_lanes32(fromf32(bf_odd(x)), fromf32(bf_odd(y)), floor);
    return fmod_specials16(x, y, bf_narrow(tof32(even), tof32(odd)), c);
}

/* ---- float64, at the levels with a fused multiply-add (HAS_FMA) ----
   For 2^-969 <= |b| <= |a| < |b| * 2^52, both finite: q = trunc(A / B) (A = |a|,
   B = |b|) rounded in binary64 is k = trunc(A / B) or k + 1, as for float32. The fused
   A - q * B is exact: its exact value, fmod(A, B) or that less B, is a multiple of B's
   last place (A >= B) below B in magnitude, so a binary64 number; a negative one takes B
   back, exactly. B's last place is at least 2^-1021, so a nonzero remainder is normal
   whatever the flush state, and so is the floored sum r + b (at least B's last place).
   The other lanes as float32's: |a| < |b| gives a, the special lanes are set from the
   bits last, any other lane (a quotient of 2^52 or more, a tiny b) sends the vector to
   the reference kernel. The levels without a fused multiply-add run the reference. */
#if defined(HAS_FMA)
static ALWAYS_INLINE V modulus_f64(V x, V y, int floor, modulus_reference_fn *reference,
                                   const kc *c)
{
    V sign = set64(1ull << 63), ax = vand(x, c->abs), ay = vand(y, c->abs);
    /* the exact range: |b| >= 2^-969 and |a| < |b| * 2^52 */
    V least = set64((54ull << 52) - 1), reach = sub64(ax, set64(52ull << 52));
    M64 fast = gts64(ay, sel64(gts64(reach, least), reach, least));
    M64 small = gts64(ay, ax), x_special = gts64(ax, set64(0x7fefffffffffffffull));
    M64 slow = mandn(small, mandn(fast, mandn(x_special, gts64(ay, zero()))));
    if (__builtin_expect(any64(slow), 0))
        return modulus_by_reference(x, y, reference, 8);
    F64 q = ftrunc64(fdiv64(tof64(ax), tof64(ay)));
    V r = fromf64(fmadd64(tof64(vxor(fromf64(q), sign)), tof64(ay), tof64(ax)));
    r = fromf64(fadd64(tof64(r), tof64(keep64(ltz64(r), ay))));
    r = sel64(small, x, vor(r, vand(x, sign)));
    if (floor) {
        M64 rz = eq64(vand(r, c->abs), zero());
        r = sel64(mandn(rz, ltz64(vxor(r, y))), fromf64(fadd64(tof64(r), tof64(y))), r);
        r = sel64(rz, vand(y, sign), r);
    }
    return fmod_specials64(x, y, r, c);
}
#define MODULUS_F64(op, FLOOR)                                                              \
    static ALWAYS_INLINE V fmod_##op##_f64(V x, V y, const kc *c)                           \
    {                                                                                       \
        return modulus_f64(x, y, FLOOR, dmlp__f64_##op##__reference, c);                    \
    }                                                                                       \
    BINARY_KERNEL(f64, op, 8, fmod_##op##_f64, setup_f64)
#else
#define MODULUS_F64(op, FLOOR)                                                              \
    BINARY_KERNEL_DECL(f64, op) { dmlp__f64_##op##__reference(n, a, b, out, scalar, args); }
#endif

#define MODULUS_VECTOR(op, FLOOR)                                                           \
    MODULUS_INT(op, FLOOR, i8, 8, 1, 1, modulus_mul8, MODULUS_KERNEL)                       \
    MODULUS_INT(op, FLOOR, u8, 8, 1, 0, modulus_mul8, MODULUS_KERNEL)                       \
    MODULUS_INT(op, FLOOR, i16, 16, 2, 1, mul16, MODULUS_KERNEL)                            \
    MODULUS_INT(op, FLOOR, u16, 16, 2, 0, mul16, MODULUS_KERNEL)                            \
    MODULUS_INT(op, FLOOR, i32, 32, 4, 1, mul32, MODULUS_KERNEL32)                          \
    MODULUS_INT(op, FLOOR, u32, 32, 4, 0, mul32, MODULUS_KERNEL32)                          \
    modulus_reference_fn dmlp__f32_##op##__reference;                                       \
    static ALWAYS_INLINE V fmod_##op##_f32(V x, V y, const kc *c)                           \
    {                                                                                       \
        return modulus_f32(x, y, FLOOR, dmlp__f32_##op##__reference, c);                    \
    }                                                                                       \
    BINARY_KERNEL(f32, op, 4, fmod_##op##_f32, setup_f32)                                   \
    static ALWAYS_INLINE V fmod_##op##_f16(V x, V y, const kc *c)                           \
    {                                                                                       \
        return modulus_f16(x, y, FLOOR, c);                                                 \
    }                                                                                       \
    BINARY_KERNEL(f16, op, 2, fmod_##op##_f16, setup_f16)                                   \
    modulus_reference_fn dmlp__bf16_##op##__reference;                                      \
    static ALWAYS_INLINE V fmod_##op##_bf16(V x, V y, const kc *c)                          \
    {                                                                                       \
        return modulus_bf16(x, y, FLOOR, dmlp__bf16_##op##__reference, c);                  \
    }                                                                                       \
    BINARY_KERNEL(bf16, op, 2, fmod_##op##_bf16, setup_bf16)                                \
    modulus_reference_fn dmlp__f64_##op##__reference;                                       \
    MODULUS_F64(op, FLOOR)
#endif
