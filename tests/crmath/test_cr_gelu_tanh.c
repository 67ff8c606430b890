/* ACTIVATION_GELU_TANH and its core (src/numeric/cr_gelu_tanh.c), against MPFR:
   - the generated constants (sqrt(2/pi), 2 sqrt(2/pi), 0.044715 as double-doubles);
   - dmlp__gelu_tanh_dd and the binary64 fast form within their stated bounds, on random
     and edge x (tiny x whose half is a tie of the format, the switches at 2^-60, -11, 10);
   - special values of every format;
   - every f16 and bf16 input and a stride of f32 through the reference and the table
     kernels against the oracle; f64 samples against MPFR's value rounded to binary64.
   The oracle's formula is x / (1 + e^-v), v = 2 sqrt(2/pi) x (1 + 0.044715 x^2), with
   0.5 (1 + tanh(u)) = 1 / (1 + e^-2u): exact in real arithmetic, and free of the
   cancellation of 1 + tanh(u) for x < 0. */
#include <math.h>
#include <mpfr.h>

#include "crmath/cr_f64_check.h"
#include "crmath/cr_sweep.h"
#include "crmath/cr_unary_forms.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/cr_gelu_tanh.h"
#include "numeric/cr_gelu_tanh_tables.h"
#include "test_util.h"

#define GELU_TANH DMLP_OPERATOR_ACTIVATION_GELU_TANH

/* v at precision p, within 8 ulps: sqrt(2/pi) 2, 0.044715 from its decimal 0.5, x^2 0.5,
   the product 1.5, 1 + (a positive term) 2, the products 5. */
static void v_formula(mpfr_t v, const mpfr_t x)
{
    mpfr_prec_t p = mpfr_get_prec(v);
    mpfr_t c, w;
    mpfr_inits2(p, c, w, (mpfr_ptr)0);
    mpfr_const_pi(c, MPFR_RNDN);
    mpfr_ui_div(c, 2, c, MPFR_RNDN);
    mpfr_sqrt(c, c, MPFR_RNDN);
    mpfr_set_str(w, "0.044715", 10, MPFR_RNDN);
    mpfr_mul(w, w, x, MPFR_RNDN);
    mpfr_mul(w, w, x, MPFR_RNDN);
    mpfr_add_ui(w, w, 1, MPFR_RNDN);
    mpfr_mul(w, w, c, MPFR_RNDN);
    mpfr_mul(v, w, x, MPFR_RNDN);
    mpfr_mul_2ui(v, v, 1, MPFR_RNDN);
    mpfr_clears(c, w, (mpfr_ptr)0);
}

/* Errors: v's 8 ulps count |v| times in e^-v (the result's condition number in v is
   |v| e^-v / (1 + e^-v) <= |v| < 113 for x in [-11, 10], where the sweep sends it), then
   three roundings: within 2^11 ulps. */
static void gelu_tanh_formula(mpfr_t y, const mpfr_t x, const double *params)
{
    (void)params;
    mpfr_t v;
    mpfr_init2(v, mpfr_get_prec(y));
    v_formula(v, x);
    mpfr_neg(v, v, MPFR_RNDN);
    mpfr_exp(v, v, MPFR_RNDN);
    mpfr_add_ui(v, v, 1, MPFR_RNDN);
    mpfr_div(y, x, v, MPFR_RNDN);
    mpfr_clear(v);
}

/* The same in binary64 through glibc's exp: v within 7 ulps, which count |v| < 113 times,
   and three more roundings: within 2^11 ulps. */
static double gelu_tanh_filter(double x, const double *params)
{
    (void)params;
    double v = 2 * 0.79788456080286535588 * x * (1 + 0.044715 * x * x);
    return x / (1 + exp(-v));
}

static const dmlp_oracle gelu_tanh_oracle = {"gelu_tanh", gelu_tanh_formula, 11,
                                             gelu_tanh_filter, 2048, 0};

