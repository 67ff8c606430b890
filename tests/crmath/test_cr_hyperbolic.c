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
DMLP_ORACLE_MPFR_AND_LIBM(sinh) DMLP_ORACLE_MPFR_AND_LIBM(cosh) DMLP_ORACLE_MPFR_AND_LIBM(asinh)
DMLP_ORACLE_MPFR_AND_LIBM(acosh) DMLP_ORACLE_MPFR_AND_LIBM(atanh)

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
    double e = dmlp_oracle_rel_err(b->fast(a), 0, y);
    CHECK(e <= log2(b->fast_bound), "%s_fast(%a): 2^%.2f", b->name, a, e);
    worst[0] = fmax(worst[0], e);
    dmlp__dd d = b->dd(a);
    e = dmlp_oracle_rel_err(d.hi, d.lo, y);
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
        return dmlp_oracle_f16(o, (uint16_t)x, NULL);
    default:
        if (c->scaled)
            x = dmlp__f32_to_bf16(dmlp_cr_scale_bias(dmlp__bf16_to_f32((uint16_t)x), SCALE, BIAS));
        if (out_of_domain(c->f, dmlp__bf16_to_f32((uint16_t)x)))
            return 0x7fc0u;
        return dmlp_oracle_bf16(o, (uint16_t)x, NULL);
    }
}

/* The positive binary32 inputs the fast paths leave undecided, every one
   (tools/hyperbolic_hard_cases.c): through the kernel they reach the double-double paths,
   which the strides hardly ever do. The sweep adds their negatives. */
