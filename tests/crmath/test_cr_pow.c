/* ELEMENT_WISE_CONSTANT_POW and ELEMENT_WISE_POW (src/ops/constant_pow.c, pow.c, on
   numeric/cr_pow.c) against MPFR's correctly rounded mpfr_pow, through the kernel table:
   - C99's special values (docs/operators.md) in every type;
   - CONSTANT_POW: for each exponent of a table (1, 2, 3, 0.5, -1, -0.5, 1/3, 2.5, -2, 1e-3,
     100, +-0, +-inf, NaN ...) every float16 and bfloat16 input and a stride of binary32,
     with and without a ScaleBias;
   - POW: pairs of float16 and of bfloat16 (a stride of all 2^32; all with --full), random
     binary32 pairs drawn where x^y is in range, and the exact results and midpoints of
     cr_pow.c's characterisation (powers of two, squares, cubes, roots);
   - float64 on random pairs: correctly rounded on every sample (cr_pow.h promises it
     unless x^y lies within 2^-89 of a midpoint).
   16-bit and binary32 results are decided without MPFR where libm's binary64 pow, within
   2^-50 of x^y (glibc documents under 1 ulp), rounds to one value across that bound.
   `--only constant_pow` (with --stride N or --full) sweeps binary32 CONSTANT_POW alone,
   every exponent of the table (or of `--exponents A,B,...`) through every kernel form;
   `--only pairs16` the float16 and bfloat16 pairs alone. */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crmath/cr_pair_sweep.h"
#include "crmath/cr_sweep.h"
#include "crmath/cr_unary_forms.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"
#include "test_util.h"

static void pow_formula(mpfr_t r, const mpfr_t x, const double *params)
{
    mpfr_t e;
    mpfr_init2(e, 53);
    mpfr_set_d(e, params[0], MPFR_RNDN);
    mpfr_pow(r, x, e, MPFR_RNDN);
    mpfr_clear(e);
}

static double pow_filter(double x, const double *params)
{
    return pow(x, params[0]);
}

static const dmlp_oracle pow_oracle = {"pow", pow_formula, 0, pow_filter, 64, 1};

/* ---- expected bits ------------------------------------------------------------------ */

typedef struct fmt {
    int frac, exp;
    DML_TENSOR_DATA_TYPE type;
} fmt;
static const fmt F32 = {23, 8, DML_TENSOR_DATA_TYPE_FLOAT32};
static const fmt F16 = {10, 5, DML_TENSOR_DATA_TYPE_FLOAT16};
static const fmt BF16 = {7, 8, DMLP_TENSOR_DATA_TYPE_BFLOAT16};

static double value_of(const fmt *f, uint32_t bits)
{
    if (f->frac == 23)
        return dmlp__f32_from_bits(bits);
    if (f->frac == 10)
        return dmlp__f16_to_f32((uint16_t)bits);
    return dmlp__f32_from_bits(bits << 16);
}

/* A 16-bit result decided from libm's pow: every value within 2^-50 of it rounds alike. */
static int filter16(const fmt *f, double x, double y, uint32_t *out)
{
    double v = pow(x, y);
    if (isnan(v))
        return 0;
    /* beyond 2^200 or below 2^-1000 (C99's pow saturates only beyond binary64): the
       format's infinity or zero of that sign */
    if (fabs(v) > 0x1p200 || fabs(v) < 0x1p-1000) {
        *out = dmlp__round_f64_to_format(fabs(v) > 1 ? v * INFINITY : v * 0, f->frac, f->exp);
        return 1;
    }
    uint32_t lo = dmlp__round_f64_to_format(v * (1 - 0x1p-50), f->frac, f->exp);
    uint32_t hi = dmlp__round_f64_to_format(v * (1 + 0x1p-50), f->frac, f->exp);
    *out = lo;
    return lo == hi;
}

