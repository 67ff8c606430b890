/* ELEMENT_WISE_LOG and the logarithm it rests on (src/numeric/cr_log.c), against MPFR:
   - the reduction tables and constants (tools/gen_log_tables.py, gen_log_lean.py) entry
     by entry;
   - dmlp__log_fast (2^-49), dmlp__log_dd and dmlp__log1p_dd (2^-99), dmlp__log1p_dd_fast
     (DMLP__LOG1P_DD_FAST_ERR, t >= 0) on random and
     adversarial arguments: near 1, tiny t, t near -1, huge, subnormal, the pieces' edges;
   - the special values of every type through the reference kernel;
   - every float16 and bfloat16 input, a stride of binary32 (and the known hard cases,
     log_hard_f32.h) through the reference and every fast kernel the CPU runs, with and
     without a ScaleBias (scale 0.5, bias 0.25: the oracle takes the log of x * 0.5 + 0.25
     rounded as Identity rounds it);
   - float64 on random samples: correctly rounded (cr_log.h promises it unless log(x)
     lies within 2^-99 of a midpoint, which no sample does). */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>

#include "crmath/cr_unary_forms.h"
#include "crmath/log_hard_f32.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/cr_log.h"
#include "numeric/cr_log_lean_table.h"
#include "numeric/cr_log_tables.h"
#include "numeric/fp_convert.h"
#include "test_util.h"

static void log_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    (void)params;
    mpfr_log(y, x, MPFR_RNDN);
}

static double log_filter(double x, const double *params)
{
    (void)params;
    return log(x);
}

/* glibc documents its log within 1 ulp; 4 leaves room for any C library of the tests. */
static const dmlp_oracle log_oracle = {"log", log_formula, 0, log_filter, 4, 1};

/* Bits that hold hi + lo exactly. */
static mpfr_prec_t exact_prec(double hi, double lo)
{
    if (hi == 0 || lo == 0)
        return 64;
    int gap = ilogb(hi) - ilogb(lo);
    return 64 + (mpfr_prec_t)(gap > 0 ? gap : -gap);
}

/* |(hi + lo) - exact| / |exact| as a double, exact given in MPFR. */
static double rel_error(double hi, double lo, const mpfr_t exact)
{
    mpfr_t d;
    mpfr_init2(d, mpfr_get_prec(exact) + 64);
    mpfr_set_d(d, hi, MPFR_RNDN);
    mpfr_add_d(d, d, lo, MPFR_RNDN);
    mpfr_sub(d, d, exact, MPFR_RNDN);
    mpfr_div(d, d, exact, MPFR_RNDN);
    double r = fabs(mpfr_get_d(d, MPFR_RNDN));
    mpfr_clear(d);
    return r;
}

/* Every table entry: c of at most 20 bits, -log(c) within 2^-104 as a double-double
   (c = 1 exactly where L is 0); log 2 and its 42-bit split; the series' coefficients. */
