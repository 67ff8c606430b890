/* ELEMENT_WISE_SINH, COSH, ASINH, ACOSH, ATANH and their cores (src/numeric/cr_sinh.c,
   cr_asinh.c, cr_atanh.c) against MPFR, in one program for one oracle set-up:
   - each binary64 fast form and double-double form within its stated bound, on random
     arguments and at the branch points;
   - the special values docs/operators.md states, in every format;
   - every f16 and bf16 input (every 7th under TEST_THIN) and every 4099th f32 pattern
     (--stride, --full) through the reference kernel, bit for bit with the correctly
     rounded result; again with a ScaleBias on a thinner sample;
   - f64 samples against MPFR's value rounded to binary64. */
#include <math.h>
#include <mpfr.h>

#include "crmath/cr_f64_check.h"
#include "crmath/cr_sweep.h"
#include "crmath/cr_unary_forms.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/cr_asinh.h"
#include "numeric/cr_atanh.h"
#include "numeric/cr_sinh.h"
#include "test_util.h"

/* One MPFR function each: correctly rounded at the working precision. */
#define MPFR_FORMULA(f)                                                                     \
    static void f##_formula(mpfr_t y, const mpfr_t x, const double *params)                 \
    {                                                                                       \
        (void)params;                                                                       \
        mpfr_##f(y, x, MPFR_RNDN);                                                          \
    }                                                                                       \
    static double f##_filter(double x, const double *params)                                \
    {                                                                                       \
        (void)params;                                                                       \
        return f(x);                                                                        \
    }
MPFR_FORMULA(sinh) MPFR_FORMULA(cosh) MPFR_FORMULA(asinh) MPFR_FORMULA(acosh) MPFR_FORMULA(atanh)
#undef MPFR_FORMULA

/* The filters are glibc's functions, documented within 2 ulps; they give +-0 and +-inf
   only where the exact value is that or beyond binary64 (sinh, cosh of |x| > 710). */
enum { SINH, COSH, ASINH, ACOSH, ATANH, FUNCTIONS };
static const dmlp_oracle oracles[FUNCTIONS] = {
    {"sinh", sinh_formula, 0, sinh_filter, 8, 1},
    {"cosh", cosh_formula, 0, cosh_filter, 8, 1},
    {"asinh", asinh_formula, 0, asinh_filter, 8, 1},
    {"acosh", acosh_formula, 0, acosh_filter, 8, 1},
    {"atanh", atanh_formula, 0, atanh_filter, 8, 1},
};
static const DML_OPERATOR_TYPE ops[FUNCTIONS] = {
    DML_OPERATOR_ELEMENT_WISE_SINH, DML_OPERATOR_ELEMENT_WISE_COSH,
    DML_OPERATOR_ELEMENT_WISE_ASINH, DML_OPERATOR_ELEMENT_WISE_ACOSH,
    DML_OPERATOR_ELEMENT_WISE_ATANH};

static double rel_err(double hi, double lo, const mpfr_t ref)
{
    mpfr_t d;
    mpfr_init2(d, 320);
    mpfr_set_d(d, hi, MPFR_RNDN);
    mpfr_add_d(d, d, lo, MPFR_RNDN);
    mpfr_sub(d, d, ref, MPFR_RNDN);
    double r = -400;
    if (!mpfr_zero_p(d)) {
        mpfr_div(d, d, ref, MPFR_RNDN);
        r = log2(fabs(mpfr_get_d(d, MPFR_RNDN)));
    }
    mpfr_clear(d);
    return r;
}

typedef struct form_bound {
    const char *name;
    double (*fast)(double);
    dmlp__dd (*dd)(double);
    double fast_bound, dd_bound; /* relative, as the headers state them */
    double lo, hi;               /* the forms' domain, sampled */
    double edges[4];             /* branch points */
} form_bound;