/* x^y's bits: the NaN rules of cr_pow.h on the bits, else the oracle (y a double). */
static uint32_t expect_pow(const fmt *f, uint32_t x, double y, uint32_t ybits, int ysame)
{
    uint32_t sign = 1u << (f->frac + f->exp), inf = ((1u << f->exp) - 1) << f->frac;
    uint32_t one = (uint32_t)(((1u << (f->exp - 1)) - 1) << f->frac), quiet = 1u << (f->frac - 1);
    if (y == 0 || x == one)
        return one;
    if ((x & (sign - 1)) > inf)
        return x | quiet;
    if (isnan(y))
        return ysame ? ybits | quiet : dmlp__round_f64_to_format(y, f->frac, f->exp);
    double xd = value_of(f, x);
    uint32_t out;
    if (xd < 0 && !isinf(xd) && isfinite(y) && y != floor(y)) /* C99: NaN, MPFR's too */
        return inf | quiet;
    if (f->frac != 23 && filter16(f, xd, y, &out))
        return out;
    double params[1] = {y};
    if (f->frac == 23)
        return dmlp_oracle_f32(&pow_oracle, x, params);
    if (f->frac == 10)
        return dmlp_oracle_f16(&pow_oracle, (uint16_t)x, params);
    return dmlp_oracle_bf16(&pow_oracle, (uint16_t)x, params);
}

/* ---- CONSTANT_POW ------------------------------------------------------------------- */

typedef struct cpow_ctx {
    const fmt *f;
    float exponent;
    int scaled;
    dmlp__unary_kernel kernel;
} cpow_ctx;

/* x * 0.75 - 0.5 as Identity gives it: binary32 multiply and add, each rounded. */
static uint32_t scale_bias(const fmt *f, uint32_t x)
{
    uint32_t inf = ((1u << f->exp) - 1) << f->frac, mask = (1u << (f->frac + f->exp)) - 1;
    if ((x & mask) > inf)
        return x | (1u << (f->frac - 1));
    volatile float v = (float)value_of(f, x) * 0.75f;
    v = v - 0.5f;
    if (f->frac == 23)
        return dmlp__f32_bits(v);
    return f->frac == 10 ? dmlp__f32_to_f16(v) : dmlp__f32_to_bf16(v);
}

static uint32_t cpow_expect(uint32_t x, void *p)
{
    const cpow_ctx *c = p;
    if (c->scaled)
        x = scale_bias(c->f, x);
    return expect_pow(c->f, x, c->exponent, 0, 0);
}

static void sweep_constant(const fmt *f, float exponent, uint64_t stride, int scaled)
{
    cpow_ctx c = {f, exponent, scaled,
                  dmlp__reference_kernel(DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, f->type)};
    char name[64];
    snprintf(name, sizeof name, "constant_pow %s ^ %a%s",
             f->frac == 23 ? "f32" : f->frac == 10 ? "f16" : "bf16", exponent,
             scaled ? " scaled" : "");
    CHECK(c.kernel != NULL, "%s has a reference kernel", name);
    if (!c.kernel)
        return;
    dmlp_cr_sweep s = {.name = name, .expect = cpow_expect, .ctx = &c};
    if (f->frac == 23) {
        dmlp_cr_sweep_f32(&s, stride);
    } else {
        dmlp_cr_sweep_all16(&s);
        if (TEST_THIN) {
            s.stride = 7;
            s.count = 65536 / 7 + 1;
        }
    }
    /* the reference and every fast kernel this CPU runs, under the same members */
    dmlp__kernel_args args = {0};
    args.param[0] = exponent;
    args.scale_bias = (uint32_t)scaled;
    args.scale = 0.75f;
    args.bias = -0.5f;
    dmlp_cr_add_forms(&s, DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, f->type, &args, "reference", 1);
    CHECK_EQ_U64(dmlp_cr_sweep_run(&s), 0, "%s: correctly rounded", name);
}

/* ---- POW: pairs --------------------------------------------------------------------- */

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* The i-th random binary32 pair: mostly x any positive or negative number and y drawn so
   that |y log2 x| < 160 (results in range and near its edges), integer y for some;
   sometimes both patterns at random. */
