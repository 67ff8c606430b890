/* What QuantizeLinear and DequantizeLinear share: the arithmetic of one element
   (docs/operators.md), for their reference kernels and the tests.

   Quantize: clamp(round(input / scale) + zero_point, Min, Max).
   - A float input (FLOAT32; FLOAT16 and BFLOAT16 widened exactly, with a scale of the
     same type widened exactly) is divided in binary32: the quotient is rounded once to
     binary32 (IEEE division), then to the nearest integer, ties to even.
   - An INT32 input (with a FLOAT32 scale) is not rounded to binary32 first: the exact
     quotient input / scale is rounded to the nearest integer, ties to even.
   - The zero point is added exactly and the sum saturates to the output type's range.
   - A NaN quotient (a NaN input or scale, 0 / 0, inf / inf) gives Min, as the page's
     clamp does on DirectML's GPU max and min (IEEE 754-2008 maxNum, minNum: the NaN
     loses). ±inf saturates (a scale of ±0 divides by zero: ±inf, or NaN for 0 / 0).
     -0 and every quotient below 1/2 in magnitude give the zero point.

   Dequantize: (input - zero_point) * scale, with the integer difference exact and the
   product exact, rounded once to the output type (the scale's type). A NaN scale gives
   itself made quiet; 0 * ±inf gives the positive quiet NaN with no payload; signs of
   zeros and infinities are IEEE's (the integer difference is a +0 when 0).

   Nothing here depends on the processor's flush-to-zero or denormals-are-zero modes:
   the quantize division is done on doubles widened from the bits (every binary32 value,
   subnormals included, is a normal double), and dequantize is integer arithmetic.
   Both expect the default rounding mode, which dmlp_operator_execute sets. */
#ifndef DMLP_OPS_QUANTIZE_H
#define DMLP_OPS_QUANTIZE_H

#include <stdint.h>

#include "numeric/fp_convert.h"
#include "platform/compiler.h"

/* A binary32 value as a double, from its bits by integer operations (so that a CPU
   reading subnormal operands as zero never sees one). */
static inline double dmlp__quant_widen(uint32_t x)
{
    uint64_t sign = (uint64_t)(x >> 31) << 63;
    uint32_t exponent = (x >> 23) & 0xffu, mantissa = x & 0x7fffffu;
    if (exponent == 0xffu) /* inf, or NaN with its payload */
        return dmlp__f64_from_bits(sign | UINT64_C(0x7ff0000000000000) |
                                   ((uint64_t)mantissa << 29));
    if (exponent == 0) {
        if (mantissa == 0)
            return dmlp__f64_from_bits(sign);
        /* subnormal: mantissa * 2^-149, normalised so that its leading bit is implicit */
        int lead = dmlp__msb64(mantissa);
        uint64_t fraction = ((uint64_t)mantissa << (52 - lead)) & UINT64_C(0xfffffffffffff);
        uint64_t biased = (uint64_t)(lead - 149 + 1023);
        return dmlp__f64_from_bits(sign | (biased << 52) | fraction);
    }
    return dmlp__f64_from_bits(sign | ((uint64_t)(exponent - 127u + 1023u) << 52) |
                               ((uint64_t)mantissa << 29));
}

/* Past this magnitude every quotient saturates, whatever the zero point (the widest
   output, 16 bits, has a range of 65535). */
#define DMLP__QUANT_LIMIT 1048576

/* q (not NaN) rounded to the nearest integer, ties to even, on its bits; held to
   ±DMLP__QUANT_LIMIT. */
