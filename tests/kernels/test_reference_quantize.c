/* test_reference_quantize: the arithmetic of QuantizeLinear and DequantizeLinear
   (src/ops/quantize.h, docs/operators.md) against the tests' own model
   (test_reference_oracle.h): quotients and products rounded by integer division on
   128 bits, nearest integers by floor and a comparison with 1/2, special values on the
   bits.
   Quantize: every f16 and every bf16 input against a set of scales of its type (ones,
   thirds, tenths, powers of two, subnormals, the largest, zeros, infinities, NaN) and
   zero points of UINT8, INT8 and the 16-bit ranges; f32 edges against edge scales; 10^7
   random f32 pairs (half of them placed on or next to a tie); INT32 edges and random
   inputs against edge and random scales, the exact quotient rounded once.
   Dequantize: every 8- and 16-bit input against zero points and scales of f32, f16 and
   bf16; INT32 and UINT32 edges and random inputs. Then again under flush-to-zero and
   denormals-are-zero, where the CPU has them (every 7th 16-bit input, a tenth of the
   random samples): the results must not change. Then the reference kernels of every
   (input, output) type pair on runs with each input given per element or as one
   element, and a NULL zero point; then through the public API, a scale per row and one
   zero point broadcast by strides of 0. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dmlp.h"
#include "kernels/kernels.h"
#include "ops/quantize.h"
#include "test_reference_oracle.h"

/* Under AddressSanitizer (a Debug pass looking for memory errors and undefined
   behaviour) every 11th 16-bit input and fewer random pairs. */
#ifdef SANITIZED
#define RANDOM_PAIRS 200000u
#define FIRST_STEP 11u
#else
#define RANDOM_PAIRS 10000000u
#define FIRST_STEP 1u
#endif

/* The output types' ranges, and zero points in each. */
typedef struct range {
    const char *name;
    int32_t lo, hi;
    int32_t zero_points[4];
} range;

static const range ranges[] = {
    {"uint8", 0, 255, {0, 128, 255, 3}},
    {"int8", -128, 127, {0, -128, 127, -5}},
    {"uint16", 0, 65535, {0, 32768, 65535, 1}},
    {"int16", -32768, 32767, {0, -32768, 32767, 100}},
};
#define RANGES (sizeof ranges / sizeof ranges[0])

/* 1 on the first pass; on the pass under flush-to-zero, which can only change results
   through subnormals, every 7th 16-bit input and a tenth of the random samples. */
static uint32_t thin = 1;

static int32_t clamp_model(int64_t v, const range *r)
{
    return v < r->lo ? r->lo : v > r->hi ? r->hi : (int32_t)v;
}

/* A finite nonzero encoding as m * 2^e (m an integer). */
static void split(uint64_t bits, oracle_format f, uint64_t *m, int *e)
{
    uint64_t exponent = oracle_field_exponent(bits, f), mantissa = oracle_field_mantissa(bits, f);
    *m = exponent ? mantissa | (UINT64_C(1) << f.mbits) : mantissa;
    *e = (exponent ? (int)exponent : 1) - oracle_bias(f) - f.mbits;
}

static int is_zero(uint64_t bits, oracle_format f)
{
    return oracle_field_exponent(bits, f) == 0 && oracle_field_mantissa(bits, f) == 0;
}

/* The nearest integer to a finite double, ties to even, held to +-2^30. */
static int64_t nearest_even(double q)
{
    if (q > 0x1p30)
        return INT64_C(1) << 30;
    if (q < -0x1p30)
        return -(INT64_C(1) << 30);
    double whole = floor(q), fraction = q - whole;
    if (fraction > 0.5 || (fraction == 0.5 && fmod(whole, 2.0) != 0))
        whole += 1;
    return (int64_t)whole;
}

/* Quantize of a float input: the binary32 quotient, then its nearest integer. */
static int32_t quantize_model(uint64_t x, uint64_t s, oracle_format f, int32_t zp, const range *r)
{
    if (oracle_is_nan(x, f) || oracle_is_nan(s, f))
        return r->lo;
    int negative = oracle_negative(x, f) ^ oracle_negative(s, f);
    if (oracle_is_inf(x, f))
        return oracle_is_inf(s, f) ? r->lo : negative ? r->lo : r->hi;
    if (oracle_is_inf(s, f) || (is_zero(x, f) && !is_zero(s, f)))
        return clamp_model(zp, r);
    if (is_zero(s, f))
        return is_zero(x, f) ? r->lo : negative ? r->lo : r->hi;
    uint64_t mx, ms;
    int ex, es;
    split(x, f, &mx, &ex);
    split(s, f, &ms, &es);
    if (ex - es < -180) /* below 2^-150: rounds to 0 */
        return clamp_model(zp, r);
    double q = ldexp(oracle_round_quotient(mx, ms, 24, -126 - (ex - es)), ex - es);
    if (q >= 0x1p128) /* overflow: infinity */
        return negative ? r->lo : r->hi;
    int64_t n = nearest_even(q);
    return clamp_model((negative ? -n : n) + zp, r);
}

