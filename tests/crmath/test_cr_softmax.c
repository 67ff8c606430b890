/* Softmax, LogSoftmax and Hardmax rows (src/numeric/softmax_row.c) against MPFR:
   1. binary16 and bfloat16: every row of length 1; rows of length 2: a grid (every
      257th pattern in both places) and every pattern beside a value within 24 of it and
      beside a neighbouring pattern, either order; random rows of lengths 3 to 8 with
      -inf, +inf, NaN, zeros, subnormals and repeated maxima;
   2. binary32: random rows of lengths 1 to 64 and a few of 1000 and more, and rows made
      to be hard: huge ranges, one dominant value, ties, all equal (1/k), results near
      the least subnormal, differences two_sum must keep;
   3. binary64: random and extreme rows (x - m overflowing, subnormal results, a tiny
      sum under LogSoftmax's largest element), within 1 ULP (the count of results that
      are not the nearest is printed);
   and for every row and kind, both paths (the fast one, and the double-double one
   forced by sum_exact) and chunks of 1, 3 and the whole row, all with the oracle's bits;
   the fast path's undecided elements are counted (SHOW_UNDECIDED=1 prints their rows,
   SHOW_OFF=1 the binary64 results that are not the nearest). Special rows (NaN, +inf,
   all -inf) and Hardmax are checked against direct models and literal patterns. Under
   TEST_THIN (sanitizers, emulators) the samples are about 8 times thinner.
   The oracle takes x - m exactly (2200 bits), e^(x - m), the sum and the quotient or
   log1p at 160 bits and more (Ziv's loop: until every result's rounding is decided by
   the error bound), and rounds once to the format with subnormals. */
#include <math.h>
#include <mpfr.h>
#include <stdlib.h>
#include <time.h>

#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"
#include "numeric/softmax_row.h"
#include "test_util.h"

#define MAXN 2048

typedef struct fmt {
    const char *name;
    int frac, exp;
} fmt;

static const fmt F16 = {"binary16", 10, 5}, BF16 = {"bfloat16", 7, 8},
                 F32 = {"binary32", 23, 8}, F64 = {"binary64", 52, 11};

static int is64(const fmt *f)
{
    return f->frac == 52;
}

static int width(const fmt *f)
{
    return f->frac + f->exp + 1;
}

static int f_emin(const fmt *f)
{
    return 2 - (1 << (f->exp - 1));
}

static int f_emax(const fmt *f)
{
    return (1 << (f->exp - 1)) - 1;
}

static uint64_t inf_bits(const fmt *f)
{
    return (((uint64_t)1 << f->exp) - 1) << f->frac;
}

static uint64_t quiet_bit(const fmt *f)
{
    return (uint64_t)1 << (f->frac - 1);
}

static uint64_t sign_bit(const fmt *f)
{
    return (uint64_t)1 << (f->frac + f->exp);
}

/* A pattern of the format as the binary64 the library is given (exact; NaN payloads
   moved to the top of binary64's). */
static double widen(uint64_t b, const fmt *f)
{
    if (is64(f))
        return dmlp__f64_from_bits(b);
    uint64_t sign = (b >> (f->frac + f->exp)) & 1, e = (b >> f->frac) & ((1u << f->exp) - 1);
    uint64_t m = b & ((1u << f->frac) - 1);
    if (e == ((uint64_t)1 << f->exp) - 1) {
        if (m == 0)
            return sign ? -INFINITY : INFINITY;
        return dmlp__f64_from_bits(sign << 63 | 0x7ff0000000000000u | m << (52 - f->frac));
    }
    int bias = (1 << (f->exp - 1)) - 1;
    double v = e == 0 ? ldexp((double)m, 1 - bias - f->frac)
                      : ldexp((double)(m | (1u << f->frac)), (int)e - bias - f->frac);
    return sign ? -v : v;
}

/* The pattern of a value of the format (v representable, or infinite). */
static uint64_t encode(double v, const fmt *f)
{
    if (is64(f))
        return dmlp__f64_bits(v);
    uint64_t sign = signbit(v) ? sign_bit(f) : 0;
    double a = fabs(v);
    if (a == INFINITY)
        return sign | inf_bits(f);
    if (a == 0)
        return sign;
    int e;
    frexp(a, &e);
    e -= 1; /* a in [2^e, 2^(e+1)) */
    int bias = (1 << (f->exp - 1)) - 1;
    if (e < f_emin(f))
        return sign | (uint64_t)ldexp(a, f->frac - f_emin(f));
    return sign | ((uint64_t)(e + bias) << f->frac) |
           ((uint64_t)ldexp(a, f->frac - e) - ((uint64_t)1 << f->frac));
}

