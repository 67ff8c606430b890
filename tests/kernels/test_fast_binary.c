/* test_fast_binary: every fast two-input kernel (the rows of binary_kernel_list.inc marked
   YES for this processor family) against its reference kernel, bit for bit: special and
   random operands (NaNs with payloads, infinities, zeros, subnormals, the largest values,
   operands close together, 64-bit ones alike in one 32-bit half), every length up to
   several vectors (the tails), A, B or both a scalar run, in place on A and on B,
   element-aligned but not vector-aligned starts. ADD1 also with a fused activation
   (add1_fused).
   Both NaN rules (dmlp__kernel_args.nan_propagate) and both shift rules (shift_zero);
   four pairs of FLOAT members (args.param: ClipGrad's bounds), the same as scalar
   members of the row's type (args.scalar: ClipGrad1's).
   One B in three is small (below twice the width: shift counts on either side of it).
   The comparisons write UINT8 and UINT32 outputs (args.out_size 1 and 4), the other
   kernels their inputs' size; in place wherever the output is no wider than the inputs.
   16-bit kernels also run every A against special, nearby and random B (sweep16), each
   B set with its own pair of ClipGrad's bounds, half of them without the optional
   instructions (dmlp__kernel_args.portable: bf16's rounding by AVX512-BF16 or not) and
   half with the other form of the FLOAT16 comparisons (f16_halves: binary32 halves or
   16-bit keys, which the main runs also each take in turn); ClipGrad's rows also run every pair of
   those bounds (clip_bounds). 8-bit kernels run every pair of A and B (sweep8), float32
   kernels runs of A near integer multiples of B (sweep_multiples: remainders whose
   quotient rounds to an integer).
   Variants the CPU cannot run are skipped and counted; none run is a skip (77). */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "kernels/kernels.h"
#include "test_reference_oracle.h"

typedef struct row {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    const char *name;
    size_t size;
} row;

static const row rows[] = {
#define DMLP__BINARY_KERNEL_ROW(op, type, name, bytes, x86, arm) {op, type, #name, bytes},
#include "kernels/binary_kernel_list.inc"
#undef DMLP__BINARY_KERNEL_ROW
};

#define N 600 /* elements per run: several vectors of every width, and tails */

/* The comparisons: an output of UINT8 or UINT32 whatever the inputs' type. */
static int own_output(DML_OPERATOR_TYPE op)
{
    return op == DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN ||
           op == DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS ||
           op == DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN ||
           op == DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL ||
           op == DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL;
}

/* Operands: specials of the width, then random bits, then pairs close together. */
static void fill(unsigned char *a, unsigned char *b, size_t n, size_t size, uint64_t seed)
{
    static const uint32_t f32[] = {0, 0x80000000u, 1, 0x80000001u, 0x007fffffu, 0x00800000u,
                                   0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u,
                                   0x7fc00000u, 0xffc12345u, 0x7f800001u, 0xff812345u,
                                   0x3f800000u, 0xbf800000u, 0x4b800000u, 0x33800000u};
    static const uint64_t f64[] = {0, 0x8000000000000000u, 1, 0x000fffffffffffffu,
                                   0x7fefffffffffffffu, 0xffefffffffffffffu,
                                   0x7ff0000000000000u, 0xfff0000000000000u,
                                   0x7ff8000000000000u, 0xfff8000000000abcu,
                                   0x7ff0000000000001u, 0x3ff0000000000000u,
                                   0xbff0000000000000u, 0x4340000000000000u};
    /* f16 and bf16 specials (zeros, infinities, NaNs, extremes), and bytes */
    static const uint64_t h16[] = {0, 0x8000u, 0x0001u, 0x8001u, 0x7c00u, 0xfc00u, 0x7e00u,
                                   0x7c01u, 0xfe01u, 0x7bffu, 0xfbffu, 0x7f80u, 0xff80u,
                                   0x7fc0u, 0x7f81u, 0x7f7fu, 0x3c00u, 0x3f80u};
    static const uint64_t b8[] = {0, 0x80u, 0x7fu, 0xffu, 1, 0xfeu, 0x81u, 0x7eu};
    uint64_t state = seed;
    const uint64_t *list = size == 8 ? f64 : size == 2 ? h16 : b8;
    size_t ns = size == 4   ? sizeof f32 / sizeof f32[0]
                : size == 8 ? sizeof f64 / sizeof f64[0]
                : size == 2 ? sizeof h16 / sizeof h16[0]
                            : sizeof b8 / sizeof b8[0];
    for (size_t i = 0; i < n; i++) {
        uint64_t x = oracle_random(&state), y = oracle_random(&state);
        if (i < ns * ns) { /* every pair of specials */
            x = size == 4 ? f32[i / ns] : list[i / ns];
            y = size == 4 ? f32[i % ns] : list[i % ns];
        } else if (i % 3 == 0) {
            /* 64 bits: also halves alike with the other half apart (the low half's top
               bit too), which 64-bit compares built from 32-bit halves must order */
            uint64_t flip = oracle_random(&state) & 0xfff;
            if (size == 8 && i % 9 == 3)
                flip <<= 32;
            else if (size == 8 && i % 9 == 6)
                flip |= 0x80000000u;
            y = x ^ flip;
        } else if (i % 3 == 1) {
            y = oracle_random(&state) % (16 * size + 2);
        }
        memcpy(a + i * size, &x, size);
        memcpy(b + i * size, &y, size);
    }
}

