/* ELEMENT_WISE_ERF and the erf/erfc core (src/numeric/cr_erf.c), against MPFR:
   - the generated tables (tools/gen_erf_tables.py): every point's erf, erfc and
     2/sqrt(pi) exp(-c^2), each fast coefficient;
   - the double-double entry points dmlp__erf_dd, dmlp__erfc_dd (relative, down to
     2^-969) and the shared exp beneath them, and the binary64 fast forms, within their stated
     bounds on random and adversarial arguments (grid points, interval ends, the switch
     to the continued fraction at 4, tiny and huge arguments);
   - the polynomials of the float32 kernels (tools/gen_erf_lanes_tables.py): on every
     interval, each within its stated bound of its function (GELU's G, erf's series and
     g: 2^-47 for the lanes, 2^-40.36 and 2^-41.94 for the lean blocks);
   - special values of every format;
   - the operator: every f16 and bf16 input and a stride of f32, through the reference
     (and any fast kernel) without and with a ScaleBias, against the oracle; f64 samples
     against MPFR's correctly rounded erf. */
#include <math.h>
#include <mpfr.h>

#include "crmath/cr_f64_check.h"
#include "crmath/cr_sweep.h"
#include "crmath/cr_unary_forms.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/cr_erf.h"
#include "numeric/cr_exp.h"
#include "numeric/cr_erf_lanes_tables.h"
#include "numeric/cr_erf_tables.h"
#include "test_util.h"

static void erf_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    (void)params;
    mpfr_erf(y, x, MPFR_RNDN);
}

static double erf_filter(double x, const double *params)
{
    (void)params;
    return erf(x);
}

static const dmlp_oracle erf_oracle = {"erf", erf_formula, 0, erf_filter, 8, 0};

#define PREC 320

/* log2 of |v - ref| / |ref| (-400 when equal). */
static void check_dd_table(const double *v, const mpfr_t ref, int bits, const char *what, int k)
{
    double e = mpfr_zero_p(ref) ? (v[0] == 0 && v[1] == 0 ? -400 : 0) : dmlp_oracle_rel_err(v[0], v[1], ref);
    CHECK(e <= -bits, "%s[%d] within 2^-%d (2^%.1f)", what, k, bits, e);
}

static void tables(void)
{
    mpfr_t c, r, t, p0, p1, p2;
    mpfr_inits2(PREC, c, r, t, p0, p1, p2, (mpfr_ptr)0);
    for (int k = 0; k <= DMLP__ERF_LAST; k++) {
        mpfr_set_si_2exp(c, k, -4, MPFR_RNDN);
        mpfr_erf(r, c, MPFR_RNDN);
        check_dd_table(&dmlp__erf_points[k][0], r, 105, "erf(c)", k);
        mpfr_erfc(r, c, MPFR_RNDN);
        check_dd_table(&dmlp__erf_points[k][2], r, 105, "erfc(c)", k);
        mpfr_sqr(t, c, MPFR_RNDN); /* E = 2/sqrt(pi) exp(-c^2) */
        mpfr_neg(t, t, MPFR_RNDN);
        mpfr_exp(t, t, MPFR_RNDN);
        mpfr_const_pi(r, MPFR_RNDN);
        mpfr_sqrt(r, r, MPFR_RNDN);
        mpfr_div(r, t, r, MPFR_RNDN);
        mpfr_mul_2ui(r, r, 1, MPFR_RNDN);
        check_dd_table(&dmlp__erf_points[k][4], r, 105, "E(c)", k);
        /* d_n = -E (-1)^(n-1) H_(n-1)(c)/n!, with p_m = H_m(c)/m! by Hermite's recurrence */
        mpfr_set_ui(p0, 1, MPFR_RNDN);
        mpfr_mul_2ui(p1, c, 1, MPFR_RNDN);
        for (int n = 1; n <= DMLP__ERF_FAST_TERMS; n++) {
            mpfr_t *pm = n == 1 ? &p0 : &p1; /* p_(n-1) */
            mpfr_mul(t, *pm, r, MPFR_RNDN);
            mpfr_div_ui(t, t, (unsigned long)n, MPFR_RNDN);
            if (n % 2 == 1)
                mpfr_neg(t, t, MPFR_RNDN);
            double got = dmlp__erf_fast_coeffs[k][n - 1];
            double want = mpfr_get_d(t, MPFR_RNDN);
            CHECK(got == want, "fast coefficient %d of point %d: %a, MPFR %a", n, k, got, want);
            if (n >= 2) { /* p_n = (2c p_(n-1) - 2 p_(n-2)) / n */
                mpfr_mul(p2, c, p1, MPFR_RNDN);
                mpfr_sub(p2, p2, p0, MPFR_RNDN);
                mpfr_mul_2ui(p2, p2, 1, MPFR_RNDN);
                mpfr_div_ui(p2, p2, (unsigned long)n, MPFR_RNDN);
                mpfr_swap(p0, p1);
                mpfr_swap(p1, p2);
            }
        }
    }
    mpfr_clears(c, r, t, p0, p1, p2, (mpfr_ptr)0);
}

