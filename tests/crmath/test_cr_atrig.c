/* ELEMENT_WISE_ATAN, ASIN, ACOS and ATAN_YX (src/ops/atan.c, asin.c, acos.c, atan_yx.c,
   on src/numeric/cr_atan.c) against MPFR:
   - the generated tables (tools/gen_atan_tables.py) entry by entry;
   - dmlp__atan2_fast, asin_fast, acos_fast within 2^-49 and their double-double forms
     within 2^-95, on random arguments;
   - the special values docs/operators.md states, and atan2's signed-zero and infinity
     table in every type;
   - ATAN, ASIN, ACOS: every float16 and bfloat16 input and a stride of binary32 (all 2^32
     with --full), bit for bit with the correctly rounded result; ASIN with a ScaleBias
     on every 16-bit input; float64 samples through dmlp_cr_check_f64;
   - ATAN_YX: a stride of the float16 and bfloat16 pairs (every pair with --full) and
     random binary32 pairs (10^5; 10^9 with --full); float64 samples at fixed x. */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>

#include "crmath/cr_f64_check.h"
#include "crmath/cr_pair_sweep.h"
#include "crmath/cr_sweep.h"
#include "crmath/cr_unary_forms.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/cr_atan.h"
#include "numeric/cr_atan_lean_table.h"
#include "numeric/cr_atan_tables.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"
#include "test_util.h"

#define ATAN DML_OPERATOR_ELEMENT_WISE_ATAN
#define ASIN DML_OPERATOR_ELEMENT_WISE_ASIN
#define ACOS DML_OPERATOR_ELEMENT_WISE_ACOS
#define ATAN_YX DML_OPERATOR_ELEMENT_WISE_ATAN_YX
#define F32 DML_TENSOR_DATA_TYPE_FLOAT32
#define F16 DML_TENSOR_DATA_TYPE_FLOAT16
#define BF16 DMLP_TENSOR_DATA_TYPE_BFLOAT16
#define F64 DML_TENSOR_DATA_TYPE_FLOAT64

DMLP_ORACLE_MPFR_AND_LIBM(atan) DMLP_ORACLE_MPFR_AND_LIBM(asin) DMLP_ORACLE_MPFR_AND_LIBM(acos)

/* atan2(y, x) with y the oracle's input and x = params[0] */
static void atan2_formula(mpfr_t r, const mpfr_t y, const double *p)
{
    mpfr_t x;
    mpfr_init2(x, 53);
    mpfr_set_d(x, p[0], MPFR_RNDN);
    mpfr_atan2(r, y, x, MPFR_RNDN);
    mpfr_clear(x);
}

/* glibc documents atan, asin, acos and atan2 within 1 or 2 ulps: 8 is generous. */
static double atan2_filter(double y, const double *p)
{
    return atan2(y, p[0]);
}

static const dmlp_oracle atan_oracle = {"atan", atan_formula, 0, atan_filter, 8, 0};
static const dmlp_oracle asin_oracle = {"asin", asin_formula, 0, asin_filter, 8, 0};
static const dmlp_oracle acos_oracle = {"acos", acos_formula, 0, acos_filter, 8, 0};
static const dmlp_oracle atan2_oracle = {"atan2", atan2_formula, 0, atan2_filter, 8, 0};

/* ---- tables and entry points --------------------------------------------------------- */

static void check_dd(const char *what, int i, const double *v, const mpfr_t exact)
{
    mpfr_t d;
    mpfr_init2(d, 300);
    mpfr_set_d(d, v[0], MPFR_RNDN);
    mpfr_add_d(d, d, v[1], MPFR_RNDN);
    mpfr_sub(d, d, exact, MPFR_RNDN);
    int ok = mpfr_zero_p(d) || mpfr_cmpabs(d, exact) <= 0 ||
             mpfr_get_exp(d) <= mpfr_get_exp(exact) - 106;
    ok = ok && (mpfr_zero_p(d) || mpfr_get_exp(d) <= mpfr_get_exp(exact) - 106);
    CHECK(ok, "%s[%d] within 2^-106 of MPFR's value", what, i);
    mpfr_clear(d);
}

