/* ACTIVATION_GELU and its core (src/numeric/cr_gelu.c), against MPFR:
   - dmlp__gelu_dd and the binary64 fast form within their stated bounds, on random and
     adversarial x (the subnormal results of negative x, the switch to the continued
     fraction at x = -4 sqrt2, tiny x whose half is a tie of the format);
   - special values of every format;
   - every f16 and bf16 input and a stride of f32 through the reference (and any fast
     kernel) against the oracle; f64 samples against MPFR's value rounded to binary64.
   The oracle's formula never forms 1 + erf: x - x/2 erfc(x/sqrt2) for x >= 0 and
   x/2 erfc(-x/sqrt2) below, so no cancellation hides in its error bound. */
#include <math.h>
#include <mpfr.h>

#include "crmath/cr_f64_check.h"
#include "crmath/cr_sweep.h"
#include "crmath/cr_unary_forms.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/cr_gelu.h"
#include "test_util.h"

/* Errors at precision p: x/sqrt2 two roundings, erfc's condition number 2t^2 + 1 (below
   2^11 for t < 30; beyond, erfc is far below every format), erfc, product, halving and
   subtraction (the subtracted part at most half the result): within 2^13 ulps. */
static void gelu_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    (void)params;
    mpfr_prec_t p = mpfr_get_prec(y);
    mpfr_t t, e;
    mpfr_inits2(p, t, e, (mpfr_ptr)0);
    mpfr_sqrt_ui(t, 2, MPFR_RNDN);
    mpfr_div(t, x, t, MPFR_RNDN);
    mpfr_abs(t, t, MPFR_RNDN);
    mpfr_erfc(e, t, MPFR_RNDN);
    mpfr_mul(e, e, x, MPFR_RNDN);
    mpfr_div_2ui(e, e, 1, MPFR_RNDN);
    if (mpfr_sgn(x) > 0)
        mpfr_sub(y, x, e, MPFR_RNDN);
    else
        mpfr_set(y, e, MPFR_RNDN);
    mpfr_clears(t, e, (mpfr_ptr)0);
}

/* The same in binary64 with glibc's erfc (a few ulps) behind x/sqrt2 (2 ulps, times the
   condition number below 2^11 for |x| < 42): within 2^12 ulps. */
static double gelu_filter(double x, const double *params)
{
    (void)params;
    double e = erfc(fabs(x) * 0.70710678118654752440);
    return x > 0 ? x - 0.5 * x * e : 0.5 * x * e;
}

static const dmlp_oracle gelu_oracle = {"gelu", gelu_formula, 13, gelu_filter, 4096, 0};

static double worst_dd = -400, worst_fast = -400;

static void entry_points_at(double x)
{
    mpfr_t mx, r;
    mpfr_inits2(320, mx, r, (mpfr_ptr)0);
    mpfr_set_d(mx, x, MPFR_RNDN);
    gelu_formula(r, mx, NULL);
    if (!mpfr_zero_p(r) && mpfr_get_exp(r) > -960) {
        dmlp__dd v = dmlp__gelu_dd(x);
        double e = dmlp_oracle_rel_err(v.hi, v.lo, r);
        worst_dd = fmax(worst_dd, e);
        CHECK(e <= -92, "gelu_dd(%a): 2^%.1f", x, e);
        if (x >= -20) {
            e = dmlp_oracle_rel_err(dmlp__gelu_fast(x), 0, r);
            worst_fast = fmax(worst_fast, e);
            CHECK(e <= -46, "gelu_fast(%a): 2^%.1f", x, e);
        }
    }
    mpfr_clears(mx, r, (mpfr_ptr)0);
}

static void entry_points(void)
{
    const double edge[] = {0x1p-149, 0x1.8p-149, 0x1p-126, 0x1p-60, 1.0, 5.656854249492380,
                           5.6568542494923806, 8.0, 11.29, 11.31, 14.0, 14.5, 20.0, 27.0, 38.0};
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        entry_points_at(edge[i]);
        entry_points_at(-edge[i]);
    }
    uint64_t rng = 0x7f4a7c159e3779b9u;
    for (int i = 0; i < (TEST_THIN ? 200 : 1000); i++) {
        uint64_t b = test_rng(&rng);
        double u = (double)(b >> 11) * 0x1p-53;
        double x = i % 2 ? u * 40 : ldexp(1 + u, -(int)(b % 80));
        entry_points_at(b & 1 ? -x : x);
    }
    printf("gelu_dd 2^%.1f, gelu_fast 2^%.1f (worst relative errors seen)\n", worst_dd, worst_fast);
}

