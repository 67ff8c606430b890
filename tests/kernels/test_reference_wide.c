/* Reference kernels on the wide and integer types: Sign on every 8- and 16-bit integer
   and on edges plus 300,000 fixed-seed random values of each 32- and 64-bit integer
   type; FLOAT64 Sign (both NaN modes), Softsign and IsInfinity (three modes) on edges
   and 400,000 fixed-seed random values. Expected Softsign values come from binary128
   (or a long double at least that wide), rounded once to binary64. */
#include <float.h>
#include <stdbool.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define RANDOM_COUNT 300000

static uint64_t rng = 20261122;

static void run(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, const dmlp__kernel_args *args,
                const void *in, void *out, size_t n)
{
    dmlp__unary_kernel fn = dmlp__reference_kernel(op, type);
    CHECK(fn != NULL, "reference kernel for op %d type 0x%x", (int)op, (unsigned)type);
    if (fn)
        fn(n, in, out, args);
}

static const dmlp__kernel_args no_args = {.mode = DML_IS_INFINITY_MODE_EITHER};

/* ---- integers: every value of the small types, edges and random for the wide ones. */

static int64_t load_signed(const unsigned char *p, size_t size)
{
    switch (size) {
    case 1: { int8_t v; memcpy(&v, p, 1); return v; }
    case 2: { int16_t v; memcpy(&v, p, 2); return v; }
    case 4: { int32_t v; memcpy(&v, p, 4); return v; }
    default: { int64_t v; memcpy(&v, p, 8); return v; }
    }
}

static uint64_t load_unsigned(const unsigned char *p, size_t size)
{
    uint64_t v = 0; /* little-endian hosts: the low bytes */
    unsigned char bytes[8] = {0};
    memcpy(bytes, p, size);
    for (size_t i = size; i-- > 0;)
        v = v << 8 | bytes[i];
    return v;
}

/* `values` holds n elements of `size` bytes; is_signed chooses the reading. */
static void check_int_sign(DML_TENSOR_DATA_TYPE type, size_t size, bool is_signed,
                           const unsigned char *values, size_t n, const char *name)
{
    unsigned char *out = malloc(n * size);
    if (!out) {
        CHECK(0, "out of memory");
        return;
    }
    run(DML_OPERATOR_ELEMENT_WISE_SIGN, type, &no_args, values, out, n);
    for (size_t i = 0; i < n; i++) {
        const unsigned char *x = values + i * size, *y = out + i * size;
        if (is_signed) {
            int64_t v = load_signed(x, size), r = load_signed(y, size);
            int64_t expected = v < 0 ? -1 : v == 0 ? 0 : 1;
            CHECK(r == expected, "%s sign(%lld) is %lld, expected %lld", name, (long long)v,
                  (long long)r, (long long)expected);
        } else {
            uint64_t v = load_unsigned(x, size), r = load_unsigned(y, size);
            CHECK(r == (v != 0), "%s sign(%llu) is %llu", name, (unsigned long long)v,
                  (unsigned long long)r);
        }
    }
    free(out);
}

