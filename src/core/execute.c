/* dmlp_operator_execute: the binding rules (docs/validation.md), then the plan. Every check runs
   before the first byte is read or written. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#include "core/binding.h"
#include "core/error.h"
#include "core/graph.h"
#include "core/operator.h"
#include "core/registry.h"

/* "1 (InputTensor)" or "2 (ATensor, BTensor)"; with `bindings`, "1 binding (...)". */
static const char *describe_inputs(const dmlp_operator *op, bool bindings, char *text,
                                   size_t capacity)
{
    uint32_t count = op->info.input_count;
    int used = snprintf(text, capacity, "%u%s (", count,
                        !bindings ? "" : count == 1 ? " binding" : " bindings");
    for (uint32_t i = 0; i < count && used >= 0 && (size_t)used < capacity; i++)
        used += snprintf(text + used, capacity - (size_t)used, "%s%s", i ? ", " : "",
                         dmlp__op_input(op->def, i)->name);
    if (used >= 0 && (size_t)used < capacity)
        snprintf(text + used, capacity - (size_t)used, ")");
    return text;
}

dmlp_status dmlp__operator_check_bindings(const dmlp_operator *op, uint32_t input_count,
                                          const dmlp_buffer_binding *inputs,
                                          uint32_t output_count,
                                          const dmlp_buffer_binding *outputs,
                                          const void **in_first_byte, void **out_first_byte)
{
    if (!op)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "dmlp_operator_execute: op is NULL; it must be an operator from "
                           "dmlp_operator_create");
    char wanted[256];
    /* the output's member: OutputTensor, or ReluGrad's and ClipGrad's OutputGradientTensor */
    const char *output = dmlp__op_field(op->def, DMLP__FIELD_OUTPUT)->name;
    if (input_count != op->info.input_count)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT, "%s: input_count is %u; it must be %s",
                           op->name, input_count,
                           describe_inputs(op, false, wanted, sizeof wanted));
    if (output_count != 1)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: output_count is %u; it must be 1 (%s)", op->name,
                           output_count, output);
    if (!inputs)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: inputs is NULL; it must point to %s", op->name,
                           describe_inputs(op, true, wanted, sizeof wanted));
    if (!outputs)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: outputs is NULL; it must point to 1 binding (%s)",
                           op->name, output);

    const dmlp__tensor *out = &op->info.output;
    uintptr_t in_first[DMLP__MAX_INPUTS] = {0}, out_first = 0;
    dmlp_status status;
    for (uint32_t i = 0; i < input_count; i++) {
        const char *name = dmlp__op_input(op->def, i)->name;
        if (op->info.absent >> i & 1u) { /* an optional input left out: no binding */
            if (inputs[i].buffer)
                return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                                   "%s: inputs[%u].buffer (%s) is set; the descriptor's %s is "
                                   "NULL, so its binding must have no buffer",
                                   op->name, i, name, name);
            continue;
        }
        if ((status = dmlp__check_binding(op->name, name, &op->info.inputs[i], &inputs[i],
                                          &in_first[i])) != DMLP_OK)
            return status;
    }
    status = dmlp__check_binding(op->name, output, out, &outputs[0], &out_first);
    if (status != DMLP_OK)
        return status;

    /* Ranges that only touch are disjoint; anything else is exact in-place or refused. */
    uintptr_t out_end = out_first + (uintptr_t)out->total_bytes;
    for (uint32_t i = 0; i < input_count; i++) {
        if (op->info.absent >> i & 1u)
            continue;
        uintptr_t in_end = in_first[i] + (uintptr_t)op->info.inputs[i].total_bytes;
        if (in_first[i] < out_end && out_first < in_end) {
            bool exact = op->in_place_ok[i] && in_first[i] == out_first;
            if (!exact)
                return dmlp__error(
                    DMLP_ERROR_INVALID_ARGUMENT,
                    "%s: %s binding range is [0x%" PRIxPTR ",0x%" PRIxPTR
                    "); it overlaps the %s binding range [0x%" PRIxPTR ",0x%" PRIxPTR
                    "), and %s",
                    op->name, output, out_first, out_end, dmlp__op_input(op->def, i)->name,
                    in_first[i], in_end,
                    !op->def->in_place ? op->def->not_in_place
                                       : "only exact in-place execution (same start, size and "
                                         "strides) is allowed");
        }
    }

    for (uint32_t i = 0; i < input_count; i++)
        in_first_byte[i] = (op->info.absent >> i & 1u)
                               ? NULL
                               : (const unsigned char *)inputs[i].buffer + inputs[i].offset;
    *out_first_byte = (unsigned char *)outputs[0].buffer + outputs[0].offset;
    return DMLP_OK;
}

dmlp_status dmlp_operator_execute(dmlp_operator *op, uint32_t input_count,
                                  const dmlp_buffer_binding *inputs, uint32_t output_count,
                                  const dmlp_buffer_binding *outputs)
{
    if (op && op->graph)
        return dmlp__graph_execute(op, input_count, inputs, output_count, outputs);
    const void *src[DMLP__MAX_INPUTS] = {NULL};
    void *dst = NULL;
    dmlp_status status = dmlp__operator_check_bindings(op, input_count, inputs, output_count,
                                                       outputs, src, &dst);
    if (status != DMLP_OK)
        return status;
    if (op->info.row_axes) {
        dmlp__rows_plan_run(&op->rows, op->device->pool, src[0], dst);
        return DMLP_OK;
    }
    if (op->info.input_count > 2) {
        dmlp__nary_plan_run(&op->nary, op->device->pool, src, dst);
        return DMLP_OK;
    }
    if (op->info.input_count == 2) {
        status = dmlp__binary_plan_check(&op->binary, op->name, src[1]);
        if (status != DMLP_OK)
            return status;
        dmlp__binary_plan_run(&op->binary, op->device->pool, src[0], src[1], dst);
        return DMLP_OK;
    }
    dmlp__plan_run(&op->plan, op->device->pool, src[0], dst);
    return DMLP_OK;
}