/* ---- the oracle ---- */

/* v rounded once to nearest-even in the format, subnormals and overflow included. */
static double round_exact(const mpfr_t v, const fmt *f)
{
    int P = f->frac + 1;
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    /* MPFR's exponents: v = m 2^e with m in [1/2, 1) */
    mpfr_set_emin(f_emin(f) - P + 2);
    mpfr_set_emax(f_emax(f) + 1);
    mpfr_t r;
    mpfr_init2(r, P);
    int inex = mpfr_set(r, v, MPFR_RNDN);
    inex = mpfr_check_range(r, inex, MPFR_RNDN);
    mpfr_subnormalize(r, inex, MPFR_RNDN);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    double out = mpfr_get_d(r, MPFR_RNDN); /* exact */
    mpfr_clear(r);
    return out;
}

/* y, within 2^err_exp of the exact value, rounded to the format: 0 when the rounding is
   undecided (no exact value is a midpoint: softmax_row.c). err_exp at least
   EXP(y) - prec(y) - 8. */
static int round_fmt(const mpfr_t y, mpfr_exp_t err_exp, const fmt *f, double *out)
{
    mpfr_t lo, hi;
    mpfr_prec_t p = mpfr_get_prec(y) + 16;
    mpfr_inits2(p, lo, hi, (mpfr_ptr)0);
    mpfr_set_ui_2exp(lo, 1, err_exp, MPFR_RNDN);
    mpfr_add(hi, y, lo, MPFR_RNDU); /* outward: the interval only grows */
    mpfr_sub(lo, y, lo, MPFR_RNDD);
    double a = round_exact(lo, f), b = round_exact(hi, f);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    if (dmlp__f64_bits(a) != dmlp__f64_bits(b))
        return 0;
    *out = a;
    return 1;
}

static unsigned long long oracle_rows, oracle_retries;

/* Softmax and LogSoftmax of a row without NaN or +inf and with a finite element, at
   precision p, rounded to the format; 0 when a rounding is undecided.
   - The sum T and the quotients are within (2n + 4) 2^-p relative: n + 1 roundings in the
     sum of positive terms, e^x's, and the quotient's.
   - log1p(T) within (2n + 3) 2^-p; d_i = x_i - m is exact, so y_i = d_i - log1p(T) is
     taken at a precision that keeps d_i and p bits more, its error that of log1p(T)
     plus the last rounding. Where log1p(T) is below even that, y_i is d_i - 0+: d_i
     nudged below at that precision.
   e^(x - m) below e^-1e8 is taken as 0 (MPFR's exponent range): a Softmax result below
   that rounds to +0 in every format, and the sum it joins is 1 or more. */
static int oracle_at(const double *x, size_t n, const fmt *f, mpfr_prec_t p, double *soft,
                     double *logs)
{
    size_t a = 0;
    uint64_t finite = 0;
    for (size_t j = 0; j < n; j++) {
        if (x[j] > x[a])
            a = j;
        finite += isfinite(x[j]) != 0;
    }
    double m = x[a];
    mpfr_t *e = malloc(n * sizeof *e);
    unsigned char *zero = malloc(n);
    mpfr_prec_t py = 2400 + p;
    mpfr_t d, t, s, l, y, yl;
    mpfr_init2(d, 2200); /* x - m exactly */
    mpfr_inits2(p, t, s, l, y, (mpfr_ptr)0);
    mpfr_init2(yl, py);
    mpfr_set_zero(t, 1);
    for (size_t j = 0; j < n; j++) {
        mpfr_init2(e[j], p);
        mpfr_set_zero(e[j], 1);
        zero[j] = 1;
        if (x[j] == -INFINITY)
            continue;
        mpfr_set_d(d, x[j], MPFR_RNDN);
        mpfr_sub_d(d, d, m, MPFR_RNDN);
        if (mpfr_cmp_si(d, -100000000) < 0)
            continue;
        zero[j] = 0;
        mpfr_exp(e[j], d, MPFR_RNDN);
        if (j != a)
            mpfr_add(t, t, e[j], MPFR_RNDN);
    }
    int bits = 0;
    while (((uint64_t)1 << bits) < 2 * (uint64_t)n + 4)
        bits++;
    long good = (long)p - bits;
    mpfr_add_ui(s, t, 1, MPFR_RNDN);
    mpfr_log1p(l, t, MPFR_RNDN);
    int ok = 1;
    for (size_t i = 0; i < n && ok; i++) {
        if (zero[i]) {
            soft[i] = 0.0;
        } else {
            mpfr_div(y, e[i], s, MPFR_RNDN);
            ok &= round_fmt(y, mpfr_get_exp(y) - good, f, &soft[i]);
        }
        if (x[i] == -INFINITY) {
            logs[i] = -INFINITY;
            continue;
        }
        mpfr_set_d(d, x[i], MPFR_RNDN);
        mpfr_sub_d(d, d, m, MPFR_RNDN);
        if (mpfr_zero_p(d) && mpfr_zero_p(t)) {
            logs[i] = finite > 1 ? -0.0 : 0.0; /* -log1p(T), T > 0 beyond MPFR's range */
        } else if (!mpfr_zero_p(d) &&
                   (mpfr_zero_p(l) || mpfr_get_exp(l) < mpfr_get_exp(d) - py + 4)) {
            mpfr_set(yl, d, MPFR_RNDN); /* exact */
            mpfr_nextbelow(yl);
            logs[i] = round_exact(yl, f);
        } else {
            mpfr_sub(yl, d, l, MPFR_RNDN);
            mpfr_exp_t err = mpfr_get_exp(l) - good;
            if (err < mpfr_get_exp(yl) - py + 1)
                err = mpfr_get_exp(yl) - py + 1;
            ok &= round_fmt(yl, err, f, &logs[i]);
        }
    }
    for (size_t j = 0; j < n; j++)
        mpfr_clear(e[j]);
    mpfr_clears(d, t, s, l, y, yl, (mpfr_ptr)0);
    free(e);
    free(zero);
    return ok;
}