static void tables(void)
{
    mpfr_t v;
    mpfr_init2(v, 300);
    for (int i = 1; i <= DMLP__ATAN_GRID; i++) {
        mpfr_set_ui(v, (unsigned)i, MPFR_RNDN);
        mpfr_div_ui(v, v, DMLP__ATAN_GRID, MPFR_RNDN);
        mpfr_atan(v, v, MPFR_RNDN);
        check_dd("atan_points", i, dmlp__atan_points[i], v);
    }
    for (int k = 1; k <= 7; k++) {
        mpfr_set_si(v, k % 2 ? -1 : 1, MPFR_RNDN);
        mpfr_div_ui(v, v, (unsigned)(2 * k + 1), MPFR_RNDN);
        check_dd("atan_series", k - 1, dmlp__atan_series[k - 1], v);
    }
    for (int k = 1; k <= 4; k++) {
        mpfr_const_pi(v, MPFR_RNDN);
        mpfr_mul_ui(v, v, (unsigned)k, MPFR_RNDN);
        mpfr_div_ui(v, v, 4, MPFR_RNDN);
        check_dd("atan_pi", k - 1, dmlp__atan_pi[k - 1], v);
    }
    /* the lean lanes' pieces: c = 0, then (2j + 1)/32; atan(c) rounded once */
    for (int j = 0; j < 16; j++) {
        double c = dmlp__atan_lean_table[0][j];
        CHECK(c == (j ? (2 * j + 1) / 32.0 : 0.0), "lean piece %d: c = %a", j, c);
        mpfr_set_d(v, c, MPFR_RNDN);
        mpfr_atan(v, v, MPFR_RNDN);
        CHECK(mpfr_get_d(v, MPFR_RNDN) == dmlp__atan_lean_table[1][j],
              "lean piece %d: atan(c) rounded", j);
    }
    mpfr_clear(v);
}

/* atan_ratio_lean64 (kernels/vector_crtrig.inc) on one lane in scalar binary64 with fused
   steps; t by a quotient (the kernels' piece may be the neighbour, within the bound's
   widening). */
static double lean_atan_mirror(double p, double q)
{
    double t = p / q;
    double k = nearbyint(fma(t, 16.0, -0.5));
    int j = k < 0 ? 0 : k > 15 ? 15 : (int)k;
    double c = dmlp__atan_lean_table[0][j];
    double r = fma(-c, q, p) / fma(c, p, q), z = r * r;
    double s = fma(fma(fma(fma(z, -1.0 / 11, 1.0 / 9), z, -1.0 / 7), z, 1.0 / 5), z, -1.0 / 3);
    return dmlp__atan_lean_table[1][j] + fma(r * z, s, r);
}

/* The lean blocks' bound, measured: atan(t) for binary32 t in [2^-12, 1] (piece ends
   and random) against MPFR, within DMLP__ATAN_LEAN_STEPS. */
static void lean_bound(void)
{
    mpfr_t m;
    mpfr_init2(m, 200);
    uint64_t rng = 0x510e527fade682d1u;
    double worst = 0;
    float worst_t = 0;
    for (int i = 0; i < (TEST_THIN ? 20000 : 200000); i++) {
        float t = 0x1p-12f + (float)((test_rng(&rng) >> 40) * 0x1p-24) * (1 - 0x1p-12f);
        if (i < 17 * 9) /* the pieces' ends, -4 .. +4 ulps */
            for (int s = i % 9 - 4, first = 1; first || s != 0; s -= (s > 0) - (s < 0)) {
                t = first ? (float)(i / 9) / 16 : nextafterf(t, s > 0 ? 2.0f : 0.0f);
                first = 0;
            }
        if (!(t >= 0x1p-12f && t <= 1))
            continue;
        mpfr_set_flt(m, t, MPFR_RNDN);
        mpfr_atan(m, m, MPFR_RNDN);
        double e = exp2(dmlp_oracle_rel_err(lean_atan_mirror(t, 1.0), 0, m));
        if (e > worst) {
            worst = e;
            worst_t = t;
        }
    }
    CHECK(worst * 0x1p53 <= DMLP__ATAN_LEAN_STEPS,
          "lean atan: relative error %a at %a is past %d steps", worst, (double)worst_t,
          DMLP__ATAN_LEAN_STEPS);
    printf("lean atan: worst relative error %a (%.1f steps of %d) at %a\n", worst,
           worst * 0x1p53, DMLP__ATAN_LEAN_STEPS, (double)worst_t);
    mpfr_clear(m);
}