/* Quantize of an INT32 input: the exact quotient's nearest integer, by 128-bit division. */
static int32_t quantize_i32_model(int32_t x, uint32_t s, int32_t zp, const range *r)
{
    if (oracle_is_nan(s, ORACLE_F32))
        return r->lo;
    int negative = (x < 0) ^ oracle_negative(s, ORACLE_F32);
    if (oracle_is_inf(s, ORACLE_F32))
        return clamp_model(zp, r);
    if (is_zero(s, ORACLE_F32))
        return x == 0 ? r->lo : negative ? r->lo : r->hi;
    if (x == 0)
        return clamp_model(zp, r);
    uint64_t ms;
    int es;
    split(s, ORACLE_F32, &ms, &es);
    oracle_u128 num = (uint64_t)(x < 0 ? -(int64_t)x : (int64_t)x), den = ms;
    int64_t n;
    if (es >= 64) {
        n = 0; /* |x| < 2^31 and den >= 2^64: below 2^-33 */
    } else if (es >= 0) {
        den <<= es;
    } else if (es <= -90) {
        num = 0; /* at least 2^(89 - 24): saturates */
    } else {
        num <<= -es;
    }
    if (es >= 64) {
        n = 0;
    } else if (num == 0) {
        n = INT64_C(1) << 30;
    } else {
        oracle_u128 whole = num / den, rest = num % den;
        if (rest * 2 > den || (rest * 2 == den && (whole & 1)))
            whole++;
        n = whole > ((oracle_u128)1 << 30) ? INT64_C(1) << 30 : (int64_t)whole;
    }
    return clamp_model((negative ? -n : n) + zp, r);
}

/* Dequantize: the exact product rounded once to f, on the bits. */
static uint64_t dequantize_model(int64_t d, uint64_t s, oracle_format f)
{
    uint64_t sign_bit = UINT64_C(1) << (f.ebits + f.mbits);
    uint64_t inf = ((UINT64_C(1) << f.ebits) - 1) << f.mbits;
    if (oracle_is_nan(s, f))
        return s | (UINT64_C(1) << (f.mbits - 1));
    int negative = (d < 0) ^ oracle_negative(s, f);
    uint64_t sign = negative ? sign_bit : 0;
    if (oracle_is_inf(s, f))
        return d == 0 ? inf | (UINT64_C(1) << (f.mbits - 1)) : sign | inf;
    if (d == 0 || is_zero(s, f))
        return sign;
    uint64_t ms;
    int es;
    split(s, f, &ms, &es);
    uint64_t magnitude = (uint64_t)(d < 0 ? -d : d) * ms; /* below 2^57 */
    int emin = 1 - oracle_bias(f);
    double v = ldexp(oracle_round_quotient(magnitude, 1, f.mbits + 1, emin - es), es);
    if (v >= ldexp(1.0, oracle_bias(f) + 1))
        return sign | inf;
    return sign | oracle_encode(v, f);
}

/* ---- quantize ------------------------------------------------------------------------ */

static int32_t library_quantize(uint64_t x, uint64_t s, int format, int32_t zp, const range *r)
{
    switch (format) {
    case 0: return dmlp__quantize_f16((uint16_t)x, (uint16_t)s, zp, r->lo, r->hi);
    case 1: return dmlp__quantize_bf16((uint16_t)x, (uint16_t)s, zp, r->lo, r->hi);
    default: return dmlp__quantize_f32((uint32_t)x, (uint32_t)s, zp, r->lo, r->hi);
    }
}

static const char *const format_names[] = {"f16", "bf16", "f32"};
static const oracle_format formats[] = {{5, 10}, {8, 7}, {8, 23}};

/* Scales of a 16-bit format: ones, thirds and tenths (rounded), powers of two, the
   smallest subnormal, the largest finite value, zeros, infinities and a NaN. */
static const uint16_t f16_scales[] = {0x3c00, 0xbc00, 0x3555, 0x2e66, 0x3800, 0x4000, 0x4200,
                                      0x1c00, 0x0001, 0x03ff, 0x7bff, 0x0000, 0x8000, 0x7c00,
                                      0xfc00, 0x7e01, 0x2a00};
static const uint16_t bf16_scales[] = {0x3f80, 0xbf80, 0x3eab, 0x3dcd, 0x3f00, 0x4000, 0x4040,
                                       0x3c00, 0x0001, 0x007f, 0x7f7f, 0x0000, 0x8000, 0x7f80,
                                       0xff80, 0x7fc1, 0x0100};

static void check_quantize_16bit(void)
{
    for (int format = 0; format < 2; format++) {
        const uint16_t *scales = format == 0 ? f16_scales : bf16_scales;
        size_t scale_count = format == 0 ? sizeof f16_scales / sizeof f16_scales[0]
                                         : sizeof bf16_scales / sizeof bf16_scales[0];
        for (size_t si = 0; si < scale_count; si++)
            for (size_t ri = 0; ri < RANGES; ri++)
                for (uint32_t x = 0; x < 65536; x += thin) {
                    int32_t zp = ranges[ri].zero_points[x & 3];
                    CHECK_EQ_U64((uint64_t)(int64_t)library_quantize(x, scales[si], format, zp,
                                                                     &ranges[ri]),
                                 (uint64_t)(int64_t)quantize_model(x, scales[si],
                                                                   formats[format], zp,
                                                                   &ranges[ri]),
                                 "quantize %s x 0x%04x scale 0x%04x zp %d to %s",
                                 format_names[format], (unsigned)x, (unsigned)scales[si],
                                 (int)zp, ranges[ri].name);
                }
    }
}