static void random_pair(uint64_t seed, uint32_t i, uint32_t *x, uint32_t *y)
{
    uint64_t r = mix(seed + i), s = mix(r);
    *x = (uint32_t)r;
    if ((r >> 32) % 8 == 0) {
        *y = (uint32_t)s;
        return;
    }
    float xf = dmlp__f32_from_bits(*x & 0x7fffffffu);
    if (!(xf > 0) || isinf(xf))
        xf = 1.5f;
    double l2 = fabs(log2(xf));
    double u = ((double)(s >> 11) * 0x1p-53 * 2 - 1) * 160 / (l2 > 1e-6 ? l2 : 1e-6);
    float yf = (float)u;
    if ((r >> 32) % 8 == 1)
        yf = (float)nearbyint(u / 8);
    *y = dmlp__f32_bits(yf);
}

static uint32_t pair_expect(const dmlp_cr_pairs *c, uint32_t x, uint32_t y)
{
    const fmt *f = c->ctx;
    return expect_pow(f, x, value_of(f, y), y, 1);
}

static void sweep_pairs(const char *name, dmlp_cr_pairs *c, uint64_t count, uint64_t stride)
{
    c->expect = pair_expect;
    dmlp_cr_pair_sweep(name, DML_OPERATOR_ELEMENT_WISE_POW, c, count, stride);
}

/* The exact results and midpoints of cr_pow.c: k^j 2^s for odd k to integer and
   2^F-th-root exponents (both signs), and powers of two to exponents n / 2^F. */
static uint32_t exact_list[200000][2];

static size_t add_pair(size_t n, float x, float y)
{
    if (n < sizeof exact_list / sizeof exact_list[0] && isfinite(x) && isfinite(y)) {
        exact_list[n][0] = dmlp__f32_bits(x);
        exact_list[n][1] = dmlp__f32_bits(y);
        n++;
    }
    return n;
}

static size_t exact_pairs(void)
{
    size_t n = 0;
    static const float ys[] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
                               0.5f, 1.5f, 2.5f, 3.5f, 0.25f, 0.75f, 1.25f, 0.125f, 0.375f,
                               -1, -2, -0.5f, -1.5f, 0.0625f, 0.03125f};
    for (uint32_t k = 1; k < 5000; k += 2) {
        for (size_t j = 0; j < sizeof ys / sizeof ys[0]; j++) {
            double base = k;
            /* a base that is a perfect power when y has a 2^F denominator */
            float y = ys[j];
            int F = 0;
            while (ldexp(y, F) != floor(ldexp(y, F)))
                F++;
            for (int i = 0; i < F; i++)
                base *= base;
            if (base >= 0x1p24)
                continue;
            for (int s = -140; s <= 120; s += (k < 40 ? 4 : 52)) {
                n = add_pair(n, (float)ldexp(base, s), y);
                n = add_pair(n, (float)-ldexp(base, s), y);
            }
        }
    }
    for (int e = -149; e <= 127; e++) /* powers of two to n / 2^F */
        for (int F = 0; F <= 8; F++)
            for (int m = -9; m <= 9; m += 2) {
                n = add_pair(n, (float)ldexp(1, e), (float)ldexp(m, -F));
                n = add_pair(n, (float)ldexp(1, e), (float)(m * 37));
            }
    return n;
}

/* ---- special values ------------------------------------------------------------------ */

static uint32_t pow1(DML_TENSOR_DATA_TYPE type, uint64_t x, uint64_t y, uint64_t *out)
{
    dmlp__binary_kernel k = dmlp__binary_reference_kernel(DML_OPERATOR_ELEMENT_WISE_POW, type);
    dmlp__kernel_args args = {0};
    *out = 0;
    if (!k)
        return 0;
    k(1, &x, &y, out, 0, &args);
    return 1;
}