/* ClipGrad's and ClipGrad1's bounds (args.param, and args.scalar in the row's type):
   between two values of a 16-bit float, past its range, at and past the integers' ends,
   subnormal, NaN, signed zeros, and pairs that cut every x or none. */
static const float clip_bounds[][2] = {
    {-1.5f, 2.5f},          {0.0f, -0.0f},           {-INFINITY, INFINITY},
    {NAN, 1e-40f},          {1.00001f, 65504.5f},    {-65520.0f, -1e-7f},
    {-3e38f, 3.0e-39f},     {1.0f / 3, NAN},         {-70000.0f, 70000.0f},
    {5.96e-8f, 300.5f},     {-2.98e-8f, 1e5f},       {100.5f, 200.25f},
    {-128.0f, 127.0f},      {255.0f, -3.0f},         {-2147483648.0f, 2147483648.0f},
    {4294967296.0f, 1e10f}, {-1e10f, 3e9f},          {-32768.0f, 65535.0f},
    {-0x1p63f, 0x1p63f},    {0x1p63f, 0x1p64f},      {0x1.fffffep62f, -0x1p63f},
    {-0x1.fffffep62f, 0x1.fffffep63f}};
#define CLIP_BOUNDS (sizeof clip_bounds / sizeof clip_bounds[0])

static int clip_grad(DML_OPERATOR_TYPE op)
{
    return op == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD || op == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1;
}

static void set_bounds(dmlp__kernel_args *args, DML_TENSOR_DATA_TYPE type, size_t k)
{
    args->param[0] = clip_bounds[k][0];
    args->param[1] = clip_bounds[k][1];
    args->scalar[0] = dmlp__scalar_from_float(type, clip_bounds[k][0]);
    args->scalar[1] = dmlp__scalar_from_float(type, clip_bounds[k][1]);
}

/* Under AddressSanitizer the 16-bit sweep takes fewer B values (see test_fast_kernels):
   every 4th special and 2 + 2 random sets. */
#ifdef SANITIZED
#define SWEEP_RANDOM_B 2
#define SWEEP_SPECIAL_STEP 4
#else
#define SWEEP_RANDOM_B 24
#define SWEEP_SPECIAL_STEP 1
#endif
#define ALL16 65536

/* A 16-bit kernel over every A: against each special B as a broadcast scalar, against B
   packed and close to A (a few low bits flipped), and against random B; both output
   widths of the comparisons and both rules of the arguments. */
