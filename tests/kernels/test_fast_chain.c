/* Chain kernels (src/kernels/chain_kernel_list.inc) against the reference kernels of
   their maps run one after another, bit for bit, NaN payloads included.
   `test_fast_chain ISA` (sse2|avx2|avx512 on x86-64, neon on aarch64) checks that level's
   chain kernel of every type: all 65,536 f16 and bf16 patterns, edges and a million
   random f32 and f64 patterns, through chains of every map alone, in pairs, and eight
   long, each map with FLOAT members of its own (Round: each mode); both NaN rules (and
   maps of both rules in one chain) and both Softsign division methods; streaming off, on and
   on without the fence; then lengths 0..67 and longer at misaligned starts, in place and
   out of place, with guard bytes. Exits 77 when the CPU (or DMLP_ISA) lacks the level.
   Without an argument: every row has a kernel at each level of the processor family,
   best first, and dmlp__chain_kernel_select picks the one this CPU runs. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_util.h"

typedef struct chain_type {
    DML_TENSOR_DATA_TYPE type;
    const char *name;
    size_t size;
    int fast; /* the list promises kernels of this processor family */
} chain_type;

#define YES 1
#define NO 0
#if defined(__x86_64__)
#define FAMILY_COLUMN(x86, arm) x86
static const dmlp__isa family[] = {DMLP__ISA_AVX512, DMLP__ISA_AVX2, DMLP__ISA_SSE2};
#elif defined(__aarch64__)
#define FAMILY_COLUMN(x86, arm) arm
static const dmlp__isa family[] = {DMLP__ISA_NEON};
#else
#define FAMILY_COLUMN(x86, arm) NO
static const dmlp__isa family[] = {DMLP__ISA_SCALAR};
#endif
#define FAMILY_COUNT (sizeof family / sizeof family[0])

