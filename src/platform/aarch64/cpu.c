/* aarch64 on Linux: the kernel level from the kernel's hardware capabilities
   (getauxval(AT_HWCAP)), `yield` in spin-waits, and a barrier after the kernels' stores. */
#include <stdatomic.h>
#include <stdio.h>
#include <sys/auxv.h>

#include "platform/cpu.h"

/* AT_HWCAP bits of the Linux arm64 ABI; glibc's <sys/auxv.h> names them, an older C
   library may not. */
#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD (1ul << 1)
#endif
#ifndef HWCAP_FPHP
#define HWCAP_FPHP (1ul << 9)
#endif
#ifndef HWCAP_ASIMDHP
#define HWCAP_ASIMDHP (1ul << 10)
#endif

uint32_t dmlp__cpu_features(void)
{
    unsigned long hwcap = getauxval(AT_HWCAP);
    uint32_t features = 0;
    if (hwcap & HWCAP_ASIMD)
        features |= DMLP__CPU_ARM_NEON;
    if ((hwcap & HWCAP_FPHP) && (hwcap & HWCAP_ASIMDHP))
        features |= DMLP__CPU_ARM_FP16;
    return features;
}

void dmlp__cpu_relax(void)
{
    __asm__ volatile("yield" ::: "memory");
}

/* The NEON kernels make ordinary stores (src/kernels/arm/neon.c); a release barrier
   orders them before the store that says the work is done. */
void dmlp__stream_fence(void)
{
    atomic_thread_fence(memory_order_release);
}

/* MIDR_EL1 as Linux exposes it (implementer, variant, part, revision): the processor's
   name for the measured choices. */
void dmlp__cpu_model(char *buf, size_t size)
{
    unsigned long long midr = 0;
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1", "r");
    int known = f && fscanf(f, "%llx", &midr) == 1;
    if (f)
        fclose(f);
    if (size) {
        if (known)
            snprintf(buf, size, "aarch64 midr_el1 0x%08llx", midr);
        else
            snprintf(buf, size, "unknown");
    }
}
