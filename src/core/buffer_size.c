/* DirectML's DMLCalcBufferTensorSize, with every step checked for 64-bit overflow. */
#include "core/types.h"

/* a * b or a + b, false when the result does not fit in 64 bits. */
static bool mul_u64(uint64_t a, uint64_t b, uint64_t *out)
{
    if (a != 0 && b > UINT64_MAX / a)
        return false;
    *out = a * b;
    return true;
}

static bool add_u64(uint64_t a, uint64_t b, uint64_t *out)
{
    if (b > UINT64_MAX - a)
        return false;
    *out = a + b;
    return true;
}

uint64_t dmlp_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE type, uint32_t dimension_count,
                                      const uint32_t *sizes, const uint32_t *strides)
{
    uint64_t element_size = dmlp__type_size(type);
    if (element_size == 0 || dimension_count == 0 || !sizes)
        return 0;

    /* index of the last element: dot(sizes - 1, strides), packed strides when NULL */
    uint64_t last = 0;
    uint64_t packed_stride = 1;
    bool packed_overflow = false;
    for (uint32_t i = dimension_count; i-- > 0;) {
        if (sizes[i] == 0)
            return 0;
        uint64_t stride = packed_stride;
        if (strides)
            stride = strides[i];
        else if (packed_overflow && sizes[i] > 1)
            return 0;
        uint64_t term;
        if (!mul_u64(sizes[i] - 1u, stride, &term) || !add_u64(last, term, &last))
            return 0;
        /* an overflowing packed stride only matters if a later axis has size > 1 */
        if (!strides && !mul_u64(packed_stride, sizes[i], &packed_stride))
            packed_overflow = true;
    }

    uint64_t bytes;
    if (!add_u64(last, 1, &bytes) || !mul_u64(bytes, element_size, &bytes) ||
        !add_u64(bytes, 3, &bytes))
        return 0;
    return bytes & ~(uint64_t)3;
}
