/* test_fast_clamp64: Clip's and Clip1's fast kernels of INT64 and UINT64 against their
   reference kernels, bit for bit, for bounds test_fast_kernels' sets do not reach: Clip's
   FLOAT bounds at and past the types' ends (2^63 and 2^64, which binary64 rounds the
   greatest values to, 3e38, infinities), with fractions, negative for UINT64, NaN (no
   bound), Min above Max; Clip1's bounds as integers of the type at its ends. Inputs: the
   ends of both types, values near 0 and near the bounds, random bits; also in place.
   Variants the CPU cannot run are skipped and counted; none run is a skip (77). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_util.h"
#include "fast_variants.h"

#define N 4096

static const float bounds[][2] = {
    {-0x1p63f, 0x1p63f},  {0x1p63f, 0x1p64f},   {-3e38f, 3e38f},      {-INFINITY, INFINITY},
    {INFINITY, -INFINITY}, {-2.5f, 7.75f},      {-1e-30f, 1e-30f},    {NAN, 1e18f},
    {-1e18f, NAN},        {NAN, NAN},           {1e12f, -1e12f},      {0x1p62f, 0x1.fffffep62f},
    {-0x1p63f, -0x1p62f}, {0x1.fffffep63f, 3e38f}, {-5.0f, 0x1p63f},
};
#define BOUNDS (sizeof bounds / sizeof bounds[0])

static const uint64_t ends[] = {0,
                                1,
                                2,
                                0x7fffffffffffffffu,
                                0x8000000000000000u,
                                0x8000000000000001u,
                                0xffffffffffffffffu,
                                0xfffffffffffffffeu,
                                0x4000000000000000u,
                                0xc000000000000000u,
                                0x0000000000000007u,
                                0xfffffffffffffff9u,
                                1000000000000u,
                                (uint64_t)-1000000000000};

static void fill(uint64_t *x)
{
    size_t k = 0;
    for (; k < sizeof ends / sizeof ends[0]; k++)
        x[k] = ends[k];
    uint64_t s = 0x2545f4914f6cdd1du;
    for (; k < N; k++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        /* random bits, small values, values near the ends, and near 2^62 */
        switch (k % 4) {
        case 0: x[k] = s; break;
        case 1: x[k] = (uint64_t)(int64_t)(int8_t)s; break;
        case 2: x[k] = (s & 1 ? 0x8000000000000000u : 0x7fffffffffffffffu) + (s >> 60) - 8; break;
        default: x[k] = 0x4000000000000000u + (s >> 56) - 128; break;
        }
    }
}

int main(void)
{
    static uint64_t x[N];
    fill(x);
    variant_counts counts = {0, 0};
    static const DML_TENSOR_DATA_TYPE types[2] = {DML_TENSOR_DATA_TYPE_INT64,
                                                  DML_TENSOR_DATA_TYPE_UINT64};
    for (size_t t = 0; t < 2; t++) {
        char what[96];
        for (size_t j = 0; j < BOUNDS; j++) {
            dmlp__kernel_args args;
            memset(&args, 0, sizeof args);
            args.param[0] = bounds[j][0];
            args.param[1] = bounds[j][1];
            snprintf(what, sizeof what, "%s Clip %g, %g", t ? "UINT64" : "INT64",
                     (double)bounds[j][0], (double)bounds[j][1]);
            compare_variants(DML_OPERATOR_ELEMENT_WISE_CLIP, types[t], 8, &args, x, N, what,
                             &counts);
        }
        /* Clip1: every pair of the ends as Min and Max */
        for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++)
            for (size_t j = 0; j < sizeof ends / sizeof ends[0]; j += 3) {
                dmlp__kernel_args args;
                memset(&args, 0, sizeof args);
                args.scalar[0] = ends[i];
                args.scalar[1] = ends[j];
                snprintf(what, sizeof what, "%s Clip1 0x%llx, 0x%llx", t ? "UINT64" : "INT64",
                         (unsigned long long)ends[i], (unsigned long long)ends[j]);
                compare_variants(DML_OPERATOR_ELEMENT_WISE_CLIP1, types[t], 8, &args, x, N,
                                 what, &counts);
            }
    }
    return variants_finish("test_fast_clamp64", &counts);
}