static void specials(void)
{
    static const struct {
        uint32_t x, y, want;
    } f32[] = {
        {0x7fc01234u, 0x00000000u, 0x3f800000u}, /* NaN^0 = 1 */
        {0x7fa01234u, 0x80000000u, 0x3f800000u}, /* NaN^-0 = 1 */
        {0x3f800000u, 0x7fc00005u, 0x3f800000u}, /* 1^NaN = 1 */
        {0x3f800000u, 0x7f800000u, 0x3f800000u}, /* 1^inf = 1 */
        {0xbf800000u, 0x7f800000u, 0x3f800000u}, /* (-1)^inf = 1 */
        {0xbf800000u, 0xff800000u, 0x3f800000u}, /* (-1)^-inf = 1 */
        {0xffa01234u, 0x40000000u, 0xffe01234u}, /* NaN x: quiet, sign and payload */
        {0x40000000u, 0xff812345u, 0xffc12345u}, /* NaN y likewise */
        {0x7fc00001u, 0x7fc00002u, 0x7fc00001u}, /* both: x's */
        {0xc0000000u, 0x3f000000u, 0x7fc00000u}, /* (-2)^0.5: default NaN */
        {0xc0000000u, 0x40400000u, 0xc1000000u}, /* (-2)^3 = -8 */
        {0xc0000000u, 0x40000000u, 0x40800000u}, /* (-2)^2 = 4 */
        {0x80000000u, 0xbf800000u, 0xff800000u}, /* (-0)^-1 = -inf */
        {0x80000000u, 0xc0000000u, 0x7f800000u}, /* (-0)^-2 = +inf */
        {0x80000000u, 0xbf000000u, 0x7f800000u}, /* (-0)^-0.5 = +inf */
        {0x80000000u, 0x40400000u, 0x80000000u}, /* (-0)^3 = -0 */
        {0x80000000u, 0x3f000000u, 0x00000000u}, /* (-0)^0.5 = +0 */
        {0x00000000u, 0xff800000u, 0x7f800000u}, /* 0^-inf = +inf */
        {0xff800000u, 0x40400000u, 0xff800000u}, /* (-inf)^3 = -inf */
        {0xff800000u, 0xc0400000u, 0x80000000u}, /* (-inf)^-3 = -0 */
        {0xff800000u, 0x40000000u, 0x7f800000u}, /* (-inf)^2 = +inf */
        {0xff800000u, 0xbf000000u, 0x00000000u}, /* (-inf)^-0.5 = +0 */
        {0x7f800000u, 0xbf800000u, 0x00000000u}, /* inf^-1 = +0 */
        {0x3f000000u, 0x7f800000u, 0x00000000u}, /* 0.5^inf = +0 */
        {0x3f000000u, 0xff800000u, 0x7f800000u}, /* 0.5^-inf = +inf */
        {0x40000000u, 0xff800000u, 0x00000000u}, /* 2^-inf = +0 */
        {0x41100000u, 0x3f000000u, 0x40400000u}, /* 9^0.5 = 3 */
        {0x40000000u, 0xc3150000u, 0x00000001u}, /* 2^-149 */
        {0x40000000u, 0xc3160000u, 0x00000000u}, /* 2^-150: the tie goes to 0 */
        {0x3fc00000u, 0x43800000u, 0x7f800000u}, /* 1.5^256: overflow */
        {0xc0000000u, 0x4b000001u, 0xff800000u}, /* (-2)^(2^23 + 1): -inf */
    };
    for (size_t i = 0; i < sizeof f32 / sizeof f32[0]; i++) {
        uint64_t out;
        if (pow1(DML_TENSOR_DATA_TYPE_FLOAT32, f32[i].x, f32[i].y, &out))
            CHECK_EQ_U64(out, f32[i].want, "pow f32 0x%08x ^ 0x%08x", f32[i].x, f32[i].y);
    }
    static const struct {
        DML_TENSOR_DATA_TYPE type;
        uint64_t x, y, want;
    } others[] = {
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0x7e01u, 0x0000u, 0x3c00u},
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0x3c00u, 0x7d00u, 0x3c00u},
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0xc000u, 0x3800u, 0x7e00u},
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0x8000u, 0xbc00u, 0xfc00u},
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0x3e00u, 0x4000u, 0x4080u}, /* 1.5^2 = 2.25 */
        {DML_TENSOR_DATA_TYPE_FLOAT16, 0x5c00u, 0x4000u, 0x7c00u}, /* 256^2: overflow */
        {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0xff81u, 0x4000u, 0xffc1u},
        {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 0x4110u, 0x3f00u, 0x4040u}, /* 9^0.5 = 3 */
        {DML_TENSOR_DATA_TYPE_FLOAT64, 0x7ff0000000000001u, 0, 0x3ff0000000000000u},
        {DML_TENSOR_DATA_TYPE_FLOAT64, 0xc000000000000000u, 0x3fe0000000000000u,
         0x7ff8000000000000u},
        {DML_TENSOR_DATA_TYPE_FLOAT64, 0x4022000000000000u, 0x3fe0000000000000u,
         0x4008000000000000u}, /* 9^0.5 = 3 */
        {DML_TENSOR_DATA_TYPE_FLOAT64, 0x4000000000000000u, 0xc090c80000000000u,
         0x0000000000000001u}, /* 2^-1074 */
        {DML_TENSOR_DATA_TYPE_FLOAT64, 0x4000000000000000u, 0xc090ce0000000000u, 0}, /* 2^-1075 */
    };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        uint64_t out;
        if (pow1(others[i].type, others[i].x, others[i].y, &out))
            CHECK_EQ_U64(out, others[i].want, "pow (type %d) 0x%llx ^ 0x%llx", (int)others[i].type,
                         (unsigned long long)others[i].x, (unsigned long long)others[i].y);
    }
}

