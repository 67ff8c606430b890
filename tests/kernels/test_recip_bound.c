/* Softsign's reciprocal form (kernels/vector_kernels.inc) must not be exact only for the
   reciprocal estimates of the CPU that ran test_softsign_exhaustive: rcpps and vrcp14ps
   are specified by an error bound, and CPUs of different makers return different bits.
   This replays the form in scalar arithmetic with estimates spread across each level's
   whole bound, the two ends included, and checks the reference's bits:
   - f16 and bf16: every finite nonzero input the form computes (|x| < 2^25), with the
     level's Newton steps for each (none at AVX-512, and for bf16 at AVX2);
   - f32: a sample of the 2^32 inputs with the f32 steps (the exhaustive test covers
     every input with the running CPU's estimates).
   The parameters are read from the kernel files, so changing a level's step count or
   bound is checked here. Runs on any x86-64 CPU: nothing here needs the level itself. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kernels/kernels.h"
#include "numeric/fp_convert.h"
#include "test_util.h"

extern const double dmlp__softsign_recip_bound__avx2, dmlp__softsign_recip_bound__avx512;
extern const int dmlp__softsign_recip_steps__avx2[3], dmlp__softsign_recip_steps__avx512[3];

#define SPREAD 16 /* estimates on each side of the exact reciprocal */

enum kind { F16, BF16, F32 };

static float to_f32(enum kind k, uint32_t bits)
{
    return k == F16 ? dmlp__f16_to_f32((uint16_t)bits)
           : k == BF16 ? dmlp__bf16_to_f32((uint16_t)bits)
                       : dmlp__f32_from_bits(bits);
}

static uint32_t from_f32(enum kind k, float f)
{
    return k == F16 ? dmlp__f32_to_f16(f) : k == BF16 ? dmlp__f32_to_bf16(f) : dmlp__f32_bits(f);
}

/* The kernel's arithmetic for one element with the estimate 1/t * (1 + d). */
static float recip_form(float x, double d, int steps)
{
    float t = 1.0f + fminf(fabsf(x), 0x1p25f);
    float r = (float)(1.0 / (double)t * (1.0 + d));
    for (int s = 0; s < steps; s++)
        r = fmaf(r, fmaf(-t, r, 1.0f), r);
    float q = x * r;
    return fmaf(-fmaf(q, t, -x), r, q);
}

/* Inputs first, first + stride, ... below 2^bits; the count of lanes that differ. */
static uint64_t check(const char *level, enum kind k, double bound, int steps, uint64_t stride)
{
    static const DML_TENSOR_DATA_TYPE types[] = {DML_TENSOR_DATA_TYPE_FLOAT16,
                                                 DMLP_TENSOR_DATA_TYPE_BFLOAT16,
                                                 DML_TENSOR_DATA_TYPE_FLOAT32};
    static const char *names[] = {"f16", "bf16", "f32"};
    size_t size = k == F32 ? 4 : 2;
    uint64_t patterns = (uint64_t)1 << (8 * size), bad = 0, checked = 0;
    dmlp__unary_kernel reference =
        dmlp__reference_kernel(DML_OPERATOR_ACTIVATION_SOFTSIGN, types[k]);
    dmlp__kernel_args args = {.mode = DML_IS_INFINITY_MODE_EITHER};
    for (uint64_t bits = 0; bits < patterns; bits += stride) {
        float x = to_f32(k, (uint32_t)bits);
        if (!isfinite(x) || x == 0.0f || fabsf(x) >= 0x1p25f)
            continue; /* lanes the kernels set from the bits, not from the quotient */
        unsigned char in[4], want[4];
        memcpy(in, &bits, size); /* little-endian: the low bytes */
        reference(1, in, want, &args);
        uint32_t w = 0;
        memcpy(&w, want, size);
        for (int j = -SPREAD; j <= SPREAD; j++) {
            uint32_t got = from_f32(k, recip_form(x, bound * j / SPREAD, steps));
            checked++;
            if (got != w && bad++ < 3)
                printf("  %s %s: x = %a (0x%llx), estimate 1/t * (1 %+g): 0x%x, want 0x%x\n",
                       level, names[k], (double)x, (unsigned long long)bits, bound * j / SPREAD,
                       got, w);
        }
    }
    CHECK(bad == 0, "%s %s: %llu of %llu lanes and estimates differ", level, names[k],
          (unsigned long long)bad, (unsigned long long)checked);
    printf("  %s %-4s bound %.3g, %d Newton step(s): %llu of %llu differ\n", level, names[k],
           bound, steps, (unsigned long long)bad, (unsigned long long)checked);
    return bad;
}

int main(void)
{
    const struct {
        const char *name;
        double bound;
        const int *steps;
    } levels[] = {
        {"avx2", dmlp__softsign_recip_bound__avx2, dmlp__softsign_recip_steps__avx2},
        {"avx512", dmlp__softsign_recip_bound__avx512, dmlp__softsign_recip_steps__avx512}};
    for (size_t l = 0; l < 2; l++) {
        check(levels[l].name, F16, levels[l].bound, levels[l].steps[1], 1);
        check(levels[l].name, BF16, levels[l].bound, levels[l].steps[2], 1);
        check(levels[l].name, F32, levels[l].bound, levels[l].steps[0], 4099);
    }
    return test_finish("test_recip_bound");
}
