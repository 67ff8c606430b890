/* Softmax, LogSoftmax and Hardmax rows of binary32, binary16 and bfloat16 on every ISA's
   vector lanes this CPU runs
   (core/plan_rows_lanes.c, kernels/vector_softmax.inc) against the scalar row walk
   (numeric/softmax_row.c, which tests/crmath/test_cr_softmax checks against MPFR), bit
   for bit: random rows of every length around the vector widths and the runs, rows
   whose results lie next to a binary32 midpoint (left open, and undecided), ties, far
   apart values (+0 and subnormal results), -inf, NaN and +inf, huge values, packed,
   misaligned and strided rows, and nothing written outside the output. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/plan_rows.h"
#include "core/validate.h"
#include "dmlp.h"
#include "kernels/softmax_lanes.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"
#include "numeric/softmax_row.h"
#include "test_util.h"

#define GUARD 0x5C
#define MAX_ROW 40000u

static const DML_OPERATOR_TYPE ops[] = {DML_OPERATOR_ACTIVATION_SOFTMAX1,
                                        DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1,
                                        DML_OPERATOR_ACTIVATION_HARDMAX1};

/* The type under test; its element bytes */
static DML_TENSOR_DATA_TYPE type = DML_TENSOR_DATA_TYPE_FLOAT32;
static uint32_t eb = 4;
/* the lanes' room for undecided elements (0: pass 3 again on the exact sum) */
static uint32_t undecided_max = DMLP__ROWS_UNDECIDED_MAX;
/* the longest row that keeps its exponentials (lowered: the rows past it compute them
   again in pass 3) */
static uint64_t terms_max = 32768;

/* A [rows, len] tensor along axis 1; element strides */
typedef struct shape {
    uint32_t rows, len;
    uint32_t in_strides[2], out_strides[2];
} shape;

static uint64_t span(const uint32_t *sizes, const uint32_t *strides)
{
    return ((uint64_t)(sizes[0] - 1) * strides[0] + (uint64_t)(sizes[1] - 1) * strides[1] + 1) * eb;
}

/* Builds the plan of op over the shape, with the lanes of `isa` (NULL: the scalar walk). */
static bool build(DML_OPERATOR_TYPE op, const shape *sh, const dmlp__softmax_lanes *lanes,
                  dmlp__rows_plan *plan)
{
    uint32_t sizes[2] = {sh->rows, sh->len};
    DML_BUFFER_TENSOR_DESC ib = {type, DML_TENSOR_FLAG_NONE, 2, sizes, sh->in_strides,
                                 (span(sizes, sh->in_strides) + 3) & ~3ull, 0};
    DML_BUFFER_TENSOR_DESC ob = {type, DML_TENSOR_FLAG_NONE, 2, sizes, sh->out_strides,
                                 (span(sizes, sh->out_strides) + 3) & ~3ull, 0};
    DML_TENSOR_DESC it = {DML_TENSOR_TYPE_BUFFER, &ib}, ot = {DML_TENSOR_TYPE_BUFFER, &ob};
    uint32_t axis = 1;
    DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC d = {&it, &ot, 1, &axis};
    DML_OPERATOR_DESC desc = {op, &d};
    dmlp__op_info info;
    if (dmlp__validate_operator(0, DMLP_DEVICE_FLAG_EXTENSIONS, &desc, 0, &info) != DMLP_OK ||
        dmlp__rows_plan_build(&info, "test", plan) != DMLP_OK)
        return false;
    plan->lanes = lanes;
    plan->max_threads = 1;
    if (lanes) {
        plan->undecided_max = undecided_max;
        plan->terms_max = terms_max;
    }
    return true;
}

/* Runs op over x (rows x len values, row-major) on the lanes and on the scalar walk, and
   compares the output buffers whole (guard bytes included). `shift` offsets both
   buffers by that many bytes (a misaligned row takes the gathered runs). */
