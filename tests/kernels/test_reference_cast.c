/* test_reference_cast: every Cast kernel (16 x 16 type pairs) against the tests' own
   model: the input's exact value as a long double (exact for every type here: 64-bit
   integers need the 64-bit significand x86-64's and aarch64's long double have), rounded
   to the output's grid by scaling, floor and comparing with one half, or truncated and
   clamped with the C library's truncl; integers to integers by C's modular unsigned
   conversion. Every 8- and 16-bit input, a sample of the wider ones with their edge
   values; DirectML's saturation, the float8 saturate choice and the bool output.
   (The ONNX float-to-integer rules are checked against numpy itself, in the ONNX cases.)
   Then Cast through the public API: a strided output, the in-place refusal, and the
   type refusals. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define CAST DML_OPERATOR_CAST

enum { IEEE, FN, FNUZ, INT };

typedef struct type_info {
    const char *name;
    DML_TENSOR_DATA_TYPE type;
    size_t size;
    int kind;
    int ebits, mbits, bias; /* floats */
    int is_signed;          /* integers */
} type_info;

static const type_info types[] = {
    {"i8", DML_TENSOR_DATA_TYPE_INT8, 1, INT, 0, 0, 0, 1},
    {"u8", DML_TENSOR_DATA_TYPE_UINT8, 1, INT, 0, 0, 0, 0},
    {"i16", DML_TENSOR_DATA_TYPE_INT16, 2, INT, 0, 0, 0, 1},
    {"u16", DML_TENSOR_DATA_TYPE_UINT16, 2, INT, 0, 0, 0, 0},
    {"i32", DML_TENSOR_DATA_TYPE_INT32, 4, INT, 0, 0, 0, 1},
    {"u32", DML_TENSOR_DATA_TYPE_UINT32, 4, INT, 0, 0, 0, 0},
    {"i64", DML_TENSOR_DATA_TYPE_INT64, 8, INT, 0, 0, 0, 1},
    {"u64", DML_TENSOR_DATA_TYPE_UINT64, 8, INT, 0, 0, 0, 0},
    {"f16", DML_TENSOR_DATA_TYPE_FLOAT16, 2, IEEE, 5, 10, 15, 0},
    {"f32", DML_TENSOR_DATA_TYPE_FLOAT32, 4, IEEE, 8, 23, 127, 0},
    {"f64", DML_TENSOR_DATA_TYPE_FLOAT64, 8, IEEE, 11, 52, 1023, 0},
    {"bf16", DMLP_TENSOR_DATA_TYPE_BFLOAT16, 2, IEEE, 8, 7, 127, 0},
    {"e5m2", DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, 1, IEEE, 5, 2, 15, 0},
    {"e4m3fn", DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, 1, FN, 4, 3, 7, 0},
    {"e4m3fnuz", DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ, 1, FNUZ, 4, 3, 8, 0},
    {"e5m2fnuz", DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ, 1, FNUZ, 5, 2, 16, 0},
};
#define TYPES (sizeof types / sizeof types[0])

enum { V_NUM, V_INF, V_NAN };

/* An input element's meaning: class, sign, exact value, and a NaN's fraction field. */
typedef struct meaning {
    int cls, neg;
    long double v;
    uint64_t fraction;
} meaning;

static uint64_t mask(int bits)
{
    return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
}

static meaning understand(uint64_t x, const type_info *t)
{
    meaning m = {V_NUM, 0, 0.0L, 0};
    if (t->kind == INT) {
        int bits = (int)t->size * 8;
        x &= mask(bits);
        if (t->is_signed && (x >> (bits - 1))) {
            m.neg = 1;
            m.v = -(long double)((0 - x) & mask(bits)); /* -(2^bits - x) */
        } else {
            m.v = (long double)x;
        }
        return m;
    }
    int total = t->ebits + t->mbits;
    uint64_t e = (x >> t->mbits) & mask(t->ebits), f = x & mask(t->mbits);
    m.neg = (int)((x >> total) & 1);
    if (t->kind == FNUZ && x == UINT64_C(1) << total) {
        m.cls = V_NAN;
        m.neg = 0;
        return m;
    }
    if (t->kind == FN && e == mask(t->ebits) && f == mask(t->mbits)) {
        m.cls = V_NAN;
        return m;
    }
    if (t->kind == IEEE && e == mask(t->ebits)) {
        m.cls = f ? V_NAN : V_INF;
        m.fraction = f;
        return m;
    }
    long double mag = e ? ldexpl((long double)(f | (UINT64_C(1) << t->mbits)),
                                 (int)e - t->bias - t->mbits)
                        : ldexpl((long double)f, 1 - t->bias - t->mbits);
    m.v = m.neg ? -mag : mag;
    return m;
}

