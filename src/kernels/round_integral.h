/* Internal to src/kernels: a float rounded to an integral value in its own format, on the
   bits (IEEE 754's roundToIntegral with a direction; Ceil and Floor). Exact in every
   format: an integral value is representable wherever its operand was. The sign is kept
   (ceil(-0.5) is -0, floor(0.5) is +0), ±0 and ±inf come back unchanged and a NaN comes
   back quiet with its sign and payload. No floating-point arithmetic: the result cannot
   depend on the processor's rounding mode or on flush-to-zero. */
#ifndef DMLP_KERNELS_ROUND_INTEGRAL_H
#define DMLP_KERNELS_ROUND_INTEGRAL_H

#include <stdint.h>

typedef struct dmlp__round_format {
    uint64_t sign;      /* the sign bit */
    uint64_t inf;       /* +infinity: every magnitude above it is a NaN */
    uint64_t quiet;     /* the quiet-NaN bit */
    uint64_t one;       /* +1.0 */
    unsigned mbits;     /* stored significand bits */
    unsigned bias;      /* exponent bias */
} dmlp__round_format;

static const dmlp__round_format dmlp__round_f16 = {0x8000u, 0x7c00u, 0x0200u, 0x3c00u, 10, 15};
static const dmlp__round_format dmlp__round_bf16 = {0x8000u, 0x7f80u, 0x0040u, 0x3f80u, 7, 127};
static const dmlp__round_format dmlp__round_f32 = {0x80000000u, 0x7f800000u, 0x00400000u,
                                                   0x3f800000u, 23, 127};
static const dmlp__round_format dmlp__round_f64 = {0x8000000000000000u, 0x7ff0000000000000u,
                                                   0x0008000000000000u, 0x3ff0000000000000u,
                                                   52, 1023};

enum { DMLP__ROUND_UP, DMLP__ROUND_DOWN };

/* x rounded toward +inf (DMLP__ROUND_UP) or -inf (DMLP__ROUND_DOWN). */
static inline uint64_t dmlp__round_integral(uint64_t x, const dmlp__round_format *f,
                                            int direction)
{
    uint64_t magnitude = x & ~f->sign;
    int negative = (x & f->sign) != 0;
    /* away from zero when rounding up a positive value or down a negative one */
    int away = negative ? direction == DMLP__ROUND_DOWN : direction == DMLP__ROUND_UP;
    if (magnitude > f->inf)
        return x | f->quiet;
    unsigned exponent = (unsigned)(magnitude >> f->mbits);
    if (exponent >= f->bias + f->mbits) /* integral already, or an infinity */
        return x;
    if (exponent < f->bias) /* |x| < 1: ±0, or ±1 away from zero, or ±0 toward it */
        return magnitude == 0 ? x : (x & f->sign) | (away ? f->one : 0);
    uint64_t fraction = (UINT64_C(1) << (f->bias + f->mbits - exponent)) - 1;
    if ((magnitude & fraction) == 0)
        return x;
    /* Truncate toward zero; away from zero add one unit first (a carry into the
       exponent gives the next power of two, which is right). */
    magnitude = away ? (magnitude + fraction) & ~fraction : magnitude & ~fraction;
    return (x & f->sign) | magnitude;
}

/* x rounded to an integral value as DML_ROUNDING_MODE says: 0 to nearest with ties to
   even, 1 toward zero, 2 to nearest with ties away from zero (Round). The sign, ±0, ±inf
   and NaNs as above: |x| below one half gives ±0 in every mode. */
static inline uint64_t dmlp__round_integral_mode(uint64_t x, const dmlp__round_format *f,
                                                 unsigned mode)
{
    uint64_t magnitude = x & ~f->sign, sign = x & f->sign;
    if (magnitude > f->inf)
        return x | f->quiet;
    unsigned exponent = (unsigned)(magnitude >> f->mbits);
    if (exponent >= f->bias + f->mbits) /* integral already, or an infinity */
        return x;
    if (exponent < f->bias - 1) /* |x| < 1/2 */
        return sign;
    if (exponent == f->bias - 1) /* 1/2 <= |x| < 1: ties (exactly 1/2) go to 0 when even */
        return mode == 1 || (mode == 0 && magnitude == (f->one - (UINT64_C(1) << f->mbits)))
                   ? sign
                   : sign | f->one;
    uint64_t fraction = (UINT64_C(1) << (f->bias + f->mbits - exponent)) - 1;
    uint64_t unit = fraction + 1, half = unit >> 1, rest = magnitude & fraction;
    uint64_t truncated = magnitude & ~fraction;
    /* The integer's lowest bit is the bit `unit` of the magnitude: a significand bit, or
       for 1 <= |x| < 2 the exponent's lowest bit, set as every bias here is odd. */
    int up = mode != 1 && (rest > half || (rest == half && (mode == 2 || (magnitude & unit))));
    return sign | (up ? truncated + unit : truncated); /* a carry gives the next power of 2 */
}

#endif