static void sweep16(const row *r, dmlp__binary_kernel ref, const dmlp__binary_kernel_choice *v)
{
    static const uint16_t specials[] = {0, 0x8000u, 0x0001u, 0x8001u, 0x03ffu, 0x0400u,
                                        0x7c00u, 0xfc00u, 0x7e00u, 0x7c01u, 0xfe01u, 0x7bffu,
                                        0xfbffu, 0x7f80u, 0xff80u, 0x7fc0u, 0x7f81u, 0x7f7fu,
                                        0x007fu, 0x0080u, 0x3c00u, 0x3f80u, 0xbc00u, 0x3800u};
    size_t ns = sizeof specials / sizeof specials[0];
    uint16_t *a = malloc(ALL16 * 2), *b = malloc(ALL16 * 2);
    unsigned char *want = malloc(ALL16 * 4), *got = malloc(ALL16 * 4);
    uint64_t state = 0x243f6a8885a308d3u;
    unsigned long bad = 0;
    for (size_t i = 0; i < ALL16; i++)
        a[i] = (uint16_t)i;
    for (size_t t = 0; t < ns + 2 * SWEEP_RANDOM_B; t++) {
        if (t < ns && t % SWEEP_SPECIAL_STEP != 0)
            continue;
        uint32_t scalar = t < ns ? DMLP__SCALAR_B : 0;
        for (size_t i = 0; i < ALL16; i++) {
            uint64_t x = oracle_random(&state);
            b[i] = t < ns ? specials[t]
                   : t < ns + SWEEP_RANDOM_B ? (uint16_t)(a[i] ^ (x & 0x3f) ^ ((x >> 8) & 0x8000))
                                             : (uint16_t)x;
        }
        dmlp__kernel_args args;
        memset(&args, 0, sizeof args);
        args.nan_propagate = args.shift_zero = (uint32_t)(t % 2);
        args.portable = (uint32_t)(t / 2 % 2); /* bf16's two roundings (bf16_pair or not) */
        /* the FLOAT16 comparisons' two forms, each with both output widths */
        args.f16_halves = (uint32_t)((t ^ (t >> 2)) & 1);
        args.out_size = own_output(r->op) ? (t % 4 < 2 ? 1 : 4) : 2;
        set_bounds(&args, r->type, t % CLIP_BOUNDS);
        memset(want, 0x5a, ALL16 * 4);
        memset(got, 0x5a, ALL16 * 4);
        ref(ALL16, a, b, want, scalar, &args);
        v->fn(ALL16, a, b, got, scalar, &args);
        if (memcmp(want, got, ALL16 * 4) != 0) {
            size_t i = 0, os = args.out_size;
            while (memcmp(want + i * os, got + i * os, os) == 0)
                i++;
            if (bad++ < 4)
                printf("%s: A %04x B %04x: reference and fast kernel differ\n", v->name,
                       (unsigned)a[i], (unsigned)(scalar ? b[0] : b[i]));
        }
    }
    CHECK(bad == 0, "%s: every 16-bit A against %zu B sets", v->name,
          ns / SWEEP_SPECIAL_STEP + 2 * SWEEP_RANDOM_B);
    free(a);
    free(b);
    free(want);
    free(got);
}

/* An 8-bit kernel over every pair (A, B), packed, and every A against each B as a
   broadcast scalar; both output widths of the comparisons and both rules of the
   arguments. */
static void sweep8(const row *r, dmlp__binary_kernel ref, const dmlp__binary_kernel_choice *v)
{
    enum { PAIRS = 65536, ROOM = 2 * PAIRS * 4 }; /* the packed run's output, the scalars' */
    uint8_t *a = malloc(PAIRS), *b = malloc(PAIRS);
    unsigned char *want = malloc(ROOM), *got = malloc(ROOM);
    unsigned long bad = 0;
    for (size_t i = 0; i < PAIRS; i++) {
        a[i] = (uint8_t)i;
        b[i] = (uint8_t)(i >> 8);
    }
    for (uint32_t t = 0; t < 4; t++) {
        dmlp__kernel_args args;
        memset(&args, 0, sizeof args);
        args.nan_propagate = args.shift_zero = t % 2;
        args.out_size = own_output(r->op) ? (t < 2 ? 1 : 4) : 1;
        size_t os = args.out_size;
        memset(want, 0x5a, ROOM);
        memset(got, 0x5a, ROOM);
        ref(PAIRS, a, b, want, 0, &args);
        v->fn(PAIRS, a, b, got, 0, &args);
        for (size_t y = 0; y < 256; y++) { /* B = y a scalar, against A = 0 .. 255 */
            size_t at = (PAIRS + y * 256) * os;
            ref(256, a, b + y * 256, want + at, DMLP__SCALAR_B, &args);
            v->fn(256, a, b + y * 256, got + at, DMLP__SCALAR_B, &args);
        }
        if (memcmp(want, got, ROOM) != 0) {
            size_t i = 0;
            while (memcmp(want + i * os, got + i * os, os) == 0)
                i++;
            if (bad++ < 4)
                printf("%s: A %02x B %02x (%s): reference and fast kernel differ\n", v->name,
                       (unsigned)(i % 256), (unsigned)(i % PAIRS / 256),
                       i < PAIRS ? "packed" : "B a scalar");
        }
    }
    CHECK(bad == 0, "%s: every 8-bit pair, packed and B a scalar", v->name);
    free(a);
    free(b);
    free(want);
    free(got);
}

