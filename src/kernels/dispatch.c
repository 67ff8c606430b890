/* Kernel dispatch as data: simd_kernels.inc lists the fast kernels, one line each,
   DMLP__KERNEL(op, type, isa, function) with the full enum names, e.g.
   DMLP__KERNEL(DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_TENSOR_DATA_TYPE_FLOAT32,
                DMLP__ISA_AVX512, dmlp__f32_softsign__avx512)
   best first within each op x type. The list is read twice: once for the prototypes,
   once for the table. The reference kernel is always the last resort. */
#include <string.h>

#include "kernels/kernels.h"
#include "kernels/reference.h"

#define DMLP__KERNEL(op, type, isa, function)                                               \
    void function(size_t n, const void *in, void *out, const dmlp__kernel_args *args);
#include "kernels/simd_kernels.inc"
#undef DMLP__KERNEL

typedef struct table_entry {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    dmlp__kernel_choice choice;
} table_entry;

static const table_entry table[] = {
#define DMLP__KERNEL(op, type, isa, function) {op, type, {function, isa, #function}},
#include "kernels/simd_kernels.inc"
#undef DMLP__KERNEL
    /* Sentinel, so the table is never empty; matches no operator. */
    {DML_OPERATOR_INVALID, DML_TENSOR_DATA_TYPE_UNKNOWN, {0, DMLP__ISA_SCALAR, 0}},
};

static const size_t table_count = sizeof table / sizeof table[0] - 1;

/* "dmlp__f32_softsign__avx512" is listed as "f32_softsign__avx512", like the references. */
static dmlp__kernel_choice listed(dmlp__kernel_choice c)
{
    if (c.name && strncmp(c.name, "dmlp__", 6) == 0)
        c.name += 6;
    return c;
}

static dmlp__kernel_choice reference_choice(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type)
{
    switch (op) {
    case DML_OPERATOR_ELEMENT_WISE_SIGN: return dmlp__reference_sign(type);
    case DML_OPERATOR_ACTIVATION_SOFTSIGN: return dmlp__reference_softsign(type);
    case DML_OPERATOR_ELEMENT_WISE_IS_INFINITY: return dmlp__reference_isinf(type);
    default: break;
    }
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
    for (size_t i = 0; i < table_count; i++) {
        const table_entry *e = &table[i];
        if (e->op == op && e->type == type && e->choice.isa <= limit)
            return listed(e->choice);
    }
    return reference_choice(op, type);
}

size_t dmlp__kernel_variants(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                             dmlp__kernel_choice *out, size_t capacity)
{
    size_t count = 0;
    for (size_t i = 0; i < table_count && count < capacity; i++) {
        if (table[i].op == op && table[i].type == type)
            out[count++] = listed(table[i].choice);
    }
    dmlp__kernel_choice reference = reference_choice(op, type);
    if (reference.fn && count < capacity)
        out[count++] = reference;
    return count;
}