static void oracle_row(const double *x, size_t n, const fmt *f, double *soft, double *logs)
{
    oracle_rows++;
    for (mpfr_prec_t p = 160; !oracle_at(x, n, f, p, soft, logs); p *= 2) {
        oracle_retries++;
        CHECK(p < 100000, "the oracle decides a row of %zu in %s", n, f->name);
        if (p >= 100000)
            return;
    }
}

/* ---- the models of the special rows and of Hardmax ---- */

/* Hardmax's index: the first NaN, else the first largest (-0 and +0 equal). */
static size_t argmax_model(const double *x, size_t n)
{
    size_t best = 0;
    for (size_t j = 1; j < n && !isnan(x[best]); j++)
        if (isnan(x[j]) || x[j] > x[best])
            best = j;
    return best;
}

/* Whether the row's Softmax and LogSoftmax are one NaN everywhere, and its pattern: the
   first NaN's pattern made quiet, or the default NaN for +inf or only -inf. */
static int special_model(const uint64_t *bits, const double *x, size_t n, const fmt *f,
                         uint64_t *nan)
{
    int pos_inf = 0, all_neg_inf = 1;
    for (size_t j = 0; j < n; j++) {
        if (isnan(x[j])) {
            *nan = bits[j] | quiet_bit(f);
            return 1;
        }
        pos_inf |= x[j] == INFINITY;
        all_neg_inf &= x[j] == -INFINITY;
    }
    *nan = inf_bits(f) | quiet_bit(f);
    return pos_inf || all_neg_inf;
}

/* ---- the library ---- */

static unsigned long long undecided_rows, undecided_elements;

/* The row through the library, `chunk` elements at a time: scan, sum, results; then,
   when the results left some undecided or `exact` asks for it, sum_exact and results
   again. Returns the first results pass's undecided count. */
static size_t lib_row(dmlp__softmax_kind kind, const fmt *f, const double *x, size_t n,
                      size_t chunk, int exact, uint64_t *out)
{
    dmlp__softmax_row r;
    dmlp__softmax_row_begin(&r, kind, f->frac, f->exp);
    dmlp__softmax_row_pass(&r);
    for (size_t i = 0; i < n; i += chunk)
        dmlp__softmax_row_scan(&r, x + i, n - i < chunk ? n - i : chunk);
    if (kind != DMLP__HARDMAX) {
        dmlp__softmax_row_pass(&r);
        for (size_t i = 0; i < n; i += chunk)
            dmlp__softmax_row_sum(&r, x + i, n - i < chunk ? n - i : chunk);
    }
    dmlp__softmax_row_pass(&r);
    size_t undecided = 0;
    for (size_t i = 0; i < n; i += chunk)
        undecided += dmlp__softmax_row_results(&r, x + i, n - i < chunk ? n - i : chunk, out + i);
    if (undecided != 0 || exact) {
        dmlp__softmax_row_pass(&r);
        for (size_t i = 0; i < n; i += chunk)
            dmlp__softmax_row_sum_exact(&r, x + i, n - i < chunk ? n - i : chunk);
        dmlp__softmax_row_pass(&r);
        size_t again = 0;
        for (size_t i = 0; i < n; i += chunk)
            again += dmlp__softmax_row_results(&r, x + i, n - i < chunk ? n - i : chunk, out + i);
        CHECK(again == 0, "%zu undecided after sum_exact", again);
    }
    return undecided;
}