static const chain_type types[] = {
#define DMLP__CHAIN_KERNEL_ROW(type, name, bytes, x86, arm)                                 \
    {type, #name, bytes, FAMILY_COLUMN(x86, arm)},
#include "kernels/chain_kernel_list.inc"
#undef DMLP__CHAIN_KERNEL_ROW
};
#define TYPE_COUNT (sizeof types / sizeof types[0])

#define A DMLP__CHAIN_ABS
#define N DMLP__CHAIN_NEGATE
#define S DMLP__CHAIN_SIGN
#define T DMLP__CHAIN_SOFTSIGN
#define R DMLP__CHAIN_RELU
#define RE (DMLP__CHAIN_ROUND + DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN)
#define RZ (DMLP__CHAIN_ROUND + DML_ROUNDING_MODE_TOWARD_ZERO)
#define RA (DMLP__CHAIN_ROUND + DML_ROUNDING_MODE_TOWARD_INFINITY)
static const struct {
    uint32_t length;
    uint8_t maps[DMLP__CHAIN_MAX];
} chains[] = {
    {1, {S}},          {1, {T}},          {1, {A}},          {1, {N}},
    {2, {T, S}},       {2, {S, T}},       {2, {N, T}},       {2, {T, A}},
    {2, {A, N}},       {4, {A, T, N, S}}, {8, {T, T, T, T, T, T, T, T}},
    {8, {S, N, A, T, S, T, N, A}},
    {1, {R}},          {2, {N, R}},       {3, {T, R, S}},    {4, {R, N, R, A}},
    /* the maps with FLOAT members and modes: each alone, then mixed */
    {1, {DMLP__CHAIN_CEIL}}, {1, {DMLP__CHAIN_FLOOR}}, {1, {RE}}, {1, {RZ}}, {1, {RA}},
    {1, {DMLP__CHAIN_RECIP}}, {1, {DMLP__CHAIN_SQRT}}, {1, {DMLP__CHAIN_LEAKY_RELU}},
    {1, {DMLP__CHAIN_LINEAR}}, {1, {DMLP__CHAIN_HARD_SIGMOID}},
    {1, {DMLP__CHAIN_THRESHOLDED_RELU}}, {1, {DMLP__CHAIN_SHRINK}}, {1, {DMLP__CHAIN_CLIP}},
    {1, {DMLP__CHAIN_THRESHOLD}}, {1, {DMLP__CHAIN_HARD_SWISH}},
    {8, {DMLP__CHAIN_LINEAR, RA, DMLP__CHAIN_THRESHOLD, DMLP__CHAIN_HARD_SWISH,
         DMLP__CHAIN_SQRT, T, DMLP__CHAIN_CLIP, DMLP__CHAIN_RECIP}},
    {5, {DMLP__CHAIN_SHRINK, N, DMLP__CHAIN_HARD_SIGMOID, S, DMLP__CHAIN_LEAKY_RELU}},
};
#undef RA
#undef RZ
#undef RE
#undef R
#undef A
#undef N
#undef S
#undef T
#define CHAIN_COUNT (sizeof chains / sizeof chains[0])

static DML_OPERATOR_TYPE map_operator(uint8_t map)
{
    static const DML_OPERATOR_TYPE ops[] = {
        [DMLP__CHAIN_ABS] = DML_OPERATOR_ELEMENT_WISE_ABS,
        [DMLP__CHAIN_NEGATE] = DML_OPERATOR_ELEMENT_WISE_NEGATE,
        [DMLP__CHAIN_SIGN] = DML_OPERATOR_ELEMENT_WISE_SIGN,
        [DMLP__CHAIN_SOFTSIGN] = DML_OPERATOR_ACTIVATION_SOFTSIGN,
        [DMLP__CHAIN_RELU] = DML_OPERATOR_ACTIVATION_RELU,
        [DMLP__CHAIN_CEIL] = DML_OPERATOR_ELEMENT_WISE_CEIL,
        [DMLP__CHAIN_FLOOR] = DML_OPERATOR_ELEMENT_WISE_FLOOR,
        [DMLP__CHAIN_ROUND] = DML_OPERATOR_ELEMENT_WISE_ROUND,
        [DMLP__CHAIN_ROUND + 1] = DML_OPERATOR_ELEMENT_WISE_ROUND,
        [DMLP__CHAIN_ROUND + 2] = DML_OPERATOR_ELEMENT_WISE_ROUND,
        [DMLP__CHAIN_RECIP] = DML_OPERATOR_ELEMENT_WISE_RECIP,
        [DMLP__CHAIN_SQRT] = DML_OPERATOR_ELEMENT_WISE_SQRT,
        [DMLP__CHAIN_LEAKY_RELU] = DML_OPERATOR_ACTIVATION_LEAKY_RELU,
        [DMLP__CHAIN_LINEAR] = DML_OPERATOR_ACTIVATION_LINEAR,
        [DMLP__CHAIN_HARD_SIGMOID] = DML_OPERATOR_ACTIVATION_HARD_SIGMOID,
        [DMLP__CHAIN_THRESHOLDED_RELU] = DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU,
        [DMLP__CHAIN_SHRINK] = DML_OPERATOR_ACTIVATION_SHRINK,
        [DMLP__CHAIN_CLIP] = DML_OPERATOR_ELEMENT_WISE_CLIP,
        [DMLP__CHAIN_THRESHOLD] = DML_OPERATOR_ELEMENT_WISE_THRESHOLD,
        [DMLP__CHAIN_HARD_SWISH] = DML_OPERATOR_ACTIVATION_HARD_SWISH,
    };
    return ops[map];
}

/* Each map's FLOAT members in the chains: values where the formulas' branches and
   roundings all happen on the sampled inputs (Clip's bounds are no 16-bit values). */
static void map_param(uint8_t map, float p[4])
{
    memset(p, 0, 4 * sizeof *p);
    switch (map) {
    case DMLP__CHAIN_LEAKY_RELU:
        p[0] = 0.1f;
        break;
    case DMLP__CHAIN_LINEAR:
        p[0] = -1.3f;
        p[1] = 0.3f;
        break;
    case DMLP__CHAIN_HARD_SIGMOID:
        p[0] = 0.2f;
        p[1] = 0.5f;
        break;
    case DMLP__CHAIN_THRESHOLDED_RELU:
        p[0] = 0.7f;
        break;
    case DMLP__CHAIN_SHRINK:
        p[0] = 0.3f;
        p[1] = 0.6f;
        break;
    case DMLP__CHAIN_CLIP:
        p[0] = -0.7f;
        p[1] = 2.3f;
        break;
    case DMLP__CHAIN_THRESHOLD:
        p[0] = -0.4f;
        break;
    case DMLP__CHAIN_HARD_SWISH:
        p[0] = 1.0f / 6.0f;
        p[1] = 0.5f;
        break;
    default:
        break;
    }
}

/* The maps whose NaN result has two rules (DMLP_EXECUTION_FLAG_NAN_PROPAGATE). */
static int has_nan_rule(uint8_t map)
{
    return map == DMLP__CHAIN_SIGN || map == DMLP__CHAIN_RELU ||
           map == DMLP__CHAIN_HARD_SIGMOID || map == DMLP__CHAIN_HARD_SWISH ||
           map == DMLP__CHAIN_CLIP || map == DMLP__CHAIN_THRESHOLD;
}

static int chain_has(size_t c, int (*what)(uint8_t))
{
    int any = 0;
    for (uint32_t k = 0; k < chains[c].length; k++)
        any |= what(chains[c].maps[k]);
    return any;
}

static int is_softsign(uint8_t map) { return map == DMLP__CHAIN_SOFTSIGN; }

/* The expected bits: each map's reference kernel over the whole run, in turn, with the
   map's own arguments. */
static void reference_chain(const chain_type *t, size_t c, size_t n, const unsigned char *in,
                            unsigned char *out, const dmlp__kernel_args *args)
{
    memcpy(out, in, n * t->size);
    dmlp__kernel_args a = *args;
    a.streaming = 0;
    a.chain_length = 0;
    for (uint32_t k = 0; k < chains[c].length; k++) {
        uint8_t map = chains[c].maps[k];
        memcpy(a.param, args->chain_step[k].param, sizeof a.param);
        a.nan_propagate = args->chain_step[k].nan_propagate;
        a.rounding = map >= DMLP__CHAIN_ROUND && map < DMLP__CHAIN_ROUND + 3
                         ? (DML_ROUNDING_MODE)(map - DMLP__CHAIN_ROUND)
                         : DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN;
        dmlp__unary_kernel ref = dmlp__reference_kernel(map_operator(map), t->type);
        ref(n, out, out, &a);
    }
}

/* Chain c with its maps' FLOAT members; the NaN rule `nan` for the first map, the other
   rule for the second, and so on, so that maps of both rules meet in one chain. */
static void set_chain(dmlp__kernel_args *args, size_t c, uint32_t nan)
{
    args->chain_length = chains[c].length;
    memcpy(args->chain, chains[c].maps, sizeof args->chain);
    for (uint32_t k = 0; k < chains[c].length; k++) {
        map_param(chains[c].maps[k], args->chain_step[k].param);
        args->chain_step[k].nan_propagate = nan ^ (k & 1);
    }
}

static uint64_t rng_state;
static uint64_t rng(void) { return test_rng(&rng_state); }

/* Sign, exponent and mantissa edges of 4- and 8-byte floats: zeros, subnormals, ones,
   largest finites, infinities, quiet and signalling NaNs, where 1 + |x| stops changing. */
static const uint64_t edges[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x3f800000u,
    0xbf800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7f800001u,
    0xff800001u, 0x7fc00000u, 0xffc00001u, 0x4b800000u, 0xcbffffffu, 0x33800000u,
    0x0000000000000001u, 0x8000000000000000u, 0x000fffffffffffffu, 0x3ff0000000000000u,
    0xbff0000000000000u, 0x7fefffffffffffffu, 0x7ff0000000000000u, 0xfff0000000000000u,
    0x7ff0000000000001u, 0xfff8000000000001u, 0x4340000000000000u, 0xc33fffffffffffffu};
#define EDGE_COUNT (sizeof edges / sizeof edges[0])
/* Under AddressSanitizer or qemu-user the random set is 16 times smaller and the 2-byte
   patterns are every fifth one plus every pattern at a mantissa edge of f16 or bf16
   (zeros, subnormal and NaN starts, largest finites): those passes look for memory errors and the other
   instruction set; the native release build keeps the full sweep. */
#if TEST_THIN
#define RANDOM_COUNT ((size_t)1 << 16)
#define HALF_STEP 5u
#else
#define RANDOM_COUNT ((size_t)1 << 20)
#define HALF_STEP 1u
#endif

/* The value set: every pattern of a 2-byte type (every HALF_STEP-th one in thin passes);
   edges then random patterns (an edge every eighth) otherwise. Returns the count. */
static size_t fill_values(const chain_type *t, unsigned char *buf)
{
    if (t->size == 2) {
        size_t n = 0;
        for (uint32_t v = 0; v < 65536; v++) {
            uint32_t m7 = v & 0x7f, m10 = v & 0x3ff;
            if (v % HALF_STEP && m7 > 1 && m7 != 0x7f && m10 > 1 && m10 != 0x3ff)
                continue;
            uint16_t h = (uint16_t)v;
            memcpy(buf + 2 * n++, &h, 2);
        }
        return n;
    }
    rng_state = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < RANDOM_COUNT; i++) {
        uint64_t r = rng();
        if (i < EDGE_COUNT)
            r = edges[i];
        else if ((r & 7) == 0)
            r = edges[(r >> 8) % EDGE_COUNT];
        if (t->size == 4) {
            uint32_t w = (uint32_t)r;
            memcpy(buf + 4 * i, &w, 4);
        } else {
            memcpy(buf + 8 * i, &r, 8);
        }
    }
    return RANDOM_COUNT;
}