static void entry_points(void)
{
    uint64_t rng = 0x3c6ef372fe94f82bu;
    double worst_fast = -1000, worst_dd = -1000;
    mpfr_t my, mx, r;
    mpfr_inits2(400, my, mx, r, (mpfr_ptr)0);
    for (int i = 0; i < (TEST_THIN ? 600 : 6000); i++) {
        uint64_t b = test_rng(&rng), c = test_rng(&rng);
        double u = (double)(b >> 11) * 0x1p-53, w = (double)(c >> 11) * 0x1p-53, fast;
        dmlp__dd dd;
        if (i % 3 == 0) { /* binary32 pairs of every magnitude and quadrant */
            double y = (float)ldexp(u + 0.5, (int)(b % 80) - 40) * (b & 1 ? 1 : -1);
            double x = (float)ldexp(w + 0.5, (int)(c % 80) - 40) * (c & 1 ? 1 : -1);
            mpfr_set_d(my, y, MPFR_RNDN);
            mpfr_set_d(mx, x, MPFR_RNDN);
            mpfr_atan2(r, my, mx, MPFR_RNDN);
            fast = dmlp__atan2_fast(y, x);
            dd = dmlp__atan2_dd(y, x);
        } else { /* asin and acos, near 0, across, and near +-1 */
            double x = i % 2 ? u : 1 - ldexp(u, -(int)(b % 40));
            x = (float)x * (c & 1 ? 1 : -1);
            if (x == 0 || fabs(x) == 1)
                continue;
            mpfr_set_d(mx, x, MPFR_RNDN);
            if (i % 3 == 1) {
                mpfr_asin(r, mx, MPFR_RNDN);
                fast = dmlp__asin_fast(x);
                dd = dmlp__asin_dd(x);
            } else {
                mpfr_acos(r, mx, MPFR_RNDN);
                fast = dmlp__acos_fast(x);
                dd = dmlp__acos_dd(x);
            }
        }
        worst_fast = fmax(worst_fast, dmlp_oracle_rel_err(fast, 0, r));
        worst_dd = fmax(worst_dd, dmlp_oracle_rel_err(dd.hi, dd.lo, r));
    }
    /* f64 atan2 with far exponents through the double-double path (scaled there) */
    for (int i = 0; i < (TEST_THIN ? 200 : 2000); i++) {
        uint64_t b = test_rng(&rng), c = test_rng(&rng);
        int ey = (int)(b % 2000) - 1000, ex = ey + (int)(c % 1700) - 850;
        if (ex < -1060 || ex > 1020)
            continue;
        double y = ldexp(1 + (double)(b >> 11) * 0x1p-53, ey) * (b & 1 ? 1 : -1);
        double x = ldexp(1 + (double)(c >> 11) * 0x1p-53, ex) * (c & 1 ? 1 : -1);
        mpfr_set_d(my, y, MPFR_RNDN);
        mpfr_set_d(mx, x, MPFR_RNDN);
        mpfr_atan2(r, my, mx, MPFR_RNDN);
        dmlp__dd dd = dmlp__atan2_dd(y, x);
        worst_dd = fmax(worst_dd, dmlp_oracle_rel_err(dd.hi, dd.lo, r));
    }
    mpfr_clears(my, mx, r, (mpfr_ptr)0);
    printf("fast 2^%.2f, dd 2^%.2f (worst relative errors seen)\n", worst_fast, worst_dd);
    CHECK(worst_fast < -49, "fast paths within 2^-49: 2^%.2f", worst_fast);
    CHECK(worst_dd < -95, "double-double paths within 2^-95: 2^%.2f", worst_dd);
}

/* ---- special values ------------------------------------------------------------------ */

static uint64_t one(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, uint64_t x)
{
    dmlp__unary_kernel k = dmlp__reference_kernel(op, type);
    dmlp__kernel_args args = {0};
    uint64_t y = 0;
    if (k)
        k(1, &x, &y, &args);
    return y;
}

