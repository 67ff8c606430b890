/* test_registry: the operator registry (src/core/registry.h) is consistent with itself
   and with the rest of the library: unique names in every front end, descriptor layouts
   that dmlp__desc_build writes and validation reads back, the output and in-place rules
   as execution applies them, and for every operator a support-table row and a reference
   kernel for every type the highest level allows. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "core/support.h"
#include "dmlp.h"
#include "kernels/kernels.h"
#include "test_util.h"

static int same(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

static void check_names(void)
{
    uint32_t n = dmlp__op_count();
    CHECK(n >= 3, "%u operators", n);
    CHECK(dmlp__op_at(n) == NULL, "past the end");
    for (uint32_t i = 0; i < n; i++) {
        const dmlp__op_def *a = dmlp__op_at(i);
        CHECK(a->name && a->cli_name && a->dxdispatch_name && a->cli_help, "%u: names", i);
        CHECK(dmlp__op_find(a->type) == a, "%s: found by type", a->name);
        CHECK(dmlp__op_find_cli(a->cli_name) == a, "%s: found by cli name", a->name);
        CHECK(dmlp__op_find_dxdispatch(a->dxdispatch_name) == a, "%s: by DxDispatch name",
              a->name);
        char prefixed[96];
        snprintf(prefixed, sizeof prefixed, "DML_OPERATOR_%s", a->dxdispatch_name);
        CHECK(dmlp__op_find_dxdispatch(prefixed) == a, "%s: by DML_OPERATOR_ name", a->name);
        /* rows may share an ONNX name (Mod: each row applies for its value of an
           attribute, src/onnx/onnx_ops.c); the look-up gives the first */
        if (a->onnx_name) {
            const dmlp__op_def *first = dmlp__op_find_onnx(a->onnx_name);
            CHECK(first && first <= a && same(first->onnx_name, a->onnx_name),
                  "%s: found by ONNX name", a->name);
        }
        CHECK(strstr(a->cli_help, a->name) != NULL, "%s: help names the operator", a->name);
        for (uint32_t j = 0; j < i; j++) {
            const dmlp__op_def *b = dmlp__op_at(j);
            CHECK(a->type != b->type && !same(a->name, b->name) &&
                      !same(a->cli_name, b->cli_name) &&
                      !same(a->dxdispatch_name, b->dxdispatch_name),
                  "%s and %s share a name or type", a->name, b->name);
        }
    }
    CHECK(dmlp__op_find(DML_OPERATOR_INVALID) == NULL, "INVALID is no operator");
    CHECK(dmlp__op_find_cli("SIGN") == NULL, "cli names are case-sensitive");
    CHECK(dmlp__op_find_dxdispatch("DML_OPERATOR_") == NULL, "a bare prefix");
    CHECK(dmlp__op_find_onnx(NULL) == NULL && dmlp__op_find_cli(NULL) == NULL, "NULL names");

    /* The lists messages are made of, for the first three rows as they always read. */
    char text[512];
    CHECK_CONTAINS(dmlp__op_names(text, sizeof text, DMLP__OP_NAME_CLI, ", ", " or "),
                   "sign, softsign");
    CHECK_CONTAINS(dmlp__op_names(text, sizeof text, DMLP__OP_NAME_DML_VALUE, ", ", " and "),
                   "ELEMENT_WISE_SIGN (79), ACTIVATION_SOFTSIGN (50)");
    CHECK_CONTAINS(dmlp__op_names(text, sizeof text, DMLP__OP_NAME_CLI, "|", "|"),
                   "sign|softsign|isinf");
    /* too little room: whole names, then how many more */
    static char all[16384];
    char small[64];
    dmlp__op_names(all, sizeof all, DMLP__OP_NAME_DML, ", ", " and ");
    dmlp__op_names(small, sizeof small, DMLP__OP_NAME_DML, ", ", " and ");
    size_t total = 2, listed = 1; /* "A, B and C": the commas and two */
    for (const char *c = all; *c; c++)
        total += *c == ',';
    for (const char *c = small; *c; c++)
        listed += *c == ',';
    const char *more = strstr(small, " and ");
    CHECK(strlen(all) < sizeof all - 1 && strstr(all, " more") == NULL, "all the names fit");
    CHECK(strncmp(small, "ELEMENT_WISE_SIGN, ", 19) == 0 && more != NULL &&
              strtoul(more + 5, NULL, 10) == total - listed &&
              strcmp(small + strlen(small) - 5, " more") == 0,
          "whole names, then how many more of %zu: %s", total, small);
    char tiny[8];
    dmlp__op_names(tiny, sizeof tiny, DMLP__OP_NAME_DML, ", ", " and ");
    CHECK(tiny[0] == '\0', "no part of a name: %s", tiny);
}