static const form_bound forms[FUNCTIONS] = {
    {"sinh", dmlp__sinh_fast, dmlp__sinh_dd, 19.1 * 0x1p-53, 0x1p-90, 0, 100, {40, 0x1p-28, 1, 99}},
    {"cosh", dmlp__cosh_fast, dmlp__cosh_dd, 3.1 * 0x1p-53, 0x1p-98, 0, 100, {40, 0x1p-28, 1, 99}},
    {"asinh", dmlp__asinh_fast, dmlp__asinh_dd, 41.2 * 0x1p-53, 0x1p-96, 0, 1e6, {0.75, 0x1p-28, 1e30, 3e38}},
    {"acosh", dmlp__acosh_fast, dmlp__acosh_dd, 38.2 * 0x1p-53, 0x1p-97, 1, 1e6, {1.25, 2, 1 + 0x1p-52, 3e38}},
    {"atanh", dmlp__atanh_fast, dmlp__atanh_dd, 37.1 * 0x1p-53, 0x1p-98, 0, 1, {1.0 / 3, 0.5, 1 - 0x1p-53, 0x1p-28}},
};

/* Each form within its bound at an argument a of its domain. */
static void forms_at(int f, double a, double *worst)
{
    const form_bound *b = &forms[f];
    if (!(a > b->lo && a < b->hi + 1) || (f == ATANH && a >= 1) || (f == ACOSH && a <= 1))
        return;
    mpfr_t x, y;
    mpfr_inits2(320, x, y, (mpfr_ptr)0);
    mpfr_set_d(x, a, MPFR_RNDN);
    oracles[f].formula(y, x, NULL);
    double e = rel_err(b->fast(a), 0, y);
    CHECK(e <= log2(b->fast_bound), "%s_fast(%a): 2^%.2f", b->name, a, e);
    worst[0] = fmax(worst[0], e);
    dmlp__dd d = b->dd(a);
    e = rel_err(d.hi, d.lo, y);
    CHECK(e <= log2(b->dd_bound), "%s_dd(%a): 2^%.2f", b->name, a, e);
    worst[1] = fmax(worst[1], e);
    mpfr_clears(x, y, (mpfr_ptr)0);
}

static void entry_points(void)
{
    uint64_t rng = 0x3c6ef372fe94f82bu;
    for (int f = 0; f < FUNCTIONS; f++) {
        const form_bound *b = &forms[f];
        double worst[2] = {-400, -400};
        for (int i = 0; i < 4; i++) {
            forms_at(f, b->edges[i], worst);
            forms_at(f, nextafter(b->edges[i], 0), worst);
            forms_at(f, nextafter(b->edges[i], INFINITY), worst);
        }
        for (int i = 0; i < (TEST_THIN ? 300 : 2000); i++) {
            uint64_t r = test_rng(&rng);
            double u = (double)(r >> 11) * 0x1p-53, a;
            switch (i % 3) {
            case 0: a = b->lo + u * (f == ASINH || f == ACOSH ? 4 : b->hi - b->lo); break;
            case 1: a = f == ACOSH ? 1 + ldexp(1 + u, -(int)(r % 53)) : ldexp(1 + u, -(int)(r % 60)); break;
            default: a = f == ATANH ? 1 - ldexp(1 + u, -(int)(r % 53)) : ldexp(1 + u, (int)(r % 7));
            }
            forms_at(f, a, worst);
        }
        printf("%s: fast 2^%.2f (bound 2^%.2f), dd 2^%.2f (bound 2^%.0f)\n", b->name, worst[0],
               log2(b->fast_bound), worst[1], log2(b->dd_bound));
    }
}

/* One element through the reference kernel (little-endian: the low bytes hold it). */
static uint64_t one(int f, DML_TENSOR_DATA_TYPE type, uint64_t x)
{
    dmlp__kernel_args args = {0};
    dmlp__unary_kernel k = dmlp__reference_kernel(ops[f], type);
    uint64_t y = 0;
    if (k)
        k(1, &x, &y, &args);
    return y;
}