static void check_integers(void)
{
    static unsigned char values[(RANDOM_COUNT + 128) * 8]; /* edges, powers of two, random */
    /* Every 8- and 16-bit value (little-endian byte order: value i is bytes of i). */
    for (uint32_t i = 0; i < 65536; i++) {
        values[2 * i] = (unsigned char)i;
        values[2 * i + 1] = (unsigned char)(i >> 8);
    }
    check_int_sign(DML_TENSOR_DATA_TYPE_INT16, 2, true, values, 65536, "int16");
    check_int_sign(DML_TENSOR_DATA_TYPE_UINT16, 2, false, values, 65536, "uint16");
    for (uint32_t i = 0; i < 256; i++)
        values[i] = (unsigned char)i;
    check_int_sign(DML_TENSOR_DATA_TYPE_INT8, 1, true, values, 256, "int8");
    check_int_sign(DML_TENSOR_DATA_TYPE_UINT8, 1, false, values, 256, "uint8");

    /* 32 and 64 bits: both ends, around 0 and each power of two, then random. */
    static const uint64_t edges64[] = {
        0, 1, 2, 3, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff,
        0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0x100000000,
        0x7fffffffffffffff, 0x8000000000000000, 0x8000000000000001,
        0xfffffffffffffffe, 0xffffffffffffffff, 0x00000000ffffffff, 0xffffffff00000000,
    };
    const size_t n_edges = sizeof edges64 / sizeof edges64[0];
    for (int wide = 0; wide <= 1; wide++) {
        size_t size = wide ? 8 : 4, n = 0;
        for (size_t i = 0; i < n_edges; i++, n++) {
            uint64_t v = edges64[i];
            memcpy(values + n * size, &v, size); /* low bytes on little-endian hosts */
        }
        for (int bit = 0; bit < (int)(8 * size); bit++, n++) {
            uint64_t v = UINT64_C(1) << bit;
            memcpy(values + n * size, &v, size);
        }
        for (size_t i = 0; i < RANDOM_COUNT; i++, n++) {
            uint64_t v = oracle_random(&rng);
            if (i % 4 == 0) /* small magnitudes of either sign too */
                v = (uint64_t)((int64_t)(v % 7) - 3);
            memcpy(values + n * size, &v, size);
        }
        check_int_sign(wide ? DML_TENSOR_DATA_TYPE_INT64 : DML_TENSOR_DATA_TYPE_INT32, size,
                       true, values, n, wide ? "int64" : "int32");
        check_int_sign(wide ? DML_TENSOR_DATA_TYPE_UINT64 : DML_TENSOR_DATA_TYPE_UINT32, size,
                       false, values, n, wide ? "uint64" : "uint32");
    }
    /* Spelled out: INT_MIN gives -1, the all-ones unsigned value gives 1. */
    int32_t imin = INT32_MIN, r32 = 0;
    run(DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_INT32, &no_args, &imin, &r32, 1);
    CHECK(r32 == -1, "sign(INT32_MIN) is %d", (int)r32);
    int64_t lmin = INT64_MIN, r64 = 0;
    run(DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_INT64, &no_args, &lmin, &r64, 1);
    CHECK(r64 == -1, "sign(INT64_MIN) is %lld", (long long)r64);
    uint64_t umax = UINT64_MAX, ru = 0;
    run(DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_UINT64, &no_args, &umax, &ru, 1);
    CHECK(ru == 1, "sign(UINT64_MAX) is %llu", (unsigned long long)ru);
}

/* ---- FLOAT64 ---- */

#if defined(__SIZEOF_FLOAT128__)
__extension__ typedef __float128 wide_float;
#define HAVE_WIDE_FLOAT 1
#elif LDBL_MANT_DIG >= 107
typedef long double wide_float;
#define HAVE_WIDE_FLOAT 1
#else
#define HAVE_WIDE_FLOAT 0
#endif

