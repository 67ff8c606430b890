/* Softmax, LogSoftmax and Hardmax of one row (softmax_row.h), on the exponential's and
   the logarithm's evaluations (cr_exp.h, cr_log.h). u = 2^-53 below; m is the row's
   largest value, a the index of its first occurrence, d_j = x_j - m <= 0, T the sum of
   e^(d_j) over j != a, S = 1 + T. A row has n < 2^32 elements (one axis of a DirectML
   tensor, whose sizes are UINT32).

   d_j is formed exactly as a double-double by two_sum, which has no intermediate
   overflow when x_j - m itself does not (Boldo, Graillat and Muller, 2017); when it does
   (binary64 rows only) x_j - m < -2^1024 and the element is taken as -inf: its
   exponential is 0 for every purpose, and its LogSoftmax, below -2^1024, rounds to -inf.
   Terms with d_j < -600 are left out of T: together below n e^-600 < 2^-833, relative
   to S >= 1 (binary64 LogSoftmax keeps them: see below).

   No exact value is a midpoint of a binary format, so the bounds below decide every
   rounding they can reach: by Lindemann and Weierstrass, a finite row's Softmax is
   rational only when its finite elements are all equal (1/k: never a midpoint) or the
   element is -inf (0), and its LogSoftmax only when the row has one finite element (0
   there, -inf elsewhere).

   Fast path (binary32, binary16, bfloat16 outputs):
   - e_j = E + E d.lo with E = exp_fast(d.hi) within 1.05u; |d.lo| <= 2^-44 (half an ulp
     of |d.hi| < 1024), so e^(d.lo) = 1 + d.lo within 2^-88, and the product and the sum
     round once each (u and u 2^-44): e_j within 2.06u of e^(d_j); 1 for d_j = 0.
   - T_c: a double-double sum of positive binary64 terms; each addition rounds s.lo + lo
     (both below u of the partial sum) once, 2u^2 of T, n of them below 2^-73 T. With
     the terms' errors and those left out: T_c within 2.07u T + 2^-833. The vector lanes'
     sum (dmlp__softmax_row_found; kernels/vector_softmax.inc) is within 2.12u T +
     2^-833, and the bounds below take that.
   - Softmax e_i / S.hi: S.hi = 1 + T_c (dd_add_d, 2u^2) rounded to a double (u), 1 + T_c
     within 2.12u of S, e_i 2.06u, the division u: below 6.3u, 12.6 steps of
     dmlp__round_decided; FAST_SOFTMAX_STEPS is 32. d_i <= -104 gives +0: e^d_i / S <
     2^-150, below half of every narrow format's least subnormal (this also keeps every
     quotient a normal binary64). An element those steps leave open tries once more:
     y_c = dd_div(exp_dd(d_i), S_c), S_c = 1 + T_c as a double-double (2^-102): only the
     sum's 2.12u (relative to S) is left, with 2^-100 for each of exp_dd and dd_div, y_c
     is within 2.14u of the exact value; decided when y_c -+ 2.5u y_c.hi (dd_add_d,
     2^-102 more) round alike. This leaves undecided about a thirteenth of what the
     steps do, so a long row rarely needs the exact path's sum.
   - LogSoftmax y = d_i - L: L_c = log1p_dd(T_c) is within 2^-99 of log1p(T_c), which is
     within 2.12u (1 + 2^-50) of L = log1p(T) relative (log1p's condition number is below
     1), plus the 2^-833 left out, absolute: |L_c - L| < 4u L_c + 2^-833. d_i and -L have
     one sign, so nothing cancels: y_c = dd_add(d_i, -L_c) adds 2^-102 |y|, the ends of
     the interval 2^-105 each. y lies in y_c +- B, B = 4u L_c + 2^-97 |y_c| + 2^-832, and
     below d_i (for d_i < 0, T holds e^d_i): decided when both ends round alike (the
     rounding is monotonic). The double-double matters where d_i is a midpoint of the
     format and L is tiny beside it (far-apart values): y is then just below the
     midpoint, and the top of the interval is d_i - 0+ (just_below). For d_i = 0 and
     L_c < 2^-200 the exact value is -log1p(T), T < 2^-198: -0 when T > 0 (some other
     element is finite), +0 when not.
   An undecided element sends the row to the exact path, which then evaluates every
   element. Both paths give a decided element the same bits: its exact value lies more
   than 19 steps (Softmax) or 2^-97.1 |y| (LogSoftmax) from every midpoint, or just
   below d_i as above, where the exact path is right as well. Near-equal pairs are the
   usual undecided ones: 1/(1 + e^-t) = 1/2 + t/4 - t^3/48 ..., within 2^-74 of a
   midpoint when t/4 is half an ulp.

   Exact path (narrow outputs after sum_exact; binary64 outputs always):
   - terms exp_dd(d) (2^-100; d.hi in [-600, 0], no underflow), summed with the parts
     each addition rounds off kept in a second double-double (sum_add): below 2^-103.9 T,
     whatever n; T within 1.07 * 2^-100 T + 2^-833; S = 1 + T by dd_add_d (2^-105).
   - Softmax dd_div(exp_dd(d_i), S) (2^-100 each): below 3.1 * 2^-100 < 2^-98.3.
   - LogSoftmax d_i - log1p_dd(T): 2^-99 + 1.07 * 2^-100 for L, dd_add 2^-102, below
     2^-98.2.
   Narrow outputs round the double-double once (dmlp__round_dd_to_format): correctly
   rounded unless the exact value lies within 2^-98.2 (relative) of a midpoint, but for
   LogSoftmax's d_i - L with L tiny, which the double-double holds as d_i and -L (or a
   token -2^-1074, when every other term was left out and L_c is 0), and so rounds
   right.
   binary64 outputs take the nearest double to the double-double, within 0.5 ulp +
   2^-98.2 |y| of the exact value, so within 1 ULP; LogSoftmax's d_i - L has its ties
   of hi + lo decided by what the additions rounded off (sub_nearest), since d_i is
   often a binary64 midpoint with L below its ulp. Softmax there is formed as
   exp_dd_scaled(d_i) / S times 2^k, rounded once by round_scaled, so that subnormal
   results stay within 1 ULP (d_i < -760: e^d_i < 2^-1096, +0). LogSoftmax's largest
   element, -log1p(T), is the one result that can be subnormal or tiny: the terms with
   d_j in [-1300, -600) are summed apart, times 2^1000 (tail_tiny); with the other terms
   T >= e^-600 and the tiny ones add at most 2^-1074 of rounding; without them the
   result is -T (1 - T/2 ...), T < 2^-833, which round_scaled rounds once. Terms below
   e^-1300 sum below 2^-1843: nothing in binary64. */