static void table_cases(void)
{
    mpfr_t c, l;
    mpfr_inits2(300, c, l, (mpfr_ptr)0);
    for (int i = 0; i < 128; i++) {
        const double *t = dmlp__log_table[i];
        uint64_t bits = dmlp__f64_bits(t[0]);
        CHECK((bits & ((1ull << 33) - 1)) == 0, "table %d: c = %a has at most 20 bits", i, t[0]);
        if (t[0] == 1.0) {
            CHECK(t[1] == 0 && t[2] == 0 && (i == 79 || i == 80), "table %d: c = 1 beside 1 only",
                  i);
            continue;
        }
        CHECK(fabs(t[0] * (i < 80 ? 0.6875 + (i + 0.5) / 256 : 1 + (i - 79.5) / 128) - 1) < 0x1p-19,
              "table %d: c = %a is 1 / the piece's centre to 20 bits", i, t[0]);
        mpfr_set_d(c, t[0], MPFR_RNDN);
        mpfr_log(l, c, MPFR_RNDN);
        mpfr_neg(l, l, MPFR_RNDN);
        CHECK(rel_error(t[1], t[2], l) < 0x1p-104, "table %d: -log(c) within 2^-104", i);
    }
    mpfr_set_ui(c, 2, MPFR_RNDN);
    mpfr_log(l, c, MPFR_RNDN);
    CHECK(rel_error(DMLP__LOG_LN2_HI, DMLP__LOG_LN2_LO, l) < 0x1p-106, "log 2 as a double-double");
    CHECK(rel_error(DMLP__LOG_LN2_HI42, DMLP__LOG_LN2_LO42, l) < 0x1p-95, "log 2 split at 42 bits");
    CHECK((dmlp__f64_bits(DMLP__LOG_LN2_HI42) & ((1ull << 11) - 1)) == 0, "LN2_HI42 has 42 bits");
    for (int n = 1; n <= 7; n++) {
        mpfr_set_si(l, n % 2 ? 1 : -1, MPFR_RNDN);
        mpfr_div_ui(l, l, (unsigned long)n, MPFR_RNDN);
        CHECK(rel_error(dmlp__log1p_coef[n - 1][0], dmlp__log1p_coef[n - 1][1], l) < 0x1p-105,
              "coefficient 1/%d", n);
    }
    mpfr_clears(c, l, (mpfr_ptr)0);
}

/* The lean binary32 lanes' table (tools/gen_log_lean.py): c of at most 12 bits, 1 on
   piece 9 alone (with -log(c) = 0), each -log(c) correctly rounded, z c - 1 within the
   interval the polynomial was made for at both ends of every piece, and LN2 = log 2
   rounded. */
static void lean_table_cases(void)
{
    mpfr_t c, l;
    mpfr_inits2(300, c, l, (mpfr_ptr)0);
    for (int i = 0; i < 16; i++) {
        double cv = dmlp__log_lean_table[0][i], lv = dmlp__log_lean_table[1][i];
        CHECK((dmlp__f64_bits(cv) & ((1ull << 41) - 1)) == 0, "lean %d: c = %a has 12 bits", i,
              cv);
        CHECK((cv == 1.0) == (i == 9) && (i != 9 || lv == 0), "lean %d: c = 1 on piece 9 alone",
              i);
        double a = i < 9 ? 0.703125 + i / 32.0 : i == 9 ? 1 - 1 / 64.0 : 1 + (i - 9.5) / 16;
        double b = i < 9 ? a + 1 / 32.0 : i == 9 ? 1 + 1 / 32.0 : a + 1 / 16.0;
        CHECK(fabs(a * cv - 1) <= 0x1p-5 && fabs(b * cv - 1) <= 0x1p-5,
              "lean %d: z c - 1 within 2^-5 on [%a, %a]", i, a, b);
        mpfr_set_d(c, cv, MPFR_RNDN);
        mpfr_log(l, c, MPFR_RNDN);
        mpfr_neg(l, l, MPFR_RNDN);
        CHECK(mpfr_get_d(l, MPFR_RNDN) == lv, "lean %d: -log(c) = %a rounded", i, lv);
    }
    mpfr_set_ui(c, 2, MPFR_RNDN);
    mpfr_log(l, c, MPFR_RNDN);
    CHECK(mpfr_get_d(l, MPFR_RNDN) == DMLP__LOG_LEAN_LN2, "lean LN2 is log 2 rounded");
    mpfr_clears(c, l, (mpfr_ptr)0);
}

