/* test_reference_quantized_add: ELEMENT_WISE_QUANTIZED_LINEAR_ADD's reference kernels
   (src/ops/quantized_linear_add.c, docs/operators.md) against the test's own model,
   written from the page's formula in binary32 arithmetic: each dequantized value the
   exact product (a double: 9 bits by 24) rounded once to float, their float sum, the
   float quotient by the output scale, rint (ties to even) of it, the zero point added,
   saturated; NaN gives Min.
   - Every (A, B) pair of each INT8/UINT8 type for A, for B and for the output, with
     scale and zero point sets that give ties, saturation, subnormal sums, overflow to
     infinity, zero and infinite scales, NaN, and NULL zero points; each input per
     element or one element for the run.
   - 10^6 random elements (random scale bits, and scales near 2^-7 to 2^3), every input
     per element.
   - The same under flush-to-zero and denormals-are-zero where the CPU has them (the
     subnormal sums must not change).
   - Through the public API: scales and zero points broadcast by strides of 0, a NULL
     zero point, output of the other signedness; a refused descriptor writes nothing. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dmlp.h"
#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#if defined(__SSE2__)
#include <xmmintrin.h>
#define HAVE_FTZ 1
#endif

#ifdef SANITIZED
#define RANDOM_ELEMENTS 100000u
#define PAIR_STEP 7u
#else
#define RANDOM_ELEMENTS 1000000u
#define PAIR_STEP 1u
#endif

#define QLADD DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD
#define I8 DML_TENSOR_DATA_TYPE_INT8
#define U8 DML_TENSOR_DATA_TYPE_UINT8

static float from_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static int32_t byte_value(unsigned char v, int is_signed)
{
    return is_signed ? (int32_t)(int8_t)v : (int32_t)v;
}

/* The model: the page's formula, each step rounded once to binary32. */
static int32_t model(int32_t a, int32_t a_zero, uint32_t a_scale, int32_t b, int32_t b_zero,
                     uint32_t b_scale, uint32_t out_scale, int32_t out_zero, int out_signed)
{
    int32_t lo = out_signed ? -128 : 0, hi = out_signed ? 127 : 255;
    volatile float av = (float)((double)(a - a_zero) * (double)from_bits(a_scale));
    volatile float bv = (float)((double)(b - b_zero) * (double)from_bits(b_scale));
    volatile float sum = av + bv;
    volatile float q = sum / from_bits(out_scale);
    if (isnan(q))
        return lo;
    double r = rint((double)q); /* the default rounding mode: ties to even */
    if (r > 1e6)
        r = 1e6;
    if (r < -1e6)
        r = -1e6;
    r += out_zero;
    return r < lo ? lo : r > hi ? hi : (int32_t)r;
}

/* One set of scales (binary32 bits) and zero points (a byte of the tensor's type, or -1
   for NULL). */
typedef struct scale_set {
    const char *what;
    uint32_t a_scale, b_scale, out_scale;
    int a_zero, b_zero, out_zero;
} scale_set;

static const scale_set sets[] = {
    {"tenths", 0x3dcccccd, 0x3e4ccccd, 0x3e99999a, 3, 0xfb, 10},
    {"ones, saturating", 0x3f800000, 0x3f800000, 0x3f800000, -1, -1, -1},
    {"halves: ties", 0x3f000000, 0x3f000000, 0x3f800000, 0x80, 0x7f, 0x80},
    {"quarters over a half: ties", 0x3e800000, 0x3f400000, 0x3f000000, 1, -1, 0xff},
    {"subnormal sums", 0x00000001, 0x00000003, 0x00000002, -1, 7, -1},
    {"subnormal sums over a normal", 0x00400000, 0x807fffff, 0x00800000, 9, -1, 0x81},
    {"overflow to infinity", 0x7f7fffff, 0x7f000000, 0x7f7fffff, -1, 0x80, 3},
    {"zero scales", 0x00000000, 0x80000000, 0x00000000, -1, -1, 5},
    {"infinite scales", 0x7f800000, 0xff800000, 0x3f800000, 0x10, -1, -1},
    {"an infinite output scale", 0x3f800000, 0x40000000, 0x7f800000, -1, -1, 0x40},
    {"a NaN scale", 0x7fc00001, 0x3f800000, 0x3f800000, -1, -1, 0x7f},
    {"one scale a third", 0x3eaaaaab, 0x3f800000, 0x3eaaaaab, 0x55, 0xaa, -1},
};
#define SET_COUNT (sizeof sets / sizeof sets[0])

static const DML_TENSOR_DATA_TYPE byte_types[2] = {I8, U8};

static dmlp__kernel_args args_for(DML_TENSOR_DATA_TYPE b_type)
{
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    args.in_type[3] = args.in_type[5] = b_type;
    args.in_type[1] = args.in_type[4] = args.in_type[6] = DML_TENSOR_DATA_TYPE_FLOAT32;
    return args;
}

