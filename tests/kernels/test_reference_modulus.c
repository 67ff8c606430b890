/* test_reference_modulus: the ModulusTruncate and ModulusFloor reference kernels
   (docs/operators.md) against the tests' own model: every 16-bit A against a set of B
   values (zeros, NaNs, infinities, ones, the extremes) and shuffled Bs, both ways round;
   float32 and float64 edges, random pairs and pairs a few binades apart; every int8 and
   uint8 pair, the wider integers' edges and random pairs; then through the public API
   (broadcast in place, a 0 divisor refused with nothing written, the levels).
   The model's remainder is computed on integers: a and b as 53-bit integers times powers
   of two, the remainder of a's integer scaled to b's power (2^k modulo b's integer, by
   squaring) in 128 bits; the sign is a's. The floored remainder adds b
   to a nonzero remainder of the other sign, the sum formed in a format of at least
   2p + 2 bits (binary64; binary128 for binary64), where rounding again to the type gives
   the correctly rounded sum; a zero remainder takes b's sign. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"
#include "test_reference_types.h"

#define FMOD DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE
#define MOD DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR

#include "test_quad.h"

static double decode(uint64_t x, oracle_format f)
{
    if (oracle_is_inf(x, f))
        return oracle_negative(x, f) ? -INFINITY : INFINITY;
    return oracle_decode(x, f);
}

static uint64_t encode(double v, oracle_format f)
{
    if (isinf(v)) {
        uint64_t inf = ((UINT64_C(1) << f.ebits) - 1) << f.mbits;
        return v < 0 ? inf | (UINT64_C(1) << (f.ebits + f.mbits)) : inf;
    }
    return oracle_encode(v, f);
}

static uint64_t default_nan(oracle_format f)
{
    return quiet(((UINT64_C(1) << f.ebits) - 1) << f.mbits, f);
}

/* 2^k modulo m (m >= 1), by squaring. */
static uint64_t pow2_mod(int k, uint64_t m)
{
    uint64_t result = 1 % m, base = 2 % m;
    for (; k > 0; k >>= 1) {
        if (k & 1)
            result = (uint64_t)((oracle_u128)result * base % m);
        base = (uint64_t)((oracle_u128)base * base % m);
    }
    return result;
}

/* |a| - |b| * trunc(|a| / |b|) with a's sign, a finite and b finite nonzero, on the
   values as integers times powers of two: |a| = ma 2^ea, |b| = mb 2^eb (53-bit ma, mb).
   With ea >= eb the remainder is (ma 2^(ea - eb)) mod mb at 2^eb; else |b| is
   (mb 2^(eb - ea)) 2^ea, at most ma when a is not already the remainder. */
static double remainder_of(double a, double b)
{
    int ea, eb;
    uint64_t ma = (uint64_t)ldexp(frexp(fabs(a), &ea), 53);
    uint64_t mb = (uint64_t)ldexp(frexp(fabs(b), &eb), 53);
    ea -= 53;
    eb -= 53;
    if (fabs(a) < fabs(b))
        return a;
    uint64_t r;
    int e;
    if (ea >= eb) {
        r = (uint64_t)((oracle_u128)(ma % mb) * pow2_mod(ea - eb, mb) % mb);
        e = eb;
    } else {
        r = ma % (mb << (eb - ea));
        e = ea;
    }
    return copysign(ldexp((double)r, e), a);
}

static uint64_t model(uint64_t x, uint64_t y, oracle_format f, int floor)
{
    if (oracle_is_nan(x, f))
        return quiet(x, f);
    if (oracle_is_nan(y, f))
        return quiet(y, f);
    double a = decode(x, f), b = decode(y, f);
    if (isinf(a) || b == 0)
        return default_nan(f);
    double r = isinf(b) ? a : remainder_of(a, b);
    if (floor) {
        if (r == 0)
            r = copysign(0.0, b);
        else if (signbit(r) != signbit(b))
            r = f.mbits == 52 ? (double)((quad)r + (quad)b)
                : isinf(b)    ? b
                              : oracle_round_format(r + b, f);
    }
    return encode(r, f);
}

static size_t special_values(uint64_t *v, oracle_format f)
{
    uint64_t one = 1, sign = one << (f.ebits + f.mbits);
    uint64_t inf = ((one << f.ebits) - 1) << f.mbits, unit = (uint64_t)oracle_bias(f) << f.mbits;
    uint64_t list[] = {0, sign, unit, unit | sign, inf, inf | sign, inf | 1, quiet(inf, f) | sign | 3,
                       1, sign | 1, inf - 1, (inf - 1) | sign, unit + 1, (unit + 1) | sign,
                       unit + (one << f.mbits) + (one << (f.mbits - 1)), /* 3 */
                       (unit - (one << f.mbits)) | sign};                 /* -0.5 */
    memcpy(v, list, sizeof list);
    return sizeof list / sizeof list[0];
}

