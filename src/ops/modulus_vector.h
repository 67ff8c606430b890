/* What the fast kernels of ELEMENT_WISE_MODULUS_TRUNCATE and _FLOOR share (included by
   both files' vector parts, compiled in each ISA's template). MODULUS_VECTOR(op, FLOOR).
   Integers: r = a - trunc(a / b) * b, wrapping, the quotient exact (ops/quotient_vector.h;
   INT_MIN by -1 gives the quotient INT_MIN and r = 0, the reference's), 0 where b is 0;
   floored (signed types), b added where r is nonzero and its sign is not b's (|r| < |b|:
   no overflow), as the reference does. */
#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR) && !defined(DMLP_OPS_MODULUS_VECTOR_H)
#define DMLP_OPS_MODULUS_VECTOR_H 1
#include "ops/quotient_vector.h"

static ALWAYS_INLINE V modulus_mul8(V x, V y) { return bin_mul_8(x, y, NULL); }

#define MODULUS_INT(op, FLOOR, t, w, S, sign, mul)                                          \
    static ALWAYS_INLINE V imod_##op##_##t(V x, V y, const kc *c)                           \
    {                                                                                       \
        (void)c;                                                                            \
        V r = sub##w(x, mul(quotient##w(x, y, sign), y));                                   \
        r = sel##w(eq##w(y, zero()), zero(), r);                                            \
        if (FLOOR && sign)                                                                  \
            r = sel##w(mandn(eq##w(r, zero()), ltz##w(vxor(r, y))), add##w(r, y), r);       \
        return r;                                                                           \
    }                                                                                       \
    BINARY_KERNEL(t, op, S, imod_##op##_##t, setup_none)

#define MODULUS_VECTOR(op, FLOOR)                                                           \
    MODULUS_INT(op, FLOOR, i8, 8, 1, 1, modulus_mul8)                                       \
    MODULUS_INT(op, FLOOR, u8, 8, 1, 0, modulus_mul8)                                       \
    MODULUS_INT(op, FLOOR, i16, 16, 2, 1, mul16)                                            \
    MODULUS_INT(op, FLOOR, u16, 16, 2, 0, mul16)                                            \
    MODULUS_INT(op, FLOOR, i32, 32, 4, 1, mul32)                                            \
    MODULUS_INT(op, FLOOR, u32, 32, 4, 0, mul32)
#endif
