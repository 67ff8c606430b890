/* ELU, SELU, CELU of negative inputs (cr_elu.h). Each is c (e^q - 1) rounded once, c an
   exact binary64 (Alpha, or Gamma Alpha: two floats' product has at most 48 bits) and q
   the argument (x, or x / Alpha as a double-double: the quotient and its exact remainder
   by fma, divided by Alpha).

   Fast path: dmlp__expm1_fast (relative error below 2^-50) times c, rounded once
   (2^-53): below 1.126 * 2^-50, which 20 steps of dmlp__round_decided cover (18.01 are
   needed). Accurate path: dmlp__expm1_dd (2^-92) times c (dd_mul_d, 2^-102) rounded by
   dmlp__round_dd_to_format: correctly rounded unless the exact value lies within 2^-91
   of a midpoint of the format (the tests' sweeps find no such input).

   Where the accurate path could not be trusted the result is decided without it:
   - q below -708: c (e^q - 1) = -c + c e^q with 0 < e^q < 2^-1021: -c moved a little
     toward zero, which the double-double (-c, c 2^-600) rounds as (a nonzero low part of
     the right sign decides a tie, cr_round.h). q = -inf gives -c exactly.
   - |q| below 2^-80 (q = x, a number of the input's format): c (e^x - 1) = P (1 + x/2 +
     ...) with P = c x held exactly as two_prod's hi + lo; the value lies within 2^-80 |P|
     of P, toward zero. P has at most 72 significant bits, so a nonzero lo is above
     2^-72 |P| and gives the sign of (value - hi); a zero lo leaves hi x/2 to give it.
     (hi, lo + hi x/2) then rounds as the value does.
   - CELU's |x / Alpha| below 2^-25: Alpha (e^q - 1) = x (1 + q/2 + ...) lies within
     2^-25.9 |x| of x, nearer than either midpoint next to x (at least 2^-25 |x| away in
     binary32, further in the 16-bit formats): the result is x itself.

   The binary64 forms return the double-double's nearest double (0.5 ULP plus its error
   of about 2^-91), within 1 ULP. */
#include "numeric/cr_elu.h"

#include <math.h>

#include "numeric/cr_exp.h"
#include "numeric/cr_exp_tables.h"
#include "numeric/cr_round.h"

static double default_nan(void)
{
    return dmlp__f64_from_bits(0x7ff8000000000000u);
}

/* A value IEEE arithmetic gives on the special cases, a NaN made the default NaN. */
static double special(double v)
{
    return isnan(v) ? default_nan() : v;
}

