/* The aarch64 fast kernels as a dispatch table: every row of kernel_list.inc whose ARM
   column is YES has a NEON kernel (vector_kernels.inc, compiled by neon.c). The list is
   read twice: once for the prototypes, once for the table. Also the kernel level from the
   CPU's features. */
#include "kernels/arch_kernels.h"
#include "platform/cpu.h"

#define WHEN_YES(...) __VA_ARGS__
#define WHEN_NO(...)
#define DMLP__KERNEL_ROW(op, type, name, in_bytes, out_bytes, x86, arm)                     \
    WHEN_##arm(KERNEL(op, type, DMLP__ISA_NEON, dmlp__##name##__neon))

#define KERNEL(op, type, isa, function)                                                     \
    void function(size_t n, const void *in, void *out, const dmlp__kernel_args *args);
#include "kernels/kernel_list.inc"
#undef KERNEL

const dmlp__kernel_entry dmlp__arch_kernels[] = {
#define KERNEL(op, type, isa, function) {op, type, {function, isa, #function}},
#include "kernels/kernel_list.inc"
#undef KERNEL
    /* Sentinel, so the table is never empty; the count leaves it out. */
    {DML_OPERATOR_INVALID, DML_TENSOR_DATA_TYPE_UNKNOWN, {0, DMLP__ISA_SCALAR, 0}},
};
const size_t dmlp__arch_kernel_count =
    sizeof dmlp__arch_kernels / sizeof dmlp__arch_kernels[0] - 1;

/* No fast two-input kernels on aarch64 yet (binary_kernel_list.inc's ARM column). */
const dmlp__binary_kernel_entry dmlp__arch_binary_kernels[] = {
    {DML_OPERATOR_INVALID, DML_TENSOR_DATA_TYPE_UNKNOWN, {0, DMLP__ISA_SCALAR, 0}},
};
const size_t dmlp__arch_binary_kernel_count = 0;

dmlp__isa dmlp__arch_isa(void)
{
    return (dmlp__cpu_features() & DMLP__CPU_ARM_NEON) ? DMLP__ISA_NEON : DMLP__ISA_SCALAR;
}