/* v rounded to nearest even with p significant bits and smallest normal 2^emin. */
static long double round_to(long double v, int p, int emin)
{
    if (v == 0)
        return v;
    int e;
    (void)frexpl(fabsl(v), &e);
    int k = e - 1 < emin ? emin : e - 1;
    int quantum = k - p + 1;
    long double scaled = ldexpl(fabsl(v), -quantum);
    long double whole = floorl(scaled);
    long double fraction = scaled - whole;
    if (fraction > 0.5L || (fraction == 0.5L && fmodl(whole, 2.0L) == 1.0L))
        whole += 1.0L;
    long double r = ldexpl(whole, quantum);
    return v < 0 ? -r : r;
}

static long double largest(const type_info *t)
{
    int top_e = (int)mask(t->ebits) - (t->kind == IEEE ? 1 : 0); /* the largest exponent field */
    uint64_t top_m = t->kind == FN ? mask(t->mbits) - 1 : mask(t->mbits);
    return ldexpl((long double)(top_m | (UINT64_C(1) << t->mbits)), top_e - t->bias - t->mbits);
}

/* The encoding of a finite r that is on t's grid and within its range. */
static uint64_t encode(long double r, int neg, const type_info *t)
{
    uint64_t sign = (uint64_t)neg << (t->ebits + t->mbits);
    if (r == 0)
        return t->kind == FNUZ ? 0 : sign;
    long double a = fabsl(r);
    int e;
    (void)frexpl(a, &e);
    int biased = e - 1 + t->bias;
    if (biased <= 0)
        return sign | (uint64_t)ldexpl(a, t->bias - 1 + t->mbits);
    uint64_t m = (uint64_t)ldexpl(a, t->mbits - (e - 1)) - (UINT64_C(1) << t->mbits);
    return sign | ((uint64_t)biased << t->mbits) | m;
}

static uint64_t nan_of(const type_info *t, int neg, uint64_t fraction, int from_mbits)
{
    uint64_t sign = (uint64_t)neg << (t->ebits + t->mbits);
    if (t->kind == FNUZ)
        return UINT64_C(1) << (t->ebits + t->mbits);
    if (t->kind == FN)
        return sign | mask(t->ebits + t->mbits);
    /* the leading fraction bits, the quiet bit set */
    uint64_t kept = from_mbits >= t->mbits ? fraction >> (from_mbits - t->mbits)
                                           : fraction << (t->mbits - from_mbits);
    return sign | (mask(t->ebits) << t->mbits) | kept | (UINT64_C(1) << (t->mbits - 1));
}

static uint64_t overflow_of(const type_info *t, int neg, int saturate)
{
    uint64_t sign = (uint64_t)neg << (t->ebits + t->mbits);
    int float8 = t->size == 1;
    if (float8 && saturate)
        return encode(largest(t), neg, t);
    if (t->kind == IEEE)
        return sign | (mask(t->ebits) << t->mbits);
    return nan_of(t, neg, 0, 0);
}

