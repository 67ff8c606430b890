/* Forms of a unary operator for the correctly rounded sweeps (cr_sweep.h): its reference
   kernel with or without a ScaleBias, and each fast kernel this CPU runs. The expected
   bits come from the test's oracle on the input (or on x * scale + bias, computed here in
   binary32 as Identity's rule says, rounded once to a 16-bit type). */
#ifndef DMLP_TEST_CRMATH_CR_UNARY_FORMS_H
#define DMLP_TEST_CRMATH_CR_UNARY_FORMS_H

#include "crmath/cr_sweep.h"
#include "kernels/kernels.h"
#include "numeric/fp_convert.h"
#include "test_util.h"

typedef struct dmlp_cr_unary {
    dmlp__unary_kernel kernel[DMLP_CR_MAX_FORMS];
    dmlp__kernel_args args[DMLP_CR_MAX_FORMS];
} dmlp_cr_unary;

static dmlp_cr_unary dmlp_cr_unary_forms;

#define DMLP_CR_FORM(i)                                                                     \
    static void dmlp_cr_form##i(size_t n, const void *in, void *out, void *ctx)             \
    {                                                                                       \
        (void)ctx;                                                                          \
        dmlp_cr_unary_forms.kernel[i](n, in, out, &dmlp_cr_unary_forms.args[i]);            \
    }
DMLP_CR_FORM(0) DMLP_CR_FORM(1) DMLP_CR_FORM(2) DMLP_CR_FORM(3) DMLP_CR_FORM(4) DMLP_CR_FORM(5)
#undef DMLP_CR_FORM

/* Adds the reference (with args, named `name`) and, when fast, every fast kernel the CPU
   runs, to the sweep; returns 0 when the operator has no reference for the type. */
static int dmlp_cr_add_forms(dmlp_cr_sweep *s, DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                             const dmlp__kernel_args *args, const char *name, int fast)
{
    static const dmlp_cr_run runs[] = {dmlp_cr_form0, dmlp_cr_form1, dmlp_cr_form2,
                                       dmlp_cr_form3, dmlp_cr_form4, dmlp_cr_form5};
    dmlp__unary_kernel ref = dmlp__reference_kernel(op, type);
    if (!ref)
        return 0;
    size_t i = s->form_count;
    dmlp_cr_unary_forms.kernel[i] = ref;
    dmlp_cr_unary_forms.args[i] = *args;
    s->forms[i] = runs[i];
    s->form_names[i] = name;
    s->form_count++;
    if (!fast)
        return 1;
    dmlp__kernel_choice all[8];
    size_t count = dmlp__kernel_variants(op, type, all, 8);
    for (size_t k = 0; k < count && s->form_count < 6; k++) {
        if (all[k].isa == DMLP__ISA_SCALAR || all[k].isa > dmlp__isa_detect() ||
            all[k].fn == ref)
            continue;
        i = s->form_count;
        dmlp_cr_unary_forms.kernel[i] = all[k].fn;
        dmlp_cr_unary_forms.args[i] = *args;
        s->forms[i] = runs[i];
        s->form_names[i] = dmlp__isa_name(all[k].isa);
        s->form_count++;
    }
    return 1;
}

/* x * scale + bias as Identity computes it: binary32 multiply, then add, each rounded. */
static inline float dmlp_cr_scale_bias(float x, float scale, float bias)
{
    volatile float product = x * scale;
    return product + bias;
}

/* Sweeps `op` of `type` with `args` through the reference (named `name`) and every fast
   kernel the CPU runs against s->expect: binary32 every `stride`-th pattern (s->extra
   besides), the 16-bit types every pattern, every 7th under TEST_THIN. */
static inline void dmlp_cr_check_op(dmlp_cr_sweep *s, DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                             const dmlp__kernel_args *args, const char *name, uint64_t stride)
{
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        dmlp_cr_sweep_f32(s, stride);
    } else {
        dmlp_cr_sweep_all16(s);
        if (TEST_THIN) {
            s->stride = 7;
            s->count = 65536 / 7 + 1;
        }
    }
    CHECK(dmlp_cr_add_forms(s, op, type, args, name, 1), "%s has a reference kernel", s->name);
    if (s->form_count > 0)
        CHECK_EQ_U64(dmlp_cr_sweep_run(s), 0, "%s: every form correctly rounded", s->name);
}

#endif
