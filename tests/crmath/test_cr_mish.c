/* ACTIVATION_MISH and its core (src/numeric/cr_mish.c), against MPFR:
   - dmlp__mish_dd and the binary64 fast form within their stated bounds, on random and
     edge x (near 0, where Mish is 0.6 x; the switches at -120, -600 and 20);
   - special values of every format;
   - every f16 and bf16 input and a stride of f32 through the reference and the table
     kernels against the oracle; f64 samples against MPFR's value rounded to binary64.
   The oracle's formula is ONNX's written without cancellation: x n / (n + 2) with
   n = e^x (e^x + 2) for x <= 0, and x - 2x s^2 / (1 + 2s + 2s^2) with s = e^-x above
   (the subtracted part at most 0.4 x), so nothing overflows for large x. */
#include <math.h>
#include <mpfr.h>

#include "crmath/cr_f64_check.h"
#include "crmath/cr_sweep.h"
#include "crmath/cr_unary_forms.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/cr_mish.h"
#include "test_util.h"

#define MISH DMLP_OPERATOR_ACTIVATION_MISH

/* Errors at precision p: six roundings of sums of positive terms, products and
   quotients (x > 0: a subtraction losing at most one bit more): within 2^4 ulps. */
static void mish_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    (void)params;
    mpfr_prec_t p = mpfr_get_prec(y);
    mpfr_t t, n, d;
    mpfr_inits2(p, t, n, d, (mpfr_ptr)0);
    if (mpfr_sgn(x) > 0) {
        mpfr_neg(t, x, MPFR_RNDN);
        mpfr_exp(t, t, MPFR_RNDN);        /* s */
        mpfr_mul(n, t, t, MPFR_RNDN);     /* s^2 */
        mpfr_add(d, t, n, MPFR_RNDN);
        mpfr_mul_2ui(d, d, 1, MPFR_RNDN);
        mpfr_add_ui(d, d, 1, MPFR_RNDN);  /* 1 + 2s + 2s^2 */
        mpfr_mul_2ui(n, n, 1, MPFR_RNDN);
        mpfr_div(n, n, d, MPFR_RNDN);
        mpfr_mul(n, n, x, MPFR_RNDN);
        mpfr_sub(y, x, n, MPFR_RNDN);
    } else {
        mpfr_exp(t, x, MPFR_RNDN);
        mpfr_add_ui(n, t, 2, MPFR_RNDN);
        mpfr_mul(n, n, t, MPFR_RNDN);
        mpfr_add_ui(d, n, 2, MPFR_RNDN);
        mpfr_div(n, n, d, MPFR_RNDN);
        mpfr_mul(y, n, x, MPFR_RNDN);
    }
    mpfr_clears(t, n, d, (mpfr_ptr)0);
}

/* ONNX's formula in binary64 through glibc (exp, log1p, tanh within 2 ulps each, each
   condition number at most 1 here) and a product: within 16 ulps while e^x is normal
   (the sweep sends x <= -120 elsewhere). */
static double mish_filter(double x, const double *params)
{
    (void)params;
    return x * tanh(log1p(exp(x)));
}

static const dmlp_oracle mish_oracle = {"mish", mish_formula, 4, mish_filter, 16, 0};

static double worst_dd = -400, worst_fast = -400;

static void entry_points_at(double x)
{
    mpfr_t mx, r;
    mpfr_inits2(320, mx, r, (mpfr_ptr)0);
    mpfr_set_d(mx, x, MPFR_RNDN);
    mish_formula(r, mx, NULL);
    if (!mpfr_zero_p(r) && x >= -600 && x <= 20) {
        dmlp__dd v = dmlp__mish_dd(x);
        double e = dmlp_oracle_rel_err(v.hi, v.lo, r);
        worst_dd = fmax(worst_dd, e);
        CHECK(e <= -97, "mish_dd(%a): 2^%.1f", x, e);
        e = dmlp_oracle_rel_err(dmlp__mish_fast(x), 0, r);
        worst_fast = fmax(worst_fast, e);
        CHECK(e <= log2(11.2) - 53, "mish_fast(%a): 2^%.1f", x, e);
    }
    mpfr_clears(mx, r, (mpfr_ptr)0);
}