static uint64_t two(DML_TENSOR_DATA_TYPE type, uint64_t y, uint64_t x)
{
    dmlp__binary_kernel k = dmlp__binary_reference_kernel(ATAN_YX, type);
    dmlp__kernel_args args = {0};
    uint64_t r = 0;
    if (k)
        k(1, &y, &x, &r, 0, &args);
    return r;
}

static void specials(void)
{
    CHECK(dmlp__reference_kernel(ATAN, F32) && dmlp__reference_kernel(ASIN, F16) &&
              dmlp__reference_kernel(ACOS, BF16) && dmlp__binary_reference_kernel(ATAN_YX, F64),
          "the four operators have reference kernels");
    static const struct { DML_OPERATOR_TYPE op; uint32_t x, y; } s32[] = {
        {ATAN, 0x00000000u, 0x00000000u}, {ATAN, 0x80000000u, 0x80000000u}, /* +-0 */
        {ATAN, 0x7f800000u, 0x3fc90fdbu}, {ATAN, 0xff800000u, 0xbfc90fdbu}, /* +-pi/2 */
        {ATAN, 0x7fa00001u, 0x7fe00001u}, {ATAN, 0xffa00001u, 0xffe00001u}, /* NaN */
        {ATAN, 0x00000001u, 0x00000001u}, {ATAN, 0x807fffffu, 0x807fffffu}, /* x */
        {ATAN, 0x3f800000u, 0x3f490fdbu}, /* atan(1) = pi/4 */
        {ATAN, 0x7f7fffffu, 0x3fc90fdbu}, /* the largest: pi/2 */
        {ASIN, 0x00000000u, 0x00000000u}, {ASIN, 0x80000000u, 0x80000000u},
        {ASIN, 0x3f800000u, 0x3fc90fdbu}, {ASIN, 0xbf800000u, 0xbfc90fdbu}, /* +-pi/2 */
        {ASIN, 0x3f800001u, 0x7fc00000u}, {ASIN, 0xff800000u, 0x7fc00000u}, /* NaN */
        {ASIN, 0x80000001u, 0x80000001u}, {ASIN, 0x3f000000u, 0x3f060a92u}, /* pi/6 */
        {ASIN, 0xffc00123u, 0xffc00123u},
        {ACOS, 0x3f800000u, 0x00000000u}, {ACOS, 0xbf800000u, 0x40490fdbu}, /* +0, pi */
        {ACOS, 0x00000000u, 0x3fc90fdbu}, {ACOS, 0x80000000u, 0x3fc90fdbu}, /* pi/2 */
        {ACOS, 0xbf800001u, 0x7fc00000u}, {ACOS, 0x7f800000u, 0x7fc00000u}, /* NaN */
        {ACOS, 0x3f7fffffu, 0x39b504f3u}, /* 1 - 2^-24: sqrt(2^-23), no cancellation */
        {ACOS, 0x3f000000u, 0x3f860a92u}, /* pi/3 */
    };
    for (size_t i = 0; i < sizeof s32 / sizeof s32[0]; i++) {
        uint64_t y = one(s32[i].op, F32, s32[i].x);
        CHECK_EQ_U64(y, s32[i].y, "op %d f32 of 0x%08x", (int)s32[i].op, s32[i].x);
    }
    CHECK_EQ_U64(dmlp_oracle_f32(&acos_oracle, 0x3f7fffffu, NULL), 0x39b504f3u, "oracle acos");
    CHECK_EQ_U64(one(ATAN, F16, 0x7c00u), 0x3e48u, "f16 atan(inf) = pi/2");
    CHECK_EQ_U64(one(ACOS, F16, 0xbc00u), 0x4248u, "f16 acos(-1) = pi");
    CHECK_EQ_U64(one(ASIN, F16, 0x7d01u), 0x7f01u, "f16 NaN");
    CHECK_EQ_U64(one(ACOS, BF16, 0xbf80u), 0x4049u, "bf16 acos(-1) = pi");
    CHECK_EQ_U64(one(ATAN, BF16, 0xff81u), 0xffc1u, "bf16 NaN");
    CHECK_EQ_U64(one(ATAN, F64, 0x7ff0000000000000u), 0x3ff921fb54442d18u, "f64 atan(inf)");
    CHECK_EQ_U64(one(ACOS, F64, 0xbff0000000000000u), 0x400921fb54442d18u, "f64 acos(-1)");
    CHECK_EQ_U64(one(ACOS, F64, 0x3ff0000000000000u), 0, "f64 acos(1) = +0");
    CHECK_EQ_U64(one(ASIN, F64, 0x8000000000000001u), 0x8000000000000001u, "f64 subnormal");
    CHECK_EQ_U64(one(ASIN, F64, 0x4000000000000000u), 0x7ff8000000000000u, "f64 asin(2)");

    /* atan2's table (IEEE 754-2019 9.2), y first as DirectML's ATensor */
    const uint32_t P0 = 0x00000000u, N0 = 0x80000000u, PI = 0x7f800000u, NI = 0xff800000u;
    const uint32_t PIF = 0x40490fdbu, PI2 = 0x3fc90fdbu, PI4 = 0x3f490fdbu, PI34 = 0x4016cbe4u;
    const uint32_t S = 0x80000000u, ONE = 0x3f800000u, M1 = 0xbf800000u;
    static struct { uint32_t y, x, r; } t[32];
    size_t n = 0;
#define ROW(Y, X, R) t[n].y = (Y), t[n].x = (X), t[n].r = (R), n++
    ROW(P0, N0, PIF); ROW(N0, N0, PIF | S);    /* atan2(+-0, -0) = +-pi */
    ROW(P0, P0, P0); ROW(N0, P0, N0);          /* atan2(+-0, +0) = +-0 */
    ROW(P0, M1, PIF); ROW(N0, M1, PIF | S);    /* x < 0: +-pi */
    ROW(P0, ONE, P0); ROW(N0, ONE, N0);        /* x > 0: +-0 */
    ROW(P0, NI, PIF); ROW(N0, PI, N0);         /* x = -inf, +inf */
    ROW(M1, P0, PI2 | S); ROW(M1, N0, PI2 | S); /* y < 0, x = +-0: -pi/2 */
    ROW(ONE, P0, PI2); ROW(ONE, N0, PI2);      /* y > 0: +pi/2 */
    ROW(ONE, NI, PIF); ROW(M1, NI, PIF | S);   /* finite y, x = -inf: +-pi */
    ROW(ONE, PI, P0); ROW(M1, PI, N0);         /* x = +inf: +-0 */
    ROW(PI, ONE, PI2); ROW(NI, M1, PI2 | S);   /* y = +-inf, finite x: +-pi/2 */
    ROW(PI, NI, PI34); ROW(NI, NI, PI34 | S);  /* +-3pi/4 */
    ROW(PI, PI, PI4); ROW(NI, PI, PI4 | S);    /* +-pi/4 */
    ROW(0x7fa00001u, ONE, 0x7fe00001u); ROW(ONE, 0xffa00002u, 0xffe00002u); /* NaN */
    ROW(0x7fc00001u, 0x7fc00002u, 0x7fc00001u); /* both: y's */
    ROW(ONE, ONE, PI4); ROW(ONE, M1, PI34); ROW(M1, M1, PI34 | S);
#undef ROW
    for (size_t i = 0; i < n; i++) {
        CHECK_EQ_U64(two(F32, t[i].y, t[i].x), t[i].r, "atan_yx f32 (0x%08x, 0x%08x)", t[i].y, t[i].x);
        /* the same row in the other types: their bits from binary32's by value */
        float yf = dmlp__f32_from_bits(t[i].y), xf = dmlp__f32_from_bits(t[i].x);
        float rf = dmlp__f32_from_bits(t[i].r);
        if (isnan(rf))
            continue;
        double exact = rf == 0 ? rf : atan2((double)yf, (double)xf);
        CHECK_EQ_U64(two(F64, dmlp__f64_bits(yf), dmlp__f64_bits(xf)), dmlp__f64_bits(exact),
                     "atan_yx f64 row %zu", i);
        CHECK_EQ_U64(two(F16, dmlp__f32_to_f16(yf), dmlp__f32_to_f16(xf)),
                     dmlp__round_f64_to_format(exact, DMLP__F16_FORMAT), "atan_yx f16 row %zu", i);
        CHECK_EQ_U64(two(BF16, dmlp__f32_to_bf16(yf), dmlp__f32_to_bf16(xf)),
                     dmlp__round_f64_to_format(exact, DMLP__BF16_FORMAT), "atan_yx bf16 row %zu", i);
    }
    CHECK_EQ_U64(two(F16, 0x7e01u, 0x3c00u), 0x7e01u, "f16 NaN y");
    CHECK_EQ_U64(two(BF16, 0x3f80u, 0xff81u), 0xffc1u, "bf16 NaN x");
    CHECK_EQ_U64(two(F64, 0x0000000000000001u, 0x7fefffffffffffffu), 0, "f64 2^-1074 / max: +0");
    CHECK_EQ_U64(two(F64, 0x0010000000000000u, 0xc000000000000000u), 0x400921fb54442d18u,
                 "f64 tiny y, x = -2: pi");
}