/* A within a few ulps of k * B, random signs and exponents, so that quotients round onto
   and next to integers: whole runs of them (a kernel may leave a vector with one lane out
   of its exact range to the reference, as Modulus does), then the same with a zero,
   infinity or NaN in one lane of 16, then with random bits in one lane of 64. One pair
   from the random words u and w (and more from state) by width: */
typedef void multiple_fn(uint64_t u, uint64_t w, uint64_t *state, uint64_t *x, uint64_t *y);

/* float32: k below 2^30, often small */
static void multiple32(uint64_t u, uint64_t w, uint64_t *state, uint64_t *x, uint64_t *y)
{
    (void)state;
    uint32_t fy_bits = ((uint32_t)u & 0x807fffffu) | (uint32_t)(12 + (u >> 32) % 230) << 23;
    if (w % 4 == 0)
        fy_bits &= 0xffff8000u; /* a divisor of few bits */
    uint64_t m = (w >> 2) % 4 == 0 ? 64 : 1ull << (w >> 40) % 30;
    float fy, f;
    memcpy(&fy, &fy_bits, 4);
    f = (float)((double)((w >> 8) % m) * fabs((double)fy));
    uint32_t fx;
    memcpy(&fx, &f, 4);
    if ((w >> 48) % 8 < 3)
        fx += (uint32_t)((w >> 51) % 5) - 2; /* neighbours of a multiple */
    *x = fx ^ (uint32_t)(w >> 63) << 31;
    *y = fy_bits;
}

/* float64 (the fused remainder of modulus_vector.h): k of up to 60 bits (past the exact
   range's 2^52), B from the least of the exact range (2^-969) to the largest exponents */
static void multiple64(uint64_t u, uint64_t w, uint64_t *state, uint64_t *x, uint64_t *y)
{
    uint64_t e = (u >> 52) % 4 == 0 ? 50 + (u >> 54) % 10 : 30 + (u >> 54) % 1960;
    uint64_t fy_bits = (u & 0x800fffffffffffffu) | e << 52;
    if (w % 4 == 0)
        fy_bits &= 0xfffffff000000000u; /* a divisor of few bits */
    uint64_t m = (w >> 2) % 4 == 0 ? 64 : 1ull << (w >> 40) % 60;
    double fy, f;
    memcpy(&fy, &fy_bits, 8);
    f = (double)(oracle_random(state) % m) * fabs(fy);
    uint64_t fx;
    memcpy(&fx, &f, 8);
    if ((w >> 48) % 8 < 3)
        fx += ((w >> 51) % 5) - 2; /* neighbours of a multiple */
    *x = fx ^ (w >> 63) << 63;
    *y = fy_bits;
}

