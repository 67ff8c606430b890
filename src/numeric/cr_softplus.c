/* Softplus and ParametricSoftplus (cr_softplus.h) on the exponential's and the
   logarithm's evaluations (cr_exp.h, cr_log.h). u = 2^-53 below.

   With t = s x (or Beta x) and c = 1 / s (or Alpha), both results are c S(t), S(t) =
   ln(1 + e^t) = max(t, 0) + L, L = log1p(e^-|t|) in (0, ln 2]. For t > 0, c t is A = x
   (Softplus: exactly the input) or A = (Alpha Beta) x (three floats: 72 bits, exact as
   two_prod's hi + lo); A and c L have one sign, so nothing cancels. In the narrow forms t
   is exact: two floats' product has at most 48 bits.

   Fast path: E = exp_fast(-|t|) within 1.05 u; log1p_fast(E) within 34.8 u of log1p(E),
   and E's error moves log1p(E) by at most 1.05 u of it (E / (1 + E) <= log1p(E)): L
   within 35.9 u. c L: one division or product (u); for t > 0, A.lo + c L and A.hi plus
   that, each rounded once (2 u, both sums bounded by the result): below 39.2 u in all,
   78.4 steps of dmlp__round_decided.

   Accurate path: exp_dd(-|t|) (2^-100), log1p_dd of it (2^-99, plus the argument's
   2^-100: log1p's condition number is below 1), c times it (dd_div 2^-100, dd_mul_d
   2^-102), A plus it (dd_add, 2^-102): below 2^-97.9. The exact value is never a
   midpoint (ln(1 + e^t) is transcendental for every algebraic t, by Lindemann and
   Weierstrass), so the rounding is correct unless it lies within 2^-97.9 of one; the
   tests' sweeps find no such input.

   Far out the result is decided without the evaluations:
   - t < -208: 0 < S(t) < e^t < 2^-300 and |c| <= 2^149 (1 / s, s at least the least
     float subnormal): |c S| < 2^-151, below half of every format's least subnormal, so a
     zero of c's sign.
   - t > 600: the exact value is A + c L with |c L| < e^-600 |c| < 2^-874 |A|, of A's sign.
     A has at most 72 bits: a nonzero A.lo is larger than that and keeps its sign, and a
     zero one is given a token of A's sign; the double-double then rounds as the exact
     value (cr_round.h).
   The binary64 forms return the accurate path's nearest double (0.5 ULP plus 2^-97.9:
   within 1 ULP); there t = two_prod(s, x) (its low part exact barring underflow, where
   it no longer matters beside ln 2), below t = -670 S(t) is e^t within 2^-966, taken
   scaled so that a subnormal result is rounded once, and above t = 670 the result is A. */
#include "numeric/cr_softplus.h"

#include <math.h>

#include "numeric/cr_exp.h"
#include "numeric/cr_log.h"
#include "numeric/cr_round.h"

/* c as the operator has it: a division by s, or a product with Alpha. */
typedef struct scale {
    double k;
    int divide;
} scale;

static double scale_d(double v, scale c)
{
    return c.divide ? v / c.k : v * c.k;
}

static dmlp__dd scale_dd(dmlp__dd v, scale c)
{
    return c.divide ? dmlp__dd_div(v, (dmlp__dd){c.k, 0}) : dmlp__dd_mul_d(v, c.k);
}

/* ln(1 + e^t) at the values where the formula meets IEEE 754's special cases: +inf at
   +inf, +0 at -inf, NaN at NaN, and at a finite t some positive number (the callers only
   divide it by 0 or multiply it by 0 or an infinity, where its value does not matter). */
static double special_s(double t)
{
    return t == INFINITY ? INFINITY : t == -INFINITY ? 0.0 : isnan(t) ? t : 1.0;
}

/* A NaN made from numbers: the positive default NaN. */
static double special(double v)
{
    return isnan(v) ? dmlp__f64_from_bits(0x7ff8000000000000u) : v;
}