/* The expected output bits of input x (type a) as type b. */
static uint64_t expected(uint64_t x, const type_info *a, const type_info *b, uint32_t flags)
{
    meaning m = understand(x, a);
    int saturate = !(flags & DMLP_EXECUTION_FLAG_CAST_NO_SATURATE);
    if (flags & DMLP_EXECUTION_FLAG_CAST_TO_BOOL)
        return m.cls != V_NUM || m.v != 0;
    if (a == b)
        return x & mask((int)a->size * 8);
    if (b->kind == INT) {
        int bits = (int)b->size * 8;
        if (a->kind == INT) /* C's conversion to an unsigned type is modular */
            return (m.neg ? 0 - (uint64_t)(-m.v) : (uint64_t)m.v) & mask(bits);
        if (m.cls == V_NAN)
            return 0;
        long double lo = b->is_signed ? -ldexpl(1.0L, bits - 1) : 0.0L;
        long double hi = b->is_signed ? ldexpl(1.0L, bits - 1) - 1.0L : ldexpl(1.0L, bits) - 1.0L;
        long double t = m.cls == V_INF ? (m.neg ? -INFINITY : INFINITY) : truncl(m.v);
        t = t < lo ? lo : t > hi ? hi : t;
        return (t < 0 ? 0 - (uint64_t)(-t) : (uint64_t)t) & mask(bits);
    }
    if (m.cls == V_NAN)
        return nan_of(b, m.neg, m.fraction, a->kind == INT ? 0 : a->mbits);
    if (m.cls == V_INF)
        return b->kind == FNUZ ? nan_of(b, 0, 0, 0) : overflow_of(b, m.neg, saturate);
    long double r = round_to(m.v, b->mbits + 1, 1 - b->bias);
    if (fabsl(r) > largest(b))
        return overflow_of(b, m.neg, saturate);
    return encode(r, m.neg, b);
}

/* Inputs of type t: every pattern for 1 and 2 bytes, else edges and random ones. */
static size_t inputs(const type_info *t, unsigned char *buf, size_t capacity)
{
    if (t->size <= 2) {
        size_t count = (size_t)1 << (8 * t->size);
        for (size_t i = 0; i < count; i++) {
            uint64_t x = i;
            memcpy(buf + i * t->size, &x, t->size);
        }
        return count;
    }
    uint64_t state = 1234 + t->size;
    size_t count = capacity;
    int bits = (int)t->size * 8;
    uint64_t top = UINT64_C(1) << (bits - 1);
    uint64_t edges[] = {0, 1, mask(bits), top, top - 1, top + 1, 0x7f, 0x80, 0xff, 0x100,
                        0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000u, 0xffffffffu};
    for (size_t i = 0; i < count; i++) {
        uint64_t x = oracle_random(&state);
        if (i < sizeof edges / sizeof edges[0])
            x = edges[i];
        else if (t->kind != INT && (i % 4) == 0) /* floats near the integer ranges */
            x = (x & (UINT64_C(1) << (t->ebits + t->mbits))) |
                ((uint64_t)(t->bias + (int)(oracle_random(&state) % 70)) << t->mbits) |
                (oracle_random(&state) & mask(t->mbits));
        else if (t->kind == INT && (i % 3) == 0) /* small magnitudes too */
            x = (i % 2) ? (x & 0x1ffff) : (0 - (x & 0x1ffff));
        memcpy(buf + i * t->size, &x, t->size);
    }
    return count;
}

static void check_pairs(uint32_t flags, const char *label)
{
    enum { SAMPLE = 4096 };
    unsigned char *in = malloc(65536 * 8), *out = malloc(65536 * 8);
    dmlp__kernel_args args = {.mode = DML_IS_INFINITY_MODE_EITHER, .cast = flags};
    for (size_t i = 0; i < TYPES; i++) {
        size_t count = inputs(&types[i], in, SAMPLE);
        for (size_t o = 0; o < TYPES; o++) {
            if ((flags & DMLP_EXECUTION_FLAG_CAST_TO_BOOL) &&
                types[o].type != DML_TENSOR_DATA_TYPE_UINT8)
                continue;
            if ((flags & DMLP_EXECUTION_FLAG_CAST_NO_SATURATE) && types[o].size != 1)
                continue; /* the flag only concerns float8 outputs */
            dmlp__kernel_choice k = dmlp__convert_kernel(CAST, types[i].type, types[o].type);
            CHECK(k.fn != NULL, "%s -> %s: a kernel", types[i].name, types[o].name);
            if (!k.fn)
                continue;
            memset(out, 0xa5, count * types[o].size);
            k.fn(count, in, out, &args);
            for (size_t e = 0; e < count; e++) {
                uint64_t x = 0, y = 0;
                memcpy(&x, in + e * types[i].size, types[i].size);
                memcpy(&y, out + e * types[o].size, types[o].size);
                CHECK_BITS(y, expected(x, &types[i], &types[o], flags), "%s %s -> %s x 0x%llx",
                           label, types[i].name, types[o].name, (unsigned long long)x);
            }
        }
    }
    free(in);
    free(out);
}