/* The three runs of pairs of `size` bytes from `pair`, the output of out_size bytes. */
static void sweep_multiples(dmlp__binary_kernel ref, const dmlp__binary_kernel_choice *v,
                            size_t size, uint32_t out_size, multiple_fn *pair)
{
    enum { RUN = 8192 };
    static const uint64_t specials32[] = {0, 0x80000000u, 0x7f800000u, 0xff800000u,
                                          0x7fc00000u, 0xffc12345u, 0x7f800001u};
    static const uint64_t specials64[] = {0, 0x8000000000000000u, 0x7ff0000000000000u,
                                          0xfff0000000000000u, 0x7ff8000000000000u,
                                          0xfff0000000012345u, 0x7ff0000000000001u};
    const uint64_t *specials = size == 8 ? specials64 : specials32;
    unsigned char *a = malloc(RUN * size), *b = malloc(RUN * size), *want = malloc(RUN * size),
                  *got = malloc(RUN * size);
    uint64_t state = size == 8 ? 0x452821e638d01377u : 0x13198a2e03707344u;
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    args.out_size = out_size;
    for (int region = 0; region < 3; region++) {
        for (size_t i = 0; i < RUN; i++) {
            uint64_t u = oracle_random(&state), w = oracle_random(&state), x, y;
            pair(u, w, &state, &x, &y);
            if (region == 1 && (w >> 54) % 16 == 0) {
                if ((w >> 58) % 2)
                    x = specials[(w >> 59) % 7];
                else
                    y = specials[(w >> 59) % 7];
            }
            if (region == 2 && (w >> 54) % 64 == 0)
                x = u;
            memcpy(a + i * size, &x, size); /* little-endian: the low bytes */
            memcpy(b + i * size, &y, size);
        }
        memset(want, 0x5a, RUN * size);
        memset(got, 0x5a, RUN * size);
        ref(RUN, a, b, want, 0, &args);
        v->fn(RUN, a, b, got, 0, &args);
        CHECK(memcmp(want, got, RUN * size) == 0, "%s: A near multiples of B, region %d",
              v->name, region);
    }
    free(a);
    free(b);
    free(want);
    free(got);
}

/* Pow of binary32 with the exponent B a broadcast scalar, which the fast kernels hand to
   ConstantPow's (its product forms for 2, 3, 4, 0.5, -1, -2, its general form, and the
   zero, infinite and NaN exponents it declines): every 16411th pattern of A (1048573rd
   when thin) and the specials, with and without a ScaleBias, and in place on A. */
static void pow_scalar_exponents(dmlp__binary_kernel ref, const dmlp__binary_kernel_choice *v)
{
    static const float exponents[] = {2, 3, 4, 0.5f, -1, -2, 1, 2.5f, -0.5f, 1.0f / 3, 1e-3f,
                                      -7, 0x1p100f, 0, -0.0f, INFINITY, -INFINITY, NAN};
    const uint64_t stride = TEST_THIN ? 1048573 : 16411;
    const size_t COUNT = (size_t)(0x100000000u / stride) + 1 + 8;
    uint32_t *a = malloc(COUNT * 4), *want = malloc(COUNT * 4), *got = malloc(COUNT * 4);
    static const uint32_t specials[] = {0, 0x80000000u, 0x7f800000u, 0xff800000u,
                                        0x7fc00000u, 0xffc12345u, 0x7f800001u, 1};
    size_t n = 0;
    for (uint64_t x = 0; x < 0x100000000u; x += stride)
        a[n++] = (uint32_t)x;
    for (size_t i = 0; i < 8; i++)
        a[n++] = specials[i];
    for (size_t e = 0; e < sizeof exponents / sizeof exponents[0]; e++)
        for (int pass = 0; pass < 3; pass++) {
            dmlp__kernel_args args;
            memset(&args, 0, sizeof args);
            args.scale_bias = pass == 1;
            args.scale = 0.5f;
            args.bias = 0.25f;
            ref(n, a, &exponents[e], want, DMLP__SCALAR_B, &args);
            if (pass == 2) {
                memcpy(got, a, n * 4);
                v->fn(n, got, &exponents[e], got, DMLP__SCALAR_B, &args);
            } else {
                memset(got, 0x5a, n * 4);
                v->fn(n, a, &exponents[e], got, DMLP__SCALAR_B, &args);
            }
            size_t at = 0;
            while (at < n && want[at] == got[at])
                at++;
            CHECK(at == n, "%s: A^%a%s: A 0x%08x gives 0x%08x, the reference 0x%08x", v->name,
                  exponents[e], pass == 1 ? " with a ScaleBias" : pass == 2 ? " in place" : "",
                  at < n ? a[at] : 0, at < n ? got[at] : 0, at < n ? want[at] : 0);
        }
    free(a);
    free(want);
    free(got);
}

/* ADD1 with a fused activation (args.fused, the reference's LeakyRelu with a slope and
   Softsign, given to both kernels): runs long enough for the fast kernel to take them in
   several parts, A or B a scalar, and in place on A. */
