/* Fast kernels (src/kernels/x86 and src/kernels/arm: every row of
   src/kernels/kernel_list.inc whose column for this processor family is YES) against
   the reference kernels, bit for bit, NaN payloads included.
   `test_fast_kernels ISA` (sse2|avx2|avx512 on x86-64, neon on aarch64) checks every
   kernel variant of that level:
   all values of the 1- and 2-byte types, every 1021st f32 pattern (a prime step: every
   exponent and low-bit mix) plus edges, edges plus random patterns for the 4- and 8-byte
   integers and f64 (fewer of both under AddressSanitizer and under qemu); then lengths 0..67 (and a few
   longer ones) at misaligned starts (one element, odd bytes), in place and out of place,
   streaming off, on, and on without the kernel's fence, every IsInfinity mode, both
   NaN flags and Identity with and without a ScaleBias, with guard bytes around the output. Exits 77 when the CPU (or DMLP_ISA)
   lacks the level.
   Without an argument: the dispatch checks (every op x type of the list has every level
   of the family, avx512, avx2 and sse2 or neon, or only the reference where the list
   says so, and dmlp__kernel_select picks the best one this CPU runs). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "core/scalar.h"
#include "kernels/kernels.h"
#include "test_util.h"

#if defined(__x86_64__)
#include <xmmintrin.h>
/* A kernel may change the floating-point controls while it runs (the bf16 Softsign sets
   denormals-are-zero) but must leave them as it found them. */
#define CONTROLS() (_mm_getcsr() & 0xffc0u) /* MXCSR without the sticky exception flags */
#else
#define CONTROLS() 0u
#endif

typedef struct op_type {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    const char *name;
    size_t si, so;  /* element sizes in and out */
    int is_float;   /* 4-byte float: sampled every 1021st pattern */
    int fast;       /* the list promises kernels of this processor family */
} op_type;

#define ISINF DML_OPERATOR_ELEMENT_WISE_IS_INFINITY
#define ISNAN DML_OPERATOR_ELEMENT_WISE_IS_NAN
#define YES 1
#define NO 0

/* Every row of the kernel list. */
static const op_type cases[] = {
#if defined(__x86_64__)
#define FAMILY_COLUMN(x86, arm) x86
#elif defined(__aarch64__)
#define FAMILY_COLUMN(x86, arm) arm
#else
#define FAMILY_COLUMN(x86, arm) NO
#endif
#define DMLP__KERNEL_ROW(op, type, name, in_bytes, out_bytes, x86, arm)                     \
    {op, type, #name, in_bytes, out_bytes, type == DML_TENSOR_DATA_TYPE_FLOAT32,             \
     FAMILY_COLUMN(x86, arm)},
#include "kernels/kernel_list.inc"
#undef DMLP__KERNEL_ROW
};

/* The op x type that had fast kernels (x86-64 and aarch64 alike) when the list was made:
   the list may grow, never lose one of them. */