/* A few values written out, so the model itself is checked against known answers. */
static void check_known(void)
{
    static const struct {
        size_t from, to;
        uint64_t x, y;
        uint32_t flags;
    } known[] = {
        {9, 8, 0x7f800000, 0x7c00, 0},              /* f32 inf -> f16 inf */
        {9, 8, 0x477fe000, 0x7bff, 0},              /* 65504 */
        {9, 8, 0x477fefff, 0x7bff, 0},              /* just below 65520 -> 65504 */
        {9, 8, 0x477ff000, 0x7c00, 0},              /* 65520 -> inf (ties to even) */
        {9, 4, 0x4f000000, 0x7fffffff, 0},          /* 2^31 -> INT32 saturates */
        {9, 4, 0xcf000001, 0x80000000, 0},          /* below -2^31 -> INT32_MIN */
        {9, 4, 0x7fc00000, 0, 0},                   /* NaN -> 0 */
        {9, 5, 0xbfc00000, 0, 0},                   /* -1.5 -> UINT32 0 */
        {9, 0, 0xc2fe0000, 0x81, 0},                /* -127.0 -> -127 */
        {2, 0, 200, 0xc8, 0},                       /* INT16 200 -> INT8 -56 */
        {9, 13, 0x43e80000, 0x7e, 0},               /* 464 -> E4M3FN 448 (tie to even) */
        {9, 13, 0x43e80001, 0x7e, 0},               /* just above: saturates */
        {9, 13, 0x43e80001, 0x7f, DMLP_EXECUTION_FLAG_CAST_NO_SATURATE}, /* NaN */
        {9, 12, 0x7f800000, 0x7b, 0},               /* inf -> E5M2 57344 saturated */
        {9, 12, 0x7f800000, 0x7c, DMLP_EXECUTION_FLAG_CAST_NO_SATURATE}, /* inf */
        {9, 14, 0x80000000, 0x00, 0},               /* -0 -> E4M3FNUZ +0 */
        {9, 14, 0xff800000, 0x80, 0},               /* -inf -> E4M3FNUZ NaN */
        {6, 9, 0x0000000001000001u, 0x4b800000, 0}, /* 2^24 + 1 -> 2^24 */
        {6, 11, 0x0000000001010001u, 0x4b81, 0},    /* bf16: rounded once, up */
        {7, 10, UINT64_MAX, 0x43f0000000000000u, 0}, /* 2^64 - 1 -> 2^64 */
        {10, 9, 0x7ff0000000000001u, 0x7fc00000, 0}, /* sNaN -> quiet NaN */
        {9, 1, 0x7fc00000, 1, DMLP_EXECUTION_FLAG_CAST_TO_BOOL},
        {9, 1, 0x80000000, 0, DMLP_EXECUTION_FLAG_CAST_TO_BOOL},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        const type_info *a = &types[known[i].from], *b = &types[known[i].to];
        CHECK_BITS(expected(known[i].x, a, b, known[i].flags), known[i].y,
                   "model: %s 0x%llx -> %s", a->name, (unsigned long long)known[i].x, b->name);
        dmlp__kernel_choice k = dmlp__convert_kernel(CAST, a->type, b->type);
        dmlp__kernel_args args = {.cast = known[i].flags};
        uint64_t y = 0;
        if (k.fn)
            k.fn(1, &known[i].x, &y, &args);
        CHECK_BITS(y, known[i].y, "kernel: %s 0x%llx -> %s", a->name,
                   (unsigned long long)known[i].x, b->name);
    }
}

