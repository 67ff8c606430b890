/* Sweeps of one correctly rounded operator's kernels (the reference and each fast kernel
   this CPU runs, through the kernel table) against the MPFR oracle, with the descriptor's
   FLOAT members; shared by the tests of parameterised operators (test_cr_sigmoid.c,
   test_cr_elu.c, test_cr_softplus.c). Header-only: each test program includes it once. */
#ifndef DMLP_TEST_CRMATH_CR_OP_SWEEP_H
#define DMLP_TEST_CRMATH_CR_OP_SWEEP_H

#include <math.h>
#include <stdio.h>

#include "crmath/cr_sweep.h"
#include "crmath/cr_unary_forms.h"
#include "crmath/oracle.h"
#include "kernels/kernels.h"
#include "numeric/fp_convert.h"
#include "test_util.h"

typedef struct op_sweep {
    const dmlp_oracle *oracle;
    DML_TENSOR_DATA_TYPE type;
    double params[4]; /* the oracle's: the FLOAT members as doubles */
    dmlp__kernel_args args;
} op_sweep;

static uint32_t op_expect(uint32_t x, void *ctx)
{
    op_sweep *o = ctx;
    switch (o->type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        return dmlp_oracle_f32(o->oracle, x, o->params);
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        return dmlp_oracle_f16(o->oracle, (uint16_t)x, o->params);
    default:
        return dmlp_oracle_bf16(o->oracle, (uint16_t)x, o->params);
    }
}

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
    CHECK(dmlp_cr_add_forms(&s, op, type, &o.args, "reference", 1), "%s has a reference kernel",
          name);
    if (s.form_count == 0)
        return 1;
    uint64_t bad = dmlp_cr_sweep_run(&s);
    CHECK_EQ_U64(bad, 0, "%s: every form correctly rounded", name);
    return bad;
}

/* One element through the reference kernel of the operator, with members `floats`. */
static inline uint64_t op_one(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type, const float *floats,
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