/* Streaming modes, each with its own prefetch: off; on with T0 just ahead; on without the
   fence with NTA past the end of short runs. */
static const struct {
    uint32_t streaming, prefetch, distance;
} strategies[] = {{0, DMLP__PREFETCH_NONE, 0},
                  {1, DMLP__PREFETCH_T0, 64},
                  {DMLP__STREAM_NO_FENCE, DMLP__PREFETCH_NTA, 4096}};
#define STRATEGY_COUNT (sizeof strategies / sizeof strategies[0])

static dmlp__kernel_args make_args(size_t c, uint32_t nan, uint32_t recip, size_t s)
{
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    args.nan_propagate = nan;
    args.recip = recip;
    args.streaming = strategies[s].streaming;
    args.prefetch = strategies[s].prefetch;
    args.prefetch_distance = strategies[s].distance;
    set_chain(&args, c, nan);
    return args;
}

/* Every value through every chain, NaN rule, division method and streaming mode (both
   NaN rules where the chain has a map with two, both methods where it has a Softsign). */
static void check_values(const chain_type *t, const dmlp__kernel_choice *v, unsigned char *in,
                         unsigned char *want, unsigned char *got)
{
    size_t n = fill_values(t, in);
    for (size_t c = 0; c < CHAIN_COUNT; c++)
        for (uint32_t nan = 0; nan < 1u + (uint32_t)chain_has(c, has_nan_rule); nan++)
            for (uint32_t recip = 0; recip < 1u + (uint32_t)chain_has(c, is_softsign); recip++) {
                dmlp__kernel_args args = make_args(c, nan, recip, 0);
                reference_chain(t, c, n, in, want, &args);
                for (size_t s = 0; s < STRATEGY_COUNT; s++) {
                    args = make_args(c, nan, recip, s);
                    memset(got, 0xa5, n * t->size);
                    v->fn(n, in, got, &args);
                    if (args.streaming == DMLP__STREAM_NO_FENCE)
                        __atomic_thread_fence(__ATOMIC_SEQ_CST);
                    size_t d = test_first_difference(got, want, n * t->size);
                    CHECK(d == n * t->size,
                          "%s chain %zu nan %u recip %u stream %u: first difference at element "
                          "%zu", v->name, c, nan, recip, args.streaming, d / t->size);
                }
            }
}