/* ---- the checks ---- */

static const char *const kind_names[] = {"Softmax", "LogSoftmax", "Hardmax"};

static void print_row(const char *set, const fmt *f, dmlp__softmax_kind kind, const char *how,
                      const double *x, size_t n, size_t at, uint64_t got, uint64_t want)
{
    if (test_checks_failed_ > 50)
        return;
    fprintf(stderr, "  %s %s %s (%s): element %zu is 0x%llx, expected 0x%llx; row of %zu:",
            set, f->name, kind_names[kind], how, at, (unsigned long long)got,
            (unsigned long long)want, n);
    for (size_t j = 0; j < n && j < 12; j++)
        fprintf(stderr, " %a", x[j]);
    fprintf(stderr, n > 12 ? " ...\n" : "\n");
}

/* binary64: same sign and at most one pattern apart (zeros included, by sign). */
static int within_ulp(uint64_t got, uint64_t want)
{
    if ((got >> 63) != (want >> 63))
        return 0;
    uint64_t a = got & 0x7fffffffffffffffu, b = want & 0x7fffffffffffffffu;
    return (a > b ? a - b : b - a) <= 1;
}

static unsigned long long rows_checked, f64_results, f64_off;

/* Every kind of one row (patterns bits, values x) against the oracle and the models, both
   paths, three chunkings. */
static void check_row(const char *set, const fmt *f, const uint64_t *bits, const double *x,
                      size_t n)
{
    static double soft[MAXN], logs[MAXN];
    static uint64_t want[3][MAXN], got[MAXN], again[MAXN];
    rows_checked++;
    uint64_t nan;
    size_t hard = argmax_model(x, n);
    uint64_t one = encode(1.0, f);
    int special = special_model(bits, x, n, f, &nan);
    if (!special)
        oracle_row(x, n, f, soft, logs);
    for (size_t i = 0; i < n; i++) {
        want[0][i] = special ? nan : encode(soft[i], f);
        want[1][i] = special ? nan : encode(logs[i], f);
        want[2][i] = i == hard ? one : 0;
    }
    for (int k = 0; k < 3; k++) {
        dmlp__softmax_kind kind = (dmlp__softmax_kind)k;
        int loose = is64(f) && !special && kind != DMLP__HARDMAX;
        size_t undecided = lib_row(kind, f, x, n, n, 0, got);
        if (undecided) {
            if (getenv("SHOW_UNDECIDED"))
                print_row(set, f, kind, "undecided", x, n, 0, 0, 0);
            undecided_rows++;
            undecided_elements += undecided;
        }
        size_t bad = n;
        for (size_t i = 0; i < n; i++) {
            if (bad == n && (loose ? !within_ulp(got[i], want[k][i]) : got[i] != want[k][i]))
                bad = i;
            f64_results += loose;
            f64_off += loose && got[i] != want[k][i];
            if (loose && got[i] != want[k][i] && getenv("SHOW_OFF"))
                print_row(set, f, kind, "off", x, n, i, got[i], want[k][i]);
        }
        CHECK(bad == n, "%s %s %s", set, f->name, kind_names[k]);
        if (bad != n)
            print_row(set, f, kind, "fast", x, n, bad, got[bad], want[k][bad]);
        /* the other chunkings and the forced double-double path: the same bits as the
           oracle (binary64: as the first run) */
        static const struct {
            size_t chunk;
            int exact;
            const char *how;
        } runs[] = {{3, 0, "chunks of 3"}, {1, 0, "chunks of 1"}, {0, 1, "exact"},
                    {1, 1, "exact, chunks of 1"}, {3, 1, "exact, chunks of 3"}};
        for (size_t v = 0; v < sizeof runs / sizeof runs[0]; v++) {
            lib_row(kind, f, x, n, runs[v].chunk ? runs[v].chunk : n, runs[v].exact, again);
            const uint64_t *ref = loose ? got : want[k];
            bad = n;
            for (size_t i = 0; i < n && bad == n; i++)
                if (again[i] != ref[i])
                    bad = i;
            CHECK(bad == n, "%s %s %s %s", set, f->name, kind_names[k], runs[v].how);
            if (bad != n)
                print_row(set, f, kind, runs[v].how, x, n, bad, again[bad], ref[bad]);
        }
    }
}