static bool same_as_scalar(const dmlp__softmax_lanes *lanes, DML_OPERATOR_TYPE op,
                           const shape *sh, const float *x, size_t shift, const char *what)
{
    uint32_t sizes[2] = {sh->rows, sh->len};
    uint64_t in_bytes = span(sizes, sh->in_strides), out_bytes = span(sizes, sh->out_strides);
    unsigned char *in = malloc(in_bytes + 8 + shift);
    unsigned char *got = malloc(out_bytes + 64 + shift), *want = malloc(out_bytes + 64 + shift);
    memset(in, 0, in_bytes + 8 + shift);
    for (uint32_t r = 0; r < sh->rows; r++)
        for (uint32_t i = 0; i < sh->len; i++) {
            unsigned char *at =
                in + shift + ((uint64_t)r * sh->in_strides[0] + (uint64_t)i * sh->in_strides[1]) * eb;
            float v = x[(size_t)r * sh->len + i];
            uint16_t h = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? dmlp__f32_to_f16(v)
                                                              : dmlp__f32_to_bf16(v);
            if (eb == 4)
                memcpy(at, &v, 4);
            else
                memcpy(at, &h, 2);
        }
    memset(got, GUARD, out_bytes + 64 + shift);
    memset(want, GUARD, out_bytes + 64 + shift);
    dmlp__rows_plan fast, slow;
    bool ok = build(op, sh, lanes, &fast) && build(op, sh, NULL, &slow);
    CHECK(ok, "%s: the plans build", what);
    if (ok) {
        dmlp__rows_plan_run(&fast, NULL, in + shift, got + shift);
        dmlp__rows_plan_run(&slow, NULL, in + shift, want + shift);
        size_t at = test_first_difference(got, want, out_bytes + 64 + shift);
        ok = at == out_bytes + 64 + shift;
        CHECK(ok, "%s (op %d, type %d, %u x %u, shift %zu): byte %zu differs", what, (int)op,
              (int)type, sh->rows, sh->len, shift, at);
    }
    free(in);
    free(got);
    free(want);
    return ok;
}

static shape packed_shape(uint32_t rows, uint32_t len)
{
    shape s = {rows, len, {len, 1}, {len, 1}};
    return s;
}

static void run_all_ops(const dmlp__softmax_lanes *lanes, const shape *sh, const float *x,
                        const char *what)
{
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
        same_as_scalar(lanes, ops[o], sh, x, 0, what);
}

static float uniform(uint64_t *seed, double scale)
{
    return (float)(((double)(test_rng(seed) % 2000001) - 1000000.0) / 1000000.0 * scale);
}

/* Random rows of every length up to 70, and past a run and the kept exponentials. */
static void check_lengths(const dmlp__softmax_lanes *lanes, float *x)
{
    uint64_t seed = 0x1a4e5;
    static const uint32_t long_lens[] = {127, 1000, 4095, 4096, 4097, 9000, 32768, 32769};
    for (uint32_t len = 1; len <= 70; len++) {
        shape sh = packed_shape(3, len);
        for (uint32_t i = 0; i < 3 * len; i++)
            x[i] = uniform(&seed, len % 3 == 0 ? 1.0 : len % 3 == 1 ? 20.0 : 90.0);
        run_all_ops(lanes, &sh, x, "random row");
    }
    for (size_t k = 0; k < sizeof long_lens / sizeof long_lens[0]; k++) {
        if (TEST_THIN && long_lens[k] > 5000)
            continue;
        shape sh = packed_shape(1, long_lens[k]);
        for (uint32_t i = 0; i < long_lens[k]; i++)
            x[i] = uniform(&seed, k % 2 ? 8.0 : 60.0);
        run_all_ops(lanes, &sh, x, "long random row");
    }
    /* the first largest when it recurs in a later run (the scan keeps the first), -0 and
       +0 counting as equal */
    shape two_runs = packed_shape(1, 4500);
    for (int k = 0; k < 3; k++) {
        for (uint32_t i = 0; i < 4500; i++)
            x[i] = -1.0f - uniform(&seed, 0.5);
        float top = k == 0 ? 2.0f : k == 1 ? -0.0f : 0.0f;
        x[k == 0 ? 100 : 4095] = top;
        x[4096] = k == 0 ? 2.0f : -top;
        x[4400] = k == 0 ? 2.0f : top;
        run_all_ops(lanes, &two_runs, x, "the largest again in a later run");
    }
}