#include "numeric/softmax_row.h"

#include <math.h>

#include "numeric/cr_exp.h"
#include "numeric/cr_log.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"

#define FAST_SOFTMAX_STEPS 32 /* 2.6 times the 12.4 the bound needs */
#define SUM_ONLY_ERR (2.5 * 0x1p-53) /* Softmax's second try: 2.14u needed */
#define LEFT_OUT (-600.0)     /* d below: left out of T (binary64 LogSoftmax: tiny) */
#define TINY_LEFT_OUT (-1300.0)
#define TINY_SCALE 1000
#define NARROW_ZERO (-104.0) /* Softmax: d at or below gives +0 in the narrow formats */
#define F64_ZERO (-760.0)    /* and below it in binary64 */
#define LOG_TINY 0x1p-200

static int is_f64(const dmlp__softmax_row *r)
{
    return r->frac == 52;
}

static dmlp__dd neg(dmlp__dd v)
{
    return (dmlp__dd){-v.hi, -v.lo};
}

/* x - m (module comment); hi -inf for x = -inf or an overflowing difference. */
static dmlp__dd diff(double x, double m)
{
    dmlp__dd d = dmlp__two_sum(x, -m);
    if (d.hi == -INFINITY)
        d.lo = 0;
    return d;
}

/* e^d for d.hi in [-708, 0], within 2.06u (module comment). */
static double term_fast(dmlp__dd d)
{
    if (d.hi == 0)
        return 1.0;
    double e = dmlp__exp_fast(d.hi);
    return dmlp__mul_add(e, d.lo, e);
}

/* a + rest += v, for normalised nonnegative a and v: a stays normalised and what its
   additions round off (below 5u^2 of it each) goes to rest, so that the sum's error
   does not grow with the row's length (module comment). */
