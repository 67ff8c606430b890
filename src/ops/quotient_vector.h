/* Truncated integer quotients of 8-, 16- and 32-bit lanes, for the fast kernels of Divide
   and the two moduli (included by their vector parts, compiled in each ISA's template).
   The vocabulary has no integer division, so each quotient is a float division of the
   operands held exactly, truncated, read back as an integer:
   - 8- and 16-bit lanes in binary32, each 32-bit lane's parts in turn (two of 16 bits,
     four of 8): the part's bits under 2^23's exponent are the f32 2^23 + u (a signed part
     with its sign bit flipped: 2^23 + 2^(W-1) + s), exact, less that bias, exact;
   - 32-bit lanes in binary64 likewise, the even and odd lanes of each 64-bit lane under
     2^52's exponent.
   The quotient q = a / b rounded once, then truncated, is trunc(a / b) exactly whenever
   |a| + |b| < 2^p (p = 24 for binary32, 53 for binary64), so for every operand here
   (|a| + |b| <= 2^17, 2^33). Take a / b > 0 (the other sign is the mirror image, rounding
   to nearest being symmetric) and k = trunc(a / b). k <= a / b and k is a float, so the
   rounded q >= k. If a / b is no integer, k + 1 - a / b >= 1 / b, while half an ulp of
   k + 1 is at most 2^-p (k + 1) <= 2^-p (a / b + 1) = 2^-p (a + b) / b < 1 / b: the
   rounded q stays below k + 1, and truncates to k. (If a / b is an integer q is exact.)
   The integral q is read back by adding 1.5 * 2^23 (binary64: 1.5 * 2^52), exact for
   |q| <= 2^22 (2^51), whose low bits are then q modulo 2^W: INT_MIN / -1 wraps to
   INT_MIN, as the reference gives it. A lane whose divisor is 0 (refused by the core
   before a kernel runs; the kernels called directly give 0) is set to 0 afterwards, so
   the float division's infinity or NaN there reaches no output. Every operand and
   quotient is an integer, 0 or at least 2^-32 in magnitude: no subnormal arises, and the
   results do not depend on the flush-to-zero or denormals-are-zero state. */
#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR) && !defined(DMLP_OPS_QUOTIENT_VECTOR_H)
#define DMLP_OPS_QUOTIENT_VECTOR_H 1

/* The W-bit part at bit `at` of each 32-bit lane of x as an exact f32 (signed or not). */
static ALWAYS_INLINE F32 quot_part32(V x, int at, int W, int sign)
{
    V f = at ? srli32(x, at) : x;
    if (at + W < 32)
        f = vand(f, set32((1u << W) - 1));
    V bias = set32(0x4b000000u | (sign ? 1u << (W - 1) : 0u));
    return fsub32(tof32(vxor(f, bias)), tof32(bias));
}

/* The quotient of the W-bit parts at bit `at`, its W bits back in place. */
static ALWAYS_INLINE V quot_step32(V x, V y, int at, int W, int sign)
{
    F32 q = ftrunc32(fdiv32(quot_part32(x, at, W, sign), quot_part32(y, at, W, sign)));
    V bits = fromf32(fadd32(q, tof32(set32(0x4b400000u))));
    if (at + W < 32)
        bits = vand(bits, set32((1u << W) - 1));
    return at ? slli32(bits, at) : bits;
}

/* The even (odd = 0) or odd 32-bit lanes of x, as exact f64s. */
static ALWAYS_INLINE F64 quot_part64(V x, int odd, int sign)
{
    V f = odd ? srli64(x, 32) : vand(x, set64(0xffffffffu));
    V bias = set64(0x4330000000000000u | (sign ? 0x80000000u : 0u));
    return fsub64(tof64(vxor(f, bias)), tof64(bias));
}

static ALWAYS_INLINE V quot_step64(V x, V y, int odd, int sign)
{
    F64 q = ftrunc64(fdiv64(quot_part64(x, odd, sign), quot_part64(y, odd, sign)));
    V bits = fromf64(fadd64(q, tof64(set64(0x4338000000000000u))));
    return odd ? slli64(bits, 32) : vand(bits, set64(0xffffffffu));
}

/* trunc(x / y) of each lane, wrapping; 0 where y is 0. */
static ALWAYS_INLINE V quotient8(V x, V y, int sign)
{
    V q = vor(vor(quot_step32(x, y, 0, 8, sign), quot_step32(x, y, 8, 8, sign)),
              vor(quot_step32(x, y, 16, 8, sign), quot_step32(x, y, 24, 8, sign)));
    return sel8(eq8(y, zero()), zero(), q);
}
static ALWAYS_INLINE V quotient16(V x, V y, int sign)
{
    V q = vor(quot_step32(x, y, 0, 16, sign), quot_step32(x, y, 16, 16, sign));
    return sel16(eq16(y, zero()), zero(), q);
}
static ALWAYS_INLINE V quotient32(V x, V y, int sign)
{
    V q = vor(quot_step64(x, y, 0, sign), quot_step64(x, y, 1, sign));
    return sel32(eq32(y, zero()), zero(), q);
}

/* The kernel of a 32-bit element function f: where ftrunc is no single instruction
   (isa_trunc_native: SSE2, whose divide also takes two binary64 lanes at a time) the
   run goes to the reference kernel, which measured faster there (docs/performance.md). */
#define QUOTIENT_KERNEL32(type, op, f)                                                      \
    void dmlp__##type##_##op##__reference(BINARY_PARAMS);                                   \
    BINARY_KERNEL_DECL(type, op)                                                            \
    {                                                                                       \
        if (!isa_trunc_native)                                                              \
            dmlp__##type##_##op##__reference(n, a, b, out, scalar, args);                   \
        else                                                                                \
            run_binary(n, a, b, out, scalar, args, 4, f, setup_none);                       \
    }
#endif
