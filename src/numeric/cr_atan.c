/* The arctangent family (cr_atan.h). u = 2^-53 below.

   Every function is the angle of a point (x, y) with y >= 0: t = min(y, |x|) / max(y, |x|)
   in [0, 1], a = atan(t), then a -> pi/2 - a when y > |x|, then a -> pi - a when x < 0
   (atan(x) is the point (1, x); asin(x) the point (sqrt(1 - x^2), x); acos(x) the point
   (x, sqrt(1 - x^2))). Each step keeps the result at least as large as the part that
   carries the error, so relative errors add.

   atan(t), t in [0, 1]: c = i/64 nearest t (|t - c| <= 1/128), atan(t) = atan(c) +
   atan(r), r = (t - c) / (1 + t c), |r| <= 1/128; tools/gen_atan_tables.py gives atan(c)
   as a double-double and checks the series tails. t - c is exact (Sterbenz: t >= c/2 for
   c >= 1/64). |atan r| <= atan(c) / 2 (at i = 1, |r| <= 2^-7 / (1 + 2^-13) and atan(1/64)
   > 2 * 0.0078116), so the sum s >= atan(c) / 2 >= |atan r|.

   Fast path, binary64:
   - r: 1 + t c (fma, or two roundings) and the quotient: within 3 u.
   - atan(r) = r + r z q(z), z = r^2, q to the r^9 term (tail below 2^-66 of r): the
     correction is below 2^-14 of r and computed within a few u of itself; the last sum
     rounds once: within 3 u + 1.01 u of atan r.
   - atan(c)_hi + (p + atan(c)_lo): two roundings of at most s each (|p| <= s), atan(c)
     within 2^-106 and p's 4.01 u of |p| <= s: below 6.1 u of s.
   - the ratio t errs by e_t relative; atan's derivative is at most 1 and atan(t) >=
     (pi/4) t, so that is within 1.28 e_t of atan(t): atan2 (one quotient, e_t = u) 1.28 u;
     asin and acos (1 - x^2 within 2 u: fma-free 1 - x x for |x| < 1/2, (1 - x)(1 + x)
     with 1 - x exact above; its root within 2 u, the quotient u: e_t = 3 u) 3.84 u.
   - each quadrant move, (K_hi - a) + K_lo with a <= the result: two roundings, 2 u.
   In all below 6.1 + 3.84 + 4 < 14 u < 2^-49.1 (DMLP__ATAN_FAST_STEPS = 32 is 2^-49).

   Accurate path, double-double: the same steps in dmlp__dd arithmetic (each add and
   product below 2^-102, the quotient 2^-100): r within 2^-99.4 (t - c exact, 1 + t c
   2^-101, the quotient); the series to r^15 (tail below 2^-110 of r; q's Horner steps
   below 2^-100 of a correction 2^-14 of r); atan(c) + p: 2^-98.3; the ratio (2^-100, for
   asin and acos the root of 1 - x^2 as well: 2^-98.5) times 1.28; two quadrant moves at
   2^-101.9: below 2^-96.5 in all, claimed as 2^-95. Binary64 arguments are first scaled
   by a power of two so that max(y, |x|) is in [1, 2) (no product overflows, no low part
   underflows); a ratio below 2^-900 is taken as atan(t) = t, within 1 ULP of the tiny
   result it gives (t^3/3 is far below an ulp of t) or far below an ulp of the
   pi/2 or pi it is subtracted from. */
#include "numeric/cr_atan.h"

#include <math.h>

#include "numeric/cr_atan_tables.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"

enum { PI_4, PI_2, PI_3_4, PI_1 };

static dmlp__dd pi_k(int k, double sign)
{
    return (dmlp__dd){dmlp__atan_pi[k][0] * sign, dmlp__atan_pi[k][1] * sign};
}

static dmlp__dd dd_neg(dmlp__dd a)
{
    return (dmlp__dd){-a.hi, -a.lo};
}

static uint32_t default_nan(int frac, int exp) /* the format's positive quiet NaN */
{
    return (((1u << exp) - 1u) << frac) | (1u << (frac - 1));
}

/* The table point nearest t: t * 64 is exact, and so is its fraction. */
static int nearest_point(double t)
{
    double s = t * DMLP__ATAN_GRID;
    int i = (int)s;
    return i + (s - i >= 0.5);
}

/* ---- binary64 ----------------------------------------------------------------------- */

static double atan01_fast(double t)
{
    int i = nearest_point(t);
    double r = t;
    if (i > 0) {
        double c = (double)i / DMLP__ATAN_GRID;
        r = (t - c) / dmlp__mul_add(t, c, 1.0);
    }
    double z = r * r;
    double q = dmlp__atan_series[0][0] +
               z * (dmlp__atan_series[1][0] + z * (dmlp__atan_series[2][0] + z * dmlp__atan_series[3][0]));
    double p = dmlp__mul_add(r * z, q, r);
    return dmlp__atan_points[i][0] + (p + dmlp__atan_points[i][1]);
}