static void special_values(void)
{
    dmlp__kernel_args args = {0};
    dmlp__unary_kernel f32 = dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_GELU, DML_TENSOR_DATA_TYPE_FLOAT32);
    dmlp__unary_kernel f16 = dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_GELU, DML_TENSOR_DATA_TYPE_FLOAT16);
    dmlp__unary_kernel bf16 = dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_GELU, DMLP_TENSOR_DATA_TYPE_BFLOAT16);
    dmlp__unary_kernel f64 = dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_GELU, DML_TENSOR_DATA_TYPE_FLOAT64);
    CHECK(f32 && f16 && bf16 && f64, "GELU has reference kernels for every float type");
    if (!(f32 && f16 && bf16 && f64))
        return;
    static const uint32_t in32[][2] = {
        {0x00000000u, 0x00000000u}, {0x80000000u, 0x80000000u}, /* +-0 */
        {0x7f800000u, 0x7f800000u}, {0xff800000u, 0x80000000u}, /* +inf, -inf: -0 */
        {0x7f812345u, 0x7fc12345u}, {0xff812345u, 0xffc12345u}, /* NaN made quiet */
        /* x/2 of an odd subnormal is a tie; x^2/sqrt(2 pi) > 0 decides it: up for x > 0,
           toward zero for x < 0 */
        {0x00000001u, 0x00000001u}, {0x80000001u, 0x80000000u},
        {0x00000003u, 0x00000002u}, {0x80000003u, 0x80000001u},
        {0x7f7fffffu, 0x7f7fffffu}, {0x41800000u, 0x41800000u}, /* max, 16 */
        {0xc1800000u, 0x80000000u}, /* GELU(-16) < 2^-180 */
    };
    for (size_t i = 0; i < sizeof in32 / sizeof in32[0]; i++) {
        uint32_t y = 0;
        f32(1, &in32[i][0], &y, &args);
        CHECK_EQ_U64(y, in32[i][1], "gelu f32 of 0x%08x", in32[i][0]);
    }
    static const uint16_t in16[][2] = {
        {0x0000, 0x0000}, {0x8000, 0x8000}, {0x7c00, 0x7c00}, {0xfc00, 0x8000},
        {0x7d23, 0x7f23}, {0x0001, 0x0001}, {0x8001, 0x8000}, {0x0003, 0x0002}, {0x7bff, 0x7bff},
    };
    for (size_t i = 0; i < sizeof in16 / sizeof in16[0]; i++) {
        uint16_t y = 0;
        f16(1, &in16[i][0], &y, &args);
        CHECK_EQ_U64(y, in16[i][1], "gelu f16 of 0x%04x", in16[i][0]);
    }
    static const uint16_t inbf[][2] = {
        {0x0000, 0x0000}, {0x8000, 0x8000}, {0x7f80, 0x7f80}, {0xff80, 0x8000},
        {0x7f81, 0x7fc1}, {0x0001, 0x0001}, {0x8001, 0x8000},
    };
    for (size_t i = 0; i < sizeof inbf / sizeof inbf[0]; i++) {
        uint16_t y = 0;
        bf16(1, &inbf[i][0], &y, &args);
        CHECK_EQ_U64(y, inbf[i][1], "gelu bf16 of 0x%04x", inbf[i][0]);
    }
    static const uint64_t in64[][2] = {
        {0, 0}, {0x8000000000000000u, 0x8000000000000000u},
        {0x7ff0000000000000u, 0x7ff0000000000000u}, {0xfff0000000000000u, 0x8000000000000000u},
        {0x7ff0000000000123u, 0x7ff8000000000123u},
    };
    for (size_t i = 0; i < sizeof in64 / sizeof in64[0]; i++) {
        uint64_t y = 0;
        f64(1, &in64[i][0], &y, &args);
        CHECK_EQ_U64(y, in64[i][1], "gelu f64 of 0x%016llx", (unsigned long long)in64[i][0]);
    }
    /* f64: correctly rounded above 2^-1000; below, within an ulp */
    static const dmlp_cr_f64_check f64_check = {
        .name = "gelu f64", .formula = gelu_formula, .precision = 200, .lo = -35, .hi = 15,
        .small_lo = -50, .small_hi = 10, .ulp_below = 0x1p-1000};
    dmlp_cr_check_f64(&f64_check, f64, &args);
}