static void special_values(void)
{
    DML_TENSOR_DATA_TYPE f32 = DML_TENSOR_DATA_TYPE_FLOAT32, f16 = DML_TENSOR_DATA_TYPE_FLOAT16;
    DML_TENSOR_DATA_TYPE bf16 = DMLP_TENSOR_DATA_TYPE_BFLOAT16, f64 = DML_TENSOR_DATA_TYPE_FLOAT64;
    static const struct { int f; uint32_t x, y; } s32[] = {
        {SINH, 0x00000000u, 0x00000000u}, {SINH, 0x80000000u, 0x80000000u},
        {SINH, 0x7f800000u, 0x7f800000u}, {SINH, 0xff800000u, 0xff800000u},
        {SINH, 0x00000001u, 0x00000001u}, {SINH, 0xffa00001u, 0xffe00001u},
        {SINH, 0x42b2d4fdu, 0x7f800000u}, {SINH, 0xc2b2d4fdu, 0xff800000u}, /* overflow */
        {SINH, 0x42b2d4fcu, 0x7f7fffecu}, /* 89.415985: finite */
        {SINH, 0x39800000u, 0x39800000u}, /* 2^-12: x (x^3/6 below half an ulp) */
        {COSH, 0x00000000u, 0x3f800000u}, {COSH, 0x80000000u, 0x3f800000u},
        {COSH, 0x7f800000u, 0x7f800000u}, {COSH, 0xff800000u, 0x7f800000u},
        {COSH, 0x00000001u, 0x3f800000u}, {COSH, 0xc2b2d4fdu, 0x7f800000u},
        {COSH, 0x7fa00001u, 0x7fe00001u}, {COSH, 0xb9800000u, 0x3f800000u}, /* -2^-12: 1 */
        {ASINH, 0x00000000u, 0x00000000u}, {ASINH, 0x80000000u, 0x80000000u},
        {ASINH, 0x7f800000u, 0x7f800000u}, {ASINH, 0xff800000u, 0xff800000u},
        {ASINH, 0x80000001u, 0x80000001u}, {ASINH, 0x7f7fffffu, 0x42b2d4fcu},
        {ACOSH, 0x3f800000u, 0x00000000u}, {ACOSH, 0x7f800000u, 0x7f800000u},
        {ACOSH, 0x3f7fffffu, 0x7fc00000u}, {ACOSH, 0x00000000u, 0x7fc00000u},
        {ACOSH, 0x80000000u, 0x7fc00000u}, {ACOSH, 0xff800000u, 0x7fc00000u},
        {ACOSH, 0x3f800001u, 0x3a000000u}, /* 1 + 2^-23: about sqrt(2^-22) = 2^-11 */
        {ATANH, 0x00000000u, 0x00000000u}, {ATANH, 0x80000000u, 0x80000000u},
        {ATANH, 0x3f800000u, 0x7f800000u}, {ATANH, 0xbf800000u, 0xff800000u},
        {ATANH, 0x3f800001u, 0x7fc00000u}, {ATANH, 0x7f800000u, 0x7fc00000u},
        {ATANH, 0xff800000u, 0x7fc00000u}, {ATANH, 0x00000001u, 0x00000001u},
        {ATANH, 0x7fc00001u, 0x7fc00001u}, {ATANH, 0x3f7fffffu, 0x410aa123u}, /* 1 - 2^-24 */
    };
    for (size_t i = 0; i < sizeof s32 / sizeof s32[0]; i++) {
        uint64_t y = one(s32[i].f, f32, s32[i].x);
        CHECK_EQ_U64(y, s32[i].y, "%s f32 of 0x%08x", oracles[s32[i].f].name, s32[i].x);
        CHECK_EQ_U64(y, dmlp_oracle_f32(&oracles[s32[i].f], s32[i].x, NULL), "%s oracle of 0x%08x",
                     oracles[s32[i].f].name, s32[i].x);
    }
    static const struct { int f, bf; uint16_t x, y; } s16[] = {
        {SINH, 0, 0x8000, 0x8000},
        {SINH, 0, 0x49e5, 0x7c00}, /* 11.7890625: overflow */
        {SINH, 0, 0x49e4, 0x7bfb}, /* 11.78125: 65380 */
        {SINH, 1, 0x42b3, 0x7f80}, {SINH, 1, 0x42b2, 0x7f29}, /* 89.5 overflows, 89 not */
        {COSH, 0, 0xfc00, 0x7c00}, {COSH, 0, 0x8001, 0x3c00}, {COSH, 1, 0xc2b3, 0x7f80},
        {ASINH, 0, 0x8001, 0x8001}, {ASINH, 1, 0x0001, 0x0001}, {ASINH, 0, 0x7d01, 0x7f01},
        {ACOSH, 0, 0x3c00, 0x0000}, {ACOSH, 0, 0x3bff, 0x7e00}, {ACOSH, 1, 0x3f7f, 0x7fc0},
        {ACOSH, 1, 0xff81, 0xffc1},
        {ATANH, 0, 0x3c00, 0x7c00}, {ATANH, 0, 0xbc00, 0xfc00}, {ATANH, 0, 0x3c01, 0x7e00},
        {ATANH, 1, 0xbf80, 0xff80}, {ATANH, 1, 0x8001, 0x8001},
    };
    for (size_t i = 0; i < sizeof s16 / sizeof s16[0]; i++) {
        uint64_t y = one(s16[i].f, s16[i].bf ? bf16 : f16, s16[i].x);
        CHECK_EQ_U64(y, s16[i].y, "%s %s of 0x%04x", oracles[s16[i].f].name,
                     s16[i].bf ? "bf16" : "f16", s16[i].x);
    }
    static const struct { int f; uint64_t x, y; } s64[] = {
        {SINH, 0x8000000000000000u, 0x8000000000000000u},
        {SINH, 0x0000000000000001u, 0x0000000000000001u},
        {SINH, 0xfff0000000000000u, 0xfff0000000000000u},
        {SINH, 0x7ff0000000000123u, 0x7ff8000000000123u},
        {SINH, 0x408633ce8fb9f87du, 0x7feffffffffffd3bu}, /* 710.4758600739439: finite */
        {SINH, 0x408633ce8fb9f87eu, 0x7ff0000000000000u}, /* the next double: overflow */
        {COSH, 0x8000000000000000u, 0x3ff0000000000000u},
        {COSH, 0xc08633ce8fb9f87eu, 0x7ff0000000000000u},
        {COSH, 0xc08633ce8fb9f87du, 0x7feffffffffffd3bu},
        {ASINH, 0x7fefffffffffffffu, 0x408633ce8fb9f87eu}, /* log(2 DBL_MAX) */
        {ASINH, 0xfff0000000000000u, 0xfff0000000000000u},
        {ACOSH, 0x3ff0000000000000u, 0x0000000000000000u},
        {ACOSH, 0x3fefffffffffffffu, 0x7ff8000000000000u},
        {ACOSH, 0x7fefffffffffffffu, 0x408633ce8fb9f87eu},
        {ATANH, 0xbff0000000000000u, 0xfff0000000000000u},
        {ATANH, 0x3ff0000000000001u, 0x7ff8000000000000u},
        {ATANH, 0x8000000000000001u, 0x8000000000000001u},
    };
    for (size_t i = 0; i < sizeof s64 / sizeof s64[0]; i++) {
        uint64_t y = one(s64[i].f, f64, s64[i].x);
        CHECK_EQ_U64(y, s64[i].y, "%s f64 of 0x%016llx", oracles[s64[i].f].name,
                     (unsigned long long)s64[i].x);
    }
}