static void check_api(void)
{
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_6_4, 2, DMLP_DEVICE_FLAG_EXTENSIONS};
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    if (!device)
        return;
    uint32_t sizes[1] = {4}, stride[1] = {2};
    DML_BUFFER_TENSOR_DESC ib = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes,
                                 NULL, 16, 0};
    DML_BUFFER_TENSOR_DESC ob = {DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_FLAG_NONE, 1, sizes,
                                 stride, 16, 0};
    DML_TENSOR_DESC it = {DML_TENSOR_TYPE_BUFFER, &ib}, ot = {DML_TENSOR_TYPE_BUFFER, &ob};
    DML_CAST_OPERATOR_DESC cd = {&it, &ot};
    DML_OPERATOR_DESC desc = {CAST, &cd};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_OK);
    float x[4] = {-2.75f, 1e9f, NAN, 40000.5f};
    int16_t y[8] = {9, 9, 9, 9, 9, 9, 9, 9};
    dmlp_buffer_binding bx = {x, 0, sizeof x}, by = {y, 0, sizeof y};
    CHECK_STATUS(dmlp_operator_execute(op, 1, &bx, 1, &by), DMLP_OK);
    CHECK(y[0] == -2 && y[2] == 32767 && y[4] == 0 && y[6] == 32767 && y[1] == 9 && y[7] == 9,
          "cast f32 -> i16 strided: %d %d %d %d", y[0], y[2], y[4], y[6]);
    /* never in place */
    dmlp_buffer_binding same = {x, 0, sizeof x};
    CHECK_STATUS(dmlp_operator_execute(op, 1, &same, 1, &same), DMLP_ERROR_INVALID_ARGUMENT);
    dmlp_operator_destroy(op);

    /* CAST_TO_BOOL needs a UINT8 output */
    op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, DMLP_EXECUTION_FLAG_CAST_TO_BOOL, &op),
                 DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "CAST: OutputTensor.DataType is INT16; with "
                                      "DMLP_EXECUTION_FLAG_CAST_TO_BOOL it must be UINT8");
    dmlp_device_destroy(device);

    /* without the extensions: a bfloat16 output and the flags are refused */
    dmlp_device_desc plain = {DML_FEATURE_LEVEL_6_4, 1, 0};
    CHECK_STATUS(dmlp_device_create(&plain, &device), DMLP_OK);
    ob.DataType = DMLP_TENSOR_DATA_TYPE_BFLOAT16;
    ob.Strides = NULL;
    ob.TotalTensorSizeInBytes = 8;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "CAST: OutputTensor.DataType is BFLOAT16; it needs a "
                                      "device created with DMLP_DEVICE_FLAG_EXTENSIONS");
    ob.DataType = DML_TENSOR_DATA_TYPE_UINT8;
    ob.TotalTensorSizeInBytes = 4;
    CHECK_STATUS(dmlp_operator_create(device, &desc, DMLP_EXECUTION_FLAG_CAST_ONNX, &op),
                 DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "each DMLP_EXECUTION_FLAG_CAST_* flag needs a device");
    dmlp_device_destroy(device);

    /* at 1_0: 4-D only, and no INT32 either side */
    dmlp_device_desc old = {DML_FEATURE_LEVEL_1_0, 1, 0};
    CHECK_STATUS(dmlp_device_create(&old, &device), DMLP_OK);
    uint32_t four[4] = {1, 1, 2, 2};
    ib.DimensionCount = ob.DimensionCount = 4;
    ib.Sizes = ob.Sizes = four;
    ob.DataType = DML_TENSOR_DATA_TYPE_INT32;
    ob.TotalTensorSizeInBytes = 16;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "CAST: OutputTensor.DataType is INT32; at feature level "
                                      "1_0 it must be");
    ob.DataType = DML_TENSOR_DATA_TYPE_UINT16;
    ob.TotalTensorSizeInBytes = 8;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_OK);
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);
}

int main(void)
{
#if LDBL_MANT_DIG < 64
    printf("test_reference_cast: skipped: the model needs a long double with 64 significant "
           "bits\n");
    return 77;
#else
    check_known();
    check_pairs(0, "directml");
    check_pairs(DMLP_EXECUTION_FLAG_CAST_NO_SATURATE, "no-saturate");
    check_pairs(DMLP_EXECUTION_FLAG_CAST_TO_BOOL, "bool");
    check_api();
    return test_finish("test_reference_cast");
#endif
}