static void add1_fused(const row *r, dmlp__binary_kernel ref, const dmlp__binary_kernel_choice *v)
{
    enum { LONG = 5000 };
    static const struct {
        DML_OPERATOR_TYPE op;
        float param;
    } acts[] = {{DML_OPERATOR_ACTIVATION_LEAKY_RELU, 0.2f}, {DML_OPERATOR_ACTIVATION_SOFTSIGN, 0}};
    size_t s = r->size;
    unsigned char *a = malloc(LONG * s), *b = malloc(LONG * s);
    unsigned char *want = malloc(LONG * s), *got = malloc(LONG * s);
    for (size_t j = 0; j < sizeof acts / sizeof acts[0]; j++) {
        dmlp__kernel_args args;
        memset(&args, 0, sizeof args);
        args.fused = dmlp__reference_kernel(acts[j].op, r->type);
        args.fused_param[0] = acts[j].param;
        args.out_size = (uint32_t)s;
        CHECK(args.fused != NULL, "%s: the activation's reference kernel", v->name);
        if (!args.fused)
            continue;
        fill(a, b, LONG, s, 31 + j);
        for (size_t n = LONG - 3; n <= LONG; n += 3)
            for (uint32_t scalar = 0; scalar <= 2; scalar++) {
                memset(want, 0x5a, LONG * s);
                memset(got, 0x5a, LONG * s);
                ref(n, a, b, want, scalar, &args);
                v->fn(n, a, b, got, scalar, &args);
                CHECK(memcmp(want, got, LONG * s) == 0, "%s: fused %zu, n %zu, scalar %u",
                      v->name, j, n, scalar);
            }
        ref(LONG, a, b, want, 0, &args);
        memcpy(got, a, LONG * s);
        v->fn(LONG, got, b, got, 0, &args);
        CHECK(memcmp(want, got, LONG * s) == 0, "%s: fused %zu, in place on A", v->name, j);
    }
    free(a);
    free(b);
    free(want);
    free(got);
}