static void f64_samples(void)
{
    /* the claims (0.5 ulp + 2^-90 at worst) are the correct rounding unless MPFR's value
       lies that close to a midpoint: exact bits on every sample */
    static const dmlp_cr_f64_check checks[FUNCTIONS] = {
        {.name = "sinh f64", .formula = sinh_formula, .precision = 53, .lo = -720, .hi = 720,
         .small_lo = -40, .small_hi = 6, .small_signed = 1, .subnormals = 1, .seed = 11},
        {.name = "cosh f64", .formula = cosh_formula, .precision = 53, .lo = -720, .hi = 720,
         .small_lo = -40, .small_hi = 6, .small_signed = 1, .subnormals = 1, .seed = 12},
        {.name = "asinh f64", .formula = asinh_formula, .precision = 53, .lo = -8, .hi = 8,
         .small_lo = -40, .small_hi = 1020, .small_signed = 1, .subnormals = 1, .seed = 13},
        {.name = "acosh f64", .formula = acosh_formula, .precision = 53, .lo = 1, .hi = 2.5,
         .small_lo = 0, .small_hi = 1020, .seed = 14},
        {.name = "atanh f64", .formula = atanh_formula, .precision = 53, .lo = -1, .hi = 1,
         .small_lo = -40, .small_hi = 0, .small_signed = 1, .subnormals = 1, .seed = 15},
    };
    dmlp__kernel_args args = {0};
    for (int f = 0; f < FUNCTIONS; f++) {
        dmlp__unary_kernel k = dmlp__reference_kernel(ops[f], DML_TENSOR_DATA_TYPE_FLOAT64);
        CHECK(k != NULL, "%s has a float64 kernel", oracles[f].name);
        if (k)
            dmlp_cr_check_f64(&checks[f], k, &args);
    }
}