static void entry_points(void)
{
    const double edge[] = {0x1p-149, 0x1.8p-149, 0x1p-126, 0x1p-60, 0x1p-20, 0.5, 1.0,
                           1.19, 5.0, 19.99, 20.0, 100.0, 119.9, 120.0, 599.0, 600.0};
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        entry_points_at(edge[i]);
        entry_points_at(-edge[i]);
    }
    uint64_t rng = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < (TEST_THIN ? 200 : 1000); i++) {
        uint64_t b = test_rng(&rng);
        double u = (double)(b >> 11) * 0x1p-53;
        double x = i % 2 ? u * 140 - 120 : ldexp(1 + u, -(int)(b % 80));
        entry_points_at(b & 1 ? -x : x);
    }
    printf("mish_dd 2^%.1f, mish_fast 2^%.1f (worst relative errors seen)\n", worst_dd, worst_fast);
}

static void special_values(void)
{
    dmlp__kernel_args args = {0};
    dmlp__unary_kernel f32 = dmlp__reference_kernel(MISH, DML_TENSOR_DATA_TYPE_FLOAT32);
    dmlp__unary_kernel f16 = dmlp__reference_kernel(MISH, DML_TENSOR_DATA_TYPE_FLOAT16);
    dmlp__unary_kernel bf16 = dmlp__reference_kernel(MISH, DMLP_TENSOR_DATA_TYPE_BFLOAT16);
    dmlp__unary_kernel f64 = dmlp__reference_kernel(MISH, DML_TENSOR_DATA_TYPE_FLOAT64);
    CHECK(f32 && f16 && bf16 && f64, "Mish has reference kernels for every float type");
    if (!(f32 && f16 && bf16 && f64))
        return;
    static const uint32_t in32[][2] = {
        {0x00000000u, 0x00000000u}, {0x80000000u, 0x80000000u}, /* +-0 */
        {0x7f800000u, 0x7f800000u}, {0xff800000u, 0x80000000u}, /* +inf, -inf: -0 */
        {0x7f812345u, 0x7fc12345u}, {0xff812345u, 0xffc12345u}, /* NaN made quiet */
        /* 0.6 x of subnormals: 0.6 and 1.8 least subnormals */
        {0x00000001u, 0x00000001u}, {0x80000001u, 0x80000001u},
        {0x00000003u, 0x00000002u}, {0x80000003u, 0x80000002u},
        {0x7f7fffffu, 0x7f7fffffu}, {0x41a00000u, 0x41a00000u}, /* max, 20 */
        {0xc2f00000u, 0x80000000u}, /* Mish(-120) < 2^-166 */
    };
    for (size_t i = 0; i < sizeof in32 / sizeof in32[0]; i++) {
        uint32_t y = 0;
        f32(1, &in32[i][0], &y, &args);
        CHECK_EQ_U64(y, in32[i][1], "mish f32 of 0x%08x", in32[i][0]);
    }
    static const uint16_t in16[][2] = {
        {0x0000, 0x0000}, {0x8000, 0x8000}, {0x7c00, 0x7c00}, {0xfc00, 0x8000},
        {0x7d23, 0x7f23}, {0x0001, 0x0001}, {0x8001, 0x8001}, {0x7bff, 0x7bff},
        {0x3c00, 0x3aec}, /* Mish(1) = 0.8651 */
    };
    for (size_t i = 0; i < sizeof in16 / sizeof in16[0]; i++) {
        uint16_t y = 0;
        f16(1, &in16[i][0], &y, &args);
        CHECK_EQ_U64(y, in16[i][1], "mish f16 of 0x%04x", in16[i][0]);
    }
    static const uint16_t inbf[][2] = {
        {0x0000, 0x0000}, {0x8000, 0x8000}, {0x7f80, 0x7f80}, {0xff80, 0x8000},
        {0x7f81, 0x7fc1}, {0x0001, 0x0001}, {0x8001, 0x8001},
    };
    for (size_t i = 0; i < sizeof inbf / sizeof inbf[0]; i++) {
        uint16_t y = 0;
        bf16(1, &inbf[i][0], &y, &args);
        CHECK_EQ_U64(y, inbf[i][1], "mish bf16 of 0x%04x", inbf[i][0]);
    }
    static const uint64_t in64[][2] = {
        {0, 0}, {0x8000000000000000u, 0x8000000000000000u},
        {0x7ff0000000000000u, 0x7ff0000000000000u}, {0xfff0000000000000u, 0x8000000000000000u},
        {0x7ff0000000000123u, 0x7ff8000000000123u},
    };
    for (size_t i = 0; i < sizeof in64 / sizeof in64[0]; i++) {
        uint64_t y = 0;
        f64(1, &in64[i][0], &y, &args);
        CHECK_EQ_U64(y, in64[i][1], "mish f64 of 0x%016llx", (unsigned long long)in64[i][0]);
    }
    /* f64: the claim (0.5 ulp + 2^-96) is the correct rounding unless MPFR's value lies
       that close to a midpoint; below 2^-969, within an ulp */
    static const dmlp_cr_f64_check f64_check = {
        .name = "mish f64", .formula = mish_formula, .precision = 200, .lo = -760,
        .hi = 40, .small_lo = -50, .small_hi = 10, .subnormals = 1, .ulp_below = 0x1p-969};
    dmlp_cr_check_f64(&f64_check, f64, &args);
}

