/* Reference FLOAT32 kernels (Sign in both NaN modes, Softsign, IsInfinity in all three
   modes) on every 257th bit pattern of the 2^32 (0, 257, ..., 0xffffffff) and on edge
   values, against expected values built by test_reference_oracle.h in binary64 with
   explicit rounding to binary32. Subnormals are checked again with the CPU set to
   flush them (where it has such a mode): the results must not change. */
#include "kernels/kernels.h"
#include "test_reference_oracle.h"

#define CHUNK 65536

static uint32_t in[CHUNK], out[CHUNK];
static uint8_t out8[CHUNK];

static const uint32_t edges[] = {
    0x00000000, 0x80000000,                         /* ±0 */
    0x00000001, 0x80000001, 0x00000002, 0x80000003, /* smallest subnormals */
    0x007fffff, 0x807fffff,                         /* largest subnormals */
    0x00800000, 0x80800000, 0x00800001,             /* smallest normals */
    0x7f7fffff, 0xff7fffff, 0x7f7ffffe,             /* ±FLT_MAX */
    0x7f7fc99e, 0xff7fc99e,                         /* ±3.4e38 */
    0x7f000000, 0x7effffff,                         /* 2^127 and below */
    0x7f800000, 0xff800000,                         /* ±inf */
    0x7fc00000, 0xffc00000, 0x7fc12345, 0xffc00001, /* quiet NaNs, with payloads */
    0x7f800001, 0xff800001, 0x7fa5a5a5, 0xffbfffff, /* signaling NaNs, with payloads */
    0x7fffffff, 0xffffffff,
    0x3f7fffff, 0x3f800000, 0x3f800001, 0xbf7fffff, 0xbf800000, 0xbf800001, /* near 1 */
    0x3fffffff, 0x40000000, 0x40000001, 0xc0000000,                         /* near 2 */
    0x4b7fffff, 0x4b800000, 0x4b800001, 0xcb7fffff, 0xcb800000, 0xcb800001, /* near 2^24 */
    0x4b000000, 0x4b000001, 0x4affffff,                                     /* near 2^23 */
    0x33800000, 0xb3800000, 0x34400000, 0x337fffff, 0x33800001, /* 1 + |x| ties at 2^-24 */
    0x34000000, 0x34000001, 0x3c23d70a, 0x3dcccccd, 0xbdcccccd, /* 2^-23, 0.01, ±0.1 */
    0x3eaaaaab, 0x3f000000, 0x42c80000, 0x447a0000, 0x49742400, /* 1/3, 0.5, 100, 1e3, 1e6 */
};

static int mode_selects(DML_IS_INFINITY_MODE mode, int negative)
{
    return mode == DML_IS_INFINITY_MODE_EITHER ||
           (mode == DML_IS_INFINITY_MODE_POSITIVE && !negative) ||
           (mode == DML_IS_INFINITY_MODE_NEGATIVE && negative);
}

/* Softsign as docs/operators.md defines it for binary32: t = 1 + |x| rounded, then x / t rounded.
   Computed in binary64 and rounded again to 24 bits by oracle_round: rounding a binary64
   sum or quotient of binary32 operands to binary32 gives the correctly rounded binary32
   result because 53 >= 2 * 24 + 1 (Figueroa, "When is double rounding innocuous?",
   1995). Neither step leaves binary64's normal range, and a quotient is subnormal in
   binary32 only when x is, where t rounds to 1 and the quotient is exact. */
static uint32_t expected_softsign(uint32_t bits)
{
    if (oracle_is_nan(bits, ORACLE_F32))
        return bits | 0x00400000u;
    if (oracle_is_inf(bits, ORACLE_F32))
        return 0x7fc00000u;
    double x = oracle_decode(bits, ORACLE_F32);
    double t = oracle_round(1.0 + fabs(x), 24, -126);
    double q = oracle_round(x / t, 24, -126);
    return (uint32_t)oracle_encode(q, ORACLE_F32);
}

/* The same value by integers alone, for |x| in [2^-37, 2^31), to check the binary64
   route above against a second one. x = M * 2^E; with g = min(E, 0), 1 + |x| is the
   integer A = 2^-g + |M| * 2^(E-g) times 2^g, rounded to 24 bits as T * 2^s; then
   x / t = (M * 2^(E-g)) / T * 2^-s, one correctly rounded integer quotient. */
static int exact_softsign(uint32_t bits, uint32_t *result)
{
    uint32_t e = (bits >> 23) & 0xffu;
    int E = (int)e - 127 - 23;
    if (e == 0 || E < -60 || E > 7) /* outside [2^-37, 2^31): A would not fit */
        return 0;
    uint64_t M = (bits & 0x7fffffu) | 0x800000u;
    int g = E < 0 ? E : 0;
    uint64_t A = (UINT64_C(1) << -g) + (M << (E - g));
    int s = 0;
    while ((A >> s) >= (UINT64_C(1) << 24))
        s++;
    uint64_t T = A >> s;
    if (s > 0) {
        uint64_t rest = A & ((UINT64_C(1) << s) - 1), half = UINT64_C(1) << (s - 1);
        if (rest > half || (rest == half && (T & 1)))
            T++; /* may reach 2^24: still exact */
    }
    double q = ldexp(oracle_round_quotient(M << (E - g), T, 24, -126 + s), -s);
    if (bits >> 31)
        q = -q;
    *result = (uint32_t)oracle_encode(q, ORACLE_F32);
    return 1;
}