#define SCALE 0.75f
#define BIAS -0.25f

typedef struct hyp_ctx {
    int f;
    DML_TENSOR_DATA_TYPE type;
    int scaled;
} hyp_ctx;

/* A 16-bit value of the format, as a double, and its pattern from a float. */
static double widen16(uint32_t v, int bf)
{
    return bf ? dmlp__bf16_to_f32((uint16_t)v) : dmlp__f16_to_f32((uint16_t)v);
}

/* The oracle's filter for the 16-bit formats (oracle.c has it for binary32 only): the
   filter's y, within its bound of `ulps` binary64 patterns, decides the result v when the
   whole range [y - ulps, y + ulps] lies strictly between the midpoints of v and its two
   neighbours (computed exactly in binary64). v is a guess from a float; the check does not
   trust it. Zeros, infinities and the largest finite value are left to MPFR. */
static int filter16(const dmlp_oracle *o, double x, int bf, uint32_t *out)
{
    double y = o->filter(x, NULL);
    if (!isfinite(y) || y == 0)
        return 0;
    uint64_t bits = dmlp__f64_bits(y), sign = bits >> 63, mag = bits & ~(1ull << 63);
    if (mag <= o->filter_ulps)
        return 0;
    double lo = fabs(dmlp__f64_from_bits(mag - o->filter_ulps));
    double hi = fabs(dmlp__f64_from_bits(mag + o->filter_ulps));
    uint32_t v = bf ? dmlp__f32_to_bf16((float)fabs(y)) : dmlp__f32_to_f16((float)fabs(y));
    uint32_t max = bf ? 0x7f7fu : 0x7bffu;
    if (v == 0 || v >= max)
        return 0;
    double below = (widen16(v, bf) + widen16(v - 1, bf)) / 2;
    double above = (widen16(v, bf) + widen16(v + 1, bf)) / 2;
    if (!(lo > below && hi < above))
        return 0;
    *out = v | (uint32_t)sign << 15;
    return 1;
}

/* Outside acosh's and atanh's domains the result is the default NaN, MPFR's NaN: said
   here, so that half of acosh's inputs do not each make an MPFR call. */
