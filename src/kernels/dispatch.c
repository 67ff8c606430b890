/* Kernel dispatch as data: the processor family's table of fast kernels
   (arch_kernels.h; on x86-64 src/kernels/x86/x86_table.c), best first within each
   op x type, then the reference kernel, looked up in kernel_list.inc, as the last resort. */
#include <string.h>

#include "kernels/arch_kernels.h"
#include "kernels/kernels.h"

#define DMLP__KERNEL_ROW(op, type, name, in_bytes, out_bytes, x86, arm)                     \
    void dmlp__##name##__reference(size_t n, const void *in, void *out,                     \
                                   const dmlp__kernel_args *args);
#define DMLP__CONVERT_ROW(op, in_type, out_type, name, in_bytes, out_bytes, x86, arm)       \
    DMLP__KERNEL_ROW(op, in_type, name, in_bytes, out_bytes, x86, arm)
#include "kernels/kernel_list.inc"
#undef DMLP__KERNEL_ROW
#undef DMLP__CONVERT_ROW

static const dmlp__kernel_entry references[] = {
#define DMLP__KERNEL_ROW(op, type, name, in_bytes, out_bytes, x86, arm)                     \
    {op, type, {dmlp__##name##__reference, DMLP__ISA_SCALAR, #name "__reference"}},
#include "kernels/kernel_list.inc"
#undef DMLP__KERNEL_ROW
};

#define REFERENCE_COUNT (sizeof references / sizeof references[0])

/* The conversions, keyed by both types. */
static const struct {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE in_type, out_type;
    dmlp__kernel_choice choice;
} conversions[] = {
#define DMLP__KERNEL_ROW(op, type, name, in_bytes, out_bytes, x86, arm)
#define DMLP__CONVERT_ROW(op, in_type, out_type, name, in_bytes, out_bytes, x86, arm)       \
    {op, in_type, out_type, {dmlp__##name##__reference, DMLP__ISA_SCALAR, #name "__reference"}},
#include "kernels/kernel_list.inc"
#undef DMLP__KERNEL_ROW
#undef DMLP__CONVERT_ROW
};

dmlp__kernel_choice dmlp__convert_kernel(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE in_type,
                                         DML_TENSOR_DATA_TYPE out_type)
{
    for (size_t i = 0; i < sizeof conversions / sizeof conversions[0]; i++)
        if (conversions[i].op == op && conversions[i].in_type == in_type &&
            conversions[i].out_type == out_type)
            return conversions[i].choice;
    dmlp__kernel_choice none = {0, DMLP__ISA_SCALAR, 0};
    return none;
}

/* "dmlp__f32_softsign__avx512" is listed as "f32_softsign__avx512", like the references. */
static dmlp__kernel_choice listed(dmlp__kernel_choice c)
{
    if (c.name && strncmp(c.name, "dmlp__", 6) == 0)
        c.name += 6;
    return c;
}

static dmlp__kernel_choice reference_choice(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type)
{
    for (size_t i = 0; i < REFERENCE_COUNT; i++)
        if (references[i].op == op && references[i].type == type)
            return references[i].choice;
    dmlp__kernel_choice none = {0, DMLP__ISA_SCALAR, 0};
    return none;
}

dmlp__unary_kernel dmlp__reference_kernel(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type)
{
    return reference_choice(op, type).fn;
}

dmlp__kernel_choice dmlp__kernel_select(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                                        dmlp__isa max_isa)
{
    dmlp__isa cpu = dmlp__isa_detect();
    dmlp__isa limit = max_isa < cpu ? max_isa : cpu;
    for (size_t i = 0; i < dmlp__arch_kernel_count; i++) {
        const dmlp__kernel_entry *e = &dmlp__arch_kernels[i];
        if (e->op == op && e->type == type && e->choice.isa <= limit)
            return listed(e->choice);
    }
    return reference_choice(op, type);
}

size_t dmlp__kernel_variants(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                             dmlp__kernel_choice *out, size_t capacity)
{
    size_t count = 0;
    for (size_t i = 0; i < dmlp__arch_kernel_count && count < capacity; i++) {
        if (dmlp__arch_kernels[i].op == op && dmlp__arch_kernels[i].type == type)
            out[count++] = listed(dmlp__arch_kernels[i].choice);
    }
    dmlp__kernel_choice reference = reference_choice(op, type);
    if (reference.fn && count < capacity)
        out[count++] = reference;
    return count;
}

/* ---- chain kernels (chain_kernel_list.inc): fast ones only ----------------------------- */

dmlp__kernel_choice dmlp__chain_kernel_select(DML_TENSOR_DATA_TYPE type, dmlp__isa max_isa)
{
    dmlp__isa cpu = dmlp__isa_detect();
    dmlp__isa limit = max_isa < cpu ? max_isa : cpu;
    for (size_t i = 0; i < dmlp__arch_chain_kernel_count; i++) {
        const dmlp__kernel_entry *e = &dmlp__arch_chain_kernels[i];
        if (e->type == type && e->choice.isa <= limit)
            return listed(e->choice);
    }
    dmlp__kernel_choice none = {0, DMLP__ISA_SCALAR, 0};
    return none;
}

size_t dmlp__chain_kernel_variants(DML_TENSOR_DATA_TYPE type, dmlp__kernel_choice *out,
                                   size_t capacity)
{
    size_t count = 0;
    for (size_t i = 0; i < dmlp__arch_chain_kernel_count && count < capacity; i++)
        if (dmlp__arch_chain_kernels[i].type == type)
            out[count++] = listed(dmlp__arch_chain_kernels[i].choice);
    return count;
}

/* ---- two-input kernels (binary_kernel_list.inc) ------------------------------------- */

#define DMLP__BINARY_KERNEL_ROW(op, type, name, bytes, x86, arm)                            \
    void dmlp__##name##__reference(size_t n, const void *a, const void *b, void *out,       \
                                   uint32_t scalar, const dmlp__kernel_args *args);
#include "kernels/binary_kernel_list.inc"
#undef DMLP__BINARY_KERNEL_ROW

static const struct {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    dmlp__binary_kernel_choice choice;
} binary_references[] = {
#define DMLP__BINARY_KERNEL_ROW(op, type, name, bytes, x86, arm)                            \
    {op, type, {dmlp__##name##__reference, DMLP__ISA_SCALAR, #name "__reference"}},
#include "kernels/binary_kernel_list.inc"
#undef DMLP__BINARY_KERNEL_ROW
};

static dmlp__binary_kernel_choice binary_reference_choice(DML_OPERATOR_TYPE op,
                                                          DML_TENSOR_DATA_TYPE type)
{
    for (size_t i = 0; i < sizeof binary_references / sizeof binary_references[0]; i++)
        if (binary_references[i].op == op && binary_references[i].type == type)
            return binary_references[i].choice;
    dmlp__binary_kernel_choice none = {0, DMLP__ISA_SCALAR, 0};
    return none;
}

dmlp__binary_kernel dmlp__binary_reference_kernel(DML_OPERATOR_TYPE op,
                                                  DML_TENSOR_DATA_TYPE type)
{
    return binary_reference_choice(op, type).fn;
}

dmlp__binary_kernel_choice dmlp__binary_kernel_select(DML_OPERATOR_TYPE op,
                                                      DML_TENSOR_DATA_TYPE type,
                                                      dmlp__isa max_isa)
{
    dmlp__isa cpu = dmlp__isa_detect();
    dmlp__isa limit = max_isa < cpu ? max_isa : cpu;
    for (size_t i = 0; i < dmlp__arch_binary_kernel_count; i++) {
        const dmlp__binary_kernel_entry *e = &dmlp__arch_binary_kernels[i];
        if (e->op == op && e->type == type && e->choice.isa <= limit) {
            dmlp__binary_kernel_choice c = e->choice;
            if (c.name && strncmp(c.name, "dmlp__", 6) == 0)
                c.name += 6;
            return c;
        }
    }
    return binary_reference_choice(op, type);
}

size_t dmlp__binary_kernel_variants(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                                    dmlp__binary_kernel_choice *out, size_t capacity)
{
    size_t count = 0;
    for (size_t i = 0; i < dmlp__arch_binary_kernel_count && count < capacity; i++)
        if (dmlp__arch_binary_kernels[i].op == op && dmlp__arch_binary_kernels[i].type == type) {
            out[count] = dmlp__arch_binary_kernels[i].choice;
            if (out[count].name && strncmp(out[count].name, "dmlp__", 6) == 0)
                out[count].name += 6;
            count++;
        }
    dmlp__binary_kernel_choice reference = binary_reference_choice(op, type);
    if (reference.fn && count < capacity)
        out[count++] = reference;
    return count;
}

/* ---- N-input kernels (nary_kernel_list.inc) ------------------------------------------ */

#define DMLP__NARY_KERNEL_ROW(op, type, out_type, name, x86, arm)                           \
    void dmlp__##name##__reference(size_t n, const void *const *in, void *out,              \
                                   uint32_t scalar, const dmlp__kernel_args *args);
#include "kernels/nary_kernel_list.inc"
#undef DMLP__NARY_KERNEL_ROW

static const struct {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type, out_type;
    dmlp__nary_kernel_choice choice;
} nary_references[] = {
#define DMLP__NARY_KERNEL_ROW(op, type, out_type, name, x86, arm)                           \
    {op, type, out_type, {dmlp__##name##__reference, DMLP__ISA_SCALAR, #name "__reference"}},
#include "kernels/nary_kernel_list.inc"
#undef DMLP__NARY_KERNEL_ROW
    {DML_OPERATOR_INVALID, DML_TENSOR_DATA_TYPE_UNKNOWN, DML_TENSOR_DATA_TYPE_UNKNOWN,
     {0, DMLP__ISA_SCALAR, 0}},
};

static dmlp__nary_kernel_choice nary_reference_choice(DML_OPERATOR_TYPE op,
                                                      DML_TENSOR_DATA_TYPE type,
                                                      DML_TENSOR_DATA_TYPE out_type)
{
    for (size_t i = 0; i + 1 < sizeof nary_references / sizeof nary_references[0]; i++)
        if (nary_references[i].op == op && nary_references[i].type == type &&
            nary_references[i].out_type == out_type)
            return nary_references[i].choice;
    dmlp__nary_kernel_choice none = {0, DMLP__ISA_SCALAR, 0};
    return none;
}

dmlp__nary_kernel dmlp__nary_reference_kernel(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                                              DML_TENSOR_DATA_TYPE out_type)
{
    return nary_reference_choice(op, type, out_type).fn;
}

static dmlp__nary_kernel_choice nary_listed(dmlp__nary_kernel_choice c)
{
    if (c.name && strncmp(c.name, "dmlp__", 6) == 0)
        c.name += 6;
    return c;
}

dmlp__nary_kernel_choice dmlp__nary_kernel_select(DML_OPERATOR_TYPE op,
                                                  DML_TENSOR_DATA_TYPE type,
                                                  DML_TENSOR_DATA_TYPE out_type,
                                                  dmlp__isa max_isa)
{
    dmlp__isa cpu = dmlp__isa_detect();
    dmlp__isa limit = max_isa < cpu ? max_isa : cpu;
    for (size_t i = 0; i < dmlp__arch_nary_kernel_count; i++) {
        const dmlp__nary_kernel_entry *e = &dmlp__arch_nary_kernels[i];
        if (e->op == op && e->type == type && e->out_type == out_type && e->choice.isa <= limit)
            return nary_listed(e->choice);
    }
    return nary_reference_choice(op, type, out_type);
}

size_t dmlp__nary_kernel_variants(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                                  DML_TENSOR_DATA_TYPE out_type, dmlp__nary_kernel_choice *out,
                                  size_t capacity)
{
    size_t count = 0;
    for (size_t i = 0; i < dmlp__arch_nary_kernel_count && count < capacity; i++) {
        const dmlp__nary_kernel_entry *e = &dmlp__arch_nary_kernels[i];
        if (e->op == op && e->type == type && e->out_type == out_type)
            out[count++] = nary_listed(e->choice);
    }
    dmlp__nary_kernel_choice reference = nary_reference_choice(op, type, out_type);
    if (reference.fn && count < capacity)
        out[count++] = reference;
    return count;
}
