/* test_reference_bitwise: the reference kernels of the bitwise operators
   (docs/operators.md) against the tests' own model, which works one bit at a time: every
   pair of 8-bit values, every 16-bit A against a set of B values (edges, single bits,
   random), and edges and random pairs of the 32- and 64-bit types; the float types as
   their bits. Then through the public API: broadcasting, in place, the float rows of
   4_1 and the refusals of 3_0. */
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define BIT_AND DML_OPERATOR_ELEMENT_WISE_BIT_AND
#define BIT_OR DML_OPERATOR_ELEMENT_WISE_BIT_OR
#define BIT_XOR DML_OPERATOR_ELEMENT_WISE_BIT_XOR
#define BIT_NOT DML_OPERATOR_ELEMENT_WISE_BIT_NOT
#define BIT_COUNT DML_OPERATOR_ELEMENT_WISE_BIT_COUNT
#define SHL DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT
#define SHR DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT

/* Every type the bitwise operators take, by width. */
static const struct {
    const char *name;
    DML_TENSOR_DATA_TYPE type;
    size_t size;
} types[] = {
    {"i8", DML_TENSOR_DATA_TYPE_INT8, 1},      {"u8", DML_TENSOR_DATA_TYPE_UINT8, 1},
    {"i16", DML_TENSOR_DATA_TYPE_INT16, 2},    {"u16", DML_TENSOR_DATA_TYPE_UINT16, 2},
    {"f16", DML_TENSOR_DATA_TYPE_FLOAT16, 2},  {"i32", DML_TENSOR_DATA_TYPE_INT32, 4},
    {"u32", DML_TENSOR_DATA_TYPE_UINT32, 4},   {"f32", DML_TENSOR_DATA_TYPE_FLOAT32, 4},
    {"i64", DML_TENSOR_DATA_TYPE_INT64, 8},    {"u64", DML_TENSOR_DATA_TYPE_UINT64, 8},
    {"f64", DML_TENSOR_DATA_TYPE_FLOAT64, 8},
};

static uint64_t get(const unsigned char *p, size_t i, size_t size)
{
    uint64_t x = 0;
    memcpy(&x, p + i * size, size);
    return x;
}

/* 65536 values of a 32- or 64-bit type: edges, then random patterns. */
static size_t fill(unsigned char *in, size_t size, uint64_t seed)
{
    uint64_t state = seed, top = UINT64_C(1) << (8 * size - 1);
    uint64_t edges[] = {0, 1, top, top - 1, top | 1, ~UINT64_C(0), 2, top + 2};
    for (size_t i = 0; i < 65536; i++) {
        uint64_t x = i < 8 ? edges[i] : oracle_random(&state);
        memcpy(in + i * size, &x, size);
    }
    return 65536;
}

/* The model: bit i of the result from bit i of each operand. */
static uint64_t bitwise_model(DML_OPERATOR_TYPE op, uint64_t x, uint64_t y, size_t size)
{
    uint64_t r = 0;
    for (size_t i = 0; i < 8 * size; i++) {
        int a = (int)((x >> i) & 1), b = (int)((y >> i) & 1);
        int bit = op == BIT_AND ? a && b : op == BIT_OR ? a || b : a != b;
        r |= (uint64_t)bit << i;
    }
    return r;
}

/* Pairs (a[i], b[i]): every pair for 8 bits; every A against 40 B values for 16 bits
   (the edges, each single bit, random); edges and random patterns for the wider types,
   B a shuffle of A. Returns the count. */
static size_t pairs(unsigned char *a, unsigned char *b, size_t size, uint64_t seed)
{
    uint64_t state = seed;
    if (size == 1) {
        for (size_t i = 0; i < 65536; i++) {
            a[i] = (unsigned char)(i >> 8);
            b[i] = (unsigned char)i;
        }
        return 65536;
    }
    if (size == 2) {
        size_t n = 0;
        for (size_t k = 0; k < (TEST_THIN ? 18u : 40u); k++) { /* thin: no random B */
            uint64_t y = k < 16 ? UINT64_C(1) << k : k == 16 ? 0 : k == 17 ? 0xffff
                                                 : oracle_random(&state);
            for (uint64_t x = 0; x < 65536; x++, n++) {
                memcpy(a + n * 2, &x, 2);
                memcpy(b + n * 2, &y, 2);
            }
        }
        return n;
    }
    size_t count = fill(a, size, seed);
    for (size_t i = 0; i < count; i++) {
        uint64_t y = get(a, (i * 40503u + 17) % count, size);
        if (i % 7 == 0)
            y = oracle_random(&state);
        memcpy(b + i * size, &y, size);
    }
    return count;
}