static const struct {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
} required[] = {
#define SIGN DML_OPERATOR_ELEMENT_WISE_SIGN
#define SOFT DML_OPERATOR_ACTIVATION_SOFTSIGN
    {SIGN, DML_TENSOR_DATA_TYPE_INT8}, {SIGN, DML_TENSOR_DATA_TYPE_UINT8},
    {SIGN, DML_TENSOR_DATA_TYPE_INT16}, {SIGN, DML_TENSOR_DATA_TYPE_UINT16},
    {SIGN, DML_TENSOR_DATA_TYPE_INT32}, {SIGN, DML_TENSOR_DATA_TYPE_UINT32},
    {SIGN, DML_TENSOR_DATA_TYPE_INT64}, {SIGN, DML_TENSOR_DATA_TYPE_UINT64},
    {SIGN, DML_TENSOR_DATA_TYPE_FLOAT16}, {SIGN, DMLP_TENSOR_DATA_TYPE_BFLOAT16},
    {SIGN, DML_TENSOR_DATA_TYPE_FLOAT32}, {SIGN, DML_TENSOR_DATA_TYPE_FLOAT64},
    {SOFT, DML_TENSOR_DATA_TYPE_FLOAT16}, {SOFT, DMLP_TENSOR_DATA_TYPE_BFLOAT16},
    {SOFT, DML_TENSOR_DATA_TYPE_FLOAT32}, {SOFT, DML_TENSOR_DATA_TYPE_FLOAT64},
    {ISINF, DML_TENSOR_DATA_TYPE_FLOAT16}, {ISINF, DMLP_TENSOR_DATA_TYPE_BFLOAT16},
    {ISINF, DML_TENSOR_DATA_TYPE_FLOAT32}, {ISINF, DML_TENSOR_DATA_TYPE_FLOAT64},
    {ISINF, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2}, {ISINF, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN},
    {ISINF, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ},
    {ISINF, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ},
    {ISNAN, DML_TENSOR_DATA_TYPE_FLOAT16}, {ISNAN, DMLP_TENSOR_DATA_TYPE_BFLOAT16},
    {ISNAN, DML_TENSOR_DATA_TYPE_FLOAT32}, {ISNAN, DML_TENSOR_DATA_TYPE_FLOAT64},
    {ISNAN, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2}, {ISNAN, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN},
    {ISNAN, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ},
    {ISNAN, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ},
#undef SIGN
#undef SOFT
};
#define CASE_COUNT (sizeof cases / sizeof cases[0])

/* Patterns where the operators change behaviour: zeros, ones, extremes of every
   integer type, subnormals, largest finites, infinities, quiet and signalling NaNs. */
static const uint32_t edges32[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu,
    0x00800000u, 0x80800000u, 0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0xff7fffffu,
    0x7f800000u, 0xff800000u, 0x7f800001u, 0xff800001u, 0x7fbfffffu, 0x7fc00000u,
    0xffc00000u, 0x7fc00001u, 0x7fffffffu, 0xffffffffu, 0x33800000u, 0x4b800000u,
    0x5f800000u, 0x00000002u, 0xfffffffeu, 0x7ffffffeu, 0x80000002u, 0x0000ffffu,
    0x00010000u, 0x7c00fc00u, 0x3c00bc00u};
static const uint64_t edges64[] = {
    0x0000000000000000u, 0x8000000000000000u, 0x0000000000000001u, 0x8000000000000001u,
    0x000fffffffffffffu, 0x0010000000000000u, 0x3ff0000000000000u, 0xbff0000000000000u,
    0x7fefffffffffffffu, 0xffefffffffffffffu, 0x7ff0000000000000u, 0xfff0000000000000u,
    0x7ff0000000000001u, 0xfff0000000000001u, 0x7ff7ffffffffffffu, 0x7ff8000000000000u,
    0xfff8000000000000u, 0x7ff8000000000001u, 0x7fffffffffffffffu, 0xffffffffffffffffu,
    0xfffffffffffffffeu, 0x0000000100000000u, 0x00000000ffffffffu, 0xffffffff00000000u,
    0x8000000000000002u, 0x7fffffff00000000u, 0x0000000080000000u, 0x7ff0000100000000u,
    0x3e60000000000000u, 0x4340000000000000u};
#define EDGES32 (sizeof edges32 / sizeof edges32[0])
#define EDGES64 (sizeof edges64 / sizeof edges64[0])

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t rng(void) { return test_rng(&rng_state); }

/* Under AddressSanitizer (make test's second pass, a Debug build) the 4- and 8-byte
   values are sampled thinly, and every value goes through two of the eight hint
   combinations (none, and all of streaming, the reciprocal form with Clip's and
   Threshold's keys, and the portable one):
   that pass looks for memory errors and undefined behaviour, which the run-length checks
   below reach in full under every strategy. The release pass compares every sampled
   value under four combinations (every pair of the reciprocal (with the keys) and the
   portable forms, the
   hints that change the arithmetic, with streaming and unrolling each on and off), and
   the run-length checks every value of theirs under all eight. */

/* Under an emulator (the aarch64 build's ctest runs every program under qemu-user:
   DMLP_TEST_EMULATED, which a cross build sets for every test) every 16381st f32 pattern
   and 65,536 random 4- and 8-byte values, each chunk through two of the four hint
   combinations that reach a NEON kernel (none, and streaming with unrolled loops and
   the clamps' keys; recip and portable are x86's), the lengths through all four: every row, every 1- and 2-byte
   value, the edges, every length and offset stay. */