#define GUARD 64
#define SAMPLE 1100
static const size_t long_lengths[] = {127, 128, 129, 300, 1031};

/* Short and odd runs at misaligned starts, in place and not, with guard bytes around. */
static void check_lengths(const chain_type *t, const dmlp__kernel_choice *v,
                          const unsigned char *values, size_t have, unsigned char *buf,
                          unsigned char *src, unsigned char *want)
{
    unsigned char sample[8 * SAMPLE];
    rng_state = 0x2545f4914f6cdd1du;
    for (size_t i = 0; i < SAMPLE; i++)
        memcpy(sample + i * t->size, values + (i < 40 ? i : rng() % have) * t->size, t->size);
    const size_t offsets[] = {0, t->size, 1, 3};
    const size_t picks[] = {4, 9, 11, 31}; /* a 2-, 4- and 8-map chain, 8 with parameters */
    for (size_t p = 0; p < sizeof picks / sizeof picks[0]; p++)
        for (size_t s = 0; s < STRATEGY_COUNT; s++) {
            dmlp__kernel_args args = make_args(picks[p], (uint32_t)s & 1, (uint32_t)(s >> 1), s);
            for (size_t li = 0; li < 68 + sizeof long_lengths / sizeof long_lengths[0]; li++) {
                size_t len = li < 68 ? li : long_lengths[li - 68], bytes = len * t->size;
                reference_chain(t, picks[p], len, sample, want, &args);
                for (size_t o = 0; o < 4; o++)
                    for (int in_place = 0; in_place < 2; in_place++) {
                        size_t region = GUARD + offsets[o] + bytes + GUARD;
                        memset(buf, 0x5a, region);
                        unsigned char *out = buf + GUARD + offsets[o];
                        const unsigned char *in = out;
                        if (in_place) {
                            memcpy(out, sample, bytes);
                        } else {
                            memcpy(src + offsets[o], sample, bytes);
                            in = src + offsets[o];
                        }
                        v->fn(len, in, out, &args);
                        size_t d = test_first_difference(out, want, bytes);
                        int guard_ok = 1;
                        for (size_t i = 0; i < region; i++)
                            if (i < GUARD + offsets[o] || i >= GUARD + offsets[o] + bytes)
                                guard_ok &= buf[i] == 0x5a;
                        CHECK(d == bytes && guard_ok,
                              "%s chain %zu len %zu offset %zu %s stream %u: %s at element %zu",
                              v->name, picks[p], len, offsets[o],
                              in_place ? "in place" : "out of place", args.streaming,
                              guard_ok ? "difference" : "guard overwritten", d / t->size);
                    }
            }
        }
}

