/* Shared by test_binary.c and test_logical.c: a two-input operator's descriptor over
   buffer tensors of one shape, each with its own strides (NULL: packed), and where
   element i of such a tensor lies. */
#ifndef DMLP_TEST_TWO_INPUT_SETUP_H
#define DMLP_TEST_TWO_INPUT_SETUP_H

#include <stdint.h>
#include <string.h>

#include "dmlp.h"

/* ADD1's descriptor layout holds every two-input one: their first three members (A, B,
   the output) agree, and FusedActivation stays NULL unless a test sets it. */
typedef struct setup {
    DML_BUFFER_TENSOR_DESC buffers[3];
    DML_TENSOR_DESC tensors[3];
    DML_ELEMENT_WISE_ADD1_OPERATOR_DESC desc;
    DML_OPERATOR_DESC op;
} setup;

/* A and B of type `in`, the output of type `out`. */
static inline void setup_init_types(setup *s, DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE in,
                                    DML_TENSOR_DATA_TYPE out, uint32_t dims,
                                    const uint32_t *sizes, const uint32_t *const strides[3])
{
    memset(s, 0, sizeof *s);
    for (int k = 0; k < 3; k++) {
        DML_TENSOR_DATA_TYPE type = k == 2 ? out : in;
        s->buffers[k] = (DML_BUFFER_TENSOR_DESC){
            type, DML_TENSOR_FLAG_NONE, dims, sizes, strides[k],
            dmlp_calc_buffer_tensor_size(type, dims, sizes, strides[k]), 0};
        s->tensors[k] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &s->buffers[k]};
    }
    s->desc = (DML_ELEMENT_WISE_ADD1_OPERATOR_DESC){&s->tensors[0], &s->tensors[1],
                                                    &s->tensors[2], NULL};
    s->op = (DML_OPERATOR_DESC){op, &s->desc};
}

/* Element offset of the index-th element in row-major order. */
static inline uint64_t offset_of(uint32_t dims, const uint32_t *sizes, const uint32_t *strides,
                                 uint64_t index)
{
    uint64_t offset = 0, packed = 1;
    for (uint32_t d = dims; d-- > 0;) {
        uint64_t coord = index % sizes[d];
        index /= sizes[d];
        offset += coord * (strides ? strides[d] : packed);
        packed *= sizes[d];
    }
    return offset;
}

#endif