static void check_binary(DML_OPERATOR_TYPE op, const char *name)
{
    size_t cap = 40 * 65536;
    unsigned char *a = malloc(cap * 8), *b = malloc(cap * 8), *out = malloc(cap * 8);
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        size_t size = types[t].size, count = pairs(a, b, size, 11 + t);
        dmlp__binary_kernel fn = dmlp__binary_reference_kernel(op, types[t].type);
        CHECK(fn != NULL, "%s %s: a kernel", name, types[t].name);
        if (!fn)
            continue;
        dmlp__kernel_args args = {0};
        fn(count, a, b, out, 0, &args);
        for (size_t i = 0; i < count; i++) {
            uint64_t x = get(a, i, size), y = get(b, i, size);
            CHECK_BITS(get(out, i, size), bitwise_model(op, x, y, size), "%s %s 0x%llx 0x%llx",
                       name, types[t].name, (unsigned long long)x, (unsigned long long)y);
        }
        /* B one element for the whole run (a broadcast), and in place on A */
        fn(count, a, b, out, DMLP__SCALAR_B, &args);
        uint64_t y0 = get(b, 0, size);
        for (size_t i = 0; i < count; i += 17)
            CHECK_BITS(get(out, i, size), bitwise_model(op, get(a, i, size), y0, size),
                       "%s %s scalar B, element %zu", name, types[t].name, i);
        memcpy(out, a, count * size);
        fn(count, out, b, out, 0, &args);
        for (size_t i = 0; i < count; i += 13)
            CHECK_BITS(get(out, i, size), bitwise_model(op, get(a, i, size), get(b, i, size), size),
                       "%s %s in place, element %zu", name, types[t].name, i);
    }
    free(a);
    free(b);
    free(out);
}

/* Not: every bit flipped, against the model's own loop. Every value of the 8- and 16-bit
   types, edges and random patterns of the wider ones; in place. */
static void check_not(void)
{
    unsigned char *a = malloc(65536 * 8), *b = malloc(65536 * 8), *out = malloc(65536 * 8);
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        size_t size = types[t].size, count = size <= 2 ? (size_t)1 << (8 * size)
                                                       : fill(a, size, 31 + t);
        for (size_t i = 0; size <= 2 && i < count; i++)
            memcpy(a + i * size, &i, size);
        dmlp__unary_kernel fn = dmlp__reference_kernel(BIT_NOT, types[t].type);
        CHECK(fn != NULL, "bit_not %s: a kernel", types[t].name);
        if (!fn)
            continue;
        dmlp__kernel_args args = {0};
        fn(count, a, out, &args);
        uint64_t ones = ~UINT64_C(0) >> (64 - 8 * size);
        for (size_t i = 0; i < count; i++) {
            uint64_t x = get(a, i, size);
            /* x ^ all ones, bit by bit */
            CHECK_BITS(get(out, i, size), bitwise_model(BIT_XOR, x, ones, size),
                       "bit_not %s 0x%llx", types[t].name, (unsigned long long)x);
        }
        memcpy(b, a, count * size);
        fn(count, b, b, &args);
        CHECK(memcmp(b, out, count * size) == 0, "bit_not %s in place", types[t].name);
    }
    free(a);
    free(b);
    free(out);
}

/* The shifts' model, by arithmetic: the count k is b modulo the width (DirectML's rule)
   or, with shift_zero, b itself, every bit out past the width; then a doubled (or halved,
   rounding down) k times, modulo 2^width. */
static uint64_t shift_model(int left, uint64_t a, uint64_t b, size_t size, int shift_zero)
{
    uint64_t width = 8 * size, mask = ~UINT64_C(0) >> (64 - width);
    uint64_t k = shift_zero ? (b < width ? b : width) : b % width;
    for (uint64_t i = 0; i < k; i++)
        a = left ? (a * 2) & mask : a / 2;
    return a;
}