/* dmlp__softmax_differences_plain after the lanes' scan: when it says plain, every
   x - m is exact (two_sum leaves nothing) and at least -600; the scan's least value and
   least nonzero magnitude are the row's; and the rows of each kind come out both ways. */
static void check_plain(const dmlp__softmax_lanes *lanes, float *x)
{
    uint64_t seed = 0x91a1;
    unsigned counted[2] = {0, 0};
    for (int rep = 0; rep < 3000; rep++) {
        uint32_t n = 1 + (uint32_t)(test_rng(&seed) % 70);
        int spread = 1 + rep % 60; /* binary exponents around 0 */
        for (uint32_t i = 0; i < n; i++) {
            uint32_t r = (uint32_t)test_rng(&seed);
            int e = (int)(r % (uint32_t)(2 * spread + 1)) - spread;
            x[i] = ldexpf(1.0f + (float)(r >> 9 & 0x7fffff) * 0x1p-23f, e) * (r & 1 ? -1 : 1);
            if (r % 97 == 0)
                x[i] = r % 2 ? 0.0f : -0.0f;
            if (r % 389 == 0)
                x[i] = ldexpf((float)(r >> 20), -149); /* subnormal */
            if (rep % 7 == 0 && r % 31 == 0)
                x[i] = -INFINITY;
        }
        if (rep % 10 == 0) { /* the edge: x - m of 53 or 54 bits, within -600 */
            int t = rep / 10 % 3, k = rep / 30 % 5;
            n = 3;
            x[0] = ldexpf(1.0f + 0x1p-23f, -21 - t); /* last place 2^(-44 - t) */
            x[1] = ldexpf(1.0f + (float)k * 0x1p-3f, 8);
            x[2] = rep / 10 % 2 ? 5.0f : -x[1];
        }
        dmlp__softmax_scan scan = {-INFINITY, 0, 0, 0, 0, INFINITY, INFINITY};
        lanes->scan_f32(x, n, &scan);
        double least = INFINITY, small = INFINITY;
        for (uint32_t i = 0; i < n; i++) {
            least = x[i] < least ? x[i] : least;
            if (x[i] != 0 && fabsf(x[i]) < small)
                small = fabsf(x[i]);
        }
        CHECK(scan.min == least && (double)scan.min_mag == small,
              "the scan's least value %a and magnitude %a are the row's %a and %a", scan.min,
              (double)scan.min_mag, least, small);
        if (scan.max == -INFINITY)
            continue;
        int plain = dmlp__softmax_differences_plain(&scan), exact = 1;
        for (uint32_t i = 0; i < n && plain; i++) {
            double d = (double)x[i] - scan.max, b = d - x[i];
            double lo = ((double)x[i] - (d - b)) - (scan.max + b);
            exact &= lo == 0 && d >= -600.0;
        }
        CHECK(exact, "a row called plain has every x - m exact and at least -600 (rep %d)", rep);
        counted[plain]++;
    }
    CHECK(counted[0] > 300 && counted[1] > 300, "plain rows %u, others %u: both kinds reached",
          counted[1], counted[0]);
}

