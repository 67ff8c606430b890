/* A sweep of a two-input operator's pairs (cr_sweep.h) through its reference kernel and
   every fast kernel this CPU runs: the
   sweep's 32-bit pattern names a pair, which a form turns into the kernel's two inputs
   and the expected result. A pattern is
   - a pair of 16-bit inputs, x in its low and y in its high half (every f16 or bf16 pair
     with stride 1, the full targets);
   - for binary32, the i-th pair of the test's random generator, or the i-th of a list.
   Used by test_cr_pow.c (POW) and test_cr_atrig.c (ATAN_YX). */
#ifndef DMLP_TEST_CRMATH_CR_PAIR_SWEEP_H
#define DMLP_TEST_CRMATH_CR_PAIR_SWEEP_H

#include <string.h>

#include "crmath/cr_sweep.h"
#include "kernels/kernels.h"
#include "test_util.h"

typedef struct dmlp_cr_pairs {
    DML_TENSOR_DATA_TYPE type; /* FLOAT32, FLOAT16 or BFLOAT16 */
    /* binary32: pattern i is random(seed, i) when set, else list[i] */
    void (*random)(uint64_t seed, uint32_t i, uint32_t *x, uint32_t *y);
    uint64_t seed;
    uint32_t (*list)[2];
    /* the expected bits of op(x, y) */
    uint32_t (*expect)(const struct dmlp_cr_pairs *c, uint32_t x, uint32_t y);
    void *ctx;
    dmlp__binary_kernel kernel[DMLP_CR_MAX_FORMS]; /* the forms': reference first */
} dmlp_cr_pairs;

static void dmlp_cr_pair_at(const dmlp_cr_pairs *c, uint32_t pattern, uint32_t *x, uint32_t *y)
{
    if (c->type != DML_TENSOR_DATA_TYPE_FLOAT32) {
        *x = pattern & 0xffffu;
        *y = pattern >> 16;
    } else if (c->random) {
        c->random(c->seed, pattern, x, y);
    } else {
        *x = c->list[pattern][0];
        *y = c->list[pattern][1];
    }
}

static uint32_t dmlp_cr_pair_expect(uint32_t pattern, void *p)
{
    const dmlp_cr_pairs *c = p;
    uint32_t x, y;
    dmlp_cr_pair_at(c, pattern, &x, &y);
    return c->expect(c, x, y);
}

/* Each pattern's pair through form k's kernel; results written as 32-bit patterns. */
static void dmlp_cr_pair_run(size_t n, const void *in, void *out, void *p, int k)
{
    const dmlp_cr_pairs *c = p;
    uint32_t pattern[4096], a[4096], b[4096], r[4096];
    uint16_t a16[4096] = {0}, b16[4096] = {0}, r16[4096];
    dmlp__kernel_args args = {0};
    memcpy(pattern, in, n * 4);
    for (size_t i = 0; i < n; i++) {
        dmlp_cr_pair_at(c, pattern[i], &a[i], &b[i]);
        a16[i] = (uint16_t)a[i];
        b16[i] = (uint16_t)b[i];
    }
    if (c->type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        c->kernel[k](n, a, b, r, 0, &args);
    } else {
        c->kernel[k](n, a16, b16, r16, 0, &args);
        for (size_t i = 0; i < n; i++)
            r[i] = r16[i];
    }
    memcpy(out, r, n * 4);
}

#define DMLP_CR_PAIR_FORM(i)                                                                \
    static void dmlp_cr_pair_form##i(size_t n, const void *in, void *out, void *p)          \
    {                                                                                       \
        dmlp_cr_pair_run(n, in, out, p, i);                                                 \
    }
DMLP_CR_PAIR_FORM(0) DMLP_CR_PAIR_FORM(1) DMLP_CR_PAIR_FORM(2) DMLP_CR_PAIR_FORM(3)
DMLP_CR_PAIR_FORM(4) DMLP_CR_PAIR_FORM(5)
#undef DMLP_CR_PAIR_FORM

/* `count` patterns from a start (0 with stride 1) `stride` apart through op's reference
   and each fast kernel the CPU runs. */
static void dmlp_cr_pair_sweep(const char *name, DML_OPERATOR_TYPE op, dmlp_cr_pairs *c,
                               uint64_t count, uint64_t stride)
{
    static const dmlp_cr_run runs[] = {dmlp_cr_pair_form0, dmlp_cr_pair_form1,
                                       dmlp_cr_pair_form2, dmlp_cr_pair_form3,
                                       dmlp_cr_pair_form4, dmlp_cr_pair_form5};
    dmlp__binary_kernel ref = dmlp__binary_reference_kernel(op, c->type);
    CHECK(ref != NULL, "%s has a reference kernel", name);
    if (!ref)
        return;
    dmlp_cr_sweep s = {.name = name, .size = 4, .count = count, .stride = stride,
                       .first = stride > 1 ? 0x9e3779b9u % stride : 0,
                       .expect = dmlp_cr_pair_expect, .ctx = c};
    c->kernel[0] = ref;
    s.forms[0] = runs[0];
    s.form_names[0] = "reference";
    s.form_count = 1;
    dmlp__binary_kernel_choice all[8];
    size_t variants = dmlp__binary_kernel_variants(op, c->type, all, 8);
    for (size_t k = 0; k < variants && s.form_count < 6; k++) {
        if (all[k].isa == DMLP__ISA_SCALAR || all[k].isa > dmlp__isa_detect() || all[k].fn == ref)
            continue;
        c->kernel[s.form_count] = all[k].fn;
        s.forms[s.form_count] = runs[s.form_count];
        s.form_names[s.form_count] = dmlp__isa_name(all[k].isa);
        s.form_count++;
    }
    CHECK_EQ_U64(dmlp_cr_sweep_run(&s), 0, "%s: correctly rounded", name);
}

/* How many patterns of all 2^32 a stride takes from its start. */
static uint64_t dmlp_cr_pair_count(uint64_t stride)
{
    return ((((uint64_t)1 << 32) - 1 - (stride > 1 ? 0x9e3779b9u % stride : 0)) / stride) + 1;
}

#endif