static const uint32_t hard_sinh[] = {
    0x39e89768u, 0x39e89769u, 0x3a1285ffu, 0x3a9dd66bu, 0x3aed56e9u, 0x3b36aa1fu,
    0x3b51d871u, 0x3b8cf94eu, 0x3c307078u, 0x3c46f746u, 0x3d09c4d8u, 0x3d7304b4u,
    0x3e937c19u, 0x3e9e10e9u, 0x3e9eafacu, 0x3f4e109du, 0x3f7df258u, 0x3f85fd7fu,
    0x3f99144cu, 0x3fba6aa3u, 0x3fcb2f73u, 0x4016f9f6u, 0x411a649fu, 0x41cbf87bu,
    0x4283070fu, 0x4288942bu,
};
static const uint32_t hard_cosh[] = {
    0x39b504f3u, 0x3a6f7750u, 0x3a87c3b6u, 0x3b43f588u, 0x3d609528u, 0x4288942bu,
};
static const uint32_t hard_asinh[] = {
    0x39e89768u, 0x39e89769u, 0x39e8976au, 0x3a1285ffu, 0x3a128600u, 0x3a5352c8u,
    0x3a7a8d33u, 0x3a852019u, 0x3ab0923au, 0x3ac00004u, 0x3acd4843u, 0x3afea8e9u,
    0x3b2a068au, 0x3b625eacu, 0x3bacd05bu, 0x3bce7178u, 0x3c09d03du, 0x3c244fe1u,
    0x3c516270u, 0x3c56ab60u, 0x3ca1078cu, 0x3ce14008u, 0x3d0655d8u, 0x3d077d55u,
    0x3d3fd8f9u, 0x3d6c100au, 0x3dbde5d0u, 0x3e1bd833u, 0x3e207bbeu, 0x3e6e42cbu,
    0x3e788cf6u, 0x3f09ffa1u, 0x3f5bc0ddu, 0x3fa31883u, 0x3fac838cu, 0x3fcdd934u,
    0x3fe1a91fu, 0x4007cf7au, 0x4013f940u, 0x4041409bu, 0x40b6de7eu, 0x40ce8a6eu,
    0x40e62a97u, 0x410ddcd2u, 0x41202dbbu, 0x412b5629u, 0x4142804cu, 0x415765cfu,
    0x41db6992u, 0x41fcd2fcu, 0x42016ef2u, 0x4206443eu, 0x423bda9cu, 0x42869090u,
    0x429c0239u, 0x42a17fa5u, 0x42beb886u, 0x42eb3bb2u, 0x42ec00aau, 0x43243c43u,
    0x43280f07u, 0x434b10dcu, 0x43689e33u, 0x43727d0du, 0x437360afu, 0x437d6003u,
    0x43a7ef23u, 0x43b770a4u, 0x43ccdfd0u, 0x43de95a1u, 0x43e38ddcu, 0x44188a71u,
    0x441f488du, 0x4428c8dfu, 0x4441e6adu, 0x44b4e0e0u, 0x44bb3e61u, 0x44d7b3eeu,
    0x44f8488au, 0x451a2796u, 0x451a62e8u, 0x4575f538u, 0x464ea858u, 0x465e8b6bu,
    0x46685661u, 0x469142e5u, 0x46b066dcu, 0x470ab212u, 0x470fe5c0u, 0x47509f86u,
    0x479fb14au, 0x47cbff2eu, 0x47dd5f9eu, 0x484bd036u, 0x484d8ecfu, 0x485cfbcdu,
    0x48824ee4u, 0x48fdde12u, 0x4908c630u, 0x492b0ca7u, 0x4931c8a2u, 0x493b6170u,
    0x49502886u, 0x49832d98u, 0x49b08c63u, 0x49da67d7u, 0x4a2be14fu, 0x4a5f5591u,
    0x4a9eaa23u, 0x4ac95049u, 0x4ad678afu, 0x4aea58a1u, 0x4af2ea54u, 0x4af7325au,
    0x4b3da851u, 0x4b5c0cf4u, 0x4b770db3u, 0x4b88ff78u, 0x4bc4cc89u, 0x4bdd65a5u,
    0x4beb191eu, 0x4bf23804u, 0x4c0ae471u, 0x4c28a9eeu, 0x4c6e2881u, 0x4cc0e5d4u,
    0x4ce04ebeu, 0x4d487ec6u, 0x4d4b02f0u, 0x4d66c879u, 0x4d889634u, 0x4dad6ad3u,
    0x4df3fc08u, 0x4e05f412u, 0x4e1e4f58u, 0x4e5a6460u, 0x4e686130u, 0x4f11c87bu,
    0x4f1a6e8au, 0x4f20b339u, 0x4f64ab24u, 0x4f6c6fb0u, 0x4f9011b1u, 0x5021f3b5u,
    0x505fef2eu, 0x5092b42eu, 0x50bb3ad8u, 0x50dac2dbu, 0x5168644fu, 0x5175527eu,
    0x51c12128u, 0x51ea304fu, 0x525862a1u, 0x5264ce61u, 0x52c65ff5u, 0x52cebf28u,
    0x52f1b0ecu, 0x52fc1359u, 0x538592deu, 0x53f3a09bu, 0x540bb842u, 0x542f989du,
    0x54351eeau, 0x5465e6b0u, 0x54985f82u, 0x54b9344cu, 0x54c6a384u, 0x54ca3769u,
    0x5506612eu, 0x5508e13bu, 0x553923c6u, 0x55a10e9au, 0x55c2ec12u, 0x55e0d110u,
    0x56499eb7u, 0x564f079du, 0x564f17feu, 0x5693def6u, 0x56bbeb62u, 0x57177633u,
    0x572a0066u, 0x578e08f0u, 0x5811ef03u, 0x58b910d1u, 0x5902af5du, 0x59a1b6e2u,
    0x59b2cf1eu, 0x59c09ec5u, 0x59d6a7d5u, 0x5a0f8e03u, 0x5a1007c2u, 0x5a46fcdau,
    0x5a5f9615u, 0x5a842ba3u, 0x5af3613cu, 0x5af77193u, 0x5b000531u, 0x5b0ce021u,
    0x5b18e163u, 0x5b23b3f5u, 0x5b69c85fu, 0x5b79890bu, 0x5b7b84f2u, 0x5b885557u,
    0x5bf006d6u, 0x5bfd4f96u, 0x5c06d923u, 0x5c2ffb5eu, 0x5c69f1c4u, 0x5d000341u,
    0x5d0b2d5bu, 0x5d207e05u, 0x5d44ea2bu, 0x5d7b788bu, 0x5d82b656u, 0x5daf55cfu,
    0x5df9f26fu, 0x5e0c886eu, 0x5e3a99b1u, 0x5e68984eu, 0x5e74f5f8u, 0x5e7bcaaeu,
    0x5e8bb83eu, 0x5ebd2870u, 0x5ecb59f9u, 0x5ee4c24au, 0x5ee5ca7eu, 0x5ef38616u,
    0x5efb809eu, 0x5f0765a3u, 0x5f108f36u, 0x5f145685u, 0x5f5d4a55u, 0x5fb57b5cu,
    0x60045ac4u, 0x604f7d1cu, 0x6075c5d6u, 0x61388994u, 0x62301f63u, 0x623467bau,
    0x625c7608u, 0x62713366u, 0x62be130du, 0x62d25405u, 0x62eab623u, 0x633134d9u,
    0x633d5df8u, 0x63705815u, 0x63a8e140u, 0x63ca8b82u, 0x643c5793u, 0x643ee748u,
    0x64627fa3u, 0x648ec1ecu, 0x64bcb82au, 0x6520ebe1u, 0x655890d3u, 0x661326a1u,
    0x661afcddu, 0x6628c860u, 0x662bbd63u, 0x663708d3u, 0x66596e1du, 0x66ac6c43u,
    0x674f1b7cu, 0x6752390bu, 0x6843f806u, 0x6860180au, 0x6870ac76u, 0x6894cb96u,
    0x68a30aaau, 0x6919f114u, 0x696a32f9u, 0x6995ac59u, 0x69a510d0u, 0x6a1db6eeu,
    0x6ae5b8c5u, 0x6b2cced0u, 0x6b430123u, 0x6b68cf96u, 0x6c059c50u, 0x6c614942u,
    0x6c9f23ebu, 0x6cec9d3au, 0x6de2266eu, 0x6de4ebb1u, 0x6df054f2u, 0x6e4f9d23u,
    0x6ea06694u, 0x6eb1a8ecu, 0x6eb8c273u, 0x6edf2361u, 0x6ef0c41eu, 0x6f438baeu,
    0x6f8a6520u, 0x6fa2460eu, 0x6fb76baau, 0x6fd5feeeu, 0x708d528du, 0x70998eb7u,
    0x70c11ac0u, 0x70df457eu, 0x7140d919u, 0x71952575u, 0x71a9e3f6u, 0x71bb4a36u,
    0x71f5a005u, 0x7208b705u, 0x7211b57cu, 0x7261d71eu, 0x727957a9u, 0x72878210u,
    0x72e8bb54u, 0x72ecc271u, 0x7326dfefu, 0x7385dee8u, 0x73dae262u, 0x73e61451u,
    0x74096a73u, 0x74dd564eu, 0x74e49f02u, 0x74f6b186u, 0x75de7dbdu, 0x7601b9adu,
    0x76232b61u, 0x7630315eu, 0x76758ee7u, 0x767a598fu, 0x76f35724u, 0x77196704u,
    0x773945ebu, 0x77476c79u, 0x77931605u, 0x77a8c71fu, 0x781e5998u, 0x785867deu,
    0x7878be52u, 0x787dba15u, 0x78879269u, 0x7894b0efu, 0x78bd0b73u, 0x78ee30beu,
    0x78f989a1u, 0x7967ec37u, 0x79f08b30u, 0x79f7cb99u, 0x79ff9a48u, 0x7a054203u,
    0x7a063b7au, 0x7aa3e373u, 0x7aeb064eu, 0x7aeb6a75u, 0x7bf76a08u, 0x7bfa5810u,
    0x7c17418cu, 0x7c3cf708u, 0x7c76f2b2u, 0x7ca6f8dbu, 0x7cb6aa4du, 0x7d18b8f4u,
    0x7d3dfe04u, 0x7d47e9f3u, 0x7d5ebab1u, 0x7d684633u, 0x7db0fb8bu, 0x7dc9ab4du,
    0x7e36cd6fu, 0x7e576689u, 0x7e9fba53u, 0x7ea8443fu, 0x7eecd440u, 0x7ef629ebu,
    0x7f192f54u,
};
static const uint32_t hard_acosh[] = {
    0x3fbf0ef7u, 0x3fef5a91u, 0x409ac129u, 0x40a0bcc2u, 0x4132ca40u, 0x418f238eu,
    0x41b5b653u, 0x41fc3f4du, 0x4202300eu, 0x42100a52u, 0x423c7a1bu, 0x4243b73eu,
    0x424d0074u, 0x42768f2du, 0x428408bcu, 0x42891ebdu, 0x4296b2abu, 0x42afb693u,
    0x42fba4d6u, 0x430fefd9u, 0x43501750u, 0x4368e0aau, 0x43c034dcu, 0x43cee7aau,
    0x43db811au, 0x44558298u, 0x448370e6u, 0x44d7a1e1u, 0x4510c05au, 0x451dc5a8u,
    0x4539ba30u, 0x4557a07bu, 0x4559f1c7u, 0x45865ac8u, 0x459972b2u, 0x45a28a77u,
    0x45f67726u, 0x4676a718u, 0x468218a1u, 0x4708c6ecu, 0x473621f0u, 0x47c01e27u,
    0x47ca713au, 0x47e2d2b1u, 0x48485655u, 0x49117e0bu, 0x49964169u, 0x4a2be14fu,
    0x4a5f5591u, 0x4a9eaa23u, 0x4ac95049u, 0x4ad678afu, 0x4af2ea54u, 0x4af7325au,
    0x4b3da851u, 0x4b5c0cf4u, 0x4b770db3u, 0x4b88ff78u, 0x4bc4cc89u, 0x4bdd65a5u,
    0x4beb191eu, 0x4bf23804u, 0x4c0ae471u, 0x4c28a9eeu, 0x4c6e2881u, 0x4cc0e5d4u,
    0x4ce04ebeu, 0x4d487ec6u, 0x4d4b02f0u, 0x4d66c879u, 0x4d889634u, 0x4dad6ad3u,
    0x4df3fc08u, 0x4e05f412u, 0x4e1e4f58u, 0x4e5a6460u, 0x4e686130u, 0x4f11c87bu,
    0x4f1a6e8au, 0x4f20b339u, 0x4f64ab24u, 0x4f6c6fb0u, 0x4f9011b1u, 0x5021f3b5u,
    0x505fef2eu, 0x5092b42eu, 0x50bb3ad8u, 0x50dac2dbu, 0x5168644fu, 0x5175527eu,
    0x51ea304fu, 0x525862a1u, 0x5264ce61u, 0x52f1b0ecu, 0x52fc1359u, 0x538592deu,
    0x53f3a09bu, 0x540bb842u, 0x542f989du, 0x54351eeau, 0x5465e6b0u, 0x54985f82u,
    0x54b9344cu, 0x54c6a384u, 0x54ca3769u, 0x5506612eu, 0x5508e13bu, 0x553923c6u,
    0x55a10e9au, 0x55c2ec12u, 0x55e0d110u, 0x564f079du, 0x564f17feu, 0x5693def6u,
    0x56bbeb62u, 0x57177633u, 0x572a0066u, 0x578e08f0u, 0x5811ef03u, 0x58b910d1u,
    0x5902af5du, 0x59a1b6e2u, 0x59b2cf1eu, 0x59c09ec5u, 0x59d6a7d5u, 0x5a0f8e03u,
    0x5a1007c2u, 0x5a46fcdau, 0x5a5f9615u, 0x5a842ba3u, 0x5af77193u, 0x5b000531u,
    0x5b0ce021u, 0x5b18e163u, 0x5b23b3f5u, 0x5b69c85fu, 0x5b79890bu, 0x5b885557u,
    0x5bf006d6u, 0x5bfd4f96u, 0x5c06d923u, 0x5c2ffb5eu, 0x5d000341u, 0x5d0b2d5bu,
    0x5d207e05u, 0x5d44ea2bu, 0x5d7b788bu, 0x5d82b656u, 0x5daf55cfu, 0x5df9f26fu,
    0x5e0c886eu, 0x5e3a99b1u, 0x5e68984eu, 0x5e74f5f8u, 0x5e7bcaaeu, 0x5e8bb83eu,
    0x5ebd2870u, 0x5ecb59f9u, 0x5ee4c24au, 0x5ee5ca7eu, 0x5ef38616u, 0x5efb809eu,
    0x5f0765a3u, 0x5f145685u, 0x5f5d4a55u, 0x5fb57b5cu, 0x604f7d1cu, 0x6075c5d6u,
    0x61388994u, 0x62301f63u, 0x623467bau, 0x625c7608u, 0x62713366u, 0x62be130du,
    0x62d25405u, 0x62eab623u, 0x633134d9u, 0x633d5df8u, 0x63705815u, 0x63ca8b82u,
    0x643c5793u, 0x643ee748u, 0x64627fa3u, 0x648ec1ecu, 0x64bcb82au, 0x6520ebe1u,
    0x655890d3u, 0x661326a1u, 0x661afcddu, 0x6628c860u, 0x662bbd63u, 0x663708d3u,
    0x66596e1du, 0x66ac6c43u, 0x674f1b7cu, 0x6752390bu, 0x6843f806u, 0x6860180au,
    0x6894cb96u, 0x68a30aaau, 0x696a32f9u, 0x6995ac59u, 0x69a510d0u, 0x6a1db6eeu,
    0x6ae5b8c5u, 0x6b2cced0u, 0x6b68cf96u, 0x6c059c50u, 0x6c614942u, 0x6c9f23ebu,
    0x6cec9d3au, 0x6de2266eu, 0x6de4ebb1u, 0x6df054f2u, 0x6e4f9d23u, 0x6ea06694u,
    0x6eb1a8ecu, 0x6eb8c273u, 0x6edf2361u, 0x6ef0c41eu, 0x6f438baeu, 0x6f8a6520u,
    0x6fa2460eu, 0x6fb76baau, 0x6fd5feeeu, 0x708d528du, 0x70c11ac0u, 0x70df457eu,
    0x7140d919u, 0x71a9e3f6u, 0x71bb4a36u, 0x71f5a005u, 0x7211b57cu, 0x727957a9u,
    0x72878210u, 0x72ecc271u, 0x7326dfefu, 0x7385dee8u, 0x73dae262u, 0x73e61451u,
    0x74096a73u, 0x74dd564eu, 0x74e49f02u, 0x75de7dbdu, 0x7601b9adu, 0x76232b61u,
    0x7630315eu, 0x76758ee7u, 0x767a598fu, 0x76f35724u, 0x77196704u, 0x773945ebu,
    0x77476c79u, 0x77931605u, 0x77a8c71fu, 0x781e5998u, 0x785867deu, 0x7878be52u,
    0x787dba15u, 0x78879269u, 0x7894b0efu, 0x78bd0b73u, 0x78f989a1u, 0x7967ec37u,
    0x79f08b30u, 0x79f7cb99u, 0x79ff9a48u, 0x7a054203u, 0x7a063b7au, 0x7aa3e373u,
    0x7aeb064eu, 0x7aeb6a75u, 0x7bf76a08u, 0x7bfa5810u, 0x7c17418cu, 0x7c3cf708u,
    0x7c76f2b2u, 0x7ca6f8dbu, 0x7cb6aa4du, 0x7d18b8f4u, 0x7d3dfe04u, 0x7d47e9f3u,
    0x7d5ebab1u, 0x7d684633u, 0x7db0fb8bu, 0x7e576689u, 0x7e9fba53u, 0x7eecd440u,
    0x7ef629ebu,
};
static const uint32_t hard_atanh[] = {
    0x39b89ba1u, 0x39b89ba2u, 0x39b89ba3u, 0x3a27ba39u, 0x3a46dce4u, 0x3a71e7a1u,
    0x3ab4adc9u, 0x3ad637ebu, 0x3aeafd43u, 0x3b06f2f9u, 0x3b28e24eu, 0x3c545da3u,
    0x3c79c98du, 0x3c9a7224u, 0x3c9be42fu, 0x3cf75c10u, 0x3d215e71u, 0x3d23e422u,
    0x3d39f569u, 0x3d68e1dau, 0x3dcd9576u, 0x3ddc2eceu, 0x3e5245f1u, 0x3ebfae96u,
    0x3ef2406cu, 0x3f21f4feu,
};
static const uint32_t *const hard[FUNCTIONS] = {hard_sinh, hard_cosh, hard_asinh,
                                                hard_acosh, hard_atanh};
