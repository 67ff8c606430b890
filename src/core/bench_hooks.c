/* What `dmlp bench` reaches of the library beyond the public API (bench_hooks.h). */
#include "core/bench_hooks.h"

#include "core/graph.h"
#include "core/registry.h"
#include "core/scalar.h"
#include "core/support.h"
#include "core/tune.h"
#include "core/types.h"
#include "kernels/kernels.h"
#include "platform/cpu.h"
#include "platform/memory.h"
#include <string.h>

/* The rows of kernel_list.inc and binary_kernel_list.inc in table order: the operator
   files read once with both row kinds (as each list reads them with its own). A
   two-input row's output size is filled with the names, from the registry's output
   type. */
static const struct {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    size_t in_size, out_size;
    unsigned inputs;
} list_rows[] = {
#define DMLP_KERNEL(type, name, in_bytes, out_bytes, x86, arm) {OP, type, in_bytes, out_bytes, 1},
#define DMLP_BINARY_KERNEL(type, name, bytes, x86, arm) {OP, type, bytes, 0, 2},
#include "ops/ops.inc"
};
#define ROW_COUNT (sizeof list_rows / sizeof list_rows[0])

const dmlp__bench_row *dmlp__bench_rows(size_t *count)
{
    static dmlp__bench_row rows[ROW_COUNT];
    /* (bench asks from one thread) */
    for (size_t k = 0; k < ROW_COUNT; k++) {
        size_t out_size = list_rows[k].out_size;
        if (list_rows[k].inputs == 2)
            out_size = dmlp__type_size(dmlp__bench_output_type(list_rows[k].op,
                                                               list_rows[k].type));
        dmlp__bench_row r = {list_rows[k].op,       list_rows[k].type,
                             list_rows[k].in_size,  out_size,
                             dmlp__op_find(list_rows[k].op)->cli_name,
                             dmlp__type_get(list_rows[k].type)->short_name,
                             list_rows[k].inputs};
        rows[k] = r;
    }
    *count = ROW_COUNT;
    return rows;
}

/* Room for the operators along axes x their types (three operators of four types now). */
#define AXES_ROW_CAPACITY 32

const dmlp__bench_row *dmlp__bench_axes_rows(size_t *count)
{
    static dmlp__bench_row rows[AXES_ROW_CAPACITY];
    size_t n = 0;
    for (uint32_t i = 0; i < dmlp__op_count(); i++) {
        const dmlp__op_def *def = dmlp__op_at(i);
        bool last_axis;
        dmlp__support s;
        /* The 1_0 forms (no AXES member) run the same rows through the same plan. */
        if (!dmlp__op_rows(def, NULL, &last_axis) || last_axis ||
            !dmlp__support_get(def->type, DMLP__FEATURE_LEVEL_HIGHEST, true, &s))
            continue;
        for (uint32_t t = 0; t < s.type_count && n < AXES_ROW_CAPACITY; t++) {
            size_t size = dmlp__type_size(s.input_types[t]);
            dmlp__bench_row r = {def->type, s.input_types[t], size, size, def->cli_name,
                                 dmlp__type_get(s.input_types[t])->short_name, 1};
            rows[n++] = r;
        }
    }
    *count = n;
    return rows;
}

DML_FEATURE_LEVEL dmlp__bench_feature_level(void)
{
    return DMLP__FEATURE_LEVEL_HIGHEST;
}

DML_TENSOR_DATA_TYPE dmlp__bench_output_type(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type)
{
    DML_TENSOR_DATA_TYPE out = dmlp__op_find(op)->output_type;
    /* UNKNOWN: the input's type; a listed output (Cast) is benched as the input's too */
    return out == DML_TENSOR_DATA_TYPE_UNKNOWN || out == DMLP__OUTPUT_LISTED ? type : out;
}

/* The FLOAT members an operator is benched with: each one's default (Python's and `dmlp
   run`'s), 1 where it has none (Linear, Threshold, ParametricSoftplus), 2.5 for
   ConstantPow's Exponent (1 is a copy, and the peers take 2, 3, 0.5 and -1 apart).
   Zeros would time degenerate cases: ELU with Alpha 0 runs its reference, Softplus with
   Steepness 0 gives only infinities. bench/peers.py runs the peers with the same values.
   The scalar members (Clip1's and ClipGrad1's bounds) take their defaults in the input's
   type, as `dmlp run` gives them: zeros would clip every element to 0. */