static inline int32_t dmlp__quant_round(double q)
{
    uint64_t bits = dmlp__f64_bits(q);
    uint64_t magnitude = bits & UINT64_C(0x7fffffffffffffff);
    int negative = (int)(bits >> 63);
    int32_t r;
    if (magnitude >= UINT64_C(0x4130000000000000)) { /* 2^20 and up, and infinity */
        r = DMLP__QUANT_LIMIT;
    } else {
        unsigned exponent = (unsigned)(magnitude >> 52);
        if (exponent < 1022u) { /* below 1/2: 0 */
            r = 0;
        } else {
            uint64_t m = (magnitude & UINT64_C(0xfffffffffffff)) | (UINT64_C(1) << 52);
            unsigned shift = 1075u - exponent; /* 33 (at 2^19) to 53 (at 1/2) */
            uint64_t whole = m >> shift, rest = m & ((UINT64_C(1) << shift) - 1u);
            uint64_t half = UINT64_C(1) << (shift - 1u);
            whole += rest > half || (rest == half && (whole & 1u));
            r = (int32_t)whole;
        }
    }
    return negative ? -r : r;
}

/* The rest of the formula once the quotient is known: round, add the zero point,
   saturate; NaN gives lo. */
static inline int32_t dmlp__quant_finish(double q, int32_t zero_point, int32_t lo, int32_t hi)
{
    if (q != q)
        return lo;
    int32_t sum = dmlp__quant_round(q) + zero_point;
    return sum < lo ? lo : sum > hi ? hi : sum;
}

/* A float input and scale given as binary32 bits (FLOAT16 and BFLOAT16 widened exactly
   by the callers below). The double quotient of two binary32 values rounded to binary32
   is their correctly rounded binary32 quotient (53 >= 2 * 24 + 2 bits). A quotient
   that is subnormal in binary32 rounds to 0 whether or not it is flushed. */
static inline int32_t dmlp__quantize_f32(uint32_t x, uint32_t scale, int32_t zero_point,
                                         int32_t lo, int32_t hi)
{
    float q = (float)(dmlp__quant_widen(x) / dmlp__quant_widen(scale));
    return dmlp__quant_finish((double)q, zero_point, lo, hi);
}

static inline int32_t dmlp__quantize_f16(uint16_t x, uint16_t scale, int32_t zero_point,
                                         int32_t lo, int32_t hi)
{
    return dmlp__quantize_f32(dmlp__f32_bits(dmlp__f16_to_f32(x)),
                              dmlp__f32_bits(dmlp__f16_to_f32(scale)), zero_point, lo, hi);
}

static inline int32_t dmlp__quantize_bf16(uint16_t x, uint16_t scale, int32_t zero_point,
                                          int32_t lo, int32_t hi)
{
    return dmlp__quantize_f32((uint32_t)x << 16, (uint32_t)scale << 16, zero_point, lo, hi);
}

/* An INT32 input with a FLOAT32 scale: the double quotient is rounded once from the exact
   one, and its nearest integer is the exact quotient's wherever the result does not
   saturate (a quotient that is not a half-integer is at least 2^-25 from one, and
   below 2^28 the double's error is smaller than that). */
static inline int32_t dmlp__quantize_i32(int32_t x, uint32_t scale, int32_t zero_point,
                                         int32_t lo, int32_t hi)
{
    return dmlp__quant_finish((double)x / dmlp__quant_widen(scale), zero_point, lo, hi);
}

/* A float output format: exponent and stored mantissa bits (an IEEE binary format). */
typedef struct dmlp__quant_format {
    unsigned ebits, mbits;
} dmlp__quant_format;

static const dmlp__quant_format dmlp__quant_f32 = {8, 23};
static const dmlp__quant_format dmlp__quant_f16 = {5, 10};
static const dmlp__quant_format dmlp__quant_bf16 = {8, 7};

/* sign * magnitude * 2^exponent (magnitude not 0) rounded to nearest even in f, with
   infinity past its largest finite value. */