static double f64_of(uint64_t bits)
{
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

static uint64_t bits_of(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

#if HAVE_WIDE_FLOAT
/* docs/operators.md's binary64 Softsign: t = 1 + |x| rounded, then x / t rounded. Each step is
   done in a format with at least 113 significant bits and converted to double (round to
   nearest even): for binary64 operands that is the correctly rounded binary64 result,
   because 113 >= 2 * 53 + 1 (Figueroa, 1995). A quotient is subnormal only for a
   subnormal x, where t == 1 and the quotient is exact. */
static uint64_t expected_softsign(uint64_t bits)
{
    double x = f64_of(bits);
    if (x != x)
        return bits | 0x0008000000000000u;
    if (x == INFINITY || x == -INFINITY)
        return 0x7ff8000000000000u;
    wide_float ax = (wide_float)(x < 0 ? -x : x);
    double t = (double)((wide_float)1 + ax);
    double q = (double)((wide_float)x / (wide_float)t);
    return bits_of(q);
}
#endif

static uint64_t expected_sign(uint64_t bits, uint32_t nan_propagate)
{
    double x = f64_of(bits);
    if (x != x)
        return nan_propagate ? (bits | 0x0008000000000000u) : 0;
    return x > 0 ? 0x3ff0000000000000u : x < 0 ? 0xbff0000000000000u : 0;
}

static void check_f64(void)
{
    static const uint64_t edges[] = {
        0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8000000000000001,
        0x000fffffffffffff, 0x800fffffffffffff, 0x0010000000000000, 0x8010000000000000,
        0x7fefffffffffffff, 0xffefffffffffffff, 0x7fe1ccf385ebc8a0, /* DBL_MAX, 1e308 */
        0x7ff0000000000000, 0xfff0000000000000,                     /* ±inf */
        0x7ff8000000000000, 0xfff8000000000000, 0x7ff8000000012345, /* quiet NaNs */
        0x7ff0000000000001, 0xfff0000000000001, 0x7ff4000000000000, /* signaling NaNs */
        0x7ff7ffffffffffff, 0x7fffffffffffffff, 0xffffffffffffffff,
        0x3fefffffffffffff, 0x3ff0000000000000, 0x3ff0000000000001, 0xbff0000000000000,
        0x433fffffffffffff, 0x4340000000000000, 0x4340000000000001, /* near 2^53 */
        0x3ca0000000000000, 0x3cb8000000000000, /* 1 + |x| ties at 2^-53 and 3 * 2^-53 */
        0x3fb999999999999a, 0xbfd5555555555555, 0x4059000000000000, /* 0.1, -1/3, 100 */
    };
    enum { N_EDGES = sizeof edges / sizeof edges[0], N = N_EDGES + 400000 };
    uint64_t *in = malloc(N * sizeof *in), *out = malloc(N * sizeof *out);
    uint8_t *flags = malloc(N);
    if (!in || !out || !flags) {
        CHECK(0, "out of memory");
        free(in), free(out), free(flags);
        return;
    }
    memcpy(in, edges, sizeof edges);
    for (size_t i = N_EDGES; i < N; i++) {
        uint64_t r = oracle_random(&rng);
        if (i % 2) { /* moderate magnitudes, 2^-60 to 2^60, where Softsign is not trivial */
            uint64_t exponent = 1023 - 60 + (r >> 52) % 121;
            r = (r & 0x800fffffffffffffu) | exponent << 52;
        }
        in[i] = r;
    }

    for (uint32_t nan_propagate = 0; nan_propagate <= 1; nan_propagate++) {
        dmlp__kernel_args args = {.nan_propagate = nan_propagate};
        run(DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT64, &args, in, out, N);
        for (size_t i = 0; i < N; i++)
            CHECK_BITS(out[i], expected_sign(in[i], nan_propagate), "f64 sign(0x%016llx)",
                       (unsigned long long)in[i]);
    }

#if HAVE_WIDE_FLOAT
    run(DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT64, &no_args, in, out, N);
    for (size_t i = 0; i < N; i++) {
        CHECK_BITS(out[i], expected_softsign(in[i]), "f64 softsign(0x%016llx)",
                   (unsigned long long)in[i]);
        double x = f64_of(in[i]), y = f64_of(out[i]);
        if (x == x && x != INFINITY && x != -INFINITY)
            CHECK(y >= -1.0 && y <= 1.0, "|f64 softsign(%a)| <= 1: %a", x, y);
    }
    CHECK(f64_of(out[8]) == 1.0, "softsign(DBL_MAX) is 1");
#else
    printf("f64 softsign: no type with 113 significant bits here, not checked\n");
#endif

    for (int mode = 0; mode < 3; mode++) {
        dmlp__kernel_args args = {.mode = (DML_IS_INFINITY_MODE)mode};
        run(DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, DML_TENSOR_DATA_TYPE_FLOAT64, &args, in,
            flags, N);
        for (size_t i = 0; i < N; i++) {
            double x = f64_of(in[i]);
            int expected = mode == 0 ? (x == INFINITY || x == -INFINITY)
                         : mode == 1 ? x == INFINITY
                                     : x == -INFINITY;
            CHECK_BITS(flags[i], expected, "f64 isinf(0x%016llx) mode %d",
                       (unsigned long long)in[i], mode);
        }
    }
    free(in), free(out), free(flags);
}

/* Subnormal and tiny inputs with the CPU set to flush subnormals (where it has such a
   mode): expected values are computed first, with the mode off. */
static void check_f64_flushing(void)
{
#if HAVE_WIDE_FLOAT
    enum { M = 8192 };
    static uint64_t in[M], want_softsign[M], want_sign[M], out[M];
    for (size_t i = 0; i < M; i++) {
        uint64_t r = oracle_random(&rng);
        if (i % 2) /* tiny normals: exponents 2^-1022 to 2^-50 */
            r = (r & 0x800fffffffffffffu) | ((1 + (r >> 52) % 0x3cd) << 52);
        else /* subnormals */
            r &= 0x800fffffffffffffu;
        in[i] = r;
        want_softsign[i] = expected_softsign(r);
        want_sign[i] = expected_sign(r, 0);
    }
    if (!oracle_flush_denormals(1))
        return;
    run(DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT64, &no_args, in, out, M);
    oracle_flush_denormals(0);
    for (size_t i = 0; i < M; i++)
        CHECK_BITS(out[i], want_softsign[i], "f64 softsign(0x%016llx), flushing",
                   (unsigned long long)in[i]);
    oracle_flush_denormals(1);
    run(DML_OPERATOR_ELEMENT_WISE_SIGN, DML_TENSOR_DATA_TYPE_FLOAT64, &no_args, in, out, M);
    oracle_flush_denormals(0);
    for (size_t i = 0; i < M; i++)
        CHECK_BITS(out[i], want_sign[i], "f64 sign(0x%016llx), flushing",
                   (unsigned long long)in[i]);
#endif
}

int main(void)
{
    check_integers();
    check_f64();
    check_f64_flushing();
    return test_finish("test_reference_wide");
}