/* The angle of (x, y), y >= 0, from num / den = min / max (one rounding each way). */
static double angle_fast(double y, double x, double t)
{
    double a = atan01_fast(t);
    if (y > fabs(x))
        a = (dmlp__atan_pi[PI_2][0] - a) + dmlp__atan_pi[PI_2][1];
    if (x < 0)
        a = (dmlp__atan_pi[PI_1][0] - a) + dmlp__atan_pi[PI_1][1];
    return a;
}

double dmlp__atan2_fast(double y, double x)
{
    double ay = fabs(y), ax = fabs(x);
    double t = ay > ax ? ax / ay : ay / ax;
    return copysign(angle_fast(ay, x, t), y);
}

/* sqrt(1 - x^2) for |x| <= 1, within 2 u. */
static double cosine_of(double a)
{
    double d = a < 0.5 ? 1.0 - a * a : (1.0 - a) * (1.0 + a);
    return sqrt(d);
}

double dmlp__asin_fast(double x)
{
    double a = fabs(x), s = cosine_of(a);
    double t = a > s ? s / a : a / s;
    return copysign(angle_fast(a, s, t), x);
}

double dmlp__acos_fast(double x)
{
    double a = fabs(x), s = cosine_of(a);
    double t = s > a ? a / s : s / a;
    return angle_fast(s, x, t);
}

/* ---- double-double ------------------------------------------------------------------ */

static dmlp__dd atan01_dd(dmlp__dd t)
{
    int i = nearest_point(t.hi);
    dmlp__dd r = t;
    if (i > 0) {
        double c = (double)i / DMLP__ATAN_GRID;
        dmlp__dd num = dmlp__dd_add_d(t, -c); /* exact */
        dmlp__dd den = dmlp__dd_add_d(dmlp__dd_mul_d(t, c), 1.0);
        r = dmlp__dd_div(num, den);
    }
    dmlp__dd z = dmlp__dd_mul(r, r);
    dmlp__dd q = {dmlp__atan_series[6][0], dmlp__atan_series[6][1]};
    for (int k = 5; k >= 0; k--)
        q = dmlp__dd_add(dmlp__dd_mul(q, z),
                         (dmlp__dd){dmlp__atan_series[k][0], dmlp__atan_series[k][1]});
    dmlp__dd p = dmlp__dd_add(r, dmlp__dd_mul(dmlp__dd_mul(r, z), q));
    return dmlp__dd_add((dmlp__dd){dmlp__atan_points[i][0], dmlp__atan_points[i][1]}, p);
}

/* The angle of (x, y) for y >= 0, |x| given as ax with x's sign in negx; y and ax are
   at most 2^1000 and min/max at least 2^-969 of it when not 0. */
static dmlp__dd angle_dd(dmlp__dd y, dmlp__dd ax, int negx)
{
    int swap = y.hi > ax.hi;
    dmlp__dd a = atan01_dd(swap ? dmlp__dd_div(ax, y) : dmlp__dd_div(y, ax));
    if (swap)
        a = dmlp__dd_add(pi_k(PI_2, 1.0), dd_neg(a));
    if (negx)
        a = dmlp__dd_add(pi_k(PI_1, 1.0), dd_neg(a));
    return a;
}

static double pow2(int k) /* 2^k for -1022 <= k <= 1023 */
{
    return dmlp__f64_from_bits((uint64_t)(k + 1023) << 52);
}

/* atan2 of finite y, x, not both 0, min/max >= 2^-900 (cr_atan.h): scaled so that the
   larger is in [1, 2), exactly (the smaller stays above 2^-900). */
dmlp__dd dmlp__atan2_dd(double y, double x)
{
    double ay = fabs(y), ax = fabs(x), mx = ay > ax ? ay : ax;
    if (mx < 0x1p-1000) {
        ay *= 0x1p600;
        ax *= 0x1p600;
        mx *= 0x1p600;
    }
    int k = (int)(dmlp__f64_bits(mx) >> 52) - 1023, h = -k / 2;
    ay = ay * pow2(h) * pow2(-k - h);
    ax = ax * pow2(h) * pow2(-k - h);
    dmlp__dd a = angle_dd((dmlp__dd){ay, 0}, (dmlp__dd){ax, 0}, x < 0);
    return y < 0 ? dd_neg(a) : a;
}

/* sqrt(1 - a^2) for 0 <= a <= 1 (0 at a = 1): 1 - a is exact above 1/2, and 1 - a^2
   at least 3/4 below. */
static dmlp__dd cosine_dd(double a)
{
    dmlp__dd d;
    if (a < 0.5)
        d = dmlp__dd_add_d(dd_neg(dmlp__two_prod(a, a)), 1.0);
    else
        d = dmlp__dd_mul_d(dmlp__two_sum(1.0, a), 1.0 - a);
    return d.hi == 0 ? d : dmlp__dd_sqrt(d);
}

dmlp__dd dmlp__asin_dd(double x)
{
    double a = fabs(x);
    dmlp__dd v = angle_dd((dmlp__dd){a, 0}, cosine_dd(a), 0);
    return x < 0 ? dd_neg(v) : v;
}