/* Rows built to reach the edges of the fast paths. */
static void check_edges(const dmlp__softmax_lanes *lanes, float *x)
{
    uint64_t seed = 0xed9e;
    const uint32_t len = 37;
    shape sh = packed_shape(1, len);
    /* near-equal pairs: 1/(1 + e^-t) next to a midpoint of binary32 when t/4 is half an
       ulp of 1/2 (t = 2^-23), and around it */
    for (int k = 0; k < 24; k++) {
        float t = ldexpf(1.0f, -23 - (k % 6)) * (float)(1 + k / 6);
        shape two = packed_shape(1, 2);
        float pair[2] = {1.0f, 1.0f - t};
        run_all_ops(lanes, &two, pair, "a near-equal pair");
        for (uint32_t i = 0; i < len; i++)
            x[i] = i % 2 ? 1.0f : 1.0f - t * (float)(i % 5);
        run_all_ops(lanes, &sh, x, "near-equal values");
    }
    /* ties: every element equal, -0 and +0 */
    for (uint32_t i = 0; i < len; i++)
        x[i] = 3.5f;
    run_all_ops(lanes, &sh, x, "all equal");
    for (uint32_t i = 0; i < len; i++)
        x[i] = i % 3 ? 0.0f : -0.0f;
    run_all_ops(lanes, &sh, x, "signed zeros");
    /* far apart: results +0, subnormal and around binary32's least normal */
    for (int k = 0; k < 40; k++) {
        for (uint32_t i = 0; i < len; i++)
            x[i] = -(float)(80 + k) - uniform(&seed, 30.0) - 30.0f;
        x[k % len] = 0.0f;
        run_all_ops(lanes, &sh, x, "far-apart values");
    }
    /* near: results around binary16's and bfloat16's least normals */
    for (int k = 0; k < 40; k++) {
        for (uint32_t i = 0; i < len; i++)
            x[i] = -(float)k * 0.5f - uniform(&seed, 4.0) - 4.0f;
        x[k % len] = 0.0f;
        run_all_ops(lanes, &sh, x, "near values");
    }
    /* LogSoftmax past binary16's range */
    for (uint32_t i = 0; i < len; i++)
        x[i] = i % 2 ? 65504.0f : -65504.0f + (float)i * 32.0f;
    run_all_ops(lanes, &sh, x, "binary16's largest values");
    /* -inf elements; a row of one finite value; a row of -inf only */
    for (uint32_t i = 0; i < len; i++)
        x[i] = i % 4 == 1 ? -INFINITY : uniform(&seed, 10.0);
    run_all_ops(lanes, &sh, x, "-inf elements");
    for (uint32_t i = 0; i < len; i++)
        x[i] = i == 17 ? 2.0f : -INFINITY;
    run_all_ops(lanes, &sh, x, "one finite value");
    for (uint32_t i = 0; i < len; i++)
        x[i] = -INFINITY;
    run_all_ops(lanes, &sh, x, "-inf only");
    /* NaN and +inf rows (the scalar walk's), at every position class */
    for (uint32_t i = 0; i < len; i++)
        x[i] = uniform(&seed, 5.0);
    x[len - 1] = NAN;
    run_all_ops(lanes, &sh, x, "a NaN");
    x[len - 1] = INFINITY;
    run_all_ops(lanes, &sh, x, "+inf");
    x[len - 1] = 1.0f;
    /* Hardmax's packed find: a NaN of either sign in the vectors or the tail, and the
       first largest among zeros of both signs, in a vector or the tail only */
    static const uint32_t at[] = {0, 3, 8, 15, 16, 17, 31, 32, 36};
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
        for (uint32_t i = 0; i < len; i++)
            x[i] = uniform(&seed, 5.0);
        x[at[k]] = k % 2 ? NAN : -NAN;
        run_all_ops(lanes, &sh, x, "a NaN at each place");
        for (uint32_t i = 0; i < len; i++)
            x[i] = -1.0f - (float)i;
        x[at[k]] = k % 2 ? 0.0f : -0.0f;
        x[(at[k] + 19) % len] = k % 2 ? -0.0f : 0.0f;
        run_all_ops(lanes, &sh, x, "zeros of both signs the largest");
    }
    /* huge values: differences past binary32's range (LogSoftmax -inf), subnormals */
    for (uint32_t i = 0; i < len; i++)
        x[i] = i % 3 == 0 ? 3e38f : i % 3 == 1 ? -3e38f : ldexpf(1.0f, -140) * (float)i;
    run_all_ops(lanes, &sh, x, "huge and subnormal values");
    for (uint32_t i = 0; i < len; i++)
        x[i] = ldexpf((float)(i + 1), -149 + (int)(i % 5));
    run_all_ops(lanes, &sh, x, "subnormal values");
    /* a wide random spread of bit patterns (finite) */
    for (int rep = 0; rep < 200; rep++) {
        for (uint32_t i = 0; i < len; i++) {
            uint32_t b = (uint32_t)test_rng(&seed);
            b = (b & 0x807fffffu) | ((uint32_t)(100 + (b >> 23) % 60) << 23);
            memcpy(&x[i], &b, 4);
        }
        run_all_ops(lanes, &sh, x, "random bit patterns");
    }
}

/* The same rows packed at a misaligned address, and strided (transposed input, gaps in
   the output). */
