/* test_fast_shrink_int: Shrink's fast kernels of the six integer types against their
   reference kernels, bit for bit, for (Bias, Threshold) pairs that reach each case of
   the integer form (src/ops/shrink.c): thresholds between integers and on them, negative
   (the two ranges overlap), infinite and NaN; a Bias that is 0, has a fraction, lies
   past the type's range or past the form's limit, is infinite or NaN, and one whose sum
   can round in binary64 for the 32-bit types (the kernel hands those to the reference).
   Inputs: every value of the 8- and 16-bit types; for the 32-bit ones every value
   within 2^17 of 0, of the least and of the greatest (2^12 in thin passes), and random
   ones. Also in place.
   Variants the CPU cannot run are skipped and counted; none run is a skip (77). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "test_util.h"
#include "fast_variants.h"

static const float pairs[][2] = {
    {0.0f, 0.5f},           /* the defaults */
    {0.5f, 0.5f},           {-0.25f, 1.5f},    {-0.0f, -0.0f},       {7.0f, 126.5f},
    {2.5f, -7.5f},          /* overlapping ranges: x > T wins */
    {0.1f, 0.5f},           /* exact for 8 and 16 bits; the reference for 32 */
    {3.0e-6f, 10.0f},       /* bits near 2^-42: exact for 8 bits only */
    {1e-30f, 0.0f},         {-1e-30f, -1.0f},  /* the reference for every type */
    {100.75f, 1e9f},        {-1e5f, 0.5f},     {65536.5f, 3.0f},     {-2147483648.0f, 5.0f},
    {4294967296.0f, 0.0f},  {0x1p40f, 0.0f},   {0x1p41f, 0.0f},      {-0x1p40f, 1.0f},
    {3e38f, 2.0f},          {-3e38f, -2.0f},   {INFINITY, 0.0f},     {-INFINITY, 0.0f},
    {0.75f, 2147483648.0f}, {1.5f, -INFINITY}, {1.5f, INFINITY},     {NAN, 1.0f},
    {1.0f, NAN},            {-0.5f, -2147483648.0f},                 {255.5f, 127.0f},
};
#define PAIRS (sizeof pairs / sizeof pairs[0])

static const struct {
    DML_TENSOR_DATA_TYPE type;
    size_t size;
    int is_signed;
} types[] = {
    {DML_TENSOR_DATA_TYPE_INT8, 1, 1},  {DML_TENSOR_DATA_TYPE_UINT8, 1, 0},
    {DML_TENSOR_DATA_TYPE_INT16, 2, 1}, {DML_TENSOR_DATA_TYPE_UINT16, 2, 0},
    {DML_TENSOR_DATA_TYPE_INT32, 4, 1}, {DML_TENSOR_DATA_TYPE_UINT32, 4, 0},
};

/* The inputs of a type at p (room for every value of 16 bits, or the 32-bit set):
   their count. */
static size_t fill_inputs(unsigned char *p, size_t size, int is_signed)
{
    if (size < 4) {
        size_t count = (size_t)1 << (8 * size);
        for (size_t i = 0; i < count; i++) {
            uint16_t v = (uint16_t)i;
            memcpy(p + i * size, &v, size); /* little-endian: the low bytes */
        }
        return count;
    }
    /* thinner under a sanitizer or an emulator (TEST_THIN): the ends and 0 stay */
    enum { SPAN = TEST_THIN ? 1 << 12 : 1 << 17, RANDOM = 1 << 16 };
    size_t n = 0;
    uint32_t least = is_signed ? 0x80000000u : 0, zero = 0;
    for (int64_t d = -SPAN; d < SPAN; d++) {
        uint32_t v[3] = {zero + (uint32_t)d, least + (uint32_t)d,
                         least - 1 - (uint32_t)d}; /* near 0, the least, the greatest */
        memcpy(p + 4 * n, v, sizeof v);
        n += 3;
    }
    uint64_t s = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < RANDOM; i++, n++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        uint32_t v = (uint32_t)(s >> 16);
        memcpy(p + 4 * n, &v, 4);
    }
    return n;
}

int main(void)
{
    unsigned char *in = malloc(4 * ((6u << 17) + (1u << 16)));
    if (!in) {
        fprintf(stderr, "test_fast_shrink_int: out of memory\n");
        return 1;
    }
    variant_counts counts = {0, 0};
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        size_t n = fill_inputs(in, types[t].size, types[t].is_signed);
        for (size_t j = 0; j < PAIRS; j++) {
            dmlp__kernel_args args;
            memset(&args, 0, sizeof args);
            args.param[0] = pairs[j][0];
            args.param[1] = pairs[j][1];
            char what[80];
            snprintf(what, sizeof what, "type %zu, Bias %g, Threshold %g", t,
                     (double)pairs[j][0], (double)pairs[j][1]);
            compare_variants(DML_OPERATOR_ACTIVATION_SHRINK, types[t].type, types[t].size,
                             &args, in, n, what, &counts);
        }
    }
    free(in);
    return variants_finish("test_fast_shrink_int", &counts);
}
