/* The MPFR oracle (oracle.h). Independent of the library's own rounding code: the filter
   decides with its own rounding to the format (round_to: a scaling by a power of two and
   rint, exact in binary64), MPFR the rest. */
#include "crmath/oracle.h"

#include <float.h>
#include <math.h>
#include <string.h>

#define START_PREC 128
#define MAX_PREC 4096

typedef struct format_info {
    int precision; /* significand bits, the implicit one included */
    int emin;      /* exponent of the least normal: 2^emin */
    int emax;      /* exponent of the largest binade */
} format_info;

static const format_info formats[] = {
    [DMLP_ORACLE_F32] = {24, -126, 127},
    [DMLP_ORACLE_F16] = {11, -14, 15},
    [DMLP_ORACLE_BF16] = {8, -126, 127},
    [DMLP_ORACLE_F64] = {53, -1022, 1023},
};

static _Thread_local unsigned long long mpfr_calls;

unsigned long long dmlp_oracle_mpfr_calls(void)
{
    return mpfr_calls;
}

/* y rounded to the format (y nonzero, finite); 0 when the error bound (2^err ulps of y's
   precision) leaves the rounding undecided. */
static int round_decided(mpfr_t y, long err, const format_info *f, double *out)
{
    mpfr_prec_t prec = mpfr_get_prec(y);
    mpfr_exp_t e = mpfr_get_exp(y); /* |y| in [2^(e-1), 2^e) */
    long target = f->precision - (e - 1 < f->emin ? f->emin - (e - 1) : 0);
    if (target >= 1) {
        if (!mpfr_can_round(y, prec - err, MPFR_RNDN, MPFR_RNDZ, target + 1))
            return 0;
        mpfr_t r;
        mpfr_init2(r, target);
        mpfr_set(r, y, MPFR_RNDN);
        *out = mpfr_get_d(r, MPFR_RNDN); /* exact: r has at most 53 bits, in range */
        mpfr_clear(r);
    } else {
        /* Below the least subnormal 2^(emin - precision + 1): 0 or that, split at half of
           it (a tie goes to 0, the even one). Decided when y's error cannot reach it. */
        long least = f->emin - f->precision + 1;
        mpfr_t half, gap;
        mpfr_inits2(prec, half, gap, (mpfr_ptr)0);
        mpfr_set_ui_2exp(half, 1, least - 1, MPFR_RNDN);
        mpfr_abs(gap, y, MPFR_RNDN);
        mpfr_sub(gap, gap, half, MPFR_RNDN);
        int decided = mpfr_zero_p(gap) ? 0 : mpfr_get_exp(gap) > e - prec + err + 1;
        int up = mpfr_sgn(gap) > 0;
        mpfr_clears(half, gap, (mpfr_ptr)0);
        if (!decided)
            return 0;
        *out = up ? ldexp(1.0, (int)least) : 0.0;
        if (mpfr_sgn(y) < 0)
            *out = -*out;
    }
    if (fabs(*out) >= ldexp(2.0, f->emax) * (1.0 - ldexp(1.0, -f->precision - 1)))
        *out = copysign(INFINITY, *out);
    return 1;
}

/* The rounding at precision target when taken as exact (the tie goes to even). */
static double round_exact(mpfr_t y, const format_info *f)
{
    mpfr_exp_t e = mpfr_get_exp(y);
    long target = f->precision - (e - 1 < f->emin ? f->emin - (e - 1) : 0);
    if (target < 1) {
        long least = f->emin - f->precision + 1;
        int cmp = mpfr_cmp_si_2exp(y, mpfr_sgn(y), least - 1); /* |y| against half */
        double r = (mpfr_sgn(y) > 0 ? cmp > 0 : cmp < 0) ? ldexp(1.0, (int)least) : 0.0;
        return mpfr_sgn(y) < 0 ? -r : r;
    }
    mpfr_t r;
    mpfr_init2(r, target);
    mpfr_set(r, y, MPFR_RNDN);
    double d = mpfr_get_d(r, MPFR_RNDN);
    mpfr_clear(r);
    return d;
}

static double by_mpfr(const dmlp_oracle *o, double x, const double *params, const format_info *f)
{
    mpfr_calls++;
    mpfr_t mx, y;
    mpfr_init2(mx, 53);
    mpfr_set_d(mx, x, MPFR_RNDN);
    double result = NAN;
    for (mpfr_prec_t prec = START_PREC;; prec *= 2) {
        mpfr_init2(y, prec);
        o->formula(y, mx, params);
        if (mpfr_nan_p(y) || mpfr_inf_p(y) || mpfr_zero_p(y)) {
            result = mpfr_get_d(y, MPFR_RNDN);
            mpfr_clear(y);
            break;
        }
        if (round_decided(y, o->err_log2, f, &result)) {
            mpfr_clear(y);
            break;
        }
        if (prec >= MAX_PREC) { /* past the format's range: infinity, as decided ones */
            result = round_exact(y, f);
            if (fabs(result) >= ldexp(2.0, f->emax) * (1.0 - ldexp(1.0, -f->precision - 1)))
                result = copysign(INFINITY, result);
            mpfr_clear(y);
            break;
        }
        mpfr_clear(y);
    }
    mpfr_clear(mx);
    return result;
}

/* d rounded to nearest-even in the format, overflow to infinity: d / q for the format's
   quantum q at d is exact (a power of two), and so are rint and the product. */