static void sum_add(dmlp__dd *a, dmlp__dd *rest, dmlp__dd v)
{
    dmlp__dd s = dmlp__two_sum(a->hi, v.hi);
    dmlp__dd t = dmlp__two_sum(a->lo, v.lo);
    dmlp__dd w = dmlp__two_sum(s.lo, t.hi);
    *a = dmlp__fast_two_sum(s.hi, w.hi); /* exact: |w.hi| is a few ulps of s.hi */
    *rest = dmlp__dd_add_d(*rest, w.lo + t.lo);
}

/* The bits of a format's value: narrow ones through the rounding, binary64 its own. */
static uint64_t format_bits(const dmlp__softmax_row *r, double v)
{
    return is_f64(r) ? dmlp__f64_bits(v) : dmlp__round_f64_to_format(v, r->frac, r->exp);
}

/* Whether every Softmax or LogSoftmax result of the row is one NaN, and its bits. */
static int special_row(const dmlp__softmax_row *r, uint64_t *bits)
{
    if (r->nan_bits != 0) {
        *bits = is_f64(r) ? r->nan_bits | 0x0008000000000000u
                          : dmlp__round_f64_to_format(dmlp__f64_from_bits(r->nan_bits),
                                                      r->frac, r->exp);
        return 1;
    }
    if (r->has_pos_inf || r->max == -INFINITY) {
        *bits = is_f64(r) ? 0x7ff8000000000000u
                          : ((((uint64_t)1 << r->exp) - 1) << r->frac) |
                                ((uint64_t)1 << (r->frac - 1));
        return 1;
    }
    return 0;
}

void dmlp__softmax_row_begin(dmlp__softmax_row *r, dmlp__softmax_kind kind, int frac,
                             int exp)
{
    const dmlp__dd zero = {0, 0};
    r->kind = kind;
    r->frac = frac;
    r->exp = exp;
    r->index = 0;
    r->max = -INFINITY;
    r->argmax = 0;
    r->nan_bits = 0;
    r->has_pos_inf = 0;
    r->finite = 0;
    r->tail = r->tail_exact = r->tail_exact_rest = zero;
    r->tail_tiny = r->tail_tiny_rest = zero;
    r->exact = 0;
    r->sum = (dmlp__dd){1, 0};
    r->log_sum = zero;
    r->log_sum_known = 0;
    r->log_sum_fast = 0;
}

void dmlp__softmax_row_scan(dmlp__softmax_row *r, const double *x, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t j = r->index++;
        double v = x[i];
        if (isnan(v)) {
            if (r->nan_bits == 0) {
                r->nan_bits = dmlp__f64_bits(v);
                r->argmax = j;
            }
            continue;
        }
        if (v == INFINITY)
            r->has_pos_inf = 1;
        else if (v != -INFINITY)
            r->finite++;
        if (v > r->max) { /* strictly: the first of equal values (-0 and +0) stays */
            r->max = v;
            if (r->nan_bits == 0)
                r->argmax = j;
        }
    }
}

/* Pass 2's double-double terms: sum_exact, and pass 2 itself for binary64. */
static void sum_exact_chunk(dmlp__softmax_row *r, const double *x, size_t n)
{
    uint64_t unused;
    if (r->index == 0) {
        const dmlp__dd zero = {0, 0};
        r->tail_exact = r->tail_exact_rest = r->tail_tiny = r->tail_tiny_rest = zero;
    }
    if (r->kind == DMLP__HARDMAX || special_row(r, &unused)) {
        r->index += n;
        return;
    }
    int tiny = is_f64(r) && r->kind == DMLP__LOG_SOFTMAX;
    for (size_t i = 0; i < n; i++) {
        if (r->index++ == r->argmax)
            continue;
        dmlp__dd d = diff(x[i], r->max);
        if (d.hi == 0) {
            sum_add(&r->tail_exact, &r->tail_exact_rest, (dmlp__dd){1, 0});
        } else if (d.hi >= LEFT_OUT) {
            sum_add(&r->tail_exact, &r->tail_exact_rest, dmlp__exp_dd(d));
        } else if (tiny && d.hi >= TINY_LEFT_OUT) {
            /* e^d 2^1000 lies in [2^-876, 2^135]: the scaling is exact but for a low
               part below 2^-1022, 2^-146 of the term */
            int k;
            dmlp__dd v = dmlp__exp_dd_scaled(d, &k);
            sum_add(&r->tail_tiny, &r->tail_tiny_rest, dmlp__exp_scale_dd(v, k + TINY_SCALE));
        }
    }
}