/* ---- sweeps -------------------------------------------------------------------------- */

typedef struct unary_ctx {
    const dmlp_oracle *oracle;
    DML_TENSOR_DATA_TYPE type;
    int scaled; /* x * 0.5 - 0.25 first, as Identity gives it */
} unary_ctx;

static int frac_of(DML_TENSOR_DATA_TYPE t)
{
    return t == F32 ? 23 : t == F16 ? 10 : 7;
}

static double value_of(DML_TENSOR_DATA_TYPE t, uint32_t x)
{
    return t == F32 ? dmlp__f32_from_bits(x)
                    : t == F16 ? dmlp__f16_to_f32((uint16_t)x) : dmlp__bf16_to_f32((uint16_t)x);
}

static uint32_t unary_expect(uint32_t x, void *p)
{
    const unary_ctx *c = p;
    if (c->scaled) { /* f16 only */
        if ((x & 0x7fffu) > 0x7c00u)
            return x | 0x0200u;
        x = dmlp__f32_to_f16(dmlp_cr_scale_bias(dmlp__f16_to_f32((uint16_t)x), 0.5f, -0.25f));
    }
    double v = value_of(c->type, x);
    /* asin and acos beyond [-1, 1]: the default NaN (main checks the oracle agrees) */
    if (c->oracle != &atan_oracle && fabs(v) > 1)
        return ((1u << (c->type == F16 ? 5 : 8)) - 1) << frac_of(c->type) |
               1u << (frac_of(c->type) - 1);
    switch (c->type) {
    case F32: return dmlp_oracle_f32(c->oracle, x, NULL);
    case F16: return dmlp_oracle_f16(c->oracle, (uint16_t)x, NULL);
    default: return dmlp_oracle_bf16(c->oracle, (uint16_t)x, NULL);
    }
}