typedef struct gelu_ctx {
    DML_TENSOR_DATA_TYPE type;
} gelu_ctx;

/* Far out GELU is x or -0 in the format: from |x| = 16 (f32, bf16) and 8 (f16) on,
   x/2 erfc(|x|/sqrt2) is below 2^-48 |x| and below 2^-140 (f16: 2^-45); main checks the
   oracle agrees at those points, and the tails are monotone (GELU decreases below
   x = -0.75, x/2 erfc(x/sqrt2) / x decreases above 0). MPFR's erfc is slow there. */
static uint32_t gelu_expect(uint32_t x, void *ctx)
{
    gelu_ctx *c = ctx;
    switch (c->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        if ((x & 0x7fffffffu) >= 0x41800000u && (x & 0x7fffffffu) <= 0x7f800000u)
            return x & 0x80000000u ? 0x80000000u : x;
        return dmlp_oracle_f32(&gelu_oracle, x, NULL);
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        if ((x & 0x7fffu) >= 0x4800u && (x & 0x7fffu) <= 0x7c00u)
            return x & 0x8000u ? 0x8000u : x;
        return dmlp_oracle_f16(&gelu_oracle, (uint16_t)x, NULL);
    default:
        if ((x & 0x7fffu) >= 0x4180u && (x & 0x7fffu) <= 0x7f80u)
            return x & 0x8000u ? 0x8000u : x;
        return dmlp_oracle_bf16(&gelu_oracle, (uint16_t)x, NULL);
    }
}

static void sweep(DML_TENSOR_DATA_TYPE type, const char *name, uint64_t stride)
{
    gelu_ctx ctx = {type};
    dmlp_cr_sweep s = {.name = name, .expect = gelu_expect, .ctx = &ctx};
    /* the full run's hard cases: GELU lies 2^-53.4 from a midpoint, the double-double
       value's hi one binary64 step below it (dmlp__round_dd_to_format's round-to-odd) */
    static const uint32_t hard[] = {0x37b0a46fu, 0xb7b0a46fu};
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        s.extra = hard;
        s.extra_count = sizeof hard / sizeof hard[0];
    }
    dmlp__kernel_args args = {0};
    dmlp_cr_check_op(&s, DML_OPERATOR_ACTIVATION_GELU, type, &args, "reference", stride);
}

int main(int argc, char **argv)
{
    entry_points();
    special_values();
    CHECK_EQ_U64(dmlp_oracle_f32(&gelu_oracle, 0x41800000u, NULL), 0x41800000u, "GELU(16) = 16");
    CHECK_EQ_U64(dmlp_oracle_f32(&gelu_oracle, 0xc1800000u, NULL), 0x80000000u, "GELU(-16) = -0");
    CHECK_EQ_U64(dmlp_oracle_bf16(&gelu_oracle, 0x4180u, NULL), 0x4180u, "GELU(16) = 16 (bf16)");
    CHECK_EQ_U64(dmlp_oracle_bf16(&gelu_oracle, 0xc180u, NULL), 0x8000u, "GELU(-16) = -0 (bf16)");
    CHECK_EQ_U64(dmlp_oracle_f16(&gelu_oracle, 0x4800u, NULL), 0x4800u, "GELU(8) = 8 (f16)");
    CHECK_EQ_U64(dmlp_oracle_f16(&gelu_oracle, 0xc800u, NULL), 0x8000u, "GELU(-8) = -0 (f16)");
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    sweep(DML_TENSOR_DATA_TYPE_FLOAT16, "gelu f16", 0);
    sweep(DMLP_TENSOR_DATA_TYPE_BFLOAT16, "gelu bf16", 0);
    sweep(DML_TENSOR_DATA_TYPE_FLOAT32, "gelu f32", stride);
    mpfr_free_cache();
    return test_finish("test_cr_gelu");
}