void dmlp__softmax_row_sum(dmlp__softmax_row *r, const double *x, size_t n)
{
    uint64_t unused;
    if (is_f64(r)) {
        sum_exact_chunk(r, x, n);
        return;
    }
    if (r->index == 0)
        r->tail = (dmlp__dd){0, 0};
    if (r->kind == DMLP__HARDMAX || special_row(r, &unused)) {
        r->index += n;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        if (r->index++ == r->argmax)
            continue;
        dmlp__dd d = diff(x[i], r->max);
        if (d.hi >= LEFT_OUT)
            r->tail = dmlp__dd_add_d(r->tail, term_fast(d));
    }
}

void dmlp__softmax_row_sum_exact(dmlp__softmax_row *r, const double *x, size_t n)
{
    sum_exact_chunk(r, x, n);
    r->exact = 1;
}

/* The tail the pass uses. */
static dmlp__dd row_tail(const dmlp__softmax_row *r)
{
    dmlp__dd t = r->tail;
    if (is_f64(r) || r->exact) {
        t = dmlp__dd_add(r->tail_exact, r->tail_exact_rest);
        if (t.hi != 0 && is_f64(r) && r->kind == DMLP__LOG_SOFTMAX) {
            dmlp__dd tiny = dmlp__dd_add(r->tail_tiny, r->tail_tiny_rest);
            t = dmlp__dd_add(t, dmlp__exp_scale_dd(tiny, -TINY_SCALE));
        }
    }
    return t;
}

/* LogSoftmax's double-double L, dear: the fast path needs it only for what the lanes
   leave open (their l is log_sum_fast), so it waits for its first use there. */
static void need_log_sum(dmlp__softmax_row *r)
{
    if (r->log_sum_known)
        return;
    dmlp__dd t = row_tail(r);
    r->log_sum = t.hi == 0 ? (dmlp__dd){0, 0} : dmlp__log1p_dd(t);
    r->log_sum_known = 1;
}

/* The row's S and L, from the sum the pass uses. */
static void row_constants(dmlp__softmax_row *r)
{
    dmlp__dd t = row_tail(r);
    r->sum = dmlp__dd_add_d(t, 1.0);
    if (r->kind != DMLP__LOG_SOFTMAX) /* Softmax has no use for a logarithm */
        return;
    r->log_sum_known = 0;
    r->log_sum_fast = t.hi == 0 ? 0 : dmlp__log1p_dd_fast(t);
    if (is_f64(r) || r->exact)
        need_log_sum(r);
}

/* (q.hi + q.lo) 2^k rounded once to binary64: q positive and normalised, the value
   below 2^1000, k in [-1100, 0] (k <= -51 where the value is subnormal). */
static double round_scaled(dmlp__dd q, int k)
{
    double s = q.hi + q.lo; /* q rounded: the result if it is normal */
    double v = s * dmlp__exp_pow2(k / 2) * dmlp__exp_pow2(k - k / 2);
    if (v >= 0x1p-1022)
        return v;
    /* Subnormal: in units of the least subnormal, hi's integer part and fraction are
       exact, and lo (below half an ulp of hi) only decides an exact half. */
    double scaled = q.hi * dmlp__exp_pow2(k + 1074), whole = floor(scaled);
    double f = scaled - whole;
    if (f > 0.5 || (f == 0.5 && (q.lo > 0 || (q.lo == 0 && ((uint64_t)whole & 1) != 0))))
        whole += 1;
    return whole * 0x1p-1074;
}

/* LogSoftmax's d = 0 element when log(1 + T) is (nearly) 0: a signed zero, -0 when some
   other element is finite (T > 0). */
static uint64_t log_zero(const dmlp__softmax_row *r)
{
    return format_bits(r, r->finite > 1 ? -0.0 : 0.0);
}

static uint64_t softmax_f64(const dmlp__softmax_row *r, double x)
{
    dmlp__dd d = diff(x, r->max);
    if (d.hi < F64_ZERO) /* -inf included */
        return 0;
    int k = 0;
    dmlp__dd v = d.hi == 0 ? (dmlp__dd){1, 0} : dmlp__exp_dd_scaled(d, &k);
    return dmlp__f64_bits(round_scaled(dmlp__dd_div(v, r->sum), k));
}