/* The lean blocks' values (dmlp_cr_lean_mix): zeros, +-1 and their neighbours,
   infinities, NaN, tiny, subnormal, huge, the ends of the small Atan and Asin. */
static const uint32_t lean_specials[16] = {
    0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f7fffffu, 0x3f800001u,
    0x7f800000u, 0xff800000u, 0x7fc00001u, 0x2f800000u, 0x00000005u, 0x7f7fffffu,
    0xff7fffffu, 0x39800000u, 0xbf7fffffu, 0xb97fffffu};
static const float lean_ordinary[8] = {0.3f, -0.6f, 1.7f, -2.5f, 0.05f, 0.97f, -40.0f, -0.9f};
static uint32_t lean_mix[DMLP_CR_LEAN_MIX];

static void sweep(DML_OPERATOR_TYPE op, const dmlp_oracle *o, DML_TENSOR_DATA_TYPE type,
                  const char *name, uint64_t stride)
{
    unary_ctx ctx = {o, type, 0};
    dmlp_cr_sweep s = {.name = name, .expect = unary_expect, .ctx = &ctx};
    if (type == F32) {
        dmlp_cr_lean_mix(lean_mix, lean_specials, lean_ordinary);
        s.extra = lean_mix;
        s.extra_count = DMLP_CR_LEAN_MIX;
    }
    dmlp__kernel_args args = {0};
    dmlp_cr_check_op(&s, op, type, &args, "reference", stride);
}

