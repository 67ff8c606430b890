/* exp of a double-double (cr_erf_exp.h).

   x = k ln2/64 + r with k = round(x * 64/ln2), |r| <= ln2/128 (1 + 2^-40); exp(x) =
   2^(k >> 6) * 2^((k & 63)/64) * exp(r), the middle factor from a table (hi + lo, within
   2^-106), exp(r) by its Taylor polynomial of degree 13 (tail below 2^-112, checked by
   the generator).

   Error: r is formed exactly up to 2^-105 |r| + 2^-133 (k * LN2_64_1 is exact, x.hi
   minus it is exact by Sterbenz when k != 0, the rest in TwoSums), which moves exp by as
   much relatively. Horner in double-double: each step's error (2^-102 relative, the
   double-double bounds) is scaled by |r|^m <= 2^-7.5 m for the m steps after it, so
   all but the last add stay below 2^-107 together; the last add 2^-102, the table's
   product 2^-102, the table 2^-106: below 2^-100.9 in all. */
#include "numeric/cr_erf_exp.h"

#include <math.h>

#include "numeric/cr_erf_tables.h"

dmlp__dd dmlp__erf_exp_dd_scaled(dmlp__dd x, int *scale)
{
    double kd = rint(x.hi * DMLP__ERF_INV_LN2_64);
    double a = x.hi - kd * DMLP__ERF_LN2_64_1; /* both exact */
    dmlp__dd p = dmlp__two_prod(kd, DMLP__ERF_LN2_64_2);
    dmlp__dd s = dmlp__two_sum(a, -p.hi);
    dmlp__dd t = dmlp__two_sum(s.lo, x.lo);
    double small = t.lo + (-p.lo - kd * DMLP__ERF_LN2_64_3);
    dmlp__dd u = dmlp__two_sum(s.hi, t.hi);
    dmlp__dd r = dmlp__fast_two_sum(u.hi, u.lo + small);

    const double(*f)[2] = dmlp__erf_inv_fact;
    dmlp__dd acc = {f[DMLP__ERF_EXP_DEGREE][0], f[DMLP__ERF_EXP_DEGREE][1]};
    for (int n = DMLP__ERF_EXP_DEGREE - 1; n >= 0; n--)
        acc = dmlp__dd_add(dmlp__dd_mul(acc, r), (dmlp__dd){f[n][0], f[n][1]});
    int k = (int)kd;
    int j = k & 63;
    *scale = (k - j) / 64;
    return dmlp__dd_mul(acc, (dmlp__dd){dmlp__erf_exp2_table[j][0], dmlp__erf_exp2_table[j][1]});
}

dmlp__dd dmlp__erf_exp_dd(dmlp__dd x)
{
    if (isnan(x.hi))
        return (dmlp__dd){x.hi, 0};
    if (x.hi > 709.79)
        return (dmlp__dd){INFINITY, 0};
    if (x.hi < -745.2)
        return (dmlp__dd){0, 0};
    int e;
    dmlp__dd r = dmlp__erf_exp_dd_scaled(x, &e);
    if (e > 1023) /* 2^1024 r (r < 1): 2, then 2^1023 */
        return (dmlp__dd){r.hi * 2 * dmlp__erf_pow2(e - 1), r.lo * 2 * dmlp__erf_pow2(e - 1)};
    return dmlp__erf_dd_scale(r, e);
}