/* d - l (d <= 0, l >= 0, one sign: nothing cancels) rounded once to binary64: dd_add's
   steps with the errors of its two roundings kept, which decide a tie of hi + lo (d a
   midpoint of binary64 and l below its ulp: far-apart values). */
static double sub_nearest(dmlp__dd d, dmlp__dd l)
{
    dmlp__dd s = dmlp__two_sum(d.hi, -l.hi), t = dmlp__two_sum(d.lo, -l.lo);
    dmlp__dd v = dmlp__two_sum(s.lo, t.hi);
    s = dmlp__fast_two_sum(s.hi, v.hi);
    dmlp__dd w = dmlp__two_sum(s.lo, t.lo);
    dmlp__dd y = dmlp__fast_two_sum(s.hi, w.hi); /* d - l = y.hi + y.lo + v.lo + w.lo */
    double rest = v.lo + w.lo;                   /* its sign is theirs */
    if (y.lo != 0 && rest != 0 && (y.lo > 0) == (rest > 0) &&
        (y.hi + 2 * y.lo) - y.hi == 2 * y.lo) /* a tie, and the rest is beyond it */
        return y.hi + 2 * y.lo;
    return y.hi;
}

static uint64_t log_softmax_f64(const dmlp__softmax_row *r, double x)
{
    dmlp__dd d = diff(x, r->max);
    if (d.hi == -INFINITY)
        return dmlp__f64_bits(-INFINITY);
    if (d.hi == 0 && r->log_sum.hi == 0) { /* no other term reaches e^-600 */
        dmlp__dd tiny = dmlp__dd_add(r->tail_tiny, r->tail_tiny_rest);
        if (tiny.hi == 0)
            return log_zero(r);
        return dmlp__f64_bits(-round_scaled(tiny, -TINY_SCALE));
    }
    /* L = 0: every other term was left out; a token stands for the positive L */
    return dmlp__f64_bits(sub_nearest(d, r->log_sum.hi == 0 ? (dmlp__dd){0x1p-1074, 0}
                                                            : r->log_sum));
}

static uint64_t softmax_exact(const dmlp__softmax_row *r, double x)
{
    dmlp__dd d = diff(x, r->max);
    if (d.hi <= NARROW_ZERO)
        return 0;
    dmlp__dd e = d.hi == 0 ? (dmlp__dd){1, 0} : dmlp__exp_dd(d);
    return dmlp__round_dd_to_format(dmlp__dd_div(e, r->sum), r->frac, r->exp);
}

/* d - 0+, as dmlp__round_dd_to_format sees every value in (d - ulp(d.hi), d): a token
   low part when d.lo is 0 (d.hi finite and nonzero). */
static dmlp__dd just_below(dmlp__dd d)
{
    return d.lo == 0 ? (dmlp__dd){d.hi, -0x1p-1074} : d;
}

static uint64_t log_softmax_exact(const dmlp__softmax_row *r, double x)
{
    dmlp__dd d = diff(x, r->max);
    if (d.hi == -INFINITY)
        return format_bits(r, -INFINITY);
    if (d.hi == 0 && r->log_sum.hi < LOG_TINY)
        return log_zero(r);
    /* L = 0: every other term was left out, T > 0 (d_i < 0 is one), y just below d */
    dmlp__dd y = r->log_sum.hi == 0 ? just_below(d) : dmlp__dd_add(d, neg(r->log_sum));
    return dmlp__round_dd_to_format(y, r->frac, r->exp);
}

/* The fast path: 1 and *out when decided. */
static int softmax_fast(const dmlp__softmax_row *r, double x, uint64_t *out)
{
    dmlp__dd d = diff(x, r->max);
    if (d.hi <= NARROW_ZERO) {
        *out = 0;
        return 1;
    }
    uint32_t bits;
    if (dmlp__round_decided(term_fast(d) / r->sum.hi, FAST_SOFTMAX_STEPS, r->frac, r->exp,
                            &bits)) {
        *out = bits;
        return 1;
    }
    /* Next to a midpoint: the term and the quotient again in double-double leave the
       sum's error alone (module comment) */
    dmlp__dd e = d.hi == 0 ? (dmlp__dd){1, 0} : dmlp__exp_dd(d);
    dmlp__dd y = dmlp__dd_div(e, r->sum);
    double b = SUM_ONLY_ERR * y.hi;
    bits = dmlp__round_dd_to_format(dmlp__dd_add_d(y, -b), r->frac, r->exp);
    if (bits != dmlp__round_dd_to_format(dmlp__dd_add_d(y, b), r->frac, r->exp))
        return 0;
    *out = bits;
    return 1;
}