static double round_to(double d, const format_info *f)
{
    int e;
    frexp(d, &e); /* |d| in [2^(e-1), 2^e) */
    int lead = e - 1 < f->emin ? f->emin : e - 1;
    double q = ldexp(1.0, lead - f->precision + 1);
    double r = rint(d / q) * q;
    if (fabs(r) >= ldexp(1.0, f->emax + 1))
        r = copysign(INFINITY, d);
    return r;
}

/* The filter's answer: y and its neighbours `ulps` binary64 patterns away round to one
   value of the format (rounding is monotonic: so does everything between them). */
static int filter_decides(double y, uint64_t ulps, const format_info *f, double *out)
{
    if (!isfinite(y) || y == 0)
        return 0;
    uint64_t bits;
    memcpy(&bits, &y, sizeof bits);
    uint64_t sign = bits & 0x8000000000000000u, mag = bits & ~0x8000000000000000u;
    if (mag <= ulps || mag + ulps >= 0x7ff0000000000000u)
        return 0;
    uint64_t lo_bits = sign | (mag - ulps), hi_bits = sign | (mag + ulps);
    double lo, hi;
    memcpy(&lo, &lo_bits, sizeof lo);
    memcpy(&hi, &hi_bits, sizeof hi);
    double a = round_to(lo, f), b = round_to(hi, f);
    if (a != b)
        return 0;
    *out = a;
    return 1;
}

double dmlp_oracle_eval(const dmlp_oracle *o, double x, const double *params,
                        dmlp_oracle_format format)
{
    if (isnan(x))
        return x;
    double y;
    if (format != DMLP_ORACLE_F64 && o->filter) {
        double f = o->filter(x, params);
        if (o->filter_saturates && (f == 0 || isinf(f)))
            return f;
        if (filter_decides(f, o->filter_ulps, &formats[format], &y))
            return y;
    }
    return by_mpfr(o, x, params, &formats[format]);
}

uint32_t dmlp_oracle_f32(const dmlp_oracle *o, uint32_t x, const double *params)
{
    float xf;
    memcpy(&xf, &x, sizeof xf);
    if (isnan(xf))
        return x | 0x00400000u;
    float r = (float)dmlp_oracle_eval(o, xf, params, DMLP_ORACLE_F32);
    if (isnan(r))
        return 0x7fc00000u;
    uint32_t bits;
    memcpy(&bits, &r, sizeof bits);
    return bits;
}

/* A value of a 16-bit format (exact in float) as its bits: frac and exp bit counts. */
static uint16_t narrow_exact(double d, int frac, int exp)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    uint16_t sign = (uint16_t)((b >> 63) << 15);
    double a = fabs(d);
    int bias = (1 << (exp - 1)) - 1;
    if (isinf(a))
        return (uint16_t)(sign | (((1u << exp) - 1) << frac));
    if (a == 0)
        return sign;
    int e;
    double m = frexp(a, &e); /* a = m 2^e, m in [0.5, 1) */
    int biased = e - 1 + bias;
    if (biased <= 0) /* subnormal: a / 2^(1 - bias - frac) */
        return (uint16_t)(sign | (uint16_t)ldexp(a, frac + bias - 1));
    uint32_t fraction = (uint32_t)ldexp(m * 2 - 1, frac);
    return (uint16_t)(sign | ((uint32_t)biased << frac) | fraction);
}

static double widen16(uint16_t x, int frac, int exp)
{
    int bias = (1 << (exp - 1)) - 1;
    uint32_t e = (x >> frac) & ((1u << exp) - 1), m = x & ((1u << frac) - 1);
    double v;
    if (e == (1u << exp) - 1)
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = ldexp((double)m, 1 - bias - frac);
    else
        v = ldexp((double)(m | (1u << frac)), (int)e - bias - frac);
    return (x & 0x8000u) ? -v : v;
}

static uint16_t oracle16(const dmlp_oracle *o, uint16_t x, const double *params, int frac,
                         int exp, dmlp_oracle_format format)
{
    double xd = widen16(x, frac, exp);
    if (isnan(xd))
        return (uint16_t)(x | (1u << (frac - 1)));
    double r = dmlp_oracle_eval(o, xd, params, format);
    if (isnan(r))
        return (uint16_t)((((1u << exp) - 1) << frac) | (1u << (frac - 1)));
    return narrow_exact(r, frac, exp);
}

uint16_t dmlp_oracle_f16(const dmlp_oracle *o, uint16_t x, const double *params)
{
    return oracle16(o, x, params, 10, 5, DMLP_ORACLE_F16);
}

uint16_t dmlp_oracle_bf16(const dmlp_oracle *o, uint16_t x, const double *params)
{
    return oracle16(o, x, params, 7, 8, DMLP_ORACLE_BF16);
}

double dmlp_oracle_rel_err(double hi, double lo, const mpfr_t ref)
{
    mpfr_t d;
    mpfr_init2(d, 400);
    mpfr_set_d(d, hi, MPFR_RNDN);
    mpfr_add_d(d, d, lo, MPFR_RNDN);
    mpfr_sub(d, d, ref, MPFR_RNDN);
    double r = -1000;
    if (!mpfr_zero_p(d)) {
        mpfr_div(d, d, ref, MPFR_RNDN);
        r = log2(fabs(mpfr_get_d(d, MPFR_RNDN)));
    }
    mpfr_clear(d);
    return r;
}