/* Each layout: one input and one output tensor, members inside the struct and apart. */
static void check_layouts(void)
{
    for (uint32_t i = 0; i < dmlp__op_count(); i++) {
        const dmlp__op_def *d = dmlp__op_at(i);
        CHECK(d->desc_size <= DMLP__MAX_DESC_BYTES, "%s: desc fits the storage", d->name);
        CHECK(d->field_count >= 2 && d->field_count <= DMLP__MAX_FIELDS, "%s: fields",
              d->name);
        const dmlp__field *in = dmlp__op_field(d, DMLP__FIELD_INPUT);
        const dmlp__field *out = dmlp__op_field(d, DMLP__FIELD_OUTPUT);
        uint32_t count = dmlp__op_input_count(d);
        CHECK(count >= 1 && count <= DMLP__MAX_INPUTS, "%s: %u inputs", d->name, count);
        int grad = d->type == DML_OPERATOR_ACTIVATION_RELU_GRAD || /* DirectML's names */
                   d->type == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD ||
                   d->type == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1;
        CHECK(in && out && in == dmlp__op_input(d, 0) &&
                  same(out->name, grad ? "OutputGradientTensor" : "OutputTensor"),
              "%s: an input and OutputTensor", d->name);
        if (count == 1)
            CHECK(same(in->name, "InputTensor"), "%s: InputTensor", d->name);
        else if (grad) /* DirectML's names */
            CHECK(same(in->name, "InputTensor") &&
                      same(dmlp__op_input(d, 1)->name, "InputGradientTensor") &&
                      dmlp__op_input(d, 2) == NULL,
                  "%s: InputTensor and InputGradientTensor", d->name);
        else if (d->type == DML_OPERATOR_ELEMENT_WISE_POW) /* DirectML's names */
            CHECK(same(in->name, "InputTensor") &&
                      same(dmlp__op_input(d, 1)->name, "ExponentTensor") &&
                      dmlp__op_input(d, 2) == NULL,
                  "%s: InputTensor and ExponentTensor", d->name);
        else if (d->type == DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU) /* DirectML's names */
            CHECK(same(in->name, "InputTensor") &&
                      same(dmlp__op_input(d, 1)->name, "SlopeTensor") &&
                      dmlp__op_input(d, 2) == NULL,
                  "%s: InputTensor and SlopeTensor", d->name);
        else if (grad)
            CHECK(same(in->name, "InputTensor") &&
                      same(dmlp__op_input(d, 1)->name, "InputGradientTensor") &&
                      dmlp__op_input(d, 2) == NULL,
                  "%s: InputTensor and InputGradientTensor", d->name);
        else if (d->type == DML_OPERATOR_ELEMENT_WISE_IF) /* three inputs */
            CHECK(same(in->name, "ConditionTensor") &&
                      same(dmlp__op_input(d, 1)->name, "ATensor") &&
                      same(dmlp__op_input(d, 2)->name, "BTensor") &&
                      dmlp__op_input(d, 3) == NULL && dmlp__operator_main_input(d->type) == 1,
                  "%s: ConditionTensor, ATensor and BTensor", d->name);
        else if (d->type == DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR ||
                 d->type == DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR)
            CHECK(same(in->name, "InputTensor") &&
                      same(dmlp__op_input(d, 1)->name, "ScaleTensor") &&
                      same(dmlp__op_input(d, 2)->name, "ZeroPointTensor") &&
                      dmlp__op_input(d, 2)->optional && dmlp__op_input(d, 3) == NULL,
                  "%s: InputTensor, ScaleTensor and an optional ZeroPointTensor", d->name);
        else if (d->type == DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD) {
            static const char *const names[] = {
                "ATensor",      "AScaleTensor",      "AZeroPointTensor",
                "BTensor",      "BScaleTensor",      "BZeroPointTensor",
                "OutputScaleTensor", "OutputZeroPointTensor"};
            for (uint32_t k = 0; k < 8; k++)
                CHECK(dmlp__op_input(d, k) && same(dmlp__op_input(d, k)->name, names[k]) &&
                          dmlp__op_input(d, k)->optional == (k == 2 || k == 5 || k == 7),
                      "%s: input %u is %s%s", d->name, (unsigned)k,
                      k == 2 || k == 5 || k == 7 ? "an optional " : "", names[k]);
            CHECK(dmlp__op_input(d, 8) == NULL && dmlp__operator_main_input(d->type) == 0,
                  "%s: eight inputs, ATensor the main one", d->name);
        } else
            CHECK(same(in->name, "ATensor") && same(dmlp__op_input(d, 1)->name, "BTensor") &&
                      dmlp__op_input(d, 2) == NULL,
                  "%s: ATensor and BTensor", d->name);
        int inputs = 0, outputs = 0;
        for (uint32_t f = 0; f < d->field_count; f++) {
            inputs += d->fields[f].kind == DMLP__FIELD_INPUT;
            outputs += d->fields[f].kind == DMLP__FIELD_OUTPUT;
            CHECK(d->fields[f].offset + sizeof(void *) <= d->desc_size ||
                      (d->fields[f].kind != DMLP__FIELD_INPUT &&
                       d->fields[f].kind != DMLP__FIELD_OUTPUT &&
                       d->fields[f].offset + 4 <= d->desc_size),
                  "%s.%s inside the struct", d->name, d->fields[f].name);
            for (uint32_t g = 0; g < f; g++)
                CHECK(d->fields[g].offset < d->fields[f].offset, "%s: member order", d->name);
        }
        CHECK(inputs == (int)count && outputs == 1, "%s: its inputs and one output", d->name);
        /* FLOAT members: they fit dmlp__op_params.floats, each found by its lower-case
           name at its own index, and only they carry defaults */
        CHECK(dmlp__op_float_count(d) <= DMLP__MAX_FLOATS, "%s: FLOAT members fit", d->name);
        for (uint32_t f = 0; f < d->field_count; f++) {
            const dmlp__field *m = &d->fields[f];
            char lower[64];
            CHECK(m->kind == DMLP__FIELD_FLOAT || m->kind == DMLP__FIELD_SCALAR ||
                      !m->has_default,
                  "%s.%s: no default", d->name, m->name);
            if (m->kind == DMLP__FIELD_SCALAR) { /* after the type that reads it */
                uint32_t index = dmlp__op_scalar_index(d, m);
                CHECK(dmlp__op_scalar(d, index) == m && index < DMLP__MAX_SCALARS &&
                          dmlp__op_scalar_named(
                              d, dmlp__field_lower_name(m, lower, sizeof lower)) == m,
                      "%s.%s: scalar member %u", d->name, m->name, index);
                const dmlp__field *t = dmlp__op_field(d, DMLP__FIELD_SCALAR_TYPE);
                CHECK(t && t->offset < m->offset, "%s.%s: its data type member first",
                      d->name, m->name);
            }
            if (m->kind != DMLP__FIELD_FLOAT)
                continue;
            uint32_t index = dmlp__op_float_index(d, m);
            CHECK(dmlp__op_float(d, index) == m &&
                      dmlp__op_float_named(d, dmlp__field_lower_name(m, lower, sizeof lower)) ==
                          m,
                  "%s.%s: FLOAT member %u", d->name, m->name, index);
        }
        if (!d->in_place)
            CHECK(d->not_in_place && d->not_in_place[0], "%s: says why not in place", d->name);
    }
}

