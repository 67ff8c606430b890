/* One operator x type through the public API: dmlp_operator_create once, then timed
   dmlp_operator_execute calls (validation, planning and threads included). */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "core/bench_hooks.h"

struct bench_op {
    dmlp_operator *op;
    unsigned inputs;
    uint64_t in_bytes, b_bytes, out_bytes;
};

bench_op *bench_op_create(dmlp_device *device, const bench_kind *kind, uint32_t rows,
                          uint32_t cols, bench_layout layout, uint32_t pad)
{
    uint32_t sizes[4] = {1, 1, rows, cols};
    uint32_t row = layout == BENCH_BROADCAST ? 0 : layout == BENCH_PADDED ? cols + pad : cols;
    uint32_t strides[4] = {rows * row, rows * row, row, 1};
    uint32_t padded[4] = {rows * (cols + pad), rows * (cols + pad), cols + pad, 1};
    static const uint32_t zeros[4] = {0, 0, 0, 0};
    int binary = kind->inputs == 2;
    /* One input: that input takes the layout. Two: A is packed but where both are padded;
       B takes the layout. */
    const uint32_t *in_strides = layout == BENCH_PACKED ? NULL : strides;
    const uint32_t *b_strides = layout == BENCH_SCALAR ? zeros : in_strides;
    if (binary)
        in_strides = layout == BENCH_PADDED ? padded : NULL;
    DML_TENSOR_DATA_TYPE out_type = dmlp__bench_output_type(kind->op, kind->type);
    DML_BUFFER_TENSOR_DESC in_desc = {
        kind->type, DML_TENSOR_FLAG_NONE, 4, sizes, in_strides,
        dmlp_calc_buffer_tensor_size(kind->type, 4, sizes, in_strides), 0};
    DML_BUFFER_TENSOR_DESC b_desc = {
        kind->type, DML_TENSOR_FLAG_NONE, 4, sizes, b_strides,
        dmlp_calc_buffer_tensor_size(kind->type, 4, sizes, b_strides), 0};
    DML_BUFFER_TENSOR_DESC out_desc = {out_type, DML_TENSOR_FLAG_NONE, 4, sizes, NULL,
                                       dmlp_calc_buffer_tensor_size(out_type, 4, sizes, NULL), 0};
    if (layout == BENCH_SCALAR && !binary)
        return NULL;
    bench_op *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->inputs = binary ? 2 : 1;
    b->in_bytes = in_desc.TotalTensorSizeInBytes;
    b->b_bytes = binary ? b_desc.TotalTensorSizeInBytes : 0;
    b->out_bytes = out_desc.TotalTensorSizeInBytes;
    dmlp_status s =
        binary ? dmlp__bench_binary_operator_create(device, kind->op, &in_desc, &b_desc,
                                                    &out_desc, &b->op)
               : dmlp__bench_operator_create(device, kind->op, &in_desc, &out_desc, &b->op);
    if (s != DMLP_OK) {
        fprintf(stderr, "dmlp: bench: %s %s: %s\n", kind->op_name, kind->type_name,
                dmlp_last_error());
        free(b);
        return NULL;
    }
    return b;
}

void bench_op_destroy(bench_op *b)
{
    if (b) {
        dmlp_operator_destroy(b->op);
        free(b);
    }
}

uint64_t bench_op_input_bytes(const bench_op *b)
{
    return b->in_bytes > b->b_bytes ? b->in_bytes : b->b_bytes;
}

double bench_op_time(bench_op *b, void *in, void *in_b, void *out, unsigned calls)
{
    dmlp_buffer_binding ib[2] = {{in, 0, b->in_bytes}, {in_b, 0, b->b_bytes}};
    dmlp_buffer_binding ob = {out, 0, b->out_bytes};
    double t0 = bench_now();
    for (unsigned c = 0; c < calls; c++)
        if (dmlp_operator_execute(b->op, b->inputs, ib, 1, &ob) != DMLP_OK) {
            fprintf(stderr, "dmlp: bench: execute: %s\n", dmlp_last_error());
            return -1;
        }
    return (bench_now() - t0) / calls;
}
