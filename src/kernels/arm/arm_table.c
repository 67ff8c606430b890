/* The aarch64 fast kernels as a dispatch table: every row of kernel_list.inc whose ARM
   column is YES has a NEON kernel (vector_kernels.inc, compiled by neon.c).
   kernels/arch_table.inc builds the tables from the rows as this file expands them. Also
   the kernel level from the CPU's features. */
#include "kernels/arch_kernels.h"
#include "kernels/softmax_lanes.h"
#include "platform/cpu.h"

#define WHEN_YES(...) __VA_ARGS__
#define WHEN_NO(...)
#define DMLP__KERNEL_ROW(op, type, name, in_bytes, out_bytes, x86, arm)                     \
    WHEN_##arm(KERNEL(op, type, DMLP__ISA_NEON, dmlp__##name##__neon))

/* The two-input rows whose ARM column is YES (f32 and f64 arithmetic). */
#define DMLP__BINARY_KERNEL_ROW(op, type, name, bytes, x86, arm)                            \
    WHEN_##arm(BKERNEL(op, type, DMLP__ISA_NEON, dmlp__##name##__neon))

/* The N-input rows whose ARM column is YES. */
#define DMLP__NARY_KERNEL_ROW(op, type, out_type, name, x86, arm)                           \
    WHEN_##arm(NKERNEL(op, type, out_type, DMLP__ISA_NEON, dmlp__##name##__neon))

/* The chain kernels whose ARM column is YES. */
#define DMLP__CHAIN_KERNEL_ROW(type, name, bytes, x86, arm)                                 \
    WHEN_##arm(CKERNEL(type, DMLP__ISA_NEON, dmlp__##name##__neon))

#include "kernels/arch_table.inc"

dmlp__isa dmlp__arch_isa(void)
{
    return (dmlp__cpu_features() & DMLP__CPU_ARM_NEON) ? DMLP__ISA_NEON : DMLP__ISA_SCALAR;
}

/* NEON's Softsign kernels divide (neon.c does not define HAS_FMA's vocabulary). */
int dmlp__softsign_has_recip(dmlp__isa isa)
{
    (void)isa;
    return 0;
}

/* NEON has no gathers: its 16-bit tables are read by the scalar loop. */
int dmlp__table16_has_gather(dmlp__isa isa)
{
    (void)isa;
    return 0;
}

extern const dmlp__softmax_lanes dmlp__softmax_lanes__neon;

const dmlp__softmax_lanes *dmlp__softmax_lanes_select(dmlp__isa max_isa)
{
    return max_isa >= DMLP__ISA_NEON && dmlp__arch_isa() == DMLP__ISA_NEON
               ? &dmlp__softmax_lanes__neon
               : NULL;
}
