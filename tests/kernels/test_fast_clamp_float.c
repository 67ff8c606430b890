/* test_fast_clamp_float: Clip's, Clip1's and Threshold's fast kernels of FLOAT32 and
   FLOAT64 against their reference kernels, bit for bit, over bounds that pick each of
   their forms (ops/clamp.h): the ISA's own min and max (bounds that are numbers, Min not
   -0, Max not +0), the ordering keys and Max's kernels. The bounds: zeros of both signs
   on either side (ReLU6's 0 and 6 among them), Min above Max, equal bounds, infinities,
   subnormal and huge ones, NaN. The inputs: zeros, infinities, NaNs of both signs with
   payloads (signaling too), subnormals, the largest values, the bounds and their
   neighbours, random bits and random small values. Both NaN rules, both choices of
   args->clamp_keys; also in place. Variants the CPU cannot run are skipped and counted;
   none run is a skip (77). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_util.h"
#include "fast_variants.h"

#define N 4099

static const float bounds[][2] = {
    {0.0f, 6.0f},        {-0.0f, 6.0f},        {0.0f, -0.0f},        {-0.0f, 0.0f},
    {-1.0f, -0.0f},      {-1.0f, 0.0f},        {0.0f, 0.0f},         {-0.0f, -0.0f},
    {-1.5f, 2.25f},      {2.25f, -1.5f},       {-INFINITY, INFINITY}, {INFINITY, -INFINITY},
    {1e-45f, 1e-40f},    {-1e-40f, -1e-45f},   {-3e38f, 3e38f},      {1.0f, 1.0f},
    {-7.0f, -7.0f},      {NAN, 1.0f},          {1.0f, NAN},          {-INFINITY, -1.0f},
};
#define BOUNDS (sizeof bounds / sizeof bounds[0])

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
    return *s;
}

/* n elements of FLOAT32 (wide 0) or FLOAT64 (wide 1) at p. */
static void fill(unsigned char *p, int wide)
{
    static const uint32_t specials32[] = {
        0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
        0x7f800001u, 0xff812345u, 0x7fbfffffu, 0x00000001u, 0x80000001u, 0x007fffffu,
        0x807fffffu, 0x7f7fffffu, 0xff7fffffu, 0x3f800000u, 0xbf800000u, 0x40c00000u};
    static const uint64_t specials64[] = {
        0x0000000000000000u, 0x8000000000000000u, 0x7ff0000000000000u, 0xfff0000000000000u,
        0x7ff8000000000000u, 0xfff8000000000000u, 0x7ff0000000000001u, 0xfff0123456789abcu,
        0x0000000000000001u, 0x8000000000000001u, 0x000fffffffffffffu, 0x7fefffffffffffffu,
        0xffefffffffffffffu, 0x3ff0000000000000u, 0xbff0000000000000u};
    size_t k = 0, ns = wide ? sizeof specials64 / 8 : sizeof specials32 / 4;
    for (; k < ns; k++)
        memcpy(p + k * (wide ? 8 : 4), wide ? (const void *)&specials64[k]
                                            : (const void *)&specials32[k], wide ? 8 : 4);
    /* every bound and its neighbours */
    for (size_t b = 0; b < BOUNDS; b++)
        for (int j = 0; j < 2; j++)
            for (int d = -1; d <= 1; d++, k++) {
                float f = bounds[b][j];
                if (wide) {
                    double v = (double)f;
                    uint64_t u;
                    memcpy(&u, &v, 8);
                    if (v == v && !isinf(v))
                        u += (uint64_t)(int64_t)d;
                    memcpy(p + k * 8, &u, 8);
                } else {
                    uint32_t u;
                    memcpy(&u, &f, 4);
                    if (f == f && !isinf(f))
                        u += (uint32_t)d;
                    memcpy(p + k * 4, &u, 4);
                }
            }
    uint64_t s = 0x9e3779b97f4a7c15u;
    for (; k < N; k++) {
        uint64_t r = next(&s);
        if (wide) {
            double v = (double)(int64_t)(r >> 40) / 65536.0 - 64.0;
            if (k % 2)
                memcpy(&v, &r, 8);
            memcpy(p + k * 8, &v, 8);
        } else {
            float v = (float)(int64_t)(r >> 44) / 4096.0f - 64.0f;
            uint32_t u = (uint32_t)r;
            if (k % 2)
                memcpy(&v, &u, 4);
            memcpy(p + k * 4, &v, 4);
        }
    }
}

int main(void)
{
    static unsigned char x32[N * 4], x64[N * 8];
    fill(x32, 0);
    fill(x64, 1);
    variant_counts counts = {0, 0};
    for (int wide = 0; wide < 2; wide++) {
        DML_TENSOR_DATA_TYPE type = wide ? DML_TENSOR_DATA_TYPE_FLOAT64
                                         : DML_TENSOR_DATA_TYPE_FLOAT32;
        const unsigned char *x = wide ? x64 : x32;
        size_t size = wide ? 8 : 4;
        for (size_t j = 0; j < BOUNDS; j++)
            for (int form = 0; form < 4; form++) {
                dmlp__kernel_args args;
                memset(&args, 0, sizeof args);
                args.nan_propagate = (uint32_t)(form & 1);
                args.clamp_keys = (uint32_t)(form >> 1);
                args.param[0] = bounds[j][0];
                args.param[1] = bounds[j][1];
                for (int k = 0; k < 2; k++) { /* Clip1's bounds: the same in the type */
                    double v = (double)bounds[j][k];
                    float f = bounds[j][k];
                    uint32_t u32;
                    memcpy(&u32, &f, 4);
                    if (wide)
                        memcpy(&args.scalar[k], &v, 8);
                    else
                        args.scalar[k] = u32;
                }
                char what[96];
                snprintf(what, sizeof what, "%s %g, %g, NaN rule %d, keys %d",
                         wide ? "FLOAT64" : "FLOAT32", (double)bounds[j][0],
                         (double)bounds[j][1], form & 1, form >> 1);
                compare_variants(DML_OPERATOR_ELEMENT_WISE_CLIP, type, size, &args, x, N,
                                 what, &counts);
                compare_variants(DML_OPERATOR_ELEMENT_WISE_CLIP1, type, size, &args, x, N,
                                 what, &counts);
                compare_variants(DML_OPERATOR_ELEMENT_WISE_THRESHOLD, type, size, &args, x,
                                 N, what, &counts);
            }
    }
    return variants_finish("test_fast_clamp_float", &counts);
}
