/* Internal: the last step of every correctly rounded function (src/numeric/cr_*.c):
   rounding a binary64 value, or a double-double, once to nearest-even in the output
   format (binary32, binary16, bfloat16), and deciding whether an approximation with a
   known error bound rounds to the same value as the exact result would.

   Rounding is done on the bits, once, from the double: going through binary32 first
   would round twice and miss ties for the 16-bit formats. Results too small for the
   format become correctly rounded subnormals or signed zeros (never flushed), results
   too large become infinity; none of it depends on the rounding mode or FTZ/DAZ. */
#ifndef DMLP_NUMERIC_CR_ROUND_H
#define DMLP_NUMERIC_CR_ROUND_H

#include <stdint.h>

#include "numeric/double_double.h"
#include "numeric/fp_convert.h"

/* A binary format narrower than binary64: `frac` stored fraction bits and `exp` exponent
   bits (binary32 23/8, binary16 10/5, bfloat16 7/8). */
#define DMLP__F32_FORMAT 23, 8
#define DMLP__F16_FORMAT 10, 5
#define DMLP__BF16_FORMAT 7, 8

/* d rounded once to nearest-even in the format, as its bits (sign at bit frac + exp).
   A NaN stays NaN: sign and top payload bits kept, made quiet. */
static inline uint32_t dmlp__round_f64_to_format(double d, int frac, int exp)
{
    uint64_t bits = dmlp__f64_bits(d);
    uint32_t sign = (uint32_t)(bits >> 63) << (frac + exp);
    uint64_t mag = bits & 0x7fffffffffffffffu;
    uint32_t inf = ((1u << exp) - 1u) << frac;
    if (mag >= 0x7ff0000000000000u) {
        if (mag == 0x7ff0000000000000u)
            return sign | inf;
        uint32_t payload = (uint32_t)((mag & 0x000fffffffffffffu) >> (52 - frac));
        return sign | inf | (1u << (frac - 1)) | payload;
    }
    int biased = (int)(mag >> 52);
    if (biased == 0) /* zero or a binary64 subnormal: below half of any format's least */
        return sign;
    int bias = (1 << (exp - 1)) - 1;
    int e = biased - 1023 + bias; /* the format's biased exponent, if normal */
    if (e >= (1 << exp) - 1)
        return sign | inf;
    uint64_t m = (mag & 0x000fffffffffffffu) | 0x0010000000000000u;
    int shift = 52 - frac + (e <= 0 ? 1 - e : 0);
    if (shift >= 54) /* below half the least subnormal */
        return sign;
    uint64_t q = m >> shift, rem = m & ((1ull << shift) - 1), half = 1ull << (shift - 1);
    q += rem > half || (rem == half && (q & 1));
    /* Normal: q holds the implicit bit, so (e - 1) << frac + q is the pattern, and a
       carry out of the fraction moves the exponent up (to infinity from the top binade).
       Subnormal: q is the pattern, and its carry makes the least normal. */
    uint64_t pattern = e > 0 ? ((uint64_t)(e - 1) << frac) + q : q;
    return sign | (pattern >= inf ? inf : (uint32_t)pattern);
}

/* hi + lo (|lo| at most half an ulp of hi) rounded once: hi + lo is first rounded to odd
   in binary64 (hi when its last bit is set, else its neighbour toward lo), which keeps
   the sticky information lo carries; rounding that to a format of p <= 51 bits is then
   the correct rounding of hi + lo (round-to-odd at p + 2 bits or more, Boldo and
   Melquiond). Stepping an odd hi as well would be wrong: an odd hi can lie one step
   below a midpoint (which is even) and the step would land on the tie. */
static inline uint32_t dmlp__round_dd_to_format(dmlp__dd v, int frac, int exp)
{
    uint64_t bits = dmlp__f64_bits(v.hi);
    if (v.lo != 0 && v.hi != 0 && !(bits & 1) &&
        (bits & 0x7fffffffffffffffu) < 0x7ff0000000000000u)
        bits += ((v.lo > 0) == (v.hi > 0)) ? 1 : (uint64_t)-1;
    return dmlp__round_f64_to_format(dmlp__f64_from_bits(bits), frac, exp);
}

/* Whether y, within `steps` binary64 patterns of the exact value on either side, rounds
   to the same result as every value in that range; if so *out is that result. A relative
   error bound e is covered by steps >= e * 2^54 (a step below a power of two is half an
   ulp). Ranges that reach zero or infinity are left undecided. */
static inline int dmlp__round_decided(double y, uint64_t steps, int frac, int exp, uint32_t *out)
{
    uint64_t bits = dmlp__f64_bits(y), sign = bits & 0x8000000000000000u;
    uint64_t mag = bits & 0x7fffffffffffffffu;
    if (mag <= steps || mag + steps >= 0x7ff0000000000000u)
        return 0;
    uint32_t low = dmlp__round_f64_to_format(dmlp__f64_from_bits(sign | (mag - steps)), frac, exp);
    uint32_t high = dmlp__round_f64_to_format(dmlp__f64_from_bits(sign | (mag + steps)), frac, exp);
    *out = low;
    return low == high;
}

#endif
