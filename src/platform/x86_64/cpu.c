/* x86-64: CPUID and XCR0 for the kernel levels, `pause` for spin-waits, `sfence` after
   non-temporal stores. */
#include <cpuid.h>
#include <immintrin.h>
#include <stdio.h>
#include <string.h>

#include "platform/cpu.h"

/* XCR0 via xgetbv, only once CPUID said OSXSAVE; inline so no -mxsave is needed. */
static uint64_t read_xcr0(void)
{
    uint32_t eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((uint64_t)edx << 32) | eax;
}

uint32_t dmlp__cpu_features(void)
{
    unsigned eax, ebx, ecx, edx;
    uint32_t features = DMLP__CPU_X86_SSE2; /* part of x86-64 itself */
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx))
        return features;
    int osxsave = (ecx >> 27) & 1, avx = (ecx >> 28) & 1;
    int fma = (ecx >> 12) & 1, f16c = (ecx >> 29) & 1;
    if (!osxsave || !avx)
        return features;
    uint64_t xcr0 = read_xcr0();
    if ((xcr0 & 0x6) != 0x6) /* XMM and YMM state */
        return features;
    if (__get_cpuid_max(0, 0) < 7)
        return features;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    int avx2 = (ebx >> 5) & 1;
    if (!(avx2 && fma && f16c))
        return features;
    features |= DMLP__CPU_X86_AVX2;
    int avx512 = ((ebx >> 16) & 1) /* F */ && ((ebx >> 17) & 1) /* DQ */ &&
                 ((ebx >> 30) & 1) /* BW */ && ((ebx >> 31) & 1) /* VL */;
    if (avx512 && (xcr0 & 0xe6) == 0xe6) { /* plus opmask, ZMM_Hi256, Hi16_ZMM state */
        features |= DMLP__CPU_X86_AVX512;
        if ((ecx >> 1) & 1) /* AVX512_VBMI */
            features |= DMLP__CPU_X86_AVX512_VBMI;
        if (((ecx >> 12) & 1) && ((ecx >> 14) & 1)) /* AVX512_BITALG, AVX512_VPOPCNTDQ */
            features |= DMLP__CPU_X86_AVX512_POPCOUNT;
        unsigned max_sub = eax;
        if (max_sub >= 1) {
            __cpuid_count(7, 1, eax, ebx, ecx, edx);
            if ((eax >> 5) & 1) /* AVX512_BF16 */
                features |= DMLP__CPU_X86_AVX512_BF16;
        }
    }
    return features;
}

void dmlp__cpu_relax(void)
{
    _mm_pause();
}

void dmlp__stream_fence(void)
{
    _mm_sfence();
}

void dmlp__cpu_model(char *buf, size_t size)
{
    if (!size)
        return;
    snprintf(buf, size, "unknown");
    unsigned regs[12];
    if ((unsigned)__get_cpuid_max(0x80000000u, 0) < 0x80000004u)
        return;
    for (unsigned leaf = 0; leaf < 3; leaf++)
        __get_cpuid(0x80000002u + leaf, &regs[4 * leaf], &regs[4 * leaf + 1],
                    &regs[4 * leaf + 2], &regs[4 * leaf + 3]);
    char brand[49], clean[49];
    memcpy(brand, regs, 48);
    brand[48] = '\0';
    size_t n = 0;
    for (const char *b = brand; *b; b++) /* the brand is padded with runs of spaces */
        if (*b != ' ' || (n && clean[n - 1] != ' '))
            clean[n++] = *b;
    while (n && clean[n - 1] == ' ')
        n--;
    clean[n] = '\0';
    unsigned eax, ebx, ecx, edx, family = 0, model = 0;
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx)) {
        family = ((eax >> 8) & 15) + (((eax >> 8) & 15) == 15 ? (eax >> 20) & 255 : 0);
        model = ((eax >> 4) & 15) | (((eax >> 16) & 15) << 4);
    }
    snprintf(buf, size, "%s (family %u model %u)", clean, family, model);
}
