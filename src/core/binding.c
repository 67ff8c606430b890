/* One binding against its tensor (binding.h): the rule operators and graphs share. */
#include "core/binding.h"

#include <inttypes.h>
#include <stdint.h>

#include "core/error.h"

dmlp_status dmlp__check_binding(const char *op_name, const char *tensor,
                                const dmlp__tensor *t, const dmlp_buffer_binding *b,
                                uintptr_t *start)
{
    if (!b->buffer)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: %s binding buffer is NULL; it must point to host memory",
                           op_name, tensor);
    uintptr_t base = (uintptr_t)b->buffer;
    if (b->offset > (uint64_t)(UINTPTR_MAX - base))
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: %s binding offset is %" PRIu64 " from buffer 0x%" PRIxPTR
                           "; buffer + offset wraps around the address space",
                           op_name, tensor, b->offset, base);
    uintptr_t first = base + (uintptr_t)b->offset;
    if (b->size_in_bytes < t->total_bytes)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: %s binding size_in_bytes is %" PRIu64
                           "; it must hold TotalTensorSizeInBytes (%" PRIu64 ")",
                           op_name, tensor, b->size_in_bytes, t->total_bytes);
    if (b->size_in_bytes > (uint64_t)(UINTPTR_MAX - first))
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: %s binding range is [0x%" PRIxPTR ", +%" PRIu64
                           "); it wraps around the address space, and a binding must not wrap",
                           op_name, tensor, first, b->size_in_bytes);
    if (t->alignment != 0 && first % t->alignment != 0)
        return dmlp__error(DMLP_ERROR_INVALID_ARGUMENT,
                           "%s: %s binding address (buffer + offset) is 0x%" PRIxPTR
                           "; GuaranteedBaseOffsetAlignment promises a multiple of %u",
                           op_name, tensor, first, t->alignment);
    *start = first;
    return DMLP_OK;
}