/* dmlp__desc_build writes what dmlp__desc_tensor reads, and the operator it describes
   is created and runs on a device, with the registry's output type, in place or not as
   the registry says. */
static void check_build_and_run(dmlp_device *device)
{
    for (uint32_t i = 0; i < dmlp__op_count(); i++) {
        const dmlp__op_def *d = dmlp__op_at(i);
        dmlp__support s;
        CHECK(dmlp__support_get(d->type, DMLP__FEATURE_LEVEL_HIGHEST, true, &s),
              "%s: support rows at the highest level", d->name);
        CHECK_EQ_U64(s.output_type, d->output_type, "%s: the support table's output type",
                     d->name);
        /* an output with types of its own: the front ends' type is one of them */
        bool listed = s.output_type_count == 0;
        for (uint32_t t = 0; t < s.output_type_count; t++)
            listed = listed || s.output_types[t] == d->output_type;
        CHECK(listed, "%s: the registry's output type is one of the row's output types",
              d->name);
        DML_TENSOR_DATA_TYPE in_type = s.input_types[0];
        DML_TENSOR_DATA_TYPE out_type =
            d->output_type == DML_TENSOR_DATA_TYPE_UNKNOWN || d->output_type == DMLP__OUTPUT_LISTED
                ? in_type
                : d->output_type;
        uint32_t sizes[1] = {16};
        uint32_t count = dmlp__op_input_count(d);
        /* Each input of the row's type, or the first of its own; then the rules between
           tensors (the output is tensor `count`) */
        DML_TENSOR_DATA_TYPE types[DMLP__MAX_INPUTS + 1];
        for (uint32_t k = 0; k < count; k++)
            types[k] = s.own_type_count[k] ? s.own_types[k][0] : in_type;
        types[count] = out_type;
        for (uint32_t r = 0; r < s.rule_count; r++) {
            uint32_t t = count, o = count;
            for (uint32_t k = 0; k < count; k++) {
                t = strcmp(dmlp__op_input(d, k)->name, s.rules[r].tensor) == 0 ? k : t;
                o = strcmp(dmlp__op_input(d, k)->name, s.rules[r].other) == 0 ? k : o;
            }
            for (uint32_t p = 0; p < s.rules[r].pair_count; p++)
                if (s.rules[r].pairs[p][0] == types[o])
                    types[t] = s.rules[r].pairs[p][1];
            if (s.rules[r].pair_count == 0)
                types[t] = types[o];
        }
        DML_BUFFER_TENSOR_DESC in_descs[DMLP__MAX_INPUTS];
        const DML_BUFFER_TENSOR_DESC *ins[DMLP__MAX_INPUTS];
        for (uint32_t k = 0; k < count; k++) {
            in_descs[k] = (DML_BUFFER_TENSOR_DESC){
                types[k], DML_TENSOR_FLAG_NONE, 1, sizes, NULL,
                dmlp_calc_buffer_tensor_size(types[k], 1, sizes, NULL), 0};
            ins[k] = k && types[k] == types[0] ? &in_descs[0] : &in_descs[k];
        }
        DML_BUFFER_TENSOR_DESC in = in_descs[0];
        out_type = types[count];
        DML_BUFFER_TENSOR_DESC out = {out_type, DML_TENSOR_FLAG_NONE, 1, sizes, NULL,
                                      dmlp_calc_buffer_tensor_size(out_type, 1, sizes, NULL), 0};
        dmlp__desc_storage storage;
        dmlp__op_params params;
        memset(&params, 0, sizeof params);
        params.mode = DML_IS_INFINITY_MODE_NEGATIVE;
        params.axis_count = 1; /* the one dimension (an AXES member's first entry) */
        uint32_t main = dmlp__operator_main_input(d->type);
        const DML_OPERATOR_DESC *desc =
            count > 2 ? dmlp__desc_build_inputs(&storage, d, ins, &out, &params)
                      : dmlp__desc_build(&storage, d, &in, &out, &params);
        CHECK(desc->Type == d->type && desc->Desc != NULL, "%s: built", d->name);
        const DML_TENSOR_DESC *it = dmlp__desc_tensor(desc->Desc, dmlp__op_input(d, 0));
        if (count == 2) { /* desc_build gives a two-input row its one input as A and B */
            const DML_TENSOR_DESC *bt = dmlp__desc_tensor(desc->Desc, dmlp__op_input(d, 1));
            CHECK(bt && bt->Desc == &in, "%s: BTensor read back", d->name);
        }
        const DML_TENSOR_DESC *ot =
            dmlp__desc_tensor(desc->Desc, dmlp__op_field(d, DMLP__FIELD_OUTPUT));
        CHECK(it && ot && it->Type == DML_TENSOR_TYPE_BUFFER &&
                  it->Desc == (count > 2 ? ins[0] : &in) && ot->Desc == &out,
              "%s: tensors read back", d->name);
        const dmlp__field *mode = dmlp__op_field(d, DMLP__FIELD_INFINITY_MODE);
        if (mode)
            CHECK_EQ_U64(dmlp__desc_enum(desc->Desc, mode), DML_IS_INFINITY_MODE_NEGATIVE,
                         "%s: mode read back", d->name);
        const dmlp__field *count_field = dmlp__op_field(d, DMLP__FIELD_AXIS_COUNT);
        const dmlp__field *axes_field = dmlp__op_field(d, DMLP__FIELD_AXES);
        CHECK(!count_field == !axes_field, "%s: AxisCount and Axes together", d->name);
        if (axes_field) {
            const uint32_t *axes = dmlp__desc_axes(desc->Desc, axes_field);
            CHECK(dmlp__desc_uint(desc->Desc, count_field) == 1 && axes && axes[0] == 0,
                  "%s: axes read back", d->name);
        }

        dmlp_operator *op = NULL;
        CHECK_STATUS(dmlp_operator_create(device, desc, 0, &op), DMLP_OK);
        _Alignas(8) unsigned char buffer[384] = {0};
        /* the main input at 0 (the output may be bound onto it), the others at 256 */
        dmlp_buffer_binding a[DMLP__MAX_INPUTS];
        for (uint32_t k = 0; k < DMLP__MAX_INPUTS; k++)
            a[k] = k == main ? (dmlp_buffer_binding){buffer, 0, 128}
                             : (dmlp_buffer_binding){buffer, 256, 128};
        dmlp_buffer_binding b = {buffer, 0, 128}, c = {buffer, 128, 128};
        dmlp_status in_place = dmlp_operator_execute(op, count, a, 1, &b);
        CHECK_EQ_U64(in_place, d->in_place ? DMLP_OK : DMLP_ERROR_INVALID_ARGUMENT,
                     "%s: in place as the registry says", d->name);
        if (!d->in_place)
            CHECK_CONTAINS(dmlp_last_error(), d->not_in_place);
        CHECK_STATUS(dmlp_operator_execute(op, count, a, 1, &c), DMLP_OK);
        dmlp_operator_destroy(op);
    }
}