#define CHUNK ((size_t)1 << 20)
#ifdef SANITIZED
#define RANDOM_COUNT ((size_t)1 << 14)
#define F32_STEP 65521u
#elif defined(DMLP_TEST_EMULATED)
#define RANDOM_COUNT ((size_t)1 << 16)
#define F32_STEP 16381u
#else
#define RANDOM_COUNT ((size_t)1 << 20)
#define F32_STEP 1021u
#endif

/* The value set of a type, in chunks of at most CHUNK elements; returns the count
   written for chunk k (0 when there are no more). */
static size_t fill_chunk(const op_type *c, size_t k, unsigned char *buf)
{
    size_t n = 0;
    if (c->si <= 2) {
        size_t all = (size_t)1 << (8 * c->si);
        if (k > 0)
            return 0;
        for (size_t v = 0; v < all; v++)
            memcpy(buf + v * c->si, &v, c->si); /* little-endian low bytes */
        return all;
    }
    if (c->si == 4 && c->is_float) {
        /* Element g of the set: the edges, then the patterns g' * F32_STEP. */
        for (uint64_t g = (uint64_t)k * CHUNK; n < CHUNK; g++, n++) {
            uint64_t p = (g - EDGES32) * F32_STEP;
            if (g >= EDGES32 && p > 0xffffffffu)
                break;
            uint32_t v = g < EDGES32 ? edges32[g] : (uint32_t)p;
            memcpy(buf + n * 4, &v, 4);
        }
        return n;
    }
    if (k > 0)
        return 0;
    /* Edges, then random patterns with edges mixed in. */
    for (; n < (c->si == 4 ? EDGES32 : EDGES64); n++) {
        if (c->si == 4)
            memcpy(buf + n * 4, &edges32[n], 4);
        else
            memcpy(buf + n * 8, &edges64[n], 8);
    }
    for (; n < RANDOM_COUNT; n++) {
        uint64_t r = rng();
        if ((r & 7) == 0)
            r = c->si == 4 ? edges32[(r >> 8) % EDGES32] : edges64[(r >> 8) % EDGES64];
        memcpy(buf + n * c->si, &r, c->si);
    }
    return n;
}

/* FLOAT members (Alpha, Beta, Min, Max ...) an operator with them runs under: -0 and
   small values (Clip's bounds -0 and 0.5: the zeros' order), negative ones (the second
   pair out of order, -300.7 rounding in f16 and saturating in 8-bit integers), specials
   (NaN, infinities, zeros of both signs) and subnormal or huge ones; Alpha 1 and Beta -0
   (HardSigmoid's Alpha * x + Beta is -0 at x = -0, which its clamp makes +0). */
#define PARAM_SETS 4
static const float param_sets[PARAM_SETS][4] = {
    {-0.0f, 0.5f, 1.5f, -0.25f},
    {-2.5f, -300.7f, 3e38f, 1e-40f},
    {NAN, -INFINITY, INFINITY, -0.0f},
    {1.0f, -0.0f, -1.0f, 0.25f},
};

/* The argument combinations that matter for an operator (streaming set by callers):
   IsInfinity's and Round's modes, Sign's NaN flag, Identity without and with a ScaleBias,
   IsNaN's and BitCount's UINT8 and UINT32 outputs, and the FLOAT members' sets for the operators that
   have them (the scalar members take two of the set's values in the tensor's type). */
