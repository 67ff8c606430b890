/* The exponential (cr_exp.h). Both evaluations reduce x = k ln2/64 + r, |r| <= ln2/128
   (plus rounding), so e^x = 2^(k>>6) * 2^((k&63)/64) * e^r with the middle factor from a
   table of double-doubles (tools/gen_exp_tables.py) and e^r from its Taylor series.

   Fast path, binary64. k ln2/64 is split as l1 + l2 + l3 (l1 of 32 bits, so k l1 is exact
   for |k| < 2^21, and x - k l1 is exact by Sterbenz's lemma). r = (x - k l1) - k l2 then
   differs from the exact reduced argument by at most 2^-53 |r| + |k l2| 2^-53 + |k l3|
   < 2^-60.5 + 2^-77; e^r's series to degree 6 is short by r^7/7! < 2^-65 and its
   evaluation errs by under 2^-66 relative; s = T_hi p + T_lo errs by 2^-52 |T p| <
   2^-59.5 T; the last sum T_hi + s rounds once (2^-53). In all below 1.05 * 2^-53.

   Accurate path, double-double: r to about 2^-109 absolute (k l2 by an exact product,
   k l3 rounded at 2^-132), the series to degree 12 (short by r^13/13! < 2^-130) by Horner
   in double-double with 1/i! as double-doubles, times the table's double-double: the
   last add and the product dominate, each below 2^-102, in all below 2^-100.

   e^x - 1, fast path (x = h + l, |l| <= 2^-53 |h|), relative error below 2^-50:
   - |h| < 2^-7.5: h + (l + h^2 q(h)), q the series of (e^h - 1 - h) / h^2 to degree 5
     (degree 7 in all, short by h^8/8! < 2^-67.8 |h|). h^2 q is below 2^-8.49 |h| and
     errs by at most 5 roundings (h^2, the two steps of q that matter, the product, the
     sum with l): 2^-59.2 |h|; l e^h taken as l errs by 2^-60.5 |h|; the last sum rounds
     once. In all below 2^-53 + 2^-58.5 relative.
   - otherwise x = k ln2/64 + r as above (x's low part added to r: one more rounding,
     2^-60.5), e^x - 1 = (2^e T_hi - 1) + 2^e (T_hi p + T_lo). The second term errs by at
     most T 2^-58.4 (r by 2^-59.5, the series by 2^-65, the product and the sum each
     2^-53 |T p| <= T 2^-60.5), i.e. e^x 2^-58.3; relative to |e^x - 1| that is at most
     182 e^x 2^-58.3 = 2^-50.79 (e^x / |e^x - 1| <= 182 for |x| >= 2^-7.5). The first
     term is exact when 2^e T_hi is in [1/2, 2] (Sterbenz), else |x| > 0.34 and it errs
     by 2^-53 of itself, at most 1.04 |e^x - 1|; the last sum rounds once (2^-53). In all
     below 2^-50.79 + 2.04 * 2^-53 < 2^-50. */
#include "numeric/cr_exp.h"

#include <math.h>

#include "numeric/cr_exp_tables.h"
#include "numeric/cr_round.h"

#define SHIFTER 0x1.8p52 /* adding it rounds a double of magnitude < 2^51 to an integer */

/* k = round(x 64 / ln 2) as a double, and its parts j = k mod 64 and e = (k - j) / 64. */
static double reduce_index(double x, int *j, int *e)
{
    double kd = (x * dmlp__exp_inv_ln2_n + SHIFTER) - SHIFTER;
    int k = (int)kd;
    *j = k & 63;
    *e = (k - *j) / 64;
    return kd;
}

double dmlp__exp_fast(double x)
{
    int j, e;
    double kd = reduce_index(x, &j, &e);
    double r = (x - kd * dmlp__exp_ln2_n[0]) - kd * dmlp__exp_ln2_n[1];
    double p = r + r * r * (0.5 + r * (0x1.5555555555555p-3 + r * (0x1.5555555555555p-5 +
                                 r * (0x1.1111111111111p-7 + r * 0x1.6c16c16c16c17p-10))));
    const double *t = dmlp__exp_table[j];
    double y = t[0] + (t[0] * p + t[1]);
    return y * dmlp__exp_pow2(e);
}

double dmlp__expm1_fast(dmlp__dd x)
{
    double h = x.hi;
    if (fabs(h) < 0x1.6a09e667f3bcdp-8) { /* 2^-7.5 */
        double q = 0.5 + h * (0x1.5555555555555p-3 + h * (0x1.5555555555555p-5 +
                   h * (0x1.1111111111111p-7 + h * (0x1.6c16c16c16c17p-10 +
                   h * 0x1.a01a01a01a01ap-13))));
        return h + (x.lo + (h * h) * q);
    }
    if (h < -708.0) /* e^x < 2^-1021 */
        return -1.0;
    int j, e;
    double kd = reduce_index(h, &j, &e);
    double r = ((h - kd * dmlp__exp_ln2_n[0]) + x.lo) - kd * dmlp__exp_ln2_n[1];
    double p = r + r * r * (0.5 + r * (0x1.5555555555555p-3 + r * (0x1.5555555555555p-5 +
                                 r * (0x1.1111111111111p-7 + r * 0x1.6c16c16c16c17p-10))));
    const double *t = dmlp__exp_table[j];
    double scale = dmlp__exp_pow2(e);
    return (t[0] * scale - 1.0) + (t[0] * p + t[1]) * scale;
}

