/* The x86-64 fast kernels as a dispatch table: every row of kernel_list.inc whose X86
   column is YES has an AVX-512, an AVX2 and an SSE2 kernel (vector_kernels.inc, compiled by
   x86_avx512.c, x86_avx2.c and x86_sse2.c), best first. The list is read twice: once for
   the prototypes, once for the table. Also the kernel level from the CPU's features. */
#include "kernels/arch_kernels.h"
#include "platform/cpu.h"

#define WHEN_YES(...) __VA_ARGS__
#define WHEN_NO(...)
#define X86_ALL(op, type, name)                                                             \
    KERNEL(op, type, DMLP__ISA_AVX512, dmlp__##name##__avx512)                              \
    KERNEL(op, type, DMLP__ISA_AVX2, dmlp__##name##__avx2)                                  \
    KERNEL(op, type, DMLP__ISA_SSE2, dmlp__##name##__sse2)
#define DMLP__KERNEL_ROW(op, type, name, in_bytes, out_bytes, x86, arm)                     \
    WHEN_##x86(X86_ALL(op, type, name))

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

/* The two-input kernels: every row of binary_kernel_list.inc whose X86 column is YES. */
#define BINARY_X86_ALL(op, type, name)                                                      \
    BKERNEL(op, type, DMLP__ISA_AVX512, dmlp__##name##__avx512)                             \
    BKERNEL(op, type, DMLP__ISA_AVX2, dmlp__##name##__avx2)                                 \
    BKERNEL(op, type, DMLP__ISA_SSE2, dmlp__##name##__sse2)
#define DMLP__BINARY_KERNEL_ROW(op, type, name, bytes, x86, arm)                            \
    WHEN_##x86(BINARY_X86_ALL(op, type, name))

#define BKERNEL(op, type, isa, function)                                                    \
    void function(size_t n, const void *a, const void *b, void *out, uint32_t scalar,       \
                  const dmlp__kernel_args *args);
#include "kernels/binary_kernel_list.inc"
#undef BKERNEL

const dmlp__binary_kernel_entry dmlp__arch_binary_kernels[] = {
#define BKERNEL(op, type, isa, function) {op, type, {function, isa, #function}},
#include "kernels/binary_kernel_list.inc"
#undef BKERNEL
    {DML_OPERATOR_INVALID, DML_TENSOR_DATA_TYPE_UNKNOWN, {0, DMLP__ISA_SCALAR, 0}},
};
const size_t dmlp__arch_binary_kernel_count =
    sizeof dmlp__arch_binary_kernels / sizeof dmlp__arch_binary_kernels[0] - 1;

dmlp__isa dmlp__arch_isa(void)
{
    uint32_t features = dmlp__cpu_features();
    if (features & DMLP__CPU_X86_AVX512)
        return DMLP__ISA_AVX512;
    if (features & DMLP__CPU_X86_AVX2)
        return DMLP__ISA_AVX2;
    return DMLP__ISA_SSE2;
}