/* Every (A, B) pair: A per element and B per element over 65,536 elements, or (every
   other pass) one of them a single element for the run. */
static void check_pairs(void)
{
    static unsigned char a[65536], b[65536], y[65536];
    for (uint32_t i = 0; i < 65536; i++) {
        a[i] = (unsigned char)(i >> 8);
        b[i] = (unsigned char)i;
    }
    for (int at = 0; at < 2; at++)
        for (int bt = 0; bt < 2; bt++)
            for (int ot = 0; ot < 2; ot++) {
                dmlp__nary_kernel fn = dmlp__nary_reference_kernel(QLADD, byte_types[at],
                                                                   byte_types[ot]);
                CHECK(fn != NULL, "a kernel for A %d, output %d", at, ot);
                if (!fn)
                    continue;
                dmlp__kernel_args args = args_for(byte_types[bt]);
                int a_signed = byte_types[at] == I8, b_signed = byte_types[bt] == I8;
                int out_signed = byte_types[ot] == I8;
                for (size_t s = 0; s < SET_COUNT; s++) {
                    const scale_set *set = &sets[s];
                    unsigned char az = (unsigned char)set->a_zero, bz = (unsigned char)set->b_zero;
                    unsigned char oz = (unsigned char)set->out_zero;
                    const void *in[8] = {a,
                                         &set->a_scale,
                                         set->a_zero < 0 ? NULL : &az,
                                         b,
                                         &set->b_scale,
                                         set->b_zero < 0 ? NULL : &bz,
                                         &set->out_scale,
                                         set->out_zero < 0 ? NULL : &oz};
                    uint32_t scalar = 0xf6; /* every input but A and B one element */
                    memset(y, 0xa5, sizeof y);
                    fn(65536, in, y, scalar, &args);
                    int32_t a0 = set->a_zero < 0 ? 0 : byte_value(az, a_signed);
                    int32_t b0 = set->b_zero < 0 ? 0 : byte_value(bz, b_signed);
                    int32_t o0 = set->out_zero < 0 ? 0 : byte_value(oz, out_signed);
                    for (uint32_t i = 0; i < 65536; i += PAIR_STEP) {
                        int32_t want = model(byte_value(a[i], a_signed), a0, set->a_scale,
                                             byte_value(b[i], b_signed), b0, set->b_scale,
                                             set->out_scale, o0, out_signed);
                        int32_t got = byte_value(y[i], out_signed);
                        if (got != want || i % 8192 == 0)
                            CHECK_BITS((uint64_t)(int64_t)got, (uint64_t)(int64_t)want,
                                       "%s: A %s %d, B %s %d to %s", set->what,
                                       a_signed ? "int8" : "uint8", byte_value(a[i], a_signed),
                                       b_signed ? "int8" : "uint8", byte_value(b[i], b_signed),
                                       out_signed ? "int8" : "uint8");
                    }
                    /* A one element for the run (bit 0), B per element: row 0x9c of the
                       pairs above */
                    unsigned char one = 0x9c;
                    in[0] = &one;
                    unsigned char z[256];
                    fn(256, in, z, scalar | 1u, &args);
                    for (uint32_t i = 0; i < 256; i++)
                        CHECK_BITS(z[i], y[0x9c00 + i], "%s: A one element, B %u", set->what,
                                   (unsigned)i);
                }
            }
}