static void constants(void)
{
    mpfr_t c, d;
    mpfr_inits2(300, c, d, (mpfr_ptr)0);
    const struct {
        const char *what;
        double hi, lo;
    } k[] = {{"c", DMLP__GELU_TANH_C_HI, DMLP__GELU_TANH_C_LO},
             {"2c", DMLP__GELU_TANH_TWO_C_HI, DMLP__GELU_TANH_TWO_C_LO},
             {"a", DMLP__GELU_TANH_A_HI, DMLP__GELU_TANH_A_LO}};
    for (int i = 0; i < 3; i++) {
        if (i < 2) {
            mpfr_const_pi(c, MPFR_RNDN);
            mpfr_ui_div(c, 2, c, MPFR_RNDN);
            mpfr_sqrt(c, c, MPFR_RNDN);
            mpfr_mul_ui(c, c, (unsigned long)(i + 1), MPFR_RNDN);
        } else
            mpfr_set_str(c, "0.044715", 10, MPFR_RNDN);
        mpfr_set_d(d, k[i].hi, MPFR_RNDN);
        mpfr_add_d(d, d, k[i].lo, MPFR_RNDN);
        mpfr_sub(d, d, c, MPFR_RNDN);
        mpfr_div(d, d, c, MPFR_RNDN);
        CHECK(mpfr_zero_p(d) || mpfr_get_exp(d) <= -105, "the constant %s within 2^-106", k[i].what);
        CHECK(fabs(k[i].lo) <= ldexp(fabs(k[i].hi), -53), "the constant %s normalised", k[i].what);
    }
    mpfr_clears(c, d, (mpfr_ptr)0);
}

static double worst_dd = -400, worst_fast = -400;

static void entry_points_at(double x)
{
    mpfr_t mx, r, v;
    mpfr_inits2(400, mx, r, v, (mpfr_ptr)0);
    mpfr_set_d(mx, x, MPFR_RNDN);
    gelu_tanh_formula(r, mx, NULL);
    v_formula(v, mx);
    double av = fabs(mpfr_get_d(v, MPFR_RNDN));
    if (!mpfr_zero_p(r) && x >= -11 && x <= 10) {
        dmlp__dd y = dmlp__gelu_tanh_dd(x);
        double e = dmlp_oracle_rel_err(y.hi, y.lo, r);
        worst_dd = fmax(worst_dd, e);
        CHECK(e <= log2(2.25 + 1.15 * av) - 100, "gelu_tanh_dd(%a): 2^%.1f", x, e);
        uint64_t steps;
        e = dmlp_oracle_rel_err(dmlp__gelu_tanh_fast(x, &steps), 0, r);
        worst_fast = fmax(worst_fast, e);
        CHECK(e <= log2(7 * av + 3.05) - 53, "gelu_tanh_fast(%a): 2^%.1f", x, e);
        CHECK((double)steps >= (7 * av + 3.05) * 2, "gelu_tanh_fast(%a): steps cover", x);
    }
    mpfr_clears(mx, r, v, (mpfr_ptr)0);
}

static void entry_points(void)
{
    const double edge[] = {0x1p-149, 0x1.8p-149, 0x1p-126, 0x1.fffffp-61, 0x1p-60, 0x1p-20,
                           0.5, 1.0, 3.0, 9.99, 10.0, 10.99, 11.0};
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        entry_points_at(edge[i]);
        entry_points_at(-edge[i]);
    }
    uint64_t rng = 0x853c49e6748fea9bu;
    for (int i = 0; i < (TEST_THIN ? 200 : 1000); i++) {
        uint64_t b = test_rng(&rng);
        double u = (double)(b >> 11) * 0x1p-53;
        double x = i % 2 ? u * 21 - 11 : ldexp(1 + u, -(int)(b % 80));
        entry_points_at(b & 1 ? -x : x);
    }
    printf("gelu_tanh_dd 2^%.1f, gelu_tanh_fast 2^%.1f (worst relative errors seen)\n",
           worst_dd, worst_fast);
}

