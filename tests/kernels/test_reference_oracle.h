/* The reference kernel tests' own model of the number formats, written apart from the
   library (no fp_convert.h, no kernel helpers): decoding by exponent and mantissa
   fields, rounding to nearest even by integer arithmetic on exact doubles, and exact
   rational rounding. Expected values are built from these, never from the code under
   test. */
#ifndef DMLP_TEST_REFERENCE_ORACLE_H
#define DMLP_TEST_REFERENCE_ORACLE_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "test_util.h"

/* Like CHECK_EQ_U64, with the context (a format and its arguments) printed on a line of
   its own, so the context may have arguments. */
#define CHECK_BITS(actual, expected, ...)                                                   \
    do {                                                                                    \
        uint64_t a_ = (uint64_t)(actual), e_ = (uint64_t)(expected);                        \
        if (a_ == e_) {                                                                     \
            test_checks_passed_++;                                                          \
        } else {                                                                            \
            TEST_FAIL_("%s is 0x%" PRIx64 ", expected 0x%" PRIx64, #actual, a_, e_); \
            if (test_checks_failed_ <= 50) {                                                \
                fprintf(stderr, "    for ");                                                \
                fprintf(stderr, __VA_ARGS__);                                               \
                fputc('\n', stderr);                                                        \
            }                                                                               \
        }                                                                                   \
    } while (0)

/* A binary interchange-style format: ebits exponent bits, mbits stored mantissa bits. */
typedef struct oracle_format {
    int ebits, mbits;
} oracle_format;

static const oracle_format ORACLE_F16 = {5, 10};
static const oracle_format ORACLE_BF16 = {8, 7};
static const oracle_format ORACLE_F32 = {8, 23};
static const oracle_format ORACLE_F64 = {11, 52};

static inline uint64_t oracle_field_exponent(uint64_t bits, oracle_format f)
{
    return (bits >> f.mbits) & ((UINT64_C(1) << f.ebits) - 1u);
}

static inline uint64_t oracle_field_mantissa(uint64_t bits, oracle_format f)
{
    return bits & ((UINT64_C(1) << f.mbits) - 1u);
}

static inline int oracle_negative(uint64_t bits, oracle_format f)
{
    return (int)((bits >> (f.ebits + f.mbits)) & 1u);
}

static inline int oracle_is_nan(uint64_t bits, oracle_format f)
{
    return oracle_field_exponent(bits, f) == (UINT64_C(1) << f.ebits) - 1u &&
           oracle_field_mantissa(bits, f) != 0;
}

static inline int oracle_is_inf(uint64_t bits, oracle_format f)
{
    return oracle_field_exponent(bits, f) == (UINT64_C(1) << f.ebits) - 1u &&
           oracle_field_mantissa(bits, f) == 0;
}

static inline int oracle_bias(oracle_format f)
{
    return (1 << (f.ebits - 1)) - 1;
}

/* The exact value of a finite encoding, as a double (exact for every format here). */
static inline double oracle_decode(uint64_t bits, oracle_format f)
{
    int e = (int)oracle_field_exponent(bits, f);
    uint64_t m = oracle_field_mantissa(bits, f);
    double magnitude;
    if (e == 0)
        magnitude = ldexp((double)m, 1 - oracle_bias(f) - f.mbits);
    else
        magnitude = ldexp((double)(m | (UINT64_C(1) << f.mbits)), e - oracle_bias(f) - f.mbits);
    return oracle_negative(bits, f) ? -magnitude : magnitude;
}

/* v rounded to nearest even on the grid of a format with p significant bits and smallest
   normal 2^emin (no overflow handling: callers stay in range). Every step is exact:
   scaling by a power of two, floor, and the comparison of the fraction with 1/2. */
static inline double oracle_round(double v, int p, int emin)
{
    if (v == 0)
        return v;
    int e;
    (void)frexp(fabs(v), &e); /* |v| in [2^(e-1), 2^e) */
    int k = e - 1 < emin ? emin : e - 1;
    int quantum = k - p + 1;
    double scaled = ldexp(fabs(v), -quantum);
    double whole = floor(scaled);
    double fraction = scaled - whole;
    if (fraction > 0.5 || (fraction == 0.5 && fmod(whole, 2.0) == 1.0))
        whole += 1.0;
    double r = ldexp(whole, quantum);
    return v < 0 ? -r : r;
}

static inline double oracle_round_format(double v, oracle_format f)
{
    return oracle_round(v, f.mbits + 1, 1 - oracle_bias(f));
}

/* The encoding of v, which must be exactly representable and finite in f. */
static inline uint64_t oracle_encode(double v, oracle_format f)
{
    uint64_t sign = (uint64_t)(signbit(v) != 0) << (f.ebits + f.mbits);
    double a = fabs(v);
    if (a == 0)
        return sign;
    int e;
    (void)frexp(a, &e);
    int exponent = e - 1 + oracle_bias(f); /* biased */
    if (exponent <= 0) /* subnormal: a multiple of the smallest one */
        return sign | (uint64_t)ldexp(a, oracle_bias(f) - 1 + f.mbits);
    uint64_t m = (uint64_t)ldexp(a, f.mbits - (e - 1)) - (UINT64_C(1) << f.mbits);
    return sign | ((uint64_t)exponent << f.mbits) | m;
}

/* Sets (on != 0) or clears the CPU's flush-to-zero and denormals-are-zero modes, which
   code elsewhere in a process (anything built with -ffast-math) may turn on; the kernels
   must give the same bits either way. Returns 0 where there is no such mode to set.
   The oracle's own doubles stay normal for every input the tests give it. */
#if defined(__x86_64__)
#include <xmmintrin.h>
static inline int oracle_flush_denormals(int on)
{
    unsigned int csr = _mm_getcsr();
    _mm_setcsr(on ? (csr | 0x8040u) : (csr & ~0x8040u)); /* FTZ bit 15, DAZ bit 6 */
    return 1;
}
#else
static inline int oracle_flush_denormals(int on)
{
    (void)on;
    return 0;
}
#endif

__extension__ typedef unsigned __int128 oracle_u128;

/* a / b (a, b > 0, below 2^64) rounded to nearest even with p bits and smallest normal
   2^emin, by integer division: the correctly rounded quotient, no floating point. */
static inline double oracle_round_quotient(uint64_t a, uint64_t b, int p, int emin)
{
    int k = 0; /* floor(log2(a / b)) */
    oracle_u128 A = a, B = b;
    while (A >= B * 2) {
        B *= 2;
        k++;
    }
    B = b;
    while (A < B) {
        A *= 2;
        k--;
    }
    if (k < emin)
        k = emin;
    int quantum = k - p + 1;
    oracle_u128 num = a, den = b;
    if (quantum <= 0)
        num <<= -quantum;
    else
        den <<= quantum;
    oracle_u128 whole = num / den, rest = num % den;
    if (rest * 2 > den || (rest * 2 == den && (whole & 1)))
        whole++;
    return ldexp((double)(uint64_t)whole, quantum);
}

/* SplitMix64: a fixed-seed stream of test inputs. */
static inline uint64_t oracle_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

#endif