/* The kernels' functions at v (MPFR): 0 GELU's G(v) = e^(v^2/2) erfc(v/sqrt2), 1 erf's
   series erf(sqrt v)/sqrt v, 2 g(v) = e^(v^2) erfc(v). */
static void lanes_function(mpfr_t y, double v, int which)
{
    mpfr_t x, e;
    mpfr_inits2(PREC, x, e, (mpfr_ptr)0);
    mpfr_set_d(x, v, MPFR_RNDN);
    if (which == 1) {
        mpfr_sqrt(x, x, MPFR_RNDN);
        mpfr_erf(y, x, MPFR_RNDN);
        mpfr_div(y, y, x, MPFR_RNDN);
    } else {
        if (which == 0) {
            mpfr_sqrt_ui(e, 2, MPFR_RNDN);
            mpfr_div(x, x, e, MPFR_RNDN);
        }
        mpfr_sqr(e, x, MPFR_RNDN);
        mpfr_exp(e, e, MPFR_RNDN);
        mpfr_erfc(y, x, MPFR_RNDN);
        mpfr_mul(y, y, e, MPFR_RNDN);
    }
    mpfr_clears(x, e, (mpfr_ptr)0);
}

/* Interval k of a table whose intervals follow the bits of v + offset (`base` = offset's
   bits >> 50): [lo, hi). */
static void lanes_interval(int k, uint64_t base, double offset, double *lo, double *hi)
{
    *lo = dmlp__f64_from_bits((base + (uint64_t)k) << 50) - offset;
    *hi = dmlp__f64_from_bits((base + (uint64_t)k + 1) << 50) - offset;
}

static void lanes_table(const char *name, const double *centre, const double (*coeff)[16],
                        int terms, int intervals, uint64_t base, double offset, int is_erf,
                        double bound)
{
    double worst = -400;
    uint64_t rng = 0x5deece66du;
    for (int k = 0; k < intervals; k++) {
        double lo, hi;
        lanes_interval(k, base, offset, &lo, &hi);
        int series = is_erf && k < DMLP__ERF_LANES_SERIES;
        for (int i = 0; i <= (TEST_THIN ? 8 : 64); i++) { /* both ends, then random */
            double u = i < 2 ? i : (double)(test_rng(&rng) >> 11) * 0x1p-53;
            double v = lo + (hi - lo) * u;
            if (i == 1)
                v = nextafter(hi, lo);
            if (v == 0) /* erf's series at z = 0 is 0/0 for MPFR: its limit's neighbour */
                v = 0x1p-40;
            double s = series ? v * v : v - centre[k];
            mpfr_t p, f, t;
            mpfr_inits2(PREC, p, f, t, (mpfr_ptr)0);
            mpfr_set_d(p, coeff[terms - 1][k], MPFR_RNDN);
            for (int n = terms - 2; n >= 0; n--) {
                mpfr_mul_d(p, p, s, MPFR_RNDN);
                mpfr_add_d(p, p, coeff[n][k], MPFR_RNDN);
            }
            lanes_function(f, series ? s : v, series ? 1 : is_erf ? 2 : 0);
            mpfr_sub(t, p, f, MPFR_RNDN); /* p unrounded, then relative */
            mpfr_div(t, t, f, MPFR_RNDN);
            double e = mpfr_zero_p(t) ? -400 : log2(fabs(mpfr_get_d(t, MPFR_RNDN)));
            worst = fmax(worst, e);
            CHECK(e <= bound, "%s interval %d at %a: 2^%.1f", name, k, v, e);
            mpfr_clears(p, f, t, (mpfr_ptr)0);
        }
    }
    printf("%s polynomials: 2^%.1f (worst relative error seen)\n", name, worst);
}