static size_t arg_sets(const op_type *c, dmlp__kernel_args *out)
{
    size_t n = 0;
    int rounding = c->op == DML_OPERATOR_ELEMENT_WISE_ROUND;
    int modes = c->op == ISINF || rounding ? 3
                : dmlp__op_float_count(dmlp__op_find(c->op)) ||
                          dmlp__op_scalar_count(dmlp__op_find(c->op))
                      ? PARAM_SETS
                      : 1;
    for (int m = 0; m < modes; m++)
        for (uint32_t nan = 0; nan < 2; nan++) {
            if (rounding && nan) /* Round reads no NaN rule: its three modes only */
                continue;
            memset(&out[n], 0, sizeof out[n]);
            out[n].mode = (DML_IS_INFINITY_MODE)m;
            out[n].nan_propagate = nan;
            if (c->op != ISINF) {
                out[n].mode = DML_IS_INFINITY_MODE_EITHER;
                memcpy(out[n].param, param_sets[m], sizeof out[n].param);
                /* the scalar members (CLIP1's Min, Max): the same values in the type,
                   the set's first two (Min below Max) or its last two (above) */
                for (int k = 0; k < 2; k++)
                    out[n].scalar[k] =
                        dmlp__scalar_from_float(c->type, param_sets[m][m == 0 ? k : k + 2]);
            }
            if (rounding) /* Round's three modes */
                out[n].rounding = (DML_ROUNDING_MODE)m;
            if (c->op == DML_OPERATOR_ELEMENT_WISE_IDENTITY && nan) {
                out[n].nan_propagate = 0;
                out[n].scale_bias = 1;
                out[n].scale = -2.5f;
                out[n].bias = 0.375f;
            }
            n++;
        }
    if (c->op == ISNAN || c->op == DML_OPERATOR_ELEMENT_WISE_BIT_COUNT) /* again into UINT32 */
        for (size_t k = 0, m = n; k < m; k++) {
            out[n] = out[k];
            out[n++].out_size = 4;
        }
    return n;
}

/* Output element bytes: the row's, or 4 where the arguments ask for UINT32 (IsNaN,
   BitCount). */
static size_t out_size_of(const op_type *c, const dmlp__kernel_args *args)
{
    return args->out_size == 4 ? 4 : c->so;
}