/* A row given as patterns. */
static void check_bits(const char *set, const fmt *f, const uint64_t *bits, size_t n)
{
    double x[MAXN];
    for (size_t j = 0; j < n; j++)
        x[j] = widen(bits[j], f);
    check_row(set, f, bits, x, n);
}

/* A row given as values of the format. */
static void check_values(const char *set, const fmt *f, const double *x, size_t n)
{
    uint64_t bits[MAXN];
    for (size_t j = 0; j < n; j++)
        bits[j] = encode(x[j], f);
    check_row(set, f, bits, x, n);
}

/* ---- rows ---- */

static uint64_t below(uint64_t *s, uint64_t k)
{
    return test_rng(s) % k;
}

static double unit(uint64_t *s)
{
    return (double)(test_rng(s) >> 11) * 0x1p-53;
}

/* A value rounded to the format's pattern (inputs only). */
static uint64_t to_bits(double v, const fmt *f)
{
    return is64(f) ? dmlp__f64_bits(v) : dmlp__round_f64_to_format(v, f->frac, f->exp);
}

/* One of the special patterns: -inf (most often), +inf, quiet and signalling NaNs of
   either sign, zeros, the least subnormal, the largest finite, the least normal. */
static uint64_t special_pattern(uint64_t *s, const fmt *f)
{
    uint64_t sign = (test_rng(s) & 1) ? sign_bit(f) : 0;
    switch (below(s, 10)) {
    case 0:
    case 1:
        return sign_bit(f) | inf_bits(f);
    case 2:
        return inf_bits(f);
    case 3:
        return sign | inf_bits(f) | quiet_bit(f) | (test_rng(s) & (quiet_bit(f) - 1));
    case 4:
        return sign | inf_bits(f) | (1 + below(s, quiet_bit(f) - 1));
    case 5:
        return sign;
    case 6:
        return sign | 1;
    case 7:
        return sign | (inf_bits(f) - 1);
    case 8:
        return sign | ((uint64_t)1 << f->frac);
    default:
        return sign | below(s, (uint64_t)1 << f->frac); /* a subnormal */
    }
}

/* An element of a random row: mostly a value in center +- spread, else a copy of an
   earlier element (ties), its neighbour, any pattern, or (with specials) a special one. */
static uint64_t element(uint64_t *s, const fmt *f, const uint64_t *row, size_t j, double center,
                        double spread, int specials)
{
    uint64_t c = below(s, 32);
    if (specials && c == 0)
        return special_pattern(s, f);
    if (c <= 4 && j > 0)
        return row[below(s, j)];
    if (c <= 6 && j > 0) {
        uint64_t b = row[below(s, j)], n = (test_rng(s) & 1) ? b + 1 : b - 1;
        n &= ((uint64_t)1 << (width(f) - 1) << 1) - 1;
        return isfinite(widen(b, f)) && isfinite(widen(n, f)) ? n : b;
    }
    if (c == 7 && specials)
        return test_rng(s) & (((uint64_t)1 << (width(f) - 1) << 1) - 1);
    return to_bits(center + spread * (2 * unit(s) - 1), f);
}

/* A random center and spread for a row of the format. */
static void row_scale(uint64_t *s, const fmt *f, double *center, double *spread)
{
    static const double spreads[] = {1e-3, 0.05, 0.5, 2, 5, 10, 20, 50, 100, 500, 3e4};
    double limit = f == &F16 ? 3e4 : 1e30;
    *spread = spreads[below(s, sizeof spreads / sizeof spreads[0])];
    if (*spread > limit)
        *spread = limit;
    double mag = pow(10.0, -4 + 8 * unit(s));
    *center = below(s, 3) == 0 ? 0.0 : (test_rng(s) & 1 ? mag : -mag);
    if (fabs(*center) > limit)
        *center = 0;
}

static void random_rows(const char *set, const fmt *f, uint64_t seed, unsigned long count,
                        size_t min_n, size_t max_n, int specials)
{
    uint64_t s = seed, bits[MAXN];
    for (unsigned long r = 0; r < count; r++) {
        size_t n = min_n + below(&s, max_n - min_n + 1);
        double center, spread;
        row_scale(&s, f, &center, &spread);
        for (size_t j = 0; j < n; j++)
            bits[j] = element(&s, f, bits, j, center, spread, specials);
        check_bits(set, f, bits, n);
    }
}