/* Random elements, every input per element. */
static void check_random(void)
{
    enum { RUN = 1024 };
    uint64_t state = 0x9add;
    unsigned char a[RUN], az[RUN], b[RUN], bz[RUN], oz[RUN], y[RUN];
    uint32_t as[RUN], bs[RUN], os[RUN];
    for (uint32_t done = 0; done < RANDOM_ELEMENTS; done += RUN) {
        int at = (int)(done / RUN % 2), bt = (int)(done / RUN / 2 % 2),
            ot = (int)(done / RUN / 4 % 2);
        for (uint32_t k = 0; k < RUN; k++) {
            uint64_t r = oracle_random(&state), t = oracle_random(&state);
            a[k] = (unsigned char)r;
            az[k] = (unsigned char)(r >> 8);
            b[k] = (unsigned char)(r >> 16);
            bz[k] = (unsigned char)(r >> 24);
            oz[k] = (unsigned char)(r >> 32);
            if (k % 4 == 0) { /* any bits */
                as[k] = (uint32_t)t;
                bs[k] = (uint32_t)(t >> 32);
                os[k] = (uint32_t)oracle_random(&state);
            } else { /* 2^-7 to 2^3, either sign, any mantissa */
                as[k] = ((uint32_t)t & 0x807fffffu) | ((120u + (uint32_t)(r >> 40) % 11u) << 23);
                bs[k] = ((uint32_t)(t >> 32) & 0x807fffffu) |
                        ((120u + (uint32_t)(r >> 44) % 11u) << 23);
                os[k] = ((uint32_t)(t >> 16) & 0x007fffffu) |
                        ((120u + (uint32_t)(r >> 48) % 11u) << 23);
            }
        }
        dmlp__nary_kernel fn = dmlp__nary_reference_kernel(QLADD, byte_types[at], byte_types[ot]);
        if (!fn)
            continue;
        dmlp__kernel_args args = args_for(byte_types[bt]);
        const void *in[8] = {a, as, az, b, bs, bz, os, oz};
        fn(RUN, in, y, 0, &args);
        int a_signed = at == 0, b_signed = bt == 0, out_signed = ot == 0;
        for (uint32_t k = 0; k < RUN; k++) {
            int32_t want = model(byte_value(a[k], a_signed), byte_value(az[k], a_signed), as[k],
                                 byte_value(b[k], b_signed), byte_value(bz[k], b_signed), bs[k],
                                 os[k], byte_value(oz[k], out_signed), out_signed);
            int32_t got = byte_value(y[k], out_signed);
            if (got != want || k == 0)
                CHECK_BITS((uint64_t)(int64_t)got, (uint64_t)(int64_t)want,
                           "random: a %d - %d by 0x%08x, b %d - %d by 0x%08x, out 0x%08x + %d",
                           byte_value(a[k], a_signed), byte_value(az[k], a_signed),
                           (unsigned)as[k], byte_value(b[k], b_signed),
                           byte_value(bz[k], b_signed), (unsigned)bs[k], (unsigned)os[k],
                           byte_value(oz[k], out_signed));
        }
    }
}

/* The subnormal sets again with the processor flushing subnormals: the kernels do their
   arithmetic on the bits, so nothing changes (the model runs with the flags off). */
static void check_flush_to_zero(void)
{
#ifdef HAVE_FTZ
    dmlp__nary_kernel fn = dmlp__nary_reference_kernel(QLADD, U8, U8);
    if (!fn)
        return;
    dmlp__kernel_args args = args_for(U8);
    unsigned char a[256], b[256], y[256];
    for (size_t s = 4; s <= 5; s++) {
        const scale_set *set = &sets[s];
        for (uint32_t i = 0; i < 256; i++) {
            a[i] = (unsigned char)i;
            b[i] = (unsigned char)(255 - i);
        }
        unsigned char az = (unsigned char)set->a_zero, bz = (unsigned char)set->b_zero;
        unsigned char oz = (unsigned char)set->out_zero;
        const void *in[8] = {a, &set->a_scale, set->a_zero < 0 ? NULL : &az, b, &set->b_scale,
                             set->b_zero < 0 ? NULL : &bz, &set->out_scale,
                             set->out_zero < 0 ? NULL : &oz};
        unsigned int saved = _mm_getcsr();
        _mm_setcsr(saved | 0x8040u); /* FTZ and DAZ */
        fn(256, in, y, 0xf6, &args);
        _mm_setcsr(saved);
        for (uint32_t i = 0; i < 256; i++)
            CHECK_BITS(y[i],
                       (uint64_t)model(a[i], set->a_zero < 0 ? 0 : az, set->a_scale, b[i],
                                       set->b_zero < 0 ? 0 : bz, set->b_scale, set->out_scale,
                                       set->out_zero < 0 ? 0 : oz, 0),
                       "%s under flush-to-zero: a %u", set->what, (unsigned)i);
    }
    /* 2^-149 + 2^-148 over 2^-148 is 1.5: 2 (ties to even), not 0 from a flushed sum */
    CHECK_BITS(model(1, 0, 0x00000001, 1, 0, 0x00000002, 0x00000002, 0, 0), 2,
               "the model's subnormal sum");
#endif
}

/* Through the API: a 2 x 3 tensor, A int8 per element, B uint8 per column (a stride of 0
   on the rows), the scales and zero points one element each (strides 0), the output
   uint8; then with no zero points. */