static void check_layouts(const dmlp__softmax_lanes *lanes, float *x)
{
    uint64_t seed = 0x1a7;
    const uint32_t rows = 5, len = 45;
    for (uint32_t i = 0; i < rows * len; i++)
        x[i] = uniform(&seed, 12.0);
    shape sh = packed_shape(rows, len);
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
        same_as_scalar(lanes, ops[o], &sh, x, 2, "misaligned rows");
    shape strided = {rows, len, {1, rows}, {len * 3, 2}};
    run_all_ops(lanes, &strided, x, "strided rows");
}

/* The lanes take an ordinary row themselves and hand back a row with a NaN. */
static void check_lanes_run(const dmlp__softmax_lanes *lanes)
{
    shape sh = packed_shape(1, 20);
    dmlp__rows_plan plan;
    if (!build(DML_OPERATOR_ACTIVATION_SOFTMAX1, &sh, lanes, &plan)) {
        CHECK(false, "the plan builds");
        return;
    }
    float x[20], y[20]; /* room for 20 elements of any of the types */
    for (int i = 0; i < 20; i++) {
        float v = (float)i / 4;
        uint16_t h = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? dmlp__f32_to_f16(v)
                                                          : dmlp__f32_to_bf16(v);
        if (eb == 4)
            x[i] = v;
        else
            memcpy((unsigned char *)x + 2 * i, &h, 2);
    }
    dmlp__rows_scratch *s = dmlp__rows_scratch_new(&plan);
    CHECK(dmlp__rows_lanes_row(&plan, s, (const unsigned char *)x, (unsigned char *)y) == 1,
          "an ordinary row runs on the lanes (type %d)", (int)type);
    uint16_t nan16 = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 0xfe01u : 0xffc1u;
    if (eb == 4)
        x[3] = NAN;
    else
        memcpy((unsigned char *)x + 6, &nan16, 2);
    CHECK(dmlp__rows_lanes_row(&plan, s, (const unsigned char *)x, (unsigned char *)y) == 0,
          "a row with a NaN goes to the scalar walk (type %d)", (int)type);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) { /* an undecided pair: the lanes' exact path */
        shape two = packed_shape(1, 2);
        dmlp__rows_plan pair_plan;
        float pair[2] = {1.0f, 1.0f - 0x1p-23f}, out[2], want[2];
        dmlp__softmax_row r;
        double xd[2] = {pair[0], pair[1]};
        uint64_t bits[2];
        dmlp__softmax_row_begin(&r, DMLP__SOFTMAX, DMLP__F32_FORMAT);
        dmlp__softmax_row_scan(&r, xd, 2);
        dmlp__softmax_row_pass(&r);
        dmlp__softmax_row_sum(&r, xd, 2);
        dmlp__softmax_row_pass(&r);
        CHECK(dmlp__softmax_row_results(&r, xd, 2, bits) > 0,
              "the pair is one the scalar fast path leaves undecided");
        if (build(DML_OPERATOR_ACTIVATION_SOFTMAX1, &two, lanes, &pair_plan)) {
            CHECK(dmlp__rows_lanes_row(&pair_plan, s, (const unsigned char *)pair,
                                       (unsigned char *)out) == 1,
                  "a row with an undecided element stays on the lanes");
            float again[2];
            pair_plan.undecided_max = 0; /* pass 3 again on the exact sum */
            CHECK(dmlp__rows_lanes_row(&pair_plan, s, (const unsigned char *)pair,
                                       (unsigned char *)again) == 1,
                  "with no room to keep it, too");
            pair_plan.lanes = NULL;
            dmlp__rows_plan_run(&pair_plan, NULL, pair, want);
            CHECK(memcmp(out, want, sizeof out) == 0, "and gets the scalar walk's bits");
            CHECK(memcmp(again, want, sizeof again) == 0, "both ways");
        }
    }
    free(s);
}

/* The exact path's sum on the lanes: the same state bits on every ISA, and within 2^-99
   of numeric/softmax_row.c's exact sum. */