/* f32 values where the answer turns: zeros, subnormals, the smallest normal, halves and
   their neighbours, the saturation points, the largest finite value, infinities, NaNs. */
static const uint32_t f32_edges[] = {
    0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000, 0x3f000000, 0xbf000000,
    0x3effffff, 0x3f000001, 0x3fc00000, 0xbfc00000, 0x40200000, 0xc0200000, 0x3f800000,
    0x42ff0000, 0x43000000, 0x437f0000, 0x437f8000, 0x43808000, 0xc3008000, 0xc3010000,
    0x4b000001, 0x4b7fffff, 0x4f000000, 0xcf000000, 0x7f7fffff, 0xff7fffff, 0x7f800000,
    0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001, 0x3eb33333, 0x3dcccccd, 0x40490fdb,
};

static void check_quantize_f32(void)
{
    size_t n = sizeof f32_edges / sizeof f32_edges[0];
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            for (size_t ri = 0; ri < RANGES; ri++)
                for (int z = 0; z < 4; z++) {
                    int32_t zp = ranges[ri].zero_points[z];
                    CHECK_EQ_U64((uint64_t)(int64_t)dmlp__quantize_f32(f32_edges[i], f32_edges[j],
                                                                       zp, ranges[ri].lo,
                                                                       ranges[ri].hi),
                                 (uint64_t)(int64_t)quantize_model(f32_edges[i], f32_edges[j],
                                                                   ORACLE_F32, zp, &ranges[ri]),
                                 "quantize f32 x 0x%08x scale 0x%08x zp %d to %s",
                                 (unsigned)f32_edges[i], (unsigned)f32_edges[j], (int)zp,
                                 ranges[ri].name);
                }

    /* Random pairs: scales of every exponent; inputs either any pattern, or the scale
       times a half-integer in the output's reach, rounded to f32 and then moved by up to
       two units (so that exact ties and their neighbours come up). */
    uint64_t state = 0x5eed;
    for (uint32_t i = 0; i < RANDOM_PAIRS / (thin == FIRST_STEP ? 1 : 10); i++) {
        uint64_t bits = oracle_random(&state);
        uint32_t s = (uint32_t)bits, x;
        if (i & 1) {
            s = (s & 0x807fffffu) | ((uint32_t)(((bits >> 32) % 200u) + 27u) << 23);
            double half = (double)((int)((bits >> 40) % 1024u) - 512) + 0.5;
            float target = (float)(half * (double)dmlp__f32_from_bits(s));
            x = dmlp__f32_bits(target) + (uint32_t)((int)((bits >> 52) % 5u) - 2);
        } else {
            x = (uint32_t)(bits >> 32);
        }
        const range *r = &ranges[(bits >> 56) % RANGES];
        int32_t zp = r->zero_points[(bits >> 60) & 3];
        int32_t got = dmlp__quantize_f32(x, s, zp, r->lo, r->hi);
        int32_t want = quantize_model(x, s, ORACLE_F32, zp, r);
        if (got != want || i % 4096 == 0)
            CHECK_EQ_U64((uint64_t)(int64_t)got, (uint64_t)(int64_t)want,
                         "quantize f32 x 0x%08x scale 0x%08x zp %d to %s", (unsigned)x,
                         (unsigned)s, (int)zp, r->name);
    }
}

static const int32_t i32_edges[] = {0, 1, -1, 2, 3, 127, 128, 255, 256, -128, -129, 16777216,
                                    16777217, -16777217, 33554431, 33554433, 2147483647,
                                    -2147483647 - 1, 1000000007, -999999999};
static const uint32_t i32_scales[] = {0x3f800000, 0x4c000000, 0x4b800000, 0x40000000,
                                      0x3f000000, 0x00000001, 0x7f7fffff, 0x00000000,
                                      0x80000000, 0x7f800000, 0xff800000, 0x7fc00000,
                                      0x4e800000, 0x4e7fffff, 0xbdcccccd, 0x40400000};