static uint32_t scaled_expm1_narrow(dmlp__dd q, double c, int frac, int exp)
{
    if (q.hi > 709.0) /* c e^q with e^q > 2^1022 and |c| >= 2^-298: past every format */
        return dmlp__round_f64_to_format(copysign(INFINITY, c), frac, exp);
    if (q.hi < -708.0) {
        dmlp__dd v = {-c, q.hi == -INFINITY ? 0.0 : c * 0x1p-600};
        return dmlp__round_dd_to_format(v, frac, exp);
    }
    if (fabs(q.hi) < 0x1p-80) {
        dmlp__dd p = dmlp__two_prod(c, q.hi);
        dmlp__dd v = {p.hi, p.lo + p.hi * (q.hi * 0.5)};
        return dmlp__round_dd_to_format(v, frac, exp);
    }
    double y = c * dmlp__expm1_fast(q);
    uint32_t out;
    if (fabs(y) > 0x1p200) /* past every narrow format however little it errs */
        return dmlp__round_f64_to_format(y, frac, exp);
    if (dmlp__round_decided(y, DMLP__EXPM1_FAST_STEPS + 4, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__dd_mul_d(dmlp__expm1_dd(q), c), frac, exp);
}

uint32_t dmlp__cr_elu_narrow(double x, double alpha, int frac, int exp)
{
    if (!(x < 0)) /* x >= 0: -0 gives -0 */
        return dmlp__round_f64_to_format(x, frac, exp);
    if (alpha == 0 || !isfinite(alpha)) /* Alpha times a number in [-1, 0) */
        return dmlp__round_f64_to_format(special(alpha * -0.5), frac, exp);
    return scaled_expm1_narrow((dmlp__dd){x, 0}, alpha, frac, exp);
}

uint32_t dmlp__cr_selu_narrow(double x, double alpha, double gamma, int frac, int exp)
{
    if (x > 0) /* two floats' product: exact in binary64, rounded once here */
        return dmlp__round_f64_to_format(special(gamma * x), frac, exp);
    if (x == 0 || alpha == 0) /* Alpha e^x - Alpha is +0 */
        return dmlp__round_f64_to_format(special(gamma * 0.0), frac, exp);
    double c = gamma * alpha;
    if (c == 0 || !isfinite(c)) /* Gamma times Alpha times a number in [-1, 0) */
        return dmlp__round_f64_to_format(special(gamma * (alpha * -0.5)), frac, exp);
    return scaled_expm1_narrow((dmlp__dd){x, 0}, c, frac, exp);
}

/* x / alpha as a double-double (normalised: the remainder is below half an ulp of q
   times alpha), exact remainder barring underflow. */
static dmlp__dd quotient(double x, double alpha)
{
    double q = x / alpha;
    return (dmlp__dd){q, fma(-q, alpha, x) / alpha};
}

uint32_t dmlp__cr_celu_narrow(double x, double alpha, int frac, int exp)
{
    if (alpha == 0 || !isfinite(alpha))
        return dmlp__round_f64_to_format(default_nan(), frac, exp);
    if (x >= 0) /* +0 for either zero */
        return dmlp__round_f64_to_format(x + 0.0, frac, exp);
    if (isinf(x)) /* Alpha (e^-inf - 1) = -Alpha, or Alpha e^inf = -inf for Alpha < 0 */
        return dmlp__round_f64_to_format(alpha > 0 ? -alpha : -INFINITY, frac, exp);
    dmlp__dd q = quotient(x, alpha);
    if (fabs(q.hi) < 0x1p-25)
        return dmlp__round_f64_to_format(x, frac, exp);
    return scaled_expm1_narrow(q, alpha, frac, exp);
}

/* c (e^q - 1) in binary64 for q.hi <= 709.7. */
static double scaled_expm1_f64(dmlp__dd q, double c)
{
    if (q.hi < -708.0)
        return -c; /* within 2^-1021 relative */
    dmlp__dd v = dmlp__dd_mul_d(dmlp__expm1_dd(q), c);
    return v.hi + v.lo;
}

double dmlp__elu_f64(double x, double alpha)
{
    if (!(x < 0))
        return x;
    if (alpha == 0 || !isfinite(alpha))
        return special(alpha * -0.5);
    return scaled_expm1_f64((dmlp__dd){x, 0}, alpha);
}

double dmlp__selu_f64(double x, double alpha, double gamma)
{
    if (x > 0)
        return special(gamma * x);
    if (x == 0 || alpha == 0)
        return special(gamma * 0.0);
    double c = gamma * alpha;
    if (c == 0 || !isfinite(c))
        return special(gamma * (alpha * -0.5));
    return scaled_expm1_f64((dmlp__dd){x, 0}, c);
}

double dmlp__celu_f64(double x, double alpha)
{
    if (alpha == 0 || !isfinite(alpha))
        return default_nan();
    if (x >= 0)
        return x + 0.0;
    if (isinf(x))
        return alpha > 0 ? -alpha : -INFINITY;
    if (x > -0x1p-900) /* Alpha (e^(x/Alpha) - 1) scales with x and Alpha together: keep
                          the remainder of x / Alpha clear of underflow */
        return dmlp__celu_f64(x * 0x1p200, alpha * 0x1p200) * 0x1p-200;
    dmlp__dd q = quotient(x, alpha);
    if (fabs(q.hi) < 0x1p-54) /* within 2^-55 |x| of x */
        return x;
    if (q.hi <= 709.0)
        return scaled_expm1_f64(q, alpha);
    /* Alpha < 0 and e^q past binary64: Alpha e^q = (Alpha 2^512) e^(q - 512 ln 2) */
    for (int i = 0; i < 3; i++)
        q = dmlp__dd_add_d(q, -32768.0 * dmlp__exp_ln2_n[i]);
    if (q.hi > 709.7)
        return -INFINITY;
    dmlp__dd e = dmlp__exp_dd(q);
    double scaled = alpha * 0x1p512;
    if (isinf(e.hi * scaled))
        return -INFINITY;
    dmlp__dd v = dmlp__dd_mul_d(e, scaled);
    return v.hi + v.lo;
}