static uint32_t expected_sign(uint32_t bits, uint32_t nan_propagate)
{
    if (oracle_is_nan(bits, ORACLE_F32))
        return nan_propagate ? (bits | 0x00400000u) : 0;
    if ((bits & 0x7fffffffu) == 0) /* ±0 */
        return 0;
    return oracle_negative(bits, ORACLE_F32) ? 0xbf800000u : 0x3f800000u;
}

static void check_chunk(size_t n)
{
    dmlp__unary_kernel sign = dmlp__reference_kernel(DML_OPERATOR_ELEMENT_WISE_SIGN,
                                                     DML_TENSOR_DATA_TYPE_FLOAT32);
    dmlp__unary_kernel softsign = dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_SOFTSIGN,
                                                         DML_TENSOR_DATA_TYPE_FLOAT32);
    dmlp__unary_kernel isinf_ = dmlp__reference_kernel(DML_OPERATOR_ELEMENT_WISE_IS_INFINITY,
                                                       DML_TENSOR_DATA_TYPE_FLOAT32);
    if (!sign || !softsign || !isinf_) {
        CHECK(0, "a FLOAT32 reference kernel is missing");
        return;
    }
    for (uint32_t nan_propagate = 0; nan_propagate <= 1; nan_propagate++) {
        dmlp__kernel_args args = {.nan_propagate = nan_propagate};
        sign(n, in, out, &args);
        for (size_t i = 0; i < n; i++)
            CHECK_BITS(out[i], expected_sign(in[i], nan_propagate), "sign(0x%08x) nan %u",
                       (unsigned)in[i], (unsigned)nan_propagate);
    }

    dmlp__kernel_args args = {.mode = DML_IS_INFINITY_MODE_EITHER};
    softsign(n, in, out, &args);
    for (size_t i = 0; i < n; i++) {
        uint32_t expected = expected_softsign(in[i]), exact;
        CHECK_BITS(out[i], expected, "softsign(0x%08x)", (unsigned)in[i]);
        if (exact_softsign(in[i], &exact))
            CHECK_BITS(exact, expected, "softsign(0x%08x): the two routes", (unsigned)in[i]);
        if (!oracle_is_nan(in[i], ORACLE_F32) && !oracle_is_inf(in[i], ORACLE_F32))
            CHECK(fabs(oracle_decode(out[i], ORACLE_F32)) <= 1.0, "|softsign(0x%08x)| <= 1",
                  (unsigned)in[i]);
    }

    for (int mode = 0; mode < 3; mode++) {
        dmlp__kernel_args m = {.mode = (DML_IS_INFINITY_MODE)mode};
        isinf_(n, in, out8, &m);
        for (size_t i = 0; i < n; i++) {
            int expected = oracle_is_inf(in[i], ORACLE_F32) &&
                           mode_selects((DML_IS_INFINITY_MODE)mode,
                                        oracle_negative(in[i], ORACLE_F32));
            CHECK_BITS(out8[i], expected, "isinf(0x%08x) mode %d", (unsigned)in[i], mode);
        }
    }
}

int main(void)
{
    /* Edge values first, with their meaning spelled out where the rule is easy to miss. */
    size_t n = sizeof edges / sizeof edges[0];
    memcpy(in, edges, sizeof edges);
    check_chunk(n);
    uint32_t probe[4] = {0x7f7fc99e, 0x7f7fffff, 0x33800000, 0x34400000}, result[4];
    dmlp__kernel_args args = {.mode = DML_IS_INFINITY_MODE_EITHER};
    dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT32)(
        4, probe, result, &args);
    CHECK_BITS(result[0], 0x3f800000, "softsign(3.4e38) is exactly 1");
    CHECK_BITS(result[1], 0x3f800000, "softsign(FLT_MAX) is exactly 1");
    CHECK_BITS(result[2], 0x33800000, "softsign(2^-24): 1 + 2^-24 ties to 1");
    /* t = 1 + 2^-22 (the tie goes to even, up); 3 * 2^-24 / t is 3 units below x */
    CHECK_BITS(result[3], 0x343ffffd, "softsign(3 * 2^-24): 1 + 3 * 2^-24 ties up");

    /* Every 257th pattern: 257 * 16711935 = 2^32 - 1, so the last one is 0xffffffff. */
    uint64_t pattern = 0, covered = 0;
    while (pattern <= UINT32_MAX) {
        size_t count = 0;
        for (; count < CHUNK && pattern <= UINT32_MAX; count++, pattern += 257)
            in[count] = (uint32_t)pattern;
        check_chunk(count);
        covered += count;
    }
    CHECK_BITS(covered, 16711936, "patterns covered");
    CHECK_BITS(in[(covered - 1) % CHUNK], 0xffffffffu, "last pattern");

    /* Again for the edges and every 61st subnormal, with the CPU flushing subnormals. */
    if (oracle_flush_denormals(1)) {
        n = 0;
        for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
            in[n++] = edges[i];
        for (uint32_t m = 1; m < 0x00800000u && n + 1 < CHUNK; m += 61) {
            in[n++] = m;
            in[n++] = 0x80000000u | m;
        }
        check_chunk(n);
        oracle_flush_denormals(0);
    }
    return test_finish("test_reference_f32");
}