static void check_quantize_i32(void)
{
    size_t ne = sizeof i32_edges / sizeof i32_edges[0];
    size_t ns = sizeof i32_scales / sizeof i32_scales[0];
    for (size_t i = 0; i < ne; i++)
        for (size_t j = 0; j < ns; j++)
            for (size_t ri = 0; ri < RANGES; ri++)
                for (int z = 0; z < 4; z++) {
                    int32_t zp = ranges[ri].zero_points[z];
                    CHECK_EQ_U64((uint64_t)(int64_t)dmlp__quantize_i32(i32_edges[i], i32_scales[j],
                                                                       zp, ranges[ri].lo,
                                                                       ranges[ri].hi),
                                 (uint64_t)(int64_t)quantize_i32_model(i32_edges[i],
                                                                       i32_scales[j], zp,
                                                                       &ranges[ri]),
                                 "quantize int32 x %d scale 0x%08x zp %d to %s",
                                 (int)i32_edges[i], (unsigned)i32_scales[j], (int)zp,
                                 ranges[ri].name);
                }
    /* 2^24 + 1 over 2^25 is just above 1/2: 1, where rounding the input to binary32
       first would give 1/2 and then 0. */
    CHECK_EQ_U64((uint64_t)dmlp__quantize_i32(16777217, 0x4c000000u, 0, 0, 255), 1,
                 "quantize int32 2^24 + 1 by 2^25");
    uint64_t state = 0x1273;
    for (uint32_t i = 0; i < RANDOM_PAIRS / (thin == FIRST_STEP ? 4 : 40); i++) {
        uint64_t bits = oracle_random(&state);
        int32_t x = (int32_t)(uint32_t)bits;
        if (i & 1) /* a smaller input */
            x >>= (bits >> 32) % 31u;
        /* scales that bring the quotient into the outputs' reach, or anywhere */
        uint32_t exponent = (i & 2) ? (uint32_t)((bits >> 40) % 254u) + 1u
                                    : 127u + 23u - (uint32_t)((bits >> 40) % 24u);
        uint32_t s = ((uint32_t)(bits >> 48) & 0x807fffffu) | (exponent << 23);
        s ^= (uint32_t)(bits >> 16) & 0x7fffu; /* low mantissa bits */
        const range *r = &ranges[(bits >> 56) % RANGES];
        int32_t zp = r->zero_points[(bits >> 60) & 3];
        int32_t got = dmlp__quantize_i32(x, s, zp, r->lo, r->hi);
        int32_t want = quantize_i32_model(x, s, zp, r);
        if (got != want || i % 4096 == 0)
            CHECK_EQ_U64((uint64_t)(int64_t)got, (uint64_t)(int64_t)want,
                         "quantize int32 x %d scale 0x%08x zp %d to %s", (int)x, (unsigned)s,
                         (int)zp, r->name);
    }
}

/* ---- dequantize ---------------------------------------------------------------------- */

static const uint32_t f32_dq_scales[] = {0x3f800000, 0xbf800000, 0x3dcccccd, 0x3b808081,
                                         0x00000001, 0x00400000, 0x7f7fffff, 0x00000000,
                                         0x80000000, 0x7f800000, 0xff800000, 0xffc00123,
                                         0x7f800001, 0x33800000, 0x5f000000};

static uint64_t library_dequantize(int64_t d, uint64_t s, int format)
{
    switch (format) {
    case 0: return dmlp__dequantize_f16(d, (uint16_t)s);
    case 1: return dmlp__dequantize_bf16(d, (uint16_t)s);
    default: return dmlp__dequantize_f32(d, (uint32_t)s);
    }
}

/* Input types of 8 and 16 bits: every input against zero points at both ends and in
   the middle, and each format's scales. */
static void check_dequantize_small(void)
{
    static const struct {
        const char *name;
        int bits, is_signed;
    } types[] = {{"uint8", 8, 0}, {"int8", 8, 1}, {"uint16", 16, 0}, {"int16", 16, 1}};
    for (size_t t = 0; t < 4; t++) {
        int64_t lo = types[t].is_signed ? -(INT64_C(1) << (types[t].bits - 1)) : 0;
        int64_t count = INT64_C(1) << types[t].bits, hi = lo + count - 1;
        int64_t zero_points[] = {0, lo, hi, lo + count / 2 + 7};
        for (int format = 0; format < 3; format++) {
            size_t scale_count = format == 0   ? sizeof f16_scales / sizeof f16_scales[0]
                                 : format == 1 ? sizeof bf16_scales / sizeof bf16_scales[0]
                                               : sizeof f32_dq_scales / sizeof f32_dq_scales[0];
            for (size_t si = 0; si < scale_count; si++) {
                uint64_t s = format == 0   ? f16_scales[si]
                             : format == 1 ? bf16_scales[si]
                                           : f32_dq_scales[si];
                for (int64_t x = lo; x <= hi; x += thin) {
                    int64_t zp = zero_points[(x & 3) ^ (int64_t)(si & 3)];
                    CHECK_BITS(library_dequantize(x - zp, s, format),
                               dequantize_model(x - zp, s, formats[format]),
                               "dequantize %s x %lld zp %lld scale 0x%llx (%s)", types[t].name,
                               (long long)x, (long long)zp, (unsigned long long)s,
                               format_names[format]);
                }
            }
        }
    }
}

/* INT32 and UINT32 inputs: differences up to 2^32 - 1 in magnitude, which need the
   product on more bits than a double has. */
static void check_dequantize_wide(void)
{
    static const int64_t edges[] = {0,          1,           -1,          2147483647,
                                    -2147483648, 4294967295, -4294967295, 16777217,
                                    536870913,  -536870913,  (1LL << 31) + 3};
    for (int format = 0; format < 3; format++) {
        size_t scale_count = format == 0   ? sizeof f16_scales / sizeof f16_scales[0]
                             : format == 1 ? sizeof bf16_scales / sizeof bf16_scales[0]
                                           : sizeof f32_dq_scales / sizeof f32_dq_scales[0];
        for (size_t si = 0; si < scale_count; si++) {
            uint64_t s = format == 0   ? f16_scales[si]
                         : format == 1 ? bf16_scales[si]
                                       : f32_dq_scales[si];
            for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
                CHECK_BITS(library_dequantize(edges[i], s, format),
                           dequantize_model(edges[i], s, formats[format]),
                           "dequantize difference %lld scale 0x%llx (%s)", (long long)edges[i],
                           (unsigned long long)s, format_names[format]);
        }
    }
    uint64_t state = 0xdec0de;
    for (uint32_t i = 0; i < RANDOM_PAIRS / (thin == 1 ? 4 : 40); i++) {
        uint64_t bits = oracle_random(&state);
        /* the difference of two int32s or two uint32s */
        int64_t a = (i & 1) ? (int64_t)(int32_t)(uint32_t)bits : (int64_t)(uint32_t)bits;
        int64_t b = (i & 1) ? (int64_t)(int32_t)(uint32_t)(bits >> 32)
                            : (int64_t)(uint32_t)(bits >> 32);
        int64_t d = (i & 2) ? a - b : a >> ((bits >> 40) % 32u);
        uint64_t more = oracle_random(&state);
        int format = (int)(more % 3u);
        uint64_t s = format == 2 ? (uint32_t)(more >> 32) : (uint16_t)(more >> 32);
        CHECK_BITS(library_dequantize(d, s, format), dequantize_model(d, s, formats[format]),
                   "dequantize difference %lld scale 0x%llx (%s)", (long long)d,
                   (unsigned long long)s, format_names[format]);
    }
}