static void sweep_scaled(void)
{
    unary_ctx ctx = {&asin_oracle, F16, 1};
    dmlp_cr_sweep s = {.name = "asin f16 (x * 0.5 - 0.25)", .expect = unary_expect, .ctx = &ctx};
    dmlp__kernel_args args = {0};
    args.scale_bias = 1;
    args.scale = 0.5f;
    args.bias = -0.25f;
    dmlp_cr_check_op(&s, ASIN, F16, &args, "reference", 0);
}

static uint32_t atan2_expect(const dmlp_cr_pairs *c, uint32_t y, uint32_t x)
{
    double xd;
    uint32_t quiet, mag, inf;
    if (c->type == F32) {
        xd = dmlp__f32_from_bits(x), quiet = 0x00400000u, mag = 0x7fffffffu, inf = 0x7f800000u;
    } else if (c->type == F16) {
        xd = dmlp__f16_to_f32((uint16_t)x), quiet = 0x0200u, mag = 0x7fffu, inf = 0x7c00u;
    } else {
        xd = dmlp__bf16_to_f32((uint16_t)x), quiet = 0x0040u, mag = 0x7fffu, inf = 0x7f80u;
    }
    if ((y & mag) > inf)
        return y | quiet;
    if ((x & mag) > inf)
        return x | quiet;
    double params[1] = {xd};
    if (c->type == F32)
        return dmlp_oracle_f32(&atan2_oracle, y, params);
    if (c->type == F16)
        return dmlp_oracle_f16(&atan2_oracle, (uint16_t)y, params);
    return dmlp_oracle_bf16(&atan2_oracle, (uint16_t)y, params);
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* The i-th random binary32 pair: a quarter any two patterns; the rest y within 2^+-12 of
   x (near the quadrant lines y = +-x, where the swap and the reductions meet). */
static void random_pair(uint64_t seed, uint32_t i, uint32_t *y, uint32_t *x)
{
    uint64_t r = mix(seed + i), s = mix(r);
    *x = (uint32_t)r;
    *y = (uint32_t)s;
    if ((r >> 32) % 4 == 0)
        return;
    uint32_t e = (*x >> 23) & 0xffu, d = (uint32_t)(s >> 40) % 25;
    int ey = (int)e + (int)d - 12;
    if (ey < 1 || ey > 254 || e == 255)
        return;
    *y = (*y & 0x807fffffu) | ((uint32_t)ey << 23);
}

static void sweep_atan2(uint64_t stride)
{
    int full = stride == 1, exhaustive = stride > 1 && stride < 4099;
    uint64_t pair_stride = full ? 1 : exhaustive ? 4093 : TEST_THIN ? 1048573 : 65521;
    uint64_t pairs = dmlp_cr_pair_count(pair_stride);
    dmlp_cr_pairs f16 = {.type = F16, .expect = atan2_expect};
    dmlp_cr_pairs bf16 = {.type = BF16, .expect = atan2_expect};
    dmlp_cr_pair_sweep("atan_yx f16 pairs", ATAN_YX, &f16, pairs, pair_stride);
    dmlp_cr_pair_sweep("atan_yx bf16 pairs", ATAN_YX, &bf16, pairs, pair_stride);
    dmlp_cr_pairs r32 = {.type = F32, .expect = atan2_expect, .random = random_pair,
                         .seed = 0x13198a2e03707344u};
    uint64_t count = full ? 1000000000u : exhaustive ? 1000000u : TEST_THIN ? 4000u : 100000u;
    dmlp_cr_pair_sweep("atan_yx f32 random pairs", ATAN_YX, &r32, count, 1);
}

/* ---- float64 ------------------------------------------------------------------------- */

static dmlp__binary_kernel yx64;
static double yx64_x;

/* ATAN_YX's f64 kernel at a fixed x, as a unary kernel of y for dmlp_cr_check_f64. */
static void yx64_at_x(size_t n, const void *in, void *out, const dmlp__kernel_args *args)
{
    uint64_t xb = dmlp__f64_bits(yx64_x);
    for (size_t i = 0; i < n; i++)
        yx64((size_t)1, (const uint64_t *)in + i, &xb, (uint64_t *)out + i, 0, args);
}

static void float64(void)
{
    dmlp__kernel_args args = {0};
    dmlp__unary_kernel k;
    static const dmlp_cr_f64_check atan64 = {
        .name = "atan f64", .formula = atan_formula, .precision = 53, .lo = -40, .hi = 40,
        .small_lo = -40, .small_hi = 60, .small_signed = 1, .subnormals = 1};
    static const dmlp_cr_f64_check asin64 = {
        .name = "asin f64", .formula = asin_formula, .precision = 53, .lo = -1, .hi = 1,
        .small_lo = -60, .small_hi = 0, .small_signed = 1, .subnormals = 1};
    static const dmlp_cr_f64_check acos64 = {
        .name = "acos f64", .formula = acos_formula, .precision = 53, .lo = -1, .hi = 1,
        .small_lo = -60, .small_hi = 0, .small_signed = 1, .subnormals = 1};
    if ((k = dmlp__reference_kernel(ATAN, F64)))
        dmlp_cr_check_f64(&atan64, k, &args);
    if ((k = dmlp__reference_kernel(ASIN, F64)))
        dmlp_cr_check_f64(&asin64, k, &args);
    if ((k = dmlp__reference_kernel(ACOS, F64)))
        dmlp_cr_check_f64(&acos64, k, &args);
    yx64 = dmlp__binary_reference_kernel(ATAN_YX, F64);
    if (!yx64)
        return;
    static const double xs[] = {1.5, -0.75, 0x1.8p900, -0x1p-1000};
    static double params[4][1];
    for (int i = 0; i < 4; i++) {
        yx64_x = params[i][0] = xs[i];
        dmlp_cr_f64_check c = {
            .name = "atan_yx f64", .formula = atan2_formula, .params = params[i],
            .precision = 53, .lo = -4, .hi = 4, .small_lo = -1020, .small_hi = 1020,
            .small_signed = 1, .subnormals = 1, .ulp_below = 0x1p-900,
            .seed = 0x71374491u + (uint64_t)i};
        dmlp_cr_check_f64(&c, yx64_at_x, &args);
    }
}

int main(int argc, char **argv)
{
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    /* the sweeps take asin and acos beyond [-1, 1] as the default NaN: so does MPFR */
    CHECK_EQ_U64(dmlp_oracle_f32(&asin_oracle, 0x3f800001u, NULL), 0x7fc00000u, "oracle asin");
    CHECK_EQ_U64(dmlp_oracle_f32(&acos_oracle, 0xff800000u, NULL), 0x7fc00000u, "oracle acos");
    CHECK_EQ_U64(dmlp_oracle_f16(&acos_oracle, 0x3c01u, NULL), 0x7e00u, "oracle acos f16");
    CHECK_EQ_U64(dmlp_oracle_bf16(&asin_oracle, 0xc000u, NULL), 0x7fc0u, "oracle asin bf16");
    tables();
    lean_bound();
    entry_points();
    specials();
    float64();
    /* --only atan|asin|acos|atan2: one function's sweeps (a full run of one at a time) */
    const char *only = dmlp_cr_only_from_args(argc, argv);
    static const struct {
        DML_OPERATOR_TYPE op;
        const dmlp_oracle *oracle;
    } unary[] = {{ATAN, &atan_oracle}, {ASIN, &asin_oracle}, {ACOS, &acos_oracle}};
    for (size_t i = 0; i < sizeof unary / sizeof unary[0]; i++) {
        const char *fn = unary[i].oracle->name;
        if (only && strcmp(only, fn) != 0)
            continue;
        char name[3][24];
        snprintf(name[0], sizeof name[0], "%s f16", fn);
        snprintf(name[1], sizeof name[1], "%s bf16", fn);
        snprintf(name[2], sizeof name[2], "%s f32", fn);
        sweep(unary[i].op, unary[i].oracle, F16, name[0], 0);
        sweep(unary[i].op, unary[i].oracle, BF16, name[1], 0);
        sweep(unary[i].op, unary[i].oracle, F32, name[2], stride);
    }
    if (!only) /* ASIN's ScaleBias */
        sweep_scaled();
    if (!only || strcmp(only, "atan2") == 0)
        sweep_atan2(stride);
    mpfr_free_cache();
    return test_finish("test_cr_atrig");
}
