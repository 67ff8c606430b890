/* Internal: everything `dmlp bench` (bench/) reaches of the library beyond the public
   API, in one header; bench includes no other header of src/ but the command's
   cli/cli_bench.h, which it implements (tests/layout/check_includes.py keeps it so).
   The operators themselves are created and timed through the public API only; these
   hooks name what is measured and report how it ran:

   - the operator x type rows of the kernel lists (src/kernels/kernel_list.inc and the
     two-input src/kernels/binary_kernel_list.inc), in table order, with the registry's
     and the type table's names, and an operator made from buffer tensors with the
     descriptor the registry builds (core/registry.h); the same rows of the operators
     along axes, which have no kernels;
   - the kernel each row runs on this CPU, the kernel level, the CPU's model;
   - the measured strategies (core/tune.h), made before anything is timed;
   - how a compiled graph runs (core/graph.h);
   - the page-aligned buffers the library's own allocator gives (platform/memory.h). */
#ifndef DMLP_CORE_BENCH_HOOKS_H
#define DMLP_CORE_BENCH_HOOKS_H

#include <stddef.h>

#include "dmlp.h"

/* One operator x type of the kernel lists. */
typedef struct dmlp__bench_row {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type; /* the input type (both inputs' of a two-input row) */
    size_t in_size, out_size;  /* element bytes of an input and of the output */
    const char *op_name;       /* the registry's cli_name: "sign", "softsign", ... */
    const char *type_name;     /* the type table's short name: "f32", "bf16", "e5m2", ... */
    unsigned inputs;           /* 1, or 2: a row of binary_kernel_list.inc */
} dmlp__bench_row;

/* The rows of both kernel lists in table order (src/ops/ops.inc: an operator's rows
   stay together); *count gets how many. A two-input row's out_size is its output
   type's (dmlp__bench_output_type: UINT8 for LogicalGreaterThan). */
const dmlp__bench_row *dmlp__bench_rows(size_t *count);

/* The operators along axes that take an AXES member (DMLP_ROWS rows: SOFTMAX1,
   LOG_SOFTMAX1, HARDMAX1), one row per type they support at the bench's feature level
   with extensions, in table order and with the same names; *count gets how many. They
   have no kernel rows: dmlp__bench_operator_create gives them the last axis as their
   row. */
const dmlp__bench_row *dmlp__bench_axes_rows(size_t *count);

/* The feature level the bench's devices are created at: the highest dmlp implements. */
DML_FEATURE_LEVEL dmlp__bench_feature_level(void);

/* The output type of operator op on input type `type`: the registry's, or `type` when
   the output has the input's type. */
DML_TENSOR_DATA_TYPE dmlp__bench_output_type(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type);

/* dmlp_operator_create of operator op from `in` to `out` (a two-input operator gets `in`
   as both inputs), its other fields zero, flags none: the descriptor the registry builds
   (dmlp__desc_build), created through the public API. An operator along axes gets one
   axis, the last of `in`. */
dmlp_status dmlp__bench_operator_create(dmlp_device *device, DML_OPERATOR_TYPE op,
                                        const DML_BUFFER_TENSOR_DESC *in,
                                        const DML_BUFFER_TENSOR_DESC *out,
                                        dmlp_operator **created);

/* The same for a two-input operator with its own BTensor `b` (a broadcast B has strides
   of 0); the descriptor dmlp__desc_build_inputs builds. */
dmlp_status dmlp__bench_binary_operator_create(dmlp_device *device, DML_OPERATOR_TYPE op,
                                               const DML_BUFFER_TENSOR_DESC *a,
                                               const DML_BUFFER_TENSOR_DESC *b,
                                               const DML_BUFFER_TENSOR_DESC *out,
                                               dmlp_operator **created);

/* The name of the kernel op on `type` runs on this CPU, one-input or two-input ("rows"
   for an operator along axes, which core/plan_rows.c walks; "-" when none). */
const char *dmlp__bench_kernel_name(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type);

/* The kernel level chosen on this CPU ("avx2", "neon", ...). */
const char *dmlp__bench_isa(void);

/* The CPU's model name, into buf (always terminated). */
void dmlp__bench_cpu_model(char *buf, size_t size);

/* Makes the measured choices now (streaming; the division forms of the kernel level in
   use) and describes them into buf, one line each (always terminated). */
void dmlp__bench_tune(char *buf, size_t size);

/* How a compiled graph runs (dmlp__graph_describe), into text; NULL when op is no
   graph. */
const char *dmlp__bench_graph_describe(const dmlp_operator *op, char *text, size_t capacity);

/* `size` bytes aligned to `alignment`, or NULL; free with dmlp__bench_free (NULL is
   fine). */
void *dmlp__bench_alloc(size_t alignment, size_t size);
void dmlp__bench_free(void *p);

#endif