/* ---- float64 ------------------------------------------------------------------------- */

static void f64_cases(void)
{
    dmlp__binary_kernel k =
        dmlp__binary_reference_kernel(DML_OPERATOR_ELEMENT_WISE_POW, DML_TENSOR_DATA_TYPE_FLOAT64);
    CHECK(k != NULL, "pow f64 has a reference kernel");
    if (!k)
        return;
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    mpfr_t mx, my, r;
    mpfr_inits2(53, mx, my, r, (mpfr_ptr)0);
    uint64_t rng = 0x510e527fade682d1u;
    int n = TEST_THIN ? 300 : 4000, wrong = 0;
    for (int i = 0; i < n; i++) {
        uint64_t a = test_rng(&rng), b = test_rng(&rng);
        double x = dmlp__f64_from_bits(a >> 1), y;
        if (!(x > 0) || isinf(x))
            continue;
        double l2 = fabs(log2(x));
        y = ((double)(b >> 11) * 0x1p-53 * 2 - 1) * 1100 / (l2 > 1e-9 ? l2 : 1e-9);
        if (i % 5 == 0)
            y = nearbyint(y / 64);
        if (i % 7 == 0)
            x = -x;
        uint64_t xb = dmlp__f64_bits(x), yb = dmlp__f64_bits(y), got = 0;
        k(1, &xb, &yb, &got, 0, &(dmlp__kernel_args){0});
        mpfr_set_d(mx, x, MPFR_RNDN);
        mpfr_set_d(my, y, MPFR_RNDN);
        int t = mpfr_pow(r, mx, my, MPFR_RNDN);
        t = mpfr_subnormalize(r, t, MPFR_RNDN);
        double want = mpfr_get_d(r, MPFR_RNDN);
        uint64_t wb = isnan(want) ? 0x7ff8000000000000u : dmlp__f64_bits(want);
        if (got != wb && wrong++ < 8)
            fprintf(stderr, "  pow f64 %a ^ %a gave %a, correctly rounded %a\n", x, y,
                    dmlp__f64_from_bits(got), want);
    }
    mpfr_clears(mx, my, r, (mpfr_ptr)0);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    CHECK_EQ_U64((uint64_t)wrong, 0, "pow f64: every sample correctly rounded");
    printf("  pow f64: %d random samples\n", n);
}