static void check_api(void)
{
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(NULL, &device), DMLP_OK);
    if (!device)
        return;
    uint32_t sizes[2] = {2, 3}, per_column[2] = {0, 1}, one[2] = {0, 0};
    DML_BUFFER_TENSOR_DESC ab = {I8, DML_TENSOR_FLAG_NONE, 2, sizes, NULL, 8, 0};
    DML_BUFFER_TENSOR_DESC bb = {U8, DML_TENSOR_FLAG_NONE, 2, sizes, per_column, 4, 0};
    DML_BUFFER_TENSOR_DESC sb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 one, 4, 0};
    DML_BUFFER_TENSOR_DESC azb = {I8, DML_TENSOR_FLAG_NONE, 2, sizes, one, 4, 0};
    DML_BUFFER_TENSOR_DESC bzb = {U8, DML_TENSOR_FLAG_NONE, 2, sizes, one, 4, 0};
    DML_BUFFER_TENSOR_DESC ozb = {U8, DML_TENSOR_FLAG_NONE, 2, sizes, one, 4, 0};
    DML_BUFFER_TENSOR_DESC yb = {U8, DML_TENSOR_FLAG_NONE, 2, sizes, NULL, 8, 0};
    DML_TENSOR_DESC at = {DML_TENSOR_TYPE_BUFFER, &ab}, bt = {DML_TENSOR_TYPE_BUFFER, &bb},
                    st = {DML_TENSOR_TYPE_BUFFER, &sb}, azt = {DML_TENSOR_TYPE_BUFFER, &azb},
                    bzt = {DML_TENSOR_TYPE_BUFFER, &bzb}, ozt = {DML_TENSOR_TYPE_BUFFER, &ozb},
                    yt = {DML_TENSOR_TYPE_BUFFER, &yb};
    DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC qd = {&at, &st, &azt, &bt, &st,
                                                              &bzt, &st, &ozt, &yt};
    DML_OPERATOR_DESC desc = {QLADD, &qd};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_OK);
    int8_t a[8] = {-128, -1, 0, 5, 100, 127};
    uint8_t b[4] = {0, 200, 255};
    float a_scale = 0.5f, b_scale = 0.25f, out_scale = 1.0f;
    _Alignas(4) int8_t a_zero[4] = {-2};
    _Alignas(4) uint8_t b_zero[4] = {100}, out_zero[4] = {128};
    uint8_t y[8];
    memset(y, 0x55, sizeof y);
    dmlp_buffer_binding in[8] = {{a, 0, 8},         {&a_scale, 0, 4}, {a_zero, 0, 4},
                                 {b, 0, 4},         {&b_scale, 0, 4}, {b_zero, 0, 4},
                                 {&out_scale, 0, 4}, {out_zero, 0, 4}};
    dmlp_buffer_binding out = {y, 0, 8};
    CHECK_STATUS(dmlp_operator_execute(op, 8, in, 1, &out), DMLP_OK);
    for (int k = 0; k < 6; k++)
        CHECK_BITS(y[k], (uint64_t)model(a[k], -2, 0x3f000000, b[k % 3], 100, 0x3e800000,
                                         0x3f800000, 128, 0),
                   "API element %d", k);
    /* (-128 + 2) / 2 + (0 - 100) / 4 = -88 -> 40; (127 + 2) / 2 + (255 - 100) / 4 = 103.25
       -> 231 */
    CHECK_BITS(y[0], 40, "API element 0");
    CHECK_BITS(y[5], 231, "API element 5");
    CHECK_BITS(y[6], 0x55, "API: nothing past the output");
    dmlp_operator_destroy(op);

    /* No zero points: NULL members, bindings without a buffer; an int8 output. */
    yb.DataType = I8;
    qd.AZeroPointTensor = qd.BZeroPointTensor = qd.OutputZeroPointTensor = NULL;
    op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_OK);
    in[2] = in[5] = in[7] = (dmlp_buffer_binding){NULL, 0, 0};
    CHECK_STATUS(dmlp_operator_execute(op, 8, in, 1, &out), DMLP_OK);
    for (int k = 0; k < 6; k++)
        CHECK_BITS((uint64_t)(int64_t)(int8_t)y[k],
                   (uint64_t)(int64_t)model(a[k], 0, 0x3f000000, b[k % 3], 0, 0x3e800000,
                                            0x3f800000, 0, 1),
                   "API without zero points, element %d", k);
    dmlp_operator_destroy(op);

    /* A refused descriptor: BZeroPoint of the wrong type; no operator, nothing written. */
    bzb.DataType = I8;
    qd.BZeroPointTensor = &bzt;
    op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "ELEMENT_WISE_QUANTIZED_LINEAR_ADD: BZeroPointTensor."
                                      "DataType is INT8; it must equal BTensor.DataType (UINT8)");
    CHECK(op == NULL, "no operator");
    dmlp_device_destroy(device);

    /* Below 4_0 the operator does not exist. */
    dmlp_device_desc at_3_1 = {DML_FEATURE_LEVEL_3_1, 0, 0};
    CHECK_STATUS(dmlp_device_create(&at_3_1, &device), DMLP_OK);
    bzb.DataType = U8;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "4_0");
    CHECK(op == NULL, "no operator at 3_1");
    dmlp_device_destroy(device);
}

int main(void)
{
    check_pairs();
    check_random();
    check_flush_to_zero();
    check_api();
    return test_finish("test_reference_quantized_add");
}