/* ---- the reference kernels and the API ------------------------------------------------ */

static uint64_t load(const unsigned char *p, size_t i, size_t size)
{
    uint64_t x = 0;
    memcpy(&x, p + i * size, size);
    return x;
}

static int64_t signed_of(uint64_t x, size_t size, int is_signed)
{
    if (!is_signed || size == 8)
        return (int64_t)x;
    uint64_t top = UINT64_C(1) << (8 * size - 1);
    return (int64_t)((x ^ top) - top);
}

enum { RUN = 67 };

static void check_quantize_kernels(void)
{
    static const struct {
        DML_TENSOR_DATA_TYPE type;
        size_t size;
        int format; /* 0 f16, 2 f32, -1 int32 */
    } inputs[] = {{DML_TENSOR_DATA_TYPE_FLOAT32, 4, 2},
                  {DML_TENSOR_DATA_TYPE_FLOAT16, 2, 0},
                  {DML_TENSOR_DATA_TYPE_INT32, 4, -1}};
    static const struct { /* the 16-bit outputs are extensions */
        DML_TENSOR_DATA_TYPE type;
        const range *r;
        size_t size;
    } outputs[] = {{DML_TENSOR_DATA_TYPE_UINT8, &ranges[0], 1},
                   {DML_TENSOR_DATA_TYPE_INT8, &ranges[1], 1},
                   {DML_TENSOR_DATA_TYPE_UINT16, &ranges[2], 2},
                   {DML_TENSOR_DATA_TYPE_INT16, &ranges[3], 2}};
    uint64_t state = 0x7e57;
    for (size_t i = 0; i < 3; i++)
        for (size_t o = 0; o < sizeof outputs / sizeof outputs[0]; o++) {
            dmlp__nary_kernel fn =
                dmlp__nary_reference_kernel(DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR,
                                            inputs[i].type, outputs[o].type);
            CHECK(fn != NULL, "quantize kernel %d to %d", (int)inputs[i].type,
                  (int)outputs[o].type);
            if (!fn)
                continue;
            size_t xs = inputs[i].size, ss = inputs[i].format == 0 ? 2 : 4;
            const range *r = outputs[o].r;
            size_t ys = outputs[o].size;
            for (uint32_t scalar = 0; scalar < 8; scalar++)
                for (int null_zp = 0; null_zp < 2; null_zp++) {
                    unsigned char x[RUN * 4], sc[RUN * 4], z[RUN * 2], y[RUN * 2];
                    for (size_t k = 0; k < RUN; k++) {
                        uint64_t bits = oracle_random(&state);
                        uint64_t xv = bits, sv = bits >> 32;
                        if (inputs[i].format == 0) { /* scales near 1/16 .. 16 */
                            sv = (sv & 0x83ffu) | (((bits >> 40) % 9u + 11u) << 10);
                        } else {
                            sv = (sv & 0x807fffffu) | (((bits >> 40) % 9u + 123u) << 23);
                            if (inputs[i].format == 2 && (k & 1)) /* a value in reach */
                                xv = (xv & 0x807fffffu) | (((bits >> 48) % 12u + 120u) << 23);
                            if (inputs[i].format < 0 && (k & 1))
                                xv = (uint64_t)(int64_t)((int32_t)xv >> 22);
                        }
                        int32_t zv = r->lo + (int32_t)((bits >> 48) % (uint32_t)(r->hi - r->lo + 1));
                        memcpy(x + k * xs, &xv, xs);
                        memcpy(sc + k * ss, &sv, ss);
                        uint8_t z8 = (uint8_t)zv;
                        uint16_t z16 = (uint16_t)zv;
                        memcpy(z + k * ys, ys == 1 ? (const void *)&z8 : (const void *)&z16, ys);
                    }
                    const void *in[3] = {x, sc, null_zp ? NULL : z};
                    fn(RUN, in, y, scalar, NULL);
                    for (size_t k = 0; k < RUN; k++) {
                        uint64_t xv = load(x, scalar & 1u ? 0 : k, xs);
                        uint64_t sv = load(sc, scalar & 2u ? 0 : k, ss);
                        int32_t zv = null_zp ? 0
                                             : (int32_t)signed_of(load(z, scalar & 4u ? 0 : k, ys),
                                                                  ys, r->lo < 0);
                        int32_t want = inputs[i].format < 0
                                           ? quantize_i32_model((int32_t)(uint32_t)xv,
                                                                (uint32_t)sv, zv, r)
                                           : quantize_model(xv, sv, formats[inputs[i].format],
                                                            zv, r);
                        CHECK_EQ_U64((uint64_t)signed_of(load(y, k, ys), ys, r->lo < 0),
                                     (uint64_t)(int64_t)want,
                                     "quantize kernel %d to %d, scalar %u, zp %s, element %zu",
                                     (int)inputs[i].type, (int)outputs[o].type,
                                     (unsigned)scalar, null_zp ? "NULL" : "given", k);
                    }
                }
        }
}