static const size_t hard_count[FUNCTIONS] = {
    sizeof hard_sinh / 4, sizeof hard_cosh / 4, sizeof hard_asinh / 4,
    sizeof hard_acosh / 4, sizeof hard_atanh / 4};
/* The lean blocks' values (dmlp_cr_lean_mix): zeros, +-1 and their neighbours,
   infinities, NaN, tiny, subnormal, huge, the ends of Sinh's and Cosh's block. */
static const uint32_t lean_specials[16] = {
    0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f7fffffu, 0x3f800001u,
    0x7f800000u, 0xff800000u, 0x7fc00001u, 0x2f800000u, 0x00000005u, 0x7f7fffffu,
    0xff7fffffu, 0x42b20000u, 0xbf7fffffu, 0xc2b10000u};
static const float lean_ordinary[8] = {0.3f, -0.6f, 1.7f, -2.5f, 0.05f, 12.0f, -40.0f, 0.9f};
static uint32_t extra_patterns[2 * 512 + DMLP_CR_LEAN_MIX];

static void sweep(int f, DML_TENSOR_DATA_TYPE type, int scaled, uint64_t stride)
{
    static const char *types[] = {"f32", "f16", "bf16"};
    int t = type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 0 : type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 1 : 2;
    char name[64];
    snprintf(name, sizeof name, "%s %s%s", oracles[f].name, types[t], scaled ? " ScaleBias" : "");
    hyp_ctx ctx = {f, type, scaled};
    dmlp_cr_sweep s = {.name = name, .expect = hyp_expect, .ctx = &ctx};
    dmlp__kernel_args args = {0};
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32 && !scaled) {
        size_t n = 0;
        for (size_t i = 0; hard_count[f] <= 512 && i < hard_count[f]; i++) {
            extra_patterns[n++] = hard[f][i];
            extra_patterns[n++] = hard[f][i] | 0x80000000u;
        }
        dmlp_cr_lean_mix(extra_patterns + n, lean_specials, lean_ordinary);
        s.extra = extra_patterns;
        s.extra_count = n + DMLP_CR_LEAN_MIX;
    }
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
    const char *only = dmlp_cr_only_from_args(argc, argv); /* sinh, cosh ... */
    for (int f = 0; f < FUNCTIONS; f++) {
        if (only && strcmp(only, oracles[f].name) != 0)
            continue;
        sweep(f, DML_TENSOR_DATA_TYPE_FLOAT16, 0, 0);
        sweep(f, DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0, 0);
        sweep(f, DML_TENSOR_DATA_TYPE_FLOAT32, 0, stride);
        sweep(f, DML_TENSOR_DATA_TYPE_FLOAT32, 1, stride > 4099 ? stride : 4099 * 8);
    }
    printf("oracle: %llu MPFR evaluations on this thread\n", dmlp_oracle_mpfr_calls() - before);
    mpfr_free_cache();
    return test_finish("test_cr_hyperbolic");
}