static const struct {
    const char *name;
    DML_TENSOR_DATA_TYPE type;
    size_t size;
} unsigned_types[] = {
    {"u8", DML_TENSOR_DATA_TYPE_UINT8, 1},
    {"u16", DML_TENSOR_DATA_TYPE_UINT16, 2},
    {"u32", DML_TENSOR_DATA_TYPE_UINT32, 4},
    {"u64", DML_TENSOR_DATA_TYPE_UINT64, 8},
};

/* Counts every A meets: 0 to twice the width, then the largest values. */
static size_t shift_pairs(unsigned char *a, unsigned char *b, size_t size, uint64_t seed)
{
    if (size == 1)
        return pairs(a, b, 1, seed); /* every pair */
    uint64_t state = seed, width = 8 * size;
    size_t values = size == 2 ? 65536 : 4096, n = 0;
    uint64_t top = ~UINT64_C(0) >> (64 - width);
    for (uint64_t k = 0; k < 2 * width + 4; k++) {
        uint64_t y = k <= 2 * width ? k : k == 2 * width + 1 ? top : oracle_random(&state);
        for (size_t i = 0; i < values; i++, n++) {
            uint64_t x = size == 2 ? i : i < 4 ? (uint64_t[]){0, 1, top, top >> 1}[i]
                                               : oracle_random(&state);
            memcpy(a + n * size, &x, size);
            memcpy(b + n * size, &y, size);
        }
    }
    return n;
}

static void check_shifts(void)
{
    size_t cap = 70 * 65536;
    unsigned char *a = malloc(cap * 8), *b = malloc(cap * 8), *out = malloc(cap * 8);
    for (int left = 0; left <= 1; left++)
        for (size_t t = 0; t < sizeof unsigned_types / sizeof unsigned_types[0]; t++) {
            size_t size = unsigned_types[t].size, count = shift_pairs(a, b, size, 51 + t);
            const char *name = left ? "shl" : "shr";
            dmlp__binary_kernel fn =
                dmlp__binary_reference_kernel(left ? SHL : SHR, unsigned_types[t].type);
            CHECK(fn != NULL, "%s %s: a kernel", name, unsigned_types[t].name);
            if (!fn)
                continue;
            for (int zero = 0; zero <= 1; zero++) {
                dmlp__kernel_args args = {0};
                args.shift_zero = (uint32_t)zero;
                fn(count, a, b, out, 0, &args);
                for (size_t i = 0; i < count; i++) {
                    uint64_t x = get(a, i, size), y = get(b, i, size);
                    CHECK_BITS(get(out, i, size), shift_model(left, x, y, size, zero),
                               "%s %s shift_zero %d 0x%llx 0x%llx", name, unsigned_types[t].name,
                               zero, (unsigned long long)x, (unsigned long long)y);
                }
            }
        }
    /* no signed or float rows: the pages list the unsigned types only */
    CHECK(dmlp__binary_reference_kernel(SHL, DML_TENSOR_DATA_TYPE_INT32) == NULL &&
              dmlp__binary_reference_kernel(SHR, DML_TENSOR_DATA_TYPE_FLOAT32) == NULL,
          "shifts: unsigned types only");
    free(a);
    free(b);
    free(out);
}

static dmlp_status run_binary_api(DML_OPERATOR_TYPE op, uint32_t level, uint32_t flags,
                                  DML_TENSOR_DATA_TYPE type, size_t size, void *x, void *y);