/* Each table within the bound its header states (the lean ones' G and g: 2^-40.36 and
   2^-41.94; GELU's lean block reads only the intervals that reach below 14.5, the
   first 13). */
static void lanes_tables(void)
{
    lanes_table("gelu lanes'", dmlp__gelu_lanes_centre, dmlp__gelu_lanes_coeff,
                DMLP__ERF_LANES_TERMS, 14, 0x4000000000000000u >> 50, 2.0, 0, -47);
    lanes_table("erf lanes'", dmlp__erf_lanes_centre, dmlp__erf_lanes_coeff,
                DMLP__ERF_LANES_TERMS, 9, 0x3ff0000000000000u >> 50, 1.0, 1, -47);
    lanes_table("gelu lean", dmlp__gelu_lanes_centre, dmlp__gelu_lean_coeff,
                DMLP__GELU_LEAN_TERMS, 13, 0x4000000000000000u >> 50, 2.0, 0, -40.36);
    lanes_table("erf lean", dmlp__erf_lanes_centre, dmlp__erf_lean_coeff,
                DMLP__ERF_LEAN_TERMS, 9, 0x3ff0000000000000u >> 50, 1.0, 1, -41.94);
}

/* The entry points at x against MPFR; worst errors kept for the report. */
static double worst_erf_dd = -400, worst_erfc_dd = -400, worst_exp = -400;
static double worst_erf_fast = -400, worst_erfc_fast = -400;

static void entry_points_at(double x)
{
    mpfr_t mx, r;
    mpfr_inits2(PREC, mx, r, (mpfr_ptr)0);
    mpfr_set_d(mx, x, MPFR_RNDN);
    mpfr_erf(r, mx, MPFR_RNDN);
    if (fabs(x) >= 0x1p-960) {
        dmlp__dd v = dmlp__erf_dd((dmlp__dd){x, 0});
        double e = dmlp_oracle_rel_err(v.hi, v.lo, r);
        worst_erf_dd = fmax(worst_erf_dd, e);
        CHECK(e <= -93, "erf_dd(%a): 2^%.1f", x, e);
        if (fabs(x) < 4) {
            e = dmlp_oracle_rel_err(dmlp__erf_fast(x), 0, r);
            worst_erf_fast = fmax(worst_erf_fast, e);
            CHECK(e <= -46, "erf_fast(%a): 2^%.1f", x, e);
        }
    }
    if (x < 25.8) {
        mpfr_erfc(r, mx, MPFR_RNDN);
        dmlp__dd v = dmlp__erfc_dd((dmlp__dd){x, 0});
        double e = dmlp_oracle_rel_err(v.hi, v.lo, r);
        worst_erfc_dd = fmax(worst_erfc_dd, e);
        CHECK(e <= -93, "erfc_dd(%a): 2^%.1f", x, e);
        if (x >= 0) {
            e = dmlp_oracle_rel_err(dmlp__erfc_fast((dmlp__dd){x, 0}, NULL), 0, r);
            worst_erfc_fast = fmax(worst_erfc_fast, e);
            CHECK(e <= -46, "erfc_fast(%a): 2^%.1f", x, e);
        }
    }
    double a = -fabs(x) * 26; /* exp down to -669: results above 2^-965 */
    if (a > -669) {
        mpfr_set_d(mx, a, MPFR_RNDN);
        mpfr_exp(r, mx, MPFR_RNDN);
        dmlp__dd v = dmlp__exp_dd((dmlp__dd){a, 0});
        double e = dmlp_oracle_rel_err(v.hi, v.lo, r);
        worst_exp = fmax(worst_exp, e);
        CHECK(e <= -100, "exp_dd(%a): 2^%.1f", a, e);
    }
    mpfr_clears(mx, r, (mpfr_ptr)0);
}