/* log_lean64's arithmetic on one binary32 x > 0, in scalar binary64 with fused steps. */
static double lean_log_mirror(float x)
{
    uint64_t tmp = dmlp__f64_bits((double)x) + 0x0019800000000000u;
    double k = (double)(int)(tmp >> 52) - 1024;
    double z = dmlp__f64_from_bits((tmp & 0x000fffffffffffffu) + 0x3fe6800000000000u);
    int j = (int)(tmp >> 48) & 15;
    double r = fma(z, dmlp__log_lean_table[0][j], -1.0);
    double p = dmlp__log_lean_poly[DMLP__LOG_LEAN_TERMS - 1];
    for (int i = DMLP__LOG_LEAN_TERMS - 2; i >= 0; i--)
        p = fma(p, r, dmlp__log_lean_poly[i]);
    return fma(r, p, fma(k, DMLP__LOG_LEAN_LN2, dmlp__log_lean_table[1][j]));
}

/* The bound the lean lanes' rounding test assumes (tools/gen_log_lean.py proves it),
   measured: every piece's ends at the least, middle and greatest k, the binary32 values
   nearest 1, and random positive binary32 (subnormals too). */
static void lean_bound_cases(void)
{
    mpfr_t m;
    mpfr_init2(m, 128);
    double worst = 0;
    uint32_t worst_x = 0;
    uint64_t rng = 0x3c6ef372fe94f82bu;
    int n = TEST_THIN ? 20000 : 200000;
    for (int i = 0; i < n + 16 * 5 * 9 + 64; i++) {
        uint32_t xb;
        if (i < 16 * 5 * 9) { /* piece i / 45's lower end (in x's bits), -4 .. +4 ulps */
            static const int ks[5] = {-149, -126, 0, 1, 127};
            int k = ks[i / 9 % 5], piece = i / 45;
            uint64_t t = ((uint64_t)(k + 1024) << 52) | (uint64_t)piece << 48;
            double x = dmlp__f64_from_bits(t - 0x0019800000000000u);
            xb = dmlp__f32_bits((float)x) + (uint32_t)(i % 9) - 4;
        } else if (i < 16 * 5 * 9 + 64) {
            xb = 0x3f800000u + (uint32_t)(i - 16 * 5 * 9) - 32;
        } else {
            xb = (uint32_t)(test_rng(&rng) % 0x7f7fffffu) + 1;
        }
        float x = dmlp__f32_from_bits(xb);
        if (!(x > 0) || x == 1.0f || isinf(x))
            continue;
        mpfr_set_flt(m, x, MPFR_RNDN);
        mpfr_log(m, m, MPFR_RNDN);
        double e = rel_error(lean_log_mirror(x), 0, m);
        if (e > worst) {
            worst = e;
            worst_x = xb;
        }
    }
    CHECK(lean_log_mirror(1.0f) == 0 && !signbit(lean_log_mirror(1.0f)), "lean log 1 = +0");
    CHECK(worst * 0x1p53 <= DMLP__LOG_LEAN_STEPS,
          "lean log: relative error %a at 0x%08x is past %d binary64 steps", worst, worst_x,
          DMLP__LOG_LEAN_STEPS);
    printf("lean log: worst relative error %a (%.0f steps of %d) at 0x%08x\n", worst,
           worst * 0x1p53, DMLP__LOG_LEAN_STEPS, worst_x);
    mpfr_clear(m);
}

static double worst_fast, worst_dd, worst_log1p, worst_log1p_fast;

