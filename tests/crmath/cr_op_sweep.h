/* Sweeps of one correctly rounded operator's kernels (the reference and each fast kernel
   this CPU runs, through the kernel table) against the MPFR oracle, with the descriptor's
   FLOAT members; shared by test_cr_sigmoid.c and test_cr_tanh.c. Header-only: each test
   program includes it once. */
#ifndef DMLP_TEST_CRMATH_CR_OP_SWEEP_H
#define DMLP_TEST_CRMATH_CR_OP_SWEEP_H

#include <math.h>
#include <stdio.h>

#include "crmath/cr_sweep.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/fp_convert.h"
#include "test_util.h"

#define OP_FORMS 6

typedef struct op_sweep {
    const dmlp_oracle *oracle;
    DML_TENSOR_DATA_TYPE type;
    double params[4]; /* the oracle's: the FLOAT members as doubles */
    dmlp__kernel_args args;
    dmlp__unary_kernel kernels[OP_FORMS];
} op_sweep;

/* A 16-bit result that is a value v of the format, decided without MPFR: where the
   filter's y (within its bound, below 2^-48 relative, of the exact value) lies within
   2^-40 of v, the exact value lies within 2^-39.9 of v, far inside v's rounding interval
   (half an ulp is at least 2^-12 of v). MPFR's Ziv loop cannot settle these: a saturated
   result (sigmoid of 60000) is v in every bit it holds, and runs to 4096 bits. The other
   inputs go to MPFR. */
static int near_value16(const op_sweep *o, uint16_t x, uint32_t *out)
{
    int half = o->type == DML_TENSOR_DATA_TYPE_FLOAT16;
    double xd = half ? dmlp__f16_to_f32(x) : dmlp__bf16_to_f32(x);
    if (!o->oracle->filter || o->oracle->filter_ulps > 16 || isnan(xd))
        return 0;
    double y = o->oracle->filter(xd, o->params);
    if (!isfinite(y) || y == 0)
        return 0;
    uint16_t v = half ? dmlp__f32_to_f16((float)y) : dmlp__f32_to_bf16((float)y);
    double vd = half ? dmlp__f16_to_f32(v) : dmlp__bf16_to_f32(v);
    if (vd == 0 || !isfinite(vd) || fabs(y - vd) > ldexp(fabs(vd), -40))
        return 0;
    *out = v;
    return 1;
}

static uint32_t op_expect(uint32_t x, void *ctx)
{
    op_sweep *o = ctx;
    uint32_t v;
    switch (o->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        return dmlp_oracle_f32(o->oracle, x, o->params);
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        return near_value16(o, (uint16_t)x, &v) ? v : dmlp_oracle_f16(o->oracle, (uint16_t)x, o->params);
    default:
        return near_value16(o, (uint16_t)x, &v) ? v : dmlp_oracle_bf16(o->oracle, (uint16_t)x, o->params);
    }
}

#define OP_FORM(i)                                                                          \
    static void op_form##i(size_t n, const void *in, void *out, void *ctx)                  \
    {                                                                                       \
        op_sweep *o = ctx;                                                                  \
        o->kernels[i](n, in, out, &o->args);                                                \
    }
OP_FORM(0) OP_FORM(1) OP_FORM(2) OP_FORM(3) OP_FORM(4) OP_FORM(5)
static const dmlp_cr_run op_forms[OP_FORMS] = {op_form0, op_form1, op_form2,
                                               op_form3, op_form4, op_form5};

/* The operator's kernels of one type with members `floats` (count of them) against the
   oracle: every `step16`-th pattern of a 16-bit type, or binary32 with `stride`, plus the
   `extra` patterns. Returns the mismatches (counted as failed checks too). */
static uint64_t op_sweep_run(const char *name, DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                             const dmlp_oracle *oracle, const float *floats, int count,
                             uint64_t step16, uint64_t stride, const uint32_t *extra,
                             size_t extra_count)
{
    static op_sweep o;
    memset(&o, 0, sizeof o);
    o.oracle = oracle;
    o.type = type;
    for (int i = 0; i < count; i++) {
        o.args.param[i] = floats[i];
        o.params[i] = floats[i];
    }
    dmlp_cr_sweep s = {.name = name, .expect = op_expect, .ctx = &o};
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        dmlp_cr_sweep_f32(&s, stride);
    } else {
        dmlp_cr_sweep_all16(&s);
        s.stride = step16;
        s.count = (65535 / step16) + 1;
    }
    s.extra = extra;
    s.extra_count = extra_count;
    o.kernels[0] = dmlp__reference_kernel(op, type);
    CHECK(o.kernels[0] != NULL, "%s has a reference kernel", name);
    if (!o.kernels[0])
        return 1;
    s.forms[0] = op_forms[0];
    s.form_names[0] = "reference";
    s.form_count = 1;
    dmlp__kernel_choice all[8];
    size_t n = dmlp__kernel_variants(op, type, all, 8);
    for (size_t k = 0; k < n && s.form_count < OP_FORMS; k++) {
        if (all[k].isa == DMLP__ISA_SCALAR || all[k].isa > dmlp__isa_detect() ||
            all[k].fn == o.kernels[0])
            continue;
        o.kernels[s.form_count] = all[k].fn;
        s.forms[s.form_count] = op_forms[s.form_count];
        s.form_names[s.form_count] = dmlp__isa_name(all[k].isa);
        s.form_count++;
    }
    uint64_t bad = dmlp_cr_sweep_run(&s);
    CHECK_EQ_U64(bad, 0, "%s: every form correctly rounded", name);
    return bad;
}

/* One element through the reference kernel of the operator, with members `floats`. */
static uint64_t op_one(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, const float *floats,
                       int count, uint64_t x)
{
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    for (int i = 0; i < count; i++)
        args.param[i] = floats[i];
    dmlp__unary_kernel k = dmlp__reference_kernel(op, type);
    uint64_t y = 0;
    if (k)
        k(1, &x, &y, &args); /* little-endian: the low bytes hold the element */
    return y;
}

#endif