/* y = d - L lies in [y_c - B, y_c + B] and below d: decided when both ends round alike
   (the rounding is monotonic). */
static int log_softmax_fast(dmlp__softmax_row *r, double x, uint64_t *out)
{
    need_log_sum(r);
    dmlp__dd d = diff(x, r->max);
    if (d.hi == -INFINITY) {
        *out = format_bits(r, -INFINITY);
        return 1;
    }
    if (d.hi == 0 && r->log_sum.hi < LOG_TINY) {
        *out = log_zero(r);
        return 1;
    }
    dmlp__dd y = dmlp__dd_add(d, neg(r->log_sum));
    double b = 0x1p-51 * r->log_sum.hi + 0x1p-97 * fabs(y.hi) + 0x1p-832;
    dmlp__dd low = dmlp__dd_add_d(y, -b), high = dmlp__dd_add_d(y, b);
    if (high.hi > d.hi || (high.hi == d.hi && high.lo >= d.lo))
        high = just_below(d);
    uint32_t bits = dmlp__round_dd_to_format(low, r->frac, r->exp);
    if (bits != dmlp__round_dd_to_format(high, r->frac, r->exp))
        return 0;
    *out = bits;
    return 1;
}

void dmlp__softmax_row_found(dmlp__softmax_row *r, double max, uint64_t argmax,
                             uint64_t finite, dmlp__dd tail)
{
    r->max = max;
    r->argmax = argmax;
    r->finite = finite;
    r->tail = tail;
    row_constants(r);
}

void dmlp__softmax_row_found_exact(dmlp__softmax_row *r, const dmlp__softmax_exact_lanes *sum)
{
    dmlp__dd a = {0, 0}, rest = {0, 0};
    for (int j = 0; j < DMLP__SOFTMAX_EXACT_LANES; j++)
        sum_add(&a, &rest, (dmlp__dd){sum->hi[j], sum->lo[j]});
    for (int j = 0; j < DMLP__SOFTMAX_EXACT_LANES; j++)
        rest = dmlp__dd_add(rest, (dmlp__dd){sum->rest_hi[j], sum->rest_lo[j]});
    r->tail_exact = a;
    r->tail_exact_rest = rest;
    r->exact = 1;
    row_constants(r);
}

uint64_t dmlp__softmax_row_exact_one(const dmlp__softmax_row *r, double x)
{
    return r->kind == DMLP__LOG_SOFTMAX ? log_softmax_exact(r, x) : softmax_exact(r, x);
}

int dmlp__softmax_row_decide(dmlp__softmax_row *r, double x, uint64_t *bits)
{
    return r->kind == DMLP__LOG_SOFTMAX ? log_softmax_fast(r, x, bits)
                                        : softmax_fast(r, x, bits);
}

size_t dmlp__softmax_row_results(dmlp__softmax_row *r, const double *x, size_t n,
                                 uint64_t *out)
{
    uint64_t special;
    if (r->kind == DMLP__HARDMAX) {
        uint64_t one = format_bits(r, 1.0);
        for (size_t i = 0; i < n; i++)
            out[i] = r->index++ == r->argmax ? one : 0;
        return 0;
    }
    if (special_row(r, &special)) {
        for (size_t i = 0; i < n; i++)
            out[i] = special;
        r->index += n;
        return 0;
    }
    if (r->index == 0)
        row_constants(r);
    r->index += n;
    int is_log = r->kind == DMLP__LOG_SOFTMAX;
    if (is_f64(r)) {
        for (size_t i = 0; i < n; i++)
            out[i] = is_log ? log_softmax_f64(r, x[i]) : softmax_f64(r, x[i]);
        return 0;
    }
    if (r->exact) {
        for (size_t i = 0; i < n; i++)
            out[i] = is_log ? log_softmax_exact(r, x[i]) : softmax_exact(r, x[i]);
        return 0;
    }
    size_t undecided = 0;
    for (size_t i = 0; i < n; i++)
        undecided += is_log ? !log_softmax_fast(r, x[i], &out[i])
                            : !softmax_fast(r, x[i], &out[i]);
    return undecided;
}
