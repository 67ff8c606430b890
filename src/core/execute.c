/* dmlp_operator_execute: the binding rules (docs/validation.md), then the plan. Every check runs
   before the first byte is read or written. */
#include <inttypes.h>
#include <stdint.h>

#include "core/error.h"
#include "core/operator.h"

/* Checks one binding against its tensor; on success *start is the tensor's first byte. */
static dmlp_status check_binding(const dmlp_operator *op, const char *tensor,
                                 const dmlp__tensor *t, const dmlp_buffer_binding *b,
                                 uintptr_t *start)
{
    if (!b->buffer)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: %s binding buffer is NULL; it must point to host memory",
                           op->name, tensor);
    uintptr_t base = (uintptr_t)b->buffer;
    if (b->offset > (uint64_t)(UINTPTR_MAX - base))
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: %s binding offset is %" PRIu64 " from buffer 0x%" PRIxPTR
                           "; buffer + offset wraps around the address space",
                           op->name, tensor, b->offset, base);
    uintptr_t first = base + (uintptr_t)b->offset;
    if (b->size_in_bytes < t->total_bytes)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: %s binding size_in_bytes is %" PRIu64
                           "; it must hold TotalTensorSizeInBytes (%" PRIu64 ")",
                           op->name, tensor, b->size_in_bytes, t->total_bytes);
    if (b->size_in_bytes > (uint64_t)(UINTPTR_MAX - first))
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: %s binding range is [0x%" PRIxPTR ", +%" PRIu64
                           "); it wraps around the address space, and a binding must not wrap",
                           op->name, tensor, first, b->size_in_bytes);
    if (t->alignment != 0 && first % t->alignment != 0)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: %s binding address (buffer + offset) is 0x%" PRIxPTR
                           "; GuaranteedBaseOffsetAlignment promises a multiple of %u",
                           op->name, tensor, first, t->alignment);
    *start = first;
    return DMLP_OK;
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
    if (input_count != 1)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: input_count is %u; it must be 1 (InputTensor)", op->name,
                           input_count);
    if (output_count != 1)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: output_count is %u; it must be 1 (OutputTensor)", op->name,
                           output_count);
    if (!inputs)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: inputs is NULL; it must point to 1 binding (InputTensor)",
                           op->name);
    if (!outputs)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: outputs is NULL; it must point to 1 binding (OutputTensor)",
                           op->name);

    const dmlp__tensor *in = &op->info.input;
    const dmlp__tensor *out = &op->info.output;
    uintptr_t in_first = 0, out_first = 0;
    dmlp_status status = check_binding(op, "InputTensor", in, &inputs[0], &in_first);
    if (status != DMLP_OK)
        return status;
    status = check_binding(op, "OutputTensor", out, &outputs[0], &out_first);
    if (status != DMLP_OK)
        return status;

    /* Ranges that only touch are disjoint; anything else is exact in-place or refused. */
    uintptr_t in_end = in_first + (uintptr_t)in->total_bytes;
    uintptr_t out_end = out_first + (uintptr_t)out->total_bytes;
    if (in_first < out_end && out_first < in_end) {
        bool exact = op->in_place_ok && in_first == out_first;
        if (!exact)
            return dmlp__error(
                DMLP_ERROR_INVALID_ARGUMENT,
                "%s: OutputTensor binding range is [0x%" PRIxPTR ",0x%" PRIxPTR
                "); it overlaps the InputTensor binding range [0x%" PRIxPTR ",0x%" PRIxPTR
                "), and %s",
                op->name, out_first, out_end, in_first, in_end,
                !op->def->in_place ? op->def->not_in_place
                                   : "only exact in-place execution (same start, size and "
                                     "strides) is allowed");
    }

    *in_first_byte = (const unsigned char *)inputs[0].buffer + inputs[0].offset;
    *out_first_byte = (unsigned char *)outputs[0].buffer + outputs[0].offset;
    return DMLP_OK;
}

dmlp_status dmlp_operator_execute(dmlp_operator *op, uint32_t input_count,
                                  const dmlp_buffer_binding *inputs, uint32_t output_count,
                                  const dmlp_buffer_binding *outputs)
{
    const void *src = NULL;
    void *dst = NULL;
    dmlp_status status = dmlp__operator_check_bindings(op, input_count, inputs, output_count,
                                                       outputs, &src, &dst);
    if (status != DMLP_OK)
        return status;
    dmlp__plan_run(&op->plan, op->device->pool, src, dst);
    return DMLP_OK;
}