static void check_exact_sums(const dmlp__softmax_lanes *const *all, int count, float *x)
{
    uint64_t seed = 0xe7ac7;
    static const uint32_t lens[] = {1, 7, 8, 9, 63, 1000, 4096, 5003};
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
        for (int rep = 0; rep < 4; rep++) {
            uint32_t n = lens[l];
            double xd[5003];
            float m = -INFINITY;
            for (uint32_t i = 0; i < n; i++) {
                x[i] = uniform(&seed, rep == 0 ? 1.0 : rep == 1 ? 30.0 : rep == 2 ? 700.0 : 1e-3);
                xd[i] = x[i];
                m = x[i] > m ? x[i] : m;
            }
            size_t skip = 0;
            while (x[skip] != m)
                skip++;
            dmlp__softmax_exact_lanes sums[4];
            for (int k = 0; k < count; k++) {
                memset(&sums[k], 0, sizeof sums[k]);
                for (uint32_t i = 0; i < n; i += 4096) { /* runs as the walk makes them */
                    uint32_t len = n - i < 4096 ? n - i : 4096;
                    size_t sk = skip - i < len ? skip - i : len;
                    all[k]->sum_exact_f32(x + i, len, m, sk, &sums[k]);
                }
                CHECK(memcmp(&sums[k], &sums[0], sizeof sums[0]) == 0,
                      "exact sum of %u: the same bits on every ISA (%d)", n, k);
            }
            dmlp__softmax_row r, lanes_row;
            dmlp__softmax_row_begin(&r, DMLP__SOFTMAX, DMLP__F32_FORMAT);
            dmlp__softmax_row_scan(&r, xd, n);
            dmlp__softmax_row_pass(&r);
            dmlp__softmax_row_sum_exact(&r, xd, n);
            dmlp__dd want = dmlp__dd_add(r.tail_exact, r.tail_exact_rest);
            dmlp__softmax_row_begin(&lanes_row, DMLP__SOFTMAX, DMLP__F32_FORMAT);
            dmlp__softmax_row_found(&lanes_row, m, skip, n, (dmlp__dd){0, 0});
            dmlp__softmax_row_found_exact(&lanes_row, &sums[0]);
            dmlp__dd got = dmlp__dd_add(lanes_row.tail_exact, lanes_row.tail_exact_rest);
            dmlp__dd diff = dmlp__dd_add(got, (dmlp__dd){-want.hi, -want.lo});
            CHECK(fabs(diff.hi) <= 0x1p-99 * want.hi || (want.hi == 0 && got.hi == 0),
                  "exact sum of %u (scale %d): %a + %a against the scalar %a + %a", n, rep,
                  got.hi, got.lo, want.hi, want.lo);
        }
}

int main(void)
{
    float *x = malloc(sizeof *x * MAX_ROW * 3);
    static const dmlp__isa levels[] = {DMLP__ISA_SSE2, DMLP__ISA_AVX2, DMLP__ISA_AVX512,
                                       DMLP__ISA_NEON};
    const dmlp__softmax_lanes *seen[4] = {0};
    int tested = 0;
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
        if (levels[l] > dmlp__isa_detect())
            continue;
        const dmlp__softmax_lanes *lanes = dmlp__softmax_lanes_select(levels[l]);
        if (!lanes || lanes == seen[0] || lanes == seen[1] || lanes == seen[2])
            continue;
        seen[tested++] = lanes;
        printf("lanes of %s\n", dmlp__isa_name(levels[l]));
        static const DML_TENSOR_DATA_TYPE types[] = {DML_TENSOR_DATA_TYPE_FLOAT32,
                                                     DML_TENSOR_DATA_TYPE_FLOAT16,
                                                     DMLP_TENSOR_DATA_TYPE_BFLOAT16};
        for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
            type = types[t];
            eb = type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 4 : 2;
            check_lanes_run(lanes);
            if (type == DML_TENSOR_DATA_TYPE_FLOAT32)
                check_plain(lanes, x);
            check_lengths(lanes, x);
            check_edges(lanes, x);
            check_layouts(lanes, x);
            undecided_max = 0;
            check_edges(lanes, x);
            undecided_max = DMLP__ROWS_UNDECIDED_MAX;
        }
    }
    if (tested > 0)
        check_exact_sums(seen, tested, x);
    free(x);
    if (tested == 0) {
        printf("no vector lanes on this build or CPU: nothing to compare\n");
        return 77;
    }
    return test_finish("test_softmax_lanes");
}