/* A double-double argument whose low part matters: erfc(hi + lo). */
static void erfc_dd_low_part(double hi, double lo)
{
    mpfr_t mx, r;
    mpfr_inits2(PREC, mx, r, (mpfr_ptr)0);
    mpfr_set_d(mx, hi, MPFR_RNDN);
    mpfr_add_d(mx, mx, lo, MPFR_RNDN);
    mpfr_erfc(r, mx, MPFR_RNDN);
    dmlp__dd v = dmlp__erfc_dd((dmlp__dd){hi, lo});
    double e = dmlp_oracle_rel_err(v.hi, v.lo, r);
    CHECK(e <= -93, "erfc_dd(%a + %a): 2^%.1f", hi, lo, e);
    mpfr_erf(r, mx, MPFR_RNDN);
    v = dmlp__erf_dd((dmlp__dd){hi, lo});
    e = dmlp_oracle_rel_err(v.hi, v.lo, r);
    CHECK(e <= -93, "erf_dd(%a + %a): 2^%.1f", hi, lo, e);
    mpfr_clears(mx, r, (mpfr_ptr)0);
}

static void entry_points(void)
{
    /* adversarial: each grid point and interval end, a few ulps either side; the switch
       at 4; tiny and large arguments */
    for (int k = 0; k <= 64 * 2 + 1; k++) {
        double c = k / 32.0;
        for (int s = -2; s <= 2; s++) {
            double x = c == 0 ? 0x1p-30 * (s + 3) : c + s * 0x1p-52 * c;
            entry_points_at(x);
            entry_points_at(-x);
        }
    }
    const double edge[] = {0x1p-960, 0x1p-600, 0x1p-149, 0x1.8p-126, 0x1p-60, 3.999999999, 4.0,
                           4.000000001, 5.9, 10.3, 14.2, 25.7, 0.4769362762044699};
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        entry_points_at(edge[i]);
        entry_points_at(-edge[i]);
    }
    uint64_t rng = 0x9e3779b97f4a7c15u;
    int count = TEST_THIN ? 200 : 1000;
    for (int i = 0; i < count; i++) {
        uint64_t r = test_rng(&rng);
        double u = (double)(r >> 11) * 0x1p-53;
        double x = i % 3 == 0 ? u * 4 : i % 3 == 1 ? u * 25.8 : ldexp(1 + u, -(int)(r % 64));
        entry_points_at(r & 1 ? -x : x);
        if (i % 10 == 0)
            erfc_dd_low_part(x, x * 0x1.3p-54 * (r & 2 ? 1 : -1));
    }
    /* specials of the double-double forms */
    CHECK(dmlp__erf_dd((dmlp__dd){INFINITY, 0}).hi == 1, "erf(+inf) = 1");
    CHECK(dmlp__erf_dd((dmlp__dd){-INFINITY, 0}).hi == -1, "erf(-inf) = -1");
    CHECK(dmlp__erfc_dd((dmlp__dd){INFINITY, 0}).hi == 0, "erfc(+inf) = 0");
    CHECK(dmlp__erfc_dd((dmlp__dd){-INFINITY, 0}).hi == 2, "erfc(-inf) = 2");
    CHECK(dmlp__erfc_dd((dmlp__dd){27.3, 0}).hi == 0, "erfc(27.3) = 0");
    CHECK(isnan(dmlp__erfc_dd((dmlp__dd){NAN, 0}).hi), "erfc(NaN)");
    printf("erf_dd 2^%.1f, erfc_dd 2^%.1f, exp_dd 2^%.1f, erf_fast 2^%.1f, erfc_fast 2^%.1f "
           "(worst relative errors seen)\n",
           worst_erf_dd, worst_erfc_dd, worst_exp, worst_erf_fast, worst_erfc_fast);
}