static void check_dequantize_kernels(void)
{
    static const struct {
        DML_TENSOR_DATA_TYPE type;
        size_t size;
        int is_signed;
    } inputs[] = {{DML_TENSOR_DATA_TYPE_INT8, 1, 1},   {DML_TENSOR_DATA_TYPE_UINT8, 1, 0},
                  {DML_TENSOR_DATA_TYPE_INT16, 2, 1},  {DML_TENSOR_DATA_TYPE_UINT16, 2, 0},
                  {DML_TENSOR_DATA_TYPE_INT32, 4, 1},  {DML_TENSOR_DATA_TYPE_UINT32, 4, 0}};
    uint64_t state = 0xd7e5;
    for (size_t i = 0; i < 6; i++)
        for (int f32 = 0; f32 < 2; f32++) {
            DML_TENSOR_DATA_TYPE out = f32 ? DML_TENSOR_DATA_TYPE_FLOAT32 : DML_TENSOR_DATA_TYPE_FLOAT16;
            dmlp__nary_kernel fn = dmlp__nary_reference_kernel(
                DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, inputs[i].type, out);
            CHECK(fn != NULL, "dequantize kernel %d to %d", (int)inputs[i].type, (int)out);
            if (!fn)
                continue;
            size_t xs = inputs[i].size, ss = f32 ? 4 : 2;
            for (uint32_t scalar = 0; scalar < 8; scalar++)
                for (int null_zp = 0; null_zp < 2; null_zp++) {
                    unsigned char x[RUN * 4], sc[RUN * 4], z[RUN * 4], y[RUN * 4];
                    for (size_t k = 0; k < RUN; k++) {
                        uint64_t bits = oracle_random(&state), more = oracle_random(&state);
                        memcpy(x + k * xs, &bits, xs);
                        memcpy(z + k * xs, &more, xs);
                        uint64_t sv = bits >> 32;
                        memcpy(sc + k * ss, &sv, ss);
                    }
                    const void *in[3] = {x, sc, null_zp ? NULL : z};
                    fn(RUN, in, y, scalar, NULL);
                    for (size_t k = 0; k < RUN; k++) {
                        int64_t xv = signed_of(load(x, scalar & 1u ? 0 : k, xs), xs,
                                               inputs[i].is_signed);
                        int64_t zv = null_zp ? 0
                                             : signed_of(load(z, scalar & 4u ? 0 : k, xs), xs,
                                                         inputs[i].is_signed);
                        uint64_t sv = load(sc, scalar & 2u ? 0 : k, ss);
                        CHECK_BITS(load(y, k, ss),
                                   dequantize_model(xv - zv, sv, formats[f32 ? 2 : 0]),
                                   "dequantize kernel %d to %d, scalar %u, zp %s, element %zu",
                                   (int)inputs[i].type, (int)out, (unsigned)scalar,
                                   null_zp ? "NULL" : "given", k);
                    }
                }
        }
}

/* Through the API: a 2 x 3 float32 input, one scale per row (strides 1, 0) and one
   zero point (strides 0, 0); then DequantizeLinear of its result back, with a NULL zero
   point into FLOAT16 at 6_4 and refused at 6_1. */