dmlp__dd dmlp__acos_dd(double x)
{
    double a = fabs(x);
    return angle_dd(cosine_dd(a), (dmlp__dd){a, 0}, x < 0);
}

/* ---- entry points ------------------------------------------------------------------- */

/* atan2's values on the axes and at infinity (IEEE 754-2019 9.2): 1 and *v, else 0. */
static int atan2_special(double y, double x, dmlp__dd *v)
{
    double sign = signbit(y) ? -1.0 : 1.0;
    if (y == 0) {
        *v = signbit(x) ? pi_k(PI_1, sign) : (dmlp__dd){0.0 * sign, 0.0};
        return 1;
    }
    if (isinf(y)) {
        *v = !isinf(x) ? pi_k(PI_2, sign) : x > 0 ? pi_k(PI_4, sign) : pi_k(PI_3_4, sign);
        return 1;
    }
    if (x == 0) {
        *v = pi_k(PI_2, sign);
        return 1;
    }
    if (isinf(x)) {
        *v = x > 0 ? (dmlp__dd){0.0 * sign, 0.0} : pi_k(PI_1, sign);
        return 1;
    }
    return 0;
}

uint32_t dmlp__cr_atan2_narrow(double y, double x, int frac, int exp)
{
    if (isnan(y))
        return dmlp__round_f64_to_format(y, frac, exp);
    if (isnan(x))
        return dmlp__round_f64_to_format(x, frac, exp);
    dmlp__dd v;
    if (atan2_special(y, x, &v))
        return dmlp__round_dd_to_format(v, frac, exp);
    uint32_t out;
    if (dmlp__round_decided(dmlp__atan2_fast(y, x), DMLP__ATAN_FAST_STEPS, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__atan2_dd(y, x), frac, exp);
}

uint32_t dmlp__cr_atan_narrow(double x, int frac, int exp)
{
    if (isnan(x) || x == 0)
        return dmlp__round_f64_to_format(x, frac, exp);
    return dmlp__cr_atan2_narrow(x, 1.0, frac, exp);
}

uint32_t dmlp__cr_asin_narrow(double x, int frac, int exp)
{
    if (isnan(x) || x == 0)
        return dmlp__round_f64_to_format(x, frac, exp);
    if (!(fabs(x) <= 1.0))
        return default_nan(frac, exp);
    uint32_t out;
    if (dmlp__round_decided(dmlp__asin_fast(x), DMLP__ATAN_FAST_STEPS, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__asin_dd(x), frac, exp);
}

uint32_t dmlp__cr_acos_narrow(double x, int frac, int exp)
{
    if (isnan(x))
        return dmlp__round_f64_to_format(x, frac, exp);
    if (!(fabs(x) <= 1.0))
        return default_nan(frac, exp);
    if (x == 1.0)
        return 0;
    uint32_t out;
    if (dmlp__round_decided(dmlp__acos_fast(x), DMLP__ATAN_FAST_STEPS, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__acos_dd(x), frac, exp);
}

double dmlp__cr_atan2_f64(double y, double x)
{
    if (isnan(y))
        return y + y; /* quiet, payload kept */
    if (isnan(x))
        return x + x;
    dmlp__dd v;
    if (atan2_special(y, x, &v))
        return v.hi;
    double ay = fabs(y), ax = fabs(x);
    if (ay < ax * 0x1p-900 || ax < ay * 0x1p-900) {
        /* atan(t) = t within far less than an ulp of every result it gives */
        double sign = y < 0 ? -1.0 : 1.0;
        if (ay < ax)
            return x > 0 ? y / ax : sign * (dmlp__atan_pi[PI_1][0] + (dmlp__atan_pi[PI_1][1] - ay / ax));
        double t = ax / ay;
        return sign * (dmlp__atan_pi[PI_2][0] + (dmlp__atan_pi[PI_2][1] + (x < 0 ? t : -t)));
    }
    v = dmlp__atan2_dd(y, x);
    return v.hi + v.lo;
}

double dmlp__cr_atan_f64(double x)
{
    if (isnan(x))
        return x + x;
    if (fabs(x) < 0x1p-27) /* x (1 - x^2/3 ...), x^2/3 < 2^-55: rounds to x */
        return x;
    return dmlp__cr_atan2_f64(x, 1.0);
}

double dmlp__cr_asin_f64(double x)
{
    if (isnan(x))
        return x + x;
    if (!(fabs(x) <= 1.0))
        return dmlp__f64_from_bits(0x7ff8000000000000u);
    if (fabs(x) < 0x1p-27) /* x (1 + x^2/6 ...): rounds to x */
        return x;
    dmlp__dd v = dmlp__asin_dd(x);
    return v.hi + v.lo;
}

double dmlp__cr_acos_f64(double x)
{
    if (isnan(x))
        return x + x;
    if (!(fabs(x) <= 1.0))
        return dmlp__f64_from_bits(0x7ff8000000000000u);
    if (x == 1.0)
        return 0.0;
    dmlp__dd v = dmlp__acos_dd(x);
    return v.hi + v.lo;
}