/* Every value of the type through the kernel, in one call per chunk. */
static void check_values(const op_type *c, const dmlp__kernel_choice *v,
                         dmlp__unary_kernel ref, unsigned char *in, unsigned char *want,
                         unsigned char *got)
{
    dmlp__kernel_args sets[2 * PARAM_SETS];
    size_t nsets = arg_sets(c, sets);
    rng_state = 0x9e3779b97f4a7c15u;
    for (size_t k = 0;; k++) {
        size_t n = fill_chunk(c, k, in);
        if (n == 0)
            break;
        for (size_t s = 0; s < nsets; s++) {
            /* The reference reads none of the hints varied below: its bits once per set */
            ref(n, in, want, &sets[s]);
#ifdef DMLP_TEST_EMULATED
            for (uint32_t stream = 0; stream < 4; stream++) { /* portable 0; only the
                                                                  clamps read recip's bit */
#else
            for (uint32_t stream = 0; stream < 8; stream++) {
#endif
#if defined(SANITIZED)
                if (stream != 0 && stream != 7)
                    continue;
#elif defined(DMLP_TEST_EMULATED)
                /* none, then streaming with unrolled loops: neither changes the
                   arithmetic, and check_lengths runs all four */
                if (stream != 0 && stream != 3)
                    continue;
#else
                /* 0, 2, 4, 7: recip and portable in all four pairs (the arithmetic they
                   pick), streaming and unroll each on and off; the other four pairings
                   of loop and store are check_lengths' */
                if (stream != 0 && stream != 2 && stream != 4 && stream != 7)
                    continue;
#endif
                dmlp__kernel_args args = sets[s];
                args.streaming = stream & 1;
                args.recip = (stream >> 1) & 1; /* Softsign: the reciprocal form too */
                args.clamp_keys = args.recip;   /* Clip and Threshold: both forms */
                args.portable = stream >> 2; /* and without the optional instructions */
                /* unrolled loops in cache with and without each of those two */
                args.unroll = ((stream >> 1) ^ (stream >> 2)) & 1;
                args.prefetch = args.streaming ? DMLP__PREFETCH_T0 : DMLP__PREFETCH_NONE;
                args.prefetch_distance = 4096;
                size_t so = out_size_of(c, &args);
                memset(got, 0xa5, n * so);
                unsigned controls = CONTROLS();
                v->fn(n, in, got, &args); /* long: the kernels' own floating-point controls */
                CHECK(CONTROLS() == controls, "%s %s chunk %zu: the floating-point controls "
                      "changed", c->name, v->name, k);
                size_t d = test_first_difference(got, want, n * so);
                CHECK(d == n * so,
                      "%s %s chunk %zu mode %d nan %u stream %u recip/keys %u portable %u "
                      "unroll %u: first difference at element %zu (input bytes at %p)",
                      c->name, v->name, k, (int)args.mode, args.nan_propagate, args.streaming,
                      args.recip, args.portable, args.unroll, d / so,
                      (void *)(in + d / so * c->si));
            }
        }
    }
}

#define GUARD 80
#define SAMPLE 1100
static const size_t long_lengths[] = {127, 128, 129, 200, 300, 1031};

/* One call at a given length and byte offsets, with guard bytes around the output; want
   holds the reference's results on the whole sample (an element's result does not depend
   on the run it is in, so its first len are this run's). */
static void check_run(const op_type *c, const dmlp__kernel_choice *v,
                      const unsigned char *sample, size_t len, size_t off, int in_place,
                      const dmlp__kernel_args *args, unsigned char *buf, unsigned char *src,
                      const unsigned char *want)
{
    size_t so = out_size_of(c, args);
    size_t out_bytes = len * so;
    size_t region = GUARD + off + len * (so > c->si ? so : c->si) + GUARD;
    memset(buf, 0x5a, region);
    unsigned char *out = buf + GUARD + off;
    const unsigned char *in;
    if (in_place) {
        memcpy(out, sample, len * c->si);
        in = out;
    } else {
        memcpy(src + off, sample, len * c->si);
        in = src + off;
    }
    unsigned controls = CONTROLS();
    v->fn(len, in, out, args);
    CHECK(CONTROLS() == controls, "%s %s len %zu: the floating-point controls changed",
          c->name, v->name, len);
    size_t d = test_first_difference(out, want, out_bytes);
    int guard_ok = 1;
    for (size_t i = 0; i < GUARD + off; i++)
        guard_ok &= buf[i] == 0x5a;
    /* In place the bytes past the output still hold input; out of place, the guard. */
    size_t after = in_place ? len * c->si : out_bytes;
    for (size_t i = GUARD + off + after; i < region; i++)
        guard_ok &= buf[i] == 0x5a;
    CHECK(d == out_bytes && guard_ok,
          "%s %s len %zu offset %zu %s mode %d nan %u stream %u recip/keys %u portable %u "
          "unroll %u: %s at element %zu", c->name, v->name, len, off,
          in_place ? "in place" : "out of place", (int)args->mode, args->nan_propagate,
          args->streaming, args->recip, args->portable, args->unroll,
          guard_ok ? "difference" : "guard overwritten",
          d / (so ? so : 1));
}

static void check_lengths(const op_type *c, const dmlp__kernel_choice *v,
                          dmlp__unary_kernel ref, unsigned char *values, unsigned char *scratch)
{
    /* A sample: the first values (edges, or the smallest patterns), then random picks. */
    unsigned char *sample = scratch, *buf = scratch + 8 * SAMPLE;
    unsigned char *src = buf + 8 * (SAMPLE + 2 * GUARD + 16), *want = src + 8 * (SAMPLE + 16);
    rng_state = 0x9e3779b97f4a7c15u;
    size_t have = fill_chunk(c, 0, values);
    for (size_t i = 0; i < SAMPLE; i++) {
        size_t pick = i < 40 ? i : (size_t)(rng() % have);
        memcpy(sample + i * c->si, values + pick * c->si, c->si);
    }
    const size_t offsets[] = {0, c->si, 1, 3};
    dmlp__kernel_args sets[2 * PARAM_SETS];
    size_t nsets = arg_sets(c, sets);
    /* The measured strategies (core/tune.h), each streaming mode with a different prefetch
       (none, T0 just ahead, NTA past the end of short runs), both division methods and
       both forms of Clip and Threshold (`recip`: Softsign's reciprocal, the clamps'
       keys), with and without the optional instructions (kernels.h, portable), and in
       cache with and without unrolled loops. */
    static const struct {
        uint32_t streaming, prefetch, distance, recip, portable, unroll;
    } strategies[] = {{0, DMLP__PREFETCH_NONE, 0, 0, 0, 0},
                      {0, DMLP__PREFETCH_NONE, 0, 0, 0, 1},
                      {0, DMLP__PREFETCH_NONE, 0, 1, 0, 1},
                      {0, DMLP__PREFETCH_NONE, 0, 0, 1, 0},
                      {1, DMLP__PREFETCH_T0, 64, 0, 0, 0},
                      {1, DMLP__PREFETCH_NTA, 4096, 1, 0, 0},
                      {1, DMLP__PREFETCH_T0, 64, 0, 1, 0},
                      {DMLP__STREAM_NO_FENCE, DMLP__PREFETCH_NTA, 4096, 0, 0, 0},
                      {DMLP__STREAM_NO_FENCE, DMLP__PREFETCH_T0, 64, 1, 0, 0}};
    for (size_t s = 0; s < nsets; s++) {
        /* the reference reads none of the strategies' hints: its results once per set */
        ref(SAMPLE, sample, want, &sets[s]);
        for (uint32_t k = 0; k < sizeof strategies / sizeof strategies[0]; k++) {
            if (strategies[k].streaming == 0 &&
                ((strategies[k].recip && c->op != DML_OPERATOR_ACTIVATION_SOFTSIGN &&
                  c->op != DML_OPERATOR_ELEMENT_WISE_CLIP &&
                  c->op != DML_OPERATOR_ELEMENT_WISE_CLIP1 &&
                  c->op != DML_OPERATOR_ELEMENT_WISE_THRESHOLD) ||
                 (strategies[k].portable && c->op != DML_OPERATOR_ACTIVATION_SOFTSIGN &&
                  c->op != ISINF && c->op != ISNAN &&
                  c->op != DML_OPERATOR_ELEMENT_WISE_BIT_COUNT)))
                continue; /* the division method only changes Softsign, the keys Clip,
                             Clip1 and Threshold; the optional instructions Softsign,
                             IsInfinity, IsNaN and BitCount */
            dmlp__kernel_args args = sets[s];
            args.streaming = strategies[k].streaming; /* off, on, on without the fence */
            args.prefetch = strategies[k].prefetch;
            args.prefetch_distance = strategies[k].distance;
            args.recip = args.clamp_keys = strategies[k].recip;
            args.portable = strategies[k].portable;
            args.unroll = strategies[k].unroll;
            for (size_t li = 0; li < 68 + sizeof long_lengths / sizeof long_lengths[0]; li++) {
                size_t len = li < 68 ? li : long_lengths[li - 68];
                for (size_t o = 0; o < 4; o++)
                    for (int in_place = 0; in_place < 2; in_place++)
                        if (!in_place || out_size_of(c, &args) <= c->si) /* a wider output
                                                                            never in place */
                            check_run(c, v, sample, len, offsets[o], in_place, &args, buf,
                                      src, want);
            }
        }
    }
}

static int isa_from_name(const char *name)
{
    for (int i = DMLP__ISA_SSE2; i < DMLP__ISA_COUNT; i++)
        if (strcmp(name, dmlp__isa_name((dmlp__isa)i)) == 0)
            return i;
    return -1;
}

/* The levels of this build's processor family, best first. */
#if defined(__x86_64__)
static const dmlp__isa family[] = {DMLP__ISA_AVX512, DMLP__ISA_AVX2, DMLP__ISA_SSE2};
#elif defined(__aarch64__)
static const dmlp__isa family[] = {DMLP__ISA_NEON};
#else
static const dmlp__isa family[] = {DMLP__ISA_SCALAR};
#endif
#define FAMILY_COUNT (sizeof family / sizeof family[0])

static int check_dispatch(void)
{
    dmlp__isa cpu = dmlp__isa_detect();
    if (cpu == DMLP__ISA_SCALAR) {
        printf("test_fast_kernels: no fast kernels on this CPU\n");
        return TEST_SKIP;
    }
    for (size_t r = 0; r < sizeof required / sizeof required[0]; r++) {
        int listed = 0;
        for (size_t i = 0; i < CASE_COUNT; i++)
            listed |= cases[i].op == required[r].op && cases[i].type == required[r].type &&
                      cases[i].fast;
        CHECK(listed, "op %d type %d: no longer listed with %s kernels", (int)required[r].op,
              (int)required[r].type, dmlp__isa_name(family[0]));
    }
    for (size_t i = 0; i < CASE_COUNT; i++) {
        const op_type *c = &cases[i];
        dmlp__kernel_choice v[8];
        size_t n = dmlp__kernel_variants(c->op, c->type, v, 8);
        if (!c->fast) {
            CHECK(n == 1 && v[0].isa == DMLP__ISA_SCALAR, "%s: %zu variants, expected the "
                  "reference only", c->name, n);
            continue;
        }
        CHECK(n == FAMILY_COUNT + 1, "%s: %zu variants, expected %zu and the reference",
              c->name, n, FAMILY_COUNT);
        for (size_t k = 0; k < n && k < FAMILY_COUNT; k++)
            CHECK(v[k].isa == family[k], "%s: variant %zu is %s, expected level %s", c->name,
                  k, v[k].name, dmlp__isa_name(family[k]));
        for (size_t k = 0; k + 1 < n; k++)
            CHECK(v[k].isa > v[k + 1].isa, "%s: variant %zu (%s) is not best first", c->name,
                  k, v[k].name);
        dmlp__kernel_choice best = dmlp__kernel_select(c->op, c->type, family[0]);
        CHECK(best.isa == cpu && best.fn != NULL, "%s: selected %s at level %d, CPU has %d",
              c->name, best.name ? best.name : "(none)", (int)best.isa, (int)cpu);
        dmlp__isa lowest = family[FAMILY_COUNT - 1];
        dmlp__kernel_choice low = dmlp__kernel_select(c->op, c->type, lowest);
        CHECK(low.isa == lowest, "%s: capped at %s, selected %s", c->name,
              dmlp__isa_name(lowest), low.name ? low.name : "(none)");
    }
    return test_finish("test_fast_kernels");
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return check_dispatch();
    int isa = isa_from_name(argv[1]);
    if (isa < 0) {
        fprintf(stderr, "usage: test_fast_kernels [sse2|avx2|avx512|neon]\n");
        return 2;
    }
    int in_family = 0;
    for (size_t k = 0; k < FAMILY_COUNT; k++)
        in_family |= (int)family[k] == isa;
    if (!in_family || (int)dmlp__isa_detect() < isa) {
        printf("test_fast_kernels %s: this CPU (or DMLP_ISA) lacks it; skipped\n", argv[1]);
        return TEST_SKIP;
    }
    unsigned char *in = malloc(CHUNK * 8 + 64), *want = malloc(CHUNK * 8 + 64);
    unsigned char *got = malloc(CHUNK * 8 + 64), *scratch = malloc(64 * SAMPLE + 64 * GUARD);
    if (!in || !want || !got || !scratch) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    size_t ran = 0, promised = 0;
    for (size_t i = 0; i < CASE_COUNT; i++) {
        promised += (size_t)cases[i].fast;
        const op_type *c = &cases[i];
        dmlp__unary_kernel ref = dmlp__reference_kernel(c->op, c->type);
        CHECK(ref != NULL, "%s: no reference kernel", c->name);
        dmlp__kernel_choice v[8];
        size_t n = dmlp__kernel_variants(c->op, c->type, v, 8);
        for (size_t k = 0; ref && k < n; k++) {
            if ((int)v[k].isa != isa)
                continue;
            check_values(c, &v[k], ref, in, want, got);
            check_lengths(c, &v[k], ref, in, scratch);
            ran++;
        }
    }
    CHECK(ran == promised, "%zu of %zu op x type have a %s kernel", ran, promised, argv[1]);
    free(in);
    free(want);
    free(got);
    free(scratch);
    char name[64];
    snprintf(name, sizeof name, "test_fast_kernels %s", argv[1]);
    return test_finish(name);
}