static int check_dispatch(void)
{
    dmlp__isa cpu = dmlp__isa_detect();
    if (cpu == DMLP__ISA_SCALAR) {
        printf("test_fast_chain: no fast kernels on this CPU\n");
        return TEST_SKIP;
    }
    for (size_t i = 0; i < TYPE_COUNT; i++) {
        const chain_type *t = &types[i];
        dmlp__kernel_choice v[8];
        size_t n = dmlp__chain_kernel_variants(t->type, v, 8);
        CHECK(n == (t->fast ? FAMILY_COUNT : 0), "%s: %zu variants, expected %zu", t->name, n,
              t->fast ? FAMILY_COUNT : 0);
        for (size_t k = 0; k < n && k < FAMILY_COUNT; k++)
            CHECK(v[k].isa == family[k], "%s: variant %zu is %s, expected level %s", t->name, k,
                  v[k].name, dmlp__isa_name(family[k]));
        dmlp__kernel_choice best = dmlp__chain_kernel_select(t->type, family[0]);
        CHECK(!t->fast || (best.fn && best.isa == cpu), "%s: selected %s, CPU has level %d",
              t->name, best.name ? best.name : "(none)", (int)cpu);
    }
    dmlp__kernel_choice none = dmlp__chain_kernel_select(DML_TENSOR_DATA_TYPE_INT32, family[0]);
    CHECK(none.fn == NULL, "INT32 has a chain kernel: %s", none.name);
    none = dmlp__chain_kernel_select(DML_TENSOR_DATA_TYPE_FLOAT32, DMLP__ISA_SCALAR);
    CHECK(none.fn == NULL, "a chain kernel at the scalar level: %s", none.name);
    return test_finish("test_fast_chain");
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return check_dispatch();
    int isa = -1;
    for (int i = DMLP__ISA_SSE2; i < DMLP__ISA_COUNT; i++)
        if (strcmp(argv[1], dmlp__isa_name((dmlp__isa)i)) == 0)
            isa = i;
    int in_family = 0;
    for (size_t k = 0; k < FAMILY_COUNT; k++)
        in_family |= (int)family[k] == isa;
    if (isa < 0) {
        fprintf(stderr, "usage: test_fast_chain [sse2|avx2|avx512|neon]\n");
        return 2;
    }
    if (!in_family || (int)dmlp__isa_detect() < isa) {
        printf("test_fast_chain %s: this CPU (or DMLP_ISA) lacks it; skipped\n", argv[1]);
        return TEST_SKIP;
    }
    size_t bytes = 8 * RANDOM_COUNT + 64;
    unsigned char *in = malloc(bytes), *want = malloc(bytes), *got = malloc(bytes);
    unsigned char *buf = malloc(16 * SAMPLE + 4 * GUARD), *src = malloc(16 * SAMPLE);
    if (!in || !want || !got || !buf || !src) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    if (HALF_STEP > 1)
        printf("test_fast_chain %s: thin pass (sanitizer or emulator): %zu random patterns, "
               "every %u-th 2-byte pattern plus the mantissa edges\n",
               argv[1], RANDOM_COUNT, HALF_STEP);
    size_t ran = 0, promised = 0;
    for (size_t i = 0; i < TYPE_COUNT; i++) {
        promised += (size_t)types[i].fast;
        dmlp__kernel_choice v[8];
        size_t n = dmlp__chain_kernel_variants(types[i].type, v, 8);
        for (size_t k = 0; k < n; k++) {
            if ((int)v[k].isa != isa)
                continue;
            size_t have = fill_values(&types[i], in);
            check_lengths(&types[i], &v[k], in, have, buf, src, want);
            check_values(&types[i], &v[k], in, want, got);
            ran++;
        }
    }
    CHECK(ran == promised, "%zu of %zu types have a %s chain kernel", ran, promised, argv[1]);
    free(in);
    free(want);
    free(got);
    free(buf);
    free(src);
    char name[64];
    snprintf(name, sizeof name, "test_fast_chain %s", argv[1]);
    return test_finish(name);
}