int main(int argc, char **argv)
{
    uint64_t stride = dmlp_cr_stride_from_args(argc, argv, TEST_THIN ? 1048573 : 65521);
    int full = stride == 1, exhaustive = stride > 1 && stride < 65521;
    static const float exponents[] = {2, 3, 0.5f, -1, -0.5f, 1.0f / 3, 2.5f, -2, 1e-3f, 100,
                                      0, -0.0f, INFINITY, -INFINITY, NAN, 7, -3, 0.25f, 1.5f, 1,
                                      4};
    size_t count = sizeof exponents / sizeof exponents[0];
    const char *only = dmlp_cr_only_from_args(argc, argv);
    if (only && strcmp(only, "constant_pow") == 0) {
        /* On demand (not in ctest): binary32 CONSTANT_POW alone, every exponent of the
           table at the given stride (--full: all 2^32 inputs of each), or those of
           --exponents A,B,... */
        const char *list = NULL;
        for (int i = 1; i + 1 < argc; i++)
            if (strcmp(argv[i], "--exponents") == 0)
                list = argv[i + 1];
        for (size_t i = 0; !list && i < count; i++)
            sweep_constant(&F32, exponents[i], stride, 0);
        for (char *end; list && *list; list = *end ? end + 1 : end)
            sweep_constant(&F32, strtof(list, &end), stride, 0);
        mpfr_free_cache();
        return test_finish("test_cr_pow");
    }
    if (only && strcmp(only, "pairs16") == 0) {
        /* On demand (not in ctest): the float16 and bfloat16 pairs alone, at the given
           stride (--full: all 2^32 of each), through the reference and every fast kernel */
        dmlp_cr_pairs f16 = {.type = F16.type, .ctx = (void *)&F16};
        dmlp_cr_pairs bf16 = {.type = BF16.type, .ctx = (void *)&BF16};
        uint64_t pairs = dmlp_cr_pair_count(stride);
        sweep_pairs("pow f16 pairs", &f16, pairs, stride);
        sweep_pairs("pow bf16 pairs", &bf16, pairs, stride);
        mpfr_free_cache();
        return test_finish("test_cr_pow");
    }
    specials();
    f64_cases();

    for (size_t i = 0; i < count; i++) {
        if (!exhaustive) {
            sweep_constant(&F16, exponents[i], 0, 0);
            sweep_constant(&BF16, exponents[i], 0, 0);
            sweep_constant(&F32, exponents[i], full ? 1 : TEST_THIN ? 1048573 : 16411, 0);
        } else { /* every 4099th pattern; a few exponents at the label's stride */
            sweep_constant(&F32, exponents[i], i == 5 || i == 6 ? stride : 4099, 0);
        }
    }
    if (!exhaustive) {
        /* a NaN exponent's sign and top payload bits reach a 16-bit result */
        sweep_constant(&F16, dmlp__f32_from_bits(0xffc12345u), 0, 0);
        sweep_constant(&BF16, dmlp__f32_from_bits(0xffc12345u), 0, 0);
        sweep_constant(&F16, 2.5f, 0, 1);
        sweep_constant(&BF16, 2.5f, 0, 1);
        sweep_constant(&F32, 1.0f / 3, TEST_THIN ? 1048573 : 16411, 1);
    }

    /* POW: 16-bit pairs (a stride of 2^32; all of them in the full run) */
    uint64_t pair_stride = full ? 1 : exhaustive ? 257 : TEST_THIN ? 1048573 : 16411;
    dmlp_cr_pairs f16 = {.type = F16.type, .ctx = (void *)&F16};
    dmlp_cr_pairs bf16 = {.type = BF16.type, .ctx = (void *)&BF16};
    uint64_t pairs = dmlp_cr_pair_count(pair_stride);
    sweep_pairs("pow f16 pairs", &f16, pairs, pair_stride);
    sweep_pairs("pow bf16 pairs", &bf16, pairs, pair_stride);

    /* random binary32 pairs: 10^9 in the full run, 10^6 in the label's, fewer in the suite */
    dmlp_cr_pairs r32 = {.type = F32.type, .ctx = (void *)&F32, .random = random_pair,
                         .seed = 0x243f6a8885a308d3u};
    uint64_t random_count = full ? 1000000000u : exhaustive ? 1000000u : TEST_THIN ? 4000u : 100000u;
    sweep_pairs("pow f32 random pairs", &r32, random_count, 1);

    dmlp_cr_pairs e32 = {.type = F32.type, .ctx = (void *)&F32, .list = exact_list};
    size_t exact = exact_pairs();
    if (TEST_THIN)
        exact = exact < 20000 ? exact : 20000;
    sweep_pairs("pow f32 exact and midpoint pairs", &e32, exact, 1);

    mpfr_free_cache();
    return test_finish("test_cr_pow");
}