static void check_shift_api(void)
{
    /* UINT32 a << b and a >> b, B broadcast, in place: counts 1, 33 (modulo: 1) and 32 */
    uint32_t x[8] = {3, 3, 3, 0x80000001u, 0x80000001u, 0x80000001u}, y[4] = {1, 33, 32};
    CHECK_STATUS(run_binary_api(SHL, 0x6400, 0, DML_TENSOR_DATA_TYPE_UINT32, 4, x, y), DMLP_OK);
    CHECK(x[0] == 6 && x[1] == 6 && x[2] == 3 && x[3] == 2 && x[4] == 2 && x[5] == 0x80000001u,
          "shl uint32, counts modulo 32: %u %u %u %x %x %x", x[0], x[1], x[2], x[3], x[4], x[5]);
    uint32_t z[8] = {3, 3, 3, 0x80000001u, 0x80000001u, 0x80000001u};
    CHECK_STATUS(run_binary_api(SHR, 0x6400, DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO,
                                DML_TENSOR_DATA_TYPE_UINT32, 4, z, y),
                 DMLP_OK);
    CHECK(z[0] == 1 && z[1] == 0 && z[2] == 0 && z[3] == 0x40000000u && z[4] == 0 && z[5] == 0,
          "shr uint32, counts past the width give 0: %u %u %u %x %x %x", z[0], z[1], z[2], z[3],
          z[4], z[5]);
    /* 4-D only at 2_1 (run_binary_api makes 2-D), UINT64 only from 4_1, no signed types */
    CHECK_STATUS(run_binary_api(SHL, 0x2100, 0, DML_TENSOR_DATA_TYPE_UINT32, 4, z, y),
                 DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_BIT_SHIFT_LEFT: ATensor.DimensionCount is 2; "
                                      "at feature level 2_1 it must be 4");
    uint64_t w[6] = {0}, v[3] = {0};
    CHECK_STATUS(run_binary_api(SHR, 0x4000, 0, DML_TENSOR_DATA_TYPE_UINT64, 8, w, v),
                 DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_BIT_SHIFT_RIGHT: ATensor.DataType is UINT64; "
                                      "at feature level 4_0 it must be UINT32, UINT16 or UINT8");
    CHECK_STATUS(run_binary_api(SHR, 0x6400, 0, DML_TENSOR_DATA_TYPE_INT32, 4, z, y),
                 DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_BIT_SHIFT_RIGHT: ATensor.DataType is INT32");
    /* the flag is an extension */
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_6_4, 1, 0};
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    uint32_t sizes[1] = {4};
    DML_BUFFER_TENSOR_DESC tb = {DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_FLAG_NONE, 1, sizes, NULL,
                                 4, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &tb};
    DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC desc = {&t, &t, &t};
    DML_OPERATOR_DESC d = {SHL, &desc};
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &d, DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO, &o),
                 DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_BIT_SHIFT_LEFT: execution_flags is 0x4000; "
                                      "DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO needs a device "
                                      "created with DMLP_DEVICE_FLAG_EXTENSIONS");
    dmlp_operator_destroy(o);
    dmlp_device_destroy(device);
}

/* BitCount's model: the lowest set bit cleared until none is left. */
static uint64_t count_model(uint64_t x)
{
    uint64_t n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* BitCount into UINT8 and UINT32 outputs (args.out_size 1, 0 meaning 1, and 4): every 8-
   and 16-bit value, edges and random patterns of the wider types. */
static void check_count(void)
{
    unsigned char *a = malloc(65536 * 8), *out = malloc(65536 * 4 + 16);
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        size_t size = types[t].size, count = size <= 2 ? (size_t)1 << (8 * size)
                                                       : fill(a, size, 41 + t);
        for (size_t i = 0; size <= 2 && i < count; i++)
            memcpy(a + i * size, &i, size);
        dmlp__unary_kernel fn = dmlp__reference_kernel(BIT_COUNT, types[t].type);
        CHECK(fn != NULL, "bit_count %s: a kernel", types[t].name);
        if (!fn)
            continue;
        for (uint32_t out_size = 0; out_size <= 4; out_size += out_size ? 3 : 1) {
            dmlp__kernel_args args = {0};
            args.out_size = out_size;
            size_t bytes = out_size == 4 ? 4 : 1;
            memset(out, 0xa5, 65536 * 4 + 16);
            fn(count, a, out, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t x = get(a, i, size);
                CHECK_BITS(get(out, i, bytes), count_model(x), "bit_count %s out %zu 0x%llx",
                           types[t].name, bytes, (unsigned long long)x);
            }
            CHECK(out[count * bytes] == 0xa5, "bit_count %s out %zu: nothing past the end",
                  types[t].name, bytes);
        }
    }
    free(a);
    free(out);
}

