/* What the element-wise reference tests of Relu and Max share: the float and integer
   types they cover, element access, inputs (every pattern of a 16-bit type, else edge
   values and random patterns), two's complement reading, and a NaN made quiet. */
#ifndef DMLP_TEST_REFERENCE_TYPES_H
#define DMLP_TEST_REFERENCE_TYPES_H

#include <string.h>

#include "kernels/kernels.h"
#include "test_reference_oracle.h"

enum { N = 65536 };

static const struct {
    const char *name;
    DML_TENSOR_DATA_TYPE type;
    oracle_format f;
    size_t size;
} floats[] = {
    {"f16", DML_TENSOR_DATA_TYPE_FLOAT16, {5, 10}, 2},
    {"bf16", DMLP_TENSOR_DATA_TYPE_BFLOAT16, {8, 7}, 2},
    {"f32", DML_TENSOR_DATA_TYPE_FLOAT32, {8, 23}, 4},
    {"f64", DML_TENSOR_DATA_TYPE_FLOAT64, {11, 52}, 8},
};

static const struct {
    DML_TENSOR_DATA_TYPE type;
    size_t size;
    int is_signed;
} integers[] = {
    {DML_TENSOR_DATA_TYPE_INT8, 1, 1},   {DML_TENSOR_DATA_TYPE_INT16, 2, 1},
    {DML_TENSOR_DATA_TYPE_INT32, 4, 1},  {DML_TENSOR_DATA_TYPE_INT64, 8, 1},
    {DML_TENSOR_DATA_TYPE_UINT8, 1, 0},  {DML_TENSOR_DATA_TYPE_UINT16, 2, 0},
    {DML_TENSOR_DATA_TYPE_UINT32, 4, 0}, {DML_TENSOR_DATA_TYPE_UINT64, 8, 0},
};

static uint64_t get(const unsigned char *p, size_t i, size_t size)
{
    uint64_t x = 0;
    memcpy(&x, p + i * size, size);
    return x;
}

/* Every pattern of a type of at most 16 bits; else edge values and random patterns. */
static size_t fill(unsigned char *in, size_t size, uint64_t seed)
{
    uint64_t state = seed + size;
    size_t count = size <= 2 ? ((size_t)1 << (8 * size)) : N;
    for (size_t i = 0; i < count; i++) {
        uint64_t x = size <= 2 ? i : oracle_random(&state);
        if (size > 2 && i < 8) {
            uint64_t top = UINT64_C(1) << (8 * size - 1);
            uint64_t edges[] = {0, 1, top, top - 1, top | 1, ~UINT64_C(0), 2, top + 2};
            x = edges[i];
        }
        memcpy(in + i * size, &x, size);
    }
    return count;
}

static int64_t as_signed(uint64_t x, size_t size)
{
    if (size == 8)
        return (int64_t)x;
    uint64_t top = UINT64_C(1) << (8 * size - 1);
    return (int64_t)((x ^ top) - top);
}

static uint64_t quiet(uint64_t x, oracle_format f) { return x | (UINT64_C(1) << (f.mbits - 1)); }

#endif