/* x = hi + lo > 0: dmlp__log_dd, and dmlp__log_fast of hi, against MPFR. */
static void check_log_dd(double hi, double lo)
{
    mpfr_t x, y;
    mpfr_init2(x, exact_prec(hi, lo));
    mpfr_init2(y, 256);
    mpfr_set_d(x, hi, MPFR_RNDN);
    mpfr_add_d(x, x, lo, MPFR_RNDN); /* exact */
    mpfr_log(y, x, MPFR_RNDN);
    if (!mpfr_zero_p(y)) {
        dmlp__dd r = dmlp__log_dd((dmlp__dd){hi, lo});
        double e = rel_error(r.hi, r.lo, y);
        worst_dd = e > worst_dd ? e : worst_dd;
        CHECK(e < 0x1p-99, "log_dd(%a + %a): relative error %a", hi, lo, e);
    }
    mpfr_set_prec(x, 64);
    mpfr_set_d(x, hi, MPFR_RNDN);
    mpfr_log(y, x, MPFR_RNDN);
    if (!mpfr_zero_p(y)) {
        double e = rel_error(dmlp__log_fast(hi), 0, y);
        worst_fast = e > worst_fast ? e : worst_fast;
        CHECK(e < DMLP__LOG_FAST_ERR, "log_fast(%a): relative error %a", hi, e);
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
}

/* t = hi + lo > -1: dmlp__log1p_dd against MPFR. */
static void check_log1p_dd(double hi, double lo)
{
    mpfr_t t, y;
    mpfr_init2(t, exact_prec(hi, lo));
    mpfr_init2(y, 256);
    mpfr_set_d(t, hi, MPFR_RNDN);
    mpfr_add_d(t, t, lo, MPFR_RNDN); /* exact */
    if (mpfr_cmp_si(t, -1) <= 0) { /* outside log1p's domain */
        mpfr_clears(t, y, (mpfr_ptr)0);
        return;
    }
    mpfr_log1p(y, t, MPFR_RNDN);
    if (!mpfr_zero_p(y)) {
        dmlp__dd r = dmlp__log1p_dd((dmlp__dd){hi, lo});
        double e = rel_error(r.hi, r.lo, y);
        worst_log1p = e > worst_log1p ? e : worst_log1p;
        CHECK(e < 0x1p-99, "log1p_dd(%a + %a): relative error %a", hi, lo, e);
        if (hi >= 0 && !isinf(hi)) { /* the binary64 one, for t >= 0 */
            e = rel_error(dmlp__log1p_dd_fast((dmlp__dd){hi, lo}), 0, y);
            worst_log1p_fast = e > worst_log1p_fast ? e : worst_log1p_fast;
            CHECK(e < DMLP__LOG1P_DD_FAST_ERR, "log1p_dd_fast(%a + %a): relative error %a", hi,
                  lo, e);
        }
    } else {
        dmlp__dd r = dmlp__log1p_dd((dmlp__dd){hi, lo});
        CHECK(r.hi == 0 && r.lo == 0, "log1p_dd(0) = 0");
    }
    mpfr_clears(t, y, (mpfr_ptr)0);
}

/* A random low part for hi: within half an ulp of it, sometimes 0. */
static double low_part(double hi, uint64_t r)
{
    if (r % 5 == 0 || hi == 0)
        return 0;
    int e;
    frexp(hi, &e);
    return ldexp((double)(int64_t)(r >> 11) * 0x1p-53 - 0.5, e - 53) * ((r >> 3) % 2 ? 1 : 0.99);
}

static void dd_cases(void)
{
    /* adversarial: around 1 (the c = 1 pieces and their edges), the other pieces' edges,
       log 2's multiples, huge and subnormal */
    const double anchors[] = {
        1.0, 1.0 - 0x1p-8, 1.0 + 0x1p-7, 1.0 - 0x1p-7, 1.0 + 0x1p-6, 0.6875, 1.375, 0.5,
        2.0, 0x1p-1022, 0x1p-1074, 0x1.fffffffffffffp1023, 0x1p1000, 0x1p-1000, 2.718281828459045,
        0x1.0000000000001p0, 0x1.fffffffffffffp-1, 0x1p-1060,
    };
    for (size_t a = 0; a < sizeof anchors / sizeof anchors[0]; a++)
        for (int step = -4; step <= 4; step++) {
            double hi = dmlp__f64_from_bits(dmlp__f64_bits(anchors[a]) + (uint64_t)(int64_t)step);
            if (!(hi > 0) || isinf(hi))
                continue;
            check_log_dd(hi, 0);
            check_log_dd(hi, ldexp(hi, -60));
            check_log_dd(hi, -ldexp(hi, -70));
        }
    /* 1 + tiny in both parts: (1, ±2^-k) */
    for (int k = 54; k < 1074; k += 37) {
        check_log_dd(1.0, ldexp(1.0, -k));
        check_log_dd(1.0, -ldexp(1.0, -k));
    }
    /* log1p: tiny t, t at the c = 1 boundaries, t near -1, huge t */
    const double ts[] = {0x1p-1074, 0x1p-1022, 0x1p-600, 0x1p-60, 0x1p-30, 0x1p-9, 0x1p-8,
                         0x1p-7, 0x1.0000000000001p-7, 0.25, 1.0, 3.0, 0x1p60, 0x1p1000,
                         0x1.fffffffffffffp1023};
    for (size_t a = 0; a < sizeof ts / sizeof ts[0]; a++)
        for (int sign = 0; sign < 2; sign++) {
            double t = sign ? -ts[a] : ts[a];
            if (t <= -1)
                continue;
            check_log1p_dd(t, 0);
            check_log1p_dd(t, low_part(t, 0x9e3779b97f4a7c15u));
        }
    check_log1p_dd(0, 0);
    dmlp__dd inf = dmlp__log1p_dd((dmlp__dd){INFINITY, 0});
    CHECK(inf.hi == INFINITY, "log1p_dd(+inf) = +inf");
    dmlp__dd minus_one = dmlp__log1p_dd((dmlp__dd){-1.0, 0});
    CHECK(minus_one.hi == -INFINITY, "log1p_dd(-1) = -inf");
    CHECK(isinf(dmlp__log_dd((dmlp__dd){INFINITY, 0}).hi), "log_dd(+inf) = +inf");
    CHECK(isnan(dmlp__log_dd((dmlp__dd){-2.0, 0}).hi), "log_dd(-2) is NaN");
    for (int k = 1; k < 1070; k += 23) { /* -1 + 2^-k, and as (-1, 2^-k) */
        check_log1p_dd(-1.0 + ldexp(1.0, -k), 0);
        check_log1p_dd(-1.0, ldexp(1.0, -k));
        check_log1p_dd(-0.5, ldexp(1.0, -k - 2));
    }
    uint64_t rng = 0x6a09e667f3bcc909u;
    int n = TEST_THIN ? 3000 : 30000;
    for (int i = 0; i < n; i++) {
        uint64_t r = test_rng(&rng), r2 = test_rng(&rng);
        double hi;
        switch (i % 4) {
        case 0: /* any positive double */
            hi = dmlp__f64_from_bits((r >> 1) % 0x7ff0000000000000u);
            break;
        case 1: /* near 1 */
            hi = 1.0 + ldexp((double)(r >> 11) * 0x1p-53 - 0.5, -(int)(r2 % 64));
            break;
        case 2: /* the reduction's range and a little around it */
            hi = 0.5 + (double)(r >> 11) * 0x1p-52;
            break;
        default: /* moderate exponents */
            hi = ldexp(1.0 + (double)(r >> 11) * 0x1p-53, (int)(r2 % 200) - 100);
            break;
        }
        if (!(hi > 0))
            continue;
        check_log_dd(hi, low_part(hi, r2));
        double t = i % 2 ? hi - 1.0 : ldexp((double)(r >> 11) * 0x1p-53, -(int)(r2 % 1100));
        if (r2 & (1u << 20))
            t = -fabs(t) > -1 ? -fabs(t) : t;
        if (t > -1 && !isinf(t))
            check_log1p_dd(t, low_part(t, r ^ r2));
    }
    printf("log_fast worst %a (bound 2^-49), log_dd %a, log1p_dd %a (bound 2^-99), "
           "log1p_dd_fast %a (bound %a)\n",
           worst_fast, worst_dd, worst_log1p, worst_log1p_fast, DMLP__LOG1P_DD_FAST_ERR);
}

/* One element through the type's reference kernel, no ScaleBias. */
static uint64_t run_one(DML_TENSOR_DATA_TYPE type, uint64_t x)
{
    dmlp__unary_kernel k = dmlp__reference_kernel(DML_OPERATOR_ELEMENT_WISE_LOG, type);
    dmlp__kernel_args args = {0};
    uint64_t out = 0;
    k(1, &x, &out, &args);
    return out;
}

static void special_cases(void)
{
    static const struct {
        DML_TENSOR_DATA_TYPE type;
        uint64_t x, want;
    } cases[] = {
        /* +0, -0, 1, +inf, -inf, -1, the least negative, NaNs quiet with sign and payload */
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0x00000000u, 0xff800000u},
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0x80000000u, 0xff800000u},
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0x3f800000u, 0x00000000u},
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0x7f800000u, 0x7f800000u},
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0xff800000u, 0x7fc00000u},
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0xbf800000u, 0x7fc00000u},
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0x80000001u, 0x7fc00000u},
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0x7f800001u, 0x7fc00001u},
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0xffc01234u, 0xffc01234u},
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0x00000001u, 0xc2ce8ed0u}, /* log 2^-149 = -103.27893 */
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0x7f7fffffu, 0x42b17218u}, /* 88.72284 */
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0x40000000u, 0x3f317218u}, /* log 2 */
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0x3f7fffffu, 0xb3800000u}, /* -2^-24 */
        {DML_TENSOR_DATA_TYPE_FLOAT32, 0x3f800001u, 0x33ffffffu}, /* 2^-23 - 2^-47, below 2^-23 */
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0x0000u, 0xfc00u},
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0x8000u, 0xfc00u},
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0x3c00u, 0x0000u},
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0x7c00u, 0x7c00u},
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0xfc00u, 0x7e00u},
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0x8001u, 0x7e00u},
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0x7c01u, 0x7e01u},
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0x0001u, 0xcc29u}, /* log 2^-24 = -16.64 */
        {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0x0000u, 0xff80u},
        {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0x8000u, 0xff80u},
        {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0x3f80u, 0x0000u},
        {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0x7f80u, 0x7f80u},
        {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0xbf80u, 0x7fc0u},
        {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0xff81u, 0xffc1u},
        {DML_TENSOR_DATA_TYPE_FLOAT64, 0x0000000000000000u, 0xfff0000000000000u},
        {DML_TENSOR_DATA_TYPE_FLOAT64, 0x8000000000000000u, 0xfff0000000000000u},
        {DML_TENSOR_DATA_TYPE_FLOAT64, 0x3ff0000000000000u, 0x0000000000000000u},
        {DML_TENSOR_DATA_TYPE_FLOAT64, 0x7ff0000000000000u, 0x7ff0000000000000u},
        {DML_TENSOR_DATA_TYPE_FLOAT64, 0xbff0000000000000u, 0x7ff8000000000000u},
        {DML_TENSOR_DATA_TYPE_FLOAT64, 0x7ff0000000000001u, 0x7ff8000000000001u},
        {DML_TENSOR_DATA_TYPE_FLOAT64, 0x0000000000000001u, 0xc0874385446d71c3u}, /* log 2^-1074 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK_EQ_U64(run_one(cases[i].type, cases[i].x), cases[i].want, "log of 0x%llx (type %d)",
                     (unsigned long long)cases[i].x, (int)cases[i].type);
}

/* The sweep: each form is a kernel with or without the ScaleBias. */
typedef struct log_ctx {
    DML_TENSOR_DATA_TYPE type;
    int scaled;
} log_ctx;