/* 1. binary16 and bfloat16. */
static void set_16(const fmt *f, unsigned long *counts)
{
    unsigned long before = (unsigned long)rows_checked;
    uint64_t step = TEST_THIN ? 7 : 1, bits[8];
    for (uint64_t b = 0; b < 65536; b += step) /* every row of length 1 */
        check_bits("set 1 (length 1)", f, &b, 1);
    /* length 2: a grid, and every pattern beside a near value, either order */
    uint64_t grid = TEST_THIN ? 1031 : 257;
    for (uint64_t a = 0; a < 65536; a += grid)
        for (uint64_t b = 5; b < 65536; b += grid) {
            bits[0] = a;
            bits[1] = b;
            check_bits("set 1 (grid of 2)", f, bits, 2);
        }
    /* and beside a value within 24 of it, and beside a neighbouring pattern (near ties:
       1/2 + t/4 - t^3/48 ...), either order */
    uint64_t s = 0x9e3779b97f4a7c15u ^ (uint64_t)f->frac;
    for (uint64_t a = 0; a < 65536; a += step) {
        double x = widen(a, f);
        uint64_t near = isfinite(x) ? to_bits(x + 24 * (2 * unit(&s) - 1), f)
                                    : test_rng(&s) & 0xffff;
        uint64_t next = (a + 1 + below(&s, 4)) & 0xffff;
        for (int k = 0; k < 2; k++) {
            int swap = test_rng(&s) & 1;
            bits[swap] = a;
            bits[!swap] = k == 0 ? near : next;
            check_bits(k == 0 ? "set 1 (near pairs)" : "set 1 (neighbour pairs)", f, bits, 2);
        }
    }
    random_rows("set 1 (random 3-8)", f, 0x5eed0001u + (uint64_t)f->frac,
                TEST_THIN ? 4000 : 30000, 3, 8, 1);
    counts[0] += (unsigned long)rows_checked - before;
}

/* A literal row: its values and its length, for check_values. */
#define ROW(...)                                                                            \
    ((const double[]){__VA_ARGS__}), sizeof((const double[]){__VA_ARGS__}) / sizeof(double)

/* 2. binary32. */
static void set_32(unsigned long *count)
{
    unsigned long before = (unsigned long)rows_checked;
    const fmt *f = &F32;
    random_rows("set 2 (random 1-64)", f, 0x5eed0002u, TEST_THIN ? 1500 : 12000, 1, 64, 1);
    random_rows("set 2 (random 1-64, finite)", f, 0x5eed0003u, TEST_THIN ? 500 : 4000, 1, 64, 0);
    random_rows("set 2 (long)", f, 0x5eed0004u, TEST_THIN ? 2 : 6, 1000, 1500, 0);
    static const char *const hard = "set 2 (hard)";
    const double big = (double)3.4e38f, fmax = 0x1.fffffep127, tiny = 0x1p-149;
    check_values(hard, f, ROW((double)1e30f, (double)-1e30f));
    check_values(hard, f, ROW((double)-1e30f, (double)1e30f, 0));
    check_values(hard, f, ROW(big, -big));
    check_values(hard, f, ROW(-fmax, fmax, 0, tiny));
    check_values(hard, f, ROW(fmax, fmax, -fmax));
    check_values(hard, f, ROW(-fmax, -fmax));
    check_values(hard, f, ROW(50, 0, 0, 0, 0, 0));
    check_values(hard, f, ROW(88, 0, 1, 2, 3));
    check_values(hard, f, ROW(5, 5, 5, 1));
    check_values(hard, f, ROW(1, 5, 5, 5));
    check_values(hard, f, ROW(-0.0, 0.0, -1));
    check_values(hard, f, ROW(0.0, -0.0, -1));
    check_values(hard, f, ROW((double)1e-30f, -100));
    check_values(hard, f, ROW(0x1p-126, (double)-100.5f));
    check_values(hard, f, ROW(tiny, (double)-87.3f, -tiny, 0));
    check_values(hard, f, ROW(0x1p-100, -100, -100, (double)-99.99f));
    /* next to a midpoint by a chosen distance: {0, -t}, t = k 2^-23 (k odd), gives
       1/2 + t/4 - t^3/48 ..., t^3/48 below the midpoint 1/2 + k 2^-25, that is
       k^3 2^-16 / 48 binary64 steps. From k = 241 to 461 that is 4 to 32 steps: left
       open by the lanes' and the fast path's 32 steps, decided by the fast path's second
       try (softmax_row.c), which leaves only the sum's error */
    for (int k = 101; k <= 1001; k += 2) {
        double row[2] = {0, -(double)k * 0x1p-23};
        check_values("set 2 (next to a midpoint)", f, row, 2);
        uint64_t out[2];
        if (k >= 241 && k <= 461)
            CHECK(lib_row(DMLP__SOFTMAX, f, row, 2, 2, 0, out) == 0,
                  "{0, -%d 2^-23}: decided by the fast path's second try", k);
    }
    /* all equal: 1/k and -log k */
    static const double same[] = {0, 1, -7.5, (double)1e30f, -0x1.5p-140, 0x1.fffffep127,
                                  -0x1.fffffep127};
    double x[MAXN];
    for (size_t v = 0; v < sizeof same / sizeof same[0]; v++)
        for (size_t k = 1; k <= (TEST_THIN ? 20 : 70); k++) {
            for (size_t j = 0; j < k; j++)
                x[j] = same[v];
            check_values("set 2 (all equal)", f, x, k);
        }
    /* results across the subnormal range: e^-t / S near 2^-126 ... 2^-150 */
    uint64_t s = 0x5eed0005u;
    for (int i = 0; i < (TEST_THIN ? 300 : 2500); i++) {
        double t = 80 + 26 * unit(&s);
        size_t n = 2 + below(&s, 4);
        x[0] = (double)(float)(10 * unit(&s));
        for (size_t j = 1; j < n; j++)
            x[j] = j == 1 ? (double)(float)(x[0] - t) : (double)(float)(x[0] - 20 * unit(&s));
        check_values("set 2 (near underflow)", f, x, n);
    }
    /* a tiny largest value beside ones near -100: x - m needs two doubles */
    for (int i = 0; i < (TEST_THIN ? 200 : 1500); i++) {
        size_t n = 2 + below(&s, 4);
        x[0] = ldexp(1.0 + (double)below(&s, 1u << 23) * 0x1p-23, -(int)below(&s, 130) - 20);
        x[0] = (double)(float)x[0];
        for (size_t j = 1; j < n; j++)
            x[j] = (double)(float)(-120 * unit(&s));
        check_values("set 2 (two_sum)", f, x, n);
    }
    *count += (unsigned long)rows_checked - before;
}

