/* Internal: double-double arithmetic, the working precision of the correctly rounded
   functions' accurate paths (src/numeric/cr_*.c). A value is hi + lo with |lo| at most
   half an ulp of hi (normalised), about 106 bits. Exact products use the CPU's fused
   multiply-add where the build targets one and Dekker's product otherwise, never a
   software fma() (tens of nanoseconds each).

   Error bounds, relative, for normalised operands and no underflow: two_sum, fast_two_sum
   and two_prod are exact; dd_add, dd_add_d, dd_mul and dd_mul_d stay below 2^-102, the
   bounds Joldes, Muller and Popescu prove for these algorithms ("Tight and rigorous
   error bounds for basic building blocks of double-word arithmetic", 2017; at most
   7 * 2^-106 for the product with its cross terms rounded twice, as here without FMA)
   rounded up to a power of two; dd_div below 2^-100, dd_sqrt below 2^-102. The callers'
   error analyses use these.
   Like all floating-point code, it assumes the default rounding mode, and it must be
   compiled without contraction of a*b+c (src/kernels/CMakeLists.txt). */
#ifndef DMLP_NUMERIC_DOUBLE_DOUBLE_H
#define DMLP_NUMERIC_DOUBLE_DOUBLE_H

#include <math.h>

typedef struct dmlp__dd {
    double hi, lo;
} dmlp__dd;

/* a + b exactly as hi + lo (Knuth's TwoSum: any order of magnitudes). */
static inline dmlp__dd dmlp__two_sum(double a, double b)
{
    double s = a + b;
    double bb = s - a;
    double err = (a - (s - bb)) + (b - bb);
    return (dmlp__dd){s, err};
}

/* a + b exactly when |a| >= |b| or a is 0 (Dekker's FastTwoSum). */
static inline dmlp__dd dmlp__fast_two_sum(double a, double b)
{
    double s = a + b;
    double err = b - (s - a);
    return (dmlp__dd){s, err};
}

/* a * b exactly as hi + lo, barring underflow of lo and overflow of the split: with the
   CPU's fused multiply-add where the build targets one, else by Veltkamp's split and
   Dekker's product (a software fma() costs tens of nanoseconds). */
static inline dmlp__dd dmlp__two_prod(double a, double b)
{
    double p = a * b;
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA)
    return (dmlp__dd){p, fma(a, b, -p)};
#else
    const double split = 134217729.0; /* 2^27 + 1 */
    double ta = split * a, tb = split * b;
    double ah = ta - (ta - a), al = a - ah, bh = tb - (tb - b), bl = b - bh;
    return (dmlp__dd){p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
#endif
}

/* a * b + c, fused where the build targets an FMA unit, else rounded twice: the bounds
   below allow for the second rounding. */
static inline double dmlp__mul_add(double a, double b, double c)
{
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA)
    return fma(a, b, c);
#else
    return a * b + c;
#endif
}

static inline dmlp__dd dmlp__dd_add(dmlp__dd a, dmlp__dd b)
{
    dmlp__dd s = dmlp__two_sum(a.hi, b.hi);
    dmlp__dd t = dmlp__two_sum(a.lo, b.lo);
    s = dmlp__fast_two_sum(s.hi, s.lo + t.hi);
    return dmlp__fast_two_sum(s.hi, s.lo + t.lo);
}

static inline dmlp__dd dmlp__dd_add_d(dmlp__dd a, double b)
{
    dmlp__dd s = dmlp__two_sum(a.hi, b);
    return dmlp__fast_two_sum(s.hi, s.lo + a.lo);
}

static inline dmlp__dd dmlp__dd_mul(dmlp__dd a, dmlp__dd b)
{
    dmlp__dd p = dmlp__two_prod(a.hi, b.hi);
    double cross = dmlp__mul_add(a.lo, b.hi, a.hi * b.lo);
    return dmlp__fast_two_sum(p.hi, p.lo + cross);
}

static inline dmlp__dd dmlp__dd_mul_d(dmlp__dd a, double b)
{
    dmlp__dd p = dmlp__two_prod(a.hi, b);
    return dmlp__fast_two_sum(p.hi, dmlp__mul_add(a.lo, b, p.lo));
}

/* a / b: one Newton correction of the double quotient (relative error below 2^-100). */
static inline dmlp__dd dmlp__dd_div(dmlp__dd a, dmlp__dd b)
{
    double q = a.hi / b.hi;
    dmlp__dd r = dmlp__dd_add(a, dmlp__dd_mul_d(b, -q)); /* a - q b, nearly exact */
    double q2 = r.hi / b.hi;
    dmlp__dd q1 = dmlp__fast_two_sum(q, q2);
    r = dmlp__dd_add(a, dmlp__dd_mul(b, (dmlp__dd){-q1.hi, -q1.lo}));
    return dmlp__dd_add_d(q1, r.hi / b.hi);
}

/* sqrt(v) for v > 0: one Newton step from the double root r. v - r^2 is formed exactly
   up to v.lo's and the correction's roundings (u^2 relative each, v.hi - r^2's high part
   exact by Sterbenz), and the step's own error is below (2^-53)^2 / 2: below 2^-102. */
static inline dmlp__dd dmlp__dd_sqrt(dmlp__dd v)
{
    double r = sqrt(v.hi);
    dmlp__dd sq = dmlp__two_prod(r, r);
    double rest = ((v.hi - sq.hi) - sq.lo) + v.lo;
    return dmlp__fast_two_sum(r, rest / (2.0 * r));
}

#endif