/* c S(t) + 0 rounded once: t finite and exact, c finite and nonzero, a = c t exactly
   where t > 0. */
static uint32_t narrow(double t, dmlp__dd a, scale c, int frac, int exp)
{
    if (t < -208.0)
        return dmlp__round_f64_to_format(copysign(0.0, c.k), frac, exp);
    if (t > 600.0) {
        if (a.lo == 0)
            a.lo = a.hi * 0x1p-200;
        return dmlp__round_dd_to_format(a, frac, exp);
    }
    double l = scale_d(dmlp__log1p_fast(dmlp__exp_fast(-fabs(t))), c);
    double y = t > 0 ? a.hi + (a.lo + l) : l;
    uint32_t out;
    if (dmlp__round_decided(y, DMLP__SOFTPLUS_FAST_STEPS, frac, exp, &out))
        return out;
    dmlp__dd v = scale_dd(dmlp__log1p_dd(dmlp__exp_dd((dmlp__dd){-fabs(t), 0})), c);
    if (t > 0)
        v = dmlp__dd_add(a, v);
    return dmlp__round_dd_to_format(v, frac, exp);
}

/* The same in binary64: t = t.hi + t.lo (t.hi possibly infinite by overflow), a = c t
   where t > 0 (a.hi possibly infinite). */
static double wide(dmlp__dd t, dmlp__dd a, scale c)
{
    if (t.hi > 670.0)
        return a.hi;
    if (t.hi < -1000.0) /* |c| e^t < 2^149 e^-1000 < 2^-1293 */
        return copysign(0.0, c.k);
    if (t.hi < -670.0) {
        int k;
        dmlp__dd v = scale_dd(dmlp__exp_dd_scaled(t, &k), c);
        v = dmlp__exp_scale_dd(v, k);
        return v.hi + v.lo;
    }
    dmlp__dd m = t.hi > 0 ? (dmlp__dd){-t.hi, -t.lo} : t;
    dmlp__dd v = scale_dd(dmlp__log1p_dd(dmlp__exp_dd(m)), c);
    if (t.hi > 0)
        v = dmlp__dd_add(a, v);
    return v.hi + v.lo;
}

static const dmlp__dd zero = {0, 0};

uint32_t dmlp__cr_softplus_narrow(double x, double s, int frac, int exp)
{
    double t = s * x;
    if (!isfinite(t) || s == 0)
        return dmlp__round_f64_to_format(special(special_s(t) / s), frac, exp);
    return narrow(t, t > 0 ? (dmlp__dd){x, 0} : zero, (scale){s, 1}, frac, exp);
}

double dmlp__softplus_f64(double x, double s)
{
    if (!isfinite(x) || !isfinite(s) || s == 0)
        return special(special_s(s * x) / s);
    return wide(dmlp__two_prod(s, x), (dmlp__dd){x, 0}, (scale){s, 1});
}

uint32_t dmlp__cr_parametric_softplus_narrow(double x, double alpha, double beta, int frac,
                                             int exp)
{
    double t = beta * x;
    if (!isfinite(t) || !isfinite(alpha) || alpha == 0)
        return dmlp__round_f64_to_format(special(alpha * special_s(t)), frac, exp);
    dmlp__dd a = t > 0 ? dmlp__two_prod(alpha * beta, x) : zero;
    return narrow(t, a, (scale){alpha, 0}, frac, exp);
}

double dmlp__parametric_softplus_f64(double x, double alpha, double beta)
{
    if (!isfinite(x) || !isfinite(beta) || !isfinite(alpha) || alpha == 0)
        return special(alpha * special_s(beta * x));
    dmlp__dd t = dmlp__two_prod(beta, x);
    dmlp__dd a = t.hi > 0 ? dmlp__two_prod(alpha * beta, x) : zero;
    return wide(t, a, (scale){alpha, 0});
}