/* Special values through the operator's reference kernels. */
static void special_values(void)
{
    dmlp__kernel_args args = {0};
    dmlp__unary_kernel f32 = dmlp__reference_kernel(DML_OPERATOR_ELEMENT_WISE_ERF, DML_TENSOR_DATA_TYPE_FLOAT32);
    dmlp__unary_kernel f16 = dmlp__reference_kernel(DML_OPERATOR_ELEMENT_WISE_ERF, DML_TENSOR_DATA_TYPE_FLOAT16);
    dmlp__unary_kernel bf16 = dmlp__reference_kernel(DML_OPERATOR_ELEMENT_WISE_ERF, DMLP_TENSOR_DATA_TYPE_BFLOAT16);
    dmlp__unary_kernel f64 = dmlp__reference_kernel(DML_OPERATOR_ELEMENT_WISE_ERF, DML_TENSOR_DATA_TYPE_FLOAT64);
    CHECK(f32 && f16 && bf16 && f64, "ERF has reference kernels for every float type");
    if (!(f32 && f16 && bf16 && f64))
        return;
    static const uint32_t in32[][2] = {
        {0x00000000u, 0x00000000u}, {0x80000000u, 0x80000000u}, /* +-0 */
        {0x7f800000u, 0x3f800000u}, {0xff800000u, 0xbf800000u}, /* +-inf: +-1 */
        {0x7f812345u, 0x7fc12345u}, {0xff812345u, 0xffc12345u}, /* sNaN made quiet */
        {0x40800000u, 0x3f800000u}, {0x407ad445u, 0x3f800000u}, /* 1 from 3.919206 */
        {0x407ad444u, 0x3f7fffffu},
        {0x00000001u, 0x00000001u}, /* erf(2^-149) = 1.128 2^-149: the least subnormal */
        {0x00000002u, 0x00000002u}, /* 2.257 2^-149 -> 2 */
        {0x00000004u, 0x00000005u}, /* 4.514 2^-149 -> 5 */
        {0x7f7fffffu, 0x3f800000u},
    };
    for (size_t i = 0; i < sizeof in32 / sizeof in32[0]; i++) {
        uint32_t y = 0;
        f32(1, &in32[i][0], &y, &args);
        CHECK_EQ_U64(y, in32[i][1], "erf f32 of 0x%08x", in32[i][0]);
    }
    static const uint16_t in16[][2] = {
        {0x0000, 0x0000}, {0x8000, 0x8000}, {0x7c00, 0x3c00}, {0xfc00, 0xbc00},
        {0x7d23, 0x7f23}, {0xfe01, 0xfe01}, {0x0001, 0x0001}, {0x0004, 0x0005}, {0x4400, 0x3c00},
    };
    for (size_t i = 0; i < sizeof in16 / sizeof in16[0]; i++) {
        uint16_t y = 0;
        f16(1, &in16[i][0], &y, &args);
        CHECK_EQ_U64(y, in16[i][1], "erf f16 of 0x%04x", in16[i][0]);
    }
    static const uint16_t inbf[][2] = {
        {0x0000, 0x0000}, {0x8000, 0x8000}, {0x7f80, 0x3f80}, {0xff80, 0xbf80},
        {0x7f81, 0x7fc1}, {0x0001, 0x0001}, {0x0004, 0x0005}, {0x4080, 0x3f80},
    };
    for (size_t i = 0; i < sizeof inbf / sizeof inbf[0]; i++) {
        uint16_t y = 0;
        bf16(1, &inbf[i][0], &y, &args);
        CHECK_EQ_U64(y, inbf[i][1], "erf bf16 of 0x%04x", inbf[i][0]);
    }
    static const uint64_t in64[][2] = {
        {0, 0}, {0x8000000000000000u, 0x8000000000000000u},
        {0x7ff0000000000000u, 0x3ff0000000000000u}, {0xfff0000000000000u, 0xbff0000000000000u},
        {0x7ff0000000000123u, 0x7ff8000000000123u}, {0x4018000000000000u, 0x3ff0000000000000u},
    };
    for (size_t i = 0; i < sizeof in64 / sizeof in64[0]; i++) {
        uint64_t y = 0;
        f64(1, &in64[i][0], &y, &args);
        CHECK_EQ_U64(y, in64[i][1], "erf f64 of 0x%016llx", (unsigned long long)in64[i][0]);
    }
    /* f64 samples: MPFR's erf rounded to binary64 */
    static const dmlp_cr_f64_check f64_check = {
        .name = "erf f64", .formula = erf_formula, .precision = 53, .lo = -7, .hi = 7,
        .small_lo = -64, .small_hi = 6, .small_signed = 1, .seed = 0x1234567u};
    dmlp_cr_check_f64(&f64_check, f64, &args);
}