static void special_values(void)
{
    dmlp__kernel_args args = {0};
    dmlp__unary_kernel f32 = dmlp__reference_kernel(GELU_TANH, DML_TENSOR_DATA_TYPE_FLOAT32);
    dmlp__unary_kernel f16 = dmlp__reference_kernel(GELU_TANH, DML_TENSOR_DATA_TYPE_FLOAT16);
    dmlp__unary_kernel bf16 = dmlp__reference_kernel(GELU_TANH, DMLP_TENSOR_DATA_TYPE_BFLOAT16);
    dmlp__unary_kernel f64 = dmlp__reference_kernel(GELU_TANH, DML_TENSOR_DATA_TYPE_FLOAT64);
    CHECK(f32 && f16 && bf16 && f64, "GELU tanh has reference kernels for every float type");
    if (!(f32 && f16 && bf16 && f64))
        return;
    static const uint32_t in32[][2] = {
        {0x00000000u, 0x00000000u}, {0x80000000u, 0x80000000u}, /* +-0 */
        {0x7f800000u, 0x7f800000u}, {0xff800000u, 0x80000000u}, /* +inf, -inf: -0 */
        {0x7f812345u, 0x7fc12345u}, {0xff812345u, 0xffc12345u}, /* NaN made quiet */
        /* x/2 of an odd subnormal is a tie; c x^2 / 2 > 0 decides it: up for x > 0,
           toward zero for x < 0 */
        {0x00000001u, 0x00000001u}, {0x80000001u, 0x80000000u},
        {0x00000003u, 0x00000002u}, {0x80000003u, 0x80000001u},
        {0x7f7fffffu, 0x7f7fffffu}, {0x41200000u, 0x41200000u}, /* max, 10 */
        {0xc1300000u, 0x80000000u}, /* below 2^-158 at -11 */
    };
    for (size_t i = 0; i < sizeof in32 / sizeof in32[0]; i++) {
        uint32_t y = 0;
        f32(1, &in32[i][0], &y, &args);
        CHECK_EQ_U64(y, in32[i][1], "gelu_tanh f32 of 0x%08x", in32[i][0]);
    }
    static const uint16_t in16[][2] = {
        {0x0000, 0x0000}, {0x8000, 0x8000}, {0x7c00, 0x7c00}, {0xfc00, 0x8000},
        {0x7d23, 0x7f23}, {0x0001, 0x0001}, {0x8001, 0x8000}, {0x0003, 0x0002}, {0x7bff, 0x7bff},
    };
    for (size_t i = 0; i < sizeof in16 / sizeof in16[0]; i++) {
        uint16_t y = 0;
        f16(1, &in16[i][0], &y, &args);
        CHECK_EQ_U64(y, in16[i][1], "gelu_tanh f16 of 0x%04x", in16[i][0]);
    }
    static const uint16_t inbf[][2] = {
        {0x0000, 0x0000}, {0x8000, 0x8000}, {0x7f80, 0x7f80}, {0xff80, 0x8000},
        {0x7f81, 0x7fc1}, {0x0001, 0x0001}, {0x8001, 0x8000},
    };
    for (size_t i = 0; i < sizeof inbf / sizeof inbf[0]; i++) {
        uint16_t y = 0;
        bf16(1, &inbf[i][0], &y, &args);
        CHECK_EQ_U64(y, inbf[i][1], "gelu_tanh bf16 of 0x%04x", inbf[i][0]);
    }
    static const uint64_t in64[][2] = {
        {0, 0}, {0x8000000000000000u, 0x8000000000000000u},
        {0x7ff0000000000000u, 0x7ff0000000000000u}, {0xfff0000000000000u, 0x8000000000000000u},
        {0x7ff0000000000123u, 0x7ff8000000000123u},
        {1, 1}, {0x8000000000000001u, 0x8000000000000000u}, /* the tie rule in binary64 */
        {3, 2}, {0x8000000000000003u, 0x8000000000000001u},
    };
    for (size_t i = 0; i < sizeof in64 / sizeof in64[0]; i++) {
        uint64_t y = 0;
        f64(1, &in64[i][0], &y, &args);
        CHECK_EQ_U64(y, in64[i][1], "gelu_tanh f64 of 0x%016llx", (unsigned long long)in64[i][0]);
    }
    /* f64: correctly rounded unless MPFR's value lies within 2^-90 of a midpoint; below
       2^-969, within an ulp. MPFR at 300 bits: v's error (2^-296 |v|, |v| < 800) leaves
       the value within 2^-280. */
    static const dmlp_cr_f64_check f64_check = {
        .name = "gelu_tanh f64", .formula = gelu_tanh_formula, .precision = 300,
        .lo = -25.2, .hi = 10.8, .small_lo = -50, .small_hi = 10, .subnormals = 1,
        .ulp_below = 0x1p-969};
    dmlp_cr_check_f64(&f64_check, f64, &args);
}

