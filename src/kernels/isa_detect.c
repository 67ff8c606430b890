/* Which kernel level this CPU and OS support (the processor family's table maps the
   platform's feature bits, src/platform/cpu.h, to a level), capped by DMLP_ISA, computed
   once. */
#include <ctype.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "kernels/arch_kernels.h"
#include "kernels/kernels.h"
#include "platform/cpu.h"

static const char *const isa_names[DMLP__ISA_COUNT] = {"scalar", "sse2", "avx2", "avx512",
                                                       "neon"};

const char *dmlp__isa_name(dmlp__isa isa)
{
    if ((unsigned)isa < DMLP__ISA_COUNT)
        return isa_names[isa];
    return "unknown";
}

/* A level this build has kernels for: scalar, or the level of an entry of the table. */
static int level_built(dmlp__isa isa)
{
    if (isa == DMLP__ISA_SCALAR)
        return 1;
    for (size_t i = 0; i < dmlp__arch_kernel_count; i++)
        if (dmlp__arch_kernels[i].choice.isa == isa)
            return 1;
    return 0;
}

/* DMLP_ISA, matched without regard to case; DMLP__ISA_COUNT when unset, unknown, or a
   level of another processor family. */
static dmlp__isa env_cap(void)
{
    const char *value = getenv("DMLP_ISA");
    if (!value)
        return DMLP__ISA_COUNT;
    for (int isa = 0; isa < DMLP__ISA_COUNT; isa++) {
        const char *a = value, *b = isa_names[isa];
        while (*a && *b && tolower((unsigned char)*a) == *b)
            a++, b++;
        if (!*a && !*b)
            return level_built((dmlp__isa)isa) ? (dmlp__isa)isa : DMLP__ISA_COUNT;
    }
    return DMLP__ISA_COUNT;
}

/* -1 until computed. Racing first calls compute the same value, so a relaxed store
   is enough and no lock is needed. */
static atomic_int detected = -1;

dmlp__isa dmlp__isa_detect(void)
{
    int isa = atomic_load_explicit(&detected, memory_order_relaxed);
    if (isa < 0) {
        dmlp__isa cpu = dmlp__arch_isa(), cap = env_cap();
        isa = (int)(cap < cpu ? cap : cpu);
        atomic_store_explicit(&detected, isa, memory_order_relaxed);
    }
    return (dmlp__isa)isa;
}

/* The CPU's feature bits, read once (as `detected`: racing first calls store the same). */
static atomic_llong features = -1;

static int has_feature(uint32_t bit)
{
    long long f = atomic_load_explicit(&features, memory_order_relaxed);
    if (f < 0) {
        f = dmlp__cpu_features();
        atomic_store_explicit(&features, f, memory_order_relaxed);
    }
    return (f & bit) != 0;
}

int dmlp__isa_bf16_round(void)
{
    return has_feature(DMLP__CPU_X86_AVX512_BF16);
}

int dmlp__isa_lane_popcount(void)
{
    return has_feature(DMLP__CPU_X86_AVX512_POPCOUNT);
}

int dmlp__isa_byte_permute(void)
{
    return has_feature(DMLP__CPU_X86_AVX512_VBMI);
}