/* BitCount through the API: INT64 into UINT32, FLOAT16 into UINT8, and the refusals. */
static dmlp_status run_count_api(uint32_t level, DML_TENSOR_DATA_TYPE in_type, size_t in_size,
                                 DML_TENSOR_DATA_TYPE out_type, size_t out_size, const void *x,
                                 void *y)
{
    dmlp_device_desc dd = {(DML_FEATURE_LEVEL)level, 1, 0};
    dmlp_device *device = NULL;
    dmlp_status status = dmlp_device_create(&dd, &device);
    if (status != DMLP_OK)
        return status;
    uint32_t sizes[1] = {4};
    DML_BUFFER_TENSOR_DESC ib = {in_type, DML_TENSOR_FLAG_NONE, 1, sizes, NULL,
                                 (4 * in_size + 3) / 4 * 4, 0};
    DML_BUFFER_TENSOR_DESC ob = {out_type, DML_TENSOR_FLAG_NONE, 1, sizes, NULL,
                                 (4 * out_size + 3) / 4 * 4, 0};
    DML_TENSOR_DESC it = {DML_TENSOR_TYPE_BUFFER, &ib}, ot = {DML_TENSOR_TYPE_BUFFER, &ob};
    DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC desc = {&it, &ot};
    DML_OPERATOR_DESC d = {BIT_COUNT, &desc};
    dmlp_operator *o = NULL;
    status = dmlp_operator_create(device, &d, 0, &o);
    if (status == DMLP_OK) {
        dmlp_buffer_binding in = {(void *)x, 0, ib.TotalTensorSizeInBytes};
        dmlp_buffer_binding outb = {y, 0, ob.TotalTensorSizeInBytes};
        status = dmlp_operator_execute(o, 1, &in, 1, &outb);
    }
    dmlp_operator_destroy(o);
    dmlp_device_destroy(device);
    return status;
}

static void check_count_api(void)
{
    int64_t x[4] = {0, -1, INT64_MIN, 0x0123456789abcdef};
    uint32_t y[4] = {9, 9, 9, 9};
    CHECK_STATUS(run_count_api(0x4100, DML_TENSOR_DATA_TYPE_INT64, 8, DML_TENSOR_DATA_TYPE_UINT32,
                               4, x, y),
                 DMLP_OK);
    CHECK(y[0] == 0 && y[1] == 64 && y[2] == 1 && y[3] == 32, "bit_count int64 -> uint32: %u %u %u %u",
          y[0], y[1], y[2], y[3]);
    uint16_t h[4] = {0x8000, 0x7c00, 0x7fff, 0x3c00}; /* -0, inf, a NaN, 1 */
    uint8_t c[4] = {9, 9, 9, 9};
    CHECK_STATUS(run_count_api(0x6400, DML_TENSOR_DATA_TYPE_FLOAT16, 2, DML_TENSOR_DATA_TYPE_UINT8,
                               1, h, c),
                 DMLP_OK);
    CHECK(c[0] == 1 && c[1] == 5 && c[2] == 15 && c[3] == 4, "bit_count float16: %u %u %u %u",
          c[0], c[1], c[2], c[3]);
    CHECK_STATUS(run_count_api(0x6400, DML_TENSOR_DATA_TYPE_UINT16, 2, DML_TENSOR_DATA_TYPE_UINT16,
                               2, h, c),
                 DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_BIT_COUNT: OutputTensor.DataType is UINT16; "
                                      "at feature level 6_4 it must be UINT32 or UINT8");
    CHECK_STATUS(run_count_api(0x3000, DML_TENSOR_DATA_TYPE_INT64, 8, DML_TENSOR_DATA_TYPE_UINT8,
                               1, x, c),
                 DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_BIT_COUNT: InputTensor.DataType is INT64; at "
                                      "feature level 3_0 it must be UINT32, UINT16 or UINT8");
}

/* A two-input operator on tensors of one type through the API: A (2, 3), B broadcast
   along the first axis (stride 0), the output bound onto A. */