/* e^x as 2^e times a double-double in [2^-1/128, 2^1+1/128]. */
static dmlp__dd exp_unscaled(dmlp__dd x, int *e)
{
    int j;
    double kd = reduce_index(x.hi, &j, e);
    dmlp__dd r = dmlp__two_sum(x.hi - kd * dmlp__exp_ln2_n[0], x.lo);
    r = dmlp__dd_add(r, dmlp__two_prod(-kd, dmlp__exp_ln2_n[1]));
    r = dmlp__dd_add_d(r, -kd * dmlp__exp_ln2_n[2]);
    dmlp__dd p = {dmlp__exp_inv_factorial[12][0], dmlp__exp_inv_factorial[12][1]};
    for (int i = 11; i >= 0; i--) {
        dmlp__dd c = {dmlp__exp_inv_factorial[i][0], dmlp__exp_inv_factorial[i][1]};
        p = dmlp__dd_add(dmlp__dd_mul(p, r), c);
    }
    dmlp__dd t = {dmlp__exp_table[j][0], dmlp__exp_table[j][1]};
    return dmlp__dd_mul(p, t);
}

dmlp__dd dmlp__exp_dd_scaled(dmlp__dd x, int *scale)
{
    return exp_unscaled(x, scale);
}

dmlp__dd dmlp__exp_dd(dmlp__dd x)
{
    if (isnan(x.hi))
        return (dmlp__dd){x.hi, 0};
    if (x.hi > 709.8)
        return (dmlp__dd){INFINITY, 0};
    if (x.hi < -746.0) /* below 2^-1076: +0 */
        return (dmlp__dd){0, 0};
    int e;
    dmlp__dd y = exp_unscaled(x, &e);
    /* e may be 1024 at the top: scale in two exact steps */
    double half = dmlp__exp_pow2(e / 2), rest = dmlp__exp_pow2(e - e / 2);
    return (dmlp__dd){y.hi * half * rest, y.lo * half * rest};
}

dmlp__dd dmlp__expm1_dd(dmlp__dd x)
{
    if (fabs(x.hi) < 0x1.6a09e667f3bcdp-8) { /* 2^-7.5: sum x^i / i! from i = 1 */
        dmlp__dd p = {dmlp__exp_inv_factorial[12][0], dmlp__exp_inv_factorial[12][1]};
        for (int i = 11; i >= 1; i--) {
            dmlp__dd c = {dmlp__exp_inv_factorial[i][0], dmlp__exp_inv_factorial[i][1]};
            p = dmlp__dd_add(dmlp__dd_mul(p, x), c);
        }
        return dmlp__dd_mul(p, x);
    }
    if (x.hi < -745.0) /* e^x < 2^-1074: -1 within that */
        return (dmlp__dd){-1.0, 0};
    return dmlp__dd_add_d(dmlp__exp_dd(x), -1.0);
}

uint32_t dmlp__cr_exp_narrow(double x, int frac, int exp)
{
    if (isnan(x))
        return dmlp__round_f64_to_format(x, frac, exp);
    if (x >= 89.0) /* e^89 > 2^128: infinity in every narrow format */
        return dmlp__round_f64_to_format(INFINITY, frac, exp);
    if (x <= -104.0) /* e^-104 < 2^-150, below half of every format's least subnormal */
        return 0;
    uint32_t out;
    if (dmlp__round_decided(dmlp__exp_fast(x), DMLP__EXP_FAST_STEPS, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__exp_dd((dmlp__dd){x, 0}), frac, exp);
}

double dmlp__cr_exp_f64(double x)
{
    if (isnan(x))
        return x + x; /* quiet, payload kept */
    if (x > 709.8)
        return INFINITY;
    if (x < -746.0) /* e^x < 2^-1076: rounds to +0 */
        return 0;
    int e;
    dmlp__dd y = exp_unscaled((dmlp__dd){x, 0}, &e);
    y = dmlp__fast_two_sum(y.hi, y.lo);
    if (e > -1022 || (e == -1022 && y.hi >= 1.0)) { /* normal: hi is the rounding */
        double half = dmlp__exp_pow2(e / 2), rest = dmlp__exp_pow2(e - e / 2);
        return y.hi * half * rest;
    }
    /* Subnormal: in units of the least subnormal, hi's integer part and fraction are
       exact; lo (below half an ulp of hi) only decides an exact half. */
    double scaled = y.hi * dmlp__exp_pow2(e + 1074), n = floor(scaled), f = scaled - n;
    if (f > 0.5 || (f == 0.5 && (y.lo > 0 || (y.lo == 0 && fmod(n, 2.0) != 0))))
        n += 1;
    return n * 0x1p-1074;
}
