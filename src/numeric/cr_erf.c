/* erf and erfc (cr_erf.h): a binary64 fast path and a double-double accurate one over
   the same decomposition, from the tables of tools/gen_erf_tables.py.

   Fast path, z in [0, 4): c = k/16 nearest z, h = z - c (|h| <= 1/32, exact for a double
   z by Sterbenz; one rounding when z carries a low part), S = sum of d_n h^n for
   n = 1..16 by Horner (d_n = erfc^(n)(c)/n! rounded), erf = erf(c) - S, erfc = erfc(c) +
   S, each as hi + (lo -/+ S). Errors, u = 2^-53: the coefficients' rounding, Horner's
   32 roundings and h's rounding move S by at most 50u A, A = sum |d_n| |h|^n; the
   generator checks A <= 1.5 |result| (erf and erfc at both ends of every interval) and
   the tail beyond n = 16 below 2^-62 |result|; the two final additions add 2u and the
   table 2^-106. Below 78u < 2^-46.7.

   Fast path, z >= 4 (erfc only): exp(-z^2) by the double-double exp from the exact or
   near-exact square (rounded once: u + 2^-100), K by the continued fraction at depth
   32 (tail below 2^-62, checked) evaluated bottom up in binary64: t_j = z + (j/2)/t_(j+1)
   adds positive terms, so each level adds at most 2u to the relative error of the one
   below (66u over 33 levels); z.lo left out moves K by at most u (K'(z) z / K < 1);
   1/sqrt(pi), the division and the product 3u: below 72u.

   Accurate path, [0, 4): the same expansion to 30 terms (tail below 2^-112, checked)
   with the coefficients from Hermite's recurrence, p_m = H_m(c)/m!, p_(m+1) = (2c p_m -
   2 p_(m-1))/(m+1), in double-double: each step's error (below 2^-100 of the larger
   operand) is weighted by |h|^m, and 2c|h| <= 1/4, so errors made at step m stay below
   those of the terms before; the sum's error is below 2^-98 A, with the table's 2^-106
   and the last add: below 2^-96.
   Accurate path, z >= 4: the continued fraction at depth 80 (tail below 2^-112) in
   double-double, each level adding at most 2^-100 + 2^-102 (division, addition; the
   positive terms again): below 2^-93.6; exp(-z^2) below 2^-100 (the square exact, or
   z.hi^2 exact times exp(-(2 z.hi z.lo + z.lo^2)) by two Taylor terms, error below
   2^-127); two products 2^-101: below 2^-93 in all. erf = 1 - erfc there (erfc <
   2^-25.8, its error shrinks with it). */
#include "numeric/cr_erf.h"

#include <math.h>

#include "numeric/cr_exp.h"
#include "numeric/cr_erf_tables.h"
#include "numeric/cr_round.h"

#define TAYLOR_END 4.0
/* erfc(27.3) < 2^-1080: below half the least subnormal, and so is x/2 erfc for GELU */
#define ERFC_ZERO_FROM 27.3

static dmlp__dd neg(dmlp__dd a)
{
    return (dmlp__dd){-a.hi, -a.lo};
}

static dmlp__dd point(int k, int which)
{
    return (dmlp__dd){dmlp__erf_points[k][2 * which], dmlp__erf_points[k][2 * which + 1]};
}

/* E(c) * h * sum p_m (-h)^m / (m+1): erf(c + h) - erf(c) = erfc(c) - erfc(c + h). */
static dmlp__dd taylor_dd(int k, dmlp__dd h)
{
    double c = k / (double)DMLP__ERF_GRID;
    dmlp__dd nh = neg(h), pw = {1, 0}, sum = {1, 0};
    dmlp__dd prev = {1, 0}, p = {2 * c, 0};
    for (int m = 1; m < DMLP__ERF_DD_TERMS; m++) {
        pw = dmlp__dd_mul(pw, nh);
        dmlp__dd next_div = {m + 1, 0};
        sum = dmlp__dd_add(sum, dmlp__dd_div(dmlp__dd_mul(p, pw), next_div));
        dmlp__dd next = dmlp__dd_add(dmlp__dd_mul_d(p, 2 * c), dmlp__dd_mul_d(prev, -2));
        prev = p;
        p = dmlp__dd_div(next, next_div);
    }
    return dmlp__dd_mul(dmlp__dd_mul(sum, h), point(k, 2));
}

/* erf (complement 0) or erfc (1) of 0 <= a < 4. */
static dmlp__dd near_dd(dmlp__dd a, int complement)
{
    int k = (int)rint(a.hi * DMLP__ERF_GRID);
    dmlp__dd h = dmlp__two_sum(a.hi - k / (double)DMLP__ERF_GRID, a.lo);
    dmlp__dd t = taylor_dd(k, h);
    return complement ? dmlp__dd_add(point(k, 1), neg(t)) : dmlp__dd_add(point(k, 0), t);
}

/* e^(z^2) erfc(z) = K(z)/sqrt(pi), z >= 4. */
static dmlp__dd scaled_cf_dd(dmlp__dd z)
{
    dmlp__dd t = z;
    for (int j = DMLP__ERF_CF_DEPTH; j > 0; j--)
        t = dmlp__dd_add(z, dmlp__dd_div((dmlp__dd){0.5 * j, 0}, t));
    return dmlp__dd_div((dmlp__dd){DMLP__ERF_INV_SQRT_PI_HI, DMLP__ERF_INV_SQRT_PI_LO}, t);
}

