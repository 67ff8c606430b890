/* The x86-64 fast kernels as a dispatch table: every row of kernel_list.inc whose X86
   column is YES has an AVX-512, an AVX2 and an SSE2 kernel (vector_kernels.inc, compiled by
   x86_avx512.c, x86_avx2.c and x86_sse2.c), best first; so has every YES row of
   binary_kernel_list.inc. kernels/arch_table.inc builds the tables from the rows as this
   file expands them. Also the kernel level from the CPU's features. */
#include "kernels/arch_kernels.h"
#include "kernels/softmax_lanes.h"
#include "platform/cpu.h"

#define WHEN_YES(...) __VA_ARGS__
#define WHEN_NO(...)
#define X86_ALL(op, type, name)                                                             \
    KERNEL(op, type, DMLP__ISA_AVX512, dmlp__##name##__avx512)                              \
    KERNEL(op, type, DMLP__ISA_AVX2, dmlp__##name##__avx2)                                  \
    KERNEL(op, type, DMLP__ISA_SSE2, dmlp__##name##__sse2)
#define DMLP__KERNEL_ROW(op, type, name, in_bytes, out_bytes, x86, arm)                     \
    WHEN_##x86(X86_ALL(op, type, name))

/* The two-input kernels: every row of binary_kernel_list.inc whose X86 column is YES. */
#define BINARY_X86_ALL(op, type, name)                                                      \
    BKERNEL(op, type, DMLP__ISA_AVX512, dmlp__##name##__avx512)                             \
    BKERNEL(op, type, DMLP__ISA_AVX2, dmlp__##name##__avx2)                                 \
    BKERNEL(op, type, DMLP__ISA_SSE2, dmlp__##name##__sse2)
#define DMLP__BINARY_KERNEL_ROW(op, type, name, bytes, x86, arm)                            \
    WHEN_##x86(BINARY_X86_ALL(op, type, name))

/* The N-input kernels: every row of nary_kernel_list.inc whose X86 column is YES. */
#define NARY_X86_ALL(op, type, out_type, name)                                              \
    NKERNEL(op, type, out_type, DMLP__ISA_AVX512, dmlp__##name##__avx512)                   \
    NKERNEL(op, type, out_type, DMLP__ISA_AVX2, dmlp__##name##__avx2)                       \
    NKERNEL(op, type, out_type, DMLP__ISA_SSE2, dmlp__##name##__sse2)
#define DMLP__NARY_KERNEL_ROW(op, type, out_type, name, x86, arm)                           \
    WHEN_##x86(NARY_X86_ALL(op, type, out_type, name))

/* The chain kernels: every row of chain_kernel_list.inc whose X86 column is YES. */
#define CHAIN_X86_ALL(type, name)                                                           \
    CKERNEL(type, DMLP__ISA_AVX512, dmlp__##name##__avx512)                                 \
    CKERNEL(type, DMLP__ISA_AVX2, dmlp__##name##__avx2)                                     \
    CKERNEL(type, DMLP__ISA_SSE2, dmlp__##name##__sse2)
#define DMLP__CHAIN_KERNEL_ROW(type, name, bytes, x86, arm) WHEN_##x86(CHAIN_X86_ALL(type, name))

#include "kernels/arch_table.inc"

dmlp__isa dmlp__arch_isa(void)
{
    uint32_t features = dmlp__cpu_features();
    if (features & DMLP__CPU_X86_AVX512)
        return DMLP__ISA_AVX512;
    if (features & DMLP__CPU_X86_AVX2)
        return DMLP__ISA_AVX2;
    return DMLP__ISA_SSE2;
}

/* AVX2 and AVX-512 have FMA, so their Softsign kernels have the reciprocal form
   (vector_kernels.inc with HAS_FMA); SSE2 divides. */
int dmlp__softsign_has_recip(dmlp__isa isa)
{
    return isa == DMLP__ISA_AVX2 || isa == DMLP__ISA_AVX512;
}

/* AVX2 and AVX-512 have vpgatherdd (HAS_TABLE16_GATHER). */
int dmlp__table16_has_gather(dmlp__isa isa)
{
    return isa == DMLP__ISA_AVX2 || isa == DMLP__ISA_AVX512;
}

extern const dmlp__softmax_lanes dmlp__softmax_lanes__avx512, dmlp__softmax_lanes__avx2,
    dmlp__softmax_lanes__sse2;

const dmlp__softmax_lanes *dmlp__softmax_lanes_select(dmlp__isa max_isa)
{
    dmlp__isa isa = dmlp__arch_isa();
    switch (max_isa < isa ? max_isa : isa) {
    case DMLP__ISA_AVX512:
        return &dmlp__softmax_lanes__avx512;
    case DMLP__ISA_AVX2:
        return &dmlp__softmax_lanes__avx2;
    case DMLP__ISA_SSE2:
        return &dmlp__softmax_lanes__sse2;
    default:
        return NULL;
    }
}