static inline uint64_t dmlp__quant_encode(int negative, uint64_t magnitude, int exponent,
                                          const dmlp__quant_format *f)
{
    uint64_t sign = (uint64_t)negative << (f->ebits + f->mbits);
    uint64_t inf = ((UINT64_C(1) << f->ebits) - 1u) << f->mbits;
    int bias = (1 << (f->ebits - 1)) - 1;
    int lead = dmlp__msb64(magnitude) + exponent;           /* the leading bit's exponent */
    int last = (lead > 1 - bias ? lead : 1 - bias) - (int)f->mbits; /* the last kept bit's */
    int drop = last - exponent;
    uint64_t r;
    if (drop <= 0) {
        r = magnitude << -drop; /* exact: at most mbits + 1 bits */
    } else if (drop > 64) {
        r = 0; /* below half the smallest subnormal */
    } else {
        uint64_t kept = drop == 64 ? 0 : magnitude >> drop;
        uint64_t rest = drop == 64 ? magnitude : magnitude & ((UINT64_C(1) << drop) - 1u);
        uint64_t half = UINT64_C(1) << (drop - 1);
        r = kept + (rest > half || (rest == half && (kept & 1u)));
    }
    if (r >> (f->mbits + 1u)) { /* the rounding carried into a new leading bit */
        r >>= 1;
        last++;
    }
    if (r >> f->mbits) { /* normal */
        int64_t biased = (int64_t)last + f->mbits + bias;
        if (biased >= (int64_t)((UINT64_C(1) << f->ebits) - 1u))
            return sign | inf;
        return sign | ((uint64_t)biased << f->mbits) | (r & ((UINT64_C(1) << f->mbits) - 1u));
    }
    return sign | r; /* subnormal or zero */
}

/* (difference) * scale, exact, rounded once to f; difference is input - zero_point,
   exact in 64 bits; scale is binary32 bits holding a value of f (a FLOAT16 or BFLOAT16
   scale widened exactly). */
static inline uint64_t dmlp__dequantize(int64_t difference, uint32_t scale,
                                        const dmlp__quant_format *f)
{
    unsigned top = f->ebits + f->mbits;
    int negative = (difference < 0) ^ (int)(scale >> 31);
    uint64_t sign = (uint64_t)negative << top;
    uint64_t inf = ((UINT64_C(1) << f->ebits) - 1u) << f->mbits;
    uint64_t quiet = UINT64_C(1) << (f->mbits - 1u);
    uint32_t exponent = (scale >> 23) & 0xffu, mantissa = scale & 0x7fffffu;
    if (exponent == 0xffu) {
        if (mantissa) /* the scale's NaN, made quiet, in f */
            return ((uint64_t)(scale >> 31) << top) | inf | quiet |
                   ((uint64_t)mantissa >> (23u - f->mbits));
        return difference == 0 ? inf | quiet : sign | inf;
    }
    if (difference == 0 || (exponent == 0 && mantissa == 0))
        return sign;
    uint64_t d = difference < 0 ? 0u - (uint64_t)difference : (uint64_t)difference;
    uint64_t m = exponent ? mantissa | 0x800000u : mantissa;
    int e = (exponent ? (int)exponent : 1) - 127 - 23;
    return dmlp__quant_encode(negative, d * m, e, f); /* |d| < 2^33, m < 2^24 */
}

/* The typed forms: FLOAT32, FLOAT16 and BFLOAT16 scales, each giving its own type. */
static inline uint32_t dmlp__dequantize_f32(int64_t difference, uint32_t scale)
{
    return (uint32_t)dmlp__dequantize(difference, scale, &dmlp__quant_f32);
}

static inline uint16_t dmlp__dequantize_f16(int64_t difference, uint16_t scale)
{
    return (uint16_t)dmlp__dequantize(difference, dmlp__f32_bits(dmlp__f16_to_f32(scale)),
                                      &dmlp__quant_f16);
}

static inline uint16_t dmlp__dequantize_bf16(int64_t difference, uint16_t scale)
{
    return (uint16_t)dmlp__dequantize(difference, (uint32_t)scale << 16, &dmlp__quant_bf16);
}

#endif