typedef struct mish_ctx {
    DML_TENSOR_DATA_TYPE type;
} mish_ctx;

/* Far out Mish is x (from x = 20: 2 / (n + 2) < 2^-56) or -0 (from x = -120 down:
   |Mish| < |x| e^x < 2^-166, decreasing); main checks the oracle agrees at both points.
   MPFR's Ziv loop would run long at the x that saturate. */
static uint32_t mish_expect(uint32_t x, void *ctx)
{
    mish_ctx *c = ctx;
    switch (c->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        if (x >= 0x41a00000u && x <= 0x7f800000u)
            return x;
        if (x >= 0xc2f00000u && x <= 0xff800000u)
            return 0x80000000u;
        return dmlp_oracle_f32(&mish_oracle, x, NULL);
    case DML_TENSOR_DATA_TYPE_FLOAT16: /* f16's largest finite is 65504 */
        if (x >= 0x4d00u && x <= 0x7c00u)
            return x;
        if (x >= 0xd780u && x <= 0xfc00u)
            return 0x8000u;
        return dmlp_oracle_f16(&mish_oracle, (uint16_t)x, NULL);
    default:
        if (x >= 0x41a0u && x <= 0x7f80u)
            return x;
        if (x >= 0xc2f0u && x <= 0xff80u)
            return 0x8000u;
        return dmlp_oracle_bf16(&mish_oracle, (uint16_t)x, NULL);
    }
}

static void sweep(DML_TENSOR_DATA_TYPE type, const char *name, uint64_t stride)
{
    mish_ctx ctx = {type};
    dmlp_cr_sweep s = {.name = name, .expect = mish_expect, .ctx = &ctx};
    dmlp__kernel_args args = {0};
    dmlp_cr_check_op(&s, MISH, type, &args, "reference", stride);
}

int main(int argc, char **argv)
{
    entry_points();
    special_values();
    CHECK_EQ_U64(dmlp_oracle_f32(&mish_oracle, 0x41a00000u, NULL), 0x41a00000u, "Mish(20) = 20");
    CHECK_EQ_U64(dmlp_oracle_f32(&mish_oracle, 0xc2f00000u, NULL), 0x80000000u, "Mish(-120) = -0");
    CHECK_EQ_U64(dmlp_oracle_f16(&mish_oracle, 0x4d00u, NULL), 0x4d00u, "Mish(20) = 20 (f16)");
    CHECK_EQ_U64(dmlp_oracle_f16(&mish_oracle, 0xd780u, NULL), 0x8000u, "Mish(-120) = -0 (f16)");
    CHECK_EQ_U64(dmlp_oracle_bf16(&mish_oracle, 0x41a0u, NULL), 0x41a0u, "Mish(20) = 20 (bf16)");
    CHECK_EQ_U64(dmlp_oracle_bf16(&mish_oracle, 0xc2f0u, NULL), 0x8000u, "Mish(-120) = -0 (bf16)");
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    sweep(DML_TENSOR_DATA_TYPE_FLOAT16, "mish f16", 0);
    sweep(DMLP_TENSOR_DATA_TYPE_BFLOAT16, "mish bf16", 0);
    sweep(DML_TENSOR_DATA_TYPE_FLOAT32, "mish f32", stride);
    mpfr_free_cache();
    return test_finish("test_cr_mish");
}