/* 3. binary64, within 1 ULP. */
static void set_64(unsigned long *count)
{
    unsigned long before = (unsigned long)rows_checked;
    const fmt *f = &F64;
    static const char *const hard = "set 3 (hard)";
    const double dmax = 0x1.fffffffffffffp1023;
    random_rows("set 3 (random 1-32)", f, 0x5eed0006u, TEST_THIN ? 600 : 5000, 1, 32, 1);
    check_values(hard, f, ROW(1e308, -1e308));
    check_values(hard, f, ROW(-1e308, 1e308, 0));
    check_values(hard, f, ROW(dmax, -dmax));
    check_values(hard, f, ROW(dmax, -dmax, 0, -0x1p-1074));
    check_values(hard, f, ROW(dmax, dmax / 2, -dmax / 2, dmax));
    check_values(hard, f, ROW(-dmax, 0x1p970, -0x1.8p1023));
    check_values(hard, f, ROW(0, -1e308));
    check_values(hard, f, ROW(0, -800));
    check_values(hard, f, ROW(0, -1299.5, -1300.5));
    check_values(hard, f, ROW(0, -745.5, -745.5, -745.5, -745.5, -745.5));
    check_values(hard, f, ROW(0, -600.5, -601, -650));
    check_values(hard, f, ROW(0, -599.9, -601, -601, -601));
    check_values(hard, f, ROW(0, -700, -700, -700, -700));
    check_values(hard, f, ROW(0, 0, -744));
    check_values(hard, f, ROW(0x1p-1074, -100));
    check_values(hard, f, ROW(-0x1p-1074, 0x1p-1074));
    check_values(hard, f, ROW(1, 1, 1));
    double x[MAXN];
    uint64_t s = 0x5eed0007u;
    /* subnormal and tiny results: e^-t / S for t in [690, 760], and LogSoftmax of the
       largest over tiny sums */
    for (int i = 0; i < (TEST_THIN ? 200 : 1500); i++) {
        size_t n = 2 + below(&s, 5);
        x[0] = 10 * unit(&s) - 5;
        for (size_t j = 1; j < n; j++)
            x[j] = x[0] - (j == 1 || below(&s, 2) ? 690 + 70 * unit(&s) : 40 * unit(&s));
        check_values("set 3 (subnormal results)", f, x, n);
    }
    for (int i = 0; i < (TEST_THIN ? 100 : 800); i++) {
        size_t n = 2 + below(&s, 8);
        x[0] = 1000 * unit(&s) - 500;
        for (size_t j = 1; j < n; j++)
            x[j] = x[0] - 560 - 800 * unit(&s);
        check_values("set 3 (tiny sums)", f, x, n);
    }
    *count += (unsigned long)rows_checked - before;
}