static void check_pair(dmlp__binary_kernel fn, size_t t, int floor, size_t count,
                       const unsigned char *a, const unsigned char *b, uint32_t scalar,
                       unsigned char *out, const char *what)
{
    dmlp__kernel_args args = {0};
    size_t size = floats[t].size;
    fn(count, a, b, out, scalar, &args);
    for (size_t i = 0; i < count; i++) {
        uint64_t x = get(a, (scalar & DMLP__SCALAR_A) ? 0 : i, size);
        uint64_t y = get(b, (scalar & DMLP__SCALAR_B) ? 0 : i, size);
        CHECK_BITS(get(out, i, size), model(x, y, floats[t].f, floor), "%s %s %s 0x%llx 0x%llx",
                   floor ? "mod" : "fmod", floats[t].name, what, (unsigned long long)x,
                   (unsigned long long)y);
    }
}

static void check_floats(void)
{
    unsigned char *a = malloc(N * 8), *b = malloc(N * 8), *out = malloc(N * 8);
    for (int floor = 0; floor < 2; floor++)
        for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++) {
            size_t size = floats[t].size, count = fill(a, size, 61);
            if (size > 2) /* edges and random patterns: fewer than a 16-bit type's all */
                count = 8192;
            oracle_format f = floats[t].f;
            dmlp__binary_kernel fn = dmlp__binary_reference_kernel(floor ? MOD : FMOD,
                                                                   floats[t].type);
            CHECK(fn != NULL, "%s %s: a kernel", floor ? "mod" : "fmod", floats[t].name);
            if (!fn)
                continue;
            uint64_t specials[16];
            size_t nspecial = special_values(specials, f);
            for (size_t k = 0; k < nspecial; k++) {
                check_pair(fn, t, floor, count, a, (const unsigned char *)&specials[k],
                           DMLP__SCALAR_B, out, "special B");
                check_pair(fn, t, floor, count, (const unsigned char *)&specials[k], a,
                           DMLP__SCALAR_A, out, "special A");
            }
            /* shuffled or random Bs; then Bs a few binades below A (long quotients) */
            for (int round = 0; round < 3; round++) {
                fill(b, size, 70 + (uint64_t)round);
                for (size_t i = 0; i < count; i++) {
                    uint64_t x = get(a, i, size), y;
                    if (round < 2 && size <= 2)
                        y = (i * 40503u + 17 + (size_t)round * 977) % count;
                    else if (round < 2)
                        continue;
                    else {
                        uint64_t e = oracle_field_exponent(x, f), shift = (i * 7) % 13;
                        y = get(b, i, size) & ((UINT64_C(1) << (f.mbits + 1)) - 1 +
                                               (UINT64_C(1) << (f.ebits + f.mbits)));
                        y |= (e > shift ? e - shift : 1) << f.mbits;
                    }
                    memcpy(b + i * size, &y, size);
                }
                check_pair(fn, t, floor, count, a, b, 0, out, "pairs");
            }
        }
    free(a);
    free(b);
    free(out);
}

/* The integer model: C's % on exact values (INT_MIN % -1 is 0), plus b for the floored
   remainder of the other sign; 0 for a 0 divisor (the kernels called directly). */
static uint64_t int_model(uint64_t x, uint64_t y, size_t size, int is_signed, int floor)
{
    uint64_t mask = size == 8 ? ~UINT64_C(0) : (UINT64_C(1) << (8 * size)) - 1;
    if (!is_signed)
        return y == 0 ? 0 : x % y;
    int64_t p = as_signed(x, size), q = as_signed(y, size);
    if (q == 0)
        return 0;
    /* the magnitudes' remainder (|INT64_MIN| fits in 64 unsigned bits), a's sign */
    uint64_t mp = p < 0 ? 0 - (uint64_t)p : (uint64_t)p, mq = q < 0 ? 0 - (uint64_t)q : (uint64_t)q;
    uint64_t m = mp % mq, r = p < 0 ? 0 - m : m;
    if (floor && m != 0 && (p < 0) != (q < 0))
        r += (uint64_t)q; /* modulo 2^64: the sum is below |q| in magnitude */
    return r & mask;
}

static void check_integers(void)
{
    unsigned char *a = malloc(N * 8), *b = malloc(N * 8), *out = malloc(N * 8);
    dmlp__kernel_args args = {0};
    for (int floor = 0; floor < 2; floor++)
        for (size_t t = 0; t < sizeof integers / sizeof integers[0]; t++) {
            size_t size = integers[t].size, count;
            dmlp__binary_kernel fn = dmlp__binary_reference_kernel(floor ? MOD : FMOD,
                                                                   integers[t].type);
            CHECK(fn != NULL, "integer %zu: a kernel", t);
            if (!fn)
                continue;
            if (size == 1) { /* every pair */
                count = 65536;
                for (size_t i = 0; i < count; i++) {
                    a[i] = (unsigned char)(i >> 8);
                    b[i] = (unsigned char)i;
                }
            } else {
                count = fill(a, size, 80);
                fill(b, size, 81);
                for (size_t i = 0; i < count; i += 5) { /* small divisors, edge dividends */
                    uint64_t y = (uint64_t)(int64_t)((int)(i % 11) - 5);
                    memcpy(b + i * size, &y, size);
                }
            }
            fn(count, a, b, out, 0, &args);
            for (size_t i = 0; i < count; i++) {
                uint64_t x = get(a, i, size), y = get(b, i, size);
                CHECK_BITS(get(out, i, size), int_model(x, y, size, integers[t].is_signed, floor),
                           "%s integer %zu 0x%llx 0x%llx", floor ? "mod" : "fmod", t,
                           (unsigned long long)x, (unsigned long long)y);
            }
        }
    free(a);
    free(b);
    free(out);
}