static dmlp_status run_binary_api(DML_OPERATOR_TYPE op, uint32_t level, uint32_t flags,
                                  DML_TENSOR_DATA_TYPE type, size_t size, void *x, void *y)
{
    dmlp_device_desc dd = {(DML_FEATURE_LEVEL)level, 1, DMLP_DEVICE_FLAG_EXTENSIONS};
    dmlp_device *device = NULL;
    dmlp_status status = dmlp_device_create(&dd, &device);
    if (status != DMLP_OK)
        return status;
    uint32_t sizes[2] = {2, 3}, bstrides[2] = {0, 1};
    uint64_t abytes = (6 * size + 3) / 4 * 4, bbytes = (3 * size + 3) / 4 * 4;
    DML_BUFFER_TENSOR_DESC ab = {type, DML_TENSOR_FLAG_NONE, 2, sizes, NULL, abytes, 0};
    DML_BUFFER_TENSOR_DESC bb = {type, DML_TENSOR_FLAG_NONE, 2, sizes, bstrides, bbytes, 0};
    DML_TENSOR_DESC at = {DML_TENSOR_TYPE_BUFFER, &ab}, bt = {DML_TENSOR_TYPE_BUFFER, &bb};
    DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC desc = {&at, &bt, &at}; /* one layout for all */
    DML_OPERATOR_DESC d = {op, &desc};
    dmlp_operator *o = NULL;
    status = dmlp_operator_create(device, &d, flags, &o);
    if (status == DMLP_OK) {
        dmlp_buffer_binding bind[2] = {{x, 0, abytes}, {y, 0, bbytes}};
        status = dmlp_operator_execute(o, 2, bind, 1, bind);
    }
    dmlp_operator_destroy(o);
    dmlp_device_destroy(device);
    return status;
}

static void check_api(void)
{
    uint8_t x[8] = {0x0f, 0xf0, 0xff, 0x00, 0xaa, 0x55}, y[4] = {0x3c, 0x81, 0x0f};
    CHECK_STATUS(run_binary_api(BIT_XOR, 0x3000, 0, DML_TENSOR_DATA_TYPE_UINT8, 1, x, y), DMLP_OK);
    uint8_t want[6] = {0x33, 0x71, 0xf0, 0x3c, 0x2b, 0x5a};
    CHECK(memcmp(x, want, 6) == 0, "bit_xor uint8 broadcast in place: %02x %02x %02x %02x %02x %02x",
          x[0], x[1], x[2], x[3], x[4], x[5]);
    /* floats as their bits from 4_1: -0 & 1.0 is +0, NaN | -0 sets the sign */
    float f[6] = {-0.0f, 1.0f, -2.0f, 0.0f, 3.0f, 1.5f}, g[3] = {1.0f, -0.0f, 0.0f};
    CHECK_STATUS(run_binary_api(BIT_OR, 0x4100, 0, DML_TENSOR_DATA_TYPE_FLOAT32, 4, f, g), DMLP_OK);
    uint32_t bits[6];
    memcpy(bits, f, sizeof bits);
    CHECK(bits[0] == 0xbf800000u && bits[1] == 0xbf800000u && bits[2] == 0xc0000000u &&
              bits[3] == 0x3f800000u && bits[4] == 0xc0400000u && bits[5] == 0x3fc00000u,
          "bit_or float32 as bits: %08x %08x %08x", bits[0], bits[1], bits[4]);
    /* at 3_0 only the unsigned types; 2_1 has no bitwise operators */
    CHECK_STATUS(run_binary_api(BIT_AND, 0x3000, 0, DML_TENSOR_DATA_TYPE_FLOAT32, 4, f, g),
                 DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_BIT_AND: ATensor.DataType is FLOAT32; at "
                                      "feature level 3_0 it must be UINT32, UINT16 or UINT8");
    CHECK_STATUS(run_binary_api(BIT_AND, 0x2100, 0, DML_TENSOR_DATA_TYPE_UINT8, 1, x, y),
                 DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_BIT_AND: the device's feature level is 2_1; "
                                      "the operator needs feature level 3_0 or higher");
    uint16_t h[6] = {0}, k[3] = {0};
    CHECK_STATUS(run_binary_api(BIT_AND, 0x6400, 0, DMLP_TENSOR_DATA_TYPE_BFLOAT16, 2, h, k),
                 DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_BIT_AND: ATensor.DataType is BFLOAT16");
}

int main(void)
{
    check_binary(BIT_AND, "bit_and");
    check_binary(BIT_OR, "bit_or");
    check_binary(BIT_XOR, "bit_xor");
    check_not();
    check_count();
    check_count_api();
    check_shifts();
    check_shift_api();
    check_api();
    return test_finish("test_reference_bitwise");
}