static void bench_params(const dmlp__op_def *def, DML_TENSOR_DATA_TYPE type,
                         dmlp__op_params *p)
{
    memset(p, 0, sizeof *p);
    for (uint32_t i = 0; i < dmlp__op_float_count(def) && i < DMLP__MAX_FLOATS; i++) {
        const dmlp__field *f = dmlp__op_float(def, i);
        p->floats[i] = f->has_default ? f->default_value : 1.0f;
    if (def->type == DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW)
        p->floats[0] = 2.5f;
    }
    for (uint32_t i = 0; i < dmlp__op_scalar_count(def) && i < DMLP__MAX_SCALARS; i++) {
        const dmlp__field *f = dmlp__op_scalar(def, i);
        if (f->has_default)
            p->scalars[i] = dmlp__scalar_from_float(type, f->default_value);
    }
}

dmlp_status dmlp__bench_operator_create(dmlp_device *device, DML_OPERATOR_TYPE op,
                                        const DML_BUFFER_TENSOR_DESC *in,
                                        const DML_BUFFER_TENSOR_DESC *out,
                                        dmlp_operator **created)
{
    dmlp__desc_storage storage;
    dmlp__op_params params;
    const dmlp__op_def *def = dmlp__op_find(op);
    bench_params(def, in->DataType, &params);
    if (dmlp__op_field(def, DMLP__FIELD_AXES)) { /* along axes: the row is the last axis */
        params.axis_count = 1;
        params.axes[0] = in->DimensionCount - 1;
    }
    const DML_OPERATOR_DESC *desc = dmlp__desc_build(&storage, def, in, out, &params);
    return dmlp_operator_create(device, desc, 0, created);
}

dmlp_status dmlp__bench_binary_operator_create(dmlp_device *device, DML_OPERATOR_TYPE op,
                                               const DML_BUFFER_TENSOR_DESC *a,
                                               const DML_BUFFER_TENSOR_DESC *b,
                                               const DML_BUFFER_TENSOR_DESC *out,
                                               dmlp_operator **created)
{
    dmlp__desc_storage storage;
    dmlp__op_params params;
    const dmlp__op_def *def = dmlp__op_find(op);
    bench_params(def, a->DataType, &params);
    const DML_BUFFER_TENSOR_DESC *inputs[2] = {a, b};
    const DML_OPERATOR_DESC *desc = dmlp__desc_build_inputs(&storage, def, inputs, out, &params);
    return dmlp_operator_create(device, desc, 0, created);
}

const char *dmlp__bench_kernel_name(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type)
{
    if (dmlp__op_rows(dmlp__op_find(op), NULL, NULL))
        return "rows";
    dmlp__kernel_choice c = dmlp__kernel_select(op, type, dmlp__isa_detect());
    if (c.name)
        return c.name;
    dmlp__binary_kernel_choice b = dmlp__binary_kernel_select(op, type, dmlp__isa_detect());
    return b.name ? b.name : "-";
}

const char *dmlp__bench_isa(void)
{
    return dmlp__isa_name(dmlp__isa_detect());
}

void dmlp__bench_cpu_model(char *buf, size_t size)
{
    dmlp__cpu_model(buf, size);
}

void dmlp__bench_tune(char *buf, size_t size)
{
    dmlp__tune_streaming();
    dmlp__tune_softsign_recip(dmlp__isa_detect());
    dmlp__tune_describe(buf, size);
}

const char *dmlp__bench_graph_describe(const dmlp_operator *op, char *text, size_t capacity)
{
    return dmlp__graph_describe(op, text, capacity);
}

void *dmlp__bench_alloc(size_t alignment, size_t size)
{
    return dmlp__aligned_alloc(alignment, size);
}

void dmlp__bench_free(void *p)
{
    dmlp__aligned_free(p);
}