static void check_api(void)
{
    dmlp_device *device = NULL;
    dmlp_device_desc dd = {DML_FEATURE_LEVEL_3_0, 1, 0};
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    if (!device)
        return;
    uint32_t sizes[2] = {2, 3}, bstrides[2] = {0, 1};
    DML_BUFFER_TENSOR_DESC ab = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 NULL, 24, 0};
    DML_BUFFER_TENSOR_DESC bb = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                 bstrides, 12, 0};
    DML_TENSOR_DESC at = {DML_TENSOR_TYPE_BUFFER, &ab}, bt = {DML_TENSOR_TYPE_BUFFER, &bb};
    DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC md = {&at, &bt, &at};
    DML_OPERATOR_DESC d = {MOD, &md};
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &d, 0, &op), DMLP_OK);
    float x[6] = {5.5f, -5.5f, 4.0f, -1.0f, 0.0f, INFINITY};
    float y[3] = {2.0f, 2.0f, -2.0f};
    dmlp_buffer_binding bind[2] = {{x, 0, sizeof x}, {y, 0, sizeof y}};
    if (op)
        CHECK_STATUS(dmlp_operator_execute(op, 2, bind, 1, bind), DMLP_OK);
    CHECK(x[0] == 1.5f && x[1] == 0.5f && x[2] == 0.0f && signbit(x[2]) && x[3] == 1.0f &&
              x[4] == 0.0f && !signbit(x[4]) && isnan(x[5]),
          "mod broadcast in place: %g %g %g %g %g %g", (double)x[0], (double)x[1],
          (double)x[2], (double)x[3], (double)x[4], (double)x[5]);
    dmlp_operator_destroy(op);

    /* an integer divisor of 0: refused, naming the element, nothing written */
    for (int floor = 0; floor < 2; floor++) {
        DML_BUFFER_TENSOR_DESC ib = {DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_FLAG_NONE, 2, sizes,
                                     NULL, 24, 0};
        DML_TENSOR_DESC it = {DML_TENSOR_TYPE_BUFFER, &ib};
        DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC id = {&it, &it, &it};
        DML_OPERATOR_DESC idesc = {floor ? MOD : FMOD, &id};
        op = NULL;
        CHECK_STATUS(dmlp_operator_create(device, &idesc, 0, &op), DMLP_OK);
        int32_t p[6] = {INT32_MIN, 7, -7, 7, -7, 1}, q[6] = {-1, 3, 3, -3, 1, 0};
        int32_t o[6] = {9, 9, 9, 9, 9, 9};
        dmlp_buffer_binding in[2] = {{p, 0, sizeof p}, {q, 0, sizeof q}}, ob = {o, 0, sizeof o};
        if (op)
            CHECK_STATUS(dmlp_operator_execute(op, 2, in, 1, &ob), DMLP_ERROR_INVALID_ARGUMENT);
        CHECK(strstr(dmlp_last_error(), "BTensor element [1, 2] is 0; an integer modulus by "
                                        "zero is refused") != NULL,
              "modulus by zero: %s", dmlp_last_error());
        CHECK(o[0] == 9 && o[5] == 9, "modulus by zero: nothing written");
        q[5] = 2;
        if (op)
            CHECK_STATUS(dmlp_operator_execute(op, 2, in, 1, &ob), DMLP_OK);
        int32_t want[2][6] = {{0, 1, -1, 1, 0, 1}, {0, 1, 2, -2, 0, 1}};
        CHECK(memcmp(o, want[floor], sizeof o) == 0, "%s int32: %d %d %d %d %d %d",
              floor ? "mod" : "fmod", o[0], o[1], o[2], o[3], o[4], o[5]);
        dmlp_operator_destroy(op);
        /* INT64 from 6_0 */
        DML_BUFFER_TENSOR_DESC lb = {DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_FLAG_NONE, 2, sizes,
                                     NULL, 48, 0};
        DML_TENSOR_DESC lt = {DML_TENSOR_TYPE_BUFFER, &lb};
        DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC ld = {&lt, &lt, &lt};
        DML_OPERATOR_DESC ldesc = {floor ? MOD : FMOD, &ld};
        op = NULL;
        CHECK_STATUS(dmlp_operator_create(device, &ldesc, 0, &op), DMLP_ERROR_UNSUPPORTED);
        CHECK(strstr(dmlp_last_error(), "INT64") != NULL, "int64 at 3_0: %s",
              dmlp_last_error());
        dmlp_operator_destroy(op);
    }
    dmlp_device_destroy(device);
}

int main(void)
{
    check_floats();
    check_integers();
    check_api();
    return test_finish("test_reference_modulus");
}