/* x * 0.5 + 0.25 as Identity computes it: in binary32, multiply and add each rounded
   (volatile: never fused), a 16-bit type widened exactly first and the sum rounded once
   to it. */
static uint32_t scaled_input(const log_ctx *c, uint32_t x)
{
    float f;
    if (c->type == DML_TENSOR_DATA_TYPE_FLOAT32)
        f = dmlp__f32_from_bits(x);
    else if (c->type == DML_TENSOR_DATA_TYPE_FLOAT16)
        f = dmlp__f16_to_f32((uint16_t)x);
    else
        f = dmlp__bf16_to_f32((uint16_t)x);
    if (isnan(f))
        return x; /* a NaN passes the ScaleBias as itself, made quiet by the log */
    volatile float product = f * 0.5f;
    volatile float sum = product + 0.25f;
    if (c->type == DML_TENSOR_DATA_TYPE_FLOAT32)
        return dmlp__f32_bits(sum);
    if (c->type == DML_TENSOR_DATA_TYPE_FLOAT16)
        return dmlp__f32_to_f16(sum);
    return dmlp__f32_to_bf16(sum);
}

static uint32_t log_expect(uint32_t x, void *ctx)
{
    log_ctx *c = ctx;
    if (c->scaled)
        x = scaled_input(c, x);
    switch (c->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        return dmlp_oracle_f32(&log_oracle, x, NULL);
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        return dmlp_oracle_f16(&log_oracle, (uint16_t)x, NULL);
    default:
        return dmlp_oracle_bf16(&log_oracle, (uint16_t)x, NULL);
    }
}

