/* What the fast kernels of ELEMENT_WISE_MODULUS_TRUNCATE and _FLOOR share (included by
   both files' vector parts, compiled in each ISA's template). MODULUS_VECTOR(op, FLOOR).
   Integers: r = a - trunc(a / b) * b, wrapping, the quotient exact (ops/quotient_vector.h;
   INT_MIN by -1 gives the quotient INT_MIN and r = 0, the reference's), 0 where b is 0;
   floored (signed types), b added where r is nonzero and its sign is not b's (|r| < |b|:
   no overflow), as the reference does.
   float32: the remainder of the magnitudes in binary64, where it is exact, given its
   sign; lanes the exact path does not cover send their vector to the reference kernel
   (modulus_f32 says which). */
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
   q = trunc(A / B) rounded in binary64 is k = trunc(A / B) or k + 1 (the rounding can
   reach the next integer, never pass it; q >= k as k is a float below 2^53). q has at
   most 29 bits and B 24, so q * B is exact, and A - q * B, whose exact value is
   r = A - k * B or r - B, both below B in magnitude and multiples of B's last place, is
   exact; a negative one takes B back, exactly. r is a float32 multiple of B's last place
   (>= 2^-126: no subnormal, whatever the flush-to-zero state), narrowed back exactly on
   its bits, and takes a's sign. |a| < |b| gives a itself; the floored form then adds b
   in binary32 where the remainder is nonzero of the other sign (one rounding, as the
   reference's), and a zero one takes b's sign. Infinities, zeros of b and NaNs are set
   from the bits last, as the reference orders them. Any other lane (a quotient of 2^29
   or more, or a tiny b) sends the whole vector to the reference kernel: random bits do,
   most data (a remainder by a period, a modulus by a constant) does not. */
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
    r = fromf64(fadd64(tof64(r), tof64(keep64(ltz64(r), fromf64(B)))));
    return sel64(feq64(r, zero()), zero(), sub64(r, set64(FMOD_BIAS64)));
}
typedef void modulus_reference_fn(size_t n, const void *a, const void *b, void *out,
                                  uint32_t scalar, const dmlp__kernel_args *args);
static const dmlp__kernel_args modulus_no_args;

/* The whole vector by the reference kernel. */
static V modulus_by_reference(V x, V y, modulus_reference_fn *reference)
{
    unsigned char ta[VB], tb[VB], to[VB];
    st(ta, x);
    st(tb, y);
    reference(VB / 4, ta, tb, to, 0, &modulus_no_args);
    return ld(to);
}

static ALWAYS_INLINE V modulus_f32(V x, V y, int floor, modulus_reference_fn *reference,
                                   const kc *c)
{
    V ax = vand(x, c->abs), ay = vand(y, c->abs), sign = vandn(c->abs, set32(0xffffffffu));
    /* the exact range: |b| >= 2^-103 and |a| < |b| * 2^29 */
    V least = set32(0x0bffffffu), reach = sub32(ax, set32(29u << 23));
    M32 fast = gt32(ay, sel32(gt32(reach, least), reach, least));
    M32 small = gt32(ay, ax), x_special = gt32(ax, set32(0x7f7fffffu));
    M32 slow = mandn(small, mandn(fast, mandn(x_special, gt32(ay, zero()))));
    if (__builtin_expect(any32(slow), 0))
        return modulus_by_reference(x, y, reference);
    /* each half kept to its own lane: the lanes set afterwards (infinities, NaNs, b = 0)
       compute an inexact remainder, whose low bits would reach the neighbour */
    V r = vor(vand(srli64(fmod_core64(fmod_even64(ax), fmod_even64(ay)), 29),
                   set64(0xffffffffu)),
              vand(slli64(fmod_core64(fmod_odd64(ax), fmod_odd64(ay)), 3),
                   set64(0xffffffff00000000u)));
    r = sel32(small, x, vor(r, vand(x, sign)));
    if (floor) {
        M32 rz = eq32(vand(r, c->abs), zero());
        r = sel32(mandn(rz, ltz32(vxor(r, y))), fromf32(fadd32(tof32(r), tof32(y))), r);
        r = sel32(rz, vand(y, sign), r);
    }
    r = sel32(eq32(ax, c->inf), c->dnan, r);
    r = sel32(eq32(ay, zero()), c->dnan, r);
    r = sel32(nan_32(ay, c), vor(y, c->quiet), r);
    return sel32(nan_32(ax, c), vor(x, c->quiet), r);
}

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
    BINARY_KERNEL(f32, op, 4, fmod_##op##_f32, setup_f32)
#endif