static void check_api(void)
{
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(NULL, &device), DMLP_OK);
    if (!device)
        return;
    uint32_t sizes[2] = {2, 3}, per_row[2] = {1, 0}, one[2] = {0, 0};
    DML_BUFFER_TENSOR_DESC xb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 NULL, 24, 0};
    DML_BUFFER_TENSOR_DESC sb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 per_row, 8, 0};
    DML_BUFFER_TENSOR_DESC zb = {DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 one, 4, 0};
    DML_BUFFER_TENSOR_DESC yb = {DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 NULL, 8, 0};
    DML_TENSOR_DESC xt = {DML_TENSOR_TYPE_BUFFER, &xb}, st = {DML_TENSOR_TYPE_BUFFER, &sb},
                    zt = {DML_TENSOR_TYPE_BUFFER, &zb}, yt = {DML_TENSOR_TYPE_BUFFER, &yb};
    DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC qd = {&xt, &st, &zt, &yt};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, &qd};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_OK);
    float x[6] = {0.35f, -0.25f, 2.5f, 16777216.0f, -1.0f, 0.5f};
    float scale[2] = {0.1f, 0.5f};
    int8_t zp = -3, y[8];
    memset(y, 0x55, sizeof y);
    dmlp_buffer_binding in[3] = {{x, 0, sizeof x}, {scale, 0, sizeof scale}, {&zp, 0, 4}};
    _Alignas(4) int8_t zp4[4] = {-3, 0, 0, 0};
    in[2].buffer = zp4;
    dmlp_buffer_binding out = {y, 0, sizeof y};
    CHECK_STATUS(dmlp_operator_execute(op, 3, in, 1, &out), DMLP_OK);
    /* 3.5 (the binary32 quotient) -> 4; -2.5 -> -2; 25; saturated; -2; 1 (ties to even: 0.5
       / 0.5 is 1) */
    static const int8_t want[6] = {1, -5, 22, 127, -5, -2};
    for (int k = 0; k < 6; k++)
        CHECK_EQ_U64((uint64_t)(int64_t)y[k], (uint64_t)(int64_t)want[k], "quantize API %d", k);
    CHECK_EQ_U64((uint64_t)(uint8_t)y[6], 0x55, "quantize API: nothing past the output");
    dmlp_operator_destroy(op);
    (void)zp;

    /* Dequantize the int8 result with a FLOAT16 scale per row and no zero point */
    DML_BUFFER_TENSOR_DESC db = {DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_FLAG_NONE, 2, sizes, NULL,
                                 8, 0};
    DML_BUFFER_TENSOR_DESC hb = {DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 per_row, 4, 0};
    DML_BUFFER_TENSOR_DESC ob = {DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 NULL, 12, 0};
    DML_TENSOR_DESC dt = {DML_TENSOR_TYPE_BUFFER, &db}, ht = {DML_TENSOR_TYPE_BUFFER, &hb},
                    ot = {DML_TENSOR_TYPE_BUFFER, &ob};
    DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC dd = {&dt, &ht, NULL, &ot};
    DML_OPERATOR_DESC ddesc = {DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, &dd};
    CHECK_STATUS(dmlp_operator_create(device, &ddesc, 0, &op), DMLP_OK);
    uint16_t h[2] = {0x2e66, 0x3800}; /* 0.1 (rounded to f16), 0.5 */
    uint16_t o[6];
    dmlp_buffer_binding din[3] = {{y, 0, 8}, {h, 0, 4}, {NULL, 0, 0}};
    dmlp_buffer_binding dout = {o, 0, 12};
    CHECK_STATUS(dmlp_operator_execute(op, 3, din, 1, &dout), DMLP_OK);
    for (int k = 0; k < 6; k++)
        CHECK_BITS(o[k], dequantize_model(y[k], h[k / 3], ORACLE_F16), "dequantize API %d", k);
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);

    dmlp_device_desc at_6_1 = {DML_FEATURE_LEVEL_6_1, 0, 0};
    CHECK_STATUS(dmlp_device_create(&at_6_1, &device), DMLP_OK);
    hb.DataType = ob.DataType = DML_TENSOR_DATA_TYPE_FLOAT16;
    op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &ddesc, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ZeroPointTensor is NULL; at feature level 6_1 it is "
                                      "required (it may be NULL from 6_2)");
    CHECK(op == NULL, "no operator");
    dmlp_device_destroy(device);

    /* INT16 out of the same float32 input on a device with the extensions (a zero point
       of -300 per tensor), refused naming the flag without them. */
    dmlp_device_desc plain = {DML_FEATURE_LEVEL_6_4, 0, 0};
    dmlp_device_desc ext = {DML_FEATURE_LEVEL_6_4, 0, DMLP_DEVICE_FLAG_EXTENSIONS};
    zb.DataType = yb.DataType = DML_TENSOR_DATA_TYPE_INT16;
    yb.TotalTensorSizeInBytes = 12;
    CHECK_STATUS(dmlp_device_create(&plain, &device), DMLP_OK);
    op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_ERROR_UNSUPPORTED);
    CHECK_CONTAINS(dmlp_last_error(), "ZeroPointTensor.DataType is INT16; it needs a device "
                                      "created with DMLP_DEVICE_FLAG_EXTENSIONS");
    dmlp_device_destroy(device);
    CHECK_STATUS(dmlp_device_create(&ext, &device), DMLP_OK);
    CHECK_STATUS(dmlp_operator_create(device, &desc, 0, &op), DMLP_OK);
    _Alignas(4) int16_t zp16[2] = {-300, 0};
    int16_t y16[7];
    memset(y16, 0x55, sizeof y16);
    in[2].buffer = zp16;
    dmlp_buffer_binding out16 = {y16, 0, 12};
    CHECK_STATUS(dmlp_operator_execute(op, 3, in, 1, &out16), DMLP_OK);
    /* 4 - 300; -2 - 300; 25 - 300; 2^25 saturates; -2 - 300; 1 - 300 */
    static const int16_t want16[6] = {-296, -302, -275, 32767, -302, -299};
    for (int k = 0; k < 6; k++)
        CHECK_EQ_U64((uint64_t)(int64_t)y16[k], (uint64_t)(int64_t)want16[k],
                     "quantize INT16 API %d", k);
    CHECK_EQ_U64((uint64_t)(uint16_t)y16[6], 0x5555, "quantize INT16: nothing past the output");
    dmlp_operator_destroy(op);
    dmlp_device_destroy(device);
}