static void sweep_log(DML_TENSOR_DATA_TYPE type, const char *name, uint64_t stride, int scaled)
{
    log_ctx ctx = {type, scaled};
    dmlp_cr_sweep s = {.name = name, .expect = log_expect, .ctx = &ctx};
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32 && !scaled && stride > 1) {
        s.extra = log_hard_f32;
        s.extra_count = sizeof log_hard_f32 / sizeof log_hard_f32[0];
    }
    dmlp__kernel_args args = {.scale_bias = (uint32_t)scaled, .scale = 0.5f, .bias = 0.25f};
    dmlp_cr_check_op(&s, DML_OPERATOR_ELEMENT_WISE_LOG, type, &args, "reference", stride);
}

/* float64: random positive doubles, and near 1, against MPFR's correctly rounded log. */
static void f64_cases(void)
{
    uint64_t rng = 0xbb67ae8584caa73bu;
    int n = TEST_THIN ? 2000 : 20000, wrong = 0;
    for (int i = 0; i < n; i++) {
        uint64_t r = test_rng(&rng);
        double x = i % 2 ? dmlp__f64_from_bits((r >> 1) % 0x7ff0000000000000u)
                         : 1.0 + ldexp((double)(r >> 11) * 0x1p-53 - 0.5, -(int)(r % 50));
        if (!(x > 0) || x == 1.0)
            continue;
        double want = dmlp_oracle_eval(&log_oracle, x, NULL, DMLP_ORACLE_F64);
        uint64_t got = run_one(DML_TENSOR_DATA_TYPE_FLOAT64, dmlp__f64_bits(x));
        wrong += got != dmlp__f64_bits(want);
        CHECK_EQ_U64(got, dmlp__f64_bits(want), "float64 log(%a)", x);
    }
    printf("log f64: %d samples, %d not correctly rounded\n", n, wrong);
}

int main(int argc, char **argv)
{
    table_cases();
    lean_table_cases();
    lean_bound_cases();
    dd_cases();
    special_cases();
    f64_cases();
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    sweep_log(DML_TENSOR_DATA_TYPE_FLOAT16, "log f16", 0, 0);
    sweep_log(DMLP_TENSOR_DATA_TYPE_BFLOAT16, "log bf16", 0, 0);
    sweep_log(DML_TENSOR_DATA_TYPE_FLOAT32, "log f32", stride, 0);
    sweep_log(DML_TENSOR_DATA_TYPE_FLOAT16, "log f16 scale 0.5 bias 0.25", 0, 1);
    sweep_log(DMLP_TENSOR_DATA_TYPE_BFLOAT16, "log bf16 scale 0.5 bias 0.25", 0, 1);
    sweep_log(DML_TENSOR_DATA_TYPE_FLOAT32, "log f32 scale 0.5 bias 0.25",
              stride == 1 ? 257 : stride * 7, 1);
    mpfr_free_cache();
    return test_finish("test_cr_log");
}