typedef struct erf_ctx {
    DML_TENSOR_DATA_TYPE type;
    int scaled;
} erf_ctx;

#define SCALE 0.75f
#define BIAS -0.25f

/* MPFR's erf is slow far out, where every format's result is +-1: erf is monotone and
   main checks that the oracle gives 1 at 4 in each format, so above 4 it is 1 too. */
static uint32_t erf_expect(uint32_t x, void *ctx)
{
    erf_ctx *c = ctx;
    switch (c->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        if (c->scaled)
            x = dmlp__f32_bits(dmlp_cr_scale_bias(dmlp__f32_from_bits(x), SCALE, BIAS));
        if ((x & 0x7fffffffu) > 0x40800000u && (x & 0x7fffffffu) <= 0x7f800000u)
            return (x & 0x80000000u) | 0x3f800000u;
        return dmlp_oracle_f32(&erf_oracle, x, NULL);
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        if (c->scaled)
            x = dmlp__f32_to_f16(dmlp_cr_scale_bias(dmlp__f16_to_f32((uint16_t)x), SCALE, BIAS));
        if ((x & 0x7fffu) > 0x4400u && (x & 0x7fffu) <= 0x7c00u)
            return (x & 0x8000u) | 0x3c00u;
        return dmlp_oracle_f16(&erf_oracle, (uint16_t)x, NULL);
    default:
        if (c->scaled)
            x = dmlp__f32_to_bf16(dmlp_cr_scale_bias(dmlp__bf16_to_f32((uint16_t)x), SCALE, BIAS));
        if ((x & 0x7fffu) > 0x4080u && (x & 0x7fffu) <= 0x7f80u)
            return (x & 0x8000u) | 0x3f80u;
        return dmlp_oracle_bf16(&erf_oracle, (uint16_t)x, NULL);
    }
}

static void sweep(DML_TENSOR_DATA_TYPE type, const char *name, int scaled, uint64_t stride)
{
    erf_ctx ctx = {type, scaled};
    dmlp_cr_sweep s = {.name = name, .expect = erf_expect, .ctx = &ctx};
    dmlp__kernel_args args = {0};
    if (scaled) {
        args.scale_bias = 1;
        args.scale = SCALE;
        args.bias = BIAS;
    }
    dmlp_cr_check_op(&s, DML_OPERATOR_ELEMENT_WISE_ERF, type, &args,
                     scaled ? "reference, ScaleBias" : "reference", stride);
}

int main(int argc, char **argv)
{
    tables();
    lanes_tables();
    entry_points();
    special_values();
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    CHECK_EQ_U64(dmlp_oracle_f32(&erf_oracle, 0x40800000u, NULL), 0x3f800000u, "erf(4) rounds to 1");
    CHECK_EQ_U64(dmlp_oracle_f16(&erf_oracle, 0x4400u, NULL), 0x3c00u, "erf(4) rounds to 1 (f16)");
    CHECK_EQ_U64(dmlp_oracle_bf16(&erf_oracle, 0x4080u, NULL), 0x3f80u, "erf(4) rounds to 1 (bf16)");
    sweep(DML_TENSOR_DATA_TYPE_FLOAT16, "erf f16", 0, 0);
    sweep(DMLP_TENSOR_DATA_TYPE_BFLOAT16, "erf bf16", 0, 0);
    sweep(DML_TENSOR_DATA_TYPE_FLOAT32, "erf f32", 0, stride);
    sweep(DML_TENSOR_DATA_TYPE_FLOAT16, "erf f16 ScaleBias", 1, 0);
    sweep(DMLP_TENSOR_DATA_TYPE_BFLOAT16, "erf bf16 ScaleBias", 1, 0);
    sweep(DML_TENSOR_DATA_TYPE_FLOAT32, "erf f32 ScaleBias", 1, stride > 4099 ? stride : 4099 * 4);
    mpfr_free_cache();
    return test_finish("test_cr_erf");
}