typedef struct gelu_tanh_ctx {
    DML_TENSOR_DATA_TYPE type;
} gelu_tanh_ctx;

/* Far out the value is x (from x = 10: within 2^-125 relative) or -0 (from x = -11 down:
   below 2^-158, decreasing); main checks the oracle agrees at both points. Out there the
   oracle's bound (|v| < 113) would not hold. */
static uint32_t gelu_tanh_expect(uint32_t x, void *ctx)
{
    gelu_tanh_ctx *c = ctx;
    switch (c->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        if (x >= 0x41200000u && x <= 0x7f800000u)
            return x;
        if (x >= 0xc1300000u && x <= 0xff800000u)
            return 0x80000000u;
        return dmlp_oracle_f32(&gelu_tanh_oracle, x, NULL);
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        if (x >= 0x4900u && x <= 0x7c00u)
            return x;
        if (x >= 0xc980u && x <= 0xfc00u)
            return 0x8000u;
        return dmlp_oracle_f16(&gelu_tanh_oracle, (uint16_t)x, NULL);
    default:
        if (x >= 0x4120u && x <= 0x7f80u)
            return x;
        if (x >= 0xc130u && x <= 0xff80u)
            return 0x8000u;
        return dmlp_oracle_bf16(&gelu_tanh_oracle, (uint16_t)x, NULL);
    }
}

static void sweep(DML_TENSOR_DATA_TYPE type, const char *name, uint64_t stride)
{
    gelu_tanh_ctx ctx = {type};
    dmlp_cr_sweep s = {.name = name, .expect = gelu_tanh_expect, .ctx = &ctx};
    dmlp__kernel_args args = {0};
    dmlp_cr_check_op(&s, GELU_TANH, type, &args, "reference", stride);
}

int main(int argc, char **argv)
{
    constants();
    entry_points();
    special_values();
    const dmlp_oracle *o = &gelu_tanh_oracle;
    CHECK_EQ_U64(dmlp_oracle_f32(o, 0x41200000u, NULL), 0x41200000u, "at 10: 10");
    CHECK_EQ_U64(dmlp_oracle_f32(o, 0xc1300000u, NULL), 0x80000000u, "at -11: -0");
    CHECK_EQ_U64(dmlp_oracle_f16(o, 0x4900u, NULL), 0x4900u, "at 10: 10 (f16)");
    CHECK_EQ_U64(dmlp_oracle_f16(o, 0xc980u, NULL), 0x8000u, "at -11: -0 (f16)");
    CHECK_EQ_U64(dmlp_oracle_bf16(o, 0x4120u, NULL), 0x4120u, "at 10: 10 (bf16)");
    CHECK_EQ_U64(dmlp_oracle_bf16(o, 0xc130u, NULL), 0x8000u, "at -11: -0 (bf16)");
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    sweep(DML_TENSOR_DATA_TYPE_FLOAT16, "gelu_tanh f16", 0);
    sweep(DMLP_TENSOR_DATA_TYPE_BFLOAT16, "gelu_tanh bf16", 0);
    sweep(DML_TENSOR_DATA_TYPE_FLOAT32, "gelu_tanh f32", stride);
    mpfr_free_cache();
    return test_finish("test_cr_gelu_tanh");
}