/* Every type an operator accepts (with the extensions, at the highest level) has a
   reference kernel: nothing validated can lack one. An operator along axes has none:
   its rows run one evaluation (numeric/softmax_row.h) for every float type. */
static void check_kernels(void)
{
    for (uint32_t i = 0; i < dmlp__op_count(); i++) {
        const dmlp__op_def *d = dmlp__op_at(i);
        dmlp__support s;
        if (!dmlp__support_get(d->type, DMLP__FEATURE_LEVEL_HIGHEST, true, &s))
            continue;
        if (dmlp__op_rows(d, NULL, NULL)) {
            CHECK(dmlp__reference_kernel(d->type, DML_TENSOR_DATA_TYPE_FLOAT32) == NULL,
                  "%s: rows only", d->name);
            continue;
        }
        for (uint32_t t = 0; t < s.type_count; t++) {
            if (dmlp__op_input_count(d) > 2) { /* keyed by the output's type too */
                DML_TENSOR_DATA_TYPE outs[DMLP__SUPPORT_MAX_OUTPUT_TYPES] = {
                    d->output_type == DML_TENSOR_DATA_TYPE_UNKNOWN ? s.input_types[t]
                                                                   : d->output_type};
                uint32_t out_count = s.output_type_count ? s.output_type_count : 1;
                for (uint32_t u = 0; u < s.output_type_count; u++)
                    outs[u] = s.output_types[u];
                for (uint32_t u = 0; u < out_count; u++)
                    CHECK(dmlp__nary_reference_kernel(d->type, s.input_types[t], outs[u]) != NULL,
                          "%s: a reference kernel for type %d to %d", d->name,
                          (int)s.input_types[t], (int)outs[u]);
                continue;
            }
            if (d->output_type != DMLP__OUTPUT_LISTED) {
                DML_TENSOR_DATA_TYPE out_type = d->output_type == DML_TENSOR_DATA_TYPE_UNKNOWN
                                                    ? s.input_types[t]
                                                    : d->output_type;
                CHECK(dmlp__op_input_count(d) > 2
                          ? dmlp__nary_reference_kernel(d->type, s.input_types[t], out_type) !=
                                NULL
                      : dmlp__op_input_count(d) == 2
                          ? dmlp__binary_reference_kernel(d->type, s.input_types[t]) != NULL
                          : dmlp__reference_kernel(d->type, s.input_types[t]) != NULL,
                      "%s: a reference kernel for type %d", d->name, (int)s.input_types[t]);
                continue;
            }
            /* a conversion: a kernel for every output type of the row too */
            for (uint32_t u = 0; u < s.type_count; u++)
                CHECK(dmlp__convert_kernel(d->type, s.input_types[t], s.input_types[u]).fn !=
                          NULL,
                      "%s: a kernel from type %d to type %d", d->name, (int)s.input_types[t],
                      (int)s.input_types[u]);
        }
    }
}

int main(void)
{
    check_names();
    check_layouts();
    check_kernels();
    dmlp_device_desc dd = {DMLP__FEATURE_LEVEL_HIGHEST, 1, DMLP_DEVICE_FLAG_EXTENSIONS};
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(&dd, &device), DMLP_OK);
    if (device)
        check_build_and_run(device);
    dmlp_device_destroy(device);
    return test_finish("test_registry");
}