int main(void)
{
    dmlp__isa cpu = dmlp__isa_detect();
    unsigned long run = 0, skipped = 0;
    size_t sizes[] = {0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 100, N - 1};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        dmlp__binary_kernel_choice v[8];
        size_t count = dmlp__binary_kernel_variants(rows[r].op, rows[r].type, v, 8);
        dmlp__binary_kernel ref = dmlp__binary_reference_kernel(rows[r].op, rows[r].type);
        CHECK(count >= 1 && ref != NULL && v[count - 1].fn == ref, "%s: reference last",
              rows[r].name);
        size_t s = rows[r].size;
        for (size_t k = 0; k + 1 < count; k++) {
            if (v[k].isa > cpu) {
                skipped++;
                continue;
            }
            run++;
            if (s == 2)
                sweep16(&rows[r], ref, &v[k]);
            if (s == 1)
                sweep8(&rows[r], ref, &v[k]);
            if (rows[r].type == DML_TENSOR_DATA_TYPE_FLOAT32)
                sweep_multiples(ref, &v[k], 4, own_output(rows[r].op) ? 1 : 4, multiple32);
            if (rows[r].type == DML_TENSOR_DATA_TYPE_FLOAT32 &&
                rows[r].op == DML_OPERATOR_ELEMENT_WISE_POW)
                pow_scalar_exponents(ref, &v[k]);
            if (rows[r].type == DML_TENSOR_DATA_TYPE_FLOAT64 && !own_output(rows[r].op))
                sweep_multiples(ref, &v[k], 8, 8, multiple64);
            unsigned char *a = malloc(N * s + 8), *b = malloc(N * s + 8);
            size_t room = N * 8 + 8; /* the widest output */
            unsigned char *want = malloc(room), *got = malloc(room);
            dmlp__kernel_args args;
            memset(&args, 0, sizeof args);
            /* both NaN rules (Max reads nan_propagate; the others ignore it), both shift
               rules (the shifts read shift_zero), vector-unaligned starts, the
               comparisons' two output widths, and FLOAT16's two forms of them (all of
               the others' passes with each) */
            size_t forms = rows[r].type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 2 : 1;
            size_t per_form = own_output(rows[r].op) ? 2 * 2 * 2 : 2 * 2;
            for (size_t form_pass = 0; form_pass < forms * per_form; form_pass++) {
                size_t pass = form_pass % per_form;
                args.f16_halves = (uint32_t)(form_pass / per_form);
                size_t shift = (pass % 2) * s;
                args.nan_propagate = (uint32_t)((pass / 2) % 2);
                args.shift_zero = (uint32_t)((pass / 2) % 2);
                args.out_size = own_output(rows[r].op) ? (pass / 4 ? 4 : 1) : (uint32_t)s;
                /* the FLOAT members (ClipGrad's Min and Max; the others read none):
                   finite bounds, signed zeros, infinities, a NaN and a subnormal */
                static const float bounds[][2] = {
                    {-1.5f, 2.5f}, {0.0f, -0.0f}, {-INFINITY, INFINITY}, {NAN, 1e-40f}};
                args.param[0] = bounds[pass % 4][0];
                args.param[1] = bounds[pass % 4][1];
                args.scalar[0] = dmlp__scalar_from_float(rows[r].type, bounds[pass % 4][0]);
                args.scalar[1] = dmlp__scalar_from_float(rows[r].type, bounds[pass % 4][1]);
                size_t os = args.out_size;
                unsigned char *pa = a + shift, *pb = b + shift;
                fill(pa, pb, N, s, 7 + r + pass);
                for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
                    size_t n = sizes[z];
                    /* A, B, or both a scalar (the planner computes a run of two scalars
                       once, but the kernel contract allows it) */
                    for (uint32_t scalar = 0; scalar <= 3; scalar++) {
                        memset(want, 0x5a, room);
                        memset(got, 0x5a, room);
                        ref(n, pa, pb, want, scalar, &args);
                        v[k].fn(n, pa, pb, got, scalar, &args);
                        CHECK(memcmp(want, got, room) == 0,
                              "%s: n %zu scalar %u shift %zu nan_propagate/shift_zero %u out %zu "
                              "f16_halves %u", v[k].name, n, scalar, shift,
                              args.nan_propagate, os, args.f16_halves);
                    }
                }
                /* in place on A, then on B, where the output is no wider */
                if (os > s)
                    continue;
                ref(N, pa, pb, want, 0, &args);
                memcpy(got, pa, N * s);
                v[k].fn(N, got, pb, got, 0, &args);
                CHECK(memcmp(want, got, N * os) == 0, "%s: in place on A, out %zu, halves %u",
                      v[k].name, os, args.f16_halves);
                memcpy(got, pb, N * s);
                v[k].fn(N, pa, got, got, 0, &args);
                CHECK(memcmp(want, got, N * os) == 0, "%s: in place on B, out %zu, halves %u",
                      v[k].name, os, args.f16_halves);
            }
            /* ClipGrad: every pair of bounds, packed and with x or the gradient a scalar */
            for (size_t j = 0; clip_grad(rows[r].op) && j < CLIP_BOUNDS; j++) {
                set_bounds(&args, rows[r].type, j);
                args.out_size = (uint32_t)s;
                fill(a, b, N, s, 11 + j);
                for (uint32_t scalar = 0; scalar <= 2; scalar++) {
                    memset(want, 0x5a, room);
                    memset(got, 0x5a, room);
                    ref(N, a, b, want, scalar, &args);
                    v[k].fn(N, a, b, got, scalar, &args);
                    CHECK(memcmp(want, got, room) == 0, "%s: bounds %g, %g, scalar %u",
                          v[k].name, (double)clip_bounds[j][0], (double)clip_bounds[j][1],
                          scalar);
                }
            }
            free(a);
            free(b);
            free(want);
            free(got);
            if (rows[r].op == DML_OPERATOR_ELEMENT_WISE_ADD1)
                add1_fused(&rows[r], ref, &v[k]);
        }
    }
    printf("test_fast_binary: %lu fast kernels compared, %lu need a newer CPU\n", run, skipped);
    if (run == 0) {
        printf("test_fast_binary: skipped: no fast two-input kernel this CPU runs\n");
        return TEST_SKIP;
    }
    return test_finish("test_fast_binary");
}