static int out_of_domain(int f, double x)
{
    return (f == ACOSH && x < 1) || (f == ATANH && fabs(x) > 1);
}

static uint32_t hyp_expect(uint32_t x, void *ctx)
{
    hyp_ctx *c = ctx;
    const dmlp_oracle *o = &oracles[c->f];
    uint32_t v;
    switch (c->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        if (c->scaled)
            x = dmlp__f32_bits(dmlp_cr_scale_bias(dmlp__f32_from_bits(x), SCALE, BIAS));
        if (out_of_domain(c->f, dmlp__f32_from_bits(x)))
            return 0x7fc00000u;
        return dmlp_oracle_f32(o, x, NULL);
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        if (c->scaled)
            x = dmlp__f32_to_f16(dmlp_cr_scale_bias(dmlp__f16_to_f32((uint16_t)x), SCALE, BIAS));
        if (out_of_domain(c->f, dmlp__f16_to_f32((uint16_t)x)))
            return 0x7e00u;
        if ((x & 0x7fffu) < 0x7c00u && filter16(o, dmlp__f16_to_f32((uint16_t)x), 0, &v))
            return v;
        return dmlp_oracle_f16(o, (uint16_t)x, NULL);
    default:
        if (c->scaled)
            x = dmlp__f32_to_bf16(dmlp_cr_scale_bias(dmlp__bf16_to_f32((uint16_t)x), SCALE, BIAS));
        if (out_of_domain(c->f, dmlp__bf16_to_f32((uint16_t)x)))
            return 0x7fc0u;
        if ((x & 0x7fffu) < 0x7f80u && filter16(o, dmlp__bf16_to_f32((uint16_t)x), 1, &v))
            return v;
        return dmlp_oracle_bf16(o, (uint16_t)x, NULL);
    }
}

static void sweep(int f, DML_TENSOR_DATA_TYPE type, int scaled, uint64_t stride)
{
    static const char *types[] = {"f32", "f16", "bf16"};
    int t = type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 0 : type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 1 : 2;
    char name[64];
    snprintf(name, sizeof name, "%s %s%s", oracles[f].name, types[t], scaled ? " ScaleBias" : "");
    hyp_ctx ctx = {f, type, scaled};
    dmlp_cr_sweep s = {.name = name, .expect = hyp_expect, .ctx = &ctx};
    dmlp__kernel_args args = {0};
    if (scaled) {
        args.scale_bias = 1;
        args.scale = SCALE;
        args.bias = BIAS;
    }
    dmlp_cr_check_op(&s, ops[f], type, &args, scaled ? "reference, ScaleBias" : "reference", stride);
}

int main(int argc, char **argv)
{
    entry_points();
    special_values();
    f64_samples();
    CHECK_EQ_U64(dmlp_oracle_f32(&oracles[ACOSH], 0x3f7fffffu, NULL), 0x7fc00000u, "acosh below 1");
    CHECK_EQ_U64(dmlp_oracle_f16(&oracles[ATANH], 0xbc01u, NULL), 0x7e00u, "atanh beyond -1");
    CHECK_EQ_U64(dmlp_oracle_bf16(&oracles[ATANH], 0x3f81u, NULL), 0x7fc0u, "atanh beyond 1");
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 65521 : 4099);
    unsigned long long before = dmlp_oracle_mpfr_calls();
    for (int f = 0; f < FUNCTIONS; f++) {
        sweep(f, DML_TENSOR_DATA_TYPE_FLOAT16, 0, 0);
        sweep(f, DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0, 0);
        sweep(f, DML_TENSOR_DATA_TYPE_FLOAT32, 0, stride);
        sweep(f, DML_TENSOR_DATA_TYPE_FLOAT32, 1, stride > 4099 ? stride : 4099 * 8);
    }
    printf("oracle: %llu MPFR evaluations on this thread\n", dmlp_oracle_mpfr_calls() - before);
    mpfr_free_cache();
    return test_finish("test_cr_hyperbolic");
}