/* ---- fast kernels ---------------------------------------------------------------------
   Every variant of the rows with fast kernels (QuantizeLinear FLOAT32 to UINT8 and INT8,
   DequantizeLinear UINT8 and INT8 to FLOAT32) that this CPU runs, against the reference
   kernel bit for bit: lengths 0 to 70 and longer runs, every scalar mask (each input per
   element or one element for the run), a NULL zero point; inputs that are random bits,
   values near half-integers of the scale, and the edges (NaN, infinities, zeros,
   subnormals, saturation). */
#define FAST_MAX 600

static void fill_f32(uint32_t *v, size_t n, uint64_t *state, int scales)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t r = oracle_random(state);
        switch (r & 7) {
        case 0: v[i] = (uint32_t)(r >> 32); break; /* any bits */
        case 1: v[i] = f32_edges[(r >> 8) % (sizeof f32_edges / sizeof f32_edges[0])]; break;
        default:
            if (scales) /* 2^-10 to 2^4 */
                v[i] = ((uint32_t)(r >> 32) & 0x807fffffu) | ((117u + (uint32_t)(r >> 16) % 15u) << 23);
            else /* a half-integer times a scale near 0.1, or nearby */
                v[i] = dmlp__f32_bits((float)(((double)(int)((r >> 20) % 700u) - 350.0 + 0.5) *
                                              0.1)) +
                       (uint32_t)((int)((r >> 40) % 3u) - 1);
        }
    }
}

static void check_fast_kernels(void)
{
    static const struct {
        DML_OPERATOR_TYPE op;
        DML_TENSOR_DATA_TYPE type, out;
        size_t in_size, out_size;
    } rows[] = {
        {DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, DML_TENSOR_DATA_TYPE_FLOAT32,
         DML_TENSOR_DATA_TYPE_UINT8, 4, 1},
        {DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, DML_TENSOR_DATA_TYPE_FLOAT32,
         DML_TENSOR_DATA_TYPE_INT8, 4, 1},
        {DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, DML_TENSOR_DATA_TYPE_UINT8,
         DML_TENSOR_DATA_TYPE_FLOAT32, 1, 4},
        {DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, DML_TENSOR_DATA_TYPE_INT8,
         DML_TENSOR_DATA_TYPE_FLOAT32, 1, 4},
    };
    static const size_t lengths[] = {0,  1,  2,  3,  7,  8,  9,  15, 16,  17,  31,
                                     32, 33, 63, 64, 65, 70, 127, 255, 256, FAST_MAX};
    dmlp__isa cpu = dmlp__isa_detect();
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    uint64_t state = 0xfa57;
    unsigned long compared = 0;
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        dmlp__nary_kernel_choice variants[8];
        size_t count = dmlp__nary_kernel_variants(rows[r].op, rows[r].type, rows[r].out,
                                                  variants, 8);
        dmlp__nary_kernel ref = dmlp__nary_reference_kernel(rows[r].op, rows[r].type, rows[r].out);
        CHECK(count >= 2 && ref != NULL, "row %zu: fast kernels and the reference", r);
        int quantize = rows[r].op == DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR;
        for (size_t v = 0; v < count; v++) {
            if (variants[v].isa > cpu || variants[v].isa == DMLP__ISA_SCALAR)
                continue;
            for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++)
                for (uint32_t scalar = 0; scalar < 8; scalar++)
                    for (int null_zp = 0; null_zp < 2; null_zp++) {
                        size_t n = lengths[l];
                        static uint32_t fx[FAST_MAX], fs[FAST_MAX];
                        static unsigned char bx[FAST_MAX], z[FAST_MAX];
                        static unsigned char want[FAST_MAX * 4 + 8], got[FAST_MAX * 4 + 8];
                        fill_f32(fx, FAST_MAX, &state, 0);
                        fill_f32(fs, FAST_MAX, &state, 1);
                        for (size_t i = 0; i < FAST_MAX; i++) {
                            uint64_t bits = oracle_random(&state);
                            bx[i] = (unsigned char)bits;
                            z[i] = (unsigned char)(bits >> 8);
                        }
                        if (quantize && (l & 1)) /* a per-tensor scale near 0.1 */
                            fs[0] = 0x3dcccccdu;
                        const void *in[3] = {quantize ? (const void *)fx : (const void *)bx, fs,
                                             null_zp ? NULL : z};
                        size_t out_size = rows[r].out_size;
                        memset(want, 0xa5, sizeof want);
                        memset(got, 0xa5, sizeof got);
                        ref(n, in, want, scalar, &args);
                        variants[v].fn(n, in, got, scalar, &args);
                        compared += n;
                        CHECK(memcmp(got, want, n * out_size + 8) == 0,
                              "%s n %zu scalar %u%s", variants[v].name, n, scalar,
                              null_zp ? ", no zero point" : "");
                    }
        }
    }
    CHECK(compared > 0 || cpu == DMLP__ISA_SCALAR, "some fast kernels compared");
}

int main(void)
{
    for (int flush = 0; flush < 2; flush++) {
        if (flush && !oracle_flush_denormals(1))
            break;
        thin = flush ? 7 : FIRST_STEP;
        check_quantize_16bit();
        check_quantize_f32();
        check_quantize_i32();
        check_dequantize_small();
        check_dequantize_wide();
        if (flush)
            oracle_flush_denormals(0);
    }
    check_quantize_kernels();
    check_dequantize_kernels();
    check_fast_kernels();
    check_api();
    return test_finish("test_reference_quantize");
}
