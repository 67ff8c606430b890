/* Which instruction sets this CPU and OS support, capped by DMLP_ISA, computed once.
   The fast kernels of a level need all of its features (kernels.h): AVX2 means AVX2,
   FMA and F16C with the OS saving YMM state; AVX512 means F, BW, VL and DQ with the OS
   saving opmask and ZMM state. */
#include <ctype.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "kernels/kernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>

/* XCR0 via xgetbv, only once CPUID said OSXSAVE; inline so no -mxsave is needed. */
static uint64_t read_xcr0(void)
{
    uint32_t eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((uint64_t)edx << 32) | eax;
}

static dmlp__isa cpu_isa(void)
{
    unsigned eax, ebx, ecx, edx;
    dmlp__isa isa = DMLP__ISA_SSE2; /* part of x86-64 itself */
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx))
        return isa;
    int osxsave = (ecx >> 27) & 1, avx = (ecx >> 28) & 1;
    int fma = (ecx >> 12) & 1, f16c = (ecx >> 29) & 1;
    if (!osxsave || !avx)
        return isa;
    uint64_t xcr0 = read_xcr0();
    if ((xcr0 & 0x6) != 0x6) /* XMM and YMM state */
        return isa;
    if (__get_cpuid_max(0, 0) < 7)
        return isa;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    int avx2 = (ebx >> 5) & 1;
    if (!(avx2 && fma && f16c))
        return isa;
    isa = DMLP__ISA_AVX2;
    int avx512 = ((ebx >> 16) & 1) /* F */ && ((ebx >> 17) & 1) /* DQ */ &&
                 ((ebx >> 30) & 1) /* BW */ && ((ebx >> 31) & 1) /* VL */;
    if (avx512 && (xcr0 & 0xe6) == 0xe6) /* plus opmask, ZMM_Hi256, Hi16_ZMM state */
        isa = DMLP__ISA_AVX512;
    return isa;
}
#else
static dmlp__isa cpu_isa(void)
{
    return DMLP__ISA_SCALAR;
}
#endif

static const char *const isa_names[DMLP__ISA_COUNT] = {"scalar", "sse2", "avx2", "avx512"};

const char *dmlp__isa_name(dmlp__isa isa)
{
    if ((unsigned)isa < DMLP__ISA_COUNT)
        return isa_names[isa];
    return "unknown";
}

/* DMLP_ISA, matched without regard to case; DMLP__ISA_COUNT when unset or unknown. */
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
            return (dmlp__isa)isa;
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
        dmlp__isa cpu = cpu_isa(), cap = env_cap();
        isa = (int)(cap < cpu ? cap : cpu);
        atomic_store_explicit(&detected, isa, memory_order_relaxed);
    }
    return (dmlp__isa)isa;
}
