/* The x86-64 fast kernels as a dispatch table: x86_kernel_list.inc, read twice (once for
   the prototypes, once for the table), and the kernel level from the CPU's features. */
#include "kernels/arch_kernels.h"
#include "platform/cpu.h"

#define DMLP__KERNEL(op, type, isa, function)                                               \
    void function(size_t n, const void *in, void *out, const dmlp__kernel_args *args);
#include "kernels/x86/x86_kernel_list.inc"
#undef DMLP__KERNEL

const dmlp__kernel_entry dmlp__arch_kernels[] = {
#define DMLP__KERNEL(op, type, isa, function) {op, type, {function, isa, #function}},
#include "kernels/x86/x86_kernel_list.inc"
#undef DMLP__KERNEL
};
const size_t dmlp__arch_kernel_count = sizeof dmlp__arch_kernels / sizeof dmlp__arch_kernels[0];

dmlp__isa dmlp__arch_isa(void)
{
    uint32_t features = dmlp__cpu_features();
    if (features & DMLP__CPU_X86_AVX512)
        return DMLP__ISA_AVX512;
    if (features & DMLP__CPU_X86_AVX2)
        return DMLP__ISA_AVX2;
    return DMLP__ISA_SSE2;
}