/* The special rows and Hardmax against literal patterns (the models check the rest). */
static void specials(void)
{
    static const struct {
        const fmt *f;
        size_t n;
        uint64_t x[4];
        uint64_t nan; /* every Softmax and LogSoftmax result (0: a number row) */
        size_t argmax;
    } rows[] = {
        {&F16, 4, {0x3c00, 0x7d01, 0x4000, 0xfe05}, 0x7f01, 1},
        {&F16, 3, {0xfc00, 0xfc00, 0xfc00}, 0x7e00, 0},
        {&F16, 2, {0x3c00, 0x7c00}, 0x7e00, 1},
        {&BF16, 3, {0x3f80, 0xffc1, 0x7fc2}, 0xffc1, 1},
        {&BF16, 2, {0x7f80, 0x3f80}, 0x7fc0, 0},
        {&F32, 3, {0x7f800000, 0x7f800000, 0xff800000}, 0x7fc00000, 0},
        {&F32, 2, {0xff800000, 0xff800000}, 0x7fc00000, 0},
        {&F32, 3, {0x3f800000, 0xff800001, 0x7fc00000}, 0xffc00001, 1},
        {&F64, 2, {0x3ff0000000000000u, 0xfff0000000000123u}, 0xfff8000000000123u, 1},
        {&F64, 2, {0xfff0000000000000u, 0xfff0000000000000u}, 0x7ff8000000000000u, 0},
        {&F32, 2, {0x80000000, 0x00000000}, 0, 0},
        {&F32, 2, {0x00000000, 0x80000000}, 0, 0},
        {&F16, 3, {0xfc00, 0x8000, 0x0000}, 0, 1},
        {&F16, 3, {0x4000, 0x4200, 0x4200}, 0, 1},
        {&BF16, 2, {0x7fc0, 0x4000}, 0x7fc0, 0},
        {&F64, 3, {0xfff0000000000000u, 0x0000000000000000u, 0x8000000000000000u}, 0, 1},
    };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        const fmt *f = rows[r].f;
        size_t n = rows[r].n;
        double x[4];
        uint64_t out[4];
        for (size_t j = 0; j < n; j++)
            x[j] = widen(rows[r].x[j], f);
        for (int k = 0; k < 3; k++) {
            lib_row((dmlp__softmax_kind)k, f, x, n, n, 0, out);
            for (size_t j = 0; j < n; j++) {
                if (k == DMLP__HARDMAX)
                    CHECK_EQ_U64(out[j], j == rows[r].argmax ? encode(1.0, f) : 0,
                                 "special row %zu Hardmax element %zu", r, j);
                else if (rows[r].nan)
                    CHECK_EQ_U64(out[j], rows[r].nan, "special row %zu %s element %zu", r,
                                 kind_names[k], j);
            }
        }
        check_bits("specials", f, rows[r].x, n);
    }
    /* a -inf element: Softmax +0, LogSoftmax -inf; a lone finite one: 1 and +0 */
    double x[2] = {-INFINITY, 2.5};
    uint64_t out[2];
    lib_row(DMLP__SOFTMAX, &F32, x, 2, 2, 0, out);
    CHECK(out[0] == 0 && out[1] == 0x3f800000u, "Softmax of (-inf, 2.5)");
    lib_row(DMLP__LOG_SOFTMAX, &F32, x, 2, 2, 0, out);
    CHECK(out[0] == 0xff800000u && out[1] == 0, "LogSoftmax of (-inf, 2.5)");
}

int main(void)
{
    clock_t start = clock();
    unsigned long count1 = 0, count2 = 0, count3 = 0;
    specials();
    set_16(&F16, &count1);
    set_16(&BF16, &count1);
    set_32(&count2);
    set_64(&count3);
    printf("  rows: set 1 (binary16, bfloat16) %lu, set 2 (binary32) %lu, set 3 (binary64) "
           "%lu; each kind through both paths and three chunkings\n",
           count1, count2, count3);
    printf("  fast path: %llu undecided elements in %llu rows; binary64: %llu of %llu results "
           "not the nearest; oracle: %llu rows, %llu retries; %.1f s\n",
           undecided_elements, undecided_rows, f64_off, f64_results, oracle_rows,
           oracle_retries, (double)(clock() - start) / CLOCKS_PER_SEC);
    mpfr_free_cache();
    return test_finish("test_cr_softmax");
}