/* exp(-z^2) * 2^-(*scale). */
static dmlp__dd exp_neg_square(dmlp__dd z, const dmlp__dd *square, int *scale)
{
    if (square)
        return dmlp__exp_dd_scaled(neg(*square), scale);
    /* z^2 = z.hi^2 (exact) + q, q = 2 z.hi z.lo + z.lo^2 below 2^-42: exp(-q) = 1 - q +
       q^2/2 within 2^-127 */
    dmlp__dd p = dmlp__two_prod(z.hi, z.hi);
    dmlp__dd q = dmlp__two_prod(2 * z.hi, z.lo);
    q = dmlp__fast_two_sum(q.hi, q.lo + z.lo * z.lo);
    dmlp__dd f = dmlp__dd_add_d(neg(q), 1.0);
    f = dmlp__dd_add_d(f, 0.5 * q.hi * q.hi);
    return dmlp__dd_mul(dmlp__exp_dd_scaled(neg(p), scale), f);
}

dmlp__dd dmlp__erfc_dd_scaled(dmlp__dd z, const dmlp__dd *square, int *scale)
{
    if (z.hi < TAYLOR_END) {
        *scale = 0;
        return near_dd(z, 1);
    }
    return dmlp__dd_mul(exp_neg_square(z, square, scale), scaled_cf_dd(z));
}

dmlp__dd dmlp__erfc_dd(dmlp__dd x)
{
    if (isnan(x.hi))
        return (dmlp__dd){x.hi + x.hi, 0};
    if (x.hi < 0) /* 2 - erfc(|x|): at least 1, no cancellation */
        return dmlp__dd_add_d(neg(dmlp__erfc_dd(neg(x))), 2.0);
    if (x.hi >= ERFC_ZERO_FROM)
        return (dmlp__dd){0, 0};
    int e;
    dmlp__dd r = dmlp__erfc_dd_scaled(x, NULL, &e);
    return dmlp__exp_scale_dd(r, e);
}

dmlp__dd dmlp__erf_dd(dmlp__dd x)
{
    if (isnan(x.hi))
        return (dmlp__dd){x.hi + x.hi, 0};
    int negative = x.hi < 0;
    dmlp__dd a = negative ? neg(x) : x, r;
    if (a.hi < TAYLOR_END)
        r = near_dd(a, 0);
    else if (a.hi >= ERFC_ZERO_FROM)
        r = (dmlp__dd){1, 0};
    else
        r = dmlp__dd_add_d(neg(dmlp__erfc_dd(a)), 1.0);
    return negative ? neg(r) : r;
}

/* S = sum d_n h^n at grid point k. */
static double taylor_fast(int k, double h)
{
    const double *d = dmlp__erf_fast_coeffs[k];
    double s = d[DMLP__ERF_FAST_TERMS - 1];
    for (int n = DMLP__ERF_FAST_TERMS - 2; n >= 0; n--)
        s = s * h + d[n];
    return s * h;
}

double dmlp__erf_fast(double x)
{
    double a = fabs(x);
    int k = (int)rint(a * DMLP__ERF_GRID);
    double s = taylor_fast(k, a - k / (double)DMLP__ERF_GRID);
    double r = dmlp__erf_points[k][0] + (dmlp__erf_points[k][1] - s);
    return x < 0 ? -r : r;
}

double dmlp__erfc_fast(dmlp__dd z, const dmlp__dd *square)
{
    if (z.hi < TAYLOR_END) {
        int k = (int)rint(z.hi * DMLP__ERF_GRID);
        double s = taylor_fast(k, (z.hi - k / (double)DMLP__ERF_GRID) + z.lo);
        return dmlp__erf_points[k][2] + (dmlp__erf_points[k][3] + s);
    }
    double t = z.hi;
    for (int j = DMLP__ERF_FAST_CF_DEPTH; j > 0; j--)
        t = z.hi + (0.5 * j) / t;
    dmlp__dd arg;
    if (square) {
        arg = neg(*square);
    } else {
        arg = neg(dmlp__two_prod(z.hi, z.hi));
        arg.lo -= 2 * z.hi * z.lo;
    }
    return dmlp__exp_dd(arg).hi * (DMLP__ERF_INV_SQRT_PI_HI / t);
}

uint32_t dmlp__cr_erf(double x, int frac, int exp)
{
    if (isnan(x) || x == 0)
        return dmlp__round_f64_to_format(x, frac, exp);
    /* erfc(4) < 2^-25.9: erf lies within half an ulp of 1 in every narrow format */
    if (fabs(x) >= TAYLOR_END)
        return dmlp__round_f64_to_format(x < 0 ? -1.0 : 1.0, frac, exp);
    uint32_t out;
    if (dmlp__round_decided(dmlp__erf_fast(x), DMLP__ERF_FAST_STEPS, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__erf_dd((dmlp__dd){x, 0}), frac, exp);
}

double dmlp__cr_erf_f64(double x)
{
    if (isnan(x) || x == 0)
        return x + x; /* quiet, payload and sign kept; +-0 kept */
    return dmlp__erf_dd((dmlp__dd){x, 0}).hi;
}
