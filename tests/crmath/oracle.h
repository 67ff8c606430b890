/* The correctly rounded oracle of the tests (MPFR; never linked into the library).

   A function is described by an MPFR evaluation of its formula, with the formula's error
   in ulps of the working precision, and optionally a filter: a binary64 evaluation through
   the C library with a known error bound. The oracle answers from the filter when every
   value within the bound rounds to one result (almost always), and otherwise evaluates
   the formula with MPFR at growing precision until the rounding is decided (Ziv's loop).
   A formula whose value is exactly a midpoint of the format never decides: at 4096 bits
   the oracle takes the value as exact and rounds the tie to even.

   Results are rounded once to nearest-even in the format, with subnormals (never
   flushed) and overflow to infinity. The oracle answers numbers: NaN inputs and results
   are the caller's to compare by its own NaN rule (dmlp_oracle_eval reports them). */
#ifndef DMLP_TEST_CRMATH_ORACLE_H
#define DMLP_TEST_CRMATH_ORACLE_H

#include <mpfr.h>
#include <stdint.h>

typedef enum dmlp_oracle_format {
    DMLP_ORACLE_F32,
    DMLP_ORACLE_F16,
    DMLP_ORACLE_BF16,
    DMLP_ORACLE_F64,
} dmlp_oracle_format;

typedef struct dmlp_oracle {
    const char *name;
    /* y = the formula at x (exact binary64) and the parameters, at y's precision, within
       2^err_log2 ulps of y's precision (0: one correctly rounded MPFR function). */
    void (*formula)(mpfr_t y, const mpfr_t x, const double *params);
    int err_log2;
    /* The formula in binary64 through libm, and a bound on its error in binary64
       patterns (ulps) of its result; NULL: MPFR always. */
    double (*filter)(double x, const double *params);
    uint64_t filter_ulps;
    /* 1 when the filter returns +-0 or +-inf only where the exact value is that, or
       lies far beyond binary32's range on that side (exp(x) is inf past 709.78 and 0
       below -745.13; 1 / (1 + exp(-x)) is 0 below -709.78, where the exact value is
       below 2^-1000): such a result then decides the narrow formats at once instead of going to
       MPFR. Not for a formula that can cancel to 0 in binary64 (1 + erf(x)). */
    int filter_saturates;
} dmlp_oracle;

/* The formula at x rounded once in the format, as a double (every value of the formats
   is one). A NaN result comes back as NaN. */
double dmlp_oracle_eval(const dmlp_oracle *o, double x, const double *params,
                        dmlp_oracle_format format);

/* The same as the format's bits, for a finite or infinite x of that format; a NaN x gives
   x made quiet, a NaN result from a number the positive default quiet NaN (the rule the
   library's kernels follow; tests with another rule compare NaN-ness themselves). */
uint32_t dmlp_oracle_f32(const dmlp_oracle *o, uint32_t x, const double *params);
uint16_t dmlp_oracle_f16(const dmlp_oracle *o, uint16_t x, const double *params);
uint16_t dmlp_oracle_bf16(const dmlp_oracle *o, uint16_t x, const double *params);

/* log2 of the relative error of hi + lo against ref (-1000 when they are equal): how the
   tests hold an evaluation to its proven bound. */
double dmlp_oracle_rel_err(double hi, double lo, const mpfr_t ref);

/* f_formula and f_filter for a one-argument function f without parameters that MPFR
   (mpfr_f, correctly rounded at the working precision) and the C library (f) both have. */
#define DMLP_ORACLE_MPFR_AND_LIBM(f)                                                        \
    static void f##_formula(mpfr_t y, const mpfr_t x, const double *params)                 \
    {                                                                                       \
        (void)params;                                                                       \
        mpfr_##f(y, x, MPFR_RNDN);                                                          \
    }                                                                                       \
    static double f##_filter(double x, const double *params)                                \
    {                                                                                       \
        (void)params;                                                                       \
        return f(x);                                                                        \
    }

/* How many evaluations on this thread have gone to MPFR (tests report the share). */
unsigned long long dmlp_oracle_mpfr_calls(void);

#endif
